"""Paohuzi's 名堂 (scoring patterns, OPT-PH-3) and xing (醒, OPT-PH-5), and what a win pays
under the match's options: the options file's *t* × *F* × *D*, capped.

Everything here reads the *winner's cards* (options.md's definitions: every card of the winning
hand, the four of a ti or pao included, or all the cards a Heavenly winner holds) as faces, and
the facts of the win the cards cannot tell: the last stock card (海胡), the Heavenly winner's
seat (天胡, 地胡), and the xing face. The game settles with ``settle``; the calculator calls
the same function with the facts its spec gives, so a settlement and the calculator agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.items import Item, item
from ..core.options import Options
from .cards import FACE_NAMES, value_of
from .options import DEFAULTS, payment, payment_terms
from .scoring import Evaluation, Exposed, winner_faces

RED_VALUES = frozenset({2, 7, 10})
"""Red cards: 二 七 十 贰 柒 拾 (options.md's definitions)."""

MINGTANG: dict[str, tuple[str, str]] = {
    "hong_hu": ("Red win", "红胡"), "hong_wu": ("Red-black win", "红乌"),
    "wu_hu": ("Black win", "乌胡"), "dian_hu": ("One red", "点胡"),
    "duizi_hu": ("All identical groups", "对子胡"), "da_hu": ("Big win", "大胡"),
    "xiao_hu": ("Small win", "小胡"), "hai_hu": ("Last card", "海胡"),
    "tian_hu": ("Heavenly win", "天胡"), "di_hu": ("Earthly win", "地胡"),
}
"""Each 名堂's English and Chinese names (the web translates the codes)."""

PAYMENT_ROWS: dict[str, tuple[str, str]] = {
    "pay_tun": ("Tun from the huxi", ""),
    "pay_xing_follow": ("Xing: the winning card's face", "醒"),
    "pay_xing_turn": ("Xing: the face after the turned card", "醒"),
    "pay_self_draw_tun": ("Self-draw: one more tun", ""),
    "pay_mingtang": ("Patterns' multiplier", ""), "pay_self_draw_double": ("Self-draw doubled", ""),
    "pay_cap": ("Payment cap", ""),
}
"""The rows of a payment's arithmetic (``Settlement.payment_items``), names as above."""


def is_red(face: int) -> bool:
    return value_of(face) in RED_VALUES


def is_duizi(ev: Evaluation) -> bool:
    """对子胡: seven identical-card groups (peng, wei, kan, pao, ti), with the pair a ti or pao
    calls for, no chi; never a Heavenly win by three ti or five kan, which has no groups in hand
    (OPT-PH-3.1, OPT-PH-3.3)."""
    return ev.heavenly not in ("three_ti", "five_kan") and not any(
        g.kind == "chi" for g in ev.groups)


def _pattern(code: str, value: int, faces: Sequence[int] = ()) -> Item:
    """A 名堂 as a score item; ``faces``: the cards it counts (the reds of 红胡...), so that a
    player can count them."""
    name, chinese = MINGTANG[code]
    return item(code, name, value, chinese=chinese, cards=[FACE_NAMES[f] for f in faces])


def mingtang(mode: str, ev: Evaluation, faces: Sequence[int], last_card: bool,
             dealer: bool) -> tuple[Item, ...]:
    """Every 名堂 that applies under ``mode`` (OPT-PH-3.1 ``"red_black"``, OPT-PH-3.2
    ``"full"``; none under ``"none"``) to a win read as ``ev`` on the winner's cards ``faces``;
    ``last_card``: won on the stock's last card (海胡); ``dealer``: the Heavenly winner is the
    dealer (天胡) or not (地胡)."""
    if mode == "none":
        return ()
    reds = sorted(f for f in faces if is_red(f))
    r = len(reds)
    duizi = is_duizi(ev)
    out: list[Item] = []
    if mode == "red_black":  # OPT-PH-3.1
        if r == 0:
            out.append(_pattern("wu_hu", 5))
        elif r == 1:
            out.append(_pattern("dian_hu", 3, reds))
        elif 10 <= r <= 12:
            out.append(_pattern("hong_hu", 2, reds))
        elif r >= 13:
            out.append(_pattern("hong_wu", 4, reds))
        if duizi:
            out.append(_pattern("duizi_hu", 4))
        return tuple(out)
    big = sorted(f for f in faces if f >= 10)  # OPT-PH-3.2
    small = sorted(f for f in faces if f < 10)
    if r >= 10:
        out.append(_pattern("hong_hu", 3 + r - 10, reds))
    elif r == 0:
        out.append(_pattern("wu_hu", 8))
    elif r == 1:
        out.append(_pattern("dian_hu", 6, reds))
    if duizi:
        out.append(_pattern("duizi_hu", 8))
    if len(big) >= 18:
        out.append(_pattern("da_hu", 8 + len(big) - 18, big))
    if len(small) >= 16:
        out.append(_pattern("xiao_hu", 10 + len(small) - 16, small))
    if last_card:
        out.append(_pattern("hai_hu", 6))
    if ev.heavenly is not None:
        out.append(_pattern("tian_hu" if dealer else "di_hu", 6))
    return tuple(out)


def multiplier(items: Sequence[Item]) -> int:
    """*F*: the sum of the 名堂, or 1 when none applies (OPT-PH-3.3)."""
    return sum(i["total"] for i in items) or 1


def next_face(face: int) -> int:
    """The next value of the same size: 十 → 一, 拾 → 壹 (OPT-PH-5.1 ``"turn"``)."""
    return face // 10 * 10 + (face % 10 + 1) % 10


def xing_face(mode: str, winning: int | None, turned: int | None) -> int | None:
    """The xing face (OPT-PH-5.1): the winning card's under ``"follow"`` (None for a Heavenly
    win: no winning card, OPT-PH-5.2), the one after the turned card's under ``"turn"``; None
    when xing is off. Faces in and out."""
    if mode == "follow":
        return winning
    if mode == "turn" and turned is not None:
        return next_face(turned)
    return None


@dataclass(frozen=True, slots=True)
class Settlement:
    """What a win pays and why: its reading (OPT-PH-3.4's choice), the 名堂 and *F*, the xing
    and *t*, and each opponent's payment."""

    evaluation: Evaluation
    mingtang: tuple[Item, ...]
    multiplier: int
    """*F* (OPT-PH-3.3)."""
    xing_mode: str
    turned: int | None
    """The face turned from the stock (``"turn"``), else None."""
    xing_face: int | None
    xing_count: int
    """The winner's cards of the xing face, a tun each (OPT-PH-5.2)."""
    self_draw: bool
    payment: int

    def payment_json(self, options: Options) -> dict[str, Any]:
        """The payment's arithmetic (options.md's formula) for a client to show: ``tun_paid``
        *t*, ``multiplier`` *F*, ``doubled`` (*D* = 2), ``capped`` (the cap took off the rest),
        ``payment``, and ``payment_items``, the same as score items read top to bottom
        (engine/core/items.py: their running total is the payment)."""
        t, d = payment_terms(options, self.evaluation.tun, self.self_draw, self.xing_count)
        return {"tun_paid": t, "multiplier": self.multiplier, "doubled": d == 2,
                "capped": self.payment < t * self.multiplier * d, "payment": self.payment,
                "payment_items": self.payment_items(t, d)}

    def payment_items(self, t: int, d: int) -> list[Item]:
        """*t* (the tun, the xing with the turned card and its face, a self-draw's tun) × *F*
        × *D*, capped, one row each."""
        def row(code: str, value: int, op: str = "+", cards: Sequence[str] = ()) -> Item:
            name, chinese = PAYMENT_ROWS[code]
            return item(code, name, value, chinese=chinese, op=op, cards=cards)
        tun = self.evaluation.tun
        out = [row("pay_tun", tun)]
        if self.xing_mode != "off":
            cards = [FACE_NAMES[f] for f in (self.turned, self.xing_face) if f is not None]
            out.append(row(f"pay_xing_{self.xing_mode}", self.xing_count, cards=cards))
        if t > tun + self.xing_count:
            out.append(row("pay_self_draw_tun", t - tun - self.xing_count))
        if self.multiplier != 1:
            out.append(row("pay_mingtang", self.multiplier, "×"))
        if d != 1:
            out.append(row("pay_self_draw_double", d, "×"))
        if self.payment < t * self.multiplier * d:
            out.append(row("pay_cap", self.payment, "="))
        return out

    def to_json(self, options: Options, card: Any = None) -> dict[str, Any]:
        """The reading and what each opponent pays and why (the self-draw, OPT-PH-2; the 名堂,
        OPT-PH-3; the xing, OPT-PH-5; the formula's terms and the cap, OPT-PH-6), as the result
        and the calculator show it; ``card``: the turned card (``xing_json``)."""
        return {**self.evaluation.to_json(), "self_draw": self.self_draw,
                "mingtang": list(self.mingtang), "xing": self.xing_json(card),
                **self.payment_json(options)}

    def xing_json(self, card: Any = None) -> dict[str, Any] | None:
        """The xing as a result shows it; ``card``: the turned card as the caller names it (the
        game: id and face; the calculator: the face)."""
        if self.xing_mode == "off":
            return None
        return {"mode": self.xing_mode, "card": card,
                "face": None if self.xing_face is None else FACE_NAMES[self.xing_face],
                "count": self.xing_count}


def settle(options: Options, found: Sequence[Evaluation], faces: Sequence[int],
           winning: int | None, self_draw: bool, last_card: bool, dealer: bool,
           turned: int | None) -> Settlement:
    """The settlement of a win whose winning readings are ``found`` (``scoring.readings``):
    the one that pays most (OPT-PH-3.4; the most huxi among equals, PH-5.3), with its 名堂,
    the xing and the payment (options.md's formula). ``faces``: the winner's cards;
    ``winning``: the winning card's face (None: Heavenly); ``turned``: the face turned from the
    stock under ``"turn"``."""
    turned = turned if options.xing == "turn" else None  # only "turn" turns a card
    face = xing_face(options.xing, winning, turned)
    count = 0 if face is None else sum(1 for f in faces if f == face)
    best: Settlement | None = None
    for ev in found:
        items = mingtang(options.mingtang, ev, faces, last_card, dealer)
        f = multiplier(items)
        pay = payment(options, ev.tun, self_draw, f, count)
        s = Settlement(ev, items, f, options.xing, turned, face, count, self_draw, pay)
        if best is None or (pay, ev.huxi) > (best.payment, best.evaluation.huxi):
            best = s
    assert best is not None, "settle needs a winning reading"
    return best


def foreseen_payment(options: Options, ev: Evaluation, exposed: Exposed,
                     counts: tuple[int, ...], card: int, own: bool) -> int:
    """What each opponent would pay for a win read as ``ev`` on ``card`` (a face) with the
    hand ``exposed`` + ``counts``, as far as it can be told before the card comes (hints and
    the AI, OPT-0.4): 海胡 and xing ``"turn"``'s card are unknown and left out; ``own``: the
    seat's own reveal, a self-draw. The tun under the defaults (returned without the
    settlement's work: the AI asks on every wait); 0 for no win."""
    if options == DEFAULTS:
        return ev.tun  # 0 for no win too: the tun count from the minimum
    if not ev.winning:
        return 0
    faces = winner_faces(exposed, counts, card)
    return settle(options, (ev,), faces, card, own, False, False, None).payment


__all__ = ["MINGTANG", "PAYMENT_ROWS", "RED_VALUES", "Settlement", "foreseen_payment",
           "is_duizi", "is_red", "mingtang", "multiplier", "next_face", "settle", "xing_face"]

"""Paohuzi huxi and tun (PH-5, PH-6): the grouping search behind every win check, and the JSON
calculator (``game.score``).

A hand is read as *exposed groups* (ti, pao, wei, peng, chi on the table), *kans* (three identical
cards in hand: locked, PH-2.3) and *loose* cards (the rest of the hand, never three alike, since
cards enter a hand only by the deal). A winning hand is seven groups — exactly one of them a pair
when a ti or pao is among them — worth at least 15 huxi (PH-5.1, or the match's ``min_huxi``,
OPT-PH-1); when the cards can be grouped
several ways the grouping with the most huxi counts (PH-5.3).

``evaluate`` works on faces and counts and is what the game calls on every possible win; it and
the loose-card search are cached on count tuples. ``score_spec`` reads the calculator's JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NamedTuple

from ..core.errors import InvalidSpec
from ..core.items import Item, item
from ..mahjong.spec import read_flags, read_object
from .cards import (
    FACE_NAMES,
    NUM_FACES,
    SEQUENCE,
    TWO_SEVEN_TEN,
    chi_shape,
    counts_of,
    parse_face,
    value_of,
)

MINIMUM_HUXI = 15  # PH-5.1; a match may lower it (OPT-PH-1)
UNIT = "huxi"
"""What a score counts in: its items' values and totals (engine/core/items.py)."""
IDENTICAL_HUXI = {"ti": (9, 12), "pao": (6, 9), "wei": (3, 6), "kan": (3, 6), "peng": (1, 3)}
"""PH-6.1: huxi of a group of identical cards, (small, big)."""
FOUR_KINDS = frozenset({"ti", "pao"})
EXPOSED_KINDS = ("ti", "pao", "wei", "peng", "chi")
GROUP_SIZE = {"ti": 4, "pao": 4, "wei": 3, "kan": 3, "peng": 3, "chi": 3, "pair": 2}

Exposed = tuple[tuple[str, tuple[int, ...]], ...]
"""Exposed groups as (kind, sorted faces): the hashable form ``evaluate`` is cached on."""


GROUP_NAMES: dict[str, tuple[str, str]] = {
    "ti": ("Ti", "提"), "pao": ("Pao", "跑"), "wei": ("Wei", "偎"), "kan": ("Kan", "坎"),
    "peng": ("Peng", "碰"), "chi": ("Chi", "吃"), "pair": ("Pair", ""),
}
"""Each group kind's English and Chinese names."""


def group_huxi(kind: str, faces: tuple[int, ...]) -> int:
    """PH-6.1 identical groups; PH-6.2 chi: 1–2–3 and 2–7–10 give 3 small / 6 big, the rest 0."""
    if kind in IDENTICAL_HUXI:
        return IDENTICAL_HUXI[kind][faces[0] >= 10]
    if kind == "chi":
        shape = chi_shape(faces)
        if shape == TWO_SEVEN_TEN or (shape == SEQUENCE and value_of(min(faces)) == 1):
            return 6 if faces[0] >= 10 else 3
    return 0


def tun_of(huxi: int, minimum: int = MINIMUM_HUXI) -> int:
    """PH-6.3: 15–17 huxi one tun, 18–20 two, one more per three more huxi (0 below 15); the
    tun count from the match's minimum (OPT-PH-1.1: with 10, 10–12 one tun, 13–15 two)."""
    return 1 + (huxi - minimum) // 3 if huxi >= minimum else 0


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a reading, with its huxi."""

    kind: str
    """ti, pao, wei, kan, peng, chi or pair."""
    faces: tuple[int, ...]
    huxi: int
    concealed: bool = False
    """In the hand (kans and the groups the loose cards make), not on the table."""
    winning: bool = False
    """Holds the winning card."""

    def item(self) -> Item:
        """The group as a score item (``engine/core/items.py``): its huxi, its cards, and as
        notes a chi's shape, ``concealed`` (in the hand) and ``winning`` (holds the winning
        card)."""
        notes = [chi_shape(self.faces) or ""] if self.kind == "chi" else []
        notes += [n for n, on in (("concealed", self.concealed), ("winning", self.winning)) if on]
        name, chinese = GROUP_NAMES[self.kind]
        return item(self.kind, name, self.huxi, chinese=chinese,
                    cards=[FACE_NAMES[f] for f in self.faces], notes=notes)


def make_group(kind: str, faces: tuple[int, ...], concealed: bool = False,
               winning: bool = False) -> Group:
    return Group(kind, faces, group_huxi(kind, faces), concealed, winning)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The best grouping of a hand: seven groups (or a Heavenly reading, PH-2.4)."""

    huxi: int
    groups: tuple[Group, ...]
    heavenly: str | None = None
    """``three_ti``, ``five_kan`` or ``complete`` (the dealer's 21 dealt cards); None otherwise."""
    minimum: int = MINIMUM_HUXI
    """The huxi a win needs and the tun count from (PH-5.1, PH-6.3, OPT-PH-1)."""

    @property
    def winning(self) -> bool:
        """At least the minimum; three ti or five kan need none (OPT-PH-1.2)."""
        return self.heavenly in ("three_ti", "five_kan") or self.huxi >= self.minimum

    @property
    def tun(self) -> int:
        return tun_of(self.huxi, self.minimum)

    def marked(self, face: int) -> Evaluation:
        """This reading with the winning card shown in the wei or ti it already joined."""
        i = next((i for i, g in enumerate(self.groups) if g.kind in ("wei", "ti")
                  and not g.concealed and g.faces[0] == face), None)
        if i is None:
            return self
        groups = list(self.groups)
        groups[i] = replace(groups[i], winning=True)
        return replace(self, groups=tuple(groups))

    def to_json(self) -> dict[str, Any]:
        return {"winning": self.winning, "huxi": self.huxi, "minimum": self.minimum,
                "tun": self.tun, "heavenly": self.heavenly, "unit": UNIT,
                "items": [g.item() for g in self.groups]}


# ---------------------------------------------------------------- the loose-card search

Reading = tuple[int, tuple[tuple[str, tuple[int, ...]], ...]]


def _chis_from(counts: tuple[int, ...], i: int) -> list[tuple[int, ...]]:
    """The chis (PH-4.5) the loose ``counts`` can make with their lowest face ``i``."""
    out: list[tuple[int, ...]] = []
    v = i % 10
    if v <= 7 and counts[i + 1] and counts[i + 2]:
        out.append((i, i + 1, i + 2))
    if v == 1 and counts[i + 5] and counts[i + 8]:
        out.append((i, i + 5, i + 8))
    if i < 10:  # 绞: the lowest face is small, so the big one of its value may join
        j = i + 10
        if counts[i] >= 2 and counts[j]:
            out.append((i, i, j))
        if counts[j] >= 2:
            out.append((i, j, j))
    return out


@lru_cache(maxsize=1 << 17)
def _best(counts: tuple[int, ...], need_pair: bool, triple: str | None,
          chi: bool = True) -> Reading | None:
    """The most huxi the loose ``counts`` can make as chis (and exactly one pair when
    ``need_pair``); ``triple`` names the group three identical loose cards make (only the winning
    card joining a pair can give three: a peng, PH-6.1), None when they may not. Without
    ``chi`` only the pair and the triple may be made (a 对子胡 reading, OPT-PH-3.4)."""
    i = 0
    while i < NUM_FACES and not counts[i]:
        i += 1
    if i == NUM_FACES:
        return None if need_pair else (0, ())
    n = counts[i]
    options: list[tuple[str, tuple[int, ...], bool]] = []
    if n >= 3 and triple is not None:
        options.append((triple, (i, i, i), need_pair))
    if n >= 2 and need_pair:
        options.append(("pair", (i, i), False))
    if chi:
        options += [("chi", shape, need_pair) for shape in _chis_from(counts, i)]
    best: Reading | None = None
    for kind, faces, pair_after in options:
        c = list(counts)
        for f in faces:
            c[f] -= 1
        sub = _best(tuple(c), pair_after, triple, chi)
        if sub is None:
            continue
        huxi = group_huxi(kind, faces) + sub[0]
        if best is None or huxi > best[0]:
            best = (huxi, ((kind, faces),) + sub[1])
    return best


# ---------------------------------------------------------------- whole hands

@lru_cache(maxsize=1 << 12)
def _exposed_sums(exposed: Exposed) -> tuple[int, int]:
    """(huxi, ti and pao) of some exposed groups."""
    return (sum(group_huxi(k, f) for k, f in exposed),
            sum(1 for k, _ in exposed if k in FOUR_KINDS))


@lru_cache(maxsize=1 << 15)
def evaluate(exposed: Exposed, counts: tuple[int, ...], card: int | None = None,
             own: bool = False, minimum: int = MINIMUM_HUXI,
             chi: bool = True) -> Evaluation | None:
    """The grouping with the most huxi (PH-5.3) of a hand, or ``None`` when it is not seven groups
    (PH-5.1). The huxi minimum is the caller's to check (``Evaluation.winning``, against
    ``minimum``: the match's ``min_huxi``, OPT-PH-1, which also sets the tun). Without ``chi``:
    the best grouping of identical groups only (对子胡, OPT-PH-3.4), None when there is none.

    ``counts`` are the hand's cards (three alike: a kan; four alike: a ti); ``card`` the winning
    card's face when it is not yet placed (None: the hand is complete as it stands). ``own``: the
    winner revealed it itself, so it joins a kan, wei or pair at once (PH-4.3); another player's
    card may go into any group it can: a pao with a kan, a wei or a peng (PH-4.4), a peng with a
    pair (PH-6.1) or a chi.
    """
    if not chi and any(k == "chi" for k, _ in exposed):
        return None
    if 3 in counts or 4 in counts:
        tis = tuple(f for f in range(NUM_FACES) if counts[f] == 4)
        kans = tuple(f for f in range(NUM_FACES) if counts[f] == 3)
        loose = [n if n < 3 else 0 for n in counts]
    else:
        tis = kans = ()
        loose = list(counts)
    # a placement of the winning card: (exposed group it upgrades or None, the group it makes
    # or None, kans left, loose cards, what three alike in the loose cards make)
    cands: list[tuple[int | None, tuple[str, tuple[int, ...]] | None, tuple[int, ...],
                      list[int], str | None]] = []
    if card is None:
        cands.append((None, None, kans, loose, None))
    else:
        f = card
        four = (f,) * 4
        wei = next((i for i, (k, fs) in enumerate(exposed) if k == "wei" and fs[0] == f), None)
        peng = next((i for i, (k, fs) in enumerate(exposed) if k == "peng" and fs[0] == f), None)
        others = tuple(k for k in kans if k != f)
        if own and f in kans:  # PH-4.3 mandatory ti
            cands.append((None, ("ti", four), others, loose, None))
        elif own and wei is not None:
            cands.append((wei, ("ti", four), kans, loose, None))
        elif own and loose[f] == 2:  # PH-4.3 mandatory wei
            rest = list(loose)
            rest[f] = 0
            cands.append((None, ("wei", (f,) * 3), kans, rest, None))
        else:
            if f in kans:
                cands.append((None, ("pao", four), others, loose, None))
            if wei is not None:
                cands.append((wei, ("pao", four), kans, loose, None))
            if peng is not None:
                cands.append((peng, ("pao", four), kans, loose, None))
            rest = list(loose)
            rest[f] += 1
            cands.append((None, None, kans, rest, None if own else "peng"))
    base_huxi, base_fours = _exposed_sums(exposed)
    base_huxi += sum(group_huxi("ti", (f,) * 4) for f in tis)
    base_fours += len(tis)
    best = None
    best_huxi = -1
    for at, new, kans_c, loose_c, triple in cands:
        groups = len(exposed) + len(tis) + len(kans_c) + (new is not None and at is None)
        fours = base_fours + (new is not None and new[0] in FOUR_KINDS)
        if at is not None and exposed[at][0] in FOUR_KINDS:
            fours -= 1
        need_pair = fours > 0
        n = 7 - groups
        if n < need_pair or sum(loose_c) != 3 * n - need_pair:
            continue
        sub = _best(tuple(loose_c), need_pair, triple, chi)
        if sub is None:
            continue
        huxi = base_huxi + sub[0] + sum(group_huxi("kan", (k,) * 3) for k in kans_c)
        if new is not None:
            huxi += group_huxi(*new)
        if at is not None:
            huxi -= group_huxi(*exposed[at])
        if huxi > best_huxi:
            best, best_huxi = (at, new, kans_c, triple, sub), huxi
    if best is None:
        return None
    at, new, kans_c, triple, sub = best
    groups_out = [make_group(k, fs) for k, fs in exposed]
    if at is not None:
        groups_out[at] = make_group(*new, winning=True)  # type: ignore[misc]
    elif new is not None:
        groups_out.append(make_group(*new, winning=True))
    groups_out += [make_group("ti", (f,) * 4, concealed=True) for f in tis]
    groups_out += [make_group("kan", (k,) * 3, concealed=True) for k in kans_c]
    where = None  # the loose group holding the winning card: its peng, else the first
    if card is not None and new is None:
        where = next((j for j, (k, fs) in enumerate(sub[1]) if k == triple and fs[0] == card),
                     None)
        if where is None:
            where = next(j for j, (_, fs) in enumerate(sub[1]) if card in fs)
    groups_out += [make_group(kind, faces, concealed=True, winning=j == where)
                   for j, (kind, faces) in enumerate(sub[1])]
    return Evaluation(best_huxi, tuple(groups_out), minimum=minimum)


def readings(exposed: Exposed, counts: tuple[int, ...], card: int | None = None,
             own: bool = False, minimum: int = MINIMUM_HUXI) -> tuple[Evaluation, ...]:
    """The winning groupings a choice by payment (OPT-PH-3.4) must weigh: the one with the most
    huxi (PH-5.3) and, when it holds a chi, the best one of identical groups only, which a
    对子胡 may make worth more. Nothing else can pay more: the cards, so every other 名堂 and
    the xing, are the same in every grouping, and the payment grows with the huxi.

    (With the loose cards a hand can hold, a grouping of identical groups, when there is one, is
    also the one with the most huxi: its loose cards are a pair and the winning card's peng,
    where any chi is a 0-huxi 绞. So the second search finds nothing new for a win on a card;
    the choice bites between PH-2.4's Heavenly readings, ``heavenly_readings``. It is kept for
    the rule's sake, and costs a search only at a settlement.)"""
    best = evaluate(exposed, counts, card, own, minimum)
    if best is None or not best.winning:
        return ()
    if not any(g.kind == "chi" for g in best.groups):
        return (best,)
    other = evaluate(exposed, counts, card, own, minimum, False)
    return (best,) if other is None or not other.winning else (best, other)


def heavenly_readings(exposed: Exposed, counts: tuple[int, ...], dealer: bool,
                      minimum: int = MINIMUM_HUXI) -> tuple[Evaluation, ...]:
    """Every Heavenly reading of a dealt hand (PH-2.4): three ti or five kan, and for the
    dealer its complete 21 cards (``readings``, so a 对子胡 grouping too, OPT-PH-3.4)."""
    ti = [make_group(k, f) for k, f in exposed if k == "ti"]
    ti += [make_group("ti", (f,) * 4, concealed=True) for f in range(NUM_FACES) if counts[f] == 4]
    kans = [make_group("kan", (f,) * 3, concealed=True) for f in range(NUM_FACES) if counts[f] == 3]
    out: list[Evaluation] = []
    if len(ti) >= 3 or len(kans) >= 5:  # ti and kan are not combined
        groups = tuple(ti + kans)
        out.append(Evaluation(sum(g.huxi for g in groups), groups,
                              "three_ti" if len(ti) >= 3 else "five_kan", minimum))
    if dealer:
        out += [replace(ev, heavenly="complete") for ev in readings(exposed, counts,
                                                                    minimum=minimum)]
    return tuple(out)


def heavenly(exposed: Exposed, counts: tuple[int, ...], dealer: bool,
             minimum: int = MINIMUM_HUXI) -> Evaluation | None:
    """PH-2.4: a dealt hand with three ti or five kan (only ti and kan count huxi, the rest need
    not form groups), or the dealer's complete 21 cards of at least ``minimum`` huxi (OPT-PH-1.2:
    only that one needs it); the reading with more huxi. ``None``: no Heavenly win."""
    found = heavenly_readings(exposed, counts, dealer, minimum)
    return max(found, key=lambda e: e.huxi) if found else None


# ---------------------------------------------------------------- the JSON calculator

_FIELDS = ("groups", "concealed", "winning_card", "own_reveal", "heavenly", "dealer",
           "last_card", "turned_card")


class Spec(NamedTuple):
    """A calculator spec, read and checked."""

    exposed: Exposed
    counts: tuple[int, ...]
    """The concealed cards."""
    card: int | None
    """The winning card, not yet placed."""
    flags: dict[str, bool]
    """``own_reveal``, ``heavenly``, ``dealer``, ``last_card``."""
    turned: int | None
    """The card turned from the stock for xing (OPT-PH-5.1 ``"turn"``)."""

    def faces(self) -> list[int]:
        """The winner's cards (options.md's definitions): every card given."""
        return winner_faces(self.exposed, self.counts, self.card)


def winner_faces(exposed: Exposed, counts: tuple[int, ...], card: int | None) -> list[int]:
    """The winner's cards as faces (options.md's definitions): the concealed ``counts``, the
    ``exposed`` groups and the winning ``card`` (None: none to add)."""
    out = [f for f, n in enumerate(counts) for _ in range(n)]
    out += [f for _, fs in exposed for f in fs]
    return out + ([card] if card is not None else [])


def _face(value: object, where: str) -> int:
    try:
        return parse_face(value)
    except ValueError as e:
        raise InvalidSpec(f"{where}: {e}") from None


def _read_group(g: object, i: int) -> tuple[str, tuple[int, ...]]:
    where = f"groups[{i}]"
    if not isinstance(g, dict) or set(g) != {"type", "cards"}:
        raise InvalidSpec(f"{where} must be {{'type': ..., 'cards': [...]}}")
    kind = g["type"]
    if kind not in EXPOSED_KINDS:
        raise InvalidSpec(f"{where}.type must be one of {', '.join(EXPOSED_KINDS)} "
                          f"(a kan is three identical concealed cards)")
    cards = g["cards"]
    if not isinstance(cards, list):
        raise InvalidSpec(f"{where}.cards must be a list of cards such as ['x1', 'x2', 'x3']")
    faces = tuple(sorted(_face(c, f"{where}.cards[{j}]") for j, c in enumerate(cards)))
    if len(faces) != GROUP_SIZE[kind]:
        raise InvalidSpec(f"{where}: a {kind} has {GROUP_SIZE[kind]} cards, not {len(faces)}")
    if kind == "chi":
        if chi_shape(faces) is None:
            raise InvalidSpec(f"{where}: {' '.join(FACE_NAMES[f] for f in faces)} is not a chi "
                              f"(PH-4.5: a run of one size, 2-7-10 of one size, or one value "
                              f"two and one of both sizes)")
    elif len(set(faces)) != 1:
        raise InvalidSpec(f"{where}: a {kind} is {GROUP_SIZE[kind]} identical cards")
    return kind, faces


def read_spec(spec: object) -> Spec:
    """Parse and check a calculator spec (see ``score_spec``); ``InvalidSpec`` on any fault."""
    spec = read_object(spec, _FIELDS)
    groups = spec.get("groups", [])
    if not isinstance(groups, list) or len(groups) > 7:
        raise InvalidSpec("groups must be a list of at most seven groups")
    exposed = tuple(_read_group(g, i) for i, g in enumerate(groups))
    concealed = spec.get("concealed", [])
    if not isinstance(concealed, list):
        raise InvalidSpec("concealed must be a list of cards such as ['x1', 'd10']")
    faces = [_face(c, f"concealed[{i}]") for i, c in enumerate(concealed)]
    raw = spec.get("winning_card")
    card = None if raw is None else _face(raw, "winning_card")
    flags = read_flags(spec, ("own_reveal", "heavenly", "dealer", "last_card"))
    raw = spec.get("turned_card")
    turned = None if raw is None else _face(raw, "turned_card")
    if flags["heavenly"] and card is not None:
        raise InvalidSpec("a Heavenly hand (PH-2.4) is the dealt hand: no winning_card")
    if flags["own_reveal"] and card is None:
        raise InvalidSpec("own_reveal says who revealed the winning_card: give one")
    if flags["dealer"] and not flags["heavenly"]:
        raise InvalidSpec("dealer only matters for a Heavenly hand (heavenly: true)")
    if flags["last_card"] and card is None:
        raise InvalidSpec("last_card says the winning_card was the stock's last: give one")
    if flags["last_card"] and turned is not None:
        raise InvalidSpec("after the stock's last card none is left to turn: on a last_card "
                          "win the turned card is the winning card (OPT-PH-5.1)")
    extra = [c for c in (card, turned) if c is not None]
    total = list(counts_of(faces + extra))
    for _, fs in exposed:
        for f in fs:
            total[f] += 1
    over = [FACE_NAMES[f] for f, n in enumerate(total) if n > 4]
    if over:
        raise InvalidSpec(f"more than four copies of {', '.join(over)} (PH-1.1)")
    return Spec(exposed, counts_of(faces), card, flags, turned)


def score_spec(spec: object, minimum: int = MINIMUM_HUXI) -> dict[str, Any]:
    """The public calculator; ``minimum``: the match's ``min_huxi`` (OPT-PH-1), for the verdict
    and the tun.

    In::

        {"groups": [{"type": "ti" | "pao" | "wei" | "peng" | "chi",
                     "cards": ["x2", "x7", "x10"]}, ...],    # exposed groups, at most seven
         "concealed": ["d3", "d3", "d3", "x1", ...],         # the hand: three alike are a kan,
                                                             # four alike a ti
         "winning_card": "x5",       # the revealed card won on; absent/null: the hand is
                                     # complete as given (after a wei or ti took the card)
         "own_reveal": false,        # the winner revealed it: it joins a kan, wei or pair (PH-4.3)
         "heavenly": false,          # read as a dealt hand (PH-2.4): three ti or five kan...
         "dealer": false,            # ...or, for the dealer, a complete 21
         "last_card": false,         # the winning card was the stock's last (海胡, OPT-PH-3.2)
         "turned_card": "x9"}        # xing "turn": the card turned from the stock (OPT-PH-5.1)

    ``last_card`` and ``turned_card`` change nothing here: they are read under the match's
    options (``Paohuzi.score``), which this function does not take but for the minimum.

    Out, for a winning hand (seven groups, at least 15 huxi; the best grouping, PH-5.3)::

        {"winning": true, "huxi": 21, "minimum": 15, "tun": 3,
         "heavenly": null | "three_ti" | "five_kan" | "complete", "unit": "huxi",
         "items": [{"code": "pao", "name": "Pao", "chinese": "跑", "value": 9, "count": 1,
                    "op": "+", "total": 9, "cards": ["d5", "d5", "d5", "d5"], "factors": [],
                    "notes": ["winning"]},
                   {"code": "chi", ..., "value": 3, "total": 3, "cards": ["x1", "x2", "x3"],
                    "notes": ["sequence" | "2-7-10" | "mixed", "concealed"]}, ...]}

    One item per group (engine/core/items.py), their totals add up to ``huxi``. Otherwise
    ``{"winning": false, "reason": "...", "unit": "huxi", "items": []}``, with ``huxi``, ``tun``
    (0) and the groups' items too when the cards form seven groups but fall short of 15 huxi.
    Unreadable input (unknown fields, bad card names, a group of the wrong shape, a fifth copy)
    raises ``InvalidSpec``.
    """
    exposed, counts, card, flags, _ = read_spec(spec)
    if flags["heavenly"]:
        ev = heavenly(exposed, counts, flags["dealer"], minimum)
        if ev is None:
            return {"winning": False, "unit": UNIT, "items": [],
                    "reason": "no Heavenly win: neither three ti, nor five kan"
                    + (f", nor a complete hand of at least {minimum} huxi"
                       if flags["dealer"] else "")
                    + " (PH-2.4)"}
        return ev.to_json()
    ev = evaluate(exposed, counts, card, flags["own_reveal"], minimum)
    if ev is None:
        n = sum(counts) + sum(len(f) for _, f in exposed) + (card is not None)
        return {"winning": False, "unit": UNIT, "items": [],
                "reason": f"the {n} cards do not form seven groups, with exactly one pair when "
                          f"there is a ti or pao (PH-5.1)"}
    if not ev.winning:
        return ev.to_json() | {
            "reason": f"{ev.huxi} huxi, below the minimum of {minimum} (PH-5.1)"}
    return ev.to_json()


__all__ = [
    "EXPOSED_KINDS",
    "FOUR_KINDS",
    "GROUP_NAMES",
    "IDENTICAL_HUXI",
    "MINIMUM_HUXI",
    "Evaluation",
    "Exposed",
    "Group",
    "Spec",
    "evaluate",
    "group_huxi",
    "heavenly",
    "heavenly_readings",
    "make_group",
    "read_spec",
    "readings",
    "score_spec",
    "tun_of",
    "winner_faces",
]

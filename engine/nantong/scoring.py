"""Nantong hu (NT-6): every player's base hu, the winner's best split with its bonuses and
multipliers, rounding, and the pairwise settlement.

``score_hand`` and ``score_winner`` work on plain values (``Hand``, ``WinSituation``) and are
what the game calls at the end of a deal; ``score_spec`` reads the JSON description of the
public calculator (``game.score``) into the same values. Every number is itemised: a holding
shows its base and each ×2 that applied, the winner its bonuses and multipliers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidSpec
from ..core.items import Item, item
from ..core.result import Payment
from ..mahjong.hand import standard_readings
from ..mahjong.spec import read_flags, read_object
from .cards import (
    ELDERS,
    FACE_NAMES,
    NUM_FACES,
    ONE_OF_COINS,
    indicator_applies,
    is_old_general,
    parse_face,
)

UNIT = "hu"
"""What a score counts in: its items' values and totals (engine/core/items.py)."""

# ---------------------------------------------------------------- tables of the rules

HOLDINGS: dict[str, tuple[str, str, int]] = {
    # code: (English name, Chinese, base hu) — NT-6.1
    "exposed_pung": ("Exposed pung", "", 2),
    "winning_pung": ("Triplet completed by the winning discard, as an exposed pung", "", 2),
    "triplet_in_hand": ("Three identical cards in hand", "", 4),
    "exposed_kong": ("Exposed kong", "", 8),
    "concealed_kong": ("Concealed kong", "", 12),
    "four_in_hand": ("Four identical cards in hand", "", 12),
    "opening_kong": ("Opening kong", "", 16),
    "opening_triplet": ("Opening indicator triplet", "", 16),
    "hezi": ("Tiandi Hezi", "天地合子", 16),
}
EXACT_IN_HAND_BASE = 12
"""NT-6.3: three identical cards in hand whose face is an indicator's use this base."""

GROUP_KINDS = ("pung", "exposed_kong", "added_kong", "concealed_kong", "opening_kong",
               "opening_triplet")
"""Exposed groups as the calculator and the game name them."""
_GROUP_HOLDING = {"pung": "exposed_pung", "exposed_kong": "exposed_kong",
                  "added_kong": "exposed_kong", "concealed_kong": "concealed_kong",
                  "opening_kong": "opening_kong", "opening_triplet": "opening_triplet"}
_GROUP_SIZE = {"pung": 3, "exposed_kong": 4, "added_kong": 4, "concealed_kong": 4,
               "opening_kong": 4, "opening_triplet": 3}
OPEN_GROUPS = frozenset({"pung", "exposed_kong", "added_kong"})
"""Groups that took a card from a discard: they open the hand for Closed Floating (NT-6.6)."""

SHAPES: dict[str, tuple[str, str, int]] = {  # NT-6.5
    "qing_hu": ("Qing Hu: seven sequences", "清胡", 100),
    "piao_hu": ("Piao Hu: triplets and kongs (and 1–2–3 of Coins)", "飘胡", 50),
    "tazi_hu": ("Tazi Hu: any other shape", "", 20),
}
WENQIAN = {0: 0, 1: 20, 2: 50, 3: 100, 4: 200}
"""NT-6.5: hu for one to four 1–2–3 of Coins sequences (文钱) in the winning split."""
BONUSES: dict[str, tuple[str, str]] = {
    "wenqian": ("Wenqian: 1–2–3 of Coins", "文钱"),
    "self_draw": ("Self-draw", ""),
    "kong_replacement": ("Win on a kong replacement", ""),
    "wait": ("Wait: the pair, a middle card, the 3 of 1–2–3 or the 7 of 7–8–9", ""),
}
SELF_DRAW = KONG_REPLACEMENT = WAIT = 10
MULTIPLIERS: dict[str, tuple[str, str]] = {  # NT-6.6, each ×2, in this order
    "piao_hu": ("Piao Hu", "飘胡"),
    "closed_floating": ("Closed Floating: Piao Hu with no pung", ""),
    "three_elders": ("Three Elders: three each of Red Flower, White Flower and Thousand", ""),
    "heavenly": ("Heavenly win", "天胡"),
    "dealer_first_discard": ("Win on the dealer's first discard", ""),
    "ready": ("Ready declaration", ""),
    "last_card": ("Self-drawn last card", ""),
}
FACTORS: dict[str, tuple[str, str]] = {  # NT-6.2, NT-6.3: a holding's ×2s
    "old_general": ("Old General", ""),
    "indicator": ("Indicator", ""),
    "exact_match": ("Exact match of an indicator", ""),
}
HOW = ("discard", "robbed_kong", "self_draw", "heavenly")


def round_up(hu: int) -> int:
    """NT-6.7: up to a multiple of ten (22 → 30, 20 stays 20)."""
    return -(-hu // 10) * 10


# ---------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class Holding:
    """One scoring holding (NT-6.1) with the ×2 factors that applied to it (NT-6.2, NT-6.3)."""

    kind: str
    face: int
    base: int
    factors: tuple[tuple[str, int | None], ...]
    """``("old_general", None)``, ``("indicator", face)``, ``("exact_match", face)``."""
    exact_base: bool = False
    """NT-6.3: three in hand of an indicator's face, base 12 instead of 4."""

    @property
    def hu(self) -> int:
        return self.base << len(self.factors)

    def item(self) -> Item:
        """The holding as a score item (``engine/core/items.py``): its base, its card, each ×2
        as a factor (an indicator's with the indicator's card), ``exact_match_base`` noted."""
        name, chinese, _ = HOLDINGS[self.kind]
        factors = [item(code, FACTORS[code][0], 2, chinese=FACTORS[code][1], op="×",
                        cards=[FACE_NAMES[f]] if f is not None else [])
                   for code, f in self.factors]
        return item(self.kind, name, self.base, chinese=chinese, cards=[FACE_NAMES[self.face]],
                    factors=factors, notes=["exact_match_base"] if self.exact_base else [])


def holding(kind: str, face: int, indicators: Sequence[int]) -> Holding:
    """A holding's hu under the indicators: Old Generals first, then each indicator that
    reaches the face, then the exact match of a pung (NT-6.2, NT-6.3)."""
    base = HOLDINGS[kind][2]
    exact = face in indicators
    exact_base = kind == "triplet_in_hand" and exact
    if exact_base:
        base = EXACT_IN_HAND_BASE
    factors: list[tuple[str, int | None]] = []
    if is_old_general(face):
        factors.append(("old_general", None))
    factors += [("indicator", ind) for ind in indicators if indicator_applies(ind, face)]
    if exact and kind in ("exposed_pung", "winning_pung"):
        factors.append(("exact_match", face))
    return Holding(kind, face, base, tuple(factors), exact_base)


@dataclass(frozen=True, slots=True)
class Hand:
    """What one player holds at the end of the deal."""

    concealed: tuple[int, ...]
    """Counts over the 30 faces of the cards in hand; a winner's winning card is not in it."""
    groups: tuple[tuple[str, int], ...] = ()
    """Exposed groups ``(kind, face)``, kinds as ``GROUP_KINDS``."""
    hezi: int | None = None
    """The face of a Tiandi Hezi (NT-3.5), or None."""


@dataclass(frozen=True, slots=True)
class WinSituation:
    """How the winner won (NT-6.4 to NT-6.6)."""

    how: str
    """``discard``, ``robbed_kong`` (counts as a discard), ``self_draw`` or ``heavenly``."""
    card: int | None
    """The winning card's face; None for a Heavenly win, which has none (NT-6.4)."""
    kong_replacement: bool = False
    dealer_first_discard: bool = False
    ready: bool = False
    last_card: bool = False

    @property
    def from_discard(self) -> bool:
        return self.how in ("discard", "robbed_kong")


@dataclass(frozen=True, slots=True)
class WinReading:
    """The winner's chosen split (NT-5.3, NT-6.8) and what it earns."""

    situation: WinSituation
    shape: str
    pair: int
    melds: tuple[tuple[str, int], ...]
    """The split of the cards in hand: ``("pung", face)`` or ``("chow", lowest face)``."""
    placed: tuple[str, int] | None
    """Where the winning card sits: ``("pair", face)``, ``("pung", face)``, ``("chow", low)``."""
    bonuses: tuple[tuple[str, int], ...]
    multipliers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Score:
    """One player's itemised hu: holdings, and for the winner the reading's bonuses and ×2s."""

    holdings: tuple[Holding, ...]
    win: WinReading | None = None
    groups: tuple[tuple[str, int], ...] = ()
    """The exposed groups (for the winner's reading)."""

    @property
    def base(self) -> int:
        return sum(h.hu for h in self.holdings)

    @property
    def raw(self) -> int:
        """Before rounding: (base + bonuses) × 2 per multiplier (NT-6.7)."""
        if self.win is None:
            return self.base
        return (self.base + sum(hu for _, hu in self.win.bonuses)) << len(self.win.multipliers)

    @property
    def total(self) -> int:
        return round_up(self.raw)

    def items(self) -> list[Item]:
        """Holdings, then the winner's bonuses and ×2 multipliers (``engine/core/items.py``):
        read top to bottom they make ``raw``."""
        out = [h.item() for h in self.holdings]
        if self.win is not None:
            for code, hu in self.win.bonuses:
                name, chinese = SHAPES[code][:2] if code in SHAPES else BONUSES[code]
                out.append(item(code, name, hu, chinese=chinese))
            out += [item(c, MULTIPLIERS[c][0], 2, chinese=MULTIPLIERS[c][1], op="×")
                    for c in self.win.multipliers]
        return out

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "unit": UNIT,
            "items": self.items(),
            "base": self.base,
            "win": None,
            "total_before_rounding": self.raw,
            "total": self.total,
        }
        w = self.win
        if w is not None:
            sit = w.situation
            groups: list[dict[str, Any]] = [
                {"type": kind, "cards": [FACE_NAMES[f]] * _GROUP_SIZE[kind], "declared": True}
                for kind, f in self.groups]
            for kind, f in w.melds:
                cards = [FACE_NAMES[f + i] for i in range(3)] if kind == "chow" else [FACE_NAMES[f]] * 3
                groups.append({"type": "sequence" if kind == "chow" else "triplet",
                               "cards": cards, "declared": False})
            name, chinese, hu = SHAPES[w.shape]
            out["win"] = {
                "how": sit.how,
                "card": FACE_NAMES[sit.card] if sit.card is not None else None,
                "shape": {"code": w.shape, "name": name, "chinese": chinese, "hu": hu},
                "reading": {
                    "pair": FACE_NAMES[w.pair],
                    "groups": groups,
                    "winning_card_in": None if w.placed is None else {
                        "type": {"pair": "pair", "pung": "triplet", "chow": "sequence"}[w.placed[0]],
                        "cards": _placed_cards(w.placed)},
                },
            }
        return out


def _placed_cards(placed: tuple[str, int]) -> list[str]:
    kind, f = placed
    if kind == "chow":
        return [FACE_NAMES[f + i] for i in range(3)]
    return [FACE_NAMES[f]] * (2 if kind == "pair" else 3)


# ---------------------------------------------------------------- base hu (NT-6.1 to NT-6.3)


def base_holdings(hand: Hand, indicators: Sequence[int],
                  in_hand: Sequence[int] | None = None) -> list[Holding]:
    """Exposed groups, then three or four identical cards in hand (whatever the split,
    NT-6.8), then the Hezi. ``in_hand``: counts to use instead of ``hand.concealed``."""
    counts = hand.concealed if in_hand is None else in_hand
    out = [holding(_GROUP_HOLDING[kind], face, indicators) for kind, face in hand.groups]
    for face, n in enumerate(counts):
        if n == 3:
            out.append(holding("triplet_in_hand", face, indicators))
        elif n >= 4:
            out.append(holding("four_in_hand", face, indicators))
    if hand.hezi is not None:
        out.append(holding("hezi", hand.hezi, indicators))
    return out


def score_hand(hand: Hand, indicators: Sequence[int]) -> Score:
    """A non-winner's (or an exhausted deal's) score: base hu only (NT-6.10)."""
    return Score(tuple(base_holdings(hand, indicators)))


# ---------------------------------------------------------------- the winner (NT-6.4 to NT-6.8)


def _placements(pair: int, melds: tuple[tuple[str, int], ...],
                card: int | None) -> list[tuple[str, int] | None]:
    """Every group of the split the winning card can sit in (the pair, a triplet, a sequence)."""
    if card is None:
        return [None]
    out: list[tuple[str, int] | None] = [("pair", pair)] if pair == card else []
    for m in dict.fromkeys(melds):
        kind, f = m
        if (kind == "pung" and f == card) or (kind == "chow" and f <= card <= f + 2):
            out.append(m)
    return out


def _wait(placed: tuple[str, int] | None, card: int | None) -> bool:
    """NT-6.5 wait bonus: the pair, the middle of a sequence, the 3 of 1–2–3, the 7 of 7–8–9."""
    if placed is None or card is None:
        return False
    kind, f = placed
    if kind == "pair":
        return True
    if kind != "chow":
        return False
    return card == f + 1 or (f % 9 == 0 and card == f + 2) or (f % 9 == 6 and card == f)


def _shape(groups: tuple[tuple[str, int], ...], melds: tuple[tuple[str, int], ...]) -> str:
    chows = [f for kind, f in melds if kind == "chow"]
    if not groups and len(chows) == 7:
        return "qing_hu"
    if all(f == ONE_OF_COINS for f in chows):
        return "piao_hu"
    return "tazi_hu"


def three_elders(hand: Hand, full: Sequence[int]) -> bool:
    """NT-6.6: three copies each of Red Flower, White Flower and Thousand among the winner's
    cards (the winning card included, Hezi cards never)."""
    copies = list(full)
    for kind, f in hand.groups:
        copies[f] += _GROUP_SIZE[kind]
    return all(copies[f] >= 3 for f in ELDERS)


def score_winner(hand: Hand, indicators: Sequence[int], sit: WinSituation) -> Score | None:
    """The winner's best score over every split and every place of the winning card (NT-6.8),
    or None when the cards do not form seven groups and a pair (NT-5.1)."""
    card = sit.card
    in_hand = list(hand.concealed)
    if card is not None and not sit.from_discard:
        in_hand[card] += 1  # a self-drawn card is in hand (NT-6.4)
    full = list(in_hand)
    if sit.from_discard and card is not None:
        full[card] += 1
    counts34 = tuple(full) + (0,) * (34 - NUM_FACES)
    readings = standard_readings(counts34)
    if not readings:
        return None
    common = tuple(base_holdings(hand, indicators, in_hand))
    base = sum(h.hu for h in common)
    opened = any(kind in OPEN_GROUPS for kind, _ in hand.groups)
    elders = three_elders(hand, full)
    event_mults = [code for code, on in (
        ("three_elders", elders), ("heavenly", sit.how == "heavenly"),
        ("dealer_first_discard", sit.dealer_first_discard), ("ready", sit.ready),
        ("last_card", sit.last_card)) if on]
    event_bonus: list[tuple[str, int]] = []
    if sit.how in ("self_draw", "heavenly"):
        event_bonus.append(("self_draw", SELF_DRAW))  # a Heavenly win counts as self-drawn
    if sit.kong_replacement:
        event_bonus.append(("kong_replacement", KONG_REPLACEMENT))
    best: Score | None = None
    best_raw = -1
    for pair, melds in readings:
        shape = _shape(hand.groups, melds)
        wenqian = sum(1 for kind, f in melds if kind == "chow" and f == ONE_OF_COINS)
        bonus = [(shape, SHAPES[shape][2])]
        if wenqian:
            bonus.append(("wenqian", WENQIAN[wenqian]))
        bonus += event_bonus
        for placed in _placements(pair, melds, card):
            holdings = common
            if (sit.from_discard and placed is not None and placed[0] == "pung"
                    and in_hand[placed[1]] == 2):  # NT-6.4: the winning discard's triplet
                holdings = common + (holding("winning_pung", placed[1], indicators),)
            extra = bonus + ([("wait", WAIT)] if _wait(placed, card) else [])
            mults = []
            if shape == "piao_hu":
                mults.append("piao_hu")
                # NT-6.4, NT-6.6: a winning discard opens the hand only when it completes a
                # triplet; completing the pair or a 1-2-3 of Coins makes no pung
                took = sit.from_discard and placed is not None and placed[0] == "pung"
                if not opened and not took:
                    mults.append("closed_floating")
            mults += event_mults
            hu = sum(h.hu for h in holdings) if holdings is not common else base
            raw = (hu + sum(b for _, b in extra)) << len(mults)
            if raw > best_raw:
                best_raw = raw
                best = Score(holdings, WinReading(sit, shape, pair, melds, placed, tuple(extra),
                                                  tuple(mults)), hand.groups)
    return best


# ---------------------------------------------------------------- settlement (NT-6.9)


def settle(totals: Sequence[int]) -> tuple[Payment, ...]:
    """Every pair of players settles the difference of their totals (the lower pays)."""
    out = []
    n = len(totals)
    for i in range(n):
        for j in range(i + 1, n):
            d = totals[i] - totals[j]
            if d > 0:
                out.append(Payment(j, i, d, "settlement"))
            elif d < 0:
                out.append(Payment(i, j, -d, "settlement"))
    return tuple(out)


# ---------------------------------------------------------------- the JSON calculator


def _face(value: object, where: str) -> int:
    try:
        return parse_face(value)
    except ValueError as e:
        raise InvalidSpec(f"{where}: {e}") from None


def _faces(value: object, where: str) -> list[int]:
    if not isinstance(value, list):
        raise InvalidSpec(f"{where} must be a list of cards such as ['1m', 'Q']")
    return [_face(v, f"{where}[{i}]") for i, v in enumerate(value)]


def _read_player(p: object, i: int, indicators: list[int]) -> tuple[Hand, WinSituation | None,
                                                                      list[int]]:
    where = f"players[{i}]"
    if not isinstance(p, dict):
        raise InvalidSpec(f"{where} must be an object")
    p = read_object(p, {"concealed", "melds", "hezi", "ready", "win"})
    concealed = _faces(p.get("concealed"), f"{where}.concealed")
    melds = p.get("melds", [])
    if not isinstance(melds, list) or len(melds) > 7:
        raise InvalidSpec(f"{where}.melds must be a list of at most seven groups")
    groups: list[tuple[str, int]] = []
    for k, m in enumerate(melds):
        w = f"{where}.melds[{k}]"
        if not isinstance(m, dict) or set(m) != {"type", "card"}:
            raise InvalidSpec(f"{w} must be {{'type', 'card'}}")
        if m["type"] not in GROUP_KINDS:
            raise InvalidSpec(f"{w}.type must be one of {', '.join(GROUP_KINDS)}")
        face = _face(m["card"], f"{w}.card")
        if m["type"] == "opening_triplet" and face not in indicators:
            raise InvalidSpec(f"{w}: an opening triplet is of an indicator's face (NT-3.4)")
        groups.append((m["type"], face))
    flags = read_flags(p, ("hezi", "ready"))
    hezi = None
    if flags["hezi"]:
        if indicators[0] != indicators[1]:
            raise InvalidSpec(f"{where}: a Hezi needs both indicators of the same face (NT-3.5)")
        hezi = indicators[0]
    win = p.get("win")
    sit = None
    cards = list(concealed)
    need = 22 - 3 * len(groups)
    if win is not None:
        sit = _read_win(win, f"{where}.win", groups, flags["ready"])
        if sit.card is not None:
            cards.append(sit.card)
        else:
            need += 1  # a Heavenly win: the dealer's 23 cards, no winning card
    if len(concealed) != need:
        raise InvalidSpec(f"{where}: with {len(groups)} exposed groups the concealed cards "
                          f"{'(without the winning card) ' if sit and sit.card is not None else ''}"
                          f"must number {need}, not {len(concealed)} (NT-5.2)")
    for kind, face in groups:
        cards += [face] * _GROUP_SIZE[kind]
    if hezi is not None:
        cards += [hezi, hezi]
    counts = [0] * NUM_FACES
    for f in concealed:
        counts[f] += 1
    return Hand(tuple(counts), tuple(groups), hezi), sit, cards


def _read_win(win: object, where: str, groups: list[tuple[str, int]], ready: bool) -> WinSituation:
    if not isinstance(win, dict):
        raise InvalidSpec(f"{where} must be an object or null")
    win = read_object(win, {"how", "card", "kong_replacement", "dealer_first_discard",
                            "last_card"})
    how = win.get("how")
    if how not in HOW:
        raise InvalidSpec(f"{where}.how must be one of {', '.join(HOW)}")
    flags = read_flags(win, ("kong_replacement", "dealer_first_discard", "last_card"))
    if how == "heavenly":
        if win.get("card") is not None:
            raise InvalidSpec(f"{where}: a Heavenly win has no winning card (NT-6.4)")
        if ready or any(flags.values()):
            raise InvalidSpec(f"{where}: a Heavenly win is the dealer's, before any draw or "
                              "discard: no ready, kong replacement, first discard or last card")
        card = None
    else:
        card = _face(win.get("card"), f"{where}.card")
    if flags["kong_replacement"] and (how != "self_draw" or not any(
            k in ("exposed_kong", "added_kong", "concealed_kong") for k, _ in groups)):
        raise InvalidSpec(f"{where}: kong_replacement is a self-draw after a kong of play")
    if flags["last_card"] and how != "self_draw":
        raise InvalidSpec(f"{where}: last_card is self-drawing the stock's last card")
    if flags["dealer_first_discard"] and how != "discard":
        raise InvalidSpec(f"{where}: dealer_first_discard is a win on a discard")
    return WinSituation(how, card, ready=ready, **flags)


def score_spec(spec: object) -> dict[str, Any]:
    """The public calculator: every player's itemised hu and the settlement.

    In::

        {"indicators": ["2s", "3m"],
         "players": [                       # one to three players, seats 0, 1, 2
           {"concealed": ["1m", "2m", ...],  # cards in hand; a winner's winning card apart
            "melds": [{"type": "pung" | "exposed_kong" | "added_kong" | "concealed_kong"
                               | "opening_kong" | "opening_triplet", "card": "5m"}],
            "hezi": false,                   # a Tiandi Hezi of the indicators' face
            "ready": false,                  # declared ready in preparation
            "win": null | {"how": "discard" | "robbed_kong" | "self_draw" | "heavenly",
                           "card": "5m",     # absent for a Heavenly win
                           "kong_replacement": false, "dealer_first_discard": false,
                           "last_card": false}}]}

    Concealed cards number 22 − 3 × groups (a Heavenly winner: 23 − 3 × groups). At most one
    player wins; with none the deal is exhausted (NT-6.10). Out::

        {"indicators": [...], "winner": 0 | null, "exhausted": bool,
         "players": [{"seat": 0, "unit": "hu", "items": [Item...], "base": 24,
                      "win": null | {"how", "card", "shape", "reading"},
                      "total_before_rounding": 44, "total": 50}],
         "totals": [50, ...], "deltas": [...], "payments": [...]}

    ``items`` (engine/core/items.py): one per holding (its base, its card, its ×2s as
    ``factors``; the holdings make ``base``), then the winner's bonuses (the shape's first) and
    its ×2 multipliers (op ``×``): read top to bottom they make ``total_before_rounding``.
    A winner whose cards do not win, or any unreadable input, raises ``InvalidSpec``.
    """
    spec = read_object(spec, {"indicators", "players"})
    indicators = _faces(spec.get("indicators"), "indicators")
    if len(indicators) != 2:
        raise InvalidSpec("indicators must name two cards (NT-2.3)")
    players = spec.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 3:
        raise InvalidSpec("players must be a list of one to three players")
    read = [_read_player(p, i, indicators) for i, p in enumerate(players)]
    copies = [0] * NUM_FACES
    for f in indicators:
        copies[f] += 1
    for _, _, cards in read:
        for f in cards:
            copies[f] += 1
    over = [FACE_NAMES[f] for f, n in enumerate(copies) if n > 4]
    if over:
        raise InvalidSpec(f"more than four copies of {', '.join(over)} (indicators included)")
    winners = [i for i, (_, sit, _) in enumerate(read) if sit is not None]
    if len(winners) > 1:
        raise InvalidSpec("only one player can win a deal (NT-4.3)")
    scores: list[Score] = []
    for i, (hand, sit, _) in enumerate(read):
        if sit is None:
            scores.append(score_hand(hand, indicators))
            continue
        s = score_winner(hand, indicators, sit)
        if s is None:
            raise InvalidSpec(f"players[{i}]: the cards do not form seven groups and a pair "
                              "(NT-5.1)")
        scores.append(s)
    return outcome_json(scores, indicators, winners[0] if winners else None)


def outcome_json(scores: Sequence[Score], indicators: Sequence[int],
                 winner: int | None) -> dict[str, Any]:
    """Itemised scores, totals and the pairwise settlement, as the calculator and
    ``result(state)`` show them."""
    totals = [s.total for s in scores]
    payments = settle(totals)
    deltas = [0] * len(scores)
    for p in payments:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    return {
        "indicators": [FACE_NAMES[f] for f in indicators],
        "winner": winner,
        "exhausted": winner is None,
        "players": [{"seat": i, **s.to_json()} for i, s in enumerate(scores)],
        "totals": totals,
        "deltas": deltas,
        "payments": [p.to_dict() for p in payments],
    }


__all__ = [
    "BONUSES", "FACTORS", "GROUP_KINDS", "HOLDINGS", "MULTIPLIERS", "SHAPES", "WENQIAN", "Hand",
    "Holding", "Score", "WinReading", "WinSituation", "base_holdings", "holding", "outcome_json",
    "round_up", "score_hand", "score_spec", "score_winner", "settle", "three_elders",
]

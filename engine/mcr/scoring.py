"""The MCR scorer (MCR-4 winning and points, MCR-6 the 81 patterns): every hand shape, the
counting principles, the highest-scoring reading, every counted pattern itemised.

``evaluate`` works on counts and is what the game, its claim checks and the AI call;
``score_spec`` reads the JSON hand description of the public calculator; ``hint`` lists the
winning tiles of a ready hand with what each would score.

Where published rulings differ, the scorer follows the reference calculator of the MCR AI
competitions (``pymahjonggb``, MCR-6 **[ruling]**); ``tests/mcr/test_oracle.py`` compares the
two on thousands of random hands. The rulings that matter most, each marked where it is applied:

* one melded and one concealed kong score Concealed Kong and Melded Kong, 5 points;
* a pung completed by a discarded winning tile is exposed, unless that tile can be read in a
  concealed chow of the same reading;
* Seven Pairs may score Tile Hog (a four-of-a-kind read as two pairs), and a standard reading of
  the same tiles is scored too, the higher total winning;
* a Knitted Straight hand may score a wait on its meld and pair, never on the knitted tiles;
* Nine Gates is recognised only from 1112345678999 plus the winning tile, and adds what its
  winning tile implies (Pure Straight and Tile Hog for 1 or 9, Two Concealed Pungs and a Pung of
  Terminals for 2, 5 or 8, Short Straight for 2–4 and 6–8);
* Last Tile (和绝张) never counts when the hand holds another copy of the winning tile, and always
  counts when the winner's own melds hold the other three copies.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, compress
from typing import Any

from ..core.errors import InvalidSpec
from ..core.items import Item
from ..core.items import pattern_items as core_pattern_items
from ..mahjong import FACE_NAMES, NUM_FACES, standard_readings
from ..mahjong.spec import (
    check_copies,
    face_reader,
    read_flags,
    read_hand,
    read_meld_list,
    read_object,
)
from .patterns import EXCLUDES, ONE_CHOW_PAIR_PRIORITY, ORDER, PATTERNS, POINTS
from .shapes import (
    KNITTED_STRAIGHTS,
    honors_and_knitted,
    is_complete,
    is_seven_shifted_pairs,
    is_thirteen_orphans,
    is_unique_wait,
    knitted_straight_split,
    nine_gates_rank,
    regular_waits,
)

MIN_POINTS = 8  # MCR-4.2: a win needs 8 points before flowers
WIND_NAMES = ("E", "S", "W", "N")
MELD_KINDS = ("chow", "pung", "kong")

UNIT = "points"
"""What a score counts in: its items' values and totals (engine/core/items.py)."""

# ---------------------------------------------------------------- inputs and result


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld on the table (or a concealed kong).

    ``face`` is the lowest face of a chow. Declared chows and pungs are always exposed;
    ``concealed`` is true only for a concealed kong. ``source`` is the seat the claimed tile came
    from, relative to the owner: ``(owner − discarder) mod 4``, so 1 = the previous player (上家,
    the only one a chow can come from), 2 = the player opposite, 3 = the next player (下家);
    ``None`` for a concealed kong. It does not change the points.
    """

    kind: str
    face: int
    concealed: bool = False
    source: int | None = None


@dataclass(frozen=True, slots=True)
class Situation:
    """How the hand was won (MCR-4.4).

    ``wall_last``: the winning tile is the wall's last tile (Last Tile Draw when self-drawn, Last
    Tile Claim on its drawer's discard, MCR-3.5). ``kong_replacement``: a self-drawn kong
    replacement (Out with Replacement Tile). ``robbing_kong``: won on a tile added to a kong.
    ``fourth_tile``: the other three copies were visible (和绝张). Winds are 0–3 = E S W N.
    ``flowers``: flower tiles exposed, 1 point each, after the minimum (MCR-6.3).

    The scorer ignores a flag that cannot apply, as the reference calculator does: a kong
    replacement without a declared kong or without a self-draw, a robbed kong when self-drawn or
    when the hand holds another copy of the tile, a fourth tile when the hand holds another copy.
    """

    self_drawn: bool = False
    wall_last: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    fourth_tile: bool = False
    seat_wind: int = 0
    prevalent_wind: int = 0
    flowers: int = 0


SetT = tuple[str, int, bool, bool]
"""A set of a reading: (kind, face, concealed, declared); kind chow (lowest face), pung, kong."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The highest-scoring reading of a winning hand (MCR-4.3) with every pattern counted.

    ``patterns`` are (code, count) in ``PATTERNS`` order, Flower Tiles included;
    ``total == sum(POINTS[code] * count)`` and ``points`` is the same without the flowers.
    """

    total: int
    points: int
    patterns: tuple[tuple[str, int], ...]
    shape: str
    """standard | seven_pairs | seven_shifted_pairs | thirteen_orphans | honors_and_knitted |
    knitted_straight | nine_gates"""
    pair: int | None = None
    melds: tuple[SetT, ...] = ()
    """The sets of the reading, declared ones first (standard and knitted straight shapes)."""
    knitted: tuple[int, ...] = ()
    """The nine faces of the knitted straight (knitted_straight and honors_and_knitted)."""
    tiles: tuple[int, ...] = ()
    """All fourteen faces, sorted, for the shapes that are not melds and a pair."""

    @property
    def meets_minimum(self) -> bool:
        """MCR-4.2: at least 8 points before flowers."""
        return self.meets(MIN_POINTS)

    def meets(self, minimum: int) -> bool:
        """At least ``minimum`` points before flowers (MCR-4.2's 8, or OPT-MCR-2's)."""
        return self.points >= minimum

    @property
    def flowers(self) -> int:
        return dict(self.patterns).get("flower_tiles", 0)

    def items(self) -> list[Item]:
        """The patterns as score items (``engine/core/items.py``): they add up to ``total``."""
        return pattern_items(self.patterns)

    def reading_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"shape": self.shape}
        if self.shape in ("standard", "knitted_straight"):
            out["pair"] = FACE_NAMES[self.pair] if self.pair is not None else None
            out["melds"] = [{"type": k, "tiles": meld_tiles(k, f), "concealed": c, "declared": d}
                            for k, f, c, d in self.melds]
            if self.knitted:
                out["knitted"] = [FACE_NAMES[f] for f in self.knitted]
        elif self.shape in ("seven_pairs", "seven_shifted_pairs"):
            out["pairs"] = [FACE_NAMES[f] for f in self.tiles[::2]]
        else:
            out["tiles"] = [FACE_NAMES[f] for f in self.tiles]
            if self.knitted:
                out["knitted"] = [FACE_NAMES[f] for f in self.knitted]
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "winning": True,
            "total": self.total,
            "points_before_flowers": self.points,
            "flowers": self.flowers,
            "meets_minimum": self.meets_minimum,
            "shape": self.shape,
            "unit": UNIT,
            "items": self.items(),
            "reading": self.reading_json(),
        }


def pattern_items(patterns: Iterable[tuple[str, int]]) -> list[Item]:
    """(code, count) pairs as score items, each pattern's points per count."""
    return core_pattern_items(patterns, PATTERNS)


def meld_tiles(kind: str, face: int) -> list[str]:
    if kind == "chow":
        return [FACE_NAMES[face + i] for i in range(3)]
    return [FACE_NAMES[face]] * (4 if kind == "kong" else 3)


# ---------------------------------------------------------------- tiles

_GREEN = frozenset((19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 bamboo, green dragon
_REVERSIBLE = frozenset((9, 10, 11, 12, 13, 16, 17,  # 1 2 3 4 5 8 9 dots
                         19, 21, 22, 23, 25, 26,  # 2 4 5 6 8 9 bamboo
                         33))  # white dragon


def _is_terminal(f: int) -> bool:
    return f < 27 and f % 9 in (0, 8)


def _is_wind(f: int) -> bool:
    return 27 <= f <= 30


def _is_dragon(f: int) -> bool:
    return f >= 31


def _same_suit(*faces: int) -> bool:
    s = faces[0] // 9
    return all(f < 27 and f // 9 == s for f in faces)


# ---------------------------------------------------------------- whole-hand patterns


@lru_cache(maxsize=1 << 14)
def _tile_patterns(present: frozenset[int]) -> tuple[tuple[str, int], ...]:
    """Patterns that depend only on which faces the hand holds (suits, kinds of tile, ranks)."""
    out: list[tuple[str, int]] = []
    honors = any(f >= 27 for f in present)
    suits = {f // 9 for f in present if f < 27}
    # MCR-6 No Honors, One Voided Suit, Half Flush, Full Flush, All Types
    if not honors:
        out.append(("no_honors", 1))
    if len(suits) == 1:
        out.append(("half_flush" if honors else "full_flush", 1))
        if not honors:
            out.remove(("no_honors", 1))  # Full Flush excludes No Honors
    elif len(suits) == 2:
        out.append(("one_voided_suit", 1))
    if len(suits) == 3 and any(_is_wind(f) for f in present) and any(_is_dragon(f) for f in present):
        out.append(("all_types", 1))
    # MCR-6 All Simples, Reversible Tiles, All Green, All Honors, All Terminals, ATH
    simples = not any(f >= 27 or f % 9 in (0, 8) for f in present)
    if simples:
        out.append(("all_simples", 1))
    if present <= _REVERSIBLE:
        out.append(("reversible_tiles", 1))
    if present <= _GREEN:
        out.append(("all_green", 1))
    if not simples:
        if not suits:
            out.append(("all_honors", 1))
        elif all(_is_terminal(f) for f in present):
            out.append(("all_terminals", 1))
        elif all(f >= 27 or f % 9 in (0, 8) for f in present):
            out.append(("all_terminals_and_honors", 1))
    # MCR-6 Lower Four / Lower Tiles, Upper Four / Upper Tiles, Middle Tiles (suited hands only)
    if not honors:
        ranks = {f % 9 + 1 for f in present}
        if ranks <= {1, 2, 3, 4}:
            out.append(("lower_four" if 4 in ranks else "lower_tiles", 1))
        elif ranks <= {6, 7, 8, 9}:
            out.append(("upper_four" if 6 in ranks else "upper_tiles", 1))
        elif ranks <= {4, 5, 6}:
            out.append(("middle_tiles", 1))
    return tuple(out)


def _situation_patterns(self_drawn: bool, wall_last: bool, kong: bool, fourth: bool) -> dict[str, int]:
    """MCR-4.4 patterns of how the hand was won (their mutual exclusions come later)."""
    t: dict[str, int] = {}
    if fourth:
        t["last_tile"] = 1
    if self_drawn:
        t["self_drawn"] = 1
        if wall_last:
            t["last_tile_draw"] = 1
        if kong:
            t["out_with_replacement_tile"] = 1
    else:
        if wall_last:
            t["last_tile_claim"] = 1
        if kong:
            t["robbing_the_kong"] = 1
    return t


def _apply_exclusions(t: dict[str, int]) -> None:
    """MCR-4.3 / MCR-6.4 non-repeat: each still-counted pattern removes what it implies."""
    for code in sorted(t, key=ORDER.__getitem__):
        if code in t:
            for other in EXCLUDES.get(code, ()):
                t.pop(other, None)


# ---------------------------------------------------------------- combinations of sets


def _two_chows(a: int, b: int) -> str | None:
    """The pattern two chows (lowest faces) form, if any (MCR-6, 1 point each)."""
    if a // 9 != b // 9:
        return "mixed_double_chow" if a % 9 == b % 9 else None
    if a - b in (3, -3):
        return "short_straight"
    if {a % 9, b % 9} == {0, 6}:
        return "two_terminal_chows"
    if a == b:
        return "pure_double_chow"
    return None


def _three_chows(a: int, b: int, c: int) -> str | None:
    """The pattern three chows (sorted lowest faces) form, if any."""
    if len({a // 9, b // 9, c // 9}) == 3:
        r = sorted((a % 9, b % 9, c % 9))
        if r[0] + 1 == r[1] and r[1] + 1 == r[2]:
            return "mixed_shifted_chows"
        if r[0] == r[2]:
            return "mixed_triple_chow"
        if r == [0, 3, 6]:
            return "mixed_straight"
    elif _same_suit(a, b, c):
        if b - a == 3 and c - b == 3:
            return "pure_straight"
        if (b - a == 2 and c - b == 2) or (b - a == 1 and c - b == 1):
            return "pure_shifted_chows"
        if a == c:
            return "pure_triple_chow"
    return None


def _four_chows(a: int, b: int, c: int, d: int) -> str | None:
    if _same_suit(a, b, c, d):
        for step in (2, 1):
            if b - a == step and c - b == step and d - c == step:
                return "four_pure_shifted_chows"
        if a == d:
            return "quadruple_chow"
    return None


def _terminal_chows(chows: tuple[int, ...], pair: int) -> str | None:
    """Pure / Three-Suited Terminal Chows: 123 and 789 twice around a pair of fives."""
    if pair >= 27 or pair % 9 != 4 or any(c % 9 not in (0, 6) for c in chows):
        return None
    ps = pair // 9
    if all(c // 9 == ps for c in chows):
        return "pure_terminal_chows" if sorted(c % 9 for c in chows) == [0, 0, 6, 6] else None
    if any(c // 9 == ps for c in chows):
        return None
    return "three_suited_terminal_chows" if len(set(chows)) == 4 else None


def _limited_pairs(found: list[str], limit: int) -> list[tuple[str, int]]:
    """MCR-4.3 account-once and non-identical for patterns of two chows.

    ``limit`` is how many the chows may form (each chow beyond the first combines once with one
    already used: one fewer than the chows that take part); when more are found, repeated kinds
    go first, the lowest-priority kind first, then single ones in the same order.
    """
    table = {k: found.count(k) for k in ONE_CHOW_PAIR_PRIORITY}
    n = len(found)
    for keep in (1, 0):
        for kind in reversed(ONE_CHOW_PAIR_PRIORITY):
            while n > limit and table[kind] > keep:
                table[kind] -= 1
                n -= 1
    return [(k, table[k]) for k in ONE_CHOW_PAIR_PRIORITY if table[k]]


@lru_cache(maxsize=1 << 14)
def _chow_patterns(chows: tuple[int, ...], pair: int) -> tuple[tuple[str, int], ...]:
    """Patterns of the chows of a reading (sorted lowest faces), MCR-4.3 principles applied.

    A pattern of four chows stands alone; a pattern of three lets the fourth chow combine once
    more (account-once), taking the first of Pure Double Chow, Mixed Double Chow, Short Straight,
    Two Terminal Chows it forms; otherwise the patterns of two chows are limited as above.
    """
    n = len(chows)
    if n < 2:
        return ()
    if n == 4:
        special = _terminal_chows(chows, pair)
        if special:
            return ((special, 1),)
        four = _four_chows(*chows)
        if four:
            return ((four, 1),)
    if n >= 3:
        best: tuple[tuple[str, int], ...] = ()
        best_pts = 0
        for trio in combinations(range(n), 3):
            fan = _three_chows(*(chows[i] for i in trio))
            if fan is None:
                continue
            found = [(fan, 1)]
            rest = [i for i in range(n) if i not in trio]
            if rest:
                extra = {_two_chows(chows[i], chows[rest[0]]) for i in trio}
                for kind in ONE_CHOW_PAIR_PRIORITY:
                    if kind in extra:
                        found.append((kind, 1))
                        break
            pts = sum(POINTS[c] for c, _ in found)
            if pts > best_pts:
                best, best_pts = tuple(found), pts
        if best:
            return best
    links = {pair_: _two_chows(chows[pair_[0]], chows[pair_[1]])
             for pair_ in combinations(range(n), 2)}
    kinds = [k for k in links.values() if k]
    isolated = sum(1 for i in range(n) if not any(k and i in p for p, k in links.items()))
    return tuple(_limited_pairs(kinds, n - 1 - isolated))


def _two_pungs(a: int, b: int) -> str | None:
    if a < 27 and b < 27:
        return "double_pung" if a % 9 == b % 9 else None
    if _is_dragon(a) and _is_dragon(b):
        return "two_dragon_pungs"
    return None


def _three_pungs(a: int, b: int, c: int) -> str | None:
    if a < 27 and b < 27 and c < 27:
        if len({a // 9, b // 9, c // 9}) == 3:
            r = sorted((a % 9, b % 9, c % 9))
            if r[0] + 1 == r[1] and r[1] + 1 == r[2]:
                return "mixed_shifted_pungs"
            if r[0] == r[2]:
                return "triple_pung"
        elif _same_suit(a, b, c) and b - a == 1 and c - b == 1:
            return "pure_shifted_pungs"
        return None
    if all(_is_wind(f) for f in (a, b, c)):
        return "big_three_winds"
    if (a, b, c) == (31, 32, 33):
        return "big_three_dragons"
    return None


@lru_cache(maxsize=1 << 12)
def _pung_patterns(pungs: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """Patterns of the pungs and kongs of a reading (sorted faces), MCR-4.3 principles applied:
    a pattern of four stands alone; with a pattern of three the fourth combines once more."""
    n = len(pungs)
    if n < 2:
        return ()
    if n == 4:
        a, b, c, d = pungs
        if _same_suit(a, b, c, d) and b - a == 1 and c - b == 1 and d - c == 1:
            return (("four_pure_shifted_pungs", 1),)
        if pungs == (27, 28, 29, 30):
            return (("big_four_winds", 1),)
    if n >= 3:
        for trio in combinations(range(n), 3):
            fan = _three_pungs(*(pungs[i] for i in trio))
            if fan is None:
                continue
            found = [(fan, 1)]
            rest = [i for i in range(n) if i not in trio]
            if rest:
                for i in trio:
                    two = _two_pungs(pungs[i], pungs[rest[0]])
                    if two:
                        found.append((two, 1))
                        break
            return tuple(found)
    counts: dict[str, int] = {}
    for i, j in combinations(range(n), 2):
        two = _two_pungs(pungs[i], pungs[j])
        if two:
            counts[two] = counts.get(two, 0) + 1
    return tuple(counts.items())


# ---------------------------------------------------------------- the hand


class _Hand:
    """What every reading of one hand shares."""

    __slots__ = ("concealed", "declared", "exposed", "fourth", "full", "hog", "kong", "kongs",
                 "prevalent", "seat", "self_drawn", "situation", "tile_pats", "unique_wait",
                 "wall_last", "win")

    def __init__(self, melds: tuple[Meld, ...], concealed: tuple[int, ...], win: int,
                 sit: Situation) -> None:
        full = list(concealed)
        in_melds = 0
        for m in melds:
            if m.kind == "chow":
                for f in (m.face, m.face + 1, m.face + 2):
                    full[f] += 1
                in_melds += m.face <= win <= m.face + 2 and win < 27 and win // 9 == m.face // 9
            else:
                n = 4 if m.kind == "kong" else 3
                full[m.face] += n
                if m.face == win:
                    in_melds += n
        self.win = win
        self.concealed = concealed
        self.full = full
        self.declared: tuple[SetT, ...] = tuple(
            (m.kind, m.face, m.concealed, True) for m in melds)
        self.kongs = sum(1 for m in melds if m.kind == "kong")
        self.exposed = sum(1 for m in melds if not m.concealed)
        self.self_drawn = sit.self_drawn
        self.seat = sit.seat_wind
        self.prevalent = sit.prevalent_wind
        # MCR-4.4 Last Tile: impossible when the hand holds another copy of the winning tile,
        # certain when the winner's own melds show the other three (reference calculator).
        self.fourth = (sit.fourth_tile and concealed[win] == 1) or in_melds == 3
        if sit.self_drawn:  # Out with Replacement Tile needs a kong to replace
            self.kong = sit.kong_replacement and self.kongs > 0
        else:  # Robbing the Kong: the other three copies are in the robbed kong
            self.kong = sit.robbing_kong and in_melds == 0 and concealed[win] == 1
        self.wall_last = sit.wall_last
        self.situation = _situation_patterns(sit.self_drawn, sit.wall_last, self.kong, self.fourth)
        self.tile_pats = _tile_patterns(frozenset(compress(range(NUM_FACES), full)))
        self.hog = full.count(4)
        # MCR-6.2: a wait pattern needs the winning tile to be the hand's only wait
        before = list(concealed)
        before[win] -= 1
        self.unique_wait = is_unique_wait(tuple(before), win)


def _finish(t: dict[str, int], flowers: int) -> tuple[tuple[tuple[str, int], ...], int, int]:
    """Chicken Hand when nothing scores (MCR-6.1), then flowers (MCR-6.3); sorted items."""
    if not t:
        t["chicken_hand"] = 1
    points = sum(POINTS[c] * n for c, n in t.items())
    if flowers:
        t["flower_tiles"] = flowers
    items = tuple(sorted(t.items(), key=lambda kv: ORDER[kv[0]]))
    return items, points, points + flowers


def _score_standard(h: _Hand, pair: int, sets: tuple[SetT, ...]) -> dict[str, int]:
    """Every pattern of one reading as four sets and a pair (MCR-6), exclusions applied."""
    win = h.win
    t = dict(h.situation)
    chows = tuple(sorted(f for k, f, _, _ in sets if k == "chow"))
    pung_sets = [(k, f, c) for k, f, c, _ in sets if k != "chow"]
    pungs = tuple(sorted(f for _, f, _ in pung_sets))

    # Kongs and concealed pungs. A pung completed by a discard is exposed, unless the winning
    # tile can be read in a concealed chow of this reading (reference calculator's ruling).
    concealed_pungs = sum(1 for k, f, c in pung_sets if k == "pung" and c)
    if (not h.self_drawn and any(k == "pung" and c and f == win for k, f, c in pung_sets)
            and not any(not d and f <= win <= f + 2 for k, f, _, d in sets if k == "chow")):
        concealed_pungs -= 1
    concealed_kongs = sum(1 for k, _, c in pung_sets if k == "kong" and c)
    kongs = h.kongs
    if kongs == 1:
        t["concealed_kong" if concealed_kongs else "melded_kong"] = 1
    elif kongs == 2:
        t[("two_melded_kongs", "concealed_and_melded_kong", "two_concealed_kongs")[concealed_kongs]] = 1
    elif kongs == 3:
        t["three_kongs"] = 1
    elif kongs == 4:
        t["four_kongs"] = 1
    hidden = concealed_pungs + concealed_kongs
    if hidden >= 2:
        t[("two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs")[hidden - 2]] = 1
    if len(pungs) == 4:
        t["all_pungs"] = 1
    # one pung at a time: Dragon Pung; Pung of Terminals or Honors (winds adjusted below)
    for f in pungs:
        if _is_dragon(f):
            t["dragon_pung"] = t.get("dragon_pung", 0) + 1
        elif f >= 27 or f % 9 in (0, 8):
            t["pung_of_terminals_or_honors"] = t.get("pung_of_terminals_or_honors", 0) + 1
    # combinations of sets (account-once, non-identical, non-separation: MCR-4.3)
    for code, n in _chow_patterns(chows, pair):
        t[code] = t.get(code, 0) + n
    for code, n in _pung_patterns(pungs):
        t[code] = t.get(code, 0) + n
    # concealment: Fully Concealed Hand, Concealed Hand, Melded Hand (concealed kongs hide)
    if h.exposed == 0:
        t["fully_concealed_hand" if h.self_drawn else "concealed_hand"] = 1
    elif h.exposed == 4 and not h.self_drawn:
        t["melded_hand"] = 1
    # the pair: All Chows; Little Three Dragons; Little Four Winds
    if len(chows) == 4:
        if pair < 27:
            t["all_chows"] = 1
    elif "two_dragon_pungs" in t:
        if _is_dragon(pair):
            del t["two_dragon_pungs"]
            t["little_three_dragons"] = 1
    elif "big_three_winds" in t and _is_wind(pair):
        del t["big_three_winds"]
        t["little_four_winds"] = 1
    # every set and the pair: Outside Hand, All Fives, All Even Pungs
    outside = fives = evens = 0
    for k, f, _, _ in sets + (("pair", pair, True, False),):
        if f >= 27:
            outside += 1
            continue
        r = f % 9 + 1
        if k == "chow":
            outside += r in (1, 7)
            fives += r in (3, 4, 5)
        else:
            outside += r in (1, 9)
            fives += r == 5
            evens += r % 2 == 0
    if outside == 5:
        t["outside_hand"] = 1
    elif fives == 5:
        t["all_fives"] = 1
    elif evens == 5:
        t["all_even_pungs"] = 1
    for code, n in h.tile_pats:
        t[code] = n
    # Tile Hog: four copies not declared as a kong (Quadruple Chow already implies them)
    if "quadruple_chow" not in t and h.hog > kongs:
        t["tile_hog"] = h.hog - kongs
    # MCR-6.2 waits: the winning tile is the only wait; its place in this reading names it
    if h.unique_wait:
        edge = closed = False
        for k, f, _, d in sets:
            if k == "chow" and not d:
                if win == f + 1:
                    closed = True
                elif win == f or win == f + 2:
                    edge = True
        if edge:
            t["edge_wait"] = 1
        elif closed:
            t["closed_wait"] = 1
        elif pair == win:
            t["single_wait"] = 1
    _apply_exclusions(t)
    _big_three_winds_and_winds(t, h, pungs)
    return t


def _big_three_winds_and_winds(t: dict[str, int], h: _Hand, pungs: Iterable[int]) -> None:
    """Prevalent Wind, Seat Wind (not with Big Four Winds); a wind pung scoring either, or
    belonging to Big Three Winds, is not also a Pung of Terminals or Honors."""
    poth = t.get("pung_of_terminals_or_honors", 0)
    if "big_three_winds" in t:
        poth -= 3
    deducted = any(c in t for c in ("big_three_winds", "all_terminals_and_honors", "all_honors",
                                    "little_four_winds"))
    if "big_four_winds" not in t:
        for f in pungs:
            if not _is_wind(f):
                continue
            w = f - 27
            if w == h.prevalent:
                t["prevalent_wind"] = 1
                if not deducted:
                    poth -= 1
            if w == h.seat:
                t["seat_wind"] = 1
                if not deducted and h.seat != h.prevalent:
                    poth -= 1
    if poth > 0:
        t["pung_of_terminals_or_honors"] = poth
    else:
        t.pop("pung_of_terminals_or_honors", None)


def _score_knitted(h: _Hand, knitted: tuple[int, ...], pair: int, fourth_set: SetT) -> dict[str, int]:
    """A knitted straight with a fourth set and a pair (MCR-4.1, MCR-6 Knitted Straight)."""
    t: dict[str, int] = {"knitted_straight": 1}
    kind, face, concealed, declared = fourth_set
    full = h.full
    if kind == "chow":
        if pair < 27:
            t["all_chows"] = 1
        if full[pair] == 4:
            t["tile_hog"] = 1
    elif face >= 27:
        if _is_wind(face):
            t["pung_of_terminals_or_honors"] = 1
            if _is_dragon(pair):
                t["all_types"] = 1
        else:
            t["dragon_pung"] = 1
            if _is_wind(pair):
                t["all_types"] = 1
    else:
        if face % 9 in (0, 8):
            t["pung_of_terminals_or_honors"] = 1
        if pair < 27:
            t["no_honors"] = 1
        if kind != "kong" and full[face] == 4:
            t["tile_hog"] = 1
    t.update(h.situation)
    if declared and not concealed:
        if kind == "kong":
            t["melded_kong"] = 1
    else:
        if kind == "kong":
            t["concealed_kong"] = 1
        t["fully_concealed_hand" if h.self_drawn else "concealed_hand"] = 1
    # MCR-6.2 waits on the meld and the pair only (the knitted tiles never score a wait)
    win = h.win
    if not h.declared:
        rest = list(h.concealed)
        for f in knitted:
            rest[f] -= 1
        if rest[win]:
            rest[win] -= 1
            if is_unique_wait(tuple(rest), win):
                if kind == "chow" and win in (face, face + 2):
                    t["edge_wait"] = 1
                elif kind == "chow" and win == face + 1:
                    t["closed_wait"] = 1
                elif pair == win:
                    t["single_wait"] = 1
    elif win not in knitted or h.concealed[win] == 3:
        t["single_wait"] = 1
    _apply_exclusions(t)
    _big_three_winds_and_winds(t, h, (face,) if kind != "chow" else ())
    return t


def _nine_gates_extras(rank: int) -> dict[str, int]:
    """What the reference calculator adds to Nine Gates for the winning tile's rank."""
    if rank in (1, 9):
        return {"pure_straight": 1, "tile_hog": 1}
    t: dict[str, int] = {}
    if rank in (2, 5, 8):
        t.update(two_concealed_pungs=1, pung_of_terminals_or_honors=1)
    if rank not in (1, 5, 9):
        t["short_straight"] = 1
    return t


def _special(h: _Hand, code: str, extra: dict[str, int] | None = None) -> dict[str, int]:
    t = {code: 1, **(extra or {}), **h.situation}
    _apply_exclusions(t)
    return t


def _make(t: dict[str, int], flowers: int, shape: str, **kw: Any) -> Evaluation:
    items, points, total = _finish(t, flowers)
    return Evaluation(total=total, points=points, patterns=items, shape=shape, **kw)


def _tiles_of(counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(f for f in range(NUM_FACES) for _ in range(counts[f]))


@lru_cache(maxsize=1 << 12)
def _evaluate(melds: tuple[Meld, ...], concealed: tuple[int, ...], win: int,
              sit: Situation) -> Evaluation | None:
    n = len(melds)
    if sum(concealed) + 3 * n != 14 or not 0 <= win < NUM_FACES or concealed[win] == 0:
        return None
    h = _Hand(melds, concealed, win, sit)
    flowers = sit.flowers
    special: Evaluation | None = None
    # MCR-4.1 special shapes (fully concealed hands only, except the knitted straight)
    if n == 0:
        if all(c % 2 == 0 for c in concealed):
            tiles = _tiles_of(concealed)
            if is_seven_shifted_pairs(concealed):
                base = win - win % 9
                simples = not concealed[base] and not concealed[base + 8]
                special = _make(_special(h, "seven_shifted_pairs",
                                         {"all_simples": 1} if simples else None),
                                flowers, "seven_shifted_pairs", tiles=tiles)
            else:
                t = {"seven_pairs": 1, **h.situation, **dict(h.tile_pats)}
                if h.hog:
                    t["tile_hog"] = h.hog  # Seven Pairs may score Tile Hog (MCR-6 [ruling])
                _apply_exclusions(t)
                special = _make(t, flowers, "seven_pairs", tiles=tiles)
        elif is_thirteen_orphans(concealed):
            special = _make(_special(h, "thirteen_orphans"), flowers, "thirteen_orphans",
                            tiles=_tiles_of(concealed))
        else:
            kind = honors_and_knitted(concealed)
            if kind is not None:
                suited = tuple(f for f in range(27) if concealed[f])
                extra = {"knitted_straight": 1} if len(suited) == 9 else None
                code = "greater_honors_and_knitted_tiles" if kind == "greater" \
                    else "lesser_honors_and_knitted_tiles"
                special = _make(_special(h, code, extra), flowers, "honors_and_knitted",
                                tiles=_tiles_of(concealed),
                                knitted=suited if len(suited) == 9 else ())
    if special is None and n <= 1:
        split = knitted_straight_split(concealed)
        if split is not None:
            knitted, rest = split
            readings = standard_readings(rest)
            if len(readings) == 1:
                pair, rest_melds = readings[0]
                sets: tuple[SetT, ...] = h.declared + tuple((k, f, True, False) for k, f in rest_melds)
                if len(sets) == 1:
                    special = _make(_score_knitted(h, knitted, pair, sets[0]), flowers,
                                    "knitted_straight", pair=pair, melds=sets, knitted=knitted)
    if special is None and n == 0:
        rank = nine_gates_rank(concealed, win)
        if rank is not None:
            special = _make(_special(h, "nine_gates", _nine_gates_extras(rank)), flowers,
                            "nine_gates", tiles=_tiles_of(concealed))
    if special is not None and special.shape != "seven_pairs":
        return special
    # MCR-4.3: the highest total over every reading as four sets and a pair
    best = special
    for pair, hand_melds in _ordered_readings(concealed):
        sets = h.declared + tuple((k, f, True, False) for k, f in hand_melds)
        ev = _make(_score_standard(h, pair, sets), flowers, "standard", pair=pair, melds=sets)
        if best is None or ev.total > best.total or (ev.total == best.total and (
                special is not None or any(c in ("pure_triple_chow", "triple_pung")
                                           for c, _ in ev.patterns))):
            best = ev
    return best


_ORACLE_RANK = tuple(list(range(9)) + list(range(18, 27)) + list(range(9, 18)) + list(range(27, 34)))
"""Each face's place in the reference calculator's tile order (characters, bamboo, dots)."""


@lru_cache(maxsize=1 << 14)
def _ordered_readings(concealed: tuple[int, ...]) -> tuple[tuple[int, tuple[tuple[str, int], ...]], ...]:
    """The standard readings in the order the reference calculator meets them.

    Only the itemisation of equal totals depends on it: the first reading with the highest
    total is kept, except that a later equal one wins when it scores Pure Triple Chow or Triple
    Pung, or when the hand also reads as Seven Pairs (the reference calculator's preferences).
    """
    def key(reading: tuple[int, tuple[tuple[str, int], ...]]) -> list[tuple[int, int]]:
        return sorted((_ORACLE_RANK[f], k == "chow") for k, f in reading[1])
    return tuple(sorted(standard_readings(concealed), key=key))


def evaluate(melds: Sequence[Meld], concealed: Sequence[int], winning: int,
             situation: Situation = Situation()) -> Evaluation | None:
    """The best reading of a winning hand (MCR-4.3) with every pattern, or ``None`` when the
    tiles form no winning shape (MCR-4.1).

    ``concealed`` is the 34-counts vector of the concealed tiles *including* the winning tile
    (a concealed kong is a ``Meld``, not concealed counts); with ``len(melds)`` declared melds it
    holds ``14 − 3·len(melds)`` tiles. Whether the total reaches the 8-point minimum is
    ``Evaluation.meets_minimum``. Results are cached on the arguments.
    """
    return _evaluate(tuple(melds), tuple(concealed), winning, situation)


def winning_faces(melds: Sequence[Meld], concealed13: Sequence[int]) -> tuple[int, ...]:
    """The faces that complete a 3k+1-tile concealed hand in any MCR-4.1 shape (points aside),
    leaving out a face whose four copies the player already holds."""
    c13 = tuple(concealed13)
    n = len(melds)
    held = list(c13)
    for m in melds:
        if m.kind == "chow":
            for f in (m.face, m.face + 1, m.face + 2):
                held[f] += 1
        else:
            held[m.face] += 4 if m.kind == "kong" else 3
    found = set(regular_waits(c13))  # standard shape and seven pairs
    # the other shapes (MCR-4.1), tried only when within reach
    orphans = n == 0 and all(c13[f] == 0 for f in range(27) if f % 9 not in (0, 8))
    knitted_tiles = n == 0 and max(c13) <= 1
    knitted = n <= 1 and any(sum(1 for f in ks if c13[f]) >= 8 for ks in KNITTED_STRAIGHTS)
    special = orphans or knitted_tiles or knitted
    if special:
        for f in range(NUM_FACES):
            if f not in found:
                c = list(c13)
                c[f] += 1
                if is_complete(tuple(c), n):
                    found.add(f)
    return tuple(f for f in sorted(found) if held[f] < 4)


def hint(melds: Sequence[Meld], concealed13: Sequence[int],
         situation: Situation = Situation(), minimum: int = MIN_POINTS) -> list[tuple[int, int]]:
    """For a ready hand (``concealed13``: 3k+1 concealed tiles), each face that completes it and
    the points it would score before flowers — 0 when under the minimum (MCR-4.2: 8; or the
    match's, OPT-MCR-2).

    The win is scored as ``situation`` says (by default on a discard, not the fourth tile);
    pass ``Situation(self_drawn=True)`` for self-draws. Faces whose four copies the player
    already holds are left out.
    """
    c13 = tuple(concealed13)
    out = []
    for f in winning_faces(melds, c13):
        c = list(c13)
        c[f] += 1
        ev = evaluate(melds, tuple(c), f, situation)
        pts = ev.points if ev is not None and ev.meets(minimum) else 0
        out.append((f, pts))
    return out


# ---------------------------------------------------------------- the JSON calculator

_FLAGS = ("self_drawn", "last_tile", "kong_replacement", "robbing_kong", "fourth_tile")
_FIELDS = {"melds", "concealed", "winning_tile", "flowers", "seat_wind", "prevalent_wind", *_FLAGS}


_face = face_reader(NUM_FACES, "is a flower: flowers are not part of a hand; give their "
                               "number in 'flowers'")


def _read_meld(i: int, m: object) -> Meld:
    where = f"melds[{i}]"
    if not isinstance(m, dict):
        raise InvalidSpec(f"{where} must be an object {{'type', 'tiles' | 'tile', "
                          "'concealed'?, 'from'?}}")
    unknown = set(m) - {"type", "tiles", "tile", "concealed", "from"}
    if unknown:
        raise InvalidSpec(f"{where}: unknown fields {', '.join(sorted(map(str, unknown)))}")
    kind = m.get("type")
    if kind not in MELD_KINDS:
        raise InvalidSpec(f"{where}.type must be 'chow', 'pung' or 'kong'")
    concealed = m.get("concealed", False)
    if not isinstance(concealed, bool) or (concealed and kind != "kong"):
        raise InvalidSpec(f"{where}.concealed must be a boolean, true only for a kong "
                          "(declared chows and pungs are exposed)")
    if ("tiles" in m) == ("tile" in m):
        raise InvalidSpec(f"{where}: give either 'tiles' (every tile) or 'tile'")
    size = {"chow": 3, "pung": 3, "kong": 4}[kind]
    if "tiles" in m:
        tiles = m["tiles"]
        if not isinstance(tiles, list) or len(tiles) != size:
            raise InvalidSpec(f"{where}.tiles must list the {size} tiles of the {kind}")
        faces = sorted(_face(t, f"{where}.tiles[{j}]") for j, t in enumerate(tiles))
    else:
        f = _face(m["tile"], f"{where}.tile")
        faces = [f, f + 1, f + 2] if kind == "chow" else [f] * size
    face = faces[0]
    if kind == "chow":
        if face >= 27 or face % 9 > 6 or faces != [face, face + 1, face + 2]:
            raise InvalidSpec(f"{where}: a chow is three consecutive tiles of one suit "
                              "('tile' names its lowest tile)")
    elif any(f != face for f in faces):
        raise InvalidSpec(f"{where}: the tiles of a {kind} are all the same")
    if concealed:
        if m.get("from") is not None:
            raise InvalidSpec(f"{where}: a concealed kong was not claimed: no 'from'")
        source = None
    else:
        source = m.get("from", 1)
        if type(source) is not int or source not in (1, 2, 3):
            raise InvalidSpec(f"{where}.from must be 1 (previous player), 2 (opposite) or 3 "
                              "(next player)")
        if kind == "chow" and source != 1:
            raise InvalidSpec(f"{where}: a chow is claimed from the previous player only "
                              "(from = 1)")
    return Meld(kind, face, concealed, source)


def read_spec(spec: object) -> tuple[tuple[Meld, ...], tuple[int, ...], int, Situation]:
    """Parse and check a calculator spec (see ``score_spec``); ``InvalidSpec`` on any fault.

    Returns the melds, the concealed counts *including* the winning tile, the winning face and
    the situation.
    """
    spec = read_object(spec, _FIELDS)
    melds = tuple(_read_meld(i, m) for i, m in enumerate(read_meld_list(spec)))
    faces, win = read_hand(spec, len(melds), _face)
    flowers = spec.get("flowers", 0)
    if type(flowers) is not int or not 0 <= flowers <= 8:
        raise InvalidSpec("flowers must be an integer from 0 to 8")
    winds = []
    for name in ("seat_wind", "prevalent_wind"):
        w = spec.get(name, "E")
        if w not in WIND_NAMES:
            raise InvalidSpec(f"{name} must be one of 'E', 'S', 'W', 'N'")
        winds.append(WIND_NAMES.index(w))
    flags = read_flags(spec, _FLAGS)
    counts = [0] * NUM_FACES
    for f in faces:
        counts[f] += 1
    total = list(counts)
    total[win] += 1
    for m in melds:
        if m.kind == "chow":
            for f in (m.face, m.face + 1, m.face + 2):
                total[f] += 1
        else:
            total[m.face] += 4 if m.kind == "kong" else 3
    check_copies(total)
    if flags["kong_replacement"]:
        if flags["robbing_kong"]:
            raise InvalidSpec("kong_replacement and robbing_kong exclude each other")
        if not any(m.kind == "kong" for m in melds):
            raise InvalidSpec("kong_replacement needs a kong among the melds")
        flags["self_drawn"] = True  # a kong replacement is drawn by the winner
    if flags["robbing_kong"]:
        if flags["self_drawn"] or flags["last_tile"]:
            raise InvalidSpec("robbing_kong is a win on another player's added kong: never "
                              "self-drawn, never on the wall's last tile (MCR-3.3, MCR-3.5)")
        if total[win] != 1:
            raise InvalidSpec("robbing_kong: the other three copies of the winning tile are in "
                              "the kong being added, so the hand holds no other copy")
    if flags["fourth_tile"] and counts[win]:
        raise InvalidSpec("fourth_tile: the hand holds another copy of the winning tile, so "
                          "the other three copies cannot all be visible (MCR-4.4)")
    counts[win] += 1
    sit = Situation(self_drawn=flags["self_drawn"], wall_last=flags["last_tile"],
                    kong_replacement=flags["kong_replacement"],
                    robbing_kong=flags["robbing_kong"], fourth_tile=flags["fourth_tile"],
                    seat_wind=winds[0], prevalent_wind=winds[1], flowers=flowers)
    return melds, tuple(counts), win, sit


def score_spec(spec: object) -> dict[str, Any]:
    """The public MCR calculator.

    In::

        {"melds": [{"type": "chow", "tiles": ["1m", "2m", "3m"]},      # claimed, from = 1
                   {"type": "pung", "tile": "E", "from": 2},
                   {"type": "kong", "tile": "5p", "concealed": true}],
         "concealed": ["1m", "2m", ...],   # 13 − 3·melds tiles, without the winning tile
         "winning_tile": "5p",
         "flowers": 0,                      # 0–8
         "seat_wind": "E", "prevalent_wind": "E",          # default "E"
         "self_drawn": false,
         "last_tile": false,        # the wall's last tile: Last Tile Draw / Last Tile Claim
         "kong_replacement": false, # won on a kong's replacement tile (implies self_drawn)
         "robbing_kong": false,     # won on a tile added to another player's kong
         "fourth_tile": false}      # 和绝张: the other three copies were visible

    A meld gives either ``tiles`` (all of them) or ``tile`` (a chow's lowest tile, or the tile of
    a pung or kong). ``concealed`` is for kongs only. ``from`` (default 1) is the seat a claimed
    meld came from relative to its owner: 1 = the previous player (上家; the only one for a
    chow), 2 = opposite, 3 = the next player (下家); it does not change the points.

    Out, for a winning hand::

        {"winning": true, "total": 27, "points_before_flowers": 26, "flowers": 1,
         "meets_minimum": true,             # points_before_flowers >= 8 (MCR-4.2)
         "shape": "standard", "unit": "points",
         "items": [{"code": "all_chows", "name": "All Chows", "chinese": "平和",
                    "value": 2, "count": 1, "op": "+", "total": 2, "cards": [],
                    "factors": [], "notes": []}, ...],    # sum of totals = total, flowers last
         "reading": {"shape": "standard", "pair": "5p",
                     "melds": [{"type": "chow", "tiles": ["1m", "2m", "3m"],
                                "concealed": false, "declared": true}, ...]}}

    The reading of other shapes lists ``pairs`` (seven pairs), ``tiles`` (thirteen orphans,
    honours and knitted tiles, nine gates) and ``knitted`` (the knitted straight's nine tiles).
    Otherwise ``{"winning": false, "reason": "..."}``. Unreadable or impossible input (unknown
    tile, wrong number of tiles, a fifth copy, a broken chow, bad winds or flags, flags that
    contradict each other or the tiles) raises ``InvalidSpec``.
    """
    melds, counts, win, sit = read_spec(spec)
    ev = evaluate(melds, counts, win, sit)
    if ev is None:
        return {"winning": False, "unit": UNIT, "items": [],
                "reason": "the tiles form no winning shape: four melds and a pair, seven pairs, "
                          "thirteen orphans, honours and knitted tiles, or a knitted straight "
                          "with a meld and a pair (MCR-4.1)"}
    return ev.to_json()


__all__ = [
    "MIN_POINTS", "PATTERNS", "Evaluation", "Meld", "Situation", "evaluate",
    "hint", "meld_tiles", "pattern_items", "read_spec", "score_spec", "winning_faces",
]

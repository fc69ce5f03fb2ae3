"""MCR's special hand shapes (MCR-4.1) and the waits the wait patterns look at (MCR-6.2).

Everything works on counts vectors (``engine.mahjong.counts_of``) of the 34 faces. The standard
shape (four melds and a pair) and seven pairs come from ``engine.mahjong``; this module adds what
only MCR needs: thirteen orphans, honours and knitted tiles, the knitted straight with a meld and
a pair, seven shifted pairs and nine gates.
"""

from __future__ import annotations

from functools import lru_cache

from ..mahjong import NUM_FACES, is_standard_complete, seven_pairs_waits

M, P, S = 0, 9, 18  # first face of characters, dots, bamboo
HONORS = tuple(range(27, 34))
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)

THIRTEEN_ORPHANS: tuple[int, ...] = (M, M + 8, P, P + 8, S, S + 8, *HONORS)
"""1m 9m 1p 9p 1s 9s E S W N C F P."""


def _knitted(a: int, b: int, c: int) -> tuple[int, ...]:
    """147 in suit ``a``, 258 in suit ``b``, 369 in suit ``c``."""
    return (a, a + 3, a + 6, b + 1, b + 4, b + 7, c + 2, c + 5, c + 8)


KNITTED_STRAIGHTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(_knitted(a, b, c)))
    for a, b, c in ((M, S, P), (M, P, S), (S, M, P), (P, M, S), (S, P, M), (P, S, M)))
"""The six knitted straights (组合龙): 147, 258 and 369 each in a different suit."""

_KNITTED_MASKS: tuple[int, ...] = tuple(sum(1 << f for f in ks) for ks in KNITTED_STRAIGHTS)


def _mask(counts: tuple[int, ...]) -> int:
    m = 0
    for f in range(NUM_FACES):
        if counts[f]:
            m |= 1 << f
    return m


def is_thirteen_orphans(counts: tuple[int, ...]) -> bool:
    """MCR-4.1: one of each terminal and honour and a second copy of one of them (14 tiles)."""
    return (sum(counts) == 14 and all(counts[f] for f in THIRTEEN_ORPHANS)
            and sum(counts[f] for f in THIRTEEN_ORPHANS) == 14)


def honors_and_knitted(counts: tuple[int, ...]) -> str | None:
    """MCR-4.1: fourteen different tiles, the suited ones from one knitted straight.

    ``"greater"`` when all seven honours are there (七星不靠), ``"lesser"`` otherwise (全不靠),
    ``None`` when the hand is not this shape.
    """
    if max(counts) > 1 or sum(counts) != 14:
        return None
    suited = _mask(counts) & ((1 << 27) - 1)
    if not any(suited & ~km == 0 for km in _KNITTED_MASKS):
        return None
    honors = sum(counts[f] for f in HONORS)
    if honors < 5 or honors > 7:  # 7 to 9 suited tiles
        return None
    return "greater" if honors == 7 else "lesser"


def knitted_straight_of(counts: tuple[int, ...]) -> tuple[int, ...] | None:
    """The knitted straight (nine faces) all of whose tiles the counts hold, if any.

    Fourteen tiles never hold two knitted straights together with anything else.
    """
    for ks in KNITTED_STRAIGHTS:  # most hands miss one of the first faces: no mask built
        if all(counts[f] for f in ks):
            return ks
    return None


def knitted_straight_split(counts: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """A knitted straight and the rest of the concealed counts, when the concealed tiles hold one.

    The rest must then be read as a meld and a pair (or only a pair, next to one declared meld).
    """
    ks = knitted_straight_of(counts)
    if ks is None:
        return None
    rest = list(counts)
    for f in ks:
        rest[f] -= 1
    return ks, tuple(rest)


def is_seven_shifted_pairs(counts: tuple[int, ...]) -> bool:
    """MCR-4.1: seven pairs of seven consecutive ranks of one suit (连七对)."""
    if sum(counts) != 14:
        return False
    for base in (M, P, S):
        for lo in range(3):
            if all(counts[base + lo + k] == 2 for k in range(7)):
                return True
    return False


def nine_gates_rank(counts: tuple[int, ...], winning: int) -> int | None:
    """Nine Gates (九莲宝灯): the concealed hand without the winning tile is 1112345678999 of one
    suit. Returns the winning tile's rank (1–9), or ``None``."""
    if winning >= 27:
        return None
    base = winning - winning % 9
    if sum(counts[base:base + 9]) != 14:
        return None
    c = list(counts[base:base + 9])
    c[winning - base] -= 1
    return winning - base + 1 if c == [3, 1, 1, 1, 1, 1, 1, 1, 3] else None


_GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))


@lru_cache(maxsize=1 << 16)
def _group_complete(g: int, c: tuple[int, ...]) -> bool:
    """Whether one suit (or the honours, ``g`` = 3) splits into melds, with one pair when its
    size is 3k+2. Asked of ``is_standard_complete`` with the other groups empty (a pair of
    another group stands in when the group has no pair of its own)."""
    n = sum(c)
    if n % 3 == 1:
        return False
    if n == 0:
        return True
    v = [0] * NUM_FACES
    lo, hi = _GROUPS[g]
    v[lo:hi] = c
    if n % 3 == 0:
        v[0 if g == 3 else 27] = 2
    return is_standard_complete(tuple(v))


@lru_cache(maxsize=1 << 16)
def _group_waits(g: int, c: tuple[int, ...]) -> tuple[int, ...]:
    """Faces (absolute) that, added to this group, make it complete."""
    lo, hi = _GROUPS[g]
    out = []
    for i in range(hi - lo):
        if c[i] or (g < 3 and any(0 <= j < 9 and c[j] for j in (i - 2, i - 1, i + 1, i + 2))):
            d = list(c)
            d[i] += 1
            if _group_complete(g, tuple(d)):
                out.append(lo + i)
    return tuple(out)


@lru_cache(maxsize=1 << 15)
def regular_waits(counts13: tuple[int, ...]) -> tuple[int, ...]:
    """Faces that complete these 3k+1 concealed counts as a standard hand, or as seven pairs
    when they are 13 tiles: the waits that decide Edge, Closed and Single Wait (MCR-6.2).

    Like the reference calculator, a wait counts even when all its copies are already in the
    hand ("theoretical" wait) and the special shapes other than seven pairs are not looked at.
    Worked out one suit at a time: the added tile's group must become complete and every other
    group already be, with one pair in all.
    """
    groups = [counts13[lo:hi] for lo, hi in _GROUPS]
    ok = [_group_complete(g, c) for g, c in enumerate(groups)]
    pairs = [sum(c) % 3 == 2 for c in groups]
    out: set[int] = set()
    for g, c in enumerate(groups):
        others_ok = all(ok[h] for h in range(4) if h != g)
        other_pairs = sum(pairs[h] for h in range(4) if h != g)
        if not others_ok or other_pairs > 1:
            continue
        if (sum(c) + 1) % 3 != (0 if other_pairs else 2):
            continue
        out.update(_group_waits(g, c))
    out.update(seven_pairs_waits(counts13))
    return tuple(sorted(out))


def is_unique_wait(counts13: tuple[int, ...], winning: int) -> bool:
    """MCR-6.2: ``winning`` is the only face in ``regular_waits(counts13)``."""
    return regular_waits(counts13) == (winning,)


def is_complete(counts: tuple[int, ...], n_melds: int) -> bool:
    """Whether these concealed counts (winning tile included) next to ``n_melds`` declared melds
    form a winning shape of MCR-4.1 (points aside)."""
    if is_standard_complete(counts):
        return True
    if n_melds == 0 and ((1 not in counts and 3 not in counts)  # seven pairs (counts <= 4)
                         or is_thirteen_orphans(counts)
                         or honors_and_knitted(counts) is not None):
        return True
    if n_melds <= 1 and counts[:27].count(0) <= 18:  # a knitted straight: 9 suited faces
        split = knitted_straight_split(counts)
        if split is not None and is_standard_complete(split[1]):
            return True
    return False


__all__ = [
    "DRAGONS", "HONORS", "KNITTED_STRAIGHTS", "THIRTEEN_ORPHANS", "WINDS", "honors_and_knitted",
    "is_complete", "is_seven_shifted_pairs", "is_thirteen_orphans",
    "is_unique_wait", "knitted_straight_of", "knitted_straight_split", "nine_gates_rank",
    "regular_waits",
]

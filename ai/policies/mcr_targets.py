"""MCR hands worth 8 points, and how far a hand is from being ready on one: a fan-aware shanten.

``basic`` races to any ready hand, and most of its ready hands cannot win (MCR-4.2). The strong
rule-based MCR bots plan instead toward a few shapes that carry the minimum, or most of it, on
their own, and measure a hand by its distance to the nearest of them. These are the targets:

- a flush in one suit (混一色 6, 清一色 24): the tiles of the other suits count as missing;
- all pungs (碰碰和 6);
- seven pairs (七对 24), while concealed;
- lesser honours and knitted tiles (全不靠 12), while concealed;
- nine fixed tiles in three chows plus a set and a pair: pure straight (清龙 16), mixed
  straight (花龙 8), mixed triple chow (三色三同顺 8), knitted straight (组合龙 12, its nine
  tiles concealed).

``distance`` is the least shanten over the targets the hand and its melds still allow (a
declared chow outside a flush's suit rules the flush out, and so on); 99 when none does. The
score of the ready hand is not checked here: the prior checks it once ready (``live_draws``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from engine.mahjong.shanten import seven_pairs_shanten, standard_shanten
from engine.mcr import scoring
from engine.mcr.shapes import HONORS, KNITTED_STRAIGHTS

Counts = tuple[int, ...]
Melds = tuple[scoring.Meld, ...]
NONE = 99
"""The distance when no target is left."""

Segments = tuple[tuple[int, int, int], ...]


def _chows(low: tuple[int, int, int]) -> Segments:
    return tuple((f, f + 1, f + 2) for f in low)


def _mask(faces: Iterable[int]) -> int:
    return sum(1 << f for f in set(faces))


@dataclass(frozen=True)
class _Fixed:
    """A target of nine fixed tiles: three segments (their lowest faces and face masks), and
    whether they must be concealed tiles (a knitted straight) rather than possibly declared
    chows."""

    lows: tuple[int, int, int]
    masks: tuple[int, int, int]
    knitted: bool

    @classmethod
    def of(cls, segments: Segments, knitted: bool) -> _Fixed:
        a, b, c = segments
        return cls((a[0], b[0], c[0]), (_mask(a), _mask(b), _mask(c)), knitted)


_FIXED: tuple[_Fixed, ...] = tuple(_Fixed.of(segments, knitted) for segments, knitted in (
    # pure straights (清龙)
    *((_chows((9 * s, 9 * s + 3, 9 * s + 6)), False) for s in range(3)),
    # mixed straights (花龙): 123, 456, 789 each in a different suit
    *((_chows((9 * a, 9 * b + 3, 9 * c + 6)), False)
      for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))),
    # mixed triple chows (三色三同顺)
    *((_chows((r, 9 + r, 18 + r)), False) for r in range(7)),
    # knitted straights (组合龙): concealed, no chow of its own
    *((tuple(tuple(ks[i::3]) for i in range(3)), True) for ks in KNITTED_STRAIGHTS),
))
_KNITTED_HONOURS: tuple[int, ...] = tuple(_mask((*ks, *HONORS)) for ks in KNITTED_STRAIGHTS)
"""Lesser honours and knitted tiles: the 16 faces of a knitted straight and the honours."""


def _held(c: Counts) -> int:
    """The mask of the faces ``c`` holds at least one of."""
    m = 0
    for f, n in enumerate(c):
        if n:
            m |= 1 << f
    return m


def _minus(c: Counts, faces: int) -> Counts:
    """``c`` less one of each face in the mask ``faces``."""
    out = list(c)
    while faces:
        low = faces & -faces
        out[low.bit_length() - 1] -= 1
        faces ^= low
    return tuple(out)


@lru_cache(maxsize=256)
def _allowed(chows: frozenset[int], melds: int) -> tuple[tuple[int, int, int], ...]:
    """The fixed targets ``melds`` declared sets with these chows (their lowest faces) allow:
    each as (the mask of its segments still to make, their tile count, the sets it leaves)."""
    out = []
    for t in _FIXED:
        if t.knitted and melds > 1:
            continue
        todo = [m for low, m in zip(t.lows, t.masks, strict=True)
                if t.knitted or low not in chows]
        sets = 1 - (melds - (3 - len(todo)))
        if sets >= 0:
            out.append((sum(todo), 3 * len(todo), sets))
    return tuple(out)


def _fixed_bounds(held: int, melds: Melds) -> list[tuple[int, int, int]]:
    """Each fixed target the melds allow, as (tiles missing from its nine, sets it leaves to
    make, the mask of its held faces): ``missing - 1`` bounds its shanten from below, the sort
    puts the likeliest first, and the bound then skips the rest."""
    chows = frozenset(m.face for m in melds if m.kind == "chow")
    return sorted((tiles - (have := held & mask).bit_count(), sets, have)
                  for mask, tiles, sets in _allowed(chows, len(melds)))


def _flush(c: Counts, melds: Melds, suit: int) -> int:
    lo, hi = 9 * suit, 9 * suit + 9
    if any(m.face < 27 and not lo <= m.face < hi for m in melds):
        return NONE
    kept = (0,) * lo + c[lo:hi] + (0,) * (27 - hi) + c[27:]
    s = standard_shanten(kept, 4 - len(melds))
    if not melds:
        s = min(s, seven_pairs_shanten(kept))
    return s


def _all_pungs(c: Counts, melds: Melds) -> int:
    if any(m.kind == "chow" for m in melds):
        return NONE
    sets = 4 - len(melds)
    pungs = min(sets, c.count(3) + c.count(4))
    pairs = c.count(2)
    return 2 * (sets - pungs) - min(pairs, sets - pungs + 1)


@lru_cache(maxsize=1 << 15)
def distance(c: Counts, melds: Melds) -> int:
    """The least shanten of the 3k+1 concealed counts ``c`` (beside ``melds``) toward a target
    (module docstring); ``NONE`` when no target is left. Cached: a hand is asked about at every
    turn it is kept, and by every claim; and a search's playouts ask about tens of thousands of
    hands, so the fixed targets are weighed by face masks first (``_fixed_bounds``)."""
    best = min(_all_pungs(c, melds), *(_flush(c, melds, s) for s in range(3)))
    held = _held(c)
    if not melds:
        best = min(best, seven_pairs_shanten(c))
        for mask in _KNITTED_HONOURS:
            best = min(best, 13 - (held & mask).bit_count())
    for missing, sets, have in _fixed_bounds(held, melds):
        if missing - 1 >= best:
            break
        best = min(best, missing + standard_shanten(_minus(c, have), sets))
    return best


__all__ = ["NONE", "distance"]

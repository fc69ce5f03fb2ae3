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


_FIXED: tuple[tuple[Segments, bool], ...] = (
    # pure straights (清龙)
    *((_chows((9 * s, 9 * s + 3, 9 * s + 6)), False) for s in range(3)),
    # mixed straights (花龙): 123, 456, 789 each in a different suit
    *((_chows((9 * a, 9 * b + 3, 9 * c + 6)), False)
      for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))),
    # mixed triple chows (三色三同顺)
    *((_chows((r, 9 + r, 18 + r)), False) for r in range(7)),
    # knitted straights (组合龙): concealed, no chow of its own
    *((tuple(tuple(ks[i::3]) for i in range(3)), True) for ks in KNITTED_STRAIGHTS),
)
"""The targets of nine fixed tiles: three segments, and whether they must be concealed tiles
(a knitted straight) rather than possibly declared chows."""

_KNITTED_HONOURS: tuple[frozenset[int], ...] = tuple(
    frozenset(ks) | frozenset(HONORS) for ks in KNITTED_STRAIGHTS)


def _minus(c: Counts, faces: set[int]) -> Counts:
    return tuple(n - 1 if f in faces else n for f, n in enumerate(c))


def _fixed(c: Counts, melds: Melds, segments: Segments, knitted: bool, best: int) -> int:
    """Shanten toward the nine tiles of ``segments`` plus a set and a pair (``best``: stop
    early when it cannot be beaten)."""
    chows = {m.face for m in melds if m.kind == "chow"} if not knitted else set()
    todo = [s for s in segments if s[0] not in chows]
    others = len(melds) - (len(segments) - len(todo))
    sets = 4 - len(segments) - others
    if sets < 0:
        return NONE
    held = {f for s in todo for f in s if c[f]}
    missing = 3 * len(todo) - len(held)
    if missing - 1 >= best:
        return NONE
    return missing + standard_shanten(_minus(c, held), sets)


def _flush(c: Counts, melds: Melds, suit: int) -> int:
    lo, hi = 9 * suit, 9 * suit + 9
    if any(m.face < 27 and not lo <= m.face < hi for m in melds):
        return NONE
    kept = tuple(n if lo <= f < hi or f >= 27 else 0 for f, n in enumerate(c))
    s = standard_shanten(kept, 4 - len(melds))
    if not melds:
        s = min(s, seven_pairs_shanten(kept))
    return s


def _all_pungs(c: Counts, melds: Melds) -> int:
    if any(m.kind == "chow" for m in melds):
        return NONE
    sets = 4 - len(melds)
    pungs = min(sets, sum(1 for n in c if n >= 3))
    pairs = sum(1 for n in c if n == 2)
    return 2 * (sets - pungs) - min(pairs, sets - pungs + 1)


@lru_cache(maxsize=1 << 15)
def distance(c: Counts, melds: Melds) -> int:
    """The least shanten of the 3k+1 concealed counts ``c`` (beside ``melds``) toward a target
    (module docstring); ``NONE`` when no target is left. Cached: a hand is asked about at every
    turn it is kept, and by every claim."""
    best = min(_all_pungs(c, melds), *(_flush(c, melds, s) for s in range(3)))
    concealed = all(m.concealed for m in melds)
    if concealed and not melds:
        best = min(best, seven_pairs_shanten(c))
        for tiles in _KNITTED_HONOURS:
            best = min(best, 13 - sum(1 for f in tiles if c[f]))
    for segments, knitted in _FIXED:
        if knitted and melds and len(melds) > 1:
            continue
        best = min(best, _fixed(c, melds, segments, knitted, best))
    return best


__all__ = ["NONE", "distance"]

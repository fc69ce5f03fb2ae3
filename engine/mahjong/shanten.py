"""Shanten: how many tile exchanges a hand is from ready (0 = ready, -1 = complete).

Standard hands use the block count formula ``2·target − 2·melds − partials − pair`` with
``melds + partials ≤ target``, maximised over every split of each suit into melds, partial
melds (pairs, adjacent and gapped twos) and a head pair. Each suit's Pareto set of
(melds, partials, head) is cached on its 9-count tuple, so a whole-hand shanten is a small
product over four cached sets.

Counts know nothing of the fourth copy: a hand holding all four of a face may be called ready
on a fifth copy that does not exist (``1111m 234p 567p 999s`` reads 0). Callers that decide
readiness filter the waits against the tiles held, as Sichuan's ready check does (SC-10.4).
"""

from __future__ import annotations

from functools import lru_cache

from .hand import _GROUPS

Block = tuple[int, int, int]
"""(melds, partial melds, head pair 0/1) achievable in one group."""


def _pareto(items: set[Block]) -> frozenset[Block]:
    return frozenset(
        a for a in items
        if not any(b != a and b[0] >= a[0] and b[1] >= a[1] and b[2] >= a[2] for b in items)
    )


@lru_cache(maxsize=None)
def _group_blocks(c: tuple[int, ...], runs: bool) -> frozenset[Block]:
    """Pareto-best (melds, partials, head) for one suit or the honours."""
    i = next((k for k, n in enumerate(c) if n), -1)
    if i < 0:
        return frozenset({(0, 0, 0)})
    out: set[Block] = set()

    def take(deltas: tuple[tuple[int, int], ...], add: Block) -> None:
        rest = list(c)
        for k, d in deltas:
            rest[k] -= d
        for m, t, p in _group_blocks(tuple(rest), runs):
            if p + add[2] <= 1:
                out.add((m + add[0], t + add[1], p + add[2]))

    n = len(c)
    if c[i] >= 3:
        take(((i, 3),), (1, 0, 0))
    if c[i] >= 2:
        take(((i, 2),), (0, 0, 1))
        take(((i, 2),), (0, 1, 0))
    if runs:
        if i + 2 < n and c[i + 1] and c[i + 2]:
            take(((i, 1), (i + 1, 1), (i + 2, 1)), (1, 0, 0))
        if i + 1 < n and c[i + 1]:
            take(((i, 1), (i + 1, 1)), (0, 1, 0))
        if i + 2 < n and c[i + 2]:
            take(((i, 1), (i + 2, 1)), (0, 1, 0))
    take(((i, 1),), (0, 0, 0))  # an isolated tile
    return _pareto(out)


@lru_cache(maxsize=1 << 16)
def standard_shanten(counts: tuple[int, ...]) -> int:
    """Shanten of a concealed hand toward ``len // 3`` melds and a pair (declared melds aside)."""
    target = sum(counts) // 3
    best: set[Block] = {(0, 0, 0)}
    for lo, hi, runs in _GROUPS:
        blocks = _group_blocks(counts[lo:hi], runs)
        best = set(_pareto({
            (m + m2, t + t2, p + p2) for m, t, p in best for m2, t2, p2 in blocks if p + p2 <= 1
        }))
    return min(2 * target - 2 * m - min(t, target - m) - p for m, t, p in best if m <= target)


def seven_pairs_shanten(counts: tuple[int, ...]) -> int:
    """Shanten toward seven pairs (four of a kind as two pairs); only for 13 or 14 tiles."""
    return 6 - min(7, sum(n // 2 for n in counts))


def shanten(counts: tuple[int, ...], seven_pairs: bool = True) -> int:
    """The better of the standard and (for a fully concealed 13/14-tile hand) seven-pairs shanten."""
    s = standard_shanten(counts)
    if seven_pairs and sum(counts) >= 13:
        s = min(s, seven_pairs_shanten(counts))
    return s

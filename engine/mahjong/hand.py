"""Reading a concealed hand as melds and a pair: completeness, every decomposition, waits.

Hands are counts vectors (``tiles.counts_of``). Work is split by suit and cached on the suit's
9-count tuple: a suit's options do not depend on the other suits, and the same few thousand
suit patterns recur across every claim check, hint and AI rollout.
"""

from __future__ import annotations

from functools import cache, lru_cache

from .tiles import NUM_FACES, NUM_SUITED

Meld = tuple[str, int]
"""``("pung", face)`` or ``("chow", lowest face)`` — a meld formed in the concealed hand."""
Reading = tuple[int, tuple[Meld, ...]]
"""A standard reading: the pair's face and the melds, sorted."""

_GROUPS: tuple[tuple[int, int, bool], ...] = ((0, 9, True), (9, 18, True), (18, 27, True),
                                              (27, 34, False))
"""(start, end, sequences allowed) for the three suits and the honours."""


@cache
def _melds_only(c: tuple[int, ...], runs: bool) -> tuple[tuple[Meld, ...], ...]:
    """Every way to split a group's counts into melds alone (offsets relative to the group)."""
    i = next((k for k, n in enumerate(c) if n), -1)
    if i < 0:
        return ((),)
    out: list[tuple[Meld, ...]] = []
    if c[i] >= 3:
        rest = list(c)
        rest[i] -= 3
        out += [(("pung", i),) + m for m in _melds_only(tuple(rest), runs)]
    if runs and i + 2 < len(c) and c[i + 1] and c[i + 2]:
        rest = list(c)
        rest[i] -= 1
        rest[i + 1] -= 1
        rest[i + 2] -= 1
        out += [(("chow", i),) + m for m in _melds_only(tuple(rest), runs)]
    return tuple(out)


@cache
def _group_readings(c: tuple[int, ...], runs: bool) -> tuple[tuple[int | None, tuple[Meld, ...]], ...]:
    """Every (pair offset or None, melds) split of one group, the pair at most once."""
    total = sum(c)
    if total % 3 == 0:
        return tuple((None, m) for m in _melds_only(c, runs))
    if total % 3 == 1:
        return ()
    out: list[tuple[int | None, tuple[Meld, ...]]] = []
    for i, n in enumerate(c):
        if n >= 2:
            rest = list(c)
            rest[i] -= 2
            out += [(i, m) for m in _melds_only(tuple(rest), runs)]
    return tuple(out)


@cache
def _group_ok(c: tuple[int, ...], runs: bool) -> bool:
    return bool(_group_readings(c, runs))


@lru_cache(maxsize=1 << 16)
def is_standard_complete(counts: tuple[int, ...]) -> bool:
    """True when the counts split into melds and exactly one pair (any number of melds)."""
    pairs = 0
    for lo, hi, runs in _GROUPS:
        g = counts[lo:hi]
        r = sum(g) % 3
        if r == 1 or not _group_ok(g, runs):
            return False
        pairs += r == 2
    return pairs == 1


def is_seven_pairs(counts: tuple[int, ...]) -> bool:
    """Fourteen tiles in seven pairs; four of a kind counts as two pairs (SC-7.2, MCR)."""
    return sum(counts) == 14 and all(n % 2 == 0 for n in counts)


@lru_cache(maxsize=1 << 14)
def standard_readings(counts: tuple[int, ...]) -> tuple[Reading, ...]:
    """Every distinct reading of a complete hand as melds plus one pair (empty if none)."""
    if not is_standard_complete(counts):
        return ()
    per_group: list[tuple[tuple[int | None, tuple[Meld, ...]], ...]] = []
    for lo, hi, runs in _GROUPS:
        rs = _group_readings(counts[lo:hi], runs)
        per_group.append(tuple(
            (None if p is None else p + lo, tuple((k, f + lo) for k, f in ms)) for p, ms in rs
        ))
    out: set[Reading] = set()

    def walk(g: int, pair: int | None, melds: tuple[Meld, ...]) -> None:
        if g == len(per_group):
            if pair is not None:
                out.add((pair, tuple(sorted(melds))))
            return
        for p, ms in per_group[g]:
            if p is not None and pair is not None:
                continue
            walk(g + 1, pair if p is None else p, melds + ms)

    walk(0, None, ())
    return tuple(sorted(out))


def add_face(counts: tuple[int, ...], face: int) -> tuple[int, ...]:
    c = list(counts)
    c[face] += 1
    return tuple(c)


@lru_cache(maxsize=1 << 14)
def standard_waits(counts: tuple[int, ...], faces: int = NUM_FACES) -> tuple[int, ...]:
    """Faces (below ``faces``) that complete a standard hand from these 3k+1 counts."""
    return tuple(f for f in range(faces) if is_standard_complete(add_face(counts, f)))


def seven_pairs_waits(counts: tuple[int, ...], faces: int = NUM_FACES) -> tuple[int, ...]:
    """Faces that complete seven pairs from 13 counts (four of a kind as two pairs)."""
    if sum(counts) != 13:
        return ()
    odd = [f for f in range(faces) if counts[f] % 2]
    return tuple(odd) if len(odd) == 1 else ()


__all__ = [
    "NUM_SUITED", "Meld", "Reading", "add_face", "is_seven_pairs", "is_standard_complete",
    "seven_pairs_waits", "standard_readings", "standard_waits",
]

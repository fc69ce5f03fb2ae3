"""Shanten: how many tile exchanges a hand is from ready (0 = ready, -1 = complete).

Standard hands use the block count formula ``2·target − 2·melds − partials − pair`` with
``melds + partials ≤ target``, maximised over every split of each suit into melds, partial
melds (pairs, adjacent and gapped twos) and a head pair. A suit's Pareto set of
(melds, partials, head) is cached on its count tuple, and computed per *component* (runs of
ranks that no meld or partial can bridge: two empty ranks apart) shifted to rank 1, so the
cache stays small and hits across hands. A hand has four parts (``hand_parts``): the three
suits and the honours, which sit ``HONOUR_STEP`` ranks apart in their part so that each honour
face is a component of its own (honours form no sequences); MCR's winds and dragons and
Nantong's Thousand and Flowers alike. A whole hand is a product of a few cached sets (the first
two suits' product is cached too), which makes shanten cheap enough for every AI decision; the
block formula over two parts' sets is ``blocks_shanten``, which the AI's part-wise readings
use too.

Counts know nothing of the fourth copy: a hand holding all four of a face may be called ready
on a fifth copy that does not exist (``1111m 234p 567p 999s`` reads 0). Callers that decide
readiness filter the waits against the tiles held, as Sichuan's ready check does (SC-10.4).
"""

from __future__ import annotations

from functools import cache, lru_cache

Counts = tuple[int, ...]
Block = tuple[int, int, int]
"""(melds, partial melds, head pair 0/1) achievable in one group of tiles."""

HONOUR_STEP = 3
"""Ranks between two honour faces in the honours' part: two empty ranks, which no meld or
partial bridges."""


def honour_part(honours: Counts) -> Counts:
    """The honours' counts laid out ``HONOUR_STEP`` ranks apart, to be read like a suit."""
    part = [0] * (HONOUR_STEP * (len(honours) - 1) + 1) if honours else []
    part[::HONOUR_STEP] = honours
    return tuple(part)


def hand_parts(counts: Counts) -> tuple[Counts, Counts, Counts, Counts]:
    """A hand's four parts: the three suits, then the honours (empty for 27 faces)."""
    return counts[0:9], counts[9:18], counts[18:27], honour_part(counts[27:34])


PART_RANK: tuple[tuple[int, int], ...] = tuple(
    (f // 9, f % 9) if f < 27 else (3, HONOUR_STEP * (f - 27)) for f in range(34))
"""Face -> (its part in ``hand_parts``, its rank in that part)."""


def _pareto(items: set[Block]) -> tuple[Block, ...]:
    """The undominated blocks; in descending order a dominating block comes first."""
    kept: list[Block] = []
    for a in sorted(items, reverse=True):
        if not any(b[0] >= a[0] and b[1] >= a[1] and b[2] >= a[2] for b in kept):
            kept.append(a)
    return tuple(kept)


@lru_cache(maxsize=1 << 16)
def combine_blocks(a: tuple[Block, ...], b: tuple[Block, ...]) -> tuple[Block, ...]:
    """The Pareto-best blocks of two parts of a hand taken together (one head pair at most)."""
    return _pareto({(m + m2, t + t2, p + p2) for m, t, p in a for m2, t2, p2 in b
                    if p + p2 <= 1})


_product = combine_blocks


def _components(c: Counts) -> list[Counts]:
    """Runs of a suit that no meld or partial can join: split where two empty ranks are."""
    out: list[Counts] = []
    cur: list[int] = []
    zeros = 0
    for n in c:
        if not n:
            zeros += 1
            continue
        if cur and zeros >= 2:
            out.append(tuple(cur))
            cur = []
        elif cur and zeros == 1:
            cur.append(0)
        cur.append(n)
        zeros = 0
    if cur:
        out.append(tuple(cur))
    return out


@cache
def suit_blocks(c: Counts) -> tuple[Block, ...]:
    """Pareto-best (melds, partials, head) splits of one suit's counts."""
    comps = _components(c)
    if len(comps) == 1 and comps[0] == c:
        return _component_blocks(c)
    acc: tuple[Block, ...] = ((0, 0, 0),)
    for comp in comps:
        acc = _product(acc, _component_blocks(comp))
    return acc


@cache
def _component_blocks(c: Counts) -> tuple[Block, ...]:
    """``suit_blocks`` of one component (its first rank held)."""
    out: set[Block] = set()
    n = len(c)

    def take(deltas: tuple[tuple[int, int], ...], add: Block) -> None:
        rest = list(c)
        for k, d in deltas:
            rest[k] -= d
        for m, t, p in suit_blocks(tuple(rest)):
            if p + add[2] <= 1:
                out.add((m + add[0], t + add[1], p + add[2]))

    if c[0] >= 3:
        take(((0, 3),), (1, 0, 0))
    if c[0] >= 2:
        take(((0, 2),), (0, 0, 1))
        take(((0, 2),), (0, 1, 0))
    if n > 2 and c[1] and c[2]:
        take(((0, 1), (1, 1), (2, 1)), (1, 0, 0))
    if n > 1 and c[1]:
        take(((0, 1), (1, 1)), (0, 1, 0))
    if n > 2 and c[2]:
        take(((0, 1), (2, 1)), (0, 1, 0))
    take(((0, 1),), (0, 0, 0))  # an isolated tile
    return _pareto(out)


@lru_cache(maxsize=1 << 12)
def _honour_blocks(honours: Counts) -> tuple[Block, ...]:
    """``suit_blocks`` of the honours' part, cached on the honours' counts."""
    return suit_blocks(honour_part(honours))


@lru_cache(maxsize=1 << 16)
def _two_suits(a: Counts, b: Counts) -> tuple[Block, ...]:
    return _product(suit_blocks(a), suit_blocks(b))


def blocks_shanten(a: tuple[Block, ...], b: tuple[Block, ...], target: int) -> int:
    """The block formula ``2·target − 2·melds − partials − pair`` at its best over a block of
    ``a`` and one of ``b`` taken together (one head pair, at most ``target`` melds): the
    shanten of a hand whose two parts have those Pareto sets."""
    best = 2 * target  # no block at all; more than 8 for hands of more than four melds
    for m, t, p in a:
        for m2, t2, p2 in b:
            if p + p2 > 1:
                continue
            mm = m + m2
            if mm > target:
                continue
            v = 2 * (target - mm) - min(t + t2, target - mm) - p - p2
            if v < best:  # noqa: PLR1730 - the hot loop: a compare is cheaper than min()
                best = v
    return best


@lru_cache(maxsize=1 << 17)
def standard_shanten(counts: Counts, target: int | None = None) -> int:
    """Shanten of a concealed hand toward ``target`` melds and a pair (declared melds aside).
    ``target`` is by default a third of its tiles, and more for a hand some of whose tiles can
    never be part of it (Sichuan's missing suit), which ``counts`` leaves out.

    ``counts`` covers the 27 suited faces, or more with the honours (``hand_parts``)."""
    if target is None:
        target = sum(counts) // 3
    rest = suit_blocks(counts[18:27])
    if len(counts) > 27 and any(counts[27:34]):
        rest = _product(rest, _honour_blocks(counts[27:34]))
    return blocks_shanten(_two_suits(counts[0:9], counts[9:18]), rest, target)


def seven_pairs_shanten(counts: Counts) -> int:
    """Shanten toward seven pairs (four of a kind as two pairs); only for 13 or 14 tiles."""
    return 6 - min(7, sum(n // 2 for n in counts))


def shanten(counts: Counts, seven_pairs: bool = True) -> int:
    """The better of the standard and (for a fully concealed 13/14-tile hand) seven-pairs shanten."""
    s = standard_shanten(counts)
    if seven_pairs and sum(counts) >= 13:
        s = min(s, seven_pairs_shanten(counts))
    return s

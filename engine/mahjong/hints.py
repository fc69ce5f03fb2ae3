"""Hint measures the mahjong-like games share (Sichuan, MCR, Nantong): whether a hidden hand
could win on a face, and the seat's counts and discards (shanten is ``shanten.py``'s).

``could_complete`` reuses the Pareto blocks of ``shanten.py`` (melds, partial melds, head pair
per part of a hand), so it covers MCR's 34 faces and Nantong's 30 (whose Thousand and Flowers
sit on the honour faces and, like honours, never form sequences).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..core.hints import Counts, Hinter, discard_faces, unseen_counts
from ..core.protocol import Action
from .shanten import Block, combine_blocks, hand_parts, suit_blocks


def _blocks(counts: Counts) -> tuple[Block, ...]:
    acc: tuple[Block, ...] = ((0, 0, 0),)
    for part in hand_parts(counts):
        if any(part):
            acc = combine_blocks(acc, suit_blocks(part))
    return acc


@lru_cache(maxsize=1 << 14)
def could_complete(unseen: Counts, size: int, face: int) -> bool:
    """Whether some ``size`` tiles taken from the ``unseen`` counts form, with one ``face``,
    melds and a pair: i.e. whether a hidden hand of ``size`` tiles could win on ``face``.

    The tile of ``face`` goes in the pair, a pung or (suited faces) a chow; the rest must make
    the remaining melds (and the pair) out of what is left unseen."""
    if size % 3 != 1:
        return False
    honour = face >= 27
    placements: list[tuple[tuple[int, ...], bool]] = [((face,), True), ((face, face), False)]
    if not honour:
        rank = face % 9
        for low in range(max(0, rank - 2), min(6, rank) + 1):
            start = face - rank + low
            placements.append((tuple(f for f in range(start, start + 3) if f != face), False))
    for used, is_pair in placements:
        rest = list(unseen)
        for f in used:
            rest[f] -= 1
        if min(rest) < 0:
            continue
        melds = (size - len(used)) // 3
        need_pair = 0 if is_pair else 1
        if any(m >= melds and p >= need_pair for m, _, p in _blocks(tuple(rest))):
            return True
    return False


def table_hinter(game: Any, state: Any, seat: int, *, faces: int, names: Sequence[str],
                 **measures: Any) -> Hinter:
    """A ``Hinter`` for a seat of a ``MahjongTable`` game: the unseen copies from its
    ``hidden_cards``, the copies it holds in hand and melds."""
    held = [0] * faces
    for t in state.hands[seat]:
        held[t >> 2] += 1
    for m in state.melds[seat]:
        for t in m.tiles:
            held[t >> 2] += 1
    unseen = unseen_counts(game.hidden_cards(state, seat), lambda t: t >> 2 if t < 4 * faces
                           else faces, faces)
    return Hinter(names=names, unseen=unseen, held=tuple(held), **measures)


def hand_counts(state: Any, seat: int, faces: int) -> Counts:
    c = [0] * faces
    for t in state.hands[seat]:
        c[t >> 2] += 1
    return tuple(c)


def table_discards(state: Any, seat: int, legal: Sequence[Action]) -> dict[int, list[int]]:
    """The seat's legal discards (``legal``: its legal actions) by face, only during its own
    turn in play."""
    if state.phase != "play" or state.turn != seat:
        return {}
    return discard_faces(legal)


def single_tile_opponents(game: Any, state: Any, seat: int) -> list[int]:
    """Opponents still playing with one concealed tile (four melds declared): whatever that
    tile is, they wait on it for a pair, so their readiness is plain to see."""
    return [s for s in range(game.players)
            if s != seat and state.active(s) and len(state.hands[s]) == 1]


__all__ = ["could_complete", "hand_counts", "single_tile_opponents",
           "table_discards", "table_hinter"]

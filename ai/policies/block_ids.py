"""Small integer ids for the Pareto block sets of ``engine.mahjong.shanten``: a few hundred
distinct sets stand for every suit a hand can hold, so a policy's caches can key on a few ints
instead of hashing tuples of blocks (Sichuan's and MCR's ``basic`` use them).

Ids are handed out under a lock: the AI service decides in threads, and two threads must not
give one id to two block sets.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from engine.mahjong.shanten import Block, blocks_shanten, combine_blocks, suit_blocks

Blocks = tuple[Block, ...]

_IDS: dict[Blocks, int] = {}
BLOCK_SETS: list[Blocks] = []
"""Id -> its block set."""
_NEW_ID = threading.Lock()


def block_id(blocks: Blocks) -> int:
    """The id of a block set (the same set, the same id)."""
    i = _IDS.get(blocks)
    if i is None:
        with _NEW_ID:
            i = _IDS.get(blocks)
            if i is None:
                BLOCK_SETS.append(blocks)
                i = _IDS[blocks] = len(BLOCK_SETS) - 1
    return i


@lru_cache(maxsize=1 << 16)
def suit_id(suit: tuple[int, ...]) -> int:
    """The block set id of one suit's counts."""
    return block_id(suit_blocks(suit))


@lru_cache(maxsize=1 << 16)
def combined_id(a: int, b: int) -> int:
    """The block set id of two parts of a hand taken together."""
    return block_id(combine_blocks(BLOCK_SETS[a], BLOCK_SETS[b]))


@lru_cache(maxsize=1 << 16)
def standard_shanten_of(target: int, a: int, b: int) -> int:
    """``standard_shanten`` of a hand of ``target`` melds to go whose two parts have the block
    sets ``a`` and ``b`` (``blocks_shanten``)."""
    return blocks_shanten(BLOCK_SETS[a], BLOCK_SETS[b], target)


__all__ = ["BLOCK_SETS", "block_id", "combined_id", "standard_shanten_of", "suit_id"]

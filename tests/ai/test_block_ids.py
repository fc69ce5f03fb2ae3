"""Block set ids: one id per block set, every id names its own set even when threads (as the AI
service's) ask for new ones at once, and the shanten read from two parts' ids is the engine's."""

from __future__ import annotations

import random
import threading

from ai.policies.block_ids import (
    BLOCK_SETS,
    block_id,
    combined_id,
    standard_shanten_of,
    suit_id,
)
from engine.mahjong import standard_shanten


def test_threads_asking_for_new_ids_at_once_get_one_id_per_set() -> None:
    sets = [((1000 + i, 0, 0),) for i in range(3000)]  # sets no hand has, so all are new
    got: list[dict[int, int]] = [{} for _ in range(8)]

    def ask(k: int) -> None:
        order = list(range(len(sets)))
        random.Random(k).shuffle(order)
        for i in order:
            got[k][i] = block_id(sets[i])

    threads = [threading.Thread(target=ask, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, s in enumerate(sets):
        ids = {g[i] for g in got}
        assert len(ids) == 1
        assert BLOCK_SETS[ids.pop()] == s


def test_shanten_from_two_parts_equals_the_engine() -> None:
    rng = random.Random(5)
    tiles = [f for f in range(27) for _ in range(4)]
    for _ in range(2000):
        c = [0] * 27
        for f in rng.sample(tiles, rng.choice((13, 14))):
            c[f] += 1
        first = suit_id(tuple(c[0:9]))
        other = combined_id(suit_id(tuple(c[9:18])), suit_id(tuple(c[18:27])))
        assert standard_shanten_of(sum(c) // 3, first, other) == standard_shanten(tuple(c))

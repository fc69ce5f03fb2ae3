"""MCR's refiner for ``strong``: a re-dealt deal's opponents made as near ready as ``basic``
players are that far into the deal.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from engine.mahjong import NUM_FACES

from .mcr_basic import _shanten
from .refine import drawn_shanten, walk_down, walk_opponents

MCR_SHARES = (
    (0.00, 0.01, 0.09, 0.35, 0.55), (0.00, 0.03, 0.18, 0.46, 0.33),
    (0.01, 0.07, 0.32, 0.42, 0.18), (0.02, 0.14, 0.40, 0.34, 0.10),
    (0.04, 0.23, 0.44, 0.24, 0.05), (0.08, 0.32, 0.41, 0.18, 0.01),
    (0.12, 0.36, 0.38, 0.12, 0.02), (0.17, 0.41, 0.34, 0.08, 0.00),
    (0.24, 0.42, 0.29, 0.05, 0.00), (0.29, 0.44, 0.24, 0.03, 0.00),
    (0.35, 0.44, 0.19, 0.02, 0.00), (0.43, 0.41, 0.15, 0.00, 0.01),
    (0.49, 0.37, 0.13, 0.01, 0.00), (0.53, 0.36, 0.11, 0.00, 0.00),
    (0.57, 0.34, 0.09, 0.00, 0.00), (0.62, 0.32, 0.06, 0.00, 0.00),
    (0.67, 0.28, 0.05, 0.00, 0.00), (0.69, 0.28, 0.03, 0.00, 0.00),
    (0.77, 0.22, 0.01, 0.00, 0.00), (0.82, 0.18, 0.00, 0.00, 0.00))
"""Row ``d``: the shares of shanten 0, 1, 2, 3 and 4 or more of a ``basic`` MCR opponent's
hand after ``d`` discards (the last row for more), over 200 basic-played deals
(``bench/strong_bias.py mcr --deals 200 --shanten --seed 5``, 25,000 hands). A target drawn
around the mean (``MCR_SHANTEN`` before) left no re-dealt opponent ready before the 9th
discard, where 12% of basic's are after 6 and 24% after 8."""
MCR_TRIES = 200
"""Tile exchanges tried per opponent to bring a random hand down to the target shanten."""


def refine(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A re-dealt MCR state made likelier: every opponent's hand as far from ready as a
    ``basic`` player's after as many discards (``MCR_SHARES``); flowers stay in the wall (a hand
    never holds one between actions). Uniform re-deals left opponents about two exchanges
    behind real ones from the sixth discard on."""
    def walk(s: int, pool: list[int], n: int) -> list[int]:
        concealed = all(m.concealed for m in state.melds[s])
        target = drawn_shanten(len(state.discards[s]), rng, MCR_SHARES)
        return walk_down([t for t in pool if t < 4 * NUM_FACES], n, NUM_FACES,
                          functools.partial(_shanten, concealed=concealed), target, rng,
                          MCR_TRIES)

    return walk_opponents(game, state, seat, rng, walk)


__all__ = ["MCR_SHARES", "MCR_TRIES", "refine"]

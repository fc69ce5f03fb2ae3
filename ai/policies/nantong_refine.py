"""Nantong's refiner for ``strong``: a re-dealt deal's opponents made as near ready as ``basic``
players are a little later into the deal, ready when they declared ready, and keeping to what
their discards say (``mahjong_clues``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .mahjong_clues import clues_broken, discard_clues
from .nantong_basic import _shanten_changed, shanten
from .refine import drawn_shanten, walk_down, walk_opponents

NANTONG_SHARES = (
    (0.00, 0.01, 0.13, 0.28, 0.58), (0.00, 0.04, 0.21, 0.37, 0.38),
    (0.01, 0.12, 0.34, 0.36, 0.17), (0.04, 0.24, 0.35, 0.29, 0.08),
    (0.08, 0.34, 0.39, 0.16, 0.03), (0.15, 0.40, 0.33, 0.11, 0.01),
    (0.25, 0.39, 0.28, 0.07, 0.01), (0.31, 0.42, 0.23, 0.04, 0.00),
    (0.37, 0.43, 0.18, 0.02, 0.00), (0.40, 0.46, 0.13, 0.01, 0.00),
    (0.50, 0.39, 0.11, 0.00, 0.00), (0.55, 0.37, 0.08, 0.00, 0.00),
    (0.55, 0.40, 0.05, 0.00, 0.00), (0.61, 0.38, 0.01, 0.00, 0.00),
    (0.60, 0.40, 0.00, 0.00, 0.00))
"""Row ``d``: the shares of shanten 0, 1, 2, 3 and 4 or more of a ``basic`` Nantong opponent's
hand after ``d`` discards (the last row for more), over 400 basic-played deals
(``bench/strong_bias.py nantong --deals 400 --shanten --seed 7``, 15,000 hands): 15% are ready
after 5 discards and 25% after 6, where a target drawn around the mean made none ready before
the 6th."""
NANTONG_AHEAD = 2
"""A Nantong opponent's target is drawn from the row of ``NANTONG_AHEAD`` more discards than it
has made: sampled hands of a shanten wait on fewer and cheaper cards than played ones, and the
late walk falls short of basic's readiness. Over 264 decisions of 20 basic-played deals
(``bench/strong_bias.py nantong --deals 20``) the playouts of basic's own choice promised the
seat -0.6 a deal where the true deal gave -3.7, correlating 0.45 with it; 0 rows ahead +3.9
(0.45), 4 ahead -8.3 (0.39); the target mean less 0.3 used before (``NANTONG_SHANTEN``) +1.4
(0.45)."""
NANTONG_TRIES = 100
"""Card exchanges tried per opponent (30 faces: a ready hand takes longer to find)."""


NANTONG_CLUE = 10
"""Shanten added per clue a walked Nantong hand contradicts (``discard_clues``): the walk
removes contradictions before it lowers the shanten. Basic's true hands never contradict them;
15% of the walked hands did without them, 1% with. Over 957 decisions of 27 basic-played deals
(two seeds, 16 rollouts), each candidate also played on the true hands with 24 re-shuffled
walls: the search's paired estimate correlated 0.17 with the true difference without the
clues, 0.24 with them (covariance 60 -> 91, of the true differences' own 193); its switches
(margin 2, 6 pairs) gained +0.04 a decision [-0.29, +0.36] without, +0.36 [+0.03, +0.69]
with."""


def clue_measure(own: int | None, later: frozenset[int]
                 ) -> Callable[[tuple[int, ...]], float]:
    """A Nantong hand's shanten plus ``NANTONG_CLUE`` for each clue it breaks."""
    def plus_one(c: tuple[int, ...], f: int) -> float:
        return _shanten_changed(c, f, 1)

    def measure(c: tuple[int, ...]) -> float:
        sh = shanten(c)
        return sh + NANTONG_CLUE * clues_broken(c, sh, own, later, plus_one)

    return measure


def refine(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A re-dealt Nantong state made likelier: every opponent's hand as far from ready as a
    ``basic`` player's a little later (``NANTONG_SHARES``, ``NANTONG_AHEAD``), and ready when
    it declared ready (NT-3.6); uniform re-deals left opponents two to three exchanges behind.
    The walk also keeps to what the opponent's play since its last discard says
    (``discard_clues``)."""
    def walk(s: int, pool: list[int], n: int) -> list[int]:
        target = 0 if state.ready[s] else drawn_shanten(
            len(state.discards[s]) + NANTONG_AHEAD, rng, NANTONG_SHARES)
        own, later = discard_clues(state, s) if NANTONG_CLUE else (None, frozenset())
        measure = clue_measure(own, later) if own is not None else shanten
        return walk_down(pool, n, 30, measure, target, rng, NANTONG_TRIES)

    return walk_opponents(game, state, seat, rng, walk)


__all__ = ["NANTONG_AHEAD", "NANTONG_CLUE", "NANTONG_SHARES", "NANTONG_TRIES", "clue_measure",
           "refine"]

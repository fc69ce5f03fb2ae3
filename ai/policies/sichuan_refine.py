"""Sichuan's refiner for ``strong``: a re-dealt deal's opponents made as near ready as ``basic``
players are that far into the deal, holding no tile of a missing suit they have moved on from,
and keeping to what their discards say (``mahjong_clues``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .mahjong_clues import clues_broken, discard_clues
from .refine import drawn_shanten, walk_down, walk_opponents
from .sichuan_basic import _add, shanten

SICHUAN_SHARES = (
    (0.00, 0.00, 0.04, 0.20, 0.76), (0.00, 0.03, 0.08, 0.31, 0.58),
    (0.04, 0.07, 0.15, 0.35, 0.39), (0.09, 0.16, 0.22, 0.28, 0.25),
    (0.17, 0.24, 0.28, 0.18, 0.13), (0.23, 0.35, 0.25, 0.10, 0.07),
    (0.35, 0.39, 0.19, 0.05, 0.02), (0.48, 0.35, 0.14, 0.02, 0.01),
    (0.55, 0.35, 0.09, 0.01, 0.00), (0.60, 0.35, 0.05, 0.00, 0.00),
    (0.63, 0.34, 0.03, 0.00, 0.00), (0.69, 0.29, 0.02, 0.00, 0.00),
    (0.73, 0.25, 0.02, 0.00, 0.00), (0.75, 0.24, 0.01, 0.00, 0.00),
    (0.80, 0.19, 0.01, 0.00, 0.00), (0.83, 0.17, 0.00, 0.00, 0.00))
"""Row ``d``: the shares of shanten 0, 1, 2, 3 and 4 or more (a dead tile of the missing suit
counting one) of a ``basic`` Sichuan opponent's hand after ``d`` discards (the last row for
more), over 300 basic-played deals (``bench/strong_bias.py sichuan --deals 300 --shanten
--seed 5``, 27,000 hands). Readiness is spread wide: 17% of hands are ready after 4 discards,
35% after 6. A target drawn around the mean (as every game's was at first) made hardly any
re-dealt opponent ready before the 7th discard: the early ready hands, those that make a
discard dangerous, were missing."""
SICHUAN_TRIES = 100
"""Tile exchanges tried per opponent to bring a random hand down to the target shanten. Over
1,339 opponent hands of 20 basic-played deals, those of 9 discards or more had a mean shanten
of 0.52 (59% ready); walked with 40 tries 0.70 (45% ready: opponents too slow, dealing in too
cheap), with 100 tries 0.51 (58%), with 200 0.45 (64%). A refine costs about 0.5 ms either way,
a playout about 7."""
SICHUAN_CLUE = 10
"""Shanten added per clue of ``discard_clues`` a walked Sichuan hand breaks (as
``NANTONG_CLUE``). Over 1,339 opponent hands of 20 basic-played deals the walk without the
clues broke one in 10% (128), with them in 0.15% (2); the true hands never do."""


def shanten_with_dead(c: list[int], dead: int, concealed: bool) -> int:
    """Shanten of the live counts ``c`` (27 faces), plus one exchange per ``dead`` tile (of the
    missing suit)."""
    return shanten(tuple(c), concealed) + dead


def split_dead(hand: Any, m: int | None) -> tuple[list[int], int]:
    """The live counts (27 faces) of ``hand`` and its number of dead tiles (of suit ``m``)."""
    c = [0] * 27
    dead = 0
    for t in hand:
        if (t >> 2) // 9 == m:
            dead += 1
        else:
            c[t >> 2] += 1
    return c, dead


def _measure(state: Any, s: int) -> Callable[[tuple[int, ...]], float]:
    """Opponent ``s``'s measure of a hand's counts (27 faces, its missing suit's included):
    ``shanten_with_dead`` of the live counts and the dead tiles, plus ``SICHUAN_CLUE`` per clue
    of ``discard_clues`` they break (a discard of the missing suit says nothing of the rest,
    SC-3.2; a hand still holding that suit cannot be complete)."""
    m = state.missing[s]
    lo, hi = 9 * m, 9 * m + 9
    concealed = not state.melds[s]
    own, later = discard_clues(state, s) if SICHUAN_CLUE else (None, frozenset())
    if own is not None and own // 9 == m:
        own = None
    later = frozenset(f for f in later if f // 9 != m)

    def plus_one(c: tuple[int, ...], f: int) -> float:
        return shanten(_add(c, f), concealed)

    def measure(counts: tuple[int, ...]) -> float:
        live = list(counts)
        dead = sum(live[lo:hi])
        live[lo:hi] = [0] * 9
        sh = shanten_with_dead(live, dead, concealed)
        if dead or (own is None and not later):
            return sh
        return sh + SICHUAN_CLUE * clues_broken(tuple(live), sh, own, later, plus_one)

    return measure


def refine(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A re-dealt Sichuan state made likelier, per opponent still playing:

    - one whose last discard was not of its missing suit holds none of it (SC-3.2 makes it
      discard that suit first, so a tile of it drawn since would have been thrown at once);
    - its hand is as far from ready as a ``basic`` player's after as many discards: a random
      hand from its tiles and the wall, then random exchanges with the rest that do not raise
      its shanten until it reaches a target drawn from the shares of ``SICHUAN_SHARES`` (at
      most ``SICHUAN_TRIES``; a dead tile for a live one is never tried). A uniform re-deal
      leaves opponents two exchanges behind real ones: playouts where they hardly ever win, so
      dealing in looked free;
    - the walk keeps to what its play since its last discard says (``_measure``).
    """

    def walk(s: int, pool: list[int], n: int) -> list[int] | None:
        m = state.missing[s]
        if m is None or not state.active(s) or state.locked(s):
            return None  # a Blood River locked hand was re-dealt ready (OPT-SC-2.3)
        cleared = bool(state.discards[s]) and (state.discards[s][-1] >> 2) // 9 != m
        allowed = [t for t in pool if (t >> 2) // 9 != m] if cleared else pool
        if len(allowed) < n:
            return None
        target = drawn_shanten(len(state.discards[s]), rng, SICHUAN_SHARES)

        def live_out(out: int, into: int) -> bool:
            return into // 9 != m or out // 9 == m

        return walk_down(allowed, n, 27, _measure(state, s), target, rng, SICHUAN_TRIES,
                         swappable=live_out)

    return walk_opponents(game, state, seat, rng, walk, between_actions_only=False)


__all__ = ["SICHUAN_CLUE", "SICHUAN_SHARES", "SICHUAN_TRIES", "refine", "shanten_with_dead",
           "split_dead"]

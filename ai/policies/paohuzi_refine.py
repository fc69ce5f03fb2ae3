"""Paohuzi's refiner for ``strong``: a re-dealt deal's other hands improved by random exchanges
with the stock, about as much as their drawing and claiming would have.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from engine.core.state import evolve

from .paohuzi_basic import COMPLETE, worth
from .paohuzi_clues import Clues, clues
from .refine import walk_down

PAOHUZI_STEPS = (16, 12)
"""A Paohuzi opponent's re-dealt hand gets ``a + b * cards taken from the stock`` tries of a
random exchange, kept when the hand's worth (basic's own measure) does not drop: about the
drawing and claiming it has done. Uniform re-deals leave opponents about 1.5 exchanges from
seven groups throughout (``engine/paohuzi/hints.distance``) where basic players are at 1.0 at
the start, 0.4 a third in and 0.1 at the end; and the playouts of basic's own choice then
promised the seat +1.5 a deal where the true deal gave it -0.1 (``bench/strong_bias.py``,
205 decisions): (4, 3) gave +0.6, (16, 12) +0.2, (40, 30) -0.3."""
PAOHUZI_STOCK = 19
"""Cards in the stock once the hands are dealt."""
PAOHUZI_CLUE = 0.0
"""Worth taken off a walked Paohuzi hand per clue of its owner's play it breaks
(``paohuzi_clues``); 0, the default: the clues are not used. At 1000 (more than any hand's
worth, so the walk removes contradictions first, and a measure above zero means a clue
broken) re-dealt hands broke a clue in 9% of opponent hands instead of 37%, yet on the same
100 arena shuffles (seeds 101-110, 24 playouts) strong gained +0.15 [-0.04, +0.35] a deal
with them and +0.21 [+0.04, +0.39] without, and each searched playout cost 26 ms instead of
18. The walk keeps to the cheap clues (the caps on copies) throughout, then, only if the hand
breaks a costly one (a win or discard it would have made: a search of the hand each), tries
up to ``PAOHUZI_REPAIR`` more exchanges under all of them: checking them at every step
tripled a refine's time."""
PAOHUZI_REPAIR = 48


def refine(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A re-dealt Paohuzi state made likelier: every other hand improved by random exchanges
    with the stock (``PAOHUZI_STEPS``), never four alike in hand; the dealer keeps its shown
    card. An implausible result (the engine's own test) keeps the uniform re-deal."""
    if state.phase == "over":
        return state
    hands = list(state.hands)
    stock = list(state.stock)
    others = [s for s in range(len(hands)) if s != seat]
    shown_held = state.dealer != seat and state.shown in state.hands[state.dealer]
    keep = state.shown if shown_held else None
    steps = PAOHUZI_STEPS[0] + PAOHUZI_STEPS[1] * (PAOHUZI_STOCK - len(stock))
    for s in others:
        kept = [keep] if s == state.dealer and keep is not None else []
        own = [c for c in hands[s] if c not in kept]
        if not own:
            continue

        said = clues(game, state, s) if PAOHUZI_CLUE else None

        def measure(c: tuple[int, ...], kept: list[int] = kept, said: Clues | None = said,
                    all_clues: bool = False) -> float:
            full = list(c)
            for k in kept:
                full[k >> 2] += 1
            if max(full) > 3:
                return 1e9
            kans = sum(n == 3 for n in full)
            loose = tuple(n if n < 3 else 0 for n in full)
            value = worth(loose)
            bad = 0
            if said is not None:
                bad = said.over_caps(full)
                if all_clues:
                    bad += said.contradicted(full, loose, value)
            return PAOHUZI_CLUE * bad - value - COMPLETE * kans

        pool = own + stock
        best = walk_down(pool, len(own), 20, measure, -1e9, rng, steps)
        if said is not None and PAOHUZI_REPAIR:
            strict = functools.partial(measure, all_clues=True)
            best = walk_down(pool, len(own), 20, strict, 0.0, rng, PAOHUZI_REPAIR, best)
        chosen = set(best)
        stock = [t for t in pool if t not in chosen]
        rng.shuffle(stock)
        hands[s] = tuple(sorted(best + kept))
    new = evolve(state, hands=tuple(hands), stock=tuple(stock))
    if not game._plausible(new, others):
        return state
    if new.window is not None:
        new = evolve(new, window=game._reask(new, new.window, seat))
    return new


__all__ = ["PAOHUZI_CLUE", "PAOHUZI_REPAIR", "PAOHUZI_STEPS", "PAOHUZI_STOCK", "refine"]

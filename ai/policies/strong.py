"""The ``strong`` level, for every game: its prior's choice and basic's few best candidates,
each tried on the same sampled deals and played out to the end of the deal; the prior's choice
stands unless another clearly does better.

How one decision goes:

1. One legal action: play it; a win: the prior's answer, unsearched (every ``basic`` and
   every prior takes it, but Sichuan's prior passes early discard wins).
2. Candidates: the prior's choice (``PRIORS`` in ``__init__``: a game's heuristic that does
   better than ``basic`` where ``basic`` is known to leave points, e.g. MCR's ready hands that
   cannot reach 8; ``basic`` itself where a game has none), then ``basic``'s choice, then its
   choice among what is left, and so on (its ranking), keeping ``candidates`` that differ (two
   discards of the same face are one candidate).
3. A full state consistent with the seat's view (``engine/<game>/sampling.py``: the service
   has the view only), then per iteration ``game.determinize`` re-deals the hidden cards and
   ``REFINERS`` moves the opponents' re-dealt hands as near to ready as ``basic`` players' are
   that far into the deal (a uniform re-deal leaves them two exchanges behind, so playouts
   showed dealing in and slow hands as nearly free), every candidate is applied to that same
   deal and the deal is played out, the seat itself by its prior (as it will go on playing)
   and the others by ``basic``, with the same random stream (common random numbers: the
   candidates differ by their choice, not by their luck). After the first third of the
   iterations only two candidates go on: the prior's choice and the one that did best against
   it (its challenger).
4. The prior's choice stays unless the challenger beats it on the paired differences by more
   than ``margin`` standard errors over at least ``min_pairs`` deals: a few noisy rollouts must
   not overrule a sound heuristic (playouts render views without the event log: no ``basic``
   reads it, and it was a tenth of a playout).

Iterations run until the time budget (``budget_ms``, default 1 s) would be exceeded, or exactly
``rollouts`` of them when that is set: the fixed mode's choices never depend on the clock and
are deterministic for the ``rng`` passed, which the arena's reproducible statistics and the
tests use. Unlike the other levels the timed mode depends on the clock; it is still pure
otherwise (no I/O, no shared state). A view the sampler cannot read (it never happened in the
tests over whole deals of every game) leaves the prior's choice.
"""

from __future__ import annotations

import functools
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import get_game
from engine.core.sampling import Unsampleable
from engine.core.state import evolve
from engine.mahjong import NUM_FACES
from engine.mcr import sampling as mcr_sampling
from engine.nantong import sampling as nantong_sampling
from engine.paohuzi import sampling as paohuzi_sampling
from engine.sichuan import sampling as sichuan_sampling

from .mahjong_clues import clues_broken, discard_clues
from .paohuzi_clues import Clues

Policy = Callable[[dict, list[dict], random.Random], dict]
Sampler = Callable[[Any, dict, random.Random], Any]

SAMPLERS: dict[str, Sampler] = {
    "mcr": mcr_sampling.sample,
    "nantong": nantong_sampling.sample,
    "paohuzi": paohuzi_sampling.sample,
    "sichuan": sichuan_sampling.sample,
}
"""Game name -> the engine's view sampler (a full state consistent with a seat's view)."""

DEFAULT_BUDGET_MS = 1000.0
SAFETY = 0.8
"""Start another iteration only if it should end within this share of the budget."""


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


def _drawn_shanten(discards: int, rng: random.Random,
                   shares: tuple[tuple[float, ...], ...]) -> int:
    """A shanten drawn from the ``shares`` of row ``discards`` (the last row for more)."""
    x = rng.random()
    row = shares[min(discards, len(shares) - 1)]
    for k, p in enumerate(row):
        x -= p
        if x < 0:
            return k
    return len(row) - 1


def _sichuan_shanten(c: list[int], dead: int, concealed: bool) -> int:
    """Shanten of the live counts ``c`` (27 faces), plus one exchange per ``dead`` tile (of the
    missing suit)."""
    from .sichuan import shanten  # late: the policies package imports this module

    return shanten(tuple(c), concealed) + dead


def _sichuan_split(hand: Any, m: int | None) -> tuple[list[int], int]:
    """The live counts (27 faces) of ``hand`` and its number of dead tiles (of suit ``m``)."""
    c = [0] * 27
    dead = 0
    for t in hand:
        if (t >> 2) // 9 == m:
            dead += 1
        else:
            c[t >> 2] += 1
    return c, dead


def _sichuan_measure(state: Any, s: int) -> Callable[[list[int], int], float]:
    """``_sichuan_shanten`` of opponent ``s``'s counts and dead tiles, plus ``SICHUAN_CLUE`` per
    clue of ``discard_clues`` they break (a discard of the missing suit says nothing of the
    rest, SC-3.2; a hand still holding that suit cannot be complete)."""
    from .sichuan import _add, shanten

    m = state.missing[s]
    concealed = not state.melds[s]
    own, later = discard_clues(state, s) if SICHUAN_CLUE else (None, frozenset())
    if own is not None and own // 9 == m:
        own = None
    later = frozenset(f for f in later if f // 9 != m)

    def plus_one(c: tuple[int, ...], f: int) -> float:
        return shanten(_add(c, f), concealed)

    def measure(c: list[int], dead: int) -> float:
        sh = _sichuan_shanten(c, dead, concealed)
        if dead or (own is None and not later):
            return sh
        return sh + SICHUAN_CLUE * clues_broken(tuple(c), sh, own, later, plus_one)

    return measure


def _sichuan_refine(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A re-dealt Sichuan state made likelier, per opponent still playing:

    - one whose last discard was not of its missing suit holds none of it (SC-3.2 makes it
      discard that suit first, so a tile of it drawn since would have been thrown at once);
    - its hand is as far from ready as a ``basic`` player's after as many discards: a random
      hand from its tiles and the wall, then random exchanges with the rest that do not raise
      its shanten until it reaches a target drawn from the shares of ``SICHUAN_SHARES`` (at
      most ``SICHUAN_TRIES``). A uniform re-deal leaves opponents two exchanges behind
      real ones: playouts where they hardly ever win, so dealing in looked free;
    - the walk keeps to what its play since its last discard says (``_sichuan_measure``).
    """
    if state.phase != "play" and state.phase != "claim":
        return state
    hands = list(state.hands)
    wall = list(state.wall)
    changed = False
    for s in range(len(hands)):
        m = state.missing[s]
        if not _walkable(state, seat, s) or m is None or not state.active(s):
            continue
        n = len(hands[s])
        pool = list(hands[s]) + wall
        cleared = bool(state.discards[s]) and (state.discards[s][-1] >> 2) // 9 != m
        allowed = [t for t in pool if (t >> 2) // 9 != m] if cleared else pool
        if len(allowed) < n:
            continue
        target = _drawn_shanten(len(state.discards[s]), rng, SICHUAN_SHARES)
        measure = _sichuan_measure(state, s)
        hand = rng.sample(allowed, n)
        c, dead = _sichuan_split(hand, m)
        sh = measure(c, dead)
        held = set(hand)
        rest = [t for t in allowed if t not in held]
        for _ in range(SICHUAN_TRIES):  # a random walk down to the target, as draws would
            if sh <= target or not rest:
                break
            i, j = rng.randrange(n), rng.randrange(len(rest))
            out, into = hand[i] >> 2, rest[j] >> 2
            if out == into:
                continue
            d_out, d_in = out // 9 == m, into // 9 == m
            if d_in and not d_out:
                continue  # a dead tile for a live one never helps
            dead += d_in - d_out
            if not d_out:
                c[out] -= 1
            if not d_in:
                c[into] += 1
            after = measure(c, dead)
            if after <= sh:
                sh = after
                hand[i], rest[j] = rest[j], hand[i]
            else:
                dead -= d_in - d_out
                if not d_out:
                    c[out] += 1
                if not d_in:
                    c[into] -= 1
        hands[s], wall = _placed(hand, pool, rng)
        changed = True
    return _redealt(game, state, seat, hands, wall) if changed else state


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


def _walkable(state: Any, seat: int, s: int) -> bool:
    """Whether opponent ``s``'s re-dealt hand may be walked: not the searching seat's, and not
    a hand holding its just-drawn tile (part of the re-deal's bookkeeping)."""
    return s != seat and not (state.phase == "play" and state.turn == s
                              and state.drawn is not None)


def _placed(hand: list[int], pool: list[int], rng: random.Random
            ) -> tuple[tuple[int, ...], list[int]]:
    """The walked ``hand`` (sorted) and the rest of ``pool`` as the new wall, shuffled."""
    chosen = set(hand)
    wall = [t for t in pool if t not in chosen]
    rng.shuffle(wall)
    return tuple(sorted(hand)), wall


def _redealt(game: Any, state: Any, seat: int, hands: list[tuple[int, ...]],
             wall: list[int]) -> Any:
    """``state`` with the refined hands and wall; an open claim window is asked again, since
    the opponents' options on it depend on their hands."""
    new = evolve(state, hands=tuple(hands), wall=tuple(wall))
    if new.window is not None:
        new = evolve(new, window=game._reask(new, new.window, seat))
    return new


def _walk_down(pool: list[int], n: int, faces: int,
               shanten: Callable[[tuple[int, ...]], float], target: float, rng: random.Random,
               tries: int, start: list[int] | None = None) -> list[int]:
    """A random hand of ``n`` cards from ``pool`` (face ``id >> 2``; or ``start``), then random
    exchanges with the rest of the pool that do not raise its shanten, until it is at most
    ``target``."""
    hand = list(start) if start is not None else rng.sample(pool, n)
    held = set(hand)
    rest = [t for t in pool if t not in held]
    c = [0] * faces
    for t in hand:
        c[t >> 2] += 1
    sh = shanten(tuple(c))
    for _ in range(tries):
        if sh <= target or not rest:
            break
        i, j = rng.randrange(n), rng.randrange(len(rest))
        out, into = hand[i] >> 2, rest[j] >> 2
        if out == into:
            continue
        c[out] -= 1
        c[into] += 1
        after = shanten(tuple(c))
        if after <= sh:
            sh = after
            hand[i], rest[j] = rest[j], hand[i]
        else:
            c[out] += 1
            c[into] -= 1
    return hand


NANTONG_CLUE = 10
"""Shanten added per clue a walked Nantong hand contradicts (``discard_clues``): the walk
removes contradictions before it lowers the shanten. Basic's true hands never contradict them;
15% of the walked hands did without them, 1% with. Over 957 decisions of 27 basic-played deals
(two seeds, 16 rollouts), each candidate also played on the true hands with 24 re-shuffled
walls: the search's paired estimate correlated 0.17 with the true difference without the
clues, 0.24 with them (covariance 60 -> 91, of the true differences' own 193); its switches
(margin 2, 6 pairs) gained +0.04 a decision [-0.29, +0.36] without, +0.36 [+0.03, +0.69]
with."""


def _clue_measure(own: int | None, later: frozenset[int]
                  ) -> Callable[[tuple[int, ...]], float]:
    """A Nantong hand's shanten plus ``NANTONG_CLUE`` for each clue it breaks."""
    from .nantong import _shanten_changed, shanten

    def plus_one(c: tuple[int, ...], f: int) -> float:
        return _shanten_changed(c, f, 1)

    def measure(c: tuple[int, ...]) -> float:
        sh = shanten(c)
        return sh + NANTONG_CLUE * clues_broken(c, sh, own, later, plus_one)

    return measure


def _walk_opponents(game: Any, state: Any, seat: int, rng: random.Random,
                    walk: Callable[[int, list[int], int], list[int]]) -> Any:
    """``state`` with each walkable opponent's hand (between actions: a multiple of three plus
    one) replaced by ``walk(opponent, its cards and the wall, hand size)``, the rest of the
    pool as the wall; unchanged outside play and claims."""
    if state.phase != "play" and state.phase != "claim":
        return state
    hands = list(state.hands)
    wall = list(state.wall)
    changed = False
    for s in range(len(hands)):
        n = len(hands[s])
        if not _walkable(state, seat, s) or n % 3 != 1:
            continue
        pool = list(hands[s]) + wall
        hands[s], wall = _placed(walk(s, pool, n), pool, rng)
        changed = True
    return _redealt(game, state, seat, hands, wall) if changed else state


def _nantong_refine(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A re-dealt Nantong state made likelier: every opponent's hand as far from ready as a
    ``basic`` player's a little later (``NANTONG_SHARES``, ``NANTONG_AHEAD``), and ready when
    it declared ready (NT-3.6); uniform re-deals left opponents two to three exchanges behind.
    The walk also keeps to what the opponent's play since its last discard says
    (``discard_clues``)."""
    from .nantong import shanten  # late: the policies package imports this module

    def walk(s: int, pool: list[int], n: int) -> list[int]:
        target = 0 if state.ready[s] else _drawn_shanten(
            len(state.discards[s]) + NANTONG_AHEAD, rng, NANTONG_SHARES)
        own, later = discard_clues(state, s) if NANTONG_CLUE else (None, frozenset())
        measure = _clue_measure(own, later) if own is not None else shanten
        return _walk_down(pool, n, 30, measure, target, rng, NANTONG_TRIES)

    return _walk_opponents(game, state, seat, rng, walk)


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


def _paohuzi_refine(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A re-dealt Paohuzi state made likelier: every other hand improved by random exchanges
    with the stock (``PAOHUZI_STEPS``), never four alike in hand; the dealer keeps its shown
    card. An implausible result (the engine's own test) keeps the uniform re-deal."""
    if state.phase == "over":
        return state
    from .paohuzi import COMPLETE, worth
    from .paohuzi_clues import clues

    hands = list(state.hands)
    stock = list(state.stock)
    others = [s for s in range(len(hands)) if s != seat]
    keep = state.shown if state.dealer != seat and state.shown in state.hands[state.dealer] else None
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
        best = _walk_down(pool, len(own), 20, measure, -1e9, rng, steps)
        if said is not None and PAOHUZI_REPAIR:
            strict = functools.partial(measure, all_clues=True)
            best = _walk_down(pool, len(own), 20, strict, 0.0, rng, PAOHUZI_REPAIR, best)
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


def _mcr_refine(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A re-dealt MCR state made likelier: every opponent's hand as far from ready as a
    ``basic`` player's after as many discards (``MCR_SHARES``); flowers stay in the wall (a hand
    never holds one between actions). Uniform re-deals left opponents about two exchanges
    behind real ones from the sixth discard on."""
    from .mcr import _shanten

    def walk(s: int, pool: list[int], n: int) -> list[int]:
        concealed = all(m.concealed for m in state.melds[s])
        target = _drawn_shanten(len(state.discards[s]), rng, MCR_SHARES)
        return _walk_down([t for t in pool if t < 4 * NUM_FACES], n, NUM_FACES,
                          functools.partial(_shanten, concealed=concealed), target, rng,
                          MCR_TRIES)

    return _walk_opponents(game, state, seat, rng, walk)


Refiner = Callable[[Any, Any, int, random.Random], Any]
REFINERS: dict[str, Refiner] = {
    "mcr": _mcr_refine, "nantong": _nantong_refine, "paohuzi": _paohuzi_refine,
    "sichuan": _sichuan_refine}
"""Game name -> a re-dealt state's correction towards what the opponents' play reveals."""


@dataclass(frozen=True)
class Settings:
    """How hard ``strong`` searches."""

    budget_ms: float = DEFAULT_BUDGET_MS
    """Time per decision; ignored when ``rollouts`` is set."""
    rollouts: int | None = None
    """Fixed playouts per decision for the prior's choice and the challenger (the others get the
    first third of them): no clock read."""
    candidates: int = 3
    """How many of basic's ranked choices are searched."""
    margin: float = 2.0
    """Standard errors by which a candidate must beat the prior's choice to replace it. Paohuzi at
    1 switched 48 of 310 searched choices in the oracle check (``bench/strong_oracle.py``, +0.10
    a decision [-0.04, +0.24], against 13 and +0.01 at 2), but in the arena, on the same 100
    shuffles with 24 playouts, it gained +0.12 a deal [-0.18, +0.42] against +0.15 [-0.04,
    +0.35] at 2: the switches added spread, not gain."""
    min_pairs: int = 6
    """Paired results a candidate needs before it may replace the prior's choice (two equal
    results have no spread: any margin of standard errors would pass)."""


@dataclass
class Search:
    """What one decision's search did (for tests and tuning)."""

    candidates: list[dict]
    values: list[list[int]]
    chosen: int


def _faces(view: Any, out: dict[int, str]) -> dict[int, str]:
    """Every card id the view shows, with its face."""
    if isinstance(view, dict):
        if isinstance(view.get("id"), int) and isinstance(view.get("face"), str):
            out[view["id"]] = view["face"]
        for v in view.values():
            _faces(v, out)
    elif isinstance(view, list):
        for v in view:
            _faces(v, out)
    return out


def _signature(action: dict, faces: dict[int, str]) -> str:
    """The action with card ids replaced by faces: copies of a card are the same choice."""
    def face(x: Any) -> Any:
        if isinstance(x, bool):
            return x
        if isinstance(x, int):
            return faces.get(x, x)
        if isinstance(x, list):
            return sorted((face(y) for y in x), key=str)
        return x
    return json.dumps({k: face(v) if k in ("card", "cards", "bi") else v
                       for k, v in action.items()}, sort_keys=True)


def ranked(basic: Policy, view: dict, legal: list[dict], rng: random.Random,
           limit: int, first: dict | None = None) -> list[dict]:
    """Basic's ``limit`` best distinct choices, best first: its choice, then its choice without
    that one, and so on (in the list's order once basic cannot choose from what is left);
    ``first``, when given, comes before them all (the prior's choice)."""
    faces = _faces(view, {})
    left = list(legal)
    out: list[dict] = []
    seen: set[str] = set()
    if first is not None:
        seen.add(_signature(first, faces))
        out.append(first)
    while left and len(out) < limit:
        try:
            a = basic(view, left, rng)
        except (StopIteration, LookupError, ValueError):
            a = left[0]  # a list no real turn offers (a claim without pass): take them in order
        sig = _signature(a, faces)
        left = [b for b in left if _signature(b, faces) != sig]
        if sig not in seen:
            seen.add(sig)
            out.append(a)
    return out


def _light_view(game: Any, state: Any, seat: int) -> dict:
    """The seat's view without its event log: no ``basic`` reads the events, and rendering
    them (the whole deal's, at every step) took most of a playout's time."""
    return game.view(evolve(state, events=()), seat)


def playout(game: Any, state: Any, basic: Policy, rng: random.Random,
            deadline: float | None = None, own: tuple[int, Policy] | None = None
            ) -> list[int] | None:
    """Every seat plays ``basic`` to the end of the deal, but the seat of ``own`` (seat,
    policy) plays that policy: the deal's score deltas (None when ``perf_counter`` passes
    ``deadline`` first)."""
    while seats := game.to_act(state):
        if deadline is not None and time.perf_counter() > deadline:
            return None
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            policy = own[1] if own is not None and seat == own[0] else basic
            action = policy(_light_view(game, state, seat), legal, rng)
        state = game.apply(state, seat, action)
    result = game.result(state)
    assert result is not None
    return list(result["deltas"])


class StrongPolicy:
    """The ``strong`` policy of one game (module docstring)."""

    def __init__(self, game_name: str, basic: Policy, settings: Settings | None = None,
                 prior: Policy | None = None) -> None:
        self.game = get_game(game_name)
        self.sample = SAMPLERS[game_name]
        self.basic = basic
        self.prior = prior
        """The policy whose choice stands unless the search finds better, and which plays the
        searching seat's own rest of the deal in the playouts (None: ``basic``)."""
        self.settings = settings or Settings()
        self.refine = REFINERS.get(game_name)

    def __call__(self, view: dict, legal: list[dict], rng: random.Random) -> dict:
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if a["type"] == "win":  # taken, unless the prior passes it (Sichuan's may, SC-5.4)
                return a if self.prior is None else self.prior(view, legal, rng)
        found = self.search(view, legal, rng)
        return found.candidates[found.chosen]

    def search(self, view: dict, legal: list[dict], rng: random.Random) -> Search:
        """Rank, sample, play out; ``chosen`` indexes ``candidates``."""
        start = time.perf_counter()
        s = self.settings
        proposed = self.prior(view, legal, rng) if self.prior is not None else None
        cands = ranked(self.basic, view, legal, rng, s.candidates, proposed)
        values: list[list[int]] = [[] for _ in cands]
        if len(cands) == 1:
            return Search(cands, values, 0)
        seat = view["seat"]
        own = (seat, self.prior) if self.prior is not None else None
        try:
            base = self.sample(self.game, view, random.Random(rng.getrandbits(64)))
        except (Unsampleable, ValueError):
            return Search(cands, values, 0)  # nothing to search on: the prior's choice
        budget = SAFETY * s.budget_ms / 1000
        first = max(2, -(-s.rollouts // 3)) if s.rollouts is not None else None
        per_rollout = 0.0
        done = 0
        racing = list(range(len(cands)))
        while s.rollouts is None or done < s.rollouts:
            spent = time.perf_counter() - start
            if s.rollouts is None and spent + per_rollout * len(racing) > budget:
                break
            if len(racing) > 2 and (done == first if first is not None
                                    else done >= 2 and spent > budget / 3):
                racing = [0, self._challenger(values)]  # the rest of the budget on one duel
            deal_rng = random.Random(rng.getrandbits(64))
            deal = self.game.determinize(base, seat, deal_rng)
            if self.refine is not None:
                deal = self.refine(self.game, deal, seat, deal_rng)
            stream = rng.getrandbits(64)
            row: list[int] = []
            deadline = None if s.rollouts is not None else start + budget
            for i in racing:
                t0 = time.perf_counter()
                if deadline is not None and row and t0 + per_rollout > deadline:
                    break  # out of time mid-iteration: an unpaired result would mislead
                after = self.game.apply(deal, seat, cands[i])
                deltas = playout(self.game, after, self.basic, random.Random(stream), deadline,
                                 own)
                if deltas is None:
                    break  # the budget ran out inside a playout
                row.append(deltas[seat])
                took = time.perf_counter() - t0
                per_rollout = max(per_rollout * 0.8 + took * 0.2, took)
            if len(row) < len(racing):
                break
            for i, x in zip(racing, row, strict=True):
                values[i].append(x)
            done += 1
        return Search(cands, values, self._choice(values))

    @staticmethod
    def _paired(values: list[list[int]], i: int) -> list[int]:
        """Candidate ``i``'s results minus the first's (the prior's choice), on the deals both
        were played."""
        return [a - b for a, b in zip(values[i], values[0], strict=False)]

    def _challenger(self, values: list[list[int]]) -> int:
        """The candidate that did best against the prior's choice so far."""
        return max(range(1, len(values)),
                   key=lambda i: statistics.fmean(self._paired(values, i) or [0]))

    def _choice(self, values: list[list[int]]) -> int:
        """The prior's choice unless another beats it by ``margin`` standard errors (paired)."""
        best, best_mean = 0, 0.0
        for i in range(1, len(values)):
            diffs = self._paired(values, i)
            if len(diffs) < max(2, self.settings.min_pairs):
                continue
            mean = statistics.fmean(diffs)
            se = statistics.stdev(diffs) / math.sqrt(len(diffs))
            if mean > best_mean and mean > self.settings.margin * se:
                best, best_mean = i, mean
        return best


__all__ = ["SAMPLERS", "Search", "Settings", "StrongPolicy", "playout", "ranked"]

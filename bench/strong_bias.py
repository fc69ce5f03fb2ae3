"""How realistic strong's sampled deals are: at decisions of basic-played deals, the mean
playout value of basic's own choice over re-dealt (and refined) deals against its value in the
true deal. An unbiased sampler has the same mean; a better one correlates more.

    nice -n 10 /tmp/venv/bin/python -m bench.strong_bias paohuzi --deals 20 --set PAOHUZI_STEPS=8,6

``--shanten`` (MCR, Nantong, Sichuan) measures instead the opponents' mean shanten by discards made:
the true hands of basic players against their uniform and refined re-deals, and the shares of
each shanten (the refiners' tables, e.g. ``MCR_SHARES``, come from its "true" columns).

    nice -n 10 /tmp/venv/bin/python -m bench.strong_bias mcr --deals 25 --shanten

``--clues`` (Paohuzi) measures the share of opponent hands that break a clue of their owner's
play (``ai/policies/paohuzi_clues.py``): true, uniform and refined re-deals.

    nice -n 10 /tmp/venv/bin/python -m bench.strong_bias paohuzi --deals 20 --seed 11 --clues \
        --set PAOHUZI_CLUE=1000.0

(the clues are off by default: ``PAOHUZI_CLUE`` in ``ai/policies/paohuzi_refine.py`` says why).
"""
from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from ai.policies import POLICIES, REFINERS
from ai.policies.refine import walkable
from ai.policies.sichuan_refine import shanten_with_dead, split_dead
from ai.search import playout
from bench.decisions import basic_decisions
from engine import get_game


def _mcr_shanten(state: Any, s: int) -> int:
    from ai.policies.mcr_basic import _shanten

    return _shanten(_counts(state.hands[s], 34), all(m.concealed for m in state.melds[s]))


def _nantong_shanten(state: Any, s: int) -> int:
    from ai.policies.nantong_basic import shanten

    return shanten(_counts(state.hands[s], 30))


def _sichuan_shanten(state: Any, s: int) -> int:
    m = state.missing[s]
    if m is None:
        return 8
    c, dead = split_dead(state.hands[s], m)
    return shanten_with_dead(c, dead, not state.melds[s])


def _counts(hand: tuple[int, ...], faces: int) -> tuple[int, ...]:
    c = [0] * faces
    for t in hand:
        c[t >> 2] += 1
    return tuple(c)


HAND_SHANTEN: dict[str, Callable[[Any, int], int]] = {
    "mcr": _mcr_shanten, "nantong": _nantong_shanten, "sichuan": _sichuan_shanten}
"""Game name -> the shanten of seat ``s``'s hand in a state, as its ``basic`` reads it."""


def shanten_table(a: argparse.Namespace) -> None:
    """Mean shanten of the opponents' waiting hands (a tile short of a draw) by discards made,
    over every other decision: true, uniform re-deal, refined re-deal."""
    game = get_game(a.game)
    refine = REFINERS[a.game]
    measure = HAND_SHANTEN[a.game]
    rows: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for x in basic_decisions(a.game, a.deals, lambda d: a.seed * 7919 + d):
        state, seat = x.state, x.seat
        if x.step % 2 or state.phase not in ("play", "claim"):
            continue
        r = random.Random(x.step * 31 + x.deal)
        deal = game.determinize(game.sample(x.view, r), seat, r)
        refined = refine(game, deal, seat, r)
        for s in range(len(state.hands)):
            if walkable(state, seat, s) and len(state.hands[s]) % 3 == 1:
                rows[len(state.discards[s])].append(
                    (measure(state, s), measure(deal, s), measure(refined, s)))
    print(f"{a.game}: discards  true  uniform  refined  (hands)  shares of shanten 0, 1, 2, 3, "
          "4+: true | refined")
    for d in sorted(rows):
        true, uniform, ref = (statistics.fmean(v) for v in zip(*rows[d], strict=True))
        shares = [" ".join(f"{sum(min(r[k], 4) == v for r in rows[d]) / len(rows[d]):.2f}"
                           for v in range(5)) for k in (0, 2)]
        print(f"  {d:8d}  {true:5.2f}  {uniform:6.2f}  {ref:7.2f}  ({len(rows[d])})  "
              f"{shares[0]} | {shares[1]}")


def clue_table(a: argparse.Namespace) -> None:
    """Paohuzi: the share of opponent hands that break a clue of their owner's play
    (``ai/policies/paohuzi_clues.py``): true, uniform re-deal, refined re-deal; and the CPU
    time of a refine."""
    from ai.policies.paohuzi_clues import clues

    game = get_game("paohuzi")
    n = true = uniform = refined = refines = 0
    cpu = 0.0
    for x in basic_decisions("paohuzi", a.deals, lambda d: a.seed * 7919 + d):
        state, seat = x.state, x.seat
        if x.step % 2 or state.phase == "over":
            continue
        r = random.Random(x.step * 31 + x.deal)
        deal = game.determinize(game.sample(x.view, r), seat, r)
        t = time.process_time()
        new = REFINERS["paohuzi"](game, deal, seat, r)
        cpu += time.process_time() - t
        refines += 1
        for s in range(len(state.hands)):
            said = clues(game, state, s) if s != seat else None
            if said is not None:
                n += 1
                true += said.broken(state.hands[s]) > 0
                uniform += said.broken(deal.hands[s]) > 0
                refined += said.broken(new.hands[s]) > 0
    print(f"paohuzi {a.set or ''}: {n} opponent hands break a clue: true {true / n:.3f} "
          f"uniform {uniform / n:.3f} refined {refined / n:.3f}; "
          f"refine {1000 * cpu / max(1, refines):.1f} ms")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--samples", type=int, default=8)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--set", action="append", default=[],
                   help="NAME=a,b or NAME=a: a constant of the game's refiner")
    p.add_argument("--no-refine", action="store_true")
    p.add_argument("--shanten", action="store_true", help="the opponents' shanten by discards")
    p.add_argument("--clues", action="store_true", help="paohuzi: hands breaking a clue")
    a = p.parse_args()
    for item in a.set:
        name, value = item.split("=")
        values = tuple(float(x) if "." in x else int(x) for x in value.split(","))
        setattr(importlib.import_module(f"ai.policies.{a.game}_refine"), name,
                values if len(values) > 1 else values[0])
    if a.shanten:
        shanten_table(a)
        return
    if a.clues:
        clue_table(a)
        return
    game = get_game(a.game)
    basic = POLICIES[a.game]["basic"]
    refine = None if a.no_refine else REFINERS.get(a.game)
    est, tru = [], []
    for x in basic_decisions(a.game, a.deals, lambda d: a.seed * 7919 + d):
        state, seat, view, action, step, d = x.state, x.seat, x.view, x.action, x.step, x.deal
        if len(x.legal) > 1 and step % 3 == 0:
            r = random.Random(step * 31 + d)
            base = game.sample(view, r)
            xs = []
            for _ in range(a.samples):
                deal_rng = random.Random(r.getrandbits(64))
                deal = game.determinize(base, seat, deal_rng)
                if refine is not None:
                    deal = refine(game, deal, seat, deal_rng)
                out = playout(game, game.apply(deal, seat, action), basic,
                              random.Random(r.getrandbits(64)))
                assert out is not None
                xs.append(out[seat])
            true = playout(game, game.apply(state, seat, action), basic,
                           random.Random(step))
            assert true is not None
            est.append(statistics.fmean(xs))
            tru.append(true[seat])
    print(f"{a.game} {a.set or ''}{' no refine' if a.no_refine else ''}: {len(est)} decisions, "
          f"playout mean {statistics.fmean(est):+.3f} true mean {statistics.fmean(tru):+.3f} "
          f"corr {statistics.correlation(est, tru):.3f}")


if __name__ == "__main__":
    main()

"""How realistic strong's sampled deals are: at decisions of basic-played deals, the mean
playout value of basic's own choice over re-dealt (and refined) deals against its value in the
true deal. An unbiased sampler has the same mean; a better one correlates more.

    nice -n 10 /tmp/venv/bin/python -m bench.strong_bias paohuzi --deals 20 --set PAOHUZI_STEPS=8,6
"""
from __future__ import annotations

import argparse
import random
import statistics

from ai.policies import POLICIES, strong
from bench.decisions import basic_decisions
from engine import get_game


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--samples", type=int, default=8)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--set", action="append", default=[], help="NAME=a,b: a module constant")
    p.add_argument("--no-refine", action="store_true")
    a = p.parse_args()
    for item in a.set:
        name, value = item.split("=")
        setattr(strong, name, tuple(float(x) if "." in x else int(x) for x in value.split(",")))
    game = get_game(a.game)
    basic = POLICIES[a.game]["basic"]
    sample = strong.SAMPLERS[a.game]
    refine = None if a.no_refine else strong.REFINERS.get(a.game)
    est, tru = [], []
    for x in basic_decisions(a.game, a.deals, lambda d: a.seed * 7919 + d):
        state, seat, view, action, step, d = x.state, x.seat, x.view, x.action, x.step, x.deal
        if len(x.legal) > 1 and step % 3 == 0:
            r = random.Random(step * 31 + d)
            base = sample(game, view, r)
            xs = []
            for _ in range(a.samples):
                deal_rng = random.Random(r.getrandbits(64))
                deal = game.determinize(base, seat, deal_rng)
                if refine is not None:
                    deal = refine(game, deal, seat, deal_rng)
                out = strong.playout(game, game.apply(deal, seat, action), basic,
                                     random.Random(r.getrandbits(64)))
                assert out is not None
                xs.append(out[seat])
            true = strong.playout(game, game.apply(state, seat, action), basic,
                                  random.Random(step))
            assert true is not None
            est.append(statistics.fmean(xs))
            tru.append(true[seat])
    print(f"{a.game} {a.set or ''}{' no refine' if a.no_refine else ''}: {len(est)} decisions, "
          f"playout mean {statistics.fmean(est):+.3f} true mean {statistics.fmean(tru):+.3f} "
          f"corr {statistics.correlation(est, tru):.3f}")


if __name__ == "__main__":
    main()

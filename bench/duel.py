"""A policy given by ``module:function`` in one seat against ``basic`` in the others, measured as
the arena's ``--baseline basic`` does (every deal replayed with ``basic`` in that seat; the gain is
the seat's score difference, paired on the shuffle), without registering it as a level: for
trying a heuristic before it becomes part of a level. Win and deal-in rates are shares of deals:
the policy's seat, the ``basic`` seats beside it, and the seat replayed with ``basic`` (or
``--against``'s policy) in the same deals.

    nice -n 10 .venv/bin/python -m bench.duel mcr ai.policies.mcr_prior:prior --shuffles 500 --seed 9
"""
from __future__ import annotations

import argparse
import importlib
import math
import statistics
import sys
import time
from collections import defaultdict

from ai.arena import BotStats, deal_seed, play_deal, rotations
from ai.policies import POLICIES, Policy
from engine import get_game


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("policy", help="module:function, e.g. ai.policies.mcr_prior:prior")
    p.add_argument("--against", default=None, metavar="MODULE:FUNCTION",
                   help="replay with this policy in the seat instead of basic (the other seats "
                        "stay basic): the gain over another heuristic, e.g. a variant's over "
                        "the prior, is zero wherever the two agree")
    p.add_argument("--shuffles", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--every", type=int, default=50, help="print the running figures every N")
    a = p.parse_args()
    sys.path.insert(0, ".")

    def load(spec: str) -> Policy:
        module, _, name = spec.partition(":")
        return getattr(importlib.import_module(module), name)

    table = {a.game: dict(POLICIES[a.game], x=load(a.policy),
                          y=load(a.against) if a.against else POLICIES[a.game]["basic"])}
    n = get_game(a.game).players
    seats = ["x"] + ["basic"] * (n - 1)
    gains: list[float] = []
    stats: dict[str, BotStats] = defaultdict(BotStats)
    control: dict[str, BotStats] = defaultdict(BotStats)
    t0 = time.time()
    for d in range(a.shuffles):
        s = deal_seed(a.seed, d)
        g = []
        for r, levels in enumerate(rotations(seats)):
            tag = f"{a.seed}:{d}:{r}"
            got = play_deal(a.game, levels, s, tag, stats, table)["deltas"]
            i = levels.index("x")
            replay = ["y" if seat == i else "basic" for seat in range(n)]
            base = play_deal(a.game, replay, s, tag, control, table)["deltas"]
            g.append(got[i] - base[i])
        gains.append(statistics.fmean(g))
        if (d + 1) % a.every == 0 or d + 1 == a.shuffles:
            m = statistics.fmean(gains)
            h = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
            x, b, y = (stats["x"].summary(), stats["basic"].summary(),
                       control["y"].summary())
            print(f"{d + 1} shuffles: gain {m:+.3f} [{m - h:+.3f}, {m + h:+.3f}] a deal; "
                  f"win {100 * x['win_rate']:.1f}% (basic {100 * b['win_rate']:.1f}%, replayed "
                  f"{100 * y['win_rate']:.1f}%), deal-in {100 * x['deal_in_rate']:.1f}% (basic "
                  f"{100 * b['deal_in_rate']:.1f}%, replayed {100 * y['deal_in_rate']:.1f}%), "
                  f"cpu p99 {x['decision_ms_cpu_p99']:.1f} ms, illegal {x['illegal_actions']}, "
                  f"{time.time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()

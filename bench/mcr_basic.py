"""What MCR ``basic`` costs, since ``strong`` can only search as many playouts as it affords:
CPU per decision over basic-played deals, and CPU per playout of a whole deal (the playouts
``strong`` runs, with ``ai.search.playout``), with the policy's share of it.

    nice -n 10 /tmp/venv/bin/python -m bench.mcr_basic --deals 30

Before the part readings of ``ai/policies/mcr_basic.py`` (22c6295): decisions 1.19 ms mean,
p99 4.87; a deal 108 ms, the policy 86% of it. After: 0.26 ms, p99 1.6; a deal 29 ms, the
policy 54% (the rest is the engine: applying actions, rendering views, listing legal actions).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from ai.policies import POLICIES
from ai.search import playout
from engine import get_game


def _p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * 0.99))]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--deals", type=int, default=30)
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args()
    game = get_game("mcr")
    basic = POLICIES["mcr"]["basic"]

    cpu: list[float] = []
    for d in range(a.deals):  # the deals basic plays, with the full view the service renders
        state = game.new_deal(a.seed * 1000 + d)
        rng = random.Random(d)
        while seats := game.to_act(state):
            legal = game.legal_actions(state, seats[0])
            view = game.view(state, seats[0])
            t = time.process_time()
            action = basic(view, legal, rng)
            if len(legal) > 1:
                cpu.append(time.process_time() - t)
            state = game.apply(state, seats[0], action)
    print(f"decisions {len(cpu)} (more than one legal action): cpu ms mean "
          f"{1000 * statistics.fmean(cpu):.3f} p99 {1000 * _p99(cpu):.3f}")

    in_policy = [0.0]

    def timed(view: dict, legal: list[dict], rng: random.Random) -> dict[str, Any]:
        t = time.process_time()
        try:
            return basic(view, legal, rng)
        finally:
            in_policy[0] += time.process_time() - t

    deal_cpu: list[float] = []
    for d in range(a.deals):  # other shuffles than the decisions': the caches start cold-ish
        state = game.new_deal(a.seed * 1000 + 500 + d)
        t = time.process_time()
        playout(game, state, timed, random.Random(d))
        deal_cpu.append(time.process_time() - t)
    total = sum(deal_cpu)
    print(f"playouts {len(deal_cpu)}: cpu ms per deal mean {1000 * statistics.fmean(deal_cpu):.1f}"
          f" p99 {1000 * _p99(deal_cpu):.1f}; policy share {in_policy[0] / total:.0%}")


if __name__ == "__main__":
    main()

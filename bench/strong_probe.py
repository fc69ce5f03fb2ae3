"""Probe strong's search on real decisions: iterations per decision, how often it overrules
its prior's choice, per game.

    nice -n 10 /tmp/venv/bin/python bench/strong_probe.py sichuan --ms 300 --deals 2
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from ai.policies import PRIORS, Settings, strong_policy
from bench.decisions import basic_decisions, searched


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("--ms", type=float, default=300)
    p.add_argument("--rollouts", type=int)
    p.add_argument("--deals", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--margin", type=float, default=2.0)
    a = p.parse_args()
    pol = strong_policy(a.game, Settings(budget_ms=a.ms, rollouts=a.rollouts, margin=a.margin),
                        PRIORS.get(a.game))
    iters: list[int] = []
    times: list[float] = []
    switches, searches = 0, 0
    kinds: dict[str, int] = {}
    for x in basic_decisions(a.game, a.deals, lambda d: a.seed * 1000 + d):
        if x.seat == 0 and searched(x):
            t = time.perf_counter()
            s = pol.search(x.view, x.legal, random.Random(x.deal))
            times.append(time.perf_counter() - t)
            n = len(s.values[0])
            iters.append(n)
            searches += 1
            k = s.candidates[0]["type"]
            kinds[k] = kinds.get(k, 0) + 1
            if s.chosen:
                switches += 1
                diffs = [u - v for u, v in zip(s.values[s.chosen], s.values[0], strict=True)]
                how = f"mean {statistics.fmean(diffs):.2f} n {len(diffs)}"
                print(f"switch {s.candidates[0]} -> {s.candidates[s.chosen]} {how}")
    print(f"{a.game}: searches {searches} switches {switches} kinds {kinds}")
    print(f"iters mean {statistics.fmean(iters):.1f} min {min(iters)} max {max(iters)}; "
          f"ms mean {1000 * statistics.fmean(times):.0f} max {1000 * max(times):.0f}")


if __name__ == "__main__":
    main()

"""Probe strong's search on real decisions: iterations per decision, how often it overrules
basic, and (optionally) whether the overrule gains, per game.

    nice -n 10 /tmp/venv/bin/python bench/strong_probe.py sichuan --ms 300 --deals 2
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from ai.policies import POLICIES, Settings
from ai.policies.strong import StrongPolicy
from engine import get_game


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("--ms", type=float, default=300)
    p.add_argument("--rollouts", type=int)
    p.add_argument("--deals", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--margin", type=float, default=2.0)
    a = p.parse_args()
    game = get_game(a.game)
    basic = POLICIES[a.game]["basic"]
    pol = StrongPolicy(a.game, basic, Settings(budget_ms=a.ms, rollouts=a.rollouts,
                                                  margin=a.margin))
    iters, times, switches, searches, kinds = [], [], 0, 0, {}
    for d in range(a.deals):
        state = game.new_deal(a.seed * 1000 + d)
        rng = random.Random(d)
        while seats := game.to_act(state):
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            action = basic(view, legal, rng)
            if seat == 0 and len(legal) > 1 and not any(x["type"] == "win" for x in legal):
                t = time.perf_counter()
                s = pol.search(view, legal, random.Random(d))
                times.append(time.perf_counter() - t)
                n = len(s.values[0])
                iters.append(n)
                searches += 1
                k = s.candidates[0]["type"]
                kinds[k] = kinds.get(k, 0) + 1
                if s.chosen:
                    switches += 1
                    diffs = [x - y for x, y in zip(s.values[s.chosen], s.values[0],
                                                   strict=True)]
                    how = (f"mean {statistics.fmean(diffs):.2f} n {len(diffs)}" if diffs
                           else "defence")
                    print(f"switch {s.candidates[0]} -> {s.candidates[s.chosen]} {how}")
            state = game.apply(state, seat, action)
    print(f"{a.game}: searches {searches} switches {switches} kinds {kinds}")
    print(f"iters mean {statistics.fmean(iters):.1f} min {min(iters)} max {max(iters)}; "
          f"ms mean {1000 * statistics.fmean(times):.0f} max {1000 * max(times):.0f}")


if __name__ == "__main__":
    main()

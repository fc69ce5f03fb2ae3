"""Whether strong's defensive switches gain in the true deal: over basic-played deals, at every
discard where ``defence`` picks a safer discard than basic's, both are played out by basic from
the true state; prints the switches and the mean true gain with its 95% interval.

    nice -n 10 /tmp/venv/bin/python -m bench.defence_check sichuan --deals 30 --margin 1
"""
from __future__ import annotations

import argparse
import math
import random
import statistics

from ai.policies import POLICIES, Settings
from ai.policies.strong import StrongPolicy, playout
from bench.decisions import basic_decisions
from engine import get_game


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("--deals", type=int, default=30)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--margin", type=int, default=1)
    p.add_argument("--samples", type=int, default=24)
    a = p.parse_args()
    game = get_game(a.game)
    basic = POLICIES[a.game]["basic"]
    pol = StrongPolicy(a.game, basic, Settings(rollouts=0, defence_margin=a.margin,
                                                  defence_samples=a.samples))
    gains: list[int] = []
    discards = 0
    for x in basic_decisions(a.game, a.deals, lambda d: a.seed * 10007 + d):
        if x.action["type"] == "discard" and len(x.legal) > 1:
            discards += 1
            s = pol.search(x.view, x.legal, random.Random(x.step))
            if s.chosen:
                outs = [playout(game, game.apply(x.state, x.seat, c), basic, random.Random(0))
                        for c in (x.action, s.candidates[s.chosen])]
                g = outs[1][x.seat] - outs[0][x.seat]  # type: ignore[index]
                gains.append(g)
    n = len(gains)
    mean = statistics.fmean(gains) if gains else 0.0
    half = 1.96 * statistics.stdev(gains) / math.sqrt(n) if n > 1 else 0.0
    print(f"{a.game} margin {a.margin}: {discards} discards, {n} defensive switches, true gain "
          f"per switch {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}], total {sum(gains):+d}")


if __name__ == "__main__":
    main()

"""A policy given by ``module:function`` in one seat against ``basic`` in the others, measured as
the arena's ``--baseline basic`` does (every deal replayed with ``basic`` in that seat; the gain is
the seat's score difference, paired on the shuffle), without registering it as a level: for
trying a heuristic before it becomes part of a level. Win and deal-in rates are shares of deals:
the policy's seat, the ``basic`` seats beside it, and the seat replayed with ``basic`` (or
``--against``'s policy) in the same deals.

    nice -n 10 .venv/bin/python -m bench.duel mcr ai.policies.mcr_prior:prior \
        --shuffles 500 --seed 9
"""
from __future__ import annotations

import argparse
import importlib
import math
import statistics
import sys
import time
from collections import defaultdict, deque
from collections.abc import Iterator
from dataclasses import dataclass, field

from ai.arena import BotStats, deal_seed, play_deal, rotations
from ai.policies import POLICIES, Policy
from engine import get_game


@dataclass
class Duel:
    """The running figures of a duel: the gain a shuffle (its deals' mean), and the seat's, the
    ``basic`` seats' and the replayed seat's statistics."""

    gains: list[float] = field(default_factory=list)
    stats: dict[str, BotStats] = field(default_factory=lambda: defaultdict(BotStats))
    control: dict[str, BotStats] = field(default_factory=lambda: defaultdict(BotStats))

    def interval(self) -> tuple[float, float]:
        """The mean gain and the half-width of its 95% interval."""
        m = statistics.fmean(self.gains)
        n = len(self.gains)
        return m, (1.96 * statistics.stdev(self.gains) / math.sqrt(n) if n > 1 else 0.0)


def load(spec: str) -> Policy:
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def duel(game: str, x: Policy, y: Policy | None, shuffles: int, seed: int) -> Iterator[Duel]:
    """Play ``shuffles`` shuffles (every rotation of ``x`` among ``basic`` seats, each deal
    replayed with ``y`` in its seat, ``basic`` when None); yields the figures after each."""
    table = {game: dict(POLICIES[game], x=x, y=y or POLICIES[game]["basic"])}
    n = get_game(game).players
    seats = ["x"] + ["basic"] * (n - 1)
    out = Duel()
    for d in range(shuffles):
        s = deal_seed(seed, d)
        g = []
        for r, levels in enumerate(rotations(seats)):
            tag = f"{seed}:{d}:{r}"
            got = play_deal(game, levels, s, tag, out.stats, table)["deltas"]
            i = levels.index("x")
            replay = ["y" if seat == i else "basic" for seat in range(n)]
            base = play_deal(game, replay, s, tag, out.control, table)["deltas"]
            g.append(got[i] - base[i])
        out.gains.append(statistics.fmean(g))
        yield out


def final(game: str, x: Policy, y: Policy | None, shuffles: int, seed: int) -> Duel:
    """The figures of the whole duel (``duel``)."""
    return deque(duel(game, x, y, shuffles, seed), maxlen=1)[0]


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
    t0 = time.time()
    y = load(a.against) if a.against else None
    for out in duel(a.game, load(a.policy), y, a.shuffles, a.seed):
        d = len(out.gains)
        if d % a.every == 0 or d == a.shuffles:
            m, h = out.interval()
            x, b, c = (out.stats["x"].summary(), out.stats["basic"].summary(),
                       out.control["y"].summary())
            print(f"{d} shuffles: gain {m:+.3f} [{m - h:+.3f}, {m + h:+.3f}] a deal; "
                  f"win {100 * x['win_rate']:.1f}% (basic {100 * b['win_rate']:.1f}%, replayed "
                  f"{100 * c['win_rate']:.1f}%), deal-in {100 * x['deal_in_rate']:.1f}% (basic "
                  f"{100 * b['deal_in_rate']:.1f}%, replayed {100 * c['deal_in_rate']:.1f}%), "
                  f"cpu p99 {x['decision_ms_cpu_p99']:.1f} ms, illegal {x['illegal_actions']}, "
                  f"{time.time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()

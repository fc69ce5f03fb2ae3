"""Time ``game.hints(state, seat)``, which the hints panel fetches on every new version of a
table (GET /api/matches/{id}/hints), over the decisions of random deals: each seat to act,
at each step. Prints per game the calls and the mean, median, 95th percentile and worst
time in milliseconds (CPU time of this process; the engine's caches warm up as a server's
would). A measurement to read, not a test.

    nice -n 10 .venv/bin/python -m bench.hints --deals 10
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from engine import GAMES
from engine.core.playout import random_playout


def timings(name: str, deals: int, seed: int) -> list[float]:
    """Milliseconds of each hints call, for every seat to act before each decision."""
    game = GAMES[name]
    out: list[float] = []

    def step(before: Any, *_: Any) -> None:
        for s in game.to_act(before):
            t = time.process_time()
            game.hints(before, s)
            out.append(1000 * (time.process_time() - t))

    for d in range(deals):
        random_playout(game, seed * 1000 + d, random.Random(d), on_step=step)
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("games", nargs="*", default=sorted(GAMES))
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    for name in a.games:
        ms = timings(name, a.deals, a.seed)
        q = statistics.quantiles(ms, n=20)
        print(f"{name:8} {len(ms):5} calls  mean {statistics.fmean(ms):6.2f} ms  "
              f"median {statistics.median(ms):6.2f}  p95 {q[18]:6.2f}  max {max(ms):7.2f}")


if __name__ == "__main__":
    main()

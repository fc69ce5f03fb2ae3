"""Reference rate for random self-play: RLCard's mahjong with a RandomAgent in every seat.

Needs ``pip install rlcard`` (not a project dependency; use a throwaway venv, e.g.
``python3 -m venv /tmp/rlvenv && /tmp/rlvenv/bin/pip install rlcard``), then
``/tmp/rlvenv/bin/python bench/rlcard_reference.py --seconds 20``.
Compare its games/s with ``bench/engine.py``'s deals/s for sichuan: both are full deals of
four-player mahjong played by uniformly random legal agents, on one core.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np
import rlcard
from rlcard.agents import RandomAgent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to play (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seeds numpy and the env")
    parser.add_argument("--json", action="store_true", help="print a JSON object instead")
    args = parser.parse_args()
    np.random.seed(args.seed)  # RandomAgent draws from numpy's global stream
    env = rlcard.make("mahjong", config={"seed": args.seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    games = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < args.seconds:
        env.run(is_training=False)
        games += 1
    rate = games / elapsed
    if args.json:
        print(json.dumps({"rlcard": rlcard.__version__, "games": games,
                          "seconds": round(elapsed, 3), "games_per_s": round(rate, 1)}))
    else:
        print(f"rlcard {rlcard.__version__} mahjong: {rate:.1f} games/s ({games} games in {elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

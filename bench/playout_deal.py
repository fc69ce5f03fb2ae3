"""CPU per whole-deal playout (``ai.search.playout``, every seat ``basic``) of a game, after a
warm-up that fills the caches as a search's first playouts do, and a digest of every deal's
score deltas: a speed-up must leave the digest unchanged.

    nice -n 10 .venv/bin/python -m bench.playout_deal mcr --deals 60
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import time

from ai.policies import POLICIES
from ai.search import playout
from engine import get_game


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("--deals", type=int, default=60)
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args()
    game = get_game(a.game)
    basic = POLICIES[a.game]["basic"]
    for d in range(a.deals):  # warm-up: other shuffles
        playout(game, game.new_deal(a.seed * 1000 + 500 + d), basic, random.Random(d))
    digest = hashlib.sha256()
    cpu: list[float] = []
    for d in range(a.deals):
        t = time.process_time()
        deltas = playout(game, game.new_deal(a.seed * 1000 + d), basic, random.Random(d))
        cpu.append(time.process_time() - t)
        digest.update(json.dumps(deltas).encode())
    print(f"{a.game}: {a.deals} deals, cpu ms per deal mean {1000 * statistics.fmean(cpu):.2f} "
          f"median {1000 * statistics.median(cpu):.2f}, digest {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()

"""Engine throughput under random legal self-play, per game.

Run by hand, not in CI: ``python bench/engine.py [--game sichuan] [--seconds 10 | --deals N] [--json]``.
Reports deals/s, decisions/s (``apply`` calls per second), mean decisions per deal, and how the
time splits between ``legal_actions`` and ``apply`` (the rest is ``to_act``, the random choice and
dealing), so a slowdown can be pinned on the part that grew.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES, get_game
from engine.core.protocol import Game


def bench_game(game: Game, seconds: float | None, deals: int | None) -> dict[str, Any]:
    """Play seeds 0, 1, 2... until the time or deal budget is spent; time each part."""
    clock = time.perf_counter
    t_legal = t_apply = 0.0
    decisions = played = 0
    start = clock()
    while True:
        if deals is not None and played >= deals:
            break
        if deals is None and seconds is not None and clock() - start >= seconds:
            break
        rng = random.Random(played)
        state = game.new_deal(played)
        while seats := game.to_act(state):
            seat = seats[0] if len(seats) == 1 else rng.choice(seats)
            t0 = clock()
            legal = game.legal_actions(state, seat)
            t1 = clock()
            action = rng.choice(legal)
            t2 = clock()
            state = game.apply(state, seat, action)
            t3 = clock()
            t_legal += t1 - t0
            t_apply += t3 - t2
            decisions += 1
        played += 1
    elapsed = clock() - start
    return {
        "game": game.name,
        "deals": played,
        "seconds": round(elapsed, 3),
        "deals_per_s": round(played / elapsed, 1),
        "decisions_per_s": round(decisions / elapsed, 1),
        "decisions_per_deal": round(decisions / played, 1) if played else 0.0,
        "legal_actions_share": round(t_legal / elapsed, 3),
        "apply_share": round(t_apply / elapsed, 3),
        "legal_actions_us": round(1e6 * t_legal / decisions, 1) if decisions else 0.0,
        "apply_us": round(1e6 * t_apply / decisions, 1) if decisions else 0.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="one registered game (default: all)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=10.0, help="time per game (default 10)")
    budget.add_argument("--deals", type=int, help="a fixed number of deals per game instead")
    parser.add_argument("--json", action="store_true", help="print one JSON list instead")
    args = parser.parse_args()
    games = [get_game(args.game)] if args.game else list(GAMES.values())
    rows = []
    for game in games:
        row = bench_game(game, None if args.deals else args.seconds, args.deals)
        rows.append(row)
        if not args.json:
            print(
                f"{row['game']}: {row['deals_per_s']} deals/s, {row['decisions_per_s']} decisions/s,"
                f" {row['decisions_per_deal']} decisions/deal ({row['deals']} deals in"
                f" {row['seconds']} s; legal_actions {row['legal_actions_us']} us"
                f" = {row['legal_actions_share']:.0%}, apply {row['apply_us']} us"
                f" = {row['apply_share']:.0%} of the time)",
                flush=True,
            )
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What a deal's review costs: per game, deals played with seat 0 by ``basic`` (and the others
by ``basic``), seeds 1..N, each reviewed for seat 0 with the reviewer's default settings
(``ai.review.settings_for``), timed in CPU seconds of one process, as the review's worker
process runs it. Prints one JSON line per game: decisions per deal, CPU seconds per deal (mean,
max), shares matched and flagged. ``--level random`` or ``strong`` plays seat 0 otherwise.

    nice .venv/bin/python -m bench.review_cost --deals 5 > bench/results/review-cost.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from ai.policies import registry
from ai.review import evaluate, settings_for
from ai.search import Settings
from engine import GAMES, get_game
from server.review import decisions


def play(game_name: str, seed: int, level: str) -> list[tuple[int, int, str]]:
    """A deal (dealer 0, default options) with seat 0 at ``level``, the others ``basic``;
    ``strong`` searches with the reviewer's playouts (fixed: no clock)."""
    game = get_game(game_name)
    policies = registry(Settings(rollouts=settings_for(game_name).rollouts))[game_name]
    state = game.new_deal(seed, 0, game.options(None), 0)
    rng = random.Random(seed)
    actions = []
    while seats := game.to_act(state):
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        policy = policies[level if seat == 0 else "basic"]
        action = legal[0] if len(legal) == 1 else policy(game.view(state, seat), legal, rng)
        actions.append((len(actions) + 1, seat, json.dumps(action)))
        state = game.apply(state, seat, action)
    return actions


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--level", default="basic")
    parser.add_argument("--games", nargs="*", default=sorted(GAMES))
    args = parser.parse_args()
    for name in args.games:
        game = get_game(name)
        settings = settings_for(name)
        cpu, counts, matched, flagged = [], [], 0, 0
        for seed in range(1, args.deals + 1):
            actions = play(name, seed, args.level)
            turns = decisions(name, seed, 0, game.options(None), 0, actions, 0)
            t0 = time.process_time()
            for turn in turns:
                found = evaluate(name, turn.view, turn.legal, turn.played,
                                 f"{seed}/{turn.version}/0", settings)
                matched += found["matched"]
                flagged += found["flagged"]
            cpu.append(time.process_time() - t0)
            counts.append(len(turns))
        print(json.dumps({"game": name, "level": args.level, "deals": args.deals,
                          "rollouts": settings.rollouts,
                          "decisions_mean": statistics.fmean(counts), "decisions_max": max(counts),
                          "cpu_s_mean": round(statistics.fmean(cpu), 2),
                          "cpu_s_max": round(max(cpu), 2),
                          "cpu_s_per_decision": round(sum(cpu) / max(1, sum(counts)), 3),
                          "matched_share": round(matched / max(1, sum(counts)), 3),
                          "flagged_share": round(flagged / max(1, sum(counts)), 3)}), flush=True)


if __name__ == "__main__":
    main()

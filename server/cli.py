"""The ``paiju`` command: list the games and play a random self-play deal from a seed.

A quick way to check an install and to reproduce a deal by seed without a server.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence


def _games(_: argparse.Namespace) -> int:
    from engine import GAMES

    for name, game in GAMES.items():
        print(f"{name}\t{game.players} players\t{game.title}\t{game.description}")
    return 0


def _selfplay(args: argparse.Namespace) -> int:
    from engine import UnknownGame, get_game
    from engine.core.playout import random_playout

    try:
        game = get_game(args.game)
    except UnknownGame as exc:
        print(f"paiju: {exc.message}", file=sys.stderr)
        return 2
    # The choices stream is seeded from the deal seed so one number reproduces the whole deal.
    state, _steps = random_playout(game, args.seed, random.Random(args.seed))
    print(json.dumps(game.result(state), indent=2, ensure_ascii=False))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="paiju", description="paiju: Chinese tile and card games (engine tools for now)."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    games = sub.add_parser("games", help="list the registered games")
    games.set_defaults(run=_games)
    selfplay = sub.add_parser("selfplay", help="play one deal with random legal actions")
    selfplay.add_argument("--game", required=True, help="registered game name, e.g. sichuan")
    selfplay.add_argument("--seed", type=int, required=True, help="deal seed (also seeds the choices)")
    selfplay.set_defaults(run=_selfplay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``paiju`` console script."""
    args = _parser().parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())

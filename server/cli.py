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


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    uvicorn.run("server.app:app", host=args.host, port=args.port, log_level=args.log_level,
                workers=args.workers)
    return 0


def _ai(args: argparse.Namespace) -> int:
    import asyncio
    import contextlib
    import logging
    import os

    from ai.service import KEY_ENV, KeyRefused, run_standalone

    key = os.environ.get(KEY_ENV, "")
    if not key:
        print(f"paiju: set {KEY_ENV} to the server's AI service key (the server's own "
              f"{KEY_ENV}, or what 'paiju ai-key' prints where the server runs)",
              file=sys.stderr)
        return 2
    if args.capacity < 1:
        print("paiju: --capacity must be positive", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request otherwise
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run_standalone(args.server, key, args.feed, args.capacity))
    except KeyRefused as exc:
        print(f"paiju: {exc}: check {KEY_ENV}", file=sys.stderr)
        return 3
    return 0


def _ai_key(_: argparse.Namespace) -> int:
    from .app import ai_key
    from .settings import get_settings
    from .store import Store, make_engine

    settings = get_settings()
    print(ai_key(settings, Store(make_engine(settings.database_url))))
    return 0


def _arena(args: argparse.Namespace) -> int:
    import asyncio

    from ai.arena import render, run
    from ai.arena_ws import WS, run_ws
    from ai.policies import Settings

    seats = [s.strip() for s in args.seats.split(",")]
    strong = None
    if args.strong_steps is not None and args.strong_rollouts is None:
        print("paiju: --strong-steps caps --strong-rollouts: give both", file=sys.stderr)
        return 2
    if args.strong_ms is not None or args.strong_rollouts is not None:
        if (args.strong_ms is not None and args.strong_ms <= 0) or (
                args.strong_rollouts is not None and args.strong_rollouts < 1) or (
                args.strong_steps is not None and args.strong_steps < 1):
            print("paiju: --strong-ms, --strong-rollouts and --strong-steps must be positive",
                  file=sys.stderr)
            return 2
        strong = Settings(budget_ms=args.strong_ms or Settings().budget_ms,
                          rollouts=args.strong_rollouts, max_steps=args.strong_steps)

    try:
        options = json.loads(args.options) if args.options is not None else None
    except json.JSONDecodeError as exc:
        print(f"paiju: --options is not JSON ({exc}): {args.options}", file=sys.stderr)
        return 2

    def announce(line: dict) -> None:
        print(json.dumps(line), flush=True)

    bots = _botzone_seats(seats, args)
    try:
        if WS in seats or bots:
            if args.baseline:
                raise ValueError("--baseline replays deals in-process: not with a 'ws' seat")
            if args.jobs != 1:
                raise ValueError("--jobs plays deals in worker processes: not with a 'ws' seat")
            from .app import serving

            report = asyncio.run(run_ws(args.game, seats, args.deals, args.seed, announce,
                                        serving, strong=strong, host=args.ws_host,
                                        port=args.ws_port, timeout=args.ws_timeout, bots=bots,
                                        options=options))
        else:
            def progress(done: int) -> None:
                if args.progress and (done % args.progress == 0 or done == args.deals):
                    print(f"{done}/{args.deals} shuffles", file=sys.stderr, flush=True)

            report = run(args.game, seats, args.deals, args.seed, strong, progress,
                         args.baseline, args.jobs, options)
    except ValueError as exc:
        print(f"paiju: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2) if args.json else render(report), flush=True)
    return 0


def _botzone_seats(seats: list[str], args: argparse.Namespace) -> dict:
    """The arena's ``botzone:CMD`` seats: each played by the Botzone bridge running CMD."""
    from ai.botzone.bridge import BOTZONE, arena_bot

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    return {s: arena_bot(s[len(BOTZONE):], args.botzone_io, args.botzone_timeout, log)
            for s in seats if s.startswith(BOTZONE)}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="paiju", description="paiju: Chinese tile and card games: server, AI, engine tools."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    games = sub.add_parser("games", help="list the registered games")
    games.set_defaults(run=_games)
    selfplay = sub.add_parser("selfplay", help="play one deal with random legal actions")
    selfplay.add_argument("--game", required=True, help="registered game name, e.g. sichuan")
    selfplay.add_argument("--seed", type=int, required=True, help="deal seed (also seeds the choices)")
    selfplay.set_defaults(run=_selfplay)
    serve = sub.add_parser("serve", help="run the server: API, web table, in-process AI")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--log-level", default="info")
    serve.add_argument("--workers", type=int, default=1,
                       help="worker processes (several need PAIJU_REDIS_URL so that every "
                            "worker hears every change; each runs the in-process AI unless "
                            "PAIJU_AI_IN_PROCESS=0)")
    serve.set_defaults(run=_serve)
    ai = sub.add_parser("ai", help="run the AI service on its own, against a running server, "
                                   "with only the AI service key in PAIJU_AI_KEY (start the "
                                   "server with PAIJU_AI_IN_PROCESS=0; see docs/ai-service.md)")
    ai.add_argument("--server", default="http://127.0.0.1:8000")
    ai.add_argument("--feed", choices=("auto", "ws", "rest"), default="auto",
                    help="hear of AI turns over the WebSocket feed, the long poll, or the "
                         "WebSocket falling back to the long poll (default)")
    ai.add_argument("--capacity", type=int, default=8,
                    help="turns played at once (default 8)")
    ai.set_defaults(run=_ai)
    ai_key = sub.add_parser("ai-key", help="print the AI service key the server at "
                                           "PAIJU_DATABASE_URL accepts (PAIJU_AI_KEY, or the one "
                                           "it made and keeps in the database)")
    ai_key.set_defaults(run=_ai_key)
    arena = sub.add_parser("arena", help="measure AI levels on duplicate deals")
    arena.add_argument("--game", required=True)
    arena.add_argument("--seats", required=True,
                       help="levels per seat, e.g. strong,basic,random,random; 'ws' for an "
                            "external bot joining over the WebSocket (see docs/bots.md); "
                            "'botzone:CMD' for a program speaking Botzone's MCR protocol, run by "
                            "the arena (docs/botzone.md; CMD without commas)")
    arena.add_argument("--deals", type=int, default=100, help="shuffles (each played once per "
                                                              "rotation of the seats)")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--json", action="store_true")
    arena.add_argument("--options", default=None, metavar="JSON",
                       help="house-rule options every deal is played under, as a match is "
                            "created with them, e.g. '{\"flowers\": false}' "
                            "(rules/options.md; GET /api/games lists each game's)")
    arena.add_argument("--baseline", default=None, metavar="LEVEL",
                       help="also replay every deal with each other bot's seats played by LEVEL "
                            "and report its gain over LEVEL (paired seat by seat); several "
                            "levels joined by commas, e.g. basic,prior")
    arena.add_argument("--jobs", type=int, default=1, metavar="N",
                       help="worker processes sharing the shuffles (the statistics are the "
                            "same as with one, timings aside), e.g. the machine's cores")
    arena.add_argument("--progress", type=int, default=0, metavar="N",
                       help="report on standard error every N shuffles")
    arena.add_argument("--strong-ms", type=float, default=None,
                       help="the strong level's time per decision (default 1000 ms)")
    arena.add_argument("--strong-rollouts", type=int, default=None,
                       help="the strong level searches exactly this many rollouts per candidate "
                            "instead of a time budget: reproducible statistics")
    arena.add_argument("--strong-steps", type=int, default=None, metavar="N",
                       help="with --strong-rollouts: at most about N engine steps over one "
                            "decision's playouts, a reproducible cap on the slowest decisions "
                            "(those whose playouts are long)")
    arena.add_argument("--ws-host", default="127.0.0.1", help="where the arena's server listens "
                                                              "for a 'ws' seat's bot")
    arena.add_argument("--ws-port", type=int, default=0, help="its port (default: a free one)")
    arena.add_argument("--ws-timeout", type=float, default=300.0,
                       help="seconds to wait for the bot's move before giving up")
    arena.add_argument("--botzone-io", choices=("simple", "json"), default="simple",
                       help="the I/O form of 'botzone:CMD' seats (default simple)")
    arena.add_argument("--botzone-timeout", type=float, default=5.0,
                       help="seconds a 'botzone:CMD' seat's program may take per decision")
    arena.set_defaults(run=_arena)
    from ai.botzone.bot import add_parser as add_botzone_bot
    from ai.botzone.bridge import add_parser as add_botzone

    add_botzone_bot(sub)
    add_botzone(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``paiju`` console script."""
    args = _parser().parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())

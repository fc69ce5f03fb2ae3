"""``paiju botzone-bot``: paiju's MCR AI as a program for Botzone's Chinese Standard Mahjong.

Botzone runs the program once per turn with the whole history on standard input (simple or
JSON I/O, ``ai/botzone/protocol.py``). The program rebuilds its seat's position as a paiju MCR
state (``ai/botzone/replay.py``), asks ``ai.policies.choose("mcr", level, view, legal, rng)``
and prints the answer in Botzone's words:

========================  ==========================
paiju action              Botzone response
========================  ==========================
discard                   ``PLAY c``
concealed_kong            ``GANG c``
added_kong                ``BUGANG c``
win                       ``HU``
kong (claim)              ``GANG``
pung (claim)              ``PENG c``: ``c`` is the policy's discard after the pung
chow (claim)              ``CHI m c``: ``m`` the chow's middle tile, ``c`` as for ``PENG``
pass                      ``PASS``
========================  ==========================

Requests that need no decision (turns 1 and 2, another seat's draw, flower or kong, the echo of
the bot's own move) are answered ``PASS`` without asking the policy.

Determinism: the policy's rng for the decision of turn ``n`` is ``decision_rng(seed, n)``
(``random.Random(f"{seed}:{n}")``) and, for the discard that completes a pung or chow claim,
``decision_rng(seed, n, after_claim=True)``; what the seat cannot see is dealt from
``random.Random(f"{seed}:{n}:deal")``. A bridge that plays the same policy in-process can so
give it the same streams.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from .protocol import PASS, ProtocolError, Response, format_output, format_response, read_input

LEVELS = ("random", "basic", "strong")


def decision_rng(seed: int, turn: int, after_claim: bool = False) -> random.Random:
    """The policy's rng for the decision on request ``turn`` (from 1); ``after_claim``: the
    discard that completes a pung or chow claimed on that request."""
    return random.Random(f"{seed}:{turn}:discard" if after_claim else f"{seed}:{turn}")


def decide(requests: list[str], responses: list[str], level: str, seed: int = 0,
           policies: dict[str, dict[str, Any]] | None = None,
           shared_wall: bool = False) -> Response:
    """The bot's answer to the last of ``requests`` (``ProtocolError`` for a history it cannot
    read; ``policies``: a table like ``ai.policies.POLICIES``, e.g. with another strong
    budget; ``shared_wall``: a paiju deal without flowers, ``replay.rebuild``)."""
    from ai.policies import choose
    from engine.mahjong.tiles import parse_face

    from .replay import rebuild
    from .tiles import to_botzone

    n = len(requests)
    pos = rebuild(requests, responses, random.Random(f"{seed}:{n}:deal"), shared_wall)
    if pos.state is None:
        return PASS
    game, state, me = pos.game, pos.state, pos.seat
    legal = pos.legal()
    if not legal:
        return PASS
    action = choose("mcr", level, _view(game, state, me, legal), legal, decision_rng(seed, n),
                    policies)
    kind = action["type"]
    if kind == "discard":
        return Response("PLAY", (to_botzone(action["card"] >> 2),))
    if kind == "concealed_kong":
        return Response("GANG", (to_botzone(action["cards"][0] >> 2),))
    if kind == "added_kong":
        return Response("BUGANG", (to_botzone(action["card"] >> 2),))
    if kind == "win":
        return Response("HU")
    if kind == "kong":
        return Response("GANG")
    if kind == "pass":
        return PASS
    # a pung or chow: Botzone wants the discard that follows in the same answer
    after = game.apply(state, me, action)
    while after.phase == "claim":  # the others (dealt at random) pass
        other = next(s for s in game.to_act(after) if s != me)
        after = game.apply(after, other, {"type": "pass"})
    then = game.legal_actions(after, me)
    discard = choose("mcr", level, _view(game, after, me, then), then,
                     decision_rng(seed, n, after_claim=True), policies)
    tile = to_botzone(discard["card"] >> 2)
    if kind == "pung":
        return Response("PENG", (tile,))
    return Response("CHI", (to_botzone(parse_face(action["low"]) + 1), tile))


def _view(game: Any, state: Any, me: int, legal: list[dict]) -> dict:
    view = game.view(state, me)
    claim = view.get("claim")
    if claim is not None and "options" in claim:
        claim["options"] = legal  # what the seat may answer, as the policy is told
    return view


def respond(text: str, level: str, seed: int = 0, strong_ms: float | None = None,
            shared_wall: bool = False) -> str:
    """The program's whole output for the input ``text`` (``strong_ms``: the strong level's
    time per decision, None for paiju's default; ``shared_wall`` as for ``decide``)."""
    got = read_input(text)
    policies = None
    if strong_ms is not None and level == "strong":
        from ai.policies import Settings, registry

        policies = registry(Settings(budget_ms=strong_ms))
    answer = decide(got.requests, got.responses, level, seed, policies, shared_wall)
    return format_output(format_response(answer), got.json)


def _run(args: argparse.Namespace) -> int:
    if args.strong_ms is not None and args.strong_ms <= 0:
        print("paiju botzone-bot: --strong-ms must be positive", file=sys.stderr)
        return 2
    if args.bundle is not None:
        from pathlib import Path

        from .bundle import write_bundle

        n = write_bundle(Path(args.bundle), args.level, args.seed, args.strong_ms)
        print(f"wrote {args.bundle}: {n} files; upload it to Botzone as a Python 3 program",
              file=sys.stderr)
        return 0
    try:
        out = respond(sys.stdin.read(), args.level, args.seed, args.strong_ms, args.shared_wall)
    except ProtocolError as e:
        print(f"paiju botzone-bot: {e}", file=sys.stderr)
        return 2
    sys.stdout.write(out)
    sys.stdout.flush()
    return 0


def add_parser(sub: Any) -> None:
    """Register ``paiju botzone-bot`` on the ``paiju`` command's subparsers."""
    p = sub.add_parser("botzone-bot", help="play one Botzone Chinese Standard Mahjong turn: "
                                           "read the history on stdin, print the answer "
                                           "(see docs/botzone.md)")
    p.add_argument("--level", choices=LEVELS, default="basic", help="paiju AI level")
    p.add_argument("--seed", type=int, default=0,
                   help="seeds each decision's rng with the turn number (default 0)")
    p.add_argument("--strong-ms", type=float, default=None,
                   help="the strong level's search time per decision (default 1000 ms; "
                        "Botzone gives Python 6 s a turn)")
    p.add_argument("--shared-wall", action="store_true",
                   help="the deal is paiju's without flowers (OPT-MCR-1, flowers: false): one "
                        "shared wall of 136 tiles, not Botzone's duplicate walls, which a "
                        "history without flowers is otherwise taken for")
    p.add_argument("--bundle", metavar="ZIP", default=None,
                   help="instead of answering, write a zip of this bot (at --level and --seed) "
                        "to upload to Botzone")
    p.set_defaults(run=_run)


__all__ = ["LEVELS", "add_parser", "decide", "decision_rng", "respond"]

"""A program speaking Botzone's Chinese Standard Mahjong protocol as a paiju MCR seat.

``paiju botzone --cmd "python mybot.py" --join ws://…`` plays the seat over the WebSocket
(``ai/ws_seat.py``) and, at each decision paiju asks of it, runs the command once
(Botzone's short-running mode) with the whole history of the deal as that seat saw it
(``history.py``), in the simple or the JSON form (``protocol.py``), reads its response and
plays the legal action it means (``actions.py``). A claim's answer names the discard that
follows it (``PENG X``): the bridge plays X when paiju asks for that discard, without running
the program again.

An answer that is no legal move here — unreadable, illegal, a crash, no answer within the
timeout — is counted and reported with its reason, as Botzone would penalise it, and the seat
plays on with ``actions.fallback`` (pass, else the drawn tile) so that the deal goes on.
docs/botzone.md has the whole mapping.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from .actions import fallback, to_action
from .history import history
from .protocol import IO_FORMS, format_input, format_response, parse_response, read_output

TIMEOUT_S = 5.0
"""How long a run of the program may take by default (Botzone's own limit depends on the
program's language; a slow start, such as an interpreter's, counts here)."""
CLAIMS = ("PENG", "CHI", "GANG", "HU")
BOTZONE = "botzone:"
"""The arena's seat kind of a Botzone program: ``botzone:CMD``."""


class ProgramFailed(RuntimeError):
    """The program did not answer: it crashed, or took too long."""


async def run_program(cmd: str, text: str, timeout: float = TIMEOUT_S,
                      cwd: str | None = None) -> str:
    """Run the shell command ``cmd`` once with ``text`` on its standard input; its standard
    output. ``ProgramFailed`` when it exits with an error or runs longer than ``timeout``
    seconds (it is then killed, with whatever it started: it runs in its own session)."""
    proc = await asyncio.create_subprocess_shell(
        cmd, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, cwd=cwd, start_new_session=True)
    try:
        out, err = await asyncio.wait_for(proc.communicate(text.encode()), timeout)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        await proc.wait()
        raise ProgramFailed(f"no answer within {timeout:g} s") from None
    if proc.returncode != 0:
        tail = err.decode(errors="replace").strip().splitlines()[-1:] or [""]
        raise ProgramFailed(f"exited with code {proc.returncode}" +
                            (f": {tail[0][:200]}" if tail[0] else ""))
    return out.decode(errors="replace")


@dataclass
class Decision:
    """One decision of the seat, as the summary reports it."""

    turn: int
    """The Botzone turn number of the request answered."""
    request: str
    response: str | None
    """The program's response line (None: it gave none, or it was not run: ``planned``)."""
    action: dict[str, Any]
    """The paiju action played."""
    invalid: str | None = None
    """Why the response was refused (the fallback ``action`` was played instead)."""
    seconds: float = 0.0
    planned: bool = False
    """The discard a claim's response had named: the program was not run."""


@dataclass
class Bridge:
    """The Botzone program ``cmd`` deciding for one seat of one deal."""

    cmd: str
    io: str = "simple"
    timeout: float = TIMEOUT_S
    cwd: str | None = None
    said: dict[int, str] = field(default_factory=dict)
    """The program's answers at claim turns, by turn: its planned discards, and the claims
    that lost to a better one (the history must say them; the events do not)."""
    data: str = ""
    globaldata: str = ""
    decisions: list[Decision] = field(default_factory=list)
    seat: int | None = None
    inputs: list[str] = field(default_factory=list)
    """Every input given to the program, in order (for tests and debugging)."""
    observe: Callable[[Decision, dict[str, Any], list[dict[str, Any]]], None] | None = None
    """Told each decision with the view and legal actions it was made at (tests compare the
    program's decisions with the in-process policy's)."""

    def __post_init__(self) -> None:
        if self.io not in IO_FORMS:
            raise ValueError(f"unknown I/O form {self.io!r}; known: {', '.join(IO_FORMS)}")

    async def decide(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        """The seat's action at ``view`` (its MCR view with the whole event log)."""
        action = await self._decide(view, legal)
        if self.observe is not None:
            self.observe(self.decisions[-1], view, legal)
        return action

    async def _decide(self, view: dict[str, Any], legal: list[dict[str, Any]]
                      ) -> dict[str, Any]:
        if view.get("game") != "mcr":
            raise ValueError(f"the Botzone bridge plays MCR seats, not {view.get('game')!r}")
        self.seat = view["seat"]
        hist = history(view, self.said)
        request = hist.requests[-1]
        if hist.claim_made and hist.turn in self.said:
            try:  # checked when it was given: it is in the hand the claim left
                action = to_action(parse_response(self.said[hist.turn]), view, legal, hist)
                invalid = None
            except ValueError as exc:
                action, invalid = fallback(view, legal), str(exc)
            self.decisions.append(Decision(hist.turn, request, None, action, invalid,
                                           planned=True))
            return action
        start = time.perf_counter()
        response: str | None = None
        try:
            text = format_input(hist.requests, hist.responses, self.io, self.data,
                                self.globaldata)
            self.inputs.append(text)
            out = read_output(await run_program(self.cmd, text, self.timeout, self.cwd),
                              self.io)
            response = out.response
            self.data, self.globaldata = out.data, out.globaldata
            answer = parse_response(response)
            action = to_action(answer, view, legal, hist)
        except (ProgramFailed, ValueError) as exc:  # Invalid is a ValueError
            action = fallback(view, legal)
            self.decisions.append(Decision(hist.turn, request, response, action, str(exc),
                                           time.perf_counter() - start))
            return action
        if answer.verb in CLAIMS and not hist.claim_made and view.get("claim"):
            self.said[hist.turn] = format_response(answer)
        self.decisions.append(Decision(hist.turn, request, response, action,
                                       seconds=time.perf_counter() - start))
        return action

    @property
    def runs(self) -> list[Decision]:
        """The decisions the program was run for."""
        return [d for d in self.decisions if not d.planned]

    @property
    def invalid(self) -> list[Decision]:
        return [d for d in self.decisions if d.invalid is not None]

    def summary(self, result: dict[str, Any] | None = None) -> dict[str, Any]:
        """Decisions, invalid answers with their reasons, and the deal's result."""
        times = [d.seconds for d in self.runs]
        return {
            "command": self.cmd,
            "seat": self.seat,
            "io": self.io,
            "decisions": len(self.runs),
            "planned_discards": len(self.decisions) - len(self.runs),
            "decision_ms_mean": round(1000 * statistics.fmean(times), 1) if times else 0.0,
            "decision_ms_max": round(1000 * max(times), 1) if times else 0.0,
            "invalid": len(self.invalid),
            "invalid_answers": [{k: v for k, v in asdict(d).items()
                                 if k in ("turn", "request", "response", "invalid", "action")}
                                for d in self.invalid],
            "result": result,
        }


def render(summary: dict[str, Any]) -> str:
    """The summary for people."""
    seat = summary.get("seat")
    lines = [f"{summary['command']}: {summary['decisions']} decisions "
             f"({summary['planned_discards']} discards named by a claim), "
             f"{summary['decision_ms_mean']:.0f} ms mean, {summary['decision_ms_max']:.0f} ms max; "
             f"{summary['invalid']} invalid"]
    for d in summary["invalid_answers"]:
        lines.append(f"  turn {d['turn']} ({d['request']}): {d['response']!r}: {d['invalid']}")
    result = summary.get("result")
    if result is not None:
        deltas = result.get("deltas", [])
        mine = f" (this seat {deltas[seat]:+d})" if seat is not None and deltas else ""
        lines.append(f"result: {deltas}{mine}" + ("; exhausted" if result.get("exhausted")
                                                   else ""))
    return "\n".join(lines)


async def play(url: str, bridge: Bridge) -> dict[str, Any]:
    """Play the seat at the WebSocket ``url`` with ``bridge`` until the deal ends; the
    summary."""
    from ai.ws_seat import play_seat

    result = await play_seat(url, bridge.decide)
    return bridge.summary(result)


def arena_bot(cmd: str, io: str = "simple", timeout: float = TIMEOUT_S,
              log: Callable[[str], None] | None = None
              ) -> Callable[[dict[str, Any]], Awaitable[tuple[list[float], int]]]:
    """The arena's player of a ``botzone:CMD`` seat: given a deal's join line, it plays the
    deal with a new ``Bridge`` and returns the program's decision times and its count of
    invalid answers (each also told to ``log``)."""

    async def seat(join: dict[str, Any]) -> tuple[list[float], int]:
        bridge = Bridge(cmd, io, timeout)
        await play(join["ws"], bridge)
        for d in bridge.invalid:
            if log is not None:
                log(f"botzone:{cmd}: match {join['match_id']} seat {join['seat']} turn "
                    f"{d.turn} ({d.request}): {d.response!r}: {d.invalid}")
        return [d.seconds for d in bridge.runs], len(bridge.invalid)

    return seat


def ws_url(server: str, match: str, token: str) -> str:
    """The seat's WebSocket URL on the server at ``server`` (http or https)."""
    base = server.rstrip("/").replace("http", "ws", 1)
    return f"{base}/api/matches/{match}/ws?token={token}"


def add_parser(sub: Any) -> None:
    """``paiju botzone``'s subcommand."""
    p = sub.add_parser("botzone", help="play an MCR seat with a program speaking Botzone's "
                                       "Chinese Standard Mahjong protocol (docs/botzone.md)")
    p.add_argument("--cmd", required=True,
                   help="the program, a shell command run once per decision, e.g. "
                        "'python mybot.py' (Botzone's short-running mode)")
    p.add_argument("--join", metavar="WS_URL", help="the seat's WebSocket URL "
                                                    "(ws://HOST/api/matches/ID/ws?token=T)")
    p.add_argument("--server", help="the server's URL, with --match and --token")
    p.add_argument("--match")
    p.add_argument("--token")
    p.add_argument("--io", choices=IO_FORMS, default="simple",
                   help="Botzone's input/output form the program reads (default simple)")
    p.add_argument("--timeout", type=float, default=TIMEOUT_S,
                   help=f"seconds a run may take (default {TIMEOUT_S:g}); longer is invalid")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    """Run ``paiju botzone``: play the deal, print the summary."""
    if args.join:
        url = args.join
    elif args.server and args.match and args.token:
        url = ws_url(args.server, args.match, args.token)
    else:
        print("paiju: give --join WS_URL, or --server, --match and --token", file=sys.stderr)
        return 2
    if not args.timeout > 0:
        print("paiju: --timeout must be positive", file=sys.stderr)
        return 2
    bridge = Bridge(args.cmd, args.io, args.timeout)
    try:
        summary = asyncio.run(play(url, bridge))
    except (ValueError, RuntimeError) as exc:
        print(f"paiju: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(summary, indent=2, ensure_ascii=False) if args.json
          else render(summary), flush=True)
    return 0


__all__ = ["BOTZONE", "Bridge", "Decision", "ProgramFailed", "TIMEOUT_S", "add_parser", "arena_bot",
           "main", "play", "render", "run_program", "ws_url"]

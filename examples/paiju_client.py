"""The connection machinery every example bot shares (docs/bots.md): open a match or join the
arena, play a seat over the WebSocket, survive outages. A game's bot is only its ``choose()``:
``examples/mcr_bot.py``, ``sichuan_bot.py``, ``paohuzi_bot.py``, ``nantong_bot.py``; each calls
``main(game, choose)`` here.

Protocol (docs/bots.md): the server sends ``snapshot`` first, then ``update`` after every change;
both carry the match view and this seat's legal actions. An update leaves the deal's event log
out of the view and sends only the new events: the bot keeps the log (``events_from`` says where
they go). Send ``{"action": ..., "version": n}``.

Outages: a connection that drops (its server worker restarted) or is closed with 4503 (the
database restarts) is opened again after a pause, and starts with a snapshot; an action refused
with ``db/unavailable`` is sent again a second later; after ``SILENCE_S`` without a message the
bot sends ``{"type": "sync"}`` (answered with a snapshot), and reconnects when even that gets no
answer; a REST request answered 503 is sent again after its ``Retry-After``. An action refused
as illegal (a bug of the brain) is counted and replaced by a random legal one, so play goes on.

Every bot counts its decisions and the refusals it met and prints them, when it is done, as one
line on standard error: ``{"summary": {"game", "decisions", "refused", "stale", "actions"}}``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TextIO

import httpx
import websockets
from websockets.exceptions import ConnectionClosed, WebSocketException

JSON = dict[str, Any]
Choose = Callable[[JSON, list[JSON], random.Random], JSON]
"""A bot's brain: the seat's view (``match.state``, its ``events`` the whole deal's log), the
legal actions, a random generator; it answers one of the legal actions."""

PLAYERS = {"mcr": 4, "sichuan": 4, "paohuzi": 3, "nantong": 3}
"""Seats per game (``GET /api/games`` says it too)."""
SILENCE_S = 10.0
"""Seconds without a message after which the bot asks for the match (``sync``)."""
RECONNECT_MAX_S = 10.0
"""The longest pause before opening a dropped connection again."""
FATAL_CLOSE = {4401, 4403, 4404}
"""Close codes that no reconnection can mend: 4000 + the HTTP status of the refusal."""
RETRY = {"ws/rate_limited": 0.05, "db/unavailable": 1.0}
"""Refusals after which the same message is sent again, and the pause before (seconds)."""
NOT_REFUSALS = {"action/stale_version", *RETRY}
"""Errors that say nothing against the action: the match moved on, or the server was busy."""


def win_or_random(view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
    """The least a bot does: win whenever it can, otherwise any legal action."""
    wins = [a for a in legal if a["type"] == "win"]
    return wins[0] if wins else rng.choice(legal)


@dataclass
class Tally:
    """What a bot did: its decisions (actions sent, by type), the refusals it met (an illegal
    action, a malformed message...) and its stale versions (another seat acted first)."""

    decisions: int = 0
    refused: int = 0
    stale: int = 0
    actions: Counter[str] = field(default_factory=Counter)
    refusals: list[JSON] = field(default_factory=list)

    def summary(self, game: str) -> JSON:
        return {"summary": {"game": game, "decisions": self.decisions, "refused": self.refused,
                            "stale": self.stale, "actions": dict(sorted(self.actions.items())),
                            "refusals": self.refusals[:5]}}


async def post(http: httpx.AsyncClient, path: str, body: JSON) -> httpx.Response:
    """POST, sent again after ``Retry-After`` while the server answers 503 (a few times)."""
    for _ in range(10):
        r = await http.post(path, json=body)
        if r.status_code != 503:
            break
        await asyncio.sleep(float(r.headers.get("Retry-After", "1")))
    r.raise_for_status()
    return r


async def create_match(server: str, game: str, seed: int | None, level: str = "basic") -> str:
    """A new match with this bot in seat 0 and AI seats of ``level`` elsewhere: its seat's
    WebSocket URL."""
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": level}] * (PLAYERS[game] - 1)
    async with httpx.AsyncClient(base_url=server) as http:
        match = (await post(http, "/api/matches",
                            {"game": game, "seed": seed, "seats": seats})).json()
    token = match["seats"][0]["token"]
    return f"{server.replace('http', 'ws', 1)}/api/matches/{match['match_id']}/ws?token={token}"


async def play_deal(url: str, choose: Choose, rng: random.Random,
                    tally: Tally | None = None) -> JSON:
    """Play the seat at the WebSocket ``url`` until its deal ends; the deal's result. A dropped
    connection is opened again (after a growing pause) and play goes on from its snapshot."""
    tally = tally if tally is not None else Tally()
    pause = 0.5
    while True:
        try:
            async with websockets.connect(url) as ws:
                result = await play_connection(ws, choose, rng, tally)
                if result is not None:
                    return result
        except ConnectionClosed as exc:
            if exc.rcvd is not None and exc.rcvd.code in FATAL_CLOSE:
                raise RuntimeError(f"the server refused the seat: {exc.rcvd}") from exc
        except (OSError, TimeoutError, WebSocketException):
            pass  # the server is away (restarting): try again
        await asyncio.sleep(pause)
        pause = min(RECONNECT_MAX_S, pause * 2)


async def play_connection(ws: Any, choose: Choose, rng: random.Random,
                          tally: Tally) -> JSON | None:
    """Play over one connection: the deal's result, or None when the connection fell silent
    (a sync got no answer) and should be opened again."""
    events: list[JSON] = []
    last = ""  # the last action sent
    legal: list[JSON] = []  # the legal actions it was chosen from, at match ``version``
    version = 0
    asked = False  # a sync is on its way
    while True:
        try:
            raw = await asyncio.wait_for(ws.recv(), SILENCE_S)
        except TimeoutError:
            if asked:
                return None
            asked = True
            await ws.send(json.dumps({"type": "sync"}))
            continue
        asked = False
        msg = json.loads(raw)
        if msg["type"] == "error":
            code = msg["error"]["code"]
            if code in RETRY and last:
                # refused, nothing done: send it again (about 20 messages a second; the
                # database back in about a second)
                await asyncio.sleep(RETRY[code])
                await ws.send(last)
            elif code == "action/stale_version":
                tally.stale += 1  # the update that follows carries the new position
            elif code not in NOT_REFUSALS:  # our action was refused: nothing will follow
                tally.refused += 1
                tally.refusals.append(msg["error"])
                if legal:  # play on with a legal action as it was listed
                    last = json.dumps({"action": rng.choice(legal), "version": version})
                    await ws.send(last)
            continue
        view = msg["match"]
        if msg["type"] == "update":  # the log so far, cut where the new events go
            events = events[:msg["events_from"]] + msg["events"]
            view["state"]["events"] = events
        else:
            events = view["state"]["events"]
        if view["state"]["result"] is not None:
            return dict(view["state"]["result"])
        legal, version = msg["legal"], view["version"]
        if legal:
            action = choose(view["state"], legal, rng)
            tally.decisions += 1
            tally.actions[action["type"]] += 1
            last = json.dumps({"action": action, "version": view["version"]})
            await ws.send(last)


async def arena(lines: Iterable[str], out: TextIO, seed: int | None,
                brains: Mapping[str, Choose] | None = None, tally: Tally | None = None) -> int:
    """Play every ``{"join": ...}`` line of ``lines`` (``paiju arena`` with a ``ws`` seat) with
    the ``brains`` of its game (``win_or_random`` for a game it lacks); write the other lines to
    ``out``. Returns the number of deals played."""
    rng = random.Random(seed)
    played = 0
    for line in lines:
        try:
            join = json.loads(line).get("join")
        except (ValueError, AttributeError):
            join = None
        if join is None:
            out.write(line)
            continue
        choose = (brains or {}).get(join["game"], win_or_random)
        await play_deal(join["ws"], choose, rng, tally)
        played += 1
    return played


def main(game: str | None, brains: Mapping[str, Choose], doc: str) -> None:
    """The command line every example bot shares: play one deal of a new match on ``--server``
    (printing its result), or the arena's deals read from standard input (``--arena``).
    ``game`` None: a ``--game`` option chooses (``examples/bot.py``)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--level", default="basic", help="the AI seats' level")
    if game is None:
        parser.add_argument("--game", default="sichuan", choices=sorted(brains))
    parser.add_argument("--arena", action="store_true",
                        help="read the join lines of `paiju arena --seats ws,...` on stdin")
    args = parser.parse_args()
    game = game or args.game
    tally = Tally()
    if args.arena:
        asyncio.run(arena(sys.stdin, sys.stdout, args.seed, brains, tally))
    else:
        async def one() -> JSON:
            url = await create_match(args.server, game, args.seed, args.level)
            return await play_deal(url, brains[game], random.Random(args.seed), tally)

        print(json.dumps(asyncio.run(one()), indent=2, ensure_ascii=False))
    print(json.dumps(tally.summary(game)), file=sys.stderr)

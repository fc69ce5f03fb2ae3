"""A complete paiju bot: it opens a Sichuan match against three AI and plays one deal over the
WebSocket, then prints the settlement. Run a server first (``paiju serve``), then:

    python examples/bot.py --server http://127.0.0.1:8000

Or let the arena measure it (any game): the arena prints a join line per deal for its ``ws``
seat, the bot plays each and passes the other lines (the report) through:

    paiju arena --game mcr --seats ws,basic,basic,basic --deals 10 | python examples/bot.py --arena

Protocol (docs/bots.md): the server sends ``snapshot`` first, then ``update`` after every change;
both carry the match view and this seat's legal actions. An update leaves the deal's event log
out of the view and sends only the new events: the bot keeps the log (``events_from`` says where
they go). Send ``{"action": ..., "version": n}``.

Outages: a connection that drops (its server worker restarted) or is closed with 4503 (the
database restarts) is opened again after a pause, and starts with a snapshot; an action refused
with ``db/unavailable`` is sent again a second later; after ``SILENCE_S`` without a message the
bot sends ``{"type": "sync"}`` (answered with a snapshot), and reconnects when even that gets no
answer; a REST request answered 503 is sent again after its ``Retry-After``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from typing import Any

import httpx
import websockets
from websockets.exceptions import ConnectionClosed, WebSocketException

SILENCE_S = 10.0
"""Seconds without a message after which the bot asks for the match (``sync``)."""
RECONNECT_MAX_S = 10.0
"""The longest pause before opening a dropped connection again."""
FATAL_CLOSE = {4401, 4403, 4404}
"""Close codes that no reconnection can mend: 4000 + the HTTP status of the refusal."""


def choose(state: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """The bot's brain: win whenever it can, otherwise any legal action. Replace with yours."""
    wins = [a for a in legal if a["type"] == "win"]
    return wins[0] if wins else rng.choice(legal)


async def post(http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> httpx.Response:
    """POST, sent again after ``Retry-After`` while the server answers 503 (a few times)."""
    for _ in range(10):
        r = await http.post(path, json=body)
        if r.status_code != 503:
            break
        await asyncio.sleep(float(r.headers.get("Retry-After", "1")))
    r.raise_for_status()
    return r


async def play(server: str, seed: int | None) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=server) as http:
        seats = [{"kind": "human"}] + [{"kind": "ai", "level": "basic"}] * 3
        match = (await post(http, "/api/matches",
                            {"game": "sichuan", "seed": seed, "seats": seats})).json()
    token = match["seats"][0]["token"]
    url = f"{server.replace('http', 'ws', 1)}/api/matches/{match['match_id']}/ws?token={token}"
    return await play_deal(url, random.Random(seed))


async def play_deal(url: str, rng: random.Random) -> dict[str, Any]:
    """Play the seat at the WebSocket ``url`` until its deal ends; the deal's result. A dropped
    connection is opened again (after a growing pause) and play goes on from its snapshot."""
    pause = 0.5
    while True:
        try:
            async with websockets.connect(url) as ws:
                result = await play_connection(ws, rng)
                if result is not None:
                    return result
        except ConnectionClosed as exc:
            if exc.rcvd is not None and exc.rcvd.code in FATAL_CLOSE:
                raise RuntimeError(f"the server refused the seat: {exc.rcvd}") from exc
        except (OSError, TimeoutError, WebSocketException):
            pass  # the server is away (restarting): try again
        await asyncio.sleep(pause)
        pause = min(RECONNECT_MAX_S, pause * 2)


async def play_connection(ws: Any, rng: random.Random) -> dict[str, Any] | None:
    """Play over one connection: the deal's result, or None when the connection fell silent
    (a sync got no answer) and should be opened again."""
    events: list[dict[str, Any]] = []
    last = ""  # the last action sent
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
            if code in ("ws/rate_limited", "db/unavailable") and last:
                # refused, nothing done: send it again (about 20 messages a second; the
                # database back in about a second)
                await asyncio.sleep(0.05 if code == "ws/rate_limited" else 1.0)
                await ws.send(last)
            continue  # e.g. a stale version: an update follows anyway
        view = msg["match"]
        if msg["type"] == "update":  # the log so far, cut where the new events go
            events = events[:msg["events_from"]] + msg["events"]
            view["state"]["events"] = events
        else:
            events = view["state"]["events"]
        if view["state"]["result"] is not None:
            return dict(view["state"]["result"])
        if msg["legal"]:
            action = choose(view["state"], msg["legal"], rng)
            last = json.dumps({"action": action, "version": view["version"]})
            await ws.send(last)


async def arena(lines: Any, out: Any, seed: int | None) -> int:
    """Play every ``{"join": ...}`` line of ``lines`` (``paiju arena`` with a ``ws`` seat);
    write the other lines to ``out``. Returns the number of deals played."""
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
        await play_deal(join["ws"], rng)
        played += 1
    return played


def main() -> None:
    import sys

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--arena", action="store_true",
                        help="read the join lines of `paiju arena --seats ws,...` on stdin")
    args = parser.parse_args()
    if args.arena:
        asyncio.run(arena(sys.stdin, sys.stdout, args.seed))
        return
    result = asyncio.run(play(args.server, args.seed))
    print(json.dumps(result, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()

"""One seat of a match played over the WebSocket protocol (docs/bots.md) by a decision function.

``play_seat(url, decide)`` connects to ``ws://…/api/matches/{id}/ws?token=…``, keeps the deal's
event log (the snapshot's, extended by each update from ``events_from``), and whenever the seat
has legal actions calls ``decide(state, legal)`` with the seat's view (``match.state``, its
``events`` the whole log) and sends the action it returns, until the deal's ``result`` is set.

It survives what docs/bots.md section 6 describes: a dropped connection is opened again after a
pause that grows (a snapshot then says where the deal is), a close with 4401/4403/4404 is
final, an action refused with ``ws/rate_limited`` or ``db/unavailable`` is sent again, a
silence is broken with ``{"type": "sync"}`` and a sync that gets no answer reconnects. A
decision is asked once per position: an update that changes only the version (another seat
answered the same claim) makes the seat send its action again at the new version rather than
decide twice.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, WebSocketException

Decide = Callable[[dict[str, Any], list[dict[str, Any]]], Awaitable[dict[str, Any]]]
"""The seat's brain: (view, legal actions) -> one of them."""

SILENCE_S = 10.0
"""Seconds without a message after which the seat asks for the match (``sync``)."""
RECONNECT_MAX_S = 10.0
"""The longest pause before opening a dropped connection again."""
FATAL_CLOSE = {4401, 4403, 4404}
"""Close codes no reconnection mends: 4000 + the HTTP status of the refusal."""
RESEND = {"ws/rate_limited": 0.05, "db/unavailable": 1.0}
"""Refusals after which the same action is sent again, and the pause before."""


class SeatRefused(RuntimeError):
    """The server refused the seat for good (no such match, not a seat's token)."""


class _Seat:
    """What one seat remembers across connections: the position last decided and its
    action, so that a position is decided once whatever the server sends again."""

    def __init__(self, decide: Decide) -> None:
        self.decide = decide
        self.decided: tuple[Any, ...] | None = None
        self.action: dict[str, Any] | None = None

    @staticmethod
    def key(match: dict[str, Any], legal: list[dict[str, Any]], events: int) -> tuple[Any, ...]:
        """A position: the deal, the length of its log and the seat's legal actions (another
        seat's claim answer changes the version, not these)."""
        return (match.get("deal"), events, json.dumps(legal, sort_keys=True))

    async def act(self, key: tuple[Any, ...], state: dict[str, Any],
                  legal: list[dict[str, Any]]) -> dict[str, Any]:
        """The action for the position ``key``, decided the first time only."""
        if key != self.decided or self.action is None:
            self.action = await self.decide(state, legal)
            self.decided = key
        return self.action


async def play_seat(url: str, decide: Decide) -> dict[str, Any]:
    """Play the seat at the WebSocket ``url`` until its deal ends; the deal's ``result``."""
    seat = _Seat(decide)
    pause = 0.5
    while True:
        try:
            async with connect(url) as ws:
                result = await _play_connection(ws, seat)
                if result is not None:
                    return result
        except ConnectionClosed as exc:
            if exc.rcvd is not None and exc.rcvd.code in FATAL_CLOSE:
                raise SeatRefused(f"the server refused the seat: {exc.rcvd}") from exc
        except (OSError, TimeoutError, WebSocketException):
            pass  # the server is away (restarting): try again
        await asyncio.sleep(pause)
        pause = min(RECONNECT_MAX_S, pause * 2)


async def _play_connection(ws: Any, seat: _Seat) -> dict[str, Any] | None:
    """Play over one connection: the deal's result, or None when the connection fell silent
    (a sync got no answer) and should be opened again. An action is sent once per position
    and again only when the server refused it: stale (at a newer version of the same
    position), rate limited or its database away (after a pause)."""
    events: list[dict[str, Any]] = []
    last = ""  # the last message sent
    sent: tuple[Any, int] | None = None  # the position answered and the version sent at
    newest = -1  # the newest version seen
    stale = False  # the last action was refused as stale: send it again at a newer version
    asked = False
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
            if code in RESEND and last:
                await asyncio.sleep(RESEND[code])
                await ws.send(last)
            elif code == "action/stale_version" and sent is not None:
                stale = True  # the snapshot asked for says whether the position still waits
                await ws.send(json.dumps({"type": "sync"}))
            continue
        match = msg["match"]
        newest = match["version"]
        if msg["type"] == "update":
            events = events[:msg["events_from"]] + msg["events"]
            match["state"]["events"] = events
        else:
            events = match["state"]["events"]
        if match["state"]["result"] is not None:
            return dict(match["state"]["result"])
        if not msg["legal"]:
            continue
        key = seat.key(match, msg["legal"], len(events))
        if sent is not None and sent[0] == key and not (stale and newest > sent[1]):
            continue  # answered already: its update or its refusal is on the way
        action = await seat.act(key, match["state"], msg["legal"])
        last = json.dumps({"action": action, "version": newest})
        sent, stale = (key, newest), False
        await ws.send(last)


__all__ = ["Decide", "SeatRefused", "play_seat"]

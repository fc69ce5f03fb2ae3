"""The WebSocket route bots (and the web table) use.

A connection first gets a snapshot (the seat's full view), then an update after every change
with the public events since the last message; it may send actions as ``{"action", "version"}``.
Reconnecting is the same as connecting: a snapshot first (as Lichess streams do).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import Counter
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from .errors import ApiError
from .models import WsAction

router = APIRouter()

MAX_MESSAGE_BYTES = 8_192
MAX_CONNECTIONS_PER_TOKEN = 8
"""Open sockets one seat token may hold in this worker (a reconnecting tab needs a few)."""
RATE = 20.0
"""Messages a second a connection may send on average (a burst of as many is allowed)."""


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"code": code, "message": message}}


class _Stream:
    """What this connection has been sent, so each update carries only the new events."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.version = -1
        self.deal = -1
        self.events = 0

    async def send_view(self, view: dict[str, Any], kind: str, legal: list[Any]) -> None:
        if view["version"] <= self.version and kind == "update":
            return
        events = view["state"].get("events", [])
        new = events if view["deal"] != self.deal else events[self.events:]
        self.version, self.deal, self.events = view["version"], view["deal"], len(events)
        msg: dict[str, Any] = {"type": kind, "match": view, "legal": legal}
        if kind == "update":
            msg["events"] = new
        await self.ws.send_json(msg)


def _seat_view(svc: Any, match_id: str, token: str | None) -> tuple[dict[str, Any], list[Any]]:
    """The seat's view and its legal actions at that same version (none for a spectator)."""
    loaded = svc.load(match_id)
    seat = svc.seat_of(loaded.row, token) if token else None
    legal = loaded.game.legal_actions(loaded.state, seat) if seat is not None else []
    return svc.match_view(loaded, seat), legal


@router.websocket("/matches/{match_id}/ws")
async def match_ws(websocket: WebSocket, match_id: str, token: str | None = None) -> None:
    svc = websocket.app.state.service
    broker = websocket.app.state.broker
    await websocket.accept()
    try:
        view, legal = await run_in_threadpool(_seat_view, svc, match_id, token)
    except ApiError as exc:
        await websocket.send_json({"type": "error", **exc.body()})
        await websocket.close(code=4000 + exc.status)
        return
    open_sockets: Counter[str] = websocket.app.state.__dict__.setdefault("ws_open", Counter())
    key = token or ""
    if token and open_sockets[key] >= MAX_CONNECTIONS_PER_TOKEN:
        await websocket.send_json(_error(
            "ws/too_many_connections",
            f"this seat already has {MAX_CONNECTIONS_PER_TOKEN} open connections"))
        await websocket.close(code=4429)
        return
    open_sockets[key] += 1
    try:
        await _serve(websocket, svc, broker, match_id, token, view, legal)
    finally:
        open_sockets[key] -= 1


async def _serve(websocket: WebSocket, svc: Any, broker: Any, match_id: str, token: str | None,
                 view: dict[str, Any], legal: list[Any]) -> None:
    stream = _Stream(websocket)
    allowance, stamp = RATE, time.monotonic()
    async with broker.subscribe(match_id) as notes:
        await stream.send_view(view, "snapshot", legal)
        recv: asyncio.Task[str] = asyncio.create_task(websocket.receive_text())
        note: asyncio.Task[Any] = asyncio.create_task(notes.get())
        try:
            while True:
                done, _ = await asyncio.wait({recv, note}, return_when=asyncio.FIRST_COMPLETED)
                if note in done:
                    _, version = note.result()
                    note = asyncio.create_task(notes.get())
                    if version > stream.version:
                        with contextlib.suppress(ApiError):
                            view, legal = await run_in_threadpool(_seat_view, svc, match_id, token)
                            await stream.send_view(view, "update", legal)
                if recv in done:
                    text = recv.result()  # raises WebSocketDisconnect when the client left
                    recv = asyncio.create_task(websocket.receive_text())
                    now = time.monotonic()
                    allowance = min(RATE, allowance + (now - stamp) * RATE)
                    stamp = now
                    if allowance < 1:
                        await websocket.send_json(_error("ws/rate_limited",
                                                         "too many messages; slow down"))
                        continue
                    allowance -= 1
                    await _handle(websocket, stream, svc, match_id, token, text)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            for task in (recv, note):
                task.cancel()


async def _handle(websocket: WebSocket, stream: _Stream, svc: Any, match_id: str,
                  token: str | None, text: str) -> None:
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        await websocket.send_json(_error("request/too_large",
                                         f"messages are limited to {MAX_MESSAGE_BYTES} bytes"))
        return
    try:
        msg = WsAction.model_validate(json.loads(text))
    except json.JSONDecodeError:
        await websocket.send_json(_error("request/malformed_json", "the message is not JSON"))
        return
    except ValidationError as exc:
        where = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3])
        await websocket.send_json(_error("request/invalid",
                                         f"expected {{'action': {{...}}, 'version': n}}: {where}"))
        return
    try:
        await run_in_threadpool(svc.act, match_id, token, msg.action, msg.version)
        view, legal = await run_in_threadpool(_seat_view, svc, match_id, token)
    except ApiError as exc:
        await websocket.send_json({"type": "error", **exc.body()})
        return
    await stream.send_view(view, "update", legal)

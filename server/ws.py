"""The WebSocket route bots (and the web table) use.

A connection first gets a snapshot (the seat's full view, the deal's event log included), then
an update after every change: the view without the event log, and the events since the last
message with their index in the log (``events_from``). It may send actions as
``{"action", "version"}``.
Reconnecting is the same as connecting: a snapshot first (as Lichess streams do).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from .deps import Svc
from .errors import ApiError, describe, is_outage, outage_as_api_error
from .jsonin import read_json
from .limits import ConnectionLimit, LocalConnectionLimit, RedisConnectionLimit
from .models import WsAction
from .params import check_match_id
from .pubsub import Note
from .service import Loaded, Service

router = APIRouter()
log = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 8_192
RATE = 20.0
"""Messages a second a connection may send on average (a burst of as many is allowed)."""


async def _send(ws: WebSocket, msg: dict[str, Any]) -> None:
    """Send ``msg`` as a JSON text frame, encoded by orjson: every change sends a whole view to
    every seat, and the standard encoder was a sixth of the server's time."""
    await ws.send_text(orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode())


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"code": code, "message": message}}


class _Stream:
    """What this connection has been sent, so each update carries only the new events: the
    deal's event log grows by a few events an action, and resending it whole to every seat on
    every change was most of the bytes the server wrote (and the clients parsed). The seat is
    the token's, found once when the connection opened."""

    def __init__(self, ws: WebSocket, svc: Service, seat: int | None) -> None:
        self.ws = ws
        self.svc = svc
        self.seat = seat
        self.version = -1
        self.deal = -1
        self.events = 0

    async def send(self, loaded: Loaded, kind: str) -> None:
        """Send the seat's view of ``loaded`` (an update only when it is newer than the last)."""
        row = loaded.row
        if kind == "update" and row.version <= self.version:
            return
        start = self.events if kind == "update" and row.deal_no == self.deal else 0
        view, legal = self.svc.seat_view(loaded, self.seat, start)
        msg: dict[str, Any] = {"type": kind, "match": view, "legal": legal}
        events = view["state"]["events"]
        if kind == "update":
            del view["state"]["events"]
            msg |= {"events": events, "events_from": start}
        self.version, self.deal, self.events = row.version, row.deal_no, start + len(events)
        await _send(self.ws, msg)


def merge_events(previous: list[Any], msg: dict[str, Any]) -> list[Any]:
    """The deal's whole event log after an ``update``: the log kept from earlier messages up to
    ``events_from``, then the update's ``events`` (what a client does; the tests use it)."""
    return [*previous[:msg["events_from"]], *msg["events"]]


def _open(svc: Service, match_id: str, token: str | None) -> tuple[Loaded, int | None]:
    """The match at its latest stored version and the token's seat (None: a spectator); raises
    ApiError for an unknown match, a token that is not one of its seats, or a database that
    cannot be reached (``db/unavailable``: the socket is told so and closed with 4503)."""
    with outage_as_api_error():
        loaded = svc.load(match_id)
    return loaded, svc.seat_of(loaded.row, token) if token else None


async def _at(svc: Service, match_id: str, version: int) -> Loaded:
    """The match at a notified version: this worker's copy when it holds that version (the
    usual case: it made the change, or stepped forward with the note), else caught up in a
    request thread."""
    loaded = svc.cached_at(match_id, version)
    if loaded is None:
        return await run_in_threadpool(svc.at_version, match_id, version)
    return loaded


@router.websocket("/matches/{match_id}/ws")
async def match_ws(websocket: WebSocket, match_id: str, svc: Svc,
                   token: str | None = None) -> None:
    await websocket.accept()
    try:
        check_match_id(match_id)  # before the broker or the database hear of it
    except ApiError as exc:
        await _refuse(websocket, exc)
        return
    # subscribed before the snapshot is read: a change landing in between is then pushed
    # (or skipped as already seen), never lost between the read and the subscription
    async with websocket.app.state.broker.subscribe(match_id) as notes:
        try:
            loaded, seat = await run_in_threadpool(_open, svc, match_id, token)
        except ApiError as exc:
            await _refuse(websocket, exc)
            return
        limit = _connection_limit(websocket.app)
        lease = await limit.acquire(token) if token else None
        if token and lease is None:
            await _refuse(websocket, ApiError(
                "ws/too_many_connections",
                f"this seat already has {limit.limit} open connections"))
            return
        try:
            await _serve(_Stream(websocket, svc, seat), notes, match_id, token, loaded)
        finally:
            if token and lease is not None:
                await limit.release(token, lease)


async def _refuse(websocket: WebSocket, exc: ApiError) -> None:
    """Refuse the connection: the error, then close code 4000 + its HTTP status (4404...)."""
    await _send(websocket, {"type": "error", **exc.body()})
    await websocket.close(code=4000 + exc.status, reason=exc.code)


def _connection_limit(app: Any) -> ConnectionLimit:
    """The app's per-token connection limit: across workers through Redis when configured,
    else in this worker (made on first use, in the event loop)."""
    limit: ConnectionLimit | None = getattr(app.state, "ws_limit", None)
    if limit is None:
        settings = app.state.settings
        limit = (RedisConnectionLimit(settings.redis_url, settings.ws_connections_per_token,
                                      settings.ws_lease_seconds)
                 if settings.redis_url else
                 LocalConnectionLimit(settings.ws_connections_per_token))
        app.state.ws_limit = limit
    return limit


async def _serve(stream: _Stream, notes: asyncio.Queue[Note], match_id: str, token: str | None,
                 loaded: Loaded) -> None:
    websocket = stream.ws
    allowance, stamp = RATE, time.monotonic()
    pusher: asyncio.Task[None] | None = None
    try:
        await stream.send(loaded, "snapshot")
        pusher = asyncio.create_task(_push(stream, notes, match_id))
        while True:
            text = await _receive(websocket)  # WebSocketDisconnect when the client left
            now = time.monotonic()
            allowance = min(RATE, allowance + (now - stamp) * RATE)
            stamp = now
            if allowance < 1:
                await _send(websocket, _error("ws/rate_limited", "too many messages; slow down"))
                continue
            allowance -= 1
            await _handle(stream, match_id, token, text)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        if pusher is not None:
            pusher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pusher


PUSH_RETRY_MAX_S = 5.0
"""The longest a socket's pusher waits before it tries a failed update again."""


async def _push(stream: _Stream, notes: asyncio.Queue[Note], match_id: str) -> None:
    """Send an update for each change this connection has not seen yet; changes that queued
    up meanwhile go out as one update (of the newest). An update that cannot be rendered (the
    database restarts) is owed, not dropped: it is tried again after a pause, or sooner when
    another note comes, since a socket that missed an update would wait forever."""
    owed, failures = -1, 0
    while True:
        if owed <= stream.version:
            owed = (await notes.get())[1]
        elif failures:
            with contextlib.suppress(TimeoutError):
                pause = min(PUSH_RETRY_MAX_S, 0.25 * 2 ** failures)
                owed = max(owed, (await asyncio.wait_for(notes.get(), pause))[1])
        while not notes.empty():
            owed = max(owed, notes.get_nowait()[1])
        if owed <= stream.version:
            continue
        try:
            loaded = await _render(stream.svc, match_id, owed)
        except ApiError:
            owed = -1  # the match is gone (it never is once a socket is open)
            continue
        except Exception as exc:
            failures += 1
            log.warning("update of match %s to version %s failed (%s); trying again",
                        match_id, owed, describe(exc))
            continue
        failures = 0
        try:
            await stream.send(loaded, "update")
        except (WebSocketDisconnect, RuntimeError):
            return  # the client left: the receiving side ends the connection


async def _render(svc: Service, match_id: str, version: int) -> Loaded:
    """The match at a notified version, or, when catching up failed for another reason than a
    database outage, as the store has it now (the failure is logged)."""
    try:
        return await _at(svc, match_id, version)
    except ApiError:
        raise
    except Exception as exc:
        if is_outage(exc):
            raise
        log.exception("update of match %s to version %s failed; loading it", match_id,
                      version)
        return await run_in_threadpool(svc.load, match_id)


SYNC = {"type": "sync"}
"""Client → server: "send me the match as it is now", answered with a snapshot. A client that
has heard nothing for a while sends it (docs/bots.md): a lost update, or a dead connection,
then shows at once."""


async def _sync(stream: _Stream, match_id: str) -> None:
    """Answer ``{"type": "sync"}`` with a snapshot of the stored match (never older than what
    the connection was sent)."""
    try:
        with outage_as_api_error():
            loaded = await run_in_threadpool(stream.svc.load, match_id)
            if loaded.row.version < stream.version:  # an update went out meanwhile
                loaded = await _at(stream.svc, match_id, stream.version)
    except ApiError as exc:
        await _send(stream.ws, {"type": "error", **exc.body()})
        return
    await stream.send(loaded, "snapshot")


async def _receive(websocket: WebSocket) -> str | bytes:
    """The next message, text or binary (``receive_text`` raised KeyError on a binary frame,
    which dropped the connection)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""


async def _handle(stream: _Stream, match_id: str, token: str | None,
                  text: str | bytes) -> None:
    websocket, svc = stream.ws, stream.svc
    if isinstance(text, bytes):
        await _send(websocket, _error("ws/binary_frame",
                                         "send each message as JSON in a text frame"))
        return
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        await _send(websocket, _error("request/too_large",
                                         f"messages are limited to {MAX_MESSAGE_BYTES} bytes"))
        return
    try:
        value = read_json(text, "the message")
        if value == SYNC:
            await _sync(stream, match_id)
            return
        msg = WsAction.model_validate(value)
    except ApiError as exc:
        await _send(websocket, {"type": "error", **exc.body()})
        return
    except ValidationError as exc:
        where = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3])
        await _send(websocket, _error("request/invalid",
                                         f"expected {{'action': {{...}}, 'version': n}}: {where}"))
        return
    try:
        loaded, _ = await svc.act(match_id, token, msg.action, msg.version)
    except ApiError as exc:
        await _send(websocket, {"type": "error", **exc.body()})
        return
    await stream.send(loaded, "update")

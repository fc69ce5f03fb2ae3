"""The AI service's feed: which AI seats must act, for AI services that play them through the
public API like any bot (``ai/service.py``).

An AI service authenticates with the service key (``PAIJU_AI_KEY``, or one the server made and
keeps in the database: ``paiju ai-key`` prints it) and is offered turns, "match M, seat S must
act at version V, with seat token T", over the WebSocket ``/api/ai/feed`` or by the long poll
``POST /api/ai/turns``. A wrong or missing key gets 401 and nothing else.

Each worker keeps a board of the AI turns owed: change notes tell it which matches moved, and a
sweep of the store every ``PAIJU_AI_POLL_SECONDS`` catches whatever a note missed (a restart, an
outage). A turn goes to one AI service at a time under a lease in the database, so that several
workers feeding several AI services never hand it out twice at once; when the lease lapses with
the match still at the turn's version (the service died, or its move was lost), the turn is
offered again. Were two services ever to play the same turn, the action's version check lets
exactly one move land.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import math
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Body, Header, Request, WebSocket
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from .deps import bearer_value
from .errors import ApiError, describe
from .jsonin import JsonRoute
from .models import MAX_TURNS, AiTurns, AiTurnsRequest, ErrorResponse
from .pubsub import ALL, Broker, Note
from .service import Loaded, Service
from .store import Lease

log = logging.getLogger(__name__)

KEY_NAME = "ai"
"""The service key's name in the ``service_keys`` table."""

BAD_KEY = ApiError("auth/bad_key", "this needs the AI service key: 'Authorization: Bearer <key>'")
"""The one answer to a missing or wrong key: it says nothing of what the key would show."""

SEAT_CACHE = 100_000
"""Matches whose AI seats (or lack of them) a worker remembers: a note for a match of people
only then costs a dictionary look-up, not a query."""

LEASE_BATCH = 256
"""The most leases one round of offers asks the store for."""

RETRY_MAX_S = 5.0


@dataclass(frozen=True, slots=True)
class Turn:
    """An AI seat that must act at a version."""

    match_id: str
    game: str
    seat: int
    level: str
    version: int
    token: str


class Consumer:
    """An AI service's feed connection, or one long poll: the turns it holds (match → version,
    and when its lease lapses, on this worker's clock) and the queue they are sent through."""

    def __init__(self, capacity: int) -> None:
        self.capacity = max(1, min(capacity, MAX_TURNS))
        self.holder = secrets.token_hex(8)
        self.held: dict[str, tuple[int, float]] = {}
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def free(self) -> int:
        return self.capacity - len(self.held)


class Feed:
    """A worker's board of AI turns and the AI services it feeds."""

    def __init__(self, service: Service, broker: Broker, key: str, lease_s: float,
                 delay_ms: int, period: float) -> None:
        self.service = service
        self.broker = broker
        self._key = key.encode()
        self.lease_s = lease_s
        self.delay_ms = max(0, delay_ms)
        self.period = period
        self._consumers: list[Consumer] = []
        self._pending: dict[str, Turn] = {}
        """Match → the AI turn it owes (oldest first)."""
        self._known: dict[str, int] = {}
        """Match → the version the board last looked at."""
        self._not_before: dict[str, float] = {}
        """Match → when its turn may be offered again (its lease lapses), monotonic."""
        self._seats: OrderedDict[str, dict[int, tuple[str, str]]] = OrderedDict()
        """Match → its AI seats: seat → (level, token); empty for a match of people only."""
        self._notes: asyncio.Queue[Note] | None = None
        self._next_lapse = math.inf
        """When the board must look again for a lease that lapses (monotonic), as of the last
        round of offers."""

    def key_ok(self, presented: str | None) -> bool:
        """Whether ``presented`` is the service key (compared in constant time)."""
        return presented is not None and hmac.compare_digest(presented.encode(), self._key)

    # ------------------------------------------------------------------ consumers

    def join(self, consumer: Consumer) -> None:
        self._consumers.append(consumer)
        self._poke()

    def leave(self, consumer: Consumer) -> None:
        with contextlib.suppress(ValueError):
            self._consumers.remove(consumer)

    def _poke(self) -> None:
        """Wake the board (a consumer came, or has room again)."""
        if self._notes is not None:
            self._notes.put_nowait(("", -1))

    # ------------------------------------------------------------------ the board

    async def run(self) -> None:
        """Keep the board and hand turns out, until cancelled; any failure (the database away)
        is tried again after a pause that grows."""
        loop = asyncio.get_running_loop()
        async with self.broker.subscribe(ALL) as notes:
            self._notes = notes
            next_sweep, failures, moved = 0.0, 0, {}
            while True:
                noted, due = await self._wait(notes, next_sweep)
                moved |= noted
                if not self._consumers:
                    moved.clear()  # nobody to feed: the sweep catches up when one comes
                    next_sweep = 0.0
                    continue
                if not (moved or due or loop.time() >= next_sweep):
                    continue  # only matches of people moved: nothing to look at or offer
                try:
                    if loop.time() >= next_sweep:
                        moved |= await run_in_threadpool(self._sweep)
                        next_sweep = loop.time() + self.period
                    if moved:
                        self._apply(await run_in_threadpool(self._look, moved))
                        moved = {}
                    await self._offer()
                except Exception as exc:
                    failures += 1
                    if failures == 1 or failures % 20 == 0:
                        log.warning("AI feed: %s (%d in a row); trying again", describe(exc),
                                    failures)
                    next_sweep = loop.time() + min(RETRY_MAX_S, 0.2 * 2 ** failures)
                    continue
                if failures:
                    log.info("AI feed works again after %d failures", failures)
                    failures = 0

    async def _wait(self, notes: asyncio.Queue[Note],
                    until: float) -> tuple[dict[str, int], bool]:
        """The matches with AI seats that moved (id → newest version noted) once a note or a
        poke comes, or by ``until`` or the next lease to lapse, whichever is first; and whether
        the board is due anyway (a poke, or that time came)."""
        loop = asyncio.get_running_loop()
        wake = min(until, loop.time() + self._next_lapse - time.monotonic())
        moved: dict[str, int] = {}
        if notes.empty():
            timeout = max(wake - loop.time(), 0.001) if self._consumers else None
            with contextlib.suppress(TimeoutError):  # nobody to feed: wait for one
                match_id, version = await asyncio.wait_for(notes.get(), timeout)
                moved[match_id] = version
        while not notes.empty():
            match_id, version = notes.get_nowait()
            moved[match_id] = max(version, moved.get(match_id, -1))
        due = moved.pop("", None) is not None or loop.time() >= wake
        return {m: v for m, v in moved.items() if self._seats.get(m) != {}}, due

    def _sweep(self) -> dict[str, int]:
        """Every match with AI seats still being played that moved since the board looked
        (in a request thread); the board forgets the others."""
        live = self.service.store.ai_matches()
        for match_id in [m for m in self._known if m not in live]:
            self._forget(match_id)
        return {m: v for m, v in live.items() if self._known.get(m) != v}

    def _forget(self, match_id: str) -> None:
        self._known.pop(match_id, None)
        self._pending.pop(match_id, None)
        self._not_before.pop(match_id, None)

    def _look(self, moved: dict[str, int]) -> dict[str, tuple[int, Turn | None]]:
        """Each moved match's version and the AI turn it owes (in a request thread)."""
        out: dict[str, tuple[int, Turn | None]] = {}
        for match_id, version in moved.items():
            seats = self._ai_seats(match_id)
            if not seats:
                continue
            try:
                loaded = self.service.at_version(match_id, version)
            except ApiError:  # gone
                out[match_id] = (version, None)
                continue
            out[match_id] = (loaded.row.version, _turn(loaded, seats))
        return out

    def _ai_seats(self, match_id: str) -> dict[int, tuple[str, str]]:
        seats = self._seats.get(match_id)
        if seats is None:
            seats = {r.seat: (r.level, r.token) for r in self.service.store.ai_seats(match_id)}
            self._seats[match_id] = seats
            while len(self._seats) > SEAT_CACHE:
                self._seats.popitem(last=False)
        return seats

    def _apply(self, looked: dict[str, tuple[int, Turn | None]]) -> None:
        for match_id, (version, turn) in looked.items():
            if self._known.get(match_id, -1) > version:
                continue  # an older look than one already applied
            self._known[match_id] = version
            for c in self._consumers:  # the match moved on: its holder has room again
                held = c.held.get(match_id)
                if held is not None and held[0] < version:
                    del c.held[match_id]
            old = self._pending.pop(match_id, None)
            if turn is None:
                self._not_before.pop(match_id, None)
                continue
            if old is None or old.version != turn.version:
                self._not_before.pop(match_id, None)
            self._pending[match_id] = turn

    async def _offer(self) -> None:
        """Lease the turns owed, oldest first, to the consumers with room."""
        now = time.monotonic()
        for c in self._consumers:
            for match_id in [m for m, (_, lapse) in c.held.items() if lapse <= now]:
                del c.held[match_id]
        try:
            await self._lease_to(now, {c: c.free() for c in self._consumers if c.free() > 0})
        finally:
            lapses = [t for c in self._consumers for _, t in c.held.values()]
            if any(c.free() for c in self._consumers):
                # a turn owed and never offered (beyond one batch) is due at once
                lapses += [self._not_before.get(m, now) for m in self._pending]
            self._next_lapse = min(lapses, default=math.inf)

    async def _lease_to(self, now: float, room: dict[Consumer, int]) -> None:
        """Lease the turns owed, oldest first, to ``room``: consumer → turns it may take."""
        if not room:
            return
        wanted: list[tuple[Consumer, Turn]] = []
        holding = {m for c in self._consumers for m in c.held}
        order = sorted(room, key=lambda c: -room[c])
        for match_id, turn in self._pending.items():
            if len(wanted) >= LEASE_BATCH or not order:
                break
            if self._not_before.get(match_id, 0.0) > now or match_id in holding:
                continue
            consumer = order[len(wanted) % len(order)]
            wanted.append((consumer, turn))
            room[consumer] -= 1
            if room[consumer] == 0:
                order.remove(consumer)
        if not wanted:
            return
        wall = time.time()
        leases = [Lease(t.match_id, t.version, t.seat, c.holder, wall + self.lease_s)
                  for c, t in wanted]
        held = await run_in_threadpool(self.service.store.take_leases, leases, wall)
        now, wall_after = time.monotonic(), time.time()
        for (consumer, turn), other in zip(wanted, held, strict=True):
            if other is not None:  # another worker's AI service holds it
                self._not_before[turn.match_id] = now + max(other - wall_after, 0.05)
                continue
            lapse = now + self.lease_s
            self._not_before[turn.match_id] = lapse
            if consumer in self._consumers:
                consumer.held[turn.match_id] = (turn.version, lapse)
                consumer.queue.put_nowait(self._message(turn))

    def _message(self, turn: Turn) -> dict[str, Any]:
        return {"type": "turn", "match_id": turn.match_id, "game": turn.game, "seat": turn.seat,
                "level": turn.level, "version": turn.version, "token": turn.token,
                "lease_s": self.lease_s, "delay_ms": self.delay_ms}


def _turn(loaded: Loaded, seats: dict[int, tuple[str, str]]) -> Turn | None:
    """The AI seat that must act first in ``loaded`` (one a version: in a claim window the
    first answer moves the match on anyway), or None."""
    game, state = loaded.game, loaded.state
    if game.result(state) is not None:
        return None
    for seat in sorted(game.to_act(state)):
        if seat in seats:
            level, token = seats[seat]
            return Turn(loaded.row.id, loaded.row.game, seat, level, loaded.row.version, token)
    return None


# ------------------------------------------------------------------ routes

router = APIRouter(prefix="/api/ai", route_class=JsonRoute)


def _feed(app: Any) -> Feed:
    return app.state.feed  # type: ignore[no-any-return]


@router.post("/turns", response_model=AiTurns, operation_id="leaseAiTurns",
             responses={401: {"model": ErrorResponse, "description": "No key, or not the AI "
                                                                     "service key"},
                        400: {"model": ErrorResponse}, 413: {"model": ErrorResponse},
                        422: {"model": ErrorResponse}},
             openapi_extra={"security": [{"aiServiceKey": []}]})
async def lease_turns(request: Request,
                      authorization: Annotated[str | None, Header()] = None,
                      req: Annotated[AiTurnsRequest | None, Body()] = None) -> dict[str, Any]:
    """For AI services (the service key as `Authorization: Bearer <key>`): lease up to `max`
    AI turns, waiting up to `wait_s` seconds for the first. Each is an AI seat that must act,
    with its seat token; play it through the match routes. The WebSocket `/api/ai/feed` pushes
    the same turns (docs/ai-service.md)."""
    feed = _feed(request.app)
    if not feed.key_ok(bearer_value(authorization)):
        raise BAD_KEY
    req = req or AiTurnsRequest()
    consumer = Consumer(req.max)
    feed.join(consumer)
    try:
        turns: list[dict[str, Any]] = []
        with contextlib.suppress(TimeoutError):
            turns.append(await asyncio.wait_for(consumer.queue.get(), req.wait_s or 0.001))
        while not consumer.queue.empty():
            turns.append(consumer.queue.get_nowait())
    finally:
        feed.leave(consumer)
    return {"turns": turns}


@router.websocket("/feed")
async def ai_feed(websocket: WebSocket, capacity: int = 8) -> None:
    """Turns pushed as they come (``AiWelcome`` first, then ``AiTurn`` messages)."""
    feed = _feed(websocket.app)
    if not feed.key_ok(bearer_value(websocket.headers.get("authorization"))):
        await websocket.send_denial_response(JSONResponse(BAD_KEY.body(), status_code=401))
        return
    await websocket.accept()
    consumer = Consumer(capacity)
    feed.join(consumer)
    gone = asyncio.create_task(_until_closed(websocket))
    try:
        await websocket.send_json({"type": "welcome", "capacity": consumer.capacity,
                                   "lease_s": feed.lease_s})
        while True:
            get = asyncio.create_task(consumer.queue.get())
            done, _ = await asyncio.wait({get, gone}, return_when=asyncio.FIRST_COMPLETED)
            if get not in done:
                get.cancel()
                return
            await websocket.send_json(get.result())
    except Exception:  # the connection broke while sending
        return
    finally:
        feed.leave(consumer)
        gone.cancel()


async def _until_closed(websocket: WebSocket) -> None:
    """Read (and ignore) what the AI service sends, until it goes."""
    while (await websocket.receive())["type"] != "websocket.disconnect":
        pass


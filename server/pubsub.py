"""Match change notifications: "match M is now at version V".

Subscribers (WebSocket connections, the AI service) get the id and version and load what they
need through the service, so a message never carries a state or a view. In-process by default;
a Redis broker can replace it behind the same interface when several workers share a match.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Protocol

from .errors import describe

log = logging.getLogger(__name__)

ALL = "*"
"""Subscribe to every match (the AI service)."""

Note = tuple[str, int]

Step = tuple[int, int, str]
"""The action a change was: (deal number, seat, action JSON), as the log stores it."""


class Broker(Protocol):
    def publish(self, match_id: str, version: int, step: Step | None = None) -> None: ...

    async def apublish(self, match_id: str, version: int, step: Step | None = None) -> None:
        """``publish`` from the event loop, without blocking it."""

    def subscribe(self, match_id: str) -> AbstractAsyncContextManager[asyncio.Queue[Note]]: ...


class LocalBroker:
    """Fans notifications out to asyncio queues in this process; ``publish`` is thread-safe
    (sync routes run in a thread pool)."""

    def __init__(self) -> None:
        self._subs: dict[str, set[asyncio.Queue[Note]]] = defaultdict(set)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._heard: dict[str, float] = {}
        """When each watched match last had a note here (or was first watched): see
        ``quiet``."""

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def publish(self, match_id: str, version: int, step: Step | None = None) -> None:
        """Notify this process's subscribers (``step`` is for other workers: this one made the
        change and holds it)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._deliver(match_id, version)
        else:
            loop.call_soon_threadsafe(self._deliver, match_id, version)

    async def apublish(self, match_id: str, version: int, step: Step | None = None) -> None:
        self.publish(match_id, version, step)

    def _deliver(self, match_id: str, version: int) -> None:
        for key in (match_id, ALL):
            for q in list(self._subs.get(key, ())):
                q.put_nowait((match_id, version))
        if match_id in self._heard:
            self._heard[match_id] = time.monotonic()

    def quiet(self, seconds: float) -> list[str]:
        """The matches watched here that have had no note for ``seconds``."""
        since = time.monotonic() - seconds
        return [m for m, heard in self._heard.items() if heard <= since]

    def remind(self, match_id: str, version: int) -> None:
        """Tell the match's own subscribers (not ``ALL``'s) that it is at ``version``: each
        skips it when it has seen that version (see ``keep_watch``)."""
        for q in list(self._subs.get(match_id, ())):
            q.put_nowait((match_id, version))
        if match_id in self._heard:
            self._heard[match_id] = time.monotonic()

    @asynccontextmanager
    async def subscribe(self, match_id: str) -> AsyncIterator[asyncio.Queue[Note]]:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        q: asyncio.Queue[Note] = asyncio.Queue()
        self._subs[match_id].add(q)
        if match_id != ALL:
            self._heard.setdefault(match_id, time.monotonic())
        try:
            yield q
        finally:
            self._subs[match_id].discard(q)
            if not self._subs[match_id]:
                del self._subs[match_id]
                self._heard.pop(match_id, None)


async def keep_watch(broker: LocalBroker, versions: Callable[[list[str]], dict[str, int]],
                     quiet_seconds: float) -> None:
    """Make the push path heal itself: every half ``quiet_seconds``, the matches this worker
    watches that have had no note for ``quiet_seconds`` are announced to their subscribers at
    their stored version (one query for all of them). A note can be lost — its worker killed
    between the commit and the publish, Redis away, a worker taking sockets before it
    subscribed, a failed render — and a seat waiting on that version would otherwise wait
    forever; a socket that has the version skips the reminder. Runs until cancelled."""
    while True:
        await asyncio.sleep(quiet_seconds / 2)
        ids = broker.quiet(quiet_seconds)
        if not ids:
            continue
        try:
            found = await asyncio.to_thread(versions, ids)
        except Exception as exc:  # the database is away: the next round asks again
            log.warning("could not read the versions of %d quiet matches: %s", len(ids),
                        describe(exc))
            continue
        for match_id, version in found.items():
            broker.remind(match_id, version)


CHANNEL = "paiju:matches"
LISTENER_NAME = "paiju-listener"
"""The name a worker's subscription connection shows in Redis' CLIENT LIST."""


class RedisBroker:
    """Fans notifications out across workers through Redis pub/sub. A worker tells its own
    subscribers of its changes at once, and every other worker through Redis: each note carries
    its worker's tag, and a listener task of each worker delivers the others' notes to its local
    subscribers, so every worker sees every change exactly once.

    From the event loop (``apublish``) notes are sent in batches: while one batch is on its way
    the next ones gather, and go out together as one pipeline when it is answered. A send to an
    idle process is a costly wake-up on this kind of machine (a sixth of a worker's time went on
    one ``PUBLISH`` an action), and a batch costs one."""

    def __init__(self, url: str,
                 versions: Callable[[list[str]], dict[str, int]] | None = None) -> None:
        import redis

        self.url = url
        self.local = LocalBroker()
        self.origin = secrets.token_hex(4)
        """This worker's tag on its notes (its listener skips them: delivered already)."""
        self._client = redis.Redis.from_url(url)
        self.versions = versions
        """The stored versions of some matches (the store's): after a lost subscription each
        watched match is re-announced at its stored version, since pub/sub keeps nothing for
        a subscriber that was away."""
        self._aclient: Any = None
        """The asyncio client ``apublish`` uses (made on first use, in the worker's loop)."""
        self._pending: list[str] = []
        self._sender: asyncio.Task[None] | None = None
        self._batches = 0
        """Pipelines sent (the tests read it)."""
        self.absorb: Callable[[str, int, Step], None] | None = None
        """Called with a note's action before its subscribers hear of it (the service steps
        its cached copy forward)."""
        self.subscribed = asyncio.Event()
        """Set once the listener first subscribed (the app waits for it before serving)."""

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self.local.bind(loop)

    def publish(self, match_id: str, version: int, step: Step | None = None) -> None:
        """Tell this worker's subscribers, and every other worker with the action that made the
        change, so a worker holding the version before it can step its copy forward instead of
        reading the log (callable from the sync routes' threads)."""
        self.local.publish(match_id, version)
        try:
            self._client.publish(CHANNEL, _note(self.origin, match_id, version, step))
        except Exception:  # the change is stored: its sender must not hear it failed
            log.warning("could not publish %s at %s to Redis", match_id, version, exc_info=True)

    async def apublish(self, match_id: str, version: int, step: Step | None = None) -> None:
        """``publish`` from the event loop: the note joins the next batch, and the caller does
        not wait for Redis (the change is stored already; a note Redis lost is made up for by
        the next change of the match, or by the resync after a lost subscription)."""
        self.local._deliver(match_id, version)
        self._pending.append(_note(self.origin, match_id, version, step))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.create_task(self._send_batches())

    async def _send_batches(self) -> None:
        """Send what is pending, one pipeline at a time, until nothing is."""
        if self._aclient is None:  # made in the loop that uses it
            import redis.asyncio as aredis

            # one connection, no pool to check it out of for every batch
            self._aclient = aredis.Redis.from_url(self.url, single_connection_client=True)
        while self._pending:
            batch, self._pending = self._pending, []
            for attempt in range(2):
                try:
                    async with self._aclient.pipeline(transaction=False) as pipe:
                        for note in batch:
                            pipe.publish(CHANNEL, note)
                        await pipe.execute()
                    self._batches += 1
                    break
                except asyncio.CancelledError:
                    raise
                except Exception:
                    if attempt:
                        log.warning("could not publish %d notes to Redis", len(batch),
                                    exc_info=True)

    async def aclose(self) -> None:
        self.subscribed.clear()  # a worker started again waits for its new subscription
        if self._sender is not None:
            with contextlib.suppress(Exception):  # the last notes out before closing
                await asyncio.wait_for(asyncio.shield(self._sender), timeout=2)
        if self._aclient is not None:
            await self._aclient.aclose()

    def subscribe(self, match_id: str) -> AbstractAsyncContextManager[asyncio.Queue[Note]]:
        return self.local.subscribe(match_id)

    async def listen(self) -> None:
        """Deliver Redis notifications locally until cancelled (reconnecting on errors)."""
        import redis.asyncio as aredis

        lost = False
        while True:
            client = aredis.Redis.from_url(self.url, client_name=LISTENER_NAME)
            ps = client.pubsub()
            try:
                await ps.subscribe(CHANNEL)
                self.subscribed.set()
                if lost:
                    await self._resync()
                    lost = False
                async for msg in ps.listen():
                    if msg.get("type") != "message":
                        continue
                    origin, match_id, version, step = parse_note(msg["data"].decode())
                    if origin == self.origin:
                        continue  # this worker's own: its subscribers heard of it already
                    if step is not None and self.absorb is not None:
                        try:
                            self.absorb(match_id, version, step)
                        except Exception:  # the subscribers still hear of it, and catch up
                            log.exception("could not absorb %s at %s", match_id, version)
                    self.local._deliver(match_id, version)
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis went away: wait and subscribe again
                log.warning("lost the Redis subscription; subscribing again", exc_info=True)
                lost = True
                await asyncio.sleep(1)
            finally:
                # a Redis that does not answer must not hold the worker's shutdown up
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(_close(ps, client), timeout=2)


    async def wait_subscribed(self, timeout: float) -> bool:
        """Wait until the listener has subscribed, at most ``timeout`` seconds: a worker that
        takes sockets before it hears the other workers' notes would miss the changes made in
        between (the quiet check would make them up, seconds later)."""
        try:
            await asyncio.wait_for(self.subscribed.wait(), timeout)
            return True
        except TimeoutError:
            log.warning("not subscribed to Redis after %s s; serving anyway", timeout)
            return False

    async def _resync(self) -> None:
        """Announce every match this worker watches at its stored version: changes published
        while the subscription was down reach their sockets (which skip what they have seen)."""
        ids = [m for m in self.local._subs if m != ALL]
        if self.versions is None or not ids:
            return
        found = await asyncio.to_thread(self.versions, ids)
        for match_id, version in found.items():
            self.local._deliver(match_id, version)


def _note(origin: str, match_id: str, version: int, step: Step | None) -> str:
    note = f"{origin} {version} {match_id}"
    return note if step is None else f"{note} {step[0]} {step[1]} {step[2]}"


def parse_note(text: str) -> tuple[str, str, int, Step | None]:
    """A Redis note, "worker version match" or "worker version match deal seat action-json",
    as (worker, match, version, step)."""
    origin, version, match_id, *rest = text.split(" ", 5)
    step = (int(rest[0]), int(rest[1]), rest[2]) if len(rest) == 3 else None
    return origin, match_id, int(version), step


async def _close(ps: Any, client: Any) -> None:
    await ps.aclose()
    await client.aclose()

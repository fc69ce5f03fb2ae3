"""The AI service: plays the AI seats through the public API, exactly as a person's client would.

It holds the AI seats' tokens (the ``ai_seats`` table), learns which matches moved (in-process:
the server's broker; standalone: polling the store), and for each AI seat that must act fetches
its view and legal actions over HTTP, asks the seat's policy, waits ``PAIJU_AI_DELAY_MS`` and
posts the action with the version it read. Several AI services may run at once: the version
check lets exactly one action land, and the others simply look again.

Nothing stops it for good: a request answered 503 (the database restarts) is sent again after
``Retry-After``; a move that fails anyway is tried again after a growing pause; a sweep that
fails (the database is away) is too; and the sweep pokes every match whose AI seats were not
found settled at its stored version, so a match waiting on an AI seat resumes whatever
notification or move was lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
from typing import Any, Protocol

import httpx

from .policies import POLICIES, Policy, Settings, choose, registry
from .retry import send

log = logging.getLogger("paiju.ai")

STRONG_MS_ENV = "PAIJU_AI_STRONG_MS"
"""Environment variable: the ``strong`` level's time per decision in ms (default 1000)."""


def strong_settings(environ: dict[str, str] | None = None) -> Settings:
    """The ``strong`` level's settings from ``PAIJU_AI_STRONG_MS`` (ValueError when it is not a
    positive number)."""
    raw = (os.environ if environ is None else environ).get(STRONG_MS_ENV)
    if raw is None or raw == "":
        return Settings()
    ms = float(raw)
    if not ms > 0:
        raise ValueError(f"{STRONG_MS_ENV} must be a positive number of milliseconds, not {raw!r}")
    return Settings(budget_ms=ms)


def playable_level(game: str, level: str) -> str:
    """The level an AI seat is played at: the one asked for, or ``random`` for a game that has
    no policy of that level yet (a match can always be created with the same seat kinds)."""
    return level if level in POLICIES.get(game, {}) else "random"


class SeatSource(Protocol):
    """Where the AI seats' tokens are (the server's store)."""

    def ai_seats(self, match_id: str | None) -> list[Any]:
        """Rows with ``match_id``, ``seat``, ``level``, ``token``: one match's AI seats, or
        (None) the AI seats of every match still being played."""
        ...

    def versions(self, ids: list[str]) -> dict[str, int]: ...


RETRY_MAX_S = 5.0
"""The longest pause between two tries of a failing match or sweep (the database restarts, the
server is away): short enough that the AI resumes within seconds once it is back."""


def backoff(failures: int, first: float = 0.2) -> float:
    """The pause after ``failures`` failures in a row: doubling from ``first`` up to
    ``RETRY_MAX_S``."""
    return min(RETRY_MAX_S, first * 2 ** max(failures - 1, 0))


class AiRunner:
    def __init__(self, client: httpx.AsyncClient, seats: SeatSource, delay_ms: int = 0,
                 policies: dict[str, dict[str, Policy]] | None = None) -> None:
        self.client = client
        self.seats = seats
        self.delay = max(0, delay_ms) / 1000
        if policies is None:
            try:
                strong = strong_settings()
            except ValueError as exc:  # a typo in the environment must not stop the AI
                log.warning("%s; the strong AI keeps its default budget", exc)
                strong = Settings()
            policies = registry(strong)
        self.policies = policies
        self._running: dict[str, asyncio.Task[None]] = {}
        """Match → the task playing its AI seats."""
        self._dirty: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._settled: dict[str, int] = {}
        """Match → the version at which its AI seats were last found with nothing to do."""
        self._sweep_failures = 0

    # ------------------------------------------------------------------ scheduling

    def poke(self, match_id: str) -> None:
        """Match ``match_id`` moved: play its AI seats (again, if already playing)."""
        if match_id in self._running:
            self._dirty.add(match_id)
            return
        task = asyncio.create_task(self._play(match_id))
        self._running[match_id] = task
        self._tasks.add(task)
        task.add_done_callback(lambda t: self._release(match_id, t))

    def _release(self, match_id: str, task: asyncio.Task[None] | None) -> None:
        """``task`` no longer plays the match (a task cancelled before it ran included)."""
        if task is None:
            return
        self._tasks.discard(task)
        if self._running.get(match_id) is task:
            del self._running[match_id]

    async def sweep(self) -> None:
        """Poke every match being played, with AI seats, that is not being played here and
        was not found settled at its stored version: one that moved since, one no note told
        this process of, one whose play failed (the database or the server was away) — so a
        match never waits on an AI seat for good, whatever was lost."""
        rows = await asyncio.to_thread(self.seats.ai_seats, None)
        ids = sorted({r.match_id for r in rows})
        versions = await asyncio.to_thread(self.seats.versions, ids)
        for match_id in [m for m in self._settled if m not in versions]:
            del self._settled[match_id]  # over, or gone: forget it
        for match_id, version in versions.items():
            if match_id not in self._running and self._settled.get(match_id) != version:
                self.poke(match_id)

    async def sweep_safely(self, period: float) -> float:
        """``sweep``, surviving any failure (the database restarts): the seconds until the next
        sweep, ``period`` or, after failures in a row, a longer pause."""
        try:
            await self.sweep()
        except Exception as exc:
            self._sweep_failures += 1
            if self._sweep_failures == 1:
                log.warning("AI sweep failed (%s); trying again", _first_line(exc))
            return max(period, backoff(self._sweep_failures + 1, period))
        if self._sweep_failures:
            log.info("AI sweep works again after %d failures", self._sweep_failures)
            self._sweep_failures = 0
        return period

    async def close(self) -> None:
        for t in list(self._tasks):
            t.cancel()
        for t in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t

    # ------------------------------------------------------------------ playing

    async def _play(self, match_id: str) -> None:
        """Play the match's AI seats until none must act. A failure (the database or the
        server away, a refusal) is never final: the move is tried again after a pause that
        grows, so the match resumes once the outage is over."""
        try:
            failures = 0
            while True:
                self._dirty.discard(match_id)
                try:
                    settled = await self._one_move(match_id)
                except Exception as exc:
                    failures += 1
                    if failures == 1 or failures % 10 == 0:
                        log.warning("AI on match %s failed %d times: %s", match_id, failures,
                                    _first_line(exc))
                    await asyncio.sleep(backoff(failures))
                    continue
                failures = 0
                if settled is not None:
                    self._settled[match_id] = settled
                    if match_id not in self._dirty:
                        return
        finally:
            # at once, not in the done callback: a poke right after this must start a new task
            self._release(match_id, asyncio.current_task())

    async def _one_move(self, match_id: str) -> int | None:
        """Play one AI seat that must act. Returns None after acting (or when the match moved
        meanwhile: look again), else the version at which no AI seat had to act."""
        seats = await asyncio.to_thread(self.seats.ai_seats, match_id)
        seen: set[int] = set()
        for row in seats:
            auth = {"Authorization": f"Bearer {row.token}"}
            r = await send(self.client, "GET", f"/api/matches/{match_id}/legal", headers=auth)
            if r.status_code == 404:
                return -1
            r.raise_for_status()
            legal = r.json()
            seen.add(legal["version"])
            if not legal["actions"]:
                continue
            r = await send(self.client, "GET", f"/api/matches/{match_id}", headers=auth)
            r.raise_for_status()
            view = r.json()
            if view["version"] != legal["version"]:
                return None  # it moved meanwhile: look again
            rng = random.Random(f"{match_id}:{legal['version']}:{row.seat}")
            level = playable_level(view["game"], row.level)
            # a search takes its budget of CPU: off the event loop, so the server stays live
            action = await asyncio.to_thread(choose, view["game"], level, view["state"],
                                             legal["actions"], rng, self.policies)
            if self.delay:
                await asyncio.sleep(self.delay)
            r = await send(self.client, "POST", f"/api/matches/{match_id}/actions",
                           headers=auth, json={"action": action, "version": legal["version"]})
            if r.status_code == 409:
                return None  # somebody acted first: the version check decided
            if r.status_code != 200:
                raise ValueError(f"seat {row.seat} action {action} refused: {r.text}")
            return None
        if len(seen) > 1:
            return None  # the seats answered at different versions: look again
        return seen.pop() if seen else -1


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__


async def run_in_process(app: Any, service: Any, broker: Any, settings: Any) -> None:
    """The AI service inside the server: the app's own endpoints over an in-memory transport,
    notified by the in-process broker, with a periodic sweep as a safety net."""
    from server.pubsub import ALL

    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://paiju.local",
                                 timeout=30) as client:
        runner = AiRunner(client, service.store, settings.ai_delay_ms)
        try:
            async with broker.subscribe(ALL) as notes:
                loop = asyncio.get_running_loop()
                period = settings.ai_poll_seconds
                next_sweep = loop.time() + await runner.sweep_safely(period)
                while True:
                    # the sweep runs every poll period even while notes keep coming: a busy
                    # server must not starve the net that catches a lost notification
                    try:
                        match_id, _ = await asyncio.wait_for(
                            notes.get(), max(next_sweep - loop.time(), 0))
                        runner.poke(match_id)
                    except TimeoutError:
                        pass
                    if loop.time() >= next_sweep:
                        next_sweep = loop.time() + await runner.sweep_safely(period)
        finally:
            await runner.close()


async def run_standalone(server_url: str, database_url: str, delay_ms: int,
                         poll_seconds: float) -> None:
    """``paiju ai``: the AI service in its own process, against a server at ``server_url`` that
    shares the database at ``database_url`` (where the AI seats' tokens are). It outlives any
    outage of either: a sweep that fails is tried again after a pause."""
    store = await _open_store(database_url)
    async with httpx.AsyncClient(base_url=server_url, timeout=30) as client:
        runner = AiRunner(client, store, delay_ms)
        try:
            while True:
                await asyncio.sleep(await runner.sweep_safely(poll_seconds))
        finally:
            await runner.close()


async def _open_store(database_url: str) -> Any:
    """The store at ``database_url``, waiting for the database as long as it takes (the AI
    service may start before it, or while it restarts)."""
    from server.store import Store, make_engine

    failures = 0
    while True:
        try:
            return Store(await asyncio.to_thread(make_engine, database_url))
        except Exception as exc:
            failures += 1
            if failures == 1:
                log.warning("AI service: the database cannot be reached yet (%s); waiting",
                            _first_line(exc))
            await asyncio.sleep(backoff(failures, 0.5))

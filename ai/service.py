"""The AI service: plays the AI seats through the public API, exactly as a person's client would.

It holds the AI seats' tokens (the ``ai_seats`` table), learns which matches moved (in-process:
the server's broker; standalone: polling the store), and for each AI seat that must act fetches
its view and legal actions over HTTP, asks the seat's policy, waits ``PAIJU_AI_DELAY_MS`` and
posts the action with the version it read. Several AI services may run at once: the version
check lets exactly one action land, and the others simply look again.
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
        self._running: set[str] = set()
        self._dirty: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._seen: dict[str, int] = {}

    # ------------------------------------------------------------------ scheduling

    def poke(self, match_id: str) -> None:
        """Match ``match_id`` moved: play its AI seats (again, if already playing)."""
        if match_id in self._running:
            self._dirty.add(match_id)
            return
        self._running.add(match_id)
        task = asyncio.create_task(self._play(match_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def sweep(self) -> None:
        """Poke every match being played, with AI seats, that moved since the last sweep (all of
        them after a restart, or when no notifications reach this process)."""
        rows = await asyncio.to_thread(self.seats.ai_seats, None)
        ids = sorted({r.match_id for r in rows})
        versions = await asyncio.to_thread(self.seats.versions, ids)
        for match_id, version in versions.items():
            if self._seen.get(match_id) != version:
                self._seen[match_id] = version
                self.poke(match_id)

    async def close(self) -> None:
        for t in list(self._tasks):
            t.cancel()
        for t in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t

    # ------------------------------------------------------------------ playing

    async def _play(self, match_id: str) -> None:
        try:
            failures = 0
            while True:
                self._dirty.discard(match_id)
                try:
                    acted = await self._one_move(match_id)
                except (httpx.HTTPError, KeyError, ValueError) as exc:
                    failures += 1
                    log.warning("AI on match %s: %s", match_id, exc)
                    if failures >= 3:
                        return
                    await asyncio.sleep(0.2 * failures)
                    continue
                if not acted and match_id not in self._dirty:
                    return
        finally:
            self._running.discard(match_id)

    async def _one_move(self, match_id: str) -> bool:
        """Play one AI seat that must act; False when none must."""
        seats = await asyncio.to_thread(self.seats.ai_seats, match_id)
        for row in seats:
            auth = {"Authorization": f"Bearer {row.token}"}
            r = await self.client.get(f"/api/matches/{match_id}/legal", headers=auth)
            if r.status_code == 404:
                return False
            r.raise_for_status()
            legal = r.json()
            if not legal["actions"]:
                continue
            r = await self.client.get(f"/api/matches/{match_id}", headers=auth)
            r.raise_for_status()
            view = r.json()
            if view["version"] != legal["version"]:
                return True  # it moved meanwhile: look again
            rng = random.Random(f"{match_id}:{legal['version']}:{row.seat}")
            level = playable_level(view["game"], row.level)
            # a search takes its budget of CPU: off the event loop, so the server stays live
            action = await asyncio.to_thread(choose, view["game"], level, view["state"],
                                             legal["actions"], rng, self.policies)
            if self.delay:
                await asyncio.sleep(self.delay)
            r = await self.client.post(f"/api/matches/{match_id}/actions", headers=auth,
                                       json={"action": action, "version": legal["version"]})
            if r.status_code == 409:
                return True  # somebody acted first: the version check decided
            if r.status_code != 200:
                raise ValueError(f"seat {row.seat} action {action} refused: {r.text}")
            return True
        return False


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
                await runner.sweep()
                swept = loop.time()
                while True:
                    # the sweep runs every poll period even while notes keep coming: a busy
                    # server must not starve the net that catches a lost notification
                    wait = swept + settings.ai_poll_seconds - loop.time()
                    try:
                        match_id, _ = await asyncio.wait_for(notes.get(), max(wait, 0))
                        runner.poke(match_id)
                    except TimeoutError:
                        pass
                    if loop.time() >= swept + settings.ai_poll_seconds:
                        await runner.sweep()
                        swept = loop.time()
        finally:
            await runner.close()


async def run_standalone(server_url: str, database_url: str, delay_ms: int,
                         poll_seconds: float) -> None:
    """``paiju ai``: the AI service in its own process, against a server at ``server_url`` that
    shares the database at ``database_url`` (where the AI seats' tokens are)."""
    from server.store import Store, make_engine

    store = Store(make_engine(database_url))
    async with httpx.AsyncClient(base_url=server_url, timeout=30) as client:
        runner = AiRunner(client, store, delay_ms)
        try:
            while True:
                await runner.sweep()
                await asyncio.sleep(poll_seconds)
        finally:
            await runner.close()

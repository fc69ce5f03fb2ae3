"""The AI service: plays the AI seats through the public API, exactly as any bot would.

It knows the server's URL and the AI service key, and nothing else: no database, no server
module. The server's feed offers it the AI turns — "match M, seat S must act at version V, with
seat token T" — over the WebSocket ``/api/ai/feed`` or, where a WebSocket cannot pass (or in the
server's own process), the long poll ``POST /api/ai/turns`` (docs/ai-service.md). Each turn is
played like a bot plays: the seat's view and legal actions, the seat's policy, a pause the
server asks for, and the action at the version it read.

Several AI services may run at once, on several hosts: a turn is leased to one at a time, and
the action's version check lets exactly one move land were two ever to play it. Nothing stops
one for good: a request answered 503 (the database restarts) is sent again after
``Retry-After``; a turn that fails anyway is left, and the server offers it again when its lease
lapses; a feed that breaks (the server restarts) is joined again after a pause that grows.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus, WebSocketException

from .policies import POLICIES, Policy, Settings, choose, registry
from .retry import retry_after, send

log = logging.getLogger("paiju.ai")

STRONG_MS_ENV = "PAIJU_AI_STRONG_MS"
"""Environment variable: the ``strong`` level's time per decision in ms (default 1000)."""

KEY_ENV = "PAIJU_AI_KEY"
"""Environment variable: the AI service key ``paiju ai`` authenticates with."""

FEEDS = ("auto", "ws", "rest")
"""How a standalone service hears of turns: the WebSocket, the long poll, or the WebSocket
with the long poll as fallback when the server (or a proxy) refuses the upgrade."""

POLL_WAIT_S = 20.0
"""How long one long poll waits for a turn."""

RETRY_MAX_S = 5.0
"""The longest pause before joining a broken feed again: short enough that the AI resumes
within seconds once the server is back."""


class KeyRefused(Exception):
    """The server refused the AI service key (401): a setting to fix, not an outage."""


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


def backoff(failures: int, first: float = 0.2) -> float:
    """The pause after ``failures`` failures in a row: doubling from ``first`` up to
    ``RETRY_MAX_S``."""
    return min(RETRY_MAX_S, first * 2 ** max(failures - 1, 0))


def describe(exc: BaseException) -> str:
    """``exc`` in one line for a log."""
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__


def default_policies() -> dict[str, dict[str, Policy]]:
    try:
        strong = strong_settings()
    except ValueError as exc:  # a typo in the environment must not stop the AI
        log.warning("%s; the strong AI keeps its default budget", exc)
        strong = Settings()
    return registry(strong)


class AiService:
    """Plays the turns a feed offers; ``client`` speaks to the server's public API."""

    def __init__(self, client: httpx.AsyncClient, key: str, capacity: int = 8,
                 policies: dict[str, dict[str, Policy]] | None = None) -> None:
        self.client = client
        self.capacity = capacity
        self._auth = {"Authorization": f"Bearer {key}"}
        self.policies = default_policies() if policies is None else policies
        self._playing: dict[str, tuple[int, asyncio.Task[None]]] = {}
        """Match → the version of the turn being played and its task."""
        self.played = 0
        """Turns whose action landed (for tests and logs)."""

    # ------------------------------------------------------------------ turns

    def take(self, turn: dict[str, Any]) -> None:
        """Play ``turn`` (unless this service is on that match at that version already)."""
        match_id, version = turn["match_id"], turn["version"]
        current = self._playing.get(match_id)
        if current is not None and not current[1].done() and current[0] >= version:
            return
        task = asyncio.create_task(self._play_safely(turn))
        self._playing[match_id] = (version, task)
        task.add_done_callback(lambda t: self._release(match_id, t))

    def _release(self, match_id: str, task: asyncio.Task[None]) -> None:
        current = self._playing.get(match_id)
        if current is not None and current[1] is task:
            del self._playing[match_id]

    def busy(self) -> int:
        return len(self._playing)

    async def _play_safely(self, turn: dict[str, Any]) -> None:
        try:
            await self.play(turn)
        except Exception as exc:  # the server away, a refusal: the lease lapses, it comes back
            log.warning("AI turn of match %s seat %s at version %s failed (%s); the feed "
                        "offers it again", turn["match_id"], turn["seat"], turn["version"],
                        describe(exc))

    async def play(self, turn: dict[str, Any]) -> bool:
        """Play one turn as a bot would; True when its action landed. A turn the match has
        moved past (another service, or a person in a claim window, acted first) is left."""
        match_id, seat = turn["match_id"], turn["seat"]
        auth = {"Authorization": f"Bearer {turn['token']}"}
        r = await send(self.client, "GET", f"/api/matches/{match_id}/legal", headers=auth)
        if r.status_code == 404:
            return False
        r.raise_for_status()
        legal = r.json()
        if legal["version"] != turn["version"] or not legal["actions"]:
            return False
        r = await send(self.client, "GET", f"/api/matches/{match_id}", headers=auth)
        r.raise_for_status()
        view = r.json()
        if view["version"] != legal["version"]:
            return False  # it moved meanwhile
        rng = random.Random(f"{match_id}:{legal['version']}:{seat}")
        level = playable_level(view["game"], turn["level"])
        # a search takes its budget of CPU: off the event loop (a server in this process, the
        # feed's other turns stay live)
        action = await asyncio.to_thread(choose, view["game"], level, view["state"],
                                         legal["actions"], rng, self.policies)
        if turn.get("delay_ms"):
            await asyncio.sleep(turn["delay_ms"] / 1000)
        r = await send(self.client, "POST", f"/api/matches/{match_id}/actions", headers=auth,
                       json={"action": action, "version": legal["version"]})
        if r.status_code == 409:
            return False  # somebody acted first: the version check decided
        if r.status_code != 200:
            raise ValueError(f"seat {seat} action {action} refused: {r.text}")
        self.played += 1
        return True

    async def close(self) -> None:
        tasks = [t for _, t in self._playing.values()]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t

    # ------------------------------------------------------------------ feeds

    async def poll(self, wait_s: float = POLL_WAIT_S) -> None:
        """The long-poll feed, forever: lease as many turns as there is room for, play them,
        ask again. A failure (the server or the database away) is tried again after a pause."""
        failures = 0
        while True:
            free = self.capacity - self.busy()
            if free <= 0:
                await asyncio.wait([t for _, t in self._playing.values()],
                                   return_when=asyncio.FIRST_COMPLETED)
                continue
            try:
                r = await self.client.post("/api/ai/turns", headers=self._auth,
                                           json={"max": free, "wait_s": wait_s},
                                           timeout=wait_s + 30)
            except httpx.HTTPError as exc:
                failures += 1
                self._failed("the turns could not be asked for", exc, failures)
                await asyncio.sleep(backoff(failures))
                continue
            if r.status_code == 401:
                raise KeyRefused(r.json().get("error", {}).get("message", "401"))
            if r.status_code != 200:
                failures += 1
                self._failed("the turns could not be asked for", r.status_code, failures)
                await asyncio.sleep(retry_after(r) if r.status_code == 503 else backoff(failures))
                continue
            if failures:
                log.info("the AI feed answers again after %d failures", failures)
            failures = 0
            for turn in r.json()["turns"]:
                self.take(turn)

    async def listen(self, ws_url: str) -> None:
        """The WebSocket feed, until the connection closes."""
        url = f"{ws_url}?capacity={self.capacity}"
        async with connect(url, additional_headers=self._auth, open_timeout=10,
                           ping_interval=10, ping_timeout=10) as ws:
            log.info("AI service joined the feed at %s", ws_url)
            async for text in ws:
                msg = json.loads(text)
                if msg.get("type") == "turn":
                    self.take(msg)

    async def run(self, ws_url: str | None, feed: str = "auto") -> None:
        """Play what the feed offers, forever: through ``listen`` (joined again whenever the
        connection breaks) or ``poll``; ``auto`` polls when the server refuses the WebSocket.
        Raises ``KeyRefused`` on a 401."""
        mode = "rest" if ws_url is None else feed
        failures = 0
        while True:
            if mode == "rest":
                await self.poll()
                return
            try:
                await self.listen(ws_url)  # type: ignore[arg-type]
                failures = 0
            except InvalidStatus as exc:
                status = exc.response.status_code
                if status == 401:
                    raise KeyRefused("the server refused the AI service key") from None
                if mode == "auto" and status != 503:
                    log.warning("the server answered %s to the WebSocket feed; polling instead",
                                status)
                    mode = "rest"
                    continue
                failures += 1
                self._failed("the feed refused the connection", status, failures)
            except (OSError, TimeoutError, WebSocketException) as exc:
                failures += 1
                self._failed("the feed broke", exc, failures)
            await asyncio.sleep(backoff(failures))

    @staticmethod
    def _failed(what: str, why: Any, failures: int) -> None:
        if failures == 1 or failures % 20 == 0:
            reason = describe(why) if isinstance(why, BaseException) else why
            log.warning("%s (%s, %d in a row); trying again", what, reason, failures)


async def run_in_process(app: Any, key: str) -> None:
    """The AI service inside the server's process: the app's own public endpoints over an
    in-memory transport (the long-poll feed: no socket to open), until cancelled."""
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://paiju.local",
                                 timeout=60) as client:
        service = AiService(client, key)
        try:
            await service.poll()
        finally:
            await service.close()


async def run_standalone(server_url: str, key: str, feed: str = "auto",
                         capacity: int = 8) -> None:
    """``paiju ai``: the AI service in its own process, against the server at ``server_url``,
    with nothing but the service key. It outlives any outage of the server or its database;
    it stops on ``KeyRefused``."""
    base = server_url.rstrip("/")
    ws_url = "ws" + base[len("http"):] + "/api/ai/feed" if base.startswith("http") else None
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        service = AiService(client, key, capacity)
        try:
            await service.run(ws_url, feed)
        finally:
            await service.close()

"""The arena with an external bot: a seat ``ws`` is played by a program over the WebSocket
protocol (docs/bots.md), the way it would play on any paiju server.

The arena runs a real server in this process (uvicorn on ``host:port``, a throwaway SQLite
database, no AI service; started by the function the caller passes, ``server.app.serving`` from
``paiju arena``), and for every shuffle and rotation creates a match through the API
with every seat ``human`` and that shuffle's seed. It announces the ``ws`` seat's join
information — one JSON line ``{"join": {"match_id", "seat", "token", "ws"}}`` — plays the other
seats itself through the REST API with its policies (timed like in-process; a request answered
503, SQLite busy, is sent again after its ``Retry-After``), and waits for the deal to end before
the next one. The ``ws`` seat's decisions and refused actions are read from the match log, as
any client could (its decision times are on the bot's side of the socket: not measured).
``paiju arena ... --seats ws,basic,basic,basic`` prints the join lines on standard output, so a
bot reading them (``examples/bot.py --arena``) can simply be piped after it; the report follows
the last deal. A seat ``botzone:CMD`` is a ``ws`` seat the arena plays itself with the Botzone
bridge (``ai/botzone/bridge.py``, given as ``bots``): its program's decisions and invalid
answers are counted like a level's.
"""

from __future__ import annotations

import asyncio
import random
import socket
import tempfile
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import httpx

from .arena import (
    BotStats,
    arena_policies,
    check_options,
    check_seats,
    deal_seed,
    record,
    report,
    rotations,
    shuffle_means,
)
from .policies import Policy, Settings
from .retry import send

WS = "ws"
"""The seat kind of an external bot."""

Announce = Callable[[dict[str, Any]], None]

SeatBot = Callable[[dict[str, Any]], Awaitable[tuple[list[float], int]]]
"""A bot the arena runs itself for a seat kind (``botzone:CMD``): given a deal's join line it
plays that seat over the WebSocket until the deal ends, and returns its decision times and its
count of invalid answers (e.g. ``ai.botzone.bridge.arena_bot``)."""

Serve = Callable[[str, int, str], AbstractAsyncContextManager[Any]]
"""Runs a paiju server on ``host:port`` with the database at a URL while the context lasts
(``server.app.serving``; passed in, since ``ai/`` imports nothing from the server)."""


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def _timed(policy: Policy, view: dict[str, Any], legal: list[dict[str, Any]],
           rng: random.Random) -> tuple[dict[str, Any], float]:
    start = time.perf_counter()
    action = policy(view, legal, rng)
    return action, time.perf_counter() - start


async def _play_match(http: httpx.AsyncClient, game: str, levels: list[str], seed: int,
                      tag: str, stats: dict[str, BotStats],
                      policies: dict[str, dict[str, Policy]], ws_base: str,
                      announce: Announce, timeout: float,
                      bots: Mapping[str, SeatBot] | None = None,
                      options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One deal on the server: the ``ws`` seat announced, a seat kind of ``bots`` played by
    its bot over the WebSocket too, the others played here."""
    bots = bots or {}
    r = await send(http, "POST", "/api/matches", json={
        "game": game, "seed": seed, "seats": [{"kind": "human"}] * len(levels),
        "options": dict(options or {})})
    r.raise_for_status()
    match = r.json()
    match_id = match["match_id"]
    tokens = {s["seat"]: s["token"] for s in match["seats"]}
    playing: dict[str, list[asyncio.Task[tuple[list[float], int]]]] = defaultdict(list)
    for seat, level in enumerate(levels):
        if level == WS or level in bots:
            join = {"match_id": match_id, "game": game, "seat": seat, "token": tokens[seat],
                    "ws": f"{ws_base}/api/matches/{match_id}/ws?token={tokens[seat]}"}
            if level in bots:  # played here: not announced, or a piped bot would join it too
                playing[level].append(asyncio.create_task(bots[level](join)))
            else:
                announce({"join": join})
    rngs = {seat: random.Random(f"{tag}:{seat}") for seat in range(len(levels))}
    ours = [seat for seat, level in enumerate(levels) if level != WS and level not in bots]
    auth = {seat: {"Authorization": f"Bearer {tokens[seat]}"} for seat in ours}
    waited_since = time.monotonic()
    while True:
        acted = False
        for seat in ours:
            r = await send(http, "GET", f"/api/matches/{match_id}/legal", headers=auth[seat])
            r.raise_for_status()
            legal = r.json()
            if not legal["actions"]:
                continue
            r = await send(http, "GET", f"/api/matches/{match_id}", headers=auth[seat])
            r.raise_for_status()
            view = r.json()
            if view["version"] != legal["version"]:
                acted = True  # it moved meanwhile: look again
                break
            bot = stats[levels[seat]]
            # in a thread: a search must not stall the server sharing this event loop
            action, took = await asyncio.to_thread(_timed, policies[game][levels[seat]],
                                                   view["state"], legal["actions"], rngs[seat])
            bot.decisions.append(took)
            if action not in legal["actions"]:
                bot.illegal += 1
                action = legal["actions"][0]
            r = await send(http, "POST", f"/api/matches/{match_id}/actions",
                           headers=auth[seat], json={"action": action,
                                                     "version": legal["version"]})
            # 409: the bot's action changed what this seat sees meanwhile (an answer to the
            # same claim window does not: it is in time); look again
            if r.status_code not in (200, 409):
                r.raise_for_status()
            acted = True
            break
        if acted:
            waited_since = time.monotonic()
            continue
        r = await send(http, "GET", f"/api/matches/{match_id}",
                       headers=auth[ours[0]] if ours else {})
        r.raise_for_status()
        result = r.json()["state"]["result"]
        if result is not None:
            record(game, result, levels, stats)
            for level, tasks in playing.items():
                for times, invalid in await asyncio.gather(*tasks):
                    stats[level].decisions += times
                    stats[level].illegal += invalid
            await _count_external(http, match_id, levels, stats)
            return dict(result)
        failed = [t for ts in playing.values() for t in ts
                  if t.done() and not t.cancelled() and t.exception()]
        if failed:
            raise failed[0].exception()  # type: ignore[misc]
        if time.monotonic() - waited_since > timeout:
            raise TimeoutError(f"the ws bot did not act within {timeout:g} s on match {match_id}")
        await asyncio.sleep(0.01)


async def _count_external(http: httpx.AsyncClient, match_id: str, levels: list[str],
                          stats: dict[str, BotStats]) -> None:
    """The ``ws`` seats' decisions and refused actions in the finished deal, as the match log
    tells anybody (``GET /api/matches/{id}/log``): the actions it accepted from each seat, and
    the ones the rules refused (``refused``: illegal, not its turn, malformed; a stale action
    is a race, not counted). Their times are on the bot's side of the socket: not measured."""
    r = await send(http, "GET", f"/api/matches/{match_id}/log")
    r.raise_for_status()
    deal = r.json()["deals"][-1]
    for seat, level in enumerate(levels):
        if level == WS:
            stats[WS].untimed += sum(1 for a in deal["actions"] if a["seat"] == seat)
            stats[WS].illegal += deal["refused"][seat]


async def run_ws(game: str, seats: list[str], deals: int, seed: int, announce: Announce,
                 serve: Serve, *, strong: Settings | None = None, host: str = "127.0.0.1",
                 port: int = 0, timeout: float = 300.0,
                 bots: Mapping[str, SeatBot] | None = None,
                 options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``ai.arena.run`` with ``ws`` seats played by an external bot through a server that
    ``serve`` runs (``port`` 0: a free one); ``announce`` gets each match's join line.
    ``bots``: seat kinds the arena plays over the WebSocket itself (``botzone:CMD``), each
    counted like a level. ``options``: the house rules every match is created with."""
    bots = bots or {}
    check_seats(game, seats, external=(WS, *bots))
    resolved = check_options(game, options)
    if WS not in seats and not set(bots) & set(seats):
        raise ValueError("no 'ws' seat: use the in-process arena")
    policies = arena_policies(strong)
    port = port or free_port(host)
    stats: dict[str, BotStats] = defaultdict(BotStats)
    per_shuffle: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory(prefix="paiju-arena-") as folder:
        database = f"sqlite:///{Path(folder) / 'arena.db'}"
        async with serve(host, port, database), httpx.AsyncClient(
                base_url=f"http://{host}:{port}", timeout=60) as http:
            for d in range(deals):
                s = deal_seed(seed, d)
                before = {name: len(b.scores) for name, b in stats.items()}
                for r, levels in enumerate(rotations(seats)):
                    await _play_match(http, game, levels, s, f"{seed}:{d}:{r}", stats, policies,
                                      f"ws://{host}:{port}", announce, timeout, bots,
                                      resolved)
                per_shuffle.append(shuffle_means(stats, before))
    return report(game, seats, deals, seed, stats, per_shuffle, resolved)


__all__ = ["WS", "SeatBot", "Serve", "free_port", "run_ws"]

"""Several workers on one database and one Redis: a WebSocket client on worker A sees what is
posted on worker B (skipped, with the reason, when Redis is not reachable)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.servers import workers

from .conftest import auth

REDIS_URL = os.environ.get("PAIJU_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _redis_reason() -> str | None:
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
        return None
    except Exception as exc:  # noqa: BLE001  (no driver, no server: say why and skip)
        return f"Redis not reachable at {REDIS_URL}: {exc}"


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[list[str]]:
    reason = _redis_reason()
    if reason:
        pytest.skip(reason)
    settings = {"PAIJU_DATABASE_URL": f"sqlite:///{tmp_path / 'shared.db'}",
                "PAIJU_REDIS_URL": REDIS_URL, "PAIJU_AI_DELAY_MS": "0", "PAIJU_AI_IN_PROCESS": "0"}
    with workers(settings, tmp_path) as urls:
        yield urls


def test_a_socket_on_one_worker_sees_actions_on_another(two_workers: list[str]) -> None:
    from websockets.sync.client import connect

    a, b = two_workers
    m = httpx.post(f"{a}/api/matches", json={"game": "sichuan", "seed": 2,
                                             "seats": [{"kind": "human"}] * 4}).json()
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    ws_url = a.replace("http", "ws", 1) + f"/api/matches/{mid}/ws?token={tokens[1]}"
    with connect(ws_url, open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"
        for seat in (0, 2):
            r = httpx.post(f"{b}/api/matches/{mid}/actions", headers=auth(tokens[seat]),
                           json={"action": {"type": "declare_missing", "suit": "m"},
                                 "version": seat // 2})
            assert r.status_code == 200, r.text
            upd = json.loads(ws.recv(timeout=10))
            assert upd["type"] == "update" and upd["match"]["version"] == seat // 2 + 1
            assert upd["events"] == [{"type": "declared", "seat": seat}]


def test_connections_per_token_are_counted_across_workers(two_workers: list[str]) -> None:
    """The per-token WebSocket limit holds across workers: the sockets a token holds on worker A
    count against it on worker B, and a closed one frees its place on both."""
    from contextlib import ExitStack

    from websockets.sync.client import ClientConnection, connect

    from server.settings import Settings

    a, b = two_workers
    limit = Settings().ws_connections_per_token
    m = httpx.post(f"{a}/api/matches", json={"game": "sichuan", "seed": 3,
                                             "seats": [{"kind": "human"}] * 4}).json()
    path = f"/api/matches/{m['match_id']}/ws?token={m['seats'][0]['token']}"

    def first(url: str, stack: ExitStack) -> tuple[ClientConnection, dict]:
        ws = stack.enter_context(connect(url.replace("http", "ws", 1) + path, open_timeout=10))
        return ws, json.loads(ws.recv(timeout=10))

    with ExitStack() as stack:
        held = []
        for i in range(limit):  # spread over both workers
            ws, msg = first(a if i % 2 else b, stack)
            held.append(ws)
            assert msg["type"] == "snapshot"
        for url in (a, b):
            with ExitStack() as one:
                _, msg = first(url, one)
                assert msg["type"] == "error"
                assert msg["error"]["code"] == "ws/too_many_connections"
        held[0].close()  # on worker B: its place is free on A too
        deadline = time.monotonic() + 10
        while True:
            with ExitStack() as one:
                _, msg = first(a, one)
                if msg["type"] == "snapshot":
                    break
            assert time.monotonic() < deadline, "the closed socket's place was not freed"
            time.sleep(0.2)


def test_a_dead_workers_connections_lapse() -> None:
    """Leases of a worker that stops renewing them (it crashed) lapse after their time, so the
    token's places come back without the worker's help."""
    import asyncio

    from server.limits import RedisConnectionLimit

    reason = _redis_reason()
    if reason:
        pytest.skip(reason)

    async def scenario() -> None:
        token = f"lapse-{time.monotonic_ns()}"
        dead = RedisConnectionLimit(REDIS_URL, limit=2, lease_seconds=0.6)
        alive = RedisConnectionLimit(REDIS_URL, limit=2, lease_seconds=0.6)
        try:
            assert await dead.acquire(token) is not None
            assert await alive.acquire(token) is not None
            assert await alive.acquire(token) is None  # full: one lease each
            await dead.close()  # the crash: no more renewals, no release
            await asyncio.sleep(1.0)  # past the dead lease; the live one was renewed
            assert await alive.acquire(token) is not None
            assert await alive.acquire(token) is None  # the live lease still counts
        finally:
            await alive.close()

    # bounded: a Redis command that never returns must fail this test, not hang the suite
    asyncio.run(asyncio.wait_for(scenario(), 30))


def test_a_redis_that_never_answers_holds_no_connection_up() -> None:
    """A Redis that accepts the connection and then says nothing (stalled, half-open) is
    treated as away after ``REDIS_WAIT_S``: the WebSocket's place is counted in the worker, and
    the limit's close (a worker's shutdown) returns instead of waiting on it."""
    import asyncio

    from server.limits import REDIS_WAIT_S, RedisConnectionLimit

    async def scenario() -> None:
        held: list[asyncio.StreamWriter] = []

        async def silent(_: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            held.append(writer)  # read nothing, answer nothing

        server = await asyncio.start_server(silent, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        limit = RedisConnectionLimit(f"redis://127.0.0.1:{port}/0", limit=1)
        try:
            start = time.monotonic()
            assert await limit.acquire("t") == "local"
            assert await limit.acquire("t") is None  # the worker's own count still limits
            assert time.monotonic() - start < 4 * REDIS_WAIT_S
        finally:
            start = time.monotonic()
            await limit.close()
            assert time.monotonic() - start < 2 * REDIS_WAIT_S + 1
            server.close()
            for w in held:
                w.close()

    asyncio.run(asyncio.wait_for(scenario(), 30))

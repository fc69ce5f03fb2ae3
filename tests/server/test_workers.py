"""Several workers on one database and one Redis: a WebSocket client on worker A sees what is
posted on worker B (skipped, with the reason, when Redis is not reachable)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from server.settings import ROOT

from .conftest import auth, free_port

REDIS_URL = os.environ.get("PAIJU_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _redis_reason() -> str | None:
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
        return None
    except Exception as exc:
        return f"Redis not reachable at {REDIS_URL}: {exc}"


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[list[str]]:
    reason = _redis_reason()
    if reason:
        pytest.skip(reason)
    env = dict(os.environ, PAIJU_DATABASE_URL=f"sqlite:///{tmp_path / 'shared.db'}",
               PAIJU_REDIS_URL=REDIS_URL, PAIJU_AI_DELAY_MS="0", PAIJU_AI_IN_PROCESS="0")
    procs, urls = [], []
    for _ in range(2):
        port = free_port()
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "server.app:app", "--port", str(port),
             "--log-level", "warning"], cwd=ROOT, env=env))
        urls.append(f"http://127.0.0.1:{port}")
    try:
        for url, proc in zip(urls, procs, strict=True):
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert proc.poll() is None and time.monotonic() < deadline, "worker did not start"
                time.sleep(0.1)
        yield urls
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=10)


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

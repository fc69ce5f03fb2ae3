"""Fixtures for the API tests: a real app on a real SQLite file (or PostgreSQL later), driven
through Starlette's TestClient, and a live uvicorn server for tests that need real sockets."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.settings import ROOT, Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(database_url=f"sqlite:///{tmp_path / 'test.db'}", ai_in_process=False,
                    ai_delay_ms=0)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as c:
        yield c


@pytest.fixture
def ai_client(settings: Settings) -> Iterator[TestClient]:
    """The app with its in-process AI service playing the AI seats."""
    s = settings.model_copy(update={"ai_in_process": True, "ai_poll_seconds": 0.5})
    with TestClient(create_app(s)) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_match(client: TestClient, seed: int = 7, humans: int = 4, **extra: Any) -> dict[str, Any]:
    seats = [{"kind": "human"}] * humans + [{"kind": "ai", "level": "basic"}] * (4 - humans)
    r = client.post("/api/matches", json={"game": "sichuan", "seed": seed, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real uvicorn server (own process, own SQLite file, in-process AI without delay)."""
    port = free_port()
    db = tmp_path_factory.mktemp("live") / "live.db"
    env = dict(os.environ, PAIJU_DATABASE_URL=f"sqlite:///{db}", PAIJU_AI_DELAY_MS="0",
               PAIJU_AI_POLL_SECONDS="0.5")
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "server.app:app", "--host", "127.0.0.1",
         "--port", str(port), "--log-level", "warning"],
        cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError("the live server did not start")
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()

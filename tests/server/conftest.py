"""Fixtures for the API tests: a real app on a real SQLite file (or PostgreSQL later), driven
through Starlette's TestClient, and a live uvicorn server for tests that need real sockets."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.settings import Settings
from tests.servers import live

POSTGRES_ADMIN = os.environ.get("PAIJU_TEST_POSTGRES",
                                "postgresql://postgres@127.0.0.1:5432/postgres")
"""A PostgreSQL server the API suite also runs against when it is reachable (each test gets a
database of its own, dropped afterwards)."""


def _postgres_reachable() -> str | None:
    try:
        import psycopg

        with psycopg.connect(POSTGRES_ADMIN, connect_timeout=2):
            return None
    except Exception as exc:  # noqa: BLE001  (no driver, no server, no access: say why, skip)
        return f"PostgreSQL not reachable at {POSTGRES_ADMIN}: {exc}"


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str | None]:
    """One scratch database for the session (None when PostgreSQL cannot be reached)."""
    why = _postgres_reachable()
    if why:
        yield None
        return
    import psycopg

    name = f"paiju_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base = POSTGRES_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1)
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path,
                 postgres_url: str | None) -> str:
    """Every API test runs on SQLite, and on PostgreSQL when reachable (emptied first)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.db'}"
    if postgres_url is None:
        pytest.skip(_postgres_reachable() or "PostgreSQL not reachable")
    from sqlalchemy import create_engine, text
    from sqlmodel import SQLModel

    import server.store  # noqa: F401  (registers the tables)

    eng = create_engine(postgres_url)
    SQLModel.metadata.create_all(eng)
    with eng.begin() as conn:
        names = ", ".join(t.name for t in SQLModel.metadata.sorted_tables)
        conn.execute(text(f"TRUNCATE {names} CASCADE"))
    eng.dispose()
    return postgres_url


REDIS_URL = os.environ.get("PAIJU_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _redis_reachable() -> bool:
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
        return True
    except Exception:  # noqa: BLE001  (any failure means: not reachable)
        return False


@pytest.fixture
def settings(database_url: str) -> Settings:
    """On PostgreSQL the suite also runs the Redis broker when Redis is reachable: the
    deployment shape of several workers."""
    redis_url = REDIS_URL if database_url.startswith("postgresql") and _redis_reachable() else None
    return Settings(database_url=database_url, redis_url=redis_url, ai_in_process=False,
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


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real uvicorn server (own process, own SQLite file, in-process AI without delay)."""
    with live(tmp_path_factory.mktemp("live")) as url:
        yield url


@pytest.fixture(scope="module")
def private_pg() -> Iterator[Any]:
    """A private PostgreSQL cluster of this module's tests, which they may stop and restart
    (tests/server/pgcluster.py); skipped, with the reason, when one cannot be started."""
    from .pgcluster import pg_cluster

    with pg_cluster() as cluster:
        yield cluster

"""The AI service outlives any outage (issues 22, 23): the feed's board waits a database outage
out and offers the turns owed once it is back, and both the standalone service (``paiju ai``,
with only the key) and the in-process one carry their matches to the end across a PostgreSQL
restart (a private cluster, tests/server/pgcluster.py)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from pydantic import SecretStr

from server.app import create_app
from server.settings import ROOT, Settings
from tests.servers import Uvicorn, start_ai

from .pgcluster import PgCluster, wait_until

AI_SEATS = [{"kind": "ai", "level": "basic"}] * 4
DEAL_S = 90
"""Generous bound for a deal of four AI seats to end (they take a few seconds)."""


KEY = "outage-ai-key-" + "k" * 24


def test_the_feed_outlives_the_database_going_away(private_pg: PgCluster) -> None:
    """The feed's board meets the database down (its sweep and leases fail), waits it out, and
    offers the AI turn once it is back."""
    settings = Settings(database_url=private_pg.url(), ai_in_process=False, ai_delay_ms=0,
                        ai_key=SecretStr(KEY), ai_poll_seconds=0.1)
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        mid = client.post("/api/matches", json={"game": "sichuan", "seed": 4,
                                                "seats": AI_SEATS}).json()["match_id"]
        private_pg.stop()
        try:
            r = client.post("/api/ai/turns", headers={"Authorization": f"Bearer {KEY}"},
                            json={"wait_s": 1.5})  # the board fails meanwhile, many times
            assert r.status_code == 200 and r.json()["turns"] == []
        finally:
            private_pg.start()
        r = client.post("/api/ai/turns", headers={"Authorization": f"Bearer {KEY}"},
                        json={"wait_s": 20})
        assert [t["match_id"] for t in r.json()["turns"]] == [mid]


def _finish(url: str, mid: str, what: str) -> dict[str, Any]:
    """Wait for the match's deal to end (every request answered in JSON, 503s included)."""
    def over() -> bool:
        try:
            r = httpx.get(f"{url}/api/matches/{mid}", timeout=5)
        except httpx.HTTPError:
            return False
        assert r.headers["content-type"].startswith("application/json"), r.text
        return r.status_code == 200 and r.json()["state"]["result"] is not None

    wait_until(over, DEAL_S, what)
    return httpx.get(f"{url}/api/matches/{mid}").json()  # type: ignore[no-any-return]


def _restart_when_playing(cluster: PgCluster, version: Any) -> None:
    """Once the AI has made a few moves, take the database down for a second (many sweeps'
    worth) and bring it back."""
    wait_until(lambda: version() >= 4, DEAL_S, "the AI did not start playing")
    cluster.stop()
    time.sleep(1.0)
    cluster.start()


def test_standalone_ai_outlives_a_database_restart(private_pg: PgCluster,
                                                   tmp_path: Path) -> None:
    server = Uvicorn({"PAIJU_DATABASE_URL": private_pg.url(), "PAIJU_AI_IN_PROCESS": "0",
                      "PAIJU_AI_DELAY_MS": "30", "PAIJU_REDIS_URL": None, "PAIJU_AI_KEY": KEY,
                      "PAIJU_AI_LEASE_SECONDS": "2", "PAIJU_AI_POLL_SECONDS": "0.2"},
                     tmp_path / "server.log")
    server.start()
    url, ai_log = server.url, tmp_path / "ai.log"
    ai = start_ai(url, KEY, ai_log)  # the URL and the key: no database
    try:
        mid = httpx.post(f"{url}/api/matches", json={"game": "sichuan", "seed": 8,
                                                     "seats": AI_SEATS}).json()["match_id"]
        _restart_when_playing(private_pg, lambda: _stored_version(private_pg, mid))
        result = _finish(url, mid, "the match did not finish after the restart")
        assert sum(result["state"]["result"]["deltas"]) == 0
        assert ai.poll() is None, "the AI service exited"
        assert "failed" in ai_log.read_text() or "AI feed:" in server.log()  # it met the outage
    finally:
        ai.terminate()
        ai.wait(timeout=10)
        server.stop()


def test_in_process_ai_resumes_after_a_database_restart(private_pg: PgCluster) -> None:
    settings = Settings(database_url=private_pg.url(), ai_in_process=True, ai_delay_ms=30,
                        ai_poll_seconds=0.3)
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        mid = client.post("/api/matches", json={"game": "sichuan", "seed": 9,
                                                "seats": AI_SEATS}).json()["match_id"]
        _restart_when_playing(private_pg, lambda: _stored_version(private_pg, mid))

        def over() -> bool:
            r = client.get(f"/api/matches/{mid}")
            return r.status_code == 200 and r.json()["state"]["result"] is not None

        wait_until(over, DEAL_S, "the match did not finish after the restart")


def _stored_version(cluster: PgCluster, mid: str) -> int:
    import psycopg

    with psycopg.connect(cluster.url().replace("+psycopg", ""), connect_timeout=5) as conn:
        row = conn.execute("SELECT version FROM matches WHERE id = %s", (mid,)).fetchone()
    return int(row[0]) if row else -1


def test_compose_brings_the_server_and_the_ai_back_after_a_crash() -> None:
    """Containers die too (out of memory, a bug): compose restarts them."""
    import yaml

    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    for name in ("app", "ai"):
        assert services[name].get("restart") in ("always", "unless-stopped", "on-failure"), name
    # the AI service gets the server's URL and the key, and no way into the database
    assert set(services["ai"]["environment"]) == {"PAIJU_AI_KEY"}
    assert services["ai"]["environment"]["PAIJU_AI_KEY"] == (
        services["app"]["environment"]["PAIJU_AI_KEY"])

"""The AI service outlives any outage (issue 22): a sweep that meets the database down is tried
again, a play that was lost is taken up by the next sweep although the match's version did not
change, and both the standalone service (``paiju ai``) and the in-process one carry their
matches to the end across a PostgreSQL restart (a private cluster, tests/server/pgcluster.py)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from ai.service import AiRunner
from server.app import create_app
from server.settings import ROOT, Settings
from tests.servers import Uvicorn

from .pgcluster import PgCluster, wait_until

AI_SEATS = [{"kind": "ai", "level": "basic"}] * 4
DEAL_S = 90
"""Generous bound for a deal of four AI seats to end (they take a few seconds)."""


def _runner_on(settings: Settings) -> tuple[Any, AiRunner, httpx.AsyncClient]:
    """An app (no lifespan: no AI of its own) and a runner playing through it in memory."""
    app = create_app(settings)
    client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t")
    return app, AiRunner(client, app.state.service.store), client


async def _version(client: httpx.AsyncClient, mid: str) -> int:
    return int((await client.get(f"/api/matches/{mid}")).json()["version"])


def test_the_sweep_takes_up_a_play_that_was_lost(tmp_path: Path) -> None:
    """A play ended before it acted (here: cancelled) leaves the match at the same version; the
    next sweep pokes it again, where a sweep that looked only for new versions never did."""
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'ai.db'}", ai_in_process=False,
                        ai_delay_ms=0)

    async def main() -> int:
        _, runner, client = _runner_on(settings)
        async with client:
            r = await client.post("/api/matches", json={"game": "sichuan", "seed": 3,
                                                        "seats": AI_SEATS})
            mid = r.json()["match_id"]
            await runner.sweep()
            await runner.close()  # the play is lost before it acts
            assert await _version(client, mid) == 0
            await runner.sweep()  # same version: still owed
            deadline = time.monotonic() + DEAL_S
            while await _version(client, mid) == 0:
                assert time.monotonic() < deadline, "the AI did not play again"
                await asyncio.sleep(0.05)
            await runner.close()
            return await _version(client, mid)

    assert asyncio.run(main()) > 0


def test_a_sweep_survives_the_database_going_away(private_pg: PgCluster) -> None:
    settings = Settings(database_url=private_pg.url(), ai_in_process=False, ai_delay_ms=0)

    async def main() -> tuple[float, float, int]:
        _, runner, client = _runner_on(settings)
        async with client:
            r = await client.post("/api/matches", json={"game": "sichuan", "seed": 4,
                                                        "seats": AI_SEATS})
            mid = r.json()["match_id"]
            private_pg.stop()
            try:
                down = await runner.sweep_safely(0.1)  # raises nothing
            finally:
                private_pg.start()
            for _ in range(3):  # a pooled connection the restart closed may fail once more
                up = await runner.sweep_safely(0.1)
                if up == 0.1:
                    break
                await asyncio.sleep(up)
            deadline = time.monotonic() + DEAL_S
            while await _version(client, mid) == 0:
                assert time.monotonic() < deadline, "the AI did not play after the outage"
                await asyncio.sleep(0.05)
            await runner.close()
            return down, up, await _version(client, mid)

    down, up, version = asyncio.run(main())
    assert down > 0.1 and up == 0.1  # backed off while down, back to its period after
    assert version > 0


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
                      "PAIJU_AI_DELAY_MS": "30", "PAIJU_REDIS_URL": None},
                     tmp_path / "server.log")
    server.start()
    url, ai_log = server.url, tmp_path / "ai.log"
    with open(ai_log, "wb") as out:
        ai = subprocess.Popen([sys.executable, "-m", "server.cli", "ai", "--server", url,
                               "--poll", "0.1"], cwd=ROOT, env=server.env, stdout=out,
                              stderr=subprocess.STDOUT)
    try:
        mid = httpx.post(f"{url}/api/matches", json={"game": "sichuan", "seed": 8,
                                                     "seats": AI_SEATS}).json()["match_id"]
        _restart_when_playing(private_pg, lambda: _stored_version(private_pg, mid))
        result = _finish(url, mid, "the match did not finish after the restart")
        assert sum(result["state"]["result"]["deltas"]) == 0
        assert ai.poll() is None, "the AI service exited"
        assert "AI sweep failed" in ai_log.read_text()  # it did meet the outage
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

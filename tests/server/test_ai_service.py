"""The AI service as its own processes (``paiju ai --server URL``), with nothing but the AI
service key: several at once play a deal without ever playing a seat twice, over the WebSocket
feed or the long poll; a wrong key stops it with a clear message; the key is never logged.
In-process (the README's one-command server) it is tested through the API suite."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.servers import Uvicorn, start_ai

from .conftest import auth

KEY = "standalone-ai-key-" + "k" * 20


@pytest.fixture
def server_without_ai(tmp_path: Path) -> Iterator[str]:
    server = Uvicorn({"PAIJU_DATABASE_URL": f"sqlite:///{tmp_path / 'shared.db'}",
                      "PAIJU_AI_IN_PROCESS": "0", "PAIJU_AI_DELAY_MS": "0",
                      "PAIJU_AI_KEY": KEY}, tmp_path / "server.log")
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.mark.parametrize("feeds", [("ws", "ws"), ("rest", "auto")])
def test_two_standalone_ai_services_play_a_deal(server_without_ai: str, tmp_path: Path,
                                                feeds: tuple[str, str]) -> None:
    url = server_without_ai
    logs = [tmp_path / f"ai{i}.log" for i in range(2)]
    ais = [start_ai(url, KEY, log, "--feed", feed) for log, feed in zip(logs, feeds, strict=True)]
    rng = random.Random(4)
    try:
        with httpx.Client(base_url=url, timeout=10) as c:
            m = c.post("/api/matches", json={"game": "sichuan", "seed": 13}).json()
            mid, token = m["match_id"], m["seats"][0]["token"]
            deadline = time.monotonic() + 90
            while True:
                assert time.monotonic() < deadline, "the deal did not end"
                view = c.get(f"/api/matches/{mid}", headers=auth(token)).json()
                if view["state"]["result"] is not None:
                    break
                legal = c.get(f"/api/matches/{mid}/legal", headers=auth(token)).json()
                if legal["actions"]:
                    c.post(f"/api/matches/{mid}/actions", headers=auth(token),
                           json={"action": rng.choice(legal["actions"]),
                                 "version": legal["version"]})
                else:
                    time.sleep(0.02)
            log = c.get(f"/api/matches/{mid}/log").json()["deals"][0]
            versions = [a["version"] for a in log["actions"]]
            assert versions == list(range(1, len(versions) + 1))
            assert {a["seat"] for a in log["actions"]} == {0, 1, 2, 3}
        assert all(p.poll() is None for p in ais)
    finally:
        for p in ais:
            p.terminate()
            p.wait(timeout=10)
    for log in logs:
        text = log.read_text()
        assert KEY not in text and "Traceback" not in text, text[-2000:]


def test_a_wrong_key_stops_the_service_saying_so(server_without_ai: str, tmp_path: Path) -> None:
    for feed in ("ws", "rest"):
        log = tmp_path / f"{feed}.log"
        p = start_ai(server_without_ai, "not-the-key", log, "--feed", feed)
        assert p.wait(timeout=60) == 3
        text = log.read_text()
        assert "refused the AI service key" in text or "AI service key" in text, text
        assert "not-the-key" not in text


def test_without_a_key_the_service_does_not_start(tmp_path: Path) -> None:
    p = start_ai("http://127.0.0.1:9", "", tmp_path / "ai.log")
    assert p.wait(timeout=60) == 2
    assert "PAIJU_AI_KEY" in (tmp_path / "ai.log").read_text()


def test_the_service_outlives_its_server_and_resumes(tmp_path: Path) -> None:
    """The server is killed (SIGKILL) mid-deal and started again on the same port: the AI
    service joins the feed again and the deal of four AI seats ends."""
    server = Uvicorn({"PAIJU_DATABASE_URL": f"sqlite:///{tmp_path / 'db.db'}",
                      "PAIJU_AI_IN_PROCESS": "0", "PAIJU_AI_DELAY_MS": "20",
                      "PAIJU_AI_KEY": KEY, "PAIJU_AI_LEASE_SECONDS": "2"},
                     tmp_path / "server.log")
    server.start()
    ai = start_ai(server.url, KEY, tmp_path / "ai.log", "--feed", "ws")
    try:
        mid = httpx.post(f"{server.url}/api/matches", json={
            "game": "sichuan", "seed": 21, "seats": [{"kind": "ai"}] * 4}).json()["match_id"]

        def version() -> int:
            try:
                r = httpx.get(f"{server.url}/api/matches/{mid}", timeout=5)
            except httpx.HTTPError:
                return -1
            view = r.json()
            return 10**6 if view["state"]["result"] is not None else int(view["version"])

        deadline = time.monotonic() + 60
        while version() < 4:
            assert time.monotonic() < deadline, "the AI did not start playing"
            time.sleep(0.05)
        server.kill()
        time.sleep(1.0)
        server.start()
        while version() < 10**6:
            assert time.monotonic() < deadline + 60, (tmp_path / "ai.log").read_text()[-2000:]
            time.sleep(0.1)
        assert ai.poll() is None
        assert "the feed broke" in (tmp_path / "ai.log").read_text()  # it did meet the outage
    finally:
        ai.terminate()
        ai.wait(timeout=10)
        server.stop()


def test_auto_falls_back_to_the_long_poll_when_the_websocket_is_refused(
        server_without_ai: str) -> None:
    """``--feed auto``: a server (or a proxy) that refuses the WebSocket upgrade — here a path
    with no WebSocket route, answered 403 — leaves the service on the long poll."""
    import asyncio

    from ai.service import AiService

    async def scenario() -> int:
        async with httpx.AsyncClient(base_url=server_without_ai, timeout=30) as client:
            r = await client.post("/api/matches", json={"game": "sichuan", "seed": 2,
                                                        "seats": [{"kind": "ai"}] * 4})
            mid = r.json()["match_id"]
            service = AiService(client, KEY)
            ws_url = "ws" + server_without_ai[len("http"):] + "/api/ai/no-feed-here"
            task = asyncio.create_task(service.run(ws_url, "auto"))
            try:
                deadline = time.monotonic() + 60
                while service.played < 5:
                    assert time.monotonic() < deadline and not task.done(), "nothing played"
                    await asyncio.sleep(0.05)
            finally:
                task.cancel()
                await service.close()
            return int((await client.get(f"/api/matches/{mid}")).json()["version"])

    assert asyncio.run(scenario()) >= 5

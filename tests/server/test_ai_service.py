"""The AI service plays AI seats through the public API: in-process (see test_api) and as its
own processes (``paiju ai``), several at once without ever playing a seat twice."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.servers import ROOT, Uvicorn

from .conftest import auth


@pytest.fixture
def server_without_ai(tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    server = Uvicorn({"PAIJU_DATABASE_URL": f"sqlite:///{tmp_path / 'shared.db'}",
                      "PAIJU_AI_IN_PROCESS": "0", "PAIJU_AI_DELAY_MS": "0"},
                     tmp_path / "server.log")
    server.start()
    try:
        yield server.url, server.env
    finally:
        server.stop()


def test_two_standalone_ai_services_play_a_deal(server_without_ai: tuple[str, dict[str, str]],
                                                ) -> None:
    url, env = server_without_ai
    ais = [subprocess.Popen([sys.executable, "-m", "server.cli", "ai", "--server", url,
                             "--poll", "0.05"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
           for _ in range(2)]
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
    finally:
        for p in ais:
            p.terminate()
            p.wait(timeout=10)

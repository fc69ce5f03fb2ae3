"""The ``strong`` level through the public API: the AI service plays strong seats from their
views alone (sampling the hidden cards), with the budget from ``PAIJU_AI_STRONG_MS``."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from engine import get_game
from server.app import create_app
from server.settings import Settings


def test_service_plays_strong_seats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAIJU_AI_STRONG_MS", "40")
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'strong.db'}", ai_in_process=True,
                        ai_delay_ms=0, ai_poll_seconds=0.5)
    game = get_game("paohuzi")
    rng = random.Random(2)
    with TestClient(create_app(settings)) as c:
        r = c.post("/api/matches", json={"game": "paohuzi", "seed": 12, "seats": [
            {"kind": "human"}, {"kind": "ai", "level": "strong"}, {"kind": "ai", "level": "strong"}]})
        assert r.status_code == 201, r.text
        match = r.json()
        assert [s["level"] for s in match["seats"][1:]] == ["strong", "strong"]
        auth = {"Authorization": f"Bearer {match['seats'][0]['token']}"}
        url = f"/api/matches/{match['match_id']}"
        deadline = time.monotonic() + 120
        sampled = 0
        while True:
            view = c.get(url, headers=auth).json()
            state = view["state"]
            if state["result"] is not None:
                break
            legal = c.get(f"{url}/legal", headers=auth).json()
            if legal["actions"] and legal["version"] == view["version"]:
                # the API's view is what a sampler needs: a sample shows that very view
                again = game.view(game.sample(state, random.Random(sampled)), 0)
                assert {**again, "seed_hash": None} == {**state, "seed_hash": None}
                sampled += 1
                c.post(f"{url}/actions", headers=auth,
                       json={"action": rng.choice(legal["actions"]), "version": legal["version"]})
            else:
                assert time.monotonic() < deadline, "the strong AI seats did not play"
                time.sleep(0.02)
        assert sum(state["result"]["deltas"]) == 0 and sampled > 0
        assert len(c.get(f"{url}/log", headers=auth).json()["deals"][0]["actions"]) > 20

"""The AI service's feed (``server/aifeed.py``, issue 23): AI services learn which AI seats must
act, with the seats' tokens, from ``POST /api/ai/turns`` or the WebSocket ``/api/ai/feed``,
with the AI service key; without it they get 401 and learn nothing. A turn is leased to one
service at a time and offered again when its lease lapses with the match unmoved."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr
from starlette.testclient import WebSocketDenialResponse

from server.app import create_app
from server.settings import Settings
from server.store import Store, make_engine
from tests.servers import ROOT

from .conftest import auth

KEY = "test-ai-key-0123456789"
AI_SEATS = [{"kind": "ai", "level": "basic"}] * 4


def _feed_app(settings: Settings, lease_s: float) -> TestClient:
    """The app with a known key, a lease of ``lease_s`` and no AI of its own: the test is the
    AI."""
    s = settings.model_copy(update={"ai_key": SecretStr(KEY), "ai_lease_seconds": lease_s,
                                    "ai_poll_seconds": 0.2})
    return TestClient(create_app(s))


@pytest.fixture
def feed_client(settings: Settings) -> Iterator[TestClient]:
    """A short lease (1 s), so that lapses can be watched."""
    with _feed_app(settings, 1.0) as c:
        yield c


@pytest.fixture
def long_lease_client(settings: Settings) -> Iterator[TestClient]:
    """A lease longer than any poll here: a turn offered again came from a move, not a lapse."""
    with _feed_app(settings, 600.0) as c:
        yield c


def _lease(client: TestClient, key: str | None = KEY, **body: Any) -> Any:
    headers = auth(key) if key is not None else {}
    return client.post("/api/ai/turns", headers=headers, json={"wait_s": 5, **body})


def _create(client: TestClient, seats: list[dict[str, Any]], seed: int = 5) -> str:
    r = client.post("/api/matches", json={"game": "sichuan", "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    return str(r.json()["match_id"])


@pytest.mark.parametrize("headers", [
    {}, auth("wrong-key"), auth(KEY + "x"), {"Authorization": f"Basic {KEY}"},
    {"Authorization": "Bearer"},
])
def test_a_wrong_or_missing_key_gets_401_and_learns_nothing(feed_client: TestClient,
                                                           headers: dict[str, str]) -> None:
    _create(feed_client, AI_SEATS)
    r = feed_client.post("/api/ai/turns", headers=headers, json={"wait_s": 0})
    assert r.status_code == 401
    assert r.json() == {"error": {"code": "auth/bad_key", "message": "this needs the AI service "
                                  "key: 'Authorization: Bearer <key>'"}}
    with pytest.raises(WebSocketDenialResponse) as denied:
        with feed_client.websocket_connect("/api/ai/feed", headers=headers):
            pass
    assert denied.value.status_code == 401
    assert denied.value.json()["error"]["code"] == "auth/bad_key"


def test_the_feed_offers_each_ai_turn_with_its_seat_token(feed_client: TestClient) -> None:
    mid = _create(feed_client, [{"kind": "human"}] * 3 + [{"kind": "ai", "level": "strong"}])
    _create(feed_client, [{"kind": "human"}] * 4, seed=6)  # people only: never offered
    r = _lease(feed_client)
    assert r.status_code == 200, r.text
    turns = r.json()["turns"]
    assert len(turns) == 1
    turn = turns[0]
    # seed 5 deals seat 3 the dealer's 14 tiles: the AI seat acts first
    assert {k: turn[k] for k in ("type", "match_id", "game", "seat", "level", "version")} == {
        "type": "turn", "match_id": mid, "game": "sichuan", "seat": 3, "level": "strong",
        "version": 0}
    assert turn["lease_s"] == 1.0 and turn["delay_ms"] == 0
    legal = feed_client.get(f"/api/matches/{mid}/legal", headers=auth(turn["token"])).json()
    assert legal["seat"] == 3 and legal["actions"]  # the token is the seat's


def test_a_turn_is_leased_to_one_service_and_offered_again_when_the_lease_lapses(
        feed_client: TestClient) -> None:
    mid = _create(feed_client, AI_SEATS)
    first = _lease(feed_client).json()["turns"]
    assert [t["match_id"] for t in first] == [mid]
    started = time.monotonic()
    assert _lease(feed_client, wait_s=0.3).json()["turns"] == []  # leased: not offered twice
    again = _lease(feed_client).json()["turns"]  # the first service never played it
    assert time.monotonic() - started >= 0.9
    assert [(t["match_id"], t["seat"], t["version"]) for t in again] == [
        (first[0]["match_id"], first[0]["seat"], first[0]["version"])]


def test_a_move_frees_the_turn_and_the_next_one_is_offered(
        long_lease_client: TestClient) -> None:
    client = long_lease_client
    mid = _create(client, AI_SEATS)
    turn = _lease(client).json()["turns"][0]
    legal = client.get(f"/api/matches/{mid}/legal", headers=auth(turn["token"])).json()
    r = client.post(f"/api/matches/{mid}/actions", headers=auth(turn["token"]),
                    json={"action": legal["actions"][0], "version": turn["version"]})
    assert r.status_code == 200, r.text
    nxt = _lease(client, wait_s=30).json()["turns"]  # the lease has 10 minutes to go
    assert [t["version"] for t in nxt] == [turn["version"] + 1]


def test_the_websocket_feed_pushes_turns_up_to_its_capacity(feed_client: TestClient) -> None:
    ids = {_create(feed_client, AI_SEATS, seed=s) for s in (1, 2, 3)}
    with feed_client.websocket_connect("/api/ai/feed?capacity=2", headers=auth(KEY)) as ws:
        assert ws.receive_json() == {"type": "welcome", "capacity": 2, "lease_s": 1.0}
        got = [ws.receive_json(), ws.receive_json()]
        assert {t["type"] for t in got} == {"turn"} and {t["match_id"] for t in got} < ids
        third = ws.receive_json()  # a slot came free when its lease lapsed
        assert third["type"] == "turn" and third["match_id"] in ids


def test_the_server_makes_one_key_and_keeps_it(tmp_path: Path) -> None:
    """Without PAIJU_AI_KEY the first worker makes a key into the database; every worker on it
    accepts that one; ``paiju ai-key`` prints it. With PAIJU_AI_KEY that one, and none stored."""
    url = f"sqlite:///{tmp_path / 'keys.db'}"
    apps = [create_app(Settings(database_url=url, ai_in_process=False)) for _ in range(2)]
    keys = {app.state.feed._key.decode() for app in apps}
    assert len(keys) == 1
    (key,) = keys
    assert len(key) >= 40
    with TestClient(apps[1]) as c:
        assert c.post("/api/ai/turns", headers=auth(key), json={"wait_s": 0}).status_code == 200
    env = {"PAIJU_DATABASE_URL": url, "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-m", "server.cli", "ai-key"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == key
    own = tmp_path / "own.db"
    app = create_app(Settings(database_url=f"sqlite:///{own}", ai_key=SecretStr(KEY),
                              ai_in_process=False))
    assert app.state.feed.key_ok(KEY)
    assert Store(make_engine(f"sqlite:///{own}")).engine.connect().exec_driver_sql(
        "SELECT count(*) FROM service_keys").scalar() == 0


def test_the_feed_is_documented() -> None:
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    op = spec["paths"]["/api/ai/turns"]["post"]
    assert op["operationId"] == "leaseAiTurns" and "401" in op["responses"]
    assert op["security"] == [{"aiServiceKey": []}]
    assert spec["components"]["securitySchemes"]["aiServiceKey"]["scheme"] == "bearer"
    turn = spec["components"]["schemas"]["AiTurn"]["properties"]
    assert {"match_id", "seat", "version", "token", "lease_s"} <= set(turn)
    ws = json.loads((ROOT / "openapi" / "ws-messages.json").read_text())["ai_feed"]
    assert "/api/ai/feed" in ws["description"] and "401" in ws["description"]


def test_ai_imports_nothing_from_the_server() -> None:
    """The AI service is a client of the public API: no module of ``ai/`` imports ``server``."""
    found = []
    for path in sorted((ROOT / "ai").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            found += [f"{path.relative_to(ROOT)}: {n}" for n in names
                      if n == "server" or n.startswith("server.")]
    assert not found

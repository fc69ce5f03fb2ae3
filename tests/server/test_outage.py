"""The database going away under a running server (a private PostgreSQL cluster, stopped and
started again): every request meanwhile gets the API's JSON 503 ``db/unavailable`` with
``Retry-After`` — never a plain-text 500 — a WebSocket opened meanwhile is told why and closed
with 4503, one already open stays open and is told its action could not be done, and
everything works again once the database is back."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server.app import create_app
from server.settings import Settings

from .conftest import auth, new_match
from .pgcluster import PgCluster

DECLARE = {"type": "declare_missing", "suit": "m"}


@pytest.fixture
def pg_app(private_pg: PgCluster) -> Iterator[TestClient]:
    """The app on the private cluster (no Redis: one worker), server errors answered, not
    raised into the test."""
    settings = Settings(database_url=private_pg.url(), ai_in_process=False, ai_delay_ms=0)
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        yield client


@contextlib.contextmanager
def database_down(cluster: PgCluster) -> Iterator[None]:
    cluster.stop()
    try:
        yield
    finally:
        cluster.start()


def _assert_unavailable(r: Any) -> None:
    assert r.status_code == 503, (r.status_code, r.text)
    assert r.headers["content-type"].startswith("application/json")
    assert r.json()["error"]["code"] == "db/unavailable"
    assert r.json()["error"]["message"]
    assert int(r.headers["retry-after"]) >= 1


def test_every_match_route_answers_a_json_503_while_the_database_is_down(
        pg_app: TestClient, private_pg: PgCluster) -> None:
    m = new_match(pg_app, humans=4)
    mid, token = m["match_id"], m["seats"][0]["token"]
    url = f"/api/matches/{mid}"
    with database_down(private_pg):
        _assert_unavailable(pg_app.get(url, headers=auth(token)))
        _assert_unavailable(pg_app.get(f"{url}/legal", headers=auth(token)))
        _assert_unavailable(pg_app.post(f"{url}/actions", headers=auth(token),
                                        json={"action": DECLARE, "version": 0}))
        _assert_unavailable(pg_app.get(f"{url}/log"))
        _assert_unavailable(pg_app.get(f"{url}/hints", headers=auth(token)))
        _assert_unavailable(pg_app.post("/api/matches", json={"game": "sichuan"}))
        assert pg_app.get("/api/games").status_code == 200  # needs no database
    # back: the same action, sent again at the same version, lands
    r = pg_app.post(f"{url}/actions", headers=auth(token), json={"action": DECLARE, "version": 0})
    assert r.status_code == 200, r.text
    assert pg_app.get(url).json()["version"] == 1


def test_a_websocket_opened_while_the_database_is_down_is_told_why(
        pg_app: TestClient, private_pg: PgCluster) -> None:
    m = new_match(pg_app, humans=4)
    path = f"/api/matches/{m['match_id']}/ws?token={m['seats'][0]['token']}"
    with database_down(private_pg), pg_app.websocket_connect(path) as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["error"]["code"] == "db/unavailable"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4503
    with pg_app.websocket_connect(path) as ws:  # back: the usual snapshot
        assert ws.receive_json()["type"] == "snapshot"


def test_an_open_websocket_survives_the_outage(pg_app: TestClient,
                                               private_pg: PgCluster) -> None:
    """An action or a sync sent while the database is down is answered with an error (the
    socket stays open); once it is back the same action lands and its update comes."""
    m = new_match(pg_app, humans=4)
    mid, token = m["match_id"], m["seats"][0]["token"]
    with pg_app.websocket_connect(f"/api/matches/{mid}/ws?token={token}") as ws:
        assert ws.receive_json()["type"] == "snapshot"
        with database_down(private_pg):
            ws.send_json({"action": DECLARE, "version": 0})
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["error"]["code"] == "db/unavailable"
            ws.send_json({"type": "sync"})
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["error"]["code"] == "db/unavailable"
        ws.send_json({"action": DECLARE, "version": 0})
        msg = ws.receive_json()
        assert msg["type"] == "update" and msg["match"]["version"] == 1
        ws.send_json({"type": "sync"})
        msg = ws.receive_json()
        assert msg["type"] == "snapshot" and msg["match"]["version"] == 1


def test_an_unexpected_failure_is_a_json_500(pg_app: TestClient,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug (here: a service method that raises) still answers the API's JSON error."""
    svc = pg_app.app.state.service  # type: ignore[attr-defined]

    def broken() -> list[dict[str, Any]]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(svc, "games", broken)
    r = pg_app.get("/api/games")
    assert r.status_code == 500
    assert r.headers["content-type"].startswith("application/json")
    assert r.json()["error"]["code"] == "server/internal"

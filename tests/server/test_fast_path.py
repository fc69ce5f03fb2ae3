"""The fast path: a worker that holds the match at the action's version acts without reading
the store (``Service.act``), on SQLite and on PostgreSQL, with the same log, refusals and
exactly-once as when it must read. The usual action is also written from the event loop, in
batches (``server/appender.py``: PostgreSQL's, and SQLite's on its writer thread); a deal's end
is the store's ``append`` in a request thread."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from server.appender import appender_for
from server.errors import ApiError
from server.models import CreateMatch
from server.pubsub import LocalBroker
from server.service import Service
from server.settings import Settings
from server.store import Logged, Store, make_engine

from .conftest import _postgres_reachable, auth, new_match

READS = ("match", "version", "match_and_deal", "deal", "deals", "actions")
"""The store's reads of a match (``versions``, the resync's one query for many, aside)."""


def _service(client: TestClient) -> Service:
    return client.app.state.service  # type: ignore[attr-defined,no-any-return]


def _counting(svc: Service) -> dict[str, int]:
    """Count the store's reads and each write step's writes (the real store underneath)."""
    counts = {"reads": 0, "loop": 0, "thread": 0}

    def counted(key: str, real: Any) -> Any:
        def call(*args: Any, **kw: Any) -> Any:
            counts[key] += 1
            return real(*args, **kw)
        return call

    for name in READS:
        setattr(svc.store, name, counted("reads", getattr(svc.store, name)))
    svc.store.append = counted("thread", svc.store.append)
    if svc.appender is not None:
        fast = svc.appender.advance_and_log

        async def counted_fast(*args: Any, **kw: Any) -> None:
            counts["loop"] += 1
            await fast(*args, **kw)

        svc.appender.advance_and_log = counted_fast
    return counts


def _writes(svc: Service, usual: int, ends: int) -> dict[str, int]:
    """The writes ``usual`` actions and ``ends`` deal-ending ones make, with no read: the usual
    ones through the event loop's writer, the ends from request threads."""
    assert svc.appender is not None  # every database of the suite is a file or PostgreSQL
    return {"reads": 0, "loop": usual, "thread": ends}


def _until(ws: WebSocketTestSession, version: int) -> dict[str, Any]:
    """Read a socket up to the message at ``version`` or later (updates may coalesce)."""
    while True:
        msg = ws.receive_json()
        assert msg["type"] != "error", msg
        if msg["match"]["version"] >= version:
            return msg


def test_a_deal_played_over_sockets_is_logged_as_sent(client: TestClient) -> None:
    m = new_match(client, seed=11)
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    rng = random.Random(11)
    sent: list[tuple[int, int, dict[str, Any]]] = []
    sockets = [client.websocket_connect(f"/api/matches/{mid}/ws?token={t}") for t in tokens]
    try:
        latest = [ws.__enter__().receive_json() for ws in sockets]
        # the snapshots read the match: the deal then reads nothing
        counts = _counting(_service(client))
        version = 0
        while latest[0]["match"]["state"]["result"] is None:
            seat = rng.choice([s for s in range(4) if latest[s]["legal"]])
            action = rng.choice(latest[seat]["legal"])
            sockets[seat].send_json({"action": action, "version": version})
            version += 1
            sent.append((version, seat, action))
            latest = [_until(ws, version) for ws in sockets]
            assert {msg["match"]["version"] for msg in latest} == {version}
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    # every action but the one that ended the deal (which writes its result too) is usual
    assert counts == _writes(_service(client), len(sent) - 1, 1)
    log = client.get(f"/api/matches/{mid}/log").json()["deals"][0]["actions"]
    assert [(a["version"], a["seat"], a["action"]) for a in log] == sent


def test_racing_socket_actions_land_once_and_the_loser_hears_why(client: TestClient) -> None:
    m = new_match(client)
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    # two connections of one seat (a bot and its restarted self, two tabs) declare at version
    # 0, neither waiting for the other: one declaration lands, and the other is stale (another
    # seat's declaration would be in time: tests/server/test_in_time.py)
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={tokens[0]}") as a, \
            client.websocket_connect(f"/api/matches/{mid}/ws?token={tokens[0]}") as b:
        a.receive_json(), b.receive_json()
        a.send_json({"action": {"type": "declare_missing", "suit": "m"}, "version": 0})
        b.send_json({"action": {"type": "declare_missing", "suit": "p"}, "version": 0})
        log = _log_when(client, mid, 1)
        assert len(log) == 1
        winner, loser = (a, b) if '"m"' in log[0].action_json else (b, a)
        assert _until(winner, 1)["match"]["version"] == 1  # its own update, and no error
        got: list[dict[str, Any]] = []  # the loser's update (pushed) and its refusal, any order
        while len(got) < 2:
            got.append(loser.receive_json())
    assert sorted(g["type"] for g in got) == ["error", "update"]
    assert [g["error"]["code"] for g in got if g["type"] == "error"] == ["action/stale_version"]
    assert client.get(f"/api/matches/{mid}").json()["version"] == 1
    assert len(_log_when(client, mid, 1)) == 1


def _log_when(client: TestClient, mid: str, n: int) -> list[Logged]:
    """The first deal's stored actions once there are at least ``n`` (the sockets act
    meanwhile; the public log shows a deal's actions only once it is over)."""
    store = client.app.state.service.store  # type: ignore[attr-defined]
    for _ in range(200):
        log: list[Logged] = store.actions(mid, 0)
        if len(log) >= n:
            return log
        time.sleep(0.02)
    raise AssertionError(f"the log never reached {n} actions")


def test_refusals_on_the_fast_path_change_nothing(client: TestClient) -> None:
    m = new_match(client)
    mid, token = m["match_id"], m["seats"][0]["token"]
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={token}") as ws:
        ws.receive_json()
        for message, code in (
                ({"action": {"type": "discard", "card": 0}, "version": 0}, "action/illegal"),
                ({"action": {"type": "declare_missing", "suit": "m"}, "version": 5},
                 "action/stale_version")):
            ws.send_json(message)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["error"]["code"] == code, reply
    assert client.get(f"/api/matches/{mid}", headers=auth(token)).json()["version"] == 0


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)  # SQLite has no server
def test_the_fast_path_survives_connections_the_database_closed(
        client: TestClient, postgres_url: str | None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    import psycopg

    import server.store

    monkeypatch.setattr(server.store, "IDLE_PING_SECONDS", 0.0)  # the test's own reads after
    assert postgres_url is not None, _postgres_reachable()
    m = new_match(client)
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={tokens[0]}") as ws:
        ws.receive_json()
        counts = _counting(_service(client))
        ws.send_json({"action": {"type": "declare_missing", "suit": "m"}, "version": 0})
        assert _until(ws, 1)["match"]["version"] == 1  # the appender now holds a connection
        admin_url = postgres_url.replace("postgresql+psycopg://", "postgresql://", 1)
        dbname = admin_url.rsplit("/", 1)[1]
        with psycopg.connect(admin_url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as db:
            killed = db.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = %s AND pid <> pg_backend_pid()", (dbname,)).fetchone()
        assert killed is not None and killed[0] >= 1
        r = client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[1]),
                        json={"action": {"type": "declare_missing", "suit": "p"}, "version": 1})
        assert r.status_code == 200 and r.json()["version"] == 2
    assert counts == _writes(_service(client), 2, 0)  # the second on a fresh connection
    assert len(_log_when(client, mid, 2)) == 2


def test_http_actions_take_the_fast_path_too(client: TestClient) -> None:
    m = new_match(client)
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    client.get(f"/api/matches/{mid}", headers=auth(tokens[0]))  # the worker now holds v0
    counts = _counting(_service(client))
    r = client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[0]),
                    json={"action": {"type": "declare_missing", "suit": "m"}, "version": 0})
    assert r.status_code == 200 and r.json()["version"] == 1 and r.json()["seat"] == 0
    assert r.json()["state"]["players"][0]["missing_suit"] == "m"
    stale = client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[0]),
                        json={"action": {"type": "declare_missing", "suit": "p"}, "version": 0})
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "action/stale_version"
    assert counts == _writes(_service(client), 1, 0)  # and the stale one was refused without a read


def test_a_write_that_lost_a_race_is_refused_from_the_newer_copy(settings: Settings) -> None:
    """A seat's two actions at one version on one worker: the one whose write finds the match
    moved on is told so from the copy the winner left (409 at the version it made), with no
    read."""
    url = settings.database_url

    async def race() -> tuple[dict[str, int], ApiError]:
        store = Store(make_engine(url))
        appender = appender_for(store, url)
        svc = Service(store, LocalBroker(), appender=appender)
        try:
            m = svc.create(CreateMatch.model_validate({"game": "sichuan", "seed": 3,
                                                       "seats": [{"kind": "human"}] * 4}))
            mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
            svc.load(mid)  # the worker holds version 0
            counts = _counting(svc)
            write = svc._write

            async def overtaken(after: Any, entry: Any) -> None:
                svc._write = write  # the seat's other action lands first, made on this worker
                await svc.act(mid, tokens[0], {"type": "declare_missing", "suit": "p"}, 0)
                await write(after, entry)

            svc._write = overtaken
            with pytest.raises(ApiError) as lost:
                await svc.act(mid, tokens[0], {"type": "declare_missing", "suit": "m"}, 0)
            return counts, lost.value
        finally:
            if appender is not None:
                await appender.close()

    counts, lost = asyncio.run(race())
    assert (lost.code, lost.status, lost.extra) == ("action/stale_version", 409, {"version": 1})
    assert counts["reads"] == 0 and counts["loop"] + counts["thread"] == 2

"""A WebSocket never waits forever for an update whose note was lost (its worker killed
between the commit and the publish, Redis away, a render that failed): the worker checks the
stored version of the matches its sockets watch once they have been quiet for
``PAIJU_WS_RESYNC_SECONDS``, and a client may ask with ``{"type": "sync"}``. The notes here are
lost on purpose (the publish is suppressed), so what arrives was healed, not lucky."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.app import create_app
from server.settings import Settings

from .conftest import REDIS_URL, _redis_reachable, auth
from .inthread import Server, lose_notes
from .pgcluster import PgCluster, wait_until

DECLARE = {"type": "declare_missing", "suit": "m"}
PATIENCE_S = 20
"""How long a socket waits for the healed update (it comes after about the quiet period)."""


@pytest.fixture
def sqlite_settings(tmp_path: Path) -> Settings:
    return Settings(database_url=f"sqlite:///{tmp_path / 'heal.db'}", ai_in_process=False,
                    ai_delay_ms=0, ws_resync_seconds=0.5)


def _match(url: str) -> tuple[str, list[str]]:
    m = httpx.post(f"{url}/api/matches", json={"game": "sichuan", "seed": 5,
                                               "seats": [{"kind": "human"}] * 4}).json()
    return m["match_id"], [s["token"] for s in m["seats"]]


def _next(ws: Any) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=PATIENCE_S))  # type: ignore[no-any-return]


def test_a_lost_note_reaches_the_socket_after_the_quiet_period(sqlite_settings: Settings) -> None:
    with Server(sqlite_settings) as server:
        mid, tokens = _match(server.url)
        with server.ws(mid, tokens[1]) as ws:
            assert _next(ws)["type"] == "snapshot"
            undo = lose_notes(server.app)
            r = httpx.post(f"{server.url}/api/matches/{mid}/actions", headers=auth(tokens[0]),
                           json={"action": DECLARE, "version": 0})
            assert r.status_code == 200, r.text
            msg = _next(ws)  # no note was sent: only the quiet check can bring it
            assert msg["type"] == "update" and msg["match"]["version"] == 1
            assert msg["events"] == [{"type": "declared", "seat": 0}]
            undo()


def test_a_sync_brings_what_a_lost_note_did_not(sqlite_settings: Settings) -> None:
    """Without the worker's quiet check (an hour), a client's sync alone heals the socket."""
    settings = sqlite_settings.model_copy(update={"ws_resync_seconds": 3600.0})
    with Server(settings) as server:
        mid, tokens = _match(server.url)
        with server.ws(mid, tokens[1]) as ws:
            assert _next(ws)["type"] == "snapshot"
            lose_notes(server.app)
            httpx.post(f"{server.url}/api/matches/{mid}/actions", headers=auth(tokens[0]),
                       json={"action": DECLARE, "version": 0}).raise_for_status()
            ws.send(json.dumps({"type": "sync"}))
            msg = _next(ws)
            assert msg["type"] == "snapshot" and msg["match"]["version"] == 1
            assert msg["match"]["state"]["events"][-1] == {"type": "declared", "seat": 0}


def test_an_update_that_meets_the_database_down_is_pushed_once_it_is_back(
        private_pg: PgCluster, caplog: pytest.LogCaptureFixture) -> None:
    """A note for a version this worker does not hold sends its sockets to the store, and the
    database is down: the update is owed, not dropped, and goes out once it is back (the quiet
    check is off here: an hour)."""
    settings = Settings(database_url=private_pg.url(), ai_in_process=False, ai_delay_ms=0,
                        ws_resync_seconds=3600.0)
    with Server(settings) as server:
        mid, tokens = _match(server.url)
        with server.ws(mid, tokens[1]) as ws:
            assert _next(ws)["type"] == "snapshot"
            undo = lose_notes(server.app)
            httpx.post(f"{server.url}/api/matches/{mid}/actions", headers=auth(tokens[0]),
                       json={"action": DECLARE, "version": 0}).raise_for_status()
            undo()
            server.app.state.service._cache.clear()  # as a worker that never held version 1
            private_pg.stop()
            try:
                with caplog.at_level(logging.WARNING, logger="server.ws"):
                    server.app.state.broker.publish(mid, 1)  # the note, from another worker
                    wait_until(lambda: "failed" in caplog.text, PATIENCE_S,
                               "the socket did not try the update")
            finally:
                private_pg.start()
            msg = _next(ws)
            assert msg["type"] == "update" and msg["match"]["version"] == 1


def test_a_worker_serves_only_once_subscribed_to_redis(tmp_path: Path) -> None:
    """A worker that took sockets before its Redis subscription would miss the other workers'
    changes made meanwhile: its start waits for the subscription."""
    if not _redis_reachable():
        pytest.skip(f"Redis not reachable at {REDIS_URL}")
    import redis
    from fastapi.testclient import TestClient

    from server.pubsub import CHANNEL

    admin = redis.Redis.from_url(REDIS_URL)
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'sub.db'}", redis_url=REDIS_URL,
                        ai_in_process=False)
    app = create_app(settings)
    with TestClient(app):  # the lifespan has run: the worker may serve now
        assert app.state.broker.subscribed.is_set()
        listeners = {c.get("name") for c in admin.client_list(_type="pubsub")}
        assert "paiju-listener" in listeners
        assert admin.pubsub_numsub(CHANNEL)[0][1] >= 1


def test_the_quiet_check_reminds_only_the_quiet_matches() -> None:
    """The check reads, in one query, the stored versions of the watched matches that have
    heard nothing for the quiet period, and tells only their own subscribers (the AI, which
    watches every match, has its own sweep)."""
    from server.pubsub import ALL, LocalBroker, keep_watch

    asked: list[list[str]] = []

    def versions(ids: list[str]) -> dict[str, int]:  # the store's query, over a dict
        asked.append(sorted(ids))
        return {i: 9 for i in ids}

    async def main() -> tuple[list[str], Any, list[Any]]:
        broker = LocalBroker()
        broker.bind(asyncio.get_running_loop())
        async with broker.subscribe("quiet") as quiet, broker.subscribe("busy"), \
                broker.subscribe(ALL) as everyone:
            await asyncio.sleep(1.1)
            broker.publish("busy", 3)
            found = broker.quiet(1.0)  # "busy" just heard a note
            watch = asyncio.create_task(keep_watch(broker, versions, 0.2))
            try:
                reminder = await asyncio.wait_for(quiet.get(), PATIENCE_S)
            finally:
                watch.cancel()
            return found, reminder, [everyone.get_nowait() for _ in range(everyone.qsize())]

    found, reminder, everyone = asyncio.run(main())
    assert found == ["quiet"]
    assert reminder == ("quiet", 9)
    assert everyone == [("busy", 3)]  # the note only, no reminder
    assert asked and all(ids in (["quiet"], ["busy", "quiet"]) for ids in asked)

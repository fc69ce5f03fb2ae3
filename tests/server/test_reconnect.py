"""The server's connections going away under it.

- Redis: pub/sub keeps nothing for a subscriber that was away, so on subscribing again the
  worker re-announces every match it watches at its stored version (a socket would otherwise
  wait forever for a change published in the gap).
- PostgreSQL: pooled connections the database closed (a restart, an idle timeout) are found
  dead when taken from the pool after sitting idle, and replaced: no request fails for it.
"""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from server.pubsub import LISTENER_NAME, RedisBroker

from .conftest import REDIS_URL, _postgres_reachable, _redis_reachable, auth, new_match


async def _wait_subscribed(broker: RedisBroker, client: object, n: int) -> None:
    import redis

    assert isinstance(client, redis.Redis)
    for _ in range(200):
        if client.pubsub_numsub("paiju:matches")[0][1] >= n:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the broker never subscribed")


def test_a_lost_subscription_reannounces_the_watched_matches() -> None:
    if not _redis_reachable():
        pytest.skip(f"Redis not reachable at {REDIS_URL}")
    import redis

    stored = {"m1": 7, "m2": 3}
    asked: list[list[str]] = []

    def versions(ids: list[str]) -> dict[str, int]:  # the store's query, over a dict
        asked.append(sorted(ids))
        return {i: stored[i] for i in ids if i in stored}

    admin = redis.Redis.from_url(REDIS_URL)
    before = admin.pubsub_numsub("paiju:matches")[0][1]

    async def main() -> list[tuple[str, int]]:
        broker = RedisBroker(REDIS_URL, versions)
        broker.bind(asyncio.get_running_loop())
        listener = asyncio.create_task(broker.listen())
        try:
            async with broker.subscribe("m1") as notes:
                await _wait_subscribed(broker, admin, before + 1)
                broker.publish("m1", 5)  # delivered normally
                got = [await asyncio.wait_for(notes.get(), 5)]
                assert asked == []  # no resync while the subscription holds
                # Redis drops the subscriber; m1 moves on while nobody listens
                for c in admin.client_list(_type="pubsub"):
                    if c.get("name") == LISTENER_NAME:
                        admin.client_kill_filter(_id=c["id"])
                got.append(await asyncio.wait_for(notes.get(), 10))
                return got
        finally:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listener

    got = asyncio.run(main())
    assert got == [("m1", 5), ("m1", 7)]
    assert asked == [["m1"]]


def test_connections_the_database_closed_are_replaced(postgres_url: str | None,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    if postgres_url is None:
        pytest.skip(_postgres_reachable() or "PostgreSQL not reachable")
    import psycopg
    from fastapi.testclient import TestClient

    import server.store
    from server.app import create_app
    from server.settings import Settings

    monkeypatch.setattr(server.store, "IDLE_PING_SECONDS", 0.0)
    app = create_app(Settings(database_url=postgres_url, ai_in_process=False))
    with TestClient(app) as client:
        m = new_match(client)
        mid, token = m["match_id"], m["seats"][0]["token"]
        assert client.get(f"/api/matches/{mid}").status_code == 200
        dbname = postgres_url.rsplit("/", 1)[1]
        admin_url = postgres_url.replace("postgresql+psycopg://", "postgresql://", 1)
        with psycopg.connect(admin_url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
            killed = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = %s AND pid <> pg_backend_pid()", (dbname,)).fetchone()
        assert killed is not None and killed[0] >= 1  # the app's pooled connections
        for _ in range(3):  # each request takes a pooled connection the database closed
            r = client.post(f"/api/matches/{mid}/actions", headers=auth(token),
                            json={"action": {"type": "declare_missing", "suit": "m"},
                                  "version": 0})
            assert r.status_code in (200, 409), r.text
            assert client.get(f"/api/matches/{mid}").json()["version"] == 1

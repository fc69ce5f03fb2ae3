"""The event-loop writers' batches, on SQLite and on PostgreSQL: actions arriving together share
one batch (one statement on PostgreSQL, one transaction on SQLite), and each still lands or is
refused on its own, as if written alone."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from server.appender import Appender, PostgresAppender, SqliteAppender, appender_for
from server.models import CreateMatch
from server.pubsub import LocalBroker
from server.service import Service
from server.store import Entry, Stale, Store, make_engine

from .conftest import _postgres_reachable

DECLARE = json.dumps({"type": "declare_missing", "suit": "m"})


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path, postgres_url: str | None) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.db'}"
    if postgres_url is None:
        pytest.skip(_postgres_reachable() or "PostgreSQL not reachable")
    return postgres_url


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    engine = make_engine(url)
    if url.startswith("postgresql"):
        with engine.begin() as conn:
            conn.execute(text("TRUNCATE matches, deals, actions, ai_seats CASCADE"))
    yield Store(engine)
    engine.dispose()


def _appender(url: str, writers: int = 1) -> Appender:
    """A worker's writer of its own: on SQLite its own store too, as another process has."""
    if url.startswith("postgresql"):
        return PostgresAppender(url, writers=writers)
    return SqliteAppender(Store(make_engine(url)))


def _matches(store: Store, n: int) -> list[str]:
    svc = Service(store, LocalBroker())
    spec = CreateMatch.model_validate({"game": "sichuan", "seed": 3,
                                       "seats": [{"kind": "human"}] * 4})
    return sorted(svc.create(spec)["match_id"] for _ in range(n))


def _entry(match_id: str, version: int, seat: int = 0) -> Entry:
    return Entry(match_id, version + 1, 0, seat, DECLARE)


async def _write(appender: Appender, version: int, entry: Entry) -> str:
    """"landed", "stale" or the error's name."""
    try:
        await appender.advance_and_log(version, entry)
        return "landed"
    except Stale:
        return "stale"
    except Exception as exc:  # noqa: BLE001  (any other outcome fails the tests by name)
        return type(exc).__name__


def _run(url: str, writes: list[tuple[int, Entry]], writers: int = 1
         ) -> tuple[list[str], int]:
    """Send ``writes`` at once from one event loop: each one's outcome, and the batches."""
    async def main() -> tuple[list[str], int]:
        appender = _appender(url, writers)
        try:
            got = await asyncio.gather(*(_write(appender, v, e) for v, e in writes))
        finally:
            await appender.close()
        return list(got), appender.batches
    return asyncio.run(main())


def test_actions_arriving_together_share_one_statement(store: Store,
                                                       url: str) -> None:
    ids = _matches(store, 12)
    got, batches = _run(url, [(0, _entry(m, 0, seat=i % 4)) for i, m in enumerate(ids)])
    assert got == ["landed"] * 12
    assert batches == 1
    assert store.versions(ids) == dict.fromkeys(ids, 1)
    for i, m in enumerate(ids):
        assert [(a.version, a.seat, a.action_json) for a in store.actions(m, 0)] == [
            (1, i % 4, DECLARE)]


def test_two_actions_of_one_match_never_share_a_batch(store: Store, url: str) -> None:
    a, b = _matches(store, 2)
    got, batches = _run(url, [(0, _entry(a, 0, seat=2)), (0, _entry(b, 0)),
                                       (0, _entry(a, 0, seat=3))])
    assert got == ["landed", "landed", "stale"]  # the second of a's waited and was too late
    assert batches == 2
    assert [x.seat for x in store.actions(a, 0)] == [2]


def test_a_stale_action_leaves_the_rest_of_its_batch_to_land(store: Store,
                                                             url: str) -> None:
    ids = _matches(store, 4)
    store.append(ids[1], 0, action=_entry(ids[1], 0, seat=1), finished=False)  # moved on
    got, batches = _run(url, [(0, _entry(m, 0)) for m in ids])
    assert (got, batches) == (["landed", "stale", "landed", "landed"], 1)
    assert store.versions(ids) == dict.fromkeys(ids, 1)
    assert [x.seat for x in store.actions(ids[1], 0)] == [1]


def test_two_workers_batching_the_same_matches_land_each_action_once(store: Store,
                                                                     url: str) -> None:
    """Two workers' batches over the same matches, given in opposite orders, round after
    round: each match takes exactly one of its two actions a round, and neither batch waits
    on the other in a cycle (PostgreSQL would cancel one as a deadlock, and it would be sent
    again: without the ordered lock 3 of 12 rounds did so; SQLite's one writer at a time
    never cycles)."""
    ids = _matches(store, 200)

    async def main() -> tuple[list[list[str]], int]:
        x, y = _appender(url), _appender(url)
        rounds = []
        try:
            for v in range(12):
                got = await asyncio.gather(
                    *(_write(x, v, _entry(m, v, seat=0)) for m in ids),
                    *(_write(y, v, _entry(m, v, seat=1)) for m in reversed(ids)))
                rounds.append(list(got))
        finally:
            await x.close()
            await y.close()
        return rounds, x.batches + y.batches

    rounds, batches = asyncio.run(main())
    assert batches == 2 * len(rounds)  # none was tried again (a deadlock cancels one)
    for got in rounds:
        assert set(got) <= {"landed", "stale"}, got
        by_match = zip(got[:200], reversed(got[200:]), strict=True)
        assert all(sorted(pair) == ["landed", "stale"] for pair in by_match)
    assert store.versions(ids) == dict.fromkeys(ids, 12)
    assert all(len(store.actions(m, 0)) == 12 for m in ids)


def test_a_taken_log_slot_refuses_its_action_and_lets_the_rest_land(store: Store,
                                                                    url: str) -> None:
    """A log entry already at the version an action would write (a racing writer's, whose
    version move is not seen yet) makes the batch fail as a whole; its actions are then
    written one by one, so only the one that collided is refused."""
    ids = _matches(store, 3)
    with store.engine.begin() as conn:
        conn.execute(text("INSERT INTO actions (match_id, version, deal_no, seat, action_json)"
                          " VALUES (:m, 1, 0, 3, :a)"), {"m": ids[1], "a": DECLARE})
    got, _ = _run(url, [(0, _entry(m, 0)) for m in ids])
    assert got == ["landed", "stale", "landed"]
    assert store.versions([ids[0], ids[2]]) == dict.fromkeys([ids[0], ids[2]], 1)
    assert [x.seat for x in store.actions(ids[1], 0)] == [3]


def test_each_database_gets_its_writer(tmp_path: Path, url: str) -> None:
    """PostgreSQL and an SQLite file write through a batching writer; an in-memory SQLite
    database lives in one connection, which a writer thread of its own could not share."""
    expected = PostgresAppender if url.startswith("postgresql") else SqliteAppender
    assert isinstance(appender_for(Store(make_engine(url)), url), expected)
    memory = "sqlite://"
    assert appender_for(Store(make_engine(memory)), memory) is None


def test_a_closed_writer_writes_again_when_asked(store: Store, url: str) -> None:
    """An app whose lifespan ended may be served again (a test client, a restart in place): its
    writer, closed, takes the next action rather than answering 503 (the stateful fuzz test met
    'cannot schedule new futures after shutdown')."""
    a, b = _matches(store, 2)

    async def main() -> list[str]:
        appender = _appender(url)
        try:
            first = await _write(appender, 0, _entry(a, 0))
            await appender.close()
            return [first, await _write(appender, 0, _entry(b, 0))]
        finally:
            await appender.close()
    assert asyncio.run(main()) == ["landed", "landed"]
    assert store.versions([a, b]) == {a: 1, b: 1}

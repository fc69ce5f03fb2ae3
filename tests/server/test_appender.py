"""The event-loop writer's batches (PostgreSQL): actions arriving together share one statement,
and each still lands or is refused on its own, as if written alone."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest
from sqlalchemy import text

from server.appender import AsyncAppender
from server.models import CreateMatch
from server.pubsub import LocalBroker
from server.service import Service
from server.store import Entry, Stale, Store, make_engine

from .conftest import _postgres_reachable

DECLARE = json.dumps({"type": "declare_missing", "suit": "m"})


@pytest.fixture
def store(postgres_url: str | None) -> Iterator[Store]:
    if postgres_url is None:
        pytest.skip(_postgres_reachable() or "PostgreSQL not reachable")
    engine = make_engine(postgres_url)
    with engine.begin() as conn:
        conn.execute(text("TRUNCATE matches, deals, actions, ai_seats CASCADE"))
    yield Store(engine)
    engine.dispose()


def _matches(store: Store, n: int) -> list[str]:
    svc = Service(store, LocalBroker())
    spec = CreateMatch.model_validate({"game": "sichuan", "seed": 3,
                                       "seats": [{"kind": "human"}] * 4})
    return sorted(svc.create(spec)["match_id"] for _ in range(n))


def _entry(match_id: str, version: int, seat: int = 0) -> Entry:
    return Entry(match_id, version + 1, 0, seat, DECLARE)


async def _write(appender: AsyncAppender, version: int, entry: Entry) -> str:
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
    """Send ``writes`` at once from one event loop: each one's outcome, and the statements."""
    async def main() -> tuple[list[str], int]:
        appender = AsyncAppender(url, writers=writers)
        try:
            got = await asyncio.gather(*(_write(appender, v, e) for v, e in writes))
        finally:
            await appender.close()
        return list(got), appender.batches
    return asyncio.run(main())


def test_actions_arriving_together_share_one_statement(store: Store,
                                                       postgres_url: str) -> None:
    ids = _matches(store, 12)
    got, batches = _run(postgres_url, [(0, _entry(m, 0, seat=i % 4)) for i, m in enumerate(ids)])
    assert got == ["landed"] * 12
    assert batches == 1
    assert store.versions(ids) == dict.fromkeys(ids, 1)
    for i, m in enumerate(ids):
        assert [(a.version, a.seat, a.action_json) for a in store.actions(m, 0)] == [
            (1, i % 4, DECLARE)]


def test_two_actions_of_one_match_never_share_a_batch(store: Store, postgres_url: str) -> None:
    a, b = _matches(store, 2)
    got, batches = _run(postgres_url, [(0, _entry(a, 0, seat=2)), (0, _entry(b, 0)),
                                       (0, _entry(a, 0, seat=3))])
    assert got == ["landed", "landed", "stale"]  # the second of a's waited and was too late
    assert batches == 2
    assert [x.seat for x in store.actions(a, 0)] == [2]


def test_a_stale_action_leaves_the_rest_of_its_batch_to_land(store: Store,
                                                             postgres_url: str) -> None:
    ids = _matches(store, 4)
    store.append(ids[1], 0, action=_entry(ids[1], 0, seat=1), finished=False)  # moved on
    got, batches = _run(postgres_url, [(0, _entry(m, 0)) for m in ids])
    assert (got, batches) == (["landed", "stale", "landed", "landed"], 1)
    assert store.versions(ids) == dict.fromkeys(ids, 1)
    assert [x.seat for x in store.actions(ids[1], 0)] == [1]


def test_two_workers_batching_the_same_matches_land_each_action_once(store: Store,
                                                                     postgres_url: str) -> None:
    """Two workers' batches over the same matches, given in opposite orders, round after
    round: each match takes exactly one of its two actions a round, and neither batch waits
    on the other in a cycle (PostgreSQL would cancel one as a deadlock, and it would be sent
    again: without the ordered lock 3 of 12 rounds did so)."""
    ids = _matches(store, 200)

    async def main() -> tuple[list[list[str]], int]:
        x, y = AsyncAppender(postgres_url, writers=1), AsyncAppender(postgres_url, writers=1)
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

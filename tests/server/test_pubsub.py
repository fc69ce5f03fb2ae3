"""Change notes across workers: a Redis note carries the action that made the change, and a
worker holding the version before it steps its copy forward with it instead of reading the log;
the copy it gets is the one the log replays to."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from server.pubsub import LocalBroker, _note, parse_note
from server.service import Service
from server.store import Store, make_engine


class _Notes(LocalBroker):
    """The in-process broker, also keeping what was published (as Redis would carry it)."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[str] = []

    def publish(self, match_id: str, version: int, step: tuple[int, int, str] | None = None) -> None:
        self.sent.append(_note("w1", match_id, version, step))


def test_notes_parse_with_and_without_their_action() -> None:
    assert parse_note("w1 12 abc") == ("w1", "abc", 12, None)
    action = json.dumps({"type": "discard", "card": 57})  # the JSON has spaces
    assert parse_note(f"w2 13 abc 0 2 {action}") == ("w2", "abc", 13, (0, 2, action))
    assert parse_note(_note("w2", "abc", 13, (0, 2, action))) == ("w2", "abc", 13, (0, 2, action))


def test_a_worker_steps_its_copy_forward_with_the_notes_actions(tmp_path: Path) -> None:
    from server.models import CreateMatch

    engine = make_engine(f"sqlite:///{tmp_path / 'x.db'}")
    notes_a = _Notes()
    a, b = Service(Store(engine), notes_a), Service(Store(engine), LocalBroker())
    created = a.create(CreateMatch.model_validate(
        {"game": "sichuan", "seed": 5, "seats": [{"kind": "human"}] * 4}))
    mid, tokens = created["match_id"], [s["token"] for s in created["seats"]]
    b.load(mid)  # worker B watches the match: it holds version 0
    rng = random.Random(5)
    absorbed = 0
    for _ in range(120):
        loaded = a.load(mid)
        if loaded.game.result(loaded.state) is not None:
            break
        seat = loaded.game.to_act(loaded.state)[0]
        legal = loaded.game.legal_actions(loaded.state, seat)
        asyncio.run(a.act(mid, tokens[seat], rng.choice(legal), loaded.row.version))
        _, match_id, version, step = parse_note(notes_a.sent[-1])
        assert (match_id, step is not None) == (mid, True)
        assert step is not None
        b.absorb(match_id, version, step)
        held = b.cached_at(mid, version)
        assert held is not None  # stepped forward, no read
        absorbed += 1
        replayed = Service(Store(engine), LocalBroker()).load(mid)  # from the log alone
        assert held.row == replayed.row
        assert b.seat_view(held, 1) == b.seat_view(replayed, 1)
    assert absorbed > 50
    # a copy that is not at the version before is left alone (it catches up from the log)
    last = a.load(mid).row.version
    b.absorb(mid, last + 5, (0, 0, json.dumps({"type": "pass"})))
    assert b.cached_at(mid, last) is not None and b.cached_at(mid, last + 5) is None


def _two_workers_notes(count: int) -> tuple[list[tuple[str, int]], list[tuple[str, int]], int]:
    """Worker A publishes ``count`` notes from the event loop in one go; returns what A's and
    B's subscribers got, and how many pipelines A sent."""
    import asyncio
    import contextlib

    import pytest
    import redis

    from server.pubsub import CHANNEL, RedisBroker

    from .conftest import REDIS_URL, _redis_reachable

    if not _redis_reachable():
        pytest.skip(f"Redis not reachable at {REDIS_URL}")
    admin = redis.Redis.from_url(REDIS_URL)
    before = admin.pubsub_numsub(CHANNEL)[0][1]

    async def main() -> tuple[list[tuple[str, int]], list[tuple[str, int]], int]:
        a, b = RedisBroker(REDIS_URL), RedisBroker(REDIS_URL)
        loop = asyncio.get_running_loop()
        a.bind(loop)
        b.bind(loop)
        listeners = [asyncio.create_task(w.listen()) for w in (a, b)]
        sends = 0
        try:
            async with a.subscribe("m") as got_a, b.subscribe("m") as got_b:
                for _ in range(200):
                    if admin.pubsub_numsub(CHANNEL)[0][1] >= before + 2:
                        break
                    await asyncio.sleep(0.05)
                for v in range(1, count + 1):  # no await yields here: one batch
                    await a.apublish("m", v, (0, v % 4, '{"type": "pass"}'))
                heard_a = [got_a.get_nowait() for _ in range(count)]  # at once, no Redis
                heard_b = [await asyncio.wait_for(got_b.get(), 5) for _ in range(count)]
                await asyncio.sleep(0.3)  # A's listener would have delivered its own by now
                assert got_a.empty() and got_b.empty()
                sends = a._batches
        finally:
            for task in listeners:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await a.aclose()
            await b.aclose()
        return heard_a, heard_b, sends

    return asyncio.run(main())


def test_a_worker_hears_its_own_notes_at_once_and_the_others_through_redis() -> None:
    heard_a, heard_b, _ = _two_workers_notes(3)
    assert heard_a == heard_b == [("m", 1), ("m", 2), ("m", 3)]


def test_notes_published_together_go_out_in_few_pipelines() -> None:
    heard_a, heard_b, batches = _two_workers_notes(50)
    assert heard_a == heard_b == [("m", v) for v in range(1, 51)]
    assert batches == 1


def test_an_unreachable_redis_does_not_fail_the_publisher() -> None:
    import asyncio

    from server.pubsub import RedisBroker

    async def main() -> list[tuple[str, int]]:
        broker = RedisBroker("redis://127.0.0.1:1/0")  # nothing listens there
        broker.bind(asyncio.get_running_loop())
        async with broker.subscribe("m") as notes:
            await broker.apublish("m", 4)
            assert broker._sender is not None
            await broker._sender  # gives up after a retry, logging it; raises nothing
            await asyncio.to_thread(broker.publish, "m", 5)  # a request thread's: the same
            await asyncio.sleep(0)
            return [notes.get_nowait(), notes.get_nowait()]

    assert asyncio.run(main()) == [("m", 4), ("m", 5)]

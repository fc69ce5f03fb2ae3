"""Optimistic concurrency: racing writers on one version land exactly once, and the state every
reader rebuilds stays the one the log describes."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from server.errors import ApiError
from server.models import CreateMatch
from server.pubsub import LocalBroker
from server.service import Service
from server.settings import Settings
from server.store import Store, make_engine

from .conftest import auth


def test_racing_threads_land_exactly_once(settings: Settings) -> None:
    """Two services (two workers) on one database race the same version, many times over."""
    store = Store(make_engine(settings.database_url))
    workers = [Service(store, LocalBroker()), Service(store, LocalBroker())]
    m = workers[0].create(CreateMatch.model_validate({"game": "sichuan", "seed": 9,
                                                      "seats": [{"kind": "human"}] * 4}))
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    for seat in range(4):
        asyncio.run(workers[seat % 2].act(mid, tokens[seat],
                                          {"type": "declare_missing", "suit": "m"}, seat))
    outcomes: list[str] = []
    for _ in range(30):
        view = workers[0].view(mid, None)
        if view["state"]["result"] is not None:
            break
        version = view["version"]
        seat = next(s for s in range(4) if workers[1].legal(mid, tokens[s])["actions"])
        action = workers[0].legal(mid, tokens[seat])["actions"][-1]
        barrier = threading.Barrier(2)

        def go(worker: Service, seat: int = seat, action: Any = action,
               version: int = version, barrier: threading.Barrier = barrier) -> str:
            barrier.wait()
            try:
                asyncio.run(worker.act(mid, tokens[seat], action, version))
                return "ok"
            except ApiError as exc:
                return exc.code

        with ThreadPoolExecutor(2) as pool:
            results = sorted(pool.map(go, workers))
        outcomes.append(",".join(results))
        assert results == ["action/stale_version", "ok"], results
        assert workers[0].view(mid, None)["version"] == version + 1
        # both workers rebuild the same state at the same version
        assert workers[0].view(mid, tokens[0]) == workers[1].view(mid, tokens[0])
    assert len(outcomes) >= 10


def test_racing_http_clients_on_a_live_server(live_server: str) -> None:
    """Two HTTP clients post the same version to a real server: exactly one 200, one 409."""
    with httpx.Client(base_url=live_server, timeout=10) as c:
        m = c.post("/api/matches", json={"game": "sichuan", "seed": 4,
                                         "seats": [{"kind": "human"}] * 4}).json()
        mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
        barrier = threading.Barrier(2)

        def post(suit: str) -> int:
            with httpx.Client(base_url=live_server, timeout=10) as own:
                barrier.wait()
                r = own.post(f"/api/matches/{mid}/actions", headers=auth(tokens[0]),
                             json={"action": {"type": "declare_missing", "suit": suit},
                                   "version": 0})
                return r.status_code

        with ThreadPoolExecutor(2) as pool:
            codes = sorted(pool.map(post, ["m", "s"]))
        assert codes == [200, 409]
        view = c.get(f"/api/matches/{mid}").json()
        assert view["version"] == 1

"""The web client through outages, in Chromium against a real server: a request answered 503
while the database restarts (a private PostgreSQL cluster) is sent again after Retry-After and
succeeds, and a table whose update was lost (the server's note dropped on purpose, its own quiet
check off) asks for the match after a silence and shows it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.settings import Settings
from tests.server.inthread import Server, lose_notes
from tests.server.pgcluster import PgCluster, pg_cluster

from .conftest import _missing, _skip_or_fail


@pytest.fixture(scope="module")
def cluster() -> Iterator[PgCluster]:
    reason = _missing()
    if reason:
        _skip_or_fail(reason)
    with pg_cluster() as c:
        yield c


def test_a_request_waits_out_a_database_restart(cluster: PgCluster, new_page: Any) -> None:
    settings = Settings(database_url=cluster.url(), ai_in_process=False, ai_delay_ms=0)
    with Server(settings) as server:
        page = new_page()
        page.goto(server.url + "/")
        unavailable = threading.Event()
        page.on("response", lambda r: r.status == 503 and unavailable.set())
        cluster.stop()

        def back() -> None:  # the database returns once the page has met it down
            try:
                unavailable.wait(30)
            finally:
                cluster.start()

        restarter = threading.Thread(target=back)
        restarter.start()
        try:
            match = page.evaluate("""async () => {
                const api = await import('/api.js');
                return api.api('/matches', {method: 'POST', body: {game: 'sichuan', seed: 4}});
            }""")
        finally:
            restarter.join(60)
        assert unavailable.is_set()  # it was answered 503 first
        assert match["game"] == "sichuan" and match["match_id"]


def test_a_table_asks_for_the_match_after_a_silence(tmp_path: Path, new_page: Any) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'silence.db'}", ai_in_process=False,
                        ai_delay_ms=0, ws_resync_seconds=3600.0)
    with Server(settings) as server:
        m = httpx.post(f"{server.url}/api/matches", json={
            "game": "sichuan", "seed": 6, "seats": [{"kind": "human"}] * 4}).json()
        mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
        page = new_page()
        page.goto(server.url + "/")
        page.evaluate("""async ([mid, token]) => {
            const api = await import('/api.js');
            window.seen = [];
            window.live = new api.LiveMatch(mid, token, {
                onView: (view, events, kind) => window.seen.push([kind, view.version]),
            }, {silenceMs: 600});
            window.live.start();
        }""", [mid, tokens[1]])
        page.wait_for_function("window.seen.length >= 1")
        lose_notes(server.app)
        httpx.post(f"{server.url}/api/matches/{mid}/actions",
                   headers={"Authorization": f"Bearer {tokens[0]}"},
                   json={"action": {"type": "declare_missing", "suit": "m"}, "version": 0},
                   ).raise_for_status()
        page.wait_for_function("window.seen.some(([, v]) => v === 1)", timeout=20_000)
        seen = page.evaluate("window.seen")
        page.evaluate("window.live.stop()")
    assert seen[0] == ["snapshot", 0]
    assert ["snapshot", 1] in seen  # the answer to its sync: no update was pushed
    assert ["update", 1] not in seen

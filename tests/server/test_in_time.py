"""Answers in time (issue 27): a decision of several seats at once (a claim window, Sichuan's
missing suits) asks them at one version, each answers from the update that asked it, and every
answer lands, whoever answered first; an action sent after anything else happened (the window
resolved, the seat's own answer) is still 409 ``action/stale_version``. Over REST and the
WebSocket, on SQLite and PostgreSQL, and between two workers."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient

from server.errors import ApiError
from server.models import CreateMatch
from server.pubsub import LocalBroker
from server.service import Service
from server.settings import Settings
from server.store import Store, make_engine

from .conftest import auth

WINDOWS = {"mcr": 31, "paohuzi": 1}
"""A seed per game whose deal, played by ``_first_choice``, soon offers a card that several
seats may claim: MCR seed 31 after six actions (seat 3 may chow, seat 0 pung), Paohuzi seed 1
after two (all three seats: two chi, one peng)."""


def _first_choice(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The deterministic play that leads to the windows of ``WINDOWS``: pass on a claim, else
    the last legal action."""
    return next((a for a in legal if a["type"] == "pass"), legal[-1])


def _players(game: str) -> int:
    return 3 if game == "paohuzi" else 4


def _to_window(client: TestClient, game: str) -> tuple[str, list[str], int, dict[int, list]]:
    """A new all-human match of ``game`` played over REST up to its first claim window that
    asks several seats: (match id, tokens, version, the asked seats' legal actions)."""
    r = client.post("/api/matches", json={"game": game, "seed": WINDOWS[game],
                                          "seats": [{"kind": "human"}] * _players(game)})
    assert r.status_code == 201, r.text
    mid, tokens = r.json()["match_id"], [s["token"] for s in r.json()["seats"]]
    for _ in range(20):
        legal = {seat: client.get(f"/api/matches/{mid}/legal", headers=auth(t)).json()
                 for seat, t in enumerate(tokens)}
        asked = {seat: lg["actions"] for seat, lg in legal.items() if lg["actions"]}
        version = legal[0]["version"]
        if len(asked) >= 2:
            return mid, tokens, version, asked
        (seat, actions), = asked.items()
        r = _post(client, mid, tokens[seat], _first_choice(actions), version)
        assert r.status_code == 200, r.text
    raise AssertionError("no claim window asked several seats")


def _post(client: TestClient, mid: str, token: str, action: dict[str, Any],
          version: int) -> Any:
    return client.post(f"/api/matches/{mid}/actions", headers=auth(token),
                       json={"action": action, "version": version})


def _logged(client: TestClient, mid: str, after: int) -> list[tuple[int, int, dict]]:
    """The stored actions after version ``after`` (the public log shows a deal's actions once
    it is over): (version, seat, action)."""
    import json

    store = client.app.state.service.store  # type: ignore[attr-defined]
    return [(a.version, a.seat, json.loads(a.action_json))
            for a in store.actions(mid, 0, after_version=after)]


def _logged_when(client: TestClient, mid: str, after: int,
                 n: int) -> list[tuple[int, int, dict]]:
    """``_logged`` once it holds ``n`` actions, or as it is after a few seconds (sockets act
    meanwhile)."""
    for _ in range(200):
        logged = _logged(client, mid, after)
        if len(logged) >= n:
            break
        time.sleep(0.02)
    return logged


def test_two_rest_answers_from_one_version_both_land(client: TestClient) -> None:
    """MCR: seat 3 may chow and seat 0 pung the same discard; both answer from version v.
    The second answer is applied at v + 1 (the first is hidden from it), and the window
    resolves: seat 0's pung beats the chow, and seat 0 is to discard."""
    mid, tokens, v, asked = _to_window(client, "mcr")
    assert sorted(asked) == [0, 3]
    chow = next(a for a in asked[3] if a["type"] == "chow")
    pung = next(a for a in asked[0] if a["type"] == "pung")
    first = _post(client, mid, tokens[3], chow, v)
    assert first.status_code == 200 and first.json()["version"] == v + 1
    second = _post(client, mid, tokens[0], pung, v)
    assert second.status_code == 200, second.text
    assert second.json()["version"] == v + 2
    assert _logged(client, mid, v) == [(v + 1, 3, chow), (v + 2, 0, pung)]
    legal = client.get(f"/api/matches/{mid}/legal", headers=auth(tokens[0])).json()
    assert legal["version"] == v + 2 and {a["type"] for a in legal["actions"]} >= {"discard"}
    # the window has closed: an answer chosen from it is stale now, from either seat
    for seat, action in ((3, {"type": "pass"}), (0, pung)):
        late = _post(client, mid, tokens[seat], action, v)
        assert late.status_code == 409, late.text
        assert late.json()["error"] == {"code": "action/stale_version", "version": v + 2,
                                        "message": late.json()["error"]["message"]}
    assert _logged(client, mid, v + 2) == []


def test_an_answer_after_the_seats_own_answer_is_stale(client: TestClient) -> None:
    """A seat's own answer changes what it sees (it is no longer asked): sending another from
    the same update is stale, not a second answer; the other seat's answer is still in time."""
    mid, tokens, v, asked = _to_window(client, "mcr")
    assert _post(client, mid, tokens[3], {"type": "pass"}, v).status_code == 200
    again = _post(client, mid, tokens[3], next(a for a in asked[3] if a["type"] == "chow"), v)
    assert again.status_code == 409 and again.json()["error"]["code"] == "action/stale_version"
    assert _post(client, mid, tokens[0], {"type": "pass"}, v).status_code == 200
    assert [(s, a) for _, s, a in _logged(client, mid, v)] == [(3, {"type": "pass"}),
                                                               (0, {"type": "pass"})]


def test_an_illegal_answer_in_time_is_illegal_not_stale(client: TestClient) -> None:
    """In time, an action is judged at the current version: one the rules refuse is a 422."""
    mid, tokens, v, _ = _to_window(client, "mcr")
    assert _post(client, mid, tokens[3], {"type": "pass"}, v).status_code == 200
    wrong = _post(client, mid, tokens[0], {"type": "chow", "low": "1m"}, v)
    assert wrong.status_code == 422 and wrong.json()["error"]["code"] == "action/illegal"
    assert _logged(client, mid, v + 1) == []


def test_three_socket_answers_from_one_update_all_land(client: TestClient) -> None:
    """Paohuzi: a card every seat may claim; each seat's socket answers from the update that
    asked it, all at once. Every answer lands (no error), each once, one version after the
    other, and the window resolves."""
    mid, tokens, v, asked = _to_window(client, "paohuzi")
    assert sorted(asked) == [0, 1, 2]
    answers = {seat: next(a for a in acts if a["type"] != "pass")
               for seat, acts in asked.items()}
    sockets = [client.websocket_connect(f"/api/matches/{mid}/ws?token={t}") for t in tokens]
    try:
        for ws in sockets:
            ws.__enter__()
            assert ws.receive_json()["match"]["version"] == v
        for seat, ws in enumerate(sockets):
            ws.send_json({"action": answers[seat], "version": v})
        logged = _logged_when(client, mid, v, 3)
        for ws in sockets:  # updates up to the last answer's, and never an error
            while (msg := ws.receive_json())["type"] != "update" \
                    or msg["match"]["version"] < v + len(logged):
                assert msg["type"] != "error", msg
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    assert [version for version, _, _ in logged] == [v + 1, v + 2, v + 3]
    assert sorted((seat, action["type"]) for _, seat, action in logged) == sorted(
        (seat, a["type"]) for seat, a in answers.items())
    state = client.get(f"/api/matches/{mid}").json()["state"]
    assert state["claim"] is None


def test_answers_racing_on_two_workers_both_land(settings: Settings) -> None:
    """Two workers (services on one database) take the two answers of one window at the same
    moment: the write that finds the match moved on is judged again at the newer version, in
    time, and lands too."""
    store = Store(make_engine(settings.database_url))
    workers = [Service(store, LocalBroker()), Service(store, LocalBroker())]
    m = workers[0].create(CreateMatch.model_validate({"game": "mcr", "seed": WINDOWS["mcr"],
                                                      "seats": [{"kind": "human"}] * 4}))
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    for _ in range(6):
        seat = next(s for s in range(4) if workers[0].legal(mid, tokens[s])["actions"])
        legal = workers[0].legal(mid, tokens[seat])
        asyncio.run(workers[0].act(mid, tokens[seat], _first_choice(legal["actions"]),
                                   legal["version"]))
    v = workers[0].view(mid, None)["version"]
    for w in workers:
        w.load(mid)  # both hold the window's version: neither reads before its write
    barrier = threading.Barrier(2)

    def answer(worker: Service, seat: int) -> str:
        barrier.wait()
        try:
            asyncio.run(worker.act(mid, tokens[seat], {"type": "pass"}, v))
            return "ok"
        except ApiError as exc:
            return exc.code

    with ThreadPoolExecutor(2) as pool:
        assert list(pool.map(answer, workers, [3, 0])) == ["ok", "ok"]
    assert [(a.version, a.seat) for a in store.actions(mid, 0, after_version=v)] in (
        [(v + 1, 3), (v + 2, 0)], [(v + 1, 0), (v + 2, 3)])
    assert workers[0].view(mid, tokens[1]) == workers[1].view(mid, tokens[1])


def test_sichuan_declarations_from_the_first_snapshot_all_land(client: TestClient) -> None:
    """Sichuan's missing suits are one decision of all four seats: each declares from the
    snapshot (version 0), and every declaration lands, though each shows the others that it
    was made (their suits stay hidden); a second declaration of a seat is stale."""
    r = client.post("/api/matches", json={"game": "sichuan", "seed": 7,
                                          "seats": [{"kind": "human"}] * 4})
    mid, tokens = r.json()["match_id"], [s["token"] for s in r.json()["seats"]]
    suits = ["m", "p", "s", "m"]
    for seat in (2, 0, 3, 1):
        got = _post(client, mid, tokens[seat], {"type": "declare_missing", "suit": suits[seat]},
                    0)
        assert got.status_code == 200, got.text
    assert [(v, seat) for v, seat, _ in _logged(client, mid, 0)] == [(1, 2), (2, 0), (3, 3),
                                                                     (4, 1)]
    view = client.get(f"/api/matches/{mid}").json()
    assert [p["missing_suit"] for p in view["state"]["players"]] == suits
    again = _post(client, mid, tokens[1], {"type": "declare_missing", "suit": "s"}, 0)
    assert again.status_code == 409 and again.json()["error"]["code"] == "action/stale_version"

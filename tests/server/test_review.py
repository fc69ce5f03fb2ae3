"""POST/GET /api/matches/{id}/deals/{n}/review: the review of the bearer seat's decisions.

Only once the deal is over; only the bearer's own seat; progress while a worker process
evaluates it, then every decision with the seat's own view and the summary, stored (a second
look, even by a restarted server, is a read). A deal ``strong`` played reviews as (almost) all
matched, a deal played at random gets several decisions flagged.
"""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi.testclient import TestClient

from ai.policies import PRIORS, random_policy, strong_policy
from ai.review import ReviewSettings
from ai.search import Policy, Settings
from server.app import create_app
from server.review import ABANDONED, STALE_S, answer
from server.settings import Settings as ServerSettings

from .conftest import auth
from .test_replays import error_code

ROLLOUTS = 12
"""Small, for the suite's time: the reviewer and the ``strong`` that plays share it."""


def _review_fast(client: TestClient) -> None:
    client.app.state.reviewer.settings = {  # type: ignore[attr-defined]
        "sichuan": ReviewSettings(rollouts=ROLLOUTS)}


def _create(client: TestClient, seed: int, player: str | None = None) -> dict[str, Any]:
    r = client.post("/api/matches", json={"game": "sichuan", "seed": seed,
                                          "seats": [{"kind": "human"}] * 4},
                    headers=auth(player) if player else {})
    assert r.status_code == 201, r.text
    return r.json()


def _play(client: TestClient, match: dict[str, Any], mine: Policy, seed: int,
          stop_after: int | None = None) -> None:
    """Seat 0 plays ``mine``, the others take their first legal action, through the API, until
    the deal is over (or ``stop_after`` actions)."""
    mid = match["match_id"]
    tokens = [s["token"] for s in match["seats"]]
    rng = random.Random(seed)
    for n in range(3000):
        if stop_after is not None and n == stop_after:
            return
        acted = False
        for seat, token in enumerate(tokens):
            legal = client.get(f"/api/matches/{mid}/legal", headers=auth(token)).json()
            if not legal["actions"]:
                continue
            actions = legal["actions"]
            if seat == 0 and len(actions) > 1:
                view = client.get(f"/api/matches/{mid}", headers=auth(token)).json()["state"]
                action = mine(view, actions, rng)
            else:
                wins = [a for a in actions if a["type"] == "win"]
                action = (wins or actions)[0]
            r = client.post(f"/api/matches/{mid}/actions", headers=auth(token),
                            json={"action": action, "version": legal["version"]})
            assert r.status_code == 200, r.text
            acted = True
            break
        if not acted:
            return
    raise AssertionError("the deal did not end")


def _wait(client: TestClient, url: str, token: str) -> tuple[dict[str, Any], list[int]]:
    """Poll the review until done: its last answer and the ``done`` counts seen on the way."""
    seen: list[int] = []
    for _ in range(600):
        r = client.get(url, headers=auth(token))
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["status"] != "failed", body["reason"]
        seen.append(body["done"])
        if body["status"] == "done":
            return body, seen
        time.sleep(0.2)
    raise AssertionError("the review did not finish")


def test_review_waits_for_the_end_of_the_deal(client: TestClient) -> None:
    m = _create(client, seed=5)
    mid, token = m["match_id"], m["seats"][0]["token"]
    _play(client, m, random_policy, seed=1, stop_after=6)
    url = f"/api/matches/{mid}/deals/0/review"
    for method in ("post", "get"):
        r = getattr(client, method)(url, headers=auth(token))
        assert r.status_code == 409 and error_code(r) == "deal/in_progress", r.text
        assert "decisions" not in r.text
    assert error_code(client.post(f"/api/matches/{mid}/deals/1/review",
                                  headers=auth(token))) == "deal/not_found"
    assert error_code(client.post(url)) == "auth/missing_token"
    assert error_code(client.post("/api/matches/nope/deals/0/review",
                                  headers=auth(token))) == "match/not_found"


def test_random_deal_is_flagged_with_progress_stored_and_own_seat_only(
        client: TestClient, settings: ServerSettings) -> None:
    _review_fast(client)
    m = _create(client, seed=12)
    mid = m["match_id"]
    tokens = [s["token"] for s in m["seats"]]
    _play(client, m, random_policy, seed=3)
    url = f"/api/matches/{mid}/deals/0/review"
    r = client.get(url, headers=auth(tokens[0]))
    assert r.status_code == 404 and error_code(r) == "review/not_found"
    r = client.post(url, headers=auth(tokens[0]))
    assert r.status_code == 202, r.text
    assert r.json()["status"] in ("queued", "running") and r.json()["seat"] == 0
    # another seat's token reads its own seat's review, never seat 0's
    other = client.get(url, headers=auth(tokens[1]))
    assert other.status_code == 404 and error_code(other) == "review/not_found"
    other_match = _create(client, seed=13)
    r = client.get(url, headers=auth(other_match["seats"][0]["token"]))
    assert r.status_code == 403 and error_code(r) == "auth/bad_token"

    body, seen = _wait(client, url, tokens[0])
    assert body["total"] >= 5 and body["done"] == body["total"] == len(body["decisions"])
    assert len(set(seen)) > 1, "no progress was seen on the way"
    other = [d for d in body["decisions"] if not d["matched"]]
    flagged = [d for d in other if d["flagged"]]
    assert len(other) >= 5, body["summary"]
    assert all(d["loss"] > 2 * d["loss_se"] for d in flagged)
    s = body["summary"]
    assert s["decisions"] == body["total"] and s["matched"] == body["total"] - len(other)
    assert s["flagged"] == len(flagged) and s["expected_loss"] >= sum(d["loss"] for d in flagged)
    for d in body["decisions"]:
        view = d["view"]
        assert view["seat"] == 0 and "events" not in view
        assert all(p["hand"] is None for p in view["players"][1:]), "another seat's hand"
        assert view["players"][0]["hand"], "the seat's own hand as it was"
        assert d["samples"] == ROLLOUTS and d["played_score"]["se"] >= 0
        if d["matched"]:
            assert d["loss"] == 0 and not d["flagged"]
    # a second look is a read: the same answer, and a server restarted on the same database
    # serves it without starting any work
    assert client.post(url, headers=auth(tokens[0])).json() == body
    with TestClient(create_app(settings)) as again:
        assert again.get(url, headers=auth(tokens[0])).json() == body
        assert again.post(url, headers=auth(tokens[0])).json() == body
        assert not again.app.state.reviewer.running((mid, 0, 0))  # type: ignore[attr-defined]


def test_a_players_token_reviews_the_seats_it_plays(client: TestClient) -> None:
    """The History page has the player's token, not the table's: it names the seat the player
    played (``?seat=`` when it played several), never another."""
    me = client.post("/api/players").json()
    m = _create(client, seed=14, player=me["token"])  # seat 0 is the player's
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    _play(client, m, random_policy, seed=4)
    url = f"/api/matches/{mid}/deals/0/review"
    r = client.get(url, headers=auth(me["token"]))
    assert r.status_code == 404 and error_code(r) == "review/not_found"  # seat 0: none yet
    for query, code in (({"seat": 1}, "auth/bad_token"), ({"seat": 9}, "request/invalid")):
        r = client.get(url, headers=auth(me["token"]), params=query)
        assert error_code(r) == code, r.text
    stranger = client.post("/api/players").json()
    r = client.get(url, headers=auth(stranger["token"]))
    assert r.status_code == 403 and error_code(r) == "auth/bad_token"
    r = client.get(url, headers=auth(tokens[0]), params={"seat": 2})  # a seat token: its own
    assert r.status_code == 403 and error_code(r) == "auth/bad_token"
    # the player's POST starts seat 0's review, the one seat 0's own token reads
    _review_fast(client)
    r = client.post(url, headers=auth(me["token"]))
    assert r.status_code == 202 and r.json()["seat"] == 0, r.text
    assert client.get(url, headers=auth(tokens[0])).json()["seat"] == 0
    # a second seat joined by its link in the same browser: the player must say which
    r = client.post("/api/players/me/seats", headers=auth(me["token"]),
                    json={"match_id": mid, "token": tokens[2]})
    assert r.status_code == 200, r.text
    r = client.get(url, headers=auth(me["token"]))
    assert r.status_code == 422 and error_code(r) == "seat/ambiguous"
    r = client.get(url, headers=auth(me["token"]), params={"seat": 2})
    assert r.status_code == 404 and error_code(r) == "review/not_found"
    _wait(client, url, tokens[0])


def test_a_deal_strong_played_reviews_as_matched(client: TestClient) -> None:
    _review_fast(client)
    m = _create(client, seed=12)
    mid, token = m["match_id"], m["seats"][0]["token"]
    strong = strong_policy("sichuan", Settings(rollouts=ROLLOUTS), PRIORS["sichuan"])
    _play(client, m, strong, seed=3)
    url = f"/api/matches/{mid}/deals/0/review"
    assert client.post(url, headers=auth(token)).status_code == 202
    body, _ = _wait(client, url, token)
    s = body["summary"]
    assert s["decisions"] >= 3
    assert s["matched_share"] >= 0.85, body["decisions"]
    assert s["flagged"] <= 1, body["decisions"]


def test_a_failure_is_stored_with_its_reason_and_a_post_tries_again(
        client: TestClient, monkeypatch: Any) -> None:
    _review_fast(client)
    m = _create(client, seed=5)
    mid, token = m["match_id"], m["seats"][0]["token"]
    _play(client, m, random_policy, seed=1)
    reviewer = client.app.state.reviewer  # type: ignore[attr-defined]

    def broken(*_: Any) -> Any:
        raise RuntimeError("the log could not be read")

    monkeypatch.setattr(reviewer, "_decisions", broken)
    url = f"/api/matches/{mid}/deals/0/review"
    assert client.post(url, headers=auth(token)).status_code == 202
    for _ in range(100):
        body = client.get(url, headers=auth(token)).json()
        if body["status"] == "failed":
            break
        time.sleep(0.1)
    assert body["status"] == "failed" and "the log could not be read" in body["reason"]
    assert body["summary"] is None
    monkeypatch.undo()
    _review_fast(client)
    r = client.post(url, headers=auth(token))
    assert r.status_code == 202 and r.json()["status"] in ("queued", "running"), r.text
    done, _ = _wait(client, url, token)
    assert done["reason"] is None and done["summary"]["decisions"] == done["total"]


def test_a_worker_keeps_the_reviews_it_holds_alive_between_decisions(
        client: TestClient) -> None:
    """A review waiting on a long decision (or behind many others) makes no progress for a
    while: its worker's heartbeat still touches its row, so it never reads as abandoned and no
    other worker starts it a second time."""
    reviewer = client.app.state.reviewer  # type: ignore[attr-defined]
    store = client.app.state.service.store  # type: ignore[attr-defined]
    reviewer.heartbeat_s = 0.1
    reviewer.settings = {"sichuan": ReviewSettings(rollouts=150)}  # a decision takes seconds
    m = _create(client, seed=15)
    _play(client, m, random_policy, seed=5)
    key = (m["match_id"], 0, 0)
    r = client.post(f"/api/matches/{key[0]}/deals/0/review", headers=auth(m["seats"][0]["token"]))
    assert r.status_code == 202, r.text
    touched: list[float] = []
    deadline = time.monotonic() + 30
    while len(set(touched)) < 4 and time.monotonic() < deadline:
        row = store.review(*key)
        if row.status == "running" and row.done == 0:  # between two decisions' progress
            touched.append(row.updated)
        time.sleep(0.05)
    assert len(set(touched)) >= 4, "the row was not touched while the decision ran"
    assert not store.claim_review(*key, time.time() - 0.5, time.time())  # alive: nobody else


def test_a_review_left_running_by_a_stopped_worker_starts_again_once_quiet(
        client: TestClient) -> None:
    """The row decides who runs a review: nobody while it is done or making progress; the next
    asker once it went quiet (its worker stopped) or failed."""
    store = client.app.state.service.store  # type: ignore[attr-defined]
    m = _create(client, seed=5)
    key = (m["match_id"], 0, 0)
    now = time.time()
    assert store.claim_review(*key, now - 120, now)
    assert not store.claim_review(*key, now - 120, now + 1)  # running, progress is fresh
    store.update_review(*key, status="running")
    r = client.get(f"/api/matches/{key[0]}/deals/0/review",
                   headers=auth(m["seats"][0]["token"]))
    assert r.status_code == 409  # the deal is not over: nothing of a review shows
    row = store.review(*key)
    quiet = answer(row, "sichuan", row.updated + STALE_S + 1)  # a poll after the worker stopped
    assert quiet["status"] == "failed" and quiet["reason"] == ABANDONED
    assert answer(row, "sichuan", row.updated + 1)["status"] == "running"
    assert store.claim_review(*key, time.time() + 1, time.time())  # quiet for too long
    store.update_review(*key, status="done")
    assert not store.claim_review(*key, time.time() + 1, time.time())  # done stays done
    store.update_review(*key, status="failed", reason="boom")
    assert store.claim_review(*key, 0, time.time())
    assert store.review(*key).status == "queued" and store.review(*key).reason is None

"""GET /api/matches/{id}/deals/{deal}/replay: a finished deal step by step, every hand open.

Secret while the deal is played (409), then public like the log: its steps are the log's actions
in order, each with the open view after it; the last step's result is the stored settlement; the
seed is the one the hash published at the start was made from. Bad match ids and deal numbers get
a 4xx JSON error, never a 5xx.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine import get_game
from engine.core.playout import PLAIN

from .conftest import auth

GAMES = ["sichuan", "paohuzi"]
"""One game of each open-view family: the mahjong table's and Paohuzi's."""


def error_code(r: Any) -> str:
    body = r.json()
    assert set(body) == {"error"} and {"code", "message"} <= set(body["error"]), body
    return str(body["error"]["code"])


def create(client: TestClient, game: str, seed: int) -> dict[str, Any]:
    players = get_game(game).players
    r = client.post("/api/matches", json={"game": game, "seed": seed,
                                          "seats": [{"kind": "human"}] * players})
    assert r.status_code == 201, r.text
    return r.json()


def play_deal(client: TestClient, match: dict[str, Any], rng: random.Random,
              before_end: Any = None) -> dict[str, Any]:
    """Play every seat through the API (a win or meld when there is one, else at random) until
    the deal is over; ``before_end(view)`` runs once at every step while it is not."""
    mid = match["match_id"]
    tokens = [s["token"] for s in match["seats"]]
    for _ in range(2000):
        view = client.get(f"/api/matches/{mid}", headers=auth(tokens[0])).json()
        if view["state"]["result"] is not None:
            return view
        if before_end is not None:
            before_end(view)
        for token in tokens:
            legal = client.get(f"/api/matches/{mid}/legal", headers=auth(token)).json()
            if legal["actions"]:
                keen = [a for a in legal["actions"] if a["type"] not in PLAIN]
                action = rng.choice(keen or legal["actions"])
                r = client.post(f"/api/matches/{mid}/actions", headers=auth(token),
                                json={"action": action, "version": legal["version"]})
                assert r.status_code == 200, r.text
                break
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("game", GAMES)
def test_replay_is_secret_during_the_deal_then_follows_the_log(client: TestClient,
                                                               game: str) -> None:
    m = create(client, game, seed=21)
    mid = m["match_id"]
    url = f"/api/matches/{mid}/deals/0/replay"
    refused: list[int] = []

    def secret(view: dict[str, Any]) -> None:
        if view["version"] % 7 == 0:  # now and then while the deal is played
            r = client.get(url)
            assert r.status_code == 409 and error_code(r) == "deal/in_progress", r.text
            assert "seed" not in r.text.lower().replace("seed_hash", "")
            refused.append(view["version"])

    end = play_deal(client, m, random.Random(4), before_end=secret)
    assert refused

    r = client.get(url)
    assert r.status_code == 200, r.text
    rep = r.json()
    log = client.get(f"/api/matches/{mid}/log").json()["deals"][0]
    players = get_game(game).players

    # the header: the deal, its seed against the hash published when the match was created
    assert (rep["match_id"], rep["game"], rep["deal"]) == (mid, game, 0)
    assert rep["seed"] == log["seed"] == 21 and rep["dealer"] == log["dealer"]
    assert rep["seed_hash"] == m["seed_hash"] == hashlib.sha256(b"21").hexdigest()
    assert [s["kind"] for s in rep["seats"]] == ["human"] * players
    assert rep["result"] == log["result"] == end["state"]["result"]

    # the steps are the log's actions, in order, after the deal as dealt
    steps = rep["steps"]
    assert steps[0]["index"] == 0 and steps[0]["action"] is None and steps[0]["seat"] is None
    assert [(s["version"], s["seat"], s["action"]) for s in steps[1:]] == \
        [(a["version"], a["seat"], a["action"]) for a in log["actions"]]
    assert [s["index"] for s in steps] == list(range(len(steps)))

    # the last step's settlement is the match's; the seed shows only at the end
    assert steps[-1]["state"]["result"] == log["result"] == end["state"]["result"]
    assert steps[-1]["state"]["seed"] == 21
    assert all(s["state"]["result"] is None and "seed" not in s["state"] for s in steps[:-1])

    # events accumulate: each step has a prefix of them, the last all
    counts = [s["events"] for s in steps]
    assert counts == sorted(counts) and counts[-1] == len(rep["events"])

    # every hand is open at every step, and the cards a seat saw of itself are in it
    for s in steps:
        assert s["state"]["open"] is True and s["state"]["seat"] is None
        assert all(isinstance(p["hand"], list) for p in s["state"]["players"])
    start = steps[0]["state"]
    assert sum(len(p["hand"]) for p in start["players"]) > 0
    first_view = get_game(game).view(get_game(game).new_deal(21, log["dealer"]), 1)
    assert start["players"][1]["hand"] == first_view["players"][1]["hand"]

    # the same deal from the engine gives the same open views
    g = get_game(game)
    state = g.new_deal(rep["seed"], rep["dealer"])
    for s in steps[1:]:
        state = g.apply(state, s["seat"], s["action"])
    final = g.open_view(state)
    assert final["events"] == rep["events"]
    assert {k: v for k, v in final.items() if k != "events"} == steps[-1]["state"]


def test_next_deal_is_secret_while_finished_ones_stay_public(client: TestClient) -> None:
    m = create(client, "paohuzi", seed=8)
    mid, token = m["match_id"], m["seats"][0]["token"]
    play_deal(client, m, random.Random(2))
    r = client.post(f"/api/matches/{mid}/next-deal", headers=auth(token))
    assert r.status_code == 200, r.text
    r = client.get(f"/api/matches/{mid}/deals/1/replay")
    assert r.status_code == 409 and error_code(r) == "deal/in_progress"
    r = client.get(f"/api/matches/{mid}/deals/0/replay")
    assert r.status_code == 200 and r.json()["deal"] == 0
    r = client.get(f"/api/matches/{mid}/deals/2/replay")
    assert r.status_code == 404 and error_code(r) == "deal/not_found"


@pytest.mark.parametrize(("path", "status", "code"), [
    ("/api/matches/nope/deals/0/replay", 404, "match/not_found"),
    ("/api/matches/" + "a" * 300 + "/deals/0/replay", 404, "match/not_found"),
    ("/api/matches/%00/deals/0/replay", 404, "match/not_found"),
    ("/api/matches/%E2%9C%93/deals/0/replay", 404, "match/not_found"),
    ("/api/matches/'%20OR%201=1--/deals/0/replay", 404, "match/not_found"),
    ("/api/matches/{mid}/deals/-1/replay", 422, "request/invalid"),
    ("/api/matches/{mid}/deals/x/replay", 422, "request/invalid"),
    ("/api/matches/{mid}/deals/1.5/replay", 422, "request/invalid"),
    ("/api/matches/{mid}/deals/99999999999999999999999/replay", 422, "request/invalid"),
    ("/api/matches/{mid}/deals/2147483647/replay", 404, "deal/not_found"),
    ("/api/matches/{mid}/deals/0/replay", 409, "deal/in_progress"),
    ("/api/matches/{mid}/deals//replay", 404, "route/not_found"),
])
def test_bad_ids_and_deal_numbers_get_a_4xx(client: TestClient, path: str, status: int,
                                            code: str) -> None:
    m = create(client, "sichuan", seed=1)
    r = client.get(path.replace("{mid}", m["match_id"]))
    assert r.status_code == status, r.text
    assert error_code(r) == code
    r = client.post(path.replace("{mid}", m["match_id"]))
    assert 400 <= r.status_code < 500


def test_a_replay_goes_out_compressed_when_the_client_accepts_it(client: TestClient) -> None:
    """Replays run to hundreds of KB; gzip (for clients that ask) cuts them about tenfold."""
    m = create(client, "paohuzi", seed=5)
    play_deal(client, m, random.Random(5))
    url = f"/api/matches/{m['match_id']}/deals/0/replay"
    plain = client.get(url, headers={"Accept-Encoding": "identity"})
    packed = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert plain.status_code == packed.status_code == 200
    assert "content-encoding" not in plain.headers
    assert packed.headers["content-encoding"] == "gzip"
    assert int(packed.headers["content-length"]) * 4 < len(plain.content)
    assert packed.json() == plain.json()

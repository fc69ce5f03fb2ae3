"""GET /api/matches/{id}/hints (server/assist.py): the bearer seat's hints at the current
version for every game, a clear 4xx without a valid token, never a 5xx."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from engine import GAMES

from .conftest import auth


def create(client: TestClient, game: str, seed: int) -> dict:
    seats = [{"kind": "human"}] * GAMES[game].players
    r = client.post("/api/matches", json={"game": game, "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hints_follow_a_deal_to_its_end(client: TestClient, game: str) -> None:
    """Every seat gets 200 hints at every version; the seat to discard gets one row per legal
    discard face; at the end the hints say the deal is over."""
    m = create(client, game, seed=3)
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    rng = random.Random(1)
    for _ in range(400):
        view = client.get(f"/api/matches/{mid}", headers=auth(tokens[0])).json()
        version = view["version"]
        for seat, token in enumerate(tokens):
            r = client.get(f"/api/matches/{mid}/hints", headers=auth(token))
            assert r.status_code == 200, r.text
            h = r.json()
            assert (h["match_id"], h["version"], h["seat"], h["game"]) == (mid, version, seat, game)
        if view["state"]["phase"] == "over":
            assert not h["available"] and h["reason"] == "over" and h["discards"] == []
            return
        actor = next(s for s, t in enumerate(tokens)
                     if client.get(f"/api/matches/{mid}", headers=auth(t)).json()["state"]["to_act"])
        legal = client.get(f"/api/matches/{mid}/legal", headers=auth(tokens[actor])).json()
        mine = client.get(f"/api/matches/{mid}/hints", headers=auth(tokens[actor])).json()
        cards = sorted(c for d in mine["discards"] for c in d["cards"])
        discards = sorted(a["card"] for a in legal["actions"] if a["type"] == "discard")
        assert cards == discards
        r = client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[actor]),
                        json={"action": rng.choice(legal["actions"]), "version": version})
        assert r.status_code == 200, r.text
    pytest.fail("the deal did not end")


def test_hints_need_a_seat_token(client: TestClient) -> None:
    m = create(client, "mcr", seed=5)
    mid = m["match_id"]
    other = create(client, "sichuan", seed=5)["seats"][0]["token"]
    cases = [({}, 401, "auth/missing_token"),
             ({"Authorization": "Basic abc"}, 401, "auth/missing_token"),
             ({"Authorization": "Bearer "}, 401, "auth/missing_token"),
             (auth(other), 403, "auth/bad_token"),
             (auth("x" * 40), 403, "auth/bad_token")]
    for headers, status, code in cases:
        r = client.get(f"/api/matches/{mid}/hints", headers=headers)
        assert r.status_code == status and r.json()["error"]["code"] == code
    r = client.get("/api/matches/nope/hints", headers=auth(m["seats"][0]["token"]))
    assert r.status_code == 404 and r.json()["error"]["code"] == "match/not_found"
    r = client.post(f"/api/matches/{mid}/hints", headers=auth(m["seats"][0]["token"]))
    assert r.status_code == 405

"""Friends at one table, server side: a match with several human seats and AI in the others.

Each human seat has its own token and sees only its own hand; a token acts only for its seat; the
AI service plays the AI seats and never a human one; either human may start the next deal, and
both then see it.
"""

from __future__ import annotations

import random
import time

from fastapi.testclient import TestClient

from engine.core.playout import PLAIN

from .conftest import auth, new_match


def test_two_humans_and_two_ai_play_a_deal_and_the_next(ai_client: TestClient) -> None:
    client = ai_client
    m = new_match(client, seed=12, humans=2)
    mid = m["match_id"]
    tokens = [s["token"] for s in m["seats"]]
    assert tokens[0] and tokens[1] and tokens[0] != tokens[1]
    assert tokens[2] is None and tokens[3] is None  # the AI seats' tokens stay with the server
    assert [s["kind"] for s in m["seats"]] == ["human", "human", "ai", "ai"]

    rng = random.Random(3)
    ours = {0: 0, 1: 0}
    deadline = time.monotonic() + 90
    end = None
    while time.monotonic() < deadline and end is None:
        acted = False
        for seat in (0, 1):
            view = client.get(f"/api/matches/{mid}", headers=auth(tokens[seat])).json()
            st = view["state"]
            if st["result"] is not None:
                end = view
                break
            # every player sees only its own view: its hand, not the others' (still playing)
            assert view["seat"] == seat
            assert st["players"][seat]["hand"] is not None
            for p in st["players"]:
                if p["seat"] != seat and not p.get("won"):
                    assert p["hand"] is None, (seat, p["seat"])
            legal = client.get(f"/api/matches/{mid}/legal", headers=auth(tokens[seat])).json()
            if not legal["actions"]:
                continue
            keen = [a for a in legal["actions"] if a["type"] not in PLAIN]
            action = rng.choice(keen or legal["actions"])
            r = client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[seat]),
                            json={"action": action, "version": legal["version"]})
            assert r.status_code in (200, 409), r.text
            if r.status_code == 200:
                ours[seat] += 1
                acted = True
        if not acted and end is None:
            time.sleep(0.02)
    assert end is not None, "the deal did not end"

    # the AI played its seats and never a human one: every human action in the log is ours
    log = client.get(f"/api/matches/{mid}/log").json()["deals"][0]
    by_seat = {s: sum(1 for a in log["actions"] if a["seat"] == s) for s in range(4)}
    assert by_seat[0] == ours[0] and by_seat[1] == ours[1]
    assert by_seat[2] > 0 and by_seat[3] > 0

    # a token acts for its own seat only: seat 1's token is seat 1 everywhere
    legal = client.get(f"/api/matches/{mid}/legal", headers=auth(tokens[1])).json()
    assert legal["seat"] == 1

    # either human starts the next deal; both see it, each with its own hand
    r = client.post(f"/api/matches/{mid}/next-deal", headers=auth(tokens[1]))
    assert r.status_code == 200, r.text
    assert r.json()["seat"] == 1 and r.json()["deal"] == 1
    for seat in (0, 1):
        view = client.get(f"/api/matches/{mid}", headers=auth(tokens[seat])).json()
        assert view["deal"] == 1 and view["seat"] == seat
        assert view["scores"] == end["scores"]
        hands = [p["hand"] is not None for p in view["state"]["players"]]
        assert hands == [s == seat for s in range(4)]

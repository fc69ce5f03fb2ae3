"""Every REST route, and every kind of bad input: a clear 4xx JSON error that changes nothing."""

from __future__ import annotations

import hashlib
import json
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine import get_game
from server.app import create_app

from .conftest import auth, new_match

SICHUAN = get_game("sichuan")


def error_code(r: Any) -> str:
    body = r.json()
    assert set(body) == {"error"} and {"code", "message"} <= set(body["error"]), body
    return str(body["error"]["code"])


def test_games_lists_every_registered_game(client: TestClient) -> None:
    r = client.get("/api/games")
    assert r.status_code == 200
    sichuan = next(g for g in r.json() if g["name"] == "sichuan")
    texts = ("label", "help", "value_labels")  # in the client's language: test_options.py
    assert {**sichuan, "options": [{k: v for k, v in o.items() if k not in texts}
                                   for o in sichuan["options"]]} == {
        "name": "sichuan", "title": SICHUAN.title, "players": 4,
        "description": SICHUAN.description,
        "options": [o.to_json() for o in SICHUAN.option_specs],
        "presets": sichuan["presets"]}
    assert [p["id"] for p in sichuan["presets"]][0] == "seed"


def test_create_match_defaults_to_you_against_three_ai(client: TestClient) -> None:
    r = client.post("/api/matches", json={"game": "sichuan"})
    assert r.status_code == 201
    body = r.json()
    assert body["version"] == 0 and len(body["seed_hash"]) == 64
    kinds = [(s["kind"], s["level"], s["token"] is not None) for s in body["seats"]]
    assert kinds == [("human", None, True)] + [("ai", "basic", False)] * 3
    assert len(body["match_id"]) >= 16 and len(body["seats"][0]["token"]) >= 32


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"game": "chess"}, 404, "game/unknown"),
    ({"game": "sichuan", "seats": [{"kind": "human"}]}, 422, "request/invalid"),
    ({"game": "sichuan", "seed": -1}, 422, "request/invalid"),
    ({"game": "sichuan", "seed": True}, 422, "request/invalid"),
    ({"game": "sichuan", "seed": "7"}, 422, "request/invalid"),
    ({"game": "sichuan", "seed": 2**64}, 422, "request/invalid"),
    ({"game": "sichuan", "seed": 2**53}, 422, "request/invalid"),
    ({"game": "sichuan", "extra": 1}, 422, "request/invalid"),
    ({"game": "sichuan", "seats": [{"kind": "human", "level": "basic"}] + [{"kind": "ai"}] * 3},
     422, "request/invalid"),
    ({"game": "sichuan", "seats": [{"kind": "robot"}] * 4}, 422, "request/invalid"),
    ({"game": "sichuan", "seats": [{"kind": "ai", "level": "godlike"}] * 4}, 422,
     "request/invalid"),
    ([1, 2], 422, "request/invalid"),
    ({}, 422, "request/invalid"),
])
def test_create_match_refuses_bad_input(client: TestClient, body: Any, status: int,
                                        code: str) -> None:
    r = client.post("/api/matches", json=body)
    assert r.status_code == status and error_code(r) == code


def test_malformed_and_oversized_bodies(client: TestClient) -> None:
    headers = {"content-type": "application/json"}
    r = client.post("/api/matches", content=b'{"game": ', headers=headers)
    assert r.status_code == 400 and error_code(r) == "request/malformed_json"
    r = client.post("/api/matches", content=b'{"game": "' + b"x" * 40_000 + b'"}', headers=headers)
    assert r.status_code == 413 and error_code(r) == "request/too_large"
    r = client.get("/api/nothing-here")
    assert r.status_code == 404 and error_code(r) == "route/not_found"
    r = client.delete("/api/games")
    assert r.status_code == 405 and error_code(r) == "route/method_not_allowed"


def test_views_by_token_and_public(client: TestClient) -> None:
    m = new_match(client)
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    mine = client.get(f"/api/matches/{mid}", headers=auth(tokens[2])).json()
    assert mine["seat"] == 2 and mine["version"] == 0 and mine["seed_hash"] == m["seed_hash"]
    assert mine["state"]["players"][2]["hand"] is not None
    assert mine["state"]["players"][0]["hand"] is None
    public = client.get(f"/api/matches/{mid}").json()
    assert public["seat"] is None
    assert all(p["hand"] is None for p in public["state"]["players"])
    r = client.get(f"/api/matches/{mid}", headers=auth("not-a-token"))
    assert r.status_code == 403 and error_code(r) == "auth/bad_token"
    r = client.get(f"/api/matches/{mid}", headers={"Authorization": "Basic abc"})
    assert r.status_code == 401 and error_code(r) == "auth/missing_token"
    r = client.get("/api/matches/nope", headers=auth(tokens[0]))
    assert r.status_code == 404 and error_code(r) == "match/not_found"
    r = client.get(f"/api/matches/{mid}/legal")
    assert r.status_code == 401 and error_code(r) == "auth/missing_token"
    other = new_match(client, seed=8)
    r = client.get(f"/api/matches/{mid}/legal", headers=auth(other["seats"][0]["token"]))
    assert r.status_code == 403


def test_actions_move_the_version_and_refusals_change_nothing(client: TestClient) -> None:
    m = new_match(client)
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    legal = client.get(f"/api/matches/{mid}/legal", headers=auth(tokens[0])).json()
    assert legal["seat"] == 0 and {"type": "declare_missing", "suit": "p"} in legal["actions"]
    r = client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[0]),
                    json={"action": {"type": "declare_missing", "suit": "p"}, "version": 0})
    assert r.status_code == 200 and r.json()["version"] == 1 and r.json()["seat"] == 0
    before = client.get(f"/api/matches/{mid}", headers=auth(tokens[1])).json()
    bad = [
        ({"action": {"type": "declare_missing", "suit": "m"}, "version": 0}, 409,
         "action/stale_version"),
        ({"action": {"type": "declare_missing", "suit": "m"}, "version": 1}, 422,
         "action/not_your_turn"),  # seat 0 has declared already
        ({"action": {"type": "discard", "card": 3}, "version": 1}, 422, "action/not_your_turn"),
        ({"action": {"type": "declare_missing"}, "version": 1}, 422, None),
        ({"action": "declare", "version": 1}, 422, "request/invalid"),
        ({"action": {"type": "declare_missing", "suit": "m"}}, 422, "request/invalid"),
        ({"action": {"type": "declare_missing", "suit": "m"}, "version": "1"}, 422,
         "request/invalid"),
        ({"action": {"type": "declare_missing", "suit": "m"}, "version": True}, 422,
         "request/invalid"),
        ({"action": {}, "version": 1, "seat": 1}, 422, "request/invalid"),
    ]
    for body, status, code in bad:
        r = client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[0]), json=body)
        assert r.status_code == status, (body, r.text)
        if code:
            assert error_code(r) == code, body
    r = client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[1]),
                    json={"action": {"type": "declare_missing", "suit": "x"}, "version": 1})
    assert r.status_code == 422 and error_code(r).startswith("action/")
    r = client.post(f"/api/matches/{mid}/actions",
                    json={"action": {"type": "declare_missing", "suit": "m"}, "version": 1})
    assert r.status_code == 401
    assert client.get(f"/api/matches/{mid}", headers=auth(tokens[1])).json() == before


def test_illegal_action_answers_the_engine_reason(client: TestClient) -> None:
    m = new_match(client, seed=3)
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    for seat in range(4):
        client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[seat]),
                    json={"action": {"type": "declare_missing", "suit": "p"}, "version": seat})
    view = client.get(f"/api/matches/{mid}").json()
    turn = view["state"]["turn"]
    r = client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[turn]),
                    json={"action": {"type": "discard", "card": 999}, "version": 4})
    assert r.status_code == 422 and "do not hold" in r.json()["error"]["message"]
    r = client.post(f"/api/matches/{mid}/actions", headers=auth(tokens[(turn + 1) % 4]),
                    json={"action": {"type": "discard", "card": 1}, "version": 4})
    assert r.status_code == 422 and error_code(r) == "action/not_your_turn"
    assert client.get(f"/api/matches/{mid}").json()["version"] == 4


def play_out(client: TestClient, mid: str, token: str, rng: random.Random,
             timeout: float = 60) -> dict[str, Any]:
    """Play seat ``token`` with random legal actions until the deal ends (the AI plays the rest)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = client.get(f"/api/matches/{mid}", headers=auth(token))
        assert r.status_code == 200, r.text
        view = r.json()
        if view["state"]["result"] is not None:
            return view
        legal = client.get(f"/api/matches/{mid}/legal", headers=auth(token)).json()
        if not legal["actions"]:
            time.sleep(0.01)
            continue
        r = client.post(f"/api/matches/{mid}/actions", headers=auth(token),
                        json={"action": rng.choice(legal["actions"]),
                              "version": legal["version"]})
        assert r.status_code in (200, 409), r.text
    raise AssertionError("the deal did not end")


def test_full_deal_against_ai_then_next_deal_and_restart(ai_client: TestClient) -> None:
    client = ai_client
    m = new_match(client, seed=11, humans=1)
    mid, token = m["match_id"], m["seats"][0]["token"]
    r = client.post(f"/api/matches/{mid}/next-deal", headers=auth(token))
    assert r.status_code == 409 and error_code(r) == "deal/in_progress"
    end = play_out(client, mid, token, random.Random(1))
    result = end["state"]["result"]
    assert sum(result["deltas"]) == 0 and end["scores"] == result["deltas"]
    dealer = end["state"]["dealer"]
    r = client.post(f"/api/matches/{mid}/next-deal", headers=auth(token),
                    json={"version": end["version"] - 1})
    assert r.status_code == 409 and error_code(r) == "action/stale_version"
    r = client.post(f"/api/matches/{mid}/next-deal", headers=auth(token))
    assert r.status_code == 200, r.text
    nxt = r.json()
    assert nxt["deal"] == 1 and nxt["state"]["dealer"] == (dealer + 1) % 4
    assert nxt["scores"] == result["deltas"] and nxt["seed_hash"] != m["seed_hash"]
    end2 = play_out(client, mid, token, random.Random(2))
    r = client.post(f"/api/matches/{mid}/restart", headers=auth(token))
    assert r.status_code == 200 and r.json()["deal"] == 2 and r.json()["scores"] == [0] * 4
    assert end2["deal"] == 1


def test_log_reveals_seed_after_the_deal_and_replays(ai_client: TestClient) -> None:
    client = ai_client
    m = new_match(client, seed=5, humans=1)
    mid, token = m["match_id"], m["seats"][0]["token"]
    live = client.get(f"/api/matches/{mid}/log").json()
    assert live["deals"][0]["seed"] is None and live["deals"][0]["actions"] is None
    end = play_out(client, mid, token, random.Random(3))
    log = client.get(f"/api/matches/{mid}/log").json()
    deal = log["deals"][0]
    assert deal["over"] and deal["seed"] == 5
    assert hashlib.sha256(str(deal["seed"]).encode()).hexdigest() == m["seed_hash"]
    state = SICHUAN.new_deal(deal["seed"], deal["dealer"])
    for entry in deal["actions"]:
        state = SICHUAN.apply(state, entry["seat"], entry["action"])
    assert SICHUAN.result(state) == deal["result"] == end["state"]["result"]
    assert [e["version"] for e in deal["actions"]] == list(range(1, end["version"] + 1))


def test_score_calculator_route(client: TestClient) -> None:
    spec = {"concealed": ["1m", "1m", "2m", "2m", "3m", "3m", "4m", "4m", "5m", "5m", "6m", "6m", "7m"],
            "winning_tile": "7m", "missing_suit": "p"}
    r = client.post("/api/games/sichuan/score", json=spec)
    assert r.status_code == 200 and r.json()["fan"] == 4  # seven pairs 2 + full flush 2
    assert r.json()["unit"] == "fan"
    assert [(i["code"], i["op"], i["total"]) for i in r.json()["items"]] == [
        ("seven_pairs", "+", 2), ("full_flush", "+", 2)]
    r = client.post("/api/games/sichuan/score", json={**spec, "winning_tile": "E"})
    assert r.status_code == 422 and error_code(r) == "score/invalid_spec"
    r = client.post("/api/games/sichuan/score", json=[1])
    assert r.status_code == 422
    r = client.post("/api/games/go/score", json=spec)
    assert r.status_code == 404 and error_code(r) == "game/unknown"


def test_score_calculator_route_takes_the_options(client: TestClient) -> None:
    """OPT-SC-3, OPT-SC-4: the route passes ``options`` to the calculator; a bad one is a 422
    ``options/invalid``, never a 500."""
    spec = {"concealed": ["1m", "1m", "2m", "2m", "3m", "3m", "4m", "4m", "5m", "5m", "6m",
                          "6m", "7m"], "winning_tile": "7m", "missing_suit": "p",
            "self_draw": True}
    r = client.post("/api/games/sichuan/score", json={**spec, "options": {"fan_cap": 3}})
    assert r.status_code == 200 and (r.json()["points"], r.json()["points_per_payer"]) == (8, 9)
    r = client.post("/api/games/sichuan/score", json={**spec, "options": {"fan_cap": 7}})
    assert r.status_code == 422 and error_code(r) == "options/invalid"


def test_paohuzi_score_route_takes_the_options(client: TestClient) -> None:
    """OPT-PH-1, OPT-PH-2: 14 huxi win with a minimum of 10 (two tun, doubled as a self-draw);
    an option Paohuzi does not have is a 422 ``options/invalid``, never a 500."""
    spec = {"groups": [{"type": "peng", "cards": [face] * 3} for face in ("d9", "x8", "x9")],
            "concealed": "d5 d5 d5 x1 x2 x3 x4 x5 d6 d7 d8".split(), "winning_card": "x6",
            "own_reveal": True}
    assert client.post("/api/games/paohuzi/score", json=spec).json()["winning"] is False
    r = client.post("/api/games/paohuzi/score",
                    json={**spec, "options": {"min_huxi": 10, "self_draw_bonus": "double"}})
    assert r.status_code == 200 and (r.json()["tun"], r.json()["payment"]) == (2, 4)
    r = client.post("/api/games/paohuzi/score", json={**spec, "options": {"min_huxi": 12}})
    assert r.status_code == 422 and error_code(r) == "options/invalid"


def test_paohuzi_score_route_settles_mingtang_and_xing(client: TestClient) -> None:
    """OPT-PH-3.2, OPT-PH-5.1: big kans d1 d3 d5 d8, a d9 peng on another's d9, 绞 x6 d6 d6 and
    big 2-7-10: 33 huxi, 7 tun, 20 big cards (大胡 8 + 2); x1 turned: x2, none held; the stock's
    last card adds 海胡 6. Xing "turn" without the turned card is a 422 with its reason."""
    spec = {"concealed": "d1 d1 d1 d3 d3 d3 d5 d5 d5 d8 d8 d8 d9 d9 x6 d6 d6 d2 d7 d10".split(),
            "winning_card": "d9", "turned_card": "x1",
            "options": {"mingtang": "full", "xing": "turn"}}
    r = client.post("/api/games/paohuzi/score", json=spec)
    assert r.status_code == 200
    out = r.json()
    assert [(i["code"], i["total"]) for i in out["mingtang"]] == [("da_hu", 10)]
    assert out["xing"] == {"mode": "turn", "card": {"face": "x1"}, "face": "x2", "count": 0}
    assert (out["tun_paid"], out["multiplier"], out["payment"]) == (7, 10, 70)
    last = {k: v for k, v in spec.items() if k != "turned_card"} | {"last_card": True}
    out = client.post("/api/games/paohuzi/score", json=last).json()  # d9 turned: d10, one
    assert (out["xing"]["face"], out["tun_paid"], out["multiplier"]) == ("d10", 8, 16)
    assert out["payment"] == 8 * 16
    r = client.post("/api/games/paohuzi/score",
                    json={k: v for k, v in spec.items() if k != "turned_card"})
    assert r.status_code == 422 and error_code(r) == "score/invalid_spec"
    assert "turned_card" in r.json()["error"]["message"]


def test_matches_survive_a_server_restart(settings: Any) -> None:
    with TestClient(create_app(settings)) as c:
        m = new_match(c)
        tokens = [s["token"] for s in m["seats"]]
        for seat in range(4):
            c.post(f"/api/matches/{m['match_id']}/actions", headers=auth(tokens[seat]),
                   json={"action": {"type": "declare_missing", "suit": "s"}, "version": seat})
        before = c.get(f"/api/matches/{m['match_id']}", headers=auth(tokens[0])).json()
    with TestClient(create_app(settings)) as c:
        after = c.get(f"/api/matches/{m['match_id']}", headers=auth(tokens[0])).json()
    assert after == before and after["version"] == 4


def test_openapi_file_is_current() -> None:
    """openapi/openapi.json and ws-messages.json are generated; regenerate with
    ``python -m server.openapi``."""
    from server.openapi import files

    for path, text in files().items():
        assert path.exists(), f"{path} is missing: run python -m server.openapi"
        assert json.loads(path.read_text()) == json.loads(text), (
            f"{path.name} is stale: run python -m server.openapi")


def test_the_serving_app_tunes_the_garbage_collector() -> None:
    """``server.app:app`` (what uvicorn and ``paiju serve`` load) raises the collector's
    thresholds and freezes the start-up objects; apps made by ``create_app`` (tests) do not."""
    import os
    import subprocess
    import sys

    from server.settings import ROOT

    code = ("import gc; import server.app as m; before = gc.get_threshold(); m.app; "
            "print(before, gc.get_threshold(), gc.get_freeze_count() > 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT, timeout=120,
                         env={**os.environ, "PAIJU_DATABASE_URL": "sqlite://",
                              "PAIJU_AI_IN_PROCESS": "0"}).stdout.split(")")
    from server.app import GC_THRESHOLDS

    assert out[0].strip() + ")" == "(700, 10, 10)"
    assert out[1].strip() + ")" == str(GC_THRESHOLDS)
    assert out[2].strip() == "True"

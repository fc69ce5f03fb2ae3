"""Players and their history (issue 26, "your history"): ``POST /api/players`` makes an anonymous
player, a match created with its token records the first human seat's finished deals, and
``GET /api/players/me/history`` lists them newest first, paged, with statistics per game. A
player sees only its own; a missing or unknown token is a 401, a bad query a 422, never a 5xx.
Runs on SQLite and on PostgreSQL (``client``)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from engine import get_game
from engine.core.playout import PLAIN
from server import history
from server.store import DealRecordRow
from tests.servers import workers

from .conftest import auth
from .test_api import play_out
from .test_replays import error_code, play_deal

HISTORY = "/api/players/me/history"


def player(client: TestClient) -> dict[str, str]:
    r = client.post("/api/players")
    assert r.status_code == 201, r.text
    body = r.json()
    assert set(body) == {"id", "token"} and body["id"] and body["token"]
    return body


def create(client: TestClient, game: str, token: str | None, humans: int,
           seed: int = 21) -> dict[str, Any]:
    players = 3 if game in ("paohuzi", "nantong") else 4
    seats = [{"kind": "human"}] * humans + [{"kind": "ai", "level": "basic"}] * (players - humans)
    r = client.post("/api/matches", json={"game": game, "seed": seed, "seats": seats},
                    headers=auth(token) if token else {})
    assert r.status_code == 201, r.text
    return r.json()


def get_history(client: TestClient, token: str, **query: Any) -> dict[str, Any]:
    r = client.get(HISTORY, headers=auth(token), params=query)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_a_finished_deal_is_in_its_players_history_only(client: TestClient) -> None:
    me, other = player(client), player(client)
    m = create(client, "mcr", me["token"], humans=4, seed=14)
    create(client, "mcr", None, humans=4)  # no player: recorded nowhere
    assert get_history(client, me["token"]) == {"player_id": me["id"], "deals": [],
                                                "next_before": None, "stats": []}
    end = play_deal(client, m, random.Random(1))
    result = end["state"]["result"]
    got = get_history(client, me["token"])
    [deal] = got["deals"]
    assert deal["match_id"] == m["match_id"] and deal["deal"] == 0 and deal["game"] == "mcr"
    assert deal["seat"] == 0 and deal["score"] == result["deltas"][0]
    assert [o["seat"] for o in deal["opponents"]] == [1, 2, 3]
    assert deal["finished_at"].endswith("Z") and deal["unit"] == "points"
    winners = {w["seat"] for w in result["wins"]}
    fed = {w["from"] for w in result["wins"]} - {None}
    want = ("won" if 0 in winners else "dealt_in" if 0 in fed
            else "other" if winners else "drawn")
    assert deal["result"] == want
    assert (deal["hand_value"] is not None) == (want == "won")
    # the replay link opens the deal's replay
    replay = client.get(deal["replay"])
    assert replay.status_code == 200 and replay.json()["result"] == result
    [stats] = got["stats"]
    assert stats["game"] == "mcr" and stats["deals"] == 1
    assert stats["mean_score"] == result["deltas"][0]
    # a retry of the finishing action is stale and counts nothing again
    last = client.get(f"/api/matches/{m['match_id']}/log").json()["deals"][0]["actions"][-1]
    token = m["seats"][last["seat"]]["token"]
    r = client.post(f"/api/matches/{m['match_id']}/actions", headers=auth(token),
                    json={"action": last["action"], "version": last["version"] - 1})
    assert r.status_code == 409
    assert len(get_history(client, me["token"])["deals"]) == 1
    # nobody else sees it
    assert get_history(client, other["token"])["deals"] == []


def test_a_deal_the_ai_finishes_is_recorded(ai_client: TestClient) -> None:
    me = player(ai_client)
    m = create(ai_client, "sichuan", me["token"], humans=1, seed=5)
    end = play_out(ai_client, m["match_id"], m["seats"][0]["token"], random.Random(3))
    [deal] = get_history(ai_client, me["token"])["deals"]
    assert deal["score"] == end["state"]["result"]["deltas"][0]
    assert [o["level"] for o in deal["opponents"]] == ["basic"] * 3


def test_missing_or_unknown_tokens_are_401(client: TestClient) -> None:
    for headers in ({}, auth("not-a-player"), {"Authorization": "Basic abc"}):
        r = client.get(HISTORY, headers=headers)
        assert r.status_code == 401, r.text
        assert error_code(r) in ("auth/missing_token", "auth/unknown_player")
    # a seat's token is no player's
    seat_token = create(client, "sichuan", None, humans=1)["seats"][0]["token"]
    r = client.get(HISTORY, headers=auth(seat_token))
    assert r.status_code == 401 and error_code(r) == "auth/unknown_player"
    # creating a match with an unknown player token is refused, and creates nothing
    r = client.post("/api/matches", json={"game": "sichuan"}, headers=auth("nobody"))
    assert r.status_code == 401 and error_code(r) == "auth/unknown_player"


@pytest.mark.parametrize("query", [
    {"game": "chess"}, {"limit": 0}, {"limit": 101}, {"limit": "x"}, {"before": 0},
    {"before": 2**31}, {"before": -1}, {"before": "1e99"}])
def test_bad_queries_are_422(client: TestClient, query: dict[str, Any]) -> None:
    me = player(client)
    r = client.get(HISTORY, headers=auth(me["token"]), params=query)
    assert r.status_code == 422 and error_code(r) == "request/invalid", r.text


def _records(client: TestClient, player_id: str) -> list[tuple[str, int, str, int | None]]:
    """Hand-made records for ``player_id``: (game, score, result, hand value), the oldest
    first, written straight into the store (two real matches to hang them on)."""
    rows = [("mcr", 24, "won", 8), ("mcr", -8, "dealt_in", None), ("mcr", -8, "other", None),
            ("mcr", 0, "drawn", None), ("mcr", 48, "won", 16), ("mcr", 40, "won", 16),
            ("sichuan", -3, "dealt_in", None), ("sichuan", 5, "won", 2)]
    store = client.app.state.service.store  # type: ignore[attr-defined]
    matches = {g: create(client, g, None, humans=1)["match_id"] for g in ("mcr", "sichuan")}
    with store.session() as s:
        for i, (game, score, result, value) in enumerate(rows):
            s.add(DealRecordRow(
                player_id=player_id, match_id=matches[game], deal_no=i, game=game,
                finished=1_700_000_000 + i, seat=0, opponents_json=json.dumps([]), score=score,
                result=result, hand=f"h{i}" if value else None, hand_value=value))
        s.commit()
    return rows


def test_statistics_add_up(client: TestClient) -> None:
    me = player(client)
    _records(client, me["id"])
    stats = {s["game"]: s for s in get_history(client, me["token"])["stats"]}
    mcr, sc = stats["mcr"], stats["sichuan"]
    assert (mcr["deals"], mcr["won"], mcr["dealt_in"], mcr["drawn"]) == (6, 3, 1, 1)
    assert mcr["win_rate"] == 0.5 and mcr["deal_in_rate"] == round(1 / 6, 4)
    assert mcr["mean_score"] == round((24 - 8 - 8 + 0 + 48 + 40) / 6, 2)
    # the best hand: the highest value, the latest of equals
    assert mcr["best"]["value"] == 16 and mcr["best"]["hand"] == "h5"
    assert mcr["best"]["unit"] == "points" and mcr["best"]["deal"] == 5
    assert mcr["best"]["seat"] == 0
    assert (sc["deals"], sc["won"], sc["dealt_in"], sc["win_rate"]) == (2, 1, 1, 0.5)
    assert sc["mean_score"] == 1.0 and sc["best"]["value"] == 2
    only = get_history(client, me["token"], game="sichuan")
    assert [s["game"] for s in only["stats"]] == ["sichuan"]
    assert [d["game"] for d in only["deals"]] == ["sichuan", "sichuan"]


def test_pages_go_back_newest_first(client: TestClient) -> None:
    me = player(client)
    rows = _records(client, me["id"])
    seen: list[int] = []
    before = None
    for _ in range(len(rows)):
        query = {"limit": 3} | ({"before": before} if before else {})
        page = get_history(client, me["token"], **query)
        seen += [d["deal"] for d in page["deals"]]
        assert len(page["deals"]) <= 3
        before = page["next_before"]
        if before is None:
            break
    assert seen == list(range(len(rows)))[::-1]
    assert get_history(client, me["token"], limit=100)["next_before"] is None


# ------------------------------------------------------------------ outcomes (no database)

def _item(code: str, value: int) -> dict[str, Any]:
    return {"code": code, "value": value, "op": "+"}


SEATS4 = [{"kind": "human"}] + [{"kind": "ai", "level": "strong"}] * 3
SEATS3 = SEATS4[:3]


@pytest.mark.parametrize(("game", "result", "seats", "want"), [
    ("mcr", {"deltas": [-8, 24, -8, -8], "wins": [{
        "seat": 1, "from": 2, "total": 10,
        "items": [_item("flower_tiles", 9), _item("all_chows", 2), _item("mixed_triple_chow", 8)]
    }]}, SEATS4, [("other", None, None), ("won", "mixed_triple_chow", 10),
                  ("dealt_in", None, None), ("other", None, None)]),
    ("mcr", {"deltas": [0] * 4, "wins": []}, SEATS4, [("drawn", None, None)] * 4),
    # Sichuan: several winners; a winner that later gave a winning card still won
    ("sichuan", {"deltas": [3, 2, -4, -1], "wins": [
        {"seat": 0, "from": 2, "fan": 2, "items": [_item("all_pungs", 1), _item("root", 1)]},
        {"seat": 1, "from": 0, "fan": 0, "items": [_item("basic_hand", 0)]}]}, SEATS4,
     [("won", "all_pungs", 2), ("won", "basic_hand", 0), ("dealt_in", None, None),
      ("other", None, None)]),
    # Paohuzi: won on a reveal, nobody deals in
    ("paohuzi", {"deltas": [-2, 4, -2], "win": {"seat": 1, "revealer": 0, "huxi": 18,
                                                  "heavenly": None}}, SEATS3,
     [("other", None, None), ("won", None, 18), ("other", None, None)]),
    ("nantong", {"deltas": [-30, 0, 30], "win": {"seat": 2, "from": 0, "how": "discard"},
                 "players": [{"total": 10}, {"total": 20},
                             {"total": 30, "win": {"shape": {"code": "tazi_hu"}}}]}, SEATS3,
     [("dealt_in", None, None), ("other", None, None), ("won", "tazi_hu", 30)]),
])
def test_outcomes_read_the_engines_result(game: str, result: dict[str, Any],
                                          seats: list[dict[str, Any]],
                                          want: list[tuple[str, str | None, int | None]]) -> None:
    got = history.outcomes(game, result, seats, time.time())
    assert [(o.result, o.hand, o.hand_value) for o in got] == want
    assert [o.score for o in got] == result["deltas"]
    opponents = json.loads(got[0].opponents_json)
    assert [o["seat"] for o in opponents] == list(range(1, len(seats)))
    assert {o["level"] for o in opponents} == {"strong"}


# ------------------------------------------------------------------ several workers (PostgreSQL)

@pytest.fixture
def two_workers(postgres_url: str | None, tmp_path: Path) -> Iterator[list[str]]:
    """Two workers on one PostgreSQL database (skipped when it cannot be reached)."""
    if postgres_url is None:
        pytest.skip("PostgreSQL not reachable")
    settings = {"PAIJU_DATABASE_URL": postgres_url, "PAIJU_AI_IN_PROCESS": "0",
                "PAIJU_REDIS_URL": None}
    with workers(settings, tmp_path) as urls:
        yield urls


def race(urls: list[str], path: str, headers: dict[str, str], body: Any) -> list[int]:
    """The same POST to every worker at once: their statuses, in order."""
    with ThreadPoolExecutor(len(urls)) as pool:
        return sorted(pool.map(lambda url: httpx.post(f"{url}{path}", headers=headers, json=body,
                                                      timeout=10).status_code, urls))


def test_the_finishing_action_raced_on_two_workers_counts_once(two_workers: list[str]) -> None:
    """Every action goes to either worker; the one that ends the deal is sent to both at once:
    one lands, the other is stale, and the deal is in the history once."""
    a, b = two_workers
    me = httpx.post(f"{a}/api/players").json()
    m = httpx.post(f"{b}/api/matches", headers=auth(me["token"]), json={
        "game": "sichuan", "seed": 8, "seats": [{"kind": "human"}] * 4}).json()
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    game = get_game("sichuan")
    view = httpx.get(f"{a}/api/matches/{mid}").json()
    state = game.new_deal(8, view["state"]["dealer"])  # the server's deal, mirrored here
    rng = random.Random(2)
    version = 0
    for step in range(3000):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        keen = [x for x in legal if x["type"] not in PLAIN]
        action = rng.choice(keen or legal)
        after = game.apply(state, seat, action)
        body = {"action": action, "version": version}
        if game.result(after) is None:
            r = httpx.post(f"{(a, b)[step % 2]}/api/matches/{mid}/actions",
                           headers=auth(tokens[seat]), json=body, timeout=10)
            assert r.status_code == 200, r.text
            state, version = after, version + 1
            continue
        assert race([a, b], f"/api/matches/{mid}/actions", auth(tokens[seat]), body) == [200, 409]
        break
    else:
        raise AssertionError("the deal did not end")
    for url in (a, b):
        got = httpx.get(f"{url}{HISTORY}", headers=auth(me["token"])).json()
        assert [(d["match_id"], d["deal"]) for d in got["deals"]] == [(mid, 0)]
        assert got["deals"][0]["score"] == game.result(after)["deltas"][0]
        assert got["stats"][0]["deals"] == 1


def test_a_friend_takes_a_seat_and_each_sees_their_own_deal(client: TestClient) -> None:
    me, friend, stranger = player(client), player(client), player(client)
    m = create(client, "mcr", me["token"], humans=4, seed=14)
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    claim = {"match_id": mid, "token": tokens[2]}
    for _ in range(2):  # taking one's own seat again changes nothing
        r = client.post("/api/players/me/seats", headers=auth(friend["token"]), json=claim)
        assert r.status_code == 200 and r.json() == {"match_id": mid, "seat": 2}, r.text
    refusals = [
        (stranger["token"], claim, 409, "seat/claimed"),
        (me["token"], {"match_id": mid, "token": tokens[0]}, 200, None),  # the creator's own
        (stranger["token"], {"match_id": mid, "token": "nope"}, 403, "auth/bad_token"),
        (stranger["token"], {"match_id": "nothing-here", "token": tokens[1]}, 404,
         "match/not_found"),
        (stranger["token"], {"match_id": "a/b", "token": tokens[1]}, 404, "match/not_found"),
        (None, claim, 401, "auth/missing_token"),
        ("nobody", claim, 401, "auth/unknown_player"),
        (stranger["token"], {"match_id": mid}, 422, "request/invalid"),
    ]
    for token, body, status, code in refusals:
        r = client.post("/api/players/me/seats", headers=auth(token) if token else {}, json=body)
        assert r.status_code == status, (body, r.text)
        if code:
            assert error_code(r) == code
    end = play_deal(client, m, random.Random(1))
    deltas = end["state"]["result"]["deltas"]
    for who, seat in ((me, 0), (friend, 2)):
        [deal] = get_history(client, who["token"])["deals"]
        assert (deal["seat"], deal["score"]) == (seat, deltas[seat])
        assert [o["seat"] for o in deal["opponents"]] == [(seat + k) % 4 for k in (1, 2, 3)]
    assert get_history(client, stranger["token"])["deals"] == []

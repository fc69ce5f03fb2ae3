"""Path and query values that reach the database are checked first (issue 22, item 3): a match
id of no possible shape is a 404 on every route, over REST and WebSocket, and a bad seat token
is a 403, never a query. On PostgreSQL a NUL in an id made the query fail (a 500, a dropped
socket); every test here runs on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server.errors import ApiError
from server.params import check_match_id, new_id

from .conftest import auth, new_match

BAD_IDS = ["%00", "a%00b", "x" * 65, "x" * 5000, "%C3%A9t%C3%A9", "a.b", "a%20b", "ok%0A",
           "%ED%A0%80"]
"""Ids no match can have (as they appear in a URL): NUL, too long, not [A-Za-z0-9_-]."""

BODIES: dict[str, Any] = {
    "/actions": {"action": {"type": "declare_missing", "suit": "m"}, "version": 0},
    "/next-deal": {"version": 0},
    "/restart": {"version": 0},
}


def error_code(r: Any) -> str:
    body = r.json()
    assert set(body) == {"error"} and {"code", "message"} <= set(body["error"]), body
    return str(body["error"]["code"])


def match_routes(client: TestClient) -> list[tuple[str, str]]:
    """(method, path) of every documented route that takes a match id."""
    paths = client.app.openapi()["paths"]  # type: ignore[attr-defined]
    return [(method.upper(), path) for path, ops in paths.items() if "{match_id}" in path
            for method in ops]


def test_every_match_route_is_found_by_the_test(client: TestClient) -> None:
    """The test below walks the documented routes (a new one is covered as it is added)."""
    routes = {path for _, path in match_routes(client)}
    suffixes = {"", "/legal", "/actions", "/next-deal", "/restart", "/log", "/hints",
                "/deals/{deal}/replay"}
    assert routes >= {f"/api/matches/{{match_id}}{s}" for s in suffixes}


@pytest.mark.parametrize("bad", BAD_IDS)
def test_a_match_id_of_no_possible_shape_is_404_on_every_route(client: TestClient,
                                                               bad: str) -> None:
    m = new_match(client)
    token = m["seats"][0]["token"]
    for method, path in match_routes(client):
        url = path.replace("{match_id}", bad).replace("{deal}", "0")
        body = BODIES.get(path.removeprefix("/api/matches/{match_id}"))
        r = client.request(method, url, headers=auth(token), json=body)
        assert r.status_code == 404 and error_code(r) == "match/not_found", (method, url, r.text)
        assert len(r.text) < 300  # the id is not echoed
    assert client.get(f"/api/matches/{m['match_id']}").json()["version"] == 0


@pytest.mark.parametrize("bad", ["%00", "x" * 65, "a%20b"])
def test_a_websocket_to_a_match_id_of_no_possible_shape_is_refused(client: TestClient,
                                                                    bad: str) -> None:
    with client.websocket_connect(f"/api/matches/{bad}/ws") as ws:
        assert ws.receive_json()["error"]["code"] == "match/not_found"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4404 and closed.value.reason == "match/not_found"


@pytest.mark.parametrize("token", ["\x00", "a\x00b", "x" * 8000, "é" * 100])
def test_a_token_of_any_shape_is_a_403_and_changes_nothing(client: TestClient,
                                                           token: str) -> None:
    m = new_match(client)
    mid = m["match_id"]
    header = {"Authorization": f"Bearer {token}".encode()}  # as bytes: httpx sends them as they are
    r = client.get(f"/api/matches/{mid}/legal", headers=header)
    assert r.status_code == 403 and error_code(r) == "auth/bad_token"
    r = client.post(f"/api/matches/{mid}/actions", headers=header,
                    json={"action": {"type": "declare_missing", "suit": "m"}, "version": 0})
    assert r.status_code == 403 and error_code(r) == "auth/bad_token"
    with client.websocket_connect(f"/api/matches/{mid}/ws", params={"token": token}) as ws:
        assert ws.receive_json()["error"]["code"] == "auth/bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4403
    assert client.get(f"/api/matches/{mid}").json()["version"] == 0


@pytest.mark.parametrize("game", ["%00", "x" * 5000])
def test_an_unknown_game_name_is_404(client: TestClient, game: str) -> None:
    r = client.post(f"/api/games/{game}/score", json={"concealed": []})
    assert r.status_code == 404 and error_code(r) == "game/unknown"
    r = client.post("/api/matches", json={"game": game.replace("%00", "\x00")[:32]})
    assert r.status_code == 404 and error_code(r) == "game/unknown"


@pytest.mark.parametrize("deal", ["-1", "2147483648", "99999999999999999999", "%00"])
def test_a_deal_number_out_of_range_is_422(client: TestClient, deal: str) -> None:
    m = new_match(client)
    r = client.get(f"/api/matches/{m['match_id']}/deals/{deal}/replay")
    assert r.status_code == 422 and error_code(r) == "request/invalid"


def test_the_shape_is_the_one_the_server_makes() -> None:
    assert check_match_id("2ObUqiVxNyQD5Q1Q") == "2ObUqiVxNyQD5Q1Q"
    for bad in ["", "a\n", "a/b", "\x00", "x" * 65]:
        with pytest.raises(ApiError, match="no such match"):
            check_match_id(bad)
    assert check_match_id("-2ObUqiVxNyQD5Q1") == "-2ObUqiVxNyQD5Q1"  # made before new_id


def test_no_id_the_server_makes_begins_with_a_dash() -> None:
    """A command line reads "-x…" as an option: ``paiju botzone --match -x…`` failed with
    "expected one argument" (a 1 in 64 chance for each id). 4,000 ids: the chance that none of
    them would begin with "-" without the rule is about 1e-27."""
    words = [new_id(12) for _ in range(2000)] + [new_id(24) for _ in range(2000)]
    assert not [w for w in words if w.startswith("-")]
    assert {len(new_id(12)), len(new_id(24))} == {16, 32}


def test_match_ids_and_tokens_are_made_by_new_id(client: TestClient) -> None:
    """The same through the API: 40 matches, 200 ids (a 96% chance to catch one made without
    ``new_id``)."""
    matches = [new_match(client, seed=i) for i in range(40)]
    words = [m["match_id"] for m in matches] + [s["token"] for m in matches for s in m["seats"]
                                                 if s.get("token")]
    assert len(words) > 40 and not [w for w in words if w.startswith("-")]

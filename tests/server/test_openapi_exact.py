"""OpenAPI says what the server accepts (issue 22, item 6): what the schema allows is accepted
(``2293.0`` is the integer JSON Schema says it is), what it refuses is refused, on both sides
of each line: seeds and versions, seats per game, seat kinds, action objects, and each game's
hand description for its calculator. The fuzz tests check the same from generated data."""

from __future__ import annotations

import hashlib
from typing import Any

import jsonschema_rs
import pytest
from fastapi.testclient import TestClient

from engine import GAMES
from engine.score_schemas import SCORE_SCHEMAS
from tests.test_score_items import CALCULATOR

from .conftest import auth, new_match


def error_code(r: Any) -> str:
    body = r.json()
    assert set(body) == {"error"} and {"code", "message"} <= set(body["error"]), body
    return str(body["error"]["code"])


def validator(client: TestClient, schema: dict[str, Any]) -> Any:
    """A JSON Schema validator for ``schema``, whose $refs point into the app's OpenAPI."""
    components = client.app.openapi()["components"]  # type: ignore[attr-defined]
    return jsonschema_rs.validator_for({**schema, "components": components})


def body_schema(client: TestClient, path: str) -> dict[str, Any]:
    op = client.app.openapi()["paths"][path]["post"]  # type: ignore[attr-defined]
    return op["requestBody"]["content"]["application/json"]["schema"]  # type: ignore[no-any-return]


CREATE: list[tuple[dict[str, Any], int]] = [
    ({"game": "sichuan", "seed": 2293.0}, 201),
    ({"game": "sichuan", "seed": 2293}, 201),
    ({"game": "sichuan", "seed": 2293.5}, 422),
    ({"game": "sichuan", "seed": 1e300}, 422),
    ({"game": "sichuan", "seats": []}, 422),
    ({"game": "sichuan", "seats": [{"kind": "human", "level": None}] * 4}, 201),
    ({"game": "sichuan", "seats": [{"kind": "human", "level": "basic"}] * 4}, 422),
    ({"game": "sichuan", "seats": [{"kind": "ai"}] * 3 + [{"kind": "ai", "level": "strong"}]},
     201),
    ({"game": "paohuzi", "seats": [{"kind": "human"}] * 3}, 201),
    ({"game": "paohuzi", "seats": [{"kind": "human"}] * 4}, 422),
    ({"game": "nantong", "seats": [{"kind": "human"}] * 3}, 201),
    ({"game": "mcr", "seats": [{"kind": "human"}] * 3}, 422),
    ({"game": "chess"}, 404),
    # house-rule options (OPT-0.1): each game's own keys and values
    ({"game": "mcr", "options": {"flowers": False}}, 201),
    ({"game": "mcr", "options": {"min_points": 8.0, "prevailing_wind": "rotate"}}, 201),
    ({"game": "mcr", "options": None}, 201),
    ({"game": "sichuan", "options": {"fan_cap": None}}, 201),
    ({"game": "nantong", "options": {}}, 201),
    ({"game": "mcr", "options": {"min_points": 65}}, 422),
    ({"game": "mcr", "options": {"min_points": 8.5}}, 422),
    ({"game": "mcr", "options": {"flowers": 1}}, 422),
    ({"game": "mcr", "options": {"jokers": True}}, 422),
    ({"game": "mcr", "options": {"fan_cap": 3}}, 422),
    ({"game": "nantong", "options": {"flowers": False}}, 422),
    ({"game": "mcr", "options": 5}, 422),
]


@pytest.mark.parametrize(("body", "status"), CREATE)
def test_create_match_accepts_exactly_what_the_schema_allows(client: TestClient,
                                                            body: dict[str, Any],
                                                            status: int) -> None:
    schema = validator(client, body_schema(client, "/api/matches"))
    assert schema.is_valid(body) is (status == 201)
    r = client.post("/api/matches", json=body)
    assert r.status_code == status, r.text
    if status == 201 and "seed" in body:
        assert r.json()["seed_hash"] == hashlib.sha256(b"2293").hexdigest()  # stored as 2293


ACTIONS: list[tuple[dict[str, Any], bool]] = [
    ({"action": {"type": "declare_missing", "suit": "m"}, "version": 0.0}, True),
    ({"action": {}, "version": 0}, False),
    ({"action": {"type": 5}, "version": 0}, False),
    ({"action": {"suit": "m"}, "version": 0}, False),
    ({"action": {"type": "declare_missing", "suit": "m"}, "version": 0.5}, False),
]


@pytest.mark.parametrize(("body", "valid"), ACTIONS)
def test_an_action_is_an_object_with_a_string_type(client: TestClient, body: dict[str, Any],
                                                   valid: bool) -> None:
    schema = validator(client, body_schema(client, "/api/matches/{match_id}/actions"))
    assert schema.is_valid(body) is valid
    m = new_match(client)
    mid, token = m["match_id"], m["seats"][0]["token"]
    r = client.post(f"/api/matches/{mid}/actions", headers=auth(token), json=body)
    if valid:
        assert r.status_code == 200 and r.json()["version"] == 1, r.text
    else:
        assert r.status_code == 422 and error_code(r) == "request/invalid", r.text
        assert client.get(f"/api/matches/{mid}").json()["version"] == 0
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={token}") as ws:
        ws.receive_json()
        ws.send_json(body if not valid else {**body, "version": 1.0})  # seat 0 has acted
        code = ws.receive_json()["error"]["code"]
        assert code == "request/invalid" if not valid else code.startswith("action/")


GOOD_HANDS = {
    "sichuan": {"concealed": ["1m", "1m", "2m", "2m", "3m", "3m", "4m", "4m", "5m", "5m", "6m",
                              "6m", "7m"], "winning_tile": "7m", "missing_suit": "p"},
    "mcr": {"melds": [{"type": "chow", "tile": "1m"}, {"type": "kong", "tile": "E",
                                                       "concealed": True}],
            "concealed": ["4p", "5p", "6p", "7s", "8s", "9s", "C"], "winning_tile": "C",
            "flowers": 2.0},
    "paohuzi": {},
    "nantong": {"indicators": ["2s", "3m"], "players": [{"concealed": ["1m"] * 3 + ["2m"] * 3
                                                         + ["3m"] * 3 + ["4p"] * 3 + ["5p"] * 3
                                                         + ["6s"] * 3 + ["7s"] * 3 + ["Q"]}]},
}
"""A description each calculator reads (Paohuzi's ``{}`` is an empty hand, which does not win)."""
SHAPE_FAULTS: list[tuple[str, dict[str, Any]]] = [
    ("sichuan", {}),
    ("sichuan", {"concealed": ["1m"] * 12, "winning_tile": "7m", "missing_suit": "p"}),
    ("sichuan", {"concealed": ["E"] * 13, "winning_tile": "7m", "missing_suit": "p"}),
    ("sichuan", {**GOOD_HANDS["sichuan"], "extra": 1}),
    ("mcr", {}),
    ("mcr", {**GOOD_HANDS["mcr"], "melds": [{"type": "chow", "tile": "8m"},
                                            {"type": "pung", "tile": "E", "from": None}]}),
    ("mcr", {**GOOD_HANDS["mcr"], "flowers": 9}),
    ("paohuzi", {"groups": [{"type": "wei", "cards": ["x1", "x1"]}]}),
    ("paohuzi", {"winning_card": "x11"}),
    ("nantong", {}),
    ("nantong", {"indicators": ["2s"], "players": GOOD_HANDS["nantong"]["players"]}),
    ("nantong", {"indicators": ["2s", "3m"], "players": [{"concealed": ["1m"] * 22,
                                                          "win": {"how": "discard"}}]}),
]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_documents_its_own_hand_description(client: TestClient, game: str) -> None:
    schema = body_schema(client, f"/api/games/{game}/score")
    assert schema == SCORE_SCHEMAS[game]
    assert validator(client, schema).is_valid(GOOD_HANDS[game])
    r = client.post(f"/api/games/{game}/score", json=GOOD_HANDS[game])
    assert r.status_code == 200, r.text
    assert ("winning" in r.json()) is (game != "nantong")


@pytest.mark.parametrize(("game", "spec"), SHAPE_FAULTS)
def test_a_hand_description_the_schema_refuses_is_refused(client: TestClient, game: str,
                                                          spec: dict[str, Any]) -> None:
    assert not validator(client, body_schema(client, f"/api/games/{game}/score")).is_valid(spec)
    r = client.post(f"/api/games/{game}/score", json=spec)
    assert r.status_code == 422 and error_code(r) == "score/invalid_spec", r.text


def test_what_only_the_rules_refuse_is_a_documented_422(client: TestClient) -> None:
    """A fifth copy fits every schema; the calculator gives its reason, as the docs say."""
    spec = {**GOOD_HANDS["sichuan"], "concealed": ["1m"] * 13}
    assert validator(client, body_schema(client, "/api/games/sichuan/score")).is_valid(spec)
    r = client.post("/api/games/sichuan/score", json=spec)
    assert r.status_code == 422 and "more than four copies" in r.json()["error"]["message"]
    op = client.app.openapi()["paths"]["/api/games/sichuan/score"]["post"]  # type: ignore[attr-defined]
    assert "422" in op["responses"] and "fifth copy" in op["description"]


@pytest.mark.parametrize(("game", "spec"), CALCULATOR, ids=[g for g, _ in CALCULATOR])
def test_calculator_answers_as_documented(client: TestClient, game: str,
                                          spec: dict[str, Any]) -> None:
    """The calculator's 200 is documented as the one itemised shape (ScoreItem) in the game's
    unit: every answer, winning or not, matches it."""
    paths = client.app.openapi()["paths"]  # type: ignore[attr-defined]
    op = paths[f"/api/games/{game}/score"]["post"]
    schema = validator(client, op["responses"]["200"]["content"]["application/json"]["schema"])
    r = client.post(f"/api/games/{game}/score", json=spec)
    assert r.status_code == 200 and schema.is_valid(r.json()), r.json()
    if game != "nantong":
        lost = client.post(f"/api/games/{game}/score", json={})
        assert lost.status_code != 200 or schema.is_valid(lost.json()), lost.json()

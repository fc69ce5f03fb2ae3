"""The calculators take the match's house rules (rules/options.md) in ``options``: the OpenAPI
hand description of each game with options documents them, and the endpoint scores under them
(Sichuan's extra fans, OPT-SC-7) or refuses a value with ``options/invalid``."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine import GAMES

from .test_openapi_exact import GOOD_HANDS, body_schema, error_code, validator

HAND = {"concealed": "2m 3m 4m 5m 6m 7m 3s 4s 5s 6s 7s 8s 5m".split(), "winning_tile": "5m",
        "missing_suit": "p"}
"""All simples, concealed: 中张 + 门清 = 2 fan when ``menqing_zhongzhang`` is on."""


@pytest.mark.parametrize("game", sorted(g for g in GAMES if GAMES[g].option_specs))
def test_each_calculator_documents_its_options(client: TestClient, game: str) -> None:
    """Every option of the game is a property of ``options``, with its default."""
    schema = body_schema(client, f"/api/games/{game}/score")
    props = schema["properties"]["options"]["properties"]
    assert list(props) == [o.key for o in GAMES[game].option_specs]
    defaults = {o.key: o.to_json()["default"] for o in GAMES[game].option_specs}
    spec = GOOD_HANDS[game] | {"options": defaults}
    assert validator(client, schema).is_valid(spec)
    r = client.post(f"/api/games/{game}/score", json=spec)
    assert r.status_code == 200, r.text


def test_sichuan_scores_under_its_extra_fans(client: TestClient) -> None:
    """OPT-SC-7.1 over HTTP: the two rows appear only with the option."""
    def codes(body: dict[str, Any]) -> list[str]:
        r = client.post("/api/games/sichuan/score", json=body)
        assert r.status_code == 200, r.text
        return [i["code"] for i in r.json()["items"]]

    assert codes(HAND) == ["basic_hand"]
    assert codes(HAND | {"options": {"extra_fans": ["menqing_zhongzhang"]}}) == [
        "basic_hand", "concealed_hand", "all_simples"]


@pytest.mark.parametrize(("body", "code"), [
    (HAND | {"options": {"extra_fans": ["menqing"]}}, "options/invalid"),
    (HAND | {"options": {"extra_fans": "tian_di_hu"}}, "options/invalid"),
    (HAND | {"heavenly": True}, "score/invalid_spec"),
])
def test_sichuan_refuses_what_its_options_do_not_allow(client: TestClient, body: dict[str, Any],
                                                        code: str) -> None:
    """A value outside the option (OPT-0.1), or a flag whose row is off (OPT-SC-7.3): 422;
    the schema refuses the option values too."""
    schema = body_schema(client, "/api/games/sichuan/score")
    assert validator(client, schema).is_valid(body) is (code == "score/invalid_spec")
    r = client.post("/api/games/sichuan/score", json=body)
    assert r.status_code == 422 and error_code(r) == code, r.text

"""House-rule options through the API (rules/options.md OPT-0): set when a match is created,
refused when bad (nothing made), stored with the match, carried by every view, the match, the
log and the replay, and kept by every deal the server makes (next deal, Restart, a reload)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select

from engine import GAMES, get_game
from engine.core.options import SEED, InvalidOptions, Preset, offered
from server import labels
from server.app import create_app
from server.labels import value_key
from server.store import DealRow, MatchRow
from tests.server.conftest import auth

MCR = get_game("mcr")
TEXTS = ("label", "help", "value_labels")
"""What ``GET /api/games`` adds to ``Option.to_json``: texts in the client's language."""
DEFAULTS = {"flowers": True, "min_points": 8, "prevailing_wind": "east"}


def create(client: TestClient, game: str, options: Any = None, seed: int = 7,
           **extra: Any) -> Any:
    body: dict[str, Any] = {"game": game, "seed": seed,
                            "seats": [{"kind": "human"}] * get_game(game).players, **extra}
    if options is not None:
        body["options"] = options
    return client.post("/api/matches", json=body)


def created(client: TestClient, game: str, options: Any = None, seed: int = 7) -> dict[str, Any]:
    r = create(client, game, options, seed)
    assert r.status_code == 201, r.text
    return r.json()


def test_options_set_at_creation_reach_the_view_and_the_deal(client: TestClient) -> None:
    """OPT-0.1, OPT-0.2, OPT-MCR-1: MCR without flowers deals from 136 tiles, and the match, its
    every view and the creation's answer carry the resolved options (defaults filled in)."""
    m = created(client, "mcr", {"flowers": False})
    resolved = DEFAULTS | {"flowers": False}
    assert m["options"] == resolved
    mid, token = m["match_id"], m["seats"][0]["token"]
    for headers in (auth(token), {}):
        view = client.get(f"/api/matches/{mid}", headers=headers).json()
        assert view["options"] == resolved and view["state"]["options"] == resolved
        assert view["state"]["wall_remaining"] == 136 - 4 * 13 - 1
    assert view["state"] == MCR.view(MCR.new_deal(7, None, resolved), None)


def test_options_left_out_are_the_defaults(client: TestClient) -> None:
    """OPT-0.1: without ``options`` (or with ``{}``) every key takes its default; a game without
    options (Nantong) has ``{}``."""
    for options in (None, {}):
        m = created(client, "mcr", options)
        assert m["options"] == DEFAULTS
        view = client.get(f"/api/matches/{m['match_id']}").json()
        assert view["options"] == view["state"]["options"] == DEFAULTS
        assert view["state"] == MCR.view(MCR.new_deal(7), None)
    for game in ("sichuan", "paohuzi", "nantong"):
        m = created(client, game)
        defaults = get_game(game).options().to_json()
        assert m["options"] == defaults
        assert client.get(f"/api/matches/{m['match_id']}").json()["options"] == defaults
    assert created(client, "nantong")["options"] == {}


def _rows(url: str) -> tuple[int, int]:
    eng = create_engine(url)
    try:
        with eng.connect() as conn:
            return (conn.execute(select(func.count()).select_from(MatchRow)).scalar_one(),
                    conn.execute(select(func.count()).select_from(DealRow)).scalar_one())
    finally:
        eng.dispose()


@pytest.mark.parametrize(("game", "options", "key"), [
    ("mcr", {"jokers": True}, "jokers"),  # unknown key
    ("mcr", {"flowers": "no"}, "flowers"),  # a value not allowed
    ("mcr", {"flowers": 1}, "flowers"),  # JSON's 1 is no true
    ("mcr", {"min_points": 0}, "min_points"),  # out of bounds
    ("mcr", {"min_points": 8.5}, "min_points"),
    ("mcr", {"prevailing_wind": "rotate", "exchange_three": "random"}, "exchange_three"),
    ("nantong", {"flowers": False}, "flowers"),  # another game's key, a game without options
    ("sichuan", {"min_points": 8}, "min_points"),
])
def test_bad_options_are_refused_and_nothing_is_made(client: TestClient, database_url: str,
                                                     game: str, options: Any,
                                                     key: str) -> None:
    """OPT-0.1: an unknown key, another game's key or a value outside the allowed set is a 422
    ``options/invalid`` naming the key, and no match is made."""
    before = _rows(database_url)
    r = create(client, game, options)
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "options/invalid" and repr(key) in error["message"]
    assert _rows(database_url) == before


def test_options_that_are_no_object_are_refused(client: TestClient, database_url: str) -> None:
    """``options`` must be a JSON object (a 422, never a 500), and nothing is made."""
    before = _rows(database_url)
    for options in (5, "flowers", [["flowers", False]], True):
        r = create(client, "mcr", options)
        assert r.status_code == 422, r.text
        assert r.json()["error"]["code"] in ("request/invalid", "options/invalid")
    assert _rows(database_url) == before


def test_games_list_their_options(client: TestClient) -> None:
    """``GET /api/games``: each game's options as data (``Option.to_json``), to build a room
    form from; games without options list none."""
    games = {g["name"]: g for g in client.get("/api/games").json()}
    for game in games.values():
        for option in game["options"]:
            for text in TEXTS:
                option.pop(text, None)
    assert games["mcr"]["options"] == [
        {"key": "flowers", "rule": "OPT-MCR-1", "default": True, "values": [True, False]},
        {"key": "min_points", "rule": "OPT-MCR-2", "default": 8, "min": 1, "max": 64},
        {"key": "prevailing_wind", "rule": "OPT-MCR-3", "default": "east",
         "values": ["east", "rotate", "random"]},
    ]
    for name in ("sichuan", "paohuzi", "nantong"):
        assert games[name]["options"] == [o.to_json() for o in get_game(name).option_specs]


def finish_deal(client: TestClient, mid: str, tokens: list[str], rng: random.Random) -> dict:
    """Play every seat (all human) with random legal actions until the deal ends; passing on
    claims where it may, so that the deal is short."""
    for _ in range(2000):
        view = client.get(f"/api/matches/{mid}").json()
        if view["state"]["result"] is not None:
            return view
        for token in tokens:
            legal = client.get(f"/api/matches/{mid}/legal", headers=auth(token)).json()
            if legal["actions"]:
                break
        actions = legal["actions"]
        passes = [a for a in actions if a["type"] == "pass"]
        action = passes[0] if passes else rng.choice(actions)
        r = client.post(f"/api/matches/{mid}/actions", headers=auth(token),
                        json={"action": action, "version": legal["version"]})
        assert r.status_code == 200, r.text
    raise AssertionError("the deal did not end")


def test_rotating_wind_follows_the_deal_number_across_next_deals_and_a_restart(
        client: TestClient, settings: Any) -> None:
    """OPT-0.2, OPT-MCR-3.2: the options hold for every deal the server makes; the wind
    rotates with the deal's number in the match (four deals a wind), which a Restart sets back
    to 0; the log, the replay and a reloaded server agree."""
    options = {"prevailing_wind": "rotate", "flowers": False}
    m = created(client, "mcr", options, seed=3)
    mid, tokens = m["match_id"], [s["token"] for s in m["seats"]]
    rng = random.Random(5)
    winds = []
    for deal in range(6):
        end = finish_deal(client, mid, tokens, rng)
        assert end["deal"] == deal and end["options"]["prevailing_wind"] == "rotate"
        winds.append(end["state"]["prevailing_wind"])
        r = client.post(f"/api/matches/{mid}/next-deal" if deal < 5
                        else f"/api/matches/{mid}/restart", headers=auth(tokens[0]))
        assert r.status_code == 200, r.text
        assert r.json()["options"] == r.json()["state"]["options"] == DEFAULTS | options
    assert winds == ["E", "E", "E", "E", "S", "S"]
    after = r.json()
    assert after["deal"] == 6 and after["state"]["prevailing_wind"] == "E"
    assert after["state"]["wall_remaining"] == 136 - 4 * 13 - 1  # Restart keeps the options
    log = client.get(f"/api/matches/{mid}/log").json()
    assert log["options"] == DEFAULTS | options
    assert [d["number"] for d in log["deals"]] == [0, 1, 2, 3, 4, 5, 0]
    replay = client.get(f"/api/matches/{mid}/deals/4/replay").json()
    assert replay["options"] == DEFAULTS | options and replay["number"] == 4
    assert replay["steps"][0]["state"]["prevailing_wind"] == "S"
    deal = log["deals"][4]
    state = MCR.new_deal(deal["seed"], deal["dealer"], log["options"], deal["number"])
    for entry in deal["actions"]:
        state = MCR.apply(state, entry["seat"], entry["action"])
    assert MCR.result(state) == deal["result"]
    view = client.get(f"/api/matches/{mid}", headers=auth(tokens[1])).json()
    with TestClient(create_app(settings)) as again:  # a new server reads it all from the store
        assert again.get(f"/api/matches/{mid}", headers=auth(tokens[1])).json() == view


def test_a_match_keeps_its_options_over_a_server_restart(settings: Any) -> None:
    """OPT-0.2: the options are stored with the match: a new server loads them (and the deal
    it replays is the one dealt under them)."""
    options = {"flowers": False, "min_points": 12, "prevailing_wind": "random"}
    with TestClient(create_app(settings)) as c:
        m = created(c, "mcr", options, seed=11)
        mid, token = m["match_id"], m["seats"][0]["token"]
        legal = c.get(f"/api/matches/{mid}/legal", headers=auth(token)).json()
        before = c.get(f"/api/matches/{mid}", headers=auth(token)).json()
    with TestClient(create_app(settings)) as c:
        after = c.get(f"/api/matches/{mid}", headers=auth(token)).json()
        assert c.get(f"/api/matches/{mid}/legal", headers=auth(token)).json() == legal
        assert c.get(f"/api/matches/{mid}/log").json()["options"] == options
    assert after == before and after["options"] == options
    dealer = after["state"]["dealer"]  # the log's seed, dealer and options replay the deal
    assert after["state"] == MCR.view(MCR.new_deal(11, dealer, options), 0)


def test_every_game_takes_its_own_options(client: TestClient, settings: Any) -> None:
    """OPT-0.1, OPT-0.2: a Sichuan match keeps its options too (``null``, no fan cap, is a value
    of its own, not the default), over a server restart."""
    m = created(client, "sichuan", {"fan_cap": None, "self_draw_bonus": "fan"})
    resolved = get_game("sichuan").options({"fan_cap": None, "self_draw_bonus": "fan"})
    assert m["options"] == resolved.to_json() and m["options"]["fan_cap"] is None
    with TestClient(create_app(settings)) as again:
        view = again.get(f"/api/matches/{m['match_id']}").json()
    assert view["options"] == view["state"]["options"] == resolved.to_json()


# ------------------------------------------------------------------ labels and presets (issue 28)

LANGS = ("en", "fr", "it", "pl", "zh")
LOCALES = Path(__file__).resolve().parents[2] / "web" / "locales"


def _locale(lang: str) -> dict[str, str]:
    return json.loads((LOCALES / lang / "options.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_declared_option_and_value_has_a_label_in_every_language(lang: str) -> None:
    """web/locales/<lang>/options.json, the one source of the options' texts (the server's and
    the web app's): every option every game declares has a label and a help line, every value
    it lists a label, every preset a name and a line, in each of the five languages, not left
    to the English fallback."""
    texts = _locale(lang)
    wanted = [f"preset.{p.id}" for g in GAMES.values() for p in g.presets] + ["preset.custom"]
    for game in GAMES.values():
        wanted += [f"{game.name}.preset.{p.id}" for p in game.presets]
        for o in game.option_specs:
            wanted += [f"{game.name}.{o.key}.label", f"{game.name}.{o.key}.help"]
            wanted += [f"{game.name}.{o.key}.value.{value_key(v)}" for v in o.values]
    missing = [k for k in wanted if not str(texts.get(k, "")).strip()]
    assert not missing, f"{lang}/options.json lacks {missing}"


@pytest.mark.parametrize(("lang", "flowers", "without"), [
    ("en", "Flowers", "Without flowers (136 tiles)"),
    ("fr", "Fleurs", "Sans fleurs (136 tuiles)"),
    ("it", "Fiori", "Senza fiori (136 tessere)"),
    ("pl", "Kwiaty", "Bez kwiatów (136 kamieni)"),
    ("zh", "花牌", "无花牌（136 张）"),
    (None, "Flowers", "Without flowers (136 tiles)"),      # no lang: English
    ("xx", "Flowers", "Without flowers (136 tiles)"),      # unknown: English, not an error
    ("FR-fr" * 40, "Flowers", "Without flowers (136 tiles)"),
])
def test_games_label_options_in_the_clients_language(client: TestClient, lang: str | None,
                                                     flowers: str, without: str) -> None:
    """``GET /api/games?lang=xx``: each option's ``label`` and ``help``, each value's label in
    ``value_labels`` (same order as ``values``), read from the web app's locale files."""
    r = client.get("/api/games", params={} if lang is None else {"lang": lang})
    assert r.status_code == 200, r.text
    games = {g["name"]: g for g in r.json()}
    mcr = {o["key"]: o for o in games["mcr"]["options"]}
    assert mcr["flowers"]["label"] == flowers
    assert mcr["flowers"]["value_labels"][mcr["flowers"]["values"].index(False)] == without
    assert mcr["flowers"]["help"] and "value_labels" not in mcr["min_points"]
    for game in games.values():
        for o in game["options"]:
            assert o["label"] != f"{game['name']}.{o['key']}.label", o
            if "values" in o:
                assert len(o["value_labels"]) == len(o["values"]), o
    sichuan = {o["key"]: o for o in games["sichuan"]["options"]}
    cap = sichuan["fan_cap"]
    assert cap["value_labels"][cap["values"].index(None)] == _locale(labels.language(lang))[
        "sichuan.fan_cap.value.null"]  # a null value's key is "null"


def test_games_list_their_presets(client: TestClient) -> None:
    """Each game lists its presets, ``seed`` (every default) first, each with a name in the
    asked language and its options resolved; a match made with a preset's options has them."""
    games = {g["name"]: g for g in client.get("/api/games", params={"lang": "it"}).json()}
    for name, game in games.items():
        seed = game["presets"][0]
        assert seed["id"] == "seed" and seed["label"] == "Regole di base"
        assert seed["options"] == get_game(name).options().to_json()
    assert [p["id"] for p in games["nantong"]["presets"]] == ["seed"]
    popular = next(p for p in games["mcr"]["presets"] if p["id"] == "popular")
    assert popular["label"] == "Regole delle app popolari"
    assert popular["options"] == {"flowers": False, "min_points": 8, "prevailing_wind": "random"}
    made = created(client, "mcr", popular["options"])
    assert made["options"] == popular["options"]
    view = client.get(f"/api/matches/{made['match_id']}").json()
    assert view["options"] == view["state"]["options"] == popular["options"]


def _preset_cases() -> list[Any]:
    """Every game's every preset (each must name only keys its game declares)."""
    return [pytest.param(game.name, preset.id, id=f"{game.name}-{preset.id}")
            for game in GAMES.values() for preset in game.presets]


@pytest.mark.parametrize(("name", "preset_id"), _preset_cases())
def test_every_preset_resolves(name: str, preset_id: str) -> None:
    """A preset is exactly the table it names: every key it sets is the game's and its value
    allowed, nothing dropped (``Preset.resolve`` refuses an undeclared key), and the API lists
    it (``offered``)."""
    game = get_game(name)
    preset = next(p for p in game.presets if p.id == preset_id)
    resolved = preset.resolve(game.option_specs, name)
    assert {k: resolved[k] for k in preset.options} == dict(preset.options)
    assert preset in [p for p, _ in offered(game.presets, game.option_specs, name)]


def test_a_preset_with_an_undeclared_key_is_refused_whole() -> None:
    """``Preset.resolve`` names the key a game lacks instead of dropping it, and ``offered``
    leaves such a preset out rather than offering another table under its name."""
    preset = Preset("popular", {"flowers": False, "no_such_option": 1})
    with pytest.raises(InvalidOptions) as err:
        preset.resolve(MCR.option_specs, "mcr")
    assert err.value.key == "no_such_option"
    assert [p.id for p, _ in offered((SEED, preset), MCR.option_specs, "mcr")] == ["seed"]
    assert SEED.resolve(MCR.option_specs, "mcr") == MCR.options()

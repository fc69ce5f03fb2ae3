"""openapi/ws-messages.json's action catalogue (``server/ws_examples.py``) is the engine's: every
legal action the engine lists in seeded deals of each game has its type and exactly its fields,
and every entry of the catalogue occurs (Nantong's rare ready declaration is built here). The
events those deals log are held to the event catalogue by tests/server/test_ws_events.py."""

from __future__ import annotations

import functools
import random

import pytest

from engine import get_game
from engine.core.state import evolve, with_item
from server.ws_events import example_move
from server.ws_examples import (
    ACTIONS,
    OPTION_EXAMPLES,
    OPTIONAL,
    RIVER,
    action_schemas,
    deal_messages,
)
from tests.sichuan.position import position

DEALS = 80
TYPES = {"card": int, "cards": list, "low": str, "suit": str, "bi": list}


@functools.cache
def _played(game: str) -> tuple[dict[str, list[dict]], dict[str, set[str]]]:
    """Every legal action of seeded deals of ``game``, by type, and the fields of every event
    they logged, by type (as each seat sees it once the deal is over); claims taken often;
    every other deal under the game's ``OPTION_EXAMPLES`` house rules, when it has some."""
    g = get_game(game)
    variants = [None, *(o for name, o in OPTION_EXAMPLES if name == game)]
    seen: dict[str, list[dict]] = {}
    events: dict[str, set[str]] = {}
    for seed in range(DEALS):
        options = variants[seed % len(variants)]
        state, rng = g.new_deal(seed, options=options), random.Random(seed)
        while g.result(state) is None:
            seat = g.to_act(state)[0]
            legal = g.legal_actions(state, seat)
            for a in legal:
                seen.setdefault(a["type"], []).append(a)
            state = g.apply(state, seat, example_move(legal, rng))
        for seat in range(g.players):
            for e in g.view(state, seat)["events"]:
                events.setdefault(e["type"], set()).update(e)
    return seen, events


@pytest.mark.parametrize("game", sorted(ACTIONS))
def test_the_catalogue_is_the_engines(game: str) -> None:
    catalogue = ACTIONS[game]
    seen = _played(game)[0]
    assert set(seen) <= set(catalogue), f"not in the catalogue: {set(seen) - set(catalogue)}"
    # Nantong's ready hands and wins are rare in random play: ready is built below, and the
    # example bot's Nantong deal (tests/test_example_bots.py) wins
    rare = {"ready", "win"} if game == "nantong" else set()
    assert set(catalogue) - set(seen) <= rare
    for kind, actions in seen.items():
        fields = set(catalogue[kind][1])
        optional = set(OPTIONAL.get(game, {}).get(kind, ()))
        for a in actions:
            assert fields <= set(a) <= fields | optional, (a, catalogue[kind][1])
            for k in set(a) - {"type"}:
                assert isinstance(a[k], TYPES[k]), a
    schema = action_schemas(game)["anyOf"]
    assert [s["properties"]["type"]["const"] for s in schema] == list(catalogue)


def test_nantong_ready_is_as_catalogued() -> None:
    """NT-3.6: a non-dealer one card from winning is offered ``{"type": "ready"}`` (a hand
    given for the test: seven runs and a Thousand, waiting on the Thousand)."""
    g = get_game("nantong")
    state = g.apply(g.new_deal(1, dealer=0), 0, {"type": "finish"})  # the dealer's turn done
    runs = [f * 4 for f in range(18)] + [f * 4 for f in range(18, 21)]  # 1m-9m 1p-9p 1s-3s
    hand = tuple(sorted([*runs, 27 * 4]))  # and one Q
    state = evolve(state, hands=with_item(state.hands, 1, hand))
    offered = [a for a in g.legal_actions(state, 1) if a["type"] == "ready"]
    assert offered == [ACTIONS["nantong"]["ready"][1]]


@pytest.mark.parametrize(("game", "options"),
                         [(g, None) for g in sorted(ACTIONS)] + OPTION_EXAMPLES)
def test_example_messages_are_a_real_deal(game: str, options: dict | None) -> None:
    snapshot, update = deal_messages(game, options)
    assert snapshot["legal"] and snapshot["match"]["state"]["to_act"]
    assert "events" not in update["match"]["state"]
    assert update["events_from"] == len(snapshot["match"]["state"]["events"])
    assert update["match"]["version"] > snapshot["match"]["version"]
    for a in snapshot["legal"] + update["legal"]:
        assert set(a) == set(ACTIONS[game][a["type"]][1])


def test_the_river_example_plays_a_locked_hand() -> None:
    """OPT-SC-2: the Blood River example's snapshot is seat 0 locked after a win, its win pile
    shown, its one legal action the discard of the tile it drew (OPT-SC-2.3)."""
    snapshot, update = deal_messages(*RIVER)
    assert RIVER in OPTION_EXAMPLES
    state = snapshot["match"]["state"]
    me = state["players"][0]
    assert snapshot["match"]["options"]["blood_mode"] == "river"
    assert me["locked"] and me["win_pile"] and me["wins"]
    assert snapshot["legal"] == [{"type": "discard", "card": state["drawn"]["id"]}]
    assert update["match"]["state"]["players"][0]["locked"]


def test_a_named_win_fits_the_schema() -> None:
    """OPT-SC-2.2: the Blood River first-turn win names its tile: the schema allows ``card``."""
    win = next(s for s in action_schemas("sichuan")["anyOf"]
               if s["properties"]["type"]["const"] == "win")
    assert "card" in win["properties"] and win["required"] == ["type"]
    g = get_game("sichuan")
    state, _ = position({0: "1m 1m 1m 2m 2m 2m 3m 3m 3m 1m 2m 3m 1p 1p"}, missing="ssss")
    state = evolve(state, options=g.options({"blood_mode": "river"}))
    named = [a for a in g.legal_actions(state, 0) if a["type"] == "win"]
    assert len(named) == 14 and all(set(a) == {"type", "card"} for a in named)


def test_the_exchange_example_shows_the_exchange() -> None:
    """OPT-SC-1: the Sichuan deal under exchange_three shows seat 0 choosing its three, then the
    exchanged event with the direction and its own tiles given and received."""
    snapshot, update = deal_messages("sichuan", {"exchange_three": "random"})
    assert snapshot["match"]["state"]["phase"] == "exchange"
    assert {a["type"] for a in snapshot["legal"]} == {"exchange"}
    moved = [e for e in update["events"] if e["type"] == "exchanged"]
    assert len(moved) == 1 and set(moved[0]) == {"type", "seat", "direction", "gave", "received"}

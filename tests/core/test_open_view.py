"""The open view (``game.open_view``): what a replay of a finished deal shows, every hand open.

For every registered game, under random and eager legal play, at every step: the open view is the
spectator's view plus, for each seat, everything that seat sees of itself (its hand, Paohuzi's
kans and passed faces, Sichuan's missing suit before all have declared, Nantong's replacement
cards) and every card an event showed to one seat (draws; the deal event's ``hands``, each seat's
dealt hand); the hands open are exactly where the cards lie (``zones``); nothing else differs
from the spectator's view; and the events only ever grow (the replay route sends them once).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import GAMES
from engine.core.playout import eager_action, random_action, random_playout
from engine.core.protocol import Game

SEEDS = range(4)
CASES = [pytest.param(GAMES[name], seed, id=f"{name}-{seed}") for name in GAMES for seed in SEEDS]

PRIVATE_TOP = {"drawn", "open"}
"""Top-level keys an open view may add to or change from the spectator's view."""


def _hand_ids(player: dict[str, Any]) -> list[int]:
    return sorted(c["id"] for c in player["hand"])


def check_open(game: Game, state: Any) -> None:
    opened = game.open_view(state)
    public = game.view(state, None)
    assert opened["open"] is True
    assert opened["seat"] is None and opened["to_act"] is False
    zones = game.zones(state)
    for s in range(game.players):
        p = opened["players"][s]
        # every hand is open, exactly as the cards lie
        assert _hand_ids(p) == sorted(zones[f"hand:{s}"])
        # at least all that seat s sees of itself (hand, kans, passed faces, missing suit...)
        own = game.view(state, s)
        for key, value in own["players"][s].items():
            assert p[key] == value, (s, key)
        # and every other seat's public entry as the spectator sees it
        for key, value in public["players"][s].items():
            if public["players"][s][key] is not None or key not in own["players"][s]:
                assert p[key] == value or own["players"][s].get(key) == p[key], (s, key)
    # every event card any seat saw (its own draws) is shown, the rest as in public
    assert len(opened["events"]) == len(public["events"])
    for i, ev in enumerate(opened["events"]):
        if ev["type"] == "deal":  # every seat's dealt hand, as each saw its own
            assert "hand" not in public["events"][i] and "hands" not in public["events"][i]
            assert ev == {**public["events"][i], "hands": [
                game.view(state, s)["events"][i]["hand"] for s in range(game.players)]}, i
        elif ev.get("seat") is not None and "card" not in public["events"][i]:
            seen = game.view(state, ev["seat"])["events"][i]
            assert ev == seen, i
        else:
            assert ev == public["events"][i], i
    for key in public.keys() - PRIVATE_TOP - {"players", "events"}:
        assert opened[key] == public[key], key
    # the tile just drawn is the one the seat to play sees
    if "drawn" in public and opened.get("turn") is not None and state.phase == "play":
        assert opened["drawn"] == game.view(state, opened["turn"])["drawn"]


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_open_view_is_the_spectator_view_with_every_hand(game: Game, seed: int) -> None:
    policy = eager_action if seed % 2 else random_action
    rng = random.Random(seed)
    check_open(game, game.new_deal(seed))
    steps = 0

    def on_step(before: Any, _seat: int, _action: Any, after: Any) -> None:
        nonlocal steps
        steps += 1
        if steps % 3 == 0 or game.result(after) is not None:
            check_open(game, after)
            # events only accumulate, each shown the same way ever after: a replay sends them
            # once and tells each step how many have happened
            earlier = game.open_view(before)["events"]
            assert game.open_view(after)["events"][:len(earlier)] == earlier

    final, _ = random_playout(game, seed, rng, on_step=on_step, policy=policy)
    opened = game.open_view(final)
    assert opened["result"] == game.result(final)
    assert opened["seed"] == final.seed  # revealed at the end, as in every view


def test_open_view_changes_nothing() -> None:
    """Pure: the state is the same value before and after (its views are equal)."""
    for game in GAMES.values():
        state = game.new_deal(11)
        before = game.view(state, 0)
        game.open_view(state)
        assert game.view(state, 0) == before


def test_sichuan_open_view_shows_missing_suits_before_all_declared() -> None:
    """SC-3.1 keeps a missing suit secret until all four have declared; a replay shows it."""
    game = GAMES["sichuan"]
    state = game.new_deal(3)
    seat = game.to_act(state)[0]
    action = game.legal_actions(state, seat)[0]
    state = game.apply(state, seat, action)
    assert game.view(state, None)["players"][seat]["missing_suit"] is None
    assert game.open_view(state)["players"][seat]["missing_suit"] == action["suit"]

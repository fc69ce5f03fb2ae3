"""A finished Sichuan deal under exchange three (rules/options.md OPT-SC-1) replayed as the server
serves it (``service.replay_steps``: every hand open at every step): a ``"random"`` direction
is in no step's state and no event before the ``exchanged`` event, which comes with the fourth
selection and carries every seat's three."""

from __future__ import annotations

import json
import random

from engine import get_game
from engine.core.playout import random_action
from server.service import replay_steps

G = get_game("sichuan")


def _finished(seed: int, options: dict) -> tuple[list[tuple[int, int, str]], int]:
    """A deal played to its end at random: its actions as the store keeps them, and its dealer."""
    state = G.new_deal(seed, options=options)
    rng = random.Random(seed)
    actions = []
    while seats := G.to_act(state):
        seat = seats[0]
        action = random_action(G, state, seat, rng)
        actions.append((len(actions) + 1, seat, json.dumps(action)))
        state = G.apply(state, seat, action)
    return actions, state.dealer


def test_the_replay_shows_the_direction_only_once_the_tiles_move() -> None:
    options = G.options({"exchange_three": "random"})
    for seed in range(3):
        actions, dealer = _finished(seed, {"exchange_three": "random"})
        events, steps = replay_steps("sichuan", seed, dealer, tuple(actions), options)
        moved = next(i for i, e in enumerate(events) if e["type"] == "exchanged")
        direction = events[moved]["direction"]
        assert len(events[moved]["given"]) == 4
        assert not any("direction" in json.dumps(e) for e in events[:moved])
        for step in steps:  # a step's state is the open view without the events
            assert "direction" not in json.dumps(step["state"]), step["index"]
            shown = step["events"] > moved  # the exchanged event has happened by this step
            assert shown == (step["state"]["phase"] not in ("exchange",)), step["index"]
        assert steps[4]["events"] == moved + 1 and steps[4]["state"]["phase"] == "declare"
        assert direction in ("clockwise", "counterclockwise", "across")

"""The playout speed-ups (``apply_listed``, MCR's cheaper ``is_complete``) change no decision
and no state: basic-played playouts of many deals per game give the same digest as before them.

The digests cover every view a policy was shown, the legal actions and the action taken, the
final open view (every tile and the whole event log) and the deltas. They were taken with the
code of 789e9e9, before the speed-ups; a change of any decision or state changes them.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from ai.policies import POLICIES
from ai.search import playout
from engine import get_game

DEALS = 30

BEFORE = {
    "mcr": "b354ad15b835de5002b5a89fa37b72c5c0e8a24b38073f941001fff90a51a437",
    "nantong": "82469a47bc7d161c142e2604693df40d8a00640b5cdcadfaea15487332526ca4",
    "paohuzi": "daeda9b13b97a0af856b09443e9477044b6954ae65ccc9764ecf16b06700539a",
    "sichuan": "624b4f97f977aefd1d7aabf80631d758759ad6c1629d1b2908e0ee0931e45160",
}


def playouts_digest(name: str, deals: int = DEALS) -> str:
    """The digest of ``deals`` playouts (``ai.search.playout``) of ``name`` by ``basic``."""
    game = get_game(name)
    basic = POLICIES[name]["basic"]
    h = hashlib.sha256()

    def seen(view: dict, legal: list[dict], rng: random.Random) -> dict:
        action = basic(view, legal, rng)
        h.update(json.dumps([view, legal, action], sort_keys=True).encode())
        return action

    for d in range(deals):
        deltas = playout(game, game.new_deal(2900 + d), seen, random.Random(d))
        h.update(json.dumps(deltas).encode())
    return h.hexdigest()


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_basic_playouts_are_the_same_as_before_the_speedups(name: str) -> None:
    assert playouts_digest(name) == BEFORE[name]


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_apply_listed_gives_the_states_apply_gives(name: str) -> None:
    """Step by step over basic-played deals, every seat's every listed action taken both ways
    (not only the one played): the same next state."""
    game = get_game(name)
    basic = POLICIES[name]["basic"]
    steps = 0
    for d in range(6):
        state = game.new_deal(2950 + d)
        rng = random.Random(d)
        while seats := game.to_act(state):
            for seat in seats:
                for action in game.legal_actions(state, seat):
                    assert game.apply_listed(state, seat, action) == game.apply(state, seat,
                                                                                action)
                    steps += 1
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            state = game.apply(state, seat, basic(game.view(state, seat), legal, rng))
    assert steps > 500

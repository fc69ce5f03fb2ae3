"""The MCR ``basic`` policy: always legal, wins (only at 8 points or more, which the engine
enforces) and outscores random play."""

from __future__ import annotations

import random

from ai.policies import choose
from engine import get_game
from tests.mcr.position import position, tile_of

G = get_game("mcr")


def play(seed: int, levels: list[str]) -> dict:
    state = G.new_deal(seed)
    rng = random.Random(seed)
    while seats := G.to_act(state):
        seat = rng.choice(seats)
        legal = G.legal_actions(state, seat)
        action = choose("mcr", levels[seat], G.view(state, seat), legal, rng)
        assert action in legal
        state = G.apply(state, seat, action)
    return G.result(state)


def test_basic_beats_random_and_wins_with_eight_points() -> None:
    """MCR-4.2: basic wins only declarable hands; against random seats it scores more."""
    score = {"basic": 0, "random": 0}
    wins = 0
    for seed in range(12):
        levels = ["basic", "random"] * 2 if seed % 2 else ["random", "basic"] * 2
        result = play(seed, levels)
        for seat, delta in enumerate(result["deltas"]):
            score[levels[seat]] += delta
        for w in result["wins"]:
            assert w["points_before_flowers"] >= 8
            wins += levels[w["seat"]] == "basic"
    assert wins >= 4 and score["basic"] > score["random"]


def test_basic_waits_on_a_declarable_win() -> None:
    """MCR-4.2: ready two ways, it keeps the wait that scores 8 (Pure Straight) rather than a
    chicken-size one."""
    # 123456789m 11p 23p + E: discard E, wait on 1p/4p with the straight (16 points)
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 2p 3p E"}, drawn="E")
    view = G.view(state, 0)
    action = choose("mcr", "basic", view, G.legal_actions(state, 0), random.Random(0))
    assert action == {"type": "discard", "card": tile_of(state, 0, "E")}


def test_basic_takes_the_win() -> None:
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 1p 5s 5s"}, drawn="5s", wall="C")
    action = choose("mcr", "basic", G.view(state, 0), G.legal_actions(state, 0),
                    random.Random(0))
    assert action == {"type": "win"}

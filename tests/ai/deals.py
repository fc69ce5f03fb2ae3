"""Whole deals played in-process by AI levels, for the policy tests: every answer is asserted
legal, as the AI service would need it to be."""

from __future__ import annotations

import random
from typing import Any

from ai.policies import POLICIES, Policy, choose
from engine import get_game


def play_deal(name: str, seed: int, levels: list[str], rng: random.Random | None = None, *,
              policies: dict[str, dict[str, Policy]] = POLICIES,
              first_claimant: bool = False,
              options: dict[str, Any] | None = None) -> tuple[Any, int]:
    """The deal dealt from ``seed`` played to its end with ``levels[seat]`` in every seat; returns
    the final state and the number of decisions. When several seats answer a claim the next one
    is drawn from ``rng`` (default: seeded with ``seed``), or is the first with ``first_claimant``;
    ``options``: the match's house rules."""
    game = get_game(name)
    state = game.new_deal(seed, options=options)
    rng = random.Random(seed) if rng is None else rng
    decisions = 0
    while seats := game.to_act(state):
        seat = seats[0] if first_claimant or len(seats) == 1 else rng.choice(seats)
        legal = game.legal_actions(state, seat)
        action = choose(name, levels[seat], game.view(state, seat), legal, rng, policies)
        assert action in legal, (name, seed, seat, action)
        state = game.apply(state, seat, action)
        decisions += 1
        assert decisions < 2000, "the deal did not end"
    return state, decisions


def play_one_seat(name: str, seed: int, level: str, seat: int, seats: int, *,
                  policies: dict[str, dict[str, Policy]] = POLICIES) -> None:
    """The deal from ``seed`` with ``level`` in ``seat`` and ``basic`` in the others: every
    answer is legal (``play_deal`` asserts it) and the deal ends."""
    levels = ["basic"] * seats
    levels[seat] = level
    state, decisions = play_deal(name, seed, levels, policies=policies)
    assert state.phase == "over" and decisions > 0

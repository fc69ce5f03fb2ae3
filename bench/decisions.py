"""Every decision of deals played by ``basic`` at every seat: the walk that the strong-search
tools (``strong_oracle``, ``strong_bias``, ``strong_probe``) measure on."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ai.policies import POLICIES
from engine import get_game


@dataclass(frozen=True)
class Decision:
    deal: int
    """The deal's index in the run (0, 1, ...)."""
    step: int
    """The decision's index in its deal."""
    state: Any
    seat: int
    legal: list[dict[str, Any]]
    view: dict[str, Any]
    action: dict[str, Any]
    """``basic``'s choice: the deal goes on with it, whatever a tool tries instead."""


def basic_decisions(game_name: str, deals: int,
                    deal_seed: Callable[[int], int]) -> Iterator[Decision]:
    """The decisions of ``deals`` deals (deal ``d`` shuffled by ``deal_seed(d)``), each seat
    played by ``basic`` with ``random.Random(d)``."""
    game = get_game(game_name)
    basic = POLICIES[game_name]["basic"]
    for d in range(deals):
        state = game.new_deal(deal_seed(d))
        rng = random.Random(d)
        step = 0
        while seats := game.to_act(state):
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            action = basic(view, legal, rng)
            yield Decision(d, step, state, seat, legal, view, action)
            step += 1
            state = game.apply(state, seat, action)


def searched(x: Decision) -> bool:
    """The decisions the strong-search tools measure: more than one legal action and no win
    offered."""
    return len(x.legal) > 1 and not any(y["type"] == "win" for y in x.legal)

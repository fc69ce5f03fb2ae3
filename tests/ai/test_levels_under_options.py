"""Every AI level plays every house-rule set legally (rules/options.md OPT-0.4): each option
combination the protocol properties run on (``VARIANTS``) is dealt and played to its end with
``random``, ``basic``, the prior and ``strong`` (a tiny fixed search) sharing the table, seats
rotating between variants; ``play_deal`` asserts every answer is among the legal actions."""

from __future__ import annotations

import json

import pytest

from ai.arena import arena_policies
from ai.search import Settings
from engine import get_game
from tests.ai.deals import play_deal
from tests.test_properties import VARIANTS

TINY = Settings(rollouts=1, candidates=2)
LEVELS = ("random", "basic", "prior", "strong")
CASES = [pytest.param(name, i, options, id=f"{name}{json.dumps(options, separators=(',', ':'))}")
         for name, variants in VARIANTS.items() for i, options in enumerate(variants)]


@pytest.mark.parametrize(("name", "index", "options"), CASES)
def test_every_level_plays_the_house_rules_legally(name: str, index: int, options: dict) -> None:
    game = get_game(name)
    policies = arena_policies(TINY)
    levels = [LEVELS[(index + s) % len(LEVELS)] for s in range(game.players)]
    state, decisions = play_deal(name, 700 + index, levels, policies=policies, options=options)
    assert state.phase == "over" and decisions > 0
    assert all(state.options[k] == (tuple(v) if isinstance(v, list) else v)
               for k, v in options.items())

"""AI policies: pure functions from (view, legal actions, rng) to one of the legal actions.

``POLICIES[game][level]`` is a ``Policy``; ``choose`` looks one up and checks its answer. Every
game registered in ``engine.GAMES`` gets the ``random`` level for free; games add stronger
levels in their own module (``sichuan.basic``).

A policy sees only what a seat sees — the JSON view (``game.view(state, seat)``) and the legal
action list — does no I/O, reads no clock and keeps no state between calls besides pure caches,
so it is deterministic given the ``random.Random`` it is passed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import GAMES

from . import mcr, nantong, paohuzi, sichuan

Policy = Callable[[dict, list[dict], random.Random], dict]


def random_policy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """Any game: a legal action chosen uniformly."""
    return rng.choice(legal)


_LEVELS: dict[str, dict[str, Policy]] = {
    "mcr": {"basic": mcr.basic},
    "nantong": {"basic": nantong.basic},
    "paohuzi": {"basic": paohuzi.basic},
    "sichuan": {"basic": sichuan.basic},
}


def _registry() -> dict[str, dict[str, Policy]]:
    names = set(GAMES) | set(_LEVELS)
    return {name: {"random": random_policy, **_LEVELS.get(name, {})} for name in sorted(names)}


POLICIES: dict[str, dict[str, Policy]] = _registry()
"""Game name -> level -> policy."""


def levels(game: str) -> list[str]:
    """The levels available for ``game`` (``ValueError`` for an unknown game)."""
    if game not in POLICIES:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(sorted(POLICIES))}")
    return list(POLICIES[game])


def choose(game: str, level: str, view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The action the ``level`` AI of ``game`` takes: always an element of ``legal``."""
    if game not in POLICIES:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(sorted(POLICIES))}")
    if level not in POLICIES[game]:
        raise ValueError(f"unknown level {level!r} for {game}; known: {', '.join(POLICIES[game])}")
    if not legal:
        raise ValueError("no legal action to choose from")
    action = POLICIES[game][level](view, legal, rng)
    if action not in legal:  # a policy bug must not reach the engine as an illegal move
        raise RuntimeError(f"{game}/{level} chose {action!r}, which is not legal")
    return action


__all__ = ["POLICIES", "Policy", "choose", "levels", "random_policy"]

"""AI policies: pure functions from (view, legal actions, rng) to one of the legal actions.

``POLICIES[game][level]`` is a ``Policy``; ``choose`` looks one up and checks its answer. Every
game registered in ``engine.GAMES`` gets the ``random`` level for free; games add ``basic`` in
their own module (``sichuan_basic.basic``), and every game with a ``basic`` gets ``strong``
(``ai/search.py``: the game's prior, ``PRIORS`` below, whose choice a search over deals the
game samples from the view, ``game.sample``, corrected by the game's refiner, ``REFINERS``, may
overrule, 1 s a decision by default; ``registry(Settings(...))`` builds the table with another
budget).

A policy sees only what a seat sees — the JSON view (``game.view(state, seat)``) and the legal
action list — does no I/O, reads no clock and keeps no state between calls besides pure caches,
so it is deterministic given the ``random.Random`` it is passed (``strong`` reads the clock
for its time budget, unless given a fixed number of rollouts).
"""

from __future__ import annotations

import random

from engine import GAMES

from ..search import Policy, Refiner, Settings, StrongPolicy
from . import (
    mcr_basic,
    mcr_prior,
    mcr_refine,
    nantong_basic,
    nantong_prior,
    nantong_refine,
    paohuzi_basic,
    paohuzi_prior,
    paohuzi_refine,
    sichuan_basic,
    sichuan_prior,
    sichuan_refine,
)


def random_policy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """Any game: a legal action chosen uniformly."""
    return rng.choice(legal)


_LEVELS: dict[str, dict[str, Policy]] = {
    "mcr": {"basic": mcr_basic.basic},
    "nantong": {"basic": nantong_basic.basic},
    "paohuzi": {"basic": paohuzi_basic.basic},
    "sichuan": {"basic": sichuan_basic.basic},
}


PRIORS: dict[str, Policy] = {"mcr": mcr_prior.prior, "nantong": nantong_prior.prior,
                              "paohuzi": paohuzi_prior.prior, "sichuan": sichuan_prior.prior}
"""Game name -> the heuristic ``strong`` starts from and plays its own seat's playouts with
(``basic`` where a game has none)."""

REFINERS: dict[str, Refiner] = {
    "mcr": mcr_refine.refine, "nantong": nantong_refine.refine,
    "paohuzi": paohuzi_refine.refine, "sichuan": sichuan_refine.refine}
"""Game name -> a re-dealt state's correction towards what the opponents' play reveals."""


def strong_policy(game: str, settings: Settings | None = None,
                  prior: Policy | None = None) -> StrongPolicy:
    """``game``'s search over ``basic``'s candidates with its refiner, starting from ``prior``
    (None: ``basic``'s own choice)."""
    return StrongPolicy(game, _LEVELS[game]["basic"], REFINERS.get(game), settings, prior)


def registry(strong: Settings | None = None) -> dict[str, dict[str, Policy]]:
    """Game name -> level -> policy, ``strong`` searching with ``strong`` settings."""
    out: dict[str, dict[str, Policy]] = {}
    for name in sorted(set(GAMES) | set(_LEVELS)):
        levels = {"random": random_policy, **_LEVELS.get(name, {})}
        if "basic" in levels:
            levels["strong"] = strong_policy(name, strong, PRIORS.get(name))
        out[name] = levels
    return out


POLICIES: dict[str, dict[str, Policy]] = registry()
"""Game name -> level -> policy (``strong`` with its default 1 s budget)."""


def levels(game: str) -> list[str]:
    """The levels available for ``game`` (``ValueError`` for an unknown game)."""
    if game not in POLICIES:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(sorted(POLICIES))}")
    return list(POLICIES[game])


def choose(game: str, level: str, view: dict, legal: list[dict], rng: random.Random,
           policies: dict[str, dict[str, Policy]] | None = None) -> dict:
    """The action the ``level`` AI of ``game`` takes (from ``policies``, by default
    ``POLICIES``): always an element of ``legal``."""
    table = POLICIES if policies is None else policies
    if game not in table:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(sorted(table))}")
    if level not in table[game]:
        raise ValueError(f"unknown level {level!r} for {game}; known: {', '.join(table[game])}")
    if not legal:
        raise ValueError("no legal action to choose from")
    action = table[game][level](view, legal, rng)
    if action not in legal:  # a policy bug must not reach the engine as an illegal move
        raise RuntimeError(f"{game}/{level} chose {action!r}, which is not legal")
    return action


__all__ = ["POLICIES", "PRIORS", "REFINERS", "Policy", "Settings", "choose", "levels",
           "random_policy", "registry", "strong_policy"]

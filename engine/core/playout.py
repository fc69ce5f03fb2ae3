"""Random legal play to the end of a deal: the driver for self-play, benchmarks and property tests.

Pure: the caller passes the ``random.Random`` that picks seats and actions, so a playout is
reproducible from (game, seed, rng state). A deal that does not end within ``MAX_STEPS`` decisions
raises, because a game that can loop forever is a bug to surface, not to hide.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .errors import EngineError
from .protocol import Action, Game

MAX_STEPS = 10_000
"""Far above any real deal (a mahjong deal takes a few hundred decisions at most)."""

OnStep = Callable[[Any, int, Action, Any], None]
Policy = Callable[[Game, Any, int, random.Random], Action]

PLAIN = frozenset({"discard", "pass"})
"""Action types that merely keep play going; everything else (wins, melds) makes something."""


def random_action(game: Game, state: Any, seat: int, rng: random.Random) -> Action:
    """One of ``seat``'s legal actions, uniformly at random."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise EngineError(f"seat {seat} is to act but has no legal action")
    return rng.choice(legal)


def eager_action(game: Game, state: Any, seat: int, rng: random.Random) -> Action:
    """A random legal action, but one that makes something (a win, a meld) whenever there is
    one: uniform play rarely completes a hand, and tests need the rare states too."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise EngineError(f"seat {seat} is to act but has no legal action")
    keen = [a for a in legal if a["type"] not in PLAIN]
    return rng.choice(keen or legal)


def hoarding_action(game: Game, state: Any, seat: int, rng: random.Random) -> Action:
    """Play that keeps copies of a face together: it declares every concealed kong it can,
    takes every win, passes on other claims, discards from its least-held faces, and decides
    anything else at random.
    Uniform play seldom holds four of a kind, and the hidden-information tests need face-down
    kongs in every game that has them."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise EngineError(f"seat {seat} is to act but has no legal action")
    for kind in ("concealed_kong", "win"):
        made = [a for a in legal if a["type"] == kind]
        if made:
            return rng.choice(made)
    discards = [a for a in legal if a["type"] == "discard"]
    if not discards:
        passes = [a for a in legal if a["type"] == "pass"]  # a pung would spoil a kong
        return passes[0] if passes else rng.choice(legal)
    held: dict[int, int] = {}
    for a in discards:  # a card id's face is id >> 2 in every game
        held[a["card"] >> 2] = held.get(a["card"] >> 2, 0) + 1
    fewest = min(held.values())
    return rng.choice([a for a in discards if held[a["card"] >> 2] == fewest])


def random_playout(
    game: Game,
    seed: int,
    rng: random.Random,
    dealer: int | None = None,
    on_step: OnStep | None = None,
    max_steps: int = MAX_STEPS,
    policy: Policy = random_action,
) -> tuple[Any, int]:
    """Play the deal dealt from ``seed`` to its end with random legal decisions (``policy``:
    uniform by default, or ``eager_action``).

    When several seats are to act (a claim window) the seat that answers next is drawn from
    ``rng`` too, so every answering order gets exercised. ``on_step(before, seat, action, after)``
    sees each decision. Returns the final state and the number of decisions taken.
    """
    state = game.new_deal(seed, dealer)
    steps = 0
    while True:
        seats = game.to_act(state)
        if not seats:
            return state, steps
        if steps >= max_steps:
            raise RuntimeError("deal did not end")
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        action = policy(game, state, seat, rng)
        after = game.apply(state, seat, action)
        if on_step is not None:
            on_step(state, seat, action, after)
        state = after
        steps += 1

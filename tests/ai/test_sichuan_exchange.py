"""The Sichuan AI and exchange three (rules/options.md OPT-SC-1): every level passes a legal
selection; ``basic`` (and ``strong``, which starts from it) passes three tiles of the suit it
then declares missing, the least useful first. Hand-made hands, decided from the seat's view."""

from __future__ import annotations

import random

import pytest

from ai.policies import POLICIES, strong_policy
from ai.search import Settings
from engine import get_game
from engine.core.state import evolve
from tests.sichuan.position import faces, position

G = get_game("sichuan")
OPTIONS = G.options({"exchange_three": "across"})
OTHERS = {1: "1p 2p 3p 4p 6p 7p 8p 9p 1s 2s 3s 4s 4m",
          2: "2s 3s 4s 5s 6s 6s 6s 3p 3p 4m 5m 6m 7m",
          3: "7p 7p 8p 8p 9p 9p 5s 7s 7s 8s 8s 9s 9s"}


def exchange(hand: str):
    """Seat 0 holds ``hand`` in the exchange phase (exchange across)."""
    state, _ = position({0: hand, **OTHERS}, missing="????", phase="exchange")
    return evolve(state, options=OPTIONS, exchange_direction=2)


def passes(state, seat: int = 0, level: str = "basic") -> str:
    view, legal = G.view(state, seat), G.legal_actions(state, seat)
    policy = POLICIES["sichuan"][level] if level != "strong" else strong_policy(
        "sichuan", Settings(rollouts=4))
    action = policy(view, legal, random.Random(0))
    assert action in legal
    return faces(action["cards"])


@pytest.mark.parametrize(("hand", "given"), [
    # bamboo and dots have three each: the scattered bamboo goes, the dots run stays
    ("1m 2m 3m 5m 6m 7m 9m 4p 5p 6p 1s 5s 9s", "1s 5s 9s"),
    # one bamboo (no selection): of the four dots the isolated 9p, then the two nearest an edge
    ("1m 2m 3m 4m 5m 6m 7m 8m 2p 3p 4p 9p 5s", "2p 3p 9p"),
    # dots fewest among the suits of three or more; its isolated 1p and 9p first
    ("1m 2m 3m 5m 6m 7m 8m 1p 5p 6p 9p 2s 3s", "1p 6p 9p"),
])
def test_basic_passes_the_suit_it_will_not_keep(hand, given):
    """OPT-SC-1.1: the suit with fewest tiles among those it may pass, its least useful
    tiles; and after the exchange (nothing of that suit received) it declares that suit."""
    state = exchange(hand)
    assert passes(state) == given


def test_the_declaration_after_the_exchange_follows_the_pass():
    """OPT-SC-1.4: having passed its bamboo, ``basic`` declares bamboo missing."""
    state = exchange("1m 2m 3m 5m 6m 7m 9m 4p 5p 6p 1s 5s 9s")
    for seat in range(4):
        view, legal = G.view(state, seat), G.legal_actions(state, seat)
        state = G.apply(state, seat, POLICIES["sichuan"]["basic"](view, legal, random.Random(0)))
    assert state.phase == "declare"
    view = G.view(state, 0)
    action = POLICIES["sichuan"]["basic"](view, G.legal_actions(state, 0), random.Random(0))
    assert action == {"type": "declare_missing", "suit": "s"}


@pytest.mark.parametrize("level", ["random", "basic", "strong"])
def test_every_level_plays_the_exchange_legally(level):
    """Every level passes a listed selection, on a dealt hand too."""
    assert len(passes(exchange("1m 2m 3m 5m 6m 7m 9m 4p 5p 6p 1s 5s 9s"), level=level).split()) == 3
    state = G.new_deal(7, options={"exchange_three": "random"})
    for seat in range(4):
        assert len(passes(state, seat, level).split()) == 3


def test_strong_starts_from_basics_pass():
    """``strong``'s first candidate is ``basic``'s pass; a search over the exchange runs."""
    state = exchange("1m 2m 3m 5m 6m 7m 9m 4p 5p 6p 1s 5s 9s")
    policy = strong_policy("sichuan", Settings(rollouts=4))
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    found = policy.search(view, legal, random.Random(1))
    assert faces(found.candidates[0]["cards"]) == "1s 5s 9s"
    assert len(found.candidates) == 3 and all(v for v in found.values)

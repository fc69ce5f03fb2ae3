"""Every AI level in Blood River (血流成河, options.md OPT-SC-2): a locked hand leaves few
choices, and ``basic``, the prior and ``strong`` take every win it is offered, kong only as the
engine allows (the waits unchanged, OPT-SC-2.3), and otherwise discard the tile just drawn;
whole river deals are played legally by every level."""

from __future__ import annotations

import random

import pytest

from ai.policies import POLICIES, choose, strong_policy
from ai.policies import sichuan_prior as P
from ai.search import Settings
from engine import get_game
from engine.core.state import evolve
from engine.mahjong import parse_face
from engine.sichuan import Win
from engine.sichuan.river import winning_faces
from tests.ai.deals import play_deal
from tests.sichuan.position import act, position, tile_of

G = get_game("sichuan")
RIVER = {"blood_mode": "river"}
TWO_WAITS = "2m 2m 2m 4m 5m 6m 7s 8s 9s 3s 3s 5s 6s"
"""Missing suit p; waits 4s and 7s; a kong of 2m keeps them."""
TINY = Settings(rollouts=1, candidates=2)
LEVELS = ("random", "basic", "prior", "strong")


def decide(state, seat: int, level: str) -> dict:
    view, legal = G.view(state, seat), G.legal_actions(state, seat)
    if level == "prior":
        action = P.prior(view, legal, random.Random(0))
    elif level == "strong":
        action = strong_policy("sichuan", TINY, P.prior)(view, legal, random.Random(0))
    else:
        action = choose("sichuan", level, view, legal, random.Random(0), POLICIES)
    assert action in legal
    return action


def locked(hands, won: str, **kw):
    """A river position where seat 0 has won once on ``won``, its tile in its win pile."""
    state, tiles = position(hands, missing="pppp", **kw)
    tile = tiles.take(won)
    win = Win(seat=0, tile=tile, source=None, fan=0, points=1, patterns=(("basic_hand", 1),),
              shape="standard", self_draw=True)
    return evolve(state, options=G.options(RIVER), wins=(win,),
                  win_piles=((tile,), (), (), ()), wall=tuple(t for t in state.wall if t != tile))


@pytest.mark.parametrize("level", LEVELS[1:])
def test_a_locked_hand_takes_its_self_draw(level):
    state = locked({0: TWO_WAITS + " 7s"}, "4s", drawn="7s")
    assert decide(state, 0, level) == {"type": "win"}


@pytest.mark.parametrize("level", LEVELS[1:])
def test_a_locked_hand_takes_an_early_discard_win(level):
    """The prior passes early discard wins (SC-5.4) but never in a locked hand: its waits stay,
    a passed win is only points lost."""
    state = locked({0: TWO_WAITS, 1: "7s 1m 1m 1m 3m 3m 3m 7m 7m 7m 8m 8m 8m"}, "4s", turn=1)
    state = act(G, state, 1, type="discard", card=tile_of(state, 1, "7s"))
    assert G.view(state, 0)["wall_remaining"] >= P.DECLINE_WALL
    assert decide(state, 0, level) == {"type": "win"}


@pytest.mark.parametrize("level", LEVELS[1:3])
def test_a_locked_hand_kongs_when_allowed(level):
    """The fourth 2m drawn: the kong keeps the waits and collects 2 from each (SC-9.4)."""
    state = locked({0: TWO_WAITS + " 2m"}, "4s", drawn="2m")
    assert decide(state, 0, level)["type"] == "concealed_kong"


@pytest.mark.parametrize("level", LEVELS)
def test_a_locked_hand_discards_its_drawn_tile(level):
    state = locked({0: TWO_WAITS + " 1s"}, "4s", drawn="1s")
    assert decide(state, 0, level) == {"type": "discard", "card": state.drawn}


def test_the_prior_names_the_first_turn_win_tile_that_keeps_the_best_waits():
    """OPT-SC-2.2: the dealer's 14-tile first-turn win names the tile for the win pile; the
    prior names the one whose locked hand has the waits worth most (``wait_worth``), and that
    hand is ready on the named tile's face."""
    state, _ = position({0: TWO_WAITS + " 7s"}, missing="pppp")
    state = evolve(state, options=G.options(RIVER), drawn=None)
    action = decide(state, 0, "prior")
    assert action["type"] == "win" and "card" in action
    after = G.apply(state, 0, action)
    best = max(P.wait_worth(P._add(P._Seat(G.view(state, 0)).counts, t >> 2, -1), (),
                            P._Seat(G.view(state, 0))) for t in state.hands[0])
    me = P._Seat(G.view(state, 0))
    assert P.wait_worth(P._add(me.counts, action["card"] >> 2, -1), (), me) == best
    assert action["card"] >> 2 in winning_faces(after.hands[0], 0, parse_face("1p") // 9)


@pytest.mark.parametrize("seed", range(3))
def test_whole_river_deals_are_legal_at_every_level(seed):
    table = {"sichuan": dict(POLICIES["sichuan"], prior=P.prior,
                             strong=strong_policy("sichuan", TINY, P.prior))}
    state, _ = play_deal("sichuan", 90 + seed, ["random", "basic", "prior", "strong"],
                         policies=table, options=RIVER)
    assert state.phase == "over" and state.options.blood_mode == "river"

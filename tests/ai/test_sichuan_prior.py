"""The Sichuan prior (``ai/policies/sichuan_prior.py``, rule ids ``SC-`` from
``shared/rules/sichuan.md``): each of its rules on a hand-made position, where it plays
otherwise than ``basic`` (or, outside the rule's reach, as ``basic`` does), and whole seeded
deals where every answer is legal.

Decisions are taken from what the engine hands a seat — ``game.view(state, seat)`` and
``game.legal_actions(state, seat)`` — as the AI service does.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ai.policies import POLICIES
from ai.policies import sichuan_basic as basic_ai
from ai.policies import sichuan_prior as P
from ai.policies.sichuan_basic import _add, _Seat
from engine import get_game
from engine.mahjong import parse_face
from engine.sichuan.state import Win
from tests.ai.deals import play_deal
from tests.sichuan.position import act, position, tile_of

G = get_game("sichuan")
BASIC = POLICIES["sichuan"]["basic"]
POLICY_TABLE = {"sichuan": dict(POLICIES["sichuan"], prior=P.prior)}


def both(state, seat: int) -> tuple[dict, dict]:
    """(basic's answer, the prior's) for ``seat``; the prior's is checked legal."""
    view, legal = G.view(state, seat), G.legal_actions(state, seat)
    mine = P.prior(view, legal, random.Random(0))
    assert mine in legal
    return BASIC(view, legal, random.Random(0)), mine


def offer(hand0: str, card: str, **kw):
    """Seat 1 discards ``card`` (a dots face); seat 0, holding ``hand0`` and missing bamboo,
    gets a claim window on it. ``kw``: more of ``position``'s arguments (``wall_extra``)."""
    state, _ = position({0: hand0, 1: f"{card} 1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 6s"},
                        missing="smpp", turn=1, dealer=1, **kw)
    state = act(G, state, 1, type="discard", card=tile_of(state, 1, card))
    assert state.phase == "claim" and G.to_act(state) == [0]
    return state


def split(hand: str, basic_face: str, mine_face: str) -> _Seat:
    """Seat 0, missing bamboo, to discard from ``hand`` (its last tile just drawn): basic throws
    ``basic_face``, the prior ``mine_face``; the seat's reading of its view."""
    state, _ = position({0: hand}, missing="sppp", drawn=hand.split()[-1])
    basic_choice, mine = both(state, 0)
    assert basic_choice == {"type": "discard", "card": tile_of(state, 0, basic_face)}
    assert mine == {"type": "discard", "card": tile_of(state, 0, mine_face)}
    return _Seat(G.view(state, 0))


READY = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 5p"
"""Ready on 5p alone (a pair wait), for a 0-fan basic hand (SC-8) worth 1 point (SC-9.1)."""


# ---------------------------------------------------------------- waits by value (SC-8, SC-9.1)

def test_a_ready_discard_keeps_the_wait_that_pays_more():
    """Basic throws a 2m and waits on 8p (3 unseen, a 0-fan hand: 1 point); the prior throws
    the 8p and waits on 2m for a full flush (SC-8: 2 fan, 4 points), though only 2 are unseen:
    3 x (1 + 1) = 6 against 2 x (4 + 1) = 10."""
    me = split("1m 2m 2m 3m 4m 5m 6m 6m 7m 7m 8m 8m 9m 8p", "2m", "8p")
    after_basic = _add(me.counts, parse_face("2m"), -1)
    after = _add(me.counts, parse_face("8p"), -1)
    assert P.is_ready(after_basic, ()) and P.is_ready(after, ())
    assert P.wait_points(after_basic, (), parse_face("8p"), me.missing) == 1
    assert P.wait_points(after, (), parse_face("2m"), me.missing) == 4
    assert P.wait_worth(after_basic, (), me) == 6
    assert P.wait_worth(after, (), me) == 10


def test_a_discard_short_of_ready_is_basic_s():
    """Far from ready the prior keeps basic's shanten play (here, with one pair, basic's very
    discard)."""
    state, _ = position({0: "1m 4m 7m 2p 5p 8p 3m 6m 9m 1p 1p 4p 4p 9p"}, missing="sppp",
                        drawn="9p")
    basic_choice, mine = both(state, 0)
    assert mine == basic_choice


def test_short_of_ready_a_held_pair_s_draws_count_four_times():
    """SC-5.1: a pair can be completed by a pung off any opponent's discard, a sequence part only
    by a draw. Two steps from ready, basic throws a 2m (49 unseen draws lower the shanten
    against 47 after the 6m); the prior throws the 6m and keeps the pairs of 2m, 8m and 1p (65
    weighted draws against 61)."""
    me = split("2m 2m 3m 4m 6m 8m 8m 1p 1p 2p 3p 6p 8p 9p", "2m", "6m")
    draws = {}
    for face in ("2m", "6m"):
        after = _add(me.counts, parse_face(face), -1)
        assert basic_ai.shanten(after, True) == 2
        draws[face] = (basic_ai.ukeire(after, True, me.missing, me.unseen),
                       basic_ai.ukeire(after, True, me.missing, me.unseen, None, P.PAIR_WEIGHT))
    assert draws == {"2m": (49, 61), "6m": (47, 65)}


def test_the_missing_suit_goes_first():
    """SC-3.2: holding its missing suit the seat must throw it, ready-looking hand or not."""
    state, _ = position({0: "1m 2m 2m 3m 4m 5m 6m 6m 7m 7m 8m 8m 9m 5s"}, missing="sppp",
                        drawn="5s")
    basic_choice, mine = both(state, 0)
    assert mine == basic_choice == {"type": "discard", "card": tile_of(state, 0, "5s")}


# ---------------------------------------------------------------- early discard wins (SC-5.4)

def test_an_early_discard_win_is_passed_with_all_four_active():
    """SC-5.4 (no penalty for passing a win): with 81 tiles in the wall and nobody out, the
    1-point win on seat 1's 5p (SC-9.2: 1 from seat 1) is passed, to self-draw it for
    base + 1 from each of three (SC-9.3: 6)."""
    state = offer(READY, "5p")
    view = G.view(state, 0)
    assert view["wall_remaining"] >= P.DECLINE_WALL and view["claim"]["kind"] == "discard"
    basic_choice, mine = both(state, 0)
    assert basic_choice == {"type": "win"}
    assert mine == {"type": "pass"}


def test_a_late_discard_win_is_taken():
    """Fewer than 30 tiles left in the wall: the win is taken."""
    state = offer(READY, "5p", wall_extra=P.DECLINE_WALL - 1)
    assert G.view(state, 0)["wall_remaining"] < P.DECLINE_WALL
    assert both(state, 0) == ({"type": "win"}, {"type": "win"})


def test_a_discard_win_is_taken_once_a_player_is_out():
    """SC-6.1: after a first win a self-draw is paid by two opponents at most: win at once."""
    state = offer(READY, "5p")
    out = Win(seat=3, tile=0, source=None, fan=0, points=1, patterns=(), shape="standard",
              self_draw=True)
    state = replace(state, wins=(out,))
    assert G.view(state, 0)["players"][3]["won"]
    assert both(state, 0) == ({"type": "win"}, {"type": "win"})


def test_robbing_a_kong_is_taken_early():
    """SC-5.3: robbing seat 1's added kong on 6p (+1 fan, SC-8) is a win the prior takes even
    with the wall full."""
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 4p 5p",
                         1: "6p 1s 1s 1s 2s 2s 2s 3s 3s 3s 4s"},
                        melds={1: [("pung", "6p", 2)]}, missing="smpp", turn=1, dealer=1,
                        drawn="6p")
    state = act(G, state, 1, type="added_kong", card=tile_of(state, 1, "6p"))
    assert state.phase == "claim" and G.view(state, 0)["claim"]["kind"] == "rob"
    assert both(state, 0) == ({"type": "win"}, {"type": "win"})


def test_a_self_draw_is_taken_early():
    """A self-draw (SC-4.1) is never passed."""
    state, _ = position({0: READY + " 5p"}, missing="sppp", drawn="5p")
    assert both(state, 0) == ({"type": "win"}, {"type": "win"})


# ---------------------------------------------------------------- a full flush (SC-8: +2 fan)

FLUSHING = "1m 1m 4m 5m 5m 6m 6m 7m 8m 8m 9m 7p 7p"
"""Eleven characters and two dots, missing bamboo: at ``FLUSH_AT`` tiles of one suit."""


def test_a_flush_hand_throws_the_other_suit_first():
    """SC-8 (full flush, +2 fan: four times the points, SC-9.1): with eleven characters the prior
    throws a dot, though ``basic`` (and the prior without its flush play) keeps the dots' pair
    and partial wait for a faster, cheaper hand and throws the 9m."""
    state, _ = position({0: FLUSHING + " 8p"}, missing="sppp", drawn="8p")
    me = _Seat(G.view(state, 0))
    assert P.flush_suit(me, ()) == 0
    basic_choice, mine = both(state, 0)
    assert basic_choice == {"type": "discard", "card": tile_of(state, 0, "9m")}
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    assert P.unflushed_prior(view, legal, random.Random(0)) == basic_choice
    assert mine == {"type": "discard", "card": tile_of(state, 0, "7p")}  # basic's best dot


def test_a_flush_hand_passes_a_pung_of_the_other_suit():
    """SC-5.1: ``basic`` pungs seat 1's 7p (it brings the hand no further from ready); the
    prior playing for a characters flush passes it (a dots pung would end the flush)."""
    state = offer(FLUSHING, "7p")
    basic_choice, mine = both(state, 0)
    assert basic_choice == {"type": "pung"}
    assert mine == {"type": "pass"}


def test_below_flush_at_the_hand_plays_as_before():
    """Ten characters of fourteen: no flush play, the prior throws as ``basic`` does."""
    state, _ = position({0: "1m 1m 4m 5m 5m 6m 6m 7m 8m 8m 7p 7p 8p 9p"}, missing="sppp",
                        drawn="9p")
    assert P.flush_suit(_Seat(G.view(state, 0)), ()) is None
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    assert both(state, 0)[1] == P.unflushed_prior(view, legal, random.Random(0))


# ---------------------------------------------------------------- whole deals

def test_the_prior_is_always_legal_over_whole_deals():
    for seed in range(4):
        play_deal("sichuan", 70 + seed, ["prior", "basic", "prior", "prior"],
                  policies=POLICY_TABLE)


def test_the_prior_is_deterministic():
    state, _ = position({0: "1m 2m 2m 3m 4m 5m 6m 6m 7m 7m 8m 8m 9m 8p"}, missing="sppp",
                        drawn="8p")
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    assert len({str(P.prior(view, legal, random.Random(s))) for s in range(5)}) == 1

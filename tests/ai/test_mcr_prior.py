"""MCR, the heuristic ``strong`` starts from (ai/policies/mcr_prior.py): it breaks up a ready
hand that cannot win (MCR-4.2: no win under 8 points) for one that can, keeps the waits worth
most (MCR-5.2), declines claims that would leave it so, takes those that bring it nearer a hand
worth 8, plays toward such hands (``test_mcr_targets.py``) and is ``basic`` otherwise; always
legal."""

from __future__ import annotations

import random

from ai.policies import POLICIES
from ai.policies.mcr_basic import _add, _Hand, _Seat, claimed
from ai.policies.mcr_prior import _effective, live_draws, prior, ready_worth
from engine import get_game
from engine.mahjong import parse_face
from engine.mcr import scoring
from tests.ai.deals import play_deal
from tests.mcr.position import act, position, tile_of

G = get_game("mcr")
BASIC = POLICIES["mcr"]["basic"]


def _points_of_waits(me: _Seat, c: tuple[int, ...]) -> list[int]:
    situation = scoring.Situation(seat_wind=me.seat_wind, prevalent_wind=me.prevailing)
    return [pts for _, pts in scoring.hint(me.melds, c, situation)]


def test_a_dead_ready_hand_is_broken_up_for_one_that_can_win() -> None:
    """MCR-4.2: basic's 4p leaves 67m 234p 567s EE WWW ready on 5m/8m, and no wait scores 8;
    the prior gives up the 67m wait instead, for a hand with more draws toward a live wait."""
    state, _ = position({0: "6m 7m 2p 3p 4p 4p 5s 6s 7s E E W W W"}, drawn="4p")
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    me = _Seat(view)
    hand = _Hand.of(me.counts, me.concealed)
    basic_choice = BASIC(view, legal, random.Random(0))
    assert basic_choice == {"type": "discard", "card": tile_of(state, 0, "4p")}
    after_basic = _add(me.counts, me.face_of_id[basic_choice["card"]], -1)
    assert hand.shanten_without(me.face_of_id[basic_choice["card"]]) == 0
    points = _points_of_waits(me, after_basic)
    assert points and max(points) == 0  # ready, but on no declarable win

    choice = prior(view, legal, random.Random(0))
    assert choice == {"type": "discard", "card": tile_of(state, 0, "6m")}
    after = _add(me.counts, me.face_of_id[choice["card"]], -1)
    assert hand.shanten_without(me.face_of_id[choice["card"]]) == 1
    assert live_draws(me, me.melds, after, True) > live_draws(me, me.melds, after_basic, True)


def test_a_ready_hand_keeps_the_waits_worth_most() -> None:
    """MCR-5.2: a win is paid 8 by each player plus its points, so a wait is worth its copies
    times more than 8. From 1m 2m 2m 3m 4m 4m 5m 5m 6m 6m 6m 7m 8m 4s, basic keeps the 4s for a
    single wait on it (3 copies unseen, 8 points: more copies); the prior discards it and waits
    for the full flush on 2m (2 copies, 31 points): ``ready_worth`` 2 x (24 + 2 x 31) = 172
    against 3 x (24 + 2 x 8) = 120."""
    state, _ = position({0: "1m 2m 2m 3m 4m 4m 5m 5m 6m 6m 6m 7m 8m 4s"}, drawn="1m")
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    me = _Seat(view)
    basic_choice = BASIC(view, legal, random.Random(0))
    assert basic_choice == {"type": "discard", "card": tile_of(state, 0, "2m")}
    choice = prior(view, legal, random.Random(0))
    assert choice == {"type": "discard", "card": tile_of(state, 0, "4s")}
    flush, single = (_add(me.counts, me.face_of_id[a["card"]], -1) for a in (choice, basic_choice))
    situation = scoring.Situation(seat_wind=me.seat_wind, prevalent_wind=me.prevailing)
    assert scoring.hint(me.melds, flush, situation) == [(parse_face("2m"), 31)]
    assert scoring.hint(me.melds, single, situation) == [(parse_face("4s"), 8)]
    assert (ready_worth(me, flush), ready_worth(me, single)) == (172, 120)


def test_a_live_ready_hand_is_basic_s() -> None:
    """With a wait worth 8 on offer (Pure Straight), the prior keeps basic's choice."""
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 2p 3p E"}, drawn="E")
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    assert prior(view, legal, random.Random(0)) == BASIC(view, legal, random.Random(0)) == {
        "type": "discard", "card": tile_of(state, 0, "E")}


def test_a_claim_that_would_leave_a_dead_ready_hand_is_declined() -> None:
    """Seat 1 (Red Dragon pung melded) may chow seat 0's 2s into 234s and wait on 5p/8p after
    discarding the White Dragon: ready, but under 8 points on every wait. Basic chows (an open
    hand claims whatever lowers its shanten); the prior passes."""
    state, _ = position({0: "2s 1m 1m 9m 9m 2p 2p 8p 8p N N S S W",
                         1: "5m 6m 7m 1p 1p 6p 7p 3s 4s P"},
                        melds={1: [("pung", "C", 2)]})
    state = act(G, state, 0, type="discard", card=tile_of(state, 0, "2s"))
    assert state.phase == "claim"
    view, legal = G.view(state, 1), G.legal_actions(state, 1)
    assert {"type": "chow", "low": "2s"} in legal
    assert BASIC(view, legal, random.Random(0)) == {"type": "chow", "low": "2s"}
    assert prior(view, legal, random.Random(0)) == {"type": "pass"}


def test_a_claim_that_brings_the_hand_nearer_a_hand_worth_8_is_taken() -> None:
    """Seat 1 holds 1m-8m: seat 0's 9m completes a Pure Straight (16 points) by a chow. Basic
    passes (a concealed hand chows only to stand ready on 8 points, and this one would not);
    the prior chows, as its hand is one step nearer a hand worth 8 once it discards
    (``_effective`` 3 -> 2)."""
    state, _ = position({0: "9m 1p 1p 9p 9p 3s 3s 7s 7s N N S S W",
                         1: "1m 2m 3m 4m 5m 6m 7m 8m 2p 5p 1s 5s E"})
    state = act(G, state, 0, type="discard", card=tile_of(state, 0, "9m"))
    view, legal = G.view(state, 1), G.legal_actions(state, 1)
    me = _Seat(view)
    assert BASIC(view, legal, random.Random(0)) == {"type": "pass"}
    assert prior(view, legal, random.Random(0)) == {"type": "chow", "low": "7m"}
    assert _effective(me.counts, me.melds, True) == 3
    rest, meld = claimed(me.counts, parse_face("9m"), {"type": "chow", "low": "7m"})
    assert min(_effective(_add(rest, g, -1), (meld,), False) for g in range(34) if rest[g]) == 2


def test_a_claim_that_brings_the_hand_no_nearer_is_passed_as_basic_does() -> None:
    """Seat 1 is one step from seven pairs (five pairs, 7m 8m and the East): a chow on 9m would
    open the hand and end the seven pairs, so no hand worth 8 comes nearer. Basic and the prior
    pass."""
    state, _ = position({0: "9m 2p 2p 8p 8p 4s 4s 6s 6s N N S S W",
                         1: "7m 8m 1p 1p 5p 5p 9p 9p 3s 3s 7s 7s E"})
    state = act(G, state, 0, type="discard", card=tile_of(state, 0, "9m"))
    view, legal = G.view(state, 1), G.legal_actions(state, 1)
    me = _Seat(view)
    assert {"type": "chow", "low": "7m"} in legal
    assert _effective(me.counts, me.melds, True) == 1
    assert BASIC(view, legal, random.Random(0)) == prior(view, legal, random.Random(0)) == {
        "type": "pass"}


def test_the_prior_is_always_legal_over_whole_deals() -> None:
    policies = {"mcr": dict(POLICIES["mcr"], prior=prior)}
    for seed in range(3):
        play_deal("mcr", 40 + seed, ["prior", "basic", "prior", "basic"], policies=policies)

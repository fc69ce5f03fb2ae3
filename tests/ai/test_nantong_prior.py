"""The Nantong prior (``ai/policies/nantong_prior.py``, rule ids ``NT-`` from
``shared/rules/nantong.md``): each of its three discard rules on a hand-made position where it
plays otherwise than ``basic``, and whole seeded deals where every answer is legal."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai.policies import POLICIES
from ai.policies import nantong_basic as nb
from ai.policies import nantong_prior as P
from ai.policies.nantong_basic import _add
from engine.nantong import GAME as G
from engine.nantong.cards import parse_face
from tests.ai.deals import play_one_seat
from tests.nantong.position import card_of, position

GROUPS = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p"
"""Six sequences (18 cards) around which the hands are built."""
POLICY_TABLE = {"nantong": dict(POLICIES["nantong"], prior=P.prior)}


def answers(hand: str) -> tuple[dict, dict, P._Me]:
    """Seat 0, the dealer, to discard from ``hand``: (basic's answer, the prior's, its view
    read)."""
    state, _ = position({0: hand})
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    mine = P.prior(view, legal, random.Random(0))
    assert mine in legal
    return nb.basic(view, legal, random.Random(0)), mine, P._Me(view)


def discarding(hand: str, face: str) -> dict:
    state, _ = position({0: hand})
    return {"type": "discard", "card": card_of(state, 0, face)}


def test_a_ready_hand_keeps_the_wait_that_pays_most():
    """NT-6.5: 1s 1s 2s Q Q beside six sequences. Throwing 2s waits on 1s or Q (a pung: Tazi Hu,
    50 hu on a discard), throwing 1s waits on 3s (a seventh sequence: Qing Hu +100, 130 hu) —
    four unseen copies either way, so basic keeps the pair of 1s (it gives up less hu held);
    the prior prices the waits and takes Qing Hu's."""
    hand = GROUPS + " 1s 1s 2s Q Q"
    basic, mine, me = answers(hand)
    assert basic == discarding(hand, "2s")
    assert mine == discarding(hand, "1s")
    after_basic = without(me, "2s")
    after_mine = without(me, "1s")
    assert nb.ukeire(after_basic, me.unseen) == nb.ukeire(after_mine, me.unseen) == 4
    assert P.win_total(after_mine, (), None, me.indicators, parse_face("3s"), False, False) == 130
    assert P.win_total(after_basic, (), None, me.indicators, parse_face("Q"), False, False) == 50
    assert P.wait_value(me, after_mine) > P.wait_value(me, after_basic)


def without(me: Any, face: str) -> Any:
    """The seat's counts with one ``face`` discarded."""
    return _add(me.counts, parse_face(face), -1)


def split(hand: str, shanten: int, basic_face: str, mine_face: str) -> tuple[Any, Any, Any]:
    """A hand ``shanten`` steps from ready where basic discards ``basic_face`` and the prior
    ``mine_face``: the seat and the counts after each discard."""
    basic, mine, me = answers(hand)
    assert nb.shanten(me.counts) == shanten
    assert basic == discarding(hand, basic_face)
    assert mine == discarding(hand, mine_face)
    return me, without(me, basic_face), without(me, mine_face)


def test_short_of_ready_a_draw_to_a_held_pair_counts_more():
    """NT-4.2: a pair can be completed by any player's discard (a pung), a sequence part only by
    the next draw. With two pairs, 2s 2s and 4s 4s, basic throws a 2s for one more plain draw;
    the prior throws the 1s and keeps both pairs."""
    hand = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 1s 2s 2s 4s 4s 5s 7p Q"
    me, after_basic, after_mine = split(hand, 2, "2s", "1s")
    assert nb.ukeire(after_basic, me.unseen) > nb.ukeire(after_mine, me.unseen)
    assert P.weighted_ukeire(after_mine, me.unseen) > P.weighted_ukeire(after_basic, me.unseen)


def test_one_step_from_ready_keeps_the_draws_whose_ready_hands_pay():
    """NT-6.5: five sequences, 3s 4s, 6s 7s, H H, Q Q, one step from ready. Basic throws the 3s
    and keeps both pairs (the widest draws: 24 weighted against 12, a pair's draws counting four
    times); the prior throws a Q: the draws to 3s 4s and 6s 7s make ready hands that wait for a
    seventh sequence beside the pair of H, Qing Hu (+100), where basic's wait on a pung."""
    hand = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 3s 4s 6s 7s H H Q Q"
    me, after_basic, after_mine = split(hand, 1, "3s", "Q")
    assert P.weighted_ukeire(after_basic, me.unseen) > P.weighted_ukeire(after_mine, me.unseen)
    assert P.next_ready_worth(me, after_mine) > P.next_ready_worth(me, after_basic)


def test_next_ready_worth_counts_only_draws_that_make_the_hand_ready():
    """A draw that leaves the hand one step from ready adds nothing; a hand already past its
    last useful copy is worth nothing."""
    hand = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 2s 3s 5s 5s 7s 8s Q Q"
    _, _, me = answers(hand)
    after = without(me, "5s")
    assert P.next_ready_worth(me, after) > 0
    me.unseen = tuple(0 if f in (parse_face(x) for x in ("1s", "4s", "6s", "9s", "Q")) else n
                      for f, n in enumerate(me.unseen))
    assert P.next_ready_worth(me, after) == 0


def test_wins_claims_and_preparation_are_basic_s():
    """A legal win is taken (NT-4.1), as basic takes it."""
    state, _ = position({0: GROUPS + " 1s 1s 4s 5s 6s"}, drawn="6s")
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    assert P.prior(view, legal, random.Random(0)) == {"type": "win"}


@pytest.mark.parametrize("seed", range(6))
def test_whole_deals_only_legal_answers(seed):
    """The prior in one seat (each in turn) against ``basic``: every answer is legal
    (``play_deal`` asserts it) and the deal ends."""
    play_one_seat("nantong", 7000 + seed, "prior", seed % 3, 3, policies=POLICY_TABLE)


def test_deterministic():
    state, _ = position({0: GROUPS + " 1s 1s 2s Q Q"})
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    assert P.prior(view, legal, random.Random(1)) == P.prior(view, legal, random.Random(2))

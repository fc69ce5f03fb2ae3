"""The Nantong ``basic`` policy (rule ids ``NT-`` from ``shared/rules/nantong.md``): always
legal over whole deals, hand-made decisions taken from real views, and stronger than random.

Every decision is taken from what the engine hands a seat — ``game.view(state, seat)`` and
``game.legal_actions(state, seat)`` — exactly as the AI service does.
"""

from __future__ import annotations

import copy
import random

import pytest

from ai.arena import run
from ai.policies import POLICIES, choose
from ai.policies import nantong_basic as ai
from engine.nantong import GAME as G
from engine.nantong.cards import parse_face
from tests.ai.deals import play_deal
from tests.nantong.position import act, card_of, idle, position


def decide(state, seat: int) -> dict:
    """The basic policy's answer for ``seat``, checked against the legal list."""
    return choose("nantong", "basic", G.view(state, seat), G.legal_actions(state, seat),
                  random.Random(0))


def counts(faces: str) -> tuple[int, ...]:
    c = [0] * 30
    for f in faces.split():
        c[parse_face(f)] += 1
    return tuple(c)


def offer(hand0: str, card: str, **kw):
    """Seat 1, the dealer on its first turn, discards ``card``: seat 0, holding ``hand0``,
    gets the claim window on it (seat 2 holds nothing and claims nothing)."""
    state, _ = position({0: hand0, 1: f"{card} " + idle(22, avoid=card)}, turn=1, dealer=1,
                        **kw)
    state = act(G, state, 1, type="discard", card=card_of(state, 1, card))
    assert state.phase == "claim" and G.to_act(state) == [0]
    return state


# six groups (18 cards) around which the hand-made hands are built
GROUPS = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p"


# ---------------------------------------------------------------- registry, purity

def test_registered_as_basic():
    assert set(POLICIES["nantong"]) == {"random", "basic", "strong"}
    assert POLICIES["nantong"]["basic"] is ai.basic


def test_shanten_reads_thousand_and_the_flowers_as_honours():
    """NT-1.3: Q, B, H form only identical groups; the policy's shanten agrees with the
    engine's on the 30 faces."""
    from engine.mahjong import standard_shanten
    ready = counts(GROUPS + " 1s 1s 5s 6s")
    assert ai.shanten(ready) == standard_shanten(ready) == 0
    run = counts(GROUPS + " 7s 8s 9s 1s")  # a seventh group and a single: ready
    spread = counts(GROUPS + " Q B H 1s")  # Q B H never form a sequence
    assert ai.shanten(run) == standard_shanten(run) == 0
    assert ai.shanten(spread) == standard_shanten(spread) == 2
    rng = random.Random(3)
    for _ in range(200):
        c = [0] * 30
        for t in rng.sample(range(120), 22):
            c[t >> 2] += 1
        c = tuple(c)
        assert min(ai.shanten(c), 8) == standard_shanten(c)


def test_deterministic_and_leaves_the_view_alone():
    state = G.new_deal(4)
    for _ in range(12):
        seat = G.to_act(state)[0]
        state = G.apply(state, seat, decide(state, seat))
    seat = G.to_act(state)[0]
    view, legal = G.view(state, seat), G.legal_actions(state, seat)
    before = copy.deepcopy((view, legal))
    a = choose("nantong", "basic", view, legal, random.Random(1))
    assert a == choose("nantong", "basic", view, legal, random.Random(2))
    assert (view, legal) == before


# ---------------------------------------------------------------- whole deals: always legal

@pytest.mark.parametrize("mixed", [False, True], ids=["all-basic", "basic-vs-random"])
def test_whole_deals_only_legal_actions(mixed):
    """Basic seats rotate over the deals; with two random seats basic takes most wins."""
    levels = ["basic", "random", "random"] if mixed else ["basic"] * 3
    wins = basic_wins = 0
    for seed in range(15):
        seats = [levels[(s + seed) % 3] for s in range(3)]
        result = G.result(play_deal("nantong", seed, seats, first_claimant=True)[0])
        assert result is not None and sum(result["deltas"]) == 0
        if result["winner"] is not None:
            wins += 1
            basic_wins += seats[result["winner"]] == "basic"
    assert wins >= 8
    if mixed:
        assert basic_wins >= 8


# ---------------------------------------------------------------- wins (NT-3.7, NT-4.1, NT-4.2)

def test_wins_by_self_draw():
    state, _ = position({0: GROUPS + " 1s 1s 4s 5s 6s"}, drawn="6s")
    assert decide(state, 0) == {"type": "win"}


def test_wins_on_a_discard():
    state = offer(GROUPS + " 1s 1s 5s 6s", "4s")
    assert decide(state, 0) == {"type": "win"}


def test_heavenly_win():
    """NT-3.7: the dealer's dealt hand already wins: it wins instead of discarding."""
    state, _ = position({0: GROUPS + " 1s 1s 4s 5s 6s"})
    assert decide(state, 0) == {"type": "win"}


def test_a_ready_hand_discards_the_card_it_cannot_use():
    """NT-3.6: locked, it discards the drawn card (the only legal move) and still wins later."""
    state, _ = position({1: GROUPS + " 1s 1s 5s 6s 9s"}, turn=1, dealer=0, ready=[1],
                        drawn="9s")
    assert decide(state, 1) == {"type": "discard", "card": card_of(state, 1, "9s")}


# ---------------------------------------------------------------- preparation (NT-3)

def test_declares_ready():
    """NT-3.6: a non-dealer whose dealt hand waits on live cards declares ready."""
    state, _ = position({0: idle(23), 1: GROUPS + " 1s 1s 5s 6s"}, turn=1, dealer=0,
                        phase="prepare")
    assert {"type": "ready"} in G.legal_actions(state, 1)
    assert decide(state, 1) == {"type": "ready"}


def test_makes_an_opening_kong_before_anything_else():
    """NT-3.3: four dealt 5s are 16 hu as an opening kong (12 in hand) and draw a card."""
    state, _ = position({0: "5s 5s 5s 5s " + GROUPS + " H"}, phase="prepare")
    legal = G.legal_actions(state, 0)
    kong = next(a for a in legal if a["type"] == "opening_kong")
    assert decide(state, 0) == kong
    state = act(G, state, 0, **kong)
    assert len(state.hands[0]) == 20 and state.melds[0][0].kind == "opening_kong"
    assert decide(state, 0) == {"type": "finish"}  # the replacement can make no declaration


def test_makes_an_opening_indicator_triplet_and_a_hezi():
    """NT-3.4: three dealt cards of an indicator's face; NT-3.5: the indicators' other two."""
    state, _ = position({0: "8p 8p 8p " + GROUPS.replace("7p 8p 9p", "Q Q Q") + " 1s 2s"},
                        indicators="8m 8p", phase="prepare")
    assert decide(state, 0)["type"] == "opening_triplet"
    state, _ = position({0: idle(23, avoid="8p"), 1: "8p 8p " + idle(20, avoid="8p")},
                        indicators="8p 8p", turn=1, phase="prepare")
    assert decide(state, 1)["type"] == "hezi"


def test_skips_an_opening_triplet_that_breaks_its_sequences():
    """NT-3.4: the three 8p split over 678p, 789p and 89p make the hand ready; exposed as
    a triplet they would not, so it keeps them (they still score 12 in hand, NT-6.3) and
    declares ready instead."""
    hand = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 6p 7p 8p 8p 9p 7p 8p 9p 5s 5s"
    state, _ = position({0: idle(23, avoid="8p"), 1: hand}, indicators="8m 8p", turn=1,
                        phase="prepare")
    legal = G.legal_actions(state, 1)
    assert any(a["type"] == "opening_triplet" for a in legal)
    assert ai.shanten(counts(hand)) < ai.shanten(
        ai._add(counts(hand), parse_face("8p"), -3))
    assert decide(state, 1) == {"type": "ready"}


# ---------------------------------------------------------------- discards

def test_keeps_an_old_general_over_a_plain_card_at_equal_shanten():
    """NT-1.4, NT-6.2: a single Thousand and a single 9p leave the same shanten and the same
    unseen waits; the Thousand may still become a doubled triplet, so the 9p goes."""
    hand = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 1s 1s 5s 5s 8s 9s Q 9p"
    state, _ = position({0: hand}, indicators="2m 3p", drawn="9p")
    me = ai._Seat(G.view(state, 0))
    q, nine = parse_face("Q"), parse_face("9p")
    assert ai.discard_key(me, q)[:2] == ai.discard_key(me, nine)[:2]
    assert decide(state, 0) == {"type": "discard", "card": card_of(state, 0, "9p")}


def test_keeps_an_indicator_rank_over_a_plain_card():
    """NT-6.2: with a 6m indicator the 6s is doubled; the 2s, otherwise alike, goes."""
    hand = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 8p 8p 8s 8s Q Q 2s 6s"
    state, _ = position({0: hand}, indicators="6m 3p", drawn="2s")
    assert decide(state, 0) == {"type": "discard", "card": card_of(state, 0, "2s")}


def test_discard_keeps_a_ready_hand_ready():
    state, _ = position({0: GROUPS + " 1s 1s 5s 6s B"}, drawn="B")
    a = decide(state, 0)
    assert a == {"type": "discard", "card": card_of(state, 0, "B")}
    assert ai.shanten(counts(GROUPS + " 1s 1s 5s 6s")) == 0


# ---------------------------------------------------------------- claims (NT-4.2)

def test_passes_a_pung_that_would_break_a_ready_hand():
    """Ready on 4p/7p; the two 1m sit in 112233m, so punging 1m leaves a 1-shanten hand."""
    hand = "1m 1m 2m 2m 3m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7s 7s 5p 6p"
    assert ai.shanten(counts(hand)) == 0
    state = offer(hand, "1m")
    assert {"type": "pung"} in G.legal_actions(state, 0)
    assert decide(state, 0) == {"type": "pass"}


def test_pungs_an_old_general_that_keeps_the_shanten():
    """NT-1.4: a pung of Red Flower keeps the hand ready and scores 2 × 2 hu; a pung of a
    plain face that only keeps the shanten is passed."""
    state = offer(GROUPS + " H H 5s 6s", "H")
    assert decide(state, 0) == {"type": "pung"}
    state = offer(GROUPS + " 2s 2s 5s 6s", "2s")
    assert decide(state, 0) == {"type": "pass"}


def test_pungs_when_it_lowers_the_shanten():
    hand = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 1s 1s 2s 2s 5s 9s Q"
    state = offer(hand, "2s")
    assert decide(state, 0) == {"type": "pung"}


def test_kongs_a_discard_that_keeps_the_shanten():
    """NT-6.1: three 5s in hand are 4 hu, an exposed kong 8, and the kong draws a card."""
    state = offer(GROUPS.replace("7p 8p 9p", "1s 2s 3s") + " 5s 5s 5s Q", "5s")
    assert {"type": "pung"} in G.legal_actions(state, 0)
    assert decide(state, 0) == {"type": "kong"}


# ---------------------------------------------------------------- strength

def test_basic_beats_random_in_the_arena():
    """40 duplicate deals (each shuffle once per seat rotation): basic's mean score per deal
    is positive with its whole 95% interval."""
    report = run("nantong", ["basic", "random", "random"], deals=40, seed=1)
    b = report["bots"]["basic"]
    assert b["illegal_actions"] == 0 and b["deals"] == 120
    assert b["ci95"][0] > 0 > report["bots"]["random"]["mean_score"]

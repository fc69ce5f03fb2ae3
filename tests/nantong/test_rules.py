"""Nantong table rules, one hand-made position per rule (ids from shared/rules/nantong.md);
the hu arithmetic itself is in test_scoring.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import IllegalAction
from engine.core.playout import eager_action, random_playout
from engine.nantong import GAME as G
from engine.nantong.cards import FACE_NAMES, parse_face
from engine.nantong.scoring import HOLDINGS

from tests.tables import declare_face_down

from .position import act, card_of, faces, idle, pass_all, position, types

# Seven sequences and a lone 5p: ready on 5p (the pair), nothing else.
WAIT_5P = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 5s 6s 7s 8s 9s 7p 8p 9p 5p"
# Six sequences, a pair of 9p and 4m 6m: ready on 5m only (a middle wait).
WAIT_5M = "1m 2m 3m 7m 8m 9m 1s 2s 3s 4s 5s 6s 7s 8s 9s 2p 3p 4p 9p 9p 4m 6m"
def discard(state, seat, face):
    return act(G, state, seat, type="discard", card=card_of(state, seat, face))


def finish_preparation(state):
    while state.phase == "prepare":
        state = act(G, state, state.turn, type="finish")
    return state


def holding_count(state, seat):
    """NT-5.2: the cards a player holds, Hezi cards not counted."""
    return len(state.hands[seat]) + sum(len(m.tiles) for m in state.melds[seat])


def kongs(state, seat):
    return sum(1 for m in state.melds[seat] if len(m.tiles) == 4)


# ---------------------------------------------------------------- NT-1 cards

def test_120_cards_of_30_faces():
    """NT-1.1: ranks 1-9 in Myriads, Strings and Coins and Thousand, White and Red Flower, four
    copies each: 120 cards, no auspicious cards."""
    state = G.new_deal(5)
    ids = sorted(i for zone in G.zones(state).values() for i in zone)
    assert ids == list(range(120))
    by_face = Counter(FACE_NAMES[i >> 2] for i in ids)
    assert set(by_face.values()) == {4}
    assert set(by_face) == {f"{r}{s}" for s in "msp" for r in range(1, 10)} | {"Q", "B", "H"}
    view = G.view(state, 0)
    assert {c["face"] for c in view["players"][0]["hand"]} <= set(by_face)


def test_every_copy_is_its_own_card():
    """NT-1.2: copies are equal for the rules; a discard names the exact card."""
    state, _ = position({0: WAIT_5P + " 5p"}, drawn="5p")
    copies = [t for t in state.hands[0] if t >> 2 == parse_face("5p")]
    assert len(copies) == 2
    legal = G.legal_actions(state, 0)
    assert all({"type": "discard", "card": t} in legal for t in copies)
    after = act(G, state, 0, type="discard", card=copies[1])
    assert after.discards[0] == (copies[1],) and copies[0] in after.hands[0]


def test_thousand_and_flowers_form_only_identical_groups():
    """NT-1.3: Q B H is no sequence; Q Q Q is a group, Q Q a pair."""
    groups = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 5s 6s 2p 3p 4p"
    with_run, _ = position({0: groups + " Q B H 5p 5p"}, drawn="5p")
    assert "win" not in types(G.legal_actions(with_run, 0))
    with_triplet, _ = position({0: groups + " Q Q Q H H"}, drawn="H")
    assert "win" in types(G.legal_actions(with_triplet, 0))


def test_nine_of_strings_is_an_old_general_that_still_runs():
    """NT-1.4: the Nine of Strings still forms 7-8-9 of Strings; NT-1.5: it is not ordinary."""
    from engine.nantong.cards import OLD_GENERALS, is_ordinary
    assert {FACE_NAMES[f] for f in OLD_GENERALS} == {"Q", "B", "H", "9s"}
    assert not is_ordinary(parse_face("9s")) and is_ordinary(parse_face("9m"))
    assert is_ordinary(parse_face("9p")) and not is_ordinary(parse_face("Q"))
    hand = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 5s 6s 7s 8s 9s 2p 3p 4p 5p 5p"
    state, _ = position({0: hand}, drawn="9s")
    assert "win" in types(G.legal_actions(state, 0))


# ---------------------------------------------------------------- NT-2 seats and deal

def test_three_seats_turn_order():
    """NT-2.1: seats 0, 1, 2; play goes 0 -> 1 -> 2 -> 0 (here from dealer 1)."""
    state = finish_preparation(G.new_deal(11, dealer=1))
    assert G.players == 3
    seen = []
    for _ in range(5):
        seat = G.to_act(state)[0]
        seen.append(seat)
        legal = [a for a in G.legal_actions(state, seat) if a["type"] == "discard"]
        state = pass_all(G, act(G, state, seat, **legal[-1]))
    assert seen == [1, 2, 0, 1, 2]


def test_first_dealer_from_the_seed():
    """NT-2.2: the first dealer is random (from the seed, reproducibly); a given dealer is used
    and the shuffle does not depend on it."""
    assert {G.new_deal(s).dealer for s in range(30)} == {0, 1, 2}
    assert G.new_deal(9) == G.new_deal(9, G.new_deal(9).dealer)
    assert G.new_deal(9, dealer=2).dealer == 2
    assert G.new_deal(9, dealer=0).indicators == G.new_deal(9, dealer=2).indicators
    with pytest.raises(ValueError):
        G.new_deal(9, dealer=3)


def test_deal_sizes_indicators_and_stock():
    """NT-2.3: 23 cards to the dealer, 22 to the others, two indicators out of play, 51 left."""
    state = G.new_deal(4, dealer=2)
    assert [len(h) for h in state.hands] == [22, 22, 23]
    assert len(state.indicators) == 2 and len(state.wall) == 51
    assert state.phase == "prepare" and G.to_act(state) == [2]


def test_draws_from_the_front_replacements_from_the_back():
    """NT-2.3: a normal draw takes the stock's first card, a replacement its last."""
    state, _ = position({0: "5m 5m 5m 5m " + idle(19, "5m"), 1: idle(22, "5m"),
                         2: idle(22, "5m")}, wall="7p 9s", wall_extra=0, drawn="5m")
    first, last = state.wall[0], state.wall[-1]
    after = act(G, state, 0, **next(a for a in G.legal_actions(state, 0)
                                    if a["type"] == "concealed_kong"))
    assert after.drawn == last and after.wall == state.wall[:-1]
    after = pass_all(G, act(G, after, 0, type="discard", card=after.drawn))
    assert after.turn == 1 and after.drawn == first


def test_indicators_are_public_and_never_enter_a_hand():
    """NT-2.4: both indicators are in every view, a spectator's included, and in no hand,
    meld, river or stock during a whole deal."""
    state = G.new_deal(21)
    shown = [c["id"] for c in G.view(state, None)["indicators"]]
    assert shown == list(state.indicators)
    for s in (0, 1, 2):
        assert [c["id"] for c in G.view(state, s)["indicators"]] == shown

    def check(before, seat, action, after):
        zones = G.zones(after)
        assert zones["indicators"] == state.indicators
        held = {t for k, z in zones.items() if k != "indicators" for t in z}
        assert not held & set(state.indicators)

    random_playout(G, 21, random.Random(3), on_step=check, policy=eager_action)


# ---------------------------------------------------------------- NT-3 preparation

PREP_DEALER = "H H H H B B B " + idle(16, "H B")


def prep_position(**kw):
    """Dealer 0 may make an opening kong of H and an opening triplet of B (an indicator);
    seat 1 is ready on 5p."""
    hands = {0: PREP_DEALER, 1: WAIT_5P, 2: idle(22, "H B")}
    return position(hands, indicators="B 3m", phase="prepare", **kw)


def test_preparation_in_seat_order_from_the_dealer():
    """NT-3.1: one player at a time from the dealer in seat order; each repeatedly chooses an
    opening declaration, ready, or finish; then play starts."""
    state, _ = prep_position(dealer=1, turn=1)
    order = []
    while state.phase == "prepare":
        order.append(state.turn)
        assert G.to_act(state) == [state.turn]
        assert G.view(state, None)["preparing"] == state.turn
        assert {"type": "finish"} in G.legal_actions(state, state.turn)
        state = act(G, state, state.turn, type="finish")
    assert order == [1, 2, 0]
    assert state.phase == "play" and state.turn == 1 and state.drawn is None


def test_only_dealt_cards_qualify():
    """NT-3.2: a replacement card never makes an opening declaration: three dealt 6p and a
    replaced 6p give no opening kong (a concealed kong later in play is another matter)."""
    hand = "5m 5m 5m 5m 6p 6p 6p " + idle(16, "5m 6p")
    state, _ = position({0: hand, 1: idle(22, "5m 6p"), 2: idle(22, "5m 6p")},
                        indicators="2s 3m", phase="prepare",
                        wall="1m 6p", wall_extra=0)
    kong = {"type": "opening_kong", "cards": [t for t in state.hands[0] if t >> 2 == 4]}
    assert kong in G.legal_actions(state, 0)
    state = act(G, state, 0, **kong)
    assert faces(state.hands[0]).count("6p") == 4 and faces(state.replaced[0]) == "6p"
    assert types(G.legal_actions(state, 0)) == {"finish"}
    sixes = [t for t in state.hands[0] if t >> 2 == parse_face("6p")]
    with pytest.raises(IllegalAction, match="NT-3.2"):
        act(G, state, 0, type="opening_kong", cards=sixes)


def test_opening_kong_with_a_replacement_from_the_back():
    """NT-3.3: four identical dealt cards are exposed as a group; one replacement from the back;
    the kong is one of the seven groups (NT-5.2: 22 + K cards between turns)."""
    state, _ = prep_position(wall="9p 7p", wall_extra=0)
    legal = G.legal_actions(state, 0)
    assert types(legal) == {"opening_kong", "opening_triplet", "finish"}  # the dealer: no ready
    kong = next(a for a in legal if a["type"] == "opening_kong")
    wall = state.wall
    state = act(G, state, 0, **kong)
    assert state.melds[0][0].kind == "opening_kong" and len(state.melds[0][0].tiles) == 4
    assert wall[-1] in state.hands[0] and state.wall == wall[:1]
    assert holding_count(state, 0) == 23 + kongs(state, 0) and state.turn == 0
    ev = G.view(state, 1)["events"][-2]
    assert ev["type"] == "opening_kong" and [c["face"] for c in ev["cards"]] == ["H"] * 4


def test_opening_indicator_triplet_draws_nothing():
    """NT-3.4: three dealt cards of an indicator's face are exposed as one group, with no
    replacement; three of another face are not."""
    state, _ = prep_position()
    trip = next(a for a in G.legal_actions(state, 0) if a["type"] == "opening_triplet")
    assert faces(trip["cards"]) == "B B B"
    wall = state.wall
    state = act(G, state, 0, **trip)
    assert state.wall == wall and len(state.hands[0]) == 20
    assert state.melds[0][0].kind == "opening_triplet"
    other, _ = position({0: "5m 5m 5m 7p 7p 7p " + idle(17, "5m 7p")}, indicators="2s 3m",
                        phase="prepare")
    assert "opening_triplet" not in types(G.legal_actions(other, 0))


def test_tiandi_hezi():
    """NT-3.5: both indicators 4p and the other two 4p dealt: expose them, draw two
    replacements; the Hezi is not a group: the hand keeps its 22 cards to make seven groups
    and a pair. Not offered when the indicators differ or a 4p is a replacement."""
    hand = "4p 4p " + idle(20, "4p")
    state, _ = position({0: idle(23, "4p"), 1: hand}, indicators="4p 4p", phase="prepare",
                        turn=1, wall="1m 2m 3m", wall_extra=0)
    hezi = next(a for a in G.legal_actions(state, 1) if a["type"] == "hezi")
    assert faces(hezi["cards"]) == "4p 4p"
    state = act(G, state, 1, **hezi)
    assert faces(state.hezi[1]) == "4p 4p" and "4p" not in faces(state.hands[1])
    assert len(state.hands[1]) == 22 and faces(state.replaced[1]) == "2m 3m"
    assert len(state.wall) == 1 and not state.melds[1]
    assert [c["face"] for c in G.view(state, 0)["players"][1]["hezi"]] == ["4p", "4p"]
    assert "hezi" not in types(G.legal_actions(state, 1))
    differ, _ = position({1: hand}, indicators="4p 5p", phase="prepare", turn=1)
    assert "hezi" not in types(G.legal_actions(differ, 1))
    late, _ = position({1: hand}, indicators="4p 4p", phase="prepare", turn=1,
                       replaced={1: "4p"})
    assert "hezi" not in types(G.legal_actions(late, 1))


def test_hezi_is_no_group_of_the_winning_hand():
    """NT-3.5, NT-5.1: a player with a Hezi wins with seven other groups and a pair."""
    groups = "1m 2m 3m 5m 6m 7m 7m 8m 9m 1s 2s 3s 4s 5s 6s 2p 3p 4p 6p 7p 8p"
    state, _ = position({0: groups + " 5p H"}, indicators="4m 4m", hezi={0: "4m 4m"},
                        drawn="H")
    assert "win" not in types(G.legal_actions(state, 0))  # the Hezi is no pair either
    state, _ = position({0: groups + " 5p 5p"}, indicators="4m 4m", hezi={0: "4m 4m"},
                        drawn="5p")
    assert "win" in types(G.legal_actions(state, 0))


def test_ready_only_for_a_waiting_non_dealer_and_it_ends_preparation():
    """NT-3.6: a non-dealer one card from winning may declare ready, which ends its preparation;
    the dealer may not, nor a hand that does not wait."""
    state, _ = prep_position()
    assert "ready" not in types(G.legal_actions(state, 0))
    state = act(G, state, 0, type="finish")
    assert "ready" in types(G.legal_actions(state, 1))
    state = act(G, state, 1, type="ready")
    assert state.ready == (False, True, False) and state.turn == 2
    assert G.view(state, 0)["players"][1]["ready"] is True
    assert "ready" not in types(G.legal_actions(state, 2))


def test_ready_wait_counts_without_any_copy_left():
    """NT-3.6: a face counts as a wait even when no copy of it is left (both 5p indicators and
    the other two 5p in another hand)."""
    state, _ = position({0: "5p " + idle(22, "5p"), 1: WAIT_5P, 2: idle(22, "5p")},
                        indicators="5p 5p", phase="prepare", turn=1)
    assert G.waits(state, 1) == [parse_face("5p")]
    assert "ready" in types(G.legal_actions(state, 1))


def test_ready_hand_is_locked():
    """NT-3.6: on its turn a ready player wins with the drawn card or discards that card; no
    kong even with four alike; on a discard it may win or pass, never pung or kong."""
    hand = WAIT_5M.replace("1s 2s 3s", "Q Q Q")
    state, _ = position({1: hand + " Q", 0: idle(22, "Q"), 2: idle(22, "Q")}, turn=1,
                        drawn="Q", ready=[1])
    assert G.legal_actions(state, 1) == [{"type": "discard", "card": state.drawn}]
    with pytest.raises(IllegalAction, match="NT-3.6"):
        act(G, state, 1, type="discard", card=card_of(state, 1, "1m"))
    won, _ = position({1: hand + " 5m", 0: idle(22, "Q"), 2: idle(22, "Q")}, turn=1,
                      drawn="5m", ready=[1])
    assert G.legal_actions(won, 1) == [{"type": "win"}, {"type": "discard", "card": won.drawn}]
    # on a discard: a 9p the ready seat could pung is not claimable; a 5m it wins on is
    offer, _ = position({0: "9p 5m " + idle(21, "Q 9p 5m"), 1: hand, 2: idle(22, "Q 9p")},
                        drawn="5m", ready=[1])
    assert act(G, offer, 0, type="discard", card=card_of(offer, 0, "9p")).phase == "play"
    claim = act(G, offer, 0, type="discard", card=card_of(offer, 0, "5m"))
    assert G.legal_actions(claim, 1) == [{"type": "win"}, {"type": "pass"}]


def test_dealer_discards_first_without_a_draw():
    """NT-3.7: when everyone has prepared the dealer, holding 23 + K cards, discards first and
    does not draw; it may not kong before that discard, even holding four alike."""
    state, _ = prep_position()
    state = finish_preparation(state)
    assert state.phase == "play" and state.turn == 0 and state.drawn is None
    assert faces(state.hands[0]).count("H") == 4
    assert types(G.legal_actions(state, 0)) == {"discard"}
    state, _ = prep_position(wall="9p 7p", wall_extra=0)
    state = act(G, state, 0, **next(a for a in G.legal_actions(state, 0)
                                     if a["type"] == "opening_kong"))
    state = finish_preparation(state)
    assert holding_count(state, 0) == 23 + kongs(state, 0) and len(state.wall) == 1
    assert types(G.legal_actions(state, 0)) == {"discard"}


def test_heavenly_win_is_optional():
    """NT-3.7: a dealer whose hand already wins may declare a Heavenly win instead of
    discarding, or discard."""
    state, _ = position({0: WAIT_5P + " 5p", 1: idle(22, "5p"), 2: idle(22, "5p")})
    legal = G.legal_actions(state, 0)
    assert {"type": "win"} in legal and "discard" in types(legal)
    after = act(G, state, 0, type="win")
    assert after.phase == "over" and G.result(after)["win"]["how"] == "heavenly"
    assert act(G, state, 0, **legal[-1]).phase in ("play", "claim")


# ---------------------------------------------------------------- NT-4 a turn

def test_self_draw_win():
    """NT-4.1: after drawing the player may win with the drawn card."""
    state, _ = position({0: idle(23, "5p"), 1: WAIT_5P, 2: idle(22, "5p")}, wall="5p")
    state = pass_all(G, discard(state, 0, "3m"))
    assert state.turn == 1 and "win" in types(G.legal_actions(state, 1))
    after = act(G, state, 1, type="win")
    assert after.phase == "over" and G.result(after)["winner"] == 1
    assert G.result(after)["win"]["how"] == "self_draw"


def test_concealed_kong_then_choose_again_and_kong_again():
    """NT-4.1: a concealed kong of four cards in hand draws a replacement from the back, then
    the player chooses again: here another kong, as the replacement made four 6m."""
    hand = "5m 5m 5m 5m 6m 6m 6m " + idle(16, "5m 6m")
    state, _ = position({0: hand, 1: idle(22, "5m 6m"), 2: idle(22, "5m 6m")},
                        wall="9s 6m", wall_extra=0, drawn="5m")
    k1 = next(a for a in G.legal_actions(state, 0) if a["type"] == "concealed_kong")
    state = act(G, state, 0, **k1)
    assert state.kong_draw and state.drawn >> 2 == parse_face("6m")
    assert "discard" in types(G.legal_actions(state, 0))
    k2 = [a for a in G.legal_actions(state, 0) if a["type"] == "concealed_kong"]
    assert [faces(a["cards"]) for a in k2] == ["6m 6m 6m 6m"]
    state = act(G, state, 0, **k2[0])
    assert [m.concealed for m in state.melds[0]] == [True, True] and state.wall == ()
    assert holding_count(state, 0) == 23 + 2


def test_concealed_kong_lies_face_down():
    """NT-4.1 ruling: the others see that seat 0 made a concealed kong, never its cards."""
    hand = "5m 5m 5m 5m " + idle(19, "5m")
    state, _ = position({0: hand, 1: idle(22, "5m"), 2: idle(22, "5m")}, wall="9s 7p",
                        drawn="5m")
    declare_face_down(G, state, 0)


def test_no_kong_after_a_pung():
    """NT-4.1: kongs only after a draw or a replacement draw, never after a pung."""
    hand = "5m 5m 5m 5m 9p 9p " + idle(16, "5m 9p")
    state, _ = position({0: "9p 8s " + idle(21, "5m 9p 8s"), 1: hand, 2: idle(22, "5m 9p")},
                        drawn="8s")
    state = discard(state, 0, "9p")
    state = act(G, state, 1, type="pung")
    assert state.turn == 1 and state.after_claim and state.drawn is None
    assert types(G.legal_actions(state, 1)) == {"discard"}
    with pytest.raises(IllegalAction):
        act(G, state, 1, type="concealed_kong", cards=[t for t in state.hands[1] if t >> 2 == 4])


def test_added_kong_becomes_an_exposed_kong():
    """NT-4.1: a card matching an exposed pung makes an added kong when nobody robs it; a
    replacement from the back follows."""
    state, _ = position({0: "5m " + idle(19, "5m"), 1: idle(22, "5m"), 2: idle(22, "5m")},
                        melds={0: [("pung", "5m", 1)]}, drawn="5m")
    back = state.wall[-1]
    state = act(G, state, 0, type="added_kong", card=card_of(state, 0, "5m"))
    assert state.phase == "play" and state.kong_draw and state.drawn == back
    assert state.melds[0][0].kind == "kong" and state.melds[0][0].added


def test_pung_discards_without_drawing_and_turn_skips():
    """NT-4.2: a pung takes the discard and discards without drawing; the turn then passes to
    the seat after the claimer (seat 1 loses its turn)."""
    state, _ = position({0: "9p " + idle(22, "9p"), 1: idle(22, "9p"),
                         2: "9p 9p " + idle(20, "9p")}, drawn="9p")
    state = discard(state, 0, "9p")
    assert G.to_act(state) == [2]
    assert G.legal_actions(state, 2) == [{"type": "pung"}, {"type": "pass"}]
    state = act(G, state, 2, type="pung")
    assert state.turn == 2 and state.melds[2][0].kind == "pung" and state.melds[2][0].source == 0
    assert state.discards[0] == () and len(state.hands[2]) == 20
    state = pass_all(G, act(G, state, 2, type="discard", card=state.hands[2][0]))
    assert state.turn == 0 and state.drawn is not None


def test_exposed_kong_claim_draws_a_replacement():
    """NT-4.2: three matching cards claim an exposed kong, draw a replacement from the back,
    and continue as in NT-4.1."""
    state, _ = position({0: "9p " + idle(22, "9p"), 1: "9p 9p 9p " + idle(19, "9p"),
                         2: idle(22, "9p")}, drawn="9p", wall="1m 7s", wall_extra=0)
    state = discard(state, 0, "9p")
    assert types(G.legal_actions(state, 1)) == {"pung", "kong", "pass"}
    state = act(G, state, 1, type="kong")
    assert state.turn == 1 and state.kong_draw and state.drawn >> 2 == parse_face("7s")
    assert state.melds[1][0].kind == "kong" and state.melds[1][0].source == 0
    assert "discard" in types(G.legal_actions(state, 1))


def test_never_a_sequence_from_a_discard_but_a_win_may_use_one():
    """NT-4.2: 4m 6m cannot claim a 5m to expose a sequence; a winning 5m may complete one."""
    state, _ = position({0: "5m " + idle(22, "4m 5m 6m"), 1: "4m 6m " + idle(20, "4m 5m 6m"),
                         2: WAIT_5M}, drawn="5m")
    after = discard(state, 0, "5m")
    assert G.to_act(after) == [2]  # seat 1 has nothing to claim
    assert G.legal_actions(after, 2) == [{"type": "win"}, {"type": "pass"}]
    won = act(G, after, 2, type="win")
    assert G.result(won)["winner"] == 2


def test_win_before_pung_and_the_nearest_winner():
    """NT-4.3: a win beats a pung; of several winners the nearest after the discarder wins; a
    win ends the deal."""
    state, _ = position({0: "5p " + idle(22, "5p"), 1: "5p 5p " + idle(20, "5p"),
                         2: WAIT_5P}, drawn="5p")
    state = discard(state, 0, "5p")
    state = act(G, act(G, state, 1, type="pung"), 2, type="win")
    assert state.phase == "over" and G.result(state)["winner"] == 2
    # both seat 0 and seat 1 can win on seat 2's 5m: seat 0 is nearer after seat 2
    both, _ = position({2: "5m " + idle(22, "5m"), 0: WAIT_5M,
                        1: WAIT_5M.replace("1s 2s 3s", "Q Q Q")}, turn=2, drawn="5m")
    both = discard(both, 2, "5m")
    assert G.to_act(both) == [0, 1]
    both = act(G, act(G, both, 1, type="win"), 0, type="win")
    assert G.result(both)["winner"] == 0 and G.result(both)["win"]["from"] == 2


def test_robbing_an_added_kong():
    """NT-4.3: an added kong's card may be robbed as a discard; the robbed pung stays."""
    state, _ = position({0: "5m " + idle(19, "5m"), 1: idle(22, "5m"), 2: WAIT_5M},
                        melds={0: [("pung", "5m", 1)]}, drawn="5m")
    state = act(G, state, 0, type="added_kong", card=card_of(state, 0, "5m"))
    assert state.phase == "claim" and state.window.kind == "rob"
    assert G.legal_actions(state, 2) == [{"type": "win"}, {"type": "pass"}]
    state = act(G, state, 2, type="win")
    result = G.result(state)
    assert result["win"]["how"] == "robbed_kong" and result["win"]["from"] == 0
    assert state.melds[0][0].kind == "pung" and len(state.melds[0][0].tiles) == 3


def test_only_legal_actions_and_kongs_need_a_replacement():
    """NT-4.4: with the stock empty no kong is offered (concealed, added, or claimed); a pung
    still is."""
    hand = "5m 5m 5m 5m 7p 9p 9p 9p " + idle(12, "5m 7p 9p")
    state, _ = position({0: hand, 1: idle(22, "5m 7p 9p"), 2: idle(22, "5m 7p 9p")},
                        melds={0: [("pung", "7p", 1)]}, drawn="5m", wall_extra=0)
    assert types(G.legal_actions(state, 0)) == {"discard"}
    claim, _ = position({0: "9p " + idle(22, "9p"), 1: "9p 9p 9p " + idle(19, "9p"),
                         2: idle(22, "9p")}, drawn="9p", wall_extra=0)
    claim = discard(claim, 0, "9p")
    assert types(G.legal_actions(claim, 1)) == {"pung", "pass"}
    with pytest.raises(IllegalAction):
        act(G, claim, 1, type="kong")


def test_the_last_discard_is_still_claimed_then_the_deal_is_exhausted():
    """NT-4.5: after the stock's last card, a pung on the discard is resolved, its discard can
    be claimed again; an unclaimed discard with the stock empty exhausts the deal."""
    state, _ = position({0: "9p " + idle(22, "9p"), 1: "9p 9p 8s " + idle(19, "9p 8s"),
                         2: "8s 8s " + idle(20, "9p 8s")}, drawn="9p", wall_extra=0)
    state = discard(state, 0, "9p")
    state = act(G, state, 1, type="pung")
    assert state.turn == 1 and types(G.legal_actions(state, 1)) == {"discard"}
    state = discard(state, 1, "8s")
    assert G.legal_actions(state, 2) == [{"type": "pung"}, {"type": "pass"}]
    state = act(G, state, 2, type="pass")
    assert state.phase == "over"
    result = G.result(state)
    assert result["exhausted"] is True and result["winner"] is None


def test_the_last_discard_may_be_won():
    """NT-4.5: a win on the discard after the last card is still resolved."""
    state, _ = position({0: "5p " + idle(22, "5p"), 1: WAIT_5P, 2: idle(22, "5p")},
                        drawn="5p", wall_extra=0)
    state = act(G, discard(state, 0, "5p"), 1, type="win")
    assert G.result(state)["winner"] == 1 and G.result(state)["exhausted"] is False


def test_passing_restricts_nothing():
    """NT-4.6: a player who passed a win (or a pung) may still win or pung later."""
    state, _ = position({0: "5p " + idle(22, "5p 8s"), 1: WAIT_5P,
                         2: "5p " + idle(21, "5p 8s")}, drawn="5p", wall="8s 8s")
    state = discard(state, 0, "5p")
    state = act(G, state, 1, type="pass")
    assert state.turn == 1
    state = pass_all(G, discard(state, 1, "8s"))
    state = discard(state, 2, "5p")
    assert {"type": "win"} in G.legal_actions(state, 1)


# ---------------------------------------------------------------- NT-5 winning hand

def test_seven_groups_and_one_pair_with_exposed_groups():
    """NT-5.1: exposed groups count among the seven; four undeclared alike split like any
    other cards (5m 5m 5m + 5m 6m 7m)."""
    state, _ = position({0: "5m 5m 5m 5m 6m 7m 1s 2s 3s 4s 5s 6s 2p 3p 4p 9p 9p"},
                        melds={0: [("pung", "Q", 1), ("opening_kong", "H", None)]},
                        drawn="9p")
    assert "win" in types(G.legal_actions(state, 0))
    short, _ = position({0: "5m 5m 5m 5m 6m 7m 1s 2s 3s 4s 5s 6s 2p 3p 4p 9p 9p"},
                        melds={0: [("pung", "Q", 1)]}, drawn="9p")
    assert "win" not in types(G.legal_actions(short, 0))  # six groups and a pair: too few


def test_hand_sizes_through_whole_deals():
    """NT-5.2: not counting Hezi cards a player holds 22 + K cards between turns and 23 + K when
    it must discard or may win (K: its kongs)."""
    def check(before, seat, action, after):
        for state in (before, after):
            if state.phase not in ("play", "claim"):
                continue
            for s in range(3):
                acting = state.phase == "play" and s == state.turn
                assert holding_count(state, s) == (23 if acting else 22) + kongs(state, s)

    for seed in range(6):
        random_playout(G, seed, random.Random(seed), on_step=check, policy=eager_action)


def test_the_best_split_is_used():
    """NT-5.3 (and NT-6.8): 1p1p1p 2p2p2p 3p3p3p is read as three Wenqian sequences (with the
    others, seven sequences: Qing Hu) rather than three triplets; the three-in-hand hu stay."""
    hand = "1p 1p 1p 2p 2p 2p 3p 3p 3p 4m 5m 6m 1s 2s 3s 4s 5s 6s 7s 8s 9s 9m"
    state, _ = position({0: "9m " + idle(22, "9m 1p 2p 3p"), 1: hand,
                         2: idle(22, "9m 1p 2p 3p")}, drawn="9m", dealer=2)
    state = act(G, discard(state, 0, "9m"), 1, type="win")
    me = G.result(state)["players"][1]
    assert me["win"]["shape"]["code"] == "qing_hu"
    assert [(b["code"], b["total"]) for b in me["items"]
            if b["op"] == "+" and b["code"] not in HOLDINGS] == [
        ("qing_hu", 100), ("wenqian", 100), ("wait", 10)]
    assert me["base"] == 12 and me["total"] == 230


# ---------------------------------------------------------------- views and information

def ids_in(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("id", "card") and isinstance(value, int):
                yield value
            yield from ids_in(value)
    elif isinstance(node, list):
        for item in node:
            yield from ids_in(item)


def test_views_hide_other_hands_and_the_stock():
    """NT-2.4 and the protocol: a seat sees its own hand, others' counts only, never the stock
    order; indicators are public; replacement cards are shown to their owner in preparation."""
    state, _ = prep_position(wall="9p 7p", wall_extra=0)
    state = act(G, state, 0, **next(a for a in G.legal_actions(state, 0)
                                     if a["type"] == "opening_kong"))
    mine, theirs = G.view(state, 0), G.view(state, 1)
    assert mine["players"][0]["hand"] is not None and theirs["players"][0]["hand"] is None
    assert theirs["players"][0]["hand_count"] == len(state.hands[0])
    assert [c["face"] for c in mine["players"][0]["replacement_cards"]] == ["7p"]
    assert theirs["players"][0]["replacement_cards"] is None
    assert not set(ids_in(theirs)) & (set(state.wall) | set(state.hands[0]) | set(state.hands[2]))
    assert theirs["wall_remaining"] == 1
    assert [c["face"] for c in theirs["indicators"]] == ["B", "3m"]


def test_illegal_actions_are_refused():
    """NT-4.4: anything but a listed legal action is refused and changes nothing."""
    state, _ = position({0: "8s " + idle(22, "8s"), 1: idle(22, "8s")}, drawn="8s")
    with pytest.raises(IllegalAction):
        act(G, state, 1, type="discard", card=state.hands[1][0])
    with pytest.raises(IllegalAction):
        act(G, state, 0, type="win")
    with pytest.raises(IllegalAction):
        act(G, state, 0, type="chow", low="1m")
    with pytest.raises(IllegalAction):
        act(G, state, 0, type="discard", card=float(state.hands[0][0]))

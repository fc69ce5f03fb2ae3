"""Paohuzi rules, one hand-made position per rule (ids from shared/rules/paohuzi.md).

Bystanders hold nothing unless the rule needs them; ``hold=`` pads a seat's count (PH-3.1) with
exposed zero-huxi runs. ``reveal(state, seat)`` is the automatic turn-up of the stock's next card.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import IllegalAction
from engine.core.items import item
from engine.core.result import totals
from engine.core.rng import deal_rng, shuffled
from engine.paohuzi import CHINESE, FACE_NAMES, card_json, chi_shape, parse_face, target
from engine.paohuzi.cards import DECK, counts_of_ids
from engine.paohuzi.scoring import evaluate

from .position import (
    G,
    act,
    card_of,
    chis,
    discard,
    events,
    faces,
    kinds,
    position,
    reveal,
    types,
)

W = "x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x4 x6 x7 x8 x9 d4 d5 d6"
"""Twenty cards waiting on x5 (x4 x5 x6): x1 x2 x3 3 + d1 d2 d3 6 + x2 x7 x10 3 + d2 d7 d10 6
+ three runs 0 = 18 huxi, two tun."""


def deltas(state):
    return totals(state.payments, 3)


def f(face: str) -> int:
    return parse_face(face)


# ---------------------------------------------------------------- PH-1 cards


def test_eighty_cards_small_and_big_four_copies_each():
    """PH-1.1: 80 cards, small 一…十 (x1–x10) and big 壹…拾 (d1–d10), four copies each."""
    state = G.new_deal(3)
    ids = sorted(c for zone in G.zones(state).values() for c in zone)
    assert ids == list(range(80))
    assert Counter(c >> 2 for c in ids) == {face: 4 for face in range(20)}
    assert FACE_NAMES == tuple(f"x{v}" for v in range(1, 11)) + tuple(f"d{v}" for v in range(1, 11))
    assert "".join(CHINESE) == "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"
    assert card_json(79) == {"id": 79, "face": "d10"}


def test_identical_means_same_size_and_value():
    """PH-1.1: x3 x3 do not peng a d3 (another size); d3 d3 do."""
    state = position({0: "d3 x9 d9", 2: "x3 x3"}, hold={0: 21}, stock="", stock_extra=0)
    after = discard(state, 0, "d3")
    assert after.phase == "over" and after.window is None  # nobody could take it
    assert faces(after.rows[0]) == "d3"
    state = position({0: "d3 x9 d9", 2: "d3 d3"}, hold={0: 21})
    after = discard(state, 0, "d3")
    assert G.to_act(after) == [2] and G.legal_actions(after, 2) == [{"type": "peng"},
                                                                    {"type": "pass"}]


def test_each_copy_is_its_own_card():
    """PH-1.2: copies are distinct cards; a discard names the exact one."""
    state = position({0: "x5 x5 x6"}, hold={0: 21})
    copies = [c for c in state.hands[0] if c >> 2 == f("x5")]
    legal = G.legal_actions(state, 0)
    assert all({"type": "discard", "card": c} in legal for c in copies)
    after = act(state, 0, type="discard", card=copies[1])
    assert copies[1] in after.rows[0] and copies[0] in after.hands[0]


# ---------------------------------------------------------------- PH-2 seats and deal


def test_dealer_random_from_the_seed_and_turn_order():
    """PH-2.1: three seats, a dealer drawn from the seed (or given); play goes 0 -> 1 -> 2 -> 0."""
    assert {G.new_deal(seed).dealer for seed in range(30)} == {0, 1, 2}
    assert G.new_deal(5, dealer=2).dealer == 2 and G.new_deal(5) == G.new_deal(5)
    for bad in (3, -1, True):
        with pytest.raises(ValueError):
            G.new_deal(5, dealer=bad)
    # seat 2 discards, nobody takes it: seat 0 reveals next
    state = position({2: "x1 x9 d5"}, hold={2: 21}, turn=2, stock="d10")
    after = discard(state, 2, "x1")
    assert events(after, len(state.events))[:2] == [("discard", 2, "x1"), ("reveal", 0, "d10")]


def test_deal_sizes_and_the_shown_card():
    """PH-2.2: the dealer 21 cards, the others 20, 19 in the stock; the dealer's 21st card is
    shown to everyone."""
    seed = next(s for s in range(100) if G.new_deal(s).phase == "play"
                and G.new_deal(s).turn == G.new_deal(s).dealer)
    state = G.new_deal(seed)
    d = state.dealer
    assert [G.holding(state, s) for s in range(3)] == [21 if s == d else 20 for s in range(3)]
    assert len(state.stock) == 19
    dealt = shuffled(DECK, deal_rng(seed))
    assert state.shown == dealt[20] and state.shown in state.hands[d]
    other = (d + 1) % 3
    view = G.view(state, other)
    assert view["dealer_shown"] == card_json(state.shown)
    assert view["players"][d]["hand"] is None
    assert state.shown not in G.hidden_cards(state, other)
    assert set(state.hands[d]) - {state.shown} <= G.hidden_cards(state, other)


DEALER = "d2 d2 d2 x1 x2 x3 x5 x6 x8 x9 x10 d1 d3 d4 d5 d6 d7 d8 d9 d10 x1"
SEAT1 = "x4 x4 x4 x4 x7 x7 x7 x1 x2 x3 x5 x6 x8 x9 d1 d3 d5 d7 d9 d10"
SEAT2 = "x10 x10 d1 d1 d3 d4 d4 d5 d6 d6 d7 d8 d8 d9 d10 x2 x3 x5 x6 x9"


def test_four_dealt_are_a_ti_three_a_locked_kan():
    """PH-2.3: four alike dealt become an exposed ti at once; three alike are a kan, kept in the
    hand (hidden from the others), never discarded."""
    state = G.open_deal(position({0: DEALER, 1: SEAT1, 2: SEAT2}, phase="deal"))
    assert kinds(state, 1) == [("ti", "x4 x4 x4 x4")]
    assert "x4" not in faces(state.hands[1]) and faces(state.hands[1]).count("x7") == 3
    assert ("ti", 1, None) in events(state)
    # the kan x7 is seat 1's secret; the ti is public
    assert G.view(state, 1)["players"][1]["kans"] == ["x7"]
    other = G.view(state, 0)["players"][1]
    assert other["hand"] is None and other["kans"] is None and other["hand_count"] == 16
    assert other["melds"][0]["type"] == "ti"
    # the dealer must discard (PH-2.5), but never a card of its kan d2
    assert G.to_act(state) == [0]
    legal = G.legal_actions(state, 0)
    assert types(legal) == {"discard"} and len(legal) == 18
    d2 = card_of(state, 0, "d2")
    assert {"type": "discard", "card": d2} not in legal
    with pytest.raises(IllegalAction, match="PH-2.3"):
        act(state, 0, type="discard", card=d2)


THREE_TI = "x1 x1 x1 x1 x2 x2 x2 x2 d5 d5 d5 d5 x4 x6 x8 x10 d6 d7 d8 d9"
"""Three ti: 9 + 9 + 12 = 30 huxi, 1 + 15 // 3 = 6 tun."""


def test_heavenly_three_ti_is_declared_and_paid():
    """PH-2.4: a player dealt three ti wins at once (only ti and kan count); PH-6.4 each
    opponent pays its tun."""
    dealer = "x3 x5 x7 x9 d2 d4 d6 d8 d10 x3 x5 x7 x9 d2 d4 d6 d8 d10 x4 x6 x8"
    state = G.open_deal(position({0: dealer, 1: THREE_TI, 2: "x10 d1"}, phase="deal"))
    assert state.phase == "heavenly" and G.to_act(state) == [1]
    assert G.legal_actions(state, 1) == [{"type": "win"}]
    assert G.legal_actions(state, 0) == [] and G.legal_actions(state, 2) == []
    after = act(state, 1, type="win")
    res = G.result(after)
    assert res["win"]["heavenly"] == "three_ti" and res["win"]["huxi"] == 30
    assert res["win"]["tun"] == 6 and res["deltas"] == [-6, 12, -6]
    assert res["win"]["card"] is None


def test_heavenly_five_kan_and_not_two_ti_with_three_kan():
    """PH-2.4: five kan win at once; two ti and three kan do not (no combining)."""
    five = "x1 x1 x1 x3 x3 x3 x5 x5 x5 d2 d2 d2 d4 d4 d4 x8 x9 d7 d9 d10"
    state = G.open_deal(position({0: "x2 x4 x6 x7 x10 d1 d3 d5 d6 d8", 2: five}, phase="deal"))
    assert state.phase == "heavenly" and state.turn == 2
    # kan x1 3 + x3 3 + x5 3 + d2 6 + d4 6 = 21 -> 3 tun
    assert state.win.huxi == 21 and state.win.evaluation.heavenly == "five_kan"
    mixed = "x1 x1 x1 x1 x2 x2 x2 x2 d3 d3 d3 d4 d4 d4 d5 d5 d5 x8 x9 x10"
    state = G.open_deal(position({0: "x3 x4 x6 x7 d1 d2 d6 d7 d8 d9", 1: mixed}, phase="deal"))
    assert state.phase != "heavenly" and state.win is None


def test_heavenly_dealer_complete_hand():
    """PH-2.4: the dealer whose 21 dealt cards are a winning hand wins at once."""
    complete = "x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x4 x5 x6 x7 x8 x9 d4 d5 d6"
    state = G.open_deal(position({1: complete, 2: "x3 x9"}, phase="deal", dealer=1))
    assert state.phase == "heavenly" and state.turn == 1
    assert state.win.evaluation.heavenly == "complete" and state.win.huxi == 18
    # the same cards dealt to a non-dealer are no Heavenly win
    state = G.open_deal(position({1: complete, 2: "x3 x9"}, phase="deal", dealer=2))
    assert state.phase != "heavenly"


def test_heavenly_order_dealer_first_then_turn_order():
    """PH-2.4: checked the dealer first, then in turn order; the first one wins."""
    also = "d1 d1 d1 d1 d2 d2 d2 d2 d3 d3 d3 d3 x3 x5 x7 x9 d6 d8 d10 x10"
    for dealer, winner in ((0, 1), (1, 1), (2, 2)):
        hands = {1: THREE_TI, 2: also}
        hands[0] = "x3 x5 x7 x9 x3 x5 x7 x9 d4 d6 d8 d10 d4 d6 d8 d10 x4 x6 x8 x10"
        hands[dealer] += " d9"  # the dealer's 21st card
        state = G.open_deal(position(hands, phase="deal", dealer=dealer))
        assert state.phase == "heavenly" and state.turn == winner, dealer


def test_dealer_discards_first_then_the_next_reveals():
    """PH-2.5: the dealer discards first; if nobody takes it, the next player reveals."""
    state = G.open_deal(position({0: DEALER, 1: "x4 x4", 2: "d5 d5"}, phase="deal",
                                 stock="d10"))
    assert G.to_act(state) == [0] and state.phase == "play"
    after = discard(state, 0, "x1")
    assert events(after, len(state.events))[:2] == [("discard", 0, "x1"), ("reveal", 1, "d10")]
    assert faces(after.rows[0]) == "x1"


# ---------------------------------------------------------------- PH-3 card counts


def test_card_count_target():
    """PH-3.1: T(k) = 20 + max(0, k - 1) cards between turns with k ti and pao."""
    assert [target(k) for k in range(5)] == [20, 20, 21, 22, 23]


def test_a_second_four_card_group_is_never_a_winning_card():
    """PH-3.1: with one ti, a card that would make a second pao cannot win (21 cards, while
    two four-card groups need 22); PH-3.2: that pao needs no discard."""
    hand = "x5 x5 x5 x1 x2 x3 x6 x7 x8 d4 d5 d6 x9 x9 d9 d9"
    state = position({1: hand}, groups={1: [("ti", "d1 d1 d1 d1")]}, stock="x5 d10")
    assert G.holding(state, 1) == 20 == G.target(state, 1)
    after = reveal(state, 0)
    assert G.legal_actions(after, 1) == [{"type": "pao"}, {"type": "pass"}]
    after = act(after, 1, type="pao")
    assert kinds(after, 1)[-1] == ("pao", "x5 x5 x5 x5")
    assert G.holding(after, 1) == 21 == G.target(after, 1)
    # no discard: the next player after seat 1 reveals
    assert events(after, len(state.events))[-2] == ("reveal", 2, "d10")


def test_a_ti_and_a_pair_win_with_twenty_one_cards():
    """PH-3.1 (k = 1: 21 = 4 + 5 x 3 + 2) and PH-5.1: a hand with a ti wins with its pair."""
    # ti d1 12 + x1 x2 x3 3 + x4 x5 x6 + x7 x8 x9 + d4 d5 d6 + d7 d8 d9 (d9 wins) + x10 x10 = 15
    hand = "x1 x2 x3 x4 x5 x6 x7 x8 x9 d4 d5 d6 d7 d8 x10 x10"
    state = position({2: hand}, groups={2: [("ti", "d1 d1 d1 d1")]}, stock="d9")
    after = reveal(state, 0)
    assert "win" in types(G.legal_actions(after, 2))
    after = act(after, 2, type="win")
    assert G.result(after)["win"]["huxi"] == 15 and deltas(after) == [-1, -1, 2]


def test_chi_then_discard():
    """PH-3.2: a chi brings the player to T(k) + 1: it discards."""
    state = position({0: "x5 x9 d9", 1: "x4 x6 d1 d3 d8"}, hold={0: 21, 1: 20})
    after = discard(state, 0, "x5")
    chi = next(a for a in G.legal_actions(after, 1) if a["type"] == "chi")
    after = G.apply(after, 1, chi)
    assert G.holding(after, 1) == 21 and after.phase == "play" and G.to_act(after) == [1]
    assert types(G.legal_actions(after, 1)) == {"discard"}
    assert faces(c for a in G.legal_actions(after, 1) for c in [a["card"]]) == "d1 d3 d8"


def test_first_ti_then_discard_second_ti_no_discard():
    """PH-3.2: a first ti is followed by a discard; a second ti is not, and the next player
    reveals."""
    state = position({1: "x5 x5 x5 d1 d3"}, hold={1: 20}, stock="x5")
    after = reveal(state, 1)
    assert kinds(after, 1)[-1] == ("ti", "x5 x5 x5 x5")
    assert after.phase == "play" and G.to_act(after) == [1]
    state = position({1: "x5 x5 x5 d1 d3 d3 x9"}, groups={1: [("ti", "d8 d8 d8 d8")]},
                     hold={1: 20}, stock="x5 d10")
    after = reveal(state, 1)
    assert kinds(after, 1)[-1] == ("ti", "x5 x5 x5 x5")
    assert G.holding(after, 1) == 21 == G.target(after, 1)
    assert events(after, len(state.events))[2] == ("reveal", 2, "d10")


def test_non_dealer_dealt_two_ti_skips_a_discard():
    """PH-3.2: a non-dealer dealt two ti holds 20 < T(2) = 21: after its first peng it does not
    discard, and the next player reveals."""
    hand = "x1 x1 x3 x5 x7 x9 d2 d4 d6 d8 d10 d10"
    state = position({0: "x1 x8 d9", 1: hand}, groups={1: [("ti", "x2 x2 x2 x2"),
                                                           ("ti", "d3 d3 d3 d3")]},
                     hold={0: 21}, stock="d5")
    assert G.holding(state, 1) == 20 and G.target(state, 1) == 21
    after = discard(state, 0, "x1")
    after = act(after, 1, type="peng")
    assert G.holding(after, 1) == 21 and kinds(after, 1)[-1] == ("peng", "x1 x1 x1")
    assert events(after)[-2:] == [("reveal", 2, "d5"), ("exhausted", 0, None)]


def test_dealer_dealt_two_ti_does_not_discard():
    """PH-3.2 [ruling]: a dealer dealt two ti holds no extra card (21 = T(2)): no first discard;
    the next player reveals."""
    dealer = "x1 x1 x1 x1 d2 d2 d2 d2 x3 x5 x7 x9 d4 d6 d8 d10 x3 x5 x7 x9 d1"
    state = G.open_deal(position({0: dealer, 1: "x2 x4", 2: "x6 x8"}, phase="deal",
                                 stock="d10"))
    assert G.holding(state, 0) == 21 == G.target(state, 0)
    assert events(state)[:4] == [("deal", 0, None), ("shown", 0, "d1"), ("ti", 0, None),
                                 ("ti", 0, None)]
    assert events(state)[4] == ("reveal", 1, "d10")


def test_untaken_cards_go_to_their_owners_row():
    """PH-3.3: an untaken discard goes to the discarder's row, an untaken reveal to the
    revealer's, face up."""
    state = position({0: "x1 x9 d5"}, hold={0: 21}, stock="d10 d4", stock_extra=0)
    after = discard(state, 0, "x1")
    assert faces(after.rows[0]) == "x1" and faces(after.rows[1]) == "d10"
    assert faces(after.rows[2]) == "d4" and after.exhausted
    view = G.view(after, 0)
    assert [c["face"] for c in view["players"][1]["discards"]] == ["d10"]


# ---------------------------------------------------------------- PH-4.1 claim order


def test_mandatory_wei_comes_before_anyone_wins():
    """PH-4.1 step 1: the revealer's pair takes its own card as a wei before seat 2, who
    would win on it, is asked; the revealer then discards."""
    state = position({1: "x5 x5 d10 d10 x3", 2: W}, hold={1: 20}, stock="x5")
    after = reveal(state, 1)
    assert kinds(after, 1)[-1] == ("wei", "x5 x5 x5")
    assert after.window is None and G.to_act(after) == [1]
    assert types(G.legal_actions(after, 1)) == {"discard"}
    assert G.legal_actions(after, 2) == []


def test_a_win_beats_a_peng():
    """PH-4.1 steps 2-3: a win beats a peng on the same revealed card, whatever the answer
    order; PH-6.4 each opponent pays the tun."""
    state = position({1: "x5 x5 d10 d10 x3", 2: W}, hold={1: 20}, stock="x5")
    after = reveal(state, 0)
    assert G.to_act(after) == [1, 2]
    assert G.legal_actions(after, 1) == [{"type": "peng"}, {"type": "pass"}]
    assert G.legal_actions(after, 2) == [{"type": "win"}, {"type": "pass"}]
    after = act(after, 1, type="peng")
    assert after.phase == "claim" and G.to_act(after) == [2]
    after = act(after, 2, type="win")
    assert after.phase == "over" and all(g.kind != "peng" for g in after.groups[1])
    assert G.result(after)["win"]["huxi"] == 18 and deltas(after) == [-2, -2, 4]
    other_order = act(act(reveal(state, 0), 2, type="win"), 1, type="peng")
    assert other_order == after


@pytest.mark.parametrize("taker", ["peng", "pao"])
def test_peng_or_pao_beats_chi(taker):
    """PH-4.1 steps 3-4: a peng or pao by seat 2 beats the chi of seat 1 on seat 0's discard;
    play continues from the taker (PH-4.1): seat 2 discards, seat 1 is skipped."""
    two = "x5 x5 d8 d10 x1" if taker == "peng" else "x5 x5 x5 d8 d10"
    state = position({0: "x5 x9 d9", 1: "x4 x6 d1 d3 d8", 2: two}, hold={0: 21, 1: 20, 2: 20})
    after = discard(state, 0, "x5")
    assert G.to_act(after) == [1, 2]
    assert types(G.legal_actions(after, 1)) == {"chi", "pass"}
    after = act(after, 1, **next(a for a in G.legal_actions(after, 1) if a["type"] == "chi"))
    after = act(after, 2, type=taker)
    assert kinds(after, 2)[-1][0] == taker and kinds(after, 1)[-1] == ("chi",
                                                                     kinds(state, 1)[-1][1])
    assert G.to_act(after) == [2] and after.phase == "play"


def test_after_the_revealers_wei_only_the_revealer_may_win():
    """PH-4.1 step 2 and PH-4.3: the wei took the card: the revealer may win, nobody else."""
    # seat 1: wei d4 6 + x1 x2 x3 3 + d1 d2 d3 6 + x4 x5 x6 + x7 x8 x9 + d5 d6 d7 = 15
    hand = "d4 d4 x1 x2 x3 d1 d2 d3 x4 x5 x6 x7 x8 x9 d5 d6 d7 d8 d9 d10"
    state = position({1: hand, 2: "d4"}, stock="d4")
    after = reveal(state, 1)
    assert G.to_act(after) == [1] and after.may_win is not None
    legal = G.legal_actions(after, 1)
    assert legal[0] == {"type": "win"} and types(legal) == {"win", "discard"}
    after = act(after, 1, type="win")
    win = G.result(after)["win"]
    # wei d4 6 + x1 x2 x3 3 + d1 d2 d3 6 + x4 x5 x6 0 + x7 x8 x9 0 + d5 d6 d7 0 + d8 d9 d10 0
    assert win["seat"] == 1 and win["huxi"] == 15 and win["revealer"] == 1
    assert win["card"]["face"] == "d4"
    assert any(g["code"] == "wei" and "winning" in g["notes"] for g in win["items"])


# ---------------------------------------------------------------- PH-4.10 within a step


def test_two_chis_the_revealer_first():
    """PH-4.10: the revealer and the next player both chi the revealed card: the revealer's."""
    state = position({1: "x4 x6 d1 d3 d8", 2: "x3 x4 d2 d4 d9"}, hold={1: 20, 2: 20},
                     stock="x5")
    after = reveal(state, 1)
    assert G.to_act(after) == [1, 2]
    assert chis(after, 1) == [("x4 x6", [])] and chis(after, 2) == [("x3 x4", [])]
    after = act(after, 2, **G.legal_actions(after, 2)[0])
    after = act(after, 1, **G.legal_actions(after, 1)[0])
    assert kinds(after, 1)[-1] == ("chi", "x4 x5 x6") and G.to_act(after) == [1]
    assert kinds(after, 2)[-1][1] != "x3 x4 x5"


def test_two_winners_the_revealer_then_seat_order():
    """PH-4.10 / PH-4.1 step 2: several wins on one reveal: the revealer first, then the seats in
    turn order after it; the first is the only winner."""
    # seats 1 and 2 both hold W (waiting on x5): seat 1 reveals -> seat 1 (its own chi x4 x5 x6)
    state = position({1: W, 2: W}, stock="x5")
    after = reveal(state, 1)
    assert G.to_act(after) == [1, 2]
    assert types(G.legal_actions(after, 1)) == {"win", "chi", "pass"}
    after = act(act(after, 2, type="win"), 1, type="win")
    assert G.result(after)["win"]["seat"] == 1 and deltas(after) == [-2, 4, -2]
    # seat 0 reveals: seat 1 is first after it
    after = reveal(state, 0)
    after = act(act(after, 2, type="win"), 1, type="win")
    assert G.result(after)["win"]["seat"] == 1 and G.result(after)["win"]["revealer"] == 0
    # seat 1 passes: seat 2 wins
    after = reveal(state, 0)
    after = act(act(after, 1, type="pass"), 2, type="win")
    assert G.result(after)["win"]["seat"] == 2


# ---------------------------------------------------------------- PH-4.2 discards


def test_no_win_on_a_discard_peng_by_anyone_chi_by_the_next_only():
    """PH-4.2 / PH-5.2: nobody wins on a discard; seat 2 (not next) may peng but not chi;
    seat 1 (next) may chi."""
    state = position({0: "x5 x9 d9", 2: W}, hold={0: 21})
    after = discard(state, 0, "x5")
    assert after.window is None and "x5" in faces(after.rows[0])  # W waits on x5: no win
    state = position({0: "x5 x9 d9", 2: "x4 x6 d1 d3 d8"}, hold={0: 21, 2: 20})
    after = discard(state, 0, "x5")
    assert after.window is None  # chi: the next player only
    state = position({0: "x5 x9 d9", 1: "x4 x6 d1 d3 d8"}, hold={0: 21, 1: 20})
    after = discard(state, 0, "x5")
    assert chis(after, 1) == [("x4 x6", [])]
    state = position({0: "x5 x9 d9", 2: "x5 x5 x4 x6 d1"}, hold={0: 21, 2: 20})
    after = discard(state, 0, "x5")
    assert G.legal_actions(after, 2) == [{"type": "peng"}, {"type": "pass"}]
    with pytest.raises(IllegalAction, match="PH-4.5"):
        act(after, 2, type="chi", cards=[card_of(after, 2, "x4"), card_of(after, 2, "x6")],
            bi=[])


# ---------------------------------------------------------------- PH-4.3 wei and ti


def test_own_reveal_on_a_pair_is_a_wei():
    """PH-4.3: the revealer's pair takes its own card as a wei, with no decision."""
    state = position({0: "d7 d7 x1 x9 d2"}, hold={0: 20}, stock="d7")
    after = reveal(state, 0)
    assert kinds(after, 0)[-1] == ("wei", "d7 d7 d7")
    assert events(after)[-2:] == [("reveal", 0, "d7"), ("wei", 0, "d7")]


def test_own_reveal_on_a_kan_or_wei_is_a_ti():
    """PH-4.3: the revealer's kan, or its wei, takes its own card as a ti."""
    state = position({0: "d7 d7 d7 x1 x9"}, hold={0: 20}, stock="d7")
    after = reveal(state, 0)
    assert kinds(after, 0)[-1] == ("ti", "d7 d7 d7 d7") and "d7" not in faces(after.hands[0])
    state = position({0: "x1 x9"}, groups={0: [("wei", "d7 d7 d7")]}, hold={0: 20}, stock="d7")
    after = reveal(state, 0)
    assert kinds(after, 0)[0] == ("ti", "d7 d7 d7 d7") and after.phase == "play"


# ---------------------------------------------------------------- PH-4.4 peng and pao


def test_peng_is_optional():
    """PH-4.4: a peng may be passed; the card then goes to the discarder's row."""
    state = position({0: "x5 x9 d9", 2: "x5 x5 d1 d3 d8"}, hold={0: 21, 2: 20}, stock="d10")
    after = discard(state, 0, "x5")
    assert G.legal_actions(after, 2) == [{"type": "peng"}, {"type": "pass"}]
    after = act(after, 2, type="pass")
    assert "x5" in faces(after.rows[0]) and kinds(after, 2)[-1][0] == "chi"


def test_pao_with_a_kan_on_another_players_card():
    """PH-4.4: a kan claims another player's fourth card, discarded or revealed, as a pao."""
    state = position({0: "x5 x9 d9", 2: "x5 x5 x5 d1 d3"}, hold={0: 21, 2: 20})
    after = discard(state, 0, "x5")
    assert G.legal_actions(after, 2) == [{"type": "pao"}, {"type": "pass"}]
    after = act(after, 2, type="pao")
    pao = after.groups[2][-1]
    assert (pao.kind, faces(pao.cards), pao.source) == ("pao", "x5 x5 x5 x5", 0)
    assert G.to_act(after) == [2]  # the first pao: discard (PH-3.2)
    state = position({2: "x5 x5 x5 d1 d3"}, hold={2: 20}, stock="x5")
    after = reveal(state, 1)
    assert G.legal_actions(after, 2) == [{"type": "pao"}, {"type": "pass"}]


def test_wei_becomes_pao_with_another_players_card():
    """PH-4.4: an exposed wei takes a fourth card from another player (here a discard)."""
    state = position({0: "x5 x9 d9", 2: "d1 d3"}, groups={2: [("wei", "x5 x5 x5")]},
                     hold={0: 21, 2: 20})
    after = discard(state, 0, "x5")
    after = act(after, 2, type="pao")
    assert kinds(after, 2)[0] == ("pao", "x5 x5 x5 x5") and after.groups[2][0].source == 0


def test_own_reveal_on_own_wei_is_a_ti_not_a_pao():
    """PH-4.4 [ruling] with PH-4.3: the owner's own reveal on its wei makes a ti at once."""
    state = position({2: "d1 d3"}, groups={2: [("wei", "x5 x5 x5")]}, hold={2: 20}, stock="x5")
    after = reveal(state, 2)
    assert after.window is None and kinds(after, 2)[0] == ("ti", "x5 x5 x5 x5")


def test_peng_becomes_pao_only_with_a_revealed_card():
    """PH-4.4: an exposed peng takes a fourth card revealed from the stock (by anyone, the
    owner included), never a discarded one."""
    groups = {2: [("peng", "x5 x5 x5", 1)]}
    state = position({0: "x5 x9 d9", 2: "d1 d3"}, groups=groups, hold={0: 21, 2: 20})
    after = discard(state, 0, "x5")
    assert after.window is None  # a discard: no pao on a peng
    for revealer in (0, 2):
        state = position({2: "d1 d3"}, groups=groups, hold={2: 20}, stock="x5")
        after = reveal(state, revealer)
        assert "pao" in types(G.legal_actions(after, 2)), revealer
        after = act(after, 2, type="pao")
        assert kinds(after, 2)[0] == ("pao", "x5 x5 x5 x5")


# ---------------------------------------------------------------- PH-4.5 chi


@pytest.mark.parametrize(("cards", "shape"), [
    ("x3 x4 x5", "sequence"), ("d8 d9 d10", "sequence"), ("x2 x7 x10", "2-7-10"),
    ("d2 d7 d10", "2-7-10"), ("x6 x6 d6", "mixed"), ("x6 d6 d6", "mixed"),
    ("x9 x10 d1", None), ("x3 x4 d5", None), ("x2 x7 d10", None), ("x6 x6 x6", None),
    ("x1 x3 x5", None), ("x6 d6 x7", None),
])
def test_chi_shapes(cards, shape):
    """PH-4.5: three in a row of one size, 2-7-10 of one size, or one value two and one across
    sizes (绞); nothing else."""
    assert chi_shape(parse_face(c) for c in cards.split()) == shape


def test_chi_choices_of_every_shape():
    """PH-4.5: the next player may chi the discard in every shape it can make; each choice is
    its own action naming the hand cards it uses."""
    state = position({0: "x7 x9 d9", 1: "x5 x6 x8 x2 x10 d7 d7 d1"}, hold={0: 21, 1: 20})
    after = discard(state, 0, "x7")
    assert sorted(chis(after, 1)) == sorted([
        ("x5 x6", []), ("x6 x8", []), ("x2 x10", []), ("d7 d7", [])])
    state = position({0: "d6 x9 d9", 1: "x6 d6 x1 x3 x5"}, hold={0: 21, 1: 20})
    after = discard(state, 0, "d6")  # x6 d6 d6: two big, one small
    assert chis(after, 1) == [("x6 d6", [])]
    state = position({0: "x6 x9 d9", 1: "x6 d6 x1 x3 x5"}, hold={0: 21, 1: 20})
    after = discard(state, 0, "x6")  # x6 x6 d6: two small, one big; x5 x6? no x4 or x7
    assert chis(after, 1) == [("x6 d6", [])]


def test_chi_own_reveal_yes_other_players_discard_no():
    """PH-4.5: a chi takes the previous player's card or one's own reveal, never the discard
    of the player after."""
    state = position({0: "x4 x6 d1 d3 d8"}, hold={0: 20}, stock="x5")
    after = reveal(state, 0)
    assert chis(after, 0) == [("x4 x6", [])]
    state = position({0: "x4 x6 d1 d3 d8", 1: "x5 x9 d9"}, hold={0: 20, 1: 21}, turn=1)
    after = discard(state, 1, "x5")  # seat 0 is not the next player after seat 1
    assert after.window is None


# ---------------------------------------------------------------- PH-4.6 bi


def test_bi_places_every_other_copy_and_each_way_is_its_own_action():
    """PH-4.6: with another x5 in hand, a chi must also expose it in a chi of hand cards:
    x4 x6 with bi x5 d5 d5; or x5 d5 (the hand's x5 is in the chi itself, nothing to bi).
    Each way is its own action naming its hand cards; ways that expose the same groups
    (d5 d5 with bi x4 x5 x6) are one."""
    state = position({0: "x5 x9 d9", 1: "x4 x5 x6 d5 d5 d1 d3 d8"}, hold={0: 21, 1: 20})
    after = discard(state, 0, "x5")
    assert sorted(chis(after, 1)) == [("x4 x6", ["x5 d5 d5"]), ("x5 d5", [])]
    chi = next(a for a in G.legal_actions(after, 1) if a["type"] == "chi" and a["bi"])
    assert all(c in after.hands[1] for c in chi["cards"] + chi["bi"][0])
    done = G.apply(after, 1, chi)
    assert kinds(done, 1)[-2:] == [("chi", "x4 x5 x6"), ("chi", "x5 d5 d5")]
    assert done.groups[1][-2].source == 0 and done.groups[1][-1].source is None
    assert faces(done.hands[1]) == "d1 d3 d8" and G.holding(done, 1) == 21
    with pytest.raises(IllegalAction):  # the bi may not be left out
        act(after, 1, type="chi", cards=chi["cards"], bi=[])
    # x4 x6 + bi x5 x6 x7 and x6 x7 + bi x4 x5 x6 expose the same groups: one action
    state = position({0: "x5 x9 d9", 1: "x4 x5 x6 x6 x7 d1 d3 d8"}, hold={0: 21, 1: 20})
    assert chis(discard(state, 0, "x5"), 1) == [("x4 x6", ["x5 x6 x7"])]


def test_chi_event_names_its_bi_groups():
    """PH-4.6: the chi event says the bi groups apart (``bi``, each group's cards sorted, as
    the melds show them), besides every card that left the hand (``hand_cards``); ``bi`` is an
    empty list for a chi without bi. In every view."""
    state = position({0: "x5 x9 d9", 1: "x4 x5 x6 d5 d5 d1 d3 d8"}, hold={0: 21, 1: 20})
    after = discard(state, 0, "x5")
    for with_bi in (True, False):
        chi = next(a for a in G.legal_actions(after, 1)
                   if a["type"] == "chi" and bool(a["bi"]) == with_bi)
        done = G.apply(after, 1, chi)
        for viewer in (0, 1, 2, None):
            view = G.view(done, viewer)
            ev = next(e for e in reversed(view["events"]) if e["type"] == "chi")
            melds = view["players"][1]["melds"]
            assert ev["seat"] == 1 and ev["from"] == 0 and ev["card"]["face"] == "x5"
            assert [[c["id"] for c in g] for g in ev["bi"]] == [sorted(g) for g in chi["bi"]]
            assert ev["bi"] == [m["cards"] for m in melds[len(melds) - len(chi["bi"]):]]
            assert sorted(c["id"] for c in ev["hand_cards"]) == sorted(
                chi["cards"] + [c for g in chi["bi"] for c in g])
        assert faces([c for g in chi["bi"] for c in g]) == ("x5 d5 d5" if with_bi else "")


def test_bi_failure_means_no_chi():
    """PH-4.6: an x5 left in hand that fits no chi forbids the chi."""
    state = position({0: "x5 x9 d9", 1: "x4 x5 x6 d1 d9"}, hold={0: 21, 1: 20})
    after = discard(state, 0, "x5")
    assert after.window is None


def test_copies_used_in_the_chi_itself_count_for_bi():
    """PH-4.6: x5 d5 + the claimed x5 is a chi that uses the hand's x5: nothing left to bi."""
    state = position({0: "x5 x9 d9", 1: "x5 d5 d1 d3 d8"}, hold={0: 21, 1: 20})
    after = discard(state, 0, "x5")
    assert chis(after, 1) == [("x5 d5", [])]


def test_no_chi_on_a_card_of_ones_kan():
    """PH-4.6: a kan cannot be split, so its face is never chi'd."""
    state = position({0: "x5 x9 d9", 1: "x5 x5 x5 x4 x6"}, hold={0: 21, 1: 20})
    after = discard(state, 0, "x5")
    assert types(G.legal_actions(after, 1)) == {"pao", "pass"}
    with pytest.raises(IllegalAction, match="PH-4.6"):
        act(after, 1, type="chi", cards=[card_of(after, 1, "x4"), card_of(after, 1, "x6")],
            bi=[])


# ---------------------------------------------------------------- PH-4.7 a discard must remain


def test_no_chi_or_peng_without_a_discard_left():
    """PH-4.7: after the take the player would have to discard but hold only kan cards."""
    state = position({0: "x5 x9 d9", 1: "x4 x6 d1 d1 d1", 2: "x5 x5 x1 x1 x1"},
                     hold={0: 21, 1: 20, 2: 20})
    after = discard(state, 0, "x5")
    assert after.window is None
    # with a card outside the kan left over, both are possible
    state = position({0: "x5 x9 d9", 1: "x4 x6 d2 d1 d1 d1 x9 x9", 2: "x5 x5 d3 x1 x1 x1 d9 d9"},
                     hold={0: 21, 1: 20, 2: 20})
    after = discard(state, 0, "x5")
    assert types(G.legal_actions(after, 1)) == {"chi", "pass"}
    assert types(G.legal_actions(after, 2)) == {"peng", "pass"}


def test_no_pao_without_a_discard_left_but_a_later_pao_needs_none():
    """PH-4.7 [ruling] for pao: a first pao that calls for a discard needs a card outside kans
    (a hand-made count of 21 shows the guard); a later pao that calls for no discard does not
    (two ti and four kan dealt: 20 cards, T(3) = 22)."""
    state = position({0: "x5 x9 d9", 2: "x5 x5 x5"}, hold={0: 21, 2: 21})
    after = discard(state, 0, "x5")
    assert after.window is None
    state = position({0: "x5 x9 d9", 2: "x5 x5 x5 d1 d1 d1 d3 d3 d3 d4 d4 d4"},
                     groups={2: [("ti", "x1 x1 x1 x1"), ("ti", "x2 x2 x2 x2")]}, hold={0: 21})
    assert G.holding(state, 2) == 20
    after = discard(state, 0, "x5")
    assert G.legal_actions(after, 2) == [{"type": "pao"}, {"type": "pass"}]
    after = act(after, 2, type="pao")
    assert after.phase == "over" and events(after)[-1] == ("exhausted", 0, None)  # no discard


# ---------------------------------------------------------------- PH-4.8 dead hand

DEAD = "x1 x1 x1 x2 x2 x2 x3 x3 x3 x9 x9"
"""Kans x1 x2 x3 and a pair x9: after the wei x9 nothing but kans is left."""
DEAD_GROUPS = [("chi", "x4 x5 x6"), ("chi", "d4 d5 d6"), ("peng", "x8 x8 x8", 0)]


def test_dead_hand_after_a_wei_with_nothing_to_discard():
    """PH-4.8: the wei calls for a discard, no card outside kans is left, and the seven groups
    make 13 huxi (< 15): the hand is dead; it no longer discards nor wins, but may pao."""
    state = position({1: DEAD}, groups={1: DEAD_GROUPS}, stock="x9 x1 x2 d10")
    assert G.holding(state, 1) == 20
    after = reveal(state, 1)
    # chi 0 + chi 0 + peng x8 1 + wei x9 3 + kans 3 + 3 + 3 = 13
    assert after.dead[1] and ("dead", 1, None) in events(after)
    assert G.view(after, 0)["players"][1]["dead"] is True
    # seat 2 reveals x1: seat 1 may pao (no win, though 7 groups); no discard after it
    assert events(after)[-1] == ("reveal", 2, "x1")
    assert G.legal_actions(after, 1) == [{"type": "pao"}, {"type": "pass"}]
    after = act(after, 1, type="pao")
    assert kinds(after, 1)[-1] == ("pao", "x1 x1 x1 x1")
    # no discard after it: the player after seat 1 (seat 2 again) reveals x2, another pao
    assert G.holding(after, 1) == 22 and events(after)[-1] == ("reveal", 2, "x2")
    assert G.legal_actions(after, 1) == [{"type": "pao"}, {"type": "pass"}]


def test_dead_hand_reveals_and_tis_but_never_discards():
    """PH-4.8: a dead hand's own reveal on its kan is a ti, with no discard and no win."""
    state = position({1: DEAD}, groups={1: DEAD_GROUPS}, stock="x9 d10 d10 x2 d9",
                     stock_extra=0)
    after = reveal(state, 1)  # dead; seat 2 then seat 0 reveal d10 d10; seat 1 reveals x2
    assert after.dead[1] and kinds(after, 1)[-1] == ("ti", "x2 x2 x2 x2")
    assert events(after)[-4:] == [("reveal", 1, "x2"), ("ti", 1, "x2"), ("reveal", 2, "d9"),
                                  ("exhausted", 0, None)]


def test_a_complete_hand_is_not_dead():
    """PH-4.8: with big kans the same shape is worth 16 huxi: the wei leaves a winning hand,
    which may only win (no card to discard)."""
    state = position({1: "d1 d1 d1 x2 x2 x2 x3 x3 x3 x9 x9"}, groups={1: DEAD_GROUPS},
                     stock="x9")
    after = reveal(state, 1)
    assert not after.dead[1] and G.legal_actions(after, 1) == [{"type": "win"}]
    # 0 + 0 + 1 + 3 + kan d1 6 + 3 + 3 = 16
    assert G.result(act(after, 1, type="win"))["win"]["huxi"] == 16


# ---------------------------------------------------------------- PH-4.9 passed cards


def test_a_passed_chi_cannot_be_made_later():
    """PH-4.9: seat 1 passes a chi on x5; its own x5 reveal then offers no chi (臭牌)."""
    state = position({0: "x5 x9 d9", 1: "x4 x6 d1 d3 d8"}, hold={0: 21, 1: 20},
                     stock="x5 d10")
    after = discard(state, 0, "x5")
    after = act(after, 1, type="pass")
    assert G.view(after, 1)["players"][1]["passed"] == ["x5"]
    assert G.view(after, 0)["players"][1]["passed"] is None  # private
    # seat 1 revealed x5 and could not chi it: it went to its row, seat 2 revealed d10
    assert events(after)[-3:-1] == [("reveal", 1, "x5"), ("reveal", 2, "d10")]
    assert "x5" in faces(after.rows[1])


def test_a_card_in_ones_own_row_cannot_be_penged():
    """PH-4.9 [ruling]: an identical card in one's own discard row blocks chi and peng."""
    state = position({0: "x7 x9 d9", 2: "x7 x7 d1 d3 d8"}, rows={2: "x7"}, hold={0: 21, 2: 20},
                     passed=(0, 0, 1 << parse_face("x7")))
    after = discard(state, 0, "x7")
    assert after.window is None
    # the row's bit is set by the discard itself
    state = position({2: "x7 x9 d9"}, hold={2: 21}, turn=2)
    assert discard(state, 2, "x7").passed[2] == 1 << parse_face("x7")


def test_a_passed_card_may_still_win():
    """PH-4.9: seat 1 passes a chi on a discarded x5; its own x5 reveal then offers no chi, but
    the win on it."""
    state = position({0: "x5 x9 d9", 1: W}, hold={0: 21}, stock="x5")
    after = discard(state, 0, "x5")
    assert types(G.legal_actions(after, 1)) == {"chi", "pass"}  # no win on a discard
    after = act(after, 1, type="pass")
    assert after.passed[1] >> parse_face("x5") & 1
    assert after.phase == "claim" and after.window.source == 1
    assert G.legal_actions(after, 1) == [{"type": "win"}, {"type": "pass"}]
    after = act(after, 1, type="win")
    assert G.result(after)["win"]["seat"] == 1


# ---------------------------------------------------------------- PH-5 winning


def test_under_fifteen_huxi_is_no_win():
    """PH-5.1: seven groups worth 14 huxi do not win."""
    hand = "d5 d5 d5 x1 x2 x3 x4 x5 d6 d7 d8"
    groups = [("peng", "d9 d9 d9", 0), ("peng", "x8 x8 x8", 0), ("peng", "x9 x9 x9", 0)]
    state = position({2: hand}, groups={2: groups}, stock="x6")
    # peng d9 3 + peng x8 1 + peng x9 1 + kan d5 6 + x1 x2 x3 3 + x4 x5 x6 0 + d6 d7 d8 0 = 14
    ev = evaluate(G.exposed(state, 2), tuple(counts_of_ids(state.hands[2])), f("x6"))
    assert ev is not None and ev.huxi == 14 and not ev.winning
    after = reveal(state, 0)
    assert after.window is None and faces(after.rows[0]) == "x6"


def test_win_on_a_reveal_completing_a_pao():
    """PH-5.2: a win on another player's revealed card that makes a pao of a kan."""
    # pao d5 9 + x1 x2 x3 3 + x4 x5 x6 + x7 x8 x9 + d6 d7 d8 + d2 d7 d10 6 + pair x10 = 18
    hand = "d5 d5 d5 x1 x2 x3 x4 x5 x6 x7 x8 x9 d6 d7 d8 d2 d7 d10 x10 x10"
    state = position({2: hand}, stock="d5")
    after = reveal(state, 1)
    assert G.legal_actions(after, 2) == [{"type": "win"}, {"type": "pao"}, {"type": "pass"}]
    after = act(after, 2, type="win")
    win = G.result(after)["win"]
    assert win["huxi"] == 18 and win["card"]["face"] == "d5"
    assert item("pao", "Pao", 9, chinese="跑", cards=["d5"] * 4, notes=["winning"]) in win["items"]
    assert len(after.hands[2]) == 21  # the card joined the winner's cards


def test_win_on_ones_own_reveal():
    """PH-5.2: the revealer may win on its own revealed card."""
    state = position({0: W}, stock="x5")
    after = reveal(state, 0)
    after = act(after, 0, type="win")
    assert G.result(after)["win"]["seat"] == 0 and deltas(after) == [4, -2, -2]


def test_best_grouping_decides_the_pay():
    """PH-5.3: the winner is paid on the grouping with the most huxi."""
    # wei d9 6 + peng d10 3 + x4 x5 x6 0 + x7 x8 x9 0 + x1 x1 d1 x2 x2 d2 x3 x3 d3 read as
    # x1 x2 x3 twice and d1 d2 d3 (3 + 3 + 6), not three mixed groups (0): 21 -> 3 tun
    hand = "x1 x1 d1 x2 x2 d2 x3 x3 d3 x7 x8"
    groups = [("wei", "d9 d9 d9"), ("peng", "d10 d10 d10", 1), ("chi", "x4 x5 x6", 1)]
    state = position({0: hand}, groups={0: groups}, stock="x9")
    after = act(reveal(state, 2), 0, type="win")
    assert G.result(after)["win"]["huxi"] == 21 and deltas(after) == [6, -3, -3]


# ---------------------------------------------------------------- PH-6.4 the end


def test_exhausted_stock_is_a_draw_after_the_last_card_is_resolved():
    """PH-6.4: the last revealed card is still claimed and the discard after it resolved; the
    next reveal finds the stock empty: a draw, nobody pays."""
    state = position({2: "x4 x6 d1 d3 d8", 0: "d1 d1 x9 x8 x10"}, hold={2: 20, 0: 20},
                     stock="x5")
    after = reveal(state, 1)
    assert not after.stock and G.to_act(after) == [2]
    after = act(after, 2, **next(a for a in G.legal_actions(after, 2) if a["type"] == "chi"))
    after = discard(after, 2, "d1")
    assert G.to_act(after) == [0] and G.legal_actions(after, 0)[0] == {"type": "peng"}
    after = act(after, 0, type="peng")
    after = discard(after, 0, "x9")
    res = G.result(after)
    assert after.phase == "over" and res["exhausted"] is True and res["win"] is None
    assert res["deltas"] == [0, 0, 0] and res["payments"] == []
    assert events(after)[-1] == ("exhausted", 1, None)

"""Paohuzi xing (醒, shared/rules/options.md OPT-PH-5) on hand-made positions: the xing face,
the count, the turned card as a public event, and the payment t × F × D worked out by hand."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import InvalidSpec
from engine.core.state import evolve
from engine.paohuzi import GAME as G
from engine.paohuzi.cards import card_json

from .position import act, events, position, reveal

W = "x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x4 x6 x7 x8 x9 d4 d5 d6"
"""Waiting on x5: 18 huxi, two tun. With x5 it holds x1 ×1, x2 ×2, x5 ×1, x6 ×1, x10 ×1, d1 ×1,
d2 ×2."""
PENGS = [("peng", "x1 x1 x1", 1), ("peng", "x3 x3 x3", 1), ("peng", "x5 x5 x5", 1),
         ("wei", "d5 d5 d5")]
IDENTICAL = "d9 d9 d9 x7 x7 x7 x8 x8"
"""With PENGS: 19 huxi, two tun, on another's x8 (peng x8: three x8 with the winning card)."""
THREE_TI = "x1 x1 x1 x1 x2 x2 x2 x2 d5 d5 d5 d5 x4 x6 x8 x10 d6 d7 d8 d9"
"""Three ti dealt: 30 huxi, six tun; x1 ×4, x2 ×4, x10 ×1."""
OTHER = "x3 x5 x7 x9 d2 d4 d6 d8 d10 x3 x5 x7 x9 d2 d4 d6 d8 d10 x4 x6 x8"


def under(state, **options):
    return evolve(state, options=G.options(options))


def won(stock: str, hand: str = W, groups=None, revealer: int = 1, **options):
    """Seat 2 wins ``hand`` on the first card of ``stock``, revealed by ``revealer``."""
    state = position({2: hand}, groups={2: groups or []}, stock=stock)
    state = reveal(under(state, **options), revealer)
    return act(state, 2, type="win")


def xing(after) -> tuple[dict | None, int, list[int]]:
    """(the result's xing, each opponent's payment, the deltas)."""
    res = G.result(after)
    return res["win"]["xing"], res["win"]["payment"], res["deltas"]


# ------------------------------------------------------------------ OPT-PH-5.1 the xing face

def test_off_is_paohuzi_md():
    """OPT-PH-5 ``"off"`` (the default): no xing, no event, each pays the tun."""
    after = won("x5 x1")
    assert xing(after) == (None, 2, [-2, -2, 4])
    assert not any(e[0] == "xing" for e in after.events)


def test_follow_is_the_winning_cards_face():
    """OPT-PH-5.1 ``"follow"``: the winning card's face; OPT-PH-5.2: each of the winner's cards
    of it adds a tun. W on x5: one x5, t = 2 + 1 = 3. IDENTICAL on x8 (its peng x8): three,
    t = 2 + 3 = 5."""
    assert xing(won("x5 x1", xing="follow")) == (
        {"mode": "follow", "card": None, "face": "x5", "count": 1}, 3, [-3, -3, 6])
    assert xing(won("x8 x1", IDENTICAL, PENGS, xing="follow")) == (
        {"mode": "follow", "card": None, "face": "x8", "count": 3}, 5, [-5, -5, 10])


def test_turn_is_the_value_after_the_stocks_top_card():
    """OPT-PH-5.1 ``"turn"``: the stock's top card after the win is turned up; the xing face is
    the next value of the same size. x1 turned: x2, two in W, t = 4."""
    after = won("x5 x1 d9", xing="turn")
    turned = after.stock[0]
    assert after.win.turned == turned and turned >> 2 == 0  # the actual top card: x1
    assert xing(after) == ({"mode": "turn", "card": card_json(turned), "face": "x2",
                            "count": 2}, 4, [-4, -4, 8])
    rows = G.result(after)["win"]["payment_items"]  # the turned card and the face it names
    assert [(i["code"], i["total"], i["cards"]) for i in rows] == [
        ("pay_tun", 2, []), ("pay_xing_turn", 2, ["x1", "x2"])]


def test_turn_wraps_ten_to_one():
    """OPT-PH-5.1 [ruling]: 十 → 一 and 拾 → 壹. x10 turned: x1, one in W; d10 turned: d1, one
    in W (t = 3 each); d9 turned: d10, one in W."""
    for top, face in (("x10", "x1"), ("d10", "d1"), ("d9", "d10")):
        got, pay, _ = xing(won(f"x5 {top}", xing="turn"))
        assert (got["card"]["face"], got["face"], got["count"], pay) == (top, face, 1, 3), top


def test_turn_on_the_last_card_turns_the_winning_card():
    """OPT-PH-5.1: a win on the stock's last card turns the winning card itself: x5, so x6,
    one in W: t = 3."""
    after = won("x5", xing="turn")
    assert not after.stock and after.win.turned == after.win.card
    got, pay, _ = xing(after)
    assert (got["card"], got["face"], got["count"], pay) == (card_json(after.win.card), "x6", 1, 3)


def test_turned_card_is_a_public_event():
    """OPT-PH-5.1 ``"turn"``: turned face up for all: every view's events and the replay show it
    after the win, and it is no longer a hidden card."""
    after = won("x5 x1 d9", xing="turn")
    turned = after.stock[0]
    assert events(after)[-2:] == [("win", 2, "x5"), ("xing", 2, "x1")]
    expected = {"type": "xing", "seat": 2, "card": card_json(turned), "face": "x2", "count": 2}
    for seat in (None, 0, 1, 2):
        assert G.view(after, seat)["events"][-1] == expected
        assert turned not in G.hidden_cards(after, seat)
    assert G.open_view(after)["events"][-1] == expected
    assert after.stock[1] in G.hidden_cards(after, 0)  # the card under it stays hidden


# ------------------------------------------------------------------ OPT-PH-5.2 the count

def test_four_of_the_face_in_a_ti():
    """OPT-PH-5.2: the count is 0–4, the four cards of a ti included. Seat 1 dealt three ti, x10
    turned: x1, its ti of x1: t = 6 + 4 = 10."""
    dealt = position({0: OTHER, 1: THREE_TI, 2: "x10 d1"}, phase="deal", stock="x10 x3")
    after = act(G.open_deal(under(dealt, xing="turn")), 1, type="win")
    got, pay, deltas = xing(after)
    assert (got["face"], got["count"], pay, deltas) == ("x1", 4, 10, [-10, 20, -10])


def test_heavenly_under_follow_counts_nothing():
    """OPT-PH-5.2 [ruling]: a Heavenly win under ``"follow"`` has no winning card: 0, six tun."""
    dealt = position({0: OTHER, 1: THREE_TI, 2: "x10 d1"}, phase="deal", stock="x10")
    after = act(G.open_deal(under(dealt, xing="follow")), 1, type="win")
    assert xing(after) == ({"mode": "follow", "card": None, "face": None, "count": 0}, 6,
                           [-6, 12, -6])


def test_zero_of_the_face():
    """OPT-PH-5.2: none of the face: the count is 0 and t the tun. d7 turned: d8, none in W:
    t = 2."""
    got, pay, _ = xing(won("x5 d7", xing="turn"))
    assert (got["face"], got["count"], pay) == ("d8", 0, 2)


def test_xing_adds_tun_before_the_multiplier_and_the_double():
    """The options file's formula: t = tun + xing + self-draw tun, times F, times D, capped.
    W on its own x5 under follow, red_black and double: t = 2 + 1, F = 1 (R = 9), D = 2: 6;
    IDENTICAL on another's x8 under follow and full: t = 2 + 3 = 5, F = 对子胡 8: 40; capped at
    30: 30."""
    after = won("x5 x1", revealer=2, xing="follow", mingtang="red_black",
                self_draw_bonus="double")
    win = G.result(after)["win"]
    assert win["self_draw"] and xing(after)[1] == 6
    assert (win["tun_paid"], win["multiplier"], win["doubled"]) == (3, 1, True)
    assert [(i["code"], i["op"], i["total"], i["cards"]) for i in win["payment_items"]] == [
        ("pay_tun", "+", 2, []), ("pay_xing_follow", "+", 1, ["x5"]),
        ("pay_self_draw_double", "×", 2, [])]
    after = won("x8 x1", IDENTICAL, PENGS, xing="follow", mingtang="full")
    assert G.result(after)["win"]["multiplier"] == 8 and xing(after)[1] == 40
    after = won("x8 x1", IDENTICAL, PENGS, xing="follow", mingtang="full", payment_cap=30)
    assert xing(after)[1] == 30 and G.result(after)["win"]["capped"]
    assert G.result(after)["win"]["tun_paid"] == 5


def test_a_drawn_deal_turns_nothing():
    """OPT-PH-5.1: "after a win": an exhausted stock is a draw with no xing."""
    state = under(position({0: "x7 x9 d9"}, hold={0: 21}), xing="turn", mingtang="full")
    after = act(state, 0, type="discard", card=state.hands[0][0])
    assert after.exhausted and not any(e[0] == "xing" for e in after.events)
    assert G.result(after)["win"] is None


def test_replay_and_sampling_keep_the_xing():
    """OPT-0.2 and OPT-0.3: a seeded deal under xing "turn" replays exactly (the turned card is
    the actual next stock card, no random draw); the options reach the sampler."""
    options = {"xing": "turn", "mingtang": "full"}
    rng = random.Random(3)
    for seed in range(40):
        state = G.new_deal(seed, options=options)
        again = G.new_deal(seed, options=options)
        assert state == again
        assert G.sample(G.view(state, 1), rng).options == state.options
        played = []
        while G.result(state) is None:
            seat = G.to_act(state)[0]
            legal = G.legal_actions(state, seat)
            action = {"type": "win"} if {"type": "win"} in legal else rng.choice(legal)
            played.append((seat, action))
            state = G.apply(state, seat, action)
        if state.win is not None:
            top = state.stock[0] if state.stock else state.win.card
            assert state.win.turned == top
            for seat, action in played:
                again = G.apply(again, seat, action)
            assert again == state
            return
    raise AssertionError("no seeded deal ended in a win")


# ------------------------------------------------------------------ the calculator

def test_the_calculator_reads_the_xing():
    """OPT-PH-5 in the calculator: ``follow`` from the winning card; ``turn`` from
    ``turned_card`` (or the winning card with ``last_card``); a missing or needless turned card
    is refused with its reason."""
    spec = {"concealed": W.split(), "winning_card": "x5"}
    out = G.score(spec | {"options": {"xing": "follow"}})
    assert out["xing"] == {"mode": "follow", "card": None, "face": "x5", "count": 1}
    assert out["payment"] == 3
    out = G.score(spec | {"turned_card": "x1", "options": {"xing": "turn"}})
    assert out["xing"] == {"mode": "turn", "card": {"face": "x1"}, "face": "x2", "count": 2}
    assert out["payment"] == 4
    out = G.score(spec | {"last_card": True, "options": {"xing": "turn", "mingtang": "full"}})
    assert out["xing"]["face"] == "x6" and out["payment"] == (2 + 1) * 6  # and 海胡 6
    out = G.score(spec | {"last_card": True, "options": {"xing": "follow"}})  # nothing turned
    assert out["xing"] == {"mode": "follow", "card": None, "face": "x5", "count": 1}
    assert [i["cards"] for i in out["payment_items"]] == [[], ["x5"]]
    for bad, why in (({"options": {"xing": "turn"}}, "needs the turned_card"),
                     ({"turned_card": "x1", "options": {"xing": "follow"}}, "under xing 'turn'"),
                     ({"turned_card": "x1"}, "under xing 'turn'"),  # no options: xing off
                     ({"turned_card": "x1", "last_card": True, "options": {"xing": "turn"}},
                      "none is left to turn"),
                     ({"turned_card": "x2", "concealed": W.split() + ["x2", "x2"]},
                      "more than four copies of x2")):
        with pytest.raises(InvalidSpec, match=why):
            G.score(spec | bad)

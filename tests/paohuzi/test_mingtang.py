"""Paohuzi 名堂 (shared/rules/options.md, OPT-PH-3) on hand-made positions. Each hand's red,
big and small cards are counted in its comment, and every payment worked out by hand from the
options file's formula: each opponent pays t × F × D, capped."""

from __future__ import annotations

import pytest

from engine.core.items import running_total
from engine.core.state import evolve
from engine.paohuzi import GAME as G
from engine.paohuzi.cards import counts_of_ids, parse_face
from engine.paohuzi.mingtang import is_red, next_face
from engine.paohuzi.scoring import readings

from .position import act, position, reveal

BLACK = "d1 d1 d1 d3 d3 d3 d8 d8 d8 x3 x4 x5 x4 x5 x6 d4 d5 d6 x9 x9"
"""Kans d1 d3 d8 (6 + 6 + 6), three zero runs and x9 x9 waiting on d9 (绞 x9 x9 d9, 0):
18 huxi, two tun. With d9 no red card: R = 0 (乌胡). B = 3 × 3 + 3 + 1 = 13, S = 8."""
ONE_RED = "d1 d1 d1 d3 d3 d3 d8 d8 d8 x3 x4 x5 x5 x6 x7 d4 d5 d6 x9 x9"
"""BLACK with x5 x6 x7 for x4 x5 x6: the one red card x7 (点胡, R = 1); 18 huxi, two tun."""
RED12 = "x2 x2 x2 x4 x4 x4 d2 d2 d2 d10 d10 d10 x10 x10 d4 d5 d6 x9 x9 d9"
"""Kans x2 x4 d2 d10 (3 + 3 + 6 + 6), x10 x10 taking another's x10 as a peng (1), d4 d5 d6
and 绞 x9 x9 d9: 19 huxi, two tun. With x10: R = 3 (x2) + 3 (d2) + 3 (d10) + 3 (x10) = 12."""
RED16 = "x2 x2 x2 x7 x7 x7 d2 d2 d2 d10 d10 d10 x10 x10 d7 d8 d9 x3 x4 x5"
"""Kans x2 x7 d2 d10 (3 + 3 + 6 + 6), peng x10 (1) on another's x10, d7 d8 d9, x3 x4 x5:
19 huxi, two tun; with x10 R = 3 + 3 + 3 + 3 + 3 + 1 (d7) = 16."""
BIG = "d1 d1 d1 d3 d3 d3 d5 d5 d5 d8 d8 d8 d9 d9 x6 d6 d6 d2 d7 d10"
"""Kans d1 d3 d5 d8 (4 × 6 = 24), d9 d9 pengs another's d9 (3), 绞 x6 d6 d6 (0), 2-7-10 big
(6): 33 huxi, 1 + 18 // 3 = 7 tun. With d9: B = 12 + 3 + 2 + 3 = 20 (大胡 8 + 2), S = 1,
R = 3."""
SMALL = "x1 x1 x1 x3 x3 x3 x4 x4 x4 x8 x8 x8 x9 x9 x5 x5 d5 x2 x7 x10"
"""Kans x1 x3 x4 x8 (4 × 3 = 12), x9 x9 pengs another's x9 (1), 绞 x5 x5 d5 (0), 2-7-10 small
(3): 16 huxi, one tun. With x9: S = 12 + 3 + 2 + 3 = 20 (小胡 10 + 4), B = 1, R = 3."""
PENGS = [("peng", "x1 x1 x1", 1), ("peng", "x3 x3 x3", 1), ("peng", "x5 x5 x5", 1),
         ("wei", "d5 d5 d5")]
IDENTICAL = "d9 d9 d9 x7 x7 x7 x8 x8"
"""With PENGS exposed: pengs x1 x3 x5 (1 + 1 + 1), wei d5 (6), kans d9 (6) and x7 (3), and x8
x8 pengs another's x8 (1): 19 huxi, two tun, seven identical groups (对子胡). R = 3 (x7)."""
IDENTICAL_BLACK = "d9 d9 d9 x4 x4 x4 x8 x8"
"""IDENTICAL with a kan of x4 for x7: the same 19 huxi, R = 0 (乌胡 and 对子胡)."""
W = "x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x4 x6 x7 x8 x9 d4 d5 d6"
"""Waiting on x5: 18 huxi, two tun. With x5: R = 2 (x2) + 2 (x7) + 1 + 2 (d2) + 1 + 1 = 9
(no red 名堂), B = 9, S = 12."""
THREE_TI = "x1 x1 x1 x1 x2 x2 x2 x2 d5 d5 d5 d5 x4 x6 x8 x10 d6 d7 d8 d9"
"""Three ti dealt: 9 + 9 + 12 = 30 huxi, six tun. R = 4 (x2) + 1 (x10) + 1 (d7) = 6."""
OTHER = "x3 x5 x7 x9 d2 d4 d6 d8 d10 x3 x5 x7 x9 d2 d4 d6 d8 d10 x4 x6 x8"
COMPLETE = "x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x4 x5 x6 x7 x8 x9 d4 d5 d6"
"""A dealer's 21 dealt cards that win (PH-2.4): 18 huxi, two tun; R = 9 as W's."""
SEVEN_KANS = "x1 x1 x1 x3 x3 x3 x4 x4 x4 x5 x5 x5 d1 d1 d1 d3 d3 d3 d4 d4 d4"
"""Seven kans dealt: 4 × 3 + 3 × 6 = 30 huxi, six tun, R = 0; both a five-kan Heavenly win
and, for the dealer, a complete hand of seven identical groups (PH-2.4)."""


def under(state, **options):
    return evolve(state, options=G.options(options))


def win_on(hand: str, card: str, groups=None, **options):
    """Seat 2 wins ``hand`` (with ``groups`` exposed) on the ``card`` seat 1 reveals (no
    self-draw; more stock after it, so no 海胡)."""
    state = position({2: hand}, groups={2: groups or []}, stock=f"{card} d10", hold=None)
    state = reveal(under(state, **options), 1)
    assert {"type": "win"} in G.legal_actions(state, 2), hand
    return act(state, 2, type="win")


def paid(after) -> tuple[int, list[tuple[str, int]], int]:
    """(tun, [(名堂 code, value)], each opponent's payment) of a settled win, checked against
    the deltas: both opponents pay the payment."""
    win = G.result(after)["win"]
    deltas = G.result(after)["deltas"]
    assert sorted(deltas) == [-win["payment"], -win["payment"], 2 * win["payment"]]
    items = [(i["code"], i["total"]) for i in win["mingtang"]]
    assert win["multiplier"] == (sum(v for _, v in items) or 1)  # OPT-PH-3.3
    assert running_total(win["payment_items"]) == win["payment"]  # the rows make the payment
    return win["tun"], items, win["payment"]


def test_red_cards_and_the_hands_counts():
    """Options.md's definitions: red cards are 二 七 十 贰 柒 拾."""
    assert [f for f in range(20) if is_red(f)] == [parse_face(x) for x in
                                                   "x2 x7 x10 d2 d7 d10".split()]


def test_default_is_paohuzi_md():
    """OPT-PH-3 ``"none"`` (the default): no 名堂, F = 1, each pays the tun (PH-6.4)."""
    assert paid(win_on(BLACK, "d9")) == (2, [], 2)
    assert G.result(win_on(BLACK, "d9"))["win"]["xing"] is None


# ------------------------------------------------------------------ OPT-PH-3.1 red_black

@pytest.mark.parametrize(("hand", "card", "items", "pay"), [
    (BLACK, "d9", [("wu_hu", 5)], 2 * 5),      # R = 0
    (ONE_RED, "d9", [("dian_hu", 3)], 2 * 3),  # R = 1
    (RED12, "x10", [("hong_hu", 2)], 2 * 2),   # 10 <= R <= 12
    (RED16, "x10", [("hong_wu", 4)], 2 * 4),   # R >= 13
    (W, "x5", [], 2),                          # R = 9: none applies, F = 1 (OPT-PH-3.3)
    (BIG, "d9", [], 7),                        # 大胡 is no red_black 名堂
])
def test_red_black_from_the_red_count(hand, card, items, pay):
    """OPT-PH-3.1: 乌胡 (R = 0) 5; 点胡 (R = 1) 3; 红胡 (10 ≤ R ≤ 12) 2; 红乌 (R ≥ 13) 4."""
    tun, got, payment = paid(win_on(hand, card, mingtang="red_black"))
    assert got == items and payment == pay


def test_duizi_hu_all_identical_groups():
    """OPT-PH-3.1 对子胡 4 (OPT-PH-3.2: 8): seven identical groups, no chi; OPT-PH-3.3 sums it
    with 乌胡."""
    assert paid(win_on(IDENTICAL, "x8", PENGS, mingtang="red_black")) == (
        2, [("duizi_hu", 4)], 2 * 4)
    assert paid(win_on(IDENTICAL, "x8", PENGS, mingtang="full")) == (2, [("duizi_hu", 8)], 16)
    assert paid(win_on(IDENTICAL_BLACK, "x8", PENGS, mingtang="red_black")) == (
        2, [("wu_hu", 5), ("duizi_hu", 4)], 2 * 9)
    assert paid(win_on(IDENTICAL_BLACK, "x8", PENGS, mingtang="full")) == (
        2, [("wu_hu", 8), ("duizi_hu", 8)], 2 * 16)


def test_duizi_hu_with_a_pao_needs_its_pair():
    """OPT-PH-3.1: with a ti or pao the seven identical groups hold the pair PH-5.1 asks for:
    pao x1 (6), pengs x3 x5 (1 + 1), wei d5 (6), kan d9 (6), peng x8 (1) on another's x8 and
    the pair d4 d4: 21 huxi, three tun; R = 0: 乌胡 5 + 对子胡 4 = 9, 3 × 9 = 27."""
    groups = [("pao", "x1 x1 x1 x1", 1), ("peng", "x3 x3 x3", 1), ("peng", "x5 x5 x5", 1),
              ("wei", "d5 d5 d5")]
    after = win_on("d9 d9 d9 x8 x8 d4 d4", "x8", groups, mingtang="red_black")
    assert paid(after) == (3, [("wu_hu", 5), ("duizi_hu", 4)], 27)
    assert [i["code"] for i in G.result(after)["win"]["items"]].count("pair") == 1


def test_a_chi_spoils_duizi_hu():
    """OPT-PH-3.1: "and no chi of any kind": an exposed chi among six identical groups."""
    groups = [("chi", "x1 x2 x3", 1), ("peng", "x3 x3 x3", 1), ("peng", "x5 x5 x5", 1),
              ("wei", "d5 d5 d5")]
    # chi x1 x2 x3 3 + 1 + 1 + 6 + kans 6 + 3 + peng 1 = 21 huxi; R = 1 (x2) + 3 (x7) = 4
    assert paid(win_on(IDENTICAL, "x8", groups, mingtang="red_black")) == (3, [], 3)


# ------------------------------------------------------------------ OPT-PH-3.2 full

@pytest.mark.parametrize(("hand", "card", "items", "pay"), [
    (BLACK, "d9", [("wu_hu", 8)], 2 * 8),
    (ONE_RED, "d9", [("dian_hu", 6)], 2 * 6),
    (RED16, "x10", [("hong_hu", 3 + 16 - 10)], 2 * 9),
    (BIG, "d9", [("da_hu", 8 + 20 - 18)], 7 * 10),
    (SMALL, "x9", [("xiao_hu", 10 + 20 - 16)], 1 * 14),
    (W, "x5", [], 2),
])
def test_full_from_the_card_counts(hand, card, items, pay):
    """OPT-PH-3.2: 红胡 3 + (R − 10); 乌胡 8; 点胡 6; 大胡 (B ≥ 18) 8 + (B − 18); 小胡
    (S ≥ 16) 10 + (S − 16); none: F = 1 (OPT-PH-3.3)."""
    tun, got, payment = paid(win_on(hand, card, mingtang="full"))
    assert got == items and payment == pay


def test_items_show_the_cards_they_count():
    """OPT-PH-3 itemised: each 名堂 with its name, Chinese name, value and the cards counted, so
    a player can check it (RED16: 16 reds, 红胡 3 + 6)."""
    item = G.result(win_on(RED16, "x10", mingtang="full"))["win"]["mingtang"][0]
    assert (item["code"], item["chinese"], item["value"], item["total"]) == ("hong_hu", "红胡",
                                                                           9, 9)
    assert len(item["cards"]) == 16 and all(is_red(parse_face(c)) for c in item["cards"])


def test_hai_hu_on_the_stocks_last_card():
    """OPT-PH-3.2 海胡 6: the winning card is the stock's last; one card later it is not."""
    last = reveal(under(position({2: W}, stock="x5"), mingtang="full"), 1)
    assert paid(act(last, 2, type="win")) == (2, [("hai_hu", 6)], 12)
    assert paid(win_on(W, "x5", mingtang="full")) == (2, [], 2)
    last = reveal(under(position({2: W}, stock="x5"), mingtang="red_black"), 1)
    assert paid(act(last, 2, type="win")) == (2, [], 2)  # not a red_black 名堂


def test_tian_hu_and_di_hu():
    """OPT-PH-3.2 天胡 6 (the dealer's Heavenly win) and 地胡 6 (a non-dealer's by three ti):
    COMPLETE 2 tun × 6; THREE_TI 6 tun × 6; none under red_black (R = 9, R = 6)."""
    dealt = position({1: COMPLETE, 2: "x3 x9"}, phase="deal", dealer=1)
    state = G.open_deal(under(dealt, mingtang="full"))
    assert paid(act(state, 1, type="win")) == (2, [("tian_hu", 6)], 12)
    dealt = position({0: OTHER, 1: THREE_TI, 2: "x10 d1"}, phase="deal")
    state = G.open_deal(under(dealt, mingtang="full"))
    assert paid(act(state, 1, type="win")) == (6, [("di_hu", 6)], 36)
    state = G.open_deal(under(dealt, mingtang="red_black"))
    assert paid(act(state, 1, type="win")) == (6, [], 6)


def test_three_ti_counts_every_card_held():
    """Options.md's definitions: a Heavenly winner by three ti or five kan counts all the cards
    it holds, its loose ones too; OPT-PH-3.3: 对子胡 does not apply. Seat 1 dealt three ti
    (x1 9, x2 9, d5 12: 30 huxi, six tun) and eight loose small cards: S = 8 + 8 = 16, 小胡
    10 + 0, with 地胡 6: 6 × 16 = 96."""
    small = "x1 x1 x1 x1 x2 x2 x2 x2 d5 d5 d5 d5 x3 x4 x6 x8 x9 x3 x4 x6"
    dealt = position({0: OTHER, 1: small, 2: "x10 d1"}, phase="deal")
    state = G.open_deal(under(dealt, mingtang="full"))
    assert state.win.evaluation.heavenly == "three_ti"
    assert paid(act(state, 1, type="win")) == (6, [("xiao_hu", 10), ("di_hu", 6)], 96)


# ------------------------------------------------------------------ OPT-PH-3.3 sum

def test_the_multiplier_is_the_sum():
    """OPT-PH-3.3: F sums every 名堂 that applies: BIG on the stock's last card under full is
    大胡 10 + 海胡 6 = 16, times 7 tun = 112; the cap then bounds it (OPT-PH-6.1), a self-draw
    under ``"tun"`` adds a tun before F (OPT-PH-2.1): (7 + 1) × 16."""
    state = position({2: BIG}, stock="d9")
    assert paid(act(reveal(under(state, mingtang="full"), 1), 2, type="win")) == (
        7, [("da_hu", 10), ("hai_hu", 6)], 112)
    capped = act(reveal(under(state, mingtang="full", payment_cap=100), 1), 2, type="win")
    assert paid(capped)[2] == 100
    win = G.result(capped)["win"]
    assert (win["tun_paid"], win["multiplier"], win["doubled"], win["capped"]) == (7, 16, False,
                                                                                  True)
    assert [(i["code"], i["op"], i["total"]) for i in win["payment_items"]] == [
        ("pay_tun", "+", 7), ("pay_mingtang", "×", 16), ("pay_cap", "=", 100)]
    own = position({2: BIG}, stock="d9")  # its own d9 on its own pair: a wei (6), a self-draw
    after = act(reveal(under(own, mingtang="full", self_draw_bonus="tun"), 2), 2, type="win")
    win = G.result(after)["win"]
    assert (win["huxi"], win["tun"], win["self_draw"]) == (36, 8, True)
    assert paid(after) == (8, [("da_hu", 10), ("hai_hu", 6)], (8 + 1) * 16)
    assert (win["tun_paid"], win["doubled"], win["capped"]) == (9, False, False)


# ------------------------------------------------------------------ OPT-PH-3.4 choice by payment

def test_the_heavenly_reading_that_pays_most():
    """OPT-PH-3.4 (with PH-2.4's two readings): seven kans dealt to the dealer read as five kan
    or as a complete hand, both 30 huxi, six tun. By huxi (the default) the five-kan reading
    stands; under red_black the complete one pays more: 乌胡 5 + 对子胡 4 = 9 against 5, so
    6 × 9 = 54; under full 乌胡 8 + 对子胡 8 + 天胡 6 = 22 against 14: 6 × 22 = 132."""
    dealt = position({0: SEVEN_KANS, 1: "x6 x8", 2: "x9 d9"}, phase="deal")
    state = G.open_deal(dealt)
    assert state.win.evaluation.heavenly == "five_kan" and paid(act(state, 0, type="win"))[2] == 6
    state = G.open_deal(under(dealt, mingtang="red_black"))
    assert state.win.evaluation.heavenly == "complete"
    assert paid(act(state, 0, type="win")) == (6, [("wu_hu", 5), ("duizi_hu", 4)], 54)
    state = G.open_deal(under(dealt, mingtang="full"))
    assert paid(act(state, 0, type="win")) == (
        6, [("wu_hu", 8), ("duizi_hu", 8), ("tian_hu", 6)], 132)


def test_readings_weighed_by_payment():
    """OPT-PH-3.4: the groupings a win is settled on are the most-huxi one and the best one of
    identical groups only, each reaching the minimum. A kan of d4, x4 x4 and another's d4:
    pao d4 (9) with the pair x4 x4, or kan d4 (6) with 绞 x4 x4 d4 (0); the identical one is also
    the one with more huxi, so it is the only reading weighed."""
    state = position({2: "d4 d4 d4 x4 x4"}, groups={2: [("peng", "x1 x1 x1", 1),
                                                        ("peng", "x3 x3 x3", 1),
                                                        ("peng", "x5 x5 x5", 1),
                                                        ("wei", "d5 d5 d5"),
                                                        ("wei", "d9 d9 d9")]})
    found = readings(G.exposed(state, 2), tuple(counts_of_ids(state.hands[2])),
                     parse_face("d4"), False, 15)
    assert [(e.huxi, [g.kind for g in e.groups][-2:]) for e in found] == [(24, ["pao", "pair"])]
    assert readings(G.exposed(state, 2), tuple(counts_of_ids(state.hands[2])),
                    parse_face("d4"), False, 25) == ()  # short of the minimum: no reading
    after = win_on("d4 d4 d4 x4 x4", "d4", [
        ("peng", "x1 x1 x1", 1), ("peng", "x3 x3 x3", 1), ("peng", "x5 x5 x5", 1),
        ("wei", "d5 d5 d5"), ("wei", "d9 d9 d9")], mingtang="red_black")
    # 1 + 1 + 1 + 6 + 6 + pao 9 = 24 huxi, 4 tun; R = 0: 乌胡 5 + 对子胡 4
    assert paid(after) == (4, [("wu_hu", 5), ("duizi_hu", 4)], 36)


# ------------------------------------------------------------------ the calculator

def test_the_calculator_settles_as_the_game():
    """OPT-PH-3 in the calculator (``spec["options"]``, OPT-0.4): the same 名堂 and payment as
    the settlement; ``last_card`` is 海胡, ``heavenly`` with ``dealer`` 天胡."""
    spec = {"concealed": BIG.split(), "winning_card": "d9"}
    out = G.score(spec | {"options": {"mingtang": "full"}})
    assert [(i["code"], i["total"]) for i in out["mingtang"]] == [("da_hu", 10)]
    assert (out["tun"], out["multiplier"], out["payment"]) == (7, 10, 70)
    out = G.score(spec | {"last_card": True, "options": {"mingtang": "full"}})
    assert (out["multiplier"], out["payment"]) == (16, 112)
    out = G.score(spec | {"options": {"mingtang": "red_black"}})
    assert (out["mingtang"], out["multiplier"], out["payment"]) == ([], 1, 7)
    out = G.score({"concealed": SEVEN_KANS.split(), "heavenly": True, "dealer": True,
                   "options": {"mingtang": "full"}})
    assert out["heavenly"] == "complete" and (out["multiplier"], out["payment"]) == (22, 132)
    out = G.score({"concealed": SEVEN_KANS.split(), "heavenly": True, "dealer": False,
                   "options": {"mingtang": "full"}})  # five kan: 乌胡 8 + 地胡 6
    assert out["heavenly"] == "five_kan" and (out["multiplier"], out["payment"]) == (14, 84)
    assert "mingtang" not in G.score(spec)  # without options: huxi and tun only, as before


def test_next_face_wraps_within_a_size():
    """OPT-PH-5.1 (used by xing ``"turn"``): 十 → 一, 拾 → 壹."""
    assert [next_face(parse_face(x)) for x in ("x1", "x9", "x10", "d9", "d10")] == [
        parse_face(x) for x in ("x2", "x10", "x1", "d10", "d1")]

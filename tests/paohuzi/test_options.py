"""Paohuzi's house-rule options (shared/rules/options.md, OPT-0 and OPT-PH) on hand-made
positions and seeded deals; with every option at its default the game is exactly paohuzi.md
(the other Paohuzi tests play the defaults). Settlements are checked to the point."""

from __future__ import annotations

import random

import pytest

from engine.core.options import InvalidOptions
from engine.core.result import totals
from engine.core.state import evolve
from engine.paohuzi import GAME as G
from engine.paohuzi.cards import counts_of_ids
from engine.paohuzi.hints import hints
from engine.paohuzi.options import DEFAULTS, PAYMENT_CAP_MAX
from engine.paohuzi.scoring import evaluate, tun_of

from .position import act, discard, events, faces, kinds, position, reveal

W = "x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x4 x6 x7 x8 x9 d4 d5 d6"
"""Twenty cards waiting on x5 (x4 x5 x6): 3 + 6 + 3 + 6 + three runs 0 = 18 huxi, two tun."""
PAIRED = "x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x4 x5 x6 x7 x8 x9 d5 d5"
"""Twenty cards whose d5 pair takes the owner's own d5 as a wei (PH-4.3): 3 + 6 + 3 + 6 +
wei 6 = 24 huxi, four tun."""
SHORT_HAND = "d5 d5 d5 x1 x2 x3 x4 x5 d6 d7 d8"
SHORT_GROUPS = [("peng", "d9 d9 d9", 0), ("peng", "x8 x8 x8", 0), ("peng", "x9 x9 x9", 0)]
"""With an x6: peng d9 3 + x8 1 + x9 1 + kan d5 6 + x1 x2 x3 3 + two runs 0 = 14 huxi."""
THREE_TI = "x1 x1 x1 x1 x2 x2 x2 x2 d5 d5 d5 d5 x4 x6 x8 x10 d6 d7 d8 d9"
"""Three ti dealt: 9 + 9 + 12 = 30 huxi (PH-2.4)."""
OTHER = "x3 x5 x7 x9 d2 d4 d6 d8 d10 x3 x5 x7 x9 d2 d4 d6 d8 d10 x4 x6 x8"


def under(state, **options):
    return evolve(state, options=G.options(options))


def deltas(state) -> list[int]:
    return totals(state.payments, 3)


def own_wei_win(**options):
    """Seat 0 reveals its own d5 onto its pair (a wei, PH-4.3) and wins: a self-draw."""
    state = reveal(under(position({0: PAIRED}, stock="d5"), **options), 0)
    assert {"type": "win"} in G.legal_actions(state, 0)
    return act(state, 0, type="win")


def others_reveal_win(**options):
    """Seat 2 wins W on the x5 that seat 1 reveals: no self-draw."""
    state = reveal(under(position({2: W}, stock="x5"), **options), 1)
    return act(state, 2, type="win")


# ------------------------------------------------------------------ OPT-0: how options are set

def test_missing_keys_take_their_defaults():
    """OPT-0.1: options may be left out or given in part; the rest are the defaults; a state
    made by hand plays the defaults."""
    assert G.options() == G.options({}) == DEFAULTS == position({}).options
    assert DEFAULTS.to_json() == {"min_huxi": 15, "self_draw_bonus": "none", "mingtang": "none",
                                  "pao": "optional", "xing": "off", "payment_cap": 0}
    assert G.options({"min_huxi": 10}).to_json() == {
        "min_huxi": 10, "self_draw_bonus": "none", "mingtang": "none", "pao": "optional",
        "xing": "off", "payment_cap": 0}


@pytest.mark.parametrize(("raw", "key"), [
    ({"min_huxi": 12}, "min_huxi"),                    # OPT-PH-1: 15 or 10
    ({"min_huxi": 6}, "min_huxi"),                     # 六胡抢 is not offered
    ({"min_huxi": "10"}, "min_huxi"),
    ({"self_draw_bonus": "fan"}, "self_draw_bonus"),   # Sichuan's value, not Paohuzi's
    ({"payment_cap": -1}, "payment_cap"),              # OPT-PH-6: an integer >= 0
    ({"payment_cap": PAYMENT_CAP_MAX + 1}, "payment_cap"),
    ({"payment_cap": 20.0}, "payment_cap"),
    ({"payment_cap": True}, "payment_cap"),
    ({"pao": "forced"}, "pao"),                        # OPT-PH-4: optional or mandatory
    ({"min_points": 8}, "min_points"),                 # another game's key
    ({"mingtang": "max"}, "mingtang"),                 # OPT-PH-3: none, red_black, full
    ({"mingtang": True}, "mingtang"),
    ({"xing": "double"}, "xing"),                      # OPT-PH-5: 双醒 is not offered
    ({"xing": None}, "xing"),
    ({"xing": {}}, "xing"),                            # JSON objects and lists: refused,
    ({"mingtang": ["full"]}, "mingtang"),              # not a crash on hashing them
])
def test_a_bad_option_is_refused_naming_its_key(raw, key):
    """OPT-0.1: an unknown key, a key of another game or a value outside the allowed set is
    refused with ``options/invalid`` naming the key."""
    with pytest.raises(InvalidOptions) as err:
        G.options(raw)
    assert err.value.code == "options/invalid" and err.value.key == key


def test_every_view_carries_the_resolved_options_and_a_replay_is_exact():
    """OPT-0.2: every view carries the resolved object; seed + options + actions reproduce the
    deal; the sampler keeps them."""
    options = {"min_huxi": 10, "payment_cap": 3}
    state = G.new_deal(5, options=options)
    resolved = {"min_huxi": 10, "self_draw_bonus": "none", "mingtang": "none", "pao": "optional",
                "xing": "off", "payment_cap": 3}
    for seat in (None, 0, 1, 2):
        assert G.view(state, seat)["options"] == resolved
    assert G.open_view(state)["options"] == resolved
    assert G.new_deal(5, options=options) == state
    assert G.sample(G.view(state, 1), random.Random(1)).options == state.options


def test_the_room_form_of_each_option():
    """OPT-PH-1 to OPT-PH-6: what a client builds a room form from."""
    assert [o.to_json() for o in G.option_specs] == [
        {"key": "min_huxi", "rule": "OPT-PH-1", "default": 15, "values": [15, 10]},
        {"key": "self_draw_bonus", "rule": "OPT-PH-2", "default": "none",
         "values": ["none", "tun", "double"]},
        {"key": "mingtang", "rule": "OPT-PH-3", "default": "none",
         "values": ["none", "red_black", "full"]},
        {"key": "pao", "rule": "OPT-PH-4", "default": "optional",
         "values": ["optional", "mandatory"]},
        {"key": "xing", "rule": "OPT-PH-5", "default": "off", "values": ["off", "follow", "turn"]},
        {"key": "payment_cap", "rule": "OPT-PH-6", "default": 0, "min": 0,
         "max": PAYMENT_CAP_MAX},
    ]


# ------------------------------------------------------------------ OPT-PH-1 minimum huxi

def test_tun_count_from_the_minimum():
    """OPT-PH-1.1: tun = 1 + (huxi − min_huxi) // 3; with 10, 10–12 give one tun, 13–15 two."""
    assert [tun_of(h, 10) for h in (9, 10, 12, 13, 15, 16, 18)] == [0, 1, 1, 2, 2, 3, 3]
    assert [tun_of(h) for h in (14, 15, 17, 18)] == [0, 1, 1, 2]


def test_fourteen_huxi_win_with_a_minimum_of_ten():
    """OPT-PH-1.1: PH-5.1's "at least 15" reads "at least min_huxi": 14 huxi are no win at 15
    and a two-tun win at 10, paid 2 by each opponent."""
    state = position({2: SHORT_HAND}, groups={2: SHORT_GROUPS}, stock="x6")
    ev = evaluate(G.exposed(state, 2), tuple(counts_of_ids(state.hands[2])), 5, False, 10)
    assert ev is not None and ev.huxi == 14 and ev.winning and ev.tun == 2
    assert reveal(state, 0).window is None  # the default: nobody may win, x6 goes to the row
    after = reveal(under(state, min_huxi=10), 0)
    assert {"type": "win"} in G.legal_actions(after, 2)
    after = act(after, 2, type="win")
    win = G.result(after)["win"]
    assert (win["huxi"], win["tun"], win["minimum"], win["payment"]) == (14, 2, 10, 2)
    assert deltas(after) == [-2, -2, 4]


def test_the_tun_of_a_win_count_from_the_minimum():
    """OPT-PH-1.1: W's 18 huxi are two tun at 15, three at 10."""
    assert deltas(others_reveal_win()) == [-2, -2, 4]
    assert deltas(others_reveal_win(min_huxi=10)) == [-3, -3, 6]


def test_the_dealers_heavenly_complete_hand_needs_the_minimum():
    """OPT-PH-1.2: the dealer's Heavenly win with a winning hand needs min_huxi: 12 huxi win
    at 10, not at 15."""
    low = "x1 x2 x3 d1 d2 d3 x2 x7 x10 x4 x5 x6 x7 x8 x9 d4 d5 d6 d7 d8 d9"
    dealt = position({1: low, 2: "x3 x9"}, phase="deal", dealer=1)
    assert G.open_deal(dealt).phase != "heavenly"
    state = G.open_deal(under(dealt, min_huxi=10))
    assert state.phase == "heavenly" and state.turn == 1
    assert state.win.evaluation.heavenly == "complete" and state.win.huxi == 12
    assert deltas(act(state, 1, type="win")) == [-1, 2, -1]


def test_three_ti_need_no_minimum_and_count_tun_from_it():
    """OPT-PH-1.2: a Heavenly win by three ti needs no minimum; its tun count from min_huxi
    (30 huxi: 6 tun at 15, 7 at 10)."""
    dealt = position({0: OTHER, 1: THREE_TI, 2: "x10 d1"}, phase="deal")
    assert deltas(act(G.open_deal(dealt), 1, type="win")) == [-6, 12, -6]
    state = G.open_deal(under(dealt, min_huxi=10))
    assert deltas(act(state, 1, type="win")) == [-7, 14, -7]


def test_hints_read_the_minimum():
    """OPT-PH-1.1, OPT-0.4: ``huxi_needed`` and a wait's verdict and tun use min_huxi."""
    hand = "x1 x2 x3 d2 d7 d10 x4 x5 x6 x8 x9 d5"  # with a big wei: 15 huxi on x7 or x10
    state = position({0: hand, 1: "x7 x7 d1 d1", 2: "d8 d9"},
                     groups={0: [("wei", "d3 d3 d3")]}, hold={0: 21}, stock_extra=None)
    for options, needed, tun in (({}, 9, 1), ({"min_huxi": 10}, 4, 2)):
        h = hints(G, under(state, **options), 0)
        assert h["hand"]["huxi_needed"] == needed
        row = next(d for d in h["discards"] if d["face"] == "d5")
        assert {w["claimed"]["tun"] for w in row["waits"]} == {tun}
    short = position({0: hand}, groups={0: [("chi", "d3 d4 d5")]}, hold={0: 21},
                     stock_extra=None)  # 9 huxi: short of 10 too
    row = next(d for d in hints(G, under(short, min_huxi=10), 0)["discards"]
               if d["face"] == "d5")
    assert row["waits"] and not any(w["claimed"]["wins"] for w in row["waits"])


def test_the_calculator_reads_the_minimum():
    """OPT-PH-1, OPT-0.4: ``spec["options"]`` sets the minimum of the verdict and the tun."""
    spec = {"groups": [{"type": "peng", "cards": ["d9"] * 3}, {"type": "peng", "cards": ["x8"] * 3},
                       {"type": "peng", "cards": ["x9"] * 3}],
            "concealed": SHORT_HAND.split(), "winning_card": "x6"}
    out = G.score(spec)
    assert not out["winning"] and out["huxi"] == 14 and "minimum of 15" in out["reason"]
    out = G.score(spec | {"options": {"min_huxi": 10}})
    assert out["winning"] and (out["huxi"], out["tun"], out["minimum"]) == (14, 2, 10)
    assert out["payment"] == 2
    with pytest.raises(InvalidOptions):
        G.score(spec | {"options": {"min_huxi": 11}})


# ------------------------------------------------------------------ OPT-PH-2 self-draw bonus

def test_self_draw_on_ones_own_wei_gets_the_bonus():
    """OPT-PH-2.1 (with the options file's self-draw, a card the winner revealed that made its
    own wei): 24 huxi, 4 tun; ``"tun"`` adds one tun, ``"double"`` doubles each payment,
    ``"none"`` is PH-6.4."""
    after = own_wei_win()
    win = G.result(after)["win"]
    assert (win["huxi"], win["tun"], win["self_draw"], win["payment"]) == (24, 4, True, 4)
    assert deltas(after) == [8, -4, -4]
    assert deltas(own_wei_win(self_draw_bonus="tun")) == [10, -5, -5]
    assert deltas(own_wei_win(self_draw_bonus="double")) == [16, -8, -8]


def test_a_win_on_ones_own_plain_reveal_is_a_self_draw():
    """OPT-PH-2.1: a win on its own revealed card (claimed through the window) is a
    self-draw: W's two tun become three or four."""
    for bonus, pay in (("none", 2), ("tun", 3), ("double", 4)):
        state = reveal(under(position({0: W}, stock="x5"), self_draw_bonus=bonus), 0)
        after = act(state, 0, type="win")
        assert G.result(after)["win"]["self_draw"]
        assert deltas(after) == [2 * pay, -pay, -pay], bonus


def test_no_bonus_on_another_players_reveal():
    """OPT-PH-2.1: only self-draws get the bonus; a win on another's reveal pays its tun."""
    for bonus in ("tun", "double"):
        after = others_reveal_win(self_draw_bonus=bonus)
        assert not G.result(after)["win"]["self_draw"]
        assert deltas(after) == [-2, -2, 4], bonus


def test_no_bonus_on_a_heavenly_win():
    """OPT-PH-2.1 with the options file's definition: a Heavenly win is not a self-draw."""
    dealt = position({0: OTHER, 1: THREE_TI, 2: "x10 d1"}, phase="deal")
    for bonus in ("tun", "double"):
        after = act(G.open_deal(under(dealt, self_draw_bonus=bonus)), 1, type="win")
        assert not G.result(after)["win"]["self_draw"]
        assert deltas(after) == [-6, 12, -6], bonus


def test_the_calculator_says_the_payment():
    """OPT-PH-2, OPT-PH-6: with ``options`` the calculator says what each opponent pays; a win
    on the winner's own reveal is a self-draw (W on x5: 18 huxi, two tun)."""
    spec = {"concealed": W.split(), "winning_card": "x5"}
    rows = [({}, False, 2), ({"self_draw_bonus": "double"}, False, 2),
            ({"self_draw_bonus": "double"}, True, 4), ({"self_draw_bonus": "tun"}, True, 3),
            ({"self_draw_bonus": "double", "payment_cap": 3}, True, 3),
            ({"min_huxi": 10, "self_draw_bonus": "tun"}, True, 4)]
    for options, own, pay in rows:
        out = G.score(spec | {"own_reveal": own, "options": options})
        assert out["payment"] == pay, (options, own)


# ------------------------------------------------------------------ OPT-PH-6 payment cap

def test_each_payment_is_capped():
    """OPT-PH-6.1: each opponent pays at most payment_cap when above 0; 0 is no cap; the cap
    bounds the payment after the self-draw bonus (the options file's formula)."""
    assert deltas(own_wei_win(payment_cap=3)) == [6, -3, -3]
    assert deltas(own_wei_win(payment_cap=4)) == [8, -4, -4]  # at the cap: unchanged
    assert deltas(own_wei_win(payment_cap=0, self_draw_bonus="double")) == [16, -8, -8]
    assert deltas(own_wei_win(payment_cap=5, self_draw_bonus="double")) == [10, -5, -5]
    assert deltas(own_wei_win(payment_cap=1, min_huxi=10, self_draw_bonus="tun")) == [2, -1, -1]
    after = own_wei_win(payment_cap=2)
    assert G.result(after)["win"]["tun"] == 4 and G.result(after)["win"]["payment"] == 2


def test_a_drawn_deal_pays_nothing_under_any_option():
    """PH-6.4 unchanged by OPT-PH-2 and OPT-PH-6: an exhausted stock is a draw."""
    state = under(position({0: "x7 x9 d9"}, hold={0: 21}), self_draw_bonus="double",
                  payment_cap=1, min_huxi=10)
    after = act(state, 0, type="discard", card=state.hands[0][0])
    assert after.phase == "over" and after.exhausted and deltas(after) == [0, 0, 0]


# ------------------------------------------------------------------ OPT-PH-4 mandatory pao

MANDATORY = {"pao": "mandatory"}


def test_a_kan_must_pao_a_discard_or_a_reveal():
    """OPT-PH-4.1: with a kan in hand, another player's discarded or revealed fourth card is
    a pao, made at once (no choice to pass); under ``"optional"`` it is offered (PH-4.4)."""
    state = position({0: "x5 x9 d9", 2: "x5 x5 x5 d1 d3"}, hold={0: 21, 2: 20})
    assert G.legal_actions(discard(state, 0, "x5"), 2) == [{"type": "pao"}, {"type": "pass"}]
    after = discard(under(state, **MANDATORY), 0, "x5")
    assert after.window is None and G.to_act(after) == [2]  # the first pao: its discard
    pao = after.groups[2][-1]
    assert (pao.kind, faces(pao.cards), pao.source) == ("pao", "x5 x5 x5 x5", 0)
    assert events(after)[-2:] == [("discard", 0, "x5"), ("pao", 2, "x5")]
    state = under(position({2: "x5 x5 x5 d1 d3"}, hold={2: 20}, stock="x5"), **MANDATORY)
    after = reveal(state, 1)
    assert after.window is None and kinds(after, 2)[-1] == ("pao", "x5 x5 x5 x5")


def test_a_wei_must_pao_anothers_card_and_a_peng_a_revealed_one():
    """OPT-PH-4.1: an own wei with another player's card; an own peng with a card revealed by
    anyone, the owner included."""
    state = position({0: "x5 x9 d9", 2: "d1 d3"}, groups={2: [("wei", "x5 x5 x5")]},
                     hold={0: 21, 2: 20})
    after = discard(under(state, **MANDATORY), 0, "x5")
    assert after.window is None and kinds(after, 2)[0] == ("pao", "x5 x5 x5 x5")
    groups = {2: [("peng", "x5 x5 x5", 1)]}
    for revealer in (0, 2):
        state = position({2: "d1 d3"}, groups=groups, hold={2: 20}, stock="x5")
        after = reveal(under(state, **MANDATORY), revealer)
        assert after.window is None and kinds(after, 2)[0] == ("pao", "x5 x5 x5 x5"), revealer
    state = position({0: "x5 x9 d9", 2: "d1 d3"}, groups=groups, hold={0: 21, 2: 20})
    after = discard(under(state, **MANDATORY), 0, "x5")  # a discard: no pao on a peng
    assert after.window is None and kinds(after, 2)[0][0] == "peng"


def test_peng_stays_optional():
    """OPT-PH-4.1: "Peng stays optional"."""
    state = under(position({0: "x5 x9 d9", 2: "x5 x5 d1 d3 d8"}, hold={0: 21, 2: 20}),
                  **MANDATORY)
    after = discard(state, 0, "x5")
    assert G.legal_actions(after, 2) == [{"type": "peng"}, {"type": "pass"}]


def test_the_pao_players_own_win_may_still_be_chosen():
    """OPT-PH-4.1: unless a win takes the card at step 2, its own win included, which it may
    still choose: the pao player is offered the win, not the pao; declining it makes the pao."""
    hand = "d5 d5 d5 x1 x2 x3 x4 x5 x6 x7 x8 x9 d6 d7 d8 d2 d7 d10 x10 x10"  # 18 on d5
    state = under(position({2: hand}, stock="d5"), **MANDATORY)
    after = reveal(state, 1)
    assert G.legal_actions(after, 2) == [{"type": "win"}, {"type": "pass"}]
    assert G.result(act(after, 2, type="win"))["win"]["huxi"] == 18
    after = act(after, 2, type="pass")
    assert kinds(after, 2)[-1] == ("pao", "d5 d5 d5 d5") and G.to_act(after) == [2]


def test_another_players_win_comes_first():
    """OPT-PH-4.1 with PH-4.1 step 2: another player's win on the card takes it; when it is
    declined the pao is made."""
    state = under(position({0: W, 2: "x5 x5 x5 d1 d3"}, hold={2: 20}, stock="x5"),
                  **MANDATORY)
    after = reveal(state, 1)
    assert G.to_act(after) == [0] and G.legal_actions(after, 2) == []
    assert G.result(act(after, 0, type="win"))["win"]["seat"] == 0
    after = act(after, 0, type="pass")
    assert kinds(after, 2)[-1] == ("pao", "x5 x5 x5 x5")


def test_a_mandatory_pao_with_no_discard_left_kills_the_hand():
    """OPT-PH-4.2: the pao is made even if no legal discard would remain (PH-4.7 offers none
    under ``"optional"``); the hand is then dead as in PH-4.8."""
    state = position({0: "x5 x9 d9", 2: "x5 x5 x5"}, hold={0: 21, 2: 21})
    assert discard(state, 0, "x5").window is None and not discard(state, 0, "x5").dead[2]
    after = discard(under(state, **MANDATORY), 0, "x5")
    assert kinds(after, 2)[-1] == ("pao", "x5 x5 x5 x5") and after.dead[2]
    assert ("dead", 2, None) in events(after)

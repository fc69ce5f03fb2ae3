"""The Paohuzi huxi calculator (PH-5 winning hands, PH-6.1–6.3 huxi and tun, PH-2.4 Heavenly).

Hands are written by hand and go through the public path ``game.score`` (``engine.paohuzi.GAME``, registered as ``paohuzi``).
Every expected huxi is added up from the PH-6 tables in a comment next to the hand, never copied
from the calculator's output. ``concealed`` never holds the winning card.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import InvalidSpec
from engine.paohuzi import GAME as G
from engine.paohuzi import group_huxi, parse_face, tun_of


def g(kind: str, cards: str) -> dict[str, Any]:
    return {"type": kind, "cards": cards.split()}


def spec(concealed: str, *groups: dict[str, Any], win: str | None = None,
         **flags: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"groups": list(groups), "concealed": concealed.split()}
    if win is not None:
        d["winning_card"] = win
    d.update(flags)
    return d


def score(s: Any) -> dict[str, Any]:
    return G.score(s)


def win(s: dict[str, Any]) -> dict[str, Any]:
    r = score(s)
    assert r["winning"] is True, r
    return r


def readings(r: dict[str, Any]) -> list[tuple[str, str, int]]:
    """The groups of a result as (type, cards, huxi), sorted."""
    return sorted((x["code"], " ".join(x["cards"]), x["total"]) for x in r["items"])


def faces(s: str) -> tuple[int, ...]:
    return tuple(sorted(parse_face(x) for x in s.split()))


# ---------------------------------------------------------------- PH-6.1 identical groups


@pytest.mark.parametrize(("kind", "small", "big"), [
    ("ti", 9, 12), ("pao", 6, 9), ("wei", 3, 6), ("kan", 3, 6), ("peng", 1, 3),
])
def test_identical_group_huxi_small_and_big(kind, small, big):
    """PH-6.1: ti 9/12, pao 6/9, wei or kan 3/6, peng 1/3 (small / big)."""
    n = 4 if kind in ("ti", "pao") else 3
    assert group_huxi(kind, faces(" ".join(["x7"] * n))) == small
    assert group_huxi(kind, faces(" ".join(["d7"] * n))) == big


def test_every_identical_group_itemised_in_one_winning_hand():
    """PH-6.1 through the calculator, PH-1.3 (huxi is the value of the groups): ti, wei, peng
    and kan (three alike in hand) itemised with their huxi; a ti calls for the pair (PH-5.1)."""
    # ti d1 12 + wei x9 3 + peng d10 3 + kan x5 3 + x1 x2 x3 3 + d4 d5 d6 0 + pair x8 x8 0 = 24
    r = win(spec("x5 x5 x5 x1 x2 x3 d4 d5 x8 x8", g("ti", "d1 d1 d1 d1"), g("wei", "x9 x9 x9"),
                 g("peng", "d10 d10 d10"), win="d6"))
    assert readings(r) == sorted([
        ("ti", "d1 d1 d1 d1", 12), ("wei", "x9 x9 x9", 3), ("peng", "d10 d10 d10", 3),
        ("kan", "x5 x5 x5", 3), ("chi", "x1 x2 x3", 3), ("chi", "d4 d5 d6", 0),
        ("pair", "x8 x8", 0)])
    assert r["huxi"] == 24 and r["tun"] == 4  # 1 + (24 - 15) // 3
    kan = next(x for x in r["items"] if x["code"] == "kan")
    assert kan["notes"] == ["concealed"] and kan["chinese"] == "坎"
    assert next(x for x in r["items"] if x["code"] == "ti")["notes"] == []


def test_pao_small_and_big_through_the_calculator():
    """PH-6.1: pao 6 small / 9 big, given as exposed groups."""
    # two four-card groups: 22 cards = 4 + 4 + 4 x 3 + 2 (PH-3.1)
    # pao x3 6 + pao d3 9 + x4 x5 x6 + x7 x8 x9 + d4 d5 d6 + d6 d7 d8 (d6 wins) + pair d9 = 15
    r = win(spec("x4 x5 x6 d4 d5 d6 x7 x8 x9 d9 d9 d8 d7", g("pao", "x3 x3 x3 x3"),
                 g("pao", "d3 d3 d3 d3"), win="d6"))
    assert ("pao", "x3 x3 x3 x3", 6) in readings(r) and ("pao", "d3 d3 d3 d3", 9) in readings(r)
    assert r["huxi"] == 15


def test_winning_card_on_a_pair_makes_a_wei_or_a_peng():
    """PH-6.1: the winning card joining a pair in hand is a wei on one's own reveal (d: 6) and
    a peng on another player's reveal (d: 3)."""
    s = spec("d1 d2 d3 d6 d7 d8 d4 d4", g("wei", "d9 d9 d9"), g("chi", "x1 x2 x3"),
             g("chi", "x4 x5 x6"), g("chi", "x7 x8 x9"), win="d4")
    # wei d9 6 + x1 x2 x3 3 + 0 + 0 + d1 d2 d3 6 + d6 d7 d8 0 + (d4 d4 d4)
    own = win({**s, "own_reveal": True})
    other = win(s)
    assert ("wei", "d4 d4 d4", 6) in readings(own) and own["huxi"] == 21
    assert ("peng", "d4 d4 d4", 3) in readings(other) and other["huxi"] == 18
    assert "winning" in next(x for x in other["items"] if x["code"] == "peng")["notes"]


def test_winning_card_on_a_kan_makes_a_pao_or_a_ti():
    """PH-6.1 with PH-4.3/PH-4.4: another player's fourth card on a kan is a pao (d: 9), one's own
    reveal a ti (d: 12); with it the hand needs its one pair (PH-5.1)."""
    s = spec("d5 d5 d5 x1 x2 x3 x4 x5 x6 x7 x8 x9 d6 d7 d8 d2 d7 d10 x10 x10", win="d5")
    # pao d5 9 + x1 x2 x3 3 + 0 + 0 + 0 + d2 d7 d10 6 + pair x10 0 = 18
    other = win(s)
    assert ("pao", "d5 d5 d5 d5", 9) in readings(other) and other["huxi"] == 18
    own = win({**s, "own_reveal": True})
    assert ("ti", "d5 d5 d5 d5", 12) in readings(own) and own["huxi"] == 21


# ---------------------------------------------------------------- PH-6.2 chi


@pytest.mark.parametrize(("cards", "huxi", "shape"), [
    ("x1 x2 x3", 3, "sequence"), ("d1 d2 d3", 6, "sequence"),
    ("x2 x7 x10", 3, "2-7-10"), ("d2 d7 d10", 6, "2-7-10"),
    ("x4 x5 x6", 0, "sequence"), ("d8 d9 d10", 0, "sequence"),
    ("x3 x3 d3", 0, "mixed"), ("x3 d3 d3", 0, "mixed"),
])
def test_chi_huxi(cards, huxi, shape):
    """PH-6.2: 1-2-3 and 2-7-10 give 3 small and 6 big; other runs and mixed groups 0."""
    assert group_huxi("chi", faces(cards)) == huxi
    # through the calculator too, as an exposed group of a winning hand:
    # wei d9 6 + peng d10 3 + kan d5 6 + the chi + x4 x5 x6 (or d4 d5 d6) 0 + x7 x8 x9 0 + ...
    r = score(spec("d5 d5 d5 x7 x8", g("wei", "d9 d9 d9"), g("peng", "d10 d10 d10"),
                   g("chi", cards), g("chi", "d6 d7 d8"), g("chi", "x4 x5 x6")
                   if "x4" not in cards else g("chi", "d2 d3 d4"), win="x9"))
    item = next(x for x in r["items"] if " ".join(x["cards"]) == cards)
    assert item["value"] == item["total"] == huxi and item["notes"][0] == shape
    assert r["huxi"] == 6 + 3 + 6 + huxi


def test_pairs_score_nothing():
    """PH-6.2: a pair is 0 huxi."""
    assert group_huxi("pair", faces("d10 d10")) == 0


# ---------------------------------------------------------------- PH-6.3 tun


@pytest.mark.parametrize(("huxi", "tun"), [(14, 0), (15, 1), (17, 1), (18, 2), (20, 2), (21, 3),
                                           (24, 4), (30, 6)])
def test_tun_table(huxi, tun):
    """PH-6.3: tun = 1 + (huxi - 15) // 3 from 15 huxi; nothing below (no win)."""
    assert tun_of(huxi) == tun


# each hand: the variable exposed groups + kan d5 6 + x1 x2 x3 3 + x4 x5 (x6 wins) 0
# (+ d6 d7 d8 0 when three groups are exposed)
TUN_HANDS = [
    # peng d9 3 + peng x8 1 + peng x9 1 = 5 -> 14
    (14, [g("peng", "d9 d9 d9"), g("peng", "x8 x8 x8"), g("peng", "x9 x9 x9")], True),
    # wei d9 6 + x7 x8 x9 0 + d2 d3 d4 0 -> 15
    (15, [g("wei", "d9 d9 d9"), g("chi", "x7 x8 x9"), g("chi", "d2 d3 d4")], True),
    # wei d9 6 + peng x8 1 + peng x9 1 -> 17
    (17, [g("wei", "d9 d9 d9"), g("peng", "x8 x8 x8"), g("peng", "x9 x9 x9")], True),
    # wei d9 6 + peng d10 3 + x7 x8 x9 0 -> 18
    (18, [g("wei", "d9 d9 d9"), g("peng", "d10 d10 d10"), g("chi", "x7 x8 x9")], True),
    # wei d9 6 + peng d10 3 + peng x8 1 + peng x9 1 (four groups, no d6 d7 d8) -> 20
    (20, [g("wei", "d9 d9 d9"), g("peng", "d10 d10 d10"), g("peng", "x8 x8 x8"),
          g("peng", "x9 x9 x9")], False),
    # wei d9 6 + peng d10 3 + x2 x7 x10 3 -> 21
    (21, [g("wei", "d9 d9 d9"), g("peng", "d10 d10 d10"), g("chi", "x2 x7 x10")], True),
]


@pytest.mark.parametrize(("huxi", "groups", "d678"), TUN_HANDS, ids=[str(h[0]) for h in TUN_HANDS])
def test_tun_boundaries_through_the_calculator(huxi, groups, d678):
    """PH-6.3 and PH-5.1: 14 huxi is no win; 15 and 17 one tun, 18 and 20 two, 21 three."""
    r = score(spec("d5 d5 d5 x1 x2 x3 x4 x5" + (" d6 d7 d8" if d678 else ""), *groups, win="x6"))
    assert r["huxi"] == huxi and r["tun"] == tun_of(huxi)
    assert r["winning"] is (huxi >= 15)
    if huxi < 15:
        assert "minimum of 15" in r["reason"] and "PH-5.1" in r["reason"]


# ---------------------------------------------------------------- PH-5.1 seven groups


def test_seven_groups_of_three_without_a_four_card_group():
    """PH-5.1: no ti or pao: seven groups of three, no pair (21 cards)."""
    # x1 x2 x3 3 + d1 d2 d3 6 + x2 x7 x10 3 + d2 d7 d10 6 + x4 x5 x6 + x7 x8 x9 + d4 d5 d6 = 18
    r = win(spec("x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x4 x5 x6 x7 x8 d4 d5 d6", win="x9"))
    assert r["huxi"] == 18 and len(r["items"]) == 7
    assert all(x["code"] != "pair" for x in r["items"])


def test_a_ti_needs_exactly_one_pair():
    """PH-5.1: with a ti, exactly one of the seven groups is a pair."""
    # ti d1 12 + x1 x2 x3 3 + x4 x5 x6 + x7 x8 x9 + d4 d5 d6 + d7 d8 d9 + pair x10 x10 = 15
    r = win(spec("x1 x2 x3 x4 x5 x6 x7 x8 x9 d4 d5 d6 d7 d8 x10 x10", g("ti", "d1 d1 d1 d1"),
                 win="d9"))
    assert r["huxi"] == 15 and [x["code"] for x in r["items"]].count("pair") == 1
    # six groups of three and the ti (22 cards, no pair) are not seven groups with one pair
    r = score(spec("x1 x2 x3 x4 x5 x6 x7 x8 x9 d4 d5 d6 d7 d8 x10 x10 x10", g("ti", "d1 d1 d1 d1"),
                   win="d9"))
    assert r["winning"] is False and "PH-5.1" in r["reason"]
    # and two pairs never make a hand
    r = score(spec("x1 x2 x3 x4 x5 x6 x7 x8 x9 d4 d5 x10 x10 d6", g("ti", "d1 d1 d1 d1"),
                   win="d6"))
    assert r["winning"] is False


def test_four_alike_in_hand_are_a_ti():
    """PH-5.1: four identical cards in hand count as a ti (and call for the pair)."""
    # ti x3 9 (in hand) + x4 x5 x6 + x7 x8 x9 + d1 d2 d3 6 + d4 d5 d6 + d7 d8 d9 + pair x10 = 15
    r = win(spec("x3 x3 x3 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 d4 d5 d6 d7 d8 x10 x10", win="d9"))
    assert ("ti", "x3 x3 x3 x3", 9) in readings(r) and r["huxi"] == 15


def test_not_seven_groups():
    """PH-5.1: a stray card is no win, and the reason says why."""
    r = score(spec("x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x4 x5 x6 x7 x8 d4 d5 d6", win="d9"))
    assert r == {"winning": False, "unit": "huxi", "items": [], "reason": r["reason"]}
    assert "seven groups" in r["reason"]


def test_a_complete_hand_without_a_winning_card():
    """PH-4.3 / PH-5.2: after a wei or ti took the revealed card, the hand is read as it stands."""
    # wei d4 6 (the card already in it) + x1 x2 x3 3 + d1 d2 d3 6 + four runs 0 = 15
    r = win(spec("x1 x2 x3 d1 d2 d3 x4 x5 x6 x7 x8 x9 d5 d6 d7 d8 d9 d10", g("wei", "d4 d4 d4")))
    assert r["huxi"] == 15


# ---------------------------------------------------------------- PH-5.3 the best grouping


def test_the_grouping_with_most_huxi_counts():
    """PH-5.3: x1 x1 d1 x2 x2 d2 x3 x3 d3 is three mixed groups (0) or x1 x2 x3 twice and
    d1 d2 d3 (3 + 3 + 6 = 12): the calculator takes 12."""
    # wei d9 6 + peng d10 3 + x4 x5 x6 0 + 12 + x7 x8 x9 0 = 21
    r = win(spec("x1 x1 d1 x2 x2 d2 x3 x3 d3 x7 x8", g("wei", "d9 d9 d9"),
                 g("peng", "d10 d10 d10"), g("chi", "x4 x5 x6"), win="x9"))
    assert r["huxi"] == 21 and r["tun"] == 3
    assert readings(r).count(("chi", "x1 x2 x3", 3)) == 2 and ("chi", "d1 d2 d3", 6) in readings(r)


def test_the_winning_card_goes_where_it_scores_most():
    """PH-5.3 with PH-4.4: another player's d8 may turn the exposed peng d8 into a pao, x8 x8
    staying the pair (18), or join x8 x8 as a mixed chi beside the peng (12): 18 counts."""
    # pao d8 9 + wei x9 3 + x1 x2 x3 3 + x2 x7 x10 3 + x4 x5 x6 0 + d2 d3 d4 0 + pair x8 = 18
    # peng d8 3 + wei x9 3 + 3 + 3 + 0 + 0 + x8 x8 d8 0 = 12
    r = win(spec("x1 x2 x3 x2 x7 x10 x4 x5 x6 d2 d3 d4 x8 x8", g("peng", "d8 d8 d8"),
                 g("wei", "x9 x9 x9"), win="d8"))
    assert ("pao", "d8 d8 d8 d8", 9) in readings(r) and ("pair", "x8 x8", 0) in readings(r)
    assert r["huxi"] == 18
    pao = next(x for x in r["items"] if x["code"] == "pao")
    assert pao["notes"] == ["winning"]


# ---------------------------------------------------------------- PH-2.4 Heavenly hands


def test_heavenly_three_ti_counts_only_ti_and_kan():
    """PH-2.4: three ti win at once; only ti and kan count (the loose cards need not group)."""
    # ti x1 9 + ti x2 9 + ti d5 12 + kan d9 6 = 36 -> 1 + 21 // 3 = 8 tun
    r = win(spec("x1 x1 x1 x1 x2 x2 x2 x2 d5 d5 d5 d5 d9 d9 d9 x4 x8 d1 d3 d10", heavenly=True))
    assert r["heavenly"] == "three_ti" and r["huxi"] == 36 and r["tun"] == 8
    assert {x["code"] for x in r["items"]} == {"ti", "kan"}


def test_heavenly_five_kan():
    """PH-2.4: five kan win at once."""
    # kan x1 3 + kan x3 3 + kan x5 3 + kan d2 6 + kan d4 6 = 21
    r = win(spec("x1 x1 x1 x3 x3 x3 x5 x5 x5 d2 d2 d2 d4 d4 d4 x8 x9 d7 d9 d10", heavenly=True))
    assert r["heavenly"] == "five_kan" and r["huxi"] == 21 and r["tun"] == 3


def test_two_ti_and_three_kan_are_not_heavenly():
    """PH-2.4: ti and kan are not combined."""
    r = score(spec("x1 x1 x1 x1 x2 x2 x2 x2 d3 d3 d3 d4 d4 d4 d5 d5 d5 x8 x9 x10",
                   heavenly=True))
    assert r["winning"] is False and "PH-2.4" in r["reason"]


def test_heavenly_dealer_complete_and_the_better_reading():
    """PH-2.4: the dealer's complete 21 wins; with five kan too, the reading with more huxi."""
    complete = "x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x4 x5 x6 x7 x8 x9 d4 d5 d6"
    # 3 + 6 + 3 + 6 + 0 + 0 + 0 = 18
    r = win(spec(complete, heavenly=True, dealer=True))
    assert r["heavenly"] == "complete" and r["huxi"] == 18
    assert score(spec(complete, heavenly=True))["winning"] is False  # only the dealer's
    # five kan 3 + 3 + 3 + 6 + 6 = 21; complete: the kans + x2 x7 x10 3 + d6 d7 d8 0 = 24
    both = "x1 x1 x1 x3 x3 x3 x5 x5 x5 d2 d2 d2 d4 d4 d4 x2 x7 x10 d6 d7 d8"
    r = win(spec(both, heavenly=True, dealer=True))
    assert r["heavenly"] == "complete" and r["huxi"] == 24
    assert win(spec(both, heavenly=True))["heavenly"] == "five_kan"


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(("bad", "words"), [
    ([1], "JSON object"),
    ({"concealed": [], "winner": "x1"}, "unknown fields"),
    ({"concealed": "x1 x2"}, "concealed must be a list"),
    ({"concealed": ["x11"]}, "not a Paohuzi card"),
    ({"concealed": ["3m"]}, "not a Paohuzi card"),
    ({"concealed": [3]}, "not a Paohuzi card"),
    ({"concealed": [], "winning_card": "D1"}, "winning_card"),
    ({"groups": {"type": "chi"}}, "groups must be a list"),
    ({"groups": [g("chi", "x1 x2 x3")] * 8}, "at most seven"),
    ({"groups": [{"type": "chi"}]}, "groups[0]"),
    ({"groups": [g("kan", "x1 x1 x1")]}, "a kan is three identical concealed cards"),
    ({"groups": [g("peng", "x1 x1")]}, "a peng has 3 cards"),
    ({"groups": [g("ti", "x1 x1 x1")]}, "a ti has 4 cards"),
    ({"groups": [g("peng", "x1 x1 d1")]}, "identical"),
    ({"groups": [g("chi", "x1 x2 d3")]}, "is not a chi"),
    ({"groups": [g("chi", "x9 x10 d1")]}, "is not a chi"),
    ({"groups": [g("chi", "x2 x7 d10")]}, "is not a chi"),
    ({"groups": [{"type": "chi", "cards": "x1 x2 x3"}]}, "must be a list"),
    ({"concealed": ["x1"] * 3, "groups": [g("wei", "x1 x1 x1")]}, "more than four copies of x1"),
    ({"concealed": ["x1"] * 4, "winning_card": "x1"}, "more than four copies"),
    ({"concealed": [], "heavenly": True, "winning_card": "x1"}, "no winning_card"),
    ({"concealed": [], "own_reveal": True}, "give one"),
    ({"concealed": [], "dealer": True}, "heavenly: true"),
    ({"concealed": [], "heavenly": 1}, "heavenly must be a boolean"),
])
def test_bad_calculator_input(bad, words):
    """Unreadable input raises InvalidSpec with a message that says what is wrong."""
    with pytest.raises(InvalidSpec) as e:
        score(bad)
    assert words in str(e.value)

"""The Sichuan fan calculator (SC-7 winning hands, SC-8 fan, SC-9.1/9.3/9.5 points).

Hands are written by hand and go through the public path ``engine.get_game("sichuan").score``;
a few go through ``engine.sichuan.scoring.evaluate`` on counts. Every expected fan is worked out
from the SC-8 table in a comment next to the hand, never copied from the calculator's output.

Notation helper: ``tiles("123m 55p")`` is ``["1m", "2m", "3m", "5p", "5p"]``. ``concealed`` never
contains the winning tile (13 − 3 × declared melds tiles).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import InvalidSpec, get_game
from engine.mahjong import counts_of, parse_face
from engine.sichuan.scoring import DeclaredMeld, Situation, base_points, evaluate

# ---------------------------------------------------------------- helpers


def tiles(s: str) -> list[str]:
    """Compact notation: ``"123m 55p"`` -> ``["1m", "2m", "3m", "5p", "5p"]``."""
    out: list[str] = []
    digits = ""
    for ch in s.replace(" ", ""):
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    assert not digits, f"dangling ranks in {s!r}"
    return out


def pung(t: str) -> dict[str, Any]:
    return {"type": "pung", "tile": t}


def kong(t: str, concealed: bool = False) -> dict[str, Any]:
    return {"type": "kong", "tile": t, "concealed": concealed}


def spec(concealed: str, win: str, missing: str, melds: tuple[dict[str, Any], ...] = (),
         **flags: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"melds": list(melds), "concealed": tiles(concealed),
                         "winning_tile": win, "missing_suit": missing}
    d.update(flags)
    return d


def score(s: object) -> dict[str, Any]:
    return get_game("sichuan").score(s)


def codes(result: dict[str, Any]) -> dict[str, int]:
    """pattern code -> count."""
    return {p["code"]: p["count"] for p in result["items"]}


def win(s: dict[str, Any]) -> dict[str, Any]:
    r = score(s)
    assert r["winning"] is True, r
    return r


def counts(s: str) -> tuple[int, ...]:
    return counts_of(parse_face(t) for t in tiles(s))


# ---------------------------------------------------------------- SC-7 winning hands


def test_standard_basic_hand_zero_fan_one_point():
    """SC-7.1, SC-8 (basic hand), SC-9.1: four melds and a pair, nothing else = 0 fan = 1 point."""
    # 123m 456m 234p 678p 55p, missing s: no pattern row applies -> 0 fan, 2^0 = 1 point.
    r = win(spec("123m 456m 234p 678p 5p", "5p", "s"))
    assert r["fan"] == 0
    assert r["points"] == 1
    assert r["points_per_payer"] == 1
    assert r["capped"] is False
    assert r["self_draw"] is False
    assert codes(r) == {"basic_hand": 1}
    reading = r["reading"]
    assert reading["shape"] == "standard"
    assert reading["pair"] == "5p"
    melds = sorted(tuple(m["tiles"]) for m in reading["melds"])
    assert melds == sorted([("1m", "2m", "3m"), ("4m", "5m", "6m"),
                            ("2p", "3p", "4p"), ("6p", "7p", "8p")])
    assert all(m["type"] == "chow" and m["declared"] is False for m in reading["melds"])


def test_standard_hand_with_declared_melds():
    """SC-7.1: declared pungs/kongs count among the four melds."""
    # declared pung 1m + exposed kong 5p; concealed 234m 678p 9p + 9p.
    # chows -> no all pungs; 234m/5p kong lack 1/9 -> no outside; two suits; kong 5p -> root 1.
    # fan = 1 (root).
    r = win(spec("234m 678p 9p", "9p", "s", melds=(pung("1m"), kong("5p"))))
    assert r["fan"] == 1
    assert codes(r) == {"basic_hand": 1, "root": 1}
    declared = [m for m in r["reading"]["melds"] if m["declared"]]
    assert sorted(m["type"] for m in declared) == ["kong", "pung"]
    assert {"type": "kong", "tiles": ["5p"] * 4, "declared": True} in r["reading"]["melds"]


def test_not_a_winning_shape():
    """SC-7: tiles forming neither four melds and a pair nor seven pairs do not win."""
    r = score(spec("123m 456m 234p 678p 5p", "6p", "s"))
    assert r["winning"] is False
    assert isinstance(r["reason"], str) and r["reason"]


def test_seven_pairs_two_fan():
    """SC-7.2, SC-8 (seven pairs): seven distinct pairs in two suits = 2 fan = 4 points."""
    # 11m 33m 55m 22p 44p 77p 99p: seven pairs 2; not a flush; no four-of-a-kind -> 2 fan.
    r = win(spec("11m 33m 55m 22p 4p 77p 99p", "4p", "s"))
    assert r["fan"] == 2
    assert r["points"] == 4
    assert codes(r) == {"seven_pairs": 1}
    assert r["reading"]["shape"] == "seven_pairs"
    assert sorted(r["reading"]["pairs"]) == sorted(["1m", "3m", "5m", "2p", "4p", "7p", "9p"])


def test_seven_pairs_four_identical_tiles_are_two_pairs_with_root():
    """SC-7.2, SC-8 (seven pairs, root): 1111m counts as two pairs and is a root."""
    # 1111m 33m 55m 22p 77p 99p: seven pairs 2 + root 1 (four 1m) = 3 fan = 8 points.
    r = win(spec("111m 33m 55m 22p 77p 99p", "1m", "s"))
    assert r["fan"] == 3
    assert r["points"] == 8
    assert codes(r) == {"seven_pairs": 1, "root": 1}
    pairs = r["reading"]["pairs"]
    assert r["reading"]["shape"] == "seven_pairs"
    assert len(pairs) == 7
    assert pairs.count("1m") == 2


def test_seven_pairs_two_sets_of_four_two_roots():
    """SC-7.2, SC-8 (root +1 each): 1111m 3333m 55m 77p 99p = seven pairs 2 + roots 2 = 4 fan."""
    r = win(spec("1111m 333m 55m 77p 99p", "3m", "s"))
    # 2 (seven pairs) + 1 + 1 (roots 1m, 3m) = 4 -> 16 points.
    assert r["fan"] == 4
    assert r["points"] == 16
    assert codes(r) == {"seven_pairs": 1, "root": 2}


def test_seven_pairs_same_rank_other_suit_is_no_root():
    """SC-8 (root) near miss: 11m and 11p are two pairs of different faces, not four identical."""
    # 11m 33m 55m 11p 22p 77p 99p: seven pairs 2, no root -> 2 fan.
    r = win(spec("11m 33m 55m 11p 22p 77p 9p", "9p", "s"))
    assert r["fan"] == 2
    assert "root" not in codes(r)


def test_missing_suit_in_hand_is_not_winning():
    """SC-7.3: a complete hand that holds its missing suit does not win (winning false, reason)."""
    # same tiles as the basic hand, but p is declared missing.
    r = score(spec("123m 456m 234p 678p 5p", "5p", "p"))
    assert r["winning"] is False
    assert isinstance(r["reason"], str) and r["reason"]


def test_missing_suit_only_as_winning_tile_is_not_winning():
    """SC-7.3: the missing suit present only as the winning tile still makes the hand not win."""
    r = score(spec("123m 456m 789m 234p 5p", "5s", "s"))
    assert r["winning"] is False
    assert isinstance(r["reason"], str) and r["reason"]


def test_missing_suit_in_declared_meld_is_not_winning():
    """SC-7.3: the whole hand counts, declared melds included."""
    # 1s pung + 123m 456m 234p 5p 5p: complete, but s is missing.
    r = score(spec("123m 456m 234p 5p", "5p", "s", melds=(pung("1s"),)))
    assert r["winning"] is False
    assert isinstance(r["reason"], str) and r["reason"]


def test_evaluate_refuses_missing_suit():
    """SC-7.3 via evaluate: None when the missing suit is present, an Evaluation otherwise."""
    hand = counts("123m 456m 234p 678p 55p")
    w = parse_face("5p")
    assert evaluate([], hand, w, 1) is None          # p (index 1) missing, p in hand
    ev = evaluate([], hand, w, 2)                   # s missing
    assert ev is not None and ev.fan == 0 and ev.points == 1


# ---------------------------------------------------------------- SC-8 rows


def test_all_pungs_one_fan():
    """SC-8 (all pungs): four pungs and a pair = 1 fan."""
    # 111m 333m 555p 777p 99p: all pungs 1; 333m/555p/777p lack 1/9 -> no outside; not flush;
    # no 2/5/8 (1m, 3m...); no roots -> 1 fan = 2 points.
    r = win(spec("111m 333m 555p 777p 9p", "9p", "s"))
    assert r["fan"] == 1
    assert r["points"] == 2
    assert codes(r) == {"all_pungs": 1}
    assert all(m["type"] == "pung" for m in r["reading"]["melds"])


def test_all_pungs_with_declared_pung_and_kong():
    """SC-8 (all pungs, root): declared pung 1m and kong 3m count as pungs/kongs."""
    # all pungs 1 + root 1 (kong 3m) = 2 fan.
    r = win(spec("555p 777p 9p", "9p", "s", melds=(pung("1m"), kong("3m"))))
    assert r["fan"] == 2
    assert codes(r) == {"all_pungs": 1, "root": 1}


def test_all_pungs_near_miss_one_chow():
    """SC-8 (all pungs) near miss: one chow (789p) -> no all pungs, basic hand 0 fan."""
    # 111m 333m 555p 789p 99p: chow -> not all pungs; 333m/555p no terminal -> not outside.
    r = win(spec("111m 333m 555p 789p 9p", "9p", "s"))
    assert r["fan"] == 0
    assert codes(r) == {"basic_hand": 1}


def test_seven_pairs_near_miss_pairs_with_melds():
    """SC-8 (seven pairs) near miss: 112233m 456p 777p 99p is a standard hand, not seven pairs."""
    # 123m 123m 456p 777p 99p: chows -> basic; 456p no terminal; not flush; no root -> 0 fan.
    r = win(spec("112233m 456p 777p 9p", "9p", "s"))
    assert r["fan"] == 0
    assert "seven_pairs" not in codes(r)
    assert r["reading"]["shape"] == "standard"


def test_outside_hand_with_chows_123_and_789():
    """SC-8 (outside hand): 123m 789m 111p 789p 99m, every meld and the pair hold a 1 or 9."""
    # outside 2; chows -> not all pungs; two suits; 9m: 1 + 2 = 3, no root -> 2 fan = 4 points.
    r = win(spec("123m 789m 111p 789p 9m", "9m", "s"))
    assert r["fan"] == 2
    assert r["points"] == 4
    assert codes(r) == {"outside_hand": 1}


def test_outside_hand_with_declared_melds():
    """SC-8 (outside hand): declared pungs 999m and 111p count as melds with a terminal."""
    # 999m + 111p declared, 123m 789p 11m: outside 2; chows; 1m: 1 + 2 = 3 -> no root -> 2 fan.
    r = win(spec("123m 789p 1m", "1m", "s", melds=(pung("9m"), pung("1p"))))
    assert r["fan"] == 2
    assert codes(r) == {"outside_hand": 1}


@pytest.mark.parametrize(
    "concealed, winning",
    [
        pytest.param("234m 789m 111p 789p 9m", "9m", id="chow-234"),
        pytest.param("123m 789m 111p 789p 5m", "5m", id="pair-55"),
        pytest.param("123m 789m 111p 678p 9m", "9m", id="chow-678"),
    ],
)
def test_outside_hand_near_misses(concealed: str, winning: str):
    """SC-8 (outside hand) near miss: one meld or the pair without 1/9 -> basic hand, 0 fan."""
    # each differs from 123m 789m 111p 789p 99m by one non-terminal meld or pair -> 0 fan.
    r = win(spec(concealed, winning, "s"))
    assert r["fan"] == 0
    assert codes(r) == {"basic_hand": 1}


def test_all_258_pungs_replaces_all_pungs():
    """SC-8 (all 2/5/8 pungs): 222m 555m 555p 888p 22p = 3 fan, and all pungs is not also listed."""
    # all 2/5/8 pungs 3 (replaces all pungs 1); two suits; no four-of-a-kind -> 3 fan = 8 points.
    r = win(spec("222m 555m 555p 888p 2p", "2p", "s"))
    assert r["fan"] == 3
    assert r["points"] == 8
    assert codes(r) == {"all_258_pungs": 1}
    assert "all_pungs" not in codes(r)


def test_all_258_pungs_with_kong_and_root():
    """SC-8 (all 2/5/8 pungs, root), SC-8.1: declared kong 2m, rest 2/5/8 pungs -> 3 + 1 = 4 fan."""
    r = win(spec("555m 555p 888p 2p", "2p", "s", melds=(kong("2m"),)))
    # all 258 3 + root 1 (kong 2m) = 4 -> 16 points.
    assert r["fan"] == 4
    assert r["points"] == 16
    assert codes(r) == {"all_258_pungs": 1, "root": 1}


@pytest.mark.parametrize(
    "concealed, winning, expected_fan, expected_codes",
    [
        # pair 33p is not 2/5/8 -> plain all pungs 1.
        pytest.param("222m 555m 555p 888p 3p", "3p", 1, {"all_pungs": 1}, id="pair-33"),
        # pung 444m is not 2/5/8 -> plain all pungs 1.
        pytest.param("222m 444m 555p 888p 2p", "2p", 1, {"all_pungs": 1}, id="pung-444"),
        # a chow 234p -> no pungs pattern at all, basic 0.
        pytest.param("222m 555m 888p 234p 8m", "8m", 0, {"basic_hand": 1}, id="chow-234"),
    ],
)
def test_all_258_pungs_near_misses(concealed, winning, expected_fan, expected_codes):
    """SC-8 (all 2/5/8 pungs) near miss: one non-2/5/8 pung/pair or a chow."""
    r = win(spec(concealed, winning, "s"))
    assert r["fan"] == expected_fan
    assert codes(r) == expected_codes


def test_full_flush_concealed():
    """SC-8 (full flush), SC-8.1: 111m 234m 456m 789m 55m, one suit = basic 0 + flush 2 = 2 fan."""
    # counts 1:3 2:1 3:1 4:2 5:3 6:1 7:1 8:1 9:1 -> no root; chows -> no all pungs;
    # 234m/456m/55m -> no outside. fan = 2 -> 4 points.
    r = win(spec("111m 234m 456m 789m 5m", "5m", "p"))
    assert r["fan"] == 2
    assert r["points"] == 4
    assert codes(r) == {"basic_hand": 1, "full_flush": 1}


def test_full_flush_with_declared_meld():
    """SC-8 (full flush): the declared pung 9p is of the same suit -> flush +2 = 2 fan."""
    # 999p declared + 123p 456p 777p 55p: flush 2; chows -> no all pungs; no outside; no root.
    r = win(spec("123p 456p 777p 5p", "5p", "m", melds=(pung("9p"),)))
    assert r["fan"] == 2
    assert codes(r) == {"basic_hand": 1, "full_flush": 1}


def test_full_flush_near_miss_declared_meld_other_suit():
    """SC-8 (full flush) near miss: the declared pung 9m breaks the flush -> 0 fan."""
    r = win(spec("123p 456p 777p 5p", "5p", "s", melds=(pung("9m"),)))
    assert r["fan"] == 0
    assert "full_flush" not in codes(r)


def test_full_flush_plus_all_pungs():
    """SC-8 (full flush, all pungs), SC-8.1: 111s 333s declared + 555s 777s 99s = 1 + 2 = 3 fan."""
    r = win(spec("555s 777s 9s", "9s", "m", melds=(pung("1s"), pung("3s"))))
    assert r["fan"] == 3
    assert r["points"] == 8
    assert codes(r) == {"all_pungs": 1, "full_flush": 1}


def test_pair_wait_four_declared_melds():
    """SC-8 (pair wait with four declared melds, 金钩钓), SC-8.1: all pungs 1 + pair wait 1 = 2."""
    # 111m 555m 333p 777p declared, 9p + 9p: all pungs 1 + pair wait 1; no outside (5m);
    # two suits; no root -> 2 fan = 4 points.
    r = win(spec("9p", "9p", "s", melds=(pung("1m"), pung("5m"), pung("3p"), pung("7p"))))
    assert r["fan"] == 2
    assert r["points"] == 4
    assert codes(r) == {"all_pungs": 1, "pair_wait_four_melds": 1}
    assert r["reading"]["pair"] == "9p"
    assert all(m["declared"] for m in r["reading"]["melds"])


def test_pair_wait_near_miss_three_declared_melds():
    """SC-8 (金钩钓) near miss: three declared melds and a concealed pung -> all pungs only, 1 fan."""
    r = win(spec("777p 9p", "9p", "s", melds=(pung("1m"), pung("5m"), pung("3p"))))
    assert r["fan"] == 1
    assert codes(r) == {"all_pungs": 1}


def test_pair_wait_concealed_kong_counts_as_declared_meld():
    """SC-8 (金钩钓, root): a concealed kong is one of the four declared melds."""
    # 111m 555m pungs, concealed kong 3p, pung 7p, 9p + 9p:
    # all pungs 1 + pair wait 1 + root 1 (kong 3p) = 3 fan = 8 points.
    r = win(spec("9p", "9p", "s",
                 melds=(pung("1m"), pung("5m"), kong("3p", concealed=True), pung("7p"))))
    assert r["fan"] == 3
    assert r["points"] == 8
    assert codes(r) == {"all_pungs": 1, "pair_wait_four_melds": 1, "root": 1}


def test_root_fourth_tile_spread_across_pung_and_chow():
    """SC-8 (root): 111m + 123m holds four 1m -> one root although no kong."""
    # 111m 123m 456p 789p 55p: basic 0 + root 1 = 1 fan = 2 points.
    r = win(spec("111m 123m 456p 789p 5p", "5p", "s"))
    assert r["fan"] == 1
    assert r["points"] == 2
    assert codes(r) == {"basic_hand": 1, "root": 1}


def test_root_declared_pung_and_fourth_tile_in_chow():
    """SC-8 (root): a declared pung 1m and the fourth 1m in a concealed chow make a root."""
    # 111m declared + 123m 456p 789p 55p: basic 0 + root 1 = 1 fan.
    r = win(spec("123m 456p 789p 5p", "5p", "s", melds=(pung("1m"),)))
    assert r["fan"] == 1
    assert codes(r) == {"basic_hand": 1, "root": 1}


def test_two_roots_kong_and_spread_four():
    """SC-8 (root +1 each): exposed kong 5p and four 1m across 111m/123m -> 2 roots = 2 fan."""
    # kong 5p + 111m 123m 789p 99p: basic 0 + roots 2 = 2 fan = 4 points.
    r = win(spec("111m 123m 789p 9p", "9p", "s", melds=(kong("5p"),)))
    assert r["fan"] == 2
    assert r["points"] == 4
    assert codes(r) == {"basic_hand": 1, "root": 2}
    root = next(p for p in r["items"] if p["code"] == "root")
    assert root["count"] == 2 and root["value"] == 1 and root["total"] == 2


def test_root_near_miss_three_copies():
    """SC-8 (root) near miss: three copies of a face (pung 111m, 9m in chow + pair) are no root."""
    # 111m 789m 123p 456p 99m: 9m = 1 + 2 = 3 -> no root; basic 0.
    r = win(spec("111m 789m 123p 456p 9m", "9m", "s"))
    assert r["fan"] == 0
    assert "root" not in codes(r)


def test_kong_replacement_one_fan_and_self_draw():
    """SC-8 (kong replacement), SC-9.3, SC-9.5: +1 fan, and the win is a self-draw."""
    # kong 5m + 123m 456p 789p 99p: basic 0 + root 1 (kong) + kong replacement 1 = 2 fan;
    # 4 points; self-draw -> 4 + 1 = 5 per payer.
    r = win(spec("123m 456p 789p 9p", "9p", "s", melds=(kong("5m"),), kong_replacement=True))
    assert r["fan"] == 2
    assert r["points"] == 4
    assert r["self_draw"] is True
    assert r["points_per_payer"] == 5
    assert codes(r) == {"basic_hand": 1, "root": 1, "kong_replacement": 1}


def test_kong_replacement_near_miss_plain_self_draw():
    """SC-8 (kong replacement) near miss, SC-9.3: a plain self-draw with a kong is root only."""
    # basic 0 + root 1 = 1 fan = 2 points; self-draw -> 3 per payer.
    r = win(spec("123m 456p 789p 9p", "9p", "s", melds=(kong("5m"),), self_draw=True))
    assert r["fan"] == 1
    assert r["points_per_payer"] == 3
    assert "kong_replacement" not in codes(r)


def test_kong_replacement_with_concealed_kong():
    """SC-8 (kong replacement), SC-9.5: a concealed kong's replacement win too, self-draw."""
    r = win(spec("123m 456p 789p 9p", "9p", "s", melds=(kong("5m", concealed=True),),
                 kong_replacement=True))
    # root 1 + kong replacement 1 = 2.
    assert r["fan"] == 2
    assert r["self_draw"] is True


def test_robbing_kong_one_fan_not_self_draw():
    """SC-8 (robbing a kong), SC-9.2/9.3: +1 fan, a discard-like win (no +1 per payer)."""
    # basic hand 0 + robbing 1 = 1 fan = 2 points, per payer 2.
    r = win(spec("123m 456m 234p 678p 5p", "5p", "s", robbing_kong=True))
    assert r["fan"] == 1
    assert r["points"] == 2
    assert r["self_draw"] is False
    assert r["points_per_payer"] == 2
    assert codes(r) == {"basic_hand": 1, "robbing_kong": 1}


def test_robbing_kong_near_miss_plain_discard():
    """SC-8 (robbing a kong) near miss: the same hand on a plain discard is 0 fan."""
    r = win(spec("123m 456m 234p 678p 5p", "5p", "s"))
    assert r["fan"] == 0
    assert "robbing_kong" not in codes(r)


def test_last_tile_self_draw():
    """SC-8 (last tile), SC-9.3: self-drawing the last tile = +1 fan, paid base + 1."""
    # basic 0 + last tile 1 = 1 fan = 2 points; self-draw -> 3 per payer.
    r = win(spec("123m 456m 234p 678p 5p", "5p", "s", last_tile=True, self_draw=True))
    assert r["fan"] == 1
    assert r["points_per_payer"] == 3
    assert codes(r) == {"basic_hand": 1, "last_tile": 1}


def test_last_tile_on_following_discard():
    """SC-8 (last tile) [ruling]: winning on the discard after the last tile = +1 fan, no +1 pay."""
    r = win(spec("123m 456m 234p 678p 5p", "5p", "s", last_tile=True))
    assert r["fan"] == 1
    assert r["self_draw"] is False
    assert r["points_per_payer"] == 2


def test_last_tile_near_miss_self_draw_only():
    """SC-8 (last tile) near miss, SC-9.3: an ordinary self-draw has no last tile fan."""
    r = win(spec("123m 456m 234p 678p 5p", "5p", "s", self_draw=True))
    assert r["fan"] == 0
    assert r["points_per_payer"] == 2
    assert "last_tile" not in codes(r)


def test_kong_replacement_on_last_tile_scores_both():
    """SC-6.4, SC-8 (kong replacement, last tile), SC-8.1: both rows count."""
    # root 1 (kong 5m) + kong replacement 1 + last tile 1 = 3 fan = 8 points; self-draw -> 9.
    r = win(spec("123m 456p 789p 9p", "9p", "s", melds=(kong("5m"),),
                 kong_replacement=True, last_tile=True))
    assert r["fan"] == 3
    assert r["points_per_payer"] == 9
    assert codes(r) == {"basic_hand": 1, "root": 1, "kong_replacement": 1, "last_tile": 1}


# ---------------------------------------------------------------- SC-8.0 / 8.1 / 8.2


def test_seven_pairs_of_terminals_is_not_outside_hand():
    """SC-8.0: a seven-pairs hand of 1s and 9s scores no outside hand."""
    # 1111m 9999m 1111p 99p: seven pairs 2 + roots 3 = 5 fan (outside would make 7).
    r = win(spec("1111m 9999m 111p 99p", "1p", "s"))
    assert r["fan"] == 5
    assert r["points"] == 32
    assert r["capped"] is False
    assert codes(r) == {"seven_pairs": 1, "root": 3}


def test_seven_pairs_of_258_is_not_all_258_or_all_pungs():
    """SC-8.0: a seven-pairs hand of 2/5/8 scores neither all 2/5/8 pungs nor all pungs."""
    # 2222m 55m 88m 22p 55p 88p: seven pairs 2 + root 1 = 3 fan (258 would add 3).
    r = win(spec("2222m 55m 88m 22p 55p 8p", "8p", "s"))
    assert r["fan"] == 3
    assert codes(r) == {"seven_pairs": 1, "root": 1}


def test_seven_pairs_plus_full_flush_four_fan():
    """SC-8.1, SC-7.2, SC-8 (full flush): seven pairs 2 + full flush 2 = 4 fan = 16 points."""
    # 11 22 33 44 55 77 99 m: 9m can only be the pair, then 77m fits no meld -> seven pairs only.
    r = win(spec("11m 22m 33m 44m 55m 77m 9m", "9m", "p"))
    assert r["fan"] == 4
    assert r["points"] == 16
    assert codes(r) == {"seven_pairs": 1, "full_flush": 1}


def test_best_reading_seven_pairs_over_chows():
    """SC-8.2, SC-7.2: 11223344556677m reads as seven pairs (2 + flush 2 = 4) or as chows
    (e.g. 11 + 234 234 567 567: basic 0 + flush 2 = 2); the seven pairs reading is chosen."""
    r = win(spec("1122334455667m", "7m", "s"))
    assert r["fan"] == 4
    assert codes(r) == {"seven_pairs": 1, "full_flush": 1}
    assert r["reading"]["shape"] == "seven_pairs"
    assert sorted(r["reading"]["pairs"]) == ["1m", "2m", "3m", "4m", "5m", "6m", "7m"]


def test_best_reading_chows_for_outside_hand():
    """SC-8.2, SC-8 (outside hand): 111222333m 789p 99p as pungs 111/222/333 is basic (0; 222
    lacks a 1/9 and 789p is a chow), as chows 123×3 it is an outside hand (2) -> 2 fan, chows."""
    r = win(spec("111222333m 789p 9p", "9p", "s"))
    assert r["fan"] == 2
    assert codes(r) == {"outside_hand": 1}
    reading = r["reading"]
    assert reading["shape"] == "standard"
    assert reading["pair"] == "9p"
    assert sorted(tuple(m["tiles"]) for m in reading["melds"]) == sorted(
        [("1m", "2m", "3m")] * 3 + [("7p", "8p", "9p")])


def test_best_reading_pungs_for_all_pungs():
    """SC-8.2, SC-8 (all pungs): 111222333m 555p 88p as pungs = all pungs 1, as chows 123×3 = 0;
    the pung reading is chosen (1 fan)."""
    r = win(spec("111222333m 555p 8p", "8p", "s"))
    assert r["fan"] == 1
    assert codes(r) == {"all_pungs": 1}
    assert all(m["type"] == "pung" for m in r["reading"]["melds"])


def test_evaluate_best_reading():
    """SC-8.2 via evaluate: the Evaluation of 111222333m 789p 99p is the chow reading, 2 fan."""
    ev = evaluate([], counts("111222333m 789p 99p"), parse_face("9p"), 2)
    assert ev is not None
    assert ev.fan == 2
    assert ev.shape == "standard"
    assert sorted(k for k, _, _ in ev.melds) == ["chow"] * 4
    assert dict(ev.patterns) == {"outside_hand": 1}


def test_evaluate_situation_and_declared():
    """SC-8 (金钩钓, root, kong replacement) via evaluate with DeclaredMeld and Situation."""
    declared = [DeclaredMeld("kong", parse_face("1m")), DeclaredMeld("pung", parse_face("5m")),
                DeclaredMeld("pung", parse_face("3p")), DeclaredMeld("pung", parse_face("7p"))]
    ev = evaluate(declared, counts("99p"), parse_face("9p"), 2,
                  Situation(self_draw=True, kong_replacement=True))
    # all pungs 1 + pair wait 1 + root 1 (kong 1m) + kong replacement 1 = 4 fan = 16 points.
    assert ev is not None
    assert ev.fan == 4
    assert ev.points == 16
    assert dict(ev.patterns) == {"all_pungs": 1, "pair_wait_four_melds": 1, "root": 1,
                                 "kong_replacement": 1}


# ---------------------------------------------------------------- SC-9 points


@pytest.mark.parametrize("fan, points", [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16), (5, 32),
                                         (6, 32), (7, 32), (12, 32)])
def test_base_points_table(fan: int, points: int):
    """SC-9.1: base = 2 ^ fan, capped at five fan = 32 points."""
    assert base_points(fan) == points


# 1111m 3333m 5555m declared kongs, 777m pung, 9m + 9m: all pungs 1 + full flush 2 + pair wait 1
# + roots 3 = 7 fan (outside no: 3m, 5m, 7m lack 1/9; 2/5/8 no).
CAPPED_MELDS = (kong("1m"), kong("3m"), kong("5m"), pung("7m"))


def test_capped_discard_win():
    """SC-9.1, SC-9.2: a 7-fan hand pays 32, capped true, fan reported uncapped."""
    r = win(spec("9m", "9m", "p", melds=CAPPED_MELDS))
    assert r["fan"] == 7
    assert r["capped"] is True
    assert r["points"] == 32
    assert r["points_per_payer"] == 32
    assert codes(r) == {"all_pungs": 1, "full_flush": 1, "pair_wait_four_melds": 1, "root": 3}


def test_capped_self_draw_pays_33():
    """SC-9.1, SC-9.3: a capped self-draw pays 32 + 1 = 33 per payer."""
    r = win(spec("9m", "9m", "p", melds=CAPPED_MELDS, self_draw=True))
    assert r["fan"] == 7
    assert r["points"] == 32
    assert r["points_per_payer"] == 33


def test_capped_kong_replacement_is_self_draw_33():
    """SC-9.1, SC-9.5, SC-8 (kong replacement): 7 + 1 = 8 fan, self-draw implied, 33 per payer."""
    r = win(spec("9m", "9m", "p", melds=CAPPED_MELDS, kong_replacement=True))
    assert r["fan"] == 8
    assert r["capped"] is True
    assert r["self_draw"] is True
    assert r["points_per_payer"] == 33


def test_capped_seven_pairs_six_fan():
    """SC-9.1, SC-7.2, SC-8.1: 1111m 2222m 33m 44m 55m = seven pairs 2 + flush 2 + roots 2 = 6."""
    r = win(spec("1111m 2222m 33m 44m 5m", "5m", "s"))
    assert r["fan"] == 6
    assert r["capped"] is True
    assert r["points"] == 32


def test_five_fan_is_not_capped():
    """SC-9.1: exactly five fan is 32 points and not reported as capped."""
    # kong 1m, pungs 3m 5m 7m declared, 9m + 9m: all pungs 1 + flush 2 + pair wait 1 + root 1
    # = 5 fan.
    r = win(spec("9m", "9m", "p", melds=(kong("1m"), pung("3m"), pung("5m"), pung("7m"))))
    assert r["fan"] == 5
    assert r["points"] == 32
    assert r["capped"] is False


def test_self_draw_adds_one_point_per_payer():
    """SC-9.3: self-draw pays base + 1 (seven pairs 2 fan: 4 + 1 = 5)."""
    r = win(spec("11m 33m 55m 22p 4p 77p 99p", "4p", "s", self_draw=True))
    assert r["points"] == 4
    assert r["self_draw"] is True
    assert r["points_per_payer"] == 5


# ---------------------------------------------------------------- itemisation

WINNING_SPECS = [
    spec("123m 456m 234p 678p 5p", "5p", "s"),
    spec("11m 33m 55m 22p 4p 77p 99p", "4p", "s", self_draw=True),
    spec("111m 33m 55m 22p 77p 99p", "1m", "s"),
    spec("1111m 9999m 111p 99p", "1p", "s"),
    spec("222m 555m 555p 888p 2p", "2p", "s"),
    spec("555m 555p 888p 2p", "2p", "s", melds=(kong("2m"),)),
    spec("123p 456p 777p 5p", "5p", "m", melds=(pung("9p"),)),
    spec("9p", "9p", "s", melds=(pung("1m"), pung("5m"), kong("3p", concealed=True), pung("7p"))),
    spec("111m 123m 789p 9p", "9p", "s", melds=(kong("5p"),)),
    spec("123m 456p 789p 9p", "9p", "s", melds=(kong("5m"),), kong_replacement=True,
         last_tile=True),
    spec("123m 456m 234p 678p 5p", "5p", "s", robbing_kong=True),
    spec("1122334455667m", "7m", "s"),
    spec("111222333m 789p 9p", "9p", "s"),
    spec("9m", "9m", "p", melds=CAPPED_MELDS, kong_replacement=True),
]

# SC-8 table: the Chinese name and fan per count of every row.
TABLE = {
    "basic_hand": ("平胡", 0), "all_pungs": ("对对胡", 1), "seven_pairs": ("七对", 2),
    "outside_hand": ("带幺九", 2), "all_258_pungs": ("将对", 3), "full_flush": ("清一色", 2),
    "pair_wait_four_melds": ("金钩钓", 1), "root": ("根", 1), "kong_replacement": ("杠上开花", 1),
    "robbing_kong": ("抢杠胡", 1), "last_tile": ("海底", 1),
}


@pytest.mark.parametrize("s", WINNING_SPECS, ids=range(len(WINNING_SPECS)))
def test_itemisation_adds_up(s: dict[str, Any]):
    """SC-8, SC-8.1, SC-9.1: every pattern is an item (engine/core/items.py) with its fan per
    the SC-8 table as value, total = fan × count, the totals sum to ``fan`` and points =
    2 ^ min(fan, 5)."""
    r = win(s)
    assert r["unit"] == "fan" and r["items"]
    for p in r["items"]:
        assert isinstance(p["name"], str) and p["name"]
        assert (p["chinese"], p["value"]) == TABLE[p["code"]]
        assert p["count"] >= 1 and p["op"] == "+"
        assert p["total"] == p["value"] * p["count"]
    assert sum(p["total"] for p in r["items"]) == r["fan"]
    assert r["points"] == 2 ** min(r["fan"], 5)
    assert r["capped"] == (r["fan"] > 5)
    assert r["points_per_payer"] == r["points"] + (1 if r["self_draw"] else 0)
    assert len({p["code"] for p in r["items"]}) == len(r["items"])


# ---------------------------------------------------------------- bad input

GOOD = spec("123m 456m 234p 678p 5p", "5p", "s")


def _with(**changes: Any) -> dict[str, Any]:
    d = dict(GOOD)
    d.update(changes)
    return d


def test_good_spec_is_accepted():
    """SC-7.1: the base of the bad-input cases is itself a valid winning spec."""
    assert score(GOOD)["winning"] is True


@pytest.mark.parametrize(
    "bad",
    [
        pytest.param([], id="list-not-object"),
        pytest.param("123m", id="string-not-object"),
        pytest.param(None, id="null-not-object"),
        pytest.param(_with(bonus=1), id="unknown-field"),
        pytest.param(_with(winning_tile="0m"), id="unknown-tile-0m"),
        pytest.param(_with(concealed=tiles("123m 456m 234p 678p") + ["10p"]), id="unknown-tile-10p"),
        pytest.param(_with(winning_tile="E"), id="honour-winning-tile"),
        pytest.param(_with(concealed=tiles("123m 456m 234p 678p") + ["C"]), id="honour-concealed"),
        pytest.param(_with(concealed=tiles("123m 456m 234p 678p")), id="12-concealed"),
        pytest.param(_with(concealed=tiles("123m 456m 234p 678p 55p")), id="14-concealed"),
        pytest.param(_with(melds=[pung("9p")]), id="13-concealed-with-a-meld"),
        pytest.param(spec("1111m 456m 234p 678p", "1m", "s"), id="fifth-copy-concealed"),
        pytest.param(spec("1m 456m 234p 678p", "5p", "s", melds=(kong("1m"),)), id="fifth-copy-kong"),
        pytest.param(_with(missing_suit="x"), id="missing-suit-x"),
        pytest.param(_with(missing_suit=None), id="missing-suit-null"),
        pytest.param(_with(self_draw="yes"), id="flag-string"),
        pytest.param(_with(last_tile=1), id="flag-int"),
        pytest.param(_with(melds=[{"type": "chow", "tile": "1m"}],
                           concealed=tiles("456m 234p 678p 5p")), id="chow-meld"),
        pytest.param(_with(melds=[pung("1m")], concealed=tiles("456m 234p 678p 5p"),
                           kong_replacement=True), id="kong-replacement-without-kong"),
        pytest.param(_with(kong_replacement=True), id="kong-replacement-no-melds"),
        pytest.param(_with(robbing_kong=True, self_draw=True), id="robbing-kong-self-draw"),
        pytest.param(_with(robbing_kong=True, last_tile=True), id="robbing-kong-last-tile"),
        pytest.param(_with(concealed="123m456m234p678p5p"), id="concealed-not-a-list"),
    ],
)
def test_bad_input_raises_invalid_spec(bad: object):
    """SC-1.1 (suited tiles only, four copies), SC-3.1, SC-4.2 (no chows), SC-5.3, SC-6.4, SC-9.5:
    unreadable or impossible specs raise InvalidSpec."""
    with pytest.raises(InvalidSpec):
        score(bad)

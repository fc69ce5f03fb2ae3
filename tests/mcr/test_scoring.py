"""The MCR scorer (MCR-4 winning and points, MCR-6 the 81 patterns).

Every pattern has a hand that scores it (``PATTERN_HANDS``, MCR-6) and a hand where it is not
counted (``EXCLUSIONS``: a near miss, or a higher pattern implying it, MCR-4.3 / MCR-6.4). Every
expected itemisation is worked out from the pattern table in the comment next to the hand, never
copied from the calculator's output. Hands go through the public calculator
``engine.mcr.scoring.score_spec`` (the JSON of ``game.score``), a few through ``evaluate`` on
counts.

Notation: ``tiles("123m 55p ESW")`` is ``["1m", "2m", "3m", "5p", "5p", "E", "S", "W"]``
(honours E S W N, dragons C F P = red, green, white). ``concealed`` never holds the winning
tile. Unless a hand says otherwise it wins on a discard, seat and prevailing wind East.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core.errors import InvalidSpec
from engine.core.items import item, running_total
from engine.mahjong import counts_of, parse_face
from engine.mcr.patterns import OFFICIAL_81, PATTERNS, POINTS
from engine.mcr.scoring import (
    Meld,
    Situation,
    evaluate,
    hint,
    score_spec,
    winning_faces,
)

# ---------------------------------------------------------------- helpers


def tiles(s: str) -> list[str]:
    """``"123m 55p ESW"`` -> ``["1m", "2m", "3m", "5p", "5p", "E", "S", "W"]``."""
    out: list[str] = []
    digits = ""
    for ch in s.replace(" ", ""):
        if ch.isdigit():
            digits += ch
        elif ch in "mps":
            assert digits, f"suit letter without ranks in {s!r}"
            out += [d + ch for d in digits]
            digits = ""
        else:
            assert ch in "ESWNCFP" and not digits, f"bad notation {s!r}"
            out.append(ch)
    assert not digits, f"dangling ranks in {s!r}"
    return out


def counts(s: str) -> tuple[int, ...]:
    return counts_of(parse_face(t) for t in tiles(s))


def chow(lowest: str, **kw: Any) -> dict[str, Any]:
    return {"type": "chow", "tile": lowest, **kw}


def pung(t: str, **kw: Any) -> dict[str, Any]:
    return {"type": "pung", "tile": t, **kw}


def kong(t: str, concealed: bool = False) -> dict[str, Any]:
    return {"type": "kong", "tile": t, "concealed": concealed}


def spec(concealed: str, win: str, *melds: dict[str, Any], **flags: Any) -> dict[str, Any]:
    return {"melds": list(melds), "concealed": tiles(concealed), "winning_tile": win, **flags}


def codes(result: dict[str, Any]) -> dict[str, int]:
    """Counted patterns (code -> count), Flower Tiles left out."""
    return {p["code"]: p["count"] for p in result["items"] if p["code"] != "flower_tiles"}


def win(s: dict[str, Any]) -> dict[str, Any]:
    r = score_spec(s)
    assert r["winning"] is True, r
    assert running_total(r["items"]) == r["total"]
    assert r["total"] == r["points_before_flowers"] + s.get("flowers", 0)
    return r


# the chicken hand: 234m, 6p pung, 567s declared; 78m EE in hand, wins on 9m (or 6m):
# three suits and a wind (no voided suit, no No Honors, not All Types), no chow pattern, a
# simple pung, two-sided wait, claimed melds: nothing scores.
CHICKEN = ("78m EE", "9m", chow("2m"), pung("6p"), chow("5s"))


def chicken(**flags: Any) -> dict[str, Any]:
    return spec(*CHICKEN, **flags)


# ---------------------------------------------------------------- one hand per pattern (MCR-6)


@dataclass(frozen=True)
class PH:
    code: str
    hand: dict[str, Any]
    expect: dict[str, int]
    why: str = ""
    rule: str = "MCR-6"
    extra: dict[str, Any] = field(default_factory=dict)


PATTERN_HANDS: list[PH] = [
    # ---- 88
    PH("big_four_winds", spec("NNN 5m", "5m", pung("E"), pung("S"), pung("W")),
       {"big_four_winds": 1, "half_flush": 1, "single_wait": 1},
       "88 + half flush 6 + single wait on 5m 1 = 95; no All Pungs, Pung of Terminals or Honors, "
       "Prevalent or Seat Wind (implied)"),
    PH("big_three_dragons", spec("PPP 2345m", "5m", pung("C"), pung("F")),
       {"big_three_dragons": 1, "half_flush": 1},
       "88 + 6; waits 2m/5m so no wait; no Dragon Pung (implied)"),
    PH("all_green", spec("223344s 666s 8s FFF", "8s"),
       {"all_green": 1, "pure_double_chow": 1, "concealed_hand": 1, "dragon_pung": 1,
        "two_concealed_pungs": 1},
       "88 + 234s twice 1 + concealed 2 + green dragon pung 2 + 666s FFF concealed 2 = 95; "
       "waits 7s/8s; no Half Flush, One Voided Suit (implied)"),
    PH("nine_gates", spec("1112345678999m", "5m"),
       {"nine_gates": 1, "two_concealed_pungs": 1, "pung_of_terminals_or_honors": 1},
       "88; on a 5 the reference calculator adds Two Concealed Pungs 2 + a Pung of Terminals 1"),
    PH("four_kongs", spec("W", "W", kong("1m"), kong("5p"), kong("9s"), kong("E")),
       {"four_kongs": 1, "melded_hand": 1, "prevalent_wind": 1, "seat_wind": 1,
        "pung_of_terminals_or_honors": 2},
       "88 + melded hand 6 + E kong prevalent 2 and seat 2 + 1m 9s kongs 2 = 100; no All "
       "Pungs, Single Wait (implied)"),
    PH("seven_shifted_pairs", spec("1122334455667p", "7p"),
       {"seven_shifted_pairs": 1},
       "88 alone: implies Seven Pairs, Full Flush, Concealed Hand, Single Wait, No Honors"),
    PH("thirteen_orphans", spec("119m 19p 19s ESWNCF", "P"), {"thirteen_orphans": 1}, "88"),
    # ---- 64
    PH("all_terminals", spec("111p 999s 9p", "9p", pung("1m"), pung("9m")),
       {"all_terminals": 1, "two_concealed_pungs": 1, "single_wait": 1},
       "64 + 111p 999s concealed 2 + single 1 = 67; no All Pungs, Outside Hand, Pung of "
       "Terminals, No Honors, Double Pung (1m/1p, 9m/9s)"),
    PH("little_four_winds", spec("WWW NN 24m", "3m", pung("E"), pung("S")),
       {"little_four_winds": 1, "half_flush": 1, "prevalent_wind": 1, "seat_wind": 1,
        "closed_wait": 1},
       "64 + 6 + E pung prevalent 2 + seat 2 + 2_4m closed 1 = 75; no Big Three Winds, "
       "Pung of Terminals or Honors"),
    PH("little_three_dragons", spec("PP 234m 67m", "5m", pung("C"), pung("F")),
       {"little_three_dragons": 1, "half_flush": 1, "short_straight": 1},
       "64 + 6 + 234m/567m 1 = 71; no Two Dragon Pungs, Dragon Pung"),
    PH("all_honors", spec("SSS FFF W", "W", pung("E"), pung("C")),
       {"all_honors": 1, "two_dragon_pungs": 1, "prevalent_wind": 1, "seat_wind": 1,
        "two_concealed_pungs": 1, "single_wait": 1},
       "64 + C F 6 + E 2 + 2 + SSS FFF concealed 2 + single 1 = 77; no All Pungs, Pung of "
       "Honors, One Voided Suit"),
    PH("four_concealed_pungs", spec("111m 555p 777s 999s 3p", "3p"),
       {"four_concealed_pungs": 1, "pung_of_terminals_or_honors": 2, "no_honors": 1},
       "64 + 1m 9s 2 + no honors 1 = 67 (3p or 4p wins: 345p + 55p); no All Pungs, "
       "Concealed Hand"),
    PH("pure_terminal_chows", spec("123m 123m 789m 789m 5m", "5m"),
       {"pure_terminal_chows": 1, "concealed_hand": 1, "single_wait": 1},
       "64 + 2 + 1 = 67; no Full Flush, All Chows, Pure Double Chow, Two Terminal Chows, "
       "No Honors"),
    # ---- 48
    PH("quadruple_chow", spec("222233334444p 9m", "9m"),
       {"quadruple_chow": 1, "all_chows": 1, "concealed_hand": 1, "single_wait": 1,
        "one_voided_suit": 1},
       "48 + 2 + 2 + 1 + 1 = 54 (better than 222p 333p 444p 234p: 24 + 16 + 3×2 + ...); no "
       "Pure Triple Chow, Pure Double Chow, Tile Hog; All Chows implies No Honors"),
    PH("four_pure_shifted_pungs", spec("555s 666s 9p", "9p", pung("3s"), pung("4s")),
       {"four_pure_shifted_pungs": 1, "two_concealed_pungs": 1, "one_voided_suit": 1,
        "no_honors": 1, "single_wait": 1},
       "48 + 2 + 1 + 1 + 1 = 53; no Pure Shifted Pungs, All Pungs"),
    # ---- 32
    PH("four_pure_shifted_chows", spec("123m 234m 345m 456m 9p", "9p"),
       {"four_pure_shifted_chows": 1, "all_chows": 1, "concealed_hand": 1, "single_wait": 1,
        "one_voided_suit": 1},
       "32 + 2 + 2 + 1 + 1 = 38; no Pure Shifted Chows, Short Straight, Two Terminal Chows"),
    PH("three_kongs", spec("345m 9p", "9p", kong("2m"), kong("5p"), kong("8s")),
       {"three_kongs": 1, "single_wait": 1, "no_honors": 1}, "32 + 1 + 1 = 34"),
    PH("all_terminals_and_honors", spec("999p NNN 1s", "1s", pung("1m"), pung("E")),
       {"all_terminals_and_honors": 1, "prevalent_wind": 1, "seat_wind": 1,
        "two_concealed_pungs": 1, "single_wait": 1},
       "32 + 2 + 2 + 999p NNN 2 + 1 = 39; no All Pungs, Outside Hand, Pung of Terminals"),
    # ---- 24
    PH("seven_pairs", spec("1133m 5577p 99s EE S", "S"), {"seven_pairs": 1},
       "24 alone (three suits and winds, no dragon): no Concealed Hand, Single Wait"),
    PH("greater_honors_and_knitted_tiles", spec("147m 258p 3s ESWNCF", "P"),
       {"greater_honors_and_knitted_tiles": 1},
       "24; no Lesser Honors and Knitted Tiles, All Types, Concealed Hand"),
    PH("all_even_pungs", spec("666s 888m 4s", "4s", pung("2m"), pung("4p")),
       {"all_even_pungs": 1, "two_concealed_pungs": 1},
       "24 + 2 = 26 (4s or 5s wins: 456s + 66s); no All Pungs, All Simples, No Honors"),
    PH("full_flush", spec("345p 666p 88p 99p", "9p", chow("1p")),
       {"full_flush": 1, "pung_of_terminals_or_honors": 1},
       "24 + 999p 1 = 25 (the discard makes 999p exposed; 8p/9p waits); no No Honors"),
    PH("pure_triple_chow", spec("345s 345s 77m 99p", "9p", chow("3s")),
       {"pure_triple_chow": 1, "pung_of_terminals_or_honors": 1, "no_honors": 1},
       "24 + 1 + 1 = 26; no Pure Double Chow"),
    PH("pure_shifted_pungs", spec("444m 567p 8s", "8s", pung("2m"), pung("3m")),
       {"pure_shifted_pungs": 1, "all_simples": 1, "single_wait": 1},
       "24 + 2 + 1 = 27; All Simples implies No Honors"),
    PH("upper_tiles", spec("789p 789s 88m 99m", "9m", pung("7m")),
       {"upper_tiles": 1, "mixed_double_chow": 1, "pung_of_terminals_or_honors": 1},
       "24 + 789p/789s 1 + 999m 1 = 26; no Upper Four, No Honors"),
    PH("middle_tiles", spec("456p 555s 44s 66s", "4s", pung("4m")),
       {"middle_tiles": 1, "double_pung": 1},
       "24 + 4m/4s 2 = 26; no All Simples, No Honors"),
    PH("lower_tiles", spec("123p 222s 33s 11p", "3s", pung("1m")),
       {"lower_tiles": 1, "pung_of_terminals_or_honors": 1},
       "24 + 111m 1 = 25; no Lower Four, No Honors"),
    # ---- 16
    PH("pure_straight", spec("456m 789m 2345p", "5p", chow("1m")),
       {"pure_straight": 1, "all_chows": 1, "one_voided_suit": 1},
       "16 + 2 + 1 = 19; no Short Straight, Two Terminal Chows"),
    PH("three_suited_terminal_chows", spec("789m 123p 789p 5s", "5s", chow("1m")),
       {"three_suited_terminal_chows": 1, "single_wait": 1},
       "16 + 1 = 17; no All Chows, Mixed Double Chow, Two Terminal Chows, No Honors"),
    PH("pure_shifted_chows", spec("234s 345s 678p 9p", "9p", chow("1s")),
       {"pure_shifted_chows": 1, "all_chows": 1, "one_voided_suit": 1},
       "16 + 2 + 1 = 19 (6p/9p waits)"),
    PH("all_fives", spec("456s 567m 5s", "5s", chow("3m"), pung("5p")),
       {"all_fives": 1, "closed_wait": 1},
       "16 + 1 = 17; the only wait 5s reads as 4_6s, so Closed Wait; no All Simples, No Honors"),
    PH("triple_pung", spec("333s 456m 9p", "9p", pung("3m"), pung("3p")),
       {"triple_pung": 1, "single_wait": 1, "no_honors": 1},
       "16 + 1 + 1 = 18; no Double Pung"),
    PH("three_concealed_pungs", spec("222p 444p 666s 5s", "5s", chow("1m")),
       {"three_concealed_pungs": 1, "no_honors": 1},
       "16 + 1 = 17 (4s/5s/7s waits)"),
    # ---- 12
    PH("lesser_honors_and_knitted_tiles", spec("147m 258p 36s ESWNC", "F"),
       {"lesser_honors_and_knitted_tiles": 1}, "12 alone: no All Types, Concealed Hand"),
    PH("knitted_straight", spec("147m 258p 369s 567p 9m", "9m"),
       {"knitted_straight": 1, "all_chows": 1, "concealed_hand": 1, "single_wait": 1},
       "12 + 2 + 2 + 1 = 17: a knitted straight with a chow and a pair (MCR-4.1)"),
    PH("upper_four", spec("789p 777s 99m 88p", "8p", chow("6m")),
       {"upper_four": 1, "tile_hog": 1, "two_concealed_pungs": 1},
       "12 + four 8p 2 + 777s and 888p concealed 2 = 16: the discarded 8p can be read in the "
       "concealed 789p, so 888p stays concealed (MCR-6 ruling); no No Honors"),
    PH("lower_four", spec("123p 111s 44p 33s", "3s", chow("2m")),
       {"lower_four": 1, "pung_of_terminals_or_honors": 1}, "12 + 111s 1 = 13"),
    PH("big_three_winds", spec("NNN 345m 7p", "7p", pung("S"), pung("W")),
       {"big_three_winds": 1, "single_wait": 1, "one_voided_suit": 1},
       "12 + 1 + 1 = 14; no Pung of Honors for the three winds"),
    # ---- 8
    PH("mixed_straight", spec("456p 789s 2345m", "5m", chow("1m")),
       {"mixed_straight": 1, "all_chows": 1}, "8 + 2 = 10"),
    PH("reversible_tiles", spec("123p 345p 88p 99s", "8p", pung("P")),
       {"reversible_tiles": 1, "dragon_pung": 1},
       "8 + white dragon 2 = 10; no One Voided Suit"),
    PH("mixed_triple_chow", spec("234p 234s 678m 5p", "5p", chow("2m")),
       {"mixed_triple_chow": 1, "all_chows": 1, "all_simples": 1},
       "8 + 2 + 2 = 12 (2p/5p waits); no Mixed Double Chow"),
    PH("mixed_shifted_pungs", spec("555s 678m 9s", "9s", pung("3m"), pung("4p")),
       {"mixed_shifted_pungs": 1, "single_wait": 1, "no_honors": 1}, "8 + 1 + 1 = 10"),
    PH("chicken_hand", chicken(), {"chicken_hand": 1}, "nothing else scores (MCR-6.1)",
       rule="MCR-6.1"),
    PH("last_tile_draw", chicken(self_drawn=True, last_tile=True), {"last_tile_draw": 1},
       "8; no Self-Drawn (MCR-3.5, MCR-4.4)", rule="MCR-4.4"),
    PH("last_tile_claim", chicken(last_tile=True), {"last_tile_claim": 1}, "8",
       rule="MCR-4.4"),
    PH("out_with_replacement_tile",
       spec("78m EE", "9m", chow("2m"), kong("6p"), chow("5s"), kong_replacement=True),
       {"out_with_replacement_tile": 1, "melded_kong": 1},
       "8 + 1; no Self-Drawn (the replacement is drawn)", rule="MCR-4.4"),
    PH("robbing_the_kong", chicken(robbing_kong=True), {"robbing_the_kong": 1}, "8",
       rule="MCR-4.4"),
    # ---- 6
    PH("all_pungs", spec("888s 333m 6p", "6p", pung("2m"), pung("5p")),
       {"all_pungs": 1, "all_simples": 1, "two_concealed_pungs": 1, "single_wait": 1},
       "6 + 2 + 2 + 1 = 11"),
    PH("half_flush", spec("567m 999m EE CC", "C", chow("1m")),
       {"half_flush": 1, "dragon_pung": 1, "pung_of_terminals_or_honors": 1},
       "6 + 2 + 999m 1 = 9 (E/C waits)"),
    PH("mixed_shifted_chows", spec("234p 345s 678m 9m", "9m", chow("1m")),
       {"mixed_shifted_chows": 1, "all_chows": 1}, "6 + 2 = 8 (6m/9m waits)"),
    PH("all_types", spec("234m 456p 789s C", "C", pung("S")),
       {"all_types": 1, "pung_of_terminals_or_honors": 1, "single_wait": 1},
       "6 + South pung (not a seat or prevailing wind) 1 + 1 = 8"),
    PH("melded_hand", spec("9p", "9p", chow("1m"), chow("4p"), pung("7s"), chow("2s")),
       {"melded_hand": 1, "no_honors": 1}, "6 + 1 = 7; no Single Wait (implied)"),
    PH("two_concealed_kongs", spec("456s 789m 2p", "2p", kong("3m", True), kong("6p", True)),
       {"two_concealed_kongs": 1, "concealed_hand": 1, "single_wait": 1, "no_honors": 1},
       "6 + 2 + 1 + 1 = 10; no Two Concealed Pungs, Concealed Kong"),
    PH("two_dragon_pungs", spec("234m 567p 9s", "9s", pung("C"), pung("F")),
       {"two_dragon_pungs": 1, "single_wait": 1}, "6 + 1 = 7; no Dragon Pung"),
    # ---- 5: the reference calculator's Concealed Kong and Melded Kong (MCR-6 [ruling])
    PH("concealed_and_melded_kong", spec("345s 678s 9m", "9m", kong("2m", True), kong("5p")),
       {"concealed_and_melded_kong": 1, "short_straight": 1, "single_wait": 1,
        "no_honors": 1},
       "5 + 345s/678s 1 + 1 + 1 = 8; no Melded Kong 1 + Concealed Kong 2"),
    # ---- 4
    PH("outside_hand", spec("789s 111s N", "N", chow("1m"), pung("9p")),
       {"outside_hand": 1, "pung_of_terminals_or_honors": 2, "single_wait": 1},
       "4 + 9p 1s 2 + 1 = 7"),
    PH("fully_concealed_hand", spec("123m 567p 234s 678s 9m", "9m", self_drawn=True),
       {"fully_concealed_hand": 1, "all_chows": 1, "single_wait": 1},
       "4 + 2 + 1 = 7; no Self-Drawn, Concealed Hand"),
    PH("two_melded_kongs", spec("345s 678s 9m", "9m", kong("2m"), kong("5p")),
       {"two_melded_kongs": 1, "short_straight": 1, "single_wait": 1, "no_honors": 1},
       "4 + 1 + 1 + 1 = 7; no Melded Kong"),
    PH("last_tile", chicken(fourth_tile=True), {"last_tile": 1}, "4 (和绝张)",
       rule="MCR-4.4"),
    # ---- 2
    PH("dragon_pung", spec("234m 567m 789p 9s", "9s", pung("C")),
       {"dragon_pung": 1, "short_straight": 1, "single_wait": 1}, "2 + 1 + 1 = 4"),
    PH("prevalent_wind", spec("234m 567m 789p 9s", "9s", pung("S"),
                              prevalent_wind="S", seat_wind="E"),
       {"prevalent_wind": 1, "short_straight": 1, "single_wait": 1},
       "2 + 1 + 1 = 4; no Pung of Honors for the same pung", rule="MCR-4.4"),
    PH("seat_wind", spec("234m 567m 789p 9s", "9s", pung("S"), prevalent_wind="E",
                         seat_wind="S"),
       {"seat_wind": 1, "short_straight": 1, "single_wait": 1}, "2 + 1 + 1 = 4",
       rule="MCR-4.4"),
    PH("concealed_hand", spec("234m 567m 789p 345s 9s", "9s"),
       {"concealed_hand": 1, "all_chows": 1, "short_straight": 1, "single_wait": 1},
       "2 + 2 + 1 + 1 = 6"),
    PH("all_chows", spec("567m 789p 345s 9s", "9s", chow("2m")),
       {"all_chows": 1, "short_straight": 1, "single_wait": 1}, "2 + 1 + 1 = 4"),
    PH("tile_hog", spec("456m 789p 345s 4m", "4m", chow("2m")),
       {"tile_hog": 1, "all_chows": 1}, "2 + 2 = 4: four 4m not a kong (4m/7m waits)"),
    PH("double_pung", spec("222s 789m 9p", "9p", pung("2m"), chow("4p")),
       {"double_pung": 1, "single_wait": 1, "no_honors": 1}, "2 + 1 + 1 = 4"),
    PH("two_concealed_pungs", spec("222p 555s 789s 9m", "9m", chow("1m")),
       {"two_concealed_pungs": 1, "single_wait": 1, "no_honors": 1}, "2 + 1 + 1 = 4"),
    PH("concealed_kong", spec("234m 678m 345s 9s", "9s", kong("5p", True)),
       {"concealed_kong": 1, "concealed_hand": 1, "single_wait": 1, "no_honors": 1},
       "2 + 2 (a concealed kong keeps the hand concealed) + 1 + 1 = 6"),
    PH("all_simples", spec("567p 345s 678s 8m", "8m", chow("2m")),
       {"all_simples": 1, "all_chows": 1, "short_straight": 1, "single_wait": 1},
       "2 + 2 + 1 + 1 = 6; no No Honors"),
    # ---- 1
    PH("pure_double_chow", spec("234m 567p 789s 9p", "9p", chow("2m")),
       {"pure_double_chow": 1, "all_chows": 1, "single_wait": 1}, "1 + 2 + 1 = 4"),
    PH("mixed_double_chow", spec("234p 567s 789s 9m", "9m", chow("2m")),
       {"mixed_double_chow": 1, "all_chows": 1, "single_wait": 1}, "1 + 2 + 1 = 4"),
    PH("short_straight", spec("567m 789p 345s 9s", "9s", chow("2m")),
       {"short_straight": 1, "all_chows": 1, "single_wait": 1}, "1 + 2 + 1 = 4"),
    PH("two_terminal_chows", spec("789m 456p 345s 9s", "9s", chow("1m")),
       {"two_terminal_chows": 1, "all_chows": 1, "single_wait": 1}, "1 + 2 + 1 = 4"),
    PH("pung_of_terminals_or_honors", spec("234m 567p 789s 5s", "5s", pung("1m")),
       {"pung_of_terminals_or_honors": 1, "single_wait": 1, "no_honors": 1},
       "1 + 1 + 1 = 3"),
    PH("melded_kong", spec("234p 678p 345s 9s", "9s", kong("5m")),
       {"melded_kong": 1, "single_wait": 1, "no_honors": 1}, "1 + 1 + 1 = 3"),
    PH("one_voided_suit", spec("567m 345p 678p 9m", "9m", chow("2m")),
       {"one_voided_suit": 1, "all_chows": 1, "short_straight": 2, "single_wait": 1},
       "1 + 2 + 234m/567m and 345p/678p 2 + 1 = 6"),
    PH("no_honors", spec("234p 678p 345s 9s", "9s", pung("5m")),
       {"no_honors": 1, "single_wait": 1}, "1 + 1 = 2"),
    PH("edge_wait", spec("567m 12p 345s 99s", "3p", chow("2m")),
       {"edge_wait": 1, "all_chows": 1, "mixed_shifted_chows": 1, "short_straight": 1},
       "1 + 2 + 123p 234m 345s 6 + 567m with 234m 1 = 10: 12p waits on 3p only (MCR-6.2)",
       rule="MCR-6.2"),
    PH("closed_wait", spec("567m 13p 345s 99s", "2p", chow("2m")),
       {"closed_wait": 1, "all_chows": 1, "mixed_shifted_chows": 1, "short_straight": 1},
       "1 + 2 + 6 + 1 = 10: 13p waits on 2p only", rule="MCR-6.2"),
    PH("single_wait", spec("567m 345p 345s 9s", "9s", chow("2m")),
       {"single_wait": 1, "all_chows": 1, "short_straight": 1, "mixed_double_chow": 1},
       "1 + 2 + 1 + 1 = 5", rule="MCR-6.2"),
    PH("self_drawn", spec("567m 789p 345s 9s", "9s", chow("2m"), self_drawn=True),
       {"self_drawn": 1, "all_chows": 1, "short_straight": 1, "single_wait": 1},
       "1 + 2 + 1 + 1 = 5", rule="MCR-4.4"),
    PH("flower_tiles", chicken(flowers=3), {"chicken_hand": 1},
       "8 + three flowers counted after the minimum: total 11 (MCR-6.3)", rule="MCR-6.3",
       extra={"flowers": 3}),
]


def test_every_pattern_has_a_hand():
    """MCR-6: all 81 patterns (and the 5-point kong row of the ruling) have a scoring hand."""
    assert {ph.code for ph in PATTERN_HANDS} == set(PATTERNS)
    assert len(OFFICIAL_81) == 81 and len(PATTERNS) == 82


@pytest.mark.parametrize("ph", PATTERN_HANDS, ids=lambda ph: f"{ph.rule}-{ph.code}")
def test_pattern_scores(ph: PH):
    """MCR-6 each pattern (see ``PH.why`` for the worked total), MCR-4.3 take the highest."""
    r = win(ph.hand)
    got = codes(r)
    assert got == ph.expect, ph.why
    assert r["points_before_flowers"] == sum(POINTS[c] * n for c, n in ph.expect.items())
    flowers = ph.extra.get("flowers", 0)
    if flowers:
        assert item("flower_tiles", "Flower Tiles", 1, chinese="花牌",
                    count=flowers) in r["items"]
    assert r["meets_minimum"] is (r["points_before_flowers"] >= 8)


# ---------------------------------------------------------------- where a pattern is not counted


@dataclass(frozen=True)
class EX:
    code: str
    hand: dict[str, Any]
    absent: tuple[str, ...]
    present: dict[str, int]
    why: str
    rule: str = "MCR-6.4"
    wins: bool = True


EXCLUSIONS: list[EX] = [
    # ---- 88
    EX("big_four_winds", spec("WWW NN 24m", "3m", pung("E"), pung("S")),
       ("big_four_winds",), {"little_four_winds": 1},
       "a wind pair instead of a fourth wind pung: Little Four Winds (near miss)", "MCR-6"),
    EX("big_three_dragons", spec("PP 234m 67m", "5m", pung("C"), pung("F")),
       ("big_three_dragons",), {"little_three_dragons": 1}, "a dragon pair: near miss", "MCR-6"),
    EX("all_green", spec("223344s 666s 8s CCC", "8s"), ("all_green",), {"half_flush": 1},
       "the red dragon is not green", "MCR-6"),
    EX("nine_gates", spec("1123455678999m", "1m"), ("nine_gates",), {"full_flush": 1},
       "the fourteen tiles of a Nine Gates, but without the winning 1m they are not "
       "1112345678999: only a Full Flush reading", "MCR-6"),
    EX("four_kongs", spec("345m 9p", "9p", kong("2m"), kong("5p"), kong("8s")),
       ("four_kongs",), {"three_kongs": 1}, "three kongs", "MCR-6"),
    EX("seven_shifted_pairs", spec("1122334455668p", "8p"), ("seven_shifted_pairs",),
       {"seven_pairs": 1, "full_flush": 1}, "7p missing: plain Seven Pairs", "MCR-6"),
    EX("thirteen_orphans", spec("119m 19p 19s ESWNCF", "F"), ("thirteen_orphans",), {},
       "two doubled orphans and no white dragon: no winning shape", "MCR-4.1", wins=False),
    # ---- 64
    EX("all_terminals", spec("111p 999s E", "E", pung("1m"), pung("9m")),
       ("all_terminals", "all_pungs", "outside_hand", "pung_of_terminals_or_honors"),
       {"all_terminals_and_honors": 1},
       "an East pair: All Terminals and Honors, which implies All Pungs, Outside Hand, "
       "Pung of Terminals"),
    EX("little_four_winds", spec("WWW 234m 5m", "5m", pung("E"), pung("S")),
       ("little_four_winds",), {"big_three_winds": 1}, "a pair of 5m: Big Three Winds",
       "MCR-6"),
    EX("little_three_dragons", spec("55m 234m 67m", "5m", pung("C"), pung("F")),
       ("little_three_dragons", "dragon_pung"), {"two_dragon_pungs": 1},
       "no dragon pair: Two Dragon Pungs, which implies Dragon Pung"),
    EX("all_honors", spec("SSS FFF 1m", "1m", pung("E"), pung("C")),
       ("all_honors",), {"all_terminals_and_honors": 1}, "a 1m pair: near miss", "MCR-6"),
    EX("four_concealed_pungs", spec("111m 555p 777s 99s 33p", "9s"),
       ("four_concealed_pungs",), {"three_concealed_pungs": 1, "all_pungs": 1},
       "MCR-6 ruling: the discard that completes 999s makes that pung exposed", "MCR-6"),
    EX("pure_terminal_chows", spec("123m 789m 789m 5p", "5p", chow("1m")),
       ("pure_terminal_chows", "three_suited_terminal_chows"),
       {"pure_double_chow": 2, "two_terminal_chows": 1},
       "the pair 5p is not in the chows' suit; of the six chow pairings (two Pure Double "
       "Chows, four Two Terminal Chows) three count, repeats dropped first (account-once)",
       "MCR-4.3"),
    # ---- 48
    EX("quadruple_chow", spec("222333444p 345p 9s", "9s"), ("quadruple_chow",), {},
       "one 345p among three 234p: no fourth identical chow", "MCR-6"),
    EX("four_pure_shifted_pungs", spec("555s 777s 9p", "9p", pung("3s"), pung("4s")),
       ("four_pure_shifted_pungs",), {"pure_shifted_pungs": 1}, "6s missing", "MCR-6"),
    # ---- 32
    EX("four_pure_shifted_chows", spec("123m 234m 345m 567m 9p", "9p"),
       ("four_pure_shifted_chows",), {"pure_shifted_chows": 1, "short_straight": 1},
       "a gap at 456m: Pure Shifted Chows, and the fourth chow combines once (234m/567m)",
       "MCR-6"),
    EX("three_kongs", spec("345m 666p 9p", "9p", kong("2m"), kong("8s")),
       ("three_kongs",), {"two_melded_kongs": 1}, "two kongs", "MCR-6"),
    EX("all_terminals_and_honors", spec("123m 999p NNN 1s", "1s", pung("E")),
       ("all_terminals_and_honors",), {"outside_hand": 1}, "a chow: Outside Hand only",
       "MCR-6"),
    # ---- 24
    EX("seven_pairs", spec("1122334455667p", "7p"), ("seven_pairs", "full_flush"),
       {"seven_shifted_pairs": 1}, "Seven Shifted Pairs implies Seven Pairs and Full Flush"),
    EX("greater_honors_and_knitted_tiles", spec("147m 258p 36s ESWNC", "F"),
       ("greater_honors_and_knitted_tiles",), {"lesser_honors_and_knitted_tiles": 1},
       "the white dragon missing: Lesser", "MCR-6"),
    EX("all_even_pungs", spec("666s 888m 5s", "5s", pung("2m"), pung("4p")),
       ("all_even_pungs",), {"all_pungs": 1}, "an odd pair", "MCR-6"),
    EX("full_flush", spec("123m 123m 789m 789m 5m", "5m"), ("full_flush",),
       {"pure_terminal_chows": 1}, "Pure Terminal Chows implies Full Flush"),
    EX("pure_triple_chow", spec("222233334444p 9s", "9s"),
       ("pure_triple_chow", "pure_double_chow", "tile_hog"), {"quadruple_chow": 1},
       "Quadruple Chow implies Pure Triple Chow, Pure Double Chow, Tile Hog"),
    EX("pure_shifted_pungs", spec("555s 666s 9p", "9p", pung("3s"), pung("4s")),
       ("pure_shifted_pungs", "all_pungs"), {"four_pure_shifted_pungs": 1},
       "Four Pure Shifted Pungs implies them"),
    EX("upper_tiles", spec("789p 789s 88m 66m", "6m", pung("7m")),
       ("upper_tiles",), {"upper_four": 1}, "a 6: Upper Four", "MCR-6"),
    EX("middle_tiles", spec("456p 555s 44s 77s", "4s", pung("4m")),
       ("middle_tiles",), {"all_simples": 1}, "a pair of 7s", "MCR-6"),
    EX("lower_tiles", spec("123p 222s 44s 11p", "4s", pung("1m")),
       ("lower_tiles",), {"lower_four": 1}, "a 4: Lower Four", "MCR-6"),
    # ---- 16
    EX("pure_straight", spec("456p 789m 2345p", "5p", chow("1m")),
       ("pure_straight",), {"two_terminal_chows": 1}, "456 in another suit", "MCR-6"),
    EX("three_suited_terminal_chows", spec("789m 123p 789p 9s", "9s", chow("1m")),
       ("three_suited_terminal_chows",), {"mixed_double_chow": 2, "two_terminal_chows": 1},
       "the pair is 9s, not a five; of two Mixed Double Chows and two Two Terminal Chows "
       "three count, the repeat of the lower kind dropped (account-once)", "MCR-4.3"),
    EX("pure_shifted_chows", spec("123m 234m 345m 456m 9p", "9p"),
       ("pure_shifted_chows", "short_straight", "two_terminal_chows"),
       {"four_pure_shifted_chows": 1}, "Four Pure Shifted Chows implies them"),
    EX("all_fives", spec("456s 567m 5s", "5s", chow("2m"), pung("5p")),
       ("all_fives",), {"all_simples": 1}, "234m holds no five", "MCR-6"),
    EX("triple_pung", spec("333s 456m 9p", "9p", pung("3m"), pung("4p")),
       ("triple_pung",), {"double_pung": 1}, "4p: only Double Pung 3m/3s", "MCR-6"),
    EX("three_concealed_pungs", spec("222p 444p 55s 77s", "5s", chow("1m")),
       ("three_concealed_pungs",), {"two_concealed_pungs": 1},
       "the discarded 5s completes 555s, which counts as exposed (MCR-6 ruling)", "MCR-6"),
    # ---- 12
    EX("lesser_honors_and_knitted_tiles", spec("147m 258p 3s ESWNCF", "P"),
       ("lesser_honors_and_knitted_tiles",), {"greater_honors_and_knitted_tiles": 1},
       "Greater implies Lesser"),
    EX("knitted_straight", spec("147m 258p 368s 567p 9m", "9m"),
       ("knitted_straight",), {}, "8s instead of 9s: no knitted straight and no win",
       "MCR-4.1", wins=False),
    EX("upper_four", spec("789p 789s 88m 99m", "9m", pung("7m")),
       ("upper_four",), {"upper_tiles": 1}, "Upper Tiles implies Upper Four"),
    EX("lower_four", spec("123p 222s 33s 11p", "3s", pung("1m")),
       ("lower_four",), {"lower_tiles": 1}, "Lower Tiles implies Lower Four"),
    EX("big_three_winds", spec("WWW NN 24m", "3m", pung("E"), pung("S")),
       ("big_three_winds", "pung_of_terminals_or_honors"), {"little_four_winds": 1},
       "Little Four Winds implies Big Three Winds and Pung of Honors"),
    # ---- 8
    EX("mixed_straight", spec("456p 789m 2345s", "5s", chow("1m")),
       ("mixed_straight",), {"two_terminal_chows": 1}, "789 in the suit of 123", "MCR-6"),
    EX("reversible_tiles", spec("123p 345p 66p 99s", "6p", pung("P")),
       ("reversible_tiles",), {"one_voided_suit": 1}, "6p is not reversible", "MCR-6"),
    EX("mixed_triple_chow", spec("234p 345s 678m 5p", "5p", chow("2m")),
       ("mixed_triple_chow",), {"mixed_double_chow": 1}, "345s instead of 234s", "MCR-6"),
    EX("mixed_shifted_pungs", spec("666s 678m 9s", "9s", pung("3m"), pung("4p")),
       ("mixed_shifted_pungs",), {}, "3 4 6", "MCR-6"),
    EX("chicken_hand", chicken(self_drawn=True), ("chicken_hand",), {"self_drawn": 1},
       "Self-Drawn is a pattern: no Chicken Hand", "MCR-6.1"),
    EX("last_tile_draw", chicken(last_tile=True), ("last_tile_draw",), {"last_tile_claim": 1},
       "the last tile claimed from a discard", "MCR-4.4"),
    EX("last_tile_claim", chicken(self_drawn=True, last_tile=True),
       ("last_tile_claim", "self_drawn"), {"last_tile_draw": 1},
       "self-drawn last tile: Last Tile Draw, which implies Self-Drawn", "MCR-4.4"),
    EX("out_with_replacement_tile", chicken(self_drawn=True), ("out_with_replacement_tile",),
       {"self_drawn": 1}, "a plain self-draw", "MCR-4.4"),
    EX("robbing_the_kong", chicken(), ("robbing_the_kong",), {"chicken_hand": 1},
       "an ordinary discard", "MCR-4.4"),
    # ---- 6
    EX("all_pungs", spec("111m 555p 777s 999s 3p", "3p"), ("all_pungs", "concealed_hand"),
       {"four_concealed_pungs": 1}, "Four Concealed Pungs implies All Pungs, Concealed Hand"),
    EX("half_flush", spec("223344s 666s 8s FFF", "8s"), ("half_flush", "one_voided_suit"),
       {"all_green": 1}, "All Green implies Half Flush"),
    EX("mixed_shifted_chows", spec("234p 456s 678m 9m", "9m", chow("1m")),
       ("mixed_shifted_chows",), {}, "456s breaks the step", "MCR-6"),
    EX("all_types", spec("234m 456p 789s E", "E", pung("S")), ("all_types",), {},
       "no dragon", "MCR-6"),
    EX("melded_hand", spec("9p", "9p", chow("1m"), chow("4p"), pung("7s"), chow("2s"),
                           self_drawn=True),
       ("melded_hand",), {"self_drawn": 1, "single_wait": 1},
       "self-drawn: no Melded Hand (and the single wait on 9p then counts)", "MCR-6"),
    EX("two_concealed_kongs", spec("456s 789m 2p", "2p", kong("3m", True), kong("6p", True)),
       ("two_concealed_pungs", "concealed_kong"), {"two_concealed_kongs": 1},
       "Two Concealed Kongs implies Two Concealed Pungs and Concealed Kong"),
    EX("two_dragon_pungs", spec("PP 234m 67m", "5m", pung("C"), pung("F")),
       ("two_dragon_pungs",), {"little_three_dragons": 1}, "Little Three Dragons implies it"),
    EX("concealed_and_melded_kong", spec("345s 678s 9m", "9m", kong("2m"), kong("5p")),
       ("concealed_and_melded_kong", "melded_kong"), {"two_melded_kongs": 1},
       "two melded kongs", "MCR-6"),
    # ---- 4
    EX("outside_hand", spec("789s 111s N", "N", chow("2m"), pung("9p")),
       ("outside_hand",), {}, "234m holds no terminal", "MCR-6"),
    EX("fully_concealed_hand", spec("123m 567p 234s 678s 9m", "9m"),
       ("fully_concealed_hand",), {"concealed_hand": 1}, "won on a discard", "MCR-6"),
    EX("two_melded_kongs", spec("345s 678s 9m", "9m", kong("2m", True), kong("5p")),
       ("two_melded_kongs", "melded_kong", "concealed_kong"),
       {"concealed_and_melded_kong": 1},
       "one of the two kongs concealed: 5 points together (MCR-6 ruling)", "MCR-6"),
    EX("last_tile", chicken(robbing_kong=True, fourth_tile=True), ("last_tile",),
       {"robbing_the_kong": 1}, "Robbing the Kong implies Last Tile", "MCR-4.4"),
    # ---- 2
    EX("dragon_pung", spec("PPP 2345m", "5m", pung("C"), pung("F")), ("dragon_pung",),
       {"big_three_dragons": 1}, "Big Three Dragons implies Dragon Pung"),
    EX("prevalent_wind", spec("NNN 5m", "5m", pung("E"), pung("S"), pung("W")),
       ("prevalent_wind", "seat_wind", "all_pungs", "pung_of_terminals_or_honors"),
       {"big_four_winds": 1}, "Big Four Winds implies the wind patterns"),
    EX("seat_wind", spec("234m 567m 789p 9s", "9s", pung("S"), seat_wind="W"),
       ("seat_wind", "prevalent_wind"), {"pung_of_terminals_or_honors": 1},
       "South is neither the seat (West) nor the prevailing wind (East): Pung of Honors",
       "MCR-4.4"),
    EX("concealed_hand", spec("567m 789p 345s 9s", "9s", chow("2m")),
       ("concealed_hand",), {"all_chows": 1}, "a claimed chow", "MCR-6"),
    EX("all_chows", spec("567m 789p 345s E", "E", chow("2m")), ("all_chows",), {},
       "an honour pair", "MCR-6"),
    EX("tile_hog", spec("23m 99s", "1m", kong("7m"), chow("6p"), chow("6s")),
       ("tile_hog",), {"melded_kong": 1}, "four 7m as a kong are not a Tile Hog", "MCR-6"),
    EX("double_pung", spec("111p 999s 9p", "9p", pung("1m"), pung("9m")),
       ("double_pung",), {"all_terminals": 1},
       "All Terminals implies Double Pung (reference calculator)"),
    EX("two_concealed_pungs", spec("456s 789m 2p", "2p", kong("3m", True), kong("6p", True)),
       ("two_concealed_pungs",), {"two_concealed_kongs": 1}, "implied by Two Concealed Kongs"),
    EX("concealed_kong", spec("345s 678s 9m", "9m", kong("2m", True), kong("5p")),
       ("concealed_kong", "melded_kong"), {"concealed_and_melded_kong": 1},
       "beside a melded kong: Concealed Kong and Melded Kong (MCR-6 ruling)", "MCR-6"),
    EX("all_simples", spec("666s 888m 4s", "4s", pung("2m"), pung("4p")),
       ("all_simples", "no_honors"), {"all_even_pungs": 1}, "All Even Pungs implies them"),
    # ---- 1
    EX("pure_double_chow", spec("345s 345s 77m 99p", "9p", chow("3s")),
       ("pure_double_chow",), {"pure_triple_chow": 1}, "Pure Triple Chow implies it"),
    EX("mixed_double_chow", spec("234p 234s 678m 5p", "5p", chow("2m")),
       ("mixed_double_chow",), {"mixed_triple_chow": 1}, "Mixed Triple Chow implies it"),
    EX("short_straight", spec("456m 789m 2345p", "5p", chow("1m")),
       ("short_straight", "two_terminal_chows"), {"pure_straight": 1},
       "non-separation: the chows of a Pure Straight are not split into Short Straights"),
    EX("two_terminal_chows", spec("123m 123m 789m 789m 5m", "5m"),
       ("two_terminal_chows", "pure_double_chow"), {"pure_terminal_chows": 1},
       "Pure Terminal Chows implies them"),
    EX("pung_of_terminals_or_honors", spec("234m 567m 789p 9s", "9s", pung("E")),
       ("pung_of_terminals_or_honors",), {"prevalent_wind": 1, "seat_wind": 1},
       "an East pung scoring the winds is not also a Pung of Honors"),
    EX("melded_kong", spec("345s 678s 9m", "9m", kong("2m"), kong("5p")),
       ("melded_kong",), {"two_melded_kongs": 1}, "Two Melded Kongs implies it"),
    EX("one_voided_suit", spec("123p 345p 88p 99s", "8p", pung("P")),
       ("one_voided_suit",), {"reversible_tiles": 1}, "Reversible Tiles implies it"),
    EX("no_honors", spec("567m 789p 345s 9s", "9s", chow("2m")), ("no_honors",),
       {"all_chows": 1}, "All Chows implies No Honors"),
    EX("edge_wait", spec("12345p 99s", "3p", chow("2m"), chow("5s")),
       ("edge_wait", "closed_wait"), {"all_chows": 1},
       "12-3p could be an edge, but 45p also waits on 3p and 6p: not the only wait",
       "MCR-6.2"),
    EX("closed_wait", spec("3555p 789s", "4p", chow("2m"), chow("5s")),
       ("closed_wait",), {"all_chows": 1},
       "3_5p could be closed, but 3555p also waits on 3p (33p + 555p)", "MCR-6.2"),
    EX("single_wait", spec("9p", "9p", chow("1m"), chow("4p"), pung("7s"), chow("2s")),
       ("single_wait",), {"melded_hand": 1}, "Melded Hand implies Single Wait"),
    EX("self_drawn", spec("123m 567p 234s 678s 9m", "9m", self_drawn=True),
       ("self_drawn",), {"fully_concealed_hand": 1}, "Fully Concealed Hand implies Self-Drawn"),
    EX("flower_tiles", spec("234m 567m 789p 9s", "9s", pung("C")), ("flower_tiles",),
       {"dragon_pung": 1}, "no flowers, no row (see test_flowers_after_the_minimum)",
       "MCR-6.3"),
]


def test_every_pattern_has_an_exclusion():
    """MCR-6.4: each pattern has a hand where it is not counted."""
    assert {ex.code for ex in EXCLUSIONS} == set(PATTERNS)


@pytest.mark.parametrize("ex", EXCLUSIONS, ids=lambda ex: f"{ex.rule}-{ex.code}")
def test_pattern_not_counted(ex: EX):
    """MCR-6.4 non-repeat / MCR-4.3 near misses: the pattern is not counted (``EX.why``)."""
    r = score_spec(ex.hand)
    assert r["winning"] is ex.wins, r
    if not ex.wins:
        return
    got = codes(r)
    for code in ex.absent:
        assert code not in got, ex.why
    for code, n in ex.present.items():
        assert got.get(code, 0) == n, (code, ex.why, got)
    assert ex.code not in got or ex.code in ex.present


# ---------------------------------------------------------------- MCR-4.1 shapes


def test_shapes_mcr_4_1():
    """MCR-4.1: four melds and a pair, seven pairs, seven shifted pairs, thirteen orphans,
    honours and knitted tiles (lesser, greater), a knitted straight with a meld and a pair."""
    cases = {
        "standard": spec("123m 456m 789p 345s 9s", "9s"),
        "seven_pairs": spec("1133m 5577p 99s EE C", "C"),
        "seven_shifted_pairs": spec("1122334455667p", "7p"),
        "thirteen_orphans": spec("19m 19p 19s ESWNCFP", "9s"),
        "honors_and_knitted": spec("147m 258p 36s ESWNC", "F"),
        "knitted_straight": spec("147m 258p 369s 567p 9m", "9m"),
        "nine_gates": spec("1112345678999m", "5m"),
    }
    for shape, s in cases.items():
        assert win(s)["shape"] == shape, shape
    # thirteen orphans with a 13-sided wait: the winning tile is the doubled one
    assert codes(win(spec("19m 19p 19s ESWNCFP", "P"))) == {"thirteen_orphans": 1}


def test_knitted_straight_beside_a_declared_meld():
    """MCR-4.1: the knitted straight may sit beside one claimed meld; the pair then waits alone
    (Single Wait), unless the winning tile belongs to the knitted straight."""
    r = win(spec("147m 258p 369s 9m", "9m", pung("E")))
    assert r["shape"] == "knitted_straight"
    # 12 + East pung: prevalent 2 + seat 2 + single wait on 9m 1 = 17
    assert codes(r) == {"knitted_straight": 1, "prevalent_wind": 1, "seat_wind": 1,
                        "single_wait": 1}
    assert r["reading"]["knitted"] == tiles("147m 258p 369s")
    # winning on a tile of the knitted straight: no wait pattern (MCR-6 [ruling])
    r = win(spec("147m 25p 369s 99m", "8p", pung("E")))
    assert codes(r) == {"knitted_straight": 1, "prevalent_wind": 1, "seat_wind": 1}


def test_knitted_straight_waits_on_the_meld_mcr_6_2():
    """MCR-6 [ruling] Knitted Straight may score a wait: the meld and pair beside it wait like a
    standard hand; a winning tile inside the knitted straight scores none."""
    # 147m 258p 369s + 12m + 55s, wins on 3m: edge wait 1 + 12 + concealed hand 2 + all chows 2
    r = win(spec("147m 258p 369s 12m 55s", "3m"))
    assert codes(r) == {"knitted_straight": 1, "all_chows": 1, "concealed_hand": 1,
                        "edge_wait": 1}
    # the same hand completed by its knitted tile 9s instead: no wait
    r = win(spec("147m 258p 36s 123m 55s", "9s"))
    assert codes(r) == {"knitted_straight": 1, "all_chows": 1, "concealed_hand": 1}


def test_honors_and_knitted_with_all_nine_suited_tiles_scores_knitted_straight():
    """MCR-6: Lesser Honors and Knitted Tiles holding a whole knitted straight also scores
    Knitted Straight (12 + 12 = 24)."""
    r = win(spec("147m 258p 369s ESWN", "C"))
    assert codes(r) == {"lesser_honors_and_knitted_tiles": 1, "knitted_straight": 1}
    assert r["total"] == 24


def test_not_a_winning_shape():
    """MCR-4.1: tiles in no winning shape are reported, not scored."""
    r = score_spec(spec("123m 456m 789p 345s 9s", "8s"))
    assert r == {"winning": False, "unit": "points", "items": [], "reason": r["reason"]}
    assert "MCR-4.1" in r["reason"]
    assert evaluate((), counts("123m 456m 789p 345s 9s 8s"), parse_face("8s")) is None
    # seven pairs needs a concealed hand: with a claimed meld these tiles do not win
    assert score_spec(spec("1133m 5577p EE", "E", pung("C")))["winning"] is False


# ---------------------------------------------------------------- MCR-4.2 minimum, MCR-6.3 flowers


def test_flowers_after_the_minimum():
    """MCR-4.2, MCR-6.3: flowers add 1 each but never count toward the 8-point minimum."""
    r = win(spec("234m 567m 789p 9s", "9s", pung("C"), flowers=4))
    # dragon pung 2 + short straight 1 + single wait 1 = 4, + 4 flowers = 8
    assert r["points_before_flowers"] == 4
    assert r["total"] == 8
    assert r["flowers"] == 4
    assert r["meets_minimum"] is False
    r = win(chicken(flowers=8))
    assert r["points_before_flowers"] == 8 and r["total"] == 16 and r["meets_minimum"] is True


def test_chicken_hand_only_when_nothing_else_scores_mcr_6_1():
    """MCR-6.1: Chicken Hand (8) when no other pattern scores, flowers excepted."""
    assert codes(win(chicken())) == {"chicken_hand": 1}
    r = win(chicken(flowers=2))
    assert codes(r) == {"chicken_hand": 1} and r["total"] == 10
    assert "chicken_hand" not in codes(win(chicken(self_drawn=True)))
    assert "chicken_hand" not in codes(win(chicken(fourth_tile=True)))


# ---------------------------------------------------------------- MCR-4.3 the highest reading


def test_highest_reading_wins_mcr_4_3():
    """MCR-4.3: 111222333m read as three pungs or as three identical chows; the higher total
    is taken and itemised."""
    # 111m 222m 333m 789p 55s: pungs -> Pure Shifted Pungs 24 + Three Concealed Pungs 16 +
    # 111m 1 ... ; chows -> Pure Triple Chow 24 + ... : the pung reading scores more.
    r = win(spec("111222333m 789p 5s", "5s"))
    got = codes(r)
    assert got["pure_shifted_pungs"] == 1 and got["three_concealed_pungs"] == 1
    assert "pure_triple_chow" not in got
    # pure shifted pungs 24 + three concealed pungs 16 + concealed hand 2 + pung of terminals
    # 1 + no honors 1 + single wait 1 = 45 (Pure Triple Chow reading: 24 + 2 + ... < 45)
    assert r["total"] == 45


def test_seven_pairs_against_a_standard_reading_mcr_4_3():
    """MCR-4.3: a hand that is both seven pairs and four melds takes the higher reading."""
    # 112233m 445566p 77s: seven pairs 24 beats 123m 123m 456p 456p 77s (PD 2 + ... < 24)
    r = win(spec("112233m 445566p 7s", "7s"))
    assert r["shape"] == "seven_pairs" and codes(r) == {"seven_pairs": 1, "no_honors": 1}
    # 2m 3m 4m four times each + 55m: quadruple chow 48 + full flush 24 + all chows 2 + all
    # simples 2 + concealed 2 = 78 beats seven pairs 24 + full flush 24 + three tile hogs 6 +
    # all simples 2 = 56 (no wait: 1m to 6m all complete these thirteen tiles)
    r = win(spec("222233334444m 5m", "5m"))
    assert r["shape"] == "standard"
    assert codes(r) == {"quadruple_chow": 1, "full_flush": 1, "all_chows": 1,
                        "all_simples": 1, "concealed_hand": 1}


def test_four_of_a_kind_as_tile_hog():
    """MCR-6 Tile Hog: four copies not declared as a kong, in a standard hand and (MCR-6
    [ruling]) in Seven Pairs."""
    # standard: a claimed 123m beside a concealed 333m: four 3m, not a kong
    r = win(spec("333m 789p 345s 9s", "9s", chow("1m")))
    # tile hog 2 + single wait on 9s 1 + no honors 1 = 4
    assert codes(r) == {"tile_hog": 1, "single_wait": 1, "no_honors": 1}
    # seven pairs with four 1m (two of its pairs): 24 + 2
    r = win(spec("1111m 55p 77p 99s SS E", "E"))
    assert codes(r) == {"seven_pairs": 1, "tile_hog": 1}


def test_account_once_chows_mcr_4_3():
    """MCR-4.3 account-once: 234567s 234567p are two Mixed Double Chows and two Short
    Straights, but four chows combine at most three times: the repeated lower kind goes."""
    r = win(spec("234567s 23456p 99m", "7p"))
    got = codes(r)
    assert got["mixed_double_chow"] == 2 and got["short_straight"] == 1
    # 234s 223344p 567p: Pure Double Chow (234p 234p), Mixed Double Chow (234s 234p) and
    # Short Straight (234p 567p), once each: not two Mixed Double Chows (non-identical)
    r = win(spec("234s 223344p 567p 9m", "9m"))
    got = codes(r)
    assert (got["pure_double_chow"], got["mixed_double_chow"], got["short_straight"]) == (1, 1, 1)


def test_mcr_6_4_principles_in_a_big_hand():
    """MCR-6.4: non-repeat (Full Flush implies No Honors), non-separation (the Pure Straight's
    chows do not also form Short Straights), take the highest, account-once (the fourth chow
    combines once)."""
    # 123456789m 123m 55m: pure straight + 123m: Pure Straight 16, Full Flush 24, the extra
    # 123m combines once: Pure Double Chow 1; all chows 2; concealed 2.
    r = win(spec("123456789m 123m 5m", "5m"))
    got = codes(r)
    assert got["pure_straight"] == 1 and got["full_flush"] == 1
    assert got["pure_double_chow"] == 1
    assert "short_straight" not in got and "two_terminal_chows" not in got
    assert "no_honors" not in got


# ---------------------------------------------------------------- MCR-4.4 situation


def test_last_tile_follows_the_tiles_mcr_4_4():
    """MCR-4.4 和绝张: the winner's own melds showing the other three copies make it the fourth
    tile; a copy in the concealed hand rules it out (then the flag is an error in the JSON)."""
    # pung of 9m claimed, 9m wins in 789m: the three other 9m are in the winner's pung
    r = win(spec("78m 234p 567s EE", "9m", pung("9m")))
    assert codes(r).get("last_tile") == 1
    with pytest.raises(InvalidSpec):
        score_spec(chicken(fourth_tile=True) | {"concealed": tiles("79m EE")})
    # through evaluate, an impossible flag is ignored (as the reference calculator does)
    melds = (Meld("chow", parse_face("2m")), Meld("pung", parse_face("6p")),
             Meld("chow", parse_face("5s")))
    ev = evaluate(melds, counts("99m E E 9m"), parse_face("9m"), Situation(fourth_tile=True))
    assert ev is not None and "last_tile" not in dict(ev.patterns)


def test_robbing_and_replacement_need_their_kong_mcr_4_4():
    """MCR-4.4: Robbing the Kong needs the tile nowhere else in the hand, Out with Replacement
    Tile a kong of the winner; impossible combinations are refused by the JSON calculator."""
    melds = (Meld("chow", parse_face("2m")), Meld("pung", parse_face("6p")),
             Meld("chow", parse_face("5s")))
    ev = evaluate(melds, counts("789m EE"), parse_face("9m"), Situation(kong_replacement=True,
                                                                         self_drawn=True))
    assert ev is not None and dict(ev.patterns) == {"self_drawn": 1}
    for bad in (chicken(kong_replacement=True), chicken(robbing_kong=True, self_drawn=True),
                chicken(robbing_kong=True, last_tile=True),
                spec("78m 99m E", "9m", chow("2m"), pung("6p"), chow("5s"), robbing_kong=True)):
        with pytest.raises(InvalidSpec):
            score_spec(bad)


def test_winds_mcr_4_4():
    """MCR-4.4 seat and prevailing winds: a pung of a wind that is both scores both."""
    r = win(spec("234m 567m 789p 9s", "9s", pung("W"), seat_wind="W", prevalent_wind="W"))
    assert codes(r) == {"prevalent_wind": 1, "seat_wind": 1, "short_straight": 1,
                        "single_wait": 1}


# ---------------------------------------------------------------- MCR-6.2 waits


def test_waits_across_readings_mcr_6_2():
    """MCR-6.2: a wait pattern counts only when the winning tile is the hand's only wait,
    whatever reading scores it."""
    # 1112m waits on 2m (111m + 22m) and 3m (11m + 123m): winning on 3m scores no wait
    r = win(spec("1112m 999s", "3m", chow("4p"), pung("E")))
    assert not {"edge_wait", "closed_wait", "single_wait"} & set(codes(r))
    # 12p beside complete sets and a pair waits on 3p alone: Edge Wait
    assert codes(win(spec("567m 12p 345s 99s", "3p", chow("2m")))).get("edge_wait") == 1
    # 5556m waits on 4m (55m + 456m), 6m (555m + 66m) and 7m (55m + 567m): winning on 7m
    # in the reading 55m + 567m is not a wait pattern
    r = win(spec("5556m 789p", "7m", chow("2s"), pung("E")))
    assert not {"edge_wait", "closed_wait", "single_wait"} & set(codes(r))


def test_wait_named_by_the_reading_mcr_6_2():
    """MCR-6.2 (reference calculator): when the only wait can be read as an edge or closed
    chow and as the pair, the chow names it (edge before closed before single)."""
    # 456s 5s waits on 5s alone, read as 4_6s (closed) or as the pair 55s (single): closed
    r = win(spec("456s 567m 5s", "5s", chow("3m"), pung("5p")))
    assert codes(r).get("closed_wait") == 1 and "single_wait" not in codes(r)


# ---------------------------------------------------------------- API: evaluate, hint, spec


def test_evaluate_on_counts():
    """The game's entry point: counts with the winning tile, declared melds, a situation."""
    melds = (Meld("kong", parse_face("2m"), concealed=True), Meld("kong", parse_face("5p"),
                                                                  source=2))
    ev = evaluate(melds, counts("345s 678s 9m 9m"), parse_face("9m"),
                  Situation(seat_wind=1, prevalent_wind=0, flowers=2))
    assert ev is not None
    assert ev.points == 8 and ev.total == 10 and ev.meets_minimum and ev.flowers == 2
    assert dict(ev.patterns)["concealed_and_melded_kong"] == 1
    assert sum(POINTS[c] * n for c, n in ev.patterns) == ev.total
    assert ev.shape == "standard" and ev.pair == parse_face("9m")
    assert ("kong", parse_face("2m"), True, True) in ev.melds


def test_hint_lists_winning_tiles_and_points():
    """hint: each tile that completes a ready hand with its points (0 under the minimum)."""
    melds = (Meld("chow", parse_face("2m")), Meld("pung", parse_face("6p")),
             Meld("chow", parse_face("5s")))
    # 78m EE: waits 6m and 9m; both a chicken hand on a discard (8 points)
    assert hint(melds, counts("78m EE")) == [(parse_face("6m"), 8), (parse_face("9m"), 8)]
    # self-drawn: Self-Drawn 1 only -> under the minimum -> 0
    assert hint(melds, counts("78m EE"), Situation(self_drawn=True)) == [
        (parse_face("6m"), 0), (parse_face("9m"), 0)]
    # thirteen orphans waiting on all thirteen
    c = counts("19m 19p 19s ESWNCFP")
    assert [f for f, _ in hint((), c)] == [parse_face(t) for t in
                                           tiles("1m 9m 1p 9p 1s 9s ESWNCFP")]
    assert all(p == 88 for _, p in hint((), c))
    # a tile whose four copies the player holds cannot win
    assert parse_face("9s") not in winning_faces((Meld("kong", parse_face("9s"), True),),
                                                 counts("123m 456p 78s 9s"))


def test_spec_output_shape():
    """score_spec: the documented JSON."""
    r = win(spec("345s 678s 9m", "9m", kong("2m", True), {"type": "kong", "tiles": ["5p"] * 4,
                                                          "from": 3}, flowers=1))
    assert set(r) == {"winning", "total", "points_before_flowers", "flowers", "meets_minimum",
                      "shape", "unit", "items", "reading"}
    assert r["unit"] == "points"
    assert r["reading"]["pair"] == "9m"
    assert {"type": "kong", "tiles": ["2m"] * 4, "concealed": True, "declared": True} in \
        r["reading"]["melds"]
    assert {"type": "chow", "tiles": ["3s", "4s", "5s"], "concealed": True,
            "declared": False} in r["reading"]["melds"]
    assert r["items"][-1] == {"code": "flower_tiles", "name": "Flower Tiles", "chinese": "花牌",
                              "value": 1, "count": 1, "op": "+", "total": 1, "cards": [],
                              "factors": [], "notes": []}
    assert win(spec("1133m 5577p 99s EE C", "C"))["reading"] == {
        "shape": "seven_pairs", "pairs": ["1m", "3m", "5p", "7p", "9s", "E", "C"]}


@pytest.mark.parametrize("bad", [
    "not a dict",
    {"concealed": tiles("123m"), "winning_tile": "5m"},  # wrong count
    spec("123m 456m 789p 345s 9s", "0s"),  # unknown tile
    spec("123m 456m 789p 345s 9s", "f1"),  # a flower is not a hand tile
    spec("1111m 456m 789p 34s", "1m"),  # fifth copy
    spec("456m 789p 345s 9s", "9s", {"type": "chow", "tiles": ["1m", "2m", "4m"]}),
    spec("456m 789p 345s 9s", "9s", chow("8m")),  # 8m 9m 1p is no chow
    spec("456m 789p 345s 9s", "9s", chow("2m", **{"from": 2})),  # chow from the opposite
    spec("456m 789p 345s 9s", "9s", {"type": "pung", "tile": "2m", "concealed": True}),
    spec("456m 789p 345s 9s", "9s", {"type": "pung", "tiles": ["2m", "2m", "3m"]}),
    spec("456m 789p 345s 9s", "9s", {"type": "kong", "tile": "2m", "concealed": True,
                                     "from": 1}),
    spec("123m 456m 789p 345s 9s", "9s", seat_wind="X"),
    spec("123m 456m 789p 345s 9s", "9s", self_drawn="yes"),
    spec("123m 456m 789p 345s 9s", "9s", flowers=9),
    spec("123m 456m 789p 345s 9s", "9s", flowers=True),
    spec("123m 456m 789p 345s 9s", "9s", unknown=1),
    spec("123m 456m 789p 345s 9s", "9s", robbing_kong=True, self_drawn=True),
    spec("123m 456m 789p 345s 9s", "9s", kong_replacement=True),  # no kong to replace
    spec("123m 456m 789p 345s 9s", "9s", fourth_tile=True),  # holds another 9s
])
def test_invalid_spec(bad: Any):
    """score_spec raises InvalidSpec for unreadable or impossible input."""
    with pytest.raises(InvalidSpec):
        score_spec(bad)


def test_last_tile_on_a_kong_replacement_mcr_3_5():
    """MCR-3.5: a self-drawn win on the wall's last tile that was a kong replacement scores
    Last Tile Draw and Out with Replacement Tile (neither with Self-Drawn)."""
    r = win(spec("78m EE", "9m", chow("2m"), kong("6p"), chow("5s"), self_drawn=True,
                 last_tile=True, kong_replacement=True))
    assert codes(r) == {"last_tile_draw": 1, "out_with_replacement_tile": 1, "melded_kong": 1}


def test_winning_faces_match_every_shape_mcr_4_1():
    """MCR-4.1: ``winning_faces`` (used by ``hint``) finds exactly the faces that complete a
    ready hand in some shape, on random ready hands of every shape."""
    from engine.mcr.shapes import is_complete

    from .oracle import random_cases

    for case in random_cases(1500, seed=4):
        c13 = list(case.concealed)
        c13[case.win] -= 1
        held = list(c13)
        for m in case.melds:
            faces = (m.face, m.face + 1, m.face + 2) if m.kind == "chow" else (m.face,)
            for f in faces:
                held[f] += 4 if m.kind == "kong" else 3 if m.kind == "pung" else 1
        brute = tuple(f for f in range(34) if held[f] < 4 and is_complete(
            tuple(n + (g == f) for g, n in enumerate(c13)), len(case.melds)))
        assert winning_faces(case.melds, c13) == brute, case.describe()
        assert case.win in brute or held[case.win] >= 4

"""One itemised score for every game (engine/core/items.py): the calculator (``game.score``) and
the settlement (``game.result``) of each game carry ``items`` of one shape, and read top to
bottom the items make the score's total in its unit."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine import get_game
from engine.core.items import running_total
from engine.core.playout import eager_action, random_playout
from engine.nantong.scoring import HOLDINGS

KEYS = {"code", "name", "chinese", "value", "count", "op", "total", "cards", "factors", "notes"}
UNITS = {"mcr": "points", "sichuan": "fan", "paohuzi": "huxi", "nantong": "hu"}


def check_item(it: dict[str, Any], *, factor: bool = False) -> None:
    """The one shape, and its own arithmetic."""
    assert set(it) == KEYS, it
    assert isinstance(it["code"], str) and it["code"] and isinstance(it["name"], str) and it["name"]
    assert isinstance(it["chinese"], str)
    assert all(isinstance(x, str) and x for x in it["cards"] + it["notes"]), it
    assert it["count"] >= 1
    if factor or it["op"] == "×":
        assert it["op"] == "×" and it["factors"] == [] and it["total"] == it["value"] ** it["count"]
        return
    assert it["op"] == "+", it
    for f in it["factors"]:
        check_item(f, factor=True)
    product = 1
    for f in it["factors"]:
        product *= f["total"]
    assert it["total"] == it["value"] * it["count"] * product, it


def check_score(game: str, score: dict[str, Any], total: int) -> None:
    """Every item in shape, and the items add up to ``total``."""
    assert score["unit"] == UNITS[game]
    assert score["items"] or total == 0, score
    for it in score["items"]:
        check_item(it)
    assert running_total(score["items"]) == total


def tiles(s: str) -> list[str]:
    """"123m 5p" -> ["1m", "2m", "3m", "5p"]."""
    out = []
    for group in s.split():
        out += [d + group[-1] for d in group[:-1]] if group[-1] in "mps" else list(group)
    return out


CALCULATOR: list[tuple[str, dict[str, Any]]] = [
    ("mcr", {"concealed": tiles("123m 456m 789m 123p 5p"), "winning_tile": "5p", "flowers": 2}),
    ("mcr", {"melds": [{"type": "pung", "tile": "E"}, {"type": "kong", "tile": "C",
                                                       "concealed": True}],
             "concealed": tiles("11m 999p 55s"), "winning_tile": "1m", "self_drawn": True}),
    ("sichuan", {"concealed": tiles("11m 33m 55m 22p 4p 77p 99p"), "winning_tile": "4p",
                 "missing_suit": "s", "self_draw": True}),
    ("sichuan", {"melds": [{"type": "kong", "tile": "5p"}], "concealed": tiles("111m 123m 789p 9p"),
                 "winning_tile": "9p", "missing_suit": "s"}),
    ("paohuzi", {"groups": [{"type": "ti", "cards": ["d1"] * 4}, {"type": "wei",
                                                                   "cards": ["x9"] * 3}],
                 "concealed": "x1 x2 x3 x5 x5 x5 d4 d5 d6 x8 x8 d10 d10".split(),
                 "winning_card": "d10"}),
    ("nantong", {"indicators": ["B", "8p"], "players": [
        {"concealed": "1m 1m 1m 2s 2s 2s 4p 4p 4p 6m 6m 6m 7s 7s 7s 3p 3p 3p 5m 5m 9p 9p".split(),
         "win": {"how": "discard", "card": "9p", "dealer_first_discard": True}},
        {"concealed": "Q Q Q 1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 5s 6s 7s 8s 9s 1p".split()}]}),
]


def totals(game: str, out: dict[str, Any]) -> Iterator[tuple[dict[str, Any], int]]:
    """Each score in a calculator's or a settlement's JSON, with the total its items make."""
    if game == "nantong":
        for p in out["players"]:
            held = [i for i in p["items"] if i["code"] in HOLDINGS]
            assert sum(i["total"] for i in held) == p["base"]
            yield p, p["total_before_rounding"]
    elif game == "paohuzi":
        win = out.get("win", out)
        if win is not None:
            yield win, win["huxi"]
    else:
        key = "total" if game == "mcr" else "fan"
        for w in out.get("wins", [out]):
            yield w, w[key]


@pytest.mark.parametrize(("game", "spec"), CALCULATOR, ids=[g for g, _ in CALCULATOR])
def test_calculator_items(game: str, spec: dict[str, Any]) -> None:
    out = get_game(game).score(spec)
    assert out.get("winning", True), out
    scored = list(totals(game, out))
    assert scored
    for score, total in scored:
        check_score(game, score, total)


def test_nantong_items_multiply() -> None:
    """NT-6.2, NT-6.6: a holding's ×2s are its factors, the winner's ×2s items of op ×."""
    out = get_game("nantong").score(CALCULATOR[-1][1])
    winner, other = out["players"]
    assert [i["code"] for i in winner["items"] if i["op"] == "×"] == ["piao_hu",
                                                                    "dealer_first_discard"]
    old = next(i for i in other["items"] if i["code"] == "triplet_in_hand")
    assert [(f["code"], f["cards"]) for f in old["factors"]] == [("old_general", []),
                                                                ("indicator", ["B"])]


@pytest.mark.parametrize("game", sorted(UNITS))
def test_settlement_items(game: str) -> None:
    """Deals played to a win: every win's (Nantong: every player's) items in the one shape."""
    g = get_game(game)
    seen = 0
    for seed in range(40):
        final, _ = random_playout(g, seed, random.Random(seed), policy=eager_action)
        result = g.result(final)
        for score, total in totals(game, result):
            check_score(game, score, total)
            seen += 1
        if seen >= 3:
            break
    assert seen >= 3, "no deal of 40 was won"

"""Nantong hints (engine/nantong/hints.py) on hand-made positions: shanten toward seven groups
and a pair, each wait's hu, the warning against a declared-ready opponent, and no leak."""

from __future__ import annotations

import random

from engine.nantong import GAME as G
from engine.nantong.hints import hints
from tests.nantong.position import idle, position

MINE = "Q Q Q Q 1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 5s 6s 7p 8p H H"
READY = "1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p 5p 5p 6p 6p 6p 9s 9s 9s B"


def table(ready: tuple[int, ...] = (1,)):  # type: ignore[no-untyped-def]
    state, _ = position({0: MINE, 1: READY, 2: idle(22, avoid="Q H B 9s 1p 2p 3p 4p")},
                        ready=ready)
    return state


def by_face(h: dict) -> dict[str, dict]:
    return {d["face"]: d for d in h["discards"]}


def test_discards_that_keep_the_hand_ready_with_their_hu() -> None:
    """NT-5.1: after Q the hand waits on 6p and 9p; NT-6: each wait is itemised in hu and
    rounded up to ten (NT-6.7); self-drawn adds its bonus (NT-6.5)."""
    h = hints(G, table(), 0)
    assert h["unit"] == "hu" and h["hand"]["shanten"] == 0
    row = by_face(h)["Q"]
    assert row["ready"] and [w["face"] for w in row["waits"]] == ["6p", "9p"]
    for w in row["waits"]:
        claimed = w["claimed"]
        assert claimed["wins"] and claimed["total"] % 10 == 0 and claimed["total"] > 0
        assert claimed["items"][-1]["op"] == "=" and claimed["items"][-1]["value"] == claimed["total"]
        assert "self_draw" in [i["code"] for i in w["self_drawn"]["items"]]
    assert {w["face"]: w["unseen"] for w in row["waits"]} == {"6p": 4, "9p": 4}  # hidden hands count as unseen
    assert not by_face(h)["1m"]["ready"] and by_face(h)["1m"]["shanten"] == 1


def test_warning_against_a_declared_ready_opponent() -> None:
    """NT-3.6: seat 1 declared ready. Any face some hidden hand of 22 could win on is flagged;
    Q is safe: the seat holds all four, so no hidden hand can pair or pung it."""
    h = hints(G, table(), 0)
    assert h["ready_opponents"] == [{"seat": 1, "why": "declared"}]
    rows = by_face(h)
    assert rows["Q"]["danger"] == []
    assert rows["H"]["danger"] == [1] and rows["1m"]["danger"] == [1]


def test_no_warning_without_a_visible_ready_opponent() -> None:
    h = hints(G, table(ready=()), 0)
    assert h["ready_opponents"] == [] and all(d["danger"] == [] for d in h["discards"])


def test_preparation_waits_for_a_ready_declaration() -> None:
    """NT-3.6: in preparation a non-dealer sees the waits a ready declaration would stand on."""
    others = idle(22, avoid="1p 2p 3p 4p 5p 6p 9s B")
    state, _ = position({0: others, 1: READY, 2: others}, phase="prepare", turn=1)
    hand = hints(G, state, 1)["hand"]
    assert hand["ready"] and [w["face"] for w in hand["waits"]] == ["B"]


def test_no_leak_hints_equal_on_every_determinization() -> None:
    state = table()
    rng = random.Random(5)
    for seat in range(3):
        want = hints(G, state, seat)
        for _ in range(4):
            assert hints(G, G.determinize(state, seat, rng), seat) == want


def test_improving_cards_of_a_discard_that_breaks_a_run() -> None:
    """After 1m the run 2m–9m is two runs and 89m (or 23m and two runs): 1m or 4m or 7m makes
    three, 6p or 9p completes 7p 8p; 3 copies of each m unseen (one in hand), 4 of 6p, 9p."""
    improving = by_face(hints(G, table(), 0))["1m"]["improving"]
    assert {i["face"]: i["unseen"] for i in improving} == {"1m": 3, "4m": 3, "7m": 3,
                                                           "6p": 4, "9p": 4}

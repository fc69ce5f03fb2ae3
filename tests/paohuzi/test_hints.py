"""Paohuzi hints (engine/paohuzi/hints.py) on hand-made positions: the distance to seven
groups, the huxi held and still needed, the discards that keep the hand ready with each wait's
huxi and tun, no discard warning (PH-5.2) (no leak: tests/test_properties.py)."""

from __future__ import annotations

from engine.core.state import evolve
from engine.paohuzi import GAME as G
from engine.paohuzi.cards import counts_of, parse_face
from engine.paohuzi.hints import distance, hints
from tests.paohuzi.position import position

HAND = "x1 x2 x3 d2 d7 d10 x4 x5 x6 x8 x9 d5"
"""1–2–3 small (3 huxi), 2–7–10 big (6), 4–5–6, the x8 x9 pair of a run, and d5 to let go."""


def table(**kw):  # type: ignore[no-untyped-def]
    return position({0: HAND, 1: "x7 x7 d1 d1", 2: "d8 d9"},
                    groups={0: [("wei", "d3 d3 d3")]}, hold={0: 21}, stock_extra=None, **kw)


def by_face(h: dict) -> dict[str, dict]:
    return {d["face"]: d for d in h["discards"]}


def faces(text: str) -> tuple[int, ...]:
    return counts_of(parse_face(f) for f in text.split())


def test_distance_counts_chis_partials_and_the_pair() -> None:
    """PH-5.1: seven groups; with a ti or pao exactly one pair."""
    assert distance(faces("x1 x2 x3 x4 x5 x6 x8 x9"), 4, 0) == 0       # one card short
    assert distance(faces("x1 x2 x3 x4 x5 x6 x8 x9 x10"), 4, 0) == -1  # seven groups
    assert distance(faces("x1 x2 x3 x5 x8"), 5, 0) == 1               # x8 for x4 or x6: ready
    assert distance(faces("x1 x3 d5 d9 x7"), 5, 0) == 2               # one partial, no group
    assert distance(faces("x1 x2 x3 x5 x5"), 5, 1) == -1              # a ti or pao: the pair
    assert distance(faces("x1 x2 x3 x5 x5"), 5, 0) == 0               # no ti: x5 x5 wants a third
    assert distance(faces("x2 d2 x7 x9"), 5, 0) == 1                  # 绞 and 2-7 partials


def test_huxi_held_and_needed() -> None:
    """PH-6.1: the exposed wei of big 3s gives 6 huxi (the padding runs none): 9 more to 15."""
    hand = hints(G, table(), 0)["hand"]
    assert hand["huxi"] == 6 and hand["huxi_needed"] == 9 and hand["shanten"] == 0


def test_discard_that_keeps_the_hand_ready_and_its_waits() -> None:
    """Letting d5 go leaves x8 x9 waiting on x7 or x10: 6 + 3 + 6 = 15 huxi, one tun (PH-6.3),
    whoever reveals it (PH-4.3); every other discard breaks a group."""
    h = hints(G, table(), 0)
    assert h["unit"] == "huxi"
    rows = by_face(h)
    row = rows["d5"]
    assert row["ready"] and row["shanten"] == 0
    assert [w["face"] for w in row["waits"]] == ["x7", "x10"]
    for w in row["waits"]:
        for how in ("claimed", "self_drawn"):
            score = w[how]
            assert score["wins"] and score["total"] == 15 and score["tun"] == 1
            assert sum(i["value"] for i in score["items"]) == 15
    assert {w["face"]: w["unseen"] for w in row["waits"]} == {"x7": 4, "x10": 4}
    assert not rows["x1"]["ready"] and rows["x1"]["shanten"] == 1


def test_a_wait_short_of_fifteen_huxi_does_not_win() -> None:
    """PH-5.1: without the big wei the same shape makes only 9 huxi: ready, but no win."""
    state = position({0: HAND}, groups={0: [("chi", "x4 x5 x6")]}, hold={0: 21},
                     stock_extra=None)
    row = by_face(hints(G, state, 0))["d5"]
    assert row["ready"] and row["shanten"] == 0
    assert [(w["claimed"]["wins"], w["claimed"]["total"], w["claimed"]["tun"])
            for w in row["waits"]] == [(False, 9, 0), (False, 9, 0)]


def test_dead_hand_has_no_waits() -> None:
    """PH-4.8: a dead hand never wins."""
    hand = hints(G, evolve(table(), dead=(True, False, False), turn=1), 0)["hand"]
    assert hand["waits"] == [] and not hand["ready"]


def test_no_discard_is_ever_dangerous() -> None:
    """PH-5.2: nobody wins on a card discarded from a hand."""
    h = hints(G, table(), 0)
    assert h["ready_opponents"] == [] and all(d["danger"] == [] for d in h["discards"])


def test_improving_cards_after_a_discard_that_breaks_2_7_10() -> None:
    """Letting d2 go leaves x8 x9 (x7 or x10 makes a run), d7 d10 (d2 again makes 2–7–10) and
    d5 alone (d6 makes d5 d6 d7, d10 then goes): 4 faces, 4+4+3+4 = 15 cards unseen."""
    improving = by_face(hints(G, table(), 0))["d2"]["improving"]
    assert {i["face"]: i["unseen"] for i in improving} == {"x7": 4, "x10": 4, "d2": 3, "d6": 4}


def test_waits_say_the_payment_under_house_rules() -> None:
    """OPT-0.4 with OPT-PH-5.2 and OPT-PH-2.1: under xing "follow" and a doubled self-draw,
    letting d5 go leaves waits on x7 and x10 for 15 huxi, one tun; the winner's cards then hold
    one of the winning face (its 7 red cards make no 名堂 under full either: F = 1), so another's
    reveal pays 1 + 1 = 2 and its own (a self-draw) (1 + 1) × 2 = 4. The defaults add nothing."""
    options = G.options({"xing": "follow", "self_draw_bonus": "double", "mingtang": "full"})
    row = by_face(hints(G, evolve(table(), options=options), 0))["d5"]
    assert [(w["face"], w["claimed"]["payment"], w["self_drawn"]["payment"])
            for w in row["waits"]] == [("x7", 2, 4), ("x10", 2, 4)]
    assert all("payment" not in w["claimed"] for w in by_face(hints(G, table(), 0))["d5"]["waits"])

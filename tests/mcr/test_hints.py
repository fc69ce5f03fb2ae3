"""MCR hints (engine/mcr/hints.py) on hand-made positions: waits with their points and the
8-point minimum, special shapes counted as ready, the warning against an opponent left with one
tile (no leak: tests/test_properties.py)."""

from __future__ import annotations

from engine.core.state import evolve
from engine.mcr import GAME as G
from engine.mcr.hints import hints
from tests.mcr.position import position

FOUR_CHOWS = [("chow", "2m", 0), ("chow", "3p", 0), ("chow", "5s", 0), ("chow", "6m", 0)]


def by_face(h: dict) -> dict[str, dict]:
    return {d["face"]: d for d in h["discards"]}


def test_waits_below_the_minimum_do_not_win() -> None:
    """MCR-4.2: discarding C leaves a 9m/E double-pung wait worth under 8 points: ready, but
    neither wait wins; every other discard leaves the hand one step away."""
    state, _ = position({0: "1m 1m 1m 5p 6p 7p 1s 2s 3s E E C 9m 9m"}, drawn="9m")
    h = hints(G, state, 0)
    assert h["hand"]["shanten"] == 0 and h["unit"] == "points"
    rows = by_face(h)
    assert rows["C"]["ready"] and [w["face"] for w in rows["C"]["waits"]] == ["9m", "E"]
    assert not any(w["claimed"]["wins"] for w in rows["C"]["waits"])
    assert all(r["shanten"] == 1 and not r["ready"] for f, r in rows.items() if f != "C")


def test_a_wait_scores_its_itemised_points() -> None:
    """MCR-4.3: a pure straight wait scores its patterns; the items add up to the total."""
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 5s 5s C"}, drawn="C")
    rows = by_face(hints(G, state, 0))
    waits = {w["face"]: w for w in rows["C"]["waits"]}
    assert set(waits) == {"1p", "4p"}
    for w in waits.values():
        score = w["claimed"]
        assert score["wins"] and score["total"] >= 16
        assert "pure_straight" in [i["code"] for i in score["items"]]
        assert sum(i["value"] * i["count"] for i in score["items"]) == score["total"]
        assert w["self_drawn"]["total"] > score["total"]  # Self-Drawn adds a point at least


def test_thirteen_orphans_wait_is_ready() -> None:
    """MCR-4.1: the shanten formula does not see thirteen orphans, the waits do: ready."""
    state, _ = position({0: "1m 9m 1p 9p 1s 9s E S W N C F F"}, turn=1)
    hand = hints(G, state, 0)["hand"]
    assert hand["ready"] and hand["shanten"] == 0
    assert [w["face"] for w in hand["waits"]] == ["P"]
    assert hand["waits"][0]["claimed"]["total"] >= 88


def test_warning_only_where_the_single_tile_reaches_eight_points() -> None:
    """Seat 1 shows four chows and holds one tile: won on a discard, Melded Hand (6) and All
    Chows (2) reach 8 with a suited pair, an honour pair stays at 6 (MCR-4.2)."""
    state, _ = position({0: "1m 1m 1m 5p 6p 7p 1s 2s 3s E E C 9m 9m", 1: "C"},
                        melds={1: FOUR_CHOWS}, drawn="9m")
    h = hints(G, state, 0)
    assert h["ready_opponents"] == [{"seat": 1, "why": "single_tile"}]
    rows = by_face(h)
    assert rows["1m"]["danger"] == [1] and rows["6p"]["danger"] == [1]
    assert rows["E"]["danger"] == [] and rows["C"]["danger"] == []


def test_no_warning_for_a_face_with_no_copy_unseen() -> None:
    """The single tile cannot be a face whose four copies the seat sees."""
    state, _ = position({0: "1m 1m 1m 1m 6p 7p 1s 2s 3s E E C 9m 9m", 1: "C"},
                        melds={1: FOUR_CHOWS}, drawn="9m")
    assert by_face(hints(G, state, 0))["1m"]["danger"] == []


def _kong_position(kong: str, hand: str = "9m E S W N C F P 7p 7s 1p 2p 3p 4s"):
    """Seat 1 shows two chows and a pung of characters, a concealed kong of ``kong`` (face
    down to seat 0) and holds 9m. Seat 0 sees a copy of every honour and of 7p and 7s, so of
    the kongs it cannot rule out only one of characters lets a 9m pair reach 8 points (Full
    Flush; an honour kong would make a Half Flush, a 7p or 7s one a Double Pung)."""
    melds = {1: [("chow", "1m", 0), ("chow", "4m", 0), ("pung", "7m", 2), ("ckong", kong, None)]}
    state, _ = position({0: hand, 1: "9m"}, melds=melds, drawn="9m")
    return state


def test_warning_against_a_face_down_kong_does_not_read_its_face() -> None:
    """MCR-3.3, MCR-4.4: seat 0 cannot see seat 1's concealed kong, so its warning is the same
    whether the kong is of 8m (a Full Flush: seat 1 wins on 9m) or of 5p (it would not): the
    kong could be of 8m, the one character face whose four copies seat 0 cannot see. Once
    seat 0 holds an 8m, no character kong is possible and 9m is safe."""
    flush, not_flush = _kong_position("8m"), _kong_position("5p")
    assert by_face(hints(G, flush, 0))["9m"]["danger"] == [1]
    assert by_face(hints(G, not_flush, 0))["9m"]["danger"] == [1]
    assert hints(G, flush, 0) == hints(G, not_flush, 0)
    safe = _kong_position("5p", hand="9m E S W N C F P 7p 7s 1p 2p 3p 8m")
    assert by_face(hints(G, safe, 0))["9m"]["danger"] == []


def _efficiency_position():
    """123m 456p 789s 23s E WW, W just drawn; seat 2 shows a pung of E, seat 2 discarded a
    1s and a 4s, seat 3 holds a 4s (hidden from seat 0: it counts as unseen)."""
    state, _ = position({0: "1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s E W W", 1: "C", 3: "4s"},
                        melds={2: [("pung", "E", 1)]}, drawn="W")
    gone = tuple(max(t for t in state.wall if t >> 2 == f) for f in (18, 21))  # 1s, 4s
    return evolve(state, discards=((), (), gone, ()),
                  wall=tuple(t for t in state.wall if t not in gone))


def test_each_discard_lists_the_tiles_that_bring_it_nearer() -> None:
    """Ukeire checked by hand. After 2s the hand (123m 456p 789s 3s E WW) is one step away,
    and a step nearer with 1s 2s 3s 4s 5s (a partial with 3s), W (a third: four melds) or E (a
    second pair); E has no copy unseen (one in hand, three in seat 2's pung), so it is left
    out: 6 kinds, 3+3+3+3+4+2 = 18 tiles (1s and 4s: one in the discards; 2s and 3s: one in
    hand; W: two in hand). After W: 1s 4s W, 8 tiles. After E: ready on 1s 4s, no list."""
    rows = by_face(hints(G, _efficiency_position(), 0))
    improving = {f: {i["face"]: i["unseen"] for i in r["improving"]} for f, r in rows.items()}
    assert improving["2s"] == {"1s": 3, "2s": 3, "3s": 3, "4s": 3, "5s": 4, "W": 2}
    assert improving["W"] == {"1s": 3, "4s": 3, "W": 2}
    assert improving["1m"] == {"1m": 3, "4m": 4, "1s": 3, "4s": 3}
    assert rows["E"]["ready"] and improving["E"] == {}
    assert {w["face"]: w["unseen"] for w in rows["E"]["waits"]} == {"1s": 3, "4s": 3}
    assert all(r["shanten"] == 1 for f, r in rows.items() if f != "E")


def test_a_self_drawn_win_is_offered() -> None:
    """A complete pure straight (16 points) drawn: the hints say a win is offered."""
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s 5s"}, drawn="5s")
    h = hints(G, state, 0)
    assert h["win_offered"] and h["hand"]["shanten"] == -1
    state, _ = position({0: "1m 1m 1m 5p 6p 7p 1s 2s 3s E E C 9m 9m"}, drawn="9m")
    assert not hints(G, state, 0)["win_offered"]

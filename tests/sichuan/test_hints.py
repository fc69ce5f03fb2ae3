"""Sichuan hints (engine/sichuan/hints.py) on hand-made positions: shanten with the missing
suit dead, the discards that keep the hand ready, each wait's points, the warning against an
opponent left with one tile, and no leak of hidden tiles."""

from __future__ import annotations

import random

from engine.sichuan import GAME as G
from engine.sichuan.hints import hints
from tests.sichuan.position import position

FOUR_PUNGS = [("pung", "1p", 2), ("pung", "2p", 2), ("pung", "3p", 2), ("pung", "4p", 2)]
"""Seat 1's declared melds in the warning positions: one concealed tile is left."""


def by_face(h: dict) -> dict[str, dict]:
    return {d["face"]: d for d in h["discards"]}


def test_missing_suit_is_dead_and_the_only_discard() -> None:
    """SC-3.2: while the hand holds its missing suit, only those tiles may go, and the hand
    counts them as dead (no wait until they are gone); after 5p the hand waits on 9m and 2s."""
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7s 8s 9s 2s 2s 5p 9m 9m"}, missing="pmpm")
    h = hints(G, state, 0)
    assert h["available"] and h["unit"] == "points"
    assert h["hand"]["shanten"] == 0 and not h["hand"]["ready"]
    [only] = h["discards"]
    assert only["face"] == "5p" and only["ready"] and only["shanten"] == 0
    assert [w["face"] for w in only["waits"]] == ["9m", "2s"]
    assert all(w["unseen"] == 2 for w in only["waits"])


def test_shanten_counts_dead_tiles_against_the_full_hand() -> None:
    """Thirteen tiles with two of the missing suit: those two must be exchanged first."""
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7s 8s 9s 2s 2s 5p 6p"}, missing="pmpm", turn=1)
    h = hints(G, state, 0)
    assert h["hand"]["shanten"] == 2 and h["hand"]["waits"] == [] and h["discards"] == []


def test_waits_are_scored_on_a_discard_and_self_drawn() -> None:
    """SC-8, SC-9.1, SC-9.3: a seven-pairs wait is 2 fan, 4 points, and 5 per payer self-drawn."""
    state, _ = position({0: "1m 1m 3m 3m 5m 5m 7m 7m 2s 2s 4s 4s 6s 9s"}, missing="pmpm")
    row = by_face(hints(G, state, 0))["9s"]
    [wait] = row["waits"]
    assert wait["face"] == "6s" and wait["unseen"] == 3
    assert wait["claimed"]["wins"] and wait["claimed"]["total"] == 4
    assert [i["code"] for i in wait["claimed"]["items"]] == ["seven_pairs", "points"]
    assert wait["self_drawn"]["total"] == 5


def test_a_face_held_four_times_is_no_wait() -> None:
    """SC-10.4: 1111m 234p... reads ready on a fifth 1m; the hint leaves that wait out."""
    state, _ = position({0: "1m 1m 1m 1m 2m 3m 4m 5s 6s 7s 8s 8s 8s"}, missing="pmpm", turn=1)
    faces = [w["face"] for w in hints(G, state, 0)["hand"]["waits"]]
    assert "1m" not in faces and faces  # still ready on the others (2m/5m/8s...)


def test_warning_against_an_opponent_with_one_tile() -> None:
    """Seat 1 has four melds and one tile: any face not of its missing suit (m) with a copy
    unseen could complete its pair (SC-7.3: never its missing suit)."""
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7s 8s 9s 2s 2s 9m 9m 9m", 1: "3s"},
                        missing="pmpm", melds={1: FOUR_PUNGS})
    h = hints(G, state, 0)
    assert h["ready_opponents"] == [{"seat": 1, "why": "single_tile"}]
    rows = by_face(h)
    assert rows["7s"]["danger"] == [1] and rows["2s"]["danger"] == [1]
    assert rows["1m"]["danger"] == [] and rows["9m"]["danger"] == []


def test_no_warning_while_missing_suits_are_secret() -> None:
    """SC-3.1: others' missing suits are secret until all have declared."""
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7s 8s 9s 2s 2s 9m 9m 9m", 1: "3s"},
                        missing="p???", melds={1: FOUR_PUNGS})
    assert all(d["danger"] == [] for d in hints(G, state, 0)["discards"])


def test_no_leak_hints_equal_on_every_determinization() -> None:
    """Hints depend only on what the seat sees: re-dealing what it cannot see changes nothing."""
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7s 8s 9s 2s 2s 9m 9m 9m", 1: "3s",
                         2: "1s 1s 2s 5m 5m 6s 6s 7s 8m 8m 9s 9s 4s"},
                        missing="pmpm", melds={1: FOUR_PUNGS})
    rng = random.Random(7)
    for seat in (0, 2):
        want = hints(G, state, seat)
        for _ in range(5):
            assert hints(G, G.determinize(state, seat, rng), seat) == want


def test_over_gives_no_hints() -> None:
    state, _ = position({0: "1m"}, missing="pmpm", phase="over")
    h = hints(G, state, 0)
    assert not h["available"] and h["reason"] == "over" and h["discards"] == []


def test_improving_tiles_between_turns_leave_the_missing_suit_out() -> None:
    """123456m 789s 23s 9m and a dead 5p (missing p), between turns: one step away (the 5p
    must go). By hand: 1s or 4s (a fourth meld), 9m (a pair beside 23s) bring it nearer; a
    pin, or 2s/3s (a pair or a partial it has already), do not. 3 kinds, 4+4+3 = 11 tiles."""
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7s 8s 9s 2s 3s 5p 9m"}, missing="pmpm", turn=1)
    hand = hints(G, state, 0)["hand"]
    assert hand["shanten"] == 1 and not hand["ready"]
    assert hand["improving"] == [{"face": "9m", "unseen": 3}, {"face": "1s", "unseen": 4},
                                 {"face": "4s", "unseen": 4}]

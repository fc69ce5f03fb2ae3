"""Claim windows: who may answer, in which order, and how simultaneous claims are arbitrated."""

from __future__ import annotations

import pytest

from engine.core import PASS, ClaimWindow, IllegalAction, answer, open_window, resolve

RANKS = {"chow": 1, "pung": 2, "kong": 2, "win": 3}


def rank(claim):
    return RANKS[claim if isinstance(claim, str) else claim[0]]


def answer_all(window: ClaimWindow, answers: dict[int, object]) -> ClaimWindow:
    for seat, claim in answers.items():
        window = answer(window, seat, claim)
    return window


# ------------------------------------------------------------------ open_window


def test_open_window_none_when_nobody_has_a_claim():
    assert open_window(0, 17, 4, {}) is None
    assert open_window(0, 17, 4, {1: [], 2: (), 3: []}) is None


def test_open_window_keeps_only_seats_with_a_claim_and_appends_pass():
    w = open_window(1, 17, 4, {0: [], 2: ["pung"], 3: []})
    assert w is not None
    assert w.options == ((2, ("pung", PASS)),)
    assert w.source == 1 and w.card == 17 and w.players == 4
    assert w.kind == "discard"
    assert w.answers == ()


def test_open_window_orders_seats_by_turn_order_from_the_source():
    # Source 2 at a 4-seat table: seat 3 comes first, then 0, then 1 — whatever the dict order.
    w = open_window(2, 5, 4, {1: ["win"], 0: ["pung"], 3: [("chow", 4, 8), "win"]})
    assert [s for s, _ in w.options] == [3, 0, 1]
    assert w.options_of(3) == (("chow", 4, 8), "win", PASS)
    assert w.options_of(0) == ("pung", PASS)
    assert w.options_of(1) == ("win", PASS)
    assert w.options_of(2) == ()  # the source has no option
    assert w.pending == [3, 0, 1]


def test_open_window_three_players_and_kind():
    w = open_window(0, 9, 3, {2: ["win"], 1: ["win"]}, kind="rob_kong")
    assert [s for s, _ in w.options] == [1, 2]
    assert w.kind == "rob_kong"


def test_pass_is_always_last_and_only_once():
    w = open_window(3, 1, 4, {0: ["win", "pung", "kong"]})
    opts = w.options_of(0)
    assert opts[-1] == PASS
    assert opts.count(PASS) == 1
    assert opts[:-1] == ("win", "pung", "kong")


# ------------------------------------------------------------------ answer / pending


def test_answer_records_without_mutating_the_window():
    w = open_window(0, 3, 4, {1: ["pung"], 2: ["win"]})
    w2 = answer(w, 2, "win")
    assert w.answers == ()
    assert w.pending == [1, 2]
    assert w2.answers == ((2, "win"),)
    assert w2.answer_of(2) == "win"
    assert w2.answer_of(1) is None
    assert w2.pending == [1]
    w3 = answer(w2, 1, PASS)
    assert w3.pending == []
    assert w3.answer_of(1) == PASS


def test_answer_refuses_a_seat_without_option():
    w = open_window(0, 3, 4, {1: ["pung"]})
    for seat in (0, 2, 3):
        with pytest.raises(IllegalAction) as e:
            answer(w, seat, PASS)
        assert e.value.code == "action/not_your_turn"


def test_answer_refuses_a_second_answer():
    w = answer(open_window(0, 3, 4, {1: ["pung"], 2: ["win"]}), 1, "pung")
    with pytest.raises(IllegalAction) as e:
        answer(w, 1, PASS)
    assert e.value.code == "action/not_your_turn"
    with pytest.raises(IllegalAction):
        answer(w, 1, "pung")
    # A pass counts as an answer too.
    w = answer(w, 2, PASS)
    with pytest.raises(IllegalAction):
        answer(w, 2, "win")


def test_answer_refuses_an_unknown_claim():
    w = open_window(0, 3, 4, {1: ["pung"], 2: [("chow", 1, 2)]})
    with pytest.raises(IllegalAction) as e:
        answer(w, 1, "win")
    assert e.value.code == "action/illegal"
    with pytest.raises(IllegalAction):
        answer(w, 2, ("chow", 1, 3))
    with pytest.raises(IllegalAction):
        answer(w, 2, "chow")
    # the refused answers left nothing behind
    assert w.answers == ()
    assert answer(w, 2, ("chow", 1, 2)).answer_of(2) == ("chow", 1, 2)


# ------------------------------------------------------------------ resolve


def test_resolve_with_pending_answers_raises():
    w = open_window(0, 3, 4, {1: ["pung"], 2: ["win"]})
    with pytest.raises(ValueError):
        resolve(w, rank)
    w = answer(w, 2, "win")
    with pytest.raises(ValueError):
        resolve(w, rank)


def test_resolve_all_passed_is_empty():
    w = answer_all(open_window(0, 3, 4, {1: ["pung"], 2: ["win"], 3: ["chow"]}),
                   {1: PASS, 2: PASS, 3: PASS})
    assert resolve(w, rank) == []
    assert resolve(w, rank, several=lambda r: True) == []


def test_resolve_highest_rank_wins_regardless_of_seat_order():
    # Seat 1 (nearest) claims pung, seat 3 (farthest) claims win: the win takes it.
    w = answer_all(open_window(0, 3, 4, {1: ["pung"], 2: [("chow", 2, 4)], 3: ["win"]}),
                   {3: "win", 2: ("chow", 2, 4), 1: "pung"})
    assert resolve(w, rank) == [(3, "win")]


def test_resolve_pung_beats_chow():
    w = answer_all(open_window(0, 3, 4, {1: [("chow", 2, 4)], 2: ["pung"]}),
                   {1: ("chow", 2, 4), 2: "pung"})
    assert resolve(w, rank) == [(2, "pung")]


@pytest.mark.parametrize("source", [0, 1, 2, 3])
def test_resolve_tie_goes_to_the_nearest_seat_after_the_source(source):
    others = [(source + k) % 4 for k in (1, 2, 3)]
    # Answer in reverse turn order so the answer order cannot be what decides.
    w = open_window(source, 3, 4, {s: ["win"] for s in others})
    for s in reversed(others):
        w = answer(w, s, "win")
    assert resolve(w, rank) == [(others[0], "win")]
    # Nearest claimant passes: the next one takes it.
    w = open_window(source, 3, 4, {s: ["win"] for s in others})
    w = answer_all(w, {others[0]: PASS, others[2]: "win", others[1]: "win"})
    assert resolve(w, rank) == [(others[1], "win")]


def test_resolve_several_lets_every_claim_of_the_top_rank_through_in_turn_order():
    several = lambda r: r == RANKS["win"]
    w = open_window(2, 3, 4, {0: ["win"], 1: ["win"], 3: ["win", "pung"]})
    w = answer_all(w, {1: "win", 0: "win", 3: "win"})
    assert resolve(w, rank, several) == [(3, "win"), (0, "win"), (1, "win")]
    # Only the top rank goes through, not the lower claims.
    w = open_window(2, 3, 4, {0: ["win"], 1: ["win"], 3: ["win", "pung"]})
    w = answer_all(w, {1: "win", 0: PASS, 3: "pung"})
    assert resolve(w, rank, several) == [(1, "win")]
    # A rank that does not admit several winners still gives one, even with `several` given.
    w = open_window(2, 3, 4, {0: ["pung"], 3: ["pung"]})
    w = answer_all(w, {0: "pung", 3: "pung"})
    assert resolve(w, rank, several) == [(3, "pung")]


def test_resolve_several_receives_the_rank():
    seen = []

    def several(r):
        seen.append(r)
        return True

    w = answer_all(open_window(0, 3, 4, {1: ["pung"], 2: ["kong"]}), {1: "pung", 2: "kong"})
    assert resolve(w, rank, several) == [(1, "pung"), (2, "kong")]
    assert seen == [2]

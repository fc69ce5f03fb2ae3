"""The shared hint loop (engine/core/hints.py): which discards it measures, and how a hand's
readiness follows its waits."""

from __future__ import annotations

from engine.core.hints import (
    Hinter,
    discard_faces,
    discard_hints,
    offers_win,
    score_json,
    unseen_counts,
)


def hinter(waits: dict[tuple[int, ...], list[int]], distance: int = 1,
           held: tuple[int, ...] = (0, 0, 0)) -> Hinter:
    return Hinter(names=("a", "b", "c"), distance=lambda c: distance,
                  waits=lambda c: waits.get(c, []),
                  score=lambda c, f, own: score_json(True, 10 + own, []),
                  unseen=(4, 3, 0), held=held)


def test_discard_faces_groups_legal_discards_by_face() -> None:
    legal = [{"type": "discard", "card": 9}, {"type": "pass"}, {"type": "discard", "card": 1},
             {"type": "discard", "card": 8}]
    assert discard_faces(legal) == {0: [1], 2: [9, 8]}


def test_unseen_counts_skip_faces_outside_the_hand_faces() -> None:
    assert unseen_counts([0, 1, 5, 40], lambda c: c >> 2, 3) == (2, 1, 0)


def test_a_hand_is_ready_exactly_when_it_has_a_wait() -> None:
    """The distance says 1, but a wait makes it ready (MCR's special shapes); no wait and a
    distance of 0 (a fifth copy) is not ready."""
    h = hinter({(1, 1, 1): [2]})
    assert h.measure((1, 1, 1), True)[0] == 0
    h = hinter({}, distance=0)
    assert h.measure((1, 1, 1), True) == (1, [])


def test_a_face_held_four_times_is_no_wait_and_complete_hands_have_none() -> None:
    h = hinter({(1, 1, 1): [0, 1]}, held=(4, 1, 0))
    assert [w["face"] for w in h.waits((1, 1, 1))] == ["b"]
    assert hinter({(1, 1, 1): [0]}, distance=-1).measure((1, 1, 1), True) == (-1, [])


def test_discard_rows_carry_waits_scores_and_danger() -> None:
    h = hinter({(0, 1, 1): [0]})
    body = discard_hints(h, (1, 1, 1), waiting=False, discards={0: [3]},
                         danger=lambda f: [2] if f == 0 else [])
    [row] = body["discards"]
    assert row["face"] == "a" and row["cards"] == [3] and row["ready"] and row["danger"] == [2]
    [wait] = row["waits"]
    assert wait["unseen"] == 4 and wait["claimed"]["total"] == 10 and wait["self_drawn"]["total"] == 11


def test_improving_faces_bring_the_hand_a_step_nearer_and_have_a_copy_unseen() -> None:
    """Ukeire: a face is listed when the hand with its card is nearer (the distance of the
    longer hand), with its unseen copies; a face with none unseen is left out (no draw brings
    it). Ready rows have waits instead, so no improving faces."""
    def distance(c: tuple[int, ...]) -> int:
        return 2 - c[0] - c[2]  # a card of a or of c helps; b never

    h = Hinter(names=("a", "b", "c"), distance=distance, waits=lambda c: [],
               score=lambda c, f, own: None, unseen=(3, 4, 0), held=(1, 0, 0))
    assert h.improving((0, 1, 0), 2) == [{"face": "a", "unseen": 3}]
    body = discard_hints(h, (0, 2, 0), waiting=False, discards={1: [4, 5]},
                         danger=lambda f: [], win_offered=True)
    [row] = body["discards"]
    assert row["shanten"] == 2 and row["improving"] == [{"face": "a", "unseen": 3}]
    assert body["win_offered"] and body["hand"]["improving"] == []


def test_a_win_is_offered_when_a_legal_action_is_a_win() -> None:
    assert offers_win([{"type": "discard", "card": 3}, {"type": "win"}])
    assert not offers_win([{"type": "pass"}])

"""Strong's early stopping (``Settings.early_stop``) on a made-up one-decision game whose
candidates' values are known: a decision with one clearly best candidate stops once that is
clear, so does one where the challenger can no longer overtake the prior's choice, a close one
with a real edge plays its whole budget, and a fixed number of rollouts stays reproducible.

The game: the seat picks one of the candidates (``pick``), each worth a fixed score, then a
coin flip drawn from the playout's random stream adds noise, the same for every candidate on
one deal (common random numbers).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from ai.search import Settings, StrongPolicy


@dataclass(frozen=True)
class _State:
    worth: int | None = None
    """The picked candidate's score; None before the pick."""
    coin: int | None = None
    events: tuple[Any, ...] = ()


class _Game:
    """Just what the search asks of a game, for one decision of seat 0."""

    def __init__(self, worth: dict[int, int], spread: int) -> None:
        self.worth = worth
        self.spread = spread

    def to_act(self, state: _State) -> list[int]:
        return [0] if state.worth is None or state.coin is None else []

    def legal_actions(self, state: _State, seat: int) -> list[dict]:
        if state.worth is None:
            return [{"type": "pick", "n": n} for n in self.worth]
        return [{"type": "coin", "n": k} for k in range(2)]

    def apply(self, state: _State, seat: int, action: dict) -> _State:
        if action["type"] == "pick":
            return _State(worth=self.worth[action["n"]])
        return _State(worth=state.worth, coin=action["n"])

    def view(self, state: _State, seat: int) -> dict:
        return {"seat": seat}

    def result(self, state: _State) -> dict:
        assert state.worth is not None and state.coin is not None
        x = state.worth + self.spread * (2 * state.coin - 1)
        return {"deltas": [x, -x]}

    def sample(self, view: dict, rng: random.Random) -> _State:
        return _State()

    def determinize(self, state: _State, seat: int, rng: random.Random) -> _State:
        return state


def _basic(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """Picks in the listed order; flips the coin from the playout's stream."""
    if legal[0]["type"] == "coin":
        return rng.choice(legal)
    return legal[0]


def _policy(worth: dict[int, int], spread: int, prior: int, **settings: Any) -> StrongPolicy:
    def chooses(view: dict, legal: list[dict], rng: random.Random) -> dict:
        """Picks ``prior``; plays the rest (the coin) as basic does."""
        if legal[0]["type"] == "coin":
            return _basic(view, legal, rng)
        return next(a for a in legal if a["n"] == prior)

    pol = StrongPolicy("sichuan", _basic, None, Settings(**settings), prior=chooses)
    pol.game = _Game(worth, spread)
    return pol


def _legal(worth: dict[int, int]) -> list[dict]:
    return [{"type": "pick", "n": n} for n in worth]


class _Swinging(_Game):
    """Candidate 1 scores ``swing`` above its worth on one deal, ``swing`` below on the next,
    and so on, where candidate 0 scores its worth every time."""

    def __init__(self, worth: dict[int, int], swing: int) -> None:
        super().__init__(worth, 0)
        self.swing = swing
        self.played = 0

    def apply(self, state: _State, seat: int, action: dict) -> _State:
        if action["type"] == "pick" and action["n"] == 1:
            self.played += 1
            sign = 1 if self.played % 2 else -1
            return _State(worth=self.worth[1] + sign * self.swing)
        return super().apply(state, seat, action)


def test_an_obviously_best_prior_choice_stops_early() -> None:
    """The prior's choice is worth 10 more than either other: both are dropped as soon as the
    first share of the playouts shows it, and the search stops with the prior's choice."""
    worth = {0: 0, 1: 0, 2: 10}
    pol = _policy(worth, 3, prior=2, rollouts=30)
    found = pol.search({"seat": 0}, _legal(worth), random.Random(1))
    assert found.settled and found.candidates[found.chosen]["n"] == 2
    assert len(found.values[0]) == 10  # the first third, then settled
    full = _policy(worth, 3, prior=2, rollouts=30, early_stop=False)
    unstopped = full.search({"seat": 0}, _legal(worth), random.Random(1))
    assert not unstopped.settled and len(unstopped.values[0]) == 30
    assert unstopped.chosen == found.chosen


def test_a_clearly_better_challenger_stops_early_and_replaces_the_prior() -> None:
    worth = {0: 0, 1: 8}
    pol = _policy(worth, 3, prior=0, rollouts=30, min_pairs=6)
    found = pol.search({"seat": 0}, _legal(worth), random.Random(2))
    assert found.settled and found.candidates[found.chosen]["n"] == 1
    assert len(found.values[0]) == 10


def test_a_close_challenger_with_a_real_edge_plays_the_whole_budget() -> None:
    """A challenger 7 points better on one deal, 3 worse on the next (2 better on average,
    spread 5): never 3 standard errors ahead along the way, never out of reach of 2, so every
    rollout is played, and at the end it is 2 standard errors ahead and replaces the prior's
    choice."""
    worth = {0: 0, 1: 2}
    pol = _policy(worth, 0, prior=0, rollouts=30)
    pol.game = _Swinging(worth, 5)
    found = pol.search({"seat": 0}, _legal(worth), random.Random(3))
    assert not found.settled and found.chosen == 1
    assert len(found.values[0]) == len(found.values[1]) == 30


def test_a_challenger_level_with_the_prior_stops_before_the_end() -> None:
    """As good on average (5 better, 5 worse in turn): it cannot end 2 standard errors ahead,
    so the search stops once that is clear, well before its 30 rollouts, on the prior's
    choice; without early stopping it plays them all, and keeps the prior's choice too."""
    worth = {0: 0, 1: 0}
    pol = _policy(worth, 0, prior=0, rollouts=30)
    pol.game = _Swinging(worth, 5)
    found = pol.search({"seat": 0}, _legal(worth), random.Random(3))
    assert found.settled and found.chosen == 0 and 10 <= len(found.values[0]) < 30
    full = _policy(worth, 0, prior=0, rollouts=30, early_stop=False)
    full.game = _Swinging(worth, 5)
    everything = full.search({"seat": 0}, _legal(worth), random.Random(3))
    assert not everything.settled and everything.chosen == 0 and len(everything.values[0]) == 30


def test_equal_results_everywhere_settle_on_the_prior() -> None:
    """Two candidates that always score alike (the choice does not matter): no reason to go on."""
    worth = {0: 4, 1: 4}
    found = _policy(worth, 2, prior=0, rollouts=24).search({"seat": 0}, _legal(worth),
                                                           random.Random(4))
    assert found.settled and found.chosen == 0 and len(found.values[0]) == 8


@pytest.mark.parametrize("seed", [5, 6])
def test_fixed_rollouts_with_early_stopping_are_reproducible(seed: int) -> None:
    worth = {0: 0, 1: 1, 2: 2}
    a, b = (_policy(worth, 4, prior=0, rollouts=20).search({"seat": 0}, _legal(worth),
                                                          random.Random(seed))
            for _ in range(2))
    assert (a.values, a.chosen, a.settled) == (b.values, b.chosen, b.settled)


def test_timed_search_stops_early_on_an_obvious_decision() -> None:
    """With a time budget too: an obvious decision ends long before its second."""
    worth = {0: 0, 1: 0, 2: 10}
    pol = _policy(worth, 3, prior=2, budget_ms=1000)
    found = pol.search({"seat": 0}, _legal(worth), random.Random(7))
    assert found.settled and found.candidates[found.chosen]["n"] == 2


def test_a_step_cap_ends_the_search_within_it() -> None:
    """``max_steps``: each playout here is one step (the coin), so three candidates take 3 steps
    an iteration and 24 steps hold 8 iterations, short of the 30 rollouts; with 40, the first
    third (10 iterations, 30 steps) and then 5 of the two-candidate duel. Every result stays
    paired, and the same seed gives the same search."""
    worth = {0: 0, 1: 0, 2: 0}
    capped = _policy(worth, 3, prior=0, rollouts=30, max_steps=24, early_stop=False)
    found = capped.search({"seat": 0}, _legal(worth), random.Random(8))
    assert [len(v) for v in found.values] == [8, 8, 8] and not found.settled
    again = capped.search({"seat": 0}, _legal(worth), random.Random(8))
    assert (again.values, again.chosen) == (found.values, found.chosen)
    wider = _policy(worth, 3, prior=0, rollouts=30, max_steps=40, early_stop=False)
    duel = wider.search({"seat": 0}, _legal(worth), random.Random(8))
    assert sorted(len(v) for v in duel.values) == [10, 15, 15] and len(duel.values[0]) == 15


def test_a_step_cap_counts_in_early_stopping() -> None:
    """The challenger 2 points better on average (7 better, 3 worse in turn) that 30 rollouts
    prove (``test_a_close_challenger_with_a_real_edge_plays_the_whole_budget``) cannot end 2
    standard errors ahead within 20 paired results: under a cap of 40 steps (20 iterations of
    two one-step playouts) early stopping drops it as soon as that is clear, before the cap."""
    worth = {0: 0, 1: 2}
    pol = _policy(worth, 0, prior=0, rollouts=30, max_steps=40)
    pol.game = _Swinging(worth, 5)
    found = pol.search({"seat": 0}, _legal(worth), random.Random(3))
    assert found.settled and found.chosen == 0 and 10 <= len(found.values[0]) < 20

"""Sichuan ``basic``'s fast shanten look-ups (``shanten_each``, ``ukeire``) give exactly what the
engine's shanten gives, so the speedup changed no decision: checked value by value on the hands
of seeded deals, and decision by decision against ``basic`` running on the engine's shanten."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from ai.policies import POLICIES
from ai.policies import sichuan_basic as ai
from engine import get_game
from engine.mahjong import counts_of_ids

G = get_game("sichuan")
SEEDS = range(40, 52)


def _reference_each(c: ai.Counts, concealed: bool, faces: list[int], delta: int
                    ) -> dict[int, int]:
    """What ``basic`` computed before the speedup: one whole-hand shanten per face."""
    return {f: ai.shanten(ai._add(c, f, delta), concealed) for f in faces}


def _played(seed: int) -> Iterator[tuple[Any, int, list[dict], dict]]:
    """Every decision of the deal ``seed`` played by ``basic`` at every seat."""
    state = G.new_deal(seed)
    rng = random.Random(seed)
    while seats := G.to_act(state):
        seat = seats[0]
        legal = G.legal_actions(state, seat)
        view = G.view(state, seat)
        action = POLICIES["sichuan"]["basic"](view, legal, rng)
        yield state, seat, legal, action
        state = G.apply(state, seat, action)


def _hands() -> Iterator[tuple[ai.Counts, int | None]]:
    """Every hand (counts of the 27 faces, missing suit) that the seeded deals' seats held."""
    for seed in SEEDS:
        for state, seat, _, _ in _played(seed):
            yield counts_of_ids(state.hands[seat])[:27], state.missing[seat]


def test_shanten_each_equals_the_engine_for_every_added_or_removed_tile() -> None:
    checked = 0
    for c, _ in _hands():
        for concealed in (True, False):
            added = [f for f in range(27) if c[f] < 4]
            held = [f for f in range(27) if c[f]]
            assert ai.shanten_each(c, concealed, added, 1) == _reference_each(
                c, concealed, added, 1)
            assert ai.shanten_each(c, concealed, held, -1) == _reference_each(
                c, concealed, held, -1)
            checked += 1
    assert checked > 1000


def test_ukeire_counts_every_face_that_lowers_shanten() -> None:
    """``_near`` leaves out only faces that cannot help: a brute force over every face agrees."""
    rng = random.Random(3)
    for c, missing in _hands():
        if sum(c) % 3 != 1:
            continue
        unseen = tuple(rng.randint(0, 4 - min(4, n)) for n in c)
        for concealed in (True, False):
            base = ai.shanten(c, concealed)
            brute = sum(unseen[f] for f in range(27) if f // 9 != missing and unseen[f]
                        and ai.shanten(ai._add(c, f), concealed) < base)
            assert ai.ukeire(c, concealed, missing, unseen) == brute


@pytest.mark.parametrize("seed", SEEDS)
def test_basic_decides_as_with_the_engine_shanten(seed: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """At every decision of the seeded deal, ``basic`` with the fast look-ups answers what it
    answers with the whole-hand shanten of every face (its code before the speedup)."""
    for state, seat, legal, action in _played(seed):
        with monkeypatch.context() as m:
            m.setattr(ai, "shanten_each", _reference_each)
            slow = ai.basic(G.view(state, seat), legal, random.Random(0))
        assert slow == action, (seed, seat)

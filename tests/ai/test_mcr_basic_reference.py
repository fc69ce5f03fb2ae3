"""MCR ``basic`` reads shanten and ukeire by parts of the hand (``ai/policies/mcr_basic.py``), for
speed: it must decide exactly as the straightforward scorer kept here, which asks the engine's
shanten of every hand and scores every wait afresh."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai.policies import mcr_basic
from engine import get_game
from engine.mahjong import NUM_FACES
from engine.mahjong import shanten as engine_shanten
from engine.mcr import scoring

G = get_game("mcr")
Counts = tuple[int, ...]


# ---------------------------------------------------------------- the reference scorer

def reference_near(c: Counts) -> list[int]:
    """Faces a drawn tile could lower shanten with: held, or within two ranks in a suit."""
    out = []
    for f in range(NUM_FACES):
        if c[f]:
            out.append(f)
        elif f < 27:
            r = f % 9
            if any(c[g] for g in range(f - min(r, 2), f + min(8 - r, 2) + 1)):
                out.append(f)
    return out


def plus(c: Counts, f: int, n: int) -> Counts:
    return c[:f] + (c[f] + n,) + c[f + 1:]


def reference_ukeire(c: Counts, concealed: bool, unseen: Counts) -> int:
    base = engine_shanten(c, seven_pairs=concealed)
    return sum(unseen[f] for f in reference_near(c)
               if unseen[f] and engine_shanten(plus(c, f, 1), seven_pairs=concealed) < base)


def reference_waits(melds: tuple[scoring.Meld, ...], c: Counts, seat_wind: int,
                    prevailing: int, minimum: int = scoring.MIN_POINTS) -> tuple[int, ...]:
    situation = scoring.Situation(seat_wind=seat_wind, prevalent_wind=prevailing)
    return tuple(f for f, pts in scoring.hint(melds, c, situation, minimum) if pts)


def reference_discard(me: Any, discards: list[dict[str, Any]]) -> dict[str, Any]:
    """The discard of least (shanten, -wait value, -ukeire, suit size, not honour/terminal,
    face) among those leaving the lowest shanten, every key worked out for every face."""
    by_face: dict[int, dict[str, Any]] = {}
    for a in discards:
        by_face.setdefault(me.face_of_id[a["card"]], a)

    def key(f: int) -> tuple[int, ...]:
        after = plus(me.counts, f, -1)
        sh = engine_shanten(after, seven_pairs=me.concealed)
        value = sum(me.unseen[w] for w in reference_waits(
            me.melds, after, me.seat_wind, me.prevailing, me.minimum)) if sh == 0 else 0
        suit_size = sum(me.counts[9 * (f // 9):9 * (f // 9) + 9]) if f < 27 else 99
        honour_or_terminal = f >= 27 or f % 9 in (0, 8)
        return (sh, -value, -reference_ukeire(after, me.concealed, me.unseen), suit_size,
                0 if honour_or_terminal else 1, f)

    low = min(key(f)[0] for f in by_face)
    return by_face[min((f for f in by_face if key(f)[0] == low), key=key)]


# ---------------------------------------------------------------- tests

def random_hands(seed: int, n: int) -> list[tuple[Counts, bool, Counts]]:
    """Hands of 14, 11, 8, 5 or 2 tiles (some drawn with many copies of a face, toward seven
    pairs and pungs), concealed or not, with an unseen count per face."""
    rng = random.Random(seed)
    out: list[tuple[Counts, bool, Counts]] = []
    while len(out) < n:
        size = rng.choice([14, 14, 14, 11, 8, 5, 2])
        faces = rng.sample(range(NUM_FACES), rng.choice([4, 7, 12, NUM_FACES]))
        c = [0] * NUM_FACES
        for _ in range(size):
            c[rng.choice(faces)] += 1
        if max(c) > 4:
            continue
        unseen = tuple(rng.randint(0, 4 - n) for n in c)
        out.append((tuple(c), rng.random() < 0.7, unseen))
    return out


def test_part_readings_give_the_engine_shanten_and_the_reference_ukeire() -> None:
    for c, concealed, unseen in random_hands(1, 800):
        hand = mcr_basic._Hand.of(c, concealed)
        assert hand.shanten() == engine_shanten(c, seven_pairs=concealed), c
        for f in range(NUM_FACES):
            if c[f]:
                after = plus(c, f, -1)
                expected = engine_shanten(after, seven_pairs=concealed)
                assert hand.shanten_without(f) == expected, (c, f)
                assert hand.without(f).shanten() == expected, (c, f)
                assert hand.without(f).ukeire(unseen) == reference_ukeire(
                    after, concealed, unseen), (c, f, concealed)


def basic_decisions(deals: int) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """(view, legal) of every decision with a choice in deals played by basic at every seat."""
    out: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for seed in range(deals):
        state = G.new_deal(1000 + seed)
        rng = random.Random(seed)
        while seats := G.to_act(state):
            seat = seats[0]
            legal = G.legal_actions(state, seat)
            view = G.view(state, seat)
            if len(legal) > 1:
                out.append((view, legal))
            state = G.apply(state, seat, mcr_basic.basic(view, legal, rng))
    return out


def test_basic_decides_as_the_reference_scorer_on_basic_played_deals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision of 8 deals (turns and claims, ready or not, concealed or open): the
    fast scorer's action is the reference's."""
    decisions = basic_decisions(8)
    fast = [mcr_basic.basic(view, legal, random.Random(0)) for view, legal in decisions]
    monkeypatch.setattr(mcr_basic, "_best_discard", reference_discard)
    monkeypatch.setattr(mcr_basic, "_scoring_waits", reference_waits)
    slow = [mcr_basic.basic(view, legal, random.Random(0)) for view, legal in decisions]
    assert len(decisions) > 500
    assert sum(a["type"] == "discard" for a in slow) > 300
    assert fast == slow

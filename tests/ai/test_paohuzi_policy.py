"""The Paohuzi ``basic`` policy (rule ids ``PH-`` from ``shared/rules/paohuzi.md``): always
legal over whole deals, hand-made decisions taken from real views, and stronger than random.

Every decision is taken from what the engine hands a seat — ``game.view(state, seat)`` and
``game.legal_actions(state, seat)`` — exactly as the AI service does.
"""

from __future__ import annotations

import random

import pytest

from ai.arena import run
from ai.policies import POLICIES, choose
from ai.policies import paohuzi_basic as ai
from engine.paohuzi import GAME as G
from engine.paohuzi import parse_face
from tests.ai.deals import play_deal
from tests.paohuzi.position import act, card_of, discard, faces, kinds, position, reveal

W = "x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x4 x6 x7 x8 x9 d4 d5 d6"
"""Twenty cards waiting on x5 (x4 x5 x6) with 18 huxi (as in tests/paohuzi/test_rules.py)."""


def decide(state, seat: int) -> dict:
    """The basic policy's answer for ``seat``, checked against the legal list by ``choose``."""
    return choose("paohuzi", "basic", G.view(state, seat), G.legal_actions(state, seat),
                  random.Random(0))


def counts(text: str) -> tuple[int, ...]:
    c = [0] * 20
    for f in text.split():
        c[parse_face(f)] += 1
    return tuple(c)


# ---------------------------------------------------------------- registry, worth

def test_registered_as_basic():
    assert set(POLICIES["paohuzi"]) == {"random", "basic", "strong"}
    assert POLICIES["paohuzi"]["basic"] is ai.basic


def test_worth_prefers_complete_and_huxi_groups():
    """PH-6.2: a 1-2-3 or 2-7-10 beats a zero-huxi run, big beats small; a complete chi beats
    a partial, a partial beats two singles."""
    assert ai.worth(counts("x1 x2 x3")) > ai.worth(counts("x4 x5 x6")) > ai.worth(counts("x4 x5"))
    assert ai.worth(counts("d2 d7 d10")) > ai.worth(counts("x2 x7 x10")) > ai.worth(counts("x3 x4 x5"))
    assert ai.worth(counts("x4 x5")) > ai.worth(counts("x4 x9")) == 0
    assert ai.worth(counts("x3 x3 d3")) == ai.worth(counts("x4 x5 x6"))  # 绞, PH-4.5
    assert ai.worth(counts("")) == 0


def reference_worth(c: tuple[int, ...]) -> float:
    """``worth`` as written plainly: counts by search position in a list, the lowest card a
    single or the start of any block it fits (``ai.BLOCKS``), no packing, no memo."""
    pos = [min(c[f], 3) for f in ai.FACE_AT]

    def best(p: list[int]) -> float:
        i = next((k for k, n in enumerate(p) if n), None)
        if i is None:
            return 0.0
        p[i] -= 1
        out = ai.SINGLE[i] + best(p)
        p[i] += 1
        for block, value in ai.BLOCKS[i]:
            need = [block.count(k) for k in range(len(p))]
            if all(p[k] >= n for k, n in enumerate(need)):
                rest = [a - b for a, b in zip(p, need, strict=True)]
                out = max(out, value + best(rest))
        return out

    return best(pos)


def test_worth_is_the_plain_best_split_whatever_the_memo_holds(monkeypatch):
    """The packed search (three bits a position, one subtraction testing every count a block
    needs) gives the plain search's value on random hands of up to three copies a face, and
    the same again once its memo has been forgotten many times over (a bound of 64 hands)."""
    rng = random.Random(29)
    hands = []
    for _ in range(150):
        c = [0] * 20
        for f in rng.sample([f for f in range(20) for _ in range(3)], rng.randint(1, 16)):
            c[f] += 1
        hands.append(tuple(c))
    want = [reference_worth(c) for c in hands]
    assert [ai.worth(c) for c in hands] == pytest.approx(want)
    monkeypatch.setattr(ai, "MEMO_MAX", 64)
    ai._memo.clear()
    assert [ai.worth(c) for c in hands] == pytest.approx(want)
    assert len(ai._memo) <= 64 and ai._worth(0) == 0.0


def test_isolated():
    c = counts("x1 x5 x5 x8 d2 d10 d4")
    assert ai.isolated(c, parse_face("x1"))
    assert not ai.isolated(c, parse_face("x5"))  # a pair
    assert not ai.isolated(c, parse_face("d2"))  # 2-7-10 with d10
    assert not ai.isolated(c, parse_face("d4"))  # d2 within two values
    assert not ai.isolated(counts("x4 d4"), parse_face("x4"))  # one value, both sizes


# ---------------------------------------------------------------- whole deals

def test_whole_deals_only_legal_actions():
    """~30 deals, the basic bot in every seat in turn against random: every answer is legal
    (``play_deal`` asserts it) and the deals end (decision times are the arena's to report)."""
    ends = set()
    for d in range(30):
        levels = ["random", "random", "random"]
        levels[d % 3] = "basic"
        state = play_deal("paohuzi", 9000 + d, levels)[0]
        assert state.phase == "over"
        ends.add("win" if state.win is not None else "draw")
    assert ends == {"win", "draw"}


def test_deterministic():
    a = play_deal("paohuzi", 77, ["basic", "basic", "basic"])[0]
    b = play_deal("paohuzi", 77, ["basic", "basic", "basic"])[0]
    assert a == b


# ---------------------------------------------------------------- hand-made decisions

def test_wins_when_offered():
    """PH-5.2: a win on a revealed card is always taken."""
    state = position({1: "x5 x5 d10 d10 x3", 2: W}, hold={1: 20}, stock="x5")
    after = reveal(state, 0)
    assert {"type": "win"} in G.legal_actions(after, 2)
    assert decide(after, 2) == {"type": "win"}


def test_takes_a_pao_on_a_discard():
    """PH-4.4: a kan claims another player's fourth card as a pao (6 huxi for 3)."""
    state = position({0: "x5 x9 d9", 2: "x5 x5 x5 d8 d10 x1 x2 d1"}, hold={0: 21, 2: 20})
    after = discard(state, 0, "x5")
    assert {"type": "pao"} in G.legal_actions(after, 2)
    assert decide(after, 2) == {"type": "pao"}
    after = act(after, 2, type="pao")
    assert kinds(after, 2)[-1] == ("pao", "x5 x5 x5 x5")


def test_discards_an_isolated_small_card_over_a_pair():
    """The lone x1 (no pair, no neighbour, no 2-7-10 or other-size partner) goes, not a card of
    the d8 pair nor one of the complete or partial groups; never a kan card (PH-2.3)."""
    state = position({0: "x1 d8 d8 x4 x5 x6 d3 d4 x9 x9 x9 d10"}, hold={0: 21})
    legal = G.legal_actions(state, 0)
    assert all(a["card"] >> 2 != parse_face("x9") for a in legal if a["type"] == "discard")
    action = decide(state, 0)
    assert action["type"] == "discard" and faces([action["card"]]) == "x1"


def test_discards_small_before_big_when_both_isolated():
    state = position({0: "x1 d5 d8 d8 x4 x5 x6 x8 x8"}, hold={0: 21})
    assert faces([decide(state, 0)["card"]]) == "x1"


def test_pengs_a_pair_and_then_discards():
    """PH-4.4: a big pair takes a discarded third copy (peng, 3 huxi); a discard follows."""
    state = position({0: "d7 x9 d9", 2: "d7 d7 x1 x4 x5 x6 d3 d4"}, hold={0: 21, 2: 20})
    after = discard(state, 0, "d7")
    assert {"type": "peng"} in G.legal_actions(after, 2)
    assert decide(after, 2) == {"type": "peng"}
    after = act(after, 2, type="peng")
    assert after.phase == "play" and faces([decide(after, 2)["card"]]) == "x1"


def test_chis_a_huxi_group_but_not_a_reshuffle():
    """PH-4.5, PH-6.2: the next player chis a discarded x2 into the 1-2-3 (3 huxi) that x1 x3
    wait for; it does not chi x7 when that only swaps one zero-huxi run for another (x5 x6 x7
    for the x4 x5 x6 it holds, leaving x4 alone)."""
    state = position({0: "x2 x9 d9", 1: "x1 x3 d5 d8 x7 x7 d9 d10"}, hold={0: 21, 1: 20})
    after = discard(state, 0, "x2")
    choice = decide(after, 1)
    assert choice["type"] == "chi"
    assert faces(choice["cards"]) == "x1 x3"
    state = position({0: "x7 x9 d9", 1: "x4 x5 x6 d1 d2 x9 d9 d5"}, hold={0: 21, 1: 20})
    after = discard(state, 0, "x7")
    legal = G.legal_actions(after, 1)
    assert any(a["type"] == "chi" for a in legal)
    assert decide(after, 1) == {"type": "pass"}


def test_kan_cards_are_kept_and_the_hand_is_read_from_ids():
    """The policy reads faces as ``id >> 2`` (cards.py) and never offers a kan card."""
    state = position({0: "d3 d3 d3 x2 x7 x10 d9 d10 d6"}, hold={0: 21})
    action = decide(state, 0)
    assert action["type"] == "discard" and faces([action["card"]]) == "d6"
    assert card_of(state, 0, "d6") == action["card"]


# ---------------------------------------------------------------- strength

def test_basic_beats_random_in_the_arena():
    """40 duplicate deals (each shuffle once per seat rotation): basic scores positive with a
    confidence interval clear of random's, and never tries an illegal action."""
    report = run("paohuzi", ["basic", "random", "random"], deals=40, seed=1)
    basic, rnd = report["bots"]["basic"], report["bots"]["random"]
    assert basic["illegal_actions"] == 0
    assert basic["ci95"][0] > 0 > rnd["ci95"][1]
    assert basic["mean_score"] > rnd["mean_score"]


@pytest.mark.parametrize("seed", [3, 4])
def test_basic_wins_more_than_random(seed):
    """Counted from the deals' own results (the arena's win rate reads ``wins``, which a
    Paohuzi result does not have): the basic seat wins far more often than a random seat."""
    won = {"basic": 0, "random": 0}
    for d in range(12):
        levels = ["random", "random", "random"]
        levels[d % 3] = "basic"
        state = play_deal("paohuzi", seed * 1000 + d, levels)[0]
        if state.win is not None:
            won[levels[state.win.seat]] += 1
    assert won["basic"] > won["random"]

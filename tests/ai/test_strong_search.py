"""Strong's search details: the Sichuan re-deal correction keeps every tile and empties the
missing suit of opponents who have moved on from it; the Nantong and MCR ones bring re-dealt
opponents nearer ready, keeping the seat's view; Nantong's and Sichuan's keep to what the
opponents' discards say (basic's true hands always do); the playout's light view leads basic to the
same choices as the full view; a switch needs ``min_pairs`` paired results."""

from __future__ import annotations

import importlib
import random
from collections import Counter
from typing import Any

import pytest

from ai.policies import POLICIES, REFINERS, Settings, strong_policy
from ai.search import _light_view
from engine import GAMES, get_game


def _states(name: str, seed: int, every: int = 7):
    """States of a basic-played deal, one every ``every`` decisions, with the seat to act."""
    game = get_game(name)
    basic = POLICIES[name]["basic"]
    state = game.new_deal(seed)
    rng = random.Random(seed)
    n = 0
    while seats := game.to_act(state):
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        if n % every == 0:
            yield state, seat
        state = game.apply(state, seat, basic(game.view(state, seat), legal, rng))
        n += 1


def _refined(name: str, state: Any, seat: int, seed: int) -> tuple[Any, Any]:
    """A uniform re-deal of ``state`` for ``seat`` and its refined version, checked for what
    every refiner keeps: every hidden card (hands and the wall or stock), the seat's own hand,
    and every hand's size."""
    game = get_game(name)
    deal = game.determinize(state, seat, random.Random(seed))
    new = REFINERS[name](game, deal, seat, random.Random(seed + 1))
    pile = "stock" if name == "paohuzi" else "wall"
    hidden = Counter(getattr(deal, pile)) + sum((Counter(h) for h in deal.hands), Counter())
    assert Counter(getattr(new, pile)) + sum((Counter(h) for h in new.hands), Counter()) == hidden
    assert new.hands[seat] == state.hands[seat]
    assert [len(h) for h in new.hands] == [len(h) for h in state.hands]
    return deal, new


def test_sichuan_redeal_keeps_the_tiles_and_clears_a_finished_missing_suit() -> None:
    game = get_game("sichuan")
    checked = 0
    for seed in range(4):
        for state, seat in _states("sichuan", seed):
            if state.phase not in ("play", "claim"):
                continue
            _, new = _refined("sichuan", state, seat, seed)
            for s, hand in enumerate(new.hands):
                m = state.missing[s]
                if (s != seat and state.active(s) and state.discards[s] and m is not None
                        and (state.discards[s][-1] >> 2) // 9 != m
                        and not (state.phase == "play" and state.turn == s)):
                    assert all((t >> 2) // 9 != m for t in hand)
                    checked += 1
            for s in game.to_act(new):  # the re-dealt state is still playable
                assert game.legal_actions(new, s)
    assert checked > 10


@pytest.mark.parametrize("name", sorted(GAMES))
def test_light_view_gives_basic_the_same_choice(name: str) -> None:
    game = get_game(name)
    basic = POLICIES[name]["basic"]
    for state, seat in _states(name, 3, every=3):
        legal = game.legal_actions(state, seat)
        full = basic(game.view(state, seat), legal, random.Random(1))
        assert basic(_light_view(game, state, seat), legal, random.Random(1)) == full


def test_no_switch_on_fewer_paired_results_than_min_pairs() -> None:
    policy = strong_policy("sichuan", Settings(min_pairs=6))
    assert policy._choice([[0] * 5, [3] * 5]) == 0  # five equal gains: no spread, too few
    assert policy._choice([[0, 1, 0, 1, 0, 1], [3, 4, 3, 5, 3, 4]]) == 1


def test_nantong_redeal_keeps_the_cards_and_moves_opponents_nearer_ready() -> None:
    from ai.policies.nantong_basic import shanten

    game = get_game("nantong")

    def sh(hand: tuple[int, ...]) -> int:
        c = [0] * 30
        for t in hand:
            c[t >> 2] += 1
        return shanten(tuple(c))

    uniform, refined = [], []
    for seed in range(4):
        for state, seat in _states("nantong", seed, every=3):
            if state.phase not in ("play", "claim"):
                continue
            deal, new = _refined("nantong", state, seat, seed)
            for s in range(3):
                if s != seat and len(state.hands[s]) % 3 == 1 and len(state.discards[s]) >= 6:
                    uniform.append(sh(deal.hands[s]))
                    refined.append(sh(new.hands[s]))
            for s in game.to_act(new):
                assert game.legal_actions(new, s)
    assert len(refined) > 10 and sum(refined) < sum(uniform)


def _nantong_broken(state: Any, s: int) -> bool:
    from ai.policies.mahjong_clues import discard_clues
    from ai.policies.nantong_basic import shanten
    from ai.policies.nantong_refine import clue_measure

    own, later = discard_clues(state, s)
    c = [0] * 30
    for t in state.hands[s]:
        c[t >> 2] += 1
    return own is not None and clue_measure(own, later)(tuple(c)) > shanten(tuple(c))


def _sichuan_broken(state: Any, s: int) -> bool:
    from ai.policies.sichuan_refine import _measure, shanten_with_dead, split_dead

    if state.missing[s] is None or not state.active(s):
        return False
    c, dead = split_dead(state.hands[s], state.missing[s])
    counts = [0] * 27
    for t in state.hands[s]:
        counts[t >> 2] += 1
    return _measure(state, s)(tuple(counts)) > shanten_with_dead(c, dead, not state.melds[s])


@pytest.mark.parametrize(("name", "broken", "seeds", "uniform_at_least"), [
    ("nantong", _nantong_broken, 2, 5), ("sichuan", _sichuan_broken, 8, 1)])
def test_redeal_keeps_to_what_the_opponents_discards_say(name: str, broken: Any, seeds: int,
                                                         uniform_at_least: int) -> None:
    """Basic's true hands never break a clue of ``discard_clues``; uniform re-deals and the
    walk without the clues do (Nantong 15% of hands, Sichuan 10%), the walk with them hardly."""
    refiner = importlib.import_module(f"ai.policies.{name}_refine")
    constant = f"{name.upper()}_CLUE"
    checked = uniform = unclued = refined = 0
    for seed in range(seeds):
        for state, seat in _states(name, seed, every=2):
            if state.phase not in ("play", "claim"):
                continue
            deal, new = _refined(name, state, seat, seed)
            saved = getattr(refiner, constant)
            setattr(refiner, constant, 0)
            try:
                _, plain = _refined(name, state, seat, seed)
            finally:
                setattr(refiner, constant, saved)
            for s in range(len(state.hands)):
                if s != seat and len(state.hands[s]) % 3 == 1 and state.discards[s]:
                    assert not broken(state, s)  # basic's true hands never break a clue
                    checked += 1
                    uniform += broken(deal, s)
                    unclued += broken(plain, s)
                    refined += broken(new, s)
    assert checked > 20 and uniform >= uniform_at_least and unclued > 10
    assert refined <= unclued // 5


def test_mcr_redeal_keeps_the_tiles_and_brings_opponents_to_the_measured_shanten() -> None:
    from ai.policies.mcr_basic import _shanten
    from ai.policies.mcr_refine import MCR_SHARES

    game = get_game("mcr")

    def sh(state: Any, s: int) -> int:
        c = [0] * 34
        for t in state.hands[s]:
            c[t >> 2] += 1
        return _shanten(tuple(c), all(m.concealed for m in state.melds[s]))

    late = sum(k * p for k, p in enumerate(MCR_SHARES[9]))
    uniform, refined, mid = [], [], []
    for seed in range(4):
        for state, seat in _states("mcr", seed, every=3):
            if state.phase not in ("play", "claim"):
                continue
            deal, new = _refined("mcr", state, seat, seed)
            assert new.flowers == state.flowers
            assert all(t < 136 for h in new.hands for t in h)  # flowers stay in the wall
            assert game.view(new, seat) == game.view(state, seat)
            for s in game.to_act(new):
                assert game.legal_actions(new, s)
            if seat in game.to_act(new):
                assert game.legal_actions(new, seat) == game.legal_actions(state, seat)
            for s in range(4):
                if s != seat and len(state.hands[s]) % 3 == 1 and len(state.discards[s]) >= 9:
                    uniform.append(sh(deal, s))
                    refined.append(sh(new, s))
                if s != seat and len(state.hands[s]) % 3 == 1 and 6 <= len(state.discards[s]) < 9:
                    mid.append(sh(new, s))
    assert len(refined) > 20 and len(mid) > 20
    mean_uniform, mean_refined = sum(uniform) / len(uniform), sum(refined) / len(refined)
    assert mean_refined < mean_uniform - 1 and mean_refined < late + 0.5
    assert mid.count(0) >= len(mid) // 20  # some are ready already, as 12-24% of basic's are


def test_paohuzi_redeal_keeps_the_cards_and_the_rules() -> None:
    game = get_game("paohuzi")
    for seed in range(4):
        for state, seat in _states("paohuzi", seed, every=2):
            _, new = _refined("paohuzi", state, seat, seed)
            if state.phase != "over" and state.shown in state.hands[state.dealer]:
                assert state.shown in new.hands[state.dealer]
            for h in new.hands:
                assert max(Counter(t >> 2 for t in h).values(), default=0) <= 3
            for s in game.to_act(new):
                assert game.legal_actions(new, s)


def test_paohuzi_clues_read_forced_and_basic_choices_from_the_events() -> None:
    """PH-4.3, PH-4.4, PH-2.3: seat 1's own reveal that made no wei leaves it at most one
    alike; another's discard it made no pao with, at most two, less what it gave up since; a
    pao it made, and the card still on offer, bound nothing."""
    from ai.policies.paohuzi_clues import clues
    from engine.core.claims import ClaimWindow
    from engine.core.state import evolve

    game = get_game("paohuzi")
    base = game.new_deal(3)
    x4, x6, x8, x9 = 3, 5, 7, 8  # faces x4, x6, x8, x9
    events = (("deal", 0, None), ("reveal", 1, 4 * x4), ("discard", 0, 4 * x6),
              ("discard", 1, 4 * x6 + 1), ("reveal", 2, 4 * x8),
              ("pao", 1, 4 * x8, 2, (4 * x8 + 1, 4 * x8 + 2, 4 * x8 + 3)),
              ("reveal", 0, 4 * x9))
    window = ClaimWindow(source=0, card=4 * x9, players=3, options=((1, ("pass",)),),
                         kind="reveal")
    state = evolve(base, events=events, window=window, phase="claim", turn=0,
                   dead=(False,) * 3)
    said = clues(game, state, 1)
    assert said is not None
    caps = list(said.caps)
    assert caps[x4] == 1  # PH-4.3: a pair would have made a wei
    assert caps[x6] == 1  # no kan then (basic always makes a pao), and one given up since
    assert caps[x8] == 4 and caps[x9] == 4
    assert said.discarded is None  # its last move was a pao
    assert said.over_caps([2 if f == x4 else 0 for f in range(20)]) == 1


def test_paohuzi_discard_clue_flags_a_hand_basic_would_have_discarded_differently() -> None:
    """Basic discards the card whose removal leaves the most worth: after discarding d1 from
    x1 x2 x3 d1 d2 d3 it would hold d1 d2 d3 (big, 6 huxi) rather than x1 x2 x3."""
    from ai.policies.paohuzi_basic import worth
    from ai.policies.paohuzi_clues import Clues

    x1, x2, x3, x9, d1, d2, d3 = 0, 1, 2, 8, 10, 11, 12
    full = tuple(1 if f in (x1, x2, x3, d2, d3) else 0 for f in range(20))
    after_d1 = Clues(caps=(4,) * 20, reveals=(), exposed=(), discarded=d1)
    after_x9 = Clues(caps=(4,) * 20, reveals=(), exposed=(), discarded=x9)
    assert after_d1.contradicted(full, full, worth(full)) == 1
    assert after_x9.contradicted(full, full, worth(full)) == 0


def test_paohuzi_redeal_keeps_to_what_the_opponents_play_says() -> None:
    """Basic's true hands never break a clue of ``paohuzi_clues``; uniform re-deals break them
    often (70% of hands), the walk without them in a third, with them hardly."""
    from ai.policies import paohuzi_refine
    from ai.policies.paohuzi_clues import clues

    game = get_game("paohuzi")

    def broken(state: Any, s: int, said: Any) -> bool:
        return said.broken(state.hands[s]) > 0

    checked = uniform = unclued = refined = 0
    for seed in range(3):
        for state, seat in _states("paohuzi", seed, every=2):
            if state.phase == "over":
                continue
            deal, plain = _refined("paohuzi", state, seat, seed)
            saved = paohuzi_refine.PAOHUZI_CLUE
            paohuzi_refine.PAOHUZI_CLUE = 1000.0  # off by default (PAOHUZI_CLUE says why)
            try:
                _, new = _refined("paohuzi", state, seat, seed)
            finally:
                paohuzi_refine.PAOHUZI_CLUE = saved
            for s in range(3):
                said = clues(game, state, s) if s != seat else None
                if said is None:
                    continue
                assert not broken(state, s, said)  # basic's true hands never break a clue
                checked += 1
                uniform += broken(deal, s, said)
                unclued += broken(plain, s, said)
                refined += broken(new, s, said)
    assert checked > 20 and uniform > checked // 3 and unclued > checked // 6
    assert refined <= unclued // 2

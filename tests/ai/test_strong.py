"""The ``strong`` level (ai/search.py) and the levels' common contract.

Every level of every game answers with a legal action at every decision of whole deals (random
and basic over many seeds, strong with a tiny fixed search); strong's fixed-rollout mode is
deterministic; the arena's statistics with it are reproducible; the service reads its budget.
"""

from __future__ import annotations

import json
import random

import pytest

from ai.arena import run
from ai.policies import POLICIES, Settings, registry, strong_policy
from ai.search import playout, ranked
from ai.service import STRONG_MS_ENV, playable_level, strong_settings
from engine import GAMES, get_game
from server.cli import main
from tests.ai.deals import play_deal

TINY = Settings(rollouts=1, candidates=2)
"""A search of one playout per candidate: the legality property, fast."""


def _deal(name: str, seed: int, levels: list[str], policies: dict) -> int:
    """A whole deal with ``levels`` per seat (every answer legal); its decisions, zero-sum."""
    state, decisions = play_deal(name, seed, levels, policies=policies)
    assert sum(get_game(name).result(state)["deltas"]) == 0
    return decisions


def test_every_game_has_the_three_levels() -> None:
    for name in GAMES:
        assert set(POLICIES[name]) == {"random", "basic", "strong"}
        assert playable_level(name, "strong") == "strong"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_and_basic_always_legal(name: str) -> None:
    players = get_game(name).players
    for seed in range(30):
        levels = ["basic", "random"] * 3
        _deal(name, 500 + seed, levels[seed % 2:][:players], POLICIES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_strong_always_legal(name: str) -> None:
    """Strong (one playout per candidate) in seat order with basic and random, over seeds."""
    policies = registry(TINY)
    players = get_game(name).players
    seeds = 1 if name == "mcr" else 3  # MCR's playouts score every claim: the slowest
    for seed in range(seeds):
        levels = (["strong", "basic", "random", "basic"] * 2)[seed:seed + players]
        assert _deal(name, 900 + seed, levels, policies) > 10


@pytest.mark.parametrize("name", sorted(GAMES))
def test_fixed_rollouts_are_deterministic(name: str) -> None:
    game = get_game(name)
    policy = strong_policy(name, Settings(rollouts=2))
    state = game.new_deal(21)
    rng = random.Random(3)
    searched = 0
    while (seats := game.to_act(state)) and searched < 2:
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        if len(legal) > 1 and not any(a["type"] == "win" for a in legal):
            a = policy.search(view, legal, random.Random(7))
            b = policy.search(view, legal, random.Random(7))
            assert a.values == b.values and a.chosen == b.chosen and a.candidates == b.candidates
            assert all(len(v) == 2 for v in a.values)
            assert a.candidates[0] == POLICIES[name]["basic"](view, legal, random.Random(7))
            searched += 1
        state = game.apply(state, seat, POLICIES[name]["basic"](view, legal, rng))
    assert searched == 2


def test_ranked_candidates_are_distinct_faces_best_first() -> None:
    game = get_game("sichuan")
    state = game.new_deal(5)
    for seat in list(game.to_act(state)):  # everybody declares
        view = game.view(state, seat)
        state = game.apply(state, seat, POLICIES["sichuan"]["basic"](
            view, game.legal_actions(state, seat), random.Random(0)))
    seat = game.to_act(state)[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    basic = POLICIES["sichuan"]["basic"]
    cands = ranked(basic, view, legal, random.Random(0), 4)
    assert cands[0] == basic(view, legal, random.Random(0))
    faces = {t["id"]: t["face"] for t in view["players"][seat]["hand"]}
    shown = [faces[a["card"]] for a in cands if a["type"] == "discard"]
    distinct = {faces.get(a.get("card"), a["type"]) for a in legal}
    assert len(shown) == len(set(shown)) and len(cands) == min(4, len(distinct)) > 1


def test_one_choice_is_played_and_a_win_taken_without_search() -> None:
    policy = strong_policy("sichuan", Settings(rollouts=50))
    only = [{"type": "pass"}]
    assert policy({"seat": 0}, only, random.Random(0)) == only[0]
    legal = [{"type": "discard", "card": 3}, {"type": "win"}]
    assert policy({"seat": 0}, legal, random.Random(0)) == {"type": "win"}


def test_playout_ends_the_deal() -> None:
    game = get_game("paohuzi")
    deltas = playout(game, game.new_deal(2), POLICIES["paohuzi"]["basic"], random.Random(0))
    assert deltas is not None and len(deltas) == 3 and sum(deltas) == 0
    # a deadline already past: no result rather than a late one
    assert playout(game, game.new_deal(2), POLICIES["paohuzi"]["basic"], random.Random(0),
                   deadline=0.0) is None


def _without_timings(report: dict) -> dict:
    return {name: {k: v for k, v in b.items() if not k.startswith("decision_ms")}
            for name, b in report["bots"].items()} | {"differences": report["differences"]}


def test_arena_with_strong_is_reproducible() -> None:
    a = run("paohuzi", ["strong", "basic", "random"], deals=1, seed=9, strong=TINY)
    b = run("paohuzi", ["strong", "basic", "random"], deals=1, seed=9, strong=TINY)
    assert _without_timings(a) == _without_timings(b)
    assert a["bots"]["strong"]["deals"] == 3 and a["bots"]["strong"]["illegal_actions"] == 0
    assert set(a["differences"]) == {"strong-basic", "strong-random", "basic-random"}


def test_cli_strong_flags(capsys) -> None:  # type: ignore[no-untyped-def]
    args = ["arena", "--game", "paohuzi", "--seats", "strong,basic,basic", "--deals", "1",
            "--strong-rollouts", "1", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    assert _without_timings(json.loads(capsys.readouterr().out)) == _without_timings(first)
    assert main(["arena", "--game", "nantong", "--seats", "strong,basic,basic",
                 "--strong-ms", "0"]) == 2
    assert main(["arena", "--game", "nantong", "--seats", "strong,basic,basic",
                 "--strong-steps", "500"]) == 2  # a cap on rollouts, not a level of its own
    assert main(["arena", "--game", "nantong", "--seats", "strong,basic,basic",
                 "--strong-rollouts", "4", "--strong-steps", "0"]) == 2


def test_service_budget_from_the_environment() -> None:
    assert strong_settings({}) == Settings()
    assert strong_settings({STRONG_MS_ENV: "250"}).budget_ms == 250
    with pytest.raises(ValueError):
        strong_settings({STRONG_MS_ENV: "0"})
    with pytest.raises(ValueError):
        strong_settings({STRONG_MS_ENV: "fast"})


def test_a_bad_budget_in_the_environment_keeps_the_default(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from ai.service import AiService

    monkeypatch.setenv(STRONG_MS_ENV, "-5")
    service = AiService(None, "key")  # type: ignore[arg-type]
    assert service.policies["mcr"]["strong"].settings == Settings()  # type: ignore[attr-defined]
    monkeypatch.setenv(STRONG_MS_ENV, "300")
    service = AiService(None, "key")  # type: ignore[arg-type]
    assert service.policies["mcr"]["strong"].settings.budget_ms == 300  # type: ignore[attr-defined]


def test_gain_over_a_baseline_is_zero_for_a_bot_that_plays_like_it() -> None:
    """Strong with one candidate plays its prior's choice: replayed with the prior in its seats
    every deal comes out the same, so its gain is exactly zero; random's gain over basic is
    not."""
    same = run("nantong", ["strong", "basic", "basic"], deals=2, seed=4,
               strong=Settings(candidates=1, rollouts=1), baseline="prior")
    assert same["gains"]["strong-over-prior"] == {"mean": 0.0, "ci95": [0.0, 0.0]}
    worse = run("nantong", ["random", "basic", "basic"], deals=3, seed=4, baseline="basic")
    assert worse["gains"]["random-over-basic"]["mean"] < 0
    assert main(["arena", "--game", "nantong", "--seats", "ws,basic,basic",
                 "--baseline", "basic"]) == 2


def test_gains_over_several_baselines_on_the_same_deals() -> None:
    """Strong with one candidate plays its prior's choice: over the prior (an arena-only level)
    it gains exactly zero, over basic what the prior gains, measured on the same deals; a
    baseline is not itself measured against the others."""
    both = run("mcr", ["strong", "basic", "basic", "basic"], deals=1, seed=5,
               strong=Settings(candidates=1, rollouts=1), baseline="basic,prior")
    assert set(both["gains"]) == {"strong-over-basic", "strong-over-prior"}
    assert both["gains"]["strong-over-prior"] == {"mean": 0.0, "ci95": [0.0, 0.0]}
    alone = run("mcr", ["prior", "basic", "basic", "basic"], deals=1, seed=5, baseline="basic")
    assert alone["gains"]["prior-over-basic"] == both["gains"]["strong-over-basic"]
    with pytest.raises(ValueError, match="unknown level"):
        run("mcr", ["strong", "basic", "basic", "basic"], deals=1, seed=5, baseline="expert")

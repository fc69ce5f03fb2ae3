"""AI policies: the registry, legality over whole deals, hand-made Sichuan decisions, strength.

Every decision is taken from what the engine hands a seat — ``game.view(state, seat)`` and
``game.legal_actions(state, seat)`` — exactly as the AI service will.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest

from ai.policies import POLICIES, choose, random_policy
from ai.policies import sichuan_basic as ai
from engine import GAMES, get_game
from engine.mahjong import counts_of, parse_face
from tests.ai.deals import play_deal
from tests.sichuan.position import act, position, tile_of

G = get_game("sichuan")
basic = POLICIES["sichuan"]["basic"]


def decide(state, seat: int, level: str = "basic", rng: random.Random | None = None) -> dict:
    """The policy's answer for ``seat``, checked against the legal list."""
    view = G.view(state, seat)
    legal = G.legal_actions(state, seat)
    action = POLICIES["sichuan"][level](view, legal, rng or random.Random(0))
    assert action in legal
    return action


def counts(faces: str) -> tuple[int, ...]:
    return counts_of(parse_face(f) for f in faces.split())[:27]


def with_discards(state, rivers: dict[int, str]):
    """Move tiles of the given faces from the wall into seats' rivers (visible to everybody)."""
    wall = list(state.wall)
    discards = list(state.discards)
    for seat, faces in rivers.items():
        river = list(discards[seat])
        for f in faces.split():
            tile = next(t for t in wall if t >> 2 == parse_face(f))
            wall.remove(tile)
            river.append(tile)
        discards[seat] = tuple(river)
    return replace(state, wall=tuple(wall), discards=tuple(discards))


def offer(hand0: str, card: str):
    """Seat 1 discards ``card`` (a characters or dots face): seat 0, holding ``hand0`` and
    missing bamboo, gets a claim window on it."""
    state, _ = position({0: hand0, 1: f"{card} 1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 6s"},
                        missing="smpp", turn=1, dealer=1)
    state = act(G, state, 1, type="discard", card=tile_of(state, 1, card))
    assert state.phase == "claim" and G.to_act(state) == [0]
    return state


# ---------------------------------------------------------------- registry

def test_registry_has_random_for_every_game_and_basic_for_sichuan():
    assert set(GAMES) <= set(POLICIES)
    for name in GAMES:
        assert POLICIES[name]["random"] is random_policy
    assert set(POLICIES["sichuan"]) == {"random", "basic", "strong"}


def test_choose_refuses_unknown_game_level_and_empty_legal():
    state = G.new_deal(1)
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    rng = random.Random(0)
    with pytest.raises(ValueError):
        choose("go", "random", view, legal, rng)
    with pytest.raises(ValueError):
        choose("sichuan", "grandmaster", view, legal, rng)
    with pytest.raises(ValueError):
        choose("sichuan", "basic", view, [], rng)
    assert choose("sichuan", "random", view, legal, rng) in legal
    assert choose("sichuan", "basic", view, legal, rng) in legal


def test_policies_are_deterministic_and_leave_the_view_alone():
    state = G.new_deal(4)
    for seat in range(4):
        state = act(G, state, seat, **decide(state, seat))
    seat = G.to_act(state)[0]
    view, legal = G.view(state, seat), G.legal_actions(state, seat)
    before = copy.deepcopy((view, legal))
    for level in ("basic", "random"):
        a = choose("sichuan", level, view, legal, random.Random(9))
        assert a == choose("sichuan", level, view, legal, random.Random(9))
    assert (view, legal) == before



# ---------------------------------------------------------------- whole deals: always legal

@pytest.mark.parametrize("mixed", [False, True], ids=["all-basic", "basic-vs-random"])
def test_whole_deals_only_legal_actions(mixed):
    levels = ["basic", "random", "basic", "random"] if mixed else ["basic"] * 4
    wins = 0
    for seed in range(40):
        state = play_deal("sichuan", seed, levels, random.Random(seed), first_claimant=True)[0]
        result = G.result(state)
        assert result is not None and sum(result["deltas"]) == 0
        wins += len(result["wins"])
    assert wins > 0


# ---------------------------------------------------------------- hand-made decisions

def test_declares_the_suit_it_holds_fewest_of():
    state, _ = position({0: "1m 2m 3m 5m 6m 7m 9m 2p 3p 4p 7p 8p 5s"}, missing="????",
                        phase="declare")
    assert decide(state, 0) == {"type": "declare_missing", "suit": "s"}
    # two suits with three tiles each: drop the scattered one, keep the sequence
    state, _ = position({0: "1m 2m 3m 5m 6m 7m 9m 4p 5p 6p 1s 5s 9s"}, missing="????",
                        phase="declare")
    assert decide(state, 0) == {"type": "declare_missing", "suit": "s"}


def test_wins_by_self_draw_and_on_a_discard():
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 4s 5s 5s"}, drawn="5s")
    assert {"type": "win"} in G.legal_actions(state, 0)
    assert decide(state, 0) == {"type": "win"}
    state = offer("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 4p 5p", "6p")
    assert decide(state, 0) == {"type": "win"}


def test_discards_the_missing_suit_first_singles_before_pairs():
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 7p 7p 3p 5s 5s"}, missing="pppp",
                        drawn="3p")
    a = decide(state, 0)
    assert a["type"] == "discard" and a["card"] >> 2 == parse_face("3p")


def test_discard_keeps_a_ready_hand_ready():
    # discarding 9s leaves 123 456 789m 23s 55s, ready on 1s/4s; every other discard is not
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 5s 5s 9s"}, drawn="9s")
    a = decide(state, 0)
    assert a == {"type": "discard", "card": tile_of(state, 0, "9s")}
    after = act(G, state, 0, **a)
    assert G.is_ready(after, 0)


def test_discard_ties_broken_by_unseen_waits():
    hand = "1m 2m 3m 4m 5m 6m 7m 8m 9m 5s 5s 6s 7s 9s"
    # nothing seen: dropping 9s waits on 5s/8s (2 + 4 unseen) — more than 8s alone or 9s alone
    state, _ = position({0: hand}, drawn="9s")
    assert decide(state, 0) == {"type": "discard", "card": tile_of(state, 0, "9s")}
    # 5s x2 and 8s x3 in the rivers: only the single wait on 9s still has live tiles (3)
    state = with_discards(state, {1: "5s 5s", 2: "8s 8s", 3: "8s"})
    a = decide(state, 0)
    assert a["type"] == "discard" and a["card"] >> 2 == parse_face("5s")
    assert G.is_ready(act(G, state, 0, **a), 0)


def test_passes_a_pung_that_breaks_a_ready_hand():
    # six pairs and a single: ready for seven pairs; a pung would leave a 2-shanten hand
    state = offer("1m 1m 3m 3m 5m 5m 7m 7m 9m 9m 2p 2p 4p", "1m")
    assert {"type": "pung"} in G.legal_actions(state, 0)
    assert decide(state, 0) == {"type": "pass"}


def test_pungs_when_it_improves_the_hand():
    hand = "2m 2m 3m 4m 6m 7m 8m 1p 1p 5p 6p 9p 9p"
    assert ai.shanten(counts(hand), True) == 1
    state = offer(hand, "9p")
    assert decide(state, 0) == {"type": "pung"}
    after = act(G, state, 0, type="pung")
    after = act(G, after, 0, **decide(after, 0))
    assert G.is_ready(after, 0)


def test_kongs_a_discard_onto_a_concealed_pung():
    state = offer("5m 5m 5m 1p 2p 3p 7p 8p 9p 2m 3m 4m 6p", "5m")
    assert decide(state, 0) == {"type": "kong"}


def test_concealed_kong_only_when_it_keeps_the_shanten():
    state, _ = position({0: "5m 5m 5m 5m 1p 2p 3p 7p 8p 9p 2m 3m 4m 8p"}, missing="ssss",
                        drawn="8p")
    assert decide(state, 0)["type"] == "concealed_kong"
    # here the four 5m are 345m 555m 67m: a kong would break the ready shape
    state, _ = position({0: "3m 4m 5m 5m 5m 5m 6m 7m 1p 2p 3p 8p 8p 9p"}, missing="ssss",
                        drawn="9p")
    assert any(a["type"] == "concealed_kong" for a in G.legal_actions(state, 0))
    a = decide(state, 0)
    assert a["type"] == "discard"
    assert G.is_ready(act(G, state, 0, **a), 0)


# ---------------------------------------------------------------- strength

def test_basic_beats_random():
    """Seats [basic, random, basic, random], rotated every other deal, over 40 deals."""
    score = {"basic": 0, "random": 0}
    for seed in range(40):
        levels = ["basic", "random", "basic", "random"]
        if seed % 2:
            levels = levels[1:] + levels[:1]
        final, _ = play_deal("sichuan", 1000 + seed, levels, random.Random(seed), first_claimant=True)
        deltas = G.result(final)["deltas"]
        for seat, d in enumerate(deltas):
            score[levels[seat]] += d
    assert score["basic"] > score["random"], score

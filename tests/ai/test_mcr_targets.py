"""MCR's fan-aware shanten (ai/policies/mcr_targets.py): the distance to a ready hand on one of
the shapes that carry the 8-point minimum (MCR-4.2), and the prior's discards by it."""

from __future__ import annotations

import random

from ai.policies import POLICIES
from ai.policies.mcr_prior import prior
from ai.policies.mcr_targets import distance
from engine import get_game
from engine.mahjong import parse_face
from engine.mcr import scoring
from tests.mcr.position import position, tile_of

G = get_game("mcr")
BASIC = POLICIES["mcr"]["basic"]


def _counts(faces: str) -> tuple[int, ...]:
    c = [0] * 34
    for t in faces.split():
        c[parse_face(t)] += 1
    return tuple(c)


def test_a_knitted_hand_of_thirteen_different_tiles_is_ready() -> None:
    """全不靠: 147m 258p 369s and four winds hold 13 of the 16 faces: ready."""
    assert distance(_counts("1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N"), ()) == 0


def test_a_pure_straight_counts_its_missing_tile_and_the_rest() -> None:
    """1-7m 9m: 8m missing; 1p 1p 2p 3p E make the set and pair one tile from done."""
    assert distance(_counts("1m 2m 3m 4m 5m 6m 7m 9m 1p 1p 2p 3p E"), ()) == 1


def test_all_pungs_beside_a_declared_pung() -> None:
    """A 2m pung declared, pungs of N and 4s held, pairs 1m and 7s: ready (two-pair wait)."""
    melds = (scoring.Meld("pung", parse_face("2m"), False, 2),)
    assert distance(_counts("N N N 4s 4s 4s 1m 1m 7s 7s"), melds) == 0


def test_a_declared_chow_rules_out_the_other_suits_flush_and_all_pungs() -> None:
    """111m 555m EE WW is ready on all pungs (and a character flush) beside a declared 9s pung;
    beside a declared 123p chow neither is left, and the fixed-tile shapes are far."""
    hand = _counts("1m 1m 1m 5m 5m 5m E E W W")
    pung = (scoring.Meld("pung", parse_face("9s"), False, 2),)
    chow = (scoring.Meld("chow", parse_face("1p"), False, 1),)
    assert distance(hand, pung) == 0
    assert distance(hand, chow) >= 3


def test_the_prior_keeps_honours_and_knitted_tiles() -> None:
    """E N P S S W with 47m 28p 6s are ten faces of 全不靠 (147m 258p 369s); basic lets an
    honour go for its plain shape, the prior the 2s that fits no target instead."""
    state, _ = position({0: "E N P S S W 4m 7m 1p 2p 8p 2s 6s 8s"}, drawn="2s")
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    assert BASIC(view, legal, random.Random(0)) == {"type": "discard",
                                                    "card": tile_of(state, 0, "E")}
    assert prior(view, legal, random.Random(0)) == {"type": "discard",
                                                    "card": tile_of(state, 0, "2s")}


def test_an_open_hand_keeps_its_pairs_toward_all_pungs() -> None:
    """A 2m pung declared: basic breaks the 1m pair for its plain shape, the prior keeps the
    NN 1m1m 4s4s pairs toward all pungs (碰碰和) and lets an odd 3p go."""
    state, _ = position({0: "N N 1m 1m 3p 5p 7p 4s 4s 7s 8s"}, drawn="N",
                        melds={0: [("pung", "2m", 2)]})
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    assert BASIC(view, legal, random.Random(0)) == {"type": "discard",
                                                    "card": tile_of(state, 0, "1m")}
    assert prior(view, legal, random.Random(0)) == {"type": "discard",
                                                    "card": tile_of(state, 0, "3p")}


def test_a_declared_chow_counts_toward_its_straight() -> None:
    """A declared 123m chow is the first third of a pure straight (清龙): 456m 789m held, 111p
    and E beside them, the hand is ready; a declared 234m chow is no part of it, and the
    straight then lacks 123m (three tiles) in a hand with no set left to make."""
    hand = _counts("4m 5m 6m 7m 8m 9m 1p 1p 1p E")
    assert distance(hand, (scoring.Meld("chow", parse_face("1m"), False, 1),)) == 0
    assert distance(hand, (scoring.Meld("chow", parse_face("2m"), False, 1),)) >= 2


def test_lesser_honours_and_knitted_tiles_count_the_faces_held() -> None:
    """全不靠 is 14 different tiles among 16 faces (a knitted straight's nine, the seven
    honours): thirteen different ones are ready, a pair in place of one of them a step away."""
    assert distance(_counts("1m 4m 7m 2p 5p 8p 3s 6s E S W N C"), ()) == 0
    assert distance(_counts("1m 4m 7m 2p 5p 8p 3s 3s E S W N C"), ()) == 1

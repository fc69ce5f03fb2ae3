"""The danger model (``ai/policies/danger.py``) and the Sichuan prior's defence
(``sichuan_prior.defend_discard``) on hand-made positions (rule ids ``SC-`` from
``shared/rules/sichuan.md``): which faces it calls dangerous or safe, and when the prior gives up
progress for a safe discard and when it does not.

Rivers are made from the wall's first tiles: ``rivers`` moves them to the seats' discards, with
their discard events in turn order, as a deal would have left them.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ai.policies import POLICIES, danger
from ai.policies import mcr_prior as M
from ai.policies import sichuan_prior as P
from ai.policies.mcr_basic import _add as _madd
from ai.policies.mcr_basic import _Seat as _MSeat
from ai.policies.mcr_refine import MCR_SHARES
from ai.policies.sichuan_basic import _add, _Seat, shanten
from engine import get_game
from engine.mahjong import parse_face
from tests.ai.deals import play_deal
from tests.mcr.position import position as mcr_position
from tests.sichuan.position import position

G = get_game("sichuan")
F = parse_face


def rivers(state, order: list[tuple[int, str]]):
    """``state`` with the wall's first tiles discarded by the seats of ``order`` (seat, face),
    in that order (each face must be the next tile of the wall)."""
    wall = list(state.wall)
    discards = [list(d) for d in state.discards]
    events = list(state.events)
    for seat, face in order:
        tile = wall.pop(0)
        assert tile >> 2 == F(face), (face, tile)
        discards[seat].append(tile)
        events.append(("discard", seat, tile))
    return replace(state, wall=tuple(wall), discards=tuple(tuple(d) for d in discards),
                   events=tuple(events))


def table(hand0: str, order: list[tuple[int, str]], *, melds=None, wall_extra: int = 20,
          missing: str = "sppp", drawn: str | None = None):
    """Seat 0 to play ``hand0`` (missing bamboo), the others' rivers from ``order``."""
    river = " ".join(face for _, face in order)
    state, _ = position({0: hand0, 1: "", 2: "", 3: ""}, missing=missing, melds=melds,
                        wall=river, wall_extra=wall_extra, drawn=drawn)
    return rivers(state, order)


def rotate(faces: list[str]) -> list[tuple[int, str]]:
    """Discards made in turn order by seats 1, 2, 3, 1, 2, 3, ..."""
    return [(1 + i % 3, f) for i, f in enumerate(faces)]


# ---------------------------------------------------------------- the model

def test_a_missing_suit_is_safe_and_a_flush_suit_dangerous():
    """Seat 1 declared dots missing (SC-7.3: it cannot win on a dot) and shows three pungs of
    characters with a river of bamboo: a characters flush (SC-8, +2 fan). Characters are the
    dangerous suit, bamboo nearly safe from it, dots safe."""
    order = rotate(["1s", "5m", "5m", "2s", "6m", "6m", "3s", "7m", "7m", "4s", "1p", "1p",
                    "6s", "2p", "2p", "7s", "3p", "3p"])
    melds = {1: [("pung", "2m", 0), ("pung", "4m", 0), ("pung", "8m", 0)]}
    state = table("1p 2p 3p 4p 5p 6p 7p 8p 9p 9p 9m 3m 3m 4m", order, melds=melds,
                  missing="spmm")
    model = danger.sichuan(G.view(state, 0))
    seat1 = next(o for o in model.opponents if o.seat == 1)
    assert seat1.flush == 0
    assert seat1.value >= 4 * danger.SICHUAN_VALUE
    ch = model.chances[0]
    assert danger.hit(seat1, ch, F("5p")) == 0.0  # its missing suit
    assert danger.hit(seat1, ch, F("5s")) == ch[F("5s")] * danger.FLUSH_OTHER
    assert danger.hit(seat1, ch, F("3m")) == ch[F("3m")] * danger.FLUSH_SUIT
    assert danger.hit(seat1, ch, F("3m")) > danger.hit(seat1, ch, F("5s"))


def test_a_face_with_no_wait_shape_left_is_safe():
    """Every 1m and every 2m in sight: no opponent can hold a pair wait on 1m (no copy left),
    nor the 2m 3m of its only sequence wait; 1m fits no wait at all. 5m with all its copies
    in sight still fits sequence waits (3m 4m, 4m 6m, 6m 7m): no copy left is not enough."""
    order = rotate(["1m", "1m", "1m", "2m", "2m", "2m", "5m", "5m", "5m"])
    state = table("1m 2m 5m 1p 2p 3p 4p 5p 6p 7p 8p 9p 9p 9p", order)
    view = G.view(state, 0)
    model = danger.sichuan(view)
    assert model.deal_in(F("1m")) == 0.0
    assert danger.shapes(tuple(4 for _ in range(27)), F("1m"), 27) > 0
    assert model.deal_in(F("5m")) > 0.0


def test_a_face_passed_since_the_last_discard_is_nearly_safe():
    """Seat 2 discarded 4p after seat 1's last discard and seat 1 did not win on it: against
    seat 1 it is ``PASSED`` times as likely as before; 6p, the same shape, is not discounted."""
    order = rotate(["9m", "9m", "9m", "1m", "4p", "1m"])
    state = table("1m 2m 3m 4m 5m 6m 7m 8m 4p 6p 2p 2p 2p 7p", order, missing="smmm")
    model = danger.sichuan(G.view(state, 0))
    seat1 = next(o for o in model.opponents if o.seat == 1)
    ch = model.chances[[o.seat for o in model.opponents].index(1)]
    assert F("4p") in seat1.passed
    assert danger.hit(seat1, ch, F("4p")) == ch[F("4p")] * danger.PASSED
    assert danger.hit(seat1, ch, F("6p")) == ch[F("6p")]


def test_readiness_grows_with_the_discards_and_a_winner_is_no_threat():
    """An opponent is likelier ready the more it has discarded (``SICHUAN_SHARES``); one that
    has won has left play (SC-6.1) and threatens nothing."""
    early = danger.sichuan(G.view(table("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p",
                                        rotate(["9p", "9p", "9p"])), 0))
    late = danger.sichuan(G.view(table("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p",
                                       rotate(["9p"] * 3 + ["1s"] * 4 + ["2s"] * 4
                                              + ["3s"] * 4 + ["4s"] * 3)), 0))
    assert early.threat() < 0.05 < 0.3 < late.threat()


# ---------------------------------------------------------------- the prior's defence

LATE = rotate(["1s", "5m", "5m", "2s", "6m", "6m", "3s", "7m", "7m", "4s", "1p", "1p",
               "6s", "2p", "2p", "7s", "3p", "3p", "8s", "9p", "9p", "9s", "8p", "8p"])
"""Eight discards each: seat 1 (missing dots) has thrown only bamboo, a characters flush look,
and the wall is nearly out."""


def decide(hand0: str, drawn: str, wall: int = 4):
    """Seat 0's discard with ``hand0`` against the ``LATE`` rivers, ``wall`` tiles left: the
    prior without its defence (``plain_prior``), and with it."""
    state = table(hand0, LATE, melds={1: [("pung", "2m", 0), ("pung", "4m", 0)]},
                  wall_extra=wall, missing="spmm", drawn=drawn)
    view, legal = G.view(state, 0), G.legal_actions(state, 0)
    plain = P.plain_prior(view, legal, random.Random(0))
    mine = P.defending_prior(view, legal, random.Random(0))
    assert mine in legal
    return view, plain["card"] >> 2, mine["card"] >> 2


SLOW = "1m 5m 8m 1p 2p 3p 4p 5p 6p 7p 8p 9p 5p 5p"
"""Three lone characters and nine dots: one step from ready after a character goes, two after
a dot."""


def steps_after(view: dict, face: int) -> int:
    me = _Seat(view)
    return shanten(_add(me.counts, face, -1), me.concealed)


def test_a_slow_hand_late_folds_against_a_likely_ready_flush():
    """With 4 tiles left, seat 1 (8 discards: likely ready) shows two character pungs and a
    river of bamboo only: a characters flush look. The hand's own play throws a lone
    character; the defence throws a dot instead (seat 1's missing suit, SC-7.3, passed by the
    others), though the hand goes a step further from ready."""
    view, plain, mine = decide(SLOW, "1m", wall=4)
    assert plain // 9 == 0 and steps_after(view, plain) == 1
    assert mine // 9 == 1 and steps_after(view, mine) == 2
    model = danger.sichuan(view)
    assert model.loss(mine) < model.loss(plain) / 10


def test_the_same_hand_early_plays_on():
    """The same hand and rivers with 40 tiles left: a step from ready is worth more than the
    danger, and the hand plays on."""
    view, plain, mine = decide(SLOW, "1m", wall=40)
    assert mine == plain and plain // 9 == 0


def test_a_ready_valuable_hand_does_not_fold():
    """Ready on 2p for a full flush (SC-8, 2 fan) once the 8m goes: the prior throws the 8m into
    the same danger rather than break the hand up."""
    view, plain, mine = decide("8m 1p 2p 3p 4p 5p 6p 7p 8p 9p 5p 5p 1p 3p", "8m")
    assert mine == plain == F("8m")
    assert danger.sichuan(view).loss(F("8m")) > 0.5


def test_the_defence_keeps_every_answer_legal_over_whole_deals():
    """Seeded deals with the defending prior in every seat end, every answer legal."""
    assert P.prior is not P.defending_prior
    table_ = {"sichuan": dict(POLICIES["sichuan"], prior=P.defending_prior)}
    for seed in range(3):
        state, decisions = play_deal("sichuan", seed, ["prior"] * 4, policies=table_)
        assert state.phase == "over" and decisions > 0


# ---------------------------------------------------------------- MCR (rule ids MCR- from mcr.md)

MG = get_game("mcr")
MCR_LATE = rotate("9p 1s C 9p 1s C 2m 8p F 3p 2s F 1p 9s 6s 6p 1m P 7p 8m 8m S 4s 2p 3s 7m 9m "
                  "1p 2s S 9s 1m N 8p 7m 4m 3p 6p 2m 6m".split())
"""Thirteen or fourteen discards each, none claimed: every opponent likely ready
(``MCR_SHARES``)."""


def mcr_decide(hand0: str, order: list[tuple[int, str]], drawn: str, wall: int = 6):
    """Seat 0's view with ``hand0`` against the rivers of ``order``, ``wall`` tiles left, and
    its discard face by the MCR prior without its defence and with it."""
    state, _ = mcr_position({0: hand0, 1: "", 2: "", 3: ""},
                            wall=" ".join(f for _, f in order), wall_extra=wall, drawn=drawn)
    state = rivers(state, order)
    view, legal = MG.view(state, 0), MG.legal_actions(state, 0)
    plain = M.plain_prior(view, legal, random.Random(0))
    mine = M.defending_prior(view, legal, random.Random(0))
    assert mine in legal
    return view, plain["card"] >> 2, mine["card"] >> 2


def test_mcr_honours_take_pair_and_pung_waits_only_and_readiness_is_scaled():
    """An honour fits only pair and pung waits; readiness is ``basic``'s ready share after as
    many discards (13 or 14 here) times ``MCR_LIVE``, as most ready MCR hands have no wait worth 8
    (MCR-4.2); every face may be won on (no missing suit), at ``MCR_FAN`` points."""
    view, _, _ = mcr_decide("E E 5m 8m 2p 3p 4p 4p 5p 7p 7p 9p 6s 7s", MCR_LATE, "E")
    model = danger.mcr(view)
    assert len(model.opponents) == 3
    unseen = tuple(4 for _ in range(34))
    assert danger.shapes(unseen, F("C"), 27) == 4 + 6
    assert danger.shapes(unseen, F("5m"), 27) > danger.shapes(unseen, F("C"), 27)
    for o in model.opponents:
        n = len(view["players"][o.seat]["discards"])
        assert o.ready == pytest.approx(danger.MCR_LIVE * danger.ready_share(MCR_SHARES, n))
        assert not o.dead and o.value == danger.MCR_FAN + danger.MCR_DEALIN
    assert model.deal_in(F("F")) < model.deal_in(F("5m"))  # two F in rivers


def test_mcr_late_a_dangerous_tile_gives_way_to_a_safer_one():
    """Late, every opponent likely ready: the prior throws 5m (no copy in sight, the centre of
    many sequence waits), the defence 2p instead, as far from a hand worth 8 and with more
    draws that bring the hand nearer."""
    view, plain, mine = mcr_decide("E E 5m 8m 2p 3p 4p 4p 5p 7p 7p 9p 6s 7s", MCR_LATE, "E")
    assert plain == F("5m") and mine == F("2p")
    me = _MSeat(view)
    assert M._effective(_madd(me.counts, mine, -1), me.melds, True) == \
        M._effective(_madd(me.counts, plain, -1), me.melds, True)
    model = danger.mcr(view)
    assert model.loss(mine) < model.loss(plain) / 4


def test_mcr_a_face_just_passed_is_safe_enough_to_keep_the_prior_s_play():
    """The same hand after one more discard each, seat 3's last 5m: seats 1 and 2 passed the
    win on it (``PASSED``) and it lies in seat 3's own river (``OWN``); the defence now keeps
    the prior's 5m."""
    order = MCR_LATE + rotate(["1s", "S", "5m"])
    view, plain, mine = mcr_decide("E E 5m 8m 2p 3p 4p 4p 5p 7p 7p 9p 6s 7s", order, "E")
    model = danger.mcr(view)
    assert all(F("5m") in o.passed for o in model.opponents if o.seat != 3)
    assert plain == mine == F("5m")


def test_mcr_a_ready_hand_does_not_fold():
    """Ready on 4s/7s with a Mixed Straight (MCR-6, 8 points) once the 5m goes: the prior
    throws the 5m into the danger rather than the far safer East pair."""
    view, plain, mine = mcr_decide("1m 2m 3m 4p 5p 6p 7s 8s 9s E E 5s 6s 5m", MCR_LATE, "5m")
    assert plain == mine == F("5m")
    model = danger.mcr(view)
    assert model.loss(F("5m")) > 5 * model.loss(F("E"))


def test_the_mcr_defence_keeps_every_answer_legal_over_whole_deals():
    """Seeded deals with the defending MCR prior in every seat end, every answer legal."""
    table_ = {"mcr": dict(POLICIES["mcr"], prior=M.defending_prior)}
    for seed in range(2):
        state, decisions = play_deal("mcr", seed, ["prior"] * 4, policies=table_)
        assert state.phase == "over" and decisions > 0

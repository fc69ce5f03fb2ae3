"""The Paohuzi prior (``ai/policies/paohuzi_prior.py``, rule ids ``PH-`` from
``shared/rules/paohuzi.md``): each of its rules on a hand-made position, where it plays
otherwise than ``basic`` and would not without the rule, and whole seeded deals where every
answer is legal.

Decisions are taken from what the engine hands a seat — ``game.view(state, seat)`` and
``game.legal_actions(state, seat)`` — as the AI service does. Positions pad hands with exposed
zero-huxi runs (``hold``), which count as groups but give no huxi.
"""

from __future__ import annotations

import random

import pytest

from ai.policies import POLICIES
from ai.policies import paohuzi_prior as P
from ai.policies.paohuzi_basic import basic
from engine.core.state import evolve
from engine.paohuzi import GAME as G
from engine.paohuzi import parse_face
from engine.paohuzi.scoring import evaluate
from tests.ai.deals import play_deal, play_one_seat
from tests.paohuzi.position import discard, faces, position, reveal

W = "x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x4 x6 x7 x8 x9 d4 d5 d6"
"""Twenty cards waiting on x5 (x4 x5 x6) with 18 huxi: two tun (PH-6.3)."""
POLICY_TABLE = {"paohuzi": dict(POLICIES["paohuzi"], prior=P.prior)}


def counts(text: str) -> tuple[int, ...]:
    c = [0] * 20
    for f in text.split():
        c[parse_face(f)] += 1
    return tuple(c)


def mask(text: str) -> int:
    return sum(1 << parse_face(f) for f in text.split())


def both(state, seat: int) -> tuple[dict, dict]:
    """(basic's answer, the prior's) for ``seat``; the prior's is checked legal."""
    legal = G.legal_actions(state, seat)
    view = G.view(state, seat)
    mine = P.prior(view, legal, random.Random(0))
    assert mine in legal
    return basic(view, legal, random.Random(0)), mine


def thrown(action: dict) -> str:
    assert action["type"] == "discard"
    return faces([action["card"]])


def claimed(action: dict) -> str:
    """``pass``, ``peng``, ``pao`` or ``chi <hand cards> [bi <cards>]``."""
    if action["type"] != "chi":
        return action["type"]
    return " ".join(["chi", faces(action["cards"])] + [f"bi {faces(g)}" for g in action["bi"]])


def hand_position(text: str, passed: str = "", **kw):
    """Seat 0 to discard from ``text`` with 21 cards held (padding runs exposed)."""
    return position({0: text}, hold={0: 21}, passed=(mask(passed), 0, 0), **kw)


def claim_position(hand: str, card: str):
    """Seat 0 discards ``card``; seat 1, next, holds ``hand`` (20 cards held) and may claim."""
    state = position({0: f"{card} x9 d9", 1: hand}, hold={0: 21, 1: 20})
    return discard(state, 0, card)


# ---------------------------------------------------------------- waits (PH-5, PH-6.3)

def test_wins_when_offered():
    """PH-5.2: a win on a revealed card is always taken."""
    state = reveal(position({1: "x5 x5 d10 d10 x3", 2: W}, hold={1: 20}, stock="x5"), 0)
    assert P.prior(G.view(state, 2), G.legal_actions(state, 2), random.Random(0)) == {
        "type": "win"}


def test_waits_price_each_winning_face():
    """PH-5.1, PH-6.3: W waits on x5 alone, for 18 huxi, two tun whoever reveals it."""
    assert P.waits((), counts(W)) == ((parse_face("x5"), 2.0),)
    assert P.waits((), counts(W.replace("x6", "d9"))) == ()  # x4 d9: not ready


def test_waits_under_15_huxi_win_nothing():
    """PH-5.1: a ready hand of zero-huxi chis makes seven groups on x2 or x5 but wins
    nothing."""
    hand = "x3 x4 x5 d3 d4 d5 x6 x7 x8 d6 d7 d8 x8 x9 x10 d8 d9 d10 x4 x6"
    assert P.waits((), counts(hand)) == ((parse_face("x2"), 0.0), (parse_face("x5"), 0.0))


def test_waits_agree_with_evaluate_face_by_face():
    """``holes`` finds every face on which ``evaluate`` makes seven groups (kans, wei and peng
    upgraded by a pao or ti included), over every waiting hand of a few seeded deals."""
    checked = 0
    for seed in range(6):
        state = G.new_deal(seed)
        rng = random.Random(seed)
        while seats := G.to_act(state):
            for s in range(3):
                if G.holding(state, s) == G.target(state, s) and not state.dead[s]:
                    exposed = G.exposed(state, s)
                    c = tuple(counts(faces(state.hands[s])))
                    brute = [f for f in range(20) if c[f] < 4 and any(
                        evaluate(exposed, c, f, own) is not None for own in (True, False))]
                    assert [f for f, _ in P.waits(exposed, c)] == brute
                    checked += 1
            seat = rng.choice(seats)
            state = G.apply(state, seat, basic(G.view(state, seat),
                                               G.legal_actions(state, seat), rng))
    assert checked > 100


def test_a_dead_ready_hand_loses_dead(monkeypatch):
    """A ready hand none of whose waits wins is worth ``DEAD`` less than its shape says."""
    hand = "x3 x4 x5 d3 d4 d5 x6 x7 x8 d6 d7 d8 x8 x9 x10 d8 d9 d10 x4 x6"
    t = P.Table(G.view(position({0: hand}), 0))
    value = P.total(t, (), counts(hand))
    monkeypatch.setattr(P, "DEAD", 0.0)
    assert P.total(t, (), counts(hand)) - value == pytest.approx(5.5)


def test_discard_keeps_the_wait_with_live_copies():
    """Two discards leave a ready 18-huxi hand: x4 waits on x7 or x10, whose other copies are
    all in the rows; x8 waits on x5, four unseen. ``basic`` throws x4, the prior x8."""
    hand = "x1 x2 x3 d1 d2 d3 x2 x7 x10 d2 d7 d10 x7 x8 x9 d4 d5 d6 x4 x6 x8"
    state = position({0: hand}, rows={1: "x7 x10", 2: "x7 x10 x10"})
    old, mine = both(state, 0)
    assert (thrown(old), thrown(mine)) == ("x4", "x8")
    t = P.Table(G.view(state, 0))
    assert P.wait_value(t, (), counts(hand.replace("x4 ", ""))) == 0  # none left
    assert P.wait_value(t, (), counts(hand[:-3])) == 8.0  # four x5, two tun each


def test_discard_avoids_a_ready_hand_short_of_huxi(monkeypatch):
    """``basic`` throws d8 and is ready, on x2 or d2 ... with 3 huxi: it cannot win; the prior
    breaks a run instead, and would not without ``DEAD``."""
    state = hand_position("d2 d3 d4 d8 x2 x3 x4 x7 x10")
    old, mine = both(state, 0)
    assert thrown(old) == "d8" and thrown(mine) == "x3"
    t = P.Table(G.view(state, 0))
    left = tuple(n - (f == parse_face("d8")) for f, n in enumerate(t.counts))
    assert P.waits(t.exposed, left) and all(tun == 0 for _, tun in P.waits(t.exposed, left))
    monkeypatch.setattr(P, "DEAD", 0.0)
    assert thrown(both(state, 0)[1]) == "d8"


# ---------------------------------------------------------------- pairs, big cards, huxi

def test_keeps_pairs(monkeypatch):
    """A pair can take a card from anyone (peng, PH-4.4) or its owner's reveal (wei, PH-4.3):
    ``basic`` breaks the x7 pair, the prior throws the lone d5 — not without ``PAIR``."""
    state = hand_position("d5 d8 d8 x3 x4 x6 x7 x7 x8")
    old, mine = both(state, 0)
    assert (thrown(old), thrown(mine)) == ("x7", "d5")
    monkeypatch.setattr(P, "PAIR", 0.0)
    assert thrown(both(state, 0)[1]) == "x7"


def test_a_passed_pair_is_only_a_pair():
    """PH-4.9: with x7 and d8 passed no peng can come of them, and the prior breaks x7."""
    state = hand_position("d5 d8 d8 x3 x4 x6 x7 x7 x8", passed="x7 d8")
    assert thrown(both(state, 0)[1]) == "x7"


def test_keeps_big_cards(monkeypatch):
    """PH-6.1, PH-6.2: big groups score double; the prior keeps the lone d5 where ``basic``
    throws it — not without ``BIG``."""
    state = hand_position("d5 d9 x1 x2 x3 x6 x7 x9 x10")
    old, mine = both(state, 0)
    assert (thrown(old), thrown(mine)) == ("d5", "x6")
    monkeypatch.setattr(P, "BIG", 0.0)
    assert thrown(both(state, 0)[1]) == "d5"


def test_reach_bounds_the_huxi_to_come():
    """PH-6.1, PH-6.2: d2 d7 (a big 2-7-10 short of d10), x1 x2 (a 1-2-3 short of x3) and the
    x5 pair (a wei or peng) can bring 6 + 3 + 3 huxi in three groups, 9 in two; nothing from a
    block whose card is all seen."""
    hand = counts("x1 x2 d2 d7 x5 x5 x9")
    unseen = (4,) * 20
    assert P.reach(hand, unseen, 3) == 12
    assert P.reach(hand, unseen, 2) == 9
    no_d10 = tuple(0 if f == parse_face("d10") else 4 for f in range(20))
    assert P.reach(hand, no_d10, 3) == 6


def test_keeps_huxi_chances(monkeypatch):
    """The prior keeps d1 d3 (a big 1-2-3 short of d2) where ``basic`` throws d1 — not without
    ``REACH``."""
    state = hand_position("d1 d3 d5 d9 d10 x3 x3 x6 x7")
    old, mine = both(state, 0)
    assert (thrown(old), thrown(mine)) == ("d1", "d5")
    monkeypatch.setattr(P, "REACH", 0.0)
    assert thrown(both(state, 0)[1]) == "d1"


# ---------------------------------------------------------------- claims (PH-4.4, PH-4.5)

def test_a_chi_must_pay_its_way(monkeypatch):
    """PH-4.5: ``basic`` chis x3 x4 on x5 (a zero-huxi run, breaking the x3 pair); the prior
    passes — not without ``CHI``."""
    state = claim_position("d8 d8 d10 x2 x3 x3 x4 x9", "x5")
    old, mine = both(state, 1)
    assert (claimed(old), claimed(mine)) == ("chi x3 x4", "pass")
    monkeypatch.setattr(P, "CHI", 0.0)
    assert claimed(both(state, 1)[1]).startswith("chi")


def test_chis_for_huxi(monkeypatch):
    """PH-4.6, PH-6.2: on x3 the prior shows x1 x2 x3 (3 huxi) with the bi x3 x4 x5, where
    ``basic`` passes — not without ``SECURED``."""
    state = claim_position("d2 d8 x1 x2 x3 x4 x5 x6", "x3")
    old, mine = both(state, 1)
    assert (claimed(old), claimed(mine)) == ("pass", "chi x1 x2 bi x3 x4 x5")
    monkeypatch.setattr(P, "SECURED", 0.0)
    assert claimed(both(state, 1)[1]) == "pass"


def test_no_chi_into_a_dead_ready_hand(monkeypatch):
    """``basic`` chis x7 x8 on x9 and is ready with too few huxi to win; the prior passes —
    not without ``DEAD``."""
    state = claim_position("d8 d9 d10 d10 x4 x6 x7 x8", "x9")
    old, mine = both(state, 1)
    assert (claimed(old), claimed(mine)) == ("chi x7 x8", "pass")
    monkeypatch.setattr(P, "DEAD", 0.0)
    assert claimed(both(state, 1)[1]) == "chi x7 x8"


def test_pengs(monkeypatch):
    """PH-4.4: the prior pengs the discarded d3 (3 huxi) where ``basic`` passes — not without
    ``PENG``."""
    state = claim_position("d1 d2 d3 d3 d4 d8 d9 x8", "d3")
    old, mine = both(state, 1)
    assert (claimed(old), claimed(mine)) == ("pass", "peng")
    monkeypatch.setattr(P, "PENG", 0.0)
    assert claimed(both(state, 1)[1]) == "pass"


def test_pao_unless_passing_is_worth_more(monkeypatch):
    """PH-4.4: a kan takes another's fourth card as a pao (6 huxi for 3); passing would have to
    be worth ``PAO`` more."""
    state = position({0: "x5 x9 d9", 2: "x5 x5 x5 d8 d10 x1 x2 d1"}, hold={0: 21, 2: 20})
    state = discard(state, 0, "x5")
    assert claimed(both(state, 2)[1]) == "pao"
    monkeypatch.setattr(P, "PAO", -100.0)
    assert claimed(both(state, 2)[1]) == "pass"


def test_passing_marks_the_face(monkeypatch):
    """PH-4.9: passing a peng on d3 leaves the d3 pair unable to peng; the pass is valued so."""
    state = claim_position("d1 d2 d3 d3 d4 d8 d9 x8", "d3")
    t = P.Table(G.view(state, 1))
    assert P.total(t, t.exposed, t.counts, mask("d3")) == pytest.approx(
        P.total(t, t.exposed, t.counts) - P.PASSED)


# ---------------------------------------------------------------- the table

def test_waits_count_more_when_an_opponent_shows_many_groups():
    """An opponent with five groups shown makes a ready hand's waits worth more (the deal
    will not last); a hand that is not ready is worth the same."""
    calm = position({0: W}, hold={1: 6, 2: 6})
    tense = position({0: W}, hold={1: 15, 2: 6})
    quiet, urgent = P.Table(G.view(calm, 0)), P.Table(G.view(tense, 0))
    assert (quiet.threat, urgent.threat) == (0, 3)
    assert P.total(urgent, (), counts(W)) > P.total(quiet, (), counts(W))
    other = counts(W.replace("x6", "d9"))
    assert P.total(urgent, (), other) == pytest.approx(P.total(quiet, (), other))


def test_the_dealers_shown_card_is_seen():
    """PH-2.2: the dealer's 21st card, shown to all, is not among the unseen copies while it
    stays in the dealer's hand."""
    state = G.new_deal(3)
    seat = (state.dealer + 1) % 3
    t = P.Table(G.view(state, seat))
    f = state.shown >> 2
    mine = counts(faces(state.hands[seat]))[f]
    public = sum(1 for s in range(3) for c in state.rows[s] if c >> 2 == f)
    assert t.unseen[f] == 4 - mine - public - 1


# ---------------------------------------------------------------- whole deals

@pytest.mark.parametrize("seed", range(9))
def test_whole_deals_only_legal_answers(seed):
    """The prior in one seat (each in turn) against ``basic``: every answer is legal
    (``play_deal`` asserts it) and the deal ends."""
    play_one_seat("paohuzi", 5000 + seed, "prior", seed % 3, 3, policies=POLICY_TABLE)


def test_deterministic():
    levels = ["prior", "basic", "prior"]
    a = play_deal("paohuzi", 77, levels, policies=POLICY_TABLE)[0]
    b = play_deal("paohuzi", 77, levels, policies=POLICY_TABLE)[0]
    assert a == b


# ---------------------------------------------------------------- house rules (OPT-PH-1)

def test_waits_count_tun_from_the_matchs_minimum():
    """OPT-PH-1.1, OPT-0.4: W's 18 huxi are two tun at 15 and three at 10, and the prior's
    ``Table`` reads the minimum from ``view["options"]``."""
    assert P.waits((), counts(W), 10) == ((parse_face("x5"), 3.0),)
    state = position({0: W})
    assert P.Table(G.view(state, 0)).minimum == 15
    ten = G.view(evolve(state, options=G.options({"min_huxi": 10})), 0)
    t = P.Table(ten)
    assert t.minimum == 10
    assert P.wait_value(t, (), counts(W)) == 4 * 3.0  # four unseen x5, three tun each


def test_a_ready_hand_under_fifteen_is_live_at_ten():
    """OPT-PH-1.1: 12 huxi (wei d3 6 + 2-7-10 small 3 + 1-2-3 small 3) win nothing at 15 and
    one tun at 10, so ``DEAD`` no longer applies."""
    hand = "x1 x2 x3 x2 x7 x10 x4 x5 x6 x7 x8 d5 d6 d7 d8 d9 d10"  # waits on x6 or x9
    exposed = (("wei", (parse_face("d3"),) * 3),)
    assert all(tun == 0 for _, tun in P.waits(exposed, counts(hand)))
    assert P.waits(exposed, counts(hand)) and all(
        tun == 1 for _, tun in P.waits(exposed, counts(hand), 10))


def test_clues_read_the_matchs_minimum():
    """OPT-PH-1.1: a reveal an opponent let pass contradicts a hand that would have won on it
    under the match's minimum: 12 huxi on x6 is no win at 15, one at 10."""
    from ai.policies.paohuzi_clues import Clues

    hand = counts("x1 x2 x3 x2 x7 x10 x4 x5 x6 x7 x8 d5 d6 d7 d8 d9 d10")
    exposed = (("wei", (parse_face("d3"),) * 3),)
    loose = tuple(n if n < 3 else 0 for n in hand)
    reveals = ((parse_face("x6"), False),)
    at_15 = Clues(caps=(4,) * 20, reveals=reveals, exposed=exposed, discarded=None)
    at_10 = Clues(caps=(4,) * 20, reveals=reveals, exposed=exposed, discarded=None, minimum=10)
    assert at_15.contradicted(hand, loose, 0.0) == 0
    assert at_10.contradicted(hand, loose, 0.0) == 1


# ---------------------------------------------------------------- house rules (OPT-PH-3, OPT-PH-5)

def test_waits_are_priced_by_the_matchs_payment():
    """OPT-0.4 with OPT-PH-3 and OPT-PH-5: the prior prices a wait by what each opponent would
    pay. BLACK waits on d9 (绞 x9 x9 d9) for 18 huxi, two tun, no red card: 2 by default;
    under full 乌胡 8: 16; with xing "follow" the one d9 adds a tun: 3 × 8 = 24. (It waits on
    x9 and its kans' faces too.) ``Table`` reads the options."""
    black = "d1 d1 d1 d3 d3 d3 d8 d8 d8 x3 x4 x5 x4 x5 x6 d4 d5 d6 x9 x9"
    d9 = parse_face("d9")
    assert dict(P.waits((), counts(black)))[d9] == 2.0
    full = G.options({"mingtang": "full"})
    assert dict(P.waits((), counts(black), 15, full))[d9] == 16.0
    follow = G.options({"mingtang": "full", "xing": "follow"})
    assert dict(P.waits((), counts(black), 15, follow))[d9] == 24.0
    state = evolve(position({0: black}), options=follow)
    t = P.Table(G.view(state, 0))
    assert t.options == follow
    default = P.Table(G.view(position({0: black}), 0))
    assert P.wait_value(t, (), counts(black)) > 8 * P.wait_value(default, (), counts(black))

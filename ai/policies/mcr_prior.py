"""MCR, the policy ``strong`` starts from (its prior): ``basic``, but it plays toward hands worth
the 8-point minimum (MCR-4.2) instead of toward any ready hand.

``basic`` discards to the lowest shanten and looks at the 8-point minimum only once ready, so
most of its ready hands are dead: over 40 basic-played deals, 463 of the 672 ready hands after a
discard had no wait worth 8 points, and such a hand keeps drawing and discarding without a win
it may declare. The prior

- plans early: each discard is weighed by its distance to the nearest hand likely worth 8
  (``_effective``: the fan-aware shanten of ``mcr_targets`` over flush, all pungs, seven pairs,
  knitted and straight shapes, or the plain shanten plus ``PLAIN``), then as basic does;
- once the hand is ready or one tile from it, counts the unseen tiles whose draw would let it
  become ready on a wait worth 8 (``live_draws``) and takes the discard with most of them
  whenever the hand has no live ready discard: a dead ready hand is broken up for one that can
  win;
- once ready, keeps the waits worth most: their unseen copies times what the win is paid
  (``ready_worth``: 24 plus twice its points, MCR-5.2), where ``basic`` counts the copies alone;
- declines claims that would leave an open hand ready but dead, and where ``basic`` passes,
  takes the chow or pung that brings the hand strictly nearer a hand worth 8 (``_effective``
  after its best discard: a chow that completes a straight, a pung toward all pungs).

Kongs and the other claims are ``basic``'s.

**Defence** (``defend_discard``, on ``danger.mcr``): short of ready, the prior's discard gives
way to one cheaper by ``danger.cheapest``'s weighing (expected payment to a likely-ready
opponent plus the progress given up); ``defending_prior`` is the prior with it,
``plain_prior`` without; ``prior`` defends only if ``DEFEND``.

Over 1,000 shuffles (``bench/duel.py``) the live-draws prior alone gained +1.96 [+1.31, +2.61] a
deal over ``basic`` on seed 9 and +2.18 [+1.51, +2.85] on seed 2; with the targets, +3.28
[+2.56, +4.00] and +3.01 [+2.24, +3.78] on the same shuffles (wins 28.1% and 27.4% of its deals
against 21.5% and 21.7%, deals in 14.5% and 14.2% against 16.9% and 16.4%), CPU p99 11.4–11.5 ms a
decision. The ready hand's worth and the nearer claims together (``bench.duel --against`` the
prior without them, paired, 1,000 shuffles a seed): +1.22 [+0.46, +1.98] a deal on seed 55,
+0.79 [+0.04, +1.54] on seed 61, +0.61 [-0.12, +1.34] on seed 62; it wins 29.4-29.5% of its
deals against 27.0-27.9% (pooled +0.87 [+0.44, +1.30]). Of the two, the nearer claims alone
gave +0.23 [-0.50, +0.97] (seed 53) and +0.31 [-0.40, +1.03] (seed 54), the ready hand's worth
alone +0.21 [-0.10, +0.52] (seed 51) and +0.15 [-0.16, +0.45] (seed 52, 600 shuffles each);
against ``basic``, +4.00 [+3.15, +4.85] on seed 9 (``bench/results/value-mcr/``).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from engine.mahjong import parse_face
from engine.mcr import scoring

from . import danger, mcr_basic, mcr_targets
from .discards import by_face as discards_by_face
from .mcr_basic import (
    NUM_FACES,
    Counts,
    _add,
    _Hand,
    _scoring_waits,
    _Seat,
    _shanten,
    _tie_break,
    wait_points,
)

Melds = tuple[scoring.Meld, ...]


def _live(me: _Seat, melds: Melds, c: Counts) -> bool:
    """Whether the ready 3k+1 counts ``c`` have a wait worth 8 points."""
    return bool(_scoring_waits(melds, c, me.seat_wind, me.prevailing, me.minimum))


def live_draws(me: _Seat, melds: Melds, c: Counts, concealed: bool) -> int:
    """Unseen tiles whose draw lets the 3k+1 counts ``c`` discard to a ready hand with a wait
    worth 8 points."""
    return sum(me.unseen[y] for y in _live_faces(melds, c, concealed, me.seat_wind,
                                                   me.prevailing, me.minimum))


@lru_cache(maxsize=1 << 15)
def _live_faces(melds: Melds, c: Counts, concealed: bool, seat_wind: int, prevailing: int,
                minimum: int) -> tuple[int, ...]:
    """The faces whose draw lets ``c`` discard to a ready hand with a wait worth 8 (cached:
    they depend on the hand alone, and a hand is asked about at every turn it is kept). One
    tile from ready, only a draw that lowers the shanten can; a ready hand may change its
    wait with any."""
    hand = _Hand.of(c, concealed)
    draws = range(NUM_FACES) if hand.shanten() == 0 else hand.lowering()
    out = []
    for y in draws:
        if c[y] == 4:
            continue
        c2 = _add(c, y, 1)
        more = hand.plus(y)
        for g in range(NUM_FACES):
            if (c2[g] and g != y and more.shanten_without(g) == 0
                    and _scoring_waits(melds, _add(c2, g, -1), seat_wind, prevailing,
                                       minimum)):
                out.append(y)
                break
    return tuple(out)


PLAIN = 2
"""Shanten added to a plain hand (no target of ``mcr_targets``) when it is weighed against the
targets: a plain ready hand often scores under 8."""


def _effective(c: Counts, melds: Melds, concealed: bool) -> int:
    """The distance to a hand likely worth 8: the nearest target's (``mcr_targets``), or the
    plain hand's shanten plus ``PLAIN``."""
    return min(mcr_targets.distance(c, melds), _shanten(c, concealed) + PLAIN)


WIN_BASE = 24
"""What any win is paid before its points: 8 by each of three players (MCR-5.2)."""
PER_POINT = 2
"""What a point of the win is worth to the winner: paid once on a discard, three times on a
self-draw (MCR-5.2)."""


def ready_worth(me: _Seat, c: Counts) -> int:
    """What the ready counts ``c``'s waits promise: each wait worth 8 or more, its unseen copies
    times what the win is paid (``WIN_BASE`` plus ``PER_POINT`` a point). ``basic`` counts the
    copies alone: a wait on a 24-point flush counts as much as one on an 8-point hand."""
    return sum(me.unseen[f] * (WIN_BASE + PER_POINT * pts)
               for f, pts in wait_points(me.melds, c, me.seat_wind, me.prevailing, me.minimum))


def _most_ukeire(me: _Seat, hand: _Hand, by_face: dict[int, dict[str, Any]],
                 cands: list[int]) -> dict[str, Any]:
    """The discard among ``cands`` that leaves most unseen draws lowering the shanten, then
    ``_tie_break``'s."""
    if len(cands) > 1:
        uk = {f: hand.without(f).ukeire(me.unseen) for f in cands}
        most = max(uk.values())
        cands = [f for f in cands if uk[f] == most]
    return by_face[min(cands, key=lambda f: _tie_break(me, f))]


def _ready_discard(me: _Seat, hand: _Hand, by_face: dict[int, dict[str, Any]],
                   ready: list[int]) -> dict[str, Any] | None:
    """Among the discards ``ready`` that leave a ready hand, the one whose waits promise most
    (``ready_worth``), then the most ukeire, then ``_tie_break``; None when none is live."""
    worth = {f: ready_worth(me, _add(me.counts, f, -1)) for f in ready}
    best = max(worth.values())
    if best == 0:
        return None
    cands = [f for f in ready if worth[f] == best]
    return _most_ukeire(me, hand, by_face, cands)


def _discard(me: _Seat, discards: list[dict[str, Any]]) -> dict[str, Any]:
    """The discard toward a hand worth 8: a discard that leaves a live ready hand, the one whose
    waits promise most (``ready_worth``). Otherwise the discards nearest a hand likely worth 8
    (``_effective``); among them, one tile from ready or nearer, the most draws toward a live
    ready hand; else the lowest shanten, the most ukeire, then ``_tie_break``."""
    by_face = discards_by_face(discards, me.face_of_id)
    hand = _Hand.of(me.counts, me.concealed)
    sh = {f: hand.shanten_without(f) for f in by_face}
    low = min(sh.values())
    if low == 0:
        live = _ready_discard(me, hand, by_face, [f for f in by_face if sh[f] == 0])
        if live is not None:
            return live
    eff = {f: _effective(_add(me.counts, f, -1), me.melds, me.concealed)
           for f in by_face}
    near = min(eff.values())
    cands = [f for f in by_face if eff[f] == near]
    draws = {f: live_draws(me, me.melds, _add(me.counts, f, -1), me.concealed)
             for f in by_face if sh[f] <= 1}
    if draws and max(draws.values()) > 0:
        # one tile from ready: live draws count, over every discard as before
        most = max(draws.values())
        best = min((f for f in draws if draws[f] == most),
                   key=lambda f: (sh[f], _tie_break(me, f)))
        return by_face[best]
    least = min(sh[f] for f in cands)
    cands = [f for f in cands if sh[f] == least]
    return _most_ukeire(me, hand, by_face, cands)


def _nearest_after(rest: Counts, melds: Melds) -> int:
    """``_effective`` of the 3k+2 open counts ``rest`` after their best discard."""
    return min(_effective(_add(rest, g, -1), melds, False) for g in range(NUM_FACES) if rest[g])


def _nearer_claim(view: dict[str, Any], me: _Seat, legal: list[dict[str, Any]]
                  ) -> dict[str, Any] | None:
    """The chow or pung after which the hand, once it discards, is strictly nearer a hand worth
    8 (``_effective``), nearest first, and does not stand ready but dead (``_claim_ok``); None
    when none is. ``basic`` claims only what lowers the shanten, and while concealed only a
    valuable pung or a claim that makes it ready on 8 points: a chow that completes a straight's
    third chow, or a pung toward all pungs, it passes."""
    f = parse_face(view["claim"]["card"]["face"])
    now = _effective(me.counts, me.melds, me.concealed)
    best: tuple[int, dict[str, Any]] | None = None
    for a in legal:
        if a["type"] not in ("chow", "pung"):
            continue
        rest, meld = mcr_basic.claimed(me.counts, f, a)
        near = _nearest_after(rest, me.melds + (meld,))
        if near < now and (best is None or near < best[0]) and _claim_ok(view, me, a):
            best = (near, a)
    return None if best is None else best[1]


def _claim_ok(view: dict[str, Any], me: _Seat, action: dict[str, Any]) -> bool:
    """Whether a claim keeps the hand able to win: a claim after which the best discard
    leaves a ready hand must leave one with a wait worth 8."""
    kind = action["type"]
    if kind == "pass":
        return True
    f = parse_face(view["claim"]["card"]["face"])
    rest, meld = mcr_basic.claimed(me.counts, f, action)
    if kind == "kong":
        return True
    if _shanten(rest, False) != 0:
        return True
    melds = me.melds + (meld,)
    hand = _Hand.of(rest, False)
    return any(hand.shanten_without(g) == 0 and _live(me, melds, _add(rest, g, -1))
               for g in range(NUM_FACES) if rest[g])


STEP = (40.0, 20.0, 10.0, 6.0)
"""Points an MCR hand gives up by going one step further from a hand worth 8 (``_effective``),
by its steps after the prior's discard (0 never: a ready hand is not broken up): Sichuan's
``STEP`` scaled by what a win is worth here (24 + total on a discard, MCR-5.2)."""
STEP_WALL = 40
"""Wall tiles left below which a step is worth less, in proportion."""
THREAT = 0.05
"""No opponent this likely ready (``danger.mcr``): no defence, and no time spent on it."""
MARGIN = 0.1
"""A safer discard replaces the prior's only when it costs at least this much less."""
DEFEND = False
"""Whether ``prior`` (so ``strong``) defends. Off: against the prior without it (``bench.duel
mcr ...:defending_prior --against ...:prior``, seeds 46-49 fixed in advance, 1,000 shuffles
each) it gained -0.01 [-0.29, +0.26] a deal over the four, dealing in on 12.7% of its deals
against 14.3% and winning 26.7% against 27.2%: fewer deal-ins, as many points
(``bench/results/danger/``, docs/ai.md Defence)."""


def defend_discard(view: dict[str, Any], me: _Seat, legal: list[dict[str, Any]],
                   choice: dict[str, Any]) -> dict[str, Any]:
    """The discard of least cost (``danger.cheapest``): the points it is expected to pay an
    opponent (``danger.mcr``) plus what it gives up of the hand against ``choice``: a step
    further from a hand worth 8 (``_effective``, priced by ``STEP``), or a share of the draws
    that bring the hand nearer to ready (one tile from ready: to a live ready hand,
    ``live_draws``). A hand ready after ``choice`` is not broken up."""
    b = me.face_of_id[choice["card"]]
    hand = _Hand.of(me.counts, me.concealed)
    low = hand.shanten_without(b)
    if low == 0:
        return choice
    model = danger.mcr(view)
    if model.threat() < THREAT:
        return choice
    by_face = discards_by_face([a for a in legal if a["type"] == "discard"], me.face_of_id)
    eff = {f: _effective(_add(me.counts, f, -1), me.melds, me.concealed) for f in by_face}
    step = danger.step_cost(STEP, eff[b], view["wall_remaining"], STEP_WALL)

    near = low <= 1

    def improving(f: int) -> int:
        # one tile from ready, the prior plays for draws toward a live ready hand (``_discard``)
        if near:
            return live_draws(me, me.melds, _add(me.counts, f, -1), me.concealed)
        return hand.without(f).ukeire(me.unseen)

    return by_face[danger.cheapest(model, by_face, b, eff, step, improving, MARGIN)]


def plain_prior(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random
                ) -> dict[str, Any]:
    """The prior without its defence: the reference the defence is measured against
    (``bench.duel ... --against``)."""
    return _prior(view, legal, rng, defend=False)


def defending_prior(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random
                    ) -> dict[str, Any]:
    """The prior with its defence (``defend_discard``), whatever ``DEFEND`` says."""
    return _prior(view, legal, rng, defend=True)


def prior(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random
          ) -> dict[str, Any]:
    """The prior's action (module docstring), defending if ``DEFEND``; deterministic, ``rng``
    unused."""
    return _prior(view, legal, rng, defend=DEFEND)


def _prior(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random,
           defend: bool) -> dict[str, Any]:
    for a in legal:
        if a["type"] == "win":
            return a
    if view.get("phase") == "claim":
        me = _Seat(view)
        choice = mcr_basic.basic(view, legal, rng)
        if not _claim_ok(view, me, choice):
            choice = next(a for a in legal if a["type"] == "pass")
        if choice["type"] == "pass":
            return _nearer_claim(view, me, legal) or choice
        return choice
    if any(a["type"] in ("concealed_kong", "added_kong") for a in legal):
        return mcr_basic.basic(view, legal, rng)
    me = _Seat(view)
    choice = _discard(me, [a for a in legal if a["type"] == "discard"])
    return defend_discard(view, me, legal, choice) if defend else choice


__all__ = ["DEFEND", "MARGIN", "PER_POINT", "STEP", "STEP_WALL", "THREAT", "WIN_BASE",
           "defend_discard", "defending_prior", "live_draws", "plain_prior", "prior",
           "ready_worth"]

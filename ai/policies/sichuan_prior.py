"""Sichuan prior for ``strong``: ``basic`` (``sichuan_basic.py``) with four value-aware rules
and a defence.

``basic`` plays for the fastest hand and takes every win, so many of its wins are 0-fan hands
paid 1 point. The prior keeps every decision of ``basic`` but four (rule ids from
``shared/rules/sichuan.md``):

- **Waits by value.** When ``basic``'s discard leaves the hand ready, the prior discards instead
  the tile whose ready hand has the waits worth most: the sum, over the faces that complete it,
  of their unseen copies times (points of that win + 1). Points double per fan (SC-8, SC-9.1),
  so a flush, all-pungs, outside or rooted wait can beat a wider plain one; the + 1 is what a
  win is worth besides its points (the winner leaves play and pays nothing more, SC-6.1).
- **Early discard wins are passed.** A win on a discard (``claim.kind == "discard"``) is
  declined — SC-5.4: passing a win costs nothing — while 30 or more tiles are left in the wall
  and all four players are active: the same wait self-drawn pays base + 1 from each of three
  opponents (SC-9.3) instead of the base from the discarder alone (SC-9.2). Self-draws and
  robbing a kong (+1 fan, SC-8) are always taken, and so is every win later in the deal.
- **A full flush from 11 tiles of a suit.** ``basic`` never plays for a flush (over 100
  basic-played deals, seed 5, none of its 256 wins was one: 201 were 0-fan), yet a flush is
  +2 fan, four times the points. Once ``FLUSH_AT`` (11) of the hand's tiles are of one suit (a
  declared meld counting three, none outside it: ``flush_suit``), a hand short of ready throws
  the other suit's tiles first, the best of them by ``basic``'s own ranking
  (``flush_discard``), and passes pungs and kongs of the other suit (``flush_claim``). A
  discard that leaves the hand ready stands: its waits are priced as above, flush included.
- **A held pair's draws count four times** (``PAIR_WEIGHT``, session 23). Short of ready,
  among the discards of least shanten ``basic`` takes the one with most unseen draws that
  lower the shanten; the prior counts a draw that completes a held pair four times, as any of
  three opponents' discards can complete it too (a pung, SC-5.1). Against the prior without it
  (``bench.tune``, 8,000 shuffles on seeds 1411-1414 fixed before): +0.066 [+0.045, +0.087] a
  deal (``bench/results/tune-sichuan/``).

Measured with ``bench.duel`` (this policy in one seat, ``basic`` in the others; the seat's
gain per deal over ``basic`` in its place, paired on the shuffle, 95% CI), 1,000 shuffles each:
seed 9 +0.031 [-0.006, +0.068] (not clearly above zero), seed 2 +0.054 [+0.022, +0.086]; win
rate 66% (``basic`` 67%), deal-in rate 47% (``basic`` 43%), CPU p99 1.8 ms a decision.
The two seeds together, 2,000 shuffles: +0.043 [+0.018, +0.067] (the shuffles are independent,
so the two intervals pool; basic's own edge over ``random`` is +4.48), small, but above zero.
Variants tried on other seeds, each as the gain over the version it changes: keeping value *plans*
short of ready (full flush, all pungs, seven pairs chosen by a fitted chance of completing them)
was no better, and twice as slow (dropping them: +0.045 [-0.045, +0.135], 500 shuffles, seed 22;
-0.064 on 300 shuffles of seed 21); weighting the waits by a fitted chance to win instead of
linearly changed nothing (-0.015 [-0.071, +0.040], 500, seed 24), so the simpler one stayed;
declining discard wins (kept) gained +0.035 [-0.013, +0.083] (seed 22) and +0.032 [-0.007, +0.071]
(seed 23), 500 shuffles each, declining only 0-fan ones +0.018 [-0.021, +0.058] (seed 22).

The flush play (issue 29), measured as its gain over the prior without it (``bench.duel ...
--against ...:unflushed_prior``): +0.066 [-0.007, +0.139] a deal (400 shuffles, seed 37), +0.032
[-0.021, +0.084] (400, seed 32). With it, over ``basic``, on the shuffles above (1,000 each): seed 9
+0.051 [+0.003, +0.099] (was +0.031), seed 2 +0.099 [+0.055, +0.143] (was +0.054), together +0.075
[+0.042, +0.108] (was +0.043 [+0.018, +0.067]); win rate 66% (``basic`` 67%), deal-in 37% (the
``basic`` seats 34%), CPU p99 1.3 ms a decision. Tried with it and dropped, each as its gain over
the prior of the time (400 shuffles unless said; the runs stopped early had shown enough): from 12
tiles +0.066 [-0.005, +0.137] (seed 39: as good, 11 stayed); from 10 +0.018 [-0.086, +0.122] (seed
35); from 9 -0.22 [-0.49, +0.05] (100, seed 36); from 9 while the flush is at most one step further
than the hand -0.010 [-0.126, +0.106] (300, seed 38); only breaking ties between the discards of
least shanten towards a flush +0.006 [-0.062, +0.073] (seed 34); a hand one step from ready ranking
its discards by the value of the ready hands the next draw reaches (each draw's unseen copies times
the best ready hand's waits, priced as above, instead of ``basic``'s count of draws) -0.019 [-0.123,
+0.084] (seed 31, and CPU p99 5 ms instead of 1); a concealed hand of five pairs playing for seven
pairs (passing pungs, throwing the single with fewest unseen copies) -0.035 [-0.119, +0.049] (100,
seed 31); every kong declared unless it breaks a ready hand +0.000 [-0.098, +0.098] (50, seed 32:
``basic`` takes nearly every kong already); the missing suit declared by the steps from ready the
hand keeps (then ``basic``'s order) -0.005 [-0.074, +0.064] (150, seed 33); playing for the
flush, a ready hand that is no flush broken up for it while 40 tiles or more are left: +0.037
[+0.002, +0.073] (300, seed 33), but +0.011 [-0.007, +0.029] (seed 34) and, on the shuffles
above, +0.010 [-0.030, +0.050] (500, seed 9) and -0.002 [-0.020, +0.017] (500, seed 2).

- **Defence** (``defend_discard``, on ``danger.py``'s model): short of ready, each discard is
  priced as the points it is expected to pay a likely-ready opponent (``danger.sichuan``) plus
  what it gives up against the discard above: a step from ready (``STEP``, by the hand's
  steps, less as the wall runs out, ``STEP_WALL``), or the share of the drawable tiles that
  bring the hand nearer (as that share of a step). The cheapest replaces it when it costs at
  least ``MARGIN`` less. A ready hand is never broken up, and nothing changes while no
  opponent is likelier than ``THREAT`` to be ready. ``plain_prior`` is the prior without it,
  ``defending_prior`` with it; ``prior`` defends only if ``DEFEND``, off as it has not
  measured better (``DEFEND``).

It sees only the seat's view and keeps no state besides caches: deterministic.
"""

from __future__ import annotations

import random
from functools import lru_cache

from engine.mahjong import parse_face, standard_shanten
from engine.sichuan.scoring import FAN_CAP, DeclaredMeld, base_points, evaluate

from . import danger
from . import sichuan_basic as basic_ai
from .discards import by_face as discards_by_face
from .sichuan_basic import NUM, Counts, _add, _Seat

DECLINE_WALL = 30
"""Discard wins are passed while at least this many tiles are left in the wall."""

Melds = tuple[DeclaredMeld, ...]

STEP = (8.0, 4.0, 2.0, 1.2)
"""Points a hand gives up by going one step further from ready, by its steps after its best
discard (0 never: a ready hand is not broken up). Set by hand, then doubled: against the prior
without the defence (``bench.duel ... --against ...:plain_prior``, 200 shuffles, seed 72) these
gained +0.095 [-0.028, +0.218] a deal, half of them (2, 1, 0.5, 0.3) -0.007 [-0.132, +0.117]
(readier to give up progress: no better); none of these is a clear interval."""
STEP_WALL = 40
"""Wall tiles left below which a step is worth less, in proportion."""
THREAT = 0.05
"""No opponent this likely ready: no defence (and no time spent on it)."""
DEFEND = False
"""Whether ``prior`` (so ``strong``) defends. Off: on seeds 2901 and 2902 (2,000 shuffles each,
``bench/results/danger/``) the defence lowered the prior's deal-in share from 37.1% to 36.2% and
from 37.2% to 36.0%, but its gain over ``basic`` went from +0.04 [+0.01, +0.06] to +0.04
[-0.01, +0.09] and from +0.05 [+0.02, +0.07] to +0.02 [-0.03, +0.06] a deal, and its own gain
over the prior without it was -0.011 [-0.099, +0.077] and -0.056 [-0.163, +0.050] (400
shuffles each, seeds 73 and 74): no gain shown."""
MARGIN = 0.02
"""A discard replaces ``basic``'s only when it costs at least this much less."""
FLUSH_AT = 11
"""Tiles of one suit (a declared meld counting three) from which the prior plays for that suit's
full flush (``flush_suit``). Against the prior without it (``bench.duel ... --against
...:unflushed_prior``, 400 shuffles each): from 11 +0.066 [-0.007, +0.139] a deal (seed 37),
from 10 +0.018 [-0.086, +0.122] (seed 35), from 9 -0.22 [-0.49, +0.05] (seed 36, stopped at
100 shuffles)."""
FLUSH = True
"""Whether ``prior`` plays for a flush (``unflushed_prior`` is the prior without it)."""
PAIR_WEIGHT = 4.0
"""Short of ready, how much a draw that completes a held pair counts among the discards of least
shanten (a pung can be claimed off any of three opponents' discards, SC-5.1); 1 is ``basic``'s
ranking. 4 measured +0.066 [+0.045, +0.087] a deal over 1 on 8,000 shuffles
(bench/results/tune-sichuan)."""


def read_melds(view: dict) -> Melds:
    """The seat's declared pungs and kongs, as ``engine.sichuan.scoring`` reads them."""
    me = view["players"][view["seat"]]
    return tuple(DeclaredMeld(m["type"], parse_face(m["cards"][0]["face"]), m["concealed"])
                 for m in me["melds"])


def is_ready(c: Counts, melds: Melds) -> bool:
    """Whether the 3k+1 hand ``c`` is one tile from a win: standard (SC-7.1), or seven pairs
    (SC-7.2, four of a kind counting as two pairs) while it has no meld."""
    return standard_shanten(c) == 0 or (not melds and sum(n // 2 for n in c) == 6)


@lru_cache(maxsize=1 << 15)
def wait_points(c: Counts, melds: Melds, face: int, missing: int | None,
                cap: int | None = FAN_CAP, extra: tuple[str, ...] = ()) -> int:
    """Points (SC-9.1, capped at the match's ``cap``, OPT-SC-3.1, with its ``extra`` fan rows,
    OPT-SC-7.1) of the win on ``face`` for the 3k+1 hand ``c``, without self-draw or event fan;
    0 when ``face`` does not complete a legal hand (SC-7.3 included)."""
    ev = evaluate(melds, _add(c, face), face, missing, extra_fans=extra)
    return base_points(ev.fan, cap) if ev is not None else 0


def fan_cap(view: dict) -> int | None:
    """The match's fan cap (OPT-SC-3) from the view; the default for a view without options."""
    return (view.get("options") or {}).get("fan_cap", FAN_CAP)


def extra_fans(view: dict) -> tuple[str, ...]:
    """The match's extra fan rows (OPT-SC-7) from the view; none for a view without options."""
    return tuple((view.get("options") or {}).get("extra_fans", ()))


def wait_worth(c: Counts, melds: Melds, me: _Seat, cap: int | None = FAN_CAP,
               extra: tuple[str, ...] = ()) -> int:
    """Unseen copies of each winning face times (its points + 1), summed over the faces."""
    return sum(me.unseen[f] * (p + 1) for f in range(NUM) if me.unseen[f] and f // 9 != me.missing
               and (p := wait_points(c, melds, f, me.missing, cap, extra)))


def _discard(view: dict, me: _Seat, legal: list[dict], choice: dict) -> dict:
    """``basic``'s discard, unless it leaves the hand ready and another ready discard keeps
    waits worth more (``wait_worth``)."""
    b = me.face_of_id[choice["card"]]
    melds = read_melds(view)
    if not is_ready(_add(me.counts, b, -1), melds):
        return choice if PAIR_WEIGHT == 1 else basic_ai.best_discard(me, legal, PAIR_WEIGHT)
    by_face = discards_by_face(legal, me.face_of_id)
    cap, extra = fan_cap(view), extra_fans(view)
    worth = {f: wait_worth(_add(me.counts, f, -1), melds, me, cap, extra) for f in sorted(by_face)
             if is_ready(_add(me.counts, f, -1), melds)}
    best = max(worth, key=lambda f: worth[f])
    return choice if worth[b] >= worth[best] else by_face[best]


def flush_suit(me: _Seat, melds: Melds) -> int | None:
    """The suit the hand plays a full flush in (SC-8: +2 fan, four times the points): the live
    suit it holds most tiles of, once ``FLUSH_AT`` of its tiles (a declared meld counting three)
    are of it and no declared meld lies outside it; None otherwise."""
    live = [s for s in range(3) if s != me.missing]
    suit = max(live, key=lambda s: (sum(me.counts[9 * s:9 * s + 9]), -s))
    if any(m.face // 9 != suit for m in melds):
        return None
    held = sum(me.counts[9 * suit:9 * suit + 9]) + 3 * len(melds)
    return suit if held >= FLUSH_AT else None


def flush_discard(view: dict, me: _Seat, legal: list[dict], choice: dict) -> dict:
    """Playing for a flush (``flush_suit``), a hand short of ready throws the other suit's tiles
    first, the best of them by ``basic``'s own ranking (``discard_key``): ``basic`` keeps them
    whenever they make a faster, cheaper hand. A discard that leaves the hand ready stands (its
    waits are priced by ``wait_worth``, which counts the flush)."""
    melds = read_melds(view)
    suit = flush_suit(me, melds)
    if suit is None or is_ready(_add(me.counts, me.face_of_id[choice["card"]], -1), melds):
        return choice
    by_face = discards_by_face(legal, me.face_of_id)
    off = [f for f in by_face if f // 9 != suit]
    if not off:
        return choice
    sh = basic_ai.shanten_each(me.counts, me.concealed, off, -1)
    return by_face[min(sorted(off), key=lambda f: basic_ai.discard_key(me, f, sh[f]))]


def flush_claim(view: dict, legal: list[dict], choice: dict) -> dict:
    """Playing for a flush (``flush_suit``), a pung or kong of another suit's discard is passed:
    it would end the flush for good."""
    me = _Seat(view)
    suit = flush_suit(me, read_melds(view))
    if suit is None or parse_face(view["claim"]["card"]["face"]) // 9 == suit:
        return choice
    return next((a for a in legal if a["type"] == "pass"), choice)


def defend_discard(view: dict, me: _Seat, legal: list[dict], choice: dict) -> dict:
    """The discard of least cost (``danger.cheapest``): the points it is expected to pay an
    opponent (``danger.sichuan``) plus what it gives up of the hand against ``choice`` (a step
    from ready priced by ``STEP``, or a share of the tiles that bring the hand nearer). A ready
    hand is not broken up: its waits are what it plays for."""
    b = me.face_of_id[choice["card"]]
    if is_ready(_add(me.counts, b, -1), read_melds(view)):
        return choice
    model = danger.sichuan(view)
    if model.threat() < THREAT:
        return choice
    by_face = discards_by_face(legal, me.face_of_id)
    sh = basic_ai.shanten_each(me.counts, me.concealed, list(by_face), -1)
    low = sh[b]
    step = danger.step_cost(STEP, low, view["wall_remaining"], STEP_WALL)

    def improving(f: int) -> int:
        return basic_ai.ukeire(_add(me.counts, f, -1), me.concealed, me.missing, me.unseen, low)

    return by_face[danger.cheapest(model, by_face, b, sh, step, improving, MARGIN)]


def _named_win(view: dict, legal: list[dict]) -> dict:
    """Blood River's first-turn win names the tile for the win pile (OPT-SC-2.2): the one that
    leaves the locked hand the waits worth most (``wait_worth``)."""
    me = _Seat(view)
    melds = read_melds(view)
    cap = fan_cap(view)
    wins = [a for a in legal if a["type"] == "win"]
    return max(wins, key=lambda a: wait_worth(_add(me.counts, me.face_of_id[a["card"]], -1),
                                              melds, me, cap))


def declines(view: dict, legal: list[dict]) -> bool:
    """Whether to pass the win on offer: a discard's, early, with all four players active and
    none has won yet. Never in a Blood River locked hand (OPT-SC-2.3): its waits stay as they
    are, so a win passed is only points lost."""
    claim = view.get("claim") or {}
    return (claim.get("kind") == "discard" and view["wall_remaining"] >= DECLINE_WALL
            and not view["players"][view["seat"]].get("locked")
            and not any(p.get("won") for p in view["players"])
            and any(a["type"] == "pass" for a in legal))


def plain_prior(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The prior without its defence: the reference the defence is measured against
    (``bench.duel ... --against``)."""
    return _prior(view, legal, rng, defend=False)


def defending_prior(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The prior with its defence (``defend_discard``), whatever ``DEFEND`` says."""
    return _prior(view, legal, rng, defend=True)


def unflushed_prior(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The prior without its flush play (``flush_discard``, ``flush_claim``): the reference
    that play is measured against (``bench.duel ... --against``)."""
    return _prior(view, legal, rng, defend=DEFEND, flush=False)


def prior(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The Sichuan prior (module docstring), defending if ``DEFEND``. Deterministic; ``rng`` is
    unused."""
    return _prior(view, legal, rng, defend=DEFEND)


def _prior(view: dict, legal: list[dict], rng: random.Random, defend: bool,
           flush: bool = FLUSH) -> dict:
    choice = basic_ai.basic(view, legal, rng)
    if choice["type"] == "win":
        if "card" in choice:
            return _named_win(view, legal)
        return next(a for a in legal if a["type"] == "pass") if declines(view, legal) else choice
    if flush and view.get("phase") == "claim" and choice["type"] in ("pung", "kong"):
        return flush_claim(view, legal, choice)
    if choice["type"] != "discard":
        return choice
    me = _Seat(view)
    if me.missing is not None and any(me.counts[9 * me.missing:9 * me.missing + 9]):
        return choice  # SC-3.2: basic's pick among the missing suit's tiles
    choice = _discard(view, me, legal, choice)
    if flush:
        choice = flush_discard(view, me, legal, choice)
    return defend_discard(view, me, legal, choice) if defend else choice


__all__ = ["DECLINE_WALL", "DEFEND", "FLUSH", "FLUSH_AT", "MARGIN", "STEP", "STEP_WALL",
           "THREAT", "declines", "defend_discard", "defending_prior", "flush_claim",
           "flush_discard", "flush_suit", "is_ready", "plain_prior", "prior", "read_melds",
           "unflushed_prior", "wait_points", "wait_worth"]

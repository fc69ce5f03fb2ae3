"""A danger model for the mahjong games with discard wins (Sichuan, MCR): how likely a discard
is to be won on, and what that costs, read from a seat's view only.

No game here has furiten (a player may win on a face it discarded itself, or passed), so no tile
is safe for certain but those an opponent cannot win on by the rules (its declared missing suit
in Sichuan, SC-7.3; any tile once it has left play, SC-6.1). Everything else is a chance, built
from what the seat sees:

- **Is the opponent ready?** The share of ``basic`` players ready after as many discards (the
  refiners' measured ``*_SHARES``), raised for a Blood River locked hand (ready for certain) and
  lowered while its last discard was of its missing suit (it may still hold more of it, and a
  hand holding that suit cannot win).
- **Does its wait take this face?** Wait shapes are counted over the copies the seat cannot see
  (no-chance counting): a pair wait needs one unseen copy of the face, a pung wait two, a
  two-sided, edge or closed wait one unseen copy of each of its two neighbours. A face whose
  copies and neighbours are all in sight fits no wait; the face's share of all shapes over the
  faces the opponent can win on, times the faces a ready hand waits on (``WAITS``), is the
  chance a ready opponent wins on it.
- **What it has shown since**: a face discarded by anyone after the opponent's last discard,
  not won on, is nearly safe from it (its hand is unchanged since, and an opponent that passes a
  win it could take is rare: ``PASSED``); a face in its own river a little safer (``OWN``).
- **Its suit pattern (Sichuan)**: declared melds all of one suit, or a river without that suit,
  look like a full flush (+2 fan, SC-8): that suit's faces more dangerous and worth more, the
  other live suit's less.

``expected_loss`` is the points a discard is expected to pay (summed over the opponents: each
one's chance of being ready, times its chance of waiting on the face, times what its win would
cost); a prior weighs it against its own hand's progress (``sichuan_prior``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .unseen import Counts

WAITS = 2.0
"""Faces a ready hand waits on, on average (a two-sided wait 2, a pair or closed wait 1, and
the wider multi-sided waits): the scale from a face's share of the wait shapes to a chance."""
PASSED = 0.1
"""A face passed by a ready opponent since its last discard: it would have won on it, unless it
declines wins (a prior's early discard wins, SC-5.4)."""
OWN = 0.6
"""A face in the opponent's own river: its wait may have changed since, but a hand that gave
a face up seldom waits on it."""
FLUSH_SUIT = 1.6
"""A flush-looking opponent's chance on its flush suit's faces, relative to a plain one."""
FLUSH_OTHER = 0.15
"""... and on the other live suit's faces (a flush holds none)."""
FLUSH_FAN = 2
"""The fan a full flush adds (SC-8)."""
LATE_MISSING = 0.3
"""Readiness kept by an opponent whose last discard was of its missing suit (it may have
thrown its last one)."""
CAP = 0.9
"""No face is a ready opponent's wait for certain: the model's chances stop here."""


@dataclass(frozen=True)
class Opponent:
    """What the danger model reads of one opponent still able to win."""

    seat: int
    ready: float
    """Chance its hand is ready now."""
    dead: frozenset[int]
    """Faces it cannot win on (its missing suit)."""
    passed: frozenset[int]
    """Faces discarded since its last discard and not won on by it."""
    own: frozenset[int]
    """Faces in its river."""
    flush: int | None
    """The suit (0-2) its melds and river point to as a full flush, if any."""
    value: float
    """What a win of its would cost the discarder, in points."""


def shapes(unseen: Counts, f: int, suited: int) -> float:
    """Wait shapes an unseen hand can hold on face ``f``: pair waits (one unseen copy), pung
    waits (two), and for suited faces (``f < suited``) the sequence waits of two neighbours,
    each counted by the unseen copies they could be made of."""
    u = unseen[f]
    n = u + u * (u - 1) / 2
    if f >= suited:
        return n
    r, base = f % 9, f - f % 9
    for a, b in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)):
        if 0 <= a and b <= 8:
            n += unseen[base + a] * unseen[base + b]
    return n


def wait_chances(unseen: Counts, live: Sequence[int], suited: int) -> dict[int, float]:
    """A ready hand's chance of winning on each face of ``live`` (the faces it may win on), by
    each face's share of the wait shapes (``shapes``) times ``WAITS``."""
    w = {f: shapes(unseen, f, suited) for f in live}
    total = sum(w.values())
    if total <= 0:
        return dict.fromkeys(live, 0.0)
    return {f: min(CAP, WAITS * x / total) for f, x in w.items()}


def discard_counts(events: Sequence[dict[str, Any]], players: int) -> list[int]:
    """Discards each seat has made (its river shrinks when a discard is claimed)."""
    n = [0] * players
    for e in events:
        if e.get("type") == "discard":
            n[e["seat"]] += 1
    return n


def passed_since(events: Sequence[dict[str, Any]], seat: int,
                 face: Any) -> tuple[frozenset[int], int | None]:
    """Faces the others discarded after ``seat``'s last discard (``face`` reads a card), and
    the face of that discard (None before its first)."""
    later: set[int] = set()
    for e in reversed(events):
        if e.get("type") != "discard":
            continue
        f = face(e["card"]["face"])
        if e["seat"] == seat:
            return frozenset(later), f
        later.add(f)
    return frozenset(), None


def ready_share(shares: Sequence[Sequence[float]], discards: int) -> float:
    """The share of ``basic`` hands ready after ``discards`` discards (row 0 of ``shares``)."""
    return shares[min(discards, len(shares) - 1)][0]


def hit(opp: Opponent, chances: dict[int, float], f: int) -> float:
    """Chance that ``opp``, if ready, wins on face ``f``."""
    if f in opp.dead:
        return 0.0
    p = chances.get(f, 0.0)
    if f in opp.passed:
        p *= PASSED
    elif f in opp.own:
        p *= OWN
    if opp.flush is not None and f < 27:
        p = min(CAP, p * (FLUSH_SUIT if f // 9 == opp.flush else FLUSH_OTHER))
    return p


@dataclass(frozen=True)
class Danger:
    """The danger model of one view: its opponents and the wait chances over each one's faces."""

    opponents: tuple[Opponent, ...]
    chances: tuple[dict[int, float], ...]

    def deal_in(self, f: int) -> float:
        """Chance that discarding face ``f`` is won on by at least one opponent."""
        miss = 1.0
        for o, ch in zip(self.opponents, self.chances, strict=True):
            miss *= 1.0 - o.ready * hit(o, ch, f)
        return 1.0 - miss

    def loss(self, f: int) -> float:
        """Points that discarding face ``f`` is expected to pay (every winner on a discard is
        paid by its discarder, SC-5.2, SC-9.2)."""
        return sum(o.ready * hit(o, ch, f) * o.value
                   for o, ch in zip(self.opponents, self.chances, strict=True))

    def threat(self) -> float:
        """The likeliest-ready opponent's chance of being ready."""
        return max((o.ready for o in self.opponents), default=0.0)


def build(opponents: Sequence[Opponent], unseen: Counts, faces: int, suited: int) -> Danger:
    """The model for ``opponents`` given the seat's unseen copies."""
    chances = tuple(wait_chances(unseen, [f for f in range(faces) if f not in o.dead], suited)
                    for o in opponents)
    return Danger(tuple(opponents), chances)


def step_cost(prices: Sequence[float], low: int, wall: int, wall_from: int) -> float:
    """Points one more step from ready costs a hand ``low`` steps from ready after its chosen
    discard (``prices`` by steps), with ``wall`` tiles left: a nearer hand's step is worth more,
    and less once the wall is under ``wall_from``, when fewer draws are left to make it up."""
    return prices[min(low, len(prices) - 1)] * min(1.0, wall / wall_from)


def cheapest(model: Danger, faces: Iterable[int], choice: int, steps: dict[int, int],
             step: float, improving: Callable[[int], int], margin: float) -> int:
    """The discard a defending prior plays instead of its ``choice``: each face of ``faces``
    costs the points it is expected to pay (``Danger.loss``) plus what it gives up against
    ``choice``: ``step`` per step from ready (``steps``) beyond the choice's, or, no further,
    the share of the choice's ``improving`` draws it loses, priced as that share of a step. The
    cheapest replaces the choice when it costs at least ``margin`` less."""
    low = steps[choice]
    u_b = max(1, improving(choice))

    def cost(f: int) -> float:
        if steps[f] > low:
            return model.loss(f) + step * (steps[f] - low)
        return model.loss(f) + step * max(0, u_b - improving(f)) / u_b

    order = sorted(faces)
    costs = {f: cost(f) for f in {*order, choice}}
    best = min(order, key=costs.__getitem__)
    return best if costs[best] < costs[choice] - margin else choice


__all__ = ["CAP", "FLUSH_FAN", "FLUSH_OTHER", "FLUSH_SUIT", "LATE_MISSING", "OWN", "PASSED",
           "WAITS", "Danger", "Opponent", "build", "cheapest", "discard_counts", "flush_read",
           "hit", "mcr", "passed_since", "ready_share", "shapes", "sichuan", "step_cost",
           "wait_chances"]


# ------------------------------------------------------------------ Sichuan

SICHUAN_VALUE = 2.0
"""What a plain ready Sichuan opponent's win costs its discarder (base 2 ^ fan, SC-9.1). Set by
hand; a ``basic`` deal-in costs 1.31 on average (``bench/results/danger/dealin-cost-sichuan.txt``),
but the defence measured no better with 1.3 (docs/ai.md, Defence)."""


def flush_read(p: dict[str, Any], live: Sequence[int], face: Any,
               river_at: int) -> int | None:
    """The suit an opponent's declared melds and river point to as a flush, among the ``live``
    suits: suited melds all of one live suit and hardly a discard of it while every other live
    suit was thrown twice or more, or no melds and a river of ``river_at`` or more live discards
    none of which is of one live suit."""
    river = [face(t["face"]) // 9 for t in p["discards"]]
    thrown = {s: river.count(s) for s in live}
    meld_suits = {face(m["cards"][0]["face"]) // 9 for m in p["melds"] if m["cards"]}
    meld_suits.discard(3)  # honour melds fit any flush (MCR's half flush)
    if len(meld_suits) == 1:
        (s,) = meld_suits
        return s if s in live and thrown[s] <= 1 and all(
            thrown[o] >= 2 for o in live if o != s) else None
    if meld_suits or any(m["cards"] for m in p["melds"]):
        return None
    for s in live:
        if thrown[s] == 0 and sum(thrown.values()) >= river_at:
            return s
    return None


def sichuan(view: dict[str, Any]) -> Danger:
    """The danger model of a Sichuan view: every opponent still able to win (a winner leaves
    play, SC-6.1, but a Blood River locked hand stays, ready, OPT-SC-2.3)."""
    from engine.mahjong import SUITS, parse_face

    from .sichuan_refine import SICHUAN_SHARES
    from .unseen import shown_ids, unseen_counts

    me = view["seat"]
    events = view.get("events") or ()
    counts = discard_counts(events, len(view["players"]))
    cap = (view.get("options") or {}).get("fan_cap", 5)
    opponents = []
    for s, p in enumerate(view["players"]):
        if s == me or (p.get("won") and not p.get("locked")) or not p.get("missing_suit"):
            continue
        m = SUITS.index(p["missing_suit"])
        passed, last = passed_since(events, s, parse_face)
        ready = 1.0 if p.get("locked") else ready_share(SICHUAN_SHARES, counts[s])
        if last is not None and last // 9 == m and not p.get("locked"):
            ready *= LATE_MISSING
        flush = flush_read(p, [x for x in range(3) if x != m], parse_face, 5)
        melds = [x for x in p["melds"] if x["cards"] is not None]
        fan = (FLUSH_FAN if flush is not None else 0) + (len(melds) >= 2) \
            + sum(x["type"] == "kong" for x in p["melds"])
        value = SICHUAN_VALUE * 2 ** min(fan, cap if cap is not None else fan)
        opponents.append(Opponent(
            s, ready, frozenset(range(9 * m, 9 * m + 9)), passed,
            frozenset(parse_face(t["face"]) for t in p["discards"]), flush, value))
    return build(opponents, unseen_counts(shown_ids(view), 27), 27, 27)


# ------------------------------------------------------------------ MCR

MCR_FAN = 14.5
"""What an MCR opponent's win on a discard totals (MCR-4), whatever it shows: 586 discard wins
of 1,000 basic-played deals averaged 14.5 (``bench/results/danger/calibration-mcr-seed6.txt``),
and the wins of opponents whose melds read as a flush, all pungs or honour pungs averaged no
more (15.5, 12.2 and 10.8): so no bonus for what the table shows."""
MCR_DEALIN = 0.0
"""Points a deal-in costs beyond the total: the discarder pays 8 + total where the others pay
8 (MCR-5.2), and a self-draw costs every seat 8 + total (MCR-5.1), so dealing in costs about
the total more than another seat's win does."""
MCR_RIVER_FLUSH = 6
"""Suited discards, none of one suit, from which an MCR river without melds reads as a flush."""
MCR_LIVE = 0.3
"""Share of the ``basic`` ready shares (``MCR_SHARES``) that can win: most ready MCR hands
have no wait worth 8 (MCR-4.2). Calibrated: at 1 the model's chances were about 3.5 times the
true rates in every bin (300 deals, seed 5); at 0.3 they match (1,000 deals, seed 6)."""


def mcr(view: dict[str, Any]) -> Danger:
    """The danger model of an MCR view: the three opponents (the first win ends the deal,
    MCR-3.4), 34 faces of which the 27 suited take sequence waits; flowers are never
    discarded, and no suit is missing."""
    from engine.mahjong import NUM_FACES, parse_face

    from .mcr_refine import MCR_SHARES
    from .unseen import shown_ids, unseen_counts

    me = view["seat"]
    events = view.get("events") or ()
    counts = discard_counts(events, len(view["players"]))
    opponents = []
    for s, p in enumerate(view["players"]):
        if s == me or p.get("won"):
            continue
        passed, _ = passed_since(events, s, parse_face)
        flush = flush_read(p, (0, 1, 2), parse_face, MCR_RIVER_FLUSH)
        opponents.append(Opponent(
            s, MCR_LIVE * ready_share(MCR_SHARES, counts[s]), frozenset(), passed,
            frozenset(parse_face(t["face"]) for t in p["discards"]), flush,
            MCR_FAN + MCR_DEALIN))
    return build(opponents, unseen_counts(shown_ids(view), NUM_FACES), NUM_FACES, 27)

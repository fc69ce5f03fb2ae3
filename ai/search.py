"""The search of the ``strong`` level, for every game: its prior's choice and basic's few best
candidates, each tried on the same sampled deals and played out to the end of the deal; the
prior's choice stands unless another clearly does better. It knows no game: each brings its
``basic``, prior and refiner (``ai/policies/__init__.py`` puts them together), and the game
object its view sampler (``game.sample``).

How one decision goes:

1. One legal action: play it; a win: the prior's answer, unsearched (every ``basic`` and
   every prior takes it, but Sichuan's prior passes early discard wins).
2. Candidates: the prior's choice (``PRIORS`` in ``ai/policies/__init__.py``: a game's
   heuristic that does better than ``basic`` where ``basic`` is known to leave points, e.g.
   MCR's ready hands that cannot reach 8; ``basic`` itself where a game has none), then
   ``basic``'s choice, then its choice among what is left, and so on (its ranking), keeping
   ``candidates`` that differ (two discards of the same face are one candidate).
3. A full state consistent with the seat's view (``game.sample``: the service has the view
   only), then per iteration ``game.determinize`` re-deals the hidden cards and
   the game's refiner (``ai/policies/<game>_refine.py``) moves the opponents' re-dealt hands
   as near to ready as ``basic`` players' are that far into the deal (a uniform re-deal
   leaves them two exchanges behind, so playouts showed dealing in and slow hands as nearly
   free), every candidate is applied to that same deal and the deal is played out, the seat
   itself by its prior (as it will go on playing) and the others by ``basic``, with the same
   random stream (common random numbers: the candidates differ by their choice, not by their
   luck). After the first third of the
   iterations only two candidates go on: the prior's choice and the one that did best against
   it (its challenger).
4. The prior's choice stays unless the challenger beats it on the paired differences by more
   than ``margin`` standard errors over at least ``min_pairs`` deals: a few noisy rollouts must
   not overrule a sound heuristic (playouts render views without the event log: no ``basic``
   reads it, and it was a tenth of a playout; an action found among the legal ones just
   listed is applied with the game's ``apply_listed``, without listing them again).
5. Early stopping (``Settings.early_stop``): from the end of the first third on (and at least
   ``min_pairs`` iterations), after every iteration a challenger is dropped once it is
   ``margin`` standard errors behind, or can no longer end ``margin`` standard errors ahead
   even if the rest of the budget went at its upper bound; the search stops when only the
   prior's choice is left or a challenger leads it by ``settle_margin`` standard errors. What
   is left of the time budget is not spent: the next decision comes sooner.

Iterations run until the time budget (``budget_ms``, default 1 s) would be exceeded, or exactly
``rollouts`` of them when that is set (fewer if ``max_steps`` caps the engine steps their
playouts may take): the fixed mode's choices never depend on the clock and are deterministic
for the ``rng`` passed, which the arena's reproducible statistics and the tests use. Unlike
the other levels the timed mode depends on the clock; it is still pure otherwise (no I/O, no
shared state). A view the sampler cannot read (it never happened in the tests over whole deals
of every game) leaves the prior's choice.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import get_game
from engine.core.sampling import Unsampleable
from engine.core.state import evolve

Policy = Callable[[dict, list[dict], random.Random], dict]
Refiner = Callable[[Any, Any, int, random.Random], Any]
"""A game's correction of a re-dealt state: (game, state, seat, rng) -> a likelier state."""

DEFAULT_BUDGET_MS = 1000.0
SAFETY = 0.8
"""Start another iteration only if it should end within this share of the budget."""


@dataclass(frozen=True)
class Settings:
    """How hard ``strong`` searches."""

    budget_ms: float = DEFAULT_BUDGET_MS
    """Time per decision; ignored when ``rollouts`` is set."""
    rollouts: int | None = None
    """Fixed playouts per decision for the prior's choice and the challenger (the others get the
    first third of them): no clock read."""
    candidates: int = 3
    """How many of basic's ranked choices are searched."""
    margin: float = 2.0
    """Standard errors by which a candidate must beat the prior's choice to replace it. Paohuzi at
    1 switched 48 of 310 searched choices in the oracle check (``bench/strong_oracle.py``, +0.10
    a decision [-0.04, +0.24], against 13 and +0.01 at 2), but in the arena, on the same 100
    shuffles with 24 playouts, it gained +0.12 a deal [-0.18, +0.42] against +0.15 [-0.04,
    +0.35] at 2: the switches added spread, not gain."""
    min_pairs: int = 6
    """Paired results a candidate needs before it may replace the prior's choice (two equal
    results have no spread: any margin of standard errors would pass)."""
    early_stop: bool = True
    """After the first share of the playouts (a third, and at least ``min_pairs``), drop a
    candidate once its paired difference to the prior's choice is ``margin`` standard errors
    below zero, or so far from ``margin`` standard errors ahead that even results at its upper
    bound for the rest of the budget would not get it there (it could no longer replace the
    prior's choice), and stop as soon as the decision is settled: only the prior's choice
    left, or a candidate ahead of it by ``settle_margin`` standard errors.
    False: every playout of the budget is played (the search before early stopping)."""
    max_steps: int | None = None
    """At most about this many engine steps (actions applied) over one decision's playouts:
    with ``rollouts``, a fixed work budget as reproducible as they are that, like ``budget_ms``,
    bounds the slowest decisions. An iteration starts only if the steps its playouts are
    expected to take (the mean so far) fit, so a decision whose playouts are long (early in a
    deal they are whole deals) plays fewer of them. None: no cap."""
    settle_margin: float = 3.0
    """Standard errors by which a candidate must lead the prior's choice to end the search
    early. More than ``margin``: a test repeated after every playout would let noise through
    more often than the one test at the end does: in a simulation of 24 paired results of a
    candidate no better than the prior's choice (normal noise, 6,000 runs), 2 standard errors
    tested once at the end let it through 3.1% of the time, tested after each of the 8th to the
    24th 11.7%, and 3 standard errors after each 2.6%."""


@dataclass
class Work:
    """The engine steps playouts took, and how many playouts (``Settings.max_steps``'s meter)."""

    steps: int = 0
    playouts: int = 0

    def _per_iteration(self, racing: int) -> float:
        return self.steps / self.playouts * racing

    def fits(self, cap: int, racing: int) -> bool:
        """Whether another iteration of ``racing`` playouts, each as long as the mean so far,
        stays within ``cap`` steps (always before the first playout)."""
        return self.playouts == 0 or self.steps + self._per_iteration(racing) <= cap

    def iterations(self, cap: int, racing: int) -> int:
        """How many more such iterations ``cap`` leaves room for (after the first playout)."""
        return int(max(0, cap - self.steps) / max(1.0, self._per_iteration(racing)))


@dataclass
class Search:
    """What one decision's search did (for tests and tuning)."""

    candidates: list[dict]
    values: list[list[int]]
    chosen: int
    settled: bool = False
    """The search stopped before its budget: the decision was settled (``Settings.early_stop``)."""


def _faces(view: Any, out: dict[int, str]) -> dict[int, str]:
    """Every card id the view shows, with its face."""
    if isinstance(view, dict):
        if isinstance(view.get("id"), int) and isinstance(view.get("face"), str):
            out[view["id"]] = view["face"]
        for v in view.values():
            _faces(v, out)
    elif isinstance(view, list):
        for v in view:
            _faces(v, out)
    return out


def _signature(action: dict, faces: dict[int, str]) -> str:
    """The action with card ids replaced by faces: copies of a card are the same choice."""
    def face(x: Any) -> Any:
        if isinstance(x, bool):
            return x
        if isinstance(x, int):
            return faces.get(x, x)
        if isinstance(x, list):
            return sorted((face(y) for y in x), key=str)
        return x
    return json.dumps({k: face(v) if k in ("card", "cards", "bi") else v
                       for k, v in action.items()}, sort_keys=True)


def ranked(basic: Policy, view: dict, legal: list[dict], rng: random.Random,
           limit: int, first: dict | None = None) -> list[dict]:
    """Basic's ``limit`` best distinct choices, best first: its choice, then its choice without
    that one, and so on (in the list's order once basic cannot choose from what is left);
    ``first``, when given, comes before them all (the prior's choice)."""
    faces = _faces(view, {})
    left = list(legal)
    out: list[dict] = []
    seen: set[str] = set()
    if first is not None:
        seen.add(_signature(first, faces))
        out.append(first)
    while left and len(out) < limit:
        try:
            a = basic(view, left, rng)
        except (StopIteration, LookupError, ValueError):
            a = left[0]  # a list no real turn offers (a claim without pass): take them in order
        sig = _signature(a, faces)
        left = [b for b in left if _signature(b, faces) != sig]
        if sig not in seen:
            seen.add(sig)
            out.append(a)
    return out


def _light_view(game: Any, state: Any, seat: int) -> dict:
    """The seat's view without its event log: no ``basic`` reads the events, and rendering
    them (the whole deal's, at every step) took most of a playout's time."""
    return game.view(evolve(state, events=()), seat)


def playout(game: Any, state: Any, basic: Policy, rng: random.Random,
            deadline: float | None = None, own: tuple[int, Policy] | None = None,
            work: Work | None = None) -> list[int] | None:
    """Every seat plays ``basic`` to the end of the deal, but the seat of ``own`` (seat,
    policy) plays that policy: the deal's score deltas (None when ``perf_counter`` passes
    ``deadline`` first); ``work``, when given, counts the actions applied and the playout. An
    action found among the legal ones just listed is applied without listing them again
    (``apply_listed``, where the game has it)."""
    apply_listed = getattr(game, "apply_listed", None)
    while seats := game.to_act(state):
        if deadline is not None and time.perf_counter() > deadline:
            return None
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            policy = own[1] if own is not None and seat == own[0] else basic
            action = policy(_light_view(game, state, seat), legal, rng)
        if apply_listed is not None and action in legal:
            state = apply_listed(state, seat, action)
        else:
            state = game.apply(state, seat, action)
        if work is not None:
            work.steps += 1
    if work is not None:
        work.playouts += 1
    result = game.result(state)
    assert result is not None
    return list(result["deltas"])


class StrongPolicy:
    """The ``strong`` policy of one game (module docstring)."""

    def __init__(self, game_name: str, basic: Policy, refine: Refiner | None = None,
                 settings: Settings | None = None, prior: Policy | None = None) -> None:
        self.game = get_game(game_name)
        self.refine = refine
        """The game's correction of a re-dealt state towards what the opponents' play
        reveals (None: the uniform re-deal)."""
        self.basic = basic
        self.prior = prior
        """The policy whose choice stands unless the search finds better, and which plays the
        searching seat's own rest of the deal in the playouts (None: ``basic``)."""
        self.settings = settings or Settings()

    def __call__(self, view: dict, legal: list[dict], rng: random.Random) -> dict:
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if a["type"] == "win":  # taken, unless the prior passes it (Sichuan's may, SC-5.4)
                return a if self.prior is None else self.prior(view, legal, rng)
        found = self.search(view, legal, rng)
        return found.candidates[found.chosen]

    def base(self, view: dict, rng: random.Random) -> Any | None:
        """A state consistent with ``view``, which every iteration re-deals (None: nothing to
        sample)."""
        try:
            return self.game.sample(view, random.Random(rng.getrandbits(64)))
        except (Unsampleable, ValueError):
            return None

    def sampled(self, base: Any, seat: int, rng: random.Random) -> tuple[Any, int]:
        """One iteration's deal (``base`` re-dealt for ``seat`` and refined) and the seed of
        the stream every candidate's playout shares on it (common random numbers)."""
        deal_rng = random.Random(rng.getrandbits(64))
        deal = self.game.determinize(base, seat, deal_rng)
        if self.refine is not None:
            deal = self.refine(self.game, deal, seat, deal_rng)
        return deal, rng.getrandbits(64)

    def played(self, deal: Any, seat: int, action: dict, stream: int,
               deadline: float | None = None, work: Work | None = None) -> list[int] | None:
        """``action`` played on ``deal`` and the deal played out (the seat by the prior, the
        rest by ``basic``): every seat's score, or None past ``deadline``; ``work`` counts the
        playout's steps."""
        own = (seat, self.prior) if self.prior is not None else None
        return playout(self.game, self.game.apply(deal, seat, action), self.basic,
                       random.Random(stream), deadline, own, work)

    def search(self, view: dict, legal: list[dict], rng: random.Random) -> Search:
        """Rank, sample, play out; ``chosen`` indexes ``candidates``."""
        start = time.perf_counter()
        s = self.settings
        proposed = self.prior(view, legal, rng) if self.prior is not None else None
        cands = ranked(self.basic, view, legal, rng, s.candidates, proposed)
        values: list[list[int]] = [[] for _ in cands]
        if len(cands) == 1:
            return Search(cands, values, 0)
        seat = view["seat"]
        base = self.base(view, rng)
        if base is None:
            return Search(cands, values, 0)  # nothing to search on: the prior's choice
        budget = SAFETY * s.budget_ms / 1000
        first = max(2, -(-s.rollouts // 3)) if s.rollouts is not None else None
        per_rollout = 0.0
        done = 0
        racing = list(range(len(cands)))
        work = Work()
        while s.rollouts is None or done < s.rollouts:
            spent = time.perf_counter() - start
            if s.rollouts is None and spent + per_rollout * len(racing) > budget:
                break
            if s.max_steps is not None and not work.fits(s.max_steps, len(racing)):
                break
            if len(racing) > 2 and (done == first if first is not None
                                    else done >= 2 and spent > budget / 3):
                racing = [0, self._challenger(values)]  # the rest of the budget on one duel
            deal, stream = self.sampled(base, seat, rng)
            row: list[int] = []
            deadline = None if s.rollouts is not None else start + budget
            for i in racing:
                t0 = time.perf_counter()
                if deadline is not None and row and t0 + per_rollout > deadline:
                    break  # out of time mid-iteration: an unpaired result would mislead
                deltas = self.played(deal, seat, cands[i], stream, deadline, work)
                if deltas is None:
                    break  # the budget ran out inside a playout
                row.append(deltas[seat])
                took = time.perf_counter() - t0
                per_rollout = max(per_rollout * 0.8 + took * 0.2, took)
            if len(row) < len(racing):
                break
            for i, x in zip(racing, row, strict=True):
                values[i].append(x)
            done += 1
            if s.early_stop and done >= max(s.min_pairs, first or 2) and (
                    first is not None or time.perf_counter() - start > budget / 3):
                spent = time.perf_counter() - start
                total = s.rollouts if s.rollouts is not None else done + int(
                    max(0.0, budget - spent) / max(per_rollout * len(racing), 1e-9))
                if s.max_steps is not None:
                    total = min(total, done + work.iterations(s.max_steps, len(racing)))
                racing = [i for i in racing
                          if i == 0 or not (self._behind(values, i)
                                            or self._hopeless(values, i, total))]
                if racing == [0] or any(self._ahead(values, i) for i in racing[1:]):
                    return Search(cands, values, self._choice(values), settled=True)
        return Search(cands, values, self._choice(values))

    def _bounds(self, values: list[list[int]], i: int, margin: float) -> tuple[float, float]:
        """Candidate ``i``'s mean paired difference to the prior's choice, ± ``margin``
        standard errors."""
        diffs = self._paired(values, i)
        mean = statistics.fmean(diffs)
        half = margin * statistics.stdev(diffs) / math.sqrt(len(diffs))
        return mean - half, mean + half

    def _behind(self, values: list[list[int]], i: int) -> bool:
        """Clearly no better than the prior's choice: even the upper bound (``margin``) is not
        above it, so it could hardly end ``margin`` standard errors ahead (every result equal
        to the prior's is no reason to go on either)."""
        return self._bounds(values, i, self.settings.margin)[1] <= 0

    def _hopeless(self, values: list[list[int]], i: int, total: int) -> bool:
        """Even if its results from now on to ``total`` paired results averaged its upper bound
        (``margin``), candidate ``i`` would not end ``margin`` standard errors (at today's
        spread) ahead of the prior's choice: ``_choice`` would keep the prior's choice anyway.
        A candidate exactly level with it is one of these from about 40% of the playouts on
        (with 24: from the 10th); without a real edge, its chance to end two standard errors ahead
        from level at a third of the way is under 1% (normal noise)."""
        diffs = self._paired(values, i)
        n = len(diffs)
        if total <= n:
            return False
        mean, sd = statistics.fmean(diffs), statistics.stdev(diffs)
        upper = mean + self.settings.margin * sd / math.sqrt(n)
        final = (n * mean + (total - n) * upper) / total
        return final <= self.settings.margin * sd / math.sqrt(total)

    def _ahead(self, values: list[list[int]], i: int) -> bool:
        """Clearly better than the prior's choice, by ``settle_margin``: ``_choice`` takes it."""
        return (len(values[i]) >= max(2, self.settings.min_pairs)
                and self._bounds(values, i, self.settings.settle_margin)[0] > 0)

    @staticmethod
    def _paired(values: list[list[int]], i: int) -> list[int]:
        """Candidate ``i``'s results minus the first's (the prior's choice), on the deals both
        were played."""
        return [a - b for a, b in zip(values[i], values[0], strict=False)]

    def _challenger(self, values: list[list[int]]) -> int:
        """The candidate that did best against the prior's choice so far."""
        return max(range(1, len(values)),
                   key=lambda i: statistics.fmean(self._paired(values, i) or [0]))

    def _choice(self, values: list[list[int]]) -> int:
        """The prior's choice unless another beats it by ``margin`` standard errors (paired)."""
        best, best_mean = 0, 0.0
        for i in range(1, len(values)):
            diffs = self._paired(values, i)
            if len(diffs) < max(2, self.settings.min_pairs):
                continue
            mean = statistics.fmean(diffs)
            se = statistics.stdev(diffs) / math.sqrt(len(diffs))
            if mean > best_mean and mean > self.settings.margin * se:
                best, best_mean = i, mean
        return best


__all__ = ["Policy", "Refiner", "Search", "Settings", "StrongPolicy", "Work", "playout",
           "ranked"]

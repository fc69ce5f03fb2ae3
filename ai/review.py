"""The reviewer: one of a player's decisions judged by ``strong``'s search, given a fixed number
of playouts so that a review is reproducible (the same deal reviews the same way every time).

``evaluate`` takes exactly what the seat saw (its view and legal actions at that moment) and
what it played. Like ``strong`` (``ai/search.py``) it ranks the prior's choice and basic's best
few; the player's choice joins them when it is not among them. Every candidate is played out
on the same sampled deals (common random numbers: the candidates differ by their choice, not by
their luck), so each gets an expected score with its standard error over those deals, and the
player's choice against the reviewer's a paired difference. The reviewer's choice is the one
``strong`` would make from those results: the prior's, unless another beats it by ``margin``
standard errors (``StrongPolicy._choice``), so a deal ``strong`` played reviews as matched.

Pure (no I/O, no clock): a server runs it in a worker process, one decision per call, and
stores the answers (``server/review.py``).
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass
from typing import Any

from .policies import PRIORS, strong_policy
from .search import Settings, _faces, _signature, ranked


@dataclass(frozen=True)
class ReviewSettings:
    """How hard the reviewer looks at one decision."""

    rollouts: int = 16
    """Sampled deals every candidate is played out on."""
    candidates: int = 3
    """basic's ranked choices searched beside the prior's (the player's joins them)."""
    flag_margin: float = 2.0
    """Standard errors by which the reviewer's choice must beat the player's for the decision to
    be flagged: another choice that did about as well on the sampled deals is no mistake (the
    margin by which ``strong`` itself leaves its prior's choice)."""


ROLLOUTS: dict[str, int] = {"mcr": 16, "nantong": 20, "paohuzi": 32, "sichuan": 24}
"""Default playouts per candidate and decision, per game: a whole deal's review of one seat
within about 20 s of one core on this 2-core machine (docs/ai.md, "Review")."""


def settings_for(game: str) -> ReviewSettings:
    """The default reviewer settings of ``game``."""
    return ReviewSettings(rollouts=ROLLOUTS.get(game, 16))


def _stats(xs: list[int]) -> tuple[float, float]:
    """Mean and its standard error (0 for fewer than two values)."""
    if not xs:
        return 0.0, 0.0
    mean = statistics.fmean(xs)
    se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return mean, se


def evaluate(game_name: str, view: dict, legal: list[dict], played: dict, seed: str,
             settings: ReviewSettings | None = None) -> dict[str, Any]:
    """One decision reviewed: the player's action and the reviewer's, the expected score of
    each (``mean``, ``se``), the paired difference (``loss``: what the player's choice cost in
    expectation, ``loss_se``), ``matched`` (the same choice), ``flagged`` (another choice, and
    clearly better: by ``flag_margin`` standard errors) and the number of sampled deals."""
    s = settings or settings_for(game_name)
    policy = strong_policy(game_name, Settings(rollouts=s.rollouts, candidates=s.candidates),
                           PRIORS.get(game_name))
    rng = random.Random(seed)
    faces = _faces(view, {})
    prior = policy.prior(view, legal, rng) if policy.prior is not None else None
    wins = [a for a in legal if a["type"] == "win"]
    if wins and prior is None:
        prior = wins[0]  # strong takes a win unsearched (but a prior that passes it, SC-5.4)
    cands = ranked(policy.basic, view, legal, rng, s.candidates, prior)
    sigs = [_signature(a, faces) for a in cands]
    mine = _signature(played, faces)
    if mine not in sigs:
        cands.append(played)
        sigs.append(mine)
    values: list[list[int]] = [[] for _ in cands]
    seat = view["seat"]
    base = policy.base(view, rng)  # None: nothing to sample, the prior's choice unmeasured
    for _ in range(s.rollouts if base is not None else 0):
        deal, stream = policy.sampled(base, seat, rng)
        for i, action in enumerate(cands):
            deltas = policy.played(deal, seat, action, stream)
            assert deltas is not None
            values[i].append(deltas[seat])
    best = 0 if wins else policy._choice(values)
    player = sigs.index(mine)
    diffs = [a - b for a, b in zip(values[best], values[player], strict=True)]
    loss, loss_se = _stats(diffs)
    (mean_p, se_p), (mean_r, se_r) = _stats(values[player]), _stats(values[best])
    return {"played": played, "best": cands[best], "matched": best == player,
            "flagged": best != player and loss > s.flag_margin * loss_se,
            "played_score": {"mean": mean_p, "se": se_p},
            "best_score": {"mean": mean_r, "se": se_r},
            "loss": loss, "loss_se": loss_se, "samples": len(values[player]),
            "candidates": len(cands)}

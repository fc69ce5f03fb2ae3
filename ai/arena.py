"""The arena: bots play duplicate deals in-process and get measured.

Duplicate deals cut luck: every deal's shuffle is played once per rotation of the seats, so each
bot sits in every position of the same cards. Per bot (a level name; the same level on several
seats is one bot) the arena reports the mean score per deal with a 95% confidence interval, the
win rate and the deal-in rate (the shares of its deals in which it won, and in which it paid a
win by its discard, each counted once per deal), its decisions, their times (mean and
p99) and the illegal actions it tried (a policy's illegal answer is counted, then replaced by the
first legal action so the deal goes on; an external bot's are the actions the server refused),
and for each pair of bots the mean score difference with its 95% interval, paired on the
shuffle. Everything but the timings is deterministic for a seed (for ``strong``, with a fixed
number of rollouts: ``Settings(rollouts=n)``).

A seat ``ws`` is an external bot: ``ai/arena_ws.py`` plays those deals on a real server it
starts, where the bot joins over the WebSocket protocol.
"""

from __future__ import annotations

import functools
import json
import math
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from engine import EngineError, get_game
from engine.core.options import Variant

from .policies import POLICIES, PRIORS, Policy, Settings, registry

PRIOR = "prior"
"""An arena-only level: ``strong``'s heuristic without its search (``PRIORS``), so that the
arena can tell what the search itself adds (``--baseline prior``)."""


def arena_policies(strong: Settings | None = None) -> dict[str, dict[str, Policy]]:
    """The levels (``strong`` with ``strong`` settings), plus ``prior`` for each game with one."""
    table = registry(strong) if strong is not None else POLICIES
    return {name: {**levels, **({PRIOR: PRIORS[name]} if name in PRIORS else {})}
            for name, levels in table.items()}


@dataclass
class BotStats:
    deals: int = 0
    scores: list[int] = field(default_factory=list)
    wins: int = 0
    deal_ins: int = 0
    decisions: list[float] = field(default_factory=list)
    """Wall-clock seconds per decision."""
    cpu: list[float] = field(default_factory=list)
    """CPU seconds per decision: what the policy costs, whatever else the machine runs."""
    illegal: int = 0
    """Actions refused as not legal (a policy's, replaced by the first legal action; an
    external bot's, as the server counted them)."""
    untimed: int = 0
    """Decisions without a time: an external bot's, counted from the match log (its thinking
    happens on its side of the socket, which the arena cannot time)."""

    def add(self, other: BotStats) -> None:
        """Count ``other``'s deals and decisions too."""
        self.deals += other.deals
        self.scores += other.scores
        self.wins += other.wins
        self.deal_ins += other.deal_ins
        self.decisions += other.decisions
        self.cpu += other.cpu
        self.illegal += other.illegal
        self.untimed += other.untimed

    def summary(self) -> dict[str, Any]:
        n = len(self.scores)
        mean = statistics.fmean(self.scores) if n else 0.0
        sd = statistics.stdev(self.scores) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
        times = sorted(self.decisions)
        p99 = _p99(times)
        timed = bool(times) or not self.untimed  # None: not measured (an external bot)
        return {
            "deals": n,
            "mean_score": round(mean, 3),
            "ci95": [round(mean - half, 3), round(mean + half, 3)],
            "win_rate": round(self.wins / n, 4) if n else 0.0,
            "deal_in_rate": round(self.deal_ins / n, 4) if n else 0.0,
            "decision_ms_mean": (round(1000 * statistics.fmean(times), 3) if times else 0.0)
            if timed else None,
            "decision_ms_p99": round(1000 * p99, 3) if timed else None,
            "decision_ms_cpu_p99": round(1000 * _p99(sorted(self.cpu)), 3) if timed else None,
            "decisions": len(times) + self.untimed,
            "illegal_actions": self.illegal,
        }


def _p99(times: list[float]) -> float:
    return times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0


def deal_seed(seed: int, deal: int) -> int:
    return random.Random(f"arena:{seed}:{deal}").getrandbits(53)


Raw = Mapping[str, Any] | None
"""House-rule options as a client sends them (``--options``): the game resolves them."""


def check_options(game_name: str, options: Raw) -> dict[str, Any]:
    """``options`` resolved for the game, as JSON (every key); ``ValueError`` when the game
    refuses them (rules/options.md OPT-0.1), as for a bad seat."""
    try:
        return get_game(game_name).options(options).to_json()
    except EngineError as exc:
        raise ValueError(str(exc)) from None


def play_deal(game_name: str, levels: list[str], seed: int, tag: str,
              stats: dict[str, BotStats],
              policies: dict[str, dict[str, Policy]] | None = None,
              options: Raw = None) -> dict[str, Any]:
    """One deal with ``levels[seat]`` playing each seat, under the house-rule ``options``;
    returns the engine's result."""
    table = (policies or arena_policies())[game_name]
    game = Variant(get_game(game_name), options)
    state = game.new_deal(seed)
    rng = random.Random(f"{tag}:choices")
    policy_rngs = [random.Random(f"{tag}:{seat}") for seat in range(game.players)]
    while seats := game.to_act(state):
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        bot = stats[levels[seat]]
        start, cpu = time.perf_counter(), time.process_time()
        action = table[levels[seat]](view, legal, policy_rngs[seat])
        bot.decisions.append(time.perf_counter() - start)
        bot.cpu.append(time.process_time() - cpu)
        if action not in legal:
            bot.illegal += 1
            action = legal[0]
        state = game.apply(state, seat, action)
    result = game.result(state)
    assert result is not None
    record(game.name, result, levels, stats)
    return result


def record(game: str, result: dict[str, Any], levels: list[str],
           stats: dict[str, BotStats]) -> None:
    """A finished deal's scores, wins and deal-ins, per bot."""
    for seat, delta in enumerate(result["deltas"]):
        bot = stats[levels[seat]]
        bot.deals += 1
        bot.scores.append(delta)
    # per seat and deal, so both stay shares of deals where a seat may win (Blood River) or
    # deal in (Sichuan's several winners) more than once
    wins = get_game(game).wins(result)
    for seat in {w.seat for w in wins}:
        stats[levels[seat]].wins += 1
    for seat in {w.source for w in wins if w.source is not None and w.source != w.seat}:
        stats[levels[seat]].deal_ins += 1


def check_seats(game_name: str, seats: list[str], external: tuple[str, ...] = ()) -> None:
    """``ValueError`` unless ``seats`` names one known level (or ``external`` kind) per seat."""
    game = get_game(game_name)
    if len(seats) != game.players:
        raise ValueError(f"{game_name} needs {game.players} seats, got {len(seats)}")
    levels = arena_policies().get(game_name, {})
    for level in seats:
        if level not in levels and level not in external:
            known = ", ".join([*levels, *external])
            raise ValueError(f"unknown level {level!r} for {game_name}; known: {known}")


def rotations(seats: list[str]) -> list[list[str]]:
    """Every rotation of the seats: each bot plays each position of a shuffle once."""
    n = len(seats)
    return [[seats[(i + r) % n] for i in range(n)] for r in range(n)]


def report(game_name: str, seats: list[str], deals: int, seed: int,
           stats: dict[str, BotStats], per_shuffle: list[dict[str, float]],
           options: Raw = None) -> dict[str, Any]:
    return {"game": game_name, "seats": seats, "deals": deals, "rotations": len(seats),
            "seed": seed, "options": check_options(game_name, options),
            "bots": {name: b.summary() for name, b in sorted(stats.items())},
            "differences": differences(per_shuffle, list(dict.fromkeys(seats)))}


def shuffle_means(stats: dict[str, BotStats], before: dict[str, int]) -> dict[str, float]:
    """Each bot's mean score over one shuffle's rotations (``before``: score counts before)."""
    return {name: statistics.fmean(b.scores[before.get(name, 0):]) for name, b in stats.items()
            if len(b.scores) > before.get(name, 0)}


@dataclass
class Shuffle:
    """One shuffle's part of a run: every rotation played, and replayed for each baseline."""

    stats: dict[str, BotStats]
    means: dict[str, float]
    """Each bot's mean score over the rotations."""
    gains: dict[str, dict[str, float]]
    """Baseline -> bot -> its mean gain over the baseline in its seats."""


def play_shuffle(game_name: str, seats: list[str], seed: int, d: int, baselines: list[str],
                 policies: dict[str, dict[str, Policy]], options: Raw = None) -> Shuffle:
    """Shuffle ``d`` of a run of ``seed``: it depends on nothing else (every deal's random
    streams are named by seed, shuffle and rotation), so shuffles may be played in any order
    or process."""
    s = deal_seed(seed, d)
    stats: dict[str, BotStats] = defaultdict(BotStats)
    gain: dict[str, dict[str, list[float]]] = {b: defaultdict(list) for b in baselines}
    for r, levels in enumerate(rotations(seats)):
        tag = f"{seed}:{d}:{r}"
        deltas = play_deal(game_name, levels, s, tag, stats, policies, options)["deltas"]
        for b in baselines:
            for name in dict.fromkeys(seats):
                if name in baselines:
                    continue
                control = [b if level == name else level for level in levels]
                base = play_deal(game_name, control, s, tag, defaultdict(BotStats),
                                 policies, options)["deltas"]
                gain[b][name] += [deltas[i] - base[i]
                                  for i, lv in enumerate(levels) if lv == name]
    return Shuffle(dict(stats), shuffle_means(stats, {}),
                   {b: {name: statistics.fmean(g) for name, g in gain[b].items()}
                    for b in baselines})


@functools.lru_cache(maxsize=4)
def _process_policies(strong: Settings | None) -> dict[str, dict[str, Policy]]:
    """A process's levels, built once per process (``strong``'s caches then last)."""
    return arena_policies(strong)


Job = tuple[str, list[str], int, int, list[str], Settings | None, dict[str, Any]]
"""``play_shuffle``'s arguments, with the ``strong`` settings in place of the levels (a worker
process builds its own)."""


def _play_shuffle_job(job: Job) -> Shuffle:
    game_name, seats, seed, d, baselines, strong, options = job
    return play_shuffle(game_name, seats, seed, d, baselines, _process_policies(strong),
                        options)


def _played(work: list[Job], jobs: int) -> Iterator[Shuffle]:
    """The shuffles of ``work`` in order, played here or by ``jobs`` worker processes."""
    if jobs > 1 and len(work) > 1:
        with ProcessPoolExecutor(min(jobs, len(work))) as pool:
            yield from pool.map(_play_shuffle_job, work)
    else:
        yield from map(_play_shuffle_job, work)


def run(game_name: str, seats: list[str], deals: int, seed: int,
        strong: Settings | None = None,
        progress: Callable[[int], None] | None = None,
        baseline: str | None = None, jobs: int = 1, options: Raw = None) -> dict[str, Any]:
    """Play ``deals`` shuffles, each once per rotation of ``seats``, under the house-rule
    ``options`` (``strong``: the settings
    of the ``strong`` level, by default 1 s a decision; ``progress(n)`` after each shuffle;
    ``baseline``: a level, or several joined by commas: also measure each other bot's gain over
    each of them on the same deals, see ``gains``; ``jobs``: worker processes sharing the
    shuffles, the same statistics as one, timings aside)."""
    check_seats(game_name, seats)
    resolved = check_options(game_name, options)
    baselines = baseline.split(",") if baseline else []
    for level in baselines:
        check_seats(game_name, [level] * len(seats))
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    stats: dict[str, BotStats] = defaultdict(BotStats)
    per_shuffle: list[dict[str, float]] = []
    per_shuffle_gain: dict[str, list[dict[str, float]]] = {b: [] for b in baselines}
    work = [(game_name, seats, seed, d, baselines, strong, resolved) for d in range(deals)]
    for done, one in enumerate(_played(work, jobs), 1):  # in shuffle order, whoever played
        for name, bot in one.stats.items():
            stats[name].add(bot)
        per_shuffle.append(one.means)
        for b in baselines:
            per_shuffle_gain[b].append(one.gains[b])
        if progress is not None:
            progress(done)
    out = report(game_name, seats, deals, seed, stats, per_shuffle, resolved)
    if baselines:
        out["baseline"] = baseline
        out["gains"] = {k: v for b in baselines for k, v in gains(per_shuffle_gain[b], b).items()}
    return out


def gains(per_shuffle: list[dict[str, float]], baseline: str) -> dict[str, dict[str, Any]]:
    """Each bot's score gain per deal over ``baseline`` with its 95% interval: every deal is
    played again with that bot's seats taken by ``baseline`` and everything else the same (the
    cards, the other seats, their random streams), so a bot that plays like the baseline gains
    exactly zero and only its different decisions count — far less noise than comparing the
    bots' scores at different seats."""
    out: dict[str, dict[str, Any]] = {}
    for name in sorted({n for row in per_shuffle for n in row}):
        xs = [row[name] for row in per_shuffle if name in row]
        mean = statistics.fmean(xs)
        half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
        out[f"{name}-over-{baseline}"] = {"mean": round(mean, 3),
                                          "ci95": [round(mean - half, 3), round(mean + half, 3)]}
    return out


def differences(per_shuffle: list[dict[str, float]],
                order: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """Each pair of bots' mean score difference per shuffle with its 95% interval (``a-b``: ``a``
    seated first in ``order``): paired on the shuffle (both played the same cards from every
    seat), so the luck of the deal cancels."""
    names = order or sorted({name for row in per_shuffle for name in row})
    out: dict[str, dict[str, Any]] = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            diffs = [row[a] - row[b] for row in per_shuffle if a in row and b in row]
            n = len(diffs)
            if not n:
                continue
            mean = statistics.fmean(diffs)
            half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
            out[f"{a}-{b}"] = {"mean": round(mean, 3),
                               "ci95": [round(mean - half, 3), round(mean + half, 3)]}
    return out


def _ms(value: float | None) -> str:
    """A decision time for the table; ``-``: not measured (an external bot's)."""
    return "-" if value is None else f"{value:.2f}"


def render(report: dict[str, Any]) -> str:
    options = report.get("options")
    lines = [(f"{report['game']}: {report['deals']} deals x {report['rotations']} rotations, "
             f"seed {report['seed']}, seats {','.join(report['seats'])}"
             + (f", options {json.dumps(options)}" if options else "")),
             (f"{'bot':<10}{'deals':>7}{'mean':>9}{'95% CI':>20}{'win%':>8}{'deal-in%':>10}"
             f"{'ms mean':>9}{'ms p99':>9}{'illegal':>9}")]
    for name, b in report["bots"].items():
        ci = f"[{b['ci95'][0]:+.2f}, {b['ci95'][1]:+.2f}]"
        lines.append(f"{name:<10}{b['deals']:>7}{b['mean_score']:>+9.2f}{ci:>20}"
                     f"{100 * b['win_rate']:>8.1f}{100 * b['deal_in_rate']:>10.1f}"
                     f"{_ms(b['decision_ms_mean']):>9}{_ms(b['decision_ms_p99']):>9}"
                     f"{b['illegal_actions']:>9}")
    for pair, d in report.get("differences", {}).items():
        lines.append(f"{pair}: {d['mean']:+.2f} per deal, 95% CI "
                     f"[{d['ci95'][0]:+.2f}, {d['ci95'][1]:+.2f}] (paired on the shuffle)")
    for pair, d in report.get("gains", {}).items():
        lines.append(f"{pair}: {d['mean']:+.2f} per deal, 95% CI "
                     f"[{d['ci95'][0]:+.2f}, {d['ci95'][1]:+.2f}] (the same deals replayed with "
                     f"{pair.rsplit('-over-', 1)[1]} in its seats)")
    return "\n".join(lines)

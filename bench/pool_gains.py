"""Pool ``paiju arena --baseline ... --json`` reports of different seeds into one gain interval.

The paired gain per shuffle is independent across seeds, so the batches are one sample: each
report's standard deviation is read back from its 95% interval (``half = 1.96 sd / sqrt(n)``)
and the pooled variance is the within-batch sum of squares plus the between-batch spread of the
means, over ``N - 1``. Win and deal-in rates are pooled by deals.

    .venv/bin/python -m bench.pool_gains run11.json run12.json ... [--over prior]
"""
from __future__ import annotations

import argparse
import json
import math
from typing import Any


def pooled(batches: list[tuple[int, float, float]]) -> tuple[int, float, float]:
    """(shuffles, mean, sd) of the union of batches given as (shuffles, mean, sd)."""
    total = sum(n for n, _, _ in batches)
    mean = sum(n * m for n, m, _ in batches) / total
    ss = sum((n - 1) * sd * sd + n * (m - mean) ** 2 for n, m, sd in batches)
    return total, mean, math.sqrt(ss / (total - 1))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("reports", nargs="+")
    p.add_argument("--bot", default="strong")
    p.add_argument("--over", default=None, metavar="LEVEL",
                   help="the baseline whose gain to pool, for reports of several (--baseline "
                        "basic,prior); default each report's first")
    a = p.parse_args()
    batches: list[tuple[int, float, float]] = []
    rates: dict[str, list[float]] = {}
    # bot -> [deals, wins, deal-ins] over the reports (every seat it played, not the replays)
    for path in a.reports:
        with open(path) as f:
            r: dict[str, Any] = json.load(f)
        over = a.over or r["baseline"].split(",")[0]
        g = r["gains"][f"{a.bot}-over-{over}"]
        n = r["deals"]
        sd = (g["ci95"][1] - g["ci95"][0]) / 2 / 1.96 * math.sqrt(n)
        batches.append((n, g["mean"], sd))
        for name, bot in r["bots"].items():
            acc = rates.setdefault(name, [0.0, 0.0, 0.0])
            acc[0] += bot["deals"]
            acc[1] += bot["win_rate"] * bot["deals"]
            acc[2] += bot["deal_in_rate"] * bot["deals"]
        b = r["bots"][a.bot]
        print(f"{path}: seed {r['seed']}, {n} shuffles, gain {g['mean']:+.3f} "
              f"[{g['ci95'][0]:+.3f}, {g['ci95'][1]:+.3f}], sd {sd:.3f}; "
              f"win {b['win_rate']:.3f} deal-in {b['deal_in_rate']:.3f}, "
              f"ms mean {b['decision_ms_mean']:.0f} p99 {b['decision_ms_p99']:.0f} "
              f"cpu p99 {b['decision_ms_cpu_p99']:.0f}")
    n, mean, sd = pooled(batches)
    half = 1.96 * sd / math.sqrt(n)
    print(f"pooled: {n} shuffles, gain {mean:+.3f} per deal, sd {sd:.3f}, 95% CI "
          f"[{mean - half:+.3f}, {mean + half:+.3f}]")
    for name, (deals, wins, deal_ins) in rates.items():
        print(f"{name}: win rate {wins / deals:.4f}, deal-in rate {deal_ins / deals:.4f} "
              f"over {deals:.0f} seat-deals")


if __name__ == "__main__":
    main()

"""Score switch rules on bench/strong_oracle.py output: for margin m and min pairs k, the mean
true gain per decision (outcome of the chosen candidate minus basic's choice in the real deal)
with its 95% interval and how often the rule switches.

    /tmp/venv/bin/python -m bench.oracle_rules /work/notes/oracle-sichuan.jsonl
"""
from __future__ import annotations

import json
import math
import statistics
import sys


def choose(values: list[list[int]], margin: float, k: int, prefix: int | None = None) -> int:
    best, best_mean = 0, 0.0
    for i in range(1, len(values)):
        diffs = [a - b for a, b in zip(values[i], values[0], strict=False)][:prefix]
        if len(diffs) < max(2, k):
            continue
        mean = statistics.fmean(diffs)
        se = statistics.stdev(diffs) / math.sqrt(len(diffs))
        if mean > best_mean and mean > margin * se:
            best, best_mean = i, mean
    return best


def main() -> None:
    rows = []
    for name in sys.argv[1:]:
        with open(name) as f:
            rows += [json.loads(line) for line in f]
    print(f"{len(rows)} decisions")
    for prefix in (None, 12, 6):
        for margin in (0.0, 0.5, 1.0, 1.5, 2.0, 3.0):
            for k in (2, 6):
                gains = []
                n = 0
                for r in rows:
                    c = choose(r["values"], margin, k, prefix)
                    n += c != 0
                    gains.append(r["truth"][c] - r["truth"][0])
                m = statistics.fmean(gains)
                half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains))
                print(f"prefix {prefix} margin {margin} k {k}: switches {n} "
                      f"gain/decision {m:+.3f} [{m - half:+.3f},{m + half:+.3f}] "
                      f"total {sum(gains):+d}")
    by_kind: dict[str, list[int]] = {}
    for r in rows:
        c = choose(r["values"], 2.0, 6)
        if c:
            key = f"{r['kinds'][0]}->{r['kinds'][c]}"
            by_kind.setdefault(key, []).append(r["truth"][c] - r["truth"][0])
    for key, g in sorted(by_kind.items()):
        print(f"margin 2 switches {key}: {len(g)} total gain {sum(g):+d}")
    # how well does the rollout mean predict the true difference?
    xs, ys = [], []
    for r in rows:
        for i in range(1, len(r["values"])):
            d = [a - b for a, b in zip(r["values"][i], r["values"][0], strict=False)]
            if d:
                xs.append(statistics.fmean(d))
                ys.append(r["truth"][i] - r["truth"][0])
    if len(xs) > 2:
        print("corr(rollout mean diff, true diff) =", round(statistics.correlation(xs, ys), 3),
              "n", len(xs))


if __name__ == "__main__":
    main()

"""What strong's time budget buys: on the searched decisions of seat 0 in basic-played deals
(more than one legal action, no win offered), the playouts per decision (every candidate's,
summed), the paired iterations, the wall and CPU time per decision, decisions per second,
playouts per CPU second, and the share of searches settled early (``Settings.early_stop``;
``--full`` turns it off). Timings depend on what else the machine runs: compare runs made side
by side.

    nice -n 10 .venv/bin/python -m bench.search_budget mcr --decisions 20 [--ms 1000] [--full]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from ai.policies import Settings, registry
from bench.decisions import basic_decisions, searched


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("--decisions", type=int, default=20)
    p.add_argument("--ms", type=float, default=1000.0)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--full", action="store_true", help="no early stopping")
    a = p.parse_args()
    strong = registry(Settings(budget_ms=a.ms, early_stop=not a.full))[a.game]["strong"]
    playouts, iterations, wall, cpu, settled = [], [], [], [], 0
    for x in basic_decisions(a.game, 50, lambda d: a.seed * 1000 + d):
        if len(wall) >= a.decisions:
            break
        if x.seat != 0 or not searched(x):
            continue
        t, c = time.perf_counter(), time.process_time()
        s = strong.search(x.view, x.legal, random.Random(x.step))
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        playouts.append(sum(len(v) for v in s.values))
        iterations.append(len(s.values[0]))
        settled += s.settled
    n = len(wall)
    print(f"{a.game} at {a.ms:.0f} ms{' (full)' if a.full else ''}: {n} decisions, playouts "
          f"per decision {statistics.fmean(playouts):.1f} (paired iterations "
          f"{statistics.fmean(iterations):.1f}), wall s per decision "
          f"{statistics.fmean(wall):.3f} (cpu {statistics.fmean(cpu):.3f}), decisions per "
          f"second {n / sum(wall):.2f}, playouts per cpu second {sum(playouts) / sum(cpu):.0f}, "
          f"settled early {settled}/{n}")


if __name__ == "__main__":
    main()

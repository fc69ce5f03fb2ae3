"""Time strong's fixed-rollout search on the decisions of basic-played deals, and print a digest
of every search's playout values: a speedup of ``basic`` (or of the playouts) must leave the
digest unchanged, since any changed decision of any playout would change some value.

    nice -n 10 /tmp/venv/bin/python -m bench.playout_speed sichuan --rollouts 8 --deals 2

Without ``--prior`` the search starts from ``basic`` and plays its own seat with it (the digests
recorded in ``bench/results/speed/``); ``--prior`` builds it as the arena's ``strong`` is, with the
game's prior proposing and playing its own seat (in MCR the prior is a third of the search's CPU);
``--steps N`` caps each search as the arena's ``--strong-steps`` does. The CPU of a search is
also printed by quantile: two commits run side by side on the same decisions compare their
slowest searches with the same decisions made.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import time

from ai.policies import PRIORS, Settings, strong_policy
from bench.decisions import basic_decisions, searched


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("--rollouts", type=int, default=8)
    p.add_argument("--deals", type=int, default=2)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--full", action="store_true",
                   help="no early stopping: every search plays its whole budget")
    p.add_argument("--steps", type=int, default=None,
                   help="at most about this many engine steps a search (Settings.max_steps, "
                        "the arena's --strong-steps)")
    p.add_argument("--prior", action="store_true",
                   help="strong as the arena builds it: the prior proposes, plays its seat")
    a = p.parse_args()
    pol = strong_policy(a.game, Settings(rollouts=a.rollouts, early_stop=not a.full,
                                         max_steps=a.steps),
                        PRIORS.get(a.game) if a.prior else None)
    digest = hashlib.sha256()
    chosen: list[dict] = []
    cpu, searches, playouts, settled = 0.0, 0, 0, 0
    each: list[float] = []
    for x in basic_decisions(a.game, a.deals, lambda d: a.seed * 1000 + d):
        if x.seat != 0 or not searched(x):
            continue
        t = time.process_time()
        s = pol.search(x.view, x.legal, random.Random(x.step))
        each.append(time.process_time() - t)
        cpu += each[-1]
        searches += 1
        settled += s.settled
        playouts += sum(len(v) for v in s.values)
        digest.update(json.dumps([s.candidates, s.values, s.chosen], sort_keys=True).encode())
        chosen.append(s.candidates[s.chosen])
    print(f"{a.game}: {searches} searches ({settled} settled early), {playouts} playouts, "
          f"cpu {cpu:.2f} s, "
          f"{1000 * cpu / max(1, playouts):.2f} ms a playout, digest {digest.hexdigest()[:16]}")
    if len(each) > 1:
        cuts = statistics.quantiles(each, n=100, method="inclusive")
        print(f"cpu a search: median {1000 * cuts[49]:.0f} ms, p90 {1000 * cuts[89]:.0f} ms, "
              f"p99 {1000 * cuts[98]:.0f} ms, max {1000 * max(each):.0f} ms")
    print("choices: " + " ".join(
        hashlib.sha256(json.dumps(c, sort_keys=True).encode()).hexdigest()[:4] for c in chosen))


if __name__ == "__main__":
    main()

"""What MCR's target distance costs (``ai/policies/mcr_targets.distance``), the prior's measure
of a hand, asked at every prior decision of every playout: the hands strong's searches ask it
about, collected on basic-played deals, then timed one by one without the cache (a search's
playouts hit it on about 38% of the calls), with a checksum of the answers that a speedup must
keep.

    nice -n 10 .venv/bin/python -m bench.mcr_targets --deals 3

Before the face masks (38d64f0): 190-245 us a hand on the 28,229 hands of ``--deals 3``; after:
50-57 us, the same checksum.
"""
from __future__ import annotations

import argparse
import hashlib
import random
import time

from ai.policies import PRIORS, Settings, mcr_targets, strong_policy
from bench.decisions import basic_decisions, searched


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--deals", type=int, default=3)
    p.add_argument("--seed", type=int, default=77)
    p.add_argument("--rollouts", type=int, default=4)
    a = p.parse_args()
    asked: dict[tuple, None] = {}
    cached = mcr_targets.distance

    def recording(c: tuple[int, ...], melds: tuple) -> int:
        asked[(c, melds)] = None
        return cached(c, melds)

    mcr_targets.distance = recording  # type: ignore[assignment]  # the prior reads it by module
    try:
        pol = strong_policy("mcr", Settings(rollouts=a.rollouts), PRIORS["mcr"])
        for x in basic_decisions("mcr", a.deals, lambda d: a.seed * 1000 + d):
            if x.seat == 0 and searched(x):
                pol.search(x.view, x.legal, random.Random(x.step))
    finally:
        mcr_targets.distance = cached
    hands = list(asked)
    bare = cached.__wrapped__
    for c, melds in hands:  # warm the shanten caches under it, as a search's would be
        bare(c, melds)
    t = time.perf_counter()
    answers = [bare(c, melds) for c, melds in hands]
    took = time.perf_counter() - t
    digest = hashlib.sha256(repr(answers).encode()).hexdigest()[:16]
    print(f"{len(hands)} hands, {1e6 * took / len(hands):.1f} us a hand, "
          f"answers digest {digest}")


if __name__ == "__main__":
    main()

"""Offline check of strong's switch rule: at every searched decision of basic-played deals,
record the search's paired rollout values (fixed rollouts) and each candidate's outcome in
the *true* deal (the real hidden cards, every seat basic afterwards, one random stream). The
true gain of a rule = mean over decisions of outcome[chosen] - outcome[basic's choice], so any
margin / min_pairs can be scored afterwards from the JSON lines without new playouts.

    nice -n 19 /tmp/venv/bin/python -m bench.strong_oracle sichuan --rollouts 12 --deals 20 \
        --out /work/notes/oracle-sichuan.jsonl
"""
from __future__ import annotations

import argparse
import json
import random

from ai.policies import POLICIES, Settings, strong_policy
from ai.search import playout
from bench.decisions import basic_decisions, searched
from engine import get_game


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("--rollouts", type=int, default=12)
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--candidates", type=int, default=3)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    game = get_game(a.game)
    basic = POLICIES[a.game]["basic"]
    pol = strong_policy(a.game, Settings(rollouts=a.rollouts, candidates=a.candidates))
    with open(a.out, "a") as out:
        for x in basic_decisions(a.game, a.deals, lambda d: a.seed * 100003 + d):
            if x.step == 0 and x.deal:
                print("deal", x.deal - 1, "done", flush=True)
            if searched(x):
                s = pol.search(x.view, x.legal, random.Random(x.step))
                if len(s.candidates) > 1 and s.values[0]:
                    stream = random.Random(f"{x.deal}:{x.step}").getrandbits(64)
                    truth = []
                    for c in s.candidates:
                        deltas = playout(game, game.apply(x.state, x.seat, c), basic,
                                         random.Random(stream))
                        assert deltas is not None
                        truth.append(deltas[x.seat])
                    out.write(json.dumps({"deal": x.deal, "step": x.step, "seat": x.seat,
                                          "kinds": [c["type"] for c in s.candidates],
                                          "values": s.values, "truth": truth}) + "\n")
                    out.flush()


if __name__ == "__main__":
    main()

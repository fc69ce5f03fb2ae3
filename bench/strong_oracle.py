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

from ai.policies import POLICIES, Settings
from ai.policies.strong import StrongPolicy, playout
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
    pol = StrongPolicy(a.game, basic, Settings(rollouts=a.rollouts, candidates=a.candidates))
    with open(a.out, "a") as out:
        for d in range(a.deals):
            state = game.new_deal(a.seed * 100003 + d)
            rng = random.Random(d)
            step = 0
            while seats := game.to_act(state):
                seat = seats[0]
                legal = game.legal_actions(state, seat)
                view = game.view(state, seat)
                action = basic(view, legal, rng)
                if len(legal) > 1 and not any(x["type"] == "win" for x in legal):
                    s = pol.search(view, legal, random.Random(step))
                    if len(s.candidates) > 1 and s.values[0]:
                        stream = random.Random(f"{d}:{step}").getrandbits(64)
                        truth = []
                        for c in s.candidates:
                            deltas = playout(game, game.apply(state, seat, c), basic,
                                             random.Random(stream))
                            assert deltas is not None
                            truth.append(deltas[seat])
                        out.write(json.dumps({"deal": d, "step": step, "seat": seat,
                                              "kinds": [c["type"] for c in s.candidates],
                                              "values": s.values, "truth": truth}) + "\n")
                        out.flush()
                step += 1
                state = game.apply(state, seat, action)
            print("deal", d, "done", flush=True)


if __name__ == "__main__":
    main()

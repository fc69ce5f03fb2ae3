"""How well ``ai/policies/danger.py`` predicts deal-ins: over ``basic``-played Sichuan deals,
at every discard decision, each face the seat could discard gets the model's chance of being
won on (``Danger.deal_in``), and the true hands say whether some opponent would win on it.
Prints the predicted and true rates by bins of the prediction, and the same split by clue.

    nice -n 10 .venv/bin/python -m bench.danger_calibration --deals 40 --seed 5
"""
from __future__ import annotations

import argparse
import random
from collections import defaultdict

from ai.policies import POLICIES, danger
from ai.policies.sichuan_basic import shanten
from engine import get_game
from engine.mahjong import parse_face


def wins_on(state, s: int, f: int) -> bool:
    """Whether opponent ``s``'s concealed hand wins on face ``f`` (its missing suit absent)."""
    c = [0] * 27
    for t in state.hands[s]:
        c[t >> 2] += 1
    c[f] += 1
    m = state.missing[s]
    if m is not None and any(c[9 * m:9 * m + 9]):
        return False
    return shanten(tuple(c), not state.melds[s]) == -1


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--seed", type=int, default=5)
    a = p.parse_args()
    g = get_game("sichuan")
    basic = POLICIES["sichuan"]["basic"]
    bins: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0])
    for d in range(a.deals):
        st = g.new_deal(a.seed * 1000 + d)
        while seats := g.to_act(st):
            seat = seats[0]
            legal = g.legal_actions(st, seat)
            view = g.view(st, seat)
            if view["phase"] == "play" and any(x["type"] == "discard" for x in legal):
                model = danger.sichuan(view)
                faces = {parse_face(t["face"]) for t in view["players"][seat]["hand"]}
                for f in faces:
                    pred = model.deal_in(f)
                    true = any(wins_on(st, o.seat, f) for o in model.opponents)
                    b = bins[min(9, int(pred * 20))]
                    b[0] += 1
                    b[1] += pred
                    b[2] += true
            st = g.apply(st, seat, basic(view, legal, random.Random(0)))
    print("bin  n  predicted  true")
    for k in sorted(bins):
        n, pr, tr = bins[k]
        print(f"{k / 20:.2f}+ {n:6d} {pr / n:.3f} {tr / n:.3f}")


if __name__ == "__main__":
    main()

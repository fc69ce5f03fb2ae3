"""How well ``ai/policies/danger.py`` predicts deal-ins: over ``basic``-played deals (Sichuan or
MCR), at every discard decision, each face the seat could discard gets the model's chance of
being won on (``Danger.deal_in``), and the true hands say whether some opponent would win on it
(in MCR: with a wait worth the match's minimum, MCR-4.2). Prints the predicted and true rates by
bins of the prediction; for MCR also what each discard win cost (its total, MCR-5.2) against
the value the model gave the winner just before.

    nice -n 10 .venv/bin/python -m bench.danger_calibration --deals 40 --seed 5
    nice -n 10 .venv/bin/python -m bench.danger_calibration mcr --deals 100 --seed 5
"""
from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from typing import Any

from ai.policies import POLICIES, danger
from ai.policies.mcr_basic import _scoring_waits
from ai.policies.sichuan_basic import shanten
from engine import get_game
from engine.mahjong import NUM_FACES, parse_face


def sichuan_wins(g: Any, state: Any, s: int) -> set[int]:
    """The faces opponent ``s``'s concealed hand wins on (its missing suit absent)."""
    c = [0] * 27
    for t in state.hands[s]:
        c[t >> 2] += 1
    m = state.missing[s]
    if m is not None and any(c[9 * m:9 * m + 9]):
        return set()
    out = set()
    for f in range(27):
        c[f] += 1
        if shanten(tuple(c), not state.melds[s]) == -1:
            out.add(f)
        c[f] -= 1
    return out


def mcr_wins(g: Any, state: Any, s: int) -> set[int]:
    """The faces opponent ``s``'s hand wins on with the minimum (flowers and situation patterns
    aside)."""
    c = [0] * NUM_FACES
    for t in state.hands[s]:
        if t >> 2 < NUM_FACES:
            c[t >> 2] += 1
    if sum(c) % 3 != 1:
        return set()
    return set(_scoring_waits(g.score_melds(state, s), tuple(c), g.seat_wind(state, s),
                              state.prevailing, 8))


GAMES = {"sichuan": (danger.sichuan, sichuan_wins), "mcr": (danger.mcr, mcr_wins)}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game", nargs="?", default="sichuan", choices=sorted(GAMES))
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--seed", type=int, default=5)
    a = p.parse_args()
    g = get_game(a.game)
    read, wins_of = GAMES[a.game]
    basic = POLICIES[a.game]["basic"]
    bins: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0])
    costs: list[tuple[float, int]] = []
    values: dict[int, float] = {}
    for d in range(a.deals):
        st = g.new_deal(a.seed * 1000 + d)
        while seats := g.to_act(st):
            seat = seats[0]
            legal = g.legal_actions(st, seat)
            view = g.view(st, seat)
            if view["phase"] == "play" and any(x["type"] == "discard" for x in legal):
                model = read(view)
                values.update({o.seat: o.value for o in model.opponents})
                faces = {parse_face(t["face"]) for t in view["players"][seat]["hand"]}
                waits = {o.seat: wins_of(g, st, o.seat) for o in model.opponents}
                for f in faces:
                    pred = model.deal_in(f)
                    true = any(f in w for w in waits.values())
                    b = bins[min(9, int(pred * 20))]
                    b[0] += 1
                    b[1] += pred
                    b[2] += true
            st = g.apply(st, seat, basic(view, legal, random.Random(0)))
        if a.game == "mcr":
            for w in g.result(st)["wins"]:
                if w["from"] is not None and w["from"] != w["seat"]:
                    costs.append((values.get(w["seat"], 0.0), w["total"]))
    print("bin  n  predicted  true")
    for k in sorted(bins):
        n, pr, tr = bins[k]
        print(f"{k / 20:.2f}+ {n:6d} {pr / n:.3f} {tr / n:.3f}")
    if costs:
        print(f"discard wins: {len(costs)}; mean total {statistics.fmean(t for _, t in costs):.2f}"
              f" (the discarder paid 8 + total, MCR-5.2)")
        by: dict[float, list[int]] = defaultdict(list)
        for v, t in costs:
            by[v].append(t)
        print("model value  wins  mean total")
        for v in sorted(by):
            print(f"{v:11.1f} {len(by[v]):5d} {statistics.fmean(by[v]):11.2f}")


if __name__ == "__main__":
    main()

"""Whole deals played by a greedy policy (it keeps the cards that bring it nearest to a win, so
unlike random play it wins, declares ready, claims and robs), checked against the calculator:
the result of every deal equals ``game.score`` of a spec rebuilt from the final state."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from engine.core.playout import random_playout
from engine.mahjong.shanten import standard_shanten
from engine.mahjong.table import without
from engine.mahjong.tiles import counts_of_ids
from engine.nantong import GAME as G
from engine.nantong.cards import FACE_NAMES
from engine.nantong.game import _group_kind

EAGER = ("win", "hezi", "opening_kong", "opening_triplet", "ready", "concealed_kong",
         "added_kong", "kong", "pung")


def greedy(game, state, seat, rng):
    legal = game.legal_actions(state, seat)
    for kind in EAGER:
        pick = [a for a in legal if a["type"] == kind]
        if pick and (kind != "pung" or rng.random() < 0.3):
            return pick[0]
    discards = [a for a in legal if a["type"] == "discard"]
    if not discards:
        return legal[-1]  # pass, finish
    hand = state.hands[seat]
    return min(discards, key=lambda a: (standard_shanten(counts_of_ids(
        without(hand, (a["card"],)))), rng.random()))


def spec_of(state) -> dict:
    """The calculator's description of a finished deal."""
    win = state.wins[0] if state.wins else None
    players = []
    for s in range(3):
        hand = state.hands[s]
        if win is not None and win.seat == s and win.how == "self_draw":
            hand = without(hand, (win.card,))
        p = {"concealed": [FACE_NAMES[t >> 2] for t in hand],
             "melds": [{"type": _group_kind(m), "card": FACE_NAMES[m.face]}
                       for m in state.melds[s]],
             "hezi": bool(state.hezi[s]), "ready": state.ready[s]}
        if win is not None and win.seat == s:
            p["win"] = {"how": win.how, "kong_replacement": win.kong_replacement,
                        "dealer_first_discard": win.dealer_first_discard,
                        "last_card": win.last_card}
            if win.card is not None:
                p["win"]["card"] = FACE_NAMES[win.card >> 2]
        players.append(p)
    return {"indicators": [FACE_NAMES[t >> 2] for t in state.indicators], "players": players}


def test_greedy_deals_match_the_calculator():
    """NT-4.3, NT-6: deals end with one winner or exhausted; the settlement sums to zero and is
    exactly the calculator's for the same hands."""
    outcomes: Counter[str] = Counter()
    events: Counter[str] = Counter()
    for seed in range(40):
        final, _ = random_playout(G, seed, random.Random(seed), policy=greedy)
        result = G.result(final)
        assert sum(result["deltas"]) == 0
        calc = G.score(spec_of(final))
        for key in ("totals", "deltas", "payments", "players", "winner", "exhausted"):
            assert calc[key] == result[key], (seed, key)
        outcomes[result["win"]["how"] if result["win"] else "exhausted"] += 1
        events.update(e[0] for e in final.events)
    assert outcomes["discard"] and outcomes["self_draw"] and outcomes["exhausted"]
    assert events["pung"] and events["kong"] and events["concealed_kong"]


RULE_IDS = [f"NT-{part}.{k}" for part, n in ((1, 5), (2, 4), (3, 7), (4, 6), (5, 3), (6, 10))
            for k in range(1, n + 1)]


def test_every_rule_is_named_by_a_test():
    """Every rule id of shared/rules/nantong.md is named by some test of this package."""
    import re
    text = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    named = set(re.findall(r"NT-\d+\.\d+", text))
    assert not [r for r in RULE_IDS if r not in named]

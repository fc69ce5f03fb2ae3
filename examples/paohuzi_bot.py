r"""A Paohuzi bot: it opens a match against two AI seats and plays one deal over the WebSocket
from docs/bots.md alone, then prints the settlement. Run a server first (``paiju serve``), then:

    python examples/paohuzi_bot.py --server http://127.0.0.1:8000 --seed 7

or measure it in the arena:

    paiju arena --game paohuzi --seats ws,basic,basic --deals 10 \
        | python examples/paohuzi_bot.py --arena

Its brain, ``choose``: win when offered; a pao or peng whenever offered (each makes a group worth
huxi); a chi when it makes a group without breaking a pair of the hand, the option scoring most
huxi first (1-2-3 and 2-7-10 score, bi groups counted); otherwise discard the loose card with
fewest partners in the hand (no pair, no neighbour, no 2-7-10 or other-size mate). Wei and ti
need no decision: the server makes them. ``pass`` on its own turn declines a win or ends a turn
that needs no discard.
"""

from __future__ import annotations

import random
from collections import Counter

from paiju_client import JSON, main

TWO_SEVEN_TEN = {2, 7, 10}


def value(face: str) -> int:
    """1-10: ``x3`` is small three, ``d3`` big three."""
    return int(face[1:])


def chi_huxi(faces: list[str]) -> int:
    """PH-6.2: 1-2-3 and 2-7-10 of one size score 3 small, 6 big; other chis nothing."""
    if len({f[0] for f in faces}) != 1:
        return 0
    values = sorted(value(f) for f in faces)
    if values in ([1, 2, 3], [2, 7, 10]):
        return 3 if faces[0][0] == "x" else 6
    return 0


def partners(face: str, held: Counter[str]) -> int:
    """How many cards of the hand could make a group with one of ``face``: its pair, the same
    value in the other size, neighbours of the same size, its 2-7-10 mates."""
    size, v = face[0], value(face)
    other = ("d" if size == "x" else "x") + str(v)
    score = 2 * (held[face] - 1) + held[other]
    score += sum(held[f"{size}{w}"] for w in (v - 2, v - 1, v + 1, v + 2) if 1 <= w <= 10)
    if v in TWO_SEVEN_TEN:
        score += sum(held[f"{size}{w}"] for w in TWO_SEVEN_TEN - {v})
    return score


def choose(view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
    """Win, pao, peng; a chi that keeps the hand's pairs; a loose discard; else pass."""
    kinds = {a["type"]: a for a in legal}
    for kind in ("win", "pao", "peng"):
        if kind in kinds:
            return kinds[kind]
    me = view["players"][view["seat"]]
    face_of = {c["id"]: c["face"] for c in me["hand"]}
    held = Counter(face_of.values())
    chis = []
    for a in legal:
        if a["type"] != "chi":
            continue
        used = [face_of[i] for i in a["cards"] + [c for g in a["bi"] for c in g]]
        if any(held[f] == 2 and used.count(f) == 1 for f in used):
            continue  # it would break a pair
        card = view["claim"]["card"]["face"]
        huxi = chi_huxi([face_of[i] for i in a["cards"]] + [card])
        huxi += sum(chi_huxi([face_of[i] for i in g]) for g in a["bi"])
        chis.append((huxi, -len(a["bi"]), a))
    if chis:
        return max(chis, key=lambda c: c[:2])[2]
    discards = [a for a in legal if a["type"] == "discard"]
    if discards:
        return min(discards, key=lambda a: (partners(face_of[a["card"]], held),
                                            -abs(value(face_of[a["card"]]) - 5.5)))
    return kinds.get("pass") or rng.choice(legal)


if __name__ == "__main__":
    main("paohuzi", {"paohuzi": choose}, __doc__)

r"""A Sichuan (Blood Battle) bot: it opens a match against three AI seats and plays one deal over
the WebSocket from docs/bots.md alone, then prints the settlement. Run a server first
(``paiju serve``), then:

    python examples/sichuan_bot.py --server http://127.0.0.1:8000 --seed 7

or measure it in the arena:

    paiju arena --game sichuan --seats ws,basic,basic,basic --deals 10 \
        | python examples/sichuan_bot.py --arena

Its brain, ``choose``: with exchange three on (the match's ``options``), pass three tiles of the
suit it holds fewest of among those it may pass; declare as missing the suit it holds fewest
of; discard that suit first (the server allows nothing else while one is held); win when
offered; a pung or kong when it brings the hand closer to ready; otherwise the discard that
keeps the hand closest to ready (``mahjong_hand.Reader.play``), seven pairs counted.
"""

from __future__ import annotations

import random
from collections import Counter

from mahjong_hand import JSON, Reader, own
from paiju_client import main

FACES = [f"{r}{s}" for s in "mps" for r in range(1, 10)]


def missing_suit(hand: list[JSON]) -> str:
    """The suit to give up: the one held fewest times (ties: the first of m, p, s)."""
    held = Counter(c["face"][1] for c in hand)
    return min("mps", key=lambda s: held[s])


def exchange(hand: list[JSON], legal: list[JSON]) -> JSON:
    """Three tiles of the suit held fewest times among the selections offered (each lists three
    tile ids of one suit), the first such selection."""
    held = Counter(c["face"][1] for c in hand)
    suit_of = {c["id"]: c["face"][1] for c in hand}
    return min(legal, key=lambda a: held[suit_of[a["cards"][0]]])


def choose(view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
    """The exchange (phase ``exchange``) and the declaration (phase ``declare``) first, then the
    table's play with the missing suit counted as dead tiles."""
    me = own(view)
    if view["phase"] == "exchange":
        return exchange(me["hand"], legal)
    if view["phase"] == "declare":
        return {"type": "declare_missing", "suit": missing_suit(me["hand"])}
    missing = me["missing_suit"]
    reader = Reader(sets=4, pairs_hand=True, universe=FACES,
                    dead=lambda face: face[1] == missing)
    return reader.play(view, legal)


if __name__ == "__main__":
    main("sichuan", {"sichuan": choose}, __doc__)

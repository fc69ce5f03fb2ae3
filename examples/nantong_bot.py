r"""A Nantong (long cards, Du Zi Hu) bot: it opens a match against two AI seats and plays one
deal over the WebSocket from docs/bots.md alone, then prints the settlement. Run a server first
(``paiju serve``), then:

    python examples/nantong_bot.py --server http://127.0.0.1:8000 --seed 7

or measure it in the arena:

    paiju arena --game nantong --seats ws,basic,basic --deals 10 \
        | python examples/nantong_bot.py --arena

Its brain, ``choose``: in the preparation (phase ``prepare``) it lays out every opening kong,
opening indicator triplet and Tiandi Hezi it is offered (each scores; a kong and the Hezi draw
replacements), declares ready when it may (one card from winning: the hand is then locked),
and finishes; in play it wins when offered, pungs or kongs when that brings the hand closer to
seven groups and a pair, and otherwise discards the card that keeps the hand closest to ready
(``mahjong_hand.Reader.play``: Thousand ``Q`` and the Flowers ``B`` ``H`` make only triplets).
"""

from __future__ import annotations

import random

from mahjong_hand import JSON, Reader
from paiju_client import main

FACES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("QBH")
READER = Reader(sets=7, pairs_hand=False, universe=FACES)
PREPARATION = ("opening_kong", "opening_triplet", "hezi", "ready", "finish")
"""The preparation's actions in the order the bot takes them: ``finish`` (always offered) last."""


def choose(view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
    """Preparation: the first offered of ``PREPARATION``; then the table's play."""
    if view["phase"] == "prepare":
        return min(legal, key=lambda a: PREPARATION.index(a["type"]))
    return READER.play(view, legal)


if __name__ == "__main__":
    main("nantong", {"nantong": choose}, __doc__)

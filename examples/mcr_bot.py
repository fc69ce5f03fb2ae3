r"""An MCR (Chinese Official Mahjong) bot: it opens a match against three AI seats and plays one
deal over the WebSocket from docs/bots.md alone, then prints the settlement. Run a server first
(``paiju serve``), then:

    python examples/mcr_bot.py --server http://127.0.0.1:8000 --seed 7

or measure it in the arena:

    paiju arena --game mcr --seats ws,basic,basic,basic --deals 10 \
        | python examples/mcr_bot.py --arena

Its brain, ``choose``: win when offered (the server offers a win only with the 8 points MCR-4.2
asks); a chow (``{"type": "chow", "low": "3m"}``), pung or kong when it brings the hand closer
to ready, and a kong of its own; otherwise the discard that keeps the hand closest to ready, an
isolated honour or terminal first (``mahjong_hand.Reader.play``). Flowers need no decision: the
server exposes and replaces them. It does not aim at the 8 points, so many of its ready hands
cannot win: a start, not a player.
"""

from __future__ import annotations

import random

from mahjong_hand import JSON, Reader
from paiju_client import main

FACES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP")
READER = Reader(sets=4, pairs_hand=True, universe=FACES)


def choose(view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
    """MCR asks nothing the shared table does not: turns and claims (chows included)."""
    return READER.play(view, legal)


if __name__ == "__main__":
    main("mcr", {"mcr": choose}, __doc__)

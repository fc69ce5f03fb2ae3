"""A complete paiju bot for any of the four games: it opens a match against AI seats and plays
one deal over the WebSocket, then prints the settlement (and, on standard error, a summary line
of its decisions and refusals). Run a server first (``paiju serve``), then:

    python examples/bot.py --server http://127.0.0.1:8000 --game sichuan --seed 7

Or let the arena measure it (any game): the arena prints a join line per deal for its ``ws``
seat, the bot plays each with the brain of the join's game and passes the other lines (the
report) through:

    paiju arena --game mcr --seats ws,basic,basic,basic --deals 10 | python examples/bot.py --arena

The connection machinery (snapshots and updates, the event log, outages, the arena) is
``paiju_client.py``; each game's brain is its own small file: ``mcr_bot.py``,
``sichuan_bot.py``, ``paohuzi_bot.py``, ``nantong_bot.py`` (docs/bots.md explains them).
"""

from __future__ import annotations

from typing import Any

import mcr_bot
import nantong_bot
import paiju_client
import paohuzi_bot
import sichuan_bot

BRAINS: dict[str, paiju_client.Choose] = {
    "mcr": mcr_bot.choose, "sichuan": sichuan_bot.choose,
    "paohuzi": paohuzi_bot.choose, "nantong": nantong_bot.choose}
"""Each game's ``choose``."""


async def arena(lines: Any, out: Any, seed: int | None) -> int:
    """Play every join line of ``lines`` (``paiju arena`` with a ``ws`` seat) with its game's
    brain; the other lines go to ``out``. Returns the number of deals played."""
    return await paiju_client.arena(lines, out, seed, BRAINS)


if __name__ == "__main__":
    paiju_client.main(None, BRAINS, __doc__)

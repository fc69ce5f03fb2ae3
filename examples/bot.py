"""A complete paiju bot: it opens a Sichuan match against three AI and plays one deal over the
WebSocket, then prints the settlement. Run a server first (``paiju serve``), then:

    python examples/bot.py --server http://127.0.0.1:8000

Protocol (docs/bots.md): the server sends ``snapshot`` first, then ``update`` after every change;
both carry the match view and this seat's legal actions. Send ``{"action": ..., "version": n}``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from typing import Any

import httpx
import websockets


def choose(state: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """The bot's brain: win whenever it can, otherwise any legal action. Replace with yours."""
    wins = [a for a in legal if a["type"] == "win"]
    return wins[0] if wins else rng.choice(legal)


async def play(server: str, seed: int | None) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=server) as http:
        seats = [{"kind": "human"}] + [{"kind": "ai", "level": "basic"}] * 3
        r = await http.post("/api/matches", json={"game": "sichuan", "seed": seed, "seats": seats})
        r.raise_for_status()
        match = r.json()
    token = match["seats"][0]["token"]
    url = f"{server.replace('http', 'ws', 1)}/api/matches/{match['match_id']}/ws?token={token}"
    rng = random.Random(seed)
    async with websockets.connect(url) as ws:
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "error":  # e.g. a stale version: an update follows anyway
                continue
            view = msg["match"]
            if view["state"]["result"] is not None:
                return dict(view["state"]["result"])
            if msg["legal"]:
                action = choose(view["state"], msg["legal"], rng)
                await ws.send(json.dumps({"action": action, "version": view["version"]}))
    raise RuntimeError("the server closed the connection before the deal ended")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    result = asyncio.run(play(args.server, args.seed))
    print(json.dumps(result, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()

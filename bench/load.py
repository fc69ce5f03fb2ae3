"""Load benchmark: N concurrent matches played to the end by bots over WebSocket against a real
server on this machine. Prints deals finished, actions a second and action latency (send → the
update that carries it) percentiles.

    python bench/load.py --matches 20 --game sichuan            # starts its own server
    python bench/load.py --server http://127.0.0.1:8000          # or uses a running one
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent


async def bot(server: str, mid: str, token: str, rng: random.Random,
              latencies: list[float]) -> int:
    """Play one seat to the end of the deal; returns the actions it made."""
    url = f"{server.replace('http', 'ws', 1)}/api/matches/{mid}/ws?token={token}"
    sent_at: dict[int, float] = {}
    actions = 0
    async with websockets.connect(url, max_size=None) as ws:
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "error":
                continue
            view = msg["match"]
            v = view["version"]
            for pending in [k for k in sent_at if k < v]:
                latencies.append(time.perf_counter() - sent_at.pop(pending))
            if view["state"]["result"] is not None:
                return actions
            if msg["legal"] and v not in sent_at:
                sent_at[v] = time.perf_counter()
                await ws.send(json.dumps({"action": rng.choice(msg["legal"]), "version": v}))
                actions += 1
    return actions


async def run(server: str, matches: int, game: str, seed: int) -> None:
    async with httpx.AsyncClient(base_url=server, timeout=30) as http:
        players = next(g["players"] for g in (await http.get("/api/games")).json()
                       if g["name"] == game)
        created = []
        for i in range(matches):
            r = await http.post("/api/matches", json={
                "game": game, "seed": seed + i, "seats": [{"kind": "human"}] * players})
            r.raise_for_status()
            created.append(r.json())
    latencies: list[float] = []
    start = time.perf_counter()
    counts = await asyncio.gather(*(
        bot(server, m["match_id"], s["token"], random.Random(f"{m['match_id']}:{s['seat']}"),
            latencies)
        for m in created for s in m["seats"]))
    elapsed = time.perf_counter() - start
    latencies.sort()

    def pct(p: float) -> float:
        return 1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))]

    total = sum(counts)
    print(f"{game}: {matches} matches x {players} bots over WebSocket finished in {elapsed:.1f} s;"
          f" {total} actions, {total / elapsed:.0f} actions/s; latency ms p50 {pct(0.5):.1f}"
          f" p90 {pct(0.9):.1f} p99 {pct(0.99):.1f} max {1000 * latencies[-1]:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server")
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--game", default="sichuan")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    proc = None
    server = args.server
    if server is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        db = Path(tempfile.mkdtemp()) / "load.db"
        env = dict(os.environ, PAIJU_DATABASE_URL=f"sqlite:///{db}", PAIJU_AI_IN_PROCESS="0")
        proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "server.app:app", "--port",
                                 str(port), "--log-level", "warning"], cwd=ROOT, env=env)
        server = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                httpx.get(f"{server}/api/games", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
    try:
        asyncio.run(run(server, args.matches, args.game, args.seed))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait()


if __name__ == "__main__":
    main()

"""How fast the AI service plays: N matches of AI seats only (basic, no pause), all at once,
against a real server (uvicorn in its own process) with the AI in-process, or as standalone
``paiju ai`` services with only the key; prints the AI moves a second and the time per deal.

    nice .venv/bin/python -m bench.ai_service --matches 20 --game sichuan
    nice .venv/bin/python -m bench.ai_service --matches 20 --standalone 2
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import httpx

from tests.servers import Uvicorn, start_ai

KEY = "bench-ai-key-" + "k" * 24


def run(matches: int, game: str, players: int, standalone: int, seed: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="paiju-bench-ai-") as folder:
        tmp = Path(folder)
        server = Uvicorn({"PAIJU_DATABASE_URL": f"sqlite:///{tmp / 'b.db'}",
                          "PAIJU_AI_DELAY_MS": "0", "PAIJU_AI_KEY": KEY,
                          "PAIJU_AI_IN_PROCESS": "0" if standalone else "1"}, tmp / "server.log")
        server.start()
        ais = [start_ai(server.url, KEY, tmp / f"ai{i}.log") for i in range(standalone)]
        try:
            with httpx.Client(base_url=server.url, timeout=30) as c:
                start = time.monotonic()
                ids = [c.post("/api/matches", json={
                    "game": game, "seed": seed + i,
                    "seats": [{"kind": "ai", "level": "basic"}] * players}).json()["match_id"]
                    for i in range(matches)]
                open_ = set(ids)
                while open_:
                    if time.monotonic() - start > 600:
                        raise SystemExit(f"{len(open_)} matches did not finish in 600 s")
                    for mid in list(open_):
                        if c.get(f"/api/matches/{mid}").json()["state"]["result"] is not None:
                            open_.discard(mid)
                    time.sleep(0.05)
                took = time.monotonic() - start
                moves = sum(c.get(f"/api/matches/{mid}").json()["version"] for mid in ids)
        finally:
            for p in ais:
                p.terminate()
                p.wait(timeout=10)
            server.stop()
    return {"seconds": took, "moves": moves, "moves_per_s": moves / took}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--game", default="sichuan")
    parser.add_argument("--standalone", type=int, default=0,
                        help="AI services of their own (0: the server's in-process AI)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    players = 3 if args.game in ("paohuzi", "nantong") else 4
    r = run(args.matches, args.game, players, args.standalone, args.seed)
    where = f"{args.standalone} standalone AI services" if args.standalone else "in-process AI"
    print(f"{args.game}, {args.matches} matches of {players} basic AI seats, {where}: "
          f"{r['moves']} moves in {r['seconds']:.1f} s = {r['moves_per_s']:.0f} moves/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

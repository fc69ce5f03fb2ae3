"""Crash safety: a worker killed with SIGKILL in the middle of 20 live matches loses nothing;
restarted on the same database, every match resumes at its last acknowledged version (or
later: the AI may have moved after the last answer we saw) and plays to the end."""

from __future__ import annotations

import random
import time
from pathlib import Path

import httpx

from tests.servers import Uvicorn

from .conftest import auth


def _server(db: Path) -> Uvicorn:
    return Uvicorn({"PAIJU_DATABASE_URL": f"sqlite:///{db}", "PAIJU_AI_DELAY_MS": "0",
                    "PAIJU_AI_POLL_SECONDS": "0.3"}, db.with_suffix(".log"))


def _step(c: httpx.Client, mid: str, token: str, rng: random.Random) -> int | None:
    """One human move if it is ours; the acknowledged version, or None."""
    legal = c.get(f"/api/matches/{mid}/legal", headers=auth(token)).json()
    if not legal["actions"]:
        return None
    r = c.post(f"/api/matches/{mid}/actions", headers=auth(token),
               json={"action": rng.choice(legal["actions"]), "version": legal["version"]})
    return int(r.json()["version"]) if r.status_code == 200 else None


def test_kill_9_mid_match_loses_nothing(tmp_path: Path) -> None:
    server = _server(tmp_path / "crash.db")
    url = server.url
    server.start()
    rng = random.Random(9)
    acked: dict[str, int] = {}
    tokens: dict[str, str] = {}
    try:
        with httpx.Client(base_url=url, timeout=10) as c:
            for i in range(20):
                game = "sichuan" if i % 2 else "mcr"
                m = c.post("/api/matches", json={"game": game, "seed": 100 + i}).json()
                tokens[m["match_id"]] = m["seats"][0]["token"]
                acked[m["match_id"]] = 0
            for _ in range(6):
                for mid, token in tokens.items():
                    v = _step(c, mid, token, rng)
                    if v is not None:
                        acked[mid] = v
    finally:
        server.kill()
    server.start()  # the same port and database
    try:
        with httpx.Client(base_url=url, timeout=10) as c:
            for mid, version in acked.items():
                assert c.get(f"/api/matches/{mid}").json()["version"] >= version
            deadline = time.monotonic() + 240
            open_ = set(tokens)
            while open_:
                assert time.monotonic() < deadline, f"{len(open_)} matches did not finish"
                for mid in sorted(open_):
                    if c.get(f"/api/matches/{mid}").json()["state"]["result"] is not None:
                        open_.discard(mid)
                    else:
                        _step(c, mid, tokens[mid], rng)
                time.sleep(0.01)
            for mid in tokens:
                log = c.get(f"/api/matches/{mid}/log").json()["deals"][0]
                versions = [a["version"] for a in log["actions"]]
                assert versions == list(range(1, len(versions) + 1))
    finally:
        server.stop()

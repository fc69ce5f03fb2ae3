"""Crashes and a database restart in one run (issue 22): two uvicorn workers on a private
PostgreSQL cluster (tests/server/pgcluster.py) and the machine's Redis, matches of one human seat
(played by this test over HTTP, on both workers) and three AI seats. Mid-run one worker is
killed with SIGKILL and started again, then PostgreSQL is restarted. The AI runs in both
workers, or as two AI services of their own (``paiju ai`` with nothing but the AI service key,
one on each worker's feed, issue 23), and then one AI service is killed with SIGKILL between
the two faults: the turns it held are offered to the other when their leases lapse.

Asserted, whatever the timing: every match reaches its result; no answer the clients got was a
500 or anything but JSON (503s while the database was down are expected, and retried); every
acknowledged action is in the log; a spectator WebSocket per match on the surviving worker
reaches the final version with the match's event log (notes lost with the killed worker are
made up by the quiet check); the AI service that was not killed is still running, and neither
logged its key; and ``examples/bot.py``, playing
a match of its own on the killed worker, reconnects and finishes its deal. The faults are set
off by the matches' progress (the sum of their stored versions), so they fall mid-run.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from server.ws import merge_events
from tests.servers import ROOT, Uvicorn, start_ai

from .conftest import REDIS_URL, _redis_reachable, auth
from .pgcluster import PgCluster

MATCHES = 6
DEADLINE_S = 100
"""Generous bound for the whole run (it takes a fraction of it)."""
KILL_AT, AI_KILL_AT, RESTART_AT = 12 * MATCHES, 20 * MATCHES, 30 * MATCHES
"""The sum of the matches' versions at which the worker is killed, then an AI service, then the
database restarted (a Sichuan deal takes well over 50 versions)."""
KEY = "crash-test-ai-key-" + "k" * 24
AI_SEATS = [{"kind": "ai", "level": "basic"}] * 3


Worker = Uvicorn
"""A worker of the pair: killed, started again."""


class Player:
    """The human seats over HTTP, on both workers in turn: a worker that is down is skipped, a
    503 is sent again after its Retry-After; every answer's status and type are kept."""

    def __init__(self, urls: list[str]) -> None:
        self.clients = [httpx.Client(base_url=u, timeout=10) for u in urls]
        self.turn = 0
        self.answers: Counter[tuple[int, str]] = Counter()
        self.acked: dict[str, list[tuple[int, dict[str, Any]]]] = {}

    def request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        deadline = time.monotonic() + 30
        while True:
            assert time.monotonic() < deadline, f"{method} {path}: no worker answered"
            self.turn += 1
            client = self.clients[self.turn % len(self.clients)]
            try:
                r = client.request(method, path, **kwargs)
            except httpx.TransportError:
                time.sleep(0.05)  # that worker is down: the other one, next
                continue
            self.answers[(r.status_code, r.headers.get("content-type", ""))] += 1
            if r.status_code != 503:
                return r
            time.sleep(float(r.headers["Retry-After"]))

    def step(self, mid: str, token: str, rng: random.Random) -> None:
        """One move of the match's human seat, if it has one; an acknowledgement is kept."""
        legal = self.request("GET", f"/api/matches/{mid}/legal", headers=auth(token)).json()
        if not legal["actions"]:
            return
        action = rng.choice(legal["actions"])
        r = self.request("POST", f"/api/matches/{mid}/actions", headers=auth(token),
                         json={"action": action, "version": legal["version"]})
        if r.status_code == 200:
            self.acked.setdefault(mid, []).append((r.json()["version"], action))

    def close(self) -> None:
        for c in self.clients:
            c.close()


class Spectator(threading.Thread):
    """A spectator's WebSocket on one worker, kept until the deal's result: its last version
    and the event log its messages built."""

    def __init__(self, url: str, mid: str) -> None:
        super().__init__(daemon=True)
        self.url = url.replace("http", "ws", 1) + f"/api/matches/{mid}/ws"
        self.version = -1
        self.events: list[Any] = []
        self.result: Any = None
        self.error: BaseException | None = None
        self.connected = threading.Event()

    def run(self) -> None:
        from websockets.sync.client import connect

        try:
            with connect(self.url, open_timeout=10) as ws:
                self.connected.set()
                while self.result is None:
                    msg = json.loads(ws.recv(timeout=DEADLINE_S))
                    if msg["type"] == "error":
                        continue
                    state = msg["match"]["state"]
                    self.events = (merge_events(self.events, msg) if msg["type"] == "update"
                                   else state["events"])
                    self.version, self.result = msg["match"]["version"], state["result"]
        except BaseException as exc:  # noqa: BLE001  (reported by the test)
            self.error = exc
            self.connected.set()


def _progress(cluster: PgCluster, ids: list[str]) -> int:
    """The sum of the matches' stored versions (0 while the database cannot be read)."""
    try:
        with psycopg.connect(cluster.url().replace("+psycopg", ""), connect_timeout=2) as conn:
            row = conn.execute("SELECT sum(version) FROM matches WHERE id = ANY(%s)",
                               (ids,)).fetchone()
        return int(row[0] or 0) if row else 0
    except psycopg.Error:
        return 0


def _faults(cluster: PgCluster, victim: Worker, ids: list[str], done: list[str],
            stop: threading.Event, ai: subprocess.Popen[bytes] | None) -> None:
    """Kill the victim worker and start it again, then (with AI services of their own) kill
    one AI service, then restart the database, each once the matches have progressed far
    enough."""
    faults = [(KILL_AT, "kill"), (AI_KILL_AT, "kill-ai"), (RESTART_AT, "restart")]
    for at, fault in faults if ai is not None else [faults[0], faults[2]]:
        while _progress(cluster, ids) < at:
            if stop.wait(0.05):
                return
        if fault == "kill":
            victim.kill()
            victim.start()
        elif fault == "kill-ai":
            assert ai is not None
            ai.kill()  # SIGKILL: whatever turns it held are lost with it
            ai.wait(timeout=10)
        else:
            cluster.stop()
            time.sleep(1.0)  # many requests', sweeps' and quiet checks' worth
            cluster.start()
        done.append(fault)


@pytest.fixture(scope="module")
def redis_url() -> str:
    if not _redis_reachable():
        pytest.skip(f"Redis not reachable at {REDIS_URL}")
    return REDIS_URL


@pytest.fixture
def workers(private_pg: PgCluster, redis_url: str, tmp_path: Path,
            request: pytest.FixtureRequest) -> Iterator[tuple[Worker, Worker, dict[str, str]]]:
    in_process = request.param == "in-process"
    settings = {"PAIJU_DATABASE_URL": private_pg.url(), "PAIJU_REDIS_URL": redis_url,
                "PAIJU_AI_IN_PROCESS": "1" if in_process else "0", "PAIJU_AI_DELAY_MS": "0",
                "PAIJU_AI_POLL_SECONDS": "0.5", "PAIJU_WS_RESYNC_SECONDS": "1",
                "PAIJU_AI_KEY": KEY, "PAIJU_AI_LEASE_SECONDS": "2"}
    pair = (Worker(settings, tmp_path / "w0.log"), Worker(settings, tmp_path / "w1.log"))
    try:
        for w in pair:
            w.start()
        yield pair[0], pair[1], pair[0].env
    finally:
        for w in pair:
            w.stop()


@pytest.mark.parametrize("workers", ["own-process", "in-process"], indirect=True)
def test_every_match_survives_killed_workers_and_a_database_restart(
        workers: tuple[Worker, Worker, dict[str, str]], private_pg: PgCluster,
        tmp_path: Path) -> None:
    victim, survivor, env = workers
    procs: list[subprocess.Popen[bytes]] = []
    ai_log, doomed_log = tmp_path / "ai.log", tmp_path / "ai-killed.log"
    doomed = None
    if env["PAIJU_AI_IN_PROCESS"] == "0":
        procs.append(start_ai(victim.url, KEY, ai_log))  # the URL and the key: no database
        doomed = start_ai(survivor.url, KEY, doomed_log)
    with open(tmp_path / "bot.out", "wb") as out, open(tmp_path / "bot.err", "wb") as err:
        bot = subprocess.Popen([sys.executable, str(ROOT / "examples" / "bot.py"), "--server",
                                victim.url, "--seed", "77"], cwd=ROOT, stdout=out,
                               stderr=err)  # the settlement apart from the summary line
    player = Player([victim.url, survivor.url])
    stop, done = threading.Event(), []
    try:
        tokens: dict[str, str] = {}
        for i in range(MATCHES):
            m = player.request("POST", "/api/matches", json={
                "game": "sichuan", "seed": 500 + i, "seats": [{"kind": "human"}] + AI_SEATS})
            assert m.status_code == 201, m.text
            tokens[m.json()["match_id"]] = m.json()["seats"][0]["token"]
        ids = list(tokens)
        spectators = {mid: Spectator(survivor.url, mid) for mid in ids}
        for s in spectators.values():
            s.start()
            s.connected.wait(20)
        faults = threading.Thread(target=_faults, daemon=True,
                                  args=(private_pg, victim, ids, done, stop, doomed))
        faults.start()
        rng = random.Random(22)
        deadline = time.monotonic() + DEADLINE_S
        open_ = set(ids)
        while open_:
            assert time.monotonic() < deadline, (
                f"{len(open_)} matches did not finish; faults {done}\n"
                f"w0:\n{victim.log()}\nw1:\n{survivor.log()}\nai:\n{_tail(ai_log)}")
            for mid in sorted(open_):
                view = player.request("GET", f"/api/matches/{mid}").json()
                if view["state"]["result"] is not None:
                    open_.discard(mid)
                else:
                    player.step(mid, tokens[mid], rng)
            time.sleep(0.01)
        stop.set()
        faults.join(60)
        assert done == (["kill", "kill-ai", "restart"] if doomed else ["kill", "restart"]), (
            "the faults must fall mid-run")
        _assert_logged(player, tokens)
        for mid, s in spectators.items():
            s.join(DEADLINE_S)
            assert s.error is None, f"spectator of {mid}: {s.error!r}"
            final = player.request("GET", f"/api/matches/{mid}").json()
            assert s.version == final["version"] and s.result == final["state"]["result"]
            assert s.events == final["state"]["events"]
        bad = {a: n for a, n in player.answers.items()
               if a[0] not in (200, 201, 409, 503) or not a[1].startswith("application/json")}
        assert not bad, f"answers that were not JSON or not expected: {bad}"
        assert bot.wait(DEADLINE_S) == 0, _tail(tmp_path / "bot.err")
        result = json.loads((tmp_path / "bot.out").read_text())
        assert sum(result["deltas"]) == 0
        for p in procs:
            assert p.poll() is None, f"the AI service exited:\n{_tail(ai_log)}"
        for log in (ai_log, doomed_log):
            assert not log.exists() or KEY not in log.read_text()
        print(f"answers: {dict(player.answers)}")  # how many 503s the run met (-s shows it)
    finally:
        stop.set()
        player.close()
        for p in [*procs, bot, *([doomed] if doomed else [])]:
            if p.poll() is None:
                p.terminate()
                p.wait(timeout=10)


def _assert_logged(player: Player, tokens: dict[str, str]) -> None:
    """Every acknowledged action is in its match's log, at its version, for seat 0; the log's
    versions run without a gap."""
    for mid in tokens:
        log = player.request("GET", f"/api/matches/{mid}/log").json()["deals"][0]
        versions = [a["version"] for a in log["actions"]]
        assert versions == list(range(1, len(versions) + 1))
        logged = {a["version"]: (a["seat"], a["action"]) for a in log["actions"]}
        for version, action in player.acked.get(mid, []):
            assert logged.get(version) == (0, action), (mid, version)


def _tail(path: Path) -> str:
    return path.read_text(errors="replace")[-3000:] if path.exists() else ""

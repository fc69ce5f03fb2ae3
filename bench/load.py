"""Load benchmark: N concurrent matches played to the end by bots over WebSocket against a real
server on this machine.

It first measures the ceiling: requests a second of a trivial endpoint (``GET /api/games``) of
the same server, over keep-alive connections. Then every seat of every match is a bot on its own
WebSocket that plays random legal actions. It prints actions a second (and their share of the
ceiling), the action latency (an action sent → the update that carries it back to its sender)
and the event push latency (the same action sent → the update reaching each other seat).

    python bench/load.py --matches 200                          # SQLite, one worker
    python bench/load.py --matches 200 --postgres --redis --workers 2
    python bench/load.py --postgres-url postgresql://me@db:5433/postgres --redis-url redis://db/0
    python bench/load.py --matches 200 --think-ms 1500 --ramp-s 30 # paced bots, staggered
    python bench/load.py --server http://127.0.0.1:8000          # a running server
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import multiprocessing
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import orjson
import uvloop

ROOT = Path(__file__).resolve().parent.parent
POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres"
"""The PostgreSQL server a run makes its fresh database on, unless ``--postgres-url`` or
``$PAIJU_TEST_POSTGRES`` (the test suite's) names another: a database URL from which the run
may create databases."""
REDIS = "redis://127.0.0.1:6379/0"
"""The Redis server, unless ``--redis-url`` or ``$PAIJU_TEST_REDIS`` names another."""
RATE = 20.0
"""Messages a second a WebSocket connection may send (``server/ws.py``; not imported: run as a
script, this folder's ``engine.py`` would stand for the engine package)."""


# ---------------------------------------------------------------- the trivial-endpoint ceiling

async def _hammer(host: str, port: int, path: str, until: float) -> int:
    """One keep-alive connection sending GETs back to back; returns the responses read."""
    reader, writer = await asyncio.open_connection(host, port)
    request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    done = 0
    try:
        while time.monotonic() < until:
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length:"))
            await reader.readexactly(length)
            done += 1
    finally:
        writer.close()
    return done


def _ceiling_process(server: str, path: str, connections: int, seconds: float) -> int:
    url = urlsplit(server)
    until = time.monotonic() + seconds

    async def main() -> list[int]:
        return await asyncio.gather(*(_hammer(url.hostname or "127.0.0.1", url.port or 80,
                                              path, until) for _ in range(connections)))
    return sum(uvloop.run(main()))  # the same loop as the bots: neither side is handicapped


def ceiling(server: str, seconds: float, processes: int, connections: int) -> float:
    """Requests a second the server answers on ``GET /api/games`` (clients in ``processes``)."""
    with multiprocessing.Pool(processes) as pool:
        counts = pool.starmap(_ceiling_process,
                              [(server, "/api/games", connections, seconds)] * processes)
    return sum(counts) / seconds


# ---------------------------------------------------------------- the bots

class LeanSocket:
    """Just enough of a WebSocket client (RFC 6455) for the bots: text frames, pings, close.

    The bots share the machine with the server they measure, so they must cost it as little
    as the ceiling's hand-written HTTP client does: the websockets library's client took about
    half of each bot process's time in frame handling and futures."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, url: str) -> LeanSocket:
        parts = urlsplit(url)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
        reader, writer = await asyncio.open_connection(host, port)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(f"GET {parts.path}?{parts.query} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                     f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 101"):
            writer.close()
            raise ConnectionError(f"WebSocket upgrade refused: {head.splitlines()[0]!r}")
        return cls(reader, writer)

    async def recv(self) -> bytes | None:
        """The next text message (fragments joined), or None once the server closes."""
        message = b""
        while True:
            b0, b1 = await self.reader.readexactly(2)
            n = b1 & 0x7F
            if n >= 126:
                n = int.from_bytes(await self.reader.readexactly(2 if n == 126 else 8), "big")
            payload = await self.reader.readexactly(n)  # a server's frames are not masked
            opcode = b0 & 0x0F
            if opcode == 0x8:
                return None
            if opcode == 0x9:
                self._frame(0xA, payload)
                continue
            if opcode == 0xA:
                continue
            message += payload
            if b0 & 0x80:
                return message

    def send(self, text: str) -> None:
        self._frame(0x1, text.encode())

    def _frame(self, opcode: int, data: bytes) -> None:
        """Write one final frame, masked as a client's must be."""
        n = len(data)
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 1 << 16:
            head += bytes([0x80 | 126]) + n.to_bytes(2, "big")
        else:
            head += bytes([0x80 | 127]) + n.to_bytes(8, "big")
        mask = os.urandom(4)
        key = int.from_bytes((mask * (n // 4 + 1))[:n], "big")
        self.writer.write(head + mask + (int.from_bytes(data, "big") ^ key).to_bytes(n, "big"))

    async def close(self) -> None:
        with contextlib.suppress(ConnectionError):
            self._frame(0x8, (1000).to_bytes(2, "big"))
            await self.writer.drain()
        self.writer.close()


@dataclass
class Timings:
    """Clock readings (time.monotonic: one clock for every process on the machine)."""

    sent: dict[str, float] = field(default_factory=dict)
    """"match/version" → when its action was sent (the version the action was sent at)."""
    action: list[float] = field(default_factory=list)
    action_sent: list[float] = field(default_factory=list)
    """When each action of ``action`` was sent (the same order), for the timeline."""
    pushed: list[tuple[str, float]] = field(default_factory=list)
    """("match/version", when another seat got the update past that version)."""
    actions: int = 0
    errors: int = 0
    reconnects: int = 0
    unconnected: int = 0
    """Bots whose every connection try failed (their matches then wait for them)."""
    unfinished: int = 0
    """Bots still playing when the run's deadline (``--deadline-s``) stopped them."""
    """WebSocket connections tried again after the server reset or refused one (its listen
    queue full), as a real client reconnects."""
    refused: dict[str, int] = field(default_factory=dict)
    """Refusals by error code and the phase the refused action was sent in (``action/stale_version
    in claim`` …), to say what the refused actions were."""


CONNECT_TRIES = 8
"""Tries of a bot's WebSocket connection, a second apart and doubling, before the run fails."""


async def connect(url: str, t: Timings) -> LeanSocket:
    """A bot's connection, tried again (counted in ``t.reconnects``) when the server resets or
    refuses it: under a burst of connections its listen queue overflows."""
    for attempt in range(CONNECT_TRIES):
        try:
            return await LeanSocket.connect(url)
        except (OSError, asyncio.IncompleteReadError):  # reset, refused, timed out
            if attempt == CONNECT_TRIES - 1:
                raise
            t.reconnects += 1
            await asyncio.sleep(2 ** attempt)
    raise AssertionError("unreachable")


async def bot(server: str, mid: str, token: str, rng: random.Random, t: Timings,
              think: float, delay: float = 0.0) -> None:
    """Play one seat to the end of the deal, thinking ``think`` seconds on average (0.5 to 1.5
    times it) before each action; its match starts ``delay`` seconds after the run's start."""
    await asyncio.sleep(delay)
    url = f"{server.replace('http', 'ws', 1)}/api/matches/{mid}/ws?token={token}"
    mine: dict[int, float] = {}
    seen = -1
    last = ""
    phase = ""
    try:
        ws = await connect(url, t)
    except (OSError, asyncio.IncompleteReadError):
        t.unconnected += 1
        return
    try:
        while (raw := await ws.recv()) is not None:
            now = time.monotonic()
            msg = orjson.loads(raw)
            if msg["type"] == "error":
                t.errors += 1
                code = f'{msg["error"]["code"]} in {phase}'
                t.refused[code] = t.refused.get(code, 0) + 1
                if msg["error"]["code"] == "ws/rate_limited" and seen in mine:
                    # refused unread: the same action again once the connection may send
                    # (a stale one is then refused as such, and an update follows anyway)
                    await asyncio.sleep(1 / RATE)
                    ws.send(last)
                continue
            view = msg["match"]
            v = view["version"]
            if msg["type"] == "update":  # the actions sent at versions seen..v-1 reached us
                t.pushed.extend((f"{mid}/{u}", now) for u in range(seen, v) if u not in mine)
            for pending in [k for k in mine if k < v]:
                sent = mine.pop(pending)
                t.action.append(now - sent)
                t.action_sent.append(sent)
            seen = v
            if view["state"]["result"] is not None:
                return
            if msg["legal"] and v not in mine:
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                phase = view["state"]["phase"]
                mine[v] = time.monotonic()
                t.sent[f"{mid}/{v}"] = mine[v]
                last = orjson.dumps({"action": rng.choice(msg["legal"]), "version": v}).decode()
                ws.send(last)
                t.actions += 1
    finally:
        await ws.close()


def _bots_process(server: str, seats: list[tuple[str, int, str, float]],
                  think: float, deadline: float = 0.0) -> Timings:
    t = Timings()

    async def main() -> None:
        bots = [asyncio.ensure_future(bot(server, mid, token, random.Random(f"{mid}:{seat}"), t,
                                          think, delay))
                for mid, seat, token, delay in seats]
        _, pending = await asyncio.wait(bots, timeout=deadline or None)
        t.unfinished = len(pending)
        for b in pending:
            b.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
    # the bots share the machine with the server they measure: uvloop and orjson keep what
    # they take from it small (the standard loop and json cost a bot process half a core)
    uvloop.run(main())
    return t


def play(server: str, matches: int, game: str, seed: int, processes: int,
         think: float, ramp: float = 0.0, deadline: float = 0.0) -> tuple[float, Timings, int]:
    """Create the matches, then play them all, their starts spread evenly over ``ramp``
    seconds (0: all at once), stopping the bots still playing after ``deadline`` seconds (0:
    none); returns (seconds, timings, players)."""
    with httpx.Client(base_url=server, timeout=30) as http:
        players = next(g["players"] for g in http.get("/api/games").json() if g["name"] == game)
        groups: list[list[tuple[str, int, str, float]]] = [[] for _ in range(processes)]
        for i in range(matches):
            r = http.post("/api/matches", json={
                "game": game, "seed": seed + i, "seats": [{"kind": "human"}] * players})
            r.raise_for_status()
            m = r.json()
            groups[i % processes] += [(m["match_id"], s["seat"], s["token"], ramp * i / matches)
                                      for s in m["seats"]]
    start = time.monotonic()
    with multiprocessing.Pool(processes) as pool:
        parts = pool.starmap(_bots_process, [(server, g, think, deadline) for g in groups if g])
    elapsed = time.monotonic() - start
    t = Timings()
    for part in parts:
        t.sent.update(part.sent)
        t.action += part.action
        t.action_sent += part.action_sent
        t.pushed += part.pushed
        t.actions += part.actions
        t.errors += part.errors
        t.reconnects += part.reconnects
        t.unconnected += part.unconnected
        t.unfinished += part.unfinished
        for code, n in part.refused.items():
            t.refused[code] = t.refused.get(code, 0) + n
    return elapsed, t, players


def process_tree(pid: int) -> list[int]:
    """``pid`` and every process below it (a server's workers), parents first."""
    out: list[int] = []
    todo = [pid]
    while todo:
        p = todo.pop(0)
        out.append(p)
        try:
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    return out


def cpu_seconds(pid: int | None) -> float:
    """CPU time (user + system) used so far by the server process ``pid`` and its workers."""
    if pid is None:
        return float("nan")
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for p in process_tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rpartition(")")[2].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (0 once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (FileNotFoundError, ProcessLookupError):
        pass
    return 0.0


def _role(pid: int) -> str:
    """What a server's child process is: a worker, or multiprocessing's resource tracker."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (FileNotFoundError, ProcessLookupError):
        return "gone"
    return "resource tracker" if b"resource_tracker" in cmdline else "worker"


class MemoryWatch:
    """The resident memory of a server's processes: at the start, at its highest while the
    matches are played (sampled every ``every`` seconds on a thread) and at the end."""

    def __init__(self, pid: int | None, every: float = 0.5) -> None:
        import threading

        self.pid, self.every = pid, every
        self.start: dict[int, float] = {}
        self.peak: dict[int, float] = {}
        self.end: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def sample(self) -> dict[int, float]:
        return {p: rss_mb(p) for p in process_tree(self.pid)} if self.pid is not None else {}

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            for p, mb in self.sample().items():
                self.peak[p] = max(self.peak.get(p, 0.0), mb)

    def __enter__(self) -> MemoryWatch:
        self.start = self.sample()
        self.peak = dict(self.start)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.end = self.sample()

    def report(self, label: str, matches: int, sockets: int) -> None:
        if not self.start:
            return
        for i, p in enumerate(self.peak):
            role = "main" if i == 0 else _role(p)
            print(f"{label}: server process {p} ({role}) RSS MB at start"
                  f" {self.start.get(p, 0.0):.1f}, peak {self.peak[p]:.1f},"
                  f" end {self.end.get(p, 0.0):.1f}")
        grown = sum(self.peak.values()) - sum(self.start.values())
        print(f"{label}: server RSS {sum(self.start.values()):.1f} MB at start,"
              f" {sum(self.peak.values()):.1f} MB at the peak: {1024 * grown / max(1, matches):.0f}"
              f" KB a match, {1024 * grown / max(1, sockets):.0f} KB a socket ({matches} matches,"
              f" {sockets} sockets)")


def pct(xs: list[float], p: float) -> float:
    return 1000 * xs[min(len(xs) - 1, int(p * len(xs)))] if xs else float("nan")


def timeline(label: str, t: Timings, window: float) -> None:
    """The action latency's p50 and p99 of the actions sent in each ``window`` seconds: when in
    the run the slow ones were (the ramp, a steady state, a stall)."""
    if not t.action_sent:
        return
    start = min(t.action_sent)
    buckets: dict[int, list[float]] = {}
    for sent, took in zip(t.action_sent, t.action, strict=True):
        buckets.setdefault(int((sent - start) // window), []).append(took)
    for k in sorted(buckets):
        xs = sorted(buckets[k])
        print(f"{label}: actions sent at {k * window:4.0f}-{(k + 1) * window:.0f} s:"
              f" {len(xs):6d}, latency ms p50 {pct(xs, 0.5):7.1f} p99 {pct(xs, 0.99):7.1f}")


def report(label: str, game: str, matches: int, players: int, elapsed: float, t: Timings,
           ceil: tuple[float, float], cpu: float, think_ms: float, ramp: float = 0.0) -> None:
    action = sorted(t.action)
    push = sorted(when - t.sent[key] for key, when in t.pushed if key in t.sent)
    rate = t.actions / elapsed
    think = f" (thinking {think_ms:.0f} ms)" if think_ms else ""
    if ramp:
        think += f" (starts spread over {ramp:.0f} s)"
    print(f"{label}: ceiling {ceil[0]:.0f} requests/s (GET /api/games),"
          f" server CPU {1000 * ceil[1]:.2f} ms a request")
    print(f"{label}: {game}, {matches} matches x {players} bots{think} over WebSocket in"
          f" {elapsed:.1f} s;"
          f" {t.actions} actions ({t.errors} refused), {rate:.0f} actions/s"
          f" = {100 * rate / ceil[0]:.0f}% of the ceiling;"
          f" server CPU {1000 * cpu / t.actions:.2f} ms an action")
    if t.reconnects or t.unconnected or t.unfinished:
        print(f"{label}: WebSocket connections tried again after a reset, refusal or time-out:"
              f" {t.reconnects}; bots never connected: {t.unconnected}; bots stopped by the"
              f" deadline: {t.unfinished}")
    if t.refused:
        print(f"{label}: refused by code: "
              + ", ".join(f"{code} {n}" for code, n in sorted(t.refused.items())))
    for name, xs in (("action latency", action), ("event push latency", push)):
        print(f"{label}: {name} ms p50 {pct(xs, 0.5):.1f} p90 {pct(xs, 0.9):.1f}"
              f" p99 {pct(xs, 0.99):.1f} max {pct(xs, 1.0):.1f} ({len(xs)})")


# ---------------------------------------------------------------- the server under test

def database_urls(server_url: str, name: str) -> tuple[str, str]:
    """For the PostgreSQL server of ``server_url`` (``postgresql://`` or
    ``postgresql+psycopg://``): its URL for psycopg, and the URL of its database ``name`` for
    the server under test (SQLAlchemy with psycopg)."""
    parts = urlsplit(server_url)
    scheme = parts.scheme.split("+", 1)[0]
    admin = urlunsplit(parts._replace(scheme=scheme))
    database = urlunsplit(parts._replace(scheme=f"{scheme}+psycopg", path=f"/{name}"))
    return admin, database


@contextmanager
def postgres_database(server_url: str) -> Iterator[str]:
    """A fresh database for this run on the PostgreSQL server of ``server_url``, dropped
    afterwards."""
    import psycopg

    name = f"paiju_bench_{uuid.uuid4().hex[:8]}"
    admin, database = database_urls(server_url, name)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield database
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@contextmanager
def serve(database_url: str, redis_url: str | None,
          workers: int) -> Iterator[tuple[str, int]]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, PAIJU_DATABASE_URL=database_url, PAIJU_AI_IN_PROCESS="0")
    if redis_url:
        env["PAIJU_REDIS_URL"] = redis_url
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "server.app:app", "--port",
                             str(port), "--log-level", "warning", "--workers", str(workers)],
                            cwd=ROOT, env=env)
    server = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                httpx.get(f"{server}/api/games", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        time.sleep(1)  # let every worker come up
        yield server, proc.pid
    finally:
        proc.terminate()
        proc.wait()


def servers(postgres: bool, postgres_url: str | None, redis: bool,
            redis_url: str | None) -> tuple[str | None, str | None]:
    """The PostgreSQL and Redis servers a run uses (None: SQLite; no Redis): a URL given, else
    with ``--postgres`` / ``--redis`` the environment's or the local default."""
    return (postgres_url or (os.environ.get("PAIJU_TEST_POSTGRES", POSTGRES) if postgres
                             else None),
            redis_url or (os.environ.get("PAIJU_TEST_REDIS", REDIS) if redis else None))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server", help="a running server (else one is started here)")
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--game", default="sichuan")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--postgres", action="store_true",
                    help="a fresh database on the PostgreSQL server of --postgres-url")
    ap.add_argument("--postgres-url", metavar="URL",
                    help="the PostgreSQL server to make the database on, as a database URL the "
                         "run may create databases from (implies --postgres; default "
                         f"$PAIJU_TEST_POSTGRES, else {POSTGRES})")
    ap.add_argument("--redis", action="store_true", help="the Redis broker at --redis-url")
    ap.add_argument("--redis-url", metavar="URL",
                    help=f"the Redis server (implies --redis; default $PAIJU_TEST_REDIS, else "
                         f"{REDIS})")
    ap.add_argument("--clients", type=int, default=2, help="client processes")
    ap.add_argument("--ceiling-seconds", type=float, default=5.0)
    ap.add_argument("--think-ms", type=float, default=0.0,
                    help="a bot's mean pause before acting (0: as fast as the server answers)")
    ap.add_argument("--ramp-s", type=float, default=0.0,
                    help="spread the matches' starts evenly over this many seconds (0: all at"
                         " once, a burst of every seat's first action)")
    ap.add_argument("--deadline-s", type=float, default=0.0,
                    help="stop the bots still playing after this many seconds (0: none)")
    ap.add_argument("--timeline", type=float, default=0.0, metavar="SECONDS",
                    help="also print the action latency of each SECONDS of the run")
    args = ap.parse_args(argv)
    postgres, redis = servers(args.postgres, args.postgres_url, args.redis, args.redis_url)
    label = (f"{'PostgreSQL' if postgres else 'SQLite'}"
             f"{' + Redis' if redis else ''}, {args.workers} worker(s)")
    with contextlib.ExitStack() as stack:
        server, pid = args.server, None
        if server is None:
            if postgres:
                url = stack.enter_context(postgres_database(postgres))
            else:
                url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'load.db'}"
            server, pid = stack.enter_context(serve(url, redis, args.workers))
        else:
            label = server
        cpu = cpu_seconds(pid)
        rate = ceiling(server, args.ceiling_seconds, args.clients, 16)
        ceil = (rate, (cpu_seconds(pid) - cpu) / (rate * args.ceiling_seconds))
        cpu = cpu_seconds(pid)
        with MemoryWatch(pid) as memory:
            elapsed, t, players = play(server, args.matches, args.game, args.seed, args.clients,
                                       args.think_ms / 1000, args.ramp_s, args.deadline_s)
        report(label, args.game, args.matches, players, elapsed, t, ceil, cpu_seconds(pid) - cpu,
               args.think_ms, args.ramp_s)
        memory.report(label, args.matches, args.matches * players)
        if args.timeline:
            timeline(label, t, args.timeline)


if __name__ == "__main__":
    main()

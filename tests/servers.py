"""A real server for the tests that need one: ``uvicorn server.app:app`` in its own process on a
free port, with its own settings (environment variables) and log file. The API, crash, worker,
AI-service and browser tests all start, kill and restart it the same way."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
START_S = 60.0
"""How long a server may take to answer ``/api/games`` (seconds; the machine may be busy)."""


PORTS = range(20000, 32000)
"""Where ``free_port`` looks: below the kernel's ephemeral range (32768-60999 here), so that no
outgoing connection holds one."""


def free_port() -> int:
    """A port free now, and never one another pytest-xdist worker could pick: worker k of n takes
    ports equal to k modulo n. Without that, two workers could pick the same port before either
    bound it (or one could take a port another's restart was about to bind again); the loser's
    server would fail to bind while its ``up()`` saw the other's answer, and its tests would run
    against another worker's server until that one stopped (what a CI run's two failed browser
    tests looked like: a page that never got its table, then "connection refused"). The port is
    drawn, then tried: the kernel's own choice (bind to port 0) is odd whenever it can be."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    index = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0) % workers
    draw = random.SystemRandom()
    while True:
        port = draw.randrange(PORTS.start + index, PORTS.stop, workers)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port


UVICORN = (sys.executable, "-m", "uvicorn", "server.app:app")
"""The source tree's app under this interpreter's uvicorn (``--host``, ``--port`` and
``--log-level`` follow)."""


class Uvicorn:
    """One worker: ``settings`` are ``PAIJU_*`` variables over this process's environment (a
    value None removes the variable); the worker's output goes to ``log``. ``command`` and
    ``cwd`` run another server, e.g. an installed ``paiju serve`` away from the source tree."""

    def __init__(self, settings: Mapping[str, str | None], log: Path,
                 command: Sequence[str] = UVICORN, cwd: Path = ROOT) -> None:
        self.command = list(command)
        self.cwd = cwd
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {k: v for k, v in {**os.environ, **settings}.items() if v is not None}
        self.log_path = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start it and wait until it answers; raises with its log if it exits or is slow."""
        with open(self.log_path, "ab") as out:
            self.proc = subprocess.Popen(
                [*self.command, "--host", "127.0.0.1", "--port", str(self.port),
                 "--log-level", "warning"],
                cwd=self.cwd, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_S
        while not self.up():
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited early:\n{self.log()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not answer within {START_S} s:\n{self.log()}")
            time.sleep(0.1)

    def died(self) -> str | None:
        """Why a server started and not stopped has ended by itself (its exit code and log), or
        None while it runs: a test that lost its server says so rather than "connection
        refused"."""
        if self.proc is None or self.proc.poll() is None:
            return None
        return f"the server exited with {self.proc.returncode}:\n{self.log()}"

    def up(self) -> bool:
        """Whether it answers ``GET /api/games`` now."""
        try:
            return httpx.get(f"{self.url}/api/games", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind, as a crash."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        """A graceful stop (SIGTERM), killed if it takes more than 10 s."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def log(self) -> str:
        """The end of its log, for failure messages."""
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""


__all__ = ["ROOT", "Uvicorn", "free_port"]


@contextmanager
def workers(settings: Mapping[str, str | None], logs: Path, n: int = 2) -> Iterator[list[str]]:
    """``n`` workers with the same settings, started; their URLs; all stopped afterwards."""
    started = [Uvicorn(settings, logs / f"w{i}.log") for i in range(n)]
    try:
        for w in started:
            w.start()
        yield [w.url for w in started]
    finally:
        for w in started:
            w.stop()


@contextmanager
def live(folder: Path) -> Iterator[str]:
    """A real uvicorn server in its own process on a SQLite file in ``folder``, its AI playing
    at once (no delay); its URL while the context lasts."""
    server = Uvicorn({"PAIJU_DATABASE_URL": f"sqlite:///{folder / 'live.db'}",
                      "PAIJU_AI_DELAY_MS": "0", "PAIJU_AI_POLL_SECONDS": "0.5"},
                     folder / "server.log")
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


def ai_env(key: str) -> dict[str, str]:
    """The environment of a standalone AI service: this process's without any server setting
    (no database, no Redis: it has the server's URL and the AI service key, nothing else)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAIJU_")}
    return env | {"PAIJU_AI_KEY": key}


def start_ai(url: str, key: str, log: Path, *args: str) -> subprocess.Popen[bytes]:
    """``paiju ai --server url`` in its own process with only the key; output to ``log``."""
    with open(log, "ab") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "server.cli", "ai", "--server", url, *args], cwd=ROOT,
            env=ai_env(key), stdout=out, stderr=subprocess.STDOUT)

"""A private PostgreSQL cluster for tests that stop or restart the database: its own data
folder and port, started with ``pg_ctl``, so the machine's PostgreSQL (which other tests and
people use) is never touched.

``initdb`` refuses to run as root: as root the cluster runs as the ``postgres`` user (through
``runuser``), in a folder it owns; otherwise as the current user. When neither works the
fixture skips, saying why.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import free_port

BIN = Path(os.environ.get("PAIJU_TEST_PG_BIN", "/usr/lib/postgresql/15/bin"))
OWNER = "postgres"
"""The user the cluster runs as when the tests run as root."""
SETTINGS = {
    # a test database: durable against a killed server (WAL reaches the kernel at every
    # commit), not against a lost machine, which no test simulates
    "fsync": "off", "full_page_writes": "off", "max_connections": "200",
    "shared_buffers": "32MB", "listen_addresses": "127.0.0.1",
}


class PgCluster:
    """One PostgreSQL server on ``127.0.0.1:port``; ``stop``/``start``/``restart`` it at will."""

    def __init__(self, root: Path, port: int, as_user: str | None) -> None:
        self.root = root
        self.data = root / "data"
        self.log = root / "server.log"
        self.port = port
        self._as_user = as_user

    @property
    def admin_url(self) -> str:
        """psycopg's URL of the ``postgres`` database (trust authentication)."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def url(self, database: str = "paiju") -> str:
        """The server's SQLAlchemy URL of ``database``."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str, timeout: float = 60) -> None:
        cmd = [str(BIN / args[0]), *args[1:]]
        if self._as_user:
            cmd = ["runuser", "-u", self._as_user, "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stdout}\n"
                               f"{done.stderr}\n{self.tail()}")

    def init(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "--no-sync", "-E", "UTF8")

    def start(self) -> None:
        options = " ".join(f"-c {k}={v}" for k, v in SETTINGS.items())
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                  "-o", f"-p {self.port} -k {self.root} {options}", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: ``fast`` ends every session (what a restart does), ``immediate``
        kills it as a crash would."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def restart(self, mode: str = "fast") -> None:
        self.stop(mode)
        self.start()

    def create_database(self, name: str = "paiju") -> str:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def tail(self, chars: int = 3000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""


def _runner() -> tuple[str | None, str | None]:
    """Who runs the cluster (None: this user) and, when nobody can, why."""
    if not (BIN / "initdb").exists():
        return None, f"no PostgreSQL binaries in {BIN} (set PAIJU_TEST_PG_BIN)"
    if os.geteuid() != 0:
        return None, None
    try:
        pwd.getpwnam(OWNER)
    except KeyError:
        return None, f"running as root and there is no {OWNER!r} user for initdb"
    if shutil.which("runuser") is None:
        return None, "running as root and runuser is missing"
    return OWNER, None


@contextlib.contextmanager
def pg_cluster() -> Iterator[PgCluster]:
    """A fresh private cluster with a ``paiju`` database, removed afterwards (skips, with the
    reason, when it cannot be started)."""
    as_user, why = _runner()
    if why:
        pytest.skip(why)
    root = Path(tempfile.mkdtemp(prefix="paiju-pg-"))
    if as_user:
        os.chown(root, pwd.getpwnam(as_user).pw_uid, pwd.getpwnam(as_user).pw_gid)
    cluster = PgCluster(root, free_port(), as_user)
    try:
        try:
            cluster.init()
            cluster.start()
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
            pytest.skip(f"a private PostgreSQL cluster could not start: {exc}")
        cluster.create_database()
        yield cluster
    finally:
        with contextlib.suppress(Exception):
            cluster.stop("immediate")
        shutil.rmtree(root, ignore_errors=True)


def wait_until(predicate: object, timeout: float, what: str) -> None:
    """Poll ``predicate()`` until it is true, failing with ``what`` after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while not predicate():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"{what} within {timeout} s"
        time.sleep(0.05)

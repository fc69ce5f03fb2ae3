"""bench/load.py still runs: a tiny run against a server it starts (SQLite, one worker) prints
the ceiling, the action rate and both latencies, and every bot finishes its deal; PostgreSQL and
Redis are the ones its URLs name (issue 22, item 7)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from typing import Any

import pytest

from server.settings import ROOT


def test_the_load_benchmark_plays_its_matches_to_the_end() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "load.py"), "--matches", "2",
                          "--ceiling-seconds", "0.5", "--clients", "1", "--ramp-s", "0.5"],
                         capture_output=True, text=True, timeout=300, check=True, cwd=ROOT).stdout
    assert re.search(r"ceiling \d+ requests/s", out), out
    played = re.search(r"2 matches x 4 bots .* (\d+) actions \((\d+) refused\), (\d+) actions/s",
                       out)
    assert played is not None and int(played.group(1)) > 40, out
    assert re.search(r"action latency ms p50 [\d.]+ p90 [\d.]+ p99 [\d.]+", out), out
    assert re.search(r"event push latency ms p50 [\d.]+", out), out


def _load_module(monkeypatch: pytest.MonkeyPatch) -> Any:
    """bench/load.py as a module (it is a script: its folder is no package)."""
    spec = importlib.util.spec_from_file_location("paiju_bench_load", ROOT / "bench" / "load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # its dataclasses look themselves up
    spec.loader.exec_module(module)
    return module


def test_the_database_and_redis_servers_come_from_urls(monkeypatch: pytest.MonkeyPatch) -> None:
    """No server is hard-coded: --postgres-url / --redis-url, else the test suite's variables,
    else the local defaults; the run's database is made on the server the URL names."""
    load = _load_module(monkeypatch)
    monkeypatch.delenv("PAIJU_TEST_POSTGRES", raising=False)
    monkeypatch.delenv("PAIJU_TEST_REDIS", raising=False)
    assert load.servers(False, None, False, None) == (None, None)
    assert load.servers(True, None, True, None) == (
        "postgresql://postgres@127.0.0.1:5432/postgres", "redis://127.0.0.1:6379/0")
    monkeypatch.setenv("PAIJU_TEST_POSTGRES", "postgresql://pg@db:5433/admin")
    monkeypatch.setenv("PAIJU_TEST_REDIS", "redis://db:6380/1")
    assert load.servers(True, None, True, None) == ("postgresql://pg@db:5433/admin",
                                                    "redis://db:6380/1")
    assert load.servers(False, "postgresql://a@h:1/x", False, "redis://h:2/0") == (
        "postgresql://a@h:1/x", "redis://h:2/0")
    for url in ("postgresql://pg:pw@db:5433/admin", "postgresql+psycopg://pg:pw@db:5433/admin"):
        assert load.database_urls(url, "paiju_bench_1") == (
            "postgresql://pg:pw@db:5433/admin", "postgresql+psycopg://pg:pw@db:5433/paiju_bench_1")


def test_the_load_benchmark_runs_on_the_postgresql_and_redis_it_is_given() -> None:
    """A tiny run on PostgreSQL and Redis named by URL (the suite's own servers)."""
    from .conftest import (
        POSTGRES_ADMIN,
        REDIS_URL,
        _postgres_reachable,
        _redis_reachable,
    )

    if _postgres_reachable() is not None or not _redis_reachable():
        pytest.skip("PostgreSQL or Redis not reachable")
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "load.py"), "--matches", "2",
                          "--ceiling-seconds", "0.5", "--clients", "1", "--ramp-s", "0.5",
                          "--postgres-url", POSTGRES_ADMIN, "--redis-url", REDIS_URL],
                         capture_output=True, text=True, timeout=300, check=True, cwd=ROOT,
                         env={k: v for k, v in os.environ.items()
                              if k not in ("PAIJU_TEST_POSTGRES", "PAIJU_TEST_REDIS")}).stdout
    assert "PostgreSQL + Redis, 1 worker(s)" in out, out
    played = re.search(r"2 matches x 4 bots .* (\d+) actions", out)
    assert played is not None and int(played.group(1)) > 40, out

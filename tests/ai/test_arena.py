"""The arena: duplicate deals, deterministic statistics for a seed, and the CLI."""

from __future__ import annotations

import json

from ai.arena import run
from server.cli import main


def _without_timings(report: dict) -> dict:
    return {name: {k: v for k, v in b.items() if not k.startswith("decision_ms")}
            for name, b in report["bots"].items()}


def test_same_seed_same_statistics() -> None:
    a = run("sichuan", ["basic", "random", "random", "random"], deals=3, seed=5)
    b = run("sichuan", ["basic", "random", "random", "random"], deals=3, seed=5)
    assert _without_timings(a) == _without_timings(b)
    assert a["bots"]["basic"]["deals"] == 3 * 4 and a["bots"]["random"]["deals"] == 3 * 4 * 3
    assert a["bots"]["basic"]["illegal_actions"] == 0


def test_duplicate_deals_sum_to_zero() -> None:
    """Every shuffle is played once per rotation, and each deal settles to zero."""
    report = run("mcr", ["basic", "random", "random", "random"], deals=2, seed=3)
    total = sum(b["mean_score"] * b["deals"] for b in report["bots"].values())
    assert abs(total) < 0.01  # means are rounded to 3 decimals


def test_cli_json(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["arena", "--game", "sichuan", "--seats", "basic,basic,random,random",
                 "--deals", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["bots"]) == {"basic", "random"}
    assert main(["arena", "--game", "sichuan", "--seats", "basic", "--deals", "1"]) == 2


def test_worker_processes_give_the_same_statistics() -> None:
    """Shuffles depend on their seed and index only: two processes sharing them report what
    one does, baseline gains included."""
    seats = ["basic", "random", "random", "random"]
    one = run("sichuan", seats, deals=3, seed=8, baseline="basic")
    two = run("sichuan", seats, deals=3, seed=8, baseline="basic", jobs=2)
    assert _without_timings(one) == _without_timings(two)
    assert one["differences"] == two["differences"] and one["gains"] == two["gains"]
    assert two["bots"]["basic"]["decisions"] == one["bots"]["basic"]["decisions"] > 0


def test_cli_rejects_bad_jobs(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["arena", "--game", "sichuan", "--seats", "basic,basic,random,random",
                 "--deals", "1", "--jobs", "0"]) == 2
    assert "jobs" in capsys.readouterr().err
    assert main(["arena", "--game", "mcr", "--seats", "ws,basic,basic,basic", "--deals", "1",
                 "--jobs", "2"]) == 2

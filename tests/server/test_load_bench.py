"""bench/load.py still runs: a tiny run against a server it starts (SQLite, one worker) prints
the ceiling, the action rate and both latencies, and every bot finishes its deal."""

from __future__ import annotations

import re
import subprocess
import sys

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

"""The review's worker process ends with the server (server/parent_watch.py): a server killed with
SIGKILL, idle or in the middle of a review, left its pool worker waiting on its queue for good
(one orphan ``spawn_main`` process per killed server; the test runs found them)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from server.parent_watch import PARENT_CHECK_S

ROOT = Path(__file__).resolve().parents[2]

#: A server's reviewer in a process of its own: it starts the pool's worker, prints its pid,
#: gives it a long task or none, and waits to be killed.
OWNER = """
import os, sys, time
from server.review import Reviewer
pool = Reviewer(store=None).pool()
print(pool.submit(os.getpid).result(), flush=True)
if sys.argv[1] == "busy":
    pool.submit(time.sleep, 60)
    time.sleep(0.5)
print("ready", flush=True)
time.sleep(120)
"""


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for a reaper has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.parametrize("worker", ["idle", "busy"])
def test_a_killed_servers_review_worker_ends(worker: str) -> None:
    owner = subprocess.Popen([sys.executable, "-c", OWNER, worker], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True)
    assert owner.stdout is not None
    pid = int(owner.stdout.readline())
    assert owner.stdout.readline().strip() == "ready"
    assert alive(pid)
    owner.send_signal(signal.SIGKILL)
    owner.wait()
    deadline = time.monotonic() + 10 * PARENT_CHECK_S + 5
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    still = alive(pid)
    if still:
        os.kill(pid, signal.SIGKILL)  # leave no orphan behind the failure either
    assert not still, f"the {worker} worker {pid} outlived its server"

"""Worker processes the server starts (the review's pool) end with it.

A pool worker waits on a queue it holds both ends of, so the server's death never reaches it:
a server killed (SIGKILL, out of memory, a supervisor's restart) or stopped while a review
ran left its worker waiting for good, one orphan process per restart. Each worker watches its
parent instead, and leaves once it has gone (its parent id changes when it is re-parented).
"""

from __future__ import annotations

import os
import threading
import time

PARENT_CHECK_S = 0.5
"""How often a worker looks for its parent: a dead server's worker outlives it by at most this
long, even in the middle of a decision (the check runs beside the task)."""


def exit_with_parent(parent: int) -> None:
    """A pool initializer (``initargs=(os.getpid(),)``): a daemon thread that ends this process
    as soon as ``parent`` is no longer its parent, even in the middle of a task."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


__all__ = ["PARENT_CHECK_S", "exit_with_parent"]

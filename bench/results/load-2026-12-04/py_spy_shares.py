"""Shares of a py-spy raw profile (``py-spy record --format raw``): each function's share of the
busy samples (a thread waiting on a condition or in a selector is idle), then, for each function
named, what it spends its share on one call down.

    python py_spy_shares.py PROFILE.raw "Service.load service.py" "Store.append store.py"
"""

from __future__ import annotations

import sys
from collections import Counter


def frame_name(frame: str) -> str:
    """``function file.py`` of a raw frame ``function (path/file.py:line)``."""
    function, _, where = frame.partition(" (")
    return f"{function} {where.split(':')[0].rsplit('/', 1)[-1]}" if where else function


def busy_stacks(path: str) -> list[tuple[list[str], int]]:
    stacks = []
    with open(path) as f:
        for line in f:
            stack, _, count = line.rstrip().rpartition(" ")
            frames = [frame_name(x) for x in stack.split(";")]
            if not any("Condition.wait" in x or "selectors" in x for x in frames):
                stacks.append((frames, int(count)))
    return stacks


def main(path: str, functions: list[str]) -> None:
    stacks = busy_stacks(path)
    total = sum(n for _, n in stacks)
    print(f"busy samples {total}")
    inclusive: Counter[str] = Counter()
    for frames, n in stacks:
        for name in set(frames):
            inclusive[name] += n
    for name, n in inclusive.most_common(40):
        print(f"{100 * n / total:5.1f}% {name}")
    for function in functions:
        below: Counter[str] = Counter()
        for frames, n in stacks:
            if function in frames:
                i = frames.index(function)
                below[frames[i + 1] if i + 1 < len(frames) else "(self)"] += n
        print(f"== {function}: {100 * sum(below.values()) / total:.1f}% of busy")
        for name, n in below.most_common(10):
            print(f"   {100 * n / total:5.1f}% {name}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])

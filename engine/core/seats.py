"""Turn order around a table of ``n`` seats (seat numbers increase in turn order)."""

from __future__ import annotations

from collections.abc import Iterable


def next_seat(seat: int, n: int) -> int:
    return (seat + 1) % n


def seats_after(seat: int, n: int) -> list[int]:
    """The other seats in turn order, starting with the one after ``seat``."""
    return [(seat + k) % n for k in range(1, n)]


def distance(src: int, dst: int, n: int) -> int:
    """How many steps in turn order from ``src`` to ``dst`` (0 for the same seat)."""
    return (dst - src) % n


def first_after(seat: int, n: int, eligible: Iterable[int]) -> int | None:
    """The first seat after ``seat`` in turn order (``seat`` itself last) that is eligible."""
    ok = set(eligible)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if s in ok:
            return s
    return None

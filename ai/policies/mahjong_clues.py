"""What a ``basic`` mahjong opponent's discards say of its concealed hand (Nantong, Sichuan),
for ``strong``'s re-deals: its hand is unchanged since its last discard, ``basic`` discards a
tile of lowest shanten, and it always wins. ``paohuzi_clues`` is the Paohuzi counterpart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def discard_clues(state: Any, s: int) -> tuple[int | None, frozenset[int]]:
    """What ``basic`` opponent ``s``'s play since its last discard says of its hand (unchanged
    since then), in the mahjong tables' events: the face it discarded does not lower its
    shanten (basic discards a lowest-shanten card), and no face the others discarded after it
    completes its hand (basic always wins), the card of an open claim window aside (its
    answers are not in yet). None and nothing before its first discard."""
    on_offer = state.window.card if state.window is not None else None
    later: set[int] = set()
    for e in reversed(state.events):
        if e[0] == "discard":
            if e[1] == s:
                return e[2] >> 2, frozenset(later)
            if e[2] != on_offer:
                later.add(e[2] >> 2)
    return None, frozenset()


def clues_broken(c: tuple[int, ...], sh: float, own: int | None, later: frozenset[int],
                 plus_one: Callable[[tuple[int, ...], int], float]) -> int:
    """How many clues of ``discard_clues`` the counts ``c`` (of shanten ``sh``) break;
    ``plus_one(c, f)`` is the shanten with one more ``f``."""
    bad = int(own is not None and plus_one(c, own) < sh)
    if sh == 0:
        bad += sum(plus_one(c, f) < 0 for f in later)
    return bad


__all__ = ["clues_broken", "discard_clues"]

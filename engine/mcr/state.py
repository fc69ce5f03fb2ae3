"""MCR state values: the shared mahjong table plus flowers and the winner's reading."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.options import Options
from ..mahjong.table import Meld, TableState
from .options import DEFAULTS


@dataclass(frozen=True, slots=True)
class Win:
    """The deal's win (MCR-3.4: the first valid win ends the deal)."""

    seat: int
    tile: int
    source: int | None  # discarder or robbed kong's player; None when self-drawn
    total: int
    """Points including flowers (MCR-5.3)."""
    before_flowers: int
    patterns: tuple[tuple[str, int], ...]
    """(pattern code, count), itemised so that Σ points × count = total."""
    self_drawn: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class State(TableState):
    flowers: tuple[tuple[int, ...], ...] = ((), (), (), ())
    """Each seat's exposed flowers (MCR-2.3), public."""
    drawn_game: bool = False
    """The wall ran out with no winner (MCR-3.4): nobody pays."""
    options: Options = DEFAULTS
    prevailing: int = 0
    """The deal's prevailing wind, 0–3 for East…North (MCR-2.2, OPT-MCR-3)."""


__all__ = ["Meld", "State", "Win"]

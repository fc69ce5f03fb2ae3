"""Nantong state values: the shared mahjong table plus the indicators, the preparation phase,
Hezi, ready declarations and the final scores."""

from __future__ import annotations

from dataclasses import dataclass

from ..mahjong.table import Meld, TableState
from .scoring import Score


@dataclass(frozen=True, slots=True)
class Win:
    """The deal's only win (NT-4.3)."""

    seat: int
    card: int | None
    """The winning card's id; None for a Heavenly win (NT-6.4)."""
    source: int | None
    """The discarder or the robbed kong's player; None when self-drawn."""
    how: str
    """``discard``, ``robbed_kong``, ``self_draw`` or ``heavenly``."""
    kong_replacement: bool = False
    dealer_first_discard: bool = False
    last_card: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class State(TableState):
    indicators: tuple[int, ...] = ()
    """The two indicator cards, face up and out of play (NT-2.3, NT-2.4)."""
    hezi: tuple[tuple[int, ...], ...] = ((), (), ())
    """Each seat's exposed Tiandi Hezi cards (NT-3.5), public."""
    replaced: tuple[tuple[int, ...], ...] = ((), (), ())
    """Replacement cards drawn in preparation, which no opening declaration may use (NT-3.2);
    emptied when play starts."""
    ready: tuple[bool, ...] = (False, False, False)
    """Ready declarations (NT-3.6), public."""
    scores: tuple[Score, ...] = ()
    """At the end: every player's itemised hu (NT-6), in seat order."""


__all__ = ["Meld", "State", "Win"]

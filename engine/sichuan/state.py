"""Sichuan state values: the shared mahjong table plus the exchange of three, the missing suits,
the ready check and Blood River's win piles."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.options import Options
from ..mahjong.table import Meld, TableState
from .options import DEFAULTS


@dataclass(frozen=True, slots=True)
class Win:
    """One player's win, with the fan reading it was paid on."""

    seat: int
    tile: int
    source: int | None  # discarder or robbed kong's player; None for a self-draw
    fan: int
    points: int
    patterns: tuple[tuple[str, int], ...]
    shape: str
    self_draw: bool
    hand: tuple[int, ...] = ()
    """The concealed tiles it won with, the winning tile included: Blood River plays on after a
    win and a later kong changes the hand (OPT-SC-2.3), so the end shows each win as it was.
    Empty in a deal re-dealt by a sampler, which cannot see it."""
    melds: tuple[Meld, ...] = ()
    """The seat's melds at the win (a later kong of a locked hand adds one, OPT-SC-2.3)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class State(TableState):
    missing: tuple[int | None, ...] = (None, None, None, None)
    """Each seat's declared missing suit (0 m, 1 p, 2 s), None until declared."""
    exchange_picks: tuple[tuple[int, ...] | None, ...] = (None, None, None, None)
    """OPT-SC-1: the three tile ids each seat selected to pass (None: not yet), kept after the
    exchange as the record of what each gave; secret to its seat."""
    exchange_direction: int | None = None
    """OPT-SC-1.2: seat s gives to (s + d) % 4; fixed at the deal, public once the tiles move
    (None: no exchange)."""
    ready: tuple[bool, ...] | None = None
    """At an exhausted wall: who was ready (SC-10.4)."""
    options: Options = DEFAULTS
    win_piles: tuple[tuple[int, ...], ...] = ((), (), (), ())
    """Blood River (OPT-SC-2.2): each seat's winning tiles, face up and out of play."""

    @property
    def river(self) -> bool:
        """Blood River (血流成河, OPT-SC-2): winners play on until the wall is exhausted."""
        return self.options.get("blood_mode") == "river"

    def active(self, seat: int) -> bool:
        """Still playing: a winner leaves play (SC-6.1), except in Blood River, where nobody
        does (OPT-SC-2.1)."""
        return self.river or TableState.active(self, seat)

    def has_won(self, seat: int) -> bool:
        """Whether ``seat`` has won at least once this deal."""
        return any(w.seat == seat for w in self.wins)

    def locked(self, seat: int) -> bool:
        """A Blood River hand is locked from its first win to the end (OPT-SC-2.3)."""
        return self.river and self.has_won(seat)


__all__ = ["Meld", "State", "Win"]

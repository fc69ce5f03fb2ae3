"""Sichuan state values: immutable, so ``apply`` can only ever build new ones."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.claims import ClaimWindow
from ..core.result import Payment


@dataclass(frozen=True, slots=True)
class Meld:
    """A pung or kong on the table. ``source``: the seat whose discard made it (None: own tiles)."""

    kind: str  # "pung" | "kong"
    tiles: tuple[int, ...]
    source: int | None = None
    concealed: bool = False
    added: bool = False

    @property
    def face(self) -> int:
        return self.tiles[0] >> 2


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


@dataclass(frozen=True, slots=True)
class State:
    seed: int
    dealer: int
    wall: tuple[int, ...]
    """Draws come from the front, kong replacements from the back (SC-2.2)."""
    hands: tuple[tuple[int, ...], ...]
    """Concealed tiles per seat, sorted (a winner's stays as it won, minus a claimed tile)."""
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    """Each seat's river; a claimed tile leaves it."""
    missing: tuple[int | None, ...]
    phase: str
    """``declare`` | ``play`` | ``claim`` | ``over``."""
    turn: int
    """The seat to play (``play``) or whose tile is on offer (``claim``)."""
    drawn: int | None = None
    """The tile the player to act just drew (None: dealer's first turn, after a pung)."""
    after_pung: bool = False
    kong_draw: bool = False
    """The tile just drawn is a kong replacement (SC-8 杠上开花)."""
    window: ClaimWindow | None = None
    """Claims on a discard (kind ``discard``) or a robbable added kong (kind ``rob``)."""
    taken: tuple[int, ...] = ()
    """Tiles won off a discard or a robbed kong (each id once, however many winners)."""
    wins: tuple[Win, ...] = ()
    payments: tuple[Payment, ...] = ()
    ready: tuple[bool, ...] | None = None
    """At an exhausted wall: who was ready (SC-10.4)."""
    events: tuple[tuple, ...] = ()
    """Public history: (kind, seat, tile id or None, detail...); draws are seen by the drawer only."""

    @property
    def winners(self) -> frozenset[int]:
        return frozenset(w.seat for w in self.wins)

    def active(self, seat: int) -> bool:
        return all(w.seat != seat for w in self.wins)

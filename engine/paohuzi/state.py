"""Paohuzi state values: frozen, slotted, tuples all the way down (``evolve`` copies them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.claims import ClaimWindow
from ..core.options import Options
from ..core.result import Payment
from .mingtang import Settlement
from .options import DEFAULTS
from .scoring import Evaluation

PLAYERS = 3


@dataclass(frozen=True, slots=True)
class Group:
    """An exposed group (PH-2.3: every group but a kan is on the table)."""

    kind: str
    """``ti``, ``pao``, ``wei``, ``peng`` or ``chi``."""
    cards: tuple[int, ...]
    """Card ids, sorted."""
    source: int | None = None
    """The seat whose reveal or discard was taken (None: dealt, or the owner's own reveal)."""
    faces: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The cards' faces (derived, kept for the win checks)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", tuple(c >> 2 for c in self.cards))

    @property
    def face(self) -> int:
        """The lowest face (the face of an identical group)."""
        return self.cards[0] >> 2


@dataclass(frozen=True, slots=True)
class Win:
    """A settled win: who, on which card (None: Heavenly, PH-2.4), and its settlement: the
    grouping that pays most (PH-5.3, OPT-PH-3.4), 名堂, xing and payment."""

    seat: int
    card: int | None
    revealer: int | None
    settlement: Settlement
    turned: int | None = None
    """The card turned from the stock for xing (OPT-PH-5.1 ``"turn"``): the stock's top card,
    or the winning card when the stock is empty. Public once the deal is over."""

    @property
    def evaluation(self) -> Evaluation:
        return self.settlement.evaluation

    @property
    def huxi(self) -> int:
        return self.evaluation.huxi

    @property
    def tun(self) -> int:
        return self.evaluation.tun


@dataclass(frozen=True, slots=True, kw_only=True)
class State:
    seed: int
    dealer: int
    stock: tuple[int, ...]
    """Reveals come from the front."""
    hands: tuple[tuple[int, ...], ...]
    """Concealed cards per seat, sorted, kans included (three alike are a kan)."""
    groups: tuple[tuple[Group, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    """Each seat's discard row: its discards and its reveals nobody took (PH-3.3)."""
    phase: str
    """``heavenly`` (a Heavenly winner declares), ``play`` (``turn`` discards, or may win after
    its own wei or ti: the turn's own move, as in every game), ``claim`` (a window on a revealed
    or discarded card), ``over``."""
    turn: int
    """The seat to discard (``play``), the winner (``heavenly``) or the card's owner (``claim``)."""
    shown: int | None = None
    """The dealer's 21st card, shown to everyone (PH-2.2)."""
    window: ClaimWindow | None = None
    """Claims on the card on offer: kind ``reveal`` or ``discard``."""
    may_win: int | None = None
    """``play`` phase: the card the turn player just revealed into its own wei or ti; it may
    win on it (PH-4.3)."""
    dead: tuple[bool, ...] = (False,) * PLAYERS
    """PH-4.8 dead hands."""
    passed: tuple[int, ...] = (0,) * PLAYERS
    """PH-4.9 per seat, a bit per face it may no longer chi or peng (passed or its own row)."""
    win: Win | None = None
    """The win: pending during ``heavenly``, settled once ``over``."""
    exhausted: bool = False
    payments: tuple[Payment, ...] = ()
    events: tuple[tuple[Any, ...], ...] = ()
    """Public history: (kind, seat, card id or None, detail...)."""
    options: Options = DEFAULTS
    """The match's house rules, resolved (OPT-0.2); hand-made states play the defaults."""


__all__ = ["PLAYERS", "Group", "State", "Win"]

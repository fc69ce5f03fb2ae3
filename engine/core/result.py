"""Settlement types shared by every game: itemised payments that always sum to zero."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` gives ``amount`` points to ``payee`` for ``reason`` (a stable code)."""

    payer: int
    payee: int
    amount: int
    reason: str
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
        }
        if self.note:
            d["note"] = self.note
        return d


def totals(payments: Iterable[Payment], players: int) -> list[int]:
    """Each seat's net score from a list of payments (zero-sum by construction)."""
    out = [0] * players
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


class WinRecord(NamedTuple):
    """One win of a finished deal as every game states it (``Game.wins``): for a history, an
    arena's win and deal-in rates, a lobby's best hands, without knowing the game."""

    seat: int
    source: int | None
    """The seat whose card made the win (a discard, a robbed kong); ``None`` or ``seat`` when
    the winner drew or revealed it."""
    hand: str | None
    """The code of the hand's headline pattern or shape, where the game names one."""
    value: int
    """The hand's value in the game's unit (``SCORE_UNITS``: points, fan, huxi, hu)."""


def headline(items: Sequence[dict[str, Any]], skip: tuple[str, ...] = ()) -> str | None:
    """The code of the added item worth most (the first of equals): a hand's headline pattern."""
    best: dict[str, Any] | None = None
    for it in items:
        if it.get("op") == "+" and it.get("code") not in skip \
                and (best is None or it["value"] > best["value"]):
            best = it
    return None if best is None else str(best["code"])

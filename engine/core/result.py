"""Settlement types shared by every game: itemised payments that always sum to zero."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


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

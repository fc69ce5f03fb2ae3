"""One itemised score for every game: the lines a score is made of, in one shape, so that the
calculator, the settlement and the hints show any game's score the same way, and a player can
check a total by reading its items from top to bottom.

An item::

    {"code": "all_pungs", "name": "All Pungs", "chinese": "碰碰和",
     "value": 6,        # per count, in the score's unit; for op "×" the factor
     "count": 1,
     "op": "+",         # "+" adds total; "×" multiplies what the items above made;
                        # "=" what the items above made becomes value (a conversion the hints
                        # show: Sichuan's 2^fan points, Nantong's rounding)
     "total": 6,        # "+": value × count × every factor's total; "×": value ** count; "=": value
     "cards": [],       # the faces the item is about (a Paohuzi group, a Nantong holding)
     "factors": [],     # ×-items that apply to this item alone (a Nantong holding's ×2s)
     "notes": []}       # codes that qualify it: a chi's shape, "concealed", "winning",
                        # "exact_match_base"

A score says its ``unit`` (``points``, ``fan``, ``huxi``, ``hu``); its items, run top to bottom
(``running_total``), give its total in that unit: MCR ``total``, Sichuan ``fan``, Paohuzi
``huxi``, Nantong ``total_before_rounding``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import prod
from typing import Any

Item = dict[str, Any]
OPS = ("+", "×", "=")


def item(code: str, name: str, value: int, *, chinese: str = "", count: int = 1, op: str = "+",
         cards: Sequence[str] = (), factors: Sequence[Item] = (),
         notes: Iterable[str] = ()) -> Item:
    """One line of a score, its ``total`` worked out from the rest (see the module)."""
    if op == "+":
        total = value * count * prod(f["total"] for f in factors)
    elif op == "×":
        total = value ** count
    elif op == "=":
        total = value
    else:
        raise ValueError(f"unknown op {op!r}")
    return {"code": code, "name": name, "chinese": chinese, "value": value, "count": count,
            "op": op, "total": total, "cards": list(cards), "factors": list(factors),
            "notes": list(notes)}


def pattern_items(patterns: Iterable[tuple[str, int]],
                  table: dict[str, tuple[str, str, int]]) -> list[Item]:
    """(code, count) pairs as score items, from a game's pattern ``table`` (code → name,
    Chinese name, value per count: MCR's points, Sichuan's fan)."""
    out = []
    for code, count in patterns:
        name, chinese, value = table[code]
        out.append(item(code, name, value, chinese=chinese, count=count))
    return out


def running_total(items: Iterable[Item]) -> int:
    """What the items make, read top to bottom: the score's total in its unit."""
    running = 0
    for it in items:
        if it["op"] == "+":
            running += it["total"]
        elif it["op"] == "×":
            running *= it["total"]
        else:
            running = it["total"]
    return running


__all__ = ["OPS", "Item", "item", "pattern_items", "running_total"]

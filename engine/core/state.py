"""Building the next immutable state cheaply.

``dataclasses.replace`` re-runs ``__init__`` through keyword arguments and costs tens of
microseconds on a state with twenty fields; the engine builds several states per action, so
``evolve`` copies the slots through a small function generated once per class instead. Same
result, same immutability.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields
from functools import cache
from typing import Any, TypeVar

S = TypeVar("S")


@cache
def _copier(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    names = [f.name for f in fields(cls)]
    body = "\n".join(f"    _set(new, {n!r}, get({n!r}, old.{n}))" for n in names)
    src = (f"def copy(old, changes):\n    new = _new(_cls)\n    get = changes.get\n{body}\n"
           f"    return new\n")
    scope: dict[str, Any] = {"_set": object.__setattr__, "_new": object.__new__, "_cls": cls}
    exec(src, scope)  # noqa: S102 - source built from the class's own field names
    copy: Callable[[Any, dict[str, Any]], Any] = scope["copy"]
    copy.names = frozenset(names)  # type: ignore[attr-defined]
    return copy


def evolve(state: S, **changes: Any) -> S:
    """A copy of a frozen dataclass ``state`` with ``changes`` applied."""
    copy = _copier(type(state))  # type: ignore[arg-type]
    if not changes.keys() <= copy.names:  # type: ignore[attr-defined]
        raise TypeError(f"{type(state).__name__} has no field(s) "
                        f"{', '.join(changes.keys() - copy.names)}")  # type: ignore[attr-defined]
    return copy(state, changes)


def with_item(t: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``t`` with item ``i`` replaced (a seat's entry of a per-seat tuple)."""
    return t[:i] + (value,) + t[i + 1:]


def without(hand: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    """``hand`` less the card ids ``cards``."""
    gone = set(cards)
    return tuple(c for c in hand if c not in gone)

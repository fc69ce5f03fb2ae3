"""What every game's view sampler shares (``engine/<game>/sampling.py``).

A search-based AI that plays through the public API holds one seat's view, never the state. To
search it needs a full state that seat cannot tell from the real one: the view's public part
copied back into the game's state, the cards the seat cannot see dealt at random. Each game's
``sampling.sample(game, view, rng)`` builds one (the protocol's ``game.sample(view, rng)``);
``game.determinize`` then re-deals it for every search iteration. The seed is unknown (only its
hash is shown), so a sampled state carries seed 0 and its view differs from the given one in
``seed_hash`` alone.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from .result import Payment, totals

UNKNOWN_SEED = 0
"""The seed a sampled state carries: the real one is secret until the deal ends."""


class Unsampleable(ValueError):
    """The view cannot be turned into a state (a finished deal, or a view without a seat)."""


def ids(cards: Iterable[dict[str, Any]] | None) -> tuple[int, ...]:
    """The ids of a view's card list."""
    return tuple(c["id"] for c in cards or ())


def check_view(view: dict[str, Any]) -> int:
    """The view's seat; refuses a spectator's view and a finished deal (nothing to decide)."""
    seat = view.get("seat")
    if not isinstance(seat, int):
        raise Unsampleable("a sample needs a seat's view, not a spectator's")
    if view.get("phase") == "over":
        raise Unsampleable("the deal is over: nothing is hidden any more")
    return seat


def balanced(payments: Sequence[Payment], scores: Sequence[int]) -> tuple[Payment, ...]:
    """``payments`` plus, where the view's running scores say more changed hands than they
    explain, payments between seat 0 and each other seat that make the totals match (reason
    ``earlier``): the view shows each seat's total, not every payment that made it."""
    have = totals(payments, len(scores))
    out = list(payments)
    for s in range(1, len(scores)):
        gap = scores[s] - have[s]
        if gap > 0:
            out.append(Payment(0, s, gap, "earlier"))
        elif gap < 0:
            out.append(Payment(s, 0, -gap, "earlier"))
    return tuple(out)


def keyed_options(options: Iterable[dict[str, Any]], key_of: Any) -> list[Hashable]:
    """A view's claim options back as the engine's claim keys, ``pass`` left out (the window
    adds it)."""
    return [key_of(o) for o in options if o["type"] != "pass"]


__all__ = ["UNKNOWN_SEED", "Unsampleable", "balanced", "check_view", "ids", "keyed_options"]

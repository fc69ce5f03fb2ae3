"""What one seat may see of a Sichuan state: the table's common view plus the missing suits
(others' only once all four have declared, SC-3.1) and each winner's win (SC-6.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.protocol import JSON
from ..mahjong import SUITS

if TYPE_CHECKING:
    from .game import Sichuan
    from .state import State


def render_view(game: Sichuan, state: State, seat: int | None,
                events_from: int = 0) -> JSON:
    view = game.common_view(state, seat, events_from)
    all_declared = all(m is not None for m in state.missing)
    wins = {w.seat: (i, w) for i, w in enumerate(state.wins)}
    for p in view["players"]:
        s = p["seat"]
        missing = state.missing[s]
        p["declared"] = missing is not None
        p["missing_suit"] = (SUITS[missing] if missing is not None and (all_declared or s == seat)
                             else None)
        won: Any = None
        if s in wins:
            order, w = wins[s]
            won = game.win_json(w) | {"order": order + 1}
        p["won"] = won
    for e, raw in zip(view["events"], state.events[events_from:], strict=True):
        if raw[0] == "missing_suits":
            e["suits"] = [SUITS[x] for x in raw[3]]
        elif raw[0] == "end":
            e["reason"] = raw[3]
    return view


def open_details(state: State, view: JSON) -> None:
    """An open view (a replay) shows every missing suit, even before all four have declared."""
    for p in view["players"]:
        missing = state.missing[p["seat"]]
        p["missing_suit"] = SUITS[missing] if missing is not None else None

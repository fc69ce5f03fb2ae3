"""What one seat may see of a Nantong state: the table's common view plus the indicators
(public, NT-2.4), each player's Hezi and ready declaration (public), who is preparing, and in
preparation the viewer's own replacement cards (which no opening declaration may use, NT-3.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.protocol import JSON
from .cards import card_json

if TYPE_CHECKING:
    from .game import Nantong
    from .state import State

_CARD_LISTS = ("indicators", "opening_kong", "opening_triplet", "hezi")
"""Events whose fourth field lists public card ids."""


def render_view(game: Nantong, state: State, seat: int | None,
                events_from: int = 0) -> JSON:
    view = game.common_view(state, seat, events_from)
    view["indicators"] = [card_json(t) for t in state.indicators]
    view["preparing"] = state.turn if state.phase == "prepare" else None
    for p in view["players"]:
        s = p["seat"]
        p["hezi"] = [card_json(t) for t in state.hezi[s]]
        p["ready"] = state.ready[s]
        p["replacement_cards"] = (
            [card_json(t) for t in state.replaced[s]] if s == seat and state.phase == "prepare"
            else None)
    for e, raw in zip(view["events"], state.events[events_from:], strict=True):
        kind = raw[0]
        if kind in _CARD_LISTS:
            e["cards"] = [card_json(t) for t in raw[3]]
        elif kind == "win":
            e["how"] = raw[4]
        elif kind == "end":
            e["reason"] = raw[3]
    return view


def open_details(state: State, view: JSON) -> None:
    """An open view (a replay) shows every seat's replacement cards during preparation."""
    for p in view["players"]:
        p["replacement_cards"] = ([card_json(t) for t in state.replaced[p["seat"]]]
                                  if state.phase == "prepare" else None)

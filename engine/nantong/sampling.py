"""A Nantong state consistent with one seat's view (``engine/mahjong/sampling.py`` does the
table): the indicators, Hezi and ready declarations are public (NT-2.4, NT-3.5, NT-3.6); in
preparation the others' replacement cards (NT-3.2) are picked among their dealt hands, as many
as the replacement draws they made, as ``determinize`` picks them."""

from __future__ import annotations

import random
from typing import Any

from ..core.protocol import JSON
from ..core.sampling import ids
from ..mahjong.sampling import sample_table
from .game import Nantong
from .state import State

_CARD_LISTS = ("indicators", "opening_kong", "opening_triplet", "hezi")


def _own_event(e: JSON) -> tuple | None:
    card = e["card"]["id"] if "card" in e else None
    if e["type"] in _CARD_LISTS:
        return (e["type"], e["seat"], card, list(ids(e["cards"])))
    if e["type"] == "win":
        return ("win", e["seat"], card, e["from"], e["how"])
    return None


def sample(game: Nantong, view: JSON, rng: random.Random) -> State:
    """A state ``view["seat"]`` cannot tell from the real one; see ``engine/core/sampling.py``."""
    seat = view["seat"]
    players = view["players"]
    indicators = ids(view["indicators"])
    hezi = tuple(ids(p["hezi"]) for p in players)
    preparing = view["phase"] == "prepare"

    def replaced(state: Any) -> dict[str, Any]:
        if not preparing:
            return {}
        out = []
        for s, p in enumerate(players):
            if s == seat:
                out.append(ids(p["replacement_cards"]))
                continue
            n = sum(1 for e in view["events"] if e["type"] == "draw" and e["seat"] == s)
            out.append(tuple(rng.sample(state.hands[s], min(n, len(state.hands[s])))))
        return {"replaced": tuple(out)}

    return sample_table(game, view, rng, known=indicators + tuple(t for h in hezi for t in h),
                        fields={"indicators": indicators, "hezi": hezi,
                                "ready": tuple(p["ready"] for p in players)},
                        own_event=_own_event, turn=view["preparing"] if preparing else None,
                        after_deal=replaced)


__all__ = ["sample"]

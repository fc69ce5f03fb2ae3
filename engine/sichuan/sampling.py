"""A Sichuan state consistent with one seat's view (``engine/mahjong/sampling.py`` does the
table): the declared missing suits (others' drawn at random while they are secret, SC-3.1),
the wins so far (SC-6.2: play goes on after them) and the kong payments, re-read from the events
because an exhausted wall refunds them (SC-9.4, SC-10.1); in Blood River the win piles (public)
and each other locked hand dealt as a hand that still wins on its winning faces (OPT-SC-2)."""

from __future__ import annotations

import random

from ..core.protocol import JSON
from ..core.result import Payment
from ..core.sampling import ids
from ..core.state import evolve
from ..mahjong import SUITS
from ..mahjong.sampling import sample_table
from .game import KONG_PAYMENT, Sichuan
from .river import relock
from .state import State, Win

_KONG_KIND = {"kong": "exposed", "concealed_kong": "concealed", "added_kong": "added"}


def _own_event(e: JSON) -> tuple | None:
    if e["type"] == "missing_suits":
        return ("missing_suits", None, None, [SUITS.index(x) for x in e["suits"]])
    return None


def _win(w: JSON) -> Win:
    return Win(seat=w["seat"], tile=w["tile"], source=w["from"], fan=w["fan"], points=w["points"],
               patterns=tuple((p["code"], p["count"]) for p in w["items"]), shape=w["shape"],
               self_draw=w["self_draw"])


def _kong_payments(view: JSON) -> list[Payment]:
    """SC-9.4 as the events tell it: an exposed kong paid by its discarder, the others by the
    opponents still playing then (all three in Blood River, OPT-SC-2.1); an added kong robbed
    (a win on its tile follows) is not made."""
    players = len(view["players"])
    river = view["options"].get("blood_mode") == "river"
    won: set[int] = set()
    out: list[Payment] = []
    events = view["events"]
    for i, e in enumerate(events):
        kind = e["type"]
        if kind == "win" and not river:
            won.add(e["seat"])
        elif kind in _KONG_KIND:
            if kind == "added_kong" and any(
                    x["type"] == "win" and x.get("card", {}).get("id") == e["card"]["id"]
                    for x in events[i + 1:i + 4]):
                continue
            seat = e["seat"]
            payers = [e["from"]] if kind == "kong" else [
                s for s in range(players) if s != seat and s not in won]
            out += [Payment(p, seat, KONG_PAYMENT[_KONG_KIND[kind]], "kong", _KONG_KIND[kind])
                    for p in payers]
    return out


def sample(game: Sichuan, view: JSON, rng: random.Random) -> State:
    """A state ``view["seat"]`` cannot tell from the real one; see ``engine/core/sampling.py``."""
    missing = tuple(
        SUITS.index(p["missing_suit"]) if p["missing_suit"] is not None
        else rng.randrange(3) if p["declared"] else None
        for p in view["players"])
    wins = sorted((w for p in view["players"] for w in p["wins"]), key=lambda w: w["order"])
    piles = tuple(ids(p["win_pile"]) for p in view["players"])
    state = sample_table(game, view, rng, known=[t for pile in piles for t in pile],
                         fields={"missing": missing, "win_piles": piles},
                         wins=[_win(w) for w in wins], payments=_kong_payments(view),
                         own_event=_own_event, turn=view["dealer"],
                         kong_face_ok=lambda s, f: missing[s] is None or f // 9 != missing[s],
                         redeal=lambda st, hands, wall, drawn: relock(
                             st, view["seat"], hands, wall, drawn, rng))
    # OPT-SC-2.2: a Blood River win's tile lies in a win pile, not among the taken tiles
    pile_tiles = {t for pile in piles for t in pile}
    return evolve(state, taken=tuple(t for t in state.taken if t not in pile_tiles))


__all__ = ["sample"]

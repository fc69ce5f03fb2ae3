"""A Sichuan state consistent with one seat's view (``engine/mahjong/sampling.py`` does the
table): the exchange of three (others' selections and a ``"random"`` direction drawn while they
are secret; afterwards the tiles the seat passed stay in its receiver's hand until they show up,
OPT-SC-1), the declared missing suits (others' drawn at random while they are secret, SC-3.1),
the wins so far (SC-6.2: play goes on after them) and the kong payments, re-read from the events
because an exhausted wall refunds them (SC-9.4, SC-10.1), with the call transfers that moved
some of them on (OPT-SC-6.3: never refunded); in Blood River the win piles (public) and each
other locked hand dealt as a hand that still wins on its winning faces (OPT-SC-2)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.protocol import JSON
from ..core.result import Payment
from ..core.sampling import ids
from ..core.state import evolve
from ..mahjong import SUITS
from ..mahjong.sampling import sample_table
from . import exchange as ex
from .game import KONG_PAYMENT, Sichuan
from .history import KONG_KIND as _KONG_KIND
from .history import TRANSFER
from .options import EXCHANGE_DIRECTIONS
from .river import relock
from .state import State, Win


def _own_event(e: JSON) -> tuple | None:
    if e["type"] == "missing_suits":
        return ("missing_suits", None, None, [SUITS.index(x) for x in e["suits"]])
    if e["type"] == "exchange_selected":  # its cards are the exchange's, not the event's
        return ("exchange_selected", e["seat"], None)
    if e["type"] == "exchanged":
        return ("exchanged", None, None, EXCHANGE_DIRECTIONS[e["direction"]])
    return None


def _exchange(view: JSON, rng: random.Random) -> tuple[dict[str, Any], dict[int, list[int]],
                                                       Callable[[State], dict[str, Any]] | None]:
    """OPT-SC-1 as the seat knows it: the state's exchange fields, the tiles it passed by the
    hand that holds them, and (before the tiles move) the others' selections drawn from their
    sampled hands."""
    players = view["players"]
    if "exchange" not in players[0]:
        return {}, {}, None
    seat = view["seat"]
    moved = next((e for e in view["events"] if e["type"] == "exchanged"), None)
    mine = players[seat]["exchange"]["cards"]
    own = tuple(ids(mine)) if mine is not None else None
    if moved is None:  # OPT-SC-1.1: the others' selections and a random direction are secret
        d = ex.draw_direction(view["options"]["exchange_three"], rng)

        def picks(state: State) -> dict[str, Any]:
            return {"exchange_picks": tuple(
                own if s == seat else ex.random_pick(state.hands[s], rng)
                if p["exchange"]["selected"] else None for s, p in enumerate(players))}
        return {"exchange_direction": d}, {}, picks
    d = EXCHANGE_DIRECTIONS[moved["direction"]]
    received = tuple(ids(moved["received"]))
    known = tuple(own if s == seat else received if s == ex.giver(seat, d) else ()
                  for s in range(len(players)))
    return ({"exchange_direction": d, "exchange_picks": known},
            {ex.receiver(seat, d): list(ids(moved["gave"]))}, None)


def _win(w: JSON) -> Win:
    return Win(seat=w["seat"], tile=w["tile"], source=w["from"], fan=w["fan"], points=w["points"],
               patterns=tuple((p["code"], p["count"]) for p in w["items"]), shape=w["shape"],
               self_draw=w["self_draw"])


def _kong_payments(view: JSON) -> list[Payment]:
    """SC-9.4 as the events tell it: an exposed kong paid by its discarder, the others by the
    opponents still playing then (all three in Blood River, OPT-SC-2.1); an added kong robbed
    (a win on its tile follows) is not made. With ``call_transfer`` on, the first win on a kong
    player's discard after its replacement takes that kong's payments (OPT-SC-6.1, 6.2)."""
    players = len(view["players"])
    transfers = (view.get("options") or {}).get("call_transfer") == "on"
    river = (view.get("options") or {}).get("blood_mode") == "river"
    won: set[int] = set()
    out: list[Payment] = []
    last: dict[int, list[Payment]] = {}  # each seat's last kong's payments
    offered: int | None = None  # a kong player whose post-replacement discard is on offer
    events = view["events"]
    for i, e in enumerate(events):
        kind = e["type"]
        if kind == "win" and offered is not None and transfers and e["from"] == offered:
            moved = last.pop(offered, [])
            if moved:
                out.append(Payment(offered, e["seat"], sum(p.amount for p in moved), TRANSFER,
                                   moved[0].note))
        offered = e["seat"] if kind == "discard" and _after_replacement(events, i) else None
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
            last[seat] = [Payment(p, seat, KONG_PAYMENT[_KONG_KIND[kind]], "kong",
                                  _KONG_KIND[kind]) for p in payers]
            out += last[seat]
    return out


def _after_replacement(events: list[JSON], i: int) -> bool:
    """The discard ``events[i]`` follows its seat's kong and replacement draw (杠上炮)."""
    seat = events[i]["seat"]
    return i >= 2 and events[i - 2]["type"] in _KONG_KIND and events[i - 2]["seat"] == seat \
        and events[i - 1]["type"] == "draw" and events[i - 1]["seat"] == seat \
        and events[i - 1]["replacement"]


def sample(game: Sichuan, view: JSON, rng: random.Random) -> State:
    """A state ``view["seat"]`` cannot tell from the real one; see ``engine/core/sampling.py``."""
    missing = tuple(
        SUITS.index(p["missing_suit"]) if p["missing_suit"] is not None
        else rng.randrange(3) if p["declared"] else None
        for p in view["players"])
    wins = sorted((w for p in view["players"] for w in p["wins"]), key=lambda w: w["order"])
    piles = tuple(ids(p["win_pile"]) for p in view["players"])
    fields, in_hands, after_deal = _exchange(view, rng)
    state = sample_table(game, view, rng, known=[t for pile in piles for t in pile],
                         fields={"missing": missing, "win_piles": piles, **fields},
                         in_hands=in_hands, after_deal=after_deal,
                         wins=[_win(w) for w in wins], payments=_kong_payments(view),
                         own_event=_own_event, turn=view["dealer"],
                         kong_face_ok=lambda s, f: missing[s] is None or f // 9 != missing[s],
                         redeal=lambda st, hands, wall, drawn: relock(
                             st, view["seat"], hands, wall, drawn, rng,
                             game._known_in_hands(st, view["seat"])))
    # OPT-SC-2.2: a Blood River win's tile lies in a win pile, not among the taken tiles
    pile_tiles = {t for pile in piles for t in pile}
    return evolve(state, taken=tuple(t for t in state.taken if t not in pile_tiles))


__all__ = ["sample"]

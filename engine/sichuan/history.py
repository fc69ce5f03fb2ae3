"""What a Sichuan win reads from the deal's public history (``state.events`` and
``state.payments``) rather than from state fields of its own: the discard a kong's player makes
after drawing the replacement (杠上炮, OPT-SC-6.1 and OPT-SC-7.2), the first-turn hands (天胡 and
地胡, OPT-SC-7.3) and the kong income a player still owns once call transfers moved some of it
on (OPT-SC-6.3). Derived, not stored: a state sampled from a view (whose events and kong
payments are re-read) then agrees with the real one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..core.result import Payment
from ..mahjong.sampling import KONG_EVENTS

TRANSFER = "call_transfer"
"""The settlement line of a call transfer (OPT-SC-6.3: its own line)."""
KONG_KIND = {"kong": "exposed", "concealed_kong": "concealed", "added_kong": "added"}
"""A kong event's kind as its payments name it (SC-9.4)."""

Events = Sequence[tuple[Any, ...]]


def _before_wins(events: Events) -> int:
    """Where the history stood before the wins just settled on the tile on offer."""
    i = len(events)
    while i and events[i - 1][0] == "win":
        i -= 1
    return i


def kong_discard(events: Events, source: int) -> str | None:
    """The kind of the kong ``source`` declared last when the discard on offer is the one it
    made after drawing that kong's replacement in the same turn (杠上炮); None otherwise. Only a
    kong draws from the back of the wall, and its event comes just before that draw."""
    i = _before_wins(events)
    if i < 3:
        return None
    kong, draw, discard = events[i - 3:i]
    if (discard[0], discard[1]) != ("discard", source) or (draw[0], draw[1]) != ("draw", source) \
            or not draw[3] or kong[0] not in KONG_EVENTS or kong[1] != source:
        return None
    return KONG_KIND[kong[0]]


def first_win_on_offer(events: Events) -> bool:
    """No win has been settled yet on the tile on offer (OPT-SC-6.2: the first winner in turn
    order from the discarder is settled first)."""
    return _before_wins(events) == len(events)


def first_turn_hand(events: Events, dealer: int, seat: int, source: int | None) -> str | None:
    """``"heavenly"`` (天胡: the dealer wins on its first turn, no draw, discard or kong yet),
    ``"earthly"`` (地胡: a non-dealer self-draws on its first draw, or wins on the dealer's first
    discard, nobody having punged, konged or won before) or None (OPT-SC-7.3). Winners on the
    same discard win at the same time: each may be 地胡."""
    before = events[:_before_wins(events)] if source is not None else events
    if any(e[0] in ("pung", "win", *KONG_EVENTS) for e in before):
        return None
    draws = [e[1] for e in before if e[0] == "draw"]
    discards = [e[1] for e in before if e[0] == "discard"]
    if source is None and seat == dealer:
        return "heavenly" if not draws and not discards else None
    if source is None:
        return "earthly" if draws.count(seat) == 1 and before[-1][:2] == ("draw", seat) else None
    return "earthly" if source == dealer and discards == [dealer] else None


def kong_income(payments: Iterable[Payment], seat: int) -> list[Payment]:
    """The kong payments (SC-9.4) ``seat`` still owns, in the order it received them: a call
    transfer gave away the last kong's payments it held then (OPT-SC-6.1, 6.3), and those are
    never refunded (SC-10.1)."""
    kept: list[Payment] = []
    for p in payments:
        if p.reason == "kong" and p.payee == seat:
            kept.append(p)
        elif p.reason == TRANSFER and p.payer == seat:
            moved = 0
            while moved < p.amount:
                moved += kept.pop().amount
    return kept


def transfer(payments: Iterable[Payment], kong_player: int, winner: int, kind: str,
             payers: int) -> tuple[Payment, ...]:
    """OPT-SC-6.1: the kong's player gives ``winner`` what it collected for its last kong (of
    ``kind``, paid by ``payers`` players) as one line, never capped (OPT-SC-3.4)."""
    moved = kong_income(payments, kong_player)[-payers:] if payers else []
    amount = sum(p.amount for p in moved)
    return (Payment(kong_player, winner, amount, TRANSFER, kind),) if amount else ()


__all__ = ["KONG_KIND", "TRANSFER", "first_turn_hand", "first_win_on_offer", "kong_discard",
           "kong_income", "transfer"]

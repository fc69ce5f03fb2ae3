"""The ``deal`` event every game logs first: the dealer, and what each seat was dealt.

A bot that rebuilds a deal from the event log (as every Botzone-style bot does) needs its own
dealt hand, so the raw event keeps every seat's (cheap: one tuple of tuples, built once) and a
view shows a seat its own only: ``{"type": "deal", "seat": dealer, "hand": [cards]}``. Another
seat's, or a spectator's, view has no ``hand`` at all, not even after the deal is over; only
the open view of a replay shows them all (``hands``).

A determinized or sampled state cannot know the other seats' dealt hands: their entries are
None there (``only_own``), and a view never shows them anyway.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .protocol import JSON

Event = tuple[Any, ...]


def deal_event(dealer: int, hands: Iterable[Iterable[int]]) -> Event:
    """The raw ``deal`` event: ``("deal", dealer, None, dealt)``, ``dealt`` each seat's cards as
    dealt (before an MCR flower is replaced, before any exchange), sorted by id as hands are;
    a seat's entry is None where it is unknown (``only_own``, ``raw_deal``)."""
    return ("deal", dealer, None, tuple(tuple(sorted(h)) for h in hands))


def dealt_hand(ev: Event, seat: int | None) -> tuple[int, ...] | None:
    """What ``seat`` was dealt, by the raw deal event ``ev`` (None: a spectator, an unknown
    hand, or an event from before the deal event held the hands)."""
    if seat is None or len(ev) < 4:
        return None
    return ev[3][seat]


def deal_json(ev: Event, seat: int | None, card_json: Callable[[int], JSON]) -> JSON:
    """The deal event as ``seat`` sees it: its own dealt hand only."""
    out: JSON = {"type": "deal", "seat": ev[1]}
    hand = dealt_hand(ev, seat)
    if hand is not None:
        out["hand"] = [card_json(c) for c in hand]
    return out


def open_deal_json(ev: Event, card_json: Callable[[int], JSON]) -> JSON:
    """The deal event in an open view (a replay of a finished deal, every hand open): each
    seat's dealt hand, by seat, under ``hands`` (None: unknown)."""
    out: JSON = {"type": "deal", "seat": ev[1]}
    if len(ev) > 3:
        out["hands"] = [None if h is None else [card_json(c) for c in h] for h in ev[3]]
    return out


def only_own(events: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """``events`` with the deal event (the first: a game logs it before anything else) keeping
    ``seat``'s dealt hand only, the others None: what a state re-dealt for ``seat`` may know
    (``determinize``, once per search iteration: only the first event is looked at)."""
    if not events or events[0][0] != "deal" or len(events[0]) < 4:
        return events
    e = events[0]
    return ((*e[:3], tuple(h if s == seat else None for s, h in enumerate(e[3]))), *events[1:])


def raw_deal(e: JSON, seat: int, players: int) -> Event:
    """A view's deal event back as the raw tuple of a sampled state: the viewer's dealt hand
    from the view, the others' unknown (None)."""
    own = tuple(c["id"] for c in e["hand"]) if "hand" in e else None
    return ("deal", e["seat"], None, tuple(own if s == seat else None for s in range(players)))


__all__ = ["deal_event", "deal_json", "dealt_hand", "only_own", "open_deal_json",
           "raw_deal"]

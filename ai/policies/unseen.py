"""Copies of each face a seat cannot see, read from its view: every game's heuristics weigh
their discards and waits by them, so they are read one way for all (card ids, face ``id >> 2``).

A card counts once however many places show it: the card on offer in a claim window also lies
in its discarder's river, Paohuzi's dealer card may be in a row or a meld by now.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from typing import Any

Counts = tuple[int, ...]
COPIES = 4
"""Copies of every face, in every game."""
_ID = operator.itemgetter("id")


def shown_ids(view: dict[str, Any]) -> set[int]:
    """Every card id the view shows face up: each seat's hand where shown, river, melds
    (another seat's concealed kong lies face down: ``cards`` None), Nantong's hezi and
    indicators, a Sichuan winner's tile (every Blood River win pile, OPT-SC-2.2), and the card
    on offer."""
    ids: set[int] = set()
    take = ids.update  # of map(_ID, cards): the loops run in C, as reading views is hot
    for p in view["players"]:
        for key in ("hand", "discards", "hezi", "win_pile"):
            cards = p.get(key)
            if cards:
                take(map(_ID, cards))
        for m in p["melds"]:
            if m["cards"]:
                take(map(_ID, m["cards"]))
        won = p.get("won")
        if won and isinstance(won.get("tile"), int):
            ids.add(won["tile"])
    if view.get("indicators"):
        take(map(_ID, view["indicators"]))
    claim = view.get("claim")
    if claim:
        ids.add(claim["card"]["id"])
    return ids


def seen_counts(ids: Iterable[int], faces: int) -> Counts:
    """Copies per face among the card ``ids`` (ids of other faces, such as MCR's flowers, are
    left out)."""
    c = [0] * faces
    for card in ids:
        f = card >> 2
        if f < faces:
            c[f] += 1
    return tuple(c)


def read_hand(cards: Iterable[dict[str, Any]], faces: int,
              face: Callable[[str], int]) -> tuple[dict[int, int], Counts]:
    """A seat's own hand from its view (``cards``: its ``hand``): each card id's face, and the
    copies of each face it holds."""
    face_of_id = {t["id"]: face(t["face"]) for t in cards}
    c = [0] * faces
    for f in face_of_id.values():
        c[f] += 1
    return face_of_id, tuple(c)


def unseen_counts(ids: Iterable[int], faces: int) -> Counts:
    """Copies per face not among the card ``ids`` (``shown_ids``)."""
    return tuple(COPIES - n for n in seen_counts(ids, faces))


__all__ = ["COPIES", "Counts", "read_hand", "seen_counts", "shown_ids", "unseen_counts"]

"""Hints every game shares: the JSON a seat's hints come in and the loop over its discards.

A game's ``engine/<game>/hints.py`` says how far a hand is from winning (``distance``), which
faces complete it (``waits``), what a win on one would score (``score``) and which opponents a
discard could let win (``danger``); ``discard_hints`` runs them over the hand as it stands and
over every legal discard. Everything is computed from what the seat may see: its own cards,
the public table, and how many copies of each face it cannot see (``unseen_counts``, from the
game's ``hidden_cards``: a count per face, which ``determinize`` never changes). So hints never
leak, and they are the same for every state the seat cannot tell apart.

The JSON (the protocol's ``game.hints(state, seat)``, which calls ``engine/<game>/hints.py``;
``server/assist.py`` serves it as ``GET /api/matches/{id}/hints``)::

    {"game": "mcr", "seat": 0, "available": true, "reason": null, "unit": "points",
     "win_offered": false,
     "hand": {"shanten": 1, "ready": false, "waits": [], "improving": [Tile...],
              "huxi": null, "huxi_needed": null},
     "discards": [{"face": "9s", "cards": [97], "shanten": 0, "ready": true,
                   "waits": [Wait...], "improving": [], "danger": [2]}],
     "ready_opponents": [{"seat": 2, "why": "declared"}]}

    Tile = {"face": "4m", "unseen": 3}   # a face that would bring the hand a step nearer

    Wait = {"face": "3m", "unseen": 2,
            "claimed": Score,      # won on another player's card (a discard; Paohuzi: a reveal)
            "self_drawn": Score}   # won on the seat's own draw (Paohuzi: its own reveal)
    Score = {"wins": true, "total": 12, "tun": null,
             "items": [Item...]}   # engine/core/items.py: read top to bottom they make total

``shanten``: 0 ready, −1 complete, otherwise the cards still to exchange (Paohuzi: toward seven
groups, huxi aside). A hand is ``ready`` exactly when it has a wait; a wait may still not
``win`` (MCR under 8 points, Paohuzi under 15 huxi). ``danger``: the opponents whose readiness
the seat can see and whom this discard could let win (each game's docstring says when).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .items import Item
from .protocol import JSON, Action

Counts = tuple[int, ...]
ScoreFn = Callable[[Counts, int, bool], JSON | None]
"""(hand counts before the winning card, face, self-drawn) → a ``score_json``; None: no win."""


def score_json(wins: bool, total: int, items: Sequence[Item], tun: int | None = None) -> JSON:
    return {"wins": wins, "total": total, "tun": tun, "items": list(items)}


def no_hints(game: str, seat: int | None, reason: str, unit: str) -> JSON:
    """Hints when there are none to give: ``reason`` ``over``, ``spectator``..."""
    return {"game": game, "seat": seat, "available": False, "reason": reason, "unit": unit,
            "win_offered": False, "hand": None, "discards": [], "ready_opponents": []}


def unseen_counts(hidden: Iterable[int], face_of: Callable[[int], int], faces: int) -> Counts:
    """Copies per face the seat cannot see, from the game's ``hidden_cards`` (ids whose face is
    outside ``faces``, such as MCR's flowers, are left out)."""
    c = [0] * faces
    for card in hidden:
        f = face_of(card)
        if f < faces:
            c[f] += 1
    return tuple(c)


def discard_faces(legal: Sequence[Action]) -> dict[int, list[int]]:
    """The legal discards' card ids by face (a card id's face is ``id >> 2`` in every game)."""
    out: dict[int, list[int]] = {}
    for a in legal:
        if a.get("type") == "discard":
            out.setdefault(int(a["card"]) >> 2, []).append(int(a["card"]))
    return dict(sorted(out.items()))


class Hinter:
    """The shared hint loop; a game passes its measures in (all pure functions of counts)."""

    def __init__(self, *, names: Sequence[str], distance: Callable[[Counts], int],
                 waits: Callable[[Counts], Iterable[int]], score: ScoreFn,
                 unseen: Counts, held: Counts,
                 near: Callable[[int], Sequence[int]] | None = None) -> None:
        """``held``: copies of each face the seat holds in hand and in its own groups (a face
        it holds four of is no wait, whatever the shapes say). ``near``: when given, the faces
        a card of a face can make a group or a partial one with; a face none of whose near
        faces (nor itself) is in the hand cannot bring it nearer, and is not measured."""
        self.near = near
        self.names = names
        self.distance = distance
        self.waits_of = waits
        self.score = score
        self.unseen = unseen
        self.held = held

    def waits(self, counts: Counts) -> list[JSON]:
        out = []
        for f in self.waits_of(counts):
            if self.held[f] >= 4:
                continue
            claimed = self.score(counts, f, False)
            drawn = self.score(counts, f, True)
            if claimed is None and drawn is None:
                continue
            out.append({"face": self.names[f], "unseen": self.unseen[f],
                        "claimed": claimed or score_json(False, 0, []),
                        "self_drawn": drawn or score_json(False, 0, [])})
        return out

    def improving(self, counts: Counts, shanten: int) -> list[JSON]:
        """The faces (with a copy unseen) whose card would leave ``counts`` nearer than
        ``shanten``: the distance of the hand one card longer is that of its best discard."""
        out = []
        for f, n in enumerate(self.unseen):
            if not n or self.held[f] >= 4:
                continue
            if self.near and not counts[f] and not any(counts[g] for g in self.near(f)):
                continue
            if self.distance(with_count(counts, f, +1)) < shanten:
                out.append({"face": self.names[f], "unseen": n})
        return out

    def measure(self, counts: Counts, waiting: bool) -> tuple[int, list[JSON]]:
        """Shanten and waits of a hand; ``waiting``: it is one card short of a win, so it is
        ready exactly when it has a wait (whatever shapes the distance counts)."""
        d = self.distance(counts)
        if not waiting or d < 0:
            return d, []
        waits = self.waits(counts)
        return (0 if waits else max(d, 1)), waits


def with_count(counts: Counts, face: int, delta: int) -> Counts:
    """``counts`` with ``delta`` more copies of ``face``."""
    return counts[:face] + (counts[face] + delta,) + counts[face + 1:]


def offers_win(legal: Iterable[Action]) -> bool:
    """Whether the seat's legal actions hold a win (every game calls it ``win``)."""
    return any(a.get("type") == "win" for a in legal)


def discard_hints(hinter: Hinter, counts: Counts, *, waiting: bool,
                  discards: dict[int, list[int]], danger: Callable[[int], list[int]],
                  win_offered: bool = False) -> JSON:
    """The hand as it stands (``waiting``: one card short of a win, between turns) and, when
    the seat is to discard, each legal discard's shanten, waits or improving faces, and
    danger."""
    shanten, waits = hinter.measure(counts, waiting)
    rows = []
    for f, cards in discards.items():
        after = with_count(counts, f, -1)
        d, w = hinter.measure(after, True)
        rows.append({"face": hinter.names[f], "cards": cards, "shanten": d, "ready": bool(w),
                     "waits": w, "improving": hinter.improving(after, d) if d > 0 else [],
                     "danger": danger(f)})
    improving = hinter.improving(counts, shanten) if waiting and shanten > 0 else []
    return {"win_offered": win_offered,
            "hand": {"shanten": shanten, "ready": bool(waits), "waits": waits,
                     "improving": improving, "huxi": None, "huxi_needed": None},
            "discards": rows}


def hints_json(game: str, seat: int, unit: str, body: JSON,
               ready_opponents: Sequence[tuple[int, str]]) -> JSON:
    return {"game": game, "seat": seat, "available": True, "reason": None, "unit": unit,
            **body, "ready_opponents": [{"seat": s, "why": why} for s, why in ready_opponents]}


__all__ = ["Counts", "Hinter", "ScoreFn", "with_count", "discard_faces", "discard_hints",
           "hints_json", "no_hints", "offers_win", "score_json", "unseen_counts"]

"""Hand reading for the example bots of the three mahjong-table games (MCR, Sichuan, Nantong),
from the faces the views show (docs/bots.md) and nothing else: how far a hand is from ready
(shanten), the discard that keeps it closest, and whether a claim brings it closer.

Faces are the API's strings: ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s`` form sequences within
their suit; any other face (MCR's winds and dragons, Nantong's ``Q`` ``B`` ``H``) only pairs and
triplets. A complete hand is ``sets`` sets and a pair (MCR and Sichuan 4, Nantong 7), exposed
melds counting as sets; MCR's and Sichuan's seven pairs too when ``pairs_hand``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

JSON = dict[str, Any]
SUITS = "mps"


def is_suited(face: str) -> bool:
    return len(face) == 2 and face[0].isdigit() and face[1] in SUITS


def is_terminal_or_honour(face: str) -> bool:
    return not is_suited(face) or face[0] in "19"


@lru_cache(maxsize=1 << 16)
def _suit_shapes(counts: tuple[int, ...]) -> frozenset[tuple[int, int, int]]:
    """Every (sets, partial sets, pairs) one suit's ``counts`` (ranks 1-9) can be split into."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return frozenset({(0, 0, 0)})
    out: set[tuple[int, int, int]] = set()

    def take(faces: Iterable[int], add: tuple[int, int, int]) -> None:
        c = list(counts)
        for f in faces:
            if f >= len(c) or c[f] == 0:
                return
            c[f] -= 1
        for m, t, p in _suit_shapes(tuple(c)):
            out.add((m + add[0], t + add[1], p + add[2]))

    take((i, i, i), (1, 0, 0))
    take((i, i + 1, i + 2), (1, 0, 0))
    take((i, i), (0, 0, 1))
    take((i, i + 1), (0, 1, 0))
    take((i, i + 2), (0, 1, 0))
    take((i,), (0, 0, 0))  # an isolated tile
    return frozenset(out)


def _honour_shapes(n: int) -> frozenset[tuple[int, int, int]]:
    return frozenset({(1, 0, 0) if n >= 3 else (0, 0, 1) if n == 2 else (0, 0, 0)})


def shanten(faces: Iterable[str], melds: int, sets: int = 4, pairs_hand: bool = False) -> int:
    """How many tiles the concealed ``faces`` (with ``melds`` exposed sets) lack before being
    ready: 0 ready, -1 complete."""
    faces = list(faces)
    counts = Counter(faces)
    shapes: list[frozenset[tuple[int, int, int]]] = []
    for suit in SUITS:
        shapes.append(_suit_shapes(tuple(counts.get(f"{r}{suit}", 0) for r in range(1, 10))))
    shapes += [_honour_shapes(n) for f, n in counts.items() if not is_suited(f)]
    totals = {(0, 0, 0)}
    for options in shapes:
        totals = {(a + x, b + y, c + z) for a, b, c in totals for x, y, z in options}
    need = sets - melds
    best = 2 * need
    for m, t, p in totals:
        m = min(m, need)
        head = 1 if p else 0
        partial = min(t + p - head, need - m)
        best = min(best, 2 * (need - m) - partial - head)
    if pairs_hand and melds == 0:
        best = min(best, 6 - sum(1 for n in counts.values() if n >= 2)
                   + max(0, 7 - len(counts)))
    return best


def improving(faces: list[str], melds: int, sets: int, pairs_hand: bool,
              universe: Iterable[str]) -> int:
    """How many faces of ``universe`` would bring ``faces`` one tile closer."""
    now = shanten(faces, melds, sets, pairs_hand)
    return sum(1 for f in universe if shanten(faces + [f], melds, sets, pairs_hand) < now)


class Reader:
    """A game's hand reading: ``sets`` to complete, seven pairs or not, the faces that exist,
    and ``dead``, faces that count for nothing (Sichuan's missing suit)."""

    def __init__(self, sets: int, pairs_hand: bool, universe: Iterable[str],
                 dead: Callable[[str], bool] = lambda face: False) -> None:
        self.sets = sets
        self.pairs_hand = pairs_hand
        self.universe = [f for f in universe if not dead(f)]
        self.dead = dead

    def shanten(self, faces: Iterable[str], melds: int) -> int:
        return shanten([f for f in faces if not self.dead(f)], melds, self.sets, self.pairs_hand)

    def discard_key(self, faces: list[str], melds: int, face: str) -> tuple[int, int, int]:
        """Sorts discards best first: a dead face, then the hand left closest to ready, then the
        one with most ways forward, then an honour or terminal before a middle tile."""
        rest = list(faces)
        rest.remove(face)
        live = [f for f in rest if not self.dead(f)]
        after = shanten(live, melds, self.sets, self.pairs_hand)
        ways = improving(live, melds, self.sets, self.pairs_hand, self.universe)
        return (0 if self.dead(face) else 1, after, -ways, 0 if is_terminal_or_honour(face) else 1)

    def best_discard(self, hand: list[JSON], melds: int, legal: list[JSON]) -> JSON:
        """The legal discard that keeps the hand closest to ready."""
        faces = [c["face"] for c in hand]
        by_id = {c["id"]: c["face"] for c in hand}
        discards = [a for a in legal if a["type"] == "discard"]
        return min(discards, key=lambda a: self.discard_key(faces, melds, by_id[a["card"]]))

    def best_after_discard(self, faces: list[str], melds: int) -> int:
        """The shanten of ``faces`` once its best tile is discarded."""
        return min(self.shanten(faces[:i] + faces[i + 1:], melds) for i in range(len(faces)))

    def claim_helps(self, faces: list[str], melds: int, used: list[str], discard: bool) -> bool:
        """Whether taking a card with ``used`` hand faces into a new exposed set brings the hand
        closer (``discard``: a discard follows, as after a pung or chow)."""
        rest = list(faces)
        for f in used:
            rest.remove(f)
        after = (self.best_after_discard(rest, melds + 1) if discard
                 else self.shanten(rest, melds + 1))
        return after < self.shanten(faces, melds) or (not discard and after <= self.shanten(
            faces, melds))

    def kong_helps(self, faces: list[str], melds: int, face: str) -> bool:
        """Whether a kong of ``face`` declared on our turn (``faces``: the hand with the card
        drawn) leaves the hand as close to ready as its best discard would."""
        rest = [f for f in faces if f != face]
        return self.shanten(rest, melds + 1) <= self.best_after_discard(faces, melds)


    def play(self, view: JSON, legal: list[JSON]) -> JSON:
        """A turn or a claim of the shared table: win when offered; a claim (chow, pung,
        kong) when it brings the hand closer; a kong of its own when it costs nothing (it draws
        again); otherwise the best discard."""
        for action in legal:
            if action["type"] == "win":
                return action
        me = own(view)
        faces = [c["face"] for c in me["hand"]]
        melds = len(me["melds"])
        if view["claim"] is not None:  # a claim window asks us (a rob window: win or pass)
            card = view["claim"]["card"]["face"]
            for action in legal:
                used = claim_faces(action, card)
                if used and self.claim_helps(faces, melds, used, action["type"] != "kong"):
                    return action
            return {"type": "pass"}
        for action in legal:
            if action["type"] == "added_kong":
                return action
            if action["type"] == "concealed_kong":
                face = next(c["face"] for c in me["hand"] if c["id"] == action["cards"][0])
                if self.kong_helps(faces, melds, face):
                    return action
        return self.best_discard(me["hand"], melds, legal)


def claim_faces(action: JSON, card: str) -> list[str] | None:
    """The hand faces a claim on ``card`` uses: an MCR chow names its run by its lowest face
    (``{"type": "chow", "low": "3m"}`` on a 4m takes 3m and 5m from the hand), a pung two of the
    card, a kong three; None for a pass or a win."""
    kind = action["type"]
    if kind == "chow":
        low, suit = int(action["low"][0]), action["low"][1]
        run = [f"{r}{suit}" for r in range(low, low + 3)]
        run.remove(card)
        return run
    return {"pung": [card] * 2, "kong": [card] * 3}.get(kind)


def own(view: JSON) -> JSON:
    """The viewer's own player object (its ``hand``, ``melds``...)."""
    return view["players"][view["seat"]]

"""Sichuan AI, level ``basic``: a greedy shanten player that sees only its seat's view.

Decisions, in order (rules ids from ``shared/rules/sichuan.md``):

- with exchange three (rules/options.md OPT-SC-1), pass three tiles of the suit it will not
  keep: the suit it would declare missing (below) among those with three tiles or more, so the
  declaration after the exchange is natural; of it the least useful tiles, isolated ones
  first, then those nearest an edge (a neighbour gains least from them);
- declare the missing suit (SC-3.1) it holds fewest tiles of; ties go to the suit with the
  fewest melds, pairs and partial melds, then to the first offered;
- win whenever a win is legal (self-draw, discard or robbing a kong);
- while it holds its missing suit (SC-3.2) discard a tile of it, singles before pairs, tiles
  already seen elsewhere first;
- otherwise discard what leaves the lowest shanten (standard, or seven pairs while it has no
  meld), ties broken by *ukeire* — the unseen copies (4 minus the visible ones: own hand, every
  river, every meld, winners' shown hands) of the faces that would lower shanten — then by
  discarding the most isolated, most terminal tile;
- pung or kong a discard, and declare concealed or added kongs, only when the shanten after it
  (after the best discard, for a pung) is no worse than now: kongs collect points (SC-9.4) and
  count as roots (SC-8).

Shanten comes from ``engine.mahjong.shanten`` (cached per suit on count tuples), so a decision
costs a few hundred cached look-ups (about a millisecond).
"""

from __future__ import annotations

import random
from functools import lru_cache

from engine.mahjong import SUITS, parse_face, standard_shanten
from engine.mahjong import shanten as engine_shanten
from engine.mahjong.shanten import suit_blocks

from .block_ids import combined_id, standard_shanten_of, suit_id
from .discards import by_face as discards_by_face
from .unseen import read_hand, shown_ids, unseen_counts

Counts = tuple[int, ...]
"""Counts of the 27 suited faces (``1m``..``9s``)."""

NUM = 27


@lru_cache(maxsize=1 << 17)
def shanten(c: Counts, concealed: bool) -> int:
    """The better of standard and (for a meldless 13/14-tile hand) seven-pairs shanten (cached:
    a deal, and a search's playouts, keep asking about the same hands)."""
    return engine_shanten(c, seven_pairs=concealed)


def _add(c: Counts, face: int, n: int = 1) -> Counts:
    return c[:face] + (c[face] + n,) + c[face + 1:]


@lru_cache(maxsize=1 << 12)
def _near_ranks(suit: Counts) -> tuple[int, ...]:
    """Ranks (0-8) of one suit's counts that are held or within two ranks of a held one."""
    held = sum(1 << r for r, n in enumerate(suit) if n)
    spread = (held | held << 1 | held << 2 | held >> 1 | held >> 2) & 0x1FF
    return tuple(r for r in range(9) if spread >> r & 1)


def _near(c: Counts, missing: int | None) -> list[int]:
    """Faces that could lower shanten when added: held faces and their neighbours within two
    ranks (an isolated new tile changes no block count), outside the missing suit."""
    return [9 * s + r for s in range(3) if s != missing for r in _near_ranks(c[9 * s:9 * s + 9])]


def shanten_each(c: Counts, concealed: bool, faces: list[int], delta: int) -> dict[int, int]:
    """``shanten(_add(c, f, delta), concealed)`` for every face ``f`` of ``faces``, for a hand
    that changes in one suit at a time: the other two suits' blocks are combined once per suit
    and each change costs a few cached look-ups on block set ids (``block_ids.py``); most of
    ``basic``'s time went to shanten look-ups that missed the cache of whole hands."""
    suits = (c[0:9], c[9:18], c[18:27])
    sets = [suit_id(x) for x in suits]
    n = sum(c) + delta
    target = n // 3
    pairs = sum(x // 2 for x in c) if concealed and n >= 13 else None
    others: dict[int, int] = {}
    out: dict[int, int] = {}
    for f in faces:
        s, r = divmod(f, 9)
        other = others.get(s)
        if other is None:
            other = others[s] = combined_id(*(sets[k] for k in range(3) if k != s))
        suit = suits[s]
        v = standard_shanten_of(target, other,
                                suit_id(suit[:r] + (suit[r] + delta,) + suit[r + 1:]))
        if pairs is not None:
            v = min(v, 6 - min(7, pairs - c[f] // 2 + (c[f] + delta) // 2))
        out[f] = v
    return out


def ukeire(c: Counts, concealed: bool, missing: int | None, unseen: Counts,
           base: int | None = None, pair_weight: float = 1) -> float:
    """Unseen tiles that would lower the shanten of the 3k+1 hand ``c`` (``base``: its shanten,
    when the caller knows it); a face that completes a held pair counts ``pair_weight``."""
    if base is None:
        base = shanten(c, concealed)
    faces = [f for f in _near(c, missing) if unseen[f]]
    after = shanten_each(c, concealed, faces, 1)
    return sum(unseen[f] * (pair_weight if c[f] >= 2 else 1) for f in faces if after[f] < base)


# ------------------------------------------------------------------ reading the view

class _Seat:
    """What the policy uses of one seat's view."""

    __slots__ = ("counts", "face_of_id", "melds", "missing", "unseen")

    def __init__(self, view: dict) -> None:
        me = view["players"][view["seat"]]
        self.face_of_id, self.counts = read_hand(me["hand"] or (), NUM, parse_face)
        self.melds = len(me["melds"])
        ms = me["missing_suit"]
        self.missing = SUITS.index(ms) if ms else None
        self.unseen: Counts = unseen_counts(shown_ids(view), NUM)

    @property
    def concealed(self) -> bool:
        return self.melds == 0


# ------------------------------------------------------------------ decisions

def _hand_counts(view: dict) -> list[int]:
    c = [0] * NUM
    for t in view["players"][view["seat"]]["hand"] or ():
        c[parse_face(t["face"])] += 1
    return c


def _shape(suit: Counts) -> int:
    """How much one suit's counts are worth: the most of 2 per meld + 1 per partial or pair."""
    return max(2 * m + t + p for m, t, p in suit_blocks(suit))


def suit_key(c: list[int] | Counts, s: int) -> tuple[int, int, int]:
    """Smaller is the suit to give up (SC-3.1's declaration, OPT-SC-1's exchange): fewest
    tiles, then the worst shape, then the first suit."""
    suit = tuple(c[9 * s:9 * s + 9])
    return sum(suit), _shape(suit), s


def _declare(view: dict, legal: list[dict]) -> dict:
    c = _hand_counts(view)
    return min(legal, key=lambda a: suit_key(c, SUITS.index(a["suit"])))


def _exchange(view: dict, legal: list[dict]) -> dict:
    """OPT-SC-1: three tiles of the suit it will not keep (``suit_key`` among the suits
    offered, those of three tiles or more): isolated tiles first, then edge tiles."""
    c = tuple(_hand_counts(view))
    face_of = {t["id"]: parse_face(t["face"]) for t in view["players"][view["seat"]]["hand"]}

    def key(a: dict) -> tuple[tuple[int, int, int], int, int, list[int]]:
        given = [face_of[t] for t in a["cards"]]
        isolated = sum(_isolation(_add(c, f, -1), f) == 0 for f in given)
        return suit_key(c, given[0] // 9), -isolated, sum(_edge(f) for f in given), given

    return min(legal, key=key)


def _missing_discard(me: _Seat, discards: list[dict]) -> dict:
    """SC-3.2: any tile of the missing suit — singles first, then faces already seen."""
    return min(discards, key=lambda a: (me.counts[me.face_of_id[a["card"]]],
                                        me.unseen[me.face_of_id[a["card"]]],
                                        me.face_of_id[a["card"]]))


def _isolation(c: Counts, f: int) -> int:
    """Own tiles within two ranks of ``f`` in its suit (after ``f`` left the hand)."""
    s = f // 9
    return sum(c[g] for g in range(max(9 * s, f - 2), min(9 * s + 8, f + 2) + 1))


def _edge(f: int) -> int:
    r = f % 9
    return min(r, 8 - r)


def discard_key(me: _Seat, f: int, s: int | None = None,
                pair_weight: float = 1) -> tuple[int, float, int, int, int]:
    """Smaller is a better discard: shanten (``s``, when the caller knows it), -ukeire (a held
    pair's draws counting ``pair_weight``), isolation, closeness to an edge."""
    after = _add(me.counts, f, -1)
    if s is None:
        s = shanten(after, me.concealed)
    u = ukeire(after, me.concealed, me.missing, me.unseen, s, pair_weight)
    return s, -u, _isolation(after, f), _edge(f), f


def best_discard(me: _Seat, discards: list[dict], pair_weight: float = 1) -> dict:
    """The discard of least ``discard_key`` (``basic``'s with ``pair_weight`` 1)."""
    by_face = discards_by_face(discards, me.face_of_id)
    # ukeire only matters between the discards that reach the lowest shanten
    sh = shanten_each(me.counts, me.concealed, list(by_face), -1)
    low = min(sh.values())
    best = min((f for f in by_face if sh[f] == low),
               key=lambda f: discard_key(me, f, low, pair_weight))
    return by_face[best]


def _kong_shanten(me: _Seat, a: dict) -> int:
    if a["type"] == "concealed_kong":
        f = me.face_of_id[a["cards"][0]]
        return standard_shanten(_add(me.counts, f, -4))
    f = me.face_of_id[a["card"]]
    return standard_shanten(_add(me.counts, f, -1))


def _turn(me: _Seat, legal: list[dict]) -> dict:
    discards = [a for a in legal if a["type"] == "discard"]
    if me.missing is not None and any(me.counts[9 * me.missing:9 * me.missing + 9]):
        return _missing_discard(me, discards)
    kongs = [a for a in legal if a["type"] in ("concealed_kong", "added_kong")]
    if kongs:
        now = shanten(me.counts, me.concealed)
        best = min(kongs, key=lambda a: _kong_shanten(me, a))
        if _kong_shanten(me, best) <= now:
            return best
    if discards:
        return best_discard(me, discards)
    return legal[0]


def _claim(view: dict, me: _Seat, legal: list[dict]) -> dict:
    by_type = {a["type"]: a for a in legal}
    f = parse_face(view["claim"]["card"]["face"])
    now = shanten(me.counts, me.concealed)
    kong = standard_shanten(_add(me.counts, f, -3)) if "kong" in by_type else None
    pung = standard_shanten(_add(me.counts, f, -2)) if "pung" in by_type else None
    if kong is not None and kong <= now and (pung is None or kong <= pung):
        return by_type["kong"]
    if pung is not None and pung <= now:
        return by_type["pung"]
    return by_type.get("pass", legal[-1])


def basic(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The ``basic`` Sichuan policy (module docstring). Deterministic; ``rng`` is unused."""
    for a in legal:
        if a["type"] == "win":
            return a
    if legal[0]["type"] == "declare_missing":
        return _declare(view, legal)
    if legal[0]["type"] == "exchange":
        return _exchange(view, legal)
    me = _Seat(view)
    if view.get("phase") == "claim":
        return _claim(view, me, legal)
    return _turn(me, legal)


__all__ = ["basic", "best_discard", "discard_key", "shanten", "standard_shanten", "suit_key",
           "ukeire"]

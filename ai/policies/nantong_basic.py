"""Nantong long cards (Du Zi Hu) AI, level ``basic``: a greedy shanten player that sees only
its seat's view and values the cards that score (rule ids from ``shared/rules/nantong.md``).

Decisions, in order:

- win whenever a win is legal (self-draw, Heavenly, discard, robbing a kong);
- preparation (NT-3): expose a Tiandi Hezi always (NT-3.5: 16 hu and more, scored whether or
  not it wins, two replacements keep the hand size); an opening kong (NT-3.3, 16 hu against
  12 for four in hand, plus a replacement) or an opening indicator triplet (NT-3.4, 16 against
  12) when the hand's shanten without those cards is no worse; then declare ready (NT-3.6,
  which ends the preparation) when some wait still has an unseen copy; then finish;
- discard what leaves the lowest shanten (``engine.mahjong`` standard shanten on the 30 faces:
  Thousand and the Flowers sit on honour faces, which form only identical groups, NT-1.3),
  ties broken by *ukeire* — the unseen copies (4 minus those visible: own hand, rivers, groups,
  Hezi, indicators) of the faces that would lower shanten — then by the hu the discard gives up:
  Old Generals (NT-1.4) and cards an indicator doubles (NT-6.2), above all an indicator's own
  face (NT-6.3), are kept; then the most isolated, most terminal card goes;
- claim a kong on a discard when it keeps the shanten (three in hand score 4 hu, an exposed
  kong 8, and it draws a replacement; no kong of an indicator's own face can be offered, as
  the indicator is its fourth copy); claim a pung when it lowers the shanten (after the best
  discard), or keeps it on an Old General or a face an indicator doubles; declare a concealed
  or added kong when the shanten holds.

Shanten is the block formula of ``engine.mahjong.standard_shanten`` over that module's cached
suit readings (``suit_blocks``); the policy keeps the combined readings of the other three parts
of the hand (two suits and the honours) cached too, so the shanten of a hand one card away from
another costs a few comparisons and a decision about a millisecond (p99 a few ms in the arena).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engine.mahjong.shanten import PART_RANK, blocks_shanten, hand_parts, suit_blocks
from engine.mahjong.shanten import combine_blocks as _product
from engine.nantong.cards import (
    NUM_FACES,
    NUM_SUITED,
    OLD_GENERALS,
    indicator_applies,
    parse_face,
)

from .discards import by_face as discards_by_face
from .unseen import read_hand, shown_ids, unseen_counts

Counts = tuple[int, ...]
"""Counts of the 30 Nantong faces (``1m``..``9s``, ``Q``, ``B``, ``H``)."""
Block = tuple[int, int, int]
"""(groups, partial groups, pair 0/1) one part of a hand can make (``engine.mahjong.shanten``)."""


@lru_cache(maxsize=1 << 16)
def _others(parts: tuple[Counts, ...], i: int) -> tuple[Block, ...]:
    """The best blocks of every part of the hand but the ``i``-th."""
    acc: tuple[Block, ...] = ((0, 0, 0),)
    for j, part in enumerate(parts):
        if j != i:
            acc = _product(acc, suit_blocks(part))
    return acc


_best = lru_cache(maxsize=1 << 17)(blocks_shanten)
"""The block formula over the other parts' blocks and one part's (cached)."""


def shanten(c: Counts) -> int:
    """Standard shanten toward groups and a pair (declared groups aside, NT-5.1): the block
    formula of ``engine.mahjong.shanten`` on the 30 faces, with the other parts' blocks cached
    so that one card changed costs a few comparisons."""
    parts = hand_parts(c)
    return _best(_others(parts, 3), suit_blocks(parts[3]), sum(c) // 3)


def _shanten_changed(c: Counts, face: int, n: int) -> int:
    """``shanten(_add(c, face, n))``, reusing the blocks of the parts ``face`` is not in."""
    i, k = PART_RANK[face]
    parts = hand_parts(c)
    part = parts[i]
    changed = part[:k] + (part[k] + n,) + part[k + 1:]
    return _best(_others(parts, i), suit_blocks(changed), (sum(c) + n) // 3)


def _add(c: Counts, face: int, n: int = 1) -> Counts:
    return c[:face] + (c[face] + n,) + c[face + 1:]


def _near(c: Counts) -> list[int]:
    """Faces that could lower shanten when added: held faces, and for the suits their
    neighbours within two ranks (an isolated new card changes no block count)."""
    out = []
    for s in range(3):
        base = 9 * s
        for f in range(base, base + 9):
            if c[f] or (f - 1 >= base and c[f - 1]) or (f + 1 < base + 9 and c[f + 1]) \
                    or (f - 2 >= base and c[f - 2]) or (f + 2 < base + 9 and c[f + 2]):
                out.append(f)
    out += [f for f in range(NUM_SUITED, NUM_FACES) if c[f]]
    return out


def ukeire(c: Counts, unseen: Counts, pair_weight: float = 1) -> float:
    """Unseen cards that would lower the shanten of the 3k+1 hand ``c``; those completing a
    held pair count ``pair_weight`` each (the prior weighs them, ``basic`` does not)."""
    parts = hand_parts(c)
    target = (sum(c) + 1) // 3
    base = _best(_others(parts, 3), suit_blocks(parts[3]), sum(c) // 3)
    total = 0.0
    others: tuple[Block, ...] = ()
    group = -1
    for f in _near(c):
        if not unseen[f]:
            continue
        i, k = PART_RANK[f]
        if i != group:
            group, others = i, _others(parts, i)
        part = parts[i]
        changed = part[:k] + (part[k] + 1,) + part[k + 1:]
        if _best(others, suit_blocks(changed), target) < base:
            total += unseen[f] * (pair_weight if c[f] >= 2 else 1)
    return total


# ------------------------------------------------------------------ what a card is worth

def multiplier(face: int, indicators: tuple[int, ...]) -> int:
    """NT-6.2: ×2 for an Old General, ×2 for each indicator that reaches the face."""
    m = 2 if face in OLD_GENERALS else 1
    for ind in indicators:
        if indicator_applies(ind, face):
            m *= 2
    return m


def holding_value(face: int, n: int, indicators: tuple[int, ...]) -> float:
    """Rough hu of ``n`` copies of ``face`` in hand (NT-6.1 to NT-6.3): three score 4 (12 on
    an indicator's face), four 12; a pair or a single counts as a share of the triplet it may
    become."""
    if n <= 0:
        return 0.0
    triplet = (12 if face in indicators else 4) * multiplier(face, indicators)
    if n >= 4:
        return float(max(triplet, 12 * multiplier(face, indicators)))
    return triplet * (1.0, 0.25, 0.0625)[3 - n]


def discard_loss(c: Counts, face: int, indicators: tuple[int, ...]) -> float:
    """The holding value given up by discarding one ``face``."""
    return (holding_value(face, c[face], indicators)
            - holding_value(face, c[face] - 1, indicators))


# ------------------------------------------------------------------ reading the view

class _Seat:
    """What the policy uses of one seat's view."""

    __slots__ = ("counts", "face_of_id", "indicators", "unseen")

    def __init__(self, view: dict[str, Any]) -> None:
        me = view["players"][view["seat"]]
        self.face_of_id, self.counts = read_hand(me["hand"] or (), NUM_FACES, parse_face)
        self.indicators: tuple[int, ...] = tuple(parse_face(t["face"])
                                                 for t in view.get("indicators") or ())
        self.unseen: Counts = unseen_counts(shown_ids(view), NUM_FACES)


# ------------------------------------------------------------------ preparation (NT-3)

def _live_waits(me: _Seat) -> int:
    """Unseen copies of the faces that complete the hand (NT-3.6)."""
    c = me.counts
    return sum(me.unseen[f] for f in range(NUM_FACES)
               if me.unseen[f] and _shanten_changed(c, f, 1) < 0)


def _prepare(me: _Seat, legal: list[dict[str, Any]]) -> dict[str, Any]:
    now = shanten(me.counts)
    for a in legal:
        if a["type"] == "hezi":  # NT-3.5: at least 16 hu, whatever happens next
            return a
    for kind, size in (("opening_kong", 4), ("opening_triplet", 3)):
        for a in legal:
            if a["type"] == kind:
                f = me.face_of_id[a["cards"][0]]
                if _shanten_changed(me.counts, f, -size) <= now:
                    return a
    for a in legal:
        if a["type"] == "ready" and _live_waits(me) > 0:
            return a
    return next((a for a in legal if a["type"] == "finish"), legal[-1])


# ------------------------------------------------------------------ a turn (NT-4.1)

def _isolation(c: Counts, f: int) -> int:
    """Own cards within two ranks of ``f`` in its suit (after ``f`` left the hand); for
    Thousand and the Flowers, the copies left."""
    if f >= NUM_SUITED:
        return c[f]
    s = f // 9
    return sum(c[g] for g in range(max(9 * s, f - 2), min(9 * s + 8, f + 2) + 1))


def _edge(f: int) -> int:
    if f >= NUM_SUITED:
        return 0
    r = f % 9
    return min(r, 8 - r)


def discard_key(me: _Seat, f: int) -> tuple[Any, ...]:
    """Smaller is a better discard: shanten, -ukeire, hu given up, isolation, edge."""
    after = _add(me.counts, f, -1)
    return (shanten(after), -ukeire(after, me.unseen), discard_loss(me.counts, f, me.indicators),
            _isolation(after, f), _edge(f), f)


def _best_discard(me: _Seat, discards: list[dict[str, Any]],
                  key: Callable[[int, int], Any] | None = None) -> dict[str, Any]:
    """Among the discards that reach the lowest shanten, the one of smallest ``key(face,
    lowest shanten)`` (by default ``discard_key``: ukeire only matters between those)."""
    by_face = discards_by_face(discards, me.face_of_id)
    if len(by_face) == 1:
        return next(iter(by_face.values()))
    sh = {f: _shanten_changed(me.counts, f, -1) for f in by_face}
    low = min(sh.values())
    order = (lambda f: discard_key(me, f)) if key is None else (lambda f: key(f, low))
    return by_face[min((f for f in by_face if sh[f] == low), key=order)]


def _turn(me: _Seat, legal: list[dict[str, Any]]) -> dict[str, Any]:
    now = shanten(me.counts)
    for a in legal:
        if a["type"] == "concealed_kong":
            f = me.face_of_id[a["cards"][0]]
            if _shanten_changed(me.counts, f, -4) <= now:
                return a
        elif a["type"] == "added_kong":  # an exposed pung (2) becomes an exposed kong (8)
            f = me.face_of_id[a["card"]]
            if _shanten_changed(me.counts, f, -1) <= now:
                return a
    discards = [a for a in legal if a["type"] == "discard"]
    if discards:
        return _best_discard(me, discards)
    return legal[0]


# ------------------------------------------------------------------ claims (NT-4.2)

def _after_pung(c: Counts, f: int) -> int:
    """Shanten after punging ``f`` and making the best discard."""
    rest = _add(c, f, -2)
    return min(_shanten_changed(rest, d, -1) for d in range(NUM_FACES) if rest[d])


def _valued(me: _Seat, f: int) -> bool:
    """An Old General or a face an indicator doubles."""
    return multiplier(f, me.indicators) > 1


def _claim(view: dict[str, Any], me: _Seat, legal: list[dict[str, Any]]) -> dict[str, Any]:
    by_type = {a["type"]: a for a in legal}
    f = parse_face(view["claim"]["card"]["face"])
    now = shanten(me.counts)
    if "kong" in by_type and _shanten_changed(me.counts, f, -3) <= now:
        return by_type["kong"]
    if "pung" in by_type:
        sh = _after_pung(me.counts, f)
        if sh < now or (sh == now and _valued(me, f)):
            return by_type["pung"]
    return by_type.get("pass", legal[-1])


def basic(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """The ``basic`` Nantong policy (module docstring). Deterministic; ``rng`` is unused."""
    for a in legal:
        if a["type"] == "win":
            return a
    if len(legal) == 1:
        return legal[0]
    me = _Seat(view)
    if view.get("phase") == "prepare":
        return _prepare(me, legal)
    if view.get("phase") == "claim":
        return _claim(view, me, legal)
    return _turn(me, legal)


__all__ = ["basic", "discard_key", "discard_loss", "holding_value", "multiplier", "shanten",
           "ukeire"]

"""MCR AI, level ``basic``: a shanten player that aims at the 8-point minimum, from its view.

- Win whenever a win is legal (the engine offers only wins of 8 points or more).
- Discard what leaves the lowest shanten (standard, or seven pairs while fully concealed). Among
  those, once ready, prefer the discard whose waits score: unseen copies of each wait times
  whether it reaches 8 points (``engine.mcr.scoring.hint``), so the AI waits on wins it may
  declare rather than on a complete shape it may not; then the most unseen tiles that lower
  shanten, then the suit it holds least of (leaning toward flushes), then honours and terminals.
- Claim a pung, chow or exposed kong only when it lowers shanten and either the hand is
  already open or the claim is a valuable pung (dragons, its seat wind, the prevailing wind) or
  the claim leaves it ready on a wait worth 8; a concealed or added kong when shanten holds.

``strong`` plays whole deals with this policy, so what it costs bounds strong's playouts: the
shanten and ukeire of the candidate discards are read by parts of the hand (below), the waits'
points cached per ready hand, and the costlier keys worked out only between the discards still
tied. Decisions are the straightforward scorer's (``tests/ai/test_mcr_basic_reference.py``);
a deal played out by this policy costs a quarter of the CPU it did (``bench/mcr_basic.py``,
fresh process: 108 -> 29 ms; with warm caches, as in a search: 79 -> 18 ms).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from engine.mahjong import NUM_FACES, parse_face
from engine.mahjong import shanten as engine_shanten
from engine.mahjong.shanten import HONOUR_STEP, PART_RANK, hand_parts
from engine.mcr import scoring

from .block_ids import combined_id, standard_shanten_of, suit_id
from .discards import by_face as discards_by_face
from .unseen import read_hand, shown_ids, unseen_counts

Counts = tuple[int, ...]
WINDS = "ESWN"


class _FaceIndex(dict[str, int]):
    """Face name -> face, filled as names come; a name that is no tile raises ``parse_face``'s
    ValueError (a dict look-up instead of a call per tile: reading the view was a fifth of
    basic's time in strong's playouts)."""

    def __missing__(self, name: str) -> int:
        face = self[name] = parse_face(name)
        return face


_FACE = _FaceIndex()


class _Seat:
    """What the policy uses of its view."""

    def __init__(self, view: dict[str, Any]) -> None:
        players = view["players"]
        me = players[view["seat"]]
        self.face_of_id, self.counts = read_hand(me["hand"] or (), NUM_FACES, _FACE.__getitem__)
        self.melds = tuple(
            scoring.Meld(m["type"], min(_FACE[t["face"]] for t in m["cards"]),
                         m["concealed"], None if m["concealed"] else 1)
            for m in me["melds"])
        self.seat_wind = WINDS.index(me["seat_wind"])
        self.prevailing = WINDS.index(view["prevailing_wind"])
        # the match's minimum (OPT-MCR-2); a view made by hand may leave the options out
        self.minimum: int = (view.get("options") or {}).get("min_points", scoring.MIN_POINTS)
        unseen = unseen_counts(shown_ids(view), NUM_FACES)
        claim = view.get("claim")
        if claim and claim["kind"] == "discard":
            # MCR basic has always counted a discard on offer twice (it lies in the river
            # too); kept, so that no decision changes with the shared reading
            unseen = _add(unseen, _FACE[claim["card"]["face"]], -1)
        self.unseen: Counts = tuple([n if n > 0 else 0 for n in unseen])

    @property
    def concealed(self) -> bool:
        return all(m.concealed for m in self.melds)


def _add(c: Counts, f: int, n: int = 1) -> Counts:
    return c[:f] + (c[f] + n,) + c[f + 1:]


@lru_cache(maxsize=1 << 17)
def _shanten(c: Counts, concealed: bool) -> int:
    """Cached: a deal's hands, and a search's playouts, keep asking about the same hands."""
    return engine_shanten(c, seven_pairs=concealed)


# ------------------------------------------------------------------ shanten by parts
# A discard decision asks the shanten of up to 14 hands a tile away from the hand, and of some
# 20 hands a tile away from each of those (ukeire): cached on whole hands, these missed ~85% of
# the time and were four fifths of a playout. Here a hand is read as its four parts (three suits
# and the honours, ``hand_parts``), each part read once per distinct counts (``_Reading``: its
# Pareto blocks from ``suit_blocks`` and those of the part a tile more or less) as block set ids
# (``block_ids.py``), so combining parts and the block formula of ``standard_shanten`` are
# caches on a few ints, and a part keeps which of its ranks lower the shanten next to given
# other parts.

Part = tuple[int, ...]

_FACE_AT: tuple[tuple[int, ...], ...] = (
    *(tuple(range(9 * s, 9 * s + 9)) for s in range(3)),
    tuple(27 + k // HONOUR_STEP if k % HONOUR_STEP == 0 else -1
          for k in range(HONOUR_STEP * 6 + 1)))
"""Part and rank -> face (-1 for the empty ranks between honours)."""


def _plus(part: Part, k: int, n: int) -> Part:
    return part[:k] + (part[k] + n,) + part[k + 1:]


@lru_cache(maxsize=1 << 16)
def _others_of(ids: tuple[int, ...]) -> tuple[int, ...]:
    """For each of four parts' block set ids, the id of the other three combined."""
    a, b, c, d = ids
    ab, cd = combined_id(a, b), combined_id(c, d)
    return combined_id(b, cd), combined_id(a, cd), combined_id(ab, d), combined_id(ab, c)


class _Reading:
    """One part's counts, read once."""

    __slots__ = ("_lowering", "_minus", "blocks", "near", "odd")

    def __init__(self, part: Part, honours: bool) -> None:
        self.blocks = suit_id(part)
        self.near: tuple[tuple[int, int], ...] = tuple(
            (k, suit_id(_plus(part, k, 1))) for k, n in enumerate(part)
            if n or (not honours and any(part[max(0, k - 2):k + 3])))
        """(rank, block set id with one more) of the ranks a drawn tile could lower shanten
        with: held, or in a suit within two ranks of a held one (any other stays isolated)."""
        self.odd = tuple(k for k, n in enumerate(part) if n % 2)
        """Ranks held an odd number of times: one more makes a pair more (seven pairs)."""
        self._minus = {k: suit_id(_plus(part, k, -1))
                       for k, n in enumerate(part) if n}
        self._lowering: dict[tuple[int, int, int], tuple[int, ...]] = {}

    def minus(self, k: int) -> int:
        """The block set id with one tile of (held) rank ``k`` less."""
        return self._minus[k]

    def lowering(self, others: int, target: int, base: int) -> tuple[int, ...]:
        """The near ranks whose tile, next to the ``others`` blocks, brings the standard
        shanten toward ``target`` groups below ``base``."""
        key = (others, target, base)
        got = self._lowering.get(key)
        if got is None:
            got = self._lowering[key] = tuple(
                k for k, blocks in self.near if standard_shanten_of(target, others, blocks) < base)
        return got


_reading = lru_cache(maxsize=1 << 16)(_Reading)
"""The reading of a part's counts (``honours``: the honours' part), cached."""


class _Hand:
    """One hand's part readings: its shanten and that of hands a tile away from it
    (``engine.mahjong.shanten``'s: seven pairs too while ``seven``, the hand being concealed)."""

    __slots__ = ("others", "pairs", "parts", "readings", "seven", "size")

    def __init__(self, parts: tuple[Part, ...], readings: tuple[_Reading, ...], size: int,
                 pairs: int, seven: bool) -> None:
        self.parts, self.readings = parts, readings
        self.size, self.pairs, self.seven = size, pairs, seven
        self.others = _others_of(tuple(r.blocks for r in readings))
        """Per part, the block set id of the other parts combined."""

    @classmethod
    def of(cls, c: Counts, concealed: bool) -> _Hand:
        parts = hand_parts(c)
        return cls(parts, tuple(_reading(p, i == 3) for i, p in enumerate(parts)), sum(c),
                   sum(n >> 1 for n in c), concealed)

    def without(self, f: int) -> _Hand:
        """The hand with one ``f`` (held) less."""
        i, k = PART_RANK[f]
        part = _plus(self.parts[i], k, -1)
        parts = self.parts[:i] + (part,) + self.parts[i + 1:]
        readings = self.readings[:i] + (_reading(part, i == 3),) + self.readings[i + 1:]
        return _Hand(parts, readings, self.size - 1, self.pairs - (part[k] % 2), self.seven)

    def plus(self, f: int) -> _Hand:
        """The hand with one ``f`` more."""
        i, k = PART_RANK[f]
        part = _plus(self.parts[i], k, 1)
        parts = self.parts[:i] + (part,) + self.parts[i + 1:]
        readings = self.readings[:i] + (_reading(part, i == 3),) + self.readings[i + 1:]
        return _Hand(parts, readings, self.size + 1, self.pairs + 1 - part[k] % 2, self.seven)

    def _with_pairs(self, std: int, size: int, pairs: int) -> int:
        if self.seven and size >= 13:
            return min(std, 6 - min(7, pairs))
        return std

    def shanten(self) -> int:
        std = standard_shanten_of(self.size // 3, self.others[0], self.readings[0].blocks)
        return self._with_pairs(std, self.size, self.pairs)

    def shanten_without(self, f: int) -> int:
        """The shanten after one ``f`` (held) leaves the hand."""
        i, k = PART_RANK[f]
        std = standard_shanten_of((self.size - 1) // 3, self.others[i], self.readings[i].minus(k))
        return self._with_pairs(std, self.size - 1, self.pairs - (1 - self.parts[i][k] % 2))

    def lowering(self) -> list[int]:
        """The faces whose draw would lower the shanten."""
        base = self.shanten()
        target = (self.size + 1) // 3
        pair_lowers = self._with_pairs(99, self.size + 1, self.pairs + 1) < base
        out: list[int] = []
        for i, r in enumerate(self.readings):
            if not r.near:
                continue
            ranks: Iterable[int] = r.lowering(self.others[i], target, base)
            if pair_lowers and r.odd:
                ranks = set(ranks).union(r.odd)
            faces = _FACE_AT[i]
            out += [faces[k] for k in ranks]
        return out

    def ukeire(self, unseen: Counts) -> int:
        """Unseen tiles that would lower the shanten."""
        return sum(unseen[f] for f in self.lowering())


@lru_cache(maxsize=1 << 14)
def wait_points(melds: tuple[scoring.Meld, ...], c: Counts, seat_wind: int, prevailing: int,
                minimum: int) -> tuple[tuple[int, int], ...]:
    """The waits of the ready counts ``c`` that would win with the match's minimum or more,
    each with its points on a discard (cached: a ready hand keeps its waits for several turns,
    and a claim asks about every discard after it)."""
    situation = scoring.Situation(seat_wind=seat_wind, prevalent_wind=prevailing)
    return tuple((f, pts) for f, pts in scoring.hint(melds, c, situation, minimum) if pts)


@lru_cache(maxsize=1 << 14)
def _scoring_waits(melds: tuple[scoring.Meld, ...], c: Counts, seat_wind: int,
                   prevailing: int, minimum: int) -> tuple[int, ...]:
    """The faces of ``wait_points``."""
    return tuple(f for f, _ in wait_points(melds, c, seat_wind, prevailing, minimum))


def _wait_value(me: _Seat, melds: tuple[scoring.Meld, ...], c: Counts) -> int:
    """Unseen copies of the waits that would win with 8 points or more."""
    return sum(me.unseen[f] for f in _scoring_waits(melds, c, me.seat_wind, me.prevailing,
                                                    me.minimum))


def _tie_break(me: _Seat, f: int) -> tuple[int, int, int]:
    """The suit held least of (toward a flush), then honours and terminals, then the face."""
    suit_size = sum(me.counts[9 * (f // 9):9 * (f // 9) + 9]) if f < 27 else 99
    honour_or_terminal = f >= 27 or f % 9 in (0, 8)
    return suit_size, 0 if honour_or_terminal else 1, f


def _best_discard(me: _Seat, discards: list[dict[str, Any]]) -> dict[str, Any]:
    """The discard leaving the lowest shanten; among those, once ready, the most unseen waits
    worth 8, then the most ukeire, then ``_tie_break``: each key worked out only for the faces
    still tied (the wait value scores every wait, ukeire reads some 20 hands)."""
    by_face = discards_by_face(discards, me.face_of_id)
    hand = _Hand.of(me.counts, me.concealed)
    sh = {f: hand.shanten_without(f) for f in by_face}
    low = min(sh.values())
    cands = [f for f in by_face if sh[f] == low]

    def value(f: int) -> int:
        return -_wait_value(me, me.melds, _add(me.counts, f, -1)) if low == 0 else 0

    def ukeire(f: int) -> int:
        return -hand.without(f).ukeire(me.unseen)

    for key in (value, ukeire):
        if len(cands) == 1:
            break
        values = {f: key(f) for f in cands}
        least = min(values.values())
        cands = [f for f in cands if values[f] == least]
    return by_face[min(cands, key=lambda f: _tie_break(me, f))]


def _valuable_pung(me: _Seat, f: int) -> bool:
    return f >= 31 or f == 27 + me.seat_wind or f == 27 + me.prevailing


def claimed(counts: Counts, f: int, action: dict[str, Any]) -> tuple[Counts, scoring.Meld]:
    """The hand left and the exposed meld made by claiming face ``f`` with ``action`` (a chow,
    pung or kong)."""
    if action["type"] == "chow":
        low = parse_face(action["low"])
        for g in (low, low + 1, low + 2):
            if g != f:
                counts = _add(counts, g, -1)
        return counts, scoring.Meld("chow", low, False, 1)
    kind = "kong" if action["type"] == "kong" else "pung"
    return _add(counts, f, -(3 if kind == "kong" else 2)), scoring.Meld(kind, f, False, 1)


def _claim(view: dict[str, Any], me: _Seat, legal: list[dict[str, Any]]) -> dict[str, Any]:
    f = parse_face(view["claim"]["card"]["face"])
    now = _shanten(me.counts, me.concealed)
    best: tuple[int, dict[str, Any]] | None = None
    for a in legal:
        kind = a["type"]
        if kind == "pass":
            continue
        rest, meld = claimed(me.counts, f, a)
        sh = _shanten(rest, False)  # after the claim the hand is open
        if sh >= now and kind != "kong":
            continue
        if kind == "kong" and sh > now:
            continue
        worth = (not me.concealed) or (kind != "chow" and _valuable_pung(me, f)) or kind == "kong"
        if not worth and sh == 0 and kind != "kong":
            # ready after the claim: worth it only if some wait would score 8
            melds = me.melds + (meld,)
            worth = any(
                _wait_value(me, melds, _add(rest, d, -1)) for d in range(NUM_FACES) if rest[d])
        if worth and (best is None or sh < best[0]):
            best = (sh, a)
    if best is not None:
        return best[1]
    return next(a for a in legal if a["type"] == "pass")


def _keeps_shanten(me: _Seat, f: int, n: int) -> bool:
    """Whether the hand without ``n`` tiles ``f`` (a kong declared) is as near ready."""
    return _shanten(_add(me.counts, f, -n), me.concealed) <= _shanten(me.counts, me.concealed)


def _turn(me: _Seat, legal: list[dict[str, Any]]) -> dict[str, Any]:
    for a in legal:
        if a["type"] == "concealed_kong" and _keeps_shanten(me, me.face_of_id[a["cards"][0]], 4):
            return a
        if a["type"] == "added_kong" and _keeps_shanten(me, me.face_of_id[a["card"]], 1):
            return a
    return _best_discard(me, [a for a in legal if a["type"] == "discard"])


def basic(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """The ``basic`` MCR policy (module docstring). Deterministic; ``rng`` is unused."""
    for a in legal:
        if a["type"] == "win":
            return a
    me = _Seat(view)
    if view.get("phase") == "claim":
        return _claim(view, me, legal)
    return _turn(me, legal)


__all__ = ["basic", "wait_points"]

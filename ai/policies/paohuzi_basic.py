"""Paohuzi AI, level ``basic``: a greedy hand-shape player that sees only its seat's view.

Decisions, in order (rule ids from ``shared/rules/paohuzi.md``):

- win whenever a win is legal (a reveal, PH-5.2, or after its own wei or ti, PH-4.3; a Heavenly
  win, PH-2.4);
- claim a pao whenever one is legal (PH-4.4): it turns a kan, wei or peng into a bigger group
  (PH-6.1) and never costs a card;
- peng (PH-4.4) or chi (PH-4.5, with its bi groups, PH-4.6) only when the hand is worth more
  afterwards — the new exposed groups plus the loose cards left after the best discard
  (PH-3.2) — than it is now: a chi must beat passing by a margin, so the bot chis when the card
  completes a partial group the hand could not otherwise fill or makes a 1-2-3 / 2-7-10 huxi
  group (PH-6.2), not when it merely reshuffles groups it already has; among chi options the one
  worth most wins (huxi exposed, pairs kept);
- discard the loose card (kans are never offered, PH-2.3) whose removal leaves the hand worth
  most: isolated cards first (no pair, no neighbour of the same size within two values, no
  2-7-10 or mixed partner), small before big, copies already seen on the table before others.

The *worth* of the loose cards is their best split into blocks: complete chis (worth most, plus
their huxi), pairs (a pair becomes a wei on the owner's reveal or a peng, 3/6 or 1/3 huxi),
two-card partial chis, and singles (worth nothing). It is a cached search on count tuples of the
20 faces (``x1``..``x10`` = 0..9, ``d1``..``d10`` = 10..19, ``id >> 2`` of a card), so a decision
costs a few cached look-ups; huxi come from ``engine.paohuzi.scoring.group_huxi``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from engine.paohuzi.scoring import group_huxi

from .unseen import seen_counts, shown_ids

NUM = 20
Counts = tuple[int, ...]

COMPLETE = 10.0
"""A complete chi in hand (or any exposed group): one of the seven groups a win needs."""
HUXI = 1.0
"""Worth of one huxi of a group (the win needs 15, PH-5.1; tun grow with huxi, PH-6.3)."""
PAIR, PAIR_BIG = 5.0, 7.0
"""A pair: a wei on the owner's reveal (3 / 6 huxi) or a peng (1 / 3), or the winning pair."""
NEXT, GAP, MIXED_TWO, HUXI_TWO = 3.0, 2.0, 2.0, 3.0
"""Partial chis: two adjacent values of one size, a one-value gap, one value of both sizes,
two of a 2-7-10; a partial of a huxi shape (1-2-3, 2-7-10) gets ``HUXI_TWO``-style extra."""
BIG_SINGLE = 0.05
"""A lone big card is kept over a lone small one (big groups score more, PH-6.1)."""
CHI_MARGIN = 1.5
"""A chi must add at least this much worth (after the discard it forces) over passing."""


def _all_blocks() -> list[tuple[tuple[int, ...], float]]:
    """Every block (sorted faces) with its worth."""
    out: list[tuple[tuple[int, ...], float]] = []
    for i in range(NUM):
        v = i % 10 + 1  # 1..10
        big = i >= 10
        bonus = 1.0 if big else 0.5  # a partial of a huxi shape (1-2-3, 2-7-10)
        if v <= 8:
            faces = (i, i + 1, i + 2)
            out.append((faces, COMPLETE + HUXI * group_huxi("chi", faces)))
        if v == 2:
            faces = (i, i + 5, i + 8)
            out.append((faces, COMPLETE + HUXI * group_huxi("chi", faces)))
        if not big:
            out.append(((i, i, i + 10), COMPLETE))
            out.append(((i, i + 10, i + 10), COMPLETE))
        out.append(((i, i), PAIR_BIG if big else PAIR))
        if v <= 9:
            out.append(((i, i + 1), NEXT + (bonus if v <= 2 else 0.0)))
        if v <= 8:
            out.append(((i, i + 2), GAP + (bonus if v == 1 else 0.0)))
        if v == 2:
            out.append(((i, i + 5), HUXI_TWO - 0.5 + bonus))
            out.append(((i, i + 8), HUXI_TWO - 0.5 + bonus))
        if v == 7:
            out.append(((i, i + 3), HUXI_TWO - 0.5 + bonus))
        if not big:
            out.append(((i, i + 10), MIXED_TWO))
    return out


def _position(f: int) -> int:
    """The search walks the faces value by value, small then big (x1 d1 x2 d2 ...), so that
    every block but a 2-7-10 spans at most five consecutive positions."""
    return 2 * (f % 10) + (f >= 10)


FACE_AT = tuple(sorted(range(NUM), key=_position))
"""The face at each search position."""


def _by_lowest() -> tuple[tuple[tuple[tuple[int, ...], float], ...], ...]:
    rows: list[list[tuple[tuple[int, ...], float]]] = [[] for _ in range(NUM)]
    for faces, value in _all_blocks():
        pos = tuple(sorted(_position(f) for f in faces))
        rows[pos[0]].append((pos, value))
    return tuple(tuple(r) for r in rows)


BLOCKS = _by_lowest()
"""Per search position, the blocks (as positions) whose lowest position it is."""
SINGLE = tuple(BIG_SINGLE if FACE_AT[p] >= 10 else 0.0 for p in range(NUM))


BITS = 3
"""Bits a search position's count takes in a packed key: the count (0-3) and a spare top bit,
so that one subtraction tests every count a block needs (``_packed_blocks``)."""
TOPS = sum(4 << BITS * p for p in range(NUM))
"""The spare top bit of every position."""


def _packed_blocks() -> tuple[tuple[tuple[int, float], ...], ...]:
    """``BLOCKS`` for packed counts: (amount to subtract, worth). With every top bit set, each
    position reads 4 + count; taking at most 3 leaves it at least 1, so no borrow crosses into
    the next position, and the top bit stays set exactly where the count sufficed: the block
    fits ``c`` iff ``((c | TOPS) - delta) & TOPS == TOPS``."""
    return tuple(tuple((sum(1 << BITS * p for p in pos), value) for pos, value in row)
                 for row in BLOCKS)


PACKED = _packed_blocks()
SHIFT = tuple(BITS * _position(f) for f in range(NUM))
"""Where each face's count sits in a packed key."""


def worth(c: Counts) -> float:
    """The best split of the loose counts ``c`` (per face, at most two each: three alike are a
    kan) into complete chis, pairs, partials and singles."""
    key = 0
    for n, shift in zip(c, SHIFT, strict=True):
        if n:
            key |= (n if n < 3 else 3) << shift
    w = _memo.get(key)
    return w if w is not None else _worth(key)


MEMO_MAX = 1 << 18
"""Packed hands ``_worth`` remembers (about 30 MB) before it forgets them all and starts over."""
_memo: dict[int, float] = {0: 0.0}


def _worth(c: int) -> float:
    """``worth`` on counts packed ``BITS`` bits per search position (not in ``_memo``): the
    lowest card is a single or opens a block. 40% of a strong Paohuzi search's CPU went here:
    the counts a block needs are tested by one subtraction, and the memo is read before a call
    (as an ``lru_cache`` it cost a call per lookup, and 70% of lookups find their hand)."""
    if not c:  # in the memo, unless another thread has just cleared it
        return 0.0
    memo = _memo
    i = ((c & -c).bit_length() - 1) // BITS
    r = c - (1 << BITS * i)
    w = memo.get(r)
    best = SINGLE[i] + (w if w is not None else _worth(r))
    topped = c | TOPS
    for delta, value in PACKED[i]:
        if (topped - delta) & TOPS == TOPS:
            r = c - delta
            w = memo.get(r)
            v = value + (w if w is not None else _worth(r))
            if v > best:
                best = v
    if len(memo) >= MEMO_MAX:
        memo.clear()
        memo[0] = 0.0
    memo[c] = best
    return best


def _remove(c: Counts, faces) -> Counts | None:
    r = list(c)
    for f in faces:
        r[f] -= 1
        if r[f] < 0:
            return None
    return tuple(r)


def isolated(c: Counts, f: int) -> bool:
    """``f`` (held once) has no pair, no same-size neighbour within two values, no 2-7-10 or
    other-size partner."""
    if c[f] >= 2:
        return False
    base, v = f - f % 10, f % 10 + 1
    for g in range(max(base, f - 2), min(base + 9, f + 2) + 1):
        if g != f and c[g]:
            return False
    if v in (2, 7, 10) and any(c[base + w - 1] for w in (2, 7, 10) if w != v):
        return False
    return not c[f + 10 if f < 10 else f - 10]


# ------------------------------------------------------------------ reading the view

class _Seat:
    """What the policy uses of one seat's view."""

    __slots__ = ("holding", "loose", "loose_ids", "shown", "target", "visible")

    def __init__(self, view: dict) -> None:
        me = view["players"][view["seat"]]
        hand = [t["id"] for t in me["hand"] or ()]
        c = [0] * NUM
        for card in hand:
            c[card >> 2] += 1
        self.loose_ids = [card for card in hand if c[card >> 2] < 3]
        self.loose: Counts = tuple(n if n < 3 else 0 for n in c)
        self.holding: int = me["holding"]
        self.target: int = me["target"]
        self.shown = shown_ids(view)
        """Cards in sight: own hand, every row and exposed group, the offer."""
        self.visible: Counts = seen_counts(self.shown, NUM)

    def after_discard(self, c: Counts, must: bool) -> float:
        """Worth of loose counts ``c``, less the best discard when one is due (PH-3.2)."""
        if not must:
            return worth(c)
        best = None
        for f in range(NUM):
            if c[f]:
                r = list(c)
                r[f] -= 1
                w = worth(tuple(r))
                if best is None or w > best:
                    best = w
        return best if best is not None else float("-inf")


def _group_worth(kind: str, faces: tuple[int, ...]) -> float:
    return COMPLETE + HUXI * group_huxi(kind, tuple(sorted(faces)))


# ------------------------------------------------------------------ decisions

def _discard(me: _Seat, legal: list[dict]) -> dict:
    c = me.loose
    best_key, best = None, None
    for a in legal:
        if a["type"] != "discard":
            continue
        f = a["card"] >> 2
        r = list(c)
        r[f] -= 1
        key = (round(worth(tuple(r)), 6), isolated(c, f), f < 10, me.visible[f])
        if best_key is None or key > best_key:
            best_key, best = key, a
    assert best is not None
    return best


def _claim(view: dict, me: _Seat, legal: list[dict]) -> dict:
    by = {a["type"]: a for a in legal}
    if "win" in by:
        return by["win"]
    if "pao" in by:
        return by["pao"]
    f = view["claim"]["card"]["id"] >> 2
    must = me.holding + 1 > me.target
    now = worth(me.loose)
    best, best_value = by.get("pass", legal[-1]), now
    if "peng" in by:
        rest = _remove(me.loose, (f, f))
        if rest is not None:
            value = _group_worth("peng", (f, f, f)) + me.after_discard(rest, must)
            if value > best_value:
                best, best_value = by["peng"], value
    chi_bar = max(best_value, now + CHI_MARGIN)
    for a in legal:
        if a["type"] != "chi":
            continue
        main = [x >> 2 for x in a["cards"]]
        bis = [[x >> 2 for x in g] for g in a["bi"]]
        rest = _remove(me.loose, main + [x for g in bis for x in g])
        if rest is None:
            continue
        value = _group_worth("chi", (*main, f)) + sum(_group_worth("chi", tuple(g)) for g in bis)
        value += me.after_discard(rest, must)
        if value > chi_bar:
            best, chi_bar = a, value
    return best


S = TypeVar("S")
"""What a policy reads from the view (``_Seat`` for ``basic``)."""


def play(view: dict, legal: list[dict], read: Callable[[dict], S],
         claim: Callable[[dict, S, list[dict]], dict],
         discard: Callable[[S, list[dict]], dict]) -> dict:
    """The decision order ``basic`` and the prior share: a win, else a claim on the card on
    offer, else a discard, else pass; ``read`` turns the view into what ``claim`` and
    ``discard`` use."""
    by = {a["type"]: a for a in legal}
    if "win" in by:
        return by["win"]
    if view.get("phase") == "claim" and view.get("claim"):
        return claim(view, read(view), legal)
    if "discard" in by:
        return discard(read(view), legal)
    return by.get("pass", legal[0])


def basic(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The ``basic`` level: always one of ``legal``; ``rng`` is not used (it is deterministic)."""
    return play(view, legal, _Seat, _claim, _discard)


__all__ = ["basic", "isolated", "play", "worth"]

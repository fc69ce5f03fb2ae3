"""Paohuzi prior for ``strong``: the choice it plays unless its search finds better. It is
``basic`` (``ai/policies/paohuzi_basic.py``) with a better reading of what a hand is worth; rule ids
are from ``shared/rules/paohuzi.md``.

A Paohuzi deal is a short race: the stock holds 19 cards, most deals are won after four to
eleven reveals, and a hand only ever gains cards by claiming them (PH-2.3). Nobody pays for
the card that lets another win (PH-6.4), so the score is about winning first, with enough huxi.
Every decision therefore compares the hands it can leave (after the discard a claim calls for,
PH-3.2) by ``total``: ``basic``'s worth (its groups and the best split of its loose cards) plus

- a ready hand (one card from seven groups, PH-5.1, found by ``waits``): ``READY``, and
  ``LIVE`` per tun its waits promise (unseen copies times the tun of the win, PH-6.3, priced by
  ``engine.paohuzi.scoring.evaluate``; under the match's options what each opponent would pay,
  with 名堂 and xing ``"follow"``, OPT-PH-3, OPT-PH-5, by the settlement's own
  ``engine.paohuzi.mingtang.settle``); a ready hand none of whose live waits reaches 15 huxi
  is dead weight (``DEAD``): it can only wait for the deal to end (15, or the match's
  ``min_huxi`` read from ``view["options"]``, OPT-PH-1, OPT-0.4);
- the waits count more when an opponent has shown many groups (``THREAT``): the end is near;
- huxi already held (``SECURED``) and the huxi the loose cards can still reach (``REACH``);
- pairs (``PAIR``): a pair is the one partial any player's card can complete (a peng, or a wei
  on its own reveal, PH-4.3, PH-4.4), but not once its face is passed (PH-4.9, ``PASSED``);
- big loose cards (``BIG``): their groups score double (PH-6.1, PH-6.2).

Claims: a peng gets ``PENG`` over the hand it leaves, a chi pays ``CHI`` (``basic``'s margin,
re-weighed), and passing a chi or peng marks the face passed (PH-4.9). A pao (PH-4.4) is
declined only when passing is worth ``PAO`` more (a first pao calls for a pair and a discard,
which can break a ready hand). Wins are always taken. The weights were fitted to 35,000
decisions of ``basic`` self-play, each alternative played out to the end of its deal, then
checked one by one in duels against ``basic`` (``bench/duel.py``). Over 1,000 shuffles it gains
+0.355 [+0.256, +0.454] tun a deal over ``basic`` on seed 9 and +0.383 [+0.283, +0.483] on seed
2 (wins 34.3% and 33.7% of its deals against basic's 28.1% and 27.6%), CPU p99 9–17 ms.
"""

from __future__ import annotations

import random
from functools import lru_cache

from engine.core.options import Options
from engine.paohuzi.cards import SHAPES_WITH, parse_face
from engine.paohuzi.game import GAME, target
from engine.paohuzi.mingtang import foreseen_payment
from engine.paohuzi.options import DEFAULTS
from engine.paohuzi.scoring import (
    FOUR_KINDS,
    MINIMUM_HUXI,
    Exposed,
    evaluate,
    group_huxi,
)

from .paohuzi_basic import COMPLETE, HUXI, NUM, Counts, _Seat, isolated, play, worth
from .unseen import unseen_counts

READY = 2.5
"""Worth of a ready hand (one card from seven groups, PH-5.1)."""
LIVE = 1.2
"""Worth per tun a ready hand's waits promise: unseen copies times tun (``wait_value``)."""
DEAD = 5.5
"""Worth taken off a ready hand none of whose live waits wins (under 15 huxi, or every copy
seen): it cannot win without breaking up."""
THREAT = 0.3
"""The ready hand's worth grows by this share per group an opponent shows beyond two."""
SECURED = 1.3
"""Worth per huxi on the table or in kans, on top of ``basic``'s ``HUXI``."""
REACH = 0.3
"""Worth per huxi the hand can still reach (``reach``), up to ``REACH_CAP`` huxi."""
REACH_CAP = 24
PAIR = 2.7
"""Worth per pair in hand, on top of ``basic``'s: any player's card may complete it."""
PASSED = 2.7
"""Worth taken back from a pair whose face is passed (PH-4.9): no peng on it any more."""
BIG = 1.3
"""Worth per big loose card, on top of ``basic``'s: big groups score double."""
PENG = 3.7
"""Worth of a peng over the hand it leaves: a group from any player's card."""
CHI = 1.6
"""Worth a chi must add over the other choices."""
PAO = 3.0
"""Worth by which passing must beat a pao to be chosen."""
OWN_SHARE = 1 / 3
"""How often a revealed card is the seat's own reveal (three seats reveal in turn): a pair
wins on it as a wei, on another's as a peng (PH-6.1)."""


class Table:
    """What the prior reads of the seat's view."""

    __slots__ = ("counts", "exposed", "fours", "me", "minimum", "must", "options", "passed",
                 "threat", "unseen")

    def __init__(self, view: dict) -> None:
        me = _Seat(view)
        self.me = me
        player = view["players"][view["seat"]]
        c = [0] * NUM
        for card in player["hand"] or ():
            c[card["id"] >> 2] += 1
        self.counts: Counts = tuple(c)
        """The hand, kans included."""
        self.exposed: Exposed = tuple(
            (g["type"], tuple(sorted(x["id"] >> 2 for x in g["cards"]))) for g in player["melds"])
        self.fours = sum(1 for k, _ in self.exposed if k in FOUR_KINDS)
        shown = view.get("dealer_shown")
        seen = me.shown
        if shown and view["dealer"] != view["seat"]:
            seen = seen | {shown["id"]}  # in the dealer's hand, if not out already (PH-2.2)
        self.unseen: Counts = unseen_counts(seen, NUM)
        self.must = me.holding + 1 > me.target
        """A claim now calls for a discard (PH-3.2)."""
        self.passed = sum(1 << parse_face(x) for x in player["passed"] or ())
        """Faces the seat may no longer chi or peng (PH-4.9), a bit each."""
        self.threat = max(max(0, len(p["melds"]) - 2) for p in view["players"]
                          if p["seat"] != view["seat"])
        # the match's options (OPT-0.4): its minimum (OPT-PH-1) and what a win pays; a view
        # made by hand may leave them out
        self.options: Options = GAME.options(view.get("options") or {})
        self.minimum: int = self.options.min_huxi


def _without(c: Counts, faces: tuple[int, ...] | list[int]) -> Counts:
    r = list(c)
    for f in faces:
        r[f] -= 1
    return tuple(r)


# ------------------------------------------------------------------ ready hands and waits

def _needs(shape: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((f, shape.count(f)) for f in sorted(set(shape)))


SHAPE_NEEDS = tuple(tuple((shape, _needs(shape)) for shape in SHAPES_WITH[f]) for f in range(NUM))
"""Per face, every chi holding it (PH-4.5) with the copies of each face it takes."""


def _short(c: Counts, need: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """(cards of a chi that ``c`` lacks, the face of the last one lacking)."""
    short, face = 0, -1
    for f, n in need:
        if n > c[f]:
            short += n - c[f]
            face = f
    return short, face


@lru_cache(maxsize=1 << 16)
def splits(loose: Counts, pair: bool) -> bool:
    """Whether ``loose`` splits exactly into chis (PH-4.5), and one pair with ``pair``."""
    i = next((k for k in range(NUM) if loose[k]), -1)
    if i < 0:
        return not pair
    if pair and loose[i] >= 2 and splits(_without(loose, (i, i)), False):
        return True
    return any(splits(_without(loose, shape), pair)
               for shape, need in SHAPE_NEEDS[i] if not _short(loose, need)[0])


@lru_cache(maxsize=1 << 16)
def holes(loose: Counts, pair: bool) -> frozenset[int]:
    """The faces ``f`` such that ``loose`` and one more ``f`` split into chis (PH-4.5), one
    pair with ``pair``, and three alike holding ``f`` (a peng or wei, PH-6.1): what a ready
    hand waits on, huxi aside. One search for every face, where ``evaluate`` takes one each."""
    i = next((k for k in range(NUM) if loose[k]), -1)
    if i < 0:
        return frozenset()
    out: set[int] = set()
    if pair and loose[i] >= 2:
        out |= holes(_without(loose, (i, i)), False)
    for shape, need in SHAPE_NEEDS[i]:
        short, face = _short(loose, need)
        if not short:
            out |= holes(_without(loose, shape), pair)
        elif short == 1:
            present = list(shape)
            present.remove(face)
            if splits(_without(loose, present), pair):
                out.add(face)
    if loose[i] >= 2 and splits(_without(loose, (i, i)), pair):
        out.add(i)  # the pair and the card: a peng or a wei
    if pair and splits(_without(loose, (i,)), False):
        out.add(i)  # the card pairs a single
    return frozenset(out)


@lru_cache(maxsize=1 << 14)
def waits(exposed: Exposed, counts: Counts, minimum: int = MINIMUM_HUXI,
          options: Options = DEFAULTS) -> tuple[tuple[int, float], ...]:
    """(face, tun) of every face whose reveal makes seven groups (PH-5.1), the tun (0 under
    ``minimum`` huxi, OPT-PH-1) averaged over the seat's own reveal and another's
    (``OWN_SHARE``); empty when the hand is not ready. ``holes`` finds the candidates,
    ``evaluate`` prices them (PH-5.3). Under the match's ``options`` the "tun" are what each
    opponent would pay (``foreseen_payment``, OPT-PH-2, 3, 5, 6): the tun under the defaults."""
    loose = tuple(n if n < 3 else 0 for n in counts)
    fours = sum(1 for k, _ in exposed if k in FOUR_KINDS)
    groups = 7 - len(exposed) - sum(1 for n in counts if n >= 3)
    faces = {f for f, n in enumerate(counts) if n == 3}  # a pao or ti on a kan...
    faces |= {fs[0] for k, fs in exposed if k in ("wei", "peng")}  # ...or on a wei or peng
    if faces and sum(loose) == 3 * groups - 1 and not splits(loose, True):
        faces = set()  # the four-card group would call for a pair
    if sum(loose) + 1 == 3 * groups - (fours > 0):
        faces |= holes(loose, fours > 0)
    out = []
    for f in sorted(faces):
        tun, seven = 0.0, False
        for own, share in ((True, OWN_SHARE), (False, 1 - OWN_SHARE)):
            ev = evaluate(exposed, counts, f, own, minimum)
            if ev is not None:
                seven = True
                tun += share * foreseen_payment(options, ev, exposed, counts, f, own)
        if seven:
            out.append((f, tun))
    return tuple(out)


def wait_value(t: Table, exposed: Exposed, counts: Counts) -> float | None:
    """The tun a hand's waits promise (unseen copies times tun); None when it is not ready."""
    w = waits(exposed, counts, t.minimum, t.options)
    return sum(t.unseen[f] * tun for f, tun in w) if w else None


# ------------------------------------------------------------------ huxi

HUXI_VALUES = (0, 1, 2, 6, 9)
"""Value − 1 of the faces of the huxi chis: 1, 2, 3, 7, 10."""
HUXI_SHAPES = ((0, 1, 2), (1, 3, 4))
"""1-2-3 and 2-7-10, as indexes into ``HUXI_VALUES``."""


@lru_cache(maxsize=1 << 12)
def _huxi_blocks(c: tuple[int, ...], live: tuple[bool, ...]) -> int:
    """Most disjoint huxi blocks among one size's 1, 2, 3, 7 and 10 (counts ``c``; ``live``: a
    copy is unseen): a pair with a live third (a wei or peng), a 1-2-3 or 2-7-10 complete or
    short of one live card."""
    i = next((k for k in range(5) if c[k]), -1)
    if i < 0:
        return 0
    best = _huxi_blocks(_without(c, (i,)), live)  # the card is left out
    if c[i] >= 2 and live[i]:
        best = max(best, 1 + _huxi_blocks(_without(c, (i, i)), live))
    for shape in HUXI_SHAPES:
        missing = [k for k in shape if not c[k]]
        if i in shape and (not missing or (len(missing) == 1 and live[missing[0]])):
            best = max(best, 1 + _huxi_blocks(_without(c, [k for k in shape if c[k]]), live))
    return best


def reach(loose: Counts, unseen: Counts, groups: int) -> int:
    """An upper bound of the huxi ``groups`` more groups made from ``loose`` can add: huxi
    blocks (``_huxi_blocks``, and pairs of other values with a live third), 6 big, 3 small
    (PH-6.1, PH-6.2)."""
    blocks = []
    for size in (10, 0):
        c = tuple(loose[size + v] for v in HUXI_VALUES)
        live = tuple(unseen[size + v] > 0 for v in HUXI_VALUES)
        n = _huxi_blocks(c, live)
        n += sum(1 for v in (3, 4, 5, 7, 8) if loose[size + v] == 2 and unseen[size + v])
        blocks.append(n)
    big = min(groups, blocks[0])
    return 6 * big + 3 * min(groups - big, blocks[1])


def secured(exposed: Exposed, counts: Counts) -> int:
    """Huxi the table and the kans already give (PH-6.1, PH-6.2)."""
    return (sum(group_huxi(k, fs) for k, fs in exposed)
            + sum(group_huxi("kan", (f,) * 3) for f, n in enumerate(counts) if n == 3))


# ------------------------------------------------------------------ what a hand is worth

def _group_worth(groups: Exposed) -> float:
    """``basic``'s worth of groups: one of the seven a win needs, plus their huxi."""
    return sum(COMPLETE + HUXI * group_huxi(k, fs) for k, fs in groups)


def total(t: Table, exposed: Exposed, counts: Counts, passed: int = 0) -> float:
    """What a hand between turns is worth (module docstring); ``passed``: faces passed besides
    those of the view, a bit each."""
    loose = tuple(n if n < 3 else 0 for n in counts)
    kans = tuple(("kan", (f,) * 3) for f, n in enumerate(counts) if n == 3)
    value = _group_worth(exposed) + _group_worth(kans) + worth(loose)
    huxi = secured(exposed, counts)
    value += SECURED * huxi
    value += REACH * min(REACH_CAP, huxi + reach(loose, t.unseen, 7 - len(exposed) - len(kans)))
    passed |= t.passed
    for f, n in enumerate(loose):
        if n == 2:
            value += PAIR - (PASSED if passed >> f & 1 else 0.0)
    value += BIG * sum(loose[10:])
    live = wait_value(t, exposed, counts)
    if live is not None:
        value += (1 + THREAT * t.threat) * (READY + LIVE * live) - (0.0 if live else DEAD)
    return value


# ------------------------------------------------------------------ decisions

def _discard_key(t: Table, exposed: Exposed, counts: Counts, f: int) -> tuple:
    """How good discarding a card of face ``f`` is: the hand it leaves, then ``basic``'s ties
    (isolated cards, small before big, copies seen)."""
    loose = tuple(n if n < 3 else 0 for n in counts)
    return (round(total(t, exposed, _without(counts, (f,))), 6), isolated(loose, f), f < 10,
            t.me.visible[f])


def _after(t: Table, exposed: Exposed, counts: Counts, must: bool) -> float:
    """Worth of the hand a claim leaves: after its best discard when one is due (PH-3.2);
    kan cards are never discarded (PH-2.3)."""
    if not must:
        return total(t, exposed, counts)
    return max((_discard_key(t, exposed, counts, f) for f in range(NUM) if 0 < counts[f] < 3),
               default=(float("-inf"),))[0]


def _discard(t: Table, legal: list[dict]) -> dict:
    discards = [a for a in legal if a["type"] == "discard"]
    return max(discards, key=lambda a: _discard_key(t, t.exposed, t.counts, a["card"] >> 2))


def _pao(t: Table, f: int) -> float:
    """Worth of the hand after a pao on ``f`` from a kan, wei or peng (PH-4.4); a first four-card
    group calls for a discard (PH-3.1, PH-3.2)."""
    four = ("pao", (f,) * 4)
    if t.counts[f] == 3:
        exposed, counts = t.exposed + (four,), _without(t.counts, (f, f, f))
    else:
        exposed = tuple(four if k in ("wei", "peng") and fs[0] == f else (k, fs)
                        for k, fs in t.exposed)
        counts = t.counts
    return _after(t, exposed, counts, t.me.holding + 1 > target(t.fours + 1))


def _chi(t: Table, f: int, a: dict) -> float:
    """Worth of the hand after the chi ``a`` on ``f`` with its bi groups (PH-4.5, PH-4.6)."""
    main = [x >> 2 for x in a["cards"]]
    bis = [tuple(sorted(x >> 2 for x in g)) for g in a["bi"]]
    groups = (("chi", tuple(sorted((*main, f)))),) + tuple(("chi", g) for g in bis)
    return _after(t, t.exposed + groups, _without(t.counts, main + [x for g in bis for x in g]),
                  t.must)


def _claim(view: dict, t: Table, legal: list[dict]) -> dict:
    """The claim (or pass) leaving the most worth; a pao wins ties, a peng or chi must do
    strictly better than passing."""
    f = view["claim"]["card"]["id"] >> 2
    passes = any(a["type"] in ("chi", "peng") for a in legal)  # passing marks f (PH-4.9)
    options: list[tuple[float, int, dict]] = []
    for a in legal:
        kind = a["type"]
        if kind == "pass":
            value = total(t, t.exposed, t.counts, (1 << f) if passes else 0)
        elif kind == "pao":
            value = _pao(t, f) + PAO
        elif kind == "peng":
            value = PENG + _after(t, t.exposed + (("peng", (f, f, f)),),
                                  _without(t.counts, (f, f)), t.must)
        elif kind == "chi":
            value = _chi(t, f, a) - CHI
        else:
            continue
        rank = {"pao": 2, "pass": 1}.get(kind, 0)  # ties: pao, then pass
        options.append((round(value, 6), rank, a))
    if not options:
        return legal[-1]
    return max(options, key=lambda o: (o[0], o[1]))[2]


def prior(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The prior's choice, one of ``legal``; deterministic (``rng`` is not used)."""
    return play(view, legal, Table, _claim, _discard)


__all__ = ["prior", "reach", "total", "wait_value", "waits"]

"""Nantong prior: the heuristic ``strong`` starts from and plays its own seat's playouts with.

It is ``basic`` (``nantong_basic.py``) with three changes to the discard, each measured with
``bench/duel.py``:

- **a ready hand is priced by what its waits pay**: among the discards that leave the hand
  ready, take the one whose waits are worth most — for each waiting face, its unseen copies
  times the total the win would score (``engine.nantong.scoring.score_winner`` on the hand as it
  would stand: groups, Tiandi Hezi, indicators, declared ready; 70% as a discard win, 30% as a
  self-draw) plus a constant for the win itself (NT-6: a Du Zi Hu can score little or a great
  deal, so the count of waits alone, which ``basic`` uses, picks poor waits);
- **a pair counts four times among the draws**: short of ready, the draws that lower the shanten
  are weighted, a face that would complete a held pair counting four times, because it can also be
  claimed as a pung from any player's discard (NT-4.2), while a sequence part waits on one
  draw;
- **one step from ready, the next draw is priced exactly** (``next_ready_worth``): for each
  discard that keeps the hand one step from ready, every draw that would make it ready counts
  its unseen copies (a held pair's four times) times the waits' worth above of the best ready hand
  that draw allows — so a discard whose ready hands wait for a seventh sequence (Qing Hu +100)
  or a valued face beats one with a few more draws to cheap waits.

Claims and the preparation (NT-3) are ``basic``'s. Like every policy it sees only its seat's
view and is deterministic. Without the next-draw pricing, over 1,000 shuffles (``bench/duel.py``)
it gained +2.61 [+1.06, +4.16] a deal over ``basic`` on seed 9 and +4.28 [+2.86, +5.71] on seed 2,
CPU p99 4.5 ms; with it, over 500 shuffles, +2.19 [-0.17, +4.56] and +4.26 [+2.03, +6.49], CPU
p99 about 20 ms, and against the prior without it (paired, 300 shuffles) +0.43 [-1.52, +2.39] and
+0.97 [-1.21, +3.14] (docs/ai.md has the other seeds and what was tried and dropped).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ai.policies import nantong_basic as nb
from ai.policies.nantong_basic import Counts, _add, _Seat, _shanten_changed, discard_key
from engine.nantong.cards import NUM_FACES, parse_face
from engine.nantong.scoring import Hand, WinSituation, score_winner

Groups = tuple[tuple[str, int], ...]

SELF_DRAW_SHARE = 0.3
"""The share of wins taken on one's own draw when pricing a wait (the rest on a discard)."""
WIN_CONSTANT = 17.0
"""What a win is worth beyond its total: the deal is over for the others' hopes too."""
PAIR_WEIGHT = 4.0
"""How much more a draw that completes a held pair counts (it can be punged off a discard): 4
measured +0.58 [+0.40, +0.77] a deal over 2 on 40,000 shuffles (bench/results/tune-nantong)."""


def _group_kind(m: dict[str, Any]) -> str:
    if m["type"] == "kong":
        return ("concealed_kong" if m["concealed"] else "added_kong" if m["added"]
                else "exposed_kong")
    return str(m["type"])


class _Me(_Seat):
    """``basic``'s reading of the view plus what scoring a win needs."""

    __slots__ = ("groups", "hezi", "ready")

    def __init__(self, view: dict[str, Any]) -> None:
        super().__init__(view)
        p = view["players"][view["seat"]]
        self.groups: Groups = tuple(sorted((_group_kind(m), parse_face(m["cards"][0]["face"]))
                                           for m in p["melds"]))
        hz = p.get("hezi") or []
        self.hezi: int | None = parse_face(hz[0]["face"]) if hz else None
        self.ready: bool = bool(p.get("ready"))


@lru_cache(maxsize=1 << 16)
def win_total(counts: Counts, groups: Groups, hezi: int | None, indicators: tuple[int, ...],
              face: int, self_drawn: bool, ready: bool) -> int:
    """The total a win on ``face`` scores for the 3k+1 hand ``counts`` (0 if it does not win)."""
    sit = WinSituation("self_draw" if self_drawn else "discard", face, ready=ready)
    s = score_winner(Hand(counts, groups, hezi), indicators, sit)
    return 0 if s is None else s.total


def wait_value(me: _Me, c: Counts) -> float:
    """Over the faces that complete ``c``: unseen copies times the expected win (module doc)."""
    total = 0.0
    for f in range(NUM_FACES):
        if not me.unseen[f] or c[f] >= 4 or _shanten_changed(c, f, 1) >= 0:
            continue
        claimed = win_total(c, me.groups, me.hezi, me.indicators, f, False, me.ready)
        drawn = win_total(c, me.groups, me.hezi, me.indicators, f, True, me.ready)
        total += me.unseen[f] * ((1 - SELF_DRAW_SHARE) * claimed + SELF_DRAW_SHARE * drawn
                                 + WIN_CONSTANT)
    return total


def weighted_ukeire(c: Counts, unseen: Counts) -> float:
    """``nantong.ukeire`` with a face that completes a held pair counting ``PAIR_WEIGHT``."""
    return nb.ukeire(c, unseen, PAIR_WEIGHT)


LOOKAHEAD = True
"""One step from ready, price each discard by the ready hands the next draw can make
(``next_ready_worth``); False: by the weighted ukeire, as further from ready."""


def next_ready_worth(me: _Me, after: Counts, memo: dict[Counts, float] | None = None) -> float:
    """Over the draws that make the 3k+1 hand ``after`` (one step from ready) ready: the unseen
    copies (a held pair's counting ``PAIR_WEIGHT``: it can be punged) times the ``wait_value``
    of the best ready hand that draw allows. The weighted ukeire counts those draws alike; this
    prices what each leads to (a seventh sequence's Qing Hu, a wait on a valued face).
    ``memo``: ready hands already valued in this decision (the discards' next draws reach many
    of the same ones)."""
    memo = {} if memo is None else memo

    def worth(hand: Counts) -> float:
        if hand not in memo:
            memo[hand] = wait_value(me, hand)
        return memo[hand]

    total = 0.0
    for f in nb._near(after):
        if not me.unseen[f] or after[f] >= 4 or _shanten_changed(after, f, 1) > 0:
            continue
        drawn = _add(after, f, 1)
        best = max((worth(_add(drawn, d, -1)) for d in range(NUM_FACES)
                    if drawn[d] and _shanten_changed(drawn, d, -1) == 0), default=0.0)
        total += me.unseen[f] * (PAIR_WEIGHT if after[f] >= 2 else 1) * best
    return total


def _discard(me: _Me, discards: list[dict[str, Any]]) -> dict[str, Any]:
    """``basic``'s discard with the ukeire replaced by the waits' worth (ready), the next
    draw's ready hands' worth (one step from ready) or the weighted ukeire (further)."""

    memo: dict[Counts, float] = {}

    def key(f: int, low: int) -> tuple[Any, ...]:
        after = _add(me.counts, f, -1)
        k = discard_key(me, f)  # (shanten, -ukeire, hu given up, isolation, edge, face)
        if low == 0:
            worth = wait_value(me, after)
        elif low == 1 and LOOKAHEAD:
            worth = next_ready_worth(me, after, memo)
        else:
            worth = weighted_ukeire(after, me.unseen)
        return (-worth,) + k[2:]

    return nb._best_discard(me, discards, key)


def _turn(me: _Me, legal: list[dict[str, Any]]) -> dict[str, Any]:
    if any(a["type"] in ("concealed_kong", "added_kong") for a in legal):
        chosen = nb._turn(me, legal)  # basic's kong rule, or its discard
        if chosen["type"] != "discard":
            return chosen
    discards = [a for a in legal if a["type"] == "discard"]
    return _discard(me, discards) if discards else legal[0]


def prior(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """The Nantong prior (module docstring). Deterministic; ``rng`` is unused."""
    if len(legal) == 1 or view.get("phase") in ("prepare", "claim") \
            or any(a["type"] == "win" for a in legal):
        return nb.basic(view, legal, rng)
    return _turn(_Me(view), legal)


__all__ = ["next_ready_worth", "prior", "wait_value", "weighted_ukeire", "win_total"]

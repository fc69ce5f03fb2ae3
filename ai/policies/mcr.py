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
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from engine.mahjong import NUM_FACES, parse_face
from engine.mahjong import shanten as engine_shanten
from engine.mcr import scoring

Counts = tuple[int, ...]
WINDS = "ESWN"


class _Seat:
    """What the policy uses of its view."""

    def __init__(self, view: dict[str, Any]) -> None:
        me = view["players"][view["seat"]]
        self.face_of_id = {t["id"]: parse_face(t["face"]) for t in me["hand"] or ()}
        c = [0] * NUM_FACES
        for f in self.face_of_id.values():
            c[f] += 1
        self.counts: Counts = tuple(c)
        self.melds = tuple(
            scoring.Meld(m["type"], min(parse_face(t["face"]) for t in m["cards"]),
                         m["concealed"], None if m["concealed"] else 1)
            for m in me["melds"])
        self.seat_wind = WINDS.index(me["seat_wind"])
        self.prevailing = WINDS.index(view["prevailing_wind"])
        seen = [0] * NUM_FACES
        for p in view["players"]:
            for t in (p["hand"] or ()):
                seen[parse_face(t["face"])] += 1
            for t in p["discards"]:
                seen[parse_face(t["face"])] += 1
            for m in p["melds"]:
                for t in m["cards"]:
                    seen[parse_face(t["face"])] += 1
        if view.get("claim"):
            seen[parse_face(view["claim"]["card"]["face"])] += 1
        self.unseen: Counts = tuple(max(0, 4 - n) for n in seen)

    @property
    def concealed(self) -> bool:
        return all(m.concealed for m in self.melds)

    def situation(self) -> scoring.Situation:
        return scoring.Situation(seat_wind=self.seat_wind, prevalent_wind=self.prevailing)


def _add(c: Counts, f: int, n: int = 1) -> Counts:
    return c[:f] + (c[f] + n,) + c[f + 1:]


@lru_cache(maxsize=1 << 17)
def _shanten(c: Counts, concealed: bool) -> int:
    """Cached: a deal's hands, and a search's playouts, keep asking about the same hands."""
    return engine_shanten(c, seven_pairs=concealed)


def _near(c: Counts) -> list[int]:
    """The faces a drawn tile could lower shanten with: those held and, in a suit, those within
    two ranks of one held (any other tile would stay isolated)."""
    out = []
    for f in range(NUM_FACES):
        if c[f]:
            out.append(f)
        elif f < 27:
            r = f % 9
            lo, hi = f - min(r, 2), f + min(8 - r, 2)
            if any(c[g] for g in range(lo, hi + 1)):
                out.append(f)
    return out


def _ukeire(c: Counts, concealed: bool, unseen: Counts) -> int:
    base = _shanten(c, concealed)
    return sum(unseen[f] for f in _near(c)
               if unseen[f] and _shanten(_add(c, f), concealed) < base)


def _wait_value(me: _Seat, melds: tuple[scoring.Meld, ...], c: Counts) -> int:
    """Unseen copies of the waits that would win with 8 points or more."""
    return sum(me.unseen[f] for f, pts in scoring.hint(melds, c, me.situation()) if pts)


def _discard_key(me: _Seat, f: int) -> tuple[int, ...]:
    after = _add(me.counts, f, -1)
    sh = _shanten(after, me.concealed)
    value = _wait_value(me, me.melds, after) if sh == 0 else 0
    suit_size = sum(me.counts[9 * (f // 9):9 * (f // 9) + 9]) if f < 27 else 99
    honour_or_terminal = f >= 27 or f % 9 in (0, 8)
    return (sh, -value, -_ukeire(after, me.concealed, me.unseen), suit_size,
            0 if honour_or_terminal else 1, f)


def _best_discard(me: _Seat, discards: list[dict[str, Any]]) -> dict[str, Any]:
    by_face: dict[int, dict[str, Any]] = {}
    for a in discards:
        by_face.setdefault(me.face_of_id[a["card"]], a)
    low = min(_shanten(_add(me.counts, f, -1), me.concealed) for f in by_face)
    cands = [f for f in by_face if _shanten(_add(me.counts, f, -1), me.concealed) == low]
    return by_face[min(cands, key=lambda f: _discard_key(me, f))]


def _valuable_pung(me: _Seat, f: int) -> bool:
    return f >= 31 or f == 27 + me.seat_wind or f == 27 + me.prevailing


def _claim(view: dict[str, Any], me: _Seat, legal: list[dict[str, Any]]) -> dict[str, Any]:
    f = parse_face(view["claim"]["card"]["face"])
    now = _shanten(me.counts, me.concealed)
    best: tuple[int, dict[str, Any]] | None = None
    for a in legal:
        kind = a["type"]
        if kind == "pass":
            continue
        if kind == "chow":
            low = parse_face(a["low"])
            used = [g for g in (low, low + 1, low + 2) if g != f]
            rest = me.counts
            for g in used:
                rest = _add(rest, g, -1)
            meld = scoring.Meld("chow", low, False, 1)
        else:
            n = 3 if kind == "kong" else 2
            rest = _add(me.counts, f, -n)
            meld = scoring.Meld("kong" if kind == "kong" else "pung", f, False, 1)
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


def _turn(me: _Seat, legal: list[dict[str, Any]]) -> dict[str, Any]:
    now = _shanten(me.counts, me.concealed)
    for a in legal:
        if a["type"] == "concealed_kong":
            f = me.face_of_id[a["cards"][0]]
            if _shanten(_add(me.counts, f, -4), me.concealed) <= now:
                return a
        if a["type"] == "added_kong":
            f = me.face_of_id[a["card"]]
            if _shanten(_add(me.counts, f, -1), me.concealed) <= now:
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


__all__ = ["basic"]

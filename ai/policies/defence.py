"""Deal-in danger for ``strong``: how often a discard would let an opponent win at once, counted
on re-dealt deals, and a defensive choice between discards that keep the hand as near ready.

``basic`` never defends (Sichuan ``basic`` deals in on 41-43% of deals in the arena). A
discard's danger is the share of re-dealt deals (``game.determinize`` plus strong's
``REFINERS``, which bring the opponents' hands as near ready as ``basic`` players' are) in which
the claim window the discard opens offers some opponent a win: a few engine steps per deal,
where a playout costs hundreds. Over basic-played Sichuan deals (``bench`` check, 724 discards
in the last 40 wall tiles, 30 re-deals each) the estimate ranks the real danger: discards it
called safe dealt in 2.7% of the time, those under 10% 14%, 10-20% 20%, above 20% half the
time (it reads low: sampled hands wait on fewer tiles than played ones).

A defensive switch needs a discard that leaves the same shanten as ``basic``'s (so the hand
gives up at most some acceptance) and that was dangerous in ``margin`` fewer re-deals.

It is off by default (``Settings.defence_samples = 0``): ``bench/defence_check.py`` plays both
discards out from the true state at every switch, and over 30 basic-played Sichuan deals (1,035
discards, 24 re-deals each) the switches lost: margin 1, 87 switches, -0.45 a switch [-1.06,
+0.16]; margin 2, 32, -0.41 [-1.32, +0.51]; margin 3, 12, +0.08 [-1.56, +1.73]. Avoiding one
deal-in costs acceptance, and the tile usually has to go later anyway.
"""

from __future__ import annotations

from typing import Any

from .sichuan import _add, _Seat, shanten


def deals_in(game: Any, deal: Any, seat: int, action: dict) -> bool:
    """Whether ``action`` (a discard) in ``deal`` lets another seat win on it at once."""
    after = game.apply(deal, seat, action)
    window = getattr(after, "window", None)
    return window is not None and any(s != seat and "win" in opts for s, opts in window.options)


def sichuan_alternatives(view: dict, legal: list[dict], choice: dict) -> list[dict]:
    """Discards of other faces leaving the same shanten as ``choice`` (basic's discard);
    one action per face."""
    me = _Seat(view)
    if choice.get("type") != "discard" or choice["card"] not in me.face_of_id:
        return []

    def after(a: dict) -> int:
        return shanten(_add(me.counts, me.face_of_id[a["card"]], -1), me.concealed)

    target = after(choice)
    out: dict[int, dict] = {}
    for a in legal:
        if a.get("type") != "discard" or a["card"] not in me.face_of_id:
            continue
        f = me.face_of_id[a["card"]]
        if f == me.face_of_id[choice["card"]] or f in out:
            continue
        if me.missing is not None and (f // 9 == me.missing) != (
                me.face_of_id[choice["card"]] // 9 == me.missing):
            continue  # the missing suit goes first (SC-3.2): never mix it with the others
        if after(a) == target:
            out[f] = a
    return list(out.values())


ALTERNATIVES = {"sichuan": sichuan_alternatives}
"""Game name -> the defensive alternatives to basic's discard."""

__all__ = ["ALTERNATIVES", "deals_in", "sichuan_alternatives"]

"""Sichuan hints: shanten, the discards that keep the hand ready, each wait's fan and points,
and the discards an opponent could win on (``engine/core/hints.py`` has the JSON).

- Shanten counts the missing suit's tiles as dead: they must all go before a win (SC-3.2,
  SC-7.3), so the hand is measured without them against its full size, and is at least one
  exchange per dead tile; seven pairs count while no meld is declared (SC-7.2).
- A wait is a face of the seat's two suits that completes the hand (SC-7.1, SC-7.2) and that
  it does not already hold four of (SC-10.4); ``claimed`` scores it on a discard, ``self_drawn``
  on its own draw (with the match's self-draw bonus, SC-9.3 and OPT-SC-4), both through
  ``scoring.evaluate`` (SC-8 with the match's extra rows, OPT-SC-7.1) and ``scoring.paid``
  (the match's fan cap, OPT-SC-3).
- *Visible readiness* (the discard warning): an opponent still playing whose hand is a single
  concealed tile (four melds declared) is ready whatever that tile is. A discard could let it
  win when the discard's face is not its declared missing suit (public once all have declared,
  SC-3.1) and a copy of that face is among the tiles the seat cannot see. Hands of more tiles
  are never visibly ready: no Sichuan hand is declared ready, except that a Blood River locked
  hand is ready and still wins on every face it has won on (public, OPT-SC-2.3, 2.4): those
  faces are the discards it could win on.
"""

from __future__ import annotations

from ..core.hints import (
    Counts,
    discard_hints,
    hints_json,
    no_hints,
    offers_win,
    score_json,
)
from ..core.items import item
from ..core.protocol import JSON
from ..mahjong import (
    FACE_NAMES,
    seven_pairs_shanten,
    standard_shanten,
)
from ..mahjong.hand import add_face
from ..mahjong.hints import (
    hand_counts,
    single_tile_opponents,
    table_discards,
    table_hinter,
)
from .game import Sichuan, _declared
from .river import complete
from .scoring import Situation, base_points, evaluate, paid
from .state import State

FACES = 27


def hints(game: Sichuan, state: State, seat: int) -> JSON:
    """The seat's hints (``engine/core/hints.py``), from what it may see."""
    if state.phase == "over":
        return no_hints(game.name, seat, "over", "points")
    if not state.active(seat):
        return no_hints(game.name, seat, "won", "points")
    missing = state.missing[seat]
    melds = len(state.melds[seat])
    declared = _declared(state.melds[seat])

    def live(counts: Counts) -> Counts:
        return tuple(0 if missing is not None and f // 9 == missing else n
                     for f, n in enumerate(counts))

    def distance(counts: Counts) -> int:
        """The block formula on the live tiles, and at least one exchange per dead tile (the
        discard of a 3k+2-tile hand removes one without a draw)."""
        ok = live(counts)
        d = standard_shanten(ok, sum(counts) // 3)
        if melds == 0 and sum(counts) >= 13:
            d = min(d, seven_pairs_shanten(ok))
        dead = sum(counts) - sum(ok)
        return max(d, dead - (sum(counts) % 3 == 2))

    def waits(counts: Counts) -> list[int]:
        if live(counts) != counts:
            return []
        return [f for f in range(FACES)
                if f // 9 != missing and complete(add_face(counts, f), melds)]

    def score(counts: Counts, face: int, self_drawn: bool) -> JSON | None:
        situation = Situation(self_draw=self_drawn, last_tile=not state.wall)
        ev = evaluate(declared, add_face(counts, face), face, missing, situation,
                      state.options.extra_fans)  # OPT-0.4: 门清, 中张 when switched on
        if ev is None:
            return None
        ev, per_payer = paid(ev, self_drawn, state.options)
        points = base_points(ev.fan, state.options.fan_cap)
        items = ev.items()
        items.append(item("points", "2 ^ fan", points, op="="))
        if per_payer > points:  # OPT-SC-4.1: the point after the cap
            items.append(item("self_draw", "Self-draw: +1 from each payer", 1))
        return score_json(True, per_payer, items)

    hinter = table_hinter(game, state, seat, faces=FACES, names=FACE_NAMES, distance=distance,
                          waits=waits, score=score)
    counts = hand_counts(state, seat, FACES)
    all_declared = all(m is not None for m in state.missing)
    ready = single_tile_opponents(game, state, seat) if all_declared else []

    locked = [s for s in range(len(state.hands)) if s != seat and s not in ready
              and state.locked(s)]
    known_waits = {s: {w.tile >> 2 for w in state.wins if w.seat == s} for s in locked}

    def danger(face: int) -> list[int]:
        return ([s for s in ready if face // 9 != state.missing[s] and hinter.unseen[face] > 0]
                + [s for s in locked if face in known_waits[s]])

    legal = game.legal_actions(state, seat)
    body = discard_hints(hinter, counts, waiting=sum(counts) % 3 == 1,
                         discards=table_discards(state, seat, legal), danger=danger,
                         win_offered=offers_win(legal))
    return hints_json(game.name, seat, "points", body,
                      [(s, "single_tile") for s in ready] + [(s, "locked") for s in locked])


__all__ = ["hints"]

"""MCR hints: shanten, the discards that keep the hand ready, each wait's points, and the
discards an opponent could win on (``engine/core/hints.py`` has the JSON).

- Shanten is the standard shape's, or seven pairs' while nothing is declared; the rarer shapes
  of MCR-4.1 (thirteen orphans, knitted hands...) are not measured, but a hand ready in one of
  them is ready (shanten 0), as its waits come from ``scoring.winning_faces``.
- Each wait is scored by ``scoring.evaluate`` with the seat's winds and flowers, on a discard
  (``claimed``) and self-drawn; the fourth tile (和绝张) when the other three copies lie in rivers
  and exposed melds, the last tile when the wall is empty (MCR-4.4). A wait under 8 points
  before flowers does not ``win`` (MCR-4.2).
- *Visible readiness* (the discard warning): an opponent whose hand is a single concealed tile
  (four melds declared) waits on that tile for a pair. A discard could let it win when a copy of
  its face is among the tiles the seat cannot see and the opponent's melds with that pair, won
  on the discard, reach 8 points — for some face of each of its face-down kongs (MCR-3.3: any
  face whose four copies the seat cannot see). No other MCR hand is visibly ready.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations

from ..core.hints import (
    Counts,
    discard_hints,
    hints_json,
    no_hints,
    offers_win,
    score_json,
)
from ..core.protocol import JSON
from ..mahjong import FACE_NAMES, NUM_FACES, seven_pairs_shanten, standard_shanten
from ..mahjong.hand import add_face
from ..mahjong.hints import (
    hand_counts,
    single_tile_opponents,
    table_discards,
    table_hinter,
)
from . import scoring
from .game import Mcr
from .state import State


def hints(game: Mcr, state: State, seat: int) -> JSON:
    """The seat's hints (``engine/core/hints.py``), from what it may see."""
    if state.phase == "over":
        return no_hints(game.name, seat, "over", "points")
    melds = game.score_melds(state, seat)
    n_melds = len(melds)

    def distance(counts: Counts) -> int:
        d = standard_shanten(counts)
        if n_melds == 0 and sum(counts) >= 13:
            d = min(d, seven_pairs_shanten(counts))
        return d

    def waits(counts: Counts) -> tuple[int, ...]:
        return scoring.winning_faces(melds, counts)

    def situation(s: int, face: int, self_drawn: bool) -> scoring.Situation:
        return scoring.Situation(
            self_drawn=self_drawn, wall_last=not state.wall,
            fourth_tile=game.fourth_tile(state, face, -1),
            seat_wind=game.seat_wind(state, s), prevalent_wind=state.prevailing,
            flowers=len(state.flowers[s]))

    def score(counts: Counts, face: int, self_drawn: bool) -> JSON | None:
        ev = scoring.evaluate(melds, add_face(counts, face), face,
                              situation(seat, face, self_drawn))
        if ev is None:
            return None
        return score_json(ev.meets(state.options.min_points), ev.total, ev.items())

    hinter = table_hinter(game, state, seat, faces=NUM_FACES, names=FACE_NAMES,
                          distance=distance, waits=waits, score=score)
    counts = hand_counts(state, seat, NUM_FACES)
    ready = single_tile_opponents(game, state, seat)

    def pictured(s: int, face: int) -> Iterator[tuple[scoring.Meld, ...]]:
        """Opponent ``s``'s melds as the seat may picture them: its face-down kongs (MCR-3.3)
        of any faces whose four copies the seat cannot see, but the pair's."""
        melds = game.score_melds(state, s)
        down = [i for i, m in enumerate(melds) if m.concealed]
        options = [f for f in range(NUM_FACES) if hinter.unseen[f] == 4 and f != face]
        for faces in combinations(options, len(down)):
            out = list(melds)
            for i, f in zip(down, faces, strict=True):
                out[i] = replace(out[i], face=f)
            yield tuple(out)

    def could_win(s: int, face: int) -> bool:
        pair = tuple(2 if f == face else 0 for f in range(NUM_FACES))
        for melds in pictured(s, face):
            ev = scoring.evaluate(melds, pair, face, situation(s, face, False))
            if ev is not None and ev.meets(state.options.min_points):
                return True
        return False

    def danger(face: int) -> list[int]:
        if not hinter.unseen[face]:
            return []
        return [s for s in ready if could_win(s, face)]

    legal = game.legal_actions(state, seat)
    body = discard_hints(hinter, counts, waiting=sum(counts) % 3 == 1,
                         discards=table_discards(state, seat, legal), danger=danger,
                         win_offered=offers_win(legal))
    return hints_json(game.name, seat, "points", body, [(s, "single_tile") for s in ready])


__all__ = ["hints"]

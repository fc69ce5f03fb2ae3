"""Nantong hints: shanten toward seven groups and a pair, the discards that keep the hand
ready, each wait's hu, and the discards a ready opponent could win on (``engine/core/hints.py``
has the JSON).

- Shanten is the block formula over the 30 faces toward the groups still to make (NT-5.1);
  Thousand and the Flowers, like honours, form identical groups only (NT-1.3).
- A wait is a face that completes the hand (NT-5.1) and that the seat does not hold four of;
  ``claimed`` scores a win on a discard, ``self_drawn`` one on its own draw, both through
  ``scoring.score_winner`` (NT-6: holdings, bonuses, ×2 multipliers, rounding), with the
  seat's ready declaration when it made one (NT-6.6). In preparation a non-dealer's waits are
  the ones a ready declaration would need (NT-3.6).
- *Visible readiness* (the discard warning): an opponent that declared ready (NT-3.6, public),
  or whose hand is a single card (seven groups exposed). Its hand is hidden, so a discard could
  let it win when *some* hand of its size taken from the cards the seat cannot see would win on
  the discard's face (``engine.mahjong.hints.could_complete``): a face is safe against it only
  when not enough copies of that face and its neighbours remain unseen to complete any hand.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.hints import (
    Counts,
    discard_hints,
    hints_json,
    no_hints,
    offers_win,
    score_json,
)
from ..core.items import Item, item
from ..core.protocol import JSON
from ..mahjong import standard_shanten
from ..mahjong.hand import add_face, is_standard_complete
from ..mahjong.hints import (
    could_complete,
    hand_counts,
    table_discards,
    table_hinter,
)
from .cards import FACE_NAMES, NUM_FACES
from .game import Nantong
from .scoring import (
    Score,
    WinSituation,
    score_winner,
)
from .state import State


def _items(score: Score) -> list[Item]:
    return [*score.items(), item("rounded", "Rounded up to a multiple of ten", score.total, op="=")]


def hints(game: Nantong, state: State, seat: int) -> JSON:
    """The seat's hints (``engine/core/hints.py``), from what it may see."""
    if state.phase == "over":
        return no_hints(game.name, seat, "over", "hu")
    indicators = game.indicator_faces(state)
    base = game.hand_of(state, seat)

    def distance(counts: Counts) -> int:
        return standard_shanten(counts)

    def waits(counts: Counts) -> list[int]:
        return [f for f in range(NUM_FACES) if is_standard_complete(add_face(counts, f))]

    def score(counts: Counts, face: int, self_drawn: bool) -> JSON | None:
        sit = WinSituation("self_draw" if self_drawn else "discard", face,
                           ready=state.ready[seat], last_card=self_drawn and not state.wall)
        s = score_winner(replace(base, concealed=counts), indicators, sit)
        return None if s is None else score_json(True, s.total, _items(s))

    hinter = table_hinter(game, state, seat, faces=NUM_FACES, names=FACE_NAMES,
                          distance=distance, waits=waits, score=score)
    counts = hand_counts(state, seat, NUM_FACES)
    ready = [(s, "declared" if state.ready[s] else "single_tile") for s in range(game.players)
             if s != seat and (state.ready[s] or len(state.hands[s]) == 1)]

    def danger(face: int) -> list[int]:
        return [s for s, _ in ready if could_complete(hinter.unseen, len(state.hands[s]), face)]

    legal = game.legal_actions(state, seat)
    body = discard_hints(hinter, counts, waiting=sum(counts) % 3 == 1,
                         discards=table_discards(state, seat, legal), danger=danger,
                         win_offered=offers_win(legal))
    return hints_json(game.name, seat, "hu", body, ready)


__all__ = ["hints"]

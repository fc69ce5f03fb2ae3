"""Hand-made Nantong positions for rule tests: faces in, a consistent ``State`` out.

Like ``tests/tables.py`` for the mahjong games, but for Nantong's three seats, its notation
(``Q``, ``B``, ``H``) and its own fields (indicators, Hezi, ready, preparation). Physical ids
are handed out per face in order (id = face × 4 + copy), so a test speaks in faces and still
gets real, distinct cards; the indicators are taken first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.state import evolve
from engine.mahjong.table import Meld
from engine.nantong.cards import FACE_NAMES, parse_face
from engine.nantong.state import State
from tests.tables import Copies, act, types

MeldSpec = tuple[str, str, int | None]
"""(kind, face, source): ``pung``/``kong`` (from ``source``'s discard), ``akong`` (added to a
pung of ``source``), ``ckong`` (concealed), ``opening_kong``, ``opening_triplet``."""


class Cards(Copies):
    """Long cards: 30 faces."""

    def __init__(self) -> None:
        super().__init__(parse_face, 30)


def position(
    hands: Mapping[int, str],
    *,
    indicators: str = "8m 8p",
    melds: Mapping[int, Sequence[MeldSpec]] | None = None,
    hezi: Mapping[int, str] | None = None,
    wall: str | None = None,
    wall_extra: int | None = None,
    turn: int = 0,
    dealer: int = 0,
    phase: str = "play",
    drawn: str | None = None,
    ready: Sequence[int] = (),
    replaced: Mapping[int, str] | None = None,
    **fields: Any,
) -> tuple[State, Cards]:
    """A position with ``turn`` to act.

    ``hands``: faces per seat; ``melds``: per seat; ``hezi``: the Hezi faces per seat;
    ``wall``: the stock's first cards in draw order, then ``wall_extra`` unused cards (default:
    all the rest; 0 makes the listed cards the whole stock; the last card is the first
    replacement); ``drawn``: the face in the turn player's hand just drawn; ``ready``: seats
    that declared ready; ``replaced``: faces in hand that were replacement draws (preparation).
    """
    cards = Cards()
    ind = cards.many(indicators)
    hand_ids = [tuple(sorted(cards.many(hands.get(s, "")))) for s in range(3)]
    meld_rows: list[tuple[Meld, ...]] = [(), (), ()]
    for s, ms in (melds or {}).items():
        row = []
        for kind, face, source in ms:
            size = 3 if kind in ("pung", "opening_triplet") else 4
            ids = tuple(cards.take(face) for _ in range(size))
            if kind in ("kong", "akong", "ckong"):
                row.append(Meld("kong", ids, source=None if kind == "ckong" else source,
                                concealed=kind == "ckong", added=kind == "akong"))
            else:
                row.append(Meld(kind, ids, source=source))
        meld_rows[s] = tuple(row)
    hezi_rows = tuple(cards.many((hezi or {}).get(s, "")) for s in range(3))
    front = list(cards.many(wall)) if wall else []
    rest = cards.rest()
    if wall_extra is not None:
        rest = rest[:wall_extra]
    replaced_rows: list[tuple[int, ...]] = [(), (), ()]
    for s, fs in (replaced or {}).items():
        pool = list(hand_ids[s])
        row = []
        for f in fs.split():
            t = max(x for x in pool if x >> 2 == parse_face(f))
            pool.remove(t)
            row.append(t)
        replaced_rows[s] = tuple(row)
    state = State(
        seed=0, dealer=dealer, wall=tuple(front + rest), hands=tuple(hand_ids),
        melds=tuple(meld_rows), discards=((),) * 3, phase=phase, turn=turn, indicators=ind,
        hezi=hezi_rows, ready=tuple(s in ready for s in range(3)),
        replaced=tuple(replaced_rows), **fields)
    if drawn is not None:
        f = parse_face(drawn)
        state = evolve(state, drawn=max(t for t in hand_ids[turn] if t >> 2 == f))
    return state, cards


POOL = "Q B H 1m 4m 7m 1s 4s 7s 1p 4p 7p 2m 5m 8m 2s 5s 8s 2p 5p 8p 3m 6m 9m 3s 6s 9s 3p 6p 9p"


def idle(n: int = 22, avoid: str = "") -> str:
    """``n`` distinct faces, Thousand and both Flowers among them (unless avoided): such a hand
    holds nothing that scores, never wins, is never ready and has no pung to claim."""
    out = [f for f in POOL.split() if f not in avoid.split()][:n]
    assert len(out) == n
    return " ".join(out)


def faces(ids: Sequence[int]) -> str:
    return " ".join(FACE_NAMES[t >> 2] for t in sorted(ids))


def card_of(state: State, seat: int, face: str) -> int:
    """An id of ``face`` in ``seat``'s hand."""
    f = parse_face(face)
    return next(t for t in state.hands[seat] if t >> 2 == f)


def pass_all(game: Any, state: Any) -> Any:
    """Every seat in a claim window passes."""
    while state.phase == "claim":
        state = act(game, state, game.to_act(state)[0], type="pass")
    return state


__all__ = ["Cards", "act", "card_of", "faces", "idle", "pass_all", "position", "types"]

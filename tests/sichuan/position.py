"""Hand-made Sichuan positions for rule tests: faces in, a consistent ``State`` out.

Physical ids are handed out per face in order, so a test speaks in faces ("5m 5m 5m") and
still gets real, distinct tiles.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from engine.mahjong import SUITS, parse_face
from engine.sichuan import Meld, State


class Tiles:
    """Hands out distinct physical ids for faces."""

    def __init__(self) -> None:
        self.next_copy = [0] * 27

    def take(self, face: str) -> int:
        f = parse_face(face)
        c = self.next_copy[f]
        assert c < 4, f"a fifth {face} in the position"
        self.next_copy[f] = c + 1
        return f * 4 + c

    def many(self, faces: str) -> tuple[int, ...]:
        return tuple(self.take(x) for x in faces.split())

    def rest(self) -> list[int]:
        return [f * 4 + c for f in range(27) for c in range(self.next_copy[f], 4)]


def position(
    hands: Mapping[int, str],
    *,
    missing: str = "pppp",
    melds: Mapping[int, Sequence[tuple[str, str, int | None]]] | None = None,
    wall: str | None = None,
    wall_extra: int | None = None,
    turn: int = 0,
    dealer: int = 0,
    phase: str = "play",
    drawn: str | None = None,
) -> tuple[State, Tiles]:
    """A position with ``turn`` to play.

    ``hands``: faces per seat (seats left out get no tiles); ``missing``: one suit letter per
    seat (``?``: not declared yet); ``melds``: (kind, face, source) per seat, kind ``pung``/``kong``/``ckong`` (concealed);
    ``wall``: the wall's first tiles in draw order, followed by ``wall_extra`` unused tiles
    (default: all of them; 0 makes the listed tiles the whole wall); ``drawn``: which face in the
    turn player's hand was just drawn.
    """
    tiles = Tiles()
    hand_ids = []
    for s in range(4):
        hand_ids.append(tuple(sorted(tiles.many(hands.get(s, "")))))
    meld_rows: list[tuple[Meld, ...]] = [(), (), (), ()]
    for s, ms in (melds or {}).items():
        row = []
        for kind, face, source in ms:
            n = 3 if kind == "pung" else 4
            ids = tuple(tiles.take(face) for _ in range(n))
            row.append(Meld("kong" if kind != "pung" else "pung", ids, source=source,
                            concealed=kind == "ckong"))
        meld_rows[s] = tuple(row)
    front = list(tiles.many(wall)) if wall else []
    rest = tiles.rest()
    if wall_extra is not None:
        rest = rest[:wall_extra]
    state = State(
        seed=0, dealer=dealer, wall=tuple(front + rest), hands=tuple(hand_ids),
        melds=tuple(meld_rows), discards=((),) * 4,
        missing=tuple(None if m == "?" else SUITS.index(m) for m in missing), phase=phase,
        turn=turn,
    )
    if drawn is not None:
        f = parse_face(drawn)
        state = replace(state, drawn=max(t for t in hand_ids[turn] if t >> 2 == f))
    return state, tiles


def faces(ids: Sequence[int]) -> str:
    from engine.mahjong import FACE_NAMES
    return " ".join(FACE_NAMES[t >> 2] for t in sorted(ids))


def tile_of(state: State, seat: int, face: str) -> int:
    """An id of ``face`` in ``seat``'s hand."""
    f = parse_face(face)
    return next(t for t in state.hands[seat] if t >> 2 == f)


def act(game, state: State, seat: int, **action) -> State:
    return game.apply(state, seat, action)


def types(actions: Sequence[dict]) -> set[str]:
    return {a["type"] for a in actions}


__all__ = ["SUITS", "Tiles", "act", "faces", "position", "tile_of", "types"]

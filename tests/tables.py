"""Hand-made mahjong positions for rule tests: faces in, a consistent table state out.

Physical ids are handed out per face in order, so a test speaks in faces ("5m 5m 5m") and
still gets real, distinct tiles. Sichuan and MCR wrap ``table_position`` with their own fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.state import evolve
from engine.mahjong import FACE_NAMES, parse_face
from engine.mahjong.table import Meld, TableState

MeldSpec = tuple[str, str, int | None]
"""(kind, face, source seat): kind ``pung``/``kong``/``ckong`` (concealed kong) or ``chow``
(face: the lowest tile)."""


class Copies:
    """Hands out distinct physical ids for faces, id = face * 4 + copy (every game's cards
    come four to a face): ``parse`` reads a face, ``faces`` is how many there are."""

    def __init__(self, parse: Callable[[str], int], faces: int) -> None:
        self.parse = parse
        self.faces = faces
        self.next_copy = [0] * faces

    def take(self, face: str) -> int:
        f = self.parse(face)
        c = self.next_copy[f]
        assert c < 4, f"a fifth {face} in the position"
        self.next_copy[f] = c + 1
        return f * 4 + c

    def many(self, faces: str) -> tuple[int, ...]:
        return tuple(self.take(x) for x in faces.split())

    def rest(self) -> list[int]:
        return [f * 4 + c for f in range(self.faces) for c in range(self.next_copy[f], 4)]


class Tiles(Copies):
    """Mahjong tiles: flowers ``f1``–``f8`` are ids 136–143, one of each."""

    def __init__(self, faces: int = 34) -> None:
        super().__init__(parse_face, faces)
        self.flowers_used: set[int] = set()

    def take(self, face: str) -> int:
        f = parse_face(face)
        if f < 34:
            return super().take(face)
        tile = 136 + f - 34
        assert tile not in self.flowers_used, f"a second {face} in the position"
        self.flowers_used.add(tile)
        return tile


def table_position(
    state_class: type[TableState],
    hands: Mapping[int, str],
    *,
    faces: int,
    melds: Mapping[int, Sequence[MeldSpec]] | None = None,
    wall: str | None = None,
    wall_extra: int | None = None,
    turn: int = 0,
    dealer: int = 0,
    phase: str = "play",
    drawn: str | None = None,
    **fields: Any,
) -> tuple[Any, Tiles]:
    """A position with ``turn`` to play.

    ``hands``: faces per seat (seats left out get no tiles); ``melds``: per seat;
    ``wall``: the wall's first tiles in draw order, followed by ``wall_extra`` unused tiles
    (default: all of them; 0 makes the listed tiles the whole wall); ``drawn``: which face in the
    turn player's hand was just drawn; ``fields``: the game's own state fields.
    """
    tiles = Tiles(faces)
    hand_ids = [tuple(sorted(tiles.many(hands.get(s, "")))) for s in range(4)]
    meld_rows: list[tuple[Meld, ...]] = [(), (), (), ()]
    for s, ms in (melds or {}).items():
        row = []
        for kind, face, source in ms:
            if kind == "chow":
                f = parse_face(face)
                ids = tuple(tiles.take(FACE_NAMES[f + i]) for i in range(3))
            else:
                ids = tuple(tiles.take(face) for _ in range(3 if kind == "pung" else 4))
            row.append(Meld("kong" if kind == "ckong" else kind, ids, source=source,
                            concealed=kind == "ckong"))
        meld_rows[s] = tuple(row)
    front = list(tiles.many(wall)) if wall else []
    rest = tiles.rest()
    if wall_extra is not None:
        rest = rest[:wall_extra]
    state = state_class(
        seed=0, dealer=dealer, wall=tuple(front + rest), hands=tuple(hand_ids),
        melds=tuple(meld_rows), discards=((),) * 4, phase=phase, turn=turn, **fields)
    if drawn is not None:
        f = parse_face(drawn)
        state = evolve(state, drawn=max(t for t in hand_ids[turn] if t >> 2 == f))
    return state, tiles


def declare_face_down(game: Any, state: Any, seat: int) -> Any:
    """``seat`` declares its concealed kong in ``state`` (its only one); checks that the kong
    lies face down to everybody else (MCR-3.3, SC-4.3, NT-4.1): the other seats' views and the
    spectator's show the meld without cards and its event without a card, and no id of it;
    the owner's view and the replay's open view show all four. Returns the state after it."""
    kong = next(a for a in game.legal_actions(state, seat) if a["type"] == "concealed_kong")
    after = game.apply(state, seat, kong)
    ids = set(kong["cards"])
    at = next(i for i, m in enumerate(after.melds[seat]) if m.concealed)
    mine = game.view(after, seat)
    assert {c["id"] for c in mine["players"][seat]["melds"][at]["cards"]} == ids
    made = [e for e in mine["events"] if e["type"] == "concealed_kong"]
    assert made[-1]["card"]["id"] in ids
    for viewer in [s for s in range(game.players) if s != seat] + [None]:
        view = game.view(after, viewer)
        meld = view["players"][seat]["melds"][at]
        assert meld["cards"] is None and meld["concealed"], (viewer, meld)
        made = [e for e in view["events"] if e["type"] == "concealed_kong"]
        assert made[-1] == {"type": "concealed_kong", "seat": seat, "from": None}, (viewer, made)
        assert not ids & set(_ints(view)), f"seat {viewer} sees an id of the kong"
    open_ = game.open_view(after)
    assert {c["id"] for c in open_["players"][seat]["melds"][at]["cards"]} == ids
    return after


def _ints(node: object) -> list[int]:
    """Every int anywhere in a JSON value."""
    if isinstance(node, dict):
        return [i for v in node.values() for i in _ints(v)]
    if isinstance(node, list):
        return [i for v in node for i in _ints(v)]
    return [node] if isinstance(node, int) and not isinstance(node, bool) else []


def faces(ids: Sequence[int]) -> str:
    return " ".join(FACE_NAMES[t >> 2] for t in sorted(ids))


def tile_of(state: Any, seat: int, face: str) -> int:
    """An id of ``face`` in ``seat``'s hand."""
    f = parse_face(face)
    return next(t for t in state.hands[seat] if t >> 2 == f)


def act(game: Any, state: Any, seat: int, **action: Any) -> Any:
    return game.apply(state, seat, action)


def types(actions: Sequence[dict[str, Any]]) -> set[str]:
    return {a["type"] for a in actions}

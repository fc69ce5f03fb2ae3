"""Mahjong tile faces and the notation of the API (ARCHITECTURE.md).

A *face* is an int: 0–8 characters ``1m``–``9m``, 9–17 dots ``1p``–``9p``, 18–26 bamboo
``1s``–``9s``, 27–30 winds ``E S W N``, 31–33 dragons ``C F P`` (red, green, white), 34–41
flowers ``f1``–``f8``. A physical tile is an *id*: ``id // 4`` is its face for the 136 suited and
honour tiles (four copies each), and ids 136–143 are the eight flowers. Copies are equal for the
rules; the id only keeps the physical identity (SC-1.2).
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "mps"
SUIT_NAMES = ("characters", "dots", "bamboo")
HONOR_NAMES = ("E", "S", "W", "N", "C", "F", "P")
NUM_SUITED = 27
NUM_FACES = 34
"""Faces that can form melds (suited and honours): the length of a counts vector."""
FLOWER_BASE = 34

FACE_NAMES: tuple[str, ...] = tuple(
    [f"{r}{s}" for s in SUITS for r in range(1, 10)]
    + list(HONOR_NAMES)
    + [f"f{k}" for k in range(1, 9)]
)
_FACE_INDEX = {name: i for i, name in enumerate(FACE_NAMES)}

_NUMERALS = "一二三四五六七八九"
_SUIT_CHARS = "万筒条"
CHINESE: tuple[str, ...] = tuple(
    [f"{_NUMERALS[r]}{_SUIT_CHARS[s]}" for s in range(3) for r in range(9)]
    + ["东", "南", "西", "北", "中", "發", "白"]
    + ["梅", "兰", "竹", "菊", "春", "夏", "秋", "冬"]
)


def face_name(face: int) -> str:
    return FACE_NAMES[face]


def parse_face(name: object) -> int:
    """The face of a notation string such as ``"5m"``; ``ValueError`` for anything else."""
    if isinstance(name, str) and name in _FACE_INDEX:
        return _FACE_INDEX[name]
    raise ValueError(f"not a tile: {name!r} (expected e.g. '5m', '1p', '9s', 'E', 'C', 'f1')")


def face_of(tile_id: int) -> int:
    """The face of a physical tile id."""
    return tile_id >> 2 if tile_id < 136 else FLOWER_BASE + tile_id - 136


def suit_of(face: int) -> int | None:
    """0, 1, 2 for characters, dots, bamboo; ``None`` for honours and flowers."""
    return face // 9 if face < NUM_SUITED else None


def rank_of(face: int) -> int | None:
    """1–9 for a suited face; ``None`` otherwise."""
    return face % 9 + 1 if face < NUM_SUITED else None


def is_terminal_or_honor(face: int) -> bool:
    return face >= NUM_SUITED or face % 9 in (0, 8)


def suited_ids(copies: int = 4) -> tuple[int, ...]:
    """Ids of the 108 suited tiles (Sichuan's whole set)."""
    return tuple(f * 4 + c for f in range(NUM_SUITED) for c in range(copies))


def counts_of(faces: Iterable[int]) -> tuple[int, ...]:
    """The counts vector (length ``NUM_FACES``) of some meldable faces."""
    c = [0] * NUM_FACES
    for f in faces:
        c[f] += 1
    return tuple(c)


def counts_of_ids(ids: Iterable[int]) -> tuple[int, ...]:
    c = [0] * NUM_FACES
    for t in ids:
        c[t >> 2] += 1
    return tuple(c)


_ID_NAMES: tuple[str, ...] = tuple(FACE_NAMES[face_of(t)] for t in range(136 + 8))
"""Every physical tile id's face name (136 tiles and 8 flowers): views name tens of tiles at
every step of a search's playouts."""


def tile_json(tile_id: int) -> dict[str, object]:
    """A visible physical tile as the API shows it."""
    if 0 <= tile_id < 144:
        return {"id": tile_id, "face": _ID_NAMES[tile_id]}
    return {"id": tile_id, "face": FACE_NAMES[face_of(tile_id)]}

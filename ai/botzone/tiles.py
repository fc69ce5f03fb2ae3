"""Botzone's tile names and paiju's faces, both ways.

Botzone writes ``W1``–``W9`` characters (万), ``B1``–``B9`` dots (饼), ``T1``–``T9`` bamboo (条),
``F1``–``F4`` the winds East South West North, ``J1``–``J3`` the dragons red, green, white (中发白)
and ``H1``–``H8`` the flowers spring, summer, autumn, winter, plum, orchid, bamboo, chrysanthemum
(春夏秋冬梅兰竹菊; the game page of Botzone's "Mahjong-GB"). paiju's faces
(``engine.mahjong.tiles``) are ``1m``…, ``1p``…, ``1s``…, ``E S W N``, ``C F P`` (red, green,
white) and ``f1``–``f8`` for 梅兰竹菊春夏秋冬: ``H1``–``H4`` are ``f5``–``f8``, ``H5``–``H8``
are ``f1``–``f4``.
"""

from __future__ import annotations

from engine.mahjong.tiles import FACE_NAMES, parse_face

_SUIT = {"m": "W", "p": "B", "s": "T"}
_HONOURS = ("F1", "F2", "F3", "F4", "J1", "J2", "J3")

BOTZONE_NAMES: tuple[str, ...] = tuple(
    [f"{_SUIT[s]}{r}" for s in "mps" for r in range(1, 10)]
    + list(_HONOURS)
    + [f"H{k}" for k in (5, 6, 7, 8, 1, 2, 3, 4)]  # paiju's f1-f8 are 梅兰竹菊春夏秋冬
)
"""Botzone's name of each paiju face, indexed by face."""
_FACES = {name: face for face, name in enumerate(BOTZONE_NAMES)}


def to_botzone(face: int) -> str:
    """Botzone's name of a paiju face (an int, see ``engine.mahjong.tiles``)."""
    return BOTZONE_NAMES[face]


def from_botzone(name: str) -> int:
    """The paiju face of a Botzone tile name; ``ValueError`` for anything else."""
    try:
        return _FACES[name]
    except KeyError:
        raise ValueError(f"not a Botzone tile: {name!r} (expected e.g. 'W5', 'B1', 'T9', "
                         "'F1', 'J3', 'H2')") from None


def botzone_of_notation(name: str) -> str:
    """Botzone's name of a face in paiju's notation (``"5m"`` → ``"W5"``)."""
    return to_botzone(parse_face(name))


def notation_of_botzone(name: str) -> str:
    """paiju's notation of a Botzone tile name (``"J1"`` → ``"C"``)."""
    return FACE_NAMES[from_botzone(name)]


__all__ = ["BOTZONE_NAMES", "botzone_of_notation", "from_botzone", "notation_of_botzone",
           "to_botzone"]

"""Nantong long cards: faces, notation and the physical deck (NT-1).

The faces sit on the mahjong face space so that the hand readings of ``engine/mahjong/hand.py``
apply unchanged: 0–8 Myriads ``1m``–``9m`` (where mahjong has characters), 9–17 Coins
``1p``–``9p`` (dots), 18–26 Strings ``1s``–``9s`` (bamboo), and the three cards that form only
identical groups (NT-1.3) on the first honour faces: 27 Thousand ``Q``, 28 White Flower ``B``,
29 Red Flower ``H``. Honours never form sequences in the mahjong readings, which is exactly
NT-1.3. A card id is ``face * 4 + copy`` (ids 0–119), so ``id >> 2`` is its face as in mahjong.
"""

from __future__ import annotations

from ..mahjong.tiles import FACE_NAMES as _MAHJONG_NAMES

NUM_SUITED = 27
NUM_FACES = 30
THOUSAND, WHITE_FLOWER, RED_FLOWER = 27, 28, 29
NINE_OF_STRINGS = 26
ONE_OF_COINS = 9
"""The lowest card of Wenqian, the 1–2–3 of Coins (文钱)."""

OLD_GENERALS = frozenset({THOUSAND, WHITE_FLOWER, RED_FLOWER, NINE_OF_STRINGS})  # NT-1.4
ELDERS = (RED_FLOWER, WHITE_FLOWER, THOUSAND)  # NT-6.6 Three Elders

FACE_NAMES: tuple[str, ...] = tuple(_MAHJONG_NAMES[:NUM_SUITED]) + ("Q", "B", "H")
_FACE_INDEX = {name: i for i, name in enumerate(FACE_NAMES)}

_NUMERALS = "一二三四五六七八九"
CHINESE: tuple[str, ...] = tuple(
    [f"{_NUMERALS[r]}{suit}" for suit in "万饼条" for r in range(9)] + ["千", "白花", "红花"])
SUIT_NAMES = {"m": "Myriads", "p": "Coins", "s": "Strings"}

DECK = tuple(range(NUM_FACES * 4))
"""NT-1.1: the 120 cards of this table, four copies of each of the 30 faces."""


def parse_face(name: object) -> int:
    """The face of a notation string such as ``"5m"`` or ``"Q"``; ``ValueError`` otherwise."""
    if isinstance(name, str) and name in _FACE_INDEX:
        return _FACE_INDEX[name]
    raise ValueError(f"not a Nantong card: {name!r} (expected e.g. '5m', '1p', '9s', 'Q', 'B', 'H')")


def face_name(face: int) -> str:
    return FACE_NAMES[face]


def card_json(card: int) -> dict[str, object]:
    """A visible physical card as the API shows it: ``{"id": 57, "face": "6p"}``."""
    return {"id": card, "face": FACE_NAMES[card >> 2]}


def is_old_general(face: int) -> bool:
    return face in OLD_GENERALS


def is_ordinary(face: int) -> bool:
    """NT-1.5: a suit card other than the Nine of Strings."""
    return face < NUM_SUITED and face != NINE_OF_STRINGS


def rank(face: int) -> int | None:
    """1–9 for a suit card, None for Thousand and the Flowers."""
    return face % 9 + 1 if face < NUM_SUITED else None


def indicator_applies(indicator: int, face: int) -> bool:
    """NT-6.2: an ordinary indicator doubles the ordinary cards of its rank in every suit; an
    Old-General indicator doubles the four Old Generals; neither family reaches the other."""
    if is_old_general(indicator):
        return is_old_general(face)
    return is_ordinary(face) and face % 9 == indicator % 9


__all__ = [
    "CHINESE", "DECK", "ELDERS", "FACE_NAMES", "NINE_OF_STRINGS", "NUM_FACES", "NUM_SUITED",
    "OLD_GENERALS", "ONE_OF_COINS", "RED_FLOWER", "THOUSAND", "WHITE_FLOWER", "card_json",
    "face_name", "indicator_applies", "is_old_general", "is_ordinary", "parse_face", "rank",
]

"""Paohuzi word cards (PH-1) and their notation (ARCHITECTURE.md).

A *face* is an int 0–19: 0–9 are the small numbers ``x1``–``x10`` (小写 一…十), 10–19 the big
numbers ``d1``–``d10`` (大写 壹…拾). A physical card is an *id* 0–79: ``id >> 2`` is its face and
``id & 3`` which of the four copies it is (PH-1.1, PH-1.2).

Chi shapes (PH-4.5): three consecutive values of one size, 2–7–10 of one size, or three of one
value mixing sizes, two and one (绞).
"""

from __future__ import annotations

from collections.abc import Iterable

NUM_FACES = 20
DECK: tuple[int, ...] = tuple(range(4 * NUM_FACES))
FACE_NAMES: tuple[str, ...] = tuple([f"x{v}" for v in range(1, 11)] + [f"d{v}" for v in range(1, 11)])
_FACE_INDEX = {name: i for i, name in enumerate(FACE_NAMES)}
SMALL_NUMERALS = "一二三四五六七八九十"
BIG_NUMERALS = "壹贰叁肆伍陆柒捌玖拾"
CHINESE: tuple[str, ...] = tuple(SMALL_NUMERALS) + tuple(BIG_NUMERALS)

SEQUENCE, TWO_SEVEN_TEN, MIXED = "sequence", "2-7-10", "mixed"


def value_of(face: int) -> int:
    """1–10."""
    return face % 10 + 1


def parse_face(name: object) -> int:
    """The face of a notation string such as ``"x3"`` or ``"d10"``; ``ValueError`` otherwise."""
    if isinstance(name, str) and name in _FACE_INDEX:
        return _FACE_INDEX[name]
    raise ValueError(f"not a Paohuzi card: {name!r} (expected x1-x10 small or d1-d10 big)")


def card_json(card: int) -> dict[str, object]:
    """A physical card as the API shows it: ``{"id": 57, "face": "d5"}``."""
    return {"id": card, "face": FACE_NAMES[card >> 2]}


def counts_of(faces: Iterable[int]) -> tuple[int, ...]:
    c = [0] * NUM_FACES
    for f in faces:
        c[f] += 1
    return tuple(c)


def counts_of_ids(ids: Iterable[int]) -> list[int]:
    c = [0] * NUM_FACES
    for i in ids:
        c[i >> 2] += 1
    return c


def chi_shape(faces: Iterable[int]) -> str | None:
    """The PH-4.5 shape of three faces, or ``None`` when they are not a chi."""
    a, b, c = sorted(faces)
    if a // 10 == c // 10:
        if b == a + 1 and c == a + 2:
            return SEQUENCE
        if value_of(a) == 2 and b == a + 5 and c == a + 8:
            return TWO_SEVEN_TEN
    if c == a + 10 and b in (a, c):
        return MIXED  # one value, sizes mixed two and one: {s, s, b} or {s, b, b}
    return None


def _shapes_with(face: int) -> tuple[tuple[int, int, int], ...]:
    """Every chi (sorted faces) that contains ``face``."""
    size, v = face // 10, value_of(face)
    base = size * 10
    out: list[tuple[int, int, int]] = []
    for low in (face - 2, face - 1, face):
        if base <= low and low + 2 < base + 10:
            out.append((low, low + 1, low + 2))
    if v in (2, 7, 10):
        out.append((base + 1, base + 6, base + 9))
    small, big = v - 1, v + 9
    out.append((small, small, big))
    out.append((small, big, big))
    return tuple(out)


SHAPES_WITH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    _shapes_with(f) for f in range(NUM_FACES))
"""Per face, every chi containing it (PH-4.5), as sorted face triples."""


__all__ = [
    "BIG_NUMERALS", "CHINESE", "DECK", "FACE_NAMES", "MIXED", "NUM_FACES", "SEQUENCE",
    "SHAPES_WITH", "SMALL_NUMERALS", "TWO_SEVEN_TEN", "card_json", "chi_shape", "counts_of",
    "counts_of_ids", "parse_face", "value_of",
]

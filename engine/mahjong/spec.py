"""Reading the JSON hand descriptions of the mahjong calculators (``game.score``): the parts
Sichuan, MCR and Nantong share. Every fault is an ``InvalidSpec`` that says where and why."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..core.errors import InvalidSpec
from .tiles import FACE_NAMES, parse_face

FaceReader = Callable[[object, str], int]


def face_reader(limit: int, beyond: str) -> FaceReader:
    """A reader of one tile name whose face must be below ``limit`` (``beyond`` explains why)."""

    def read(value: object, where: str) -> int:
        try:
            f = parse_face(value)
        except ValueError as e:
            raise InvalidSpec(f"{where}: {e}") from None
        if f >= limit:
            raise InvalidSpec(f"{where}: {value!r} {beyond}")
        return f

    return read


def read_object(spec: object, fields: Iterable[str]) -> dict[str, Any]:
    """The spec as a dict with no field outside ``fields``."""
    if not isinstance(spec, dict):
        raise InvalidSpec("the spec must be a JSON object")
    unknown = set(spec) - set(fields)
    if unknown:
        raise InvalidSpec(f"unknown fields: {', '.join(sorted(map(str, unknown)))}")
    return spec


def read_meld_list(spec: dict[str, Any]) -> list[Any]:
    melds = spec.get("melds", [])
    if not isinstance(melds, list) or len(melds) > 4:
        raise InvalidSpec("melds must be a list of at most four melds")
    return melds


def read_hand(spec: dict[str, Any], n_melds: int, face: FaceReader) -> tuple[list[int], int]:
    """The concealed faces (13 − 3·melds of them, the winning tile apart) and the winning face."""
    tiles = spec.get("concealed")
    if not isinstance(tiles, list):
        raise InvalidSpec("concealed must be a list of tiles such as ['1m', '2m']")
    faces = [face(t, f"concealed[{i}]") for i, t in enumerate(tiles)]
    need = 13 - 3 * n_melds
    if len(faces) != need:
        raise InvalidSpec(f"with {n_melds} melds the concealed tiles (without the winning "
                          f"tile) must number {need}, not {len(faces)}")
    return faces, face(spec.get("winning_tile"), "winning_tile")


def read_flags(spec: dict[str, Any], names: Iterable[str]) -> dict[str, bool]:
    flags = {}
    for name in names:
        v = spec.get(name, False)
        if not isinstance(v, bool):
            raise InvalidSpec(f"{name} must be a boolean")
        flags[name] = v
    return flags


def check_copies(total: Iterable[int]) -> None:
    """No face more than four times across the whole hand."""
    over = [FACE_NAMES[f] for f, n in enumerate(total) if n > 4]
    if over:
        raise InvalidSpec(f"more than four copies of {', '.join(over)}")

"""Hand-made Sichuan positions (see ``tests/tables.py``): faces in, a Sichuan ``State`` out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.mahjong import SUITS
from engine.sichuan import State
from tests.tables import Tiles, act, faces, table_position, tile_of, types


def position(hands: Mapping[int, str], *, missing: str = "pppp",
             **kw: Any) -> tuple[State, Tiles]:
    """``missing``: one suit letter per seat (``?``: not declared yet); the rest as
    ``tests.tables.table_position``."""
    return table_position(  # type: ignore[no-any-return]
        State, hands, faces=27,
        missing=tuple(None if m == "?" else SUITS.index(m) for m in missing), **kw)


__all__ = ["SUITS", "Tiles", "act", "faces", "position", "tile_of", "types"]

"""Hand-made MCR positions (see ``tests/tables.py``): faces in, an MCR ``State`` out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.mcr import State
from tests.tables import Tiles, act, faces, table_position, tile_of, types


def position(hands: Mapping[int, str], *, flowers: Mapping[int, str] | None = None,
             **kw: Any) -> tuple[State, Tiles]:
    """``flowers``: exposed flowers per seat (``"f1 f5"``); the rest as
    ``tests.tables.table_position``."""
    state, tiles = table_position(State, hands, faces=34, **kw)
    if flowers:
        from engine.core.state import evolve
        rows = tuple(tiles.many(flowers.get(s, "")) for s in range(4))
        state = evolve(state, flowers=rows)
    return state, tiles


__all__ = ["Tiles", "act", "faces", "position", "tile_of", "types"]

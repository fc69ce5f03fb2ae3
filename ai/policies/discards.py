"""Discard actions grouped by face, for the heuristics of every game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def by_face(actions: Iterable[dict[str, Any]], face_of_id: Mapping[int, int]
            ) -> dict[int, dict[str, Any]]:
    """The first discard of each face among ``actions`` (other action types skipped): copies
    of a card are one choice, so a heuristic weighs each face once."""
    out: dict[int, dict[str, Any]] = {}
    for a in actions:
        if a["type"] == "discard":
            out.setdefault(face_of_id[a["card"]], a)
    return out


__all__ = ["by_face"]

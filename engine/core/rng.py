"""Seeded shuffling and the public commitment to a seed.

``random.Random(seed).shuffle`` is used because CPython keeps its output for an integer seed
stable across versions, so anybody can replay a deal from the seed with a stock Python.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def deal_rng(seed: int) -> random.Random:
    """The random stream a deal is shuffled from."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("seed must be an int")
    return random.Random(seed)


def shuffled(items: Sequence[T], rng: random.Random) -> tuple[T, ...]:
    """A shuffled copy of ``items`` (the input is untouched)."""
    out = list(items)
    rng.shuffle(out)
    return tuple(out)


def seed_hash(seed: int) -> str:
    """SHA-256 hex of the seed's decimal form: published at the start, checked after the end."""
    return hashlib.sha256(str(int(seed)).encode("ascii")).hexdigest()

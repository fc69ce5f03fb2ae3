"""Exchange three (换三张, rules/options.md OPT-SC-1): what a seat may pass and how the tiles move.

Pure helpers the game's exchange phase calls. A selection is three tile ids of one suit from the
seat's hand; the legal list names each distinct combination of faces once, by the lowest ids of
each face it uses (which copy of a face is passed makes no difference to the game), so a hand
offers at most a few hundred selections. The direction ``d`` is a number: seat ``s`` gives to
``(s + d) % 4`` (OPT-SC-1.2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations_with_replacement

from ..core.options import Options
from .options import EXCHANGE_DIRECTIONS

PLAYERS = 4
SIZE = 3
"""Tiles each player passes (OPT-SC-1.1)."""
DIRECTION_NAMES = {d: name for name, d in EXCHANGE_DIRECTIONS.items()}

Pick = tuple[int, ...]


def exchanging(options: Options) -> bool:
    """Whether the match plays the exchange phase (OPT-SC-1.1)."""
    return bool(options.exchange_three != "off")


def draw_direction(value: str, rng: random.Random) -> int | None:
    """The deal's direction under ``exchange_three = value`` as ``new_deal`` fixes it
    (OPT-SC-1.2, OPT-0.3), and as a sampler redraws it while it is secret: the option's own,
    or for ``"random"`` one of the three drawn uniformly from the deal's rng (after the
    shuffle); None when there is no exchange. Secret until the tiles move."""
    if value == "off":
        return None
    if value == "random":
        return random_direction(rng)
    return EXCHANGE_DIRECTIONS[value]


def random_direction(rng: random.Random) -> int:
    """OPT-SC-1.2's ``"random"``: one of the three directions, uniformly."""
    return rng.choice(sorted(DIRECTION_NAMES))


def selections(hand: Sequence[int]) -> list[Pick]:
    """Every distinct selection of ``hand`` (sorted ids): three tiles of one suit, each
    combination of faces once, by the lowest ids of each face, in ascending order."""
    by_face: dict[int, list[int]] = {}
    for t in sorted(hand):
        by_face.setdefault(t >> 2, []).append(t)
    out: list[Pick] = []
    for suit in range(3):
        faces = [f for f in sorted(by_face) if f // 9 == suit]
        for combo in combinations_with_replacement(faces, SIZE):
            if all(combo.count(f) <= len(by_face[f]) for f in set(combo)):
                out.append(tuple(sorted(t for f in set(combo)
                                        for t in by_face[f][:combo.count(f)])))
    return out


def canonical(hand: Sequence[int], cards: Sequence[int]) -> Pick | None:
    """The listed selection that passes the same faces as ``cards`` (ids of ``hand``), or None
    when ``cards`` is no selection at all (not three distinct held tiles of one suit)."""
    if len(cards) != SIZE or len(set(cards)) != SIZE or not set(cards) <= set(hand) \
            or len({(t >> 2) // 9 for t in cards}) != 1:
        return None
    faces = sorted(t >> 2 for t in cards)
    return next(p for p in selections(hand) if sorted(t >> 2 for t in p) == faces)


def random_pick(hand: Sequence[int], rng: random.Random) -> Pick:
    """A selection drawn at random (a sampled seat whose real one is secret)."""
    return rng.choice(selections(hand))


def receiver(seat: int, direction: int) -> int:
    """OPT-SC-1.2: the seat that ``seat`` gives to."""
    return (seat + direction) % PLAYERS


def giver(seat: int, direction: int) -> int:
    """The seat that gives to ``seat``."""
    return (seat - direction) % PLAYERS


def moved(hands: Sequence[Pick], picks: Sequence[Pick], direction: int) -> tuple[Pick, ...]:
    """The hands once all twelve tiles have moved at once (OPT-SC-1.2), sorted, sizes kept."""
    out = []
    for s, hand in enumerate(hands):
        gone = set(picks[s])
        kept = [t for t in hand if t not in gone]
        out.append(tuple(sorted(kept + list(picks[giver(s, direction)]))))
    return tuple(out)


__all__ = ["DIRECTION_NAMES", "Pick", "canonical", "draw_direction", "exchanging", "giver",
           "moved", "random_direction", "random_pick", "receiver", "selections"]

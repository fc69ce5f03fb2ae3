"""The shared hint measures (engine/mahjong/hints.py): block shanten toward any target, and
whether a hidden hand could win on a face."""

from __future__ import annotations

import random

from engine.mahjong import counts_of, parse_face
from engine.mahjong.hand import add_face, is_standard_complete
from engine.mahjong.hints import could_complete


def faces(text: str) -> tuple[int, ...]:
    return counts_of(parse_face(f) for f in text.split())


def test_could_complete_needs_the_unseen_copies() -> None:
    one = faces("5p")
    assert could_complete(one, 1, parse_face("5p"))        # the hidden tile may be 5p
    assert not could_complete(one, 1, parse_face("6p"))
    assert not could_complete(faces(""), 1, parse_face("5p"))
    # an honour pairs or pungs only; a suited face also closes a chow
    pool = faces("E 4p 6p 1m 1m 1m")
    assert could_complete(pool, 4, parse_face("5p"))       # 4p 6p + 111m waits on 5p
    assert not could_complete(pool, 4, parse_face("S"))
    assert not could_complete(pool, 3, parse_face("5p"))    # no hand of 3k+2 tiles waits


def test_could_complete_agrees_with_brute_force() -> None:
    """On small pools, the answer equals trying every hand of the size."""
    from itertools import combinations

    rng = random.Random(4)
    deck = [f for f in range(9) for _ in range(4)] + [27] * 4
    for _ in range(40):
        pool_tiles = rng.sample(deck, 9)
        pool = counts_of(pool_tiles)
        for face in (0, 4, 8, 27):
            want = any(is_standard_complete(add_face(counts_of(h), face))
                       for h in set(combinations(sorted(pool_tiles), 4)))
            assert could_complete(pool, 4, face) == want

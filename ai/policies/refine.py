"""What every game's refiner shares (``<game>_refine.py``, which ``strong`` applies to each
re-dealt deal): a target shanten drawn from measured shares, a random walk of a hand down to it,
and putting the walked hands back into the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.state import evolve


def drawn_shanten(discards: int, rng: random.Random,
                  shares: tuple[tuple[float, ...], ...]) -> int:
    """A shanten drawn from the ``shares`` of row ``discards`` (the last row for more)."""
    x = rng.random()
    row = shares[min(discards, len(shares) - 1)]
    for k, p in enumerate(row):
        x -= p
        if x < 0:
            return k
    return len(row) - 1


def walkable(state: Any, seat: int, s: int) -> bool:
    """Whether opponent ``s``'s re-dealt hand may be walked: not the searching seat's, and not
    a hand holding its just-drawn tile (part of the re-deal's bookkeeping)."""
    return s != seat and not (state.phase == "play" and state.turn == s
                              and state.drawn is not None)


def placed(hand: list[int], pool: list[int], rng: random.Random
           ) -> tuple[tuple[int, ...], list[int]]:
    """The walked ``hand`` (sorted) and the rest of ``pool`` as the new wall, shuffled."""
    chosen = set(hand)
    wall = [t for t in pool if t not in chosen]
    rng.shuffle(wall)
    return tuple(sorted(hand)), wall


def redealt(game: Any, state: Any, seat: int, hands: list[tuple[int, ...]],
            wall: list[int]) -> Any:
    """``state`` with the refined hands and wall; an open claim window is asked again, since
    the opponents' options on it depend on their hands."""
    new = evolve(state, hands=tuple(hands), wall=tuple(wall))
    if new.window is not None:
        new = evolve(new, window=game._reask(new, new.window, seat))
    return new


def walk_down(pool: list[int], n: int, faces: int,
              shanten: Callable[[tuple[int, ...]], float], target: float, rng: random.Random,
              tries: int, start: list[int] | None = None,
              swappable: Callable[[int, int], bool] | None = None) -> list[int]:
    """A random hand of ``n`` cards from ``pool`` (face ``id >> 2``; or ``start``), then random
    exchanges with the rest of the pool that do not raise its shanten, until it is at most
    ``target``; ``swappable(out_face, in_face)`` False skips an exchange unmeasured (Sichuan:
    a tile of the missing suit for a live one)."""
    hand = list(start) if start is not None else rng.sample(pool, n)
    held = set(hand)
    rest = [t for t in pool if t not in held]
    c = [0] * faces
    for t in hand:
        c[t >> 2] += 1
    sh = shanten(tuple(c))
    for _ in range(tries):
        if sh <= target or not rest:
            break
        i, j = rng.randrange(n), rng.randrange(len(rest))
        out, into = hand[i] >> 2, rest[j] >> 2
        if out == into or (swappable is not None and not swappable(out, into)):
            continue
        c[out] -= 1
        c[into] += 1
        after = shanten(tuple(c))
        if after <= sh:
            sh = after
            hand[i], rest[j] = rest[j], hand[i]
        else:
            c[out] += 1
            c[into] -= 1
    return hand


def walk_opponents(game: Any, state: Any, seat: int, rng: random.Random,
                   walk: Callable[[int, list[int], int], list[int] | None],
                   between_actions_only: bool = True) -> Any:
    """``state`` with each walkable opponent's hand replaced by ``walk(opponent, its cards and
    the wall, hand size)`` (None: that hand is left as dealt), the rest of the pool as the wall;
    unchanged outside play and claims. ``between_actions_only``: only hands between actions (a
    multiple of three plus one) are walked, not one that has just claimed and must discard."""
    if state.phase != "play" and state.phase != "claim":
        return state
    hands = list(state.hands)
    wall = list(state.wall)
    changed = False
    for s in range(len(hands)):
        n = len(hands[s])
        if not walkable(state, seat, s) or (between_actions_only and n % 3 != 1):
            continue
        pool = list(hands[s]) + wall
        hand = walk(s, pool, n)
        if hand is None:
            continue
        hands[s], wall = placed(hand, pool, rng)
        changed = True
    return redealt(game, state, seat, hands, wall) if changed else state


__all__ = ["drawn_shanten", "placed", "redealt", "walk_down", "walk_opponents", "walkable"]

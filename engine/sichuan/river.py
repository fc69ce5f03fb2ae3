"""Blood River (血流成河, rules/options.md OPT-SC-2): what a locked hand may do, and locked hands
re-dealt for a seat that cannot see them.

From its first win a Blood River hand is locked (OPT-SC-2.3): it keeps the same waits to the
end of the deal, so the only choices left are a win, a kong that uses the tile just drawn (or
the discard on offer) and leaves the set of winning faces exactly as it was, and the discard of
the tile just drawn. The game (``game.py``) asks these helpers where SC-4 and SC-5 list actions;
the samplers ask ``ready_hand`` so that another seat's locked hand, dealt at random, is still a
hand that wins on every tile it has won on (the win pile is public, OPT-SC-2.2 and 2.4).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.protocol import Action
from ..mahjong import counts_of_ids, is_seven_pairs, is_standard_complete

if TYPE_CHECKING:
    from .state import State

FACES = 27


def complete(counts: Sequence[int], n_melds: int) -> bool:
    """SC-7.1/7.2: four melds and a pair (declared melds included), or seven pairs."""
    c = tuple(counts)
    return is_standard_complete(c) or (n_melds == 0 and is_seven_pairs(c))


def winning_faces(hand: Sequence[int], n_melds: int, missing: int | None) -> frozenset[int]:
    """The faces that would complete ``hand`` (tile ids, 3k+1 of them) with ``n_melds``
    declared melds, counted whatever copies remain (OPT-SC-2.3) but never a fifth copy in the
    hand; none while it holds its missing suit (SC-3.2, SC-7.3)."""
    counts = list(counts_of_ids(tuple(hand)))
    if missing is not None and any(counts[9 * missing:9 * missing + 9]):
        return frozenset()
    out = set()
    for face in range(FACES):
        if (missing is not None and face // 9 == missing) or counts[face] >= 4:
            continue
        counts[face] += 1
        if complete(counts, n_melds):
            out.add(face)
        counts[face] -= 1
    return frozenset(out)


def kong_keeps_waits(hand: Sequence[int], n_melds: int, missing: int | None, face: int,
                     before: Sequence[int]) -> bool:
    """OPT-SC-2.3: a locked hand's kong of ``face`` is allowed only if the faces that complete
    it are exactly those that completed ``before`` (the hand before the draw or the claim).
    ``hand`` holds the kong's tiles of ``face`` that come from the hand; the kong takes them all
    and becomes one more declared meld."""
    after = [t for t in hand if t >> 2 != face]
    return winning_faces(after, n_melds + 1, missing) == winning_faces(before, n_melds, missing)


def locked_turn_actions(hand: Sequence[int], drawn: int, n_melds: int, pung_faces: set[int],
                        missing: int | None, can_win: bool, can_kong: bool) -> list[Action]:
    """What a locked hand may do on its turn with ``drawn`` just drawn (OPT-SC-2.3): win by
    self-draw, a concealed kong of the drawn tile's face (three more in hand) or an added kong
    of the drawn tile onto a pung, when it keeps the waits, or discard the drawn tile."""
    face = drawn >> 2
    before = [t for t in hand if t != drawn]
    out: list[Action] = [{"type": "win"}] if can_win else []
    if can_kong:
        same = sorted(t for t in hand if t >> 2 == face)
        if len(same) == 4 and kong_keeps_waits(hand, n_melds, missing, face, before):
            out.append({"type": "concealed_kong", "cards": same})
        if face in pung_faces:  # the hand itself is unchanged: its waits are too
            out.append({"type": "added_kong", "card": drawn})
    out.append({"type": "discard", "card": drawn})
    return out


def locked_claims(hand: Sequence[int], n_melds: int, missing: int | None, tile: int,
                  can_win: bool, meld_claims: list[Hashable]) -> list[Hashable]:
    """A locked hand's claims on another's discard (OPT-SC-2.3): a win, or an exposed kong
    that keeps the waits; never a pung."""
    out: list[Hashable] = ["win"] if can_win else []
    if "kong" in meld_claims and kong_keeps_waits(hand, n_melds, missing, tile >> 2, hand):
        out.append("kong")
    return out


# ---------------------------------------------------------------- sampling a locked hand

READY_TRIES = 60
"""Random hands built before ``ready_hand`` gives up (the pool may hold no such hand)."""


def ready_hand(pool: Sequence[int], size: int, n_melds: int, missing: int | None,
               wins: Sequence[int], rng: random.Random,
               keep: Collection[int] = ()) -> list[int] | None:
    """``size`` tile ids from ``pool`` (3k+1 of them) forming a hand that every face of
    ``wins`` completes (the faces a locked hand has won on, OPT-SC-2.3 keeps them its waits),
    or None when the random tries find none. Standard shapes only, built block by block around
    the first winning face; of each face it takes the ids of ``keep`` first."""
    by_face: dict[int, list[int]] = {}
    for t in pool:
        if missing is None or (t >> 2) // 9 != missing:
            by_face.setdefault(t >> 2, []).append(t)
    sets = (size - 1) // 3
    if not wins or sets < 0:
        return None
    for _ in range(READY_TRIES):
        counts = [len(by_face.get(f, ())) for f in range(FACES)]
        faces = _blocks(counts, sets, wins[0], rng, [t >> 2 for t in keep])
        if faces is None:
            continue
        faces.remove(wins[0])
        hand_counts = [0] * FACES
        for f in faces:
            hand_counts[f] += 1
        if all(_completes(hand_counts, n_melds, w) for w in wins):
            left = {f: list(ts) for f, ts in by_face.items()}
            return sorted(_take(left[f], keep, rng) for f in faces)
    return None


def _take(ids: list[int], keep: Collection[int], rng: random.Random) -> int:
    """One of ``ids`` (removed from it): one of ``keep`` if any is there, else any."""
    kept = [i for i, t in enumerate(ids) if t in keep]
    return ids.pop(kept[0] if kept else rng.randrange(len(ids)))


def _completes(counts: list[int], n_melds: int, face: int) -> bool:
    """Whether ``face`` completes the hand ``counts`` (as ``winning_faces`` counts it)."""
    if counts[face] >= 4:
        return False
    counts[face] += 1
    ok = complete(counts, n_melds)
    counts[face] -= 1
    return ok


def _blocks(counts: list[int], sets: int, face: int, rng: random.Random,
            wanted: Sequence[int] = ()) -> list[int] | None:
    """Faces of ``sets`` melds and a pair drawn from ``counts`` (copies available per face),
    one of them holding ``face`` (which ``counts`` must then also hold one more of); blocks
    holding a face of ``wanted`` still missing are drawn first."""
    need = list(wanted)
    counts = list(counts)
    counts[face] += 1  # the winning tile itself comes from outside the pool
    out: list[int] = []
    first = [("pair", face), ("pung", face)] + [("chow", face - k) for k in range(3)]
    kinds = [b for b in first if _fits(counts, b)]
    if not kinds:
        return None
    pair_done = False
    block = rng.choice(kinds)
    while True:
        faces = _faces(block)
        for f in faces:
            counts[f] -= 1
            if f in need:
                need.remove(f)
        out += faces
        pair_done = pair_done or block[0] == "pair"
        if len(out) == 3 * sets + 2:
            return out
        need_pair = len(out) == 3 * sets and not pair_done
        options = [("pair", f) for f in range(FACES) if counts[f] >= 2] if need_pair else [
            b for f in range(FACES) for b in (("pung", f), ("chow", f)) if _fits(counts, b)]
        if not need_pair and not pair_done and len(out) < 3 * sets:
            options += [("pair", f) for f in range(FACES) if counts[f] >= 2]
        if not options:
            return None
        useful = [b for b in options if any(f in need for f in _faces(b))]
        block = rng.choice(useful or options)


def _faces(block: tuple[str, int]) -> list[int]:
    kind, f = block
    return {"pair": [f, f], "pung": [f, f, f]}.get(kind, [f, f + 1, f + 2])


def _fits(counts: list[int], block: tuple[str, int]) -> bool:
    kind, f = block
    if kind == "chow" and (f < 0 or f % 9 > 6):
        return False
    need: dict[int, int] = {}
    for x in _faces(block):
        need[x] = need.get(x, 0) + 1
    return all(counts[x] >= n for x, n in need.items())


def relock(state: State, seat: int, hands: list[tuple[int, ...]], wall: list[int],
           drawn: int | None, rng: random.Random,
           keep: Mapping[int, Collection[int]] | None = None
           ) -> tuple[list[tuple[int, ...]], list[int], int | None]:
    """Hands and a wall dealt at random for ``seat`` (``determinize``, the sampler), with each
    other seat's locked hand dealt anew from its tiles and the wall as a hand that every face
    it has won on completes (OPT-SC-2.3: its waits never change); the seat to act keeps one
    more tile, its drawn one. ``keep``: tiles ``seat`` knows a hand holds (the three it passed
    in an exchange, OPT-SC-1.3), which the new hand must hold too. A hand no random try fits
    keeps what it was dealt."""
    keep = keep or {}
    hands, wall = list(hands), list(wall)
    for s in range(len(hands)):
        if s == seat or not state.locked(s):
            continue
        with_drawn = state.phase == "play" and state.turn == s and drawn is not None
        pool = list(hands[s]) + wall
        won = [w.tile >> 2 for w in state.wins if w.seat == s]
        must = set(keep.get(s, ()))
        new = ready_hand(pool, len(hands[s]) - with_drawn, len(state.melds[s]),
                         state.missing[s], won, rng, must)
        if new is None or not must <= set(new):
            continue
        used = set(new)
        rest = [t for t in pool if t not in used]
        rng.shuffle(rest)
        if with_drawn:
            drawn = rest.pop()
            new.append(drawn)
        hands[s], wall = tuple(sorted(new)), rest
    return hands, wall, drawn


__all__ = ["complete", "kong_keeps_waits", "locked_claims", "locked_turn_actions", "ready_hand",
           "relock", "winning_faces"]

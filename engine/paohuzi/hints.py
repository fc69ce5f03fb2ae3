"""Paohuzi hints: how far the hand is from seven groups, the huxi it already holds and still
needs, the discards that keep it ready and what each wait would score (``engine/core/hints.py``
has the JSON).

- ``shanten`` counts card exchanges toward seven groups (PH-5.1), huxi aside: the groups on
  the table and the kans in hand stand; the loose cards are split into chis (PH-4.5), partial
  chis (two cards a third completes, a pair toward a peng or wei) and, when a ti or pao calls
  for one, the pair. ``huxi``: what the exposed groups and the kans already give (PH-6.1,
  PH-6.2); ``huxi_needed``: what is still short of the 15 a win needs (the match's
  ``min_huxi``, OPT-PH-1, OPT-0.4).
- A wait is a face that, revealed, makes seven groups (PH-5.1) through ``scoring.evaluate``;
  it ``wins`` only with at least 15 huxi (``min_huxi``): ``claimed`` when another player
  reveals it (it may join a kan, wei or peng as a pao, a pair as a peng, or a chi),
  ``self_drawn`` when the seat reveals it itself (it joins a kan or a pair at once, PH-4.3).
  A dead hand has none (PH-4.8).
  Scores list the groups of the best reading with their huxi (PH-5.3) and the tun (PH-6.3);
  under house rules also the ``payment`` each opponent would make (名堂, xing ``"follow"``,
  the self-draw bonus and the cap: ``mingtang.foreseen_payment``, OPT-0.4).
- *Visible readiness* (the discard warning): never needed. Nobody wins on a card discarded
  from a hand (PH-5.2), so no discard can let an opponent win; ``danger`` is always empty.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.hints import (
    Counts,
    Hinter,
    discard_faces,
    discard_hints,
    hints_json,
    no_hints,
    offers_win,
    score_json,
    unseen_counts,
)
from ..core.protocol import JSON
from ..mahjong.shanten import Block, combine_blocks
from .cards import FACE_NAMES, NUM_FACES
from .game import Paohuzi
from .mingtang import foreseen_payment
from .options import DEFAULTS
from .scoring import Evaluation, evaluate, group_huxi
from .state import State


def _pareto(blocks: set[Block]) -> tuple[Block, ...]:
    return combine_blocks(((0, 0, 0),), tuple(sorted(blocks)))


@lru_cache(maxsize=1 << 15)
def loose_blocks(counts: Counts, head: bool) -> tuple[Block, ...]:
    """Pareto-best (chis, partial chis, pair) splits of loose cards (none three alike); the
    pair only when ``head``."""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return ((0, 0, 0),)
    v = i % 10  # value − 1
    c = counts

    # i is the lowest card held, so every face below it is empty and every partner is above
    takes: list[tuple[tuple[int, ...], Block]] = []
    if v <= 7 and c[i + 1] and c[i + 2]:
        takes.append(((i, i + 1, i + 2), (1, 0, 0)))
    if v == 1 and c[i + 5] and c[i + 8]:
        takes.append(((i, i + 5, i + 8), (1, 0, 0)))
    if i < 10 and c[i] >= 2 and c[i + 10]:
        takes.append(((i, i, i + 10), (1, 0, 0)))
    if i < 10 and c[i + 10] >= 2:
        takes.append(((i, i + 10, i + 10), (1, 0, 0)))
    if c[i] >= 2:
        takes.append(((i, i), (0, 1, 0)))
        if head:
            takes.append(((i, i), (0, 0, 1)))
    partners = [i + 1] if v <= 8 else []
    partners += [i + 2] if v <= 7 else []
    partners += [i + 5, i + 8] if v == 1 else [i + 3] if v == 6 else []
    partners += [i + 10] if i < 10 else []
    takes += [((i, j), (0, 1, 0)) for j in partners if c[j]]
    takes.append(((i,), (0, 0, 0)))  # left alone
    out: set[Block] = set()
    for faces, (m, t, p) in takes:
        rest = list(c)
        for f in faces:
            rest[f] -= 1
        for m2, t2, p2 in loose_blocks(tuple(rest), head and not p):
            out.add((m + m2, t + t2, p + p2))
    return _pareto(out)


@lru_cache(maxsize=NUM_FACES)
def near(face: int) -> tuple[int, ...]:
    """The faces a card of ``face`` can make a chi or a partial one with (``loose_blocks``):
    its neighbours of its size, the same value of the other size, and 2–7–10."""
    size, v = divmod(face, 10)
    out = {size * 10 + w for w in range(v - 2, v + 3) if 0 <= w < 10 and w != v}
    out.add((1 - size) * 10 + v)
    if v in (1, 6, 9):
        out.update(size * 10 + w for w in (1, 6, 9) if w != v)
    return tuple(sorted(out))


def distance(counts: Counts, exposed_groups: int, fours: int) -> int:
    """Card exchanges from seven groups (−1: complete, 0: one card short), huxi aside."""
    kans = sum(1 for n in counts if n >= 3)
    loose = tuple(n if n < 3 else 0 for n in counts)
    pair = 1 if fours else 0
    n = max(0, 7 - exposed_groups - kans - pair)  # the pair is one of the seven groups
    best = 2 * n + pair - 1
    for m, t, p in loose_blocks(loose, bool(pair)):
        m = min(m, n)
        best = min(best, 2 * (n - m) - min(t, n - m) + pair - p - 1)
    return best


def _score(ev: Evaluation | None) -> JSON | None:
    if ev is None:
        return None
    return score_json(ev.winning, ev.huxi, [g.item() for g in ev.groups], tun=ev.tun)


def hints(game: Paohuzi, state: State, seat: int) -> JSON:
    """The seat's hints (``engine/core/hints.py``), from what it may see."""
    if state.phase == "over":
        return no_hints(game.name, seat, "over", "huxi")
    exposed = game.exposed(state, seat)
    groups = len(exposed)
    fours = game.fours(state, seat)
    dead = state.dead[seat]
    size = sum(len(fs) for _, fs in exposed)
    minimum = state.options.min_huxi  # OPT-PH-1.1: what a win needs and the tun count from

    def waits(counts: Counts) -> list[int]:
        if dead or not 21 <= sum(counts) + size + 1 <= 26:
            return []
        return [f for f in range(NUM_FACES)
                if any(evaluate(exposed, counts, f, own, minimum) is not None
                       for own in (False, True))]

    def score(counts: Counts, face: int, own: bool) -> JSON | None:
        ev = evaluate(exposed, counts, face, own, minimum)
        out = _score(ev)
        if out is not None and ev is not None and state.options != DEFAULTS:
            # OPT-0.4: under house rules, what each opponent would pay (名堂, xing, bonus, cap)
            out["payment"] = foreseen_payment(state.options, ev, exposed, counts, face, own)
        return out

    counts = tuple(game_counts(state, seat))
    held = list(counts)
    for _, fs in exposed:
        for f in fs:
            held[f] += 1
    hinter = Hinter(names=FACE_NAMES, distance=lambda c: distance(c, groups, fours),
                    waits=waits, score=score, held=tuple(held), near=near,
                    unseen=unseen_counts(game.hidden_cards(state, seat), lambda c: c >> 2,
                                         NUM_FACES))
    mine = state.phase == "play" and state.turn == seat
    legal = game.legal_actions(state, seat)
    body = discard_hints(hinter, counts, waiting=not game.needs_discard(state, seat),
                         discards=discard_faces(legal) if mine else {}, danger=lambda f: [],
                         win_offered=offers_win(legal))
    secured = sum(group_huxi(k, fs) for k, fs in exposed)
    secured += sum(group_huxi("kan", (f,) * 3) for f, n in enumerate(counts) if n == 3)
    body["hand"]["huxi"] = secured
    body["hand"]["huxi_needed"] = max(0, minimum - secured)
    return hints_json(game.name, seat, "huxi", body, [])


def game_counts(state: State, seat: int) -> list[int]:
    c = [0] * NUM_FACES
    for card in state.hands[seat]:
        c[card >> 2] += 1
    return c


__all__ = ["distance", "hints", "loose_blocks", "near"]

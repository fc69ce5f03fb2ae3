"""What a ``basic`` Paohuzi opponent's play says of its hidden hand, for ``strong``'s re-deals.

A Paohuzi hand only ever loses cards after the deal (PH-2.3), and every card it loses goes to
a public place: a discard, an exposed group. So the hand a seat held at any past moment is its
hand now plus what it has given up since, and every forced or always-taken choice it made
then still bounds its hand now:

- its own revealed card that made no wei or ti: it held fewer than two alike (PH-4.3);
- another's card, revealed or discarded, it made no pao with: it held no kan of it (PH-4.4
  leaves pao optional, but ``basic`` always claims one);
- a revealed card since its last move it did not win on: its hand does not win with it
  (``basic`` always wins, PH-5.2);
- its last discard: no other loose card would have left its hand worth more (``basic``
  discards the card whose removal leaves the most worth).

``basic``'s true hands never break one of these. Over 520 opponent hands of 20 basic-played
deals (``bench/strong_bias.py paohuzi --deals 20 --seed 11 --clues``), uniform re-deals broke
one in 70%; ``strong``'s walk towards worth without them in 37% (the first two clues 16%, the
third 5%, the fourth 25%); with them in 9%, for 18 ms of CPU a refine instead of 12 (and
slower playouts: the extra searches of hands crowd ``worth``'s cache; a searched decision's
playout costs 26 ms with them, 18 without, 17 with the caps alone). On 306 searched decisions of
13 basic-played deals (``bench/strong_oracle.py``, 24 playouts) the search's paired estimates
correlated with the true differences as much with the clues as without (0.15 and 0.16), and
its switches gained as much: the clues make the re-deals truer, not yet the choices better,
and in the arena strong did better without them, so ``paohuzi_refine.PAOHUZI_CLUE`` leaves
them off.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.paohuzi.scoring import MINIMUM_HUXI, evaluate

from .paohuzi_basic import NUM, worth

FROM_HAND = ("chi", "peng", "pao")
"""Claims whose event names the hand cards they used (its last field)."""
TAKES = ("wei", "ti", "pao", "win")
"""Events that take the card just revealed or discarded."""


@dataclass(frozen=True)
class Clues:
    """The bounds on one opponent's hand (counts per face, kans and the dealer's shown card
    included)."""

    caps: tuple[int, ...]
    """Most copies of each face the hand may hold."""
    reveals: tuple[tuple[int, bool], ...]
    """(face, whether its own) of the cards revealed since its last move that it did not win
    on; empty when its hand and groups cannot make seven groups with one more card."""
    exposed: tuple[tuple[str, tuple[int, ...]], ...]
    """Its exposed groups, as ``evaluate`` reads them."""
    discarded: int | None
    """The face of its last discard, when that was its last move."""
    minimum: int = MINIMUM_HUXI
    """The huxi a win needs in this match (OPT-PH-1): below it a reveal was no win to refuse."""

    def broken(self, hand: Sequence[int]) -> int:
        """How many clues the hand of card ids ``hand`` breaks (``over_caps`` and
        ``contradicted``)."""
        full = [0] * NUM
        for t in hand:
            full[t >> 2] += 1
        loose = tuple(n if n < 3 else 0 for n in full)
        return self.over_caps(full) + self.contradicted(full, loose, worth(loose))

    def over_caps(self, full: Sequence[int]) -> int:
        """The copies the hand of counts ``full`` holds over the caps (cheap)."""
        return sum(max(0, n - cap) for n, cap in zip(full, self.caps, strict=True))

    def contradicted(self, full: Sequence[int], loose: tuple[int, ...], value: float) -> int:
        """The reveals the hand of counts ``full`` would have won on, and one if a discard
        other than its last would have left more worth; ``loose`` is ``full`` without kans,
        worth ``value`` (a search of the hand per reveal and per face held)."""
        bad = 0
        for f, own in self.reveals:
            ev = evaluate(self.exposed, tuple(full), f, own, self.minimum)
            bad += ev is not None and ev.winning
        x = self.discarded
        if x is not None:
            if full[x] >= 2:  # it would have discarded out of a kan
                bad += 1
            else:
                c = list(loose)
                c[x] += 1
                for y in range(NUM):
                    if c[y] and y != x:
                        c[y] -= 1
                        better = worth(tuple(c)) > value + 1e-6
                        c[y] += 1
                        if better:
                            bad += 1
                            break
        return bad


def _removed(events: tuple[tuple[Any, ...], ...], s: int) -> list[Counter[int]]:
    """Per event, the faces it took out of seat ``s``'s hand."""
    out: list[Counter[int]] = []
    wei: set[int] = set()
    for e in events:
        r: Counter[int] = Counter()
        if e[1] == s and e[2] is not None:
            kind, f = e[0], e[2] >> 2
            if kind == "discard":
                r[f] += 1
            elif kind in FROM_HAND:
                r.update(c >> 2 for c in e[4])
            elif kind in ("wei", "ti"):
                if not (kind == "ti" and f in wei):  # a ti on its own wei used no hand card
                    r.update(c >> 2 for c in e[3] if c != e[2])
                if kind == "wei":
                    wei.add(f)
        out.append(r)
    return out


def clues(game: Any, state: Any, s: int) -> Clues | None:
    """The clues of opponent ``s``'s play in ``state``; None for a dead hand (PH-4.8: it makes
    no wei and never wins, so the bounds differ)."""
    if state.dead[s]:
        return None
    events = state.events
    on_offer = state.window.card if state.window is not None else None
    removed = _removed(events, s)
    caps = [4] * NUM
    since: Counter[int] = Counter()
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e[0] in ("reveal", "discard"):
            after = events[i + 1] if i + 1 < len(events) else None
            took = after is not None and after[1] == s and after[0] in TAKES
            if not took and after is None and e[2] == on_offer and e[1] != s:
                took = True  # its answer is not in yet
            if not took:
                f = e[2] >> 2
                if e[1] == s:
                    if e[0] == "reveal":
                        caps[f] = min(caps[f], 1 - since[f])
                else:
                    caps[f] = min(caps[f], 2 - since[f])
        since.update(removed[i])
    reveals: list[tuple[int, bool]] = []
    discarded = None
    later: tuple[Any, ...] | None = None
    for e in reversed(events):
        if e[1] == s and e[0] != "reveal":
            discarded = e[2] >> 2 if e[0] == "discard" else None
            break
        wei_first = later is not None and later[0] in ("wei", "ti") and later[2] == e[2]
        if e[0] == "reveal" and e[2] != on_offer and not wei_first:
            reveals.append((e[2] >> 2, e[1] == s))
        later = e
    if not 20 <= game.holding(state, s) <= 25:
        reveals = []
    return Clues(caps=tuple(caps), reveals=tuple(reveals), exposed=game.exposed(state, s),
                 discarded=discarded, minimum=state.options.min_huxi)


__all__ = ["Clues", "clues"]

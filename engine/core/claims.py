"""Simultaneous claims on a card on offer (a discard, a kong being added, a revealed card).

Every seat with an option answers secretly; once all have answered the claim is resolved by
priority. The window is game-neutral: a claim is any hashable key the game chooses (``"win"``,
``("chi", 3, 7)``...), a game supplies its ranking and which ranks admit several winners
(Sichuan's several wins on one discard) — otherwise the nearest seat in turn order takes it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

from .errors import IllegalAction
from .seats import distance

PASS = "pass"


def claim_kind(key: Hashable) -> str:
    """A claim key's kind: the key itself, or a tuple key's first item (``("chow", 3)``)."""
    return key[0] if isinstance(key, tuple) else str(key)


@dataclass(frozen=True, slots=True)
class ClaimWindow:
    """A card on offer and the answers collected so far (hidden from the other seats)."""

    source: int
    """The seat the card comes from (discarder, kong player)."""
    card: int
    """The card id on offer."""
    players: int
    options: tuple[tuple[int, tuple[Hashable, ...]], ...]
    """Per seat with a choice, in turn order from the source: its claims, ``PASS`` always last."""
    answers: tuple[tuple[int, Hashable], ...] = ()
    kind: str = "discard"

    def options_of(self, seat: int) -> tuple[Hashable, ...]:
        for s, opts in self.options:
            if s == seat:
                return opts
        return ()

    def answer_of(self, seat: int) -> Hashable | None:
        for s, a in self.answers:
            if s == seat:
                return a
        return None

    @property
    def pending(self) -> list[int]:
        """Seats still to answer, in turn order from the source."""
        done = {s for s, _ in self.answers}
        return [s for s, _ in self.options if s not in done]


def open_window(
    source: int,
    card: int,
    players: int,
    options: Mapping[int, Sequence[Hashable]],
    kind: str = "discard",
) -> ClaimWindow | None:
    """A window for the seats that have a real claim, or ``None`` when nobody has one."""
    rows = [
        (seat, tuple(opts) + (PASS,))
        for seat, opts in sorted(options.items(), key=lambda kv: distance(source, kv[0], players))
        if opts
    ]
    if not rows:
        return None
    return ClaimWindow(source=source, card=card, players=players, options=tuple(rows), kind=kind)


def answer(window: ClaimWindow, seat: int, claim: Hashable) -> ClaimWindow:
    """Record ``seat``'s answer; refuses a seat that has no choice, has answered, or an unknown
    claim."""
    opts = window.options_of(seat)
    if not opts:
        raise IllegalAction(f"seat {seat} has no claim to make on this card",
                            "action/not_your_turn")
    if window.answer_of(seat) is not None:
        raise IllegalAction(f"seat {seat} has already answered this claim", "action/not_your_turn")
    if claim not in opts:
        raise IllegalAction(f"seat {seat} cannot claim {claim!r} here")
    return replace(window, answers=window.answers + ((seat, claim),))


def resolve(
    window: ClaimWindow,
    rank: Callable[[Hashable], int],
    several: Callable[[int], bool] = lambda _rank: False,
) -> list[tuple[int, Hashable]]:
    """The claims that take effect, once every seat has answered.

    The highest ``rank`` wins; when ``several(rank)`` every claim of that rank takes effect
    (in turn order from the source), otherwise only the nearest seat's. All passed: ``[]``.
    """
    if window.pending:
        raise ValueError("claims are still pending")
    made = [(s, a) for s, a in window.answers if a != PASS]
    if not made:
        return []
    top = max(rank(a) for _, a in made)
    best = sorted(
        ((s, a) for s, a in made if rank(a) == top),
        key=lambda sa: distance(window.source, sa[0], window.players),
    )
    return best if several(top) else best[:1]

"""Hand-made Paohuzi positions for rule tests: faces in, a consistent ``State`` out.

Physical ids are handed out per face in order (``x3`` gets ids 8, 9, 10, 11 in turn), so a test
speaks in faces ("x3 x3 d10") and still gets real, distinct cards. The stock is only the listed
cards unless ``stock_extra`` asks for more, so the automatic reveals stop where the test says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.state import evolve
from engine.paohuzi import FACE_NAMES, parse_face
from engine.paohuzi import GAME as G
from engine.paohuzi.state import Group, State
from tests.tables import Copies, types  # noqa: F401 (types: the rule tests import it from here)

GroupSpec = tuple[str, str] | tuple[str, str, int | None]
"""(kind, faces) or (kind, faces, source seat), e.g. ("chi", "x1 x2 x3", 2)."""


class Cards(Copies):
    """Word cards: 20 faces."""

    def __init__(self) -> None:
        super().__init__(parse_face, 20)

    def filler(self) -> tuple[int, ...]:
        """Three cards of a zero-huxi run still available (x2 x3 x4 ... d8 d9 d10)."""
        for start in range(2, 9):
            for size in "xd":
                run = [f"{size}{v}" for v in range(start, start + 3)]
                if all(self.next_copy[parse_face(x)] < 4 for x in run):
                    return self.many(" ".join(run))
        raise AssertionError("no filler run left")


def position(
    hands: Mapping[int, str],
    *,
    groups: Mapping[int, Sequence[GroupSpec]] | None = None,
    rows: Mapping[int, str] | None = None,
    stock: str = "",
    stock_extra: int | None = 0,
    turn: int = 0,
    dealer: int = 0,
    phase: str = "play",
    hold: Mapping[int, int] | None = None,
    **fields: Any,
) -> State:
    """A position; by default ``turn`` is to discard.

    ``hands``: faces per seat (seats left out hold nothing); ``groups``: exposed groups per seat;
    ``rows``: discard rows; ``stock``: the whole stock in reveal order, followed by ``stock_extra``
    unused cards (None: all of them), so that a test sees the deal end where it means it to; ``fields``:
    any other ``State`` field (``dead``, ``passed``...). ``phase="deal"`` leaves the hands unsorted
    for ``G.open_deal`` and shows the dealer's last card (PH-2.2). ``hold``: per seat, how many
    cards it holds in hand and groups together (PH-3.1), made up with exposed zero-huxi runs,
    which claim nothing and score nothing.
    """
    cards = Cards()
    hand_ids = [cards.many(hands.get(s, "")) for s in range(3)]
    if phase != "deal":
        hand_ids = [tuple(sorted(h)) for h in hand_ids]
    group_rows: list[tuple[Group, ...]] = [(), (), ()]
    for s, specs in (groups or {}).items():
        made = []
        for spec in specs:
            kind, faces_ = spec[0], spec[1]
            source = spec[2] if len(spec) > 2 else None  # type: ignore[misc]
            made.append(Group(kind, tuple(sorted(cards.many(faces_))), source))
        group_rows[s] = tuple(made)
    row_ids = [cards.many((rows or {}).get(s, "")) for s in range(3)]
    front = list(cards.many(stock)) if stock else []
    for s, n in (hold or {}).items():
        missing = n - len(hand_ids[s]) - sum(len(g.cards) for g in group_rows[s])
        assert missing >= 0 and missing % 3 == 0, f"seat {s}: cannot pad to {n} with runs"
        group_rows[s] += tuple(Group("chi", cards.filler()) for _ in range(missing // 3))
    if phase == "deal":
        fields.setdefault("shown", hand_ids[dealer][-1])
    rest = cards.rest()
    if stock_extra is not None:
        rest = rest[:stock_extra]
    return State(seed=0, dealer=dealer, stock=tuple(front + rest), hands=tuple(hand_ids),
                 groups=tuple(group_rows), rows=tuple(row_ids), phase=phase, turn=turn,
                 **fields)


def faces(ids: Sequence[int]) -> str:
    """The faces of some ids, sorted: ``"x1 x1 d10"``."""
    return " ".join(FACE_NAMES[c >> 2] for c in sorted(ids))


def card_of(state: State, seat: int, face: str) -> int:
    """An id of ``face`` in ``seat``'s hand."""
    f = parse_face(face)
    return next(c for c in state.hands[seat] if c >> 2 == f)


def act(state: State, seat: int, **action: Any) -> State:
    return G.apply(state, seat, action)


def discard(state: State, seat: int, face: str) -> State:
    return G.apply(state, seat, {"type": "discard", "card": card_of(state, seat, face)})


def reveal(state: State, seat: int) -> State:
    """``seat`` turns up the stock's next card: the automatic step after a turn ends (PH-4.1)."""
    return G._reveal(evolve(state, phase="play"), seat)


def chis(state: State, seat: int) -> list[tuple[str, list[str]]]:
    """``seat``'s chi options as (faces of the hand cards completing the card, [faces of each
    bi group])."""
    return [(faces(a["cards"]), [faces(g) for g in a["bi"]])
            for a in G.legal_actions(state, seat) if a["type"] == "chi"]


def kinds(state: State, seat: int) -> list[tuple[str, str]]:
    """``seat``'s exposed groups as (kind, faces)."""
    return [(g.kind, faces(g.cards)) for g in state.groups[seat]]


def events(state: State, since: int = 0) -> list[tuple[Any, ...]]:
    """Events after the first ``since``, as (kind, seat, face or None)."""
    return [(e[0], e[1], FACE_NAMES[e[2] >> 2] if e[2] is not None else None)
            for e in state.events[since:]]

"""Every game's event types, each with an example as the seats see it, for
``openapi/ws-messages.json`` (issue 27): a bot author of any game meets no event the file does
not show.

``EVENTS`` is the catalogue: each game's event types, in the order docs/bots/<game>.md lists
them. A test holds it to the engine (every event type the engine's source can log, and no
other). The examples are not written here: they are made by the engine when the file is
generated, from the deals of ``SOURCES`` (seeds, some under house rules, chosen because they
show the rare events; Nantong's ready declaration from a stacked deal), played by
``example_move``. Each is the view's ``events`` entry, as the server sends it: as the event's
own seat sees it, and as the next seat sees it where that differs (another seat's draw has no
card).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from engine import get_game
from engine.core.deal_event import deal_event
from engine.core.state import evolve

JSON = dict[str, Any]

_MAHJONG_PLAY = ("draw", "discard")
_MAHJONG_MELDS = ("pung", "kong", "concealed_kong", "added_kong", "win", "end")

EVENTS: dict[str, tuple[str, ...]] = {
    "mcr": ("deal", "flower", *_MAHJONG_PLAY, "chow", *_MAHJONG_MELDS),
    "sichuan": ("deal", "exchange_selected", "exchanged", "declared", "missing_suits",
                *_MAHJONG_PLAY, *_MAHJONG_MELDS),
    "paohuzi": ("deal", "shown", "ti", "wei", "reveal", "discard", "chi", "peng", "pao", "dead",
                "heavenly", "win", "exhausted", "xing"),
    "nantong": ("deal", "indicators", "opening_kong", "opening_triplet", "hezi", "ready",
                "finish", "play", *_MAHJONG_PLAY, *_MAHJONG_MELDS),
}
"""Each game's event types (docs/bots/<game>.md explains each)."""


@dataclass(frozen=True)
class Source:
    """A deal the examples are taken from: ``seed`` (dealer as the seed draws it) under
    ``options``, or a position ``made`` from it (``note`` says how)."""

    seed: int
    options: JSON | None = None
    made: Callable[[Any], Any] | None = None
    note: str = ""

    def describe(self) -> str:
        out = f"seed {self.seed}"
        if self.options:
            out += f", options {json.dumps(self.options)}"
        return f"{out}, {self.note}" if self.note else out


def _stacked_ready(state: Any) -> Any:
    """NT-3.6, rare in a dealt hand: the seat after the dealer dealt seven runs (1m–9m, 1p–9p,
    1s–3s) and a Q, waiting on the Q's pair, so that it may declare ready."""
    return _stack(state, (state.dealer + 1) % 3, [*range(21), 27])


def _stack(state: Any, seat: int, faces: list[int]) -> Any:
    """A mahjong table's fresh deal, the cards placed as if the deck had dealt ``seat`` one
    card of each of ``faces``: each comes from another hand or the wall in exchange for one
    of the seat's other cards (every card still once; the indicators left alone), and the deal
    event says so."""
    hands = [list(h) for h in state.hands]
    wall = list(state.wall)
    kept = set(getattr(state, "indicators", ()))
    mine = hands[seat]
    want: list[int] = []
    for f in faces:  # a copy the seat holds if it can, else any in play
        copies = [t for t in range(4 * f, 4 * f + 4) if t not in kept and t not in want]
        want.append(next((t for t in copies if t in mine), copies[0]))
    spare = [t for t in mine if t not in want]
    for t in want:
        if t not in mine:
            zone = wall if t in wall else next(h for h in hands if t in h)
            given = spare.pop()
            zone[zone.index(t)] = given
            mine[mine.index(given)] = t
    dealt = tuple(tuple(sorted(h)) for h in hands)
    assert state.events[0][0] == "deal" and sorted(mine) == sorted(want)
    return evolve(state, hands=dealt, wall=tuple(wall),
                  events=(deal_event(state.dealer, dealt), *state.events[1:]))


def example_move(legal: list[JSON], rng: random.Random) -> JSON:
    """The examples' play: a win whenever offered, else a claim or declaration more often than
    not (so that rarer events come up), else any legal action."""
    wins = [a for a in legal if a["type"] == "win"]
    if wins:
        return wins[0]
    taken = [a for a in legal if a["type"] not in ("pass", "discard", "finish")]
    return rng.choice(taken if taken and rng.random() < 0.8 else legal)


SOURCES: dict[str, tuple[Source, ...]] = {
    "mcr": (Source(0), Source(2), Source(27), Source(51)),
    "sichuan": (Source(0), Source(5), Source(7), Source(11),
                Source(0, {"exchange_three": "random"})),
    "paohuzi": (Source(0), Source(1), Source(2), Source(5, {"xing": "turn"}), Source(714),
                Source(1473)),
    "nantong": (Source(0), Source(2), Source(6), Source(16), Source(49),
                Source(1, made=_stacked_ready,
                       note="the next seat after the dealer dealt a ready hand (stacked)")),
}
"""The deals the examples come from, played by ``example_move`` (its rng seeded with the deal's
seed), each the first to show the fullest example of some event type (MCR's claimed kong in
seed 27; Sichuan's exchange under its option, OPT-SC-1; Paohuzi's xing under ``"turn"``,
OPT-PH-5.1, a Heavenly win in seed 714, a dead hand in 1473; Nantong's Hezi in 6, and its ready
declaration and a win on a discard in the stacked deal). A test checks that each still is."""


def event_examples(game: str) -> dict[str, JSON]:
    """Each event type of ``game``, in ``EVENTS`` order: ``example``, the event as its own seat
    sees it (seat 0 for an event of no seat: each seat sees its own alike), ``others``, as the
    next seat sees it, only where that differs, and its ``source``. Of the events of a type the
    example is the first of the fullest (most fields, then most of them not empty: a ``ti``
    with the revealed card that made it, a ``chi`` with bi)."""
    g = get_game(game)
    best: dict[str, tuple[tuple[int, int], JSON]] = {}
    for source in SOURCES[game]:
        for state, i in _logged(g, source):
            kind, seat = state.events[i][:2]
            own = 0 if seat is None else seat
            example = g.view(state, own, i)["events"][0]
            rank = (len(example), sum(1 for v in example.values() if v not in (None, [], {})))
            if kind in best and best[kind][0] >= rank:
                continue
            entry = {"example": example, "source": source.describe()}
            if seat is not None:
                other = g.view(state, (seat + 1) % g.players, i)["events"][0]
                if other != example:
                    entry["others"] = other
            best[kind] = (rank, entry)
    if best.keys() != set(EVENTS[game]):
        raise ValueError(f"{game}: no example of {set(EVENTS[game]) - best.keys()}, not "
                         f"catalogued {best.keys() - set(EVENTS[game])}: see SOURCES, EVENTS")
    return {kind: best[kind][1] for kind in EVENTS[game]}


def _logged(g: Any, source: Source) -> Iterator[tuple[Any, int]]:
    """Each event of ``source``'s deal as it is logged: the state then, and its index."""
    state = g.new_deal(source.seed, options=source.options)
    if source.made is not None:
        state = source.made(state)
    rng = random.Random(source.seed)
    sent = 0
    while True:
        for i in range(sent, len(state.events)):
            yield state, i
        sent = len(state.events)
        if g.result(state) is not None:
            return
        seat = g.to_act(state)[0]
        state = g.apply(state, seat, example_move(g.legal_actions(state, seat), rng))


__all__ = ["EVENTS", "SOURCES", "Source", "event_examples", "example_move"]

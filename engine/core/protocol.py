"""The Game protocol: one interface for every game, so a server, an AI or a test never needs to
know which game it drives (OpenSpiel's idea, boardgame.io's shape).

A game object is stateless; all state lives in immutable ``State`` values that only ``apply``
moves forward. Adding a game means writing its package (``engine/<game>/``: the game object,
its ``hints.py`` and ``sampling.py``) and registering the object once in ``engine/__init__.py``;
the server, the AI and the tests find everything through this protocol, never by game name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from .options import Option, Options, Preset
from .result import WinRecord

Action = dict[str, Any]
"""A small JSON-ready dict such as ``{"type": "discard", "card": 57}``."""

JSON = dict[str, Any]


@runtime_checkable
class Game(Protocol):
    """What every registered game provides."""

    name: str
    """Registry name: ``mcr``, ``sichuan``, ``paohuzi`` or ``nantong``."""
    title: str
    """Human name, e.g. ``Sichuan Blood Battle``."""
    description: str
    """One line for a lobby."""
    players: int
    """Number of seats (3 or 4)."""
    option_specs: tuple[Option, ...]
    """The house-rule options the game takes (rules/options.md), each with its default."""
    presets: tuple[Preset, ...]
    """Named option sets, ``"seed"`` (every default) first; a room form's one-click tables."""

    def options(self, raw: Mapping[str, Any] | None = None) -> Options:
        """``raw`` (a client's ``options`` object) checked and completed with the defaults;
        ``InvalidOptions`` (``options/invalid``) names a key the game has not or a value its
        option does not allow (OPT-0.1)."""
        ...

    def new_deal(self, seed: int, dealer: int | None = None,
                 options: Mapping[str, Any] | None = None, number: int = 0) -> Any:
        """A fresh deal shuffled from ``seed``; ``dealer=None`` picks the dealer from the seed.
        ``options``: the match's house rules (resolved by ``options``), part of the state;
        ``number``: the deal's number in the match from 0, which an option may read
        (OPT-MCR-3.2).

        The shuffle depends on the seed (and the deck the options choose) alone:
        ``new_deal(seed)`` equals ``new_deal(seed, d)`` for the dealer ``d`` it picked (its
        view's ``"dealer"``)."""
        ...

    def to_act(self, state: Any) -> list[int]:
        """Seats that must decide now (several during a claim window); empty once over."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not to act)."""
        ...

    def apply(self, state: Any, seat: int, action: Action) -> Any:
        """The state after ``seat`` takes ``action``; raises ``IllegalAction``. Never mutates."""
        ...

    def view(self, state: Any, seat: int | None, events_from: int = 0) -> JSON:
        """What ``seat`` may see (``None``: a spectator). The only way a state leaves the engine.
        ``events_from``: the event log from that index on only (a client holding the earlier
        events is sent just the new ones); everything else is the same."""
        ...

    def open_view(self, state: Any) -> JSON:
        """A spectator's view with every hand open (and all else one seat alone may see): for
        replaying a finished deal; a server must never show it while the deal is played."""
        ...

    def result(self, state: Any) -> JSON | None:
        """``None`` while playing; at the end the settlement (sums to zero) and its breakdown."""
        ...

    def wins(self, result: JSON) -> list[WinRecord]:
        """Each win recorded in a finished deal's ``result`` (empty for a drawn deal): who won,
        on whose card, the headline hand and its value; read from the settlement JSON alone, so a
        stored result is enough."""
        ...

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state ``seat`` cannot tell from ``state``: all it cannot see is re-dealt at random."""
        ...

    def zones(self, state: Any) -> dict[str, tuple[int, ...]]:
        """Every card id of the deal by where it lies (``"wall"``, ``"hand:2"``, ``"melds:0"``...):
        together exactly the whole deck, each id once. For audits and tests."""
        ...

    def hidden_cards(self, state: Any, seat: int | None) -> frozenset[int]:
        """The card ids ``seat`` cannot see (other seats' concealed cards, the stock)."""
        ...

    def score(self, spec: JSON) -> JSON:
        """The itemised score of a hand described in JSON (the calculator); ``InvalidSpec`` on
        unreadable input."""
        ...

    def hints(self, state: Any, seat: int) -> JSON:
        """What ``seat`` may learn about its own hand: distance to ready, the discards that keep
        it ready, each wait's score and the ready opponents it could let win. Computed from what
        the seat sees alone, so the same for every state it cannot tell apart; the JSON is
        described in ``engine/core/hints.py`` (``available: false`` once the deal is over)."""
        ...

    def sample(self, view: JSON, rng: random.Random) -> Any:
        """A full state whose view for ``view["seat"]`` is ``view`` (but its ``seed_hash``), the
        cards that seat cannot see dealt at random: what a search-based AI that holds only the
        view plays on (``engine/core/sampling.py``). ``Unsampleable`` for a spectator's view or
        a finished deal."""
        ...

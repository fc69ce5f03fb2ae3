"""What every game of turns and claim windows shares (the mahjong table and Paohuzi).

Both deal a shuffled deck in turn order from the dealer, let one seat act on its turn, and put a
card on offer to the others in a ``claims`` window that every seat with an option answers
secretly before it is resolved by priority. ``ClaimGame`` owns that shape: the deal, the claim
window's branch of ``to_act`` / ``legal_actions`` / ``apply``, the refusals every action goes
through first, re-asking the claims of a re-dealt state, the result, and the protocol's
``hints`` and ``sample``, which the game's package provides in its ``hints.py`` and
``sampling.py``. A game says only how it differs, through the hooks in the last section
(``_dealt``, ``_turn_*``, ``claim_action``, ``_window_options``...), as python-chess variants
override only their rule hooks.

A state of a ``ClaimGame`` has at least ``phase`` (``claim`` while a window is open, ``over`` at
the end), ``hands``, ``window``, ``payments`` and ``events``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Hashable, Mapping
from types import ModuleType
from typing import Any

from . import claims
from .claims import PASS, ClaimWindow, claim_kind
from .errors import IllegalAction
from .options import SEED, Option, Options, Preset, resolve
from .protocol import JSON, Action
from .result import totals
from .rng import deal_rng, seed_hash, shuffled
from .state import evolve


def check_dealer(dealer: Any, players: int) -> None:
    """``new_deal``'s ``dealer``: None (drawn from the seed) or a seat number (not a bool)."""
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)
                               or not 0 <= dealer < players):
        raise ValueError(f"dealer must be a seat 0-{players - 1}")


class ClaimGame:
    """The shared machinery; subclasses set ``name``, ``deck``, ``hand_sizes``... and fill in
    the hooks."""

    name = ""
    title = ""
    description = ""
    players = 4
    deck: tuple[int, ...] = ()
    hand_sizes: tuple[int, int] = (0, 0)
    """Cards dealt to the dealer and to each other seat."""
    claim_ranks: Mapping[str, int] = {}
    """A claim kind's priority (``claim_kind`` of a key): the highest answer takes the card."""
    several_winners = False
    """Several players may win on one card (Sichuan); otherwise the nearest (head bump)."""
    card_word = "card"
    """What a refusal calls a card (mahjong: ``tile``)."""
    option_specs: tuple[Option, ...] = ()
    """The house-rule options the game takes (rules/options.md); none by default."""
    presets: tuple[Preset, ...] = (SEED,)
    """Named option sets a room form offers (``engine/<game>/options.py``); by default only
    the rules file as written."""

    # ------------------------------------------------------------------ options (OPT-0)

    def options(self, raw: Mapping[str, Any] | None = None) -> Options:
        return resolve(self.option_specs, raw, self.name)

    def spec_options(self, spec: Any) -> tuple[Any, Options | None]:
        """A calculator spec without its ``options``, and those resolved (None: none given, the
        calculator's own defaults apply)."""
        if not isinstance(spec, dict) or "options" not in spec:
            return spec, None
        return {k: v for k, v in spec.items() if k != "options"}, self.options(spec["options"])

    def deck_of(self, options: Options) -> tuple[int, ...]:
        """The cards a deal under ``options`` is played with (MCR without flowers: 136)."""
        return self.deck

    def _deal_fields(self, options: Options, number: int, rng: random.Random) -> dict[str, Any]:
        """State fields an option sets per deal, drawn after the shuffle and the dealer
        (OPT-0.3; MCR's prevailing wind)."""
        return {}

    # ------------------------------------------------------------------ the deal

    def new_deal(self, seed: int, dealer: int | None = None,
                 options: Mapping[str, Any] | None = None, number: int = 0) -> Any:
        check_dealer(dealer, self.players)
        resolved = self.options(options)
        rng = deal_rng(seed)
        cards = shuffled(self.deck_of(resolved), rng)  # the shuffle depends on the seed alone
        drawn = rng.randrange(self.players)  # the first dealer is random; drawn always, so
        dealer = drawn if dealer is None else dealer  # what options draw next is the same
        hands: list[tuple[int, ...]] = [()] * self.players
        pos = 0
        for k in range(self.players):  # in turn order from the dealer
            seat = (dealer + k) % self.players
            n = self.hand_sizes[0] if k == 0 else self.hand_sizes[1]
            hands[seat] = cards[pos:pos + n]
            pos += n
        fields = {"options": resolved, **self._deal_fields(resolved, number, rng)}
        return self._dealt(seed, dealer, tuple(hands), cards[pos:], fields)

    # ------------------------------------------------------------------ who acts, what they may do

    def to_act(self, state: Any) -> list[int]:
        if state.phase == "claim":
            return state.window.pending
        return self._turn_seats(state)

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        if state.phase == "claim":
            w = state.window
            if seat not in w.pending:
                return []
            return [self.claim_action(k) for k in w.options_of(seat)]
        return self._turn_legal(state, seat)

    def apply(self, state: Any, seat: int, action: Action) -> Any:
        self._check(state, seat, action)
        return self.apply_listed(state, seat, action)

    def apply_listed(self, state: Any, seat: int, action: Action) -> Any:
        """``apply`` of an action the caller just took from ``legal_actions(state, seat)``,
        without listing them again to check it: a search's playouts list every seat's actions
        once per step, and the check's second listing was a tenth of a playout. Anything else
        goes through ``apply``, which refuses what is not legal."""
        if state.phase != "claim":
            return self._turn_apply(state, seat, action)
        w = state.window
        key = next(k for k in w.options_of(seat) if self.claim_action(k) == action)
        window = claims.answer(w, seat, key)
        state = evolve(state, window=window)
        return self._resolve(state) if not window.pending else state

    def _check(self, state: Any, seat: int, action: Action) -> None:
        """Refuse anything but a listed legal action, with a reason a player can act on: an
        unreadable action first, then a finished deal, a seat not to act, and last why this
        action is not among the legal ones."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("an action is an object with a string 'type'", "action/malformed")
        malformed = self._malformed(action)
        if malformed is not None:
            raise IllegalAction(malformed, "action/malformed")
        if state.phase == "over":
            raise IllegalAction("the deal is over", "action/game_over")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in self.to_act(state):
            raise IllegalAction(f"seat {seat} is not to act now", "action/not_your_turn")
        legal = self.legal_actions(state, seat)
        if action in legal:
            return
        kind = action["type"]
        kinds = sorted({a["type"] for a in legal})
        if kind not in kinds:
            why = self._why_not(state, seat, kind)
            raise IllegalAction(f"'{kind}' is not possible now{why}; possible: {', '.join(kinds)}")
        card = action.get("card")
        if kind in ("discard", "added_kong") and card not in state.hands[seat]:
            raise IllegalAction(f"you do not hold {self.card_word} {card!r}")
        raise IllegalAction(self._refusal(state, seat, action)
                            or f"{action!r} is not a legal action; choose one of legal_actions")

    # ------------------------------------------------------------------ claims

    def _taking(self, w: ClaimWindow) -> list[tuple[int, Hashable]]:
        """The answers that take the card once every seat has answered (``claims.resolve`` by
        ``claim_ranks``)."""
        win = self.claim_ranks["win"]
        return claims.resolve(w, lambda k: self.claim_ranks[claim_kind(k)],
                              several=lambda r: r == win and self.several_winners)

    def _reask(self, state: Any, w: ClaimWindow, seat: int) -> ClaimWindow:
        """The window ``w`` of a re-dealt ``state``: the other seats' options as their new hands
        make them, and their answers only where still possible (``seat``'s stay as they are)."""
        rows = []
        for s, opts in w.options:
            if s != seat:
                opts = (*self._window_options(state, s, w), PASS)
            rows.append((s, opts))
        allowed = dict(rows)
        answers = tuple((s, a) for s, a in w.answers if s == seat or a in allowed[s])
        return evolve(w, options=tuple(rows), answers=answers)

    # ------------------------------------------------------------------ information

    def hints(self, state: Any, seat: int) -> JSON:
        """The protocol's hints: ``engine/<game>/hints.py``'s ``hints(game, state, seat)``."""
        return self._own_module("hints").hints(self, state, seat)

    def sample(self, view: JSON, rng: random.Random) -> Any:
        """The protocol's view sampler: ``engine/<game>/sampling.py``'s ``sample(game, view,
        rng)``."""
        return self._own_module("sampling").sample(self, view, rng)

    def _own_module(self, name: str) -> ModuleType:
        """The module ``name`` of the game's own package, imported when first asked (it imports
        the game class, so the game's module cannot import it up front)."""
        package = type(self).__module__.rpartition(".")[0]
        return importlib.import_module(f"{package}.{name}")

    def table_view(self, state: Any, seat: int | None, *, turn: int | None, wall: int,
                   players: list[JSON], events: list[JSON], **own: Any) -> JSON:
        """A view's top level, the same keys in every game (docs/views.md), around what the game
        renders itself (``players``, ``events``, its ``own`` keys); the seed once it is over.
        The house rules (``options``, every key resolved) are public (OPT-0.2)."""
        view: JSON = {
            "game": self.name,
            "seat": seat,
            "phase": state.phase,
            "dealer": state.dealer,
            "turn": turn,
            "wall_remaining": wall,
            "seed_hash": seed_hash(state.seed),
            "options": state.options.to_json(),
            "players": players,
            **own,
            "to_act": seat is not None and seat in self.to_act(state),
            "claim": self.claim_view(state, seat),
            "events": events,
            "result": self.result(state),
        }
        if state.phase == "over":
            view["seed"] = state.seed
        return view

    def claim_view(self, state: Any, seat: int | None) -> JSON | None:
        """The card on offer as every game's view shows it (docs/views.md): its ``kind``, the
        ``card`` and the seat it came ``from`` to everybody; the seat's own ``options`` and
        ``answer`` only to a seat the window asks (an answer is secret until the window
        resolves). None when nothing is on offer."""
        w = state.window
        if w is None:
            return None
        claim: JSON = {"kind": w.kind, "from": w.source, "card": self.card_json(w.card)}
        if seat is not None and w.options_of(seat):
            answer = w.answer_of(seat)
            claim["options"] = [self.claim_action(o) for o in w.options_of(seat)]
            claim["answer"] = self.claim_action(answer) if answer is not None else None
        return claim

    def result(self, state: Any) -> JSON | None:
        if state.phase != "over":
            return None
        return {"deltas": totals(state.payments, self.players),
                "payments": [p.to_dict() for p in state.payments], **self._result_details(state)}

    # ------------------------------------------------------------------ hooks

    def _dealt(self, seed: int, dealer: int, hands: tuple[tuple[int, ...], ...],
               rest: tuple[int, ...]) -> Any:
        """The state once ``hands`` are dealt (as dealt, unsorted) and ``rest`` is left."""
        raise NotImplementedError

    @staticmethod
    def claim_action(key: Hashable) -> Action:
        """The action that answers a window with the claim ``key``."""
        raise NotImplementedError

    def card_json(self, card: int) -> JSON:
        """A visible physical card as the API shows it: ``{"id", "face"}``."""
        raise NotImplementedError

    def _turn_seats(self, state: Any) -> list[int]:
        """Who acts outside a claim window."""
        raise NotImplementedError

    def _turn_legal(self, state: Any, seat: int) -> list[Action]:
        """``seat``'s legal actions outside a claim window."""
        raise NotImplementedError

    def _turn_apply(self, state: Any, seat: int, action: Action) -> Any:
        """Apply a legal action taken outside a claim window."""
        raise NotImplementedError

    def _resolve(self, state: Any) -> Any:
        """Every seat has answered the window: the claims take effect."""
        raise NotImplementedError

    def _window_options(self, state: Any, seat: int, w: ClaimWindow) -> list[Hashable]:
        """What ``seat`` may claim in ``w`` as ``state`` stands (``PASS`` aside)."""
        raise NotImplementedError

    def _malformed(self, action: Action) -> str | None:
        """Why an action's fields cannot be read (a card id that is no int...), if they cannot."""
        return None

    def _why_not(self, state: Any, seat: int, kind: str) -> str:
        """The rule that rules out every action of ``kind`` now, as `` (rule)``; "" if none."""
        return ""

    def _refusal(self, state: Any, seat: int, action: Action) -> str | None:
        """A game's own reason for refusing an action of a possible kind, when it has one."""
        return None

    def _result_details(self, state: Any) -> JSON:
        """What the result adds to the deltas and payments."""
        return {}


__all__ = ["ClaimGame", "check_dealer"]

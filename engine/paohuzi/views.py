"""What one seat may see of a Paohuzi state: the only way a state leaves the engine.

The view speaks the vocabulary every game's does (docs/views.md): the stock's size is
``wall_remaining``, the exposed groups are a player's ``melds``, the card on offer is the
``claim``. Public: every meld (ti, pao, wei, peng, chi: PH-2.3 "every later group is exposed"),
every discard row, the claim's kind, card and the seat it came ``from``, the dealer's shown 21st
card (PH-2.2), the stock's size, each hand's size, dead hands, the events. Private: a hand (its
kans included: a kan is locked in the hand, and others see only how many cards the hand holds),
the seat's passed faces (PH-4.9) and its own claim ``options`` and ``answer``. At the end every
hand is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.protocol import JSON
from ..core.result import totals
from ..core.rng import seed_hash
from .cards import FACE_NAMES, NUM_FACES, card_json, counts_of_ids
from .scoring import group_huxi

if TYPE_CHECKING:
    from .game import Paohuzi
    from .state import State


def _cards(ids: Any) -> list[dict[str, object]]:
    return [card_json(c) for c in ids]


def render_view(game: Paohuzi, state: State, seat: int | None, open_all: bool = False,
                events_from: int = 0) -> JSON:
    """``seat``'s view (None: a spectator's); ``open_all``: every hand and every seat's passed
    faces open besides, for the replay of a finished deal; ``events_from``: the events from
    that index on only."""
    over = state.phase == "over"
    score = totals(state.payments, game.players)
    players = []
    for s in range(game.players):
        mine = s == seat or open_all
        shown = over or mine
        hand = state.hands[s]
        counts = counts_of_ids(hand)
        melds: list[JSON] = [{"type": g.kind, "cards": _cards(g.cards), "from": g.source,
                              "huxi": group_huxi(g.kind, g.faces)} for g in state.groups[s]]
        players.append({
            "seat": s,
            "hand": _cards(hand) if shown else None,
            "kans": [FACE_NAMES[f] for f in range(NUM_FACES) if counts[f] == 3] if shown else None,
            "hand_count": len(hand),
            "melds": melds,
            "exposed_huxi": sum(group_huxi(g.kind, g.faces) for g in state.groups[s]),
            "discards": _cards(state.rows[s]),
            "holding": game.holding(state, s),
            "target": game.target(state, s),
            "dead": state.dead[s],
            "passed": [FACE_NAMES[f] for f in range(NUM_FACES) if state.passed[s] >> f & 1]
            if mine else None,
            "score": score[s],
        })
    view: JSON = {
        "game": game.name,
        "seat": seat,
        "phase": state.phase,
        "dealer": state.dealer,
        "turn": None if over else state.turn,
        "wall_remaining": len(state.stock),
        "seed_hash": seed_hash(state.seed),
        "dealer_shown": card_json(state.shown) if state.shown is not None else None,
        "players": players,
        "to_act": seat is not None and seat in game.to_act(state),
        "claim": None,
        "events": [_event_json(e) for e in state.events[events_from:]],
        "result": game.result(state),
    }
    w = state.window
    if w is not None:
        claim: JSON = {"kind": w.kind, "from": w.source, "card": card_json(w.card)}
        if seat is not None and w.options_of(seat):
            from .game import claim_action

            answer = w.answer_of(seat)
            claim["options"] = [claim_action(o) for o in w.options_of(seat)]
            claim["answer"] = claim_action(answer) if answer is not None else None
        view["claim"] = claim
    if over:
        view["seed"] = state.seed
    if open_all:
        view["open"] = True
    return view


def _event_json(ev: tuple[Any, ...]) -> JSON:
    kind, who, card = ev[0], ev[1], ev[2]
    out: JSON = {"type": kind, "seat": who}
    if card is not None:
        out["card"] = card_json(card)
    if kind in ("ti", "wei"):
        out["cards"] = _cards(ev[3])
    elif kind in ("pao", "peng", "chi"):
        out["from"] = ev[3]
        out["hand_cards"] = _cards(ev[4])
    elif kind == "win":
        out["huxi"], out["tun"] = ev[3], ev[4]
    return out

"""What one seat may see of a Sichuan state: the only way a state leaves the engine.

Hidden: other active players' concealed tiles (only their count shows), the wall order, the
tiles others draw, others' missing suits until all four have declared (SC-3.1), and others'
claim options and answers. Shown: every river, meld and payment, and a winner's hand (SC-6.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.protocol import JSON
from ..core.result import totals
from ..mahjong import SUITS, tile_json

if TYPE_CHECKING:
    from .game import Sichuan
    from .state import State


def _tiles(ids: Any) -> list[JSON]:
    return [tile_json(t) for t in ids]


def _event_json(ev: tuple, seat: int | None) -> JSON:
    kind, who, tile = ev[0], ev[1], ev[2]
    out: JSON = {"type": kind, "seat": who}
    if kind == "draw":
        out["replacement"] = ev[3]
        if who == seat:
            out["card"] = tile_json(tile)
    elif kind == "missing_suits":
        out["suits"] = [SUITS[s] for s in ev[3]]
    elif kind == "end":
        out["reason"] = ev[3]
    elif tile is not None:
        out["card"] = tile_json(tile)
        if kind in ("pung", "kong", "win") and len(ev) > 3:
            out["from"] = ev[3]
    return out


def render_view(game: Sichuan, state: State, seat: int | None) -> JSON:
    over = state.phase == "over"
    all_declared = all(m is not None for m in state.missing)
    wins = {w.seat: w for w in state.wins}
    score = totals(state.payments, game.players)
    players = []
    for s in range(game.players):
        shown = over or s == seat or s in wins
        missing = state.missing[s]
        win = wins.get(s)
        players.append({
            "seat": s,
            "hand": _tiles(state.hands[s]) if shown else None,
            "hand_count": len(state.hands[s]),
            "melds": [{"type": m.kind, "cards": _tiles(m.tiles), "from": m.source,
                       "concealed": m.concealed, "added": m.added} for m in state.melds[s]],
            "discards": _tiles(state.discards[s]),
            "declared": missing is not None,
            "missing_suit": SUITS[missing] if missing is not None and (all_declared or s == seat)
            else None,
            "won": game.win_json(win) | {"order": list(wins).index(s) + 1} if win else None,
            "score": score[s],
        })
    view: JSON = {
        "game": game.name,
        "seat": seat,
        "phase": state.phase,
        "dealer": state.dealer,
        "turn": state.turn if state.phase in ("play", "claim") else None,
        "wall_remaining": len(state.wall),
        "seed_hash": game.seed_hash(state),
        "players": players,
        "drawn": tile_json(state.drawn) if (
            state.drawn is not None and state.phase == "play" and state.turn == seat) else None,
        "to_act": seat is not None and seat in game.to_act(state),
        "claim": None,
        "events": [_event_json(e, seat) for e in state.events],
        "result": game.result(state),
    }
    w = state.window
    if w is not None:
        claim: JSON = {"kind": w.kind, "from": w.source, "card": tile_json(w.card)}
        if seat is not None and w.options_of(seat):
            claim["options"] = [str(o) for o in w.options_of(seat)]
            answer = w.answer_of(seat)
            claim["answer"] = str(answer) if answer is not None else None
        view["claim"] = claim
    if over:
        view["seed"] = state.seed
    return view

"""A Paohuzi state consistent with one seat's view (see ``engine/core/sampling.py``).

Everything but the hands and the stock is public in Paohuzi (melds, rows, the card on offer,
the dealer's shown card, dead hands, the events), so it comes back from the view; the other two
hands and the stock are dealt at random from the unseen cards (the dealer keeps its shown card
while it holds it, PH-2.2), avoiding hands the rules make impossible (four alike in hand, PH-2.3)
as ``determinize`` does. The others' passed faces (PH-4.9) are private: a sample keeps those
their own rows and discards imply.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from ..core import claims
from ..core.deal_event import raw_deal
from ..core.protocol import JSON
from ..core.sampling import UNKNOWN_SEED, balanced, check_view, ids, keyed_options
from ..core.state import evolve
from .cards import DECK, FACE_NAMES
from .game import Paohuzi
from .state import PLAYERS, Group, State

_FACE = {name: f for f, name in enumerate(FACE_NAMES)}
TRIES = 30


def claim_key(action: JSON) -> Hashable:
    """The claim key of a claim action (the inverse of ``game.claim_action``)."""
    if action["type"] == "chi":
        return ("chi", tuple(action["cards"]), tuple(tuple(g) for g in action["bi"]))
    return str(action["type"])


def _raw_event(e: JSON) -> tuple[Any, ...]:
    card = e["card"]["id"] if "card" in e else None
    ev: tuple[Any, ...] = (e["type"], e["seat"], card)
    if e["type"] in ("ti", "wei"):
        return (*ev, ids(e["cards"]))
    if e["type"] == "chi":
        return (*ev, e["from"], ids(e["hand_cards"]), tuple(ids(g) for g in e["bi"]))
    if e["type"] in ("pao", "peng"):
        return (*ev, e["from"], ids(e["hand_cards"]))
    if e["type"] == "win":
        return (*ev, e["huxi"], e["tun"])
    return ev


def _passed(view: JSON, seat: int, rows: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    out = []
    for s, p in enumerate(view["players"]):
        if s == seat:
            out.append(sum(1 << _FACE[f] for f in set(p["passed"] or ())))
            continue
        faces = {c >> 2 for c in rows[s]}
        faces |= {e["card"]["id"] >> 2 for e in view["events"]
                  if e["type"] == "discard" and e["seat"] == s}
        out.append(sum(1 << f for f in faces))
    return tuple(out)


def sample(game: Paohuzi, view: JSON, rng: random.Random) -> State:
    """A state ``view["seat"]`` cannot tell from the real one."""
    seat = check_view(view)
    players = view["players"]
    groups = tuple(tuple(Group(g["type"], ids(g["cards"]), g["from"]) for g in p["melds"])
                   for p in players)
    rows = tuple(ids(p["discards"]) for p in players)
    claim = view.get("claim")
    mine = ids(players[seat]["hand"])
    seen = set(mine) | {c for gs in groups for g in gs for c in g.cards}
    seen |= {c for r in rows for c in r}
    if claim is not None:
        seen.add(claim["card"]["id"])
    dealer = view["dealer"]
    shown = view["dealer_shown"]["id"] if view.get("dealer_shown") else None
    keep = shown if shown is not None and dealer != seat and shown not in seen else None
    pool = [c for c in DECK if c not in seen and c != keep]
    others = [s for s in range(PLAYERS) if s != seat]
    need = sum(players[s]["hand_count"] for s in others) - (keep is not None)
    if len(pool) - need != view["wall_remaining"]:
        raise ValueError(f"card count mismatch: {len(pool) - need} unseen cards left for a "
                         f"stock of {view['wall_remaining']}")
    phase = view["phase"]
    events = tuple(raw_deal(e, seat, PLAYERS) if e["type"] == "deal" else _raw_event(e)
                   for e in view["events"])
    turn = view["turn"] if view["turn"] is not None else dealer
    base = State(seed=UNKNOWN_SEED, dealer=dealer, stock=(), hands=((),) * PLAYERS,
                 groups=groups, rows=rows, phase=phase, turn=turn, shown=shown,
                 dead=tuple(p["dead"] for p in players), passed=_passed(view, seat, rows),
                 payments=balanced((), [p["score"] for p in players]), events=events,
                 options=game.options(view["options"]))
    state = base
    for _ in range(TRIES):
        rng.shuffle(pool)
        hands: list[tuple[int, ...]] = [()] * PLAYERS
        hands[seat] = mine
        pos = 0
        for s in others:
            n = players[s]["hand_count"] - (s == dealer and keep is not None)
            extra = [keep] if s == dealer and keep is not None else []
            hands[s] = tuple(sorted(pool[pos:pos + n] + extra))
            pos += n
        state = evolve(base, hands=tuple(hands), stock=tuple(pool[pos:]))
        if game._plausible(state, others):
            break
    last = events[-1] if events else ("deal", None, None)
    if phase == "play" and last[0] in ("ti", "wei") and last[1] == turn and last[2] is not None \
            and game.winning(state, turn, None, True) is not None:
        state = evolve(state, may_win=last[2])  # PH-4.3: it may win on its own wei or ti
    if claim is not None:
        state = evolve(state, window=_window(game, state, seat, claim))
    return state


def _window(game: Paohuzi, state: State, seat: int, claim: JSON) -> claims.ClaimWindow:
    """The claim on offer: the seat's own options and answer from the view (when it is asked),
    the others' asked anew of their dealt hands, none of them answered yet."""
    source, card, kind = claim["from"], claim["card"]["id"], claim["kind"]
    asked = "options" in claim
    options: dict[int, list[Hashable]] = {}
    for s in range(PLAYERS):
        if s == seat:
            options[s] = keyed_options(claim["options"], claim_key) if asked else []
        else:
            options[s] = game._claim_options(state, s, card, source, kind == "reveal")
    rows = [(s, (*opts, claims.PASS)) for s, opts in options.items()
            if opts or (s == seat and asked)]
    answer = claim.get("answer")
    if all(s == seat for s, _ in rows) and (answer is not None or not rows):
        # no dealt hand can claim, yet the real window waits on somebody: the nearest other
        # seat gets the answer everybody has
        other = next(s for s in ((source + k) % PLAYERS for k in range(PLAYERS)) if s != seat)
        rows.append((other, (claims.PASS,)))
    rows.sort(key=lambda row: (row[0] - source) % PLAYERS)
    window = claims.ClaimWindow(source=source, card=card, players=PLAYERS, options=tuple(rows),
                                kind=kind)
    if answer is not None:
        window = claims.answer(window, seat, claim_key(answer))
    return window


__all__ = ["claim_key", "sample"]

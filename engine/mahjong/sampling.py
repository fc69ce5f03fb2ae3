"""A mahjong table state consistent with one seat's view (see ``engine/core/sampling.py``).

Sichuan, MCR and Nantong share the table, so they share the sampler: melds, rivers, the seat's
own hand and drawn tile, the claim window, the events and the running scores come back from the
view; the other active hands and the wall are dealt at random from the tiles the seat has not
seen (never a wall-only tile — MCR's flowers — into a hand). A game adds its own fields and
events through the arguments of ``sample_table``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

from ..core import claims
from ..core.deal_event import raw_deal
from ..core.protocol import JSON
from ..core.result import Payment
from ..core.sampling import UNKNOWN_SEED, balanced, check_view, ids, keyed_options
from ..core.seats import distance
from ..core.state import evolve
from .table import (
    MahjongTable,
    Meld,
    Melds,
    TableState,
    kong_events,
    kong_faces,
    placed_kongs,
)
from .tiles import parse_face

KONG_EVENTS = ("kong", "concealed_kong", "added_kong")

RawEvent = Callable[[JSON], tuple[Any, ...] | None]
Redeal = Callable[[Any, list[tuple[int, ...]], list[int], int | None],
                  tuple[list[tuple[int, ...]], list[int], int | None]]
"""A game's own event decoding: the raw tuple of a view event, or None for the common rule."""


def claim_key(action: JSON) -> Hashable:
    """The claim key of a claim action (the inverse of ``table.claim_action``)."""
    if action["type"] == "chow":
        return ("chow", parse_face(action["low"]))
    return str(action["type"])


def raw_event(e: JSON, own: RawEvent | None = None) -> tuple[Any, ...]:
    """A view event back as the state's tuple (another seat's draw has no tile yet; the deal
    event is ``sample_table``'s, as it needs the seat)."""
    if own is not None and (raw := own(e)) is not None:
        return raw
    card = e["card"]["id"] if "card" in e else None
    ev: tuple[Any, ...] = (e["type"], e["seat"], card)
    if e["type"] == "draw":
        return (*ev, e["replacement"])
    if e["type"] in KONG_EVENTS[1:]:
        return ev  # made from the hand: ``from`` is always null
    if "cards" in e:  # a claimed meld
        return (*ev, e["from"], ids(e["cards"]))
    if "from" in e:
        return (*ev, e["from"])
    if "reason" in e:
        return (*ev, e["reason"])
    return ev


def sample_table(game: MahjongTable, view: JSON, rng: random.Random, *,
                 known: Iterable[int] = (),
                 in_hands: Mapping[int, Iterable[int]] | None = None,
                 fields: dict[str, Any] | None = None,
                 wins: Sequence[Any] = (),
                 payments: Sequence[Payment] = (),
                 own_event: RawEvent | None = None,
                 turn: int | None = None,
                 after_deal: Callable[[Any], dict[str, Any]] | None = None,
                 kong_face_ok: Callable[[int, int], bool] = lambda seat, face: True,
                 redeal: Redeal | None = None) -> Any:
    """A ``game.state_class`` state whose view for ``view["seat"]`` is ``view``.

    ``known``: tile ids the view shows outside hands, melds, rivers and the claim (flowers,
    indicators...); ``in_hands``: tile ids the seat knows another seat's hand holds, by seat
    (Sichuan's exchanged tiles), dealt there unless the view shows them elsewhere; ``fields``:
    the game's own state fields; ``wins``/``payments``: those the game can read back (the
    running scores are balanced after them); ``own_event``: its own event decoding; ``turn``:
    the turn outside ``play``/``claim``; ``after_deal(state)``: fields that depend on the dealt
    hands; ``kong_face_ok(seat, face)``: whether a face-down kong of ``seat`` may be of
    ``face`` (``MahjongTable._kong_face_ok``); ``redeal(state, hands, wall, drawn)``: the
    random hands, wall and drawn tile made to fit what the game knows of hands besides their
    size (``MahjongTable._redealt``).
    """
    seat = check_view(view)
    players = view["players"]
    n = game.players
    options = game.options(view["options"])
    deck = game.deck_of(options)
    melds = tuple(tuple(Meld(m["type"], ids(m["cards"]), m["from"], m["concealed"], m["added"])
                        for m in p["melds"]) for p in players)
    face_down = [(s, i) for s, ms in enumerate(melds) for i, m in enumerate(ms) if not m.tiles]
    discards = tuple(ids(p["discards"]) for p in players)
    events = tuple(raw_deal(e, seat, n) if e["type"] == "deal" else raw_event(e, own_event)
                   for e in view["events"])
    taken = tuple(e[2] for e in events if e[0] == "win" and len(e) > 3 and e[3] is not None)
    claim = view.get("claim")
    offer = (claim["card"]["id"],) if claim is not None and claim["kind"] == "rob" else ()
    shown = {s: ids(p["hand"]) for s, p in enumerate(players) if p["hand"] is not None}
    seen = set(known) | set(taken) | set(offer)
    for s in range(n):
        seen.update(shown.get(s, ()))
        seen.update(t for m in melds[s] for t in m.tiles)
        seen.update(discards[s])
    pinned = {s: [t for t in tiles if t not in seen][:players[s]["hand_count"]]
              for s, tiles in (in_hands or {}).items() if s not in shown}
    seen.update(t for tiles in pinned.values() for t in tiles)
    pool = [t for t in deck if t not in seen]
    rng.shuffle(pool)
    if face_down:
        melds = _face_down_kongs(melds, face_down,
                                 [t for t in pool if not game._wall_only(t)], rng, kong_face_ok)
        kongs = {t for s, i in face_down for t in melds[s][i].tiles}
        pool = [t for t in pool if t not in kongs]
    events = kong_events(events, melds)
    hand_pool = [t for t in pool if not game._wall_only(t)]
    dealt: set[int] = set()
    hands: list[tuple[int, ...]] = []
    for s, p in enumerate(players):
        if s in shown:
            hands.append(shown[s])
            continue
        own = pinned.get(s, [])
        n_new = p["hand_count"] - len(own)
        new = hand_pool[len(dealt):len(dealt) + n_new]
        if len(new) != n_new:
            raise ValueError("the view shows more tiles than the game has")
        dealt.update(new)
        hand = tuple(sorted(own + new))
        hands.append(hand)
    wall = [t for t in pool if t not in dealt]
    # another seat's draws show no tile; its own view (in a search's playouts) shows one: any
    # unseen tile will do, as nothing in the rules reads it
    spare = wall or hand_pool or list(deck)
    events = tuple((e[0], e[1], rng.choice(spare), *e[3:]) if e[0] == "draw" and e[2] is None
                   else e for e in events)
    if len(wall) != view["wall_remaining"]:
        raise ValueError(f"tile count mismatch: {len(wall)} unseen tiles left for a wall of "
                         f"{view['wall_remaining']}")
    phase = view["phase"]
    if phase in ("play", "claim"):
        turn = view["turn"]
    last = events[-1] if events else ("deal", None, None)
    mover = view["turn"]
    drawn = view["drawn"]["id"] if view.get("drawn") else None
    if drawn is None and phase == "play" and mover != seat and last[0] == "draw" \
            and last[1] == mover and not _dealing(events):
        drawn = rng.choice(hands[mover])  # another seat's fresh draw: any of its tiles
    after_claim = phase == "play" and last[0] in ("pung", "chow") and last[1] == mover
    kong_draw = (phase == "play" and len(events) > 1 and last[0] == "draw" and last[1] == mover
                 and last[3] and events[-2][0] in KONG_EVENTS)
    scores = [p["score"] for p in players]
    state: TableState = game.state_class(
        seed=UNKNOWN_SEED, dealer=view["dealer"], wall=tuple(wall), hands=tuple(hands),
        melds=melds, discards=discards, phase=phase, turn=turn if turn is not None else 0,
        drawn=drawn, after_claim=after_claim, kong_draw=kong_draw, taken=taken,
        wins=tuple(wins), payments=balanced(payments, scores), events=events,
        options=options, **(fields or {}))
    if after_deal is not None:
        state = evolve(state, **after_deal(state))
    if redeal is not None:
        new_hands, new_wall, drawn = redeal(state, list(state.hands), list(state.wall), drawn)
        state = evolve(state, hands=tuple(new_hands), wall=tuple(new_wall), drawn=drawn)
    if claim is not None:
        state = evolve(state, window=_window(game, state, seat, claim))
    return state


def _dealing(events: Sequence[tuple[Any, ...]]) -> bool:
    """Nothing but the deal and its flower replacements yet (MCR-2.3): the dealer's first
    turn, on which it draws nothing (MCR-3.1), even when its last event is a draw."""
    return all(e[0] in ("deal", "flower", "draw") for e in events)


FACE_DOWN_TRIES = 20
"""Random orders tried before a sample gives up on the face-down kongs (a dead end, where one
kong is left no face, needs several kongs and few faces left unseen)."""


def _face_down_kongs(melds: Melds, face_down: list[tuple[int, int]], pool: list[int],
                     rng: random.Random, allowed: Callable[[int, int], bool]) -> Melds:
    """The view's face-down kongs (another seat's concealed kongs, MCR-3.3, SC-4.3, NT-4.1)
    given faces at random among the tiles the seat has not seen (``pool``)."""
    for _ in range(FACE_DOWN_TRIES):
        faces = kong_faces([s for s, _ in face_down], pool, rng, allowed)
        if faces is not None:
            return placed_kongs(melds, face_down, faces, pool)
    raise ValueError("no faces left unseen fit the face-down kongs")


def _window(game: MahjongTable, state: Any, seat: int, claim: JSON) -> claims.ClaimWindow:
    """The claim on offer: the seat's own options and answer from the view, the others' asked
    anew of their dealt hands (as ``determinize`` re-asks them), none of them answered yet."""
    source, card, kind = claim["from"], claim["card"]["id"], claim["kind"]
    options: dict[int, list[Hashable]] = {}
    for s in game.opponents(state, source):
        if s == seat:
            options[s] = keyed_options(claim.get("options", []), claim_key)
        elif kind == "rob":
            options[s] = ["win"] if game._can_win_on(state, s, card, source, True) else []
        else:
            options[s] = game._claim_options(state, s, card, source)
    window = claims.open_window(source, card, game.players, options, kind=kind)
    rows = list(window.options) if window is not None else []
    answer = claim.get("answer")
    if all(s == seat for s, _ in rows) and (answer is not None or not rows):
        # no dealt hand can claim, yet the real window still waits on somebody: the nearest
        # opponent gets the answer everybody has
        other = next(s for s in game.opponents(state, source) if s != seat)
        rows.append((other, (claims.PASS,)))
        rows.sort(key=lambda row: distance(source, row[0], game.players))
    window = claims.ClaimWindow(source=source, card=card, players=game.players,
                                options=tuple(rows), kind=kind)
    if answer is not None:
        window = claims.answer(window, seat, claim_key(answer))
    return window


__all__ = ["claim_key", "raw_event", "sample_table"]

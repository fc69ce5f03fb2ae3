"""The mahjong table every draw-discard-claim game shares (Sichuan, MCR, Nantong).

``MahjongTable`` owns the turn machinery on top of ``core.ClaimGame`` (the deal, the claim
window's answers, the refusals): the hands dealt sorted, draws from the front of the wall and
replacements from the back, discards and the simultaneous claim window, pungs, chows and
exposed kongs, concealed and added kongs with the robbing window, the last-tile rule and
hidden information (views' common part, zones, determinize). A game subclasses it and says
only how it differs through the hooks in the last section (``_claim_options``, ``_win``,
``_after_wins``, ``_exhaust``...), as python-chess variants override only their rule hooks.

Claims are keys: ``"win"``, ``"pung"``, ``"kong"``, ``"pass"`` or ``("chow", lowest face)``;
their actions are ``{"type": key}`` or ``{"type": "chow", "low": "3m"}``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import claims
from ..core.claim_game import ClaimGame
from ..core.claims import ClaimWindow, claim_kind
from ..core.deal_event import deal_event, deal_json, only_own, open_deal_json
from ..core.errors import IllegalAction
from ..core.options import Options
from ..core.protocol import JSON, Action
from ..core.result import Payment, totals
from ..core.seats import first_after
from ..core.state import evolve, with_item, without
from .tiles import FACE_NAMES, counts_of_ids, parse_face, tile_json


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table. ``source``: the seat whose discard made it (None: own tiles)."""

    kind: str  # "chow" | "pung" | "kong"
    tiles: tuple[int, ...]
    source: int | None = None
    concealed: bool = False
    added: bool = False

    @property
    def face(self) -> int:
        """The meld's face (a chow's lowest)."""
        return min(self.tiles) >> 2


@dataclass(frozen=True, slots=True, kw_only=True)
class TableState:
    """What every mahjong table holds; a game's state adds its own fields."""

    seed: int
    dealer: int
    wall: tuple[int, ...]
    """Draws come from the front, replacements from the back."""
    hands: tuple[tuple[int, ...], ...]
    """Concealed tiles per seat, sorted."""
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    """Each seat's river; a claimed tile leaves it."""
    phase: str
    """``play`` | ``claim`` | ``over``, or a game's own (Sichuan's ``declare``)."""
    turn: int
    """The seat to play (``play``) or whose tile is on offer (``claim``)."""
    drawn: int | None = None
    """The tile the player to act just drew (None: dealer's first turn, after a claim)."""
    after_claim: bool = False
    """A pung or chow was just made: discard before anything else."""
    kong_draw: bool = False
    """The tile just drawn is a kong replacement (Out with Replacement Tile, 杠上开花)."""
    window: ClaimWindow | None = None
    """Claims on a discard (kind ``discard``) or a robbable added kong (kind ``rob``)."""
    taken: tuple[int, ...] = ()
    """Tiles won off a discard or a robbed kong (each id once, however many winners)."""
    wins: tuple[Any, ...] = ()
    payments: tuple[Payment, ...] = ()
    events: tuple[tuple[Any, ...], ...] = ()
    """Public history: (kind, seat, tile id or None, detail...); draws are seen by the drawer."""
    options: Options = Options()
    """The match's house rules, resolved (OPT-0.2); a game's state sets its defaults."""

    def active(self, seat: int) -> bool:
        """Still playing (has not won)."""
        return all(w.seat != seat for w in self.wins)


def kong_actions(hand: tuple[int, ...], counts: tuple[int, ...], melds: Iterable[Meld]
                 ) -> list[Action]:
    """The kongs a seat may declare on its turn: concealed (all four of a face in ``hand``,
    whose face counts are ``counts``), then added (the fourth copy of an exposed pung)."""
    out: list[Action] = [{"type": "concealed_kong", "cards": [t for t in hand if t >> 2 == face]}
                         for face, n in enumerate(counts) if n == 4]
    out += [{"type": "added_kong", "card": next(t for t in hand if t >> 2 == m.face)}
            for m in melds if m.kind == "pung" and counts[m.face]]
    return out


def kong_faces(seats: Sequence[int], pool: Iterable[int], rng: random.Random,
               allowed: Callable[[int, int], bool]) -> list[int] | None:
    """A face for each of ``seats``' face-down kongs, at random among the faces whose four
    copies are all in ``pool`` (the tiles a seat cannot see) and that ``allowed(seat, face)``;
    None when the random order leaves one kong no face (the real faces always fit together)."""
    count: dict[int, int] = {}
    for t in pool:
        count[t >> 2] = count.get(t >> 2, 0) + 1
    free = sorted(f for f, n in count.items() if n == 4)
    out: list[int] = []
    for s in seats:
        options = [f for f in free if allowed(s, f)]
        if not options:
            return None
        face = rng.choice(options)
        free.remove(face)
        out.append(face)
    return out


Melds = tuple[tuple[Meld, ...], ...]
Events = tuple[tuple[Any, ...], ...]


def placed_kongs(melds: Melds, spots: Sequence[tuple[int, int]], faces: Sequence[int],
                 pool: Iterable[int]) -> Melds:
    """``melds`` with the concealed kong at each (seat, index) of ``spots`` made of the four
    copies of its face in ``faces`` that ``pool`` holds (a face-down kong given a face)."""
    tiles: dict[int, list[int]] = {}
    for t in pool:
        tiles.setdefault(t >> 2, []).append(t)
    out = [list(ms) for ms in melds]
    for (s, i), face in zip(spots, faces, strict=True):
        out[s][i] = Meld("kong", tuple(sorted(tiles[face])), out[s][i].source, concealed=True)
    return tuple(map(tuple, out))


def kong_events(events: Events, melds: Melds) -> Events:
    """The concealed kongs' events as ``melds`` make them (``("concealed_kong", seat, first
    tile, tiles)``): a seat's k-th such event is its k-th concealed meld."""
    kongs = {s: [m.tiles for m in ms if m.concealed] for s, ms in enumerate(melds)}
    made = dict.fromkeys(kongs, 0)
    out = []
    for e in events:
        if e[0] == "concealed_kong":
            tiles = kongs[e[1]][made[e[1]]]
            made[e[1]] += 1
            e = (e[0], e[1], tiles[0], list(tiles))
        out.append(e)
    return tuple(out)


def event(state: TableState, *ev: Any) -> tuple[tuple[Any, ...], ...]:
    return state.events + (ev,)


CLAIM_RANK = {"win": 3, "pung": 2, "kong": 2, "chow": 1}
"""Wins beat pungs and kongs, which beat chows."""
MELD_CLAIMS = ("pung", "kong", "chow")
"""Claims that make a meld: their events say its tiles (``cards``) besides the claimed one."""


def claim_action(key: Hashable) -> Action:
    if isinstance(key, tuple):
        return {"type": key[0], "low": FACE_NAMES[key[1]]}
    return {"type": str(key)}


def _others_draws_unnamed(events: Events, seat: int) -> Events:
    """``events`` with the tile of every other seat's draw None: the hands and wall are re-dealt
    around ``seat``, so a real tile id there would name a tile that is now elsewhere, and one
    ``seat`` never saw (its view shows another seat's draw without its tile)."""
    return tuple((e[0], e[1], None, *e[3:]) if e[0] == "draw" and e[1] != seat else e
                 for e in events)


class MahjongTable(ClaimGame):
    """The shared machinery; subclasses set ``name``, ``deck``... and fill in the hooks."""

    name = "mahjong"
    hand_sizes = (14, 13)
    state_class: type[TableState] = TableState
    claim_ranks = CLAIM_RANK
    card_word = "tile"
    claim_action = staticmethod(claim_action)

    # ------------------------------------------------------------------ dealing

    def _dealt(self, seed: int, dealer: int, hands: tuple[tuple[int, ...], ...],
               rest: tuple[int, ...], dealt: dict[str, Any]) -> Any:
        """``dealt``: the fields ``new_deal`` sets (the options, what they draw per deal)."""
        wall, fields, events = self._set_aside(rest)
        state = self.state_class(
            **dealt, seed=seed, dealer=dealer, wall=wall,
            hands=tuple(tuple(sorted(h)) for h in hands),
            melds=((),) * self.players, discards=((),) * self.players, phase="play",
            turn=dealer, events=(deal_event(dealer, hands), *events), **fields)
        return self._start(state)

    # ------------------------------------------------------------------ who acts, what they may do

    def _turn_seats(self, state: Any) -> list[int]:
        if state.phase == "play":
            return [state.turn]
        return self._phase_to_act(state)

    def _turn_legal(self, state: Any, seat: int) -> list[Action]:
        if state.phase == "play":
            return self._turn_actions(state, seat) if seat == state.turn else []
        if state.phase == "over":
            return []
        return self._phase_actions(state, seat)

    def _turn_actions(self, state: Any, seat: int) -> list[Action]:
        forced = self._forced_discards(state, seat)
        if forced is not None:
            return [{"type": "discard", "card": t} for t in forced]
        hand = state.hands[seat]
        out: list[Action] = []
        if not state.after_claim:
            if self._can_self_win(state, seat):
                out.append({"type": "win"})
            if state.wall:  # a kong needs a replacement; none after the last tile
                out += kong_actions(hand, counts_of_ids(hand), state.melds[seat])
        out += [{"type": "discard", "card": t} for t in hand]
        return out

    # ------------------------------------------------------------------ apply

    def _turn_apply(self, state: Any, seat: int, action: Action) -> Any:
        if state.phase != "play":
            return self._phase_apply(state, seat, action)
        kind = action["type"]
        if kind == "discard":
            return self._discard(state, seat, action["card"])
        if kind == "win":
            return self._self_draw_win(state, seat, action.get("card"))
        if kind == "concealed_kong":
            return self._concealed_kong(state, seat, tuple(action["cards"]))
        return self._added_kong(state, seat, action["card"])

    def _malformed(self, action: Action) -> str | None:
        kind = action["type"]
        card = action.get("card")
        if kind in ("discard", "added_kong") and (isinstance(card, bool)
                                                  or not isinstance(card, int)):
            return f"'{kind}' needs 'card': the id of a tile you hold"
        if kind == "win" and card is not None and (isinstance(card, bool)
                                                   or not isinstance(card, int)):
            return "'win' names its 'card' by the id of a tile you hold"
        cards = action.get("cards", [])
        if not isinstance(cards, list) or any(type(c) is not int for c in cards):
            return "'cards' must be a list of tile ids"
        return None

    # ------------------------------------------------------------------ draws and turns

    def _draw(self, state: Any, seat: int, replacement: bool = False, kong: bool = False) -> Any:
        """The next tile for ``seat``: from the front, or from the back as a replacement (for a
        kong when ``kong``: a win on it is Out with Replacement Tile)."""
        if replacement:
            tile, wall = state.wall[-1], state.wall[:-1]
        else:
            tile, wall = state.wall[0], state.wall[1:]
        hands = with_item(state.hands, seat, tuple(sorted(state.hands[seat] + (tile,))))
        state = evolve(state, wall=wall, hands=hands, phase="play", turn=seat, drawn=tile,
                       after_claim=False, kong_draw=kong, window=None,
                       events=event(state, "draw", seat, tile, replacement))
        return self._after_draw(state, seat)

    def _next_turn(self, state: Any, after: int) -> Any:
        """The first active player after ``after`` draws; an empty wall ends the deal."""
        seat = first_after(after, self.players,
                           (s for s in range(self.players) if state.active(s)))
        if seat is None or not state.wall:
            return self._exhaust(state)
        return self._draw(state, seat)

    def _discard(self, state: Any, seat: int, tile: int) -> Any:
        hands = with_item(state.hands, seat, without(state.hands[seat], (tile,)))
        discards = with_item(state.discards, seat, state.discards[seat] + (tile,))
        state = evolve(state, hands=hands, discards=discards, drawn=None, after_claim=False,
                       kong_draw=False, events=event(state, "discard", seat, tile))
        options: dict[int, list[Hashable]] = {}
        for other in range(self.players):
            if other != seat and state.active(other):
                opts = self._claim_options(state, other, tile, seat)
                if opts:
                    options[other] = opts
        window = claims.open_window(seat, tile, self.players, options, kind="discard")
        if window is None:
            return self._next_turn(state, seat)
        return evolve(state, phase="claim", turn=seat, window=window)

    def meld_claims(self, state: Any, seat: int, tile: int, source: int) -> list[Hashable]:
        """Pung and exposed kong on a discard; none after the wall's last tile."""
        if not state.wall:
            return []
        have = sum(1 for t in state.hands[seat] if t >> 2 == tile >> 2)
        out: list[Hashable] = []
        if have >= 2:
            out.append("pung")
        if have == 3:
            out.append("kong")
        return out

    # ------------------------------------------------------------------ claims

    def _resolve(self, state: Any) -> Any:
        w = state.window
        taking = self._taking(w)
        state = evolve(state, window=None, phase="play")
        if w.kind == "rob":
            return self._after_rob(state, w, [s for s, _ in taking])
        if not taking:
            return self._next_turn(state, w.source)
        seat, key = taking[0]
        kind = claim_kind(key)
        if kind == "win":
            discards = with_item(state.discards, w.source, state.discards[w.source][:-1])
            state = evolve(state, discards=discards, taken=state.taken + (w.card,))
            winners = [s for s, _ in taking]
            for s in winners:
                state = self._win(state, s, w.card, w.source, robbing=False)
            return self._after_wins(state, w.source, winners)
        return self._claim_meld(state, seat, key, w.source, w.card)

    def _claim_meld(self, state: Any, seat: int, key: Hashable, source: int, tile: int) -> Any:
        kind = claim_kind(key)
        hand = state.hands[seat]
        if kind == "chow":
            low = key[1]  # type: ignore[index]
            need = [f for f in (low, low + 1, low + 2) if f != tile >> 2]
            own = [next(t for t in hand if t >> 2 == f) for f in need]
        else:
            own = [t for t in hand if t >> 2 == tile >> 2][: 2 if kind == "pung" else 3]
        meld = Meld(kind, tuple(sorted(own + [tile])), source=source)
        state = evolve(
            state,
            hands=with_item(state.hands, seat, without(hand, own)),
            melds=with_item(state.melds, seat, state.melds[seat] + (meld,)),
            discards=with_item(state.discards, source, state.discards[source][:-1]),
            events=event(state, kind, seat, tile, source, meld.tiles),
        )
        if kind != "kong":  # discard without drawing; no kong before that discard
            return evolve(state, turn=seat, drawn=None, after_claim=True, kong_draw=False)
        state = self._on_kong(state, seat, "exposed", source)
        return self._draw(state, seat, replacement=True, kong=True)

    # ------------------------------------------------------------------ kongs

    def opponents(self, state: Any, seat: int) -> list[int]:
        """The other players still active."""
        return [s for s in range(self.players) if s != seat and state.active(s)]

    def _concealed_kong(self, state: Any, seat: int, tiles: tuple[int, ...]) -> Any:
        meld = Meld("kong", tuple(sorted(tiles)), concealed=True)
        state = evolve(
            state,
            hands=with_item(state.hands, seat, without(state.hands[seat], tiles)),
            melds=with_item(state.melds, seat, state.melds[seat] + (meld,)),
            drawn=None,
            events=event(state, "concealed_kong", seat, tiles[0], list(tiles)),
        )
        state = self._on_kong(state, seat, "concealed", None)
        return self._draw(state, seat, replacement=True, kong=True)

    def _added_kong(self, state: Any, seat: int, tile: int) -> Any:
        hands = with_item(state.hands, seat, without(state.hands[seat], (tile,)))
        state = evolve(state, hands=hands, drawn=None,
                       events=event(state, "added_kong", seat, tile))
        robbers: dict[int, list[Hashable]] = {}
        for other in self.opponents(state, seat):
            if self._can_win_on(state, other, tile, seat, robbing=True):
                robbers[other] = ["win"]
        window = claims.open_window(seat, tile, self.players, robbers, kind="rob")
        if window is not None:
            return evolve(state, phase="claim", turn=seat, window=window)
        return self._make_added_kong(state, seat, tile)

    def _make_added_kong(self, state: Any, seat: int, tile: int) -> Any:
        melds = tuple(
            Meld("kong", tuple(sorted(m.tiles + (tile,))), source=m.source, added=True)
            if m.kind == "pung" and m.face == tile >> 2 else m
            for m in state.melds[seat]
        )
        state = evolve(state, melds=with_item(state.melds, seat, melds))
        state = self._on_kong(state, seat, "added", None)
        return self._draw(state, seat, replacement=True, kong=True)

    def _after_rob(self, state: Any, w: ClaimWindow, robbers: list[int]) -> Any:
        if not robbers:
            return self._make_added_kong(state, w.source, w.card)
        # the kong's player counts as the discarder; the kong is not made
        state = evolve(state, taken=state.taken + (w.card,))
        for s in robbers:
            state = self._win(state, s, w.card, w.source, robbing=True)
        return self._after_wins(state, w.source, robbers)

    def _self_draw_win(self, state: Any, seat: int, card: int | None = None) -> Any:
        """A win on the seat's own tile: the one just drawn, else the one the action names
        (``card``, where a game asks which, OPT-SC-2.2), else ``_heavenly_tile``."""
        if state.drawn is not None:
            tile = state.drawn
        else:
            tile = card if card is not None else self._heavenly_tile(state, seat)
        state = self._win(state, seat, tile, None, robbing=False)
        state = evolve(state, drawn=None, kong_draw=False)
        return self._after_wins(state, seat, [seat])

    def _heavenly_tile(self, state: Any, seat: int) -> int:
        """The winning tile of a win with no draw (the dealer's first turn)."""
        return int(state.hands[seat][-1])

    # ------------------------------------------------------------------ information

    def zones(self, state: Any) -> dict[str, tuple[int, ...]]:
        z: dict[str, tuple[int, ...]] = {"wall": state.wall, "taken": state.taken}
        for s in range(self.players):
            z[f"hand:{s}"] = state.hands[s]
            z[f"melds:{s}"] = tuple(t for m in state.melds[s] for t in m.tiles)
            z[f"river:{s}"] = state.discards[s]
        if state.window is not None and state.window.kind == "rob":
            z["offer"] = (state.window.card,)
        z.update(self._extra_zones(state))
        return z

    def hidden_cards(self, state: Any, seat: int | None) -> frozenset[int]:
        """The wall, the concealed hands of other players still in play and the other players'
        concealed kongs, which lie face down (MCR-3.3, SC-4.3, NT-4.1), less the tiles it knows
        of all the same (``_known_cards``); at the end of the deal only the wall."""
        hidden = set(state.wall)
        if state.phase != "over":
            for s in range(self.players):
                if s != seat:
                    if state.active(s):
                        hidden.update(state.hands[s])
                    hidden.update(t for m in state.melds[s] if m.concealed for t in m.tiles)
            if seat is not None:
                hidden.difference_update(self._known_cards(state, seat))
        return frozenset(hidden)

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """Re-deal what ``seat`` cannot see (the wall, other active hands, other seats'
        concealed kongs), leaving where they are the tiles it knows another hand holds
        (``_known_in_hands``); re-ask the claim of a seat whose answer its new hand cannot
        make."""
        if state.phase == "over":
            return state
        others = [s for s in range(self.players) if s != seat and state.active(s)]
        known = {s: tiles for s, tiles in self._known_in_hands(state, seat).items()
                 if s in others}
        kept = {t for tiles in known.values() for t in tiles}
        pool = [t for t in state.wall if not self._wall_only(t)]
        pool += [t for s in others for t in state.hands[s] if t not in kept]
        hidden = self._face_down(state, seat)
        pool += [t for s, i in hidden for t in state.melds[s][i].tiles]
        rng.shuffle(pool)
        melds, events, pool = self._redeal_kongs(state, seat, hidden, pool, rng)
        hands = list(state.hands)
        pos = 0
        for s in others:
            n = len(state.hands[s]) - len(known.get(s, ()))
            hands[s] = tuple(sorted((*known.get(s, ()), *pool[pos:pos + n])))
            pos += n
        wall = pool[pos:] + [t for t in state.wall if self._wall_only(t)]
        rng.shuffle(wall)
        drawn = state.drawn
        if state.phase == "play" and state.turn != seat and drawn is not None:
            drawn = rng.choice(hands[state.turn])
        hands, wall, drawn = self._redealt(state, seat, hands, wall, drawn, rng)
        new = evolve(state, hands=tuple(hands), wall=tuple(wall), drawn=drawn, melds=melds,
                     events=_others_draws_unnamed(only_own(events, seat), seat),
                     **self._determinize_fields(state, seat, rng))
        if state.window is not None:
            new = evolve(new, window=self._reask(new, state.window, seat))
        return new

    def _redealt(self, state: Any, seat: int, hands: list[tuple[int, ...]], wall: list[int],
                 drawn: int | None, rng: random.Random
                 ) -> tuple[list[tuple[int, ...]], list[int], int | None]:
        """The hands, wall and drawn tile ``determinize`` dealt, made to fit what a game knows
        of hands besides their size (Sichuan: a Blood River locked hand is ready)."""
        return hands, wall, drawn

    def _face_down(self, state: Any, seat: int) -> list[tuple[int, int]]:
        """The other seats' concealed kongs, as (seat, index in its melds)."""
        return [(s, i) for s in range(self.players) if s != seat
                for i, m in enumerate(state.melds[s]) if m.concealed]

    def _redeal_kongs(self, state: Any, seat: int, hidden: list[tuple[int, int]],
                      pool: list[int], rng: random.Random) -> tuple[Melds, Events, list[int]]:
        """The face-down kongs ``hidden`` given faces at random (each one whose four copies are
        all in ``pool``, the shuffled unseen tiles, and ``_kong_face_ok`` for its seat), their
        events renamed to match, and what is left of ``pool`` once the kongs took theirs."""
        if not hidden:
            return state.melds, state.events, pool
        faces = kong_faces([s for s, _ in hidden], pool, rng,
                           lambda s, f: self._kong_face_ok(state, s, f))
        melds = state.melds if faces is None else placed_kongs(state.melds, hidden, faces, pool)
        # faces None: a dead end of the random order (no face left for one): they keep theirs
        taken = {t for s, i in hidden for t in melds[s][i].tiles}
        return melds, kong_events(state.events, melds), [t for t in pool if t not in taken]

    def _window_options(self, state: Any, seat: int, w: ClaimWindow) -> list[Hashable]:
        if w.kind == "rob":
            return ["win"] if self._can_win_on(state, seat, w.card, w.source, True) else []
        return self._claim_options(state, seat, w.card, w.source)

    def common_view(self, state: Any, seat: int | None, events_from: int = 0) -> JSON:
        """The view's parts every mahjong game shares; a game adds its own."""
        over = state.phase == "over"
        score = totals(state.payments, self.players)
        players = []
        for s in range(self.players):
            shown = over or s == seat or not state.active(s)  # a winner out of play shows it
            players.append({
                "seat": s,
                "hand": [self.card_json(t) for t in state.hands[s]] if shown else None,
                "hand_count": len(state.hands[s]),
                "melds": [self.meld_json(m, over or s == seat) for m in state.melds[s]],
                "discards": [self.card_json(t) for t in state.discards[s]],
                "score": score[s],
            })
        return self.table_view(
            state, seat, turn=state.turn if state.phase in ("play", "claim") else None,
            wall=len(state.wall), players=players,
            events=[self._event_json(e, seat) for e in state.events[events_from:]],
            drawn=self.card_json(state.drawn) if (
                state.drawn is not None and state.phase == "play" and state.turn == seat) else None)

    def meld_json(self, m: Meld, owner_sees: bool) -> JSON:
        """A meld as a view shows it: a concealed kong lies face down (``cards`` None) to
        everybody but its owner until the deal ends (MCR-3.3, SC-4.3, NT-4.1)."""
        shown = owner_sees or not m.concealed
        return {"type": m.kind, "cards": [self.card_json(t) for t in m.tiles] if shown else None,
                "from": m.source, "concealed": m.concealed, "added": m.added}

    def open_view(self, state: Any) -> JSON:
        """Every hand open, for the replay of a finished deal (never shown while one is played):
        what a spectator sees plus each seat's concealed tiles and concealed kongs, the tile
        just drawn (by the seat to play), every draw, every dealt hand, and what a game keeps
        to one seat (``_open_details``)."""
        view = self.view(state, None)
        for p in view["players"]:
            p["hand"] = [self.card_json(t) for t in state.hands[p["seat"]]]
            p["melds"] = [self.meld_json(m, True) for m in state.melds[p["seat"]]]
        if state.drawn is not None and state.phase == "play":
            view["drawn"] = self.card_json(state.drawn)
        for i, raw in enumerate(state.events):
            if raw[0] in ("draw", "concealed_kong"):
                view["events"][i]["card"] = self.card_json(raw[2])
            elif raw[0] == "deal":
                view["events"][i] = open_deal_json(raw, self.card_json)
        view["open"] = True
        self._open_details(state, view)
        return view

    def _event_json(self, ev: tuple[Any, ...], seat: int | None) -> JSON:
        kind, who, tile = ev[0], ev[1], ev[2]
        if kind == "deal":
            return deal_json(ev, seat, self.card_json)
        out: JSON = {"type": kind, "seat": who}
        if kind == "draw":
            out["replacement"] = ev[3]
            if who == seat and tile is not None:  # None: re-dealt, unknown (determinize)
                out["card"] = self.card_json(tile)
        elif kind == "concealed_kong":  # face down: only its owner's log names the tile
            if who == seat:
                out["card"] = self.card_json(tile)
            out["from"] = None
        elif tile is not None:
            out["card"] = self.card_json(tile)
            if kind == "added_kong":
                out["from"] = None  # the fourth tile comes from the hand
            elif kind in CLAIM_RANK and len(ev) > 3:
                out["from"] = ev[3]
            if len(ev) > 4 and kind in MELD_CLAIMS:
                out["cards"] = [self.card_json(t) for t in ev[4]]
                if kind == "chow":  # the run taken, as the chow action names it
                    out["low"] = FACE_NAMES[ev[4][0] >> 2]
        return out

    def card_json(self, tile: int) -> JSON:
        """A visible physical tile as the API shows it (a game with other faces overrides)."""
        return tile_json(tile)

    # ------------------------------------------------------------------ hooks

    def _set_aside(self, rest: tuple[int, ...]) -> tuple[tuple[int, ...], JSON, Events]:
        """What the deal leaves besides the hands: the wall, and a game's own state fields and
        deal events (Nantong's indicators)."""
        return rest, {}, ()

    def _start(self, state: Any) -> Any:
        """After the deal (Sichuan: declare the missing suits; MCR: expose flowers)."""
        return state

    def _phase_to_act(self, state: Any) -> list[int]:
        return []

    def _phase_actions(self, state: Any, seat: int) -> list[Action]:
        return []

    def _phase_apply(self, state: Any, seat: int, action: Action) -> Any:
        raise IllegalAction(f"nothing to do in phase {state.phase}")

    def _forced_discards(self, state: Any, seat: int) -> tuple[int, ...] | None:
        """Tiles the player must discard from, with nothing else allowed (None: no constraint)."""
        return None

    def _can_self_win(self, state: Any, seat: int) -> bool:
        raise NotImplementedError

    def _can_win_on(self, state: Any, seat: int, tile: int, source: int, robbing: bool) -> bool:
        raise NotImplementedError

    def _claim_options(self, state: Any, seat: int, tile: int, source: int) -> list[Hashable]:
        raise NotImplementedError

    def _after_draw(self, state: Any, seat: int) -> Any:
        """After any draw (MCR: a flower is exposed and replaced)."""
        return state

    def _on_kong(self, state: Any, seat: int, kind: str, source: int | None) -> Any:
        """A kong was made (``exposed``, ``concealed`` or ``added``): Sichuan pays at once."""
        return state

    def _win(self, state: Any, seat: int, tile: int, source: int | None, robbing: bool) -> Any:
        """Record and settle one win (``source`` None: self-drawn)."""
        raise NotImplementedError

    def _after_wins(self, state: Any, source: int, winners: list[int]) -> Any:
        raise NotImplementedError

    def _exhaust(self, state: Any) -> Any:
        raise NotImplementedError

    def view(self, state: Any, seat: int | None, events_from: int = 0) -> JSON:
        """What ``seat`` may see: a game's ``common_view`` plus what it adds."""
        raise NotImplementedError

    def _open_details(self, state: Any, view: JSON) -> None:
        """Fill into an open view (a fresh dict) what the game shows only to one seat (Sichuan:
        a missing suit before all have declared)."""

    def _extra_zones(self, state: Any) -> dict[str, tuple[int, ...]]:
        return {}

    def _determinize_fields(self, state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
        return {}

    def _known_in_hands(self, state: Any, seat: int) -> dict[int, tuple[int, ...]]:
        """Tiles ``seat`` knows to be in another seat's concealed hand (Sichuan: the three it
        passed in the exchange, OPT-SC-1.3), by seat; ``determinize`` leaves them there."""
        return {}

    def _known_cards(self, state: Any, seat: int) -> frozenset[int]:
        """Tiles ``seat`` has seen that now lie hidden from it (Sichuan: the three it passed in
        the exchange, OPT-SC-1.3): no view hides them from it, no hint counts them unseen."""
        return frozenset()

    def _kong_face_ok(self, state: Any, seat: int, face: int) -> bool:
        """Whether ``seat`` could hold a concealed kong of ``face`` (Sichuan: not of its missing
        suit); ``determinize`` re-deals the face-down kongs among such faces."""
        return True

    def _wall_only(self, tile: int) -> bool:
        """Tiles a hand never holds between actions (MCR's flowers): determinize keeps them in
        the wall."""
        return False


__all__ = ["CLAIM_RANK", "Events", "MahjongTable", "Meld", "TableState", "claim_action",
           "claim_kind", "event", "kong_events", "kong_faces", "parse_face", "placed_kongs",
           "with_item", "without"]

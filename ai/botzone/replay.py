"""A Botzone history rebuilt as the bot seat's paiju MCR position.

Botzone tells a program every public move (``ai/botzone/protocol.py``) and its own tiles, by
face only. ``rebuild`` replays those requests onto a paiju MCR state (``engine/mcr``): the
seat's hand, every meld with the seat it was claimed from, every river, the flowers, the other
hands' sizes and the event log as the engine would have logged them. Tiles get ids as they show
up (the next copy of their face not given yet); what the seat cannot see — the other hands, the
wall, the faces of other seats' concealed kongs, other seats' drawn tiles — is dealt at random
from the ids left, as ``engine/mahjong/sampling.py`` does for a view. The engine then answers
what the seat may do (``game.legal_actions``) and what it sees (``game.view``), in the exact
shapes paiju's own players get.

The last request decides the position: the seat's own draw (``2 Card``) is its turn; another
seat's discard (``PLAY``, or the discard that ends a ``PENG`` or ``CHI``) and its added kong
(``BUGANG``) are replayed through the engine itself from the position just before, so the claim
window, its options and the rob window are the engine's own.

Where Botzone's judge differs from paiju's MCR (docs/botzone.md, "paiju's AI as a Botzone bot"):

- the round wind is Botzone's ``quan`` (paiju plays East only): the game object scores with it;
- the duplicate judge deals 136 tiles, no flowers, and gives each seat its own wall of 34 tiles
  (21 to draw, replacements included). When the seat that would draw next has drawn its 21, the
  position is the wall's last (no claim but a win, 海底捞月/妙手回春), and a seat that has drawn
  its 21 cannot kong. A history with a flower in it is paiju's or Botzone's old judge: one
  shared wall of 144 tiles, whose count the tiles seen so far give exactly. A flowerless
  history may also be paiju's under ``flowers: false`` (OPT-MCR-1): one shared wall of 136,
  which nothing in the history tells from the duplicate walls; ``shared_wall`` says so (the
  wall is then counted as the 144 tiles' is, without the flowers);
- the dealer's first draw is part of paiju's 14-tile deal (no draw event, no drawn tile).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.mahjong.table import Meld, kong_events, kong_faces, placed_kongs
from engine.mcr.game import DECK, GAME, WITHOUT_FLOWERS, Mcr
from engine.mcr.options import DEFAULTS
from engine.mcr.state import State

from .protocol import Deal, Draw, Event, ProtocolError, Start, parse_request, parse_response
from .tiles import from_botzone, to_botzone

PLAYERS = 4
DEALT = 13
NO_FLOWERS = GAME.options({"flowers": False})
"""OPT-MCR-1: the options of a paiju deal without flowers (``shared_wall``)."""
DUPLICATE_DRAWS = 21
"""Tiles each seat draws from its own wall in Botzone's duplicate judge (34 - 13 dealt)."""
FACE_DOWN_TRIES = 20


class HistoryError(ProtocolError):
    """Requests that no deal can have produced (a tile played that the seat does not hold...)."""


@dataclass(frozen=True, slots=True)
class Position:
    """The seat's rebuilt position: ``state`` is where the seat decides (None: nothing to decide,
    the answer is PASS); ``no_kong``: the seat's own duplicate wall is spent; ``duplicate``:
    the history is Botzone's duplicate judge's (no flower in it)."""

    game: Mcr
    seat: int
    state: State | None
    no_kong: bool = False
    duplicate: bool = False

    def legal(self) -> list[dict]:
        """The seat's legal actions, less what Botzone's duplicate judge refuses although paiju
        allows it: any kong once the seat's own wall is spent (no replacement tile), and an
        added kong of another tile than the one just drawn (its page: "BUGANG Card: drew Card
        and had punged it"; paiju, like the MCR rules, adds any fourth tile held)."""
        if self.state is None:
            return []
        legal = self.game.legal_actions(self.state, self.seat)
        if self.no_kong:
            legal = [a for a in legal if a["type"] not in ("kong", "concealed_kong",
                                                          "added_kong")]
        if self.duplicate:
            drawn = self.state.drawn
            legal = [a for a in legal if a["type"] != "added_kong"
                     or (drawn is not None and a["card"] >> 2 == drawn >> 2)]
        return legal


class _Ids:
    """Tile ids as faces show up: the next copy of a face not given yet."""

    def __init__(self) -> None:
        self.copies = [0] * 34
        self.flowers: set[int] = set()

    def take(self, name: str) -> int:
        face = from_botzone(name)
        if face >= 34:
            tile = 136 + face - 34
            if tile in self.flowers:
                raise HistoryError(f"flower {name} shows up twice")
            self.flowers.add(tile)
            return tile
        if self.copies[face] == 4:
            raise HistoryError(f"a fifth {name} shows up")
        self.copies[face] += 1
        return face * 4 + self.copies[face] - 1


def _face(name: str) -> int:
    return from_botzone(name)


class _Table:
    """The public deal and the seat's own tiles, request by request."""

    def __init__(self, start: Start, deal: Deal, shared_wall: bool = False) -> None:
        self.me, self.quan = start.player, start.quan
        self.shared_wall = shared_wall
        self.ids = _Ids()
        self.hand = sorted(self.ids.take(t) for t in deal.hand)
        self.counts = [DEALT] * PLAYERS  # concealed tiles of every seat (the seat's: len(hand))
        self.melds: list[list[Meld]] = [[] for _ in range(PLAYERS)]
        self.discards: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.flowers: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.events: list[tuple[Any, ...]] = []
        self.draws = [0] * PLAYERS
        self.replacement: list[str | None] = [None] * PLAYERS  # "kong" | "flower" | None
        self.dealer_first = True  # paiju deals the dealer's first draw with its hand
        self.last_discard: tuple[int, int] | None = None
        self.drew: int | None = None  # the seat that drew at the previous request
        self.drawn: int | None = None  # the seat's own tile just drawn
        self.kong_draw = False
        self.added: tuple[int, int] | None = None  # an added kong that may still be robbed
        self.flowers_seen = False
        if sum(deal.flower_counts):
            self._flowers_in()
        names = iter(deal.flowers)
        # Botzone tells neither which of the 13 tiles replaced the bot's flowers nor in which
        # round a flower came (MCR-2.3: a replacement may be a flower again): the last tiles of
        # the hand stand for the replacements, each player's flowers in one round
        replaced = self.hand[len(self.hand) - deal.flower_counts[self.me]:]
        for seat, n in enumerate(deal.flower_counts):
            for k in range(n):
                tile = self.ids.take(next(names))
                self.flowers[seat].append(tile)
                self.events.append(("flower", seat, tile))
                self.events.append(("draw", seat, replaced[k] if seat == self.me else None, True))
        dealt = tuple(sorted(set(self.hand) - set(replaced) | set(self.flowers[self.me])))
        self.events.insert(0, ("deal", 0, None, tuple(dealt if s == self.me else None
                                                       for s in range(PLAYERS))))

    # ------------------------------------------------------------------ the seat's own tiles

    def _from_hand(self, seat: int, names: Sequence[str]) -> list[int]:
        """Ids of ``names`` leaving ``seat``'s concealed tiles."""
        if seat != self.me:
            if self.counts[seat] < len(names):
                raise HistoryError(f"player {seat} has not {len(names)} tiles to give")
            self.counts[seat] -= len(names)
            return [self.ids.take(n) for n in names]
        out = []
        for name in names:
            face = _face(name)
            tile = next((t for t in self.hand if t >> 2 == face), None)
            if tile is None:
                raise HistoryError(f"player {seat} (this bot) does not hold {name}")
            self.hand.remove(tile)
            out.append(tile)
        self.counts[seat] = len(self.hand)
        return out

    # ------------------------------------------------------------------ requests

    def draw(self, seat: int, name: str | None) -> None:
        """``seat`` drew ``name`` (None: hidden from the bot)."""
        self.draws[seat] += 1
        replacement = self.replacement[seat]
        self.replacement[seat] = None
        tile = None
        if name is not None:
            tile = self.ids.take(name)
            self.hand = sorted(self.hand + [tile])
        self.counts[seat] += 1
        if seat == 0 and self.dealer_first:
            self.dealer_first = False
            self.drawn, self.kong_draw = None, False
        else:
            self.events.append(("draw", seat, tile, replacement is not None))
            self.drawn, self.kong_draw = tile, replacement == "kong"
        self.drew = seat

    def _flowers_in(self) -> None:
        """A flower shows: the deal has the 144 tiles (paiju's, or Botzone's older judge), which
        one said to be played without flowers cannot."""
        if self.shared_wall:
            raise HistoryError("a flower in a deal played without flowers (shared_wall)")
        self.flowers_seen = True

    def flower(self, seat: int, name: str) -> None:
        """``seat`` drew flower ``name`` and will draw a replacement (MCR-2.3)."""
        self._flowers_in()
        tile = self.ids.take(name)
        if seat == 0 and self.dealer_first:  # paiju: a flower among the dealer's 14, exposed
            self.events.append(("flower", seat, tile))
        else:
            self.draws[seat] += 1
            self.events.append(("draw", seat, tile, self.replacement[seat] is not None))
            self.events.append(("flower", seat, tile))
        self.flowers[seat].append(tile)
        self.replacement[seat] = "flower"

    def discard(self, seat: int, name: str) -> None:
        tile = self._from_hand(seat, [name])[0]
        self.discards[seat].append(tile)
        self.events.append(("discard", seat, tile))
        self.last_discard = (seat, tile)

    def _claimed(self, seat: int) -> tuple[int, int]:
        """The discard ``seat`` claims: it leaves its river."""
        if self.last_discard is None or self.last_discard[0] == seat:
            raise HistoryError(f"player {seat} claims, but no other player's discard is on offer")
        source, tile = self.last_discard
        if not self.discards[source] or self.discards[source][-1] != tile:
            raise HistoryError("the claimed discard is no longer on offer")
        self.discards[source].pop()
        self.last_discard = None
        return source, tile

    def pung(self, seat: int) -> None:
        source, tile = self._claimed(seat)
        own = self._from_hand(seat, [to_botzone(tile >> 2)] * 2)
        meld = Meld("pung", tuple(sorted(own + [tile])), source)
        self.melds[seat].append(meld)
        self.events.append(("pung", seat, tile, source, meld.tiles))

    def chow(self, seat: int, middle: str) -> None:
        source, tile = self._claimed(seat)
        mid = _face(middle)
        if source != (seat - 1) % PLAYERS:
            raise HistoryError(f"player {seat} chows a discard of player {source}, not of the "
                               "player before it")
        if mid >= 27 or mid % 9 in (0, 8) or not mid - 1 <= tile >> 2 <= mid + 1:
            raise HistoryError(f"no chow with middle {middle} takes {to_botzone(tile >> 2)}")
        need = [f for f in (mid - 1, mid, mid + 1) if f != tile >> 2]
        own = self._from_hand(seat, [to_botzone(f) for f in need])
        meld = Meld("chow", tuple(sorted(own + [tile])), source)
        self.melds[seat].append(meld)
        self.events.append(("chow", seat, tile, source, meld.tiles))

    def kong(self, seat: int, concealed_face: str | None) -> None:
        """``GANG``: concealed right after the seat's draw, else of the last discard."""
        if self.drew == seat:
            if seat == self.me:
                if concealed_face is None:
                    raise HistoryError("this bot's concealed kong: no 'GANG Card' response "
                                       "says of which tile")
                tiles = tuple(sorted(self._from_hand(seat, [concealed_face] * 4)))
                self.melds[seat].append(Meld("kong", tiles, None, concealed=True))
                self.events.append(("concealed_kong", seat, tiles[0], list(tiles)))
            else:
                if self.counts[seat] < 4:
                    raise HistoryError(f"player {seat} has not four tiles to kong")
                self.counts[seat] -= 4
                self.melds[seat].append(Meld("kong", (), None, concealed=True))
                self.events.append(("concealed_kong", seat, None, None))
        else:
            source, tile = self._claimed(seat)
            own = self._from_hand(seat, [to_botzone(tile >> 2)] * 3)
            meld = Meld("kong", tuple(sorted(own + [tile])), source)
            self.melds[seat].append(meld)
            self.events.append(("kong", seat, tile, source, meld.tiles))
        self.replacement[seat] = "kong"

    def added_kong(self, seat: int, name: str) -> int:
        """``BUGANG``: the fourth tile leaves the hand (the kong is made by ``make_added``)."""
        face = _face(name)
        if not any(m.kind == "pung" and m.face == face for m in self.melds[seat]):
            raise HistoryError(f"player {seat} adds {name} to a pung it has not")
        tile = self._from_hand(seat, [name])[0]
        self.events.append(("added_kong", seat, tile))
        return tile

    def make_added(self, seat: int, tile: int) -> None:
        """Nobody robbed the added kong: the pung is a kong."""
        self.melds[seat] = [
            Meld("kong", tuple(sorted(m.tiles + (tile,))), m.source, added=True)
            if m.kind == "pung" and m.face == tile >> 2 else m for m in self.melds[seat]]
        self.replacement[seat] = "kong"

    # ------------------------------------------------------------------ the duplicate walls

    @property
    def duplicate(self) -> bool:
        """The history is Botzone's duplicate judge's: no flower, and not said to be paiju's
        shared wall without flowers."""
        return not self.flowers_seen and not self.shared_wall

    def spent(self, seat: int) -> bool:
        """``seat``'s own wall is empty (Botzone's duplicate judge; never with flowers)."""
        return self.duplicate and self.draws[seat] >= DUPLICATE_DRAWS

    # ------------------------------------------------------------------ the state

    def state(self, rng: random.Random, *, turn: int, drawn: int | None = None,
              after_claim: bool = False, kong_draw: bool = False, holding: int | None = None,
              last: bool = False) -> State:
        """A play-phase state with ``turn`` to move; ``holding``: a tile id ``turn`` holds
        besides its hidden tiles (the one it is about to discard or add to a kong); ``last``:
        the wall is spent (Botzone's duplicate judge)."""
        seen = set(self.hand)
        for s in range(PLAYERS):
            seen.update(t for m in self.melds[s] for t in m.tiles)
            seen.update(self.discards[s])
            seen.update(self.flowers[s])
        if holding is not None:
            seen.add(holding)
        pool = [t for t in (WITHOUT_FLOWERS if self.shared_wall else DECK) if t not in seen]
        rng.shuffle(pool)
        melds = tuple(tuple(ms) for ms in self.melds)
        face_down = [(s, i) for s, ms in enumerate(melds) for i, m in enumerate(ms) if not m.tiles]
        if face_down:
            suited = [t for t in pool if t < 136]
            for _ in range(FACE_DOWN_TRIES):
                faces = kong_faces([s for s, _ in face_down], suited, rng, lambda s, f: True)
                if faces is not None:
                    break
            else:
                raise HistoryError("no faces left unseen fit the concealed kongs")
            melds = placed_kongs(melds, face_down, faces, suited)
            kongs = {t for s, i in face_down for t in melds[s][i].tiles}
            pool = [t for t in pool if t not in kongs]
        hand_pool = [t for t in pool if t < 136]
        hands: list[tuple[int, ...]] = []
        dealt: set[int] = set()
        for s in range(PLAYERS):
            if s == self.me:
                hands.append(tuple(sorted(self.hand + ([holding] if holding is not None
                                                       and s == turn else []))))
                continue
            n = self.counts[s] - (1 if holding is not None and s == turn else 0)
            hand = hand_pool[len(dealt):len(dealt) + n]
            if len(hand) != n:
                raise HistoryError("the history shows more tiles than the game has")
            dealt.update(hand)
            if holding is not None and s == turn:
                hand = hand + [holding]
            hands.append(tuple(sorted(hand)))
        wall = tuple(t for t in pool if t not in dealt)
        spare = wall or tuple(hand_pool) or DECK
        events = tuple((e[0], e[1], rng.choice(spare), *e[3:]) if e[0] == "draw" and e[2] is None
                       else e for e in kong_events(tuple(self.events), melds))
        if turn != self.me and drawn is None and self.drew == turn and not after_claim:
            drawn = holding if holding is not None else rng.choice(hands[turn])
        return State(seed=0, dealer=0, prevailing=self.quan,  # Botzone's round wind
                     options=NO_FLOWERS if self.shared_wall else DEFAULTS,
                     wall=() if last else wall, hands=tuple(hands), melds=melds,
                     discards=tuple(tuple(d) for d in self.discards), phase="play", turn=turn,
                     drawn=drawn, after_claim=after_claim, kong_draw=kong_draw,
                     events=events, flowers=tuple(tuple(f) for f in self.flowers))


def _concealed_face(responses: Sequence[str], i: int) -> str | None:
    """The tile of the bot's own ``GANG Card`` answer to request ``i`` (None: none given)."""
    if i >= len(responses):
        return None
    try:
        r = parse_response(responses[i])
    except ProtocolError:
        return None
    return r.tiles[0] if r.verb == "GANG" and r.tiles else None


def rebuild(requests: Sequence[str], responses: Sequence[str], rng: random.Random,
            shared_wall: bool = False) -> Position:
    """The bot's position at the last of ``requests`` (its answers to the earlier ones in
    ``responses``); ``HistoryError``/``ProtocolError`` for a history no deal can produce;
    ``shared_wall``: the history is a paiju deal without flowers (OPT-MCR-1), not Botzone's
    duplicate judge's."""
    parsed = [parse_request(r) for r in requests]
    if not isinstance(parsed[0], Start):
        raise HistoryError("turn 1's request must be '0 playerID quan'")
    start = parsed[0]
    game = GAME
    if len(parsed) < 3:
        if len(parsed) == 2 and not isinstance(parsed[1], Deal):
            raise HistoryError("turn 2's request must be '1 hua0..hua3 Card1..Card13 ...'")
        return Position(game, start.player, None)
    if not isinstance(parsed[1], Deal):
        raise HistoryError("turn 2's request must be '1 hua0..hua3 Card1..Card13 ...'")
    t = _Table(start, parsed[1], shared_wall)
    me, last = t.me, len(parsed) - 1
    for i in range(2, last):
        _replay(t, parsed[i], i, responses)
    req = parsed[last]
    if isinstance(req, Draw):
        _replay(t, req, last, responses)
        state = t.state(rng, turn=me, drawn=t.drawn, kong_draw=t.kong_draw,
                        last=t.spent((me + 1) % PLAYERS))
        return Position(game, me, state, t.spent(me), t.duplicate)
    if isinstance(req, Event) and req.player != me and req.verb in OFFERS:
        return _offer(game, t, req, rng)
    _replay(t, req, last, responses)
    return Position(game, me, None)


OFFERS = ("PLAY", "PENG", "CHI", "BUGANG")
"""Requests that end with a tile other seats may claim or rob."""


def _replay(t: _Table, req: Start | Deal | Draw | Event, i: int,
            responses: Sequence[str]) -> None:
    """Request ``i`` (from 0) onto the table."""
    if t.added is not None:  # nobody robbed the added kong of the request before
        t.make_added(*t.added)
        t.added = None
    if isinstance(req, (Start, Deal)):
        raise HistoryError(f"request {i + 1}: '0' and '1' requests come on turns 1 and 2 only")
    if isinstance(req, Draw):
        t.draw(t.me, req.tile)
        return
    p, verb = req.player, req.verb
    _dealer_drew(t, req)
    if verb == "DRAW":
        if p == t.me:
            raise HistoryError("this bot's own draws come as '2 Card', not '3 id DRAW'")
        t.draw(p, None)
        return
    if verb == "BUHUA":
        t.flower(p, req.tiles[0])
    elif verb == "PLAY":
        t.discard(p, req.tiles[0])
    elif verb == "PENG":
        t.pung(p)
        t.discard(p, req.tiles[0])
    elif verb == "CHI":
        t.chow(p, req.tiles[0])
        t.discard(p, req.tiles[1])
    elif verb == "GANG":
        t.kong(p, _concealed_face(responses, i - 1) if p == t.me else None)
    elif verb == "BUGANG":
        t.added = (p, t.added_kong(p, req.tiles[0]))
    t.drew = None


def _dealer_drew(t: _Table, req: Event) -> None:
    """The dealer's first move comes after its first draw: a history that skips the
    ``3 0 DRAW`` still gives the dealer its 14th tile."""
    if t.dealer_first and req.player == 0 != t.me and req.verb not in ("DRAW", "BUHUA"):
        t.draw(0, None)


def _offer(game: Mcr, t: _Table, req: Event, rng: random.Random) -> Position:
    """The position after ``p``'s discard or added kong (the last request), made by the engine
    from the position just before it so that its claim or rob window is the engine's own."""
    me, p = t.me, req.player
    _dealer_drew(t, req)
    if t.added is not None:
        t.make_added(*t.added)
        t.added = None
    if req.verb == "BUGANG":
        name = req.tiles[0]
        if not any(m.kind == "pung" and m.face == _face(name) for m in t.melds[p]):
            raise HistoryError(f"player {p} adds {name} to a pung it has not")
        before = t.state(rng, turn=p, holding=t.ids.take(name),
                         kong_draw=t.replacement[p] == "kong")
        # the engine adds the first copy of the face the seat holds: its hidden tiles may too
        add = next((a for a in game.legal_actions(before, p)
                    if a["type"] == "added_kong" and a["card"] >> 2 == _face(name)), None)
        if add is None:
            raise HistoryError(f"player {p} may not add {name} to its pung now")
        return _claim_position(game, me, game.apply(before, p, add), False, False)
    if req.verb == "PENG":
        t.pung(p)
    elif req.verb == "CHI":
        t.chow(p, req.tiles[0])
    if t.counts[p] < 1:
        raise HistoryError(f"player {p} has no tile to discard")
    tile = t.ids.take(req.tiles[-1])
    # Botzone's duplicate judge: when the next seat's wall is spent, this is the last discard
    before = t.state(rng, turn=p, holding=tile, after_claim=req.verb != "PLAY",
                     last=t.spent((p + 1) % PLAYERS))
    after = game.apply(before, p, {"type": "discard", "card": tile})
    return _claim_position(game, me, after, t.spent(me), t.duplicate)


def _claim_position(game: Mcr, me: int, state: State, no_kong: bool,
                    duplicate: bool) -> Position:
    """``state`` if it asks the bot to answer a claim window, else no decision."""
    if state.phase != "claim" or me not in game.to_act(state):
        return Position(game, me, None)
    return Position(game, me, state, no_kong, duplicate)


__all__ = ["DUPLICATE_DRAWS", "HistoryError", "Position", "rebuild"]

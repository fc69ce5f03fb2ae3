"""Chinese Official Mahjong (MCR, 国标麻将): ``../shared/rules/mcr.md`` on the shared table.

What MCR adds to ``engine/mahjong/table.py``: flowers exposed and replaced (MCR-2.3), seat and
prevailing winds (MCR-2.2), chows for the next player only and head bump (MCR-3.2), the
8-point minimum before flowers for every win (MCR-4.2), the first win ending the deal and an
exhausted wall being a draw (MCR-3.4), and the settlement of MCR-5. Scoring is
``engine/mcr/scoring.py``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from ..core.options import Options
from ..core.protocol import JSON
from ..core.result import Payment, WinRecord, headline
from ..core.state import evolve
from ..mahjong import counts_of_ids
from ..mahjong.table import MahjongTable, event, with_item, without
from . import scoring
from .options import OPTIONS, PRESETS, prevailing_wind
from .shapes import is_complete
from .state import State, Win

PLAYERS = 4
FLOWER_IDS = range(136, 144)
DECK = tuple(range(144))  # MCR-1.1: 136 suited and honour tiles (id // 4 = face), 8 flowers
BASE = 8  # MCR-5.1, MCR-5.2
WITHOUT_FLOWERS = DECK[:136]  # OPT-MCR-1.1: the 136 tiles without the eight flowers


def is_flower(tile: int) -> bool:
    return tile >= 136


class Mcr(MahjongTable):
    """The MCR game object registered as ``mcr``."""

    name = "mcr"
    title = "Chinese Official Mahjong"
    description = ("144 tiles with flowers, chows, pungs and kongs; a win needs 8 points from "
                   "the 81 official patterns, flowers counted after.")
    players = PLAYERS
    deck = DECK
    state_class = State
    several_winners = False  # MCR-3.2: head bump, the nearest winner only
    option_specs = OPTIONS
    presets = PRESETS

    # -------------------------------------------------------------- options (OPT-MCR)

    def deck_of(self, options: Options) -> tuple[int, ...]:
        return DECK if options.flowers else WITHOUT_FLOWERS  # OPT-MCR-1.1

    def _deal_fields(self, options: Options, number: int, rng: random.Random) -> dict[str, Any]:
        return {"prevailing": prevailing_wind(options, number, rng)}  # OPT-MCR-3

    # -------------------------------------------------------------- flowers (MCR-2.3)

    def _start(self, state: State) -> State:
        """At the deal, from the dealer in turn order, each player exposes its flowers and draws
        as many replacements from the end of the wall, one by one (each logged: flower, then a
        replacement draw); rounds repeat while any hand holds a flower."""
        while any(is_flower(t) for h in state.hands for t in h):
            for k in range(PLAYERS):
                seat = (state.dealer + k) % PLAYERS
                for flower in [t for t in state.hands[seat] if is_flower(t)]:
                    state = self._expose_flower(state, seat, flower)
                    tile, wall = state.wall[-1], state.wall[:-1]
                    hand = tuple(sorted(state.hands[seat] + (tile,)))
                    # logged as in play, so that a bot rebuilds its hand from its dealt tiles
                    state = evolve(state, wall=wall, hands=with_item(state.hands, seat, hand),
                                   events=event(state, "draw", seat, tile, True))
        return state

    def _expose_flower(self, state: State, seat: int, flower: int) -> State:
        return evolve(
            state,
            hands=with_item(state.hands, seat, without(state.hands[seat], (flower,))),
            flowers=with_item(state.flowers, seat, state.flowers[seat] + (flower,)),
            events=event(state, "flower", seat, flower),
        )

    def _wall_only(self, tile: int) -> bool:
        return is_flower(tile)

    def _after_draw(self, state: State, seat: int) -> State:
        """A drawn flower is exposed and replaced from the end of the wall; the replacement is
        no kong replacement (MCR-2.3). A flower as the last tile: the deal is a draw (MCR-3.5)."""
        tile = state.drawn
        if tile is None or not is_flower(tile):
            return state
        state = evolve(self._expose_flower(state, seat, tile), drawn=None)
        if not state.wall:
            return self._exhaust(state)
        return self._draw(state, seat, replacement=True, kong=False)

    # -------------------------------------------------------------- scoring a win

    def seat_wind(self, state: State, seat: int) -> int:
        """MCR-2.2: East, South, West, North in turn order from the dealer."""
        return (seat - state.dealer) % PLAYERS

    def score_melds(self, state: State, seat: int) -> tuple[scoring.Meld, ...]:
        """The seat's table melds as the scorer reads them; the hints score waits with them."""
        return tuple(
            scoring.Meld(m.kind, m.face, m.concealed,
                         None if m.source is None else (seat - m.source) % PLAYERS)
            for m in state.melds[seat])

    def fourth_tile(self, state: State, face: int, exclude: int) -> bool:
        """MCR-4.4 和绝张: the other three copies lie in rivers or exposed melds (``exclude``: the
        winning tile's own id, -1 for none); the hints ask it of each wait."""
        seen = sum(1 for river in state.discards for t in river if t >> 2 == face and t != exclude)
        seen += sum(1 for melds in state.melds for m in melds if not m.concealed
                    for t in m.tiles if t >> 2 == face and t != exclude)
        return seen == 3

    def evaluation(self, state: State, seat: int, tile: int, source: int | None,
                   robbing: bool = False) -> Any:
        """The scorer's reading of ``seat`` winning on ``tile`` (None: no complete hand)."""
        self_drawn = source is None
        hand = state.hands[seat] if self_drawn else state.hands[seat] + (tile,)
        counts = counts_of_ids(hand)
        if not is_complete(counts, len(state.melds[seat])):
            return None  # most calls: a cheap shape test before the situation and the scorer
        situation = scoring.Situation(
            self_drawn=self_drawn,
            wall_last=not state.wall and not robbing,  # MCR-3.5
            kong_replacement=self_drawn and state.kong_draw,
            robbing_kong=robbing,
            fourth_tile=self.fourth_tile(state, tile >> 2, tile),
            seat_wind=self.seat_wind(state, seat),
            prevalent_wind=state.prevailing,
            flowers=len(state.flowers[seat]),
        )
        return scoring.evaluate(self.score_melds(state, seat), counts, tile >> 2, situation)

    @staticmethod
    def _wins(state: State, ev: Any) -> bool:
        """MCR-4.2: the minimum before flowers, 8 or the match's (OPT-MCR-2.1)."""
        return ev is not None and ev.meets(state.options.min_points)

    def _can_self_win(self, state: State, seat: int) -> bool:
        tile = state.drawn if state.drawn is not None else self._heavenly_tile(state, seat)
        return self._wins(state, self.evaluation(state, seat, tile, None))

    def _heavenly_tile(self, state: State, seat: int) -> int:
        """MCR-3.1: with no draw, the winning tile is the one of the 14 giving the best total."""
        best, best_total = state.hands[seat][-1], -1
        for tile in {t >> 2: t for t in state.hands[seat]}.values():
            ev = self.evaluation(state, seat, tile, None)
            if ev is not None and ev.total > best_total:
                best, best_total = tile, ev.total
        return best

    def _can_win_on(self, state: State, seat: int, tile: int, source: int, robbing: bool) -> bool:
        return self._wins(state, self.evaluation(state, seat, tile, source, robbing))

    def _claim_options(self, state: State, seat: int, tile: int, source: int) -> list[Hashable]:
        """MCR-3.2: a win for anyone, pung or kong for anyone, a chow for the next player only;
        after the wall's last tile only a win (MCR-3.5)."""
        out: list[Hashable] = ["win"] if self._can_win_on(state, seat, tile, source, False) else []
        out += self.meld_claims(state, seat, tile, source)
        face = tile >> 2
        if state.wall and seat == (source + 1) % PLAYERS and face < 27:
            have = counts_of_ids(state.hands[seat])
            rank = face % 9
            for low in range(max(0, rank - 2), min(6, rank) + 1):
                faces = [face - rank + low + i for i in range(3)]
                if all(f == face or have[f] for f in faces):
                    out.append(("chow", faces[0]))
        return out

    def _win(self, state: State, seat: int, tile: int, source: int | None,
             robbing: bool) -> State:
        ev = self.evaluation(state, seat, tile, source, robbing)
        assert self._wins(state, ev), "a win was offered on a hand under the minimum"
        total = ev.total
        if source is None:  # MCR-5.1
            pays = tuple(Payment(p, seat, BASE + total, "self_draw") for p in range(PLAYERS)
                         if p != seat)
        else:  # MCR-5.2: the discarder pays 8 + total, the others 8
            pays = tuple(
                Payment(p, seat, BASE + total, "robbing_kong" if robbing else "win")
                if p == source else Payment(p, seat, BASE, "base")
                for p in range(PLAYERS) if p != seat)
        win = Win(seat=seat, tile=tile, source=source, total=total,
                  before_flowers=ev.points, patterns=tuple(ev.patterns),
                  self_drawn=source is None)
        return evolve(state, wins=state.wins + (win,), payments=state.payments + pays,
                      events=event(state, "win", seat, tile, source))

    def _after_wins(self, state: State, source: int, winners: list[int]) -> State:
        """MCR-3.4: the first valid win ends the deal."""
        return evolve(state, phase="over", window=None, drawn=None,
                      events=event(state, "end", None, None, "win"))

    def _exhaust(self, state: State) -> State:
        """MCR-3.4: an exhausted wall with no winner is a draw: nobody pays."""
        return evolve(state, phase="over", window=None, drawn=None, drawn_game=True,
                      events=event(state, "end", None, None, "exhausted"))

    # -------------------------------------------------------------- results and views

    def win_json(self, w: Win) -> JSON:
        return {"seat": w.seat, "tile": w.tile, "from": w.source, "self_draw": w.self_drawn,
                "total": w.total, "points_before_flowers": w.before_flowers, "unit": scoring.UNIT,
                "items": scoring.pattern_items(w.patterns)}

    def _result_details(self, state: State) -> JSON:
        return {"wins": [self.win_json(w) for w in state.wins],
                "exhausted": state.drawn_game}

    def wins(self, result: JSON) -> list[WinRecord]:
        """The headline is the best pattern other than the flowers (MCR-4: they come last)."""
        return [WinRecord(w["seat"], w["from"], headline(w["items"], ("flower_tiles",)),
                          w["total"]) for w in result["wins"]]

    def _extra_zones(self, state: State) -> dict[str, tuple[int, ...]]:
        return {f"flowers:{s}": state.flowers[s] for s in range(PLAYERS)}

    def view(self, state: State, seat: int | None, events_from: int = 0) -> JSON:
        view = self.common_view(state, seat, events_from)
        view["prevailing_wind"] = "ESWN"[state.prevailing]
        for p in view["players"]:
            s = p["seat"]
            p["seat_wind"] = "ESWN"[self.seat_wind(state, s)]
            p["flowers"] = [{"id": t, "face": f"f{t - 135}"} for t in state.flowers[s]]
            p["won"] = next((self.win_json(w) for w in state.wins if w.seat == s), None)
        for e, raw in zip(view["events"], state.events[events_from:], strict=True):
            if raw[0] == "end":
                e["reason"] = raw[3]
        return view

    def score(self, spec: JSON) -> JSON:
        """The calculator; ``spec["options"]`` (optional) sets the minimum the verdict
        ``meets_minimum`` reads (OPT-MCR-2); a winning hand's result says which (``min_points``)."""
        spec, options = self.spec_options(spec)
        out = scoring.score_spec(spec)
        if out.get("winning"):
            minimum = options.min_points if options is not None else scoring.MIN_POINTS
            out["min_points"] = minimum
            out["meets_minimum"] = out["points_before_flowers"] >= minimum
        return out


GAME = Mcr()

__all__ = ["GAME", "Mcr"]

"""Sichuan Blood Battle (血战到底): ``../shared/rules/sichuan.md`` on the shared mahjong table.

The table (``engine/mahjong/table.py``) deals, draws, discards, collects claims and makes
kongs; this module says what Sichuan adds: the missing-suit phase, which claims and wins are
allowed, several winners on one discard, play going on after wins, kong payments at once and
the exhausted-wall settlement. Rule ids in comments point at the spec; the house rules it
plays (rules/options.md, OPT-SC-3 to OPT-SC-7) are read from ``state.options`` where those
payments are made and those hands scored.
"""

from __future__ import annotations

import json
import random
from bisect import bisect_left
from collections.abc import Hashable, Iterable
from typing import Any

from ..core.errors import IllegalAction
from ..core.options import Options
from ..core.protocol import JSON, Action
from ..core.result import Payment, WinRecord, headline
from ..core.state import evolve
from ..mahjong import (
    SUITS,
    counts_of_ids,
    suited_ids,
)
from ..mahjong.sampling import KONG_EVENTS
from ..mahjong.table import MahjongTable, Meld, event, with_item, without
from . import exchange as ex
from .history import first_turn_hand, first_win_on_offer, kong_discard, kong_income, transfer
from .options import OPTIONS, PRESETS
from .river import complete, locked_claims, locked_turn_actions, relock, winning_faces
from .scoring import (
    UNIT,
    DeclaredMeld,
    Evaluation,
    Situation,
    base_points,
    evaluate,
    paid,
    pattern_items,
    score_spec,
)
from .state import State, Win

PLAYERS = 4
FLOWER_PIG_PENALTY = 32  # SC-10.2 (OPT-SC-3.3: 2 ^ fan_cap, and this with no cap)
KONG_PAYMENT = {"exposed": 2, "added": 1, "concealed": 2}  # SC-9.4


def _suit(tile: int) -> int:
    return (tile >> 2) // 9


def holds_suit(hand: tuple[int, ...], suit: int | None) -> bool:
    """Whether a sorted hand holds a tile of ``suit`` (a suit's ids are 36 consecutive ids)."""
    if suit is None:
        return False
    i = bisect_left(hand, 36 * suit)
    return i < len(hand) and hand[i] < 36 * suit + 36


def _declared(melds: Iterable[Meld]) -> tuple[DeclaredMeld, ...]:
    return tuple(DeclaredMeld(m.kind, m.face, m.concealed) for m in melds)


def flower_pig_penalty(fan_cap: int | None) -> int:
    """SC-10.2 under OPT-SC-3.3: the flower pig pays 2 ^ ``fan_cap``, 32 with no cap."""
    return FLOWER_PIG_PENALTY if fan_cap is None else 1 << fan_cap


def kong_giver(state: State, seat: int) -> int | None:
    """OPT-SC-5.2: the discarder whose tile made ``seat``'s exposed kong, when the tile just
    drawn is that kong's replacement and no other kong came after it (a chain of kongs makes an
    ordinary kong-replacement self-draw); None otherwise."""
    if not state.kong_draw:
        return None
    last = next((e for e in reversed(state.events) if e[0] in KONG_EVENTS), None)
    if last is None or last[0] != "kong" or last[1] != seat:
        return None
    return int(last[3])


class Sichuan(MahjongTable):
    """The Sichuan game object registered as ``sichuan``."""

    name = "sichuan"
    title = "Sichuan Blood Battle"
    description = ("108 suited tiles, a secret missing suit, pungs and kongs but no chows; "
                   "the battle goes on after each win until three have won.")
    players = PLAYERS
    deck = suited_ids()  # SC-1.1: 108 tiles, id // 4 is the face
    state_class = State
    several_winners = True  # SC-5.2: every declared win on a discard is settled
    option_specs = OPTIONS
    presets = PRESETS

    # -------------------------------------------------------------- exchange three (OPT-SC-1)

    def _deal_fields(self, options: Options, number: int, rng: random.Random) -> dict[str, Any]:
        """OPT-SC-1.2, OPT-0.3: the exchange direction, drawn after the shuffle (``"random"``),
        kept secret in the state until the tiles move."""
        direction = ex.draw_direction(options.exchange_three, rng)
        return {} if direction is None else {"exchange_direction": direction}

    def _start(self, state: State) -> State:
        """OPT-SC-1.1: the exchange, when the match plays it, then the declaration (SC-3.1)."""
        return evolve(state, phase="exchange" if ex.exchanging(state.options) else "declare")

    def _exchange_apply(self, state: State, seat: int, action: Action) -> State:
        """OPT-SC-1.1: a secret selection, final once made; OPT-SC-1.2: when all four have
        selected, the twelve tiles move at once and the direction is public."""
        picks = with_item(state.exchange_picks, seat, tuple(action["cards"]))
        state = evolve(state, exchange_picks=picks,
                       events=event(state, "exchange_selected", seat, None))
        if any(p is None for p in picks):
            return state
        d = state.exchange_direction
        assert d is not None, "an exchange phase without a direction"
        hands = ex.moved(state.hands, picks, d)  # type: ignore[arg-type]
        return evolve(state, hands=hands, phase="declare",  # OPT-SC-1.4
                      events=event(state, "exchanged", None, None, d))

    def _exchange_refusal(self, state: State, seat: int, action: Action) -> str:
        """Why an ``exchange`` action is not listed: the rule it breaks, or the listed action
        that passes the same faces."""
        hand = state.hands[seat]
        cards = action.get("cards")
        pick = ex.canonical(hand, cards) if isinstance(cards, list) else None
        if pick is None:
            return ("'exchange' needs 'cards': three ids of tiles you hold, all of one suit "
                    "(OPT-SC-1.1)")
        same = json.dumps({"type": "exchange", "cards": list(pick)})
        return f"name each face by its lowest ids in your hand: {same} passes the same tiles"

    # -------------------------------------------------------------- missing suit (SC-3)

    def _phase_to_act(self, state: State) -> list[int]:
        if state.phase == "exchange":
            return [s for s in range(PLAYERS) if state.exchange_picks[s] is None]
        if state.phase == "declare":
            return [s for s in range(PLAYERS) if state.missing[s] is None]
        return []

    def _phase_actions(self, state: State, seat: int) -> list[Action]:
        if not 0 <= seat < PLAYERS:
            return []
        if state.phase == "exchange":  # OPT-SC-1.1
            if state.exchange_picks[seat] is not None:
                return []
            return [{"type": "exchange", "cards": list(p)}
                    for p in ex.selections(state.hands[seat])]
        if state.phase != "declare" or state.missing[seat] is not None:
            return []
        return [{"type": "declare_missing", "suit": s} for s in SUITS]  # SC-3.1

    def _phase_apply(self, state: State, seat: int, action: Action) -> State:
        if state.phase == "exchange":
            return self._exchange_apply(state, seat, action)
        missing = with_item(state.missing, seat, SUITS.index(action["suit"]))
        state = evolve(state, missing=missing)
        if any(m is None for m in missing):
            return evolve(state, events=event(state, "declared", seat, None))
        # SC-3.1: public once all four have declared; SC-4.1: the dealer plays without a draw
        return evolve(state, phase="play", turn=state.dealer,
                      events=event(state, "missing_suits", None, None, list(missing)))

    def _forced_discards(self, state: State, seat: int) -> tuple[int, ...] | None:
        hand = state.hands[seat]
        missing = state.missing[seat]
        if holds_suit(hand, missing):  # SC-3.2: the missing suit first; no kong, no win
            return tuple(t for t in hand if _suit(t) == missing)
        return None

    def _refusal(self, state: State, seat: int, action: Action) -> str | None:
        if action["type"] == "exchange":
            return self._exchange_refusal(state, seat, action)
        if action["type"] == "discard" and self._forced_discards(state, seat):
            return (f"you must first discard the tiles of your missing suit "
                    f"{SUITS[state.missing[seat] or 0]} (SC-3.2)")
        if state.locked(seat):
            return ("your hand is locked since your win: only the tile just drawn may leave "
                    "it, by a discard or a kong that keeps your waits (OPT-SC-2.3)")
        return None

    # -------------------------------------------------------------- Blood River (OPT-SC-2)

    def _turn_actions(self, state: State, seat: int) -> list[Action]:
        """SC-4.1, with Blood River's locked hand (OPT-SC-2.3) and the dealer's first-turn win
        naming the tile that goes to the win pile (OPT-SC-2.2)."""
        if state.locked(seat) and state.drawn is not None:
            return self._locked_turn_actions(state, seat)
        out = super()._turn_actions(state, seat)
        if state.river and state.drawn is None and {"type": "win"} in out:
            i = out.index({"type": "win"})
            out[i:i + 1] = [{"type": "win", "card": t} for t in state.hands[seat]]
        return out

    def _locked_turn_actions(self, state: State, seat: int) -> list[Action]:
        hand = state.hands[seat]
        drawn = state.drawn
        assert drawn is not None
        if holds_suit(hand, state.missing[seat]):  # SC-3.2: the drawn tile of the missing suit
            return [{"type": "discard", "card": drawn}]
        pungs = {m.face for m in state.melds[seat] if m.kind == "pung"}
        return locked_turn_actions(hand, drawn, len(state.melds[seat]), pungs,
                                   state.missing[seat], self._can_self_win(state, seat),
                                   bool(state.wall))

    def _to_win_piles(self, state: State, winners: list[int]) -> State:
        """OPT-SC-2.2: each new win's tile goes face up to its winner's win pile, out of play:
        a self-drawn one leaves the hand; a claimed one (one tile, however many winners) goes
        to the first winner counted from the discarder and never enters a hand."""
        piles, hands, taken = list(state.win_piles), list(state.hands), state.taken
        for w in state.wins[-len(winners):]:
            if any(w.tile in p for p in piles):
                continue
            if w.source is None:
                hands[w.seat] = without(hands[w.seat], (w.tile,))
            else:
                taken = tuple(t for t in taken if t != w.tile)
            piles[w.seat] += (w.tile,)
        return evolve(state, win_piles=tuple(piles), hands=tuple(hands), taken=taken)

    def _extra_zones(self, state: State) -> dict[str, tuple[int, ...]]:
        return {f"win_pile:{s}": pile for s, pile in enumerate(state.win_piles)}

    def _redealt(self, state: State, seat: int, hands: list[tuple[int, ...]], wall: list[int],
                 drawn: int | None, rng: random.Random
                 ) -> tuple[list[tuple[int, ...]], list[int], int | None]:
        """Another seat's locked hand re-dealt is still ready on every face it has won on, and
        holds what ``seat`` knows it holds (``_known_in_hands``)."""
        return relock(state, seat, hands, wall, drawn, rng, self._known_in_hands(state, seat))

    # -------------------------------------------------------------- what may be claimed and won

    def _can_self_win(self, state: State, seat: int) -> bool:
        return complete(counts_of_ids(state.hands[seat]), len(state.melds[seat]))

    def _can_win_on(self, state: State, seat: int, tile: int, source: int, robbing: bool) -> bool:
        hand = state.hands[seat]
        missing = state.missing[seat]
        if holds_suit(hand, missing) or _suit(tile) == missing:  # SC-3.2, SC-7.3
            return False
        return complete(counts_of_ids(hand + (tile,)), len(state.melds[seat]))

    def _claim_options(self, state: State, seat: int, tile: int, source: int) -> list[Hashable]:
        """SC-5.1 win, pung, exposed kong; none while holding the missing suit (SC-3.2); only a
        win after the last tile (SC-6.4); no chow (SC-4.2)."""
        if holds_suit(state.hands[seat], state.missing[seat]):
            return []
        can_win = self._can_win_on(state, seat, tile, source, False)
        melds = self.meld_claims(state, seat, tile, source)
        if state.locked(seat):  # OPT-SC-2.3: a win or a kong that keeps the waits, no pung
            return locked_claims(state.hands[seat], len(state.melds[seat]), state.missing[seat],
                                 tile, can_win, melds)
        return (["win"] if can_win else []) + melds

    # -------------------------------------------------------------- kongs and wins (SC-5, SC-9)

    def _on_kong(self, state: State, seat: int, kind: str, source: int | None) -> State:
        """SC-9.4: paid at once by the opponents active then (an exposed kong: its discarder)."""
        payers = [source] if source is not None else self.opponents(state, seat)
        pays = tuple(Payment(p, seat, KONG_PAYMENT[kind], "kong", kind) for p in payers)
        return evolve(state, payments=state.payments + pays)

    def evaluation(self, state: State, seat: int, tile: int, situation: Situation,
                   on_discard: bool) -> Evaluation:
        hand = state.hands[seat] + ((tile,) if on_discard else ())
        ev = evaluate(_declared(state.melds[seat]), counts_of_ids(hand), tile >> 2,
                      state.missing[seat], situation, state.options.extra_fans)
        assert ev is not None, "a win was offered on a hand that does not win"
        return ev

    def _win(self, state: State, seat: int, tile: int, source: int | None,
             robbing: bool) -> State:
        last = not state.wall  # SC-8 海底: the last tile, or the discard that follows it
        first = first_turn_hand(state.events, state.dealer, seat, source)  # OPT-SC-7.3
        kong = None if source is None or robbing else kong_discard(state.events, source)
        if source is None:
            situation = Situation(self_draw=True, kong_replacement=state.kong_draw, last_tile=last,
                                  heavenly=first == "heavenly", earthly=first == "earthly")
        else:  # 杠上炮 (OPT-SC-7.2) adds to 海底 when the kong's replacement was the last tile
            situation = Situation(robbing_kong=robbing, last_tile=last and not robbing,
                                  kong_discard=kong is not None, earthly=first == "earthly")
        ev = self.evaluation(state, seat, tile, situation, on_discard=source is not None)
        options = state.options
        giver = kong_giver(state, seat) if options.dian_gang_hua == "discard" else None
        # OPT-SC-4.4: paid as a self-draw unless a discarder pays (OPT-SC-5.2 included)
        ev, amount = paid(ev, source is None and giver is None, options)
        points = base_points(ev.fan, options.fan_cap)  # SC-9.1, OPT-SC-3.1
        if giver is not None:  # OPT-SC-5.2: the kong's discarder alone pays the base
            pays: tuple[Payment, ...] = (Payment(giver, seat, amount, "win"),)
        elif source is None:  # SC-9.3 (and SC-9.5): every active opponent pays
            pays = tuple(Payment(p, seat, amount, "self_draw")
                         for p in self.opponents(state, seat))
        else:  # SC-9.2 / SC-5.3: the discarder (or the robbed kong's player) pays the base
            pays = (Payment(source, seat, amount, "robbing_kong" if robbing else "win"),)
            if kong is not None:
                pays += self._call_transfer(state, seat, source, kong)
        win = Win(seat=seat, tile=tile, source=source, fan=ev.fan, points=points,
                  patterns=ev.patterns, shape=ev.shape, self_draw=source is None,
                  hand=state.hands[seat] + ((tile,) if source is not None else ()),
                  melds=state.melds[seat])
        return evolve(state, wins=state.wins + (win,), payments=state.payments + pays,
                      events=event(state, "win", seat, tile, source))

    def _call_transfer(self, state: State, seat: int, source: int,
                       kind: str) -> tuple[Payment, ...]:
        """OPT-SC-6.1, OPT-SC-6.2: with ``call_transfer`` on, the first winner in turn order on
        the discard ``source`` made after its kong's replacement gets that kong's income. Its
        payers were the opponents active now (nobody has won since the kong) or, for an exposed
        kong, the discarder alone."""
        if state.options.call_transfer != "on" or not first_win_on_offer(state.events):
            return ()
        payers = 1 if kind == "exposed" else len(self.opponents(state, source))
        return transfer(state.payments, source, seat, kind, payers)

    def _after_wins(self, state: State, source: int, winners: list[int]) -> State:
        """SC-6.3: three winners end the deal; else SC-6.2 play on after the last winner.
        Blood River: the tiles go to the win piles and only the wall's end ends the deal
        (OPT-SC-2.2, 2.6, 2.7)."""
        if state.river:
            return self._next_turn(self._to_win_piles(state, winners), winners[-1])
        if len(state.wins) >= PLAYERS - 1:
            return evolve(state, phase="over", window=None,
                          events=event(state, "end", None, None, "three_winners"))
        return self._next_turn(state, winners[-1])

    # -------------------------------------------------------------- exhausted wall (SC-10)

    def is_ready(self, state: State, seat: int) -> bool:
        """SC-10.4: some face completes a legal hand; faces already held four times don't count."""
        return bool(self.ready_waits(state, seat))

    def ready_waits(self, state: State, seat: int) -> list[int]:
        hand = state.hands[seat]
        missing = state.missing[seat]
        if holds_suit(hand, missing):
            return []
        counts = counts_of_ids(hand)
        held = list(counts)
        for m in state.melds[seat]:
            held[m.face] += len(m.tiles)
        for t in state.win_piles[seat]:  # OPT-SC-2.2: the win pile counts here, and only here
            held[t >> 2] += 1
        n_melds = len(state.melds[seat])
        out = []
        for face in range(27):
            if face // 9 == missing or held[face] >= 4:
                continue
            c = list(counts)
            c[face] += 1
            if complete(tuple(c), n_melds):
                out.append(face)
        return out

    def ready_value(self, state: State, seat: int) -> int:
        """SC-10.3: the most a ready hand could win, without self-draw or event fan, capped by
        the match's cap (OPT-SC-3.1)."""
        best = 0
        counts = counts_of_ids(state.hands[seat])
        waits = self.ready_waits(state, seat)
        if not waits and state.locked(seat):  # OPT-SC-2.8: a locked hand is ready even when
            waits = sorted(winning_faces(  # the hand, melds and win pile hold all its waits
                state.hands[seat], len(state.melds[seat]), state.missing[seat]))
        for face in waits:
            c = list(counts)
            c[face] += 1
            ev = evaluate(_declared(state.melds[seat]), tuple(c), face, state.missing[seat],
                          extra_fans=state.options.extra_fans)  # OPT-SC-7.1's rows count
            if ev is not None:
                best = max(best, base_points(ev.fan, state.options.fan_cap))
        return best

    def _pigs(self, state: State) -> list[int]:
        return [s for s in range(PLAYERS) if state.active(s) and not state.has_won(s)
                and holds_suit(state.hands[s], state.missing[s])]  # OPT-SC-2.8: winners aren't

    def _exhaust(self, state: State) -> State:
        active = [s for s in range(PLAYERS) if state.active(s)]
        # OPT-SC-2.8: a locked hand counts as ready
        ready = tuple(s in active and (state.locked(s) or self.is_ready(state, s))
                      for s in range(PLAYERS))
        pigs = self._pigs(state)
        penalty = flower_pig_penalty(state.options.fan_cap)
        pays: list[Payment] = []
        for s in active:  # SC-10.1 refund of kong income, not what call transfers moved on
            if not ready[s]:
                pays += [Payment(s, p.payer, p.amount, "refund", p.note)
                         for p in kong_income(state.payments, s)]
        for pig in pigs:  # SC-10.2 flower pig pays every non-pig player
            pays += [Payment(pig, s, penalty, "flower_pig")
                     for s in range(PLAYERS) if s not in pigs]
        for s in active:  # SC-10.3 ready check
            if ready[s] or s in pigs:
                continue
            pays += [Payment(s, r, self.ready_value(state, r), "ready_check")
                     for r in active if ready[r]]
        return evolve(state, phase="over", window=None, ready=ready, drawn=None,
                      payments=state.payments + tuple(pays),
                      events=event(state, "end", None, None, "exhausted"))

    # -------------------------------------------------------------- results and views

    def _result_details(self, state: State) -> JSON:
        exhausted = state.ready is not None
        return {
            "wins": [self.win_json(w) | self._won_with(w) for w in state.wins],
            "exhausted": exhausted,
            "ready": list(state.ready) if state.ready is not None else None,
            "flower_pigs": self._pigs(state) if exhausted else [],
        }

    def _won_with(self, w: Win) -> JSON:
        """The hand and melds a win was made with (public: the deal is over, every hand open,
        SC-6.1); Blood River's later kongs change the seat's final hand (OPT-SC-2.3)."""
        return {"hand": [self.card_json(t) for t in w.hand],
                "melds": [self.meld_json(m, True) for m in w.melds]}

    @staticmethod
    def win_json(w: Win) -> JSON:
        return {"seat": w.seat, "tile": w.tile, "from": w.source, "self_draw": w.self_draw,
                "fan": w.fan, "points": w.points, "shape": w.shape, "unit": UNIT,
                "items": pattern_items(w.patterns)}

    def wins(self, result: JSON) -> list[WinRecord]:
        """SC-5.2: a deal may have several wins, each valued in fan."""
        return [WinRecord(w["seat"], w["from"], headline(w["items"]), w["fan"])
                for w in result["wins"]]

    def view(self, state: State, seat: int | None, events_from: int = 0) -> JSON:
        """The table's common view plus the missing suits (others' only once all four have
        declared, SC-3.1) and each seat's wins (SC-6.1, OPT-SC-2)."""
        view = self.common_view(state, seat, events_from)
        all_declared = all(m is not None for m in state.missing)
        for p in view["players"]:
            s = p["seat"]
            missing = state.missing[s]
            p["declared"] = missing is not None
            p["missing_suit"] = (SUITS[missing]
                                 if missing is not None and (all_declared or s == seat) else None)
            p.update(self.wins_view(state, s))
        if ex.exchanging(state.options):
            self._exchange_view(state, seat, view, events_from)
        for e, raw in zip(view["events"], state.events[events_from:], strict=True):
            if raw[0] == "missing_suits":
                e["suits"] = [SUITS[x] for x in raw[3]]
            elif raw[0] == "end":
                e["reason"] = raw[3]
        return view

    def wins_view(self, state: State, seat: int) -> JSON:
        """A seat's wins as every view shows them (public): ``wins``, each numbered by its
        ``order`` in the deal (several per seat in Blood River, OPT-SC-2.5); ``won``, the first
        of them (the battle's one win, SC-6.1), or None; the ``win_pile`` of Blood River
        (OPT-SC-2.2, else empty) and whether the hand is ``locked`` (OPT-SC-2.3, 2.4)."""
        wins = [self.win_json(w) | {"order": i + 1} for i, w in enumerate(state.wins)
                if w.seat == seat]
        return {"won": wins[0] if wins else None, "wins": wins,
                "win_pile": [self.card_json(t) for t in state.win_piles[seat]],
                "locked": state.locked(seat)}

    def _exchange_view(self, state: State, seat: int | None, view: JSON,
                       events_from: int, everything: bool = False) -> None:
        """OPT-SC-1.1, 1.3: who has selected is public; the tiles a seat selected, gave and
        received are its own (``everything``: an open view shows every seat's); the direction
        shows only in the ``exchanged`` event, once the tiles have moved."""
        picks = state.exchange_picks

        def cards(s: int | None) -> list[JSON] | None:
            pick = picks[s] if s is not None else None
            return None if pick is None else [self.card_json(t) for t in pick]

        for p in view["players"]:
            s = p["seat"]
            p["exchange"] = {"selected": picks[s] is not None,
                             "cards": cards(s) if everything or s == seat else None}
        for e, raw in zip(view["events"], state.events[events_from:], strict=True):
            if raw[0] == "exchange_selected" and (everything or raw[1] == seat):
                e["cards"] = cards(raw[1])
            elif raw[0] == "exchanged":
                d = raw[3]
                e["direction"] = ex.DIRECTION_NAMES[d]
                if everything:
                    e["given"] = [cards(s) for s in range(PLAYERS)]
                elif seat is not None:
                    e["gave"] = cards(seat)
                    e["received"] = cards(ex.giver(seat, d))

    def _open_details(self, state: State, view: JSON) -> None:
        """An open view (a replay) shows every missing suit, even before all four have declared,
        and every seat's exchange."""
        for p in view["players"]:
            missing = state.missing[p["seat"]]
            p["missing_suit"] = SUITS[missing] if missing is not None else None
        if ex.exchanging(state.options):
            self._exchange_view(state, None, view, 0, everything=True)

    def _determinize_fields(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """Others' declarations are secret until all are made: redraw them."""
        if state.phase != "declare":
            return {}
        return {"missing": tuple(m if s == seat or m is None else rng.randrange(3)
                                 for s, m in enumerate(state.missing))}

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """The table's re-deal, then the exchange as ``seat`` knows it (OPT-SC-1)."""
        new = super().determinize(state, seat, rng)
        if new.phase == "over" or new.exchange_direction is None:
            return new
        return evolve(new, **self._secret_exchange(new, seat, rng))

    def _secret_exchange(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """OPT-SC-1.1: before the tiles move, others' selections are redrawn from their re-dealt
        hands and a ``"random"`` direction is redrawn; after, ``seat`` knows only what it gave
        and received: the others' selections become ``()`` (made, tiles unknown)."""
        picks = state.exchange_picks
        d = state.exchange_direction
        assert d is not None
        if state.phase == "exchange":
            picks = tuple(p if s == seat or p is None else ex.random_pick(state.hands[s], rng)
                          for s, p in enumerate(picks))
            if state.options.exchange_three == "random":
                d = ex.random_direction(rng)
        else:
            picks = tuple(p if s in (seat, ex.giver(seat, d)) else ()
                          for s, p in enumerate(picks))
        return {"exchange_picks": picks, "exchange_direction": d}

    def _passed(self, state: State, seat: int) -> tuple[int, tuple[int, ...]] | None:
        """OPT-SC-1.3: the seat ``seat`` gave to and the three tiles it gave, once they moved."""
        pick = state.exchange_picks[seat]
        d = state.exchange_direction
        if state.phase == "exchange" or d is None or not pick:
            return None
        return ex.receiver(seat, d), pick

    def _known_cards(self, state: State, seat: int) -> frozenset[int]:
        """The tiles ``seat`` passed: it saw them (they are in its dealt hand)."""
        passed = self._passed(state, seat)
        return frozenset(passed[1]) if passed else frozenset()

    def _known_in_hands(self, state: State, seat: int) -> dict[int, tuple[int, ...]]:
        """The tiles ``seat`` passed stay known to be in its receiver's hand until they show up
        in play."""
        passed = self._passed(state, seat)
        if passed is None:
            return {}
        to, pick = passed
        return {to: tuple(t for t in pick if t in state.hands[to])}

    def _kong_face_ok(self, state: State, seat: int, face: int) -> bool:
        """SC-3.2: no kong of the missing suit (its tiles must go first)."""
        return state.missing[seat] is None or face // 9 != state.missing[seat]

    def score(self, spec: JSON) -> JSON:
        """The calculator; ``spec["options"]`` (optional) sets the fan cap, the self-draw bonus
        and the extra fan rows it scores under (OPT-SC-3, OPT-SC-4, OPT-SC-7)."""
        spec, options = self.spec_options(spec)
        return score_spec(spec) if options is None else score_spec(spec, options)


GAME = Sichuan()

__all__ = ["GAME", "IllegalAction", "Sichuan"]

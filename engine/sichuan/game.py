"""Sichuan Blood Battle (血战到底): the state machine of ``../shared/rules/sichuan.md``.

Read top-down: dealing, what each seat may do (``legal_actions``), how each action moves the
state (``apply``), the blood battle's continuation after wins, and the exhausted-wall
settlement. Rule ids in comments point at the spec.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from bisect import bisect_left
from typing import Any

from ..core import claims
from ..core.errors import IllegalAction
from ..core.protocol import JSON, Action
from ..core.result import Payment, totals
from ..core.rng import deal_rng, seed_hash, shuffled
from ..core.state import evolve as replace
from ..core.seats import first_after, next_seat
from ..mahjong import SUITS, counts_of_ids, is_seven_pairs, is_standard_complete, suited_ids
from .scoring import DeclaredMeld, Evaluation, Situation, base_points, evaluate, score_spec
from .state import Meld, State, Win
from .views import render_view

PLAYERS = 4
DECK = suited_ids()  # SC-1.1: 108 tiles, id // 4 is the face
FLOWER_PIG_PENALTY = 32  # SC-10.2
_RANK = {"win": 2, "pung": 1, "kong": 1}


# ------------------------------------------------------------------ small helpers

def _suit(tile: int) -> int:
    return (tile >> 2) // 9


def _holds_suit(hand: tuple[int, ...], suit: int | None) -> bool:
    """Whether a sorted hand holds a tile of ``suit`` (a suit's ids are 36 consecutive ids)."""
    if suit is None:
        return False
    i = bisect_left(hand, 36 * suit)
    return i < len(hand) and hand[i] < 36 * suit + 36


def _declared(melds: Iterable[Meld]) -> tuple[DeclaredMeld, ...]:
    return tuple(DeclaredMeld(m.kind, m.face, m.concealed) for m in melds)


def _complete(counts: tuple[int, ...], n_melds: int) -> bool:
    """SC-7.1/7.2: four melds and a pair (declared melds included), or seven pairs."""
    return is_standard_complete(counts) or (n_melds == 0 and is_seven_pairs(counts))


def _with(t: tuple, i: int, value: Any) -> tuple:
    return t[:i] + (value,) + t[i + 1:]


def _remove(hand: tuple[int, ...], tiles: Iterable[int]) -> tuple[int, ...]:
    gone = set(tiles)
    return tuple(t for t in hand if t not in gone)


def _event(state: State, *ev: Any) -> tuple[tuple, ...]:
    return state.events + (ev,)


class Sichuan:
    """The Sichuan game object registered as ``sichuan``."""

    name = "sichuan"
    title = "Sichuan Blood Battle"
    description = ("108 suited tiles, a secret missing suit, pungs and kongs but no chows; "
                   "the battle goes on after each win until three have won.")
    players = PLAYERS

    # -------------------------------------------------------------- dealing (SC-2)

    def new_deal(self, seed: int, dealer: int | None = None) -> State:
        if dealer is not None and not (isinstance(dealer, int) and 0 <= dealer < PLAYERS):
            raise ValueError("dealer must be a seat 0-3")
        rng = deal_rng(seed)
        wall = shuffled(DECK, rng)  # the shuffle depends on the seed alone
        if dealer is None:
            dealer = rng.randrange(PLAYERS)  # SC-2.1: the first dealer is random
        hands = []
        pos = 0
        for k in range(PLAYERS):  # SC-2.2: dealer 14, the others 13
            seat = (dealer + k) % PLAYERS
            n = 14 if seat == dealer else 13
            hands.append((seat, tuple(sorted(wall[pos:pos + n]))))
            pos += n
        by_seat = tuple(h for _, h in sorted(hands))
        return State(
            seed=seed, dealer=dealer, wall=wall[pos:], hands=by_seat,
            melds=((),) * PLAYERS, discards=((),) * PLAYERS, missing=(None,) * PLAYERS,
            phase="declare", turn=dealer, events=(("deal", dealer, None),),
        )

    # -------------------------------------------------------------- who acts

    def to_act(self, state: State) -> list[int]:
        if state.phase == "declare":
            return [s for s in range(PLAYERS) if state.missing[s] is None]
        if state.phase == "play":
            return [state.turn]
        if state.phase == "claim":
            assert state.window is not None
            return state.window.pending
        return []

    # -------------------------------------------------------------- legal actions

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.phase == "declare":
            if state.missing[seat] is not None or not 0 <= seat < PLAYERS:
                return []
            return [{"type": "declare_missing", "suit": s} for s in SUITS]  # SC-3.1
        if state.phase == "play":
            return self._turn_actions(state, seat) if seat == state.turn else []
        if state.phase == "claim":
            w = state.window
            assert w is not None
            if seat not in w.pending:
                return []
            return [{"type": str(k)} for k in w.options_of(seat)]
        return []

    def _turn_actions(self, state: State, seat: int) -> list[Action]:
        hand = state.hands[seat]
        missing = state.missing[seat]
        if _holds_suit(hand, missing):  # SC-3.2: discard the missing suit first; no kong/win
            return [{"type": "discard", "card": t} for t in hand if _suit(t) == missing]
        out: list[Action] = []
        if not state.after_pung:
            counts = counts_of_ids(hand)
            if _complete(counts, len(state.melds[seat])):
                out.append({"type": "win"})
            if state.wall:  # SC-4.3: a kong needs a replacement; SC-6.4: none after the last
                for face, n in enumerate(counts):
                    if n == 4:
                        out.append({"type": "concealed_kong",
                                    "cards": [t for t in hand if t >> 2 == face]})
                for m in state.melds[seat]:
                    if m.kind == "pung" and counts[m.face]:
                        tile = next(t for t in hand if t >> 2 == m.face)
                        out.append({"type": "added_kong", "card": tile})
        out += [{"type": "discard", "card": t} for t in hand]
        return out

    # -------------------------------------------------------------- apply

    def apply(self, state: State, seat: int, action: Action) -> State:
        self._check(state, seat, action)
        kind = action["type"]
        if state.phase == "declare":
            return self._declare(state, seat, SUITS.index(action["suit"]))
        if state.phase == "claim":
            assert state.window is not None
            window = claims.answer(state.window, seat, kind)
            state = replace(state, window=window)
            return self._resolve(state) if not window.pending else state
        if kind == "discard":
            return self._discard(state, seat, action["card"])
        if kind == "win":
            return self._self_draw_win(state, seat)
        if kind == "concealed_kong":
            return self._concealed_kong(state, seat, tuple(action["cards"]))
        return self._added_kong(state, seat, action["card"])

    def _check(self, state: State, seat: int, action: Action) -> None:
        """Refuse anything but a listed legal action, with a reason a player can act on."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("an action is an object with a string 'type'", "action/malformed")
        if state.phase == "over":
            raise IllegalAction("the deal is over", "action/game_over")
        if not isinstance(seat, int) or seat not in self.to_act(state):
            raise IllegalAction(f"seat {seat} is not to act now", "action/not_your_turn")
        kind = action["type"]
        card = action.get("card")
        if kind in ("discard", "added_kong") and (isinstance(card, bool) or not isinstance(card, int)):
            raise IllegalAction(f"'{kind}' needs 'card': the id of a tile you hold",
                                "action/malformed")
        cards = action.get("cards", [])
        if not isinstance(cards, list) or any(isinstance(c, bool) for c in cards):
            raise IllegalAction("'cards' must be a list of tile ids", "action/malformed")
        legal = self.legal_actions(state, seat)
        if action in legal:
            return
        kinds = sorted({a["type"] for a in legal})
        if kind not in kinds:
            raise IllegalAction(f"'{kind}' is not possible now; possible: {', '.join(kinds)}")
        if kind == "discard" and card in state.hands[seat]:
            raise IllegalAction(
                f"you must first discard the tiles of your missing suit "
                f"{SUITS[state.missing[seat] or 0]} (SC-3.2)")
        if kind in ("discard", "added_kong") and card not in state.hands[seat]:
            raise IllegalAction(f"you do not hold tile {card!r}")
        raise IllegalAction(f"{action!r} is not a legal action; choose one of legal_actions")

    # -------------------------------------------------------------- missing suit (SC-3)

    def _declare(self, state: State, seat: int, suit: int) -> State:
        missing = _with(state.missing, seat, suit)
        state = replace(state, missing=missing)
        if any(m is None for m in missing):
            return replace(state, events=_event(state, "declared", seat, None))
        # SC-3.1: public once all four have declared; SC-4.1: the dealer plays without a draw
        return replace(state, phase="play", turn=state.dealer,
                       events=_event(state, "missing_suits", None, None, list(missing)))

    # -------------------------------------------------------------- a turn (SC-4)

    def _draw(self, state: State, seat: int, replacement: bool = False) -> State:
        """The next tile for ``seat``: from the front, or the back for a kong (SC-2.2)."""
        if replacement:
            tile, wall = state.wall[-1], state.wall[:-1]
        else:
            tile, wall = state.wall[0], state.wall[1:]
        hands = _with(state.hands, seat, tuple(sorted(state.hands[seat] + (tile,))))
        return replace(state, wall=wall, hands=hands, phase="play", turn=seat, drawn=tile,
                       after_pung=False, kong_draw=replacement, window=None,
                       events=_event(state, "draw", seat, tile, replacement))

    def _next_turn(self, state: State, after: int) -> State:
        """SC-6.2: the first active player after ``after`` draws; an empty wall ends the deal."""
        seat = first_after(after, PLAYERS, (s for s in range(PLAYERS) if state.active(s)))
        assert seat is not None
        if not state.wall:
            return self._exhaust(state)
        return self._draw(state, seat)

    def _discard(self, state: State, seat: int, tile: int) -> State:
        hands = _with(state.hands, seat, _remove(state.hands[seat], (tile,)))
        discards = _with(state.discards, seat, state.discards[seat] + (tile,))
        state = replace(state, hands=hands, discards=discards, drawn=None, after_pung=False,
                        kong_draw=False, events=_event(state, "discard", seat, tile))
        options: dict[int, list[str]] = {}
        for other in range(PLAYERS):
            if other == seat or not state.active(other):
                continue
            opts = self._claims_on(state, other, tile, discard=True)
            if opts:
                options[other] = opts
        window = claims.open_window(seat, tile, PLAYERS, options, kind="discard")
        if window is None:
            return self._next_turn(state, seat)
        return replace(state, phase="claim", turn=seat, window=window)

    def _claims_on(self, state: State, seat: int, tile: int, discard: bool) -> list[str]:
        """What ``seat`` may claim on ``tile`` (SC-5.1; SC-3.2; SC-6.4)."""
        hand = state.hands[seat]
        missing = state.missing[seat]
        if _holds_suit(hand, missing) or _suit(tile) == missing:
            return []
        counts = list(counts_of_ids(hand))
        face = tile >> 2
        have = counts[face]
        counts[face] += 1
        out = []
        if _complete(tuple(counts), len(state.melds[seat])):
            out.append("win")
        if discard and state.wall:  # SC-6.4: after the last tile only a win
            if have >= 2:
                out.append("pung")
            if have == 3:
                out.append("kong")
        return out

    # -------------------------------------------------------------- claims (SC-5)

    def _resolve(self, state: State) -> State:
        w = state.window
        assert w is not None
        taking = claims.resolve(w, _RANK.__getitem__, several=lambda r: r == _RANK["win"])
        state = replace(state, window=None, phase="play")
        if w.kind == "rob":
            return self._after_rob(state, w, [s for s, _ in taking])
        if not taking:
            return self._next_turn(state, w.source)
        seat, kind = taking[0]
        if kind == "win":  # SC-5.2: every declared win is settled
            discards = _with(state.discards, w.source, state.discards[w.source][:-1])
            state = replace(state, discards=discards, taken=state.taken + (w.card,))
            last = not state.wall  # SC-8 海底: the discard after the last tile
            for s, _ in taking:
                state = self._win(state, s, w.card, w.source, Situation(last_tile=last))
            return self._after_wins(state, w.source, [s for s, _ in taking])
        return self._claim_meld(state, seat, kind, w.source, w.card)

    def _claim_meld(self, state: State, seat: int, kind: str, source: int, tile: int) -> State:
        face = tile >> 2
        own = [t for t in state.hands[seat] if t >> 2 == face][: 2 if kind == "pung" else 3]
        meld = Meld(kind, tuple(sorted(own + [tile])), source=source)
        state = replace(
            state,
            hands=_with(state.hands, seat, _remove(state.hands[seat], own)),
            melds=_with(state.melds, seat, state.melds[seat] + (meld,)),
            discards=_with(state.discards, source, state.discards[source][:-1]),
            events=_event(state, kind, seat, tile, source),
        )
        if kind == "pung":  # SC-5.1: discard without drawing; SC-4.3: no kong first
            return replace(state, turn=seat, drawn=None, after_pung=True, kong_draw=False)
        state = self._pay_kong(state, seat, [source], 2, "exposed")  # SC-9.4
        return self._draw(state, seat, replacement=True)

    # -------------------------------------------------------------- kongs (SC-4.3)

    def _pay_kong(self, state: State, seat: int, payers: Iterable[int], amount: int,
                  note: str) -> State:
        pays = tuple(Payment(p, seat, amount, "kong", note) for p in payers)
        return replace(state, payments=state.payments + pays)

    def _opponents(self, state: State, seat: int) -> list[int]:
        return [s for s in range(PLAYERS) if s != seat and state.active(s)]

    def _concealed_kong(self, state: State, seat: int, tiles: tuple[int, ...]) -> State:
        meld = Meld("kong", tuple(sorted(tiles)), concealed=True)
        state = replace(
            state,
            hands=_with(state.hands, seat, _remove(state.hands[seat], tiles)),
            melds=_with(state.melds, seat, state.melds[seat] + (meld,)),
            events=_event(state, "concealed_kong", seat, tiles[0], list(tiles)),
        )
        state = self._pay_kong(state, seat, self._opponents(state, seat), 2, "concealed")
        return self._draw(state, seat, replacement=True)

    def _added_kong(self, state: State, seat: int, tile: int) -> State:
        hands = _with(state.hands, seat, _remove(state.hands[seat], (tile,)))
        state = replace(state, hands=hands, drawn=None,
                        events=_event(state, "added_kong", seat, tile))
        robbers = {}
        for other in self._opponents(state, seat):
            if self._claims_on(state, other, tile, discard=False):
                robbers[other] = ["win"]  # SC-5.3
        window = claims.open_window(seat, tile, PLAYERS, robbers, kind="rob")
        if window is not None:
            return replace(state, phase="claim", turn=seat, window=window)
        return self._make_added_kong(state, seat, tile)

    def _make_added_kong(self, state: State, seat: int, tile: int) -> State:
        melds = tuple(
            Meld("kong", tuple(sorted(m.tiles + (tile,))), source=m.source, added=True)
            if m.kind == "pung" and m.face == tile >> 2 else m
            for m in state.melds[seat]
        )
        state = replace(state, melds=_with(state.melds, seat, melds))
        state = self._pay_kong(state, seat, self._opponents(state, seat), 1, "added")
        return self._draw(state, seat, replacement=True)

    def _after_rob(self, state: State, w: claims.ClaimWindow, robbers: list[int]) -> State:
        if not robbers:
            return self._make_added_kong(state, w.source, w.card)
        # SC-5.3: the kong's player pays like a discarder, keeps its pung, draws nothing
        state = replace(state, taken=state.taken + (w.card,))
        for s in robbers:
            state = self._win(state, s, w.card, w.source, Situation(robbing_kong=True))
        return self._after_wins(state, w.source, robbers)

    # -------------------------------------------------------------- wins (SC-6, SC-9)

    def _evaluate(self, state: State, seat: int, tile: int, situation: Situation,
                  on_discard: bool) -> Evaluation:
        hand = state.hands[seat] + ((tile,) if on_discard else ())
        ev = evaluate(_declared(state.melds[seat]), counts_of_ids(hand), tile >> 2,
                      state.missing[seat], situation)
        assert ev is not None, "a win was offered on a hand that does not win"
        return ev

    def _win(self, state: State, seat: int, tile: int, source: int | None,
             situation: Situation) -> State:
        ev = self._evaluate(state, seat, tile, situation, on_discard=source is not None)
        points = ev.points
        if source is None:  # SC-9.3: every active opponent pays base + 1
            pays = tuple(Payment(p, seat, points + 1, "self_draw")
                         for p in self._opponents(state, seat))
        else:  # SC-9.2 / SC-5.3: the discarder (or robbed kong's player) pays the base
            pays = (Payment(source, seat, points, "robbing_kong" if situation.robbing_kong
                            else "win"),)
        win = Win(seat=seat, tile=tile, source=source, fan=ev.fan, points=points,
                  patterns=ev.patterns, shape=ev.shape, self_draw=source is None)
        return replace(state, wins=state.wins + (win,), payments=state.payments + pays,
                       events=_event(state, "win", seat, tile, source))

    def _self_draw_win(self, state: State, seat: int) -> State:
        tile = state.drawn if state.drawn is not None else state.hands[seat][-1]
        situation = Situation(self_draw=True, kong_replacement=state.kong_draw,
                              last_tile=not state.wall)
        state = self._win(state, seat, tile, None, situation)
        state = replace(state, drawn=None, kong_draw=False)
        return self._after_wins(state, seat, [seat])

    def _after_wins(self, state: State, source: int, winners: list[int]) -> State:
        """SC-6.3: three winners end the deal; else SC-6.2 play on after the last winner."""
        if len(state.wins) >= PLAYERS - 1:
            return replace(state, phase="over", window=None,
                           events=_event(state, "end", None, None, "three_winners"))
        return self._next_turn(state, winners[-1])

    # -------------------------------------------------------------- exhausted wall (SC-10)

    def is_ready(self, state: State, seat: int) -> bool:
        """SC-10.4: some face completes a legal hand; faces already held four times don't count."""
        return bool(self.ready_waits(state, seat))

    def ready_waits(self, state: State, seat: int) -> list[int]:
        hand = state.hands[seat]
        missing = state.missing[seat]
        if _holds_suit(hand, missing):
            return []
        counts = counts_of_ids(hand)
        held = list(counts)
        for m in state.melds[seat]:
            held[m.face] += len(m.tiles)
        n_melds = len(state.melds[seat])
        out = []
        for face in range(27):
            if face // 9 == missing or held[face] >= 4:
                continue
            c = list(counts)
            c[face] += 1
            if _complete(tuple(c), n_melds):
                out.append(face)
        return out

    def ready_value(self, state: State, seat: int) -> int:
        """SC-10.3: the most a ready hand could win, without self-draw or event fan."""
        best = 0
        counts = counts_of_ids(state.hands[seat])
        for face in self.ready_waits(state, seat):
            c = list(counts)
            c[face] += 1
            ev = evaluate(_declared(state.melds[seat]), tuple(c), face, state.missing[seat])
            if ev is not None:
                best = max(best, ev.points)
        return best

    def _exhaust(self, state: State) -> State:
        active = [s for s in range(PLAYERS) if state.active(s)]
        ready = tuple(s in active and self.is_ready(state, s) for s in range(PLAYERS))
        pigs = [s for s in active if _holds_suit(state.hands[s], state.missing[s])]
        pays: list[Payment] = []
        for s in active:  # SC-10.1 refund of kong income
            if not ready[s]:
                pays += [Payment(s, p.payer, p.amount, "refund", p.note)
                         for p in state.payments if p.reason == "kong" and p.payee == s]
        for pig in pigs:  # SC-10.2 flower pig pays every non-pig player
            pays += [Payment(pig, s, FLOWER_PIG_PENALTY, "flower_pig")
                     for s in range(PLAYERS) if s not in pigs]
        for s in active:  # SC-10.3 ready check
            if ready[s] or s in pigs:
                continue
            pays += [Payment(s, r, self.ready_value(state, r), "ready_check")
                     for r in active if ready[r]]
        return replace(state, phase="over", window=None, ready=ready, drawn=None,
                       payments=state.payments + tuple(pays),
                       events=_event(state, "end", None, None, "exhausted"))

    # -------------------------------------------------------------- results and views

    def result(self, state: State) -> JSON | None:
        if state.phase != "over":
            return None
        return {
            "deltas": totals(state.payments, PLAYERS),
            "payments": [p.to_dict() for p in state.payments],
            "wins": [self.win_json(w) for w in state.wins],
            "exhausted": state.ready is not None,
            "ready": list(state.ready) if state.ready is not None else None,
            "flower_pigs": [s for s in range(PLAYERS) if state.active(s)
                            and _holds_suit(state.hands[s], state.missing[s])]
                           if state.ready is not None else [],
        }

    @staticmethod
    def win_json(w: Win) -> JSON:
        ev = Evaluation(fan=w.fan, patterns=w.patterns, shape=w.shape, pair=None, melds=())
        pats = ev.to_json(Situation(self_draw=w.self_draw))["patterns"]
        return {"seat": w.seat, "tile": w.tile, "from": w.source, "self_draw": w.self_draw,
                "fan": w.fan, "points": w.points, "shape": w.shape, "patterns": pats}

    def view(self, state: State, seat: int | None) -> JSON:
        return render_view(self, state, seat)

    def zones(self, state: State) -> dict[str, tuple[int, ...]]:
        z: dict[str, tuple[int, ...]] = {"wall": state.wall, "taken": state.taken}
        for s in range(PLAYERS):
            z[f"hand:{s}"] = state.hands[s]
            z[f"melds:{s}"] = tuple(t for m in state.melds[s] for t in m.tiles)
            z[f"river:{s}"] = state.discards[s]
        if state.window is not None and state.window.kind == "rob":
            z["offer"] = (state.window.card,)
        return z

    def hidden_cards(self, state: State, seat: int | None) -> frozenset[int]:
        """The wall and the concealed hands of other players still in play (SC-6.1: a
        winner's hand is shown); everything at the end of the deal but the wall."""
        hidden = set(state.wall)
        if state.phase != "over":
            for s in range(PLAYERS):
                if s != seat and state.active(s):
                    hidden.update(state.hands[s])
        return frozenset(hidden)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Re-deal what ``seat`` cannot see: the wall and the other active hands; redraw the
        hidden declarations; re-ask the claim of a seat whose answer its new hand cannot make."""
        if state.phase == "over":
            return state
        others = [s for s in range(PLAYERS)
                  if s != seat and state.active(s)]
        pool = list(state.wall) + [t for s in others for t in state.hands[s]]
        rng.shuffle(pool)
        hands = list(state.hands)
        pos = 0
        for s in others:
            n = len(state.hands[s])
            hands[s] = tuple(sorted(pool[pos:pos + n]))
            pos += n
        wall = tuple(pool[pos:])
        missing = state.missing
        if state.phase == "declare":  # others' declarations are secret until all are made
            missing = tuple(m if s == seat or m is None else rng.randrange(3)
                            for s, m in enumerate(missing))
        drawn = state.drawn
        if state.phase == "play" and state.turn != seat and drawn is not None:
            drawn = rng.choice(hands[state.turn])
        new = replace(state, hands=tuple(hands), wall=wall, missing=missing, drawn=drawn)
        if state.window is not None:
            new = replace(new, window=self._reask(new, state.window, seat))
        return new

    def _reask(self, state: State, w: claims.ClaimWindow, seat: int) -> claims.ClaimWindow:
        rows = []
        for s, opts in w.options:
            if s != seat:
                opts = tuple(self._claims_on(state, s, w.card, w.kind == "discard")) + (claims.PASS,)
            rows.append((s, opts))
        answers = tuple((s, a) for s, a in w.answers
                        if s == seat or a in dict(rows)[s])
        return replace(w, options=tuple(rows), answers=answers)

    def score(self, spec: JSON) -> JSON:
        return score_spec(spec)

    def seed_hash(self, state: State) -> str:
        return seed_hash(state.seed)


GAME = Sichuan()

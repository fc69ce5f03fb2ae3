"""Paohuzi (跑胡子, Hunan word cards): ``../shared/rules/paohuzi.md`` as a state machine.

A ``core.ClaimGame``: the deal, the claim window's answers and the refusals every action goes
through come from there. Read top-down: the deal (PH-2), who acts and what they may do,
``apply``, then the turn cycle — a reveal (PH-4.1) with its automatic wei or ti, the claim window
on the revealed or discarded card (win, then pao or peng, then chi, PH-4.10), the take and the
discard that may follow it (PH-3), and the end (PH-6). Automatic steps (dealt ti, mandatory wei
and ti, reveals) happen inside ``new_deal`` and ``apply``; players decide only discards and
claims.

Claims are keys in a ``core.claims`` window: ``"win"``, ``"pao"``, ``"peng"``, ``"pass"`` or
``("chi", hand ids completing the card, bi groups of hand ids)``; their actions are
``{"type": key}`` or ``{"type": "chi", "cards": [a, b], "bi": [[c, d, e], ...]}``.
Rule ids in comments point at the spec.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import lru_cache
from typing import Any

from ..core import claims
from ..core.claim_game import ClaimGame
from ..core.claims import PASS, ClaimWindow, claim_kind
from ..core.deal_event import deal_event, deal_json, only_own, open_deal_json
from ..core.errors import InvalidSpec
from ..core.options import Options
from ..core.protocol import JSON, Action
from ..core.result import Payment, WinRecord, totals
from ..core.state import evolve, with_item, without
from .cards import DECK, FACE_NAMES, NUM_FACES, SHAPES_WITH, card_json, counts_of_ids
from .mingtang import settle
from .options import OPTIONS, PRESETS
from .scoring import (
    FOUR_KINDS,
    Evaluation,
    Exposed,
    evaluate,
    group_huxi,
    heavenly_readings,
    read_spec,
    readings,
    score_spec,
)
from .state import PLAYERS, Group, State, Win

RANK = {"win": 3, "pao": 2, "peng": 2, "chi": 1}
"""PH-4.1 steps 2–4: win, then pao or peng, then chi (step 1, wei and ti, is automatic)."""
DEALER_CARDS, OTHER_CARDS = 21, 20  # PH-2.2


def target(fours: int) -> int:
    """PH-3.1: T(k), the cards a player holds between turns with k ti and pao."""
    return 20 + max(0, fours - 1)


def nxt(seat: int) -> int:
    return (seat + 1) % PLAYERS


def claim_action(key: Hashable) -> Action:
    if isinstance(key, tuple):
        return {"type": "chi", "cards": list(key[1]), "bi": [list(g) for g in key[2]]}
    return {"type": str(key)}


# ---------------------------------------------------------------- chi and bi (PH-4.5, PH-4.6)

Shape = tuple[int, int, int]


def _bi(counts: tuple[int, ...], face: int) -> list[tuple[Shape, ...]]:
    """Ways to put every remaining copy of ``face`` into chis made of hand cards only."""
    if not counts[face]:
        return [()]
    out: list[tuple[Shape, ...]] = []
    for shape in SHAPES_WITH[face]:
        c = list(counts)
        for x in shape:
            c[x] -= 1
        if min(c[x] for x in shape) < 0:
            continue
        for rest in _bi(tuple(c), face):
            combo = tuple(sorted((shape, *rest)))
            if combo not in out:
                out.append(combo)
    return out


@lru_cache(maxsize=1 << 14)
def chi_choices(loose: tuple[int, ...], face: int) -> tuple[tuple[tuple[int, ...],
                                                                  tuple[Shape, ...]], ...]:
    """Every distinct way to chi a card of ``face`` with the loose counts (kans excluded): the
    hand faces completing the chi, and the bi chis that place each other copy of ``face`` in
    hand (PH-4.6). Empty when none, e.g. a copy that fits no chi. Two ways that expose the same
    groups (x4 x6 + bi x5 x6 x7, or x6 x7 + bi x4 x5 x6, on an x5) are one choice."""
    out: list[tuple[tuple[int, ...], tuple[Shape, ...]]] = []
    seen: set[tuple[Shape, ...]] = set()
    for shape in SHAPES_WITH[face]:
        need = list(shape)
        need.remove(face)
        c = list(loose)
        for x in need:
            c[x] -= 1
        if min(c[x] for x in need) < 0:
            continue
        for bis in _bi(tuple(c), face):
            outcome = tuple(sorted((shape, *bis)))
            if outcome not in seen:
                seen.add(outcome)
                out.append((tuple(need), bis))
    return tuple(out)


def _cards(ids: Any) -> list[JSON]:
    return [card_json(c) for c in ids]


def _event_json(ev: tuple[Any, ...], seat: int | None) -> JSON:
    kind, who, card = ev[0], ev[1], ev[2]
    if kind == "deal":
        return deal_json(ev, seat, card_json)
    out: JSON = {"type": kind, "seat": who}
    if card is not None:
        out["card"] = card_json(card)
    if kind in ("ti", "wei"):
        out["cards"] = _cards(ev[3])
    elif kind in ("pao", "peng", "chi"):
        out["from"] = ev[3]
        out["hand_cards"] = _cards(ev[4])
        if kind == "chi":  # PH-4.6: the bi groups, each a chi of hand cards only
            out["bi"] = [_cards(g) for g in ev[5]] if len(ev) > 5 else []
    elif kind == "win":
        out["huxi"], out["tun"] = ev[3], ev[4]
    elif kind == "xing":  # OPT-PH-5.1 "turn": the card turned up, the xing face, its count
        out["face"], out["count"] = FACE_NAMES[ev[3]], ev[4]
    return out


class Paohuzi(ClaimGame):
    """The Paohuzi game object registered as ``paohuzi``."""

    name = "paohuzi"
    title = "Paohuzi"
    description = ("Hunan word cards for three: 80 small and big number cards; make chi, peng, "
                   "wei, pao and ti and complete seven groups worth at least 15 huxi.")
    players = PLAYERS
    deck = DECK
    hand_sizes = (DEALER_CARDS, OTHER_CARDS)  # PH-2.2: 19 left in the stock
    claim_ranks = RANK
    claim_action = staticmethod(claim_action)
    card_json = staticmethod(card_json)
    option_specs = OPTIONS
    presets = PRESETS

    # ------------------------------------------------------------------ the deal (PH-2)

    def _dealt(self, seed: int, dealer: int, hands: tuple[tuple[int, ...], ...],
               rest: tuple[int, ...], fields: dict[str, Any]) -> State:
        state = State(**fields, seed=seed, dealer=dealer, stock=rest, hands=hands,
                      groups=((),) * PLAYERS, rows=((),) * PLAYERS, phase="deal", turn=dealer,
                      shown=hands[dealer][-1])  # the dealer's 21st card, shown to everyone
        return self.open_deal(state)

    def open_deal(self, state: State) -> State:
        """From the cards as dealt (``phase`` ``deal``, unsorted hands, no groups): dealt ti
        (PH-2.3), Heavenly wins (PH-2.4), then the dealer's first discard or the next reveal."""
        dealer = state.dealer
        hands = list(state.hands)
        groups: list[tuple[Group, ...]] = [()] * PLAYERS
        events: list[tuple[Any, ...]] = [deal_event(dealer, hands)]
        if state.shown is not None:
            events.append(("shown", dealer, state.shown))
        for k in range(PLAYERS):  # PH-2.3: four alike dealt become a ti at once
            seat = (dealer + k) % PLAYERS
            counts = counts_of_ids(hands[seat])
            for f in range(NUM_FACES):
                if counts[f] == 4:
                    ids = tuple(sorted(c for c in hands[seat] if c >> 2 == f))
                    groups[seat] += (Group("ti", ids),)
                    events.append(("ti", seat, None, ids))
            hands[seat] = tuple(sorted(c for c in hands[seat] if counts[c >> 2] < 4))
        state = evolve(state, hands=tuple(hands), groups=tuple(groups), phase="play",
                       turn=dealer, events=state.events + tuple(events))
        for k in range(PLAYERS):  # PH-2.4: Heavenly wins, the dealer first, then in turn order
            seat = (dealer + k) % PLAYERS
            found = heavenly_readings(self.exposed(state, seat),
                                      tuple(counts_of_ids(state.hands[seat])), dealer=k == 0,
                                      minimum=state.options.min_huxi)
            if found:
                return evolve(state, phase="heavenly", turn=seat,
                              win=self._win(state, seat, None, None, found),
                              events=state.events + (("heavenly", seat, None),))
        return self._after_take(state, dealer)  # PH-2.5, PH-3.2

    # ------------------------------------------------------------------ card counts (PH-3)

    @staticmethod
    def exposed(state: State, seat: int) -> Exposed:
        return tuple((g.kind, g.faces) for g in state.groups[seat])

    @staticmethod
    def holding(state: State, seat: int) -> int:
        """Cards in hand and in exposed groups together (PH-3.1)."""
        return len(state.hands[seat]) + sum(len(g.cards) for g in state.groups[seat])

    @staticmethod
    def fours(state: State, seat: int) -> int:
        return sum(1 for g in state.groups[seat] if g.kind in FOUR_KINDS)

    def target(self, state: State, seat: int) -> int:
        return target(self.fours(state, seat))

    def needs_discard(self, state: State, seat: int) -> bool:
        """PH-3.2: more than T(k) cards held, and the hand is not dead (PH-4.8)."""
        return not state.dead[seat] and self.holding(state, seat) > self.target(state, seat)

    @staticmethod
    def loose(state: State, seat: int) -> list[int]:
        """The hand's cards outside kans: the only ones that may be discarded or chi'd (PH-2.3)."""
        hand = state.hands[seat]
        counts = counts_of_ids(hand)
        return [c for c in hand if counts[c >> 2] < 3]

    # ------------------------------------------------------------------ wins (PH-5)

    def winning(self, state: State, seat: int, card: int | None, own: bool) -> Evaluation | None:
        """The best reading if ``seat`` wins on ``card`` (None: as its hand stands) with at least
        15 huxi (PH-5.1; the match's ``min_huxi``, OPT-PH-1.1); None otherwise, and always for a
        dead hand (PH-4.8)."""
        if state.dead[seat]:
            return None
        n = self.holding(state, seat) + (card is not None)
        if not 21 <= n <= 26:  # seven groups hold 21 cards, one more per ti or pao, less a pair
            return None
        ev = evaluate(self.exposed(state, seat), tuple(counts_of_ids(state.hands[seat])),
                      None if card is None else card >> 2, own, state.options.min_huxi)
        return ev if ev is not None and ev.winning else None

    def readings(self, state: State, seat: int, card: int | None,
                 own: bool) -> tuple[Evaluation, ...]:
        """The winning groupings a win on ``card`` may be settled on (``scoring.readings``:
        the one with the most huxi, and the best 对子胡 one, OPT-PH-3.4)."""
        found = readings(self.exposed(state, seat), tuple(counts_of_ids(state.hands[seat])),
                         None if card is None else card >> 2, own, state.options.min_huxi)
        assert found, "a win is only offered on a winning hand"
        return found

    def _win(self, state: State, seat: int, card: int | None, revealer: int | None,
             found: tuple[Evaluation, ...]) -> Win:
        """``seat``'s win on ``card`` (None: Heavenly), its cards all held in ``state`` (the
        winning card placed), settled under the match's options: the reading that pays most
        (OPT-PH-3.4), 名堂 (OPT-PH-3), xing (OPT-PH-5). 海胡: no stock left after the winning
        card. Xing ``"turn"`` turns the stock's top card, or the winning card if none is left
        (OPT-PH-5.1): the actual next card, so no random draw."""
        cards = state.hands[seat] + tuple(c for g in state.groups[seat] for c in g.cards)
        turned = None
        if state.options.xing == "turn":
            turned = state.stock[0] if state.stock else card
        settlement = settle(state.options, found, [c >> 2 for c in cards],
                            None if card is None else card >> 2,
                            # a card the winner revealed itself, into its own wei or ti
                            # too; a Heavenly win is none (options.md's definitions, OPT-PH-2)
                            self_draw=card is not None and revealer == seat,
                            last_card=card is not None and not state.stock,
                            dealer=seat == state.dealer,
                            turned=None if turned is None else turned >> 2)
        return Win(seat, card, revealer, settlement, turned)

    # ------------------------------------------------------------------ who acts, what they may do

    def _turn_seats(self, state: State) -> list[int]:
        return [state.turn] if state.phase in ("play", "heavenly") else []

    def _turn_legal(self, state: State, seat: int) -> list[Action]:
        if seat != state.turn:
            return []
        if state.phase == "heavenly":
            return [{"type": "win"}]  # PH-2.4: the Heavenly winner declares it
        if state.phase == "play":
            return self._turn_actions(state, seat)
        return []

    def _turn_actions(self, state: State, seat: int) -> list[Action]:
        out: list[Action] = []
        if state.may_win is not None and self.winning(state, seat, None, True):
            out.append({"type": "win"})  # PH-4.3: win after the own wei or ti
        if self.needs_discard(state, seat):
            out += [{"type": "discard", "card": c} for c in self.loose(state, seat)]
        if not self.needs_discard(state, seat) or not out:
            out.append({"type": "pass"})  # no discard due: decline the win, the next reveals
        return out

    # ------------------------------------------------------------------ apply

    def _turn_apply(self, state: State, seat: int, action: Action) -> State:
        kind = action["type"]
        if state.phase == "heavenly":
            assert state.win is not None
            return self._settle(state, state.win)
        if kind == "win":
            card = state.may_win
            assert card is not None
            found = tuple(ev.marked(card >> 2)
                          for ev in self.readings(state, seat, None, True))
            return self._settle(state, self._win(state, seat, card, seat, found))
        if kind == "pass":
            return self._reveal(evolve(state, may_win=None), nxt(seat))
        return self._discard(state, seat, action["card"])

    def _malformed(self, action: Action) -> str | None:
        for key, value in action.items():
            if key == "card":
                ok = type(value) is int
            elif key == "cards":
                ok = isinstance(value, list) and all(type(c) is int for c in value)
            elif key == "bi":
                ok = isinstance(value, list) and all(
                    isinstance(g, list) and all(type(c) is int for c in g) for g in value)
            else:
                ok = key == "type"
            if not ok:
                return (f"bad field {key!r}: 'card' is a card id, 'cards' a list of ids, 'bi' a "
                        f"list of lists of ids")
        return None

    def _refusal(self, state: State, seat: int, action: Action) -> str | None:
        if action["type"] == "discard":  # a card held, but not a loose one
            return (f"card {action['card']} is part of a kan, which is never split nor "
                    f"discarded (PH-2.3)")
        return None

    def _why_not(self, state: State, seat: int, kind: str) -> str:
        w = state.window
        if w is None or kind not in ("chi", "peng", "win"):
            return ""
        f = w.card >> 2
        if kind == "win" and w.kind == "discard":
            return " (PH-5.2: nobody wins on a card discarded from a hand)"
        if kind == "chi" and w.kind == "discard" and seat != nxt(w.source):
            return " (PH-4.5: only the next player may chi a discard)"
        if kind in ("chi", "peng") and state.passed[seat] >> f & 1:
            return (f" (PH-4.9: you passed {FACE_NAMES[f]} or have one in your own discard row; "
                    f"you may no longer chi or peng it)")
        if kind == "chi" and counts_of_ids(state.hands[seat])[f] == 3:
            return " (PH-4.6: you hold a kan of it, and a kan is never split)"
        return ""

    # ------------------------------------------------------------------ the turn cycle (PH-4)

    def _after_take(self, state: State, seat: int) -> State:
        """PH-3.2: discard if holding more than T(k), else the next player reveals."""
        if not self.needs_discard(state, seat):
            return self._reveal(state, nxt(seat))
        if not self.loose(state, seat):  # no legal discard: the hand is dead (PH-4.8)
            state = evolve(state, dead=with_item(state.dead, seat, True),
                           events=state.events + (("dead", seat, None),))
            return self._reveal(state, nxt(seat))
        return evolve(state, phase="play", turn=seat, window=None, may_win=None)

    def _reveal(self, state: State, seat: int) -> State:
        """PH-4.1: ``seat`` turns up the top card; resolve what follows until someone decides."""
        while True:
            if not state.stock:  # PH-6.4: a reveal is due and the stock is empty: a draw
                return evolve(state, phase="over", exhausted=True, window=None, may_win=None,
                              turn=seat, events=state.events + (("exhausted", seat, None),))
            card = state.stock[0]
            f = card >> 2
            stock = state.stock[1:]
            seen = state.events + (("reveal", seat, card),)
            made = self._mandatory(state, seat, card, stock, seen)  # step 1: wei or ti (PH-4.3)
            if made is not None:
                state = made
                if not state.dead[seat]:
                    if self.winning(state, seat, None, True) is not None:
                        return evolve(state, phase="play", turn=seat, window=None,
                                      may_win=card)
                    if self.needs_discard(state, seat):
                        if self.loose(state, seat):
                            return evolve(state, phase="play", turn=seat, window=None,
                                          may_win=None)
                        state = evolve(state, dead=with_item(state.dead, seat, True),  # PH-4.8
                                       events=state.events + (("dead", seat, None),))
                seat = nxt(seat)
                continue
            options = {}
            for s in range(PLAYERS):
                opts = self._claim_options(state, s, card, seat, reveal=True)
                if opts:
                    options[s] = opts
            window = claims.open_window(seat, card, PLAYERS, options, kind="reveal")
            if window is not None:
                return evolve(state, stock=stock, events=seen, phase="claim", turn=seat,
                              window=window, may_win=None)
            forced = self._forced_pao(state, card, seat, reveal=True)
            if forced is not None:  # OPT-PH-4.1: nobody may win, so the pao is made
                return self._take(evolve(state, stock=stock, events=seen), forced, "pao",
                                  card, seat)
            # nobody takes it: the revealer's row (PH-3.3), and passed for the revealer (PH-4.9)
            state = evolve(state, stock=stock, events=seen,
                           rows=with_item(state.rows, seat, state.rows[seat] + (card,)),
                           passed=with_item(state.passed, seat, state.passed[seat] | 1 << f))
            seat = nxt(seat)

    def _mandatory(self, state: State, seat: int, card: int, stock: tuple[int, ...],
                   seen: tuple[tuple[Any, ...], ...]) -> State | None:
        """PH-4.3: the revealer's own card joins its kan or wei as a ti, or its pair as a wei
        (``stock`` and ``seen``: the stock and events after the reveal)."""
        f = card >> 2
        hand = state.hands[seat]
        same = tuple(c for c in hand if c >> 2 == f)
        groups = state.groups[seat]
        if len(same) == 3:
            kind, group = "ti", Group("ti", tuple(sorted(same + (card,))))
            groups += (group,)
        elif len(same) == 2:
            kind, group = "wei", Group("wei", tuple(sorted(same + (card,))))
            groups += (group,)
        else:
            i = next((i for i, g in enumerate(groups) if g.kind == "wei" and g.face == f), None)
            if i is None:
                return None
            kind, group = "ti", Group("ti", tuple(sorted(groups[i].cards + (card,))))
            groups = with_item(groups, i, group)
        return evolve(state, stock=stock, hands=with_item(state.hands, seat, without(hand, same)),
                      groups=with_item(state.groups, seat, groups),
                      events=seen + ((kind, seat, card, group.cards),))

    def _claim_options(self, state: State, seat: int, card: int, source: int,
                       reveal: bool) -> list[Hashable]:
        """What ``seat`` may claim on ``card`` revealed or discarded by ``source`` (PH-4.1,
        PH-4.2): win on a reveal only, pao or peng by anyone, chi by the revealer or the next.
        Under a mandatory pao (OPT-PH-4.1) a card someone must pao offers wins only (step 2);
        the pao is no choice: it is made when nobody wins (``_forced_pao``)."""
        out = self._offers(state, seat, card, source, reveal)
        if state.options.pao == "mandatory" and out != ["win"] and out and (
                "pao" in out  # this seat's own pao is the forced one
                or self._forced_pao(state, card, source, reveal, known=seat) is not None):
            return [o for o in out if o == "win"]
        return out

    def _forced_pao(self, state: State, card: int, source: int, reveal: bool,
                    known: int | None = None) -> int | None:
        """OPT-PH-4.1: the seat that must pao ``card`` under ``"mandatory"`` (one at most: the
        other three copies are its own), None when there is none or the pao is optional;
        ``known``: a seat already found unable to pao it, not asked again."""
        if state.options.pao != "mandatory":
            return None
        return next((s for s in range(PLAYERS) if s != known
                     and "pao" in self._offers(state, s, card, source, reveal)), None)

    def _offers(self, state: State, seat: int, card: int, source: int,
                reveal: bool) -> list[Hashable]:
        """Every claim of PH-4.1 and PH-4.2 ``seat`` could make on ``card``, a pao included."""
        own = seat == source
        if own and not reveal:
            return []
        f = card >> 2
        hand = state.hands[seat]
        counts = counts_of_ids(hand)
        n = counts[f]
        groups = state.groups[seat]
        dead = state.dead[seat]
        hold, fours = len(hand), 0
        wei = peng = False
        for g in state.groups[seat]:
            hold += len(g.cards)
            if g.kind in FOUR_KINDS:
                fours += 1
            elif g.kind == "wei":
                wei = wei or g.cards[0] >> 2 == f
            elif g.kind == "peng":
                peng = peng or g.cards[0] >> 2 == f
        out: list[Hashable] = []
        if reveal and not dead and 20 <= hold <= 25:  # PH-5.2 (seven groups: 21 to 26 cards)
            ev = evaluate(tuple((g.kind, g.faces) for g in groups), tuple(counts), f, own,
                          state.options.min_huxi)  # OPT-PH-1.1
            if ev is not None and ev.winning:
                out.append("win")
        loose_n = len(hand) - 3 * counts.count(3)
        # PH-4.4 pao: a kan or a wei with another's card; a peng with a revealed card
        can_pao = (not own and (n == 3 or wei)) or (reveal and peng)
        if can_pao and (dead or hold + 1 <= target(fours + 1) or loose_n  # PH-4.7
                        or state.options.pao == "mandatory"):  # OPT-PH-4.2: made all the same
            out.append("pao")
        if dead or state.passed[seat] >> f & 1:  # PH-4.8, PH-4.9
            return out
        must = hold + 1 > target(fours)
        if not own and n == 2 and (not must or loose_n > 2):  # PH-4.4, PH-4.7
            out.append("peng")
        if n < 3 and (own or seat == nxt(source)):  # PH-4.5 (a kan: PH-4.6)
            loose = tuple(x if x < 3 else 0 for x in counts)
            for need, bis in chi_choices(loose, f):
                if must and loose_n - len(need) - 3 * len(bis) < 1:  # PH-4.7
                    continue
                out.append(self._chi_key(hand, counts, need, bis))
        return out

    @staticmethod
    def _chi_key(hand: tuple[int, ...], counts: list[int], need: tuple[int, ...],
                 bis: tuple[Shape, ...]) -> tuple[Any, ...]:
        """The claim key naming the hand cards of a chi: the lowest free ids of each face."""
        free = {f: [c for c in hand if c >> 2 == f] for f in set(need).union(*bis)}
        main = tuple(free[f].pop(0) for f in need)
        return ("chi", main, tuple(tuple(free[f].pop(0) for f in shape) for shape in bis))

    def _discard(self, state: State, seat: int, card: int) -> State:
        """PH-4.2: a discard may be taken by pao or peng (anyone) or chi (the next); no win."""
        options = {}
        for s in range(PLAYERS):  # the others' options do not depend on the discarder's hand
            if s != seat:
                opts = self._claim_options(state, s, card, seat, reveal=False)
                if opts:
                    options[s] = opts
        window = claims.open_window(seat, card, PLAYERS, options, kind="discard")
        hands = with_item(state.hands, seat, without(state.hands[seat], (card,)))
        passed = with_item(state.passed, seat, state.passed[seat] | 1 << (card >> 2))
        seen = state.events + (("discard", seat, card),)
        if window is not None:
            return evolve(state, hands=hands, passed=passed, events=seen, phase="claim",
                          turn=seat, window=window, may_win=None)
        forced = self._forced_pao(state, card, seat, reveal=False)
        state = evolve(state, hands=hands, passed=passed, events=seen, may_win=None)
        if forced is not None:  # OPT-PH-4.1: nobody wins on a discard, the pao is made
            return self._take(state, forced, "pao", card, seat)
        state = evolve(state, rows=with_item(state.rows, seat, state.rows[seat] + (card,)))
        return self._reveal(state, nxt(seat))

    def _resolve(self, state: State) -> State:
        """Every seat has answered: PH-4.10 priority, then the take (or the row)."""
        w = state.window
        assert w is not None
        taking = self._taking(w)
        bit = 1 << (w.card >> 2)
        passed = list(state.passed)
        for s, opts in w.options:  # PH-4.9: a chi or peng passed is passed for the deal
            if w.answer_of(s) == PASS and any(claim_kind(o) in ("chi", "peng") for o in opts):
                passed[s] |= bit
        state = evolve(state, window=None, passed=tuple(passed))
        if not taking:
            forced = self._forced_pao(state, w.card, w.source, w.kind == "reveal")
            if forced is not None:  # OPT-PH-4.1: every win declined, step 3's pao is made
                return self._take(state, forced, "pao", w.card, w.source)
            if w.kind == "reveal":
                passed[w.source] |= bit
            rows = with_item(state.rows, w.source, state.rows[w.source] + (w.card,))
            state = evolve(state, rows=rows, passed=tuple(passed))
            return self._reveal(state, nxt(w.source))
        seat, key = taking[0]
        if claim_kind(key) == "win":
            found = self.readings(state, seat, w.card, seat == w.source)
            hand = tuple(sorted(state.hands[seat] + (w.card,)))
            state = evolve(state, hands=with_item(state.hands, seat, hand))
            return self._settle(state, self._win(state, seat, w.card, w.source, found))
        return self._take(state, seat, key, w.card, w.source)

    def _take(self, state: State, seat: int, key: Hashable, card: int, owner: int) -> State:
        """``seat`` takes ``card`` of ``owner`` (its reveal or discard) into a pao, peng or chi
        (PH-4.4, PH-4.5), then discards or not (PH-3.2)."""
        kind = claim_kind(key)
        source = None if seat == owner else owner
        hand = state.hands[seat]
        groups = state.groups[seat]
        used: tuple[int, ...]
        bi: tuple[Any, ...] = ()  # a chi's event says its bi groups apart (PH-4.6)
        if kind == "pao":
            used = tuple(c for c in hand if c >> 2 == card >> 2)
            if len(used) == 3:  # from a kan
                groups += (Group("pao", tuple(sorted(used + (card,))), source),)
            else:  # from a wei or a peng
                i = next(i for i, g in enumerate(groups)
                         if g.kind in ("wei", "peng") and g.face == card >> 2)
                pao = Group("pao", tuple(sorted(groups[i].cards + (card,))), source)
                groups = with_item(groups, i, pao)
        elif kind == "peng":
            used = tuple(c for c in hand if c >> 2 == card >> 2)
            groups += (Group("peng", tuple(sorted(used + (card,))), source),)
        else:
            assert isinstance(key, tuple)
            main: tuple[int, ...] = key[1]
            bis: tuple[tuple[int, ...], ...] = key[2]
            used = main + tuple(c for g in bis for c in g)
            groups += (Group("chi", tuple(sorted(main + (card,))), source),)
            groups += tuple(Group("chi", tuple(sorted(g))) for g in bis)
            bi = (tuple(tuple(sorted(g)) for g in bis),)
        state = evolve(state, hands=with_item(state.hands, seat, without(hand, used)),
                       groups=with_item(state.groups, seat, groups),
                       events=state.events + ((kind, seat, card, owner, used, *bi),))
        return self._after_take(state, seat)

    # ------------------------------------------------------------------ the end (PH-6)

    def _settle(self, state: State, win: Win) -> State:
        """PH-6.4: each opponent pays the winner the settlement's payment (its tun, with the
        match's 名堂, xing, self-draw bonus and cap: OPT-PH-2, 3, 5, 6). Under xing ``"turn"``
        the turned card is an event, public (OPT-PH-5.1)."""
        s = win.settlement
        pays = tuple(Payment(p, win.seat, s.payment, "win", win.evaluation.heavenly or "")
                     for p in range(PLAYERS) if p != win.seat)
        events = (("win", win.seat, win.card, win.huxi, win.tun),)
        if win.turned is not None:
            events += (("xing", win.seat, win.turned, s.xing_face, s.xing_count),)
        return evolve(state, phase="over", window=None, may_win=None, win=win,
                      payments=state.payments + pays, events=state.events + events)

    def _result_details(self, state: State) -> JSON:
        win = state.win
        return {"win": None if win is None else self.win_json(win, state.options),
                "exhausted": state.exhausted}

    @staticmethod
    def win_json(win: Win, options: Options) -> JSON:
        """A win as the result says it: the reading, and what each opponent paid and why
        (the self-draw, OPT-PH-2; the 名堂, OPT-PH-3; the xing, OPT-PH-5; the formula's terms
        and the cap, OPT-PH-6)."""
        turned = None if win.turned is None else card_json(win.turned)
        return {"seat": win.seat, "card": card_json(win.card) if win.card is not None else None,
                "revealer": win.revealer, **win.settlement.to_json(options, turned)}

    def wins(self, result: JSON) -> list[WinRecord]:
        """One win at most, on a card revealed or drawn, never a discard (PH-5.2): nobody deals
        in; the hand named is a heavenly or earthly hand where it is one."""
        win = result["win"]
        return [] if win is None else [WinRecord(win["seat"], None, win.get("heavenly"),
                                                 win["huxi"])]

    # ------------------------------------------------------------------ information

    def view(self, state: State, seat: int | None, events_from: int = 0) -> JSON:
        """What ``seat`` may see (None: a spectator), in every game's vocabulary
        (docs/views.md); ``events_from``: the events from that index on only.

        Public: every meld (ti, pao, wei, peng, chi: PH-2.3 "every later group is exposed"),
        every discard row, the claim's kind, card and the seat it came ``from``, the dealer's
        shown 21st card (PH-2.2), the stock's size (``wall_remaining``), each hand's size, dead
        hands, the events. Private: a hand (its kans included: a kan is locked in the hand, and
        others see only how many cards the hand holds), the seat's passed faces (PH-4.9) and its
        own claim ``options`` and ``answer``. At the end every hand is shown."""
        return self._view(state, seat, False, events_from)

    def open_view(self, state: State) -> JSON:
        """Every hand open (kans, passed faces and dealt hands too), for the replay of a
        finished deal."""
        return self._view(state, None, True)

    def _view(self, state: State, seat: int | None, open_all: bool, events_from: int = 0
              ) -> JSON:
        over = state.phase == "over"
        score = totals(state.payments, self.players)
        players = []
        for s in range(self.players):
            mine = s == seat or open_all
            shown = over or mine
            hand = state.hands[s]
            counts = counts_of_ids(hand)
            melds: list[JSON] = [{"type": g.kind, "cards": _cards(g.cards), "from": g.source,
                                  "huxi": group_huxi(g.kind, g.faces)} for g in state.groups[s]]
            players.append({
                "seat": s,
                "hand": _cards(hand) if shown else None,
                "kans": [FACE_NAMES[f] for f in range(NUM_FACES) if counts[f] == 3]
                if shown else None,
                "hand_count": len(hand),
                "melds": melds,
                "exposed_huxi": sum(group_huxi(g.kind, g.faces) for g in state.groups[s]),
                "discards": _cards(state.rows[s]),
                "holding": self.holding(state, s),
                "target": self.target(state, s),
                "dead": state.dead[s],
                "passed": [FACE_NAMES[f] for f in range(NUM_FACES) if state.passed[s] >> f & 1]
                if mine else None,
                "score": score[s],
            })
        view = self.table_view(
            state, seat, turn=None if over else state.turn, wall=len(state.stock),
            players=players,
            events=[open_deal_json(e, card_json) if open_all and e[0] == "deal"
                    else _event_json(e, seat) for e in state.events[events_from:]],
            dealer_shown=card_json(state.shown) if state.shown is not None else None)
        if open_all:
            view["open"] = True
        return view

    def zones(self, state: State) -> dict[str, tuple[int, ...]]:
        z: dict[str, tuple[int, ...]] = {"stock": state.stock}
        for s in range(PLAYERS):
            z[f"hand:{s}"] = state.hands[s]
            z[f"groups:{s}"] = tuple(c for g in state.groups[s] for c in g.cards)
            z[f"row:{s}"] = state.rows[s]
        if state.window is not None:
            z["offer"] = (state.window.card,)
        return z

    def hidden_cards(self, state: State, seat: int | None) -> frozenset[int]:
        """The stock and the other seats' hands (kans included), but the dealer's shown card;
        at the end only the stock, but a card turned up for xing."""
        hidden = set(state.stock)
        if state.win is not None and state.phase == "over":
            hidden.discard(state.win.turned)  # turned up for xing (OPT-PH-5.1)
        if state.phase != "over":
            for s in range(PLAYERS):
                if s != seat:
                    hidden.update(state.hands[s])
            hidden.discard(state.shown)
        return frozenset(hidden)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Re-deal the stock and the other hands (the dealer keeps its shown card); avoid hands
        the rules make impossible (four alike in hand) and re-ask the others' claims."""
        if state.phase == "over":
            return state
        others = [s for s in range(PLAYERS) if s != seat]
        keep = (state.shown if state.dealer != seat and state.shown in state.hands[state.dealer]
                else None)
        pool = list(state.stock) + [c for s in others for c in state.hands[s] if c != keep]
        hands = list(state.hands)
        for _ in range(30):
            rng.shuffle(pool)
            pos = 0
            for s in others:
                n = len(state.hands[s]) - (s == state.dealer and keep is not None)
                kept = [keep] if keep is not None and s == state.dealer else []
                hands[s] = tuple(sorted(pool[pos:pos + n] + kept))
                pos += n
            new = evolve(state, hands=tuple(hands), stock=tuple(pool[pos:]),
                         events=only_own(state.events, seat))
            if self._plausible(new, others):
                break
        if state.window is not None:
            new = evolve(new, window=self._reask(new, state.window, seat))
        return new

    def _plausible(self, state: State, seats: list[int]) -> bool:
        for s in seats:
            if max(counts_of_ids(state.hands[s]), default=0) > 3:
                return False
        t = state.turn
        return not (state.phase == "play" and t in seats and self.needs_discard(state, t)
                    and not self.loose(state, t))

    def _window_options(self, state: State, seat: int, w: ClaimWindow) -> list[Hashable]:
        return self._claim_options(state, seat, w.card, w.source, w.kind == "reveal")

    def score(self, spec: JSON) -> JSON:
        """The calculator; ``spec["options"]`` (optional) sets the minimum the verdict and the
        tun count from (OPT-PH-1, OPT-0.4), and a winning hand is settled as the game settles
        it (``mingtang.settle``): the grouping that pays most (OPT-PH-3.4), its 名堂 (with
        ``last_card``: 海胡; ``heavenly`` and ``dealer``: 天胡, 地胡), the xing (``"follow"``:
        the winning card's face; ``"turn"``: after ``turned_card``, or the winning card on a
        ``last_card`` win) and what each opponent pays (a win on the winner's ``own_reveal`` is
        a self-draw, OPT-PH-2, OPT-PH-6)."""
        spec, options = self.spec_options(spec)
        read = read_spec(spec)
        if read.turned is not None and (options is None or options.xing != "turn"):
            raise InvalidSpec("turned_card is read under xing 'turn' only (OPT-PH-5.1)")
        if options is None:
            return score_spec(spec)
        out = score_spec(spec, options.min_huxi)
        if not out["winning"]:
            return out
        flags = read.flags
        if flags["heavenly"]:
            found = heavenly_readings(read.exposed, read.counts, flags["dealer"],
                                      options.min_huxi)
        else:
            found = readings(read.exposed, read.counts, read.card, flags["own_reveal"],
                             options.min_huxi)
        turned = read.card if flags["last_card"] else read.turned
        if options.xing == "turn" and turned is None:
            raise InvalidSpec("xing 'turn' (OPT-PH-5.1) needs the turned_card, the stock's "
                              "top card after the win (or last_card: true)")
        s = settle(options, found, read.faces(), read.card, flags["own_reveal"],
                   flags["last_card"], flags["dealer"], turned)
        return s.to_json(options, None if s.turned is None else {"face": FACE_NAMES[s.turned]})


GAME = Paohuzi()

__all__ = ["GAME", "Paohuzi", "chi_choices", "claim_action", "target"]

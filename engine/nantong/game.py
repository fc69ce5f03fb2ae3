"""Nantong long cards, Du Zi Hu (独子胡): ``../shared/rules/nantong.md`` on the shared table.

Nantong is a draw/discard/pung/kong game, so it runs on the mahjong table
(``engine/mahjong/table.py``): draws from the front and replacements from the back, the claim
window with wins before pungs and kongs and the nearest seat after the discarder winning ties,
concealed and added kongs with the robbing window, views, zones and determinize. Its cards sit
on the mahjong face space (``cards.py``), so the mahjong hand readings decide wins and waits.
What Nantong says differently, here:

- a 3-seat deal of 23/22/22 cards with two indicators out of play (NT-2.3);
- the preparation phase: opening kongs, opening indicator triplets, Tiandi Hezi, ready
  declarations (NT-3);
- the dealer discards first without drawing and may win at once (Heavenly, NT-3.7); kongs only
  after a draw (NT-4.1); no sequence claims; pungs still claimable on the last discard (NT-4.5);
  ready hands locked (NT-3.6);
- one winner (NT-4.3), and at the end every player's hu settled pairwise (NT-6,
  ``scoring.py``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import lru_cache

from ..core.errors import IllegalAction
from ..core.protocol import JSON, Action
from ..core.result import WinRecord
from ..core.state import evolve
from ..mahjong.hand import add_face, is_standard_complete
from ..mahjong.table import Events, MahjongTable, Meld, event, kong_actions, with_item, without
from ..mahjong.tiles import counts_of_ids
from . import scoring
from .cards import DECK, FACE_NAMES, NUM_FACES, card_json
from .scoring import Hand, Score, WinSituation
from .state import State, Win

PLAYERS = 3
DEALER_CARDS, OTHER_CARDS = 23, 22  # NT-2.3
INDICATORS = 2
_CARD_LISTS = ("indicators", "opening_kong", "opening_triplet", "hezi")
"""Events whose fourth field lists public card ids (the view shows them as cards)."""


@lru_cache(maxsize=1 << 12)
def _counts(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The counts vector of a hand; cached, as every discard asks the same waiting hands."""
    return counts_of_ids(hand)


def _complete(counts: tuple[int, ...], size: int, exposed: int) -> bool:
    """NT-5.1: seven groups and one pair: the ``size`` cards in hand form groups and a pair,
    and with the ``exposed`` groups they make seven."""
    return size == 23 - 3 * exposed and is_standard_complete(counts)


def _group_kind(m: Meld) -> str:
    """A table meld as the scorer names it."""
    if m.kind == "kong":
        return "concealed_kong" if m.concealed else "added_kong" if m.added else "exposed_kong"
    return m.kind  # pung, opening_kong, opening_triplet


class Nantong(MahjongTable):
    """The Nantong game object registered as ``nantong``."""

    name = "nantong"
    title = "Nantong Long Cards (Du Zi Hu)"
    description = ("120 long cards, two indicators, pungs and kongs but no sequence claims; win "
                   "with seven groups and a pair, then all three settle their hu pairwise.")
    players = PLAYERS
    deck = DECK  # NT-1.1: 120 cards, id // 4 is the face
    hand_sizes = (DEALER_CARDS, OTHER_CARDS)  # NT-2.3
    state_class = State
    several_winners = False  # NT-4.3: one winner, the nearest after the discarder

    def card_json(self, tile: int) -> JSON:
        return card_json(tile)

    # -------------------------------------------------------------- the deal (NT-2)

    def _set_aside(self, rest: tuple[int, ...]) -> tuple[tuple[int, ...], JSON, Events]:
        """NT-2.3, NT-2.4: two indicators face up, out of play."""
        indicators = rest[:INDICATORS]
        return (rest[INDICATORS:], {"indicators": indicators},
                (("indicators", None, None, list(indicators)),))

    def _start(self, state: State) -> State:
        return evolve(state, phase="prepare")  # NT-3 before the first discard

    # -------------------------------------------------------------- preparation (NT-3)

    def _phase_to_act(self, state: State) -> list[int]:
        return [state.turn] if state.phase == "prepare" else []

    def _phase_actions(self, state: State, seat: int) -> list[Action]:
        if state.phase != "prepare" or seat != state.turn:
            return []
        return self.preparation_actions(state, seat)

    def indicator_faces(self, state: State) -> list[int]:
        return [t >> 2 for t in state.indicators]

    def preparation_actions(self, state: State, seat: int) -> list[Action]:
        """NT-3.1: the opening declarations available, ready, finish."""
        replaced = set(state.replaced[seat])
        dealt: dict[int, list[int]] = {}
        for t in state.hands[seat]:  # NT-3.2: originally dealt cards only
            if t not in replaced:
                dealt.setdefault(t >> 2, []).append(t)
        ind = self.indicator_faces(state)
        out: list[Action] = []
        if state.wall:  # NT-3.3 (a kong needs a replacement, NT-4.4)
            out += [{"type": "opening_kong", "cards": ids}
                    for ids in dealt.values() if len(ids) == 4]
        out += [{"type": "opening_triplet", "cards": dealt[f]}  # NT-3.4
                for f in sorted(set(ind)) if len(dealt.get(f, ())) == 3]
        if ind[0] == ind[1] and len(dealt.get(ind[0], ())) == 2 and len(state.wall) >= 2:
            out.append({"type": "hezi", "cards": dealt[ind[0]]})  # NT-3.5
        if seat != state.dealer and self.waits(state, seat):  # NT-3.6
            out.append({"type": "ready"})
        out.append({"type": "finish"})
        return out

    def waits(self, state: State, seat: int) -> list[int]:
        """NT-3.6: the faces that would complete the hand of 22 + K cards, whether or not a
        copy of them is left."""
        hand = state.hands[seat]
        if len(hand) != 22 - 3 * len(state.melds[seat]):
            return []
        counts = _counts(hand)
        return [f for f in range(NUM_FACES) if is_standard_complete(add_face(counts, f))]

    def _phase_apply(self, state: State, seat: int, action: Action) -> State:
        kind = action["type"]
        if kind == "finish":
            return self._end_preparation(evolve(state, events=event(state, "finish", seat, None)),
                                         seat)
        if kind == "ready":  # NT-3.6: declaring ready ends the player's preparation
            state = evolve(state, ready=with_item(state.ready, seat, True),
                           events=event(state, "ready", seat, None))
            return self._end_preparation(state, seat)
        cards = tuple(sorted(action["cards"]))
        state = evolve(state, hands=with_item(state.hands, seat, without(state.hands[seat], cards)),
                       events=event(state, kind, seat, None, list(cards)))
        if kind == "hezi":  # NT-3.5: exposed apart from the groups, two replacements
            state = evolve(state, hezi=with_item(state.hezi, seat, cards))
            return self._prep_replacement(self._prep_replacement(state, seat), seat)
        meld = Meld(kind, cards)
        state = evolve(state, melds=with_item(state.melds, seat, state.melds[seat] + (meld,)))
        if kind == "opening_kong":  # NT-3.3: one replacement from the back
            return self._prep_replacement(state, seat)
        return state  # NT-3.4: an opening indicator triplet draws nothing

    def _prep_replacement(self, state: State, seat: int) -> State:
        tile, wall = state.wall[-1], state.wall[:-1]
        return evolve(
            state, wall=wall,
            hands=with_item(state.hands, seat, tuple(sorted(state.hands[seat] + (tile,)))),
            replaced=with_item(state.replaced, seat, state.replaced[seat] + (tile,)),
            events=event(state, "draw", seat, tile, True))

    def _end_preparation(self, state: State, seat: int) -> State:
        """NT-3.1: the next seat prepares; after the last, NT-3.7: the dealer discards first."""
        nxt = (seat + 1) % PLAYERS
        if nxt != state.dealer:
            return evolve(state, turn=nxt)
        return evolve(state, phase="play", turn=state.dealer, drawn=None,
                      replaced=((),) * PLAYERS, events=event(state, "play", state.dealer, None))

    # -------------------------------------------------------------- a turn (NT-4.1)

    def _turn_actions(self, state: State, seat: int) -> list[Action]:
        hand = state.hands[seat]
        discards = [{"type": "discard", "card": t} for t in hand]
        if state.after_claim:  # NT-4.2: after a pung, discard without drawing
            return discards
        out: list[Action] = [{"type": "win"}] if self._can_self_win(state, seat) else []
        drawn = state.drawn
        if state.ready[seat] and drawn is not None:  # NT-3.6: win or discard the drawn card
            return out + [{"type": "discard", "card": drawn}]
        if drawn is not None and state.wall:  # NT-4.1 kongs after a draw; NT-4.4 a replacement
            out += kong_actions(hand, _counts(hand), state.melds[seat])
        return out + discards

    def _check(self, state: State, seat: int, action: Action) -> None:
        """The table's refusals, with the rule that forbids an action of a possible kind."""
        try:
            super()._check(state, seat, action)
        except IllegalAction as e:
            why = self._refusal(state, seat, action) if e.code == IllegalAction.code else None
            if why is None:
                raise
            raise IllegalAction(why) from None

    def _refusal(self, state: State, seat: int, action: Action) -> str | None:
        kind = action["type"]
        if state.phase == "prepare":
            if kind in ("opening_kong", "opening_triplet", "hezi"):
                return ("an opening declaration uses originally dealt cards only, never "
                        "replacement cards (NT-3.2): four alike (NT-3.3), three of an "
                        "indicator's face (NT-3.4), or the indicators' other two copies (NT-3.5)")
            if kind == "ready":
                return ("only a non-dealer one card from winning may declare ready (NT-3.6)")
            return None
        if state.phase != "play":
            return None
        if state.ready[seat] and kind in ("discard", "concealed_kong", "added_kong"):
            return "a ready hand is locked: win or discard the card just drawn (NT-3.6)"
        if kind in ("concealed_kong", "added_kong") and (state.drawn is None or state.after_claim):
            return "kongs are declared only after a draw, never after a pung (NT-4.1)"
        if kind in ("concealed_kong", "added_kong") and not state.wall:
            return "a kong needs a card left in the stock for its replacement (NT-4.4)"
        return None

    # -------------------------------------------------------------- wins and claims (NT-4.2, 4.3)

    def _can_self_win(self, state: State, seat: int) -> bool:
        hand = state.hands[seat]
        return _complete(_counts(hand), len(hand), len(state.melds[seat]))

    def _can_win_on(self, state: State, seat: int, tile: int, source: int, robbing: bool) -> bool:
        hand = state.hands[seat]
        return _complete(add_face(_counts(hand), tile >> 2), len(hand) + 1, len(state.melds[seat]))

    def _claim_options(self, state: State, seat: int, tile: int, source: int) -> list[Hashable]:
        """NT-4.2: win, pung, exposed kong — never a sequence. A ready hand may only win
        (NT-3.6); a pung stays possible on the last discard (NT-4.5), a kong needs a
        replacement (NT-4.4)."""
        out: list[Hashable] = ["win"] if self._can_win_on(state, seat, tile, source, False) else []
        if state.ready[seat]:
            return out
        face = tile >> 2
        have = sum(1 for t in state.hands[seat] if t >> 2 == face)
        if have >= 2:
            out.append("pung")
        if have == 3 and state.wall:
            out.append("kong")
        return out

    def _win(self, state: State, seat: int, tile: int, source: int | None,
             robbing: bool) -> State:
        if source is None:
            heavenly = state.drawn is None  # NT-3.7: the dealer's first turn, nothing drawn
            win = Win(seat=seat, card=None if heavenly else tile, source=None,
                      how="heavenly" if heavenly else "self_draw",
                      kong_replacement=state.kong_draw and not heavenly,
                      last_card=not heavenly and not state.wall)
        else:
            win = Win(seat=seat, card=tile, source=source,
                      how="robbed_kong" if robbing else "discard",
                      dealer_first_discard=(not robbing and source == state.dealer
                                            and self.first_discard(state)))
        return evolve(state, wins=(win,),
                      events=event(state, "win", seat, win.card, source, win.how))

    @staticmethod
    def first_discard(state: State) -> bool:
        """The card on offer is the deal's first discard, which is the dealer's (NT-3.7)."""
        return sum(1 for e in state.events if e[0] == "discard") == 1

    def _after_wins(self, state: State, source: int, winners: list[int]) -> State:
        return self._finish(state, "win")  # NT-4.3: a win ends the deal at once

    def _exhaust(self, state: State) -> State:
        return self._finish(state, "exhausted")  # NT-4.5, NT-6.10

    # -------------------------------------------------------------- scoring (NT-6)

    def hand_of(self, state: State, seat: int) -> Hand:
        """What ``seat`` holds, as the scorer reads it (a self-drawn winning card left out)."""
        hand = state.hands[seat]
        win = state.wins[0] if state.wins else None
        if win is not None and win.seat == seat and win.how == "self_draw":
            hand = without(hand, (win.card,))
        counts = [0] * NUM_FACES
        for t in hand:
            counts[t >> 2] += 1
        hezi = state.hezi[seat][0] >> 2 if state.hezi[seat] else None
        return Hand(tuple(counts), tuple((_group_kind(m), m.face) for m in state.melds[seat]), hezi)

    def scores_of(self, state: State) -> tuple[Score, ...]:
        indicators = self.indicator_faces(state)
        win = state.wins[0] if state.wins else None
        out = []
        for s in range(PLAYERS):
            hand = self.hand_of(state, s)
            if win is None or win.seat != s:
                out.append(scoring.score_hand(hand, indicators))
                continue
            sit = WinSituation(win.how, None if win.card is None else win.card >> 2,
                               kong_replacement=win.kong_replacement,
                               dealer_first_discard=win.dealer_first_discard,
                               ready=state.ready[s], last_card=win.last_card)
            score = scoring.score_winner(hand, indicators, sit)
            assert score is not None, "a win was offered on a hand that does not win"
            out.append(score)
        return tuple(out)

    def _finish(self, state: State, reason: str) -> State:
        scores = self.scores_of(state)
        return evolve(state, phase="over", window=None, drawn=None, kong_draw=False,
                      scores=scores, payments=scoring.settle([s.total for s in scores]),
                      events=event(state, "end", None, None, reason))

    def _result_details(self, state: State) -> JSON:
        win = state.wins[0] if state.wins else None
        out = scoring.outcome_json(state.scores, self.indicator_faces(state),
                                   win.seat if win else None)
        del out["deltas"], out["payments"]
        out["win"] = None if win is None else {
            "seat": win.seat, "how": win.how, "from": win.source,
            "card": card_json(win.card) if win.card is not None else None}
        return out

    def wins(self, result: JSON) -> list[WinRecord]:
        """NT-4.3: one winner at most; the hand is its shape, the value its total hu."""
        win = result["win"]
        if win is None:
            return []
        player = result["players"][win["seat"]]
        shape = (player.get("win") or {}).get("shape") or {}
        return [WinRecord(win["seat"], win["from"], shape.get("code"), player["total"])]

    # -------------------------------------------------------------- information

    def _extra_zones(self, state: State) -> dict[str, tuple[int, ...]]:
        z = {"indicators": state.indicators}
        for s in range(PLAYERS):
            z[f"hezi:{s}"] = state.hezi[s]
        return z

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """As the table's, and in preparation the others' replacement cards (which of their
        cards are not dealt ones, NT-3.2) are picked anew among their re-dealt hands."""
        new = super().determinize(state, seat, rng)
        if state.phase != "prepare":
            return new
        replaced = tuple(
            r if s == seat or not r else tuple(rng.sample(new.hands[s], len(r)))
            for s, r in enumerate(state.replaced))
        return evolve(new, replaced=replaced)

    def view(self, state: State, seat: int | None, events_from: int = 0) -> JSON:
        """The table's common view plus the indicators (public, NT-2.4), each player's Hezi and
        ready declaration (public), who is preparing, and in preparation the viewer's own
        replacement cards (which no opening declaration may use, NT-3.2)."""
        view = self.common_view(state, seat, events_from)
        view["indicators"] = [card_json(t) for t in state.indicators]
        view["preparing"] = state.turn if state.phase == "prepare" else None
        for p in view["players"]:
            s = p["seat"]
            p["hezi"] = [card_json(t) for t in state.hezi[s]]
            p["ready"] = state.ready[s]
            p["replacement_cards"] = (
                [card_json(t) for t in state.replaced[s]] if s == seat and state.phase == "prepare"
                else None)
        for e, raw in zip(view["events"], state.events[events_from:], strict=True):
            kind = raw[0]
            if kind in _CARD_LISTS:
                e["cards"] = [card_json(t) for t in raw[3]]
            elif kind == "win":
                e["how"] = raw[4]
            elif kind == "end":
                e["reason"] = raw[3]
        return view

    def _open_details(self, state: State, view: JSON) -> None:
        """An open view (a replay) shows every seat's replacement cards during preparation."""
        for p in view["players"]:
            p["replacement_cards"] = ([card_json(t) for t in state.replaced[p["seat"]]]
                                      if state.phase == "prepare" else None)

    def score(self, spec: JSON) -> JSON:
        return scoring.score_spec(spec)


GAME = Nantong()

__all__ = ["FACE_NAMES", "GAME", "IllegalAction", "Nantong"]

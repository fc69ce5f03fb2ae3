"""The deal event (``engine/core/deal_event.py``): each seat's view gives it the hand it was
dealt, so that a bot can rebuild its hand from the event log alone, as Botzone-style bots do.

For every registered game, along whole deals of random and eager play: a seat's view's deal
event holds exactly the cards the shuffle dealt it (MCR-2.3, SC-2.2, NT-2.3, PH-2.2: the dealer
14, 14, 23, 21, the others 13, 13, 22, 20; MCR's flowers before their replacement) at the start,
after every move and at the end; other seats' and the spectator's views never hold it; the
seat's own events rebuild its current hand from it; the dealer's first turn has no draw
(MCR-3.1, SC-4.1, NT-3.7, PH-2.5); determinized and sampled states keep the seat's own dealt
hand and know nobody else's.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine import GAMES
from engine.core.playout import eager_action, random_action, random_playout
from engine.core.protocol import Game
from engine.core.rng import deal_rng, shuffled

SEEDS = range(4)
CASES = [pytest.param(GAMES[name], seed, id=f"{name}-{seed}") for name in GAMES for seed in SEEDS]

DEALT = {"mcr": (14, 13), "sichuan": (14, 13), "nantong": (23, 22), "paohuzi": (21, 20)}
"""Cards dealt to the dealer and to each other seat: MCR-2.3, SC-2.2, NT-2.3, PH-2.2."""


def dealt_by_shuffle(game: Game, seed: int, dealer: int) -> list[list[int]]:
    """Each seat's dealt card ids, read off the seeded shuffle itself (not off the engine's
    state): in turn order from the dealer, the dealer first (MCR-2.3, SC-2.2, NT-2.3, PH-2.2)."""
    cards = shuffled(game.deck, deal_rng(seed))
    first, other = DEALT[game.name]
    hands: list[list[int]] = [[] for _ in range(game.players)]
    pos = 0
    for k in range(game.players):
        n = first if k == 0 else other
        hands[(dealer + k) % game.players] = sorted(cards[pos:pos + n])
        pos += n
    return hands


def deal_states(game: Game, seed: int) -> Iterator[Any]:
    """Every state of one deal (random play for even seeds, eager for odd), the end included."""
    seen: list[Any] = []
    policy = eager_action if seed % 2 else random_action
    final, _ = random_playout(game, seed, random.Random(seed), policy=policy,
                              on_step=lambda before, *_: seen.append(before))
    yield from seen
    yield final


def deal_event(view: dict[str, Any]) -> dict[str, Any]:
    first = view["events"][0]
    assert first["type"] == "deal"
    return first


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_each_seat_sees_its_own_dealt_hand_only(game: Game, seed: int) -> None:
    """A seat's deal event has ``hand``: the cards it was dealt, as card objects sorted by id;
    another seat's view and the spectator's have the dealer's seat and nothing else, from the
    first state to the last (also once the deal is over)."""
    dealer = game.new_deal(seed).dealer
    dealt = dealt_by_shuffle(game, seed, dealer)
    first, other = DEALT[game.name]
    assert [len(h) for h in dealt] == [first if s == dealer else other
                                       for s in range(game.players)]
    states = 0
    for state in deal_states(game, seed):
        states += 1
        assert deal_event(game.view(state, None)) == {"type": "deal", "seat": dealer}
        for s in range(game.players):
            ev = deal_event(game.view(state, s))
            assert ev.keys() == {"type", "seat", "hand"} and ev["seat"] == dealer
            assert ev["hand"] == [game.card_json(c) for c in dealt[s]], (states, s)
    assert states > 10


def rebuilt(view: dict[str, Any]) -> list[int]:
    """The viewer's hand as a bot rebuilds it from its view's events alone: its dealt hand, plus
    what it drew, less what left it (discards, flowers, melds, kongs, Paohuzi's groups)."""
    seat = view["seat"]
    events = view["events"]
    hand = {c["id"] for c in deal_event(view)["hand"]}
    for e in events[1:]:
        if e["seat"] != seat:
            continue
        kind, card = e["type"], e.get("card", {}).get("id")
        if kind == "draw":
            hand.add(card)
        elif kind in ("discard", "flower", "added_kong"):
            hand.discard(card)
        elif kind == "concealed_kong":  # its four copies, of which the event names one
            hand -= {c for c in hand if c >> 2 == card >> 2}
        elif kind in ("pung", "kong", "chow", "opening_kong", "opening_triplet", "hezi", "ti",
                      "wei"):
            hand -= {c["id"] for c in e["cards"]}  # the claimed or revealed card never was in
        elif kind in ("pao", "peng", "chi"):
            hand -= {c["id"] for c in e["hand_cards"]}
    return sorted(hand)


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_the_log_rebuilds_the_own_hand(game: Game, seed: int) -> None:
    """From the dealt hand and the seat's own events (MCR: the flowers exposed at the deal and
    their replacement draws, MCR-2.3), a bot knows its hand at every step of play."""
    checked = 0
    for state in deal_states(game, seed):
        if game.result(state) is not None:
            continue  # a win may add the winning card to the hand without an event of the seat
        for s in range(game.players):
            view = game.view(state, s)
            assert rebuilt(view) == sorted(c["id"] for c in view["players"][s]["hand"]), s
            checked += 1
    assert checked


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_dealer_draws_nothing_on_its_first_turn(name: str) -> None:
    """MCR-3.1, SC-4.1, NT-3.7, PH-2.5: the dealer starts with its dealt hand and does not draw:
    before its first discard the log has no draw but replacements (MCR's flowers at the deal,
    MCR-2.3; Nantong's preparation, NT-3.3), and its first move comes right after the deal's own
    events. The deal event tells the dealer, so a bot knows its first turn has no draw."""
    game = GAMES[name]
    checked = flowers = 0
    for seed in range(20):
        state = game.new_deal(seed)
        while state.phase in ("declare", "prepare"):  # SC-3.1, NT-3 come before play
            seat = game.to_act(state)[0]
            state = game.apply(state, seat, random_action(game, state, seat, random.Random(seed)))
        if state.phase != "play" or game.to_act(state) != [state.dealer]:
            continue  # Paohuzi: a Heavenly win (PH-2.4), or two ti and no discard (PH-3.2)
        view = game.view(state, state.dealer)
        assert view["to_act"] and view["turn"] == state.dealer == deal_event(view)["seat"]
        assert all(e["replacement"] for e in view["events"] if e["type"] == "draw")
        assert all(e["type"] not in ("discard", "reveal") for e in view["events"])
        assert view.get("drawn") is None
        checked += 1
        if name == "mcr":  # each flower at the deal, then its seat's replacement draw
            events = view["events"]
            pairs = [(a["type"], b["type"], a["seat"] == b["seat"])
                     for a, b in zip(events[1::2], events[2::2], strict=True)]
            assert len(events) % 2 == 1 and set(pairs) <= {("flower", "draw", True)}, events
            flowers += len(pairs)
    assert checked >= 10 and (name != "mcr" or flowers)


def raw_dealt(state: Any) -> tuple[Any, ...]:
    first = state.events[0]
    assert first[0] == "deal"
    return first[3]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_redealt_states_keep_the_own_dealt_hand_and_know_no_other(name: str) -> None:
    """``determinize`` and ``sample`` give the seat a state with its real dealt hand in the deal
    event and the others' unknown (None): a search must not read the real ones off its copy.
    Nor does a determinized state name another seat's real draw (``sample`` has none to name:
    it gives those draws any unseen tile)."""
    game = GAMES[name]
    checked = 0
    for seed in range(3):
        dealt = dealt_by_shuffle(game, seed, game.new_deal(seed).dealer)
        for i, state in enumerate(deal_states(game, seed)):
            if i % 7 or game.result(state) is not None:
                continue
            assert [list(h) for h in raw_dealt(state)] == dealt
            for s in range(game.players):
                rng = random.Random(i)
                for other in (game.determinize(state, s, rng),
                              game.sample(game.view(state, s), rng)):
                    hands = raw_dealt(other)
                    assert list(hands[s]) == dealt[s]
                    assert all(h is None for k, h in enumerate(hands) if k != s)
                    assert deal_event(game.view(other, s)) == deal_event(game.view(state, s))
                    checked += 1
                det = game.determinize(state, s, rng)
                assert all(e[2] is None for e in det.events if e[0] == "draw" and e[1] != s), \
                    "a re-dealt state names another seat's real draw"
                for k in range(game.players):  # and every seat's view of it still renders
                    game.view(det, k)
    assert checked

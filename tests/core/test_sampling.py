"""View samplers (``game.sample``, from ``engine/<game>/sampling.py``): a full state built from
one seat's view, the hidden cards dealt at random, that the seat cannot tell from the real one.

Checked at every decision of whole deals in every game: the sampled state's view for that seat
is the given view (but the seed hash: the seed is secret), the seat's legal actions are the same,
every card of the deck lies in exactly one zone, and the engine plays on from the sample.
"""

from __future__ import annotations

import random

import pytest

from engine import GAMES, get_game
from engine.core.playout import eager_action, hoarding_action, random_action
from engine.core.protocol import Game
from engine.core.result import Payment, totals
from engine.core.sampling import Unsampleable, balanced


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_its_capabilities(name: str) -> None:
    """Hints and the view sampler are the game's own (``engine.core.Game``), found through the
    registry alone: no table keyed by game name to keep in step."""
    game = GAMES[name]
    assert isinstance(game, Game)
    state = game.new_deal(5)
    seat = game.to_act(state)[0]
    assert game.hints(state, seat)["game"] == name
    assert game.view(game.sample(game.view(state, seat), random.Random(0)), seat)["game"] == name


def _deck(game, state) -> list[int]:
    return sorted(c for cards in game.zones(state).values() for c in cards)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_sampled_state_shows_the_same_view(name: str) -> None:
    game = get_game(name)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_deal(seed)
        deck = _deck(game, state)
        steps = 0
        while seats := game.to_act(state):
            seat = seats[0] if len(seats) == 1 else rng.choice(seats)
            if steps % 2 == 0 or len(game.legal_actions(state, seat)) > 1:
                view = game.view(state, seat)
                got = game.sample(view, random.Random(steps))
                again = game.view(got, seat)
                assert again.pop("seed_hash") and view.pop("seed_hash")
                assert again == view, (name, seed, steps)
                assert game.legal_actions(got, seat) == game.legal_actions(state, seat)
                assert _deck(game, got) == deck  # card accounting: each card once
                assert game.hidden_cards(got, seat) and game.to_act(got)
                action = rng.choice(game.legal_actions(got, seat))
                game.apply(got, seat, action)  # the engine plays on from a sample
                checked += 1
            policy = eager_action if steps % 3 else random_action
            state = game.apply(state, seat, policy(game, state, seat, rng))
            steps += 1
    assert checked > 50


@pytest.mark.parametrize("name", ["mcr", "nantong", "sichuan"])
def test_face_down_kongs_are_sampled(name: str) -> None:
    """Another seat's concealed kong lies face down in the view (MCR-3.3, SC-4.3, NT-4.1): the
    sample gives it four copies of a face the seat has not seen, its event names them, and
    the sampled state shows the same view and plays on. Over hoarding deals, which declare
    every concealed kong they can."""
    game = get_game(name)
    checked = faces = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_deal(seed)
        deck = _deck(game, state)
        while seats := game.to_act(state):
            seat = seats[0] if len(seats) == 1 else rng.choice(seats)
            view = game.view(state, seat)
            down = [(s, k) for s, p in enumerate(view["players"])
                    for k, m in enumerate(p["melds"]) if m["cards"] is None]
            if down:
                got = game.sample(view, random.Random(checked))
                again = game.view(got, seat)
                assert again.pop("seed_hash") and view.pop("seed_hash")
                assert again == view, (name, seed)
                assert game.legal_actions(got, seat) == game.legal_actions(state, seat)
                assert _deck(game, got) == deck
                for s, k in down:
                    tiles = got.melds[s][k].tiles
                    assert len(tiles) == 4 and len({t >> 2 for t in tiles}) == 1
                    faces += tiles != state.melds[s][k].tiles
                    made = [e for e in got.events if e[0] == "concealed_kong" and e[1] == s]
                    assert list(tiles) in [e[3] for e in made]
                game.apply(got, seat, rng.choice(game.legal_actions(got, seat)))
                checked += 1
            state = game.apply(state, seat, hoarding_action(game, state, seat, rng))
    assert checked > 10 and faces, (checked, faces)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_samples_differ_in_hidden_cards_only(name: str) -> None:
    """Two samples of one view: the seat's own cards agree, the others' hands are re-dealt."""
    game = get_game(name)
    state = game.new_deal(11)
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    a = game.sample(view, random.Random(1))
    b = game.sample(view, random.Random(2))
    assert a.hands[seat] == b.hands[seat] == state.hands[seat]
    others = [s for s in range(game.players) if s != seat]
    assert any(a.hands[s] != b.hands[s] for s in others)
    assert all(len(a.hands[s]) == len(state.hands[s]) for s in others)


def test_refuses_spectators_and_finished_deals() -> None:
    game = get_game("sichuan")
    state = game.new_deal(3)
    with pytest.raises(Unsampleable):
        game.sample(game.view(state, None), random.Random(0))
    view = game.view(state, 0) | {"phase": "over"}
    with pytest.raises(Unsampleable):
        game.sample(view, random.Random(0))


def test_balanced_payments_reach_the_shown_scores() -> None:
    paid = [Payment(1, 2, 3, "kong", "exposed")]
    out = balanced(paid, [4, -3, 5, -6])
    assert out[0] == paid[0] and totals(out, 4) == [4, -3, 5, -6]
    assert balanced(paid, [0, -3, 3, 0]) == tuple(paid)

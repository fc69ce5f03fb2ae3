"""The claim-game base every registered game deals through (``engine/core/claim_game.py``)."""

from __future__ import annotations

import pytest

from engine import GAMES
from engine.core import ClaimGame, IllegalAction

NAMES = sorted(GAMES)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_is_a_claim_game(name: str) -> None:
    assert isinstance(GAMES[name], ClaimGame)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("dealer", [True, False, -1, 3.0, "1"])
def test_a_dealer_that_is_no_seat_number_is_refused(name: str, dealer: object) -> None:
    """One validation for all: a bool is no seat (``new_deal(1, True)`` once dealt seat
    ``True`` in MCR and Sichuan), nor a float or a string."""
    with pytest.raises(ValueError, match="dealer must be a seat"):
        GAMES[name].new_deal(1, dealer)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", NAMES)
def test_a_dealer_out_of_range_is_refused_and_every_seat_deals(name: str) -> None:
    game = GAMES[name]
    with pytest.raises(ValueError, match="dealer must be a seat"):
        game.new_deal(1, game.players)
    for seat in range(game.players):
        assert game.view(game.new_deal(1, seat), None)["dealer"] == seat


@pytest.mark.parametrize("name", NAMES)
def test_an_unreadable_card_is_malformed_before_the_turn_is_checked(name: str) -> None:
    """Every game reads an action before it asks whose turn it is: a card id that is a string
    is ``action/malformed`` from any seat, not ``action/not_your_turn``."""
    game = GAMES[name]
    state = game.new_deal(3)
    nobody = game.players  # no seat is ever to act
    with pytest.raises(IllegalAction) as e:
        game.apply(state, nobody, {"type": "discard", "card": "7"})
    assert e.value.code == "action/malformed"
    with pytest.raises(IllegalAction) as e:
        game.apply(state, nobody, {"type": "discard", "card": 7})
    assert e.value.code == "action/not_your_turn"

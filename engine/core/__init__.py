"""What every game shares: the Game protocol, errors, seats, claims, seeded shuffling, results."""

from .claim_game import ClaimGame, check_dealer
from .claims import PASS, ClaimWindow, answer, claim_kind, open_window, resolve
from .errors import EngineError, IllegalAction, InvalidSpec, UnknownGame
from .protocol import JSON, Action, Game
from .result import Payment, totals
from .rng import deal_rng, seed_hash, shuffled
from .seats import distance, first_after, next_seat, seats_after

__all__ = [
    "JSON", "PASS", "Action", "ClaimGame", "ClaimWindow", "EngineError", "Game", "IllegalAction",
    "InvalidSpec", "Payment", "UnknownGame", "answer", "check_dealer", "claim_kind", "deal_rng",
    "distance", "first_after", "next_seat", "open_window", "resolve", "seats_after", "seed_hash",
    "shuffled", "totals",
]

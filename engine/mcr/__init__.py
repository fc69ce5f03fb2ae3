"""Chinese Official Mahjong (MCR, 国标麻将), rules ``MCR-`` in ``shared/rules/mcr.md``."""

from .game import GAME, Mcr
from .state import State, Win

__all__ = ["GAME", "Mcr", "State", "Win"]

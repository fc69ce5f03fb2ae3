"""Sichuan Blood Battle mahjong (血战到底), rules ``SC-`` in ``shared/rules/sichuan.md``."""

from .game import GAME, Sichuan
from .scoring import PATTERNS, evaluate, score_spec
from .state import Meld, State, Win

__all__ = ["GAME", "PATTERNS", "Meld", "Sichuan", "State", "Win", "evaluate", "score_spec"]

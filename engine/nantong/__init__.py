"""Nantong long cards, Du Zi Hu (独子胡), rules ``NT-`` in ``shared/rules/nantong.md``."""

from .game import GAME, Nantong
from .scoring import Hand, Score, WinSituation, score_hand, score_spec, score_winner
from .state import State, Win

__all__ = ["GAME", "Hand", "Nantong", "Score", "State", "Win", "WinSituation", "score_hand",
           "score_spec", "score_winner"]

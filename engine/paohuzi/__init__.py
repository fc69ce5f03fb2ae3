"""Paohuzi (跑胡子, Hunan word cards), rules ``PH-`` in ``shared/rules/paohuzi.md``."""

from .cards import CHINESE, FACE_NAMES, card_json, chi_shape, parse_face
from .game import GAME, Paohuzi, chi_choices, target
from .scoring import Evaluation, evaluate, group_huxi, heavenly, score_spec, tun_of
from .state import Group, State, Win

__all__ = [
    "CHINESE", "FACE_NAMES", "GAME", "Evaluation", "Group", "Paohuzi", "State", "Win",
    "card_json", "chi_choices", "chi_shape", "evaluate", "group_huxi", "heavenly",
    "parse_face", "score_spec", "target", "tun_of",
]

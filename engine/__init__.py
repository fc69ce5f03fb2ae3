"""paiju's rules engine: pure game logic for four traditional Chinese tile and card games.

``engine.get_game(name)`` returns a game object implementing ``engine.core.Game``;
``engine.GAMES`` maps every registered name to its game.
"""

from __future__ import annotations

from .core.errors import EngineError, IllegalAction, InvalidSpec, UnknownGame
from .core.protocol import Game
from .mcr import GAME as _MCR
from .nantong import GAME as _NANTONG
from .paohuzi import GAME as _PAOHUZI
from .sichuan import GAME as _SICHUAN

GAMES: dict[str, Game] = {g.name: g for g in (_MCR, _SICHUAN, _PAOHUZI, _NANTONG)}


def get_game(name: str) -> Game:
    """The registered game called ``name``; ``UnknownGame`` otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGame(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}") from None


__all__ = ["GAMES", "EngineError", "Game", "IllegalAction", "InvalidSpec", "UnknownGame", "get_game"]

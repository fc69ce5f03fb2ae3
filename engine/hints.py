"""Every registered game's hint function, in one place: ``hints(game, state, seat)`` is what the
seat may learn about its own hand (distance to ready, the discards that keep it ready, each wait's
score) from what it sees alone — the server's hints endpoint and the property tests use it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .core.errors import UnknownGame
from .core.protocol import Game
from .mcr.hints import hints as _mcr
from .nantong.hints import hints as _nantong
from .paohuzi.hints import hints as _paohuzi
from .sichuan.hints import hints as _sichuan

Hinter = Callable[[Any, Any, int], dict[str, Any]]

HINTS: dict[str, Hinter] = {"mcr": _mcr, "sichuan": _sichuan, "nantong": _nantong, "paohuzi": _paohuzi}


def hints(game: Game, state: Any, seat: int) -> dict[str, Any]:
    """The hints JSON of ``seat`` in ``state``; ``UnknownGame`` for a game without hints."""
    try:
        hinter = HINTS[game.name]
    except KeyError:
        raise UnknownGame(f"no hints for game {game.name!r}") from None
    return hinter(game, state, seat)

"""The engine's refusals, as one catalogue.

Every refusal carries a stable machine-readable ``code`` and a human sentence; the server turns
them into ``{"error": {"code": ..., "message": ...}}`` answers.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "engine/error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class IllegalAction(EngineError):
    """An action that the rules do not allow in this state; the state is left as it was."""

    code = "action/illegal"


class InvalidSpec(EngineError):
    """A hand description given to a calculator (``game.score``) that cannot be read."""

    code = "score/invalid_spec"


class UnknownGame(EngineError):
    """A game name that is not registered."""

    code = "game/unknown"

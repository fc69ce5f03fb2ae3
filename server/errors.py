"""The API's refusals, as one catalogue: every 4xx answer is ``{"error": {"code", "message"}}``.

Engine refusals (``engine.EngineError``) keep their own codes (``action/illegal``...); this module
adds the server's own and the HTTP status each code maps to.
"""

from __future__ import annotations

from typing import Any

from engine import EngineError

STATUS: dict[str, int] = {
    "request/malformed_json": 400,
    "request/too_deep": 400,
    "request/invalid": 422,
    "request/too_large": 413,
    "auth/missing_token": 401,
    "auth/bad_token": 403,
    "match/not_found": 404,
    "deal/not_found": 404,
    "game/unknown": 404,
    "route/not_found": 404,
    "route/method_not_allowed": 405,
    "action/stale_version": 409,
    "deal/in_progress": 409,
    "action/illegal": 422,
    "action/malformed": 422,
    "action/not_your_turn": 422,
    "action/game_over": 422,
    "score/invalid_spec": 422,
    "engine/error": 422,
    "ws/binary_frame": 400,
    "ws/rate_limited": 429,
    "ws/too_many_connections": 429,
}


class ApiError(Exception):
    """A refusal the API answers with ``STATUS[code]``."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    @property
    def status(self) -> int:
        return STATUS.get(self.code, 400)

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, **self.extra}}


def from_engine(exc: EngineError) -> ApiError:
    return ApiError(exc.code, exc.message)

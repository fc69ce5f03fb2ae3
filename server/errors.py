"""The API's refusals, as one catalogue: every error answer is ``{"error": {"code", "message"}}``
(a 4xx refusal, a 503 while the database cannot be reached, a 500 for a bug).

Engine refusals (``engine.EngineError``) keep their own codes (``action/illegal``...); this module
adds the server's own and the HTTP status each code maps to.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import sqlalchemy.exc

from engine import EngineError

STATUS: dict[str, int] = {
    "request/malformed_json": 400,
    "request/too_deep": 400,
    "request/invalid": 422,
    "request/too_large": 413,
    "auth/missing_token": 401,
    "auth/bad_token": 403,
    "auth/bad_key": 401,
    "auth/unknown_player": 401,
    "match/not_found": 404,
    "deal/not_found": 404,
    "review/not_found": 404,
    "game/unknown": 404,
    "route/not_found": 404,
    "route/method_not_allowed": 405,
    "action/stale_version": 409,
    "deal/in_progress": 409,
    "seat/claimed": 409,
    "action/illegal": 422,
    "action/malformed": 422,
    "action/not_your_turn": 422,
    "action/game_over": 422,
    "score/invalid_spec": 422,
    "options/invalid": 422,
    "seat/ambiguous": 422,
    "engine/error": 422,
    "ws/binary_frame": 400,
    "ws/rate_limited": 429,
    "ws/too_many_connections": 429,
    "db/unavailable": 503,
    "server/internal": 500,
}

DB_UNAVAILABLE = "db/unavailable"
"""The database cannot be reached now (restarting, overloaded): try again after Retry-After."""

RETRY_AFTER_SECONDS = 1
"""What a 503 tells a client to wait before trying again (a restarted PostgreSQL takes a second
or two to take connections again)."""

OUTAGES: tuple[type[BaseException], ...] = (
    # what a request meets while the database restarts (see also ``is_outage``)
    sqlalchemy.exc.OperationalError,  # connection refused, lost or terminated; SQLite busy
    sqlalchemy.exc.InterfaceError,
    sqlalchemy.exc.TimeoutError,  # no pooled connection came free in time
    psycopg.OperationalError,
    psycopg.InterfaceError,
    ConnectionError,  # the event-loop writer's (server/appender.py)
)


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

    def headers(self) -> dict[str, str] | None:
        """``Retry-After`` on a 503: when the client may try again."""
        return {"Retry-After": str(RETRY_AFTER_SECONDS)} if self.status == 503 else None

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, **self.extra}}


def from_engine(exc: EngineError) -> ApiError:
    return ApiError(exc.code, exc.message)


def is_outage(exc: BaseException) -> bool:
    """Whether ``exc`` says the database cannot be reached (rather than a bug or a refusal):
    what a request meets while PostgreSQL restarts."""
    if isinstance(exc, sqlalchemy.exc.DBAPIError) and exc.connection_invalidated:
        return True
    return isinstance(exc, OUTAGES)


def describe(exc: BaseException) -> str:
    """``exc`` in one line for a log (a driver's error runs over several, SQL included)."""
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__


def unavailable(exc: BaseException | None = None) -> ApiError:
    """The 503 a request gets when the database cannot be reached."""
    why = f" ({type(exc).__name__})" if exc is not None else ""
    return ApiError(DB_UNAVAILABLE, "the database cannot be reached right now"
                                    f"{why}; try again after Retry-After seconds")


@contextmanager
def outage_as_api_error() -> Iterator[None]:
    """Turn a database outage met inside the block into ``ApiError("db/unavailable")``, for
    callers that answer with ``ApiError`` themselves (the WebSocket's messages)."""
    try:
        yield
    except Exception as exc:
        if is_outage(exc):
            raise unavailable(exc) from exc
        raise

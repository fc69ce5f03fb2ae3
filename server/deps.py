"""The routes' dependencies, in one place: the worker's service and the bearer token, for the
REST routes, the replays, the hints, the WebSocket and the AI feed alike."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header
from starlette.requests import HTTPConnection

from .errors import ApiError
from .service import Service


def service(conn: HTTPConnection) -> Service:
    """This worker's service (an HTTP request's or a WebSocket's)."""
    return conn.app.state.service  # type: ignore[no-any-return]


def bearer_value(authorization: str | None) -> str | None:
    """The token of ``Bearer <token>``; None when absent or not of that form."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """A seat's token from ``Authorization: Bearer <token>``; None when the header is absent,
    401 when it is there but not of that form (a client that meant to send a token is told)."""
    token = bearer_value(authorization)
    if authorization is not None and token is None:
        raise ApiError("auth/missing_token", "use 'Authorization: Bearer <token>'")
    return token


Svc = Annotated[Service, Depends(service)]
Token = Annotated[str | None, Depends(bearer)]

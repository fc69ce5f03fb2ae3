"""JSON from clients, read in one place for request bodies and WebSocket messages.

orjson reads it, and refuses what is not JSON: ``NaN``, a lone surrogate such as ``"\\ud800"``
(no UTF-8 answer can echo one: it was a 500 over HTTP and a dropped WebSocket), nesting beyond
1,024 levels. The value is then walked once (a recursion ``MAX_DEPTH`` bounds):

- nesting deeper than ``MAX_DEPTH`` is refused (``request/too_deep``): about 1,000 levels parsed,
  then broke every later ``repr`` or encoder with a RecursionError;
- a number with no fraction becomes an int: JSON has one number type, and JSON Schema's
  ``integer`` (what OpenAPI says of seeds, versions, card ids) includes ``2293.0``.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute

from .errors import ApiError

MAX_DEPTH = 32
"""Nesting a client's JSON may have: an action or a hand description needs five levels."""


def read_json(raw: bytes | str, what: str = "the body") -> Any:
    """The JSON value of ``raw``, checked as the module says; ``ApiError`` otherwise."""
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        if _ORJSON_TOO_DEEP in str(exc):
            raise _too_deep(what) from None
        raise ApiError("request/malformed_json", f"{what} is not valid JSON: {exc}") from None
    return _settled(value, 1, what)


_ORJSON_TOO_DEEP = "depth limit"
"""orjson's words for nesting beyond its own limit (1,024), which is ``MAX_DEPTH``'s refusal too
(were they to change, such a body would still be refused, as malformed)."""


def _too_deep(what: str) -> ApiError:
    return ApiError("request/too_deep", f"{what} nests deeper than {MAX_DEPTH} levels")


def _settled(value: Any, depth: int, what: str) -> Any:
    """``value`` with integral floats made ints; refuses nesting beyond ``MAX_DEPTH`` (so this
    recursion is bounded too)."""
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if not isinstance(value, dict | list):
        return value
    if depth > MAX_DEPTH:
        raise _too_deep(what)
    if isinstance(value, dict):
        return {k: _settled(v, depth + 1, what) for k, v in value.items()}
    return [_settled(v, depth + 1, what) for v in value]


def _is_json(content_type: str | None) -> bool:
    """Whether FastAPI reads a body of this content type as JSON (``application/json`` or
    ``application/*+json``; a body without one is not JSON to FastAPI)."""
    if not content_type:
        return False
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/")
                                           and media.endswith("+json"))


class JsonRequest(Request):
    """A request whose JSON body ``read_json`` reads (FastAPI asks ``json()`` for it)."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = read_json(await self.body())
        return self._json


class JsonRoute(APIRoute):
    """A route whose JSON body is read by ``read_json`` before FastAPI sees it: a refusal raised
    inside FastAPI's own body parsing would become a bare 400 without our code."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handle = super().get_route_handler()
        if self.body_field is None:
            return handle

        async def read_then_handle(request: Request) -> Response:
            request = JsonRequest(request.scope, request.receive)
            if _is_json(request.headers.get("content-type")) and await request.body():
                await request.json()
            return await handle(request)

        return read_then_handle

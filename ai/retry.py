"""Requests that wait out a server's brief unavailability: while the database restarts, the
server answers 503 ``db/unavailable`` with ``Retry-After``, and a client sends the same request
again after that many seconds (an action too: at its version it lands at most once)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

RETRY_STATUS = 503
RETRY_ATTEMPTS = 8
"""Tries of one request before its 503 is handed back to the caller."""
RETRY_AFTER_MAX_S = 10.0


def retry_after(response: httpx.Response, default: float = 1.0) -> float:
    """The seconds a 503 asks to wait (``Retry-After`` in seconds; capped, never negative)."""
    try:
        seconds = float(response.headers.get("Retry-After", default))
    except ValueError:
        seconds = default
    return min(max(seconds, 0.0), RETRY_AFTER_MAX_S)


async def send(client: httpx.AsyncClient, method: str, url: str,
               attempts: int = RETRY_ATTEMPTS, **kwargs: Any) -> httpx.Response:
    """``client.request``, sent again after ``Retry-After`` while the answer is a 503 (at most
    ``attempts`` tries: the last answer is returned whatever it is)."""
    for _ in range(attempts - 1):
        response = await client.request(method, url, **kwargs)
        if response.status_code != RETRY_STATUS:
            return response
        await asyncio.sleep(retry_after(response))
    return await client.request(method, url, **kwargs)

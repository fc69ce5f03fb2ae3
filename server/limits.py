"""Limits. The request body: a pure ASGI middleware, so an oversized body is refused before any
of it is parsed (by Content-Length when sent, else while it streams in). The WebSocket
connections a seat token may hold: in the worker, or across every worker through Redis."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
from collections import Counter
from typing import Any, Protocol

from redis.exceptions import RedisError
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class TooLarge(Exception):
    pass


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.max_bytes
                except ValueError:
                    too_big = True
                if too_big:
                    await self._refuse(send)
                    return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.max_bytes:
                    raise TooLarge
            return msg

        async def tracked(msg: Message) -> None:
            nonlocal started
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        try:
            await self.app(scope, counted, tracked)
        except TooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body: dict[str, Any] = {"error": {"code": "request/too_large",
                                          "message": f"the body exceeds {self.max_bytes} bytes"}}
        raw = json.dumps(body).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(raw)).encode())]})
        await send({"type": "http.response.body", "body": raw})


# ------------------------------------------------------------------ WebSocket connections per token

class ConnectionLimit(Protocol):
    """How many WebSocket connections one seat token may hold open at once."""

    limit: int

    async def acquire(self, token: str) -> str | None:
        """A lease for one more connection of ``token``, or None when it holds ``limit``."""
        ...

    async def release(self, token: str, lease: str) -> None: ...


class LocalConnectionLimit:
    """Counted in this worker: the limit when no Redis is configured (a single worker)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: Counter[str] = Counter()

    async def acquire(self, token: str) -> str | None:
        if self._open[token] >= self.limit:
            return None
        self._open[token] += 1
        return token

    async def release(self, token: str, lease: str) -> None:
        self._open[token] -= 1
        if self._open[token] <= 0:
            del self._open[token]


_ACQUIRE = """
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""
"""Drop expired leases, then add one if the token holds fewer than the limit: one atomic step
on the Redis server's clock, so workers racing for the last slot cannot both get it."""

_RENEW = """
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
for i, member in ipairs(ARGV) do
  if i > 1 then redis.call('ZADD', KEYS[i - 1], 'XX', ms + tonumber(ARGV[1]), member) end
  if i > 1 then redis.call('PEXPIRE', KEYS[i - 1], ARGV[1]) end
end
return 1
"""


REDIS_WAIT_S = 2.0
"""The longest a connection-limit command or the client's close may wait on Redis: past it the
command counts as Redis being away (this worker's own count), and a shutdown goes on without it.
Without a bound, one stalled reply held a WebSocket's opening, or a worker's exit, for good."""


class RedisConnectionLimit:
    """Counted across every worker in Redis: a sorted set per token (keyed by its hash, never
    the token) of leases, each scored by when it expires. A worker renews its live leases every
    third of ``lease_seconds``; a worker that dies stops renewing, and its leases lapse."""

    def __init__(self, url: str, limit: int, lease_seconds: float = 30.0) -> None:
        import redis.asyncio as aredis

        self.limit = limit
        self.lease_ms = int(lease_seconds * 1000)
        self._client = aredis.Redis.from_url(url, socket_timeout=REDIS_WAIT_S,
                                              socket_connect_timeout=REDIS_WAIT_S)
        self._worker = secrets.token_hex(8)
        self._leases: dict[str, str] = {}
        """lease → its token's key, for the renewal."""
        self._renewer: asyncio.Task[None] | None = None
        self._fallback = LocalConnectionLimit(limit)
        """While Redis cannot be reached: this worker's own count."""

    @staticmethod
    def key(token: str) -> str:
        return "paiju:ws:" + hashlib.sha256(token.encode()).hexdigest()

    async def acquire(self, token: str) -> str | None:
        lease = f"{self._worker}:{secrets.token_hex(8)}"
        key = self.key(token)
        try:
            got = await self._client.eval(_ACQUIRE, 1, key, self.limit, self.lease_ms, lease)
        except (RedisError, OSError):  # Redis away: count in this worker, not refuse everyone
            return "local" if await self._fallback.acquire(token) is not None else None
        if not got:
            return None
        self._leases[lease] = key
        if self._renewer is None or self._renewer.done():
            self._renewer = asyncio.create_task(self._renew())
        return lease

    async def release(self, token: str, lease: str) -> None:
        if lease == "local":
            await self._fallback.release(token, lease)
            return
        self._leases.pop(lease, None)
        with contextlib.suppress(Exception):  # Redis away: the lease lapses on its own
            await self._client.zrem(self.key(token), lease)

    async def _renew(self) -> None:
        while self._leases:
            await asyncio.sleep(self.lease_ms / 3000)
            leases = list(self._leases.items())
            if not leases:
                break
            with contextlib.suppress(Exception):  # a missed renewal is retried next round
                await self._client.eval(_RENEW, len(leases), *(k for _, k in leases),
                                        self.lease_ms, *(lease for lease, _ in leases))

    async def close(self) -> None:
        """Stop renewing (what a crash does too) and drop the client, waiting on neither for
        longer than ``REDIS_WAIT_S`` (a command cancelled mid-reply can hold its connection)."""
        if self._renewer is not None:
            self._renewer.cancel()
            await asyncio.wait({self._renewer}, timeout=REDIS_WAIT_S)
        with contextlib.suppress(Exception):  # TimeoutError included
            await asyncio.wait_for(self._client.aclose(), REDIS_WAIT_S)

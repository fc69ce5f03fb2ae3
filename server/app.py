"""The FastAPI application: ``server.app:app`` (uvicorn can serve it directly).

The lifespan opens the store, binds the in-process broker to the event loop and, unless
``PAIJU_AI_IN_PROCESS=0``, starts the AI service, which plays the AI seats through this same
app's public endpoints.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from engine import EngineError

from .aifeed import KEY_NAME, Feed
from .aifeed import router as ai_router
from .appender import appender_for
from .assist import router as assist_router
from .errors import (
    OUTAGES,
    RETRY_AFTER_SECONDS,
    ApiError,
    describe,
    from_engine,
    is_outage,
    unavailable,
)
from .limits import BodyLimit
from .players import router as players_router
from .pubsub import LocalBroker, RedisBroker, keep_watch
from .replays import router as replays_router
from .review import Reviewer
from .review import router as review_router
from .routes import router
from .service import Service
from .settings import Settings, get_settings
from .store import Store, make_engine

log = logging.getLogger(__name__)

SHUTDOWN_GRACE_S = 5.0
"""How long a stopping worker waits for its background tasks (Redis listener, AI) to finish."""

SUBSCRIBE_WAIT_S = 5.0
"""How long a starting worker waits for its Redis subscription before it serves."""

DESCRIPTION = """\
paiju plays traditional Chinese tile and card games. Create a match, then act for your seat with
its secret token (`Authorization: Bearer <token>`). Every refusal is a JSON
`{"error": {"code", "message"}}` with a 4xx status. While the database cannot be reached (it
restarts) the match routes answer 503 `db/unavailable` with `Retry-After`: send the request
again after that many seconds. Bots use the WebSocket
`/api/matches/{id}/ws?token=…` (see docs/bots.md and openapi/ws-messages.json). AI services
learn which AI seats must act, with their seat tokens, from `POST /api/ai/turns` or the
WebSocket `/api/ai/feed` (the service key as `Authorization: Bearer <key>`; docs/ai-service.md),
then play them through the match routes like any bot. A player (`POST /api/players`, no
sign-up) sends its token with `POST /api/matches` to have the deals it finishes recorded, and
reads them with `GET /api/players/me/history` (docs/history.md)."""


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    broker: LocalBroker | RedisBroker = (
        RedisBroker(settings.redis_url) if settings.redis_url else LocalBroker())
    store = Store(make_engine(settings.database_url))
    appender = appender_for(store, settings.database_url)
    service = Service(store, broker, settings.state_cache, appender)
    if isinstance(broker, RedisBroker):
        broker.versions = service.store.versions
        broker.absorb = service.absorb
    key = ai_key(settings, store)
    reviewer = Reviewer(store)
    feed = Feed(service, broker, key, settings.ai_lease_seconds, settings.ai_delay_ms,
                settings.ai_poll_seconds)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        broker.bind(asyncio.get_running_loop())
        tasks = []
        local = broker.local if isinstance(broker, RedisBroker) else broker
        tasks.append(asyncio.create_task(
            keep_watch(local, service.store.versions, settings.ws_resync_seconds)))
        if isinstance(broker, RedisBroker):
            tasks.append(asyncio.create_task(broker.listen()))
            await broker.wait_subscribed(SUBSCRIBE_WAIT_S)
        tasks.append(asyncio.create_task(feed.run()))
        if settings.ai_in_process:
            from ai.service import run_in_process

            tasks.append(asyncio.create_task(run_in_process(app, key)))
        try:
            yield
        finally:
            await reviewer.close()
            for task in tasks:
                task.cancel()
            if tasks:
                # a background task stuck in a client library's close (seen once with the Redis
                # subscription) must not hold the worker's exit up forever
                _, stuck = await asyncio.wait(tasks, timeout=SHUTDOWN_GRACE_S)
                for task in stuck:
                    log.warning("background task %r did not stop within %s s; leaving it",
                                task.get_coro(), SHUTDOWN_GRACE_S)
            if appender is not None:
                await appender.close()
            if isinstance(broker, RedisBroker):
                await broker.aclose()
            service.store.engine.dispose()

    app = FastAPI(title="paiju", version="0.1.0", description=DESCRIPTION, lifespan=lifespan)
    app.state.service = service
    app.state.feed = feed
    app.state.reviewer = reviewer
    app.state.broker = broker
    app.state.settings = settings
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    # replays and the web page's modules are large and compress about tenfold; small answers
    # (most views, errors) go out as they are
    app.add_middleware(GZipMiddleware, minimum_size=4096, compresslevel=6)
    app.include_router(router)
    app.include_router(replays_router)
    app.include_router(review_router)
    app.include_router(players_router)
    app.include_router(assist_router)
    app.include_router(ai_router)
    _errors(app)
    _document_outages(app)
    if settings.web_dir.is_dir():
        _web(app, StaticFiles(directory=settings.web_dir, html=True))
    return app


@asynccontextmanager
async def serving(host: str, port: int, database_url: str) -> AsyncIterator[None]:
    """A paiju server on ``host:port`` inside the running event loop, with no AI service, for
    as long as the context lasts: the arena's ``ws`` mode plays its matches on it."""
    import uvicorn

    app = create_app(Settings(database_url=database_url, ai_in_process=False, ai_delay_ms=0))
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                           lifespan="on"))
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()  # the server could not start (port taken...): raise its error
            raise RuntimeError("the server stopped before it started")
        await asyncio.sleep(0.02)
    try:
        yield
    finally:
        server.should_exit = True
        await task


def ai_key(settings: Settings, store: Store) -> str:
    """The AI service's key: the operator's ``PAIJU_AI_KEY``, else the one kept in the database
    (made by the first worker that asked)."""
    if settings.ai_key is not None and settings.ai_key.get_secret_value():
        return settings.ai_key.get_secret_value()
    return store.service_key(KEY_NAME)


def _web(app: FastAPI, files: StaticFiles) -> None:
    """The web app at ``/``: a GET route rather than a mount at ``/``, which would match every
    path and answer for the API's paths too (a wrong method on an API route must stay that
    route's 405, an unknown API path a JSON 404)."""

    @app.api_route("/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
    async def web_files(path: str, request: Request) -> Response:
        if path == "api" or path.startswith("api/"):
            allowed = _allowed(app, request.scope, web_route)
            if allowed:
                raise StarletteHTTPException(405, "Method Not Allowed",
                                             headers={"Allow": ", ".join(allowed)})
            raise StarletteHTTPException(404, "Not Found")
        return await files.get_response(path, request.scope)

    web_route = app.router.routes[-1]


def _allowed(app: FastAPI, scope: Any, web_route: Any = None) -> list[str]:
    """The methods the API's routes take on this request's path (the web app's route aside)."""
    api = [r for r in app.router.routes if r is not web_route and getattr(r, "path", "") !=
           "/{path:path}"]
    return [m for m in ("DELETE", "GET", "PATCH", "POST", "PUT")
            if any(r.matches({**scope, "method": m})[0] == Match.FULL for r in api)]


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers())

    async def outage(request: Request, exc: Exception) -> JSONResponse:
        """The database cannot be reached (it restarts): a JSON 503 with Retry-After, which
        clients retry, rather than the plain-text 500 of an unhandled error."""
        log.warning("%s %s: database unavailable: %s", getattr(request, "method", "WS"),
                    request.url.path, describe(exc))
        err = unavailable(exc)
        return JSONResponse(err.body(), status_code=err.status, headers=err.headers())

    for kind in OUTAGES:
        app.add_exception_handler(kind, outage)

    @app.exception_handler(Exception)
    async def internal(_: Request, exc: Exception) -> JSONResponse:
        """Whatever else escapes (a bug): still the API's JSON error, never plain text (the
        traceback is logged by the server)."""
        if is_outage(exc):  # e.g. an invalidated connection raised as a DBAPIError
            err = unavailable(exc)
            return JSONResponse(err.body(), status_code=err.status, headers=err.headers())
        return JSONResponse({"error": {"code": "server/internal",
                                       "message": "the server failed to answer this request"}},
                            status_code=500)

    @app.exception_handler(EngineError)
    async def engine_error(_: Request, exc: EngineError) -> JSONResponse:
        err = from_engine(exc)
        return JSONResponse(err.body(), status_code=err.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            err = ApiError("request/malformed_json", "the body is not valid JSON")
        else:
            where = "; ".join(
                f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in errors[:5])
            err = ApiError("request/invalid", f"invalid request: {where}")
        return JSONResponse(err.body(), status_code=err.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "route/not_found", 405: "route/method_not_allowed"}.get(
            exc.status_code, "request/invalid")
        headers = exc.headers
        if exc.status_code == 405 and request.scope.get("type") == "http":
            # Starlette names the methods of the one route it tried; a path served by several
            # (a review's GET and POST) takes them all
            headers = {**(headers or {}), "Allow": ", ".join(_allowed(app, request.scope))}
        return JSONResponse({"error": {"code": code, "message": str(exc.detail)}},
                            status_code=exc.status_code, headers=headers)


def _document_outages(app: FastAPI) -> None:
    """Every operation under ``/api/matches`` reads or writes the database, so each may answer
    503 ``db/unavailable`` with ``Retry-After`` while it restarts: added to the OpenAPI
    document here, in one place, rather than route by route."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        spec = build()
        spec.setdefault("components", {}).setdefault("securitySchemes", {})["aiServiceKey"] = {
            "type": "http", "scheme": "bearer",
            "description": "The AI service key (`PAIJU_AI_KEY`, or the one `paiju ai-key` "
                           "prints): for the AI feed only"}
        for path, operations in spec.get("paths", {}).items():
            if not path.startswith(("/api/matches", "/api/players")):
                continue
            for operation in operations.values():
                operation.setdefault("responses", {})["503"] = _UNAVAILABLE_RESPONSE
        app.openapi_schema = spec
        return spec

    app.openapi = openapi  # type: ignore[method-assign]


_UNAVAILABLE_RESPONSE: dict[str, Any] = {
    "description": "The database cannot be reached right now (`db/unavailable`): send the "
                   "request again after `Retry-After` seconds. A write cut off by the outage "
                   "may still have landed: an action sent again at the same version then "
                   "answers 409",
    "headers": {"Retry-After": {"description": "Seconds to wait before trying again",
                                "schema": {"type": "integer",
                                           "example": RETRY_AFTER_SECONDS}}},
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}},
}


GC_THRESHOLDS = (50_000, 20, 100)
"""The collector's thresholds in a serving process (CPython's default is 700, 10, 10)."""


def tune_gc() -> None:
    """Collect less often in a serving process. Every action builds a new immutable state and
    four views, so young containers pile up fast: in a 60 s run of ``bench/load.py`` (200
    matches) CPython's defaults ran the collector ~2,100 times for 7.2 s of the worker's CPU
    (gen-2 passes up to 0.24 s, a stall for every socket); with these thresholds and the
    start-up objects frozen out of its sight, 58 times for 0.6 s (20,000: 83 times, 1.2 s)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


app: FastAPI
"""Built on first access (below)."""


def __getattr__(name: str) -> FastAPI:
    """``server.app:app`` is built on first use, from the environment's settings, so importing
    this module (tests, the OpenAPI writer) opens no database. That is the serving process
    (uvicorn and ``paiju serve`` load it by that name), so its collector is tuned here."""
    if name == "app":
        global app
        app = create_app()
        tune_gc()
        return app
    raise AttributeError(name)

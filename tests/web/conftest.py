"""Fixtures for the browser tests: the real server as a subprocess (``tests/servers.py``) and
Debian's Chromium.

The tests skip (with the reason) when Playwright for Python or /usr/bin/chromium is missing,
unless ``PAIJU_REQUIRE_E2E=1``, which turns the skip into a failure (for CI, where both are
installed). Never run ``playwright install``: the browser is Debian's.
"""

from __future__ import annotations

import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.servers import Uvicorn

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install playwright; no browser download)"
    if not os.path.exists(CHROMIUM):
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    return None


def _skip_or_fail(reason: str) -> None:
    if os.environ.get("PAIJU_REQUIRE_E2E") == "1":
        pytest.fail(f"browser test cannot run: {reason}")
    pytest.skip(reason)


class LiveServer(Uvicorn):
    """The server with its own SQLite file and the in-process AI without delay; restartable."""

    def __init__(self, tmp: Path) -> None:
        self.db = tmp / "e2e.db"
        super().__init__({"PAIJU_DATABASE_URL": f"sqlite:///{self.db}", "PAIJU_AI_DELAY_MS": "0",
                          "PAIJU_AI_POLL_SECONDS": "0.5"}, tmp / "server.log")

    def get_json(self, path: str, token: str | None = None) -> Any:
        return self._json(urllib.request.Request(f"{self.url}{path}"), token)

    def post_json(self, path: str, body: Any, token: str | None = None) -> Any:
        """POST ``body`` as JSON (with the seat's ``token``) and read the JSON answer."""
        import json

        return self._json(urllib.request.Request(
            f"{self.url}{path}", data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json"}), token)

    @staticmethod
    def _json(req: urllib.request.Request, token: str | None) -> Any:
        import json

        if token:
            req.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    reason = _missing()
    if reason:
        _skip_or_fail(reason)
    server = LiveServer(tmp_path_factory.mktemp("e2e"))
    server.start()
    try:
        yield server
        died = server.died()
        assert died is None, died
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    reason = _missing()
    if reason:
        _skip_or_fail(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """A factory of pages in fresh contexts (own localStorage), closed after the test."""
    contexts = []

    def make(width: int = 1280, height: int = 800, **kw: Any) -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height}, **kw)
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(10_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.js_errors = errors  # type: ignore[attr-defined]
        return page

    yield make
    for ctx in contexts:
        ctx.close()


def finished_match(game: str, state: Any, version: int) -> dict[str, Any]:
    """The match view GET /api/matches/{id} would give seat 0 for a finished deal ``state`` of
    ``game`` played outside the server (the first deal of a match; two AI seats at "random")."""
    from engine import get_game

    g = get_game(game)
    view = g.view(state, 0)
    return {"match_id": f"finished-{game}", "game": game, "version": version, "deal": 0, "seat": 0,
            "seats": [{"seat": 0, "kind": "human", "level": None}]
            + [{"seat": s, "kind": "ai", "level": "random"} for s in range(1, g.players)],
            "scores": view["result"]["deltas"], "seed_hash": view["seed_hash"], "state": view}


def open_finished(page: Any, url: str, match: dict[str, Any]) -> None:
    """Open the page on ``match`` as if the server had it: the socket is refused (the page falls
    back to polling) and every request about the match is answered with the view."""
    import json

    body = json.dumps(match)
    page.route_web_socket("**/ws*", lambda ws: ws.close())
    page.route(f"**/api/matches/{match['match_id']}**",
               lambda route: route.fulfill(status=200, content_type="application/json", body=body))
    page.goto(url + "/")
    page.evaluate("""(m) => localStorage.setItem('paiju.current',
        JSON.stringify({match_id: m.match_id, token: 'fixture', game: m.game}))""", match)
    page.reload()

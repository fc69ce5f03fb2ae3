"""A real uvicorn server in a thread of the test's process: the sockets and HTTP are real, and
the test can reach the app's broker and service (to lose a note on purpose)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import uvicorn

from server.app import create_app
from server.settings import Settings
from tests.servers import free_port


class Server:
    """An app served by uvicorn in a thread of this process, so a test can reach its broker."""

    def __init__(self, settings: Settings) -> None:
        self.app = create_app(settings)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server = uvicorn.Server(uvicorn.Config(self.app, port=self.port,
                                                     log_level="warning", lifespan="on"))
        self._thread = threading.Thread(target=self._server.run, daemon=True)

    def __enter__(self) -> Server:
        self._thread.start()
        while not self._server.started:
            assert self._thread.is_alive(), "the server did not start"
            self._thread.join(0.02)
        return self

    def __exit__(self, *_: object) -> None:
        self._server.should_exit = True
        self._thread.join(15)

    def ws(self, match_id: str, token: str) -> Any:
        from websockets.sync.client import connect

        base = self.url.replace("http", "ws", 1)
        return connect(f"{base}/api/matches/{match_id}/ws?token={token}", open_timeout=10)


def lose_notes(app: Any) -> Callable[[], None]:
    """Make the app's broker drop every change note (what a worker killed between its commit
    and its publish does to the other workers' sockets); returns the undo."""
    broker = app.state.broker
    saved = broker.publish, broker.apublish

    def publish(*_: Any) -> None:
        pass

    async def apublish(*_: Any) -> None:
        pass

    broker.publish, broker.apublish = publish, apublish

    def undo() -> None:
        broker.publish, broker.apublish = saved

    return undo

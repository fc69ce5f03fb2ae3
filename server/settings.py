"""Server settings, read from ``PAIJU_*`` environment variables."""

from __future__ import annotations

from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


def packaged_web() -> Path:
    """The web app's directory: the ``paiju_web`` package's (setup.py maps it to ``web/``; an
    installed wheel carries a copy), else ``web/`` beside the packages in an uninstalled tree.

    The package has no ``__init__.py`` (nothing to serve at ``/__init__.py``), so it is found by
    its spec without importing it; ``importlib.resources.files`` refuses the editable
    install's placeholder path of such a package."""
    spec = find_spec("paiju_web")
    for location in (spec.submodule_search_locations or []) if spec else []:
        if Path(location).is_dir():
            return Path(location)
    return ROOT / "web"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="PAIJU_")

    database_url: str = "sqlite:///paiju.db"
    """SQLAlchemy URL; ``postgresql+psycopg://…`` for PostgreSQL."""
    redis_url: str | None = None
    """``redis://…``: fan match notifications out across workers through Redis pub/sub."""
    ai_in_process: bool = True
    """Run the AI service inside the server process (``paiju ai`` runs it on its own)."""
    ai_delay_ms: int = 700
    """Pause before each AI move, so a person can follow the table (0 in tests)."""
    ai_poll_seconds: float = 2.0
    """How often the AI feed sweeps the store for AI turns no note told of (after a restart or
    an outage)."""
    ai_key: SecretStr | None = None
    """The AI service's key (``paiju ai`` sends it); unset: the server makes one and keeps it in
    the database (``paiju ai-key`` prints it)."""
    ai_lease_seconds: float = 10.0
    """How long an AI turn is the AI service's it was sent to; then, if the match has not moved,
    it is offered again (the service died, or lost the move)."""
    max_body_bytes: int = 16_384
    """Largest request body accepted; beyond it: 413."""
    ws_connections_per_token: int = 8
    """Open WebSockets one seat token may hold (a reconnecting tab needs a few); counted across
    workers in Redis when ``redis_url`` is set."""
    ws_resync_seconds: float = 5.0
    """A match watched by this worker's sockets that has had no change note for this long is
    checked against its stored version, and its sockets brought up to date (a lost note
    costs a seat this long at most, never forever)."""
    ws_lease_seconds: float = 30.0
    """How long a WebSocket's Redis lease lasts unless its worker renews it (after a crash)."""
    web_dir: Path = packaged_web()
    """The web app served at ``/`` (a missing directory: the API alone)."""
    state_cache: int = 10_000
    """Matches whose latest state a worker keeps in memory (a cache: the store is the truth).
    A match missing from it is read back and replayed from its log on its next action: with
    512, 1,000 live matches cost 2.45 ms of server CPU an action against 0.97 ms with all of
    them held (bench/load.py, issue 25). A held match is about 10-15 KB (its state, ~10 KB
    after 60 actions, and its row), so 10,000 is about 150 MB at most."""


@lru_cache
def get_settings() -> Settings:
    return Settings()

"""Wire models: what the API accepts and answers. Strict, closed to unknown fields."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

MAX_SEED = 2**53 - 1
"""Seeds stay exact in every JSON client (a JavaScript number is exact up to 2^53)."""


class Wire(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatSpec(Wire):
    kind: Literal["human", "ai"]
    level: Literal["random", "basic", "strong"] | None = Field(
        default=None, description="AI level (AI seats only; default basic; strong searches "
                                  "about a second a move)")


class CreateMatch(Wire):
    game: str = Field(description="A registered game name, e.g. sichuan", max_length=32)
    seed: StrictInt | None = Field(
        default=None, ge=0, le=MAX_SEED,
        description="Seed of the first deal (later deals derive from it); random when absent")
    seats: list[SeatSpec] | None = Field(
        default=None, description="One per seat; default: seat 0 human, the others basic AI")


class SeatInfo(Wire):
    seat: int
    kind: Literal["human", "ai"]
    level: str | None = None


class SeatToken(SeatInfo):
    token: str | None = Field(description="The seat's secret (human seats; AI seats' stay with "
                                          "the AI service)")


class MatchCreated(Wire):
    match_id: str
    game: str
    version: int
    seed_hash: str = Field(description="SHA-256 of the first deal's seed, revealed at its end")
    seats: list[SeatToken]


class MatchView(Wire):
    match_id: str
    game: str
    version: int
    deal: int = Field(description="Deal number in this match, from 0")
    seat: int | None = Field(description="The bearer's seat; null for a spectator")
    seats: list[SeatInfo]
    scores: list[int] = Field(description="Match totals over the finished deals")
    seed_hash: str
    state: dict[str, Any] = Field(description="The game's view for this seat (engine.view)")


class LegalActions(Wire):
    match_id: str
    version: int
    seat: int
    actions: list[dict[str, Any]]


class ActionRequest(Wire):
    action: dict[str, Any] = Field(description="One of the actions listed by /legal")
    version: StrictInt = Field(description="The match version the action was chosen at")


class DealRequest(Wire):
    version: StrictInt | None = Field(default=None, description="Optional stale-check")


class LoggedAction(Wire):
    version: int
    seat: int
    action: dict[str, Any]


class LoggedDeal(Wire):
    deal: int
    dealer: int | None
    seed_hash: str
    start_version: int
    over: bool
    seed: int | None = Field(description="Revealed once the deal is over")
    actions: list[LoggedAction] | None = Field(
        description="Every action with its seat, once the deal is over (hidden choices such "
                    "as claim answers are secret while it is played)")
    result: dict[str, Any] | None = None


class MatchLog(Wire):
    match_id: str
    game: str
    version: int
    deals: list[LoggedDeal]


class GameInfo(Wire):
    name: str
    title: str
    players: int
    description: str


class ErrorBody(Wire):
    code: str
    message: str
    version: int | None = None
    """With ``action/stale_version``: the version the match is at now."""


class ErrorResponse(Wire):
    error: ErrorBody


# ------------------------------------------------------------------ WebSocket messages

class WsAction(Wire):
    """Client → server: play an action (same body as the REST route)."""

    action: dict[str, Any]
    version: StrictInt


class WsSync(Wire):
    """Client → server: send me the match as it is now (answered with a ``snapshot``, or an
    ``error`` such as ``db/unavailable``). A client that has heard nothing for a while sends
    it: an update that never came, or a dead connection, then shows."""

    type: Literal["sync"]


class WsSnapshot(Wire):
    """Server → client, first message of every connection (and after each reconnect), and the
    answer to a ``sync``."""

    type: Literal["snapshot"]
    match: MatchView
    legal: list[dict[str, Any]] = Field(description="The seat's legal actions now")


class WsUpdate(Wire):
    """Server → client after every change: the new view without its event log (``match.state``
    has no ``events``), and the events since the last message: the deal's log is the one the
    client holds, cut at ``events_from``, then ``events``."""

    type: Literal["update"]
    match: MatchView = Field(description="The view, without state.events")
    legal: list[dict[str, Any]] = Field(description="The seat's legal actions now")
    events: list[dict[str, Any]] = Field(description="Public events since the last message")
    events_from: int = Field(
        description="Index of the first of `events` in the deal's event log: 0 on a new deal "
                    "(start the log again), else the length of the log this connection was "
                    "sent so far")


class WsError(Wire):
    """Server → client: a refused message; nothing changed."""

    type: Literal["error"]
    error: ErrorBody

"""Anonymous players and their history: ``POST /api/players`` makes one (no sign-up: a browser
keeps its token), ``GET /api/players/me/history`` lists the bearer's finished deals with its
statistics. A player sees only its own: the token is the only way in."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query

from engine import GAMES

from .deps import Svc, Token
from .models import ClaimSeat, ErrorResponse, History, PlayerCreated, SeatClaimed

MAX_PAGE = 100
MAX_RECORD = 2**31 - 1
"""Record ids beyond what the column holds are refused before the query."""

router = APIRouter(prefix="/api")

GameName = Literal[tuple(sorted(GAMES))]  # type: ignore[valid-type]


@router.post("/players", response_model=PlayerCreated, status_code=201,
             operation_id="createPlayer",
             responses={"201": {"links": {"getHistory": {
                 "operationId": "getHistory",
                 "parameters": {"header.authorization": "Bearer {$response.body#/token}"}}}}})
def create_player(svc: Svc) -> dict[str, Any]:
    """A new anonymous player: its id and secret token. Send the token with
    `POST /api/matches` to have the match's first human seat recorded as the player's."""
    return svc.create_player()


@router.post("/players/me/seats", response_model=SeatClaimed, operation_id="claimSeat",
             responses={c: {"model": ErrorResponse} for c in (400, 401, 403, 404, 409, 413, 422)})
def claim_seat(req: ClaimSeat, svc: Svc, token: Token) -> dict[str, Any]:
    """The bearer player takes the seat whose token the body carries (a friend's seat, joined
    by its link): the deals it finishes from now on go to the player's history. 403 when the
    token is no seat of the match, 409 `seat/claimed` when the seat is another player's."""
    return svc.claim_seat(token, req.match_id, req.token)


@router.get("/players/me/history", response_model=History, operation_id="getHistory",
            responses={c: {"model": ErrorResponse} for c in (401, 422)})
def get_history(svc: Svc, token: Token, game: GameName | None = None,
                limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 20,
                before: Annotated[int | None, Query(ge=1, le=MAX_RECORD)] = None
                ) -> dict[str, Any]:
    """The bearer player's finished deals, newest first, `limit` at a time (`before`: the
    `next_before` of the page before), with its statistics per game; of `game` only when
    given. 401 without a player's token."""
    return svc.history(token, game, limit, before)

"""Replays of finished deals: every action of a deal with the all-hands-open view after it.

Public, like the log: anyone with the match id may replay a deal once it is over, never before
(a deal being played keeps its seed and hands secret: 409 ``deal/in_progress``). The service
builds it (``Service.replay``), like every other answer about a match.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from .deps import Svc
from .models import ErrorResponse, Replay
from .params import MatchId

MAX_DEAL = 2**31 - 1
"""Deal numbers beyond what any database column holds are refused before the query."""

router = APIRouter(prefix="/api")


@router.get("/matches/{match_id}/deals/{deal}/replay", response_model=Replay,
            operation_id="getReplay",
            responses={c: {"model": ErrorResponse} for c in (404, 409, 422)})
def get_replay(match_id: MatchId, svc: Svc,
               deal: Annotated[int, Path(ge=0, le=MAX_DEAL)]) -> dict[str, Any]:
    """A finished deal step by step, every hand open, with its seed to check against the hash
    published at its start (409 while the deal is still being played)."""
    return svc.replay(match_id, deal)

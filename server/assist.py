"""Player assistance: ``GET /api/matches/{id}/hints``, the bearer seat's hints at the match's
current version (the game's ``hints``, computed only from what that seat may see, so they never
leak another hand).

A seat token is required (no token: 401 ``auth/missing_token``; another match's token: 403
``auth/bad_token``; unknown match: 404). Once the deal is over the answer is still 200, with
``available: false`` and ``reason: "over"``: there is nothing left to hint, and a client that
asks at the last version needs no special case.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from .deps import Svc, Token
from .models import ErrorResponse, Hints
from .params import MatchId

router = APIRouter(prefix="/api")


@router.get("/matches/{match_id}/hints", response_model=Hints, operation_id="getHints",
            responses={c: {"model": ErrorResponse} for c in (401, 403, 404)})
def get_hints(match_id: MatchId, svc: Svc, token: Token) -> dict[str, Any]:
    """The bearer seat's hints now: its hand's shanten (Paohuzi: also the huxi held and still
    needed), each legal discard's shanten, waits (unseen copies, itemised score on a claim
    and self-drawn) and the visibly ready opponents it could let win. Computed only from what
    the seat may see; ``available: false`` once the deal is over."""
    loaded = svc.load(match_id)
    seat = svc.seat_of(loaded.row, token)
    body = loaded.game.hints(loaded.state, seat)
    return {"match_id": loaded.row.id, "version": loaded.row.version, **body}

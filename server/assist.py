"""Player assistance: ``GET /api/matches/{id}/hints``, the bearer seat's hints at the match's
current version (the engine's ``engine/<game>/hints.py``, computed only from what that seat
may see, so they never leak another hand).

A seat token is required (no token: 401 ``auth/missing_token``; another match's token: 403
``auth/bad_token``; unknown match: 404). Once the deal is over the answer is still 200, with
``available: false`` and ``reason: "over"``: there is nothing left to hint, and a client that
asks at the last version needs no special case.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import Field

from engine.hints import hints

from .deps import Svc, Token
from .models import ErrorResponse, Wire
from .params import MatchId


class ScoreItem(Wire):
    code: str = Field(description="The scorer's code (pattern, holding, bonus, group kind)")
    name: str = Field(description="English name")
    chinese: str
    value: int
    count: int
    op: Literal["+", "×", "="] = Field(
        description="+ adds value × count; × multiplies by value; = the result so far")
    faces: list[str] = Field(description="The cards the line is about, when it is about some")


class WaitScore(Wire):
    wins: bool = Field(description="Whether it is a legal win (MCR: 8 points before flowers; "
                                   "Paohuzi: 15 huxi)")
    total: int = Field(description="In the game's unit (points, hu or huxi)")
    tun: int | None = Field(description="Paohuzi's tun (PH-6.3); null for the other games")
    items: list[ScoreItem]


class Wait(Wire):
    face: str
    unseen: int = Field(description="Copies the seat cannot see (the stock, others' hands)")
    claimed: WaitScore = Field(description="Won on another player's card (a discard; Paohuzi: "
                                           "another player's reveal)")
    self_drawn: WaitScore = Field(description="Won on the seat's own draw (Paohuzi: its own "
                                              "reveal)")


class HandHint(Wire):
    shanten: int = Field(description="0 ready, −1 complete, else cards still to exchange "
                                     "(Paohuzi: toward seven groups, huxi aside)")
    ready: bool
    waits: list[Wait] = Field(description="When the hand is one card short of a win")
    huxi: int | None = Field(description="Paohuzi: huxi the exposed groups and kans give")
    huxi_needed: int | None = Field(description="Paohuzi: huxi still short of 15")


class DiscardHint(Wire):
    face: str
    cards: list[int] = Field(description="The card ids of this face the seat may discard")
    shanten: int
    ready: bool = Field(description="The hand left after this discard has a wait")
    waits: list[Wait]
    danger: list[int] = Field(description="Visibly ready opponents this discard could let win")


class ReadyOpponent(Wire):
    seat: int
    why: Literal["declared", "single_tile"] = Field(
        description="declared ready (Nantong, NT-3.6), or a single concealed tile left")


class Hints(Wire):
    match_id: str
    version: int
    seat: int
    game: str
    available: bool = Field(description="False when there is nothing to hint (reason says why)")
    reason: str | None = Field(description="over | won (Sichuan: the seat has won already)")
    unit: Literal["points", "hu", "huxi"]
    hand: HandHint | None
    discards: list[DiscardHint] = Field(description="Each legal discard, when the seat is to "
                                                    "discard now")
    ready_opponents: list[ReadyOpponent]


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
    body = hints(loaded.game, loaded.state, seat)
    return {"match_id": loaded.row.id, "version": loaded.row.version, **body}

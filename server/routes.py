"""REST routes under /api: each parses, calls one service function, answers. No rules here."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Query

from engine import GAMES
from engine.score_schemas import SCORE_SCHEMAS, SCORE_UNITS

from .deps import Svc, Token
from .jsonin import JsonRoute
from .models import (
    ActionRequest,
    CreateMatch,
    DealRequest,
    ErrorResponse,
    GameInfo,
    LegalActions,
    MatchCreated,
    MatchLog,
    MatchView,
)
from .params import MatchId
from .ws import router as ws_router


def _err(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {c: {"model": ErrorResponse} for c in codes}


# OpenAPI links, which stateful clients (and the stateful fuzz test) follow: a new match's id and
# its first seat's token lead to the match's operations; a seat's legal actions lead to playing
# the first of them at that version, and an action to the seat's next legal actions.
_NEW = {"path.match_id": "$response.body#/match_id",
        "header.authorization": "Bearer {$response.body#/seats/0/token}"}
_SAME = {"path.match_id": "$request.path.match_id",
         "header.authorization": "$request.header.authorization"}
_PLAY_FIRST = {"action": "$response.body#/actions/0", "version": "$response.body#/version"}


def _links(status: int, links: dict[str, dict[str, Any]],
           *errors: int) -> dict[int | str, dict[str, Any]]:
    """``responses=`` with ``links`` (operation id → its link) on ``status`` and the errors."""
    return {status: {"links": {op: {"operationId": op} | link for op, link in links.items()}},
            **_err(*errors)}


router = APIRouter(prefix="/api", route_class=JsonRoute)
router.include_router(ws_router)


@router.get("/games", response_model=list[GameInfo], operation_id="listGames")
def list_games(svc: Svc, lang: Annotated[str | None, Query(
        description="The labels' language: en, fr, it, pl or zh; English for none or any "
                    "other")] = None) -> list[dict[str, Any]]:
    """The registered games: name, title, players, a one-line description, and the house-rule
    options and presets a room form offers, labelled in ``lang``."""
    return svc.games(lang)


def _score_route(game: str) -> None:
    """``POST /api/games/<game>/score`` for one game: a route of its own, so that OpenAPI
    documents the body as that game's hand description (``engine.score_schemas``)."""

    def score(svc: Svc, spec: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        return svc.score(game, spec)

    router.add_api_route(
        f"/games/{game}/score", score, methods=["POST"], operation_id=f"score{game.capitalize()}",
        summary=f"Score a {GAMES[game].title} hand", responses=_err(400, 413, 422),
        description=f"{GAMES[game].title}'s hand calculator: a hand described in JSON in, its "
                    "itemised score out (or why it does not win). A description the schema "
                    "allows may still be refused (422 `score/invalid_spec`, with the reason) "
                    "for what no schema says: a fifth copy, a broken run or group, flags that "
                    "contradict each other or the tiles.",
        openapi_extra={"requestBody": {"required": True, "content": {
            "application/json": {"schema": SCORE_SCHEMAS[game]}}},
            "responses": {"200": {"content": {"application/json": {"schema": _scored(game)}}}}})


def _scored(game: str) -> dict[str, Any]:
    """What the calculator's answer says for sure: the one itemised shape (``ScoreItem``) in the
    game's unit, Nantong's for every player; the game's own totals beside it."""
    score = {"type": "object", "required": ["unit", "items"], "properties": {
        "unit": {"const": SCORE_UNITS[game]},
        "items": {"type": "array", "items": {"$ref": "#/components/schemas/ScoreItem"},
                  "description": "Read top to bottom, they make the score's total (empty when "
                                 "the cards form no winning shape)"}}}
    if game != "nantong":
        return score
    return {"type": "object", "required": ["players"],
            "properties": {"players": {"type": "array", "items": score}}}


for _game in sorted(GAMES):
    _score_route(_game)


@router.post("/games/{game}/score", include_in_schema=False)
def score_unknown_game(game: str, svc: Svc,
                       spec: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
    """Any other game name: 404 ``game/unknown`` (a registered game's own route comes first)."""
    return svc.score(game, spec)


@router.post("/matches", response_model=MatchCreated, status_code=201, operation_id="createMatch",
             responses=_links(201, {
                 "getMatch": {"parameters": _NEW}, "getLegal": {"parameters": _NEW},
                 "postAction": {"parameters": _NEW}, "nextDeal": {"parameters": _NEW},
                 "restartMatch": {"parameters": _NEW},
                 "getLog": {"parameters": {"path.match_id": "$response.body#/match_id"}},
             }, 400, 401, 404, 413, 422))
def create_match(req: CreateMatch, svc: Svc, token: Token) -> dict[str, Any]:
    """A new match: its id, the first deal's seed hash, and a secret token per human seat.
    With a player's token (`Authorization: Bearer <token>` of `POST /api/players`), its first
    human seat is the player's: the deals it finishes go to the player's history."""
    return svc.create(req, token)


@router.get("/matches/{match_id}", response_model=MatchView, operation_id="getMatch",
            responses=_links(200, {"getLegal": {"parameters": _SAME}}, 401, 403, 404))
def get_match(match_id: MatchId, svc: Svc, token: Token) -> dict[str, Any]:
    """The bearer's seat view, or the public view without a token; carries ``version``."""
    return svc.view(match_id, token)


@router.get("/matches/{match_id}/legal", response_model=LegalActions, operation_id="getLegal",
            responses=_links(200, {"postAction": {"parameters": _SAME,
                                                  "requestBody": _PLAY_FIRST}},
                             401, 403, 404))
def get_legal(match_id: MatchId, svc: Svc, token: Token) -> dict[str, Any]:
    """The bearer's legal actions now (empty when it is not to act)."""
    return svc.legal(match_id, token)


@router.post("/matches/{match_id}/actions", response_model=MatchView, operation_id="postAction",
             responses=_links(200, {
                 "getLegal": {"parameters": _SAME}, "getMatch": {"parameters": _SAME},
                 "nextDeal": {"parameters": _SAME},
                 "getLog": {"parameters": {"path.match_id": "$request.path.match_id"}},
             }, 400, 401, 403, 404, 409, 413, 422))
async def post_action(match_id: MatchId, req: ActionRequest, svc: Svc,
                      token: Token) -> dict[str, Any]:
    """Apply an action for the bearer's seat at ``version``: 409 when stale (the match moved
    on since ``version``, but for the other seats' answers to the decision the bearer answers
    too, such as a claim window), 422 when illegal (counted in the log's ``refused``)."""
    loaded, seat = await svc.act(match_id, token, req.action, req.version)
    return svc.match_view(loaded, seat)


@router.post("/matches/{match_id}/next-deal", response_model=MatchView, operation_id="nextDeal",
             responses=_links(200, {"getLegal": {"parameters": _SAME}},
                              400, 401, 403, 404, 409, 413, 422))
def next_deal(match_id: MatchId, svc: Svc, token: Token,
              req: Annotated[DealRequest | None, Body()] = None) -> dict[str, Any]:
    """Once a deal is over: the next deal, the deal passing to the next seat."""
    return svc.new_deal(match_id, token, req.version if req else None, restart=False)


@router.post("/matches/{match_id}/restart", response_model=MatchView, operation_id="restartMatch",
             responses=_links(200, {"getLegal": {"parameters": _SAME}},
                              400, 401, 403, 404, 409, 413, 422))
def restart(match_id: MatchId, svc: Svc, token: Token,
            req: Annotated[DealRequest | None, Body()] = None) -> dict[str, Any]:
    """Once a deal is over: a new deal with a new random dealer; match totals start again."""
    return svc.new_deal(match_id, token, req.version if req else None, restart=True)


@router.get("/matches/{match_id}/log", response_model=MatchLog, operation_id="getLog",
            responses=_err(404))
def get_log(match_id: MatchId, svc: Svc) -> dict[str, Any]:
    """Every finished deal's actions with their seats, its seed (check it against the hash
    published at the start) and each seat's refused actions; the deal being played shows only
    its hash."""
    return svc.log(match_id)

"""Replays of finished deals: every action of a deal with the all-hands-open view after it.

Public, like the log: anyone with the match id may replay a deal once it is over, never before
(a deal being played keeps its seed and hands secret: 409 ``deal/in_progress``). The views come
from the engine's ``open_view`` while the stored actions are applied again from the seed; a
finished deal never changes, so its replay is a pure function of (game, seed, dealer, actions)
and a few are kept in memory.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Path

from engine import get_game
from engine.core.rng import seed_hash

from .deps import Svc
from .errors import ApiError
from .models import ErrorResponse, Replay
from .params import MatchId

MAX_DEAL = 2**31 - 1
"""Deal numbers beyond what any database column holds are refused before the query."""
CACHED_REPLAYS = 32


router = APIRouter(prefix="/api")


@router.get("/matches/{match_id}/deals/{deal}/replay", response_model=Replay,
            operation_id="getReplay",
            responses={c: {"model": ErrorResponse} for c in (404, 409, 422)})
def get_replay(match_id: MatchId, svc: Svc,
               deal: Annotated[int, Path(ge=0, le=MAX_DEAL)]) -> dict[str, Any]:
    """A finished deal step by step, every hand open, with its seed to check against the hash
    published at its start (409 while the deal is still being played)."""
    store = svc.store
    row = store.match(match_id)
    if row is None:
        raise ApiError("match/not_found", f"no match {match_id!r}")
    found = store.deal(row.id, deal)
    if found is None:
        raise ApiError("deal/not_found", f"match {row.id!r} has no deal {deal}")
    if found.result_json is None:
        raise ApiError("deal/in_progress", "a deal can be replayed once it is over")
    actions = tuple((a.version, a.seat, a.action_json) for a in store.actions(row.id, deal))
    events, steps = replay_steps(row.game, found.seed, found.dealer, actions)
    return {
        "match_id": row.id, "game": row.game, "deal": deal, "dealer": found.dealer,
        "seed": found.seed, "seed_hash": seed_hash(found.seed),
        "seats": [{"seat": i, "kind": s["kind"], "level": s.get("level")}
                  for i, s in enumerate(row.seats)],
        "result": json.loads(found.result_json), "events": events, "steps": steps,
    }


@lru_cache(maxsize=CACHED_REPLAYS)
def replay_steps(game_name: str, seed: int, dealer: int,
                 actions: tuple[tuple[int, int, str], ...]) -> tuple[list[Any], list[Any]]:
    """The deal's events and its steps (see ``ReplayStep``). Events only ever accumulate, so
    each is sent once and a step says how many have happened instead of repeating them."""
    game = get_game(game_name)
    state = game.new_deal(seed, dealer)
    view = game.open_view(state)
    steps = [_step(view, 0, None, None, None)]
    for i, (version, seat, action_json) in enumerate(actions, 1):
        action = json.loads(action_json)
        state = game.apply(state, seat, action)
        view = game.open_view(state)
        steps.append(_step(view, i, version, seat, action))
    return view["events"], steps


def _step(view: dict[str, Any], index: int, version: int | None, seat: int | None,
          action: dict[str, Any] | None) -> dict[str, Any]:
    return {"index": index, "version": version, "seat": seat, "action": action,
            "events": len(view["events"]),
            "state": {k: v for k, v in view.items() if k != "events"}}

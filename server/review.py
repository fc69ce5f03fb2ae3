"""Review of a finished deal: ``POST /api/matches/{id}/deals/{n}/review`` starts the review of
the bearer seat's decisions in deal n (or finds it), ``GET`` reads its progress and answer.

Only once the deal is over (409 ``deal/in_progress`` before: a review shows the hand as it was
and the reviewer samples from the seat's view, both harmless only then) and only of the
bearer's own seat (the token says which; another seat's review is not its business).

The work runs in the background and never in a request: an asyncio task of the worker that was
asked walks the deal's log (the replay's machinery: seed, options and actions), and sends each
decision that had more than one legal action, as the seat's own view, to a process pool of one
worker (``ai/review.py``, pure CPU); it writes the progress after each decision and the answer
at the end to the ``reviews`` table (``store.ReviewRow``). A second look is a read; a worker
that stops mid-review leaves the row quiet: after ``STALE_S`` it reads as failed and the next
POST starts it again; a failure is stored as ``failed`` with its reason, and a POST tries it
again.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Annotated, Any, NamedTuple

from fastapi import APIRouter, Path, Query, Request
from starlette.concurrency import run_in_threadpool

from ai.review import ReviewSettings, evaluate, settings_for
from engine import get_game

from .deps import Svc, Token
from .errors import ApiError
from .models import ErrorResponse, Review
from .params import MatchId
from .parent_watch import exit_with_parent
from .replays import MAX_DEAL
from .service import Match, Service, deal_setup
from .store import ReviewRow, Store

log = logging.getLogger(__name__)

STALE_S = 120.0
"""A review queued or running whose row was not touched for this long is taken for abandoned
(its worker stopped): a POST starts it again. A live worker touches its rows every
``HEARTBEAT_S`` however long its queue, so only a stopped one goes quiet."""

HEARTBEAT_S = STALE_S / 4
"""How often a worker marks the reviews it holds as alive (``Store.touch_reviews``): a review
waiting behind many others makes no progress for minutes, and must not read as abandoned and be
started a second time by another worker."""


class Decision(NamedTuple):
    """One of the seat's turns with a choice: where it was and what the seat saw and did."""

    index: int
    """The action's place in the deal (1 is the deal's first action, as in the replay)."""
    version: int
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    played: dict[str, Any]


def decisions(game_name: str, seed: int, dealer: int, options: Any, number: int,
              actions: list[tuple[int, int, str]], seat: int) -> list[Decision]:
    """The seat's decisions in a deal replayed from its seed and log: each turn it had more
    than one legal action, with its own view then (never another seat's hidden cards)."""
    game = get_game(game_name)
    state = game.new_deal(seed, dealer, options, number)
    out: list[Decision] = []
    for index, (version, actor, action_json) in enumerate(actions, 1):
        action = json.loads(action_json)
        if actor == seat:
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                out.append(Decision(index, version, game.view(state, seat), legal, action))
        state = game.apply(state, actor, action)
    return out


def _without_events(view: dict[str, Any]) -> dict[str, Any]:
    """The view as a review shows it: the hand and table, not the deal's whole event log."""
    return {k: v for k, v in view.items() if k != "events"}


def summary(items: list[dict[str, Any]]) -> dict[str, Any]:
    """Share of decisions matched and the expected points lost: the sum, over the decisions the
    reviewer would have played otherwise, of how much better its choice did on the sampled deals
    (a difference below zero, the player's choice doing better but not clearly, counts 0)."""
    matched = sum(1 for d in items if d["matched"])
    flagged = sum(1 for d in items if d["flagged"])
    lost = sum(max(0.0, d["loss"]) for d in items if not d["matched"])
    return {"decisions": len(items), "matched": matched, "flagged": flagged,
            "matched_share": matched / len(items) if items else 1.0,
            "expected_loss": lost}


ABANDONED = "the review stopped making progress (its server was restarted): ask again"


def answer(row: ReviewRow, game: str, now: float) -> dict[str, Any]:
    """A stored review as the API answers it (``models.Review``); one left queued or running
    with no progress for ``STALE_S`` reads as failed, so that a client polling it learns to ask
    again (its POST starts it again)."""
    items = json.loads(row.decisions_json)
    status, reason = row.status, row.reason
    if status in ("queued", "running") and row.updated < now - STALE_S:
        status, reason = "failed", ABANDONED
    return {"match_id": row.match_id, "deal": row.deal_no, "seat": row.seat, "game": game,
            "status": status, "done": row.done, "total": row.total, "reason": reason,
            "summary": summary(items) if row.status == "done" else None,
            "decisions": items}


class Reviewer:
    """A worker's reviews in progress and the process that evaluates their decisions."""

    def __init__(self, store: Store, settings: dict[str, ReviewSettings] | None = None) -> None:
        self.store = store
        self.settings = settings or {}
        """Game name -> reviewer settings (else ``ai.review.settings_for``)."""
        self._pool: ProcessPoolExecutor | None = None
        self._tasks: dict[tuple[str, int, int], asyncio.Task[None]] = {}
        self._heartbeat: asyncio.Task[None] | None = None
        self.heartbeat_s = HEARTBEAT_S

    def pool(self) -> ProcessPoolExecutor:
        """One worker process, started on first use (spawned: the server's threads do not
        belong in a forked child), that ends with the server (``parent_watch.exit_with_parent``)."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=exit_with_parent,
                                             initargs=(os.getpid(),))
        return self._pool

    def running(self, key: tuple[str, int, int]) -> bool:
        """Whether this worker is making the review of ``key`` now."""
        return key in self._tasks

    def start(self, key: tuple[str, int, int], game: str) -> None:
        """Run the review of ``key`` (match, deal, seat) in the background."""
        task = asyncio.create_task(self._run(key, game))
        self._tasks[key] = task
        task.add_done_callback(lambda _: self._tasks.pop(key, None))
        if self._heartbeat is None or self._heartbeat.done():
            self._heartbeat = asyncio.create_task(self._beat())

    async def _beat(self) -> None:
        """Touch the rows of the reviews this worker holds every ``heartbeat_s`` while it holds
        any (a stopped worker stops touching them: they go quiet, and a POST starts them
        again elsewhere)."""
        while self._tasks:
            await asyncio.sleep(self.heartbeat_s)
            if self._tasks:
                await run_in_threadpool(self.store.touch_reviews, list(self._tasks))

    async def _run(self, key: tuple[str, int, int], game: str) -> None:
        match_id, deal_no, seat = key
        try:
            await self._review(key, game)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001  (stored for the player: it must not vanish)
            if isinstance(exc, BrokenProcessPool):
                self._pool = None  # its process died (killed, out of memory): a new one next time
            log.exception("review of %s deal %s seat %s failed", match_id, deal_no, seat)
            await run_in_threadpool(self.store.update_review, match_id, deal_no, seat,
                                    status="failed", reason=f"{type(exc).__name__}: {exc}")

    async def _review(self, key: tuple[str, int, int], game: str) -> None:
        seat = key[2]
        deal_seed, turns = await run_in_threadpool(self._decisions, key, game)
        store = self.store
        await run_in_threadpool(store.update_review, *key, status="running", total=len(turns))
        settings = self.settings.get(game) or settings_for(game)
        loop = asyncio.get_running_loop()
        items: list[dict[str, Any]] = []
        for turn in turns:
            seed = f"{deal_seed}/{turn.version}/{seat}"
            found = await loop.run_in_executor(self.pool(), evaluate, game, turn.view,
                                               turn.legal, turn.played, seed, settings)
            items.append({"index": turn.index, "version": turn.version, **found,
                          "view": _without_events(turn.view)})
            last = len(items) == len(turns)
            await run_in_threadpool(store.update_review, *key, done=len(items),
                                    decisions_json=json.dumps(items),
                                    **({"status": "done"} if last else {}))
        if not turns:
            await run_in_threadpool(store.update_review, *key, status="done")

    def _decisions(self, key: tuple[str, int, int], game: str) -> tuple[int, list[Decision]]:
        """The deal's seed and the seat's decisions in it."""
        match_id, deal_no, seat = key
        store = self.store
        deal = store.deal(match_id, deal_no)
        assert deal is not None
        actions = [(a.version, a.seat, a.action_json) for a in store.actions(match_id, deal_no)]
        options, number = deal_setup(store, get_game(game), match_id, deal_no)
        return deal.seed, decisions(game, deal.seed, deal.dealer, options, number, actions, seat)

    async def close(self) -> None:
        """Stop the reviews in progress (their rows go quiet: a later POST starts them again)
        and the worker process."""
        for task in [*self._tasks.values(), *([self._heartbeat] if self._heartbeat else [])]:
            task.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks.values()), timeout=2)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


router = APIRouter(prefix="/api")
_ERRORS = {c: {"model": ErrorResponse} for c in (401, 403, 404, 409, 422)}
Deal = Annotated[int, Path(ge=0, le=MAX_DEAL)]
SeatQuery = Annotated[int | None, Query(ge=0, le=3, description=(
    "With a player's token: which of the match's seats it plays (needed only when it plays "
    "more than one); with a seat's token: that seat or nothing"))]


def _finished(svc: Service, match_id: str, deal_no: int, token: str | None,
              seat_no: int | None) -> tuple[str, int]:
    """The match's game and the bearer's seat (``Service.own_seat``: a seat token's, or a
    player token's seat from the History page), once deal ``deal_no`` is over."""
    row = svc.store.match(match_id)
    if row is None:
        raise ApiError("match/not_found", f"no match {match_id!r}")
    seat = svc.own_seat(Match.of(row), token, seat_no)
    deal = svc.store.deal(row.id, deal_no)
    if deal is None:
        raise ApiError("deal/not_found", f"match {row.id!r} has no deal {deal_no}")
    if deal.result_json is None:
        raise ApiError("deal/in_progress", "a deal can be reviewed once it is over")
    return row.game, seat


def _reviewer(request: Request) -> Reviewer:
    return request.app.state.reviewer  # type: ignore[no-any-return]


@router.post("/matches/{match_id}/deals/{deal}/review", response_model=Review,
             status_code=202, operation_id="startReview", responses=_ERRORS)
async def start_review(match_id: MatchId, deal: Deal, svc: Svc, token: Token,
                       request: Request, seat: SeatQuery = None) -> dict[str, Any]:
    """Start the review of the bearer seat's decisions in deal ``deal`` once it is over, or
    find it (one per match, deal and seat: asking again changes nothing, but a failed or
    abandoned review starts again). 202 with its status; read it with GET. The bearer is the
    seat's token, or the token of the player who plays it (``seat`` picks one of several)."""
    game, seat = await run_in_threadpool(_finished, svc, match_id, deal, token, seat)
    reviewer = _reviewer(request)
    key = (match_id, deal, seat)
    now = time.time()
    if not reviewer.running(key) and await run_in_threadpool(
            svc.store.claim_review, *key, now - STALE_S, now):
        reviewer.start(key, game)
    row = await run_in_threadpool(svc.store.review, *key)
    assert row is not None
    return answer(row, game, time.time())


@router.get("/matches/{match_id}/deals/{deal}/review", response_model=Review,
            operation_id="getReview", responses=_ERRORS)
def get_review(match_id: MatchId, deal: Deal, svc: Svc, token: Token,
               seat: SeatQuery = None) -> dict[str, Any]:
    """The review of the bearer seat's decisions in deal ``deal``: its progress (``done`` of
    ``total`` decisions) while it runs, every decision and the summary once done; 404
    ``review/not_found`` until a POST started it."""
    game, seat = _finished(svc, match_id, deal, token, seat)
    row = svc.store.review(match_id, deal, seat)
    if row is None:
        raise ApiError("review/not_found", "no review of this deal for this seat yet: "
                                           "POST to start it")
    return answer(row, game, time.time())

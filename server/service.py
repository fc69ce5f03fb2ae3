"""The one place where a request meets the engine and the store: routes stay thin.

Every operation loads the match (from the store, or a worker's cache checked against the stored
version), calls the engine, writes under optimistic concurrency and publishes the new version.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from starlette.concurrency import run_in_threadpool

from engine import GAMES, EngineError, Game, get_game
from engine.core.options import Options, offered
from engine.core.rng import seed_hash

from . import history, labels
from .appender import Appender
from .errors import ApiError, from_engine, outage_as_api_error
from .models import CreateMatch
from .params import check_match_id, new_id
from .pubsub import Broker, Step
from .store import (
    AiSeatRow,
    DealRow,
    Entry,
    MatchOptionsRow,
    MatchPlayerRow,
    MatchRow,
    PlayerRow,
    Stale,
    Store,
)

SEED_BITS = 53  # exact as a JavaScript number


def _hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def deal_seed(match_seed: int | None, deal_no: int) -> int:
    """Deal 0 uses the creator's seed itself; later deals derive from it, so a seeded match
    replays whole; without a seed every deal gets fresh randomness."""
    if match_seed is None:
        return secrets.randbits(SEED_BITS)
    if deal_no == 0:
        return match_seed
    digest = hashlib.sha256(f"{match_seed}/{deal_no}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


@dataclass(frozen=True, slots=True)
class Match:
    """A match row as the service holds it, its JSON columns parsed once: every view reads
    them, and every action makes a new copy (an ORM row cost a twentieth of a worker's time
    under load to copy, and its JSON was parsed again on every render)."""

    id: str
    game: str
    version: int
    seed: int | None
    deal_no: int
    seats: tuple[dict[str, Any], ...]
    token_hashes: tuple[str, ...]
    scores: tuple[int, ...]
    finished: bool
    options: Options = Options()
    """The match's house-rule options, resolved (OPT-0.2: fixed for the whole match)."""
    number: int = 0
    """The current deal's number in the match: ``deal_no``, counted from 0 again after a
    Restart (OPT-MCR-3.2)."""

    @classmethod
    def of(cls, row: MatchRow, options: Options | None = None,
           number: int | None = None) -> Match:
        return cls(row.id, row.game, row.version, row.seed, row.deal_no, tuple(row.seats),
                   tuple(row.token_hashes), tuple(row.scores), row.finished,
                   options if options is not None else Options(),
                   row.deal_no if number is None else number)


@dataclass(frozen=True, slots=True)
class Loaded:
    """A match at one stored version. Everything in it is fixed by (match, version): the log
    never changes below the latest version, so a copy at a version stays true forever."""

    row: Match
    deal: DealRow
    game: Game
    state: Any
    seed_hash: str
    """The deal seed's published hash (every view carries it)."""
    earlier: tuple[tuple[Any, int], ...] = ()
    """The deal's steps before this version, newest first, at most ``EARLIER``: each a state
    (at version - 1, version - 2...) and the seat whose action left it, what tells an action
    sent at an older version in time (``in_time``). Only a state several seats were to act at
    is kept, None stands for another (``_kept``)."""

    def in_time(self, seat: int, version: int) -> bool:
        """Whether ``seat``'s action sent at ``version`` still answers the match as it is: it
        is at that version, or every action since was another seat's answer to the decision
        ``seat`` answers too (a claim window, Sichuan's missing suits: each step took one
        other seat off the seats to act, and ``seat`` is still among them), and ``seat`` may
        do just what it could then (its legal actions are the same)."""
        back = self.row.version - version
        if back == 0:
            return True
        if not 0 < back <= len(self.earlier):
            return False
        game = self.game
        after = set(game.to_act(self.state))
        if seat not in after:
            return False
        then = self.state
        for then, actor in self.earlier[:back]:  # back in time, from the newest
            if then is None or actor == seat:
                return False
            before = set(game.to_act(then))
            if actor not in before or before - {actor} != after:
                return False
            after = before
        return bool(game.legal_actions(then, seat) == game.legal_actions(self.state, seat))


EARLIER = 3
"""Steps a loaded match keeps of before its version: an action in time is behind by the other
seats' answers to the decision it answers too, one each at most (three at four players)."""


def _kept(game: Game, state: Any) -> Any:
    """``state`` when several seats were to act at it, else None: an action in time is behind
    only by answers to a decision of several seats (its own seat's and the answering one's), so
    a cached match keeps no copy of another state (a few kilobytes each)."""
    return state if len(game.to_act(state)) > 1 else None


LOCK_STRIPES = 256
"""Per-match catch-up locks (striped): sockets notified of the same version catch up once."""


def _entry(row: Match, seat: int, action: dict[str, Any]) -> Entry:
    """The log entry of ``seat``'s ``action`` on ``row``: the version it makes."""
    return Entry(row.id, row.version + 1, row.deal_no, seat, json.dumps(action))


def _seats(seats: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats as every view shows them (kind and AI level, never a token)."""
    return [{"seat": i, "kind": s["kind"], "level": s.get("level")} for i, s in enumerate(seats)]


COUNTED = frozenset({"action/illegal", "action/not_your_turn", "action/malformed"})
"""The refusals counted per seat and deal (``Store.refuse``): the seat's mistakes while the deal
is played (a stale action is a race, an action after the deal's end no part of it)."""


def _version_error(row: Match, version: int) -> ApiError:
    """409: an action or a deal asked for at ``version``, when ``row`` is the match now."""
    return ApiError("action/stale_version",
                    f"the match is at version {row.version}, not {version}", version=row.version)


def _step(entry: Entry) -> Step:
    return entry.deal_no, entry.seat, entry.action_json


class Service:
    def __init__(self, store: Store, broker: Broker, cache_size: int = 10_000,
                 appender: Appender | None = None) -> None:
        self.store = store
        self.broker = broker
        self.appender = appender
        """Where the usual action is written, in batches (``server/appender.py``); None (an
        in-memory SQLite database): the store's append."""
        self._write: Callable[[Loaded, Entry], Awaitable[None]] = (
            self._append_from_loop if appender is not None else self._append_in_thread)
        """The write step of ``act``, chosen once: (the match after, its log entry) → stored,
        or ``Stale``."""
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self._stripes = [threading.Lock() for _ in range(LOCK_STRIPES)]

    # ------------------------------------------------------------------ loading

    def load(self, match_id: str) -> Loaded:
        """The match at its latest stored version (always asks the store for that version)."""
        found = self.store.match_and_deal(match_id) if isinstance(match_id, str) else None
        if found is None:
            raise ApiError("match/not_found", f"no match {match_id!r}")
        stored, deal = found.match, found.deal
        game = get_game(stored.game)
        row = Match.of(stored, _stored_options(game, found.options_json), found.number)
        cached = self._cached(row.id)
        if cached is not None and cached.row.version == row.version \
                and cached.row.deal_no == row.deal_no:
            return cached
        if cached is not None and cached.row.deal_no == row.deal_no \
                and cached.row.version < row.version:
            # catch up from the cached version
            state, earlier, after = cached.state, cached.earlier, cached.row.version
        else:
            state, earlier, after = (game.new_deal(deal.seed, deal.dealer, row.options,
                                                   row.number), (), -1)
        # only up to the version read: a newer action may land meanwhile
        for a in self.store.actions(row.id, row.deal_no, after_version=after,
                                    upto_version=row.version):
            earlier = ((_kept(game, state), a.seat), *earlier)[:EARLIER]
            state = game.apply(state, a.seat, json.loads(a.action_json))
        loaded = Loaded(row, deal, game, state, seed_hash(deal.seed), earlier)
        self._remember(loaded)
        return loaded

    def at_version(self, match_id: str, version: int) -> Loaded:
        """The match at ``version`` or later, where ``version`` is known to be stored (a change
        notification said so): from this worker's cache when it holds that version, else by
        replaying only the actions this worker has not seen. Sockets told of the same version
        at once wait for one another's catch-up instead of each querying the store."""
        cached = self.cached_at(match_id, version)
        if cached is not None:
            return cached
        with self._stripes[hash(match_id) % LOCK_STRIPES]:
            cached = self._cached(match_id)
            if cached is not None and cached.row.version >= version:
                return cached
            if cached is not None:
                rows = self.store.actions(match_id, cached.row.deal_no,
                                          after_version=cached.row.version, upto_version=version)
                expected = list(range(cached.row.version + 1, version + 1))
                if [a.version for a in rows] == expected:  # no new deal in between
                    loaded = cached
                    for a in rows:
                        loaded = self._advance(loaded, a.seat, json.loads(a.action_json))
                    self._remember(loaded)
                    return loaded
            return self.load(match_id)

    def absorb(self, match_id: str, version: int, step: tuple[int, int, str]) -> None:
        """Another worker stored ``step`` (deal, seat, action JSON) as ``version``: step this
        worker's copy forward when it holds the version before, so its sockets render the new
        one without reading the log (a copy that is older or elsewhere is left to catch up)."""
        cached = self._cached(match_id)
        deal_no, seat, action_json = step
        if cached is None or cached.row.version != version - 1 or cached.row.deal_no != deal_no:
            return
        self._remember(self._advance(cached, seat, json.loads(action_json)))

    def cached_at(self, match_id: str, version: int) -> Loaded | None:
        """This worker's copy of the match at exactly ``version``, if it has one."""
        cached = self._cached(match_id)
        return cached if cached is not None and cached.row.version == version else None

    def _cached(self, match_id: str) -> Loaded | None:
        with self._lock:
            return self._cache.get(match_id)

    def _remember(self, loaded: Loaded) -> None:
        """Keep the newest copy a worker has seen (an older one never replaces a newer)."""
        with self._lock:
            old = self._cache.get(loaded.row.id)
            if old is not None and old.row.version > loaded.row.version:
                return
            self._cache[loaded.row.id] = loaded
            self._cache.move_to_end(loaded.row.id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    @staticmethod
    def _advance(loaded: Loaded, seat: int, action: dict[str, Any]) -> Loaded:
        """The match one action later, as ``append`` stores it (raises EngineError)."""
        state = loaded.game.apply(loaded.state, seat, action)
        result = loaded.game.result(state)
        row, deal = loaded.row, loaded.deal
        changes: dict[str, Any] = {"version": row.version + 1}
        if result is not None:
            changes["scores"] = tuple(a + b for a, b in zip(row.scores, result["deltas"],
                                                            strict=True))
            changes["finished"] = True
            # a new detached row: a copy of a loaded one would share its SQLAlchemy state
            deal = DealRow(**(deal.model_dump() | {"result_json": json.dumps(result)}))
        return Loaded(replace(row, **changes), deal, loaded.game, state, loaded.seed_hash,
                      ((_kept(loaded.game, loaded.state), seat), *loaded.earlier)[:EARLIER])

    def seat_of(self, row: Match, token: str | None) -> int:
        """The seat a bearer token acts for (compared in constant time)."""
        if not token:
            raise ApiError("auth/missing_token", "this needs a seat token: "
                                                 "'Authorization: Bearer <token>'")
        digest = _hash_token(token)
        seat = None
        for i, h in enumerate(row.token_hashes):
            if hmac.compare_digest(h, digest):
                seat = i
        if seat is None:
            raise ApiError("auth/bad_token", "this token is not a seat of this match")
        return seat

    # ------------------------------------------------------------------ matches

    def games(self, lang: str | None = None) -> list[dict[str, Any]]:
        """The registered games with their options and presets, labelled in ``lang``
        (server/labels.py; English for none or an unknown one)."""
        lang = labels.language(lang)
        return [{"name": g.name, "title": g.title, "players": g.players,
                 "description": g.description,
                 "options": [labels.option_json(g.name, o, lang) for o in g.option_specs],
                 "presets": [labels.preset_json(g.name, p, resolved, lang)
                             for p, resolved in offered(g.presets, g.option_specs, g.name)]}
                for g in GAMES.values()]

    def create(self, req: CreateMatch, player_token: str | None = None) -> dict[str, Any]:
        """A new match; with a player's token, its first human seat is that player's (the
        deals it finishes go to the player's history). The token, optional, is checked once
        the request itself is known good (401 ``auth/unknown_player``: no match is made)."""
        try:
            game = get_game(req.game)
        except EngineError as exc:
            raise from_engine(exc) from None
        seats = req.seats if req.seats is not None else (
            [{"kind": "human"}] + [{"kind": "ai"}] * (game.players - 1))  # [] is no default
        seats = [s if isinstance(s, dict) else s.model_dump() for s in seats]
        if len(seats) != game.players:
            raise ApiError("request/invalid", f"{game.name} needs exactly {game.players} seats")
        for s in seats:
            if s["kind"] == "ai":
                s["level"] = s.get("level") or "basic"
            elif s.get("level") is not None:
                raise ApiError("request/invalid", "only AI seats take a level")
            else:
                s.pop("level", None)
        try:
            options = game.options(req.options)  # OPT-0.1: refused before anything is made
        except EngineError as exc:
            raise from_engine(exc) from None
        player_id = self.player_of(player_token) if player_token is not None else None
        tokens = [new_id(24) for _ in seats]
        match_id = new_id(12)
        seed = deal_seed(req.seed, 0)
        row = MatchRow(id=match_id, game=game.name, version=0, seed=req.seed, deal_no=0,
                       seats_json=json.dumps(seats),
                       token_hashes_json=json.dumps([_hash_token(t) for t in tokens]),
                       scores_json=json.dumps([0] * game.players))
        dealer = self._dealer(game, seed, None, options)
        deal = DealRow(match_id=match_id, deal_no=0, seed=seed, dealer=dealer, start_version=0)
        ai = [AiSeatRow(match_id=match_id, seat=i, level=s["level"], token=tokens[i])
              for i, s in enumerate(seats) if s["kind"] == "ai"]
        human = next((i for i, s in enumerate(seats) if s["kind"] == "human"), None)
        link = (MatchPlayerRow(match_id=match_id, seat=human, player_id=player_id)
                if player_id is not None and human is not None else None)
        kept = (MatchOptionsRow(match_id=match_id, options_json=json.dumps(options.to_json()))
                if options else None)
        self.store.create(row, deal, ai, link, kept)
        self.broker.publish(match_id, 0)
        return {
            "match_id": match_id, "game": game.name, "version": 0, "seed_hash": seed_hash(seed),
            "options": options.to_json(),
            "seats": [{"seat": i, "kind": s["kind"], "level": s.get("level"),
                       "token": tokens[i] if s["kind"] == "human" else None}
                      for i, s in enumerate(seats)],
        }

    def match_view(self, loaded: Loaded, seat: int | None,
                   events_from: int = 0) -> dict[str, Any]:
        """The match and the seat's view of its deal (its event log from ``events_from`` on)."""
        row = loaded.row
        return {
            "match_id": row.id, "game": row.game, "version": row.version,
            "deal": row.deal_no, "seat": seat,
            "seats": _seats(row.seats), "scores": list(row.scores),
            "seed_hash": loaded.seed_hash, "options": row.options.to_json(),
            "state": loaded.game.view(loaded.state, seat, events_from),
        }

    def view(self, match_id: str, token: str | None) -> dict[str, Any]:
        loaded = self.load(match_id)
        seat = self.seat_of(loaded.row, token) if token else None
        return self.match_view(loaded, seat)

    def legal(self, match_id: str, token: str | None) -> dict[str, Any]:
        loaded = self.load(match_id)
        seat = self.seat_of(loaded.row, token)
        return {"match_id": loaded.row.id, "version": loaded.row.version, "seat": seat,
                "actions": loaded.game.legal_actions(loaded.state, seat)}

    # ------------------------------------------------------------------ acting

    async def act(self, match_id: str, token: str | None, action: dict[str, Any],
                  version: int) -> tuple[Loaded, int]:
        """Apply the bearer's action, sent at ``version``, write it, publish it; returns the
        match after it and the seat. Every action takes this path (REST, WebSocket).

        An action sent at an older version is applied at the match's version when it is still
        in time (``Loaded.in_time``: only the other seats' answers to the decision it answers
        too landed since, such as a claim window's); a write that finds the match moved on
        meanwhile is judged again at the newer version, and so is an action the engine
        refused there. When this worker holds
        the match at or after ``version`` nothing is read from the store: the conditional
        write refuses the action anyway if the match has moved on. Refusals, in order: a bad
        token, stale (409), illegal (422, counted for the seat: ``Store.refuse``); a database
        outage is raised as ``ApiError("db/unavailable")`` (the REST route answers 503, the
        WebSocket an error)."""
        with outage_as_api_error():
            loaded = self._held_at(match_id, version)
            if loaded is None:
                loaded = await run_in_threadpool(self.load, match_id)
            for _ in range(EARLIER + 1):  # each turn the match moved on: in time at most so often
                row = loaded.row
                seat = self.seat_of(row, token)
                if not loaded.in_time(seat, version):
                    raise _version_error(row, version)
                try:
                    after = self._advance(loaded, seat, action)
                except EngineError as exc:
                    refused = await run_in_threadpool(self._refusal, row, seat, exc)
                    if refused is not None:
                        raise refused from None
                    loaded = await self._newer(row)
                    continue
                entry = _entry(row, seat, action)
                try:
                    await self._write(after, entry)
                except Stale:
                    loaded = await self._newer(row)
                    continue
                self._remember(after)
                await self.broker.apublish(row.id, after.row.version, _step(entry))
                return after, seat
            raise _version_error(loaded.row, version)

    def _held_at(self, match_id: str, version: int) -> Loaded | None:
        """This worker's copy of the match at or after ``version``, or None when the store must
        be read. The log only grows: an action sent at a version older than the copy is judged
        in time or stale from the copy, and a racing seat's refusal costs no read."""
        cached = self._cached(match_id) if isinstance(match_id, str) else None
        return cached if cached is not None and cached.row.version >= version else None

    async def _newer(self, row: Match) -> Loaded:
        """The match after it moved on from ``row`` (a write found it so): this worker's copy
        when it holds a newer version by now (the racing action was made here, or a note
        brought it), which spares a racing seat's refusal a read, else from the store."""
        cached = self._cached(row.id)
        if cached is not None and cached.row.version > row.version:
            return cached
        return await run_in_threadpool(self.load, row.id)

    def _refusal(self, row: Match, seat: int, exc: EngineError) -> ApiError | None:
        """Why an action the engine refused at ``row``'s version is refused, counted for the
        seat (in a request thread); None when the match has moved on, where the action is to
        be judged again: stale comes before illegal."""
        if self.store.version(row.id) != row.version:
            return None
        if exc.code in COUNTED:
            self.store.refuse(row.id, row.deal_no, seat)
        return from_engine(exc)

    async def _append_in_thread(self, after: Loaded, entry: Entry) -> None:
        """The write step for a deal's end (its result and scores too), and of an in-memory
        database: the store's ``append`` in a request thread. Raises ``Stale`` when the match
        moved on."""
        result = after.deal.result_json
        over = result is not None
        outcomes = (history.outcomes(after.row.game, json.loads(result), after.row.seats,
                                     time.time()) if result is not None else ())
        await run_in_threadpool(
            self.store.append, entry.match_id, entry.version - 1, action=entry, finished=over,
            scores=list(after.row.scores) if over else None,
            result=(entry.deal_no, result) if result is not None else None, outcomes=outcomes)

    async def _append_from_loop(self, after: Loaded, entry: Entry) -> None:
        """The write step of a database with an ``Appender``: the usual action in its batches,
        without a request thread (a thread hand-off was a sixth of a worker's time under load);
        a deal's end through the store's ``append``, which only writes its result."""
        if self.appender is None or after.deal.result_json is not None:
            await self._append_in_thread(after, entry)
        else:
            await self.appender.advance_and_log(entry.version - 1, entry)

    def seat_view(self, loaded: Loaded, seat: int | None,
                  events_from: int = 0) -> tuple[dict[str, Any], list[Any]]:
        """A seat's view and its legal actions at the same version (none for a spectator)."""
        legal = loaded.game.legal_actions(loaded.state, seat) if seat is not None else []
        return self.match_view(loaded, seat, events_from), legal

    def new_deal(self, match_id: str, token: str | None, version: int | None,
                 restart: bool) -> dict[str, Any]:
        """The next deal (dealer passes to the next seat) or a restart (new random dealer,
        match totals back to zero), once the current deal is over."""
        loaded = self.load(match_id)
        row = loaded.row
        seat = self.seat_of(row, token)
        if version is not None:
            self._check_version(row, version)
        if loaded.game.result(loaded.state) is None:
            raise ApiError("deal/in_progress", "the current deal is not over yet")
        deal_no = row.deal_no + 1
        number = 0 if restart else row.number + 1  # OPT-MCR-3.2: Restart counts from 0 again
        seed = deal_seed(row.seed, deal_no)
        players = loaded.game.players
        dealer = self._dealer(loaded.game, seed,
                              None if restart else (loaded.deal.dealer + 1) % players,
                              row.options)
        deal = DealRow(match_id=row.id, deal_no=deal_no, seed=seed, dealer=dealer,
                       start_version=row.version + 1)
        scores = [0] * players if restart else None
        try:
            self.store.append(row.id, row.version, deal=deal, number=number, finished=False,
                              scores=scores)
        except Stale:
            raise self._stale(row.id) from None
        self.broker.publish(row.id, row.version + 1)
        return self.view(row.id, token) | {"seat": seat}

    @staticmethod
    def _dealer(game: Game, seed: int, dealer: int | None, options: Options) -> int:
        """The dealer a deal gets: ``None`` lets the game draw one from the seed (SC-2.1),
        under the match's options (they may change the deck, and so the draw)."""
        if dealer is not None:
            return dealer
        return int(game.view(game.new_deal(seed, None, options), None)["dealer"])

    def _check_version(self, row: Match, version: int) -> None:
        if version != row.version:
            raise _version_error(row, version)

    def _stale(self, match_id: str) -> ApiError:
        row = self.store.match(match_id)
        current = row.version if row else None
        return ApiError("action/stale_version",
                        f"another action landed first; the match is at version {current}",
                        version=current)

    def log(self, match_id: str) -> dict[str, Any]:
        loaded = self.load(match_id)
        row = loaded.row
        deals = []
        refusals = self.store.refusals(row.id)
        numbers = self.store.deal_numbers(row.id)
        for d in self.store.deals(row.id):
            over = d.result_json is not None
            actions = refused = None
            if over:
                actions = [{"version": a.version, "seat": a.seat,
                            "action": json.loads(a.action_json)}
                           for a in self.store.actions(row.id, d.deal_no)]
                refused = [refusals.get((d.deal_no, seat), 0) for seat in range(len(row.seats))]
            deals.append({
                "deal": d.deal_no, "number": numbers.get(d.deal_no, d.deal_no),
                "dealer": d.dealer, "seed_hash": seed_hash(d.seed),
                "start_version": d.start_version, "over": over,
                "seed": d.seed if over else None, "actions": actions, "refused": refused,
                "result": json.loads(d.result_json) if d.result_json is not None else None,
            })
        return {"match_id": row.id, "game": row.game, "version": row.version,
                "options": row.options.to_json(), "deals": deals}

    def replay(self, match_id: str, deal_no: int) -> dict[str, Any]:
        """A finished deal step by step, every hand open (``models.Replay``); a deal being
        played keeps its seed and hands secret (409 ``deal/in_progress``)."""
        row = self.store.match(match_id)
        if row is None:
            raise ApiError("match/not_found", f"no match {match_id!r}")
        deal = self.store.deal(row.id, deal_no)
        if deal is None:
            raise ApiError("deal/not_found", f"match {row.id!r} has no deal {deal_no}")
        if deal.result_json is None:
            raise ApiError("deal/in_progress", "a deal can be replayed once it is over")
        actions = tuple((a.version, a.seat, a.action_json)
                        for a in self.store.actions(row.id, deal_no))
        options, number = deal_setup(self.store, get_game(row.game), row.id, deal_no)
        events, steps = replay_steps(row.game, deal.seed, deal.dealer, actions, options, number)
        return {
            "match_id": row.id, "game": row.game, "deal": deal_no, "number": number,
            "options": options.to_json(), "dealer": deal.dealer,
            "seed": deal.seed, "seed_hash": seed_hash(deal.seed), "seats": _seats(row.seats),
            "result": json.loads(deal.result_json), "events": events, "steps": steps,
        }

    # ------------------------------------------------------------------ players

    def create_player(self) -> dict[str, Any]:
        """A new anonymous player: its id and its secret token (only its hash is kept)."""
        token = new_id(24)
        player_id = new_id(12)
        self.store.create_player(PlayerRow(id=player_id, token_hash=_hash_token(token),
                                           created=time.time()))
        return {"id": player_id, "token": token}

    def player_of(self, token: str | None) -> str:
        """The player a bearer token is (401 when missing or unknown)."""
        if not token:
            raise ApiError("auth/missing_token", "this needs a player token: "
                                                 "'Authorization: Bearer <token>'")
        player_id = self.store.player_id(_hash_token(token))
        if player_id is None:
            raise ApiError("auth/unknown_player", "this token is no player's")
        return player_id

    def own_seat(self, row: Match, token: str | None, seat: int | None) -> int:
        """The seat a bearer acts for in a finished deal's affairs (its review): a seat token's
        own seat, or one of the match's seats that a player token's player plays (``seat``
        says which when it plays several: a friend's seat joined in the same browser). A
        ``seat`` that is not the bearer's is a 403, as another seat's token is."""
        try:
            mine = [self.seat_of(row, token)]
        except ApiError as exc:
            if exc.code != "auth/bad_token":
                raise
            player_id = self.store.player_id(_hash_token(token or ""))
            if player_id is None:
                raise
            mine = self.store.player_seats(row.id, player_id)
            if not mine:
                raise ApiError("auth/bad_token", "this player plays no seat of this match"
                               ) from None
        if seat is None:
            if len(mine) > 1:
                raise ApiError("seat/ambiguous", f"this player plays seats {mine} of this "
                                                 "match: say which with ?seat=")
            return mine[0]
        if seat not in mine:
            raise ApiError("auth/bad_token", f"seat {seat} is not the bearer's")
        return seat

    def claim_seat(self, token: str | None, match_id: str, seat_token: str) -> dict[str, Any]:
        """The bearer player takes the seat ``seat_token`` holds (a friend's seat, joined by
        its link): the deals it finishes from now on go to the player's history. Taking a seat
        that is already the player's changes nothing; another player's is a 409."""
        player_id = self.player_of(token)
        stored = self.store.match(check_match_id(match_id))
        if stored is None:
            raise ApiError("match/not_found", "no such match")
        seat = self.seat_of(Match.of(stored), seat_token)
        if self.store.claim_seat(stored.id, seat, player_id) != player_id:
            raise ApiError("seat/claimed", "this seat is another player's")
        return {"match_id": stored.id, "seat": seat}

    def history(self, token: str | None, game: str | None, limit: int,
                before: int | None) -> dict[str, Any]:
        """The bearer's finished deals, newest first (``limit`` of them, older than record
        ``before``), and its statistics per game; of ``game`` only when given."""
        player_id = self.player_of(token)
        rows = self.store.records(player_id, game, limit + 1, before)
        more = len(rows) > limit
        rows = rows[:limit]
        return {
            "player_id": player_id,
            "deals": [history.deal_json(r) for r in rows],
            "next_before": rows[-1].id if more else None,
            "stats": history.stats(self.store.record_stats(player_id, game),
                                   self.store.best_hands(player_id, game)),
        }

    def score(self, game_name: str, spec: Any) -> dict[str, Any]:
        try:
            return get_game(game_name).score(spec)
        except EngineError as exc:
            raise from_engine(exc) from None


def _stored_options(game: Game, options_json: str | None) -> Options:
    """A match's options as stored, resolved (no row: the defaults; a key a game gained since
    the match was made: its default)."""
    return game.options(json.loads(options_json) if options_json is not None else None)


def deal_setup(store: Store, game: Game, match_id: str, deal_no: int) -> tuple[Options, int]:
    """What dealing a stored deal again takes beside its seed and dealer: the match's options
    and the deal's number (``new_deal(seed, dealer, options, number)``; replay and review)."""
    return (_stored_options(game, store.options_json(match_id)),
            store.deal_number(match_id, deal_no))


CACHED_REPLAYS = 32
"""Finished deals whose replay a worker keeps."""


@lru_cache(maxsize=CACHED_REPLAYS)
def replay_steps(game_name: str, seed: int, dealer: int,
                 actions: tuple[tuple[int, int, str], ...], options: Options | None = None,
                 number: int = 0) -> tuple[list[Any], list[Any]]:
    """The deal's events and its steps (``models.ReplayStep``). Events only ever accumulate, so
    each is sent once and a step says how many have happened instead of repeating them. A
    finished deal never changes, so this is a pure function of its arguments, and the last few
    replays are kept."""
    game = get_game(game_name)
    state = game.new_deal(seed, dealer, options, number)
    view = game.open_view(state)
    steps = [_replay_step(view, 0, None, None, None)]
    for i, (version, seat, action_json) in enumerate(actions, 1):
        action = json.loads(action_json)
        state = game.apply(state, seat, action)
        view = game.open_view(state)
        steps.append(_replay_step(view, i, version, seat, action))
    return view["events"], steps


def _replay_step(view: dict[str, Any], index: int, version: int | None, seat: int | None,
                 action: dict[str, Any] | None) -> dict[str, Any]:
    return {"index": index, "version": version, "seat": seat, "action": action,
            "events": len(view["events"]),
            "state": {k: v for k, v in view.items() if k != "events"}}

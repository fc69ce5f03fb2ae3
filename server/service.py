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
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from engine import GAMES, EngineError, Game, get_game
from engine.core.rng import seed_hash

from .errors import ApiError, from_engine
from .models import CreateMatch
from .pubsub import Broker
from .store import ActionRow, AiSeatRow, DealRow, MatchRow, Stale, Store

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


@dataclass(frozen=True)
class Loaded:
    row: MatchRow
    deal: DealRow
    game: Game
    state: Any


class Service:
    def __init__(self, store: Store, broker: Broker, cache_size: int = 512) -> None:
        self.store = store
        self.broker = broker
        self._cache: OrderedDict[str, tuple[int, int, Any]] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ loading

    def load(self, match_id: str) -> Loaded:
        found = self.store.match_and_deal(match_id) if isinstance(match_id, str) else None
        if found is None:
            raise ApiError("match/not_found", f"no match {match_id!r}")
        row, deal = found
        game = get_game(row.game)
        with self._lock:
            cached = self._cache.get(row.id)
        if cached is not None and cached[0] == row.version and cached[1] == row.deal_no:
            return Loaded(row, deal, game, cached[2])
        if cached is not None and cached[1] == row.deal_no and cached[0] < row.version:
            state, after = cached[2], cached[0]  # catch up from the cached version
        else:
            state, after = game.new_deal(deal.seed, deal.dealer), -1
        # only up to the version read: a newer action may land meanwhile
        for a in self.store.actions(row.id, row.deal_no, after_version=after,
                                    upto_version=row.version):
            state = game.apply(state, a.seat, json.loads(a.action_json))
        self._remember(row.id, row.version, row.deal_no, state)
        return Loaded(row, deal, game, state)

    def _remember(self, match_id: str, version: int, deal_no: int, state: Any) -> None:
        with self._lock:
            self._cache[match_id] = (version, deal_no, state)
            self._cache.move_to_end(match_id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def seat_of(self, row: MatchRow, token: str | None) -> int:
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

    def games(self) -> list[dict[str, Any]]:
        return [{"name": g.name, "title": g.title, "players": g.players,
                 "description": g.description} for g in GAMES.values()]

    def create(self, req: CreateMatch) -> dict[str, Any]:
        try:
            game = get_game(req.game)
        except EngineError as exc:
            raise from_engine(exc) from None
        seats = req.seats or [{"kind": "human"}] + [{"kind": "ai"}] * (game.players - 1)
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
        tokens = [secrets.token_urlsafe(24) for _ in seats]
        match_id = secrets.token_urlsafe(12)
        seed = deal_seed(req.seed, 0)
        row = MatchRow(id=match_id, game=game.name, version=0, seed=req.seed, deal_no=0,
                       seats_json=json.dumps(seats),
                       token_hashes_json=json.dumps([_hash_token(t) for t in tokens]),
                       scores_json=json.dumps([0] * game.players))
        dealer = self._dealer(game, seed, None)
        deal = DealRow(match_id=match_id, deal_no=0, seed=seed, dealer=dealer, start_version=0)
        ai = [AiSeatRow(match_id=match_id, seat=i, level=s["level"], token=tokens[i])
              for i, s in enumerate(seats) if s["kind"] == "ai"]
        self.store.create(row, deal, ai)
        self.broker.publish(match_id, 0)
        return {
            "match_id": match_id, "game": game.name, "version": 0, "seed_hash": seed_hash(seed),
            "seats": [{"seat": i, "kind": s["kind"], "level": s.get("level"),
                       "token": tokens[i] if s["kind"] == "human" else None}
                      for i, s in enumerate(seats)],
        }

    def match_view(self, loaded: Loaded, seat: int | None) -> dict[str, Any]:
        row = loaded.row
        return {
            "match_id": row.id, "game": row.game, "version": row.version,
            "deal": row.deal_no, "seat": seat,
            "seats": [{"seat": i, "kind": s["kind"], "level": s.get("level")}
                      for i, s in enumerate(row.seats)],
            "scores": row.scores, "seed_hash": seed_hash(loaded.deal.seed),
            "state": loaded.game.view(loaded.state, seat),
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

    def act(self, match_id: str, token: str | None, action: dict[str, Any],
            version: int) -> dict[str, Any]:
        loaded = self.load(match_id)
        row = loaded.row
        seat = self.seat_of(row, token)
        self._check_version(row, version)
        try:
            state = loaded.game.apply(loaded.state, seat, action)
        except EngineError as exc:
            raise from_engine(exc) from None
        result = loaded.game.result(state)
        scores = None
        if result is not None:
            scores = [a + b for a, b in zip(row.scores, result["deltas"], strict=True)]
        entry = ActionRow(match_id=row.id, version=row.version + 1, deal_no=row.deal_no,
                          seat=seat, action_json=json.dumps(action))
        try:
            self.store.append(row, row.version, action=entry, finished=result is not None,
                              scores=scores,
                              result=(row.deal_no, json.dumps(result)) if result else None)
        except Stale:
            raise self._stale(row.id) from None
        new_row = row.model_copy(update={"version": row.version + 1})
        if scores is not None:
            new_row.scores_json = json.dumps(scores)
            new_row.finished = True
        self._remember(row.id, new_row.version, row.deal_no, state)
        self.broker.publish(row.id, new_row.version)
        return self.match_view(Loaded(new_row, loaded.deal, loaded.game, state), seat)

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
        seed = deal_seed(row.seed, deal_no)
        players = loaded.game.players
        dealer = self._dealer(loaded.game, seed, None if restart else (loaded.deal.dealer + 1) % players)
        deal = DealRow(match_id=row.id, deal_no=deal_no, seed=seed, dealer=dealer,
                       start_version=row.version + 1)
        scores = [0] * players if restart else None
        try:
            self.store.append(row, row.version, deal=deal, finished=False, scores=scores)
        except Stale:
            raise self._stale(row.id) from None
        self.broker.publish(row.id, row.version + 1)
        return self.view(row.id, token) | {"seat": seat}

    @staticmethod
    def _dealer(game: Game, seed: int, dealer: int | None) -> int:
        """The dealer a deal gets: ``None`` lets the game draw one from the seed (SC-2.1)."""
        if dealer is not None:
            return dealer
        return int(game.view(game.new_deal(seed), None)["dealer"])

    def _check_version(self, row: MatchRow, version: int) -> None:
        if version != row.version:
            raise ApiError("action/stale_version",
                           f"the match is at version {row.version}, not {version}",
                           version=row.version)

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
        for d in self.store.deals(row.id):
            over = d.result_json is not None
            actions = None
            if over:
                actions = [{"version": a.version, "seat": a.seat,
                            "action": json.loads(a.action_json)}
                           for a in self.store.actions(row.id, d.deal_no)]
            deals.append({
                "deal": d.deal_no, "dealer": d.dealer, "seed_hash": seed_hash(d.seed),
                "start_version": d.start_version, "over": over,
                "seed": d.seed if over else None, "actions": actions,
                "result": json.loads(d.result_json) if d.result_json is not None else None,
            })
        return {"match_id": row.id, "game": row.game, "version": row.version, "deals": deals}

    def score(self, game_name: str, spec: Any) -> dict[str, Any]:
        try:
            return get_game(game_name).score(spec)
        except EngineError as exc:
            raise from_engine(exc) from None

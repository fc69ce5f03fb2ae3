"""Storage through SQLModel: matches, their deals and the action log.

The action log is the truth: a deal's state is the engine replaying the deal's seed and its
actions. A worker may cache the latest state of a match by version, but nothing lives only in
memory. Every write goes through ``append`` under optimistic concurrency: the match row's
``version`` moves from v to v+1 only if it still is v, and the log's primary key
(match, version) refuses a second write of the same version.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, NamedTuple

from sqlalchemy import (
    BigInteger,
    Index,
    UniqueConstraint,
    bindparam,
    case,
    event,
    func,
    insert,
    or_,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError, DisconnectionError, IntegrityError
from sqlmodel import Field, Session, SQLModel, col, create_engine, select


class MatchRow(SQLModel, table=True):
    __tablename__ = "matches"

    id: str = Field(primary_key=True)
    game: str
    version: int = 0
    seed: int | None = Field(default=None, sa_type=BigInteger)
    """The creator's seed (deal seeds derive from it); None: a fresh random seed per deal."""
    deal_no: int = 0
    seats_json: str
    """[{"kind": "human" | "ai", "level": ...}] per seat."""
    token_hashes_json: str
    """SHA-256 of each seat's token; tokens themselves are never stored (but AI seats')."""
    scores_json: str
    """Running match totals over finished deals."""
    finished: bool = False
    """The current deal has ended (AI seats have nothing to do)."""

    @property
    def seats(self) -> list[dict[str, Any]]:
        return json.loads(self.seats_json)

    @property
    def token_hashes(self) -> list[str]:
        return json.loads(self.token_hashes_json)

    @property
    def scores(self) -> list[int]:
        return json.loads(self.scores_json)


class DealRow(SQLModel, table=True):
    __tablename__ = "deals"

    match_id: str = Field(primary_key=True, foreign_key="matches.id")
    deal_no: int = Field(primary_key=True)
    seed: int = Field(sa_type=BigInteger)
    """Up to 2^53: a BIGINT (PostgreSQL's INTEGER stops at 2^31)."""
    dealer: int
    """The dealer actually seated (``new_deal(seed, dealer)`` replays the deal)."""
    start_version: int
    result_json: str | None = None


class ActionRow(SQLModel, table=True):
    __tablename__ = "actions"

    match_id: str = Field(primary_key=True, foreign_key="matches.id")
    version: int = Field(primary_key=True)
    """The match version this action produced."""
    deal_no: int
    seat: int
    action_json: str


class RefusalRow(SQLModel, table=True):
    """How many actions of a seat the rules refused in a deal (illegal, not its turn,
    malformed): the log reports them per seat once the deal is over, so that a bot's author
    (and the arena, as Botzone counts a bot's invalid answers) sees them. A table of its own,
    so that databases made before it gain it by ``create_all``; a row only for a seat refused
    at least once."""

    __tablename__ = "refusals"

    match_id: str = Field(primary_key=True, foreign_key="matches.id")
    deal_no: int = Field(primary_key=True)
    seat: int = Field(primary_key=True)
    count: int = 0


class AiSeatRow(SQLModel, table=True):
    """The token of each AI seat, which the AI feed gives the AI service that is to play it
    (it plays through the API, like any bot)."""

    __tablename__ = "ai_seats"

    match_id: str = Field(primary_key=True, foreign_key="matches.id")
    seat: int = Field(primary_key=True)
    level: str
    token: str


class ServiceKeyRow(SQLModel, table=True):
    """A service credential the server made (the AI service's key, when the operator gave none):
    kept in the database so that every worker accepts the same one."""

    __tablename__ = "service_keys"

    name: str = Field(primary_key=True)
    secret: str


class AiLeaseRow(SQLModel, table=True):
    """Which AI service holds a match's AI turn, and until when (``server/aifeed.py``): a turn is
    offered to one service at a time, and to another once the lease lapses without a move."""

    __tablename__ = "ai_leases"

    match_id: str = Field(primary_key=True, foreign_key="matches.id")
    version: int
    """The match version the turn is at."""
    seat: int
    holder: str
    expires: float
    """Seconds since the epoch (the workers' clocks)."""


class PlayerRow(SQLModel, table=True):
    """An anonymous player (no sign-up): a browser keeps its id and secret token, and the deals
    its seats finish are recorded under it (``DealRecordRow``)."""

    __tablename__ = "players"

    id: str = Field(primary_key=True)
    token_hash: str = Field(unique=True)
    """SHA-256 of the player's token (the token itself is never stored)."""
    created: float
    """Seconds since the epoch."""


class MatchPlayerRow(SQLModel, table=True):
    """A seat of a match played by a player: its finished deals go to the player's history.
    A table of its own (not a column of ``matches``), so that databases made before it gain it
    by ``create_all``."""

    __tablename__ = "match_players"

    match_id: str = Field(primary_key=True, foreign_key="matches.id")
    seat: int = Field(primary_key=True)
    player_id: str = Field(foreign_key="players.id")


class MatchOptionsRow(SQLModel, table=True):
    """A match's house-rule options as resolved when it was created (rules/options.md OPT-0),
    fixed for the whole match. A table of its own, so that databases made before it gain it by
    ``create_all``; no row (a match made before, or a game without options): the defaults."""

    __tablename__ = "match_options"

    match_id: str = Field(primary_key=True, foreign_key="matches.id")
    options_json: str


class DealNumberRow(SQLModel, table=True):
    """A deal's number in its match when it is not its ``deal_no``: counted from 0 again after a
    Restart (OPT-MCR-3.2: the prevailing wind rotates with it). A row only for such a deal, so
    a match never restarted has none, and ``new_deal(seed, dealer, options, number)`` replays
    every deal."""

    __tablename__ = "deal_numbers"

    match_id: str = Field(primary_key=True, foreign_key="matches.id")
    deal_no: int = Field(primary_key=True)
    number: int


class DealRecordRow(SQLModel, table=True):
    """One finished deal as one player's seat saw it (``server/history.py`` derives it from the
    engine's result). Written in the transaction that finishes the deal, and unique per
    (player, match, deal): a retried or raced write never counts a deal twice."""

    __tablename__ = "deal_records"
    __table_args__ = (UniqueConstraint("player_id", "match_id", "deal_no"),
                      Index("ix_deal_records_player_id", "player_id", "id"))

    id: int | None = Field(default=None, primary_key=True)
    """Increasing in the order deals finish: the history's order and its paging cursor."""
    player_id: str = Field(foreign_key="players.id")
    match_id: str = Field(foreign_key="matches.id")
    deal_no: int
    game: str
    finished: float
    """Seconds since the epoch (the worker's clock)."""
    seat: int
    opponents_json: str
    """The other seats in seat order after this one: [{"seat", "kind", "level"}]."""
    score: int
    """The seat's score for the deal (the settlement's delta)."""
    result: str
    """won | dealt_in | other | drawn (``server/history.py``)."""
    hand: str | None = None
    """The winning hand's pattern or shape code, where the game names one."""
    hand_value: int | None = None
    """The winning hand's score in the game's unit (MCR points, fan, huxi, hu)."""


class ReviewRow(SQLModel, table=True):
    """The review of one seat's decisions in one finished deal (``server/review.py``): its
    progress while a worker process evaluates it, then its answer, kept so that a second look
    is instant and a restart loses no finished review. One per (match, deal, seat)."""

    __tablename__ = "reviews"

    match_id: str = Field(primary_key=True, foreign_key="matches.id")
    deal_no: int = Field(primary_key=True)
    seat: int = Field(primary_key=True)
    status: str
    """queued | running | done | failed."""
    done: int = 0
    """Decisions evaluated so far."""
    total: int = 0
    """Decisions to evaluate (the seat's turns with more than one legal action)."""
    decisions_json: str = "[]"
    """The evaluated decisions so far, in deal order."""
    reason: str | None = None
    """Why it failed (status failed)."""
    updated: float = 0.0
    """Seconds since the epoch of the last progress: a review left queued or running by a
    stopped worker is started again once this is old (``server/review.py``)."""


POOL_SIZE = 40
"""Database connections a worker keeps: as many as its request threads (AnyIO's default 40)."""


class Stale(Exception):
    """The match moved on since the version the writer read."""


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL and a busy timeout so several processes can share
    the file."""
    if url.startswith("sqlite"):
        # a connection per request thread, kept: SQLite's overflow connections would be closed
        # and reopened (with the pragmas below) on every request under load
        in_memory = make_url(url).database in (None, "", ":memory:")
        pool = {} if in_memory else {"pool_size": POOL_SIZE, "max_overflow": POOL_SIZE}
        eng = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                            **pool)

        @event.listens_for(eng, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()
    else:
        # as many kept connections as request threads: overflow connections are closed on
        # check-in, and under load reopening them was a measurable share of the worker's time;
        # last in, first out, so the connections in use stay few and warm and only the spare
        # ones sit idle long enough to need the ping below
        eng = create_engine(url, pool_size=POOL_SIZE, max_overflow=POOL_SIZE // 4,
                            pool_use_lifo=True)
        _ping_when_idle(eng)
    _create_tables(eng)
    return eng


IDLE_PING_SECONDS = 2.0
"""A pooled connection idle this long is tested before use (the database may have restarted)."""


def _ping_when_idle(eng: Engine) -> None:
    """SQLAlchemy's pessimistic disconnect handling, but only for connections that sat idle:
    ``pool_pre_ping`` pinged on every checkout, a round trip per query under load, while a
    connection in steady use proves itself alive. A dead one raises ``DisconnectionError``,
    on which the pool replaces it and tries again."""

    @event.listens_for(eng, "checkin")
    def _checkin(_dbapi_conn: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(eng, "checkout")
    def _checkout(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get("idle_since")
        if since is None or time.monotonic() - since < IDLE_PING_SECONDS:
            return
        try:
            cur = dbapi_conn.cursor()
            cur.execute("SELECT 1")
            cur.close()
            if not dbapi_conn.autocommit:
                dbapi_conn.rollback()
        except Exception as exc:
            raise DisconnectionError(f"a pooled connection was dead: {exc}") from exc


def _create_tables(eng: Engine) -> None:
    """Create the tables that are missing. Workers starting together race to create them: the
    loser's CREATE fails because the winner's landed, and a second look finds them all."""
    for attempt in range(5):
        try:
            SQLModel.metadata.create_all(eng)
            return
        except DBAPIError:
            if attempt == 4:
                raise
            time.sleep(0.2 * (attempt + 1))


_matches, _deals = MatchRow.__table__, DealRow.__table__  # type: ignore[attr-defined]
# statements built once: the SET clause is the columns each call passes
_ADVANCE = update(_matches).where(_matches.c.id == bindparam("at_id"),
                                  _matches.c.version == bindparam("at_version"))
_actions = ActionRow.__table__  # type: ignore[attr-defined]
_INSERT_ACTION = insert(_actions)
_ACTIONS = (select(_actions.c.version, _actions.c.seat, _actions.c.action_json)
            .where(_actions.c.match_id == bindparam("at_id"),
                   _actions.c.deal_no == bindparam("at_deal"),
                   _actions.c.version > bindparam("after"),
                   _actions.c.version <= bindparam("upto"))
            .order_by(_actions.c.version))
_NO_LIMIT = 2**31 - 1
"""No upper bound on versions (the largest INTEGER: PostgreSQL types the parameter as the
column)."""


class Entry(NamedTuple):
    """A log entry to write (an ``ActionRow``'s columns): built once per action, where a table
    model's constructor cost a few percent of a worker's time."""

    match_id: str
    version: int
    deal_no: int
    seat: int
    action_json: str


class Lease(NamedTuple):
    """An AI turn an AI service is to play (an ``AiLeaseRow``'s columns)."""

    match_id: str
    version: int
    seat: int
    holder: str
    expires: float


class Outcome(NamedTuple):
    """A finished deal as one seat saw it: a ``DealRecordRow``'s columns but the player and the
    deal, written for each seat a player plays (``server/history.py`` makes them)."""

    seat: int
    game: str
    finished: float
    opponents_json: str
    score: int
    result: str
    hand: str | None
    hand_value: int | None


class Logged(NamedTuple):
    """One logged action: the version it produced, its seat, the action as JSON."""

    version: int
    seat: int
    action_json: str
_ADVANCE_AND_LOG_SQL = (
    "WITH moved AS (UPDATE matches SET version = %(next)s, finished = false"
    " WHERE id = %(at_id)s AND version = %(at_version)s RETURNING id)"
    " INSERT INTO actions (match_id, version, deal_no, seat, action_json)"
    " SELECT id, %(next)s, %(deal_no)s, %(seat)s, %(action_json)s FROM moved")
"""PostgreSQL: an action that does not end the deal, as one statement (data-modifying CTE);
psycopg's parameter style, for ``PostgresAppender``; ``_ADVANCE_AND_LOG`` is the same for
SQLAlchemy."""
_ADVANCE_AND_LOG = text(re.sub(r"%\((\w+)\)s", r":\1", _ADVANCE_AND_LOG_SQL))
_INSERT_DEAL = insert(_deals)
_match_players = MatchPlayerRow.__table__  # type: ignore[attr-defined]
_INSERT_NUMBER = insert(DealNumberRow.__table__)  # type: ignore[attr-defined]
_records = DealRecordRow.__table__  # type: ignore[attr-defined]
_refusals = RefusalRow.__table__  # type: ignore[attr-defined]
_LINKED = select(_match_players.c.seat, _match_players.c.player_id).where(
    _match_players.c.match_id == bindparam("at_id"))
_DEAL_RESULT = update(_deals).where(_deals.c.match_id == bindparam("at_id"),
                                    _deals.c.deal_no == bindparam("at_deal"))


class Found(NamedTuple):
    """A match as every request loads it: its row, its current deal, its options as stored
    (None: the defaults) and the deal's number when it is not its ``deal_no``."""

    match: MatchRow
    deal: DealRow
    options_json: str | None
    number: int | None


class Store:
    """The queries the service needs, and nothing else."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # SQLite has one writer at a time: a worker's writers queue on a lock here rather than
        # in SQLite's busy handler, which sleeps for milliseconds between tries
        self._write_lock: AbstractContextManager[Any] = (
            threading.Lock() if engine.dialect.name == "sqlite" else nullcontext())
        self._one_statement = engine.dialect.name == "postgresql"
        """Data-modifying CTEs (SQLite has none): see ``_advance_and_log``."""

    @contextmanager
    def session(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as s:
            yield s

    def create(self, match: MatchRow, deal: DealRow, ai_seats: list[AiSeatRow],
               player: MatchPlayerRow | None = None,
               options: MatchOptionsRow | None = None) -> None:
        with self.session() as s:
            s.add(match)
            s.flush()
            s.add(deal)
            if options is not None:
                s.add(options)
            for row in ai_seats:
                s.add(row)
            if player is not None:
                s.add(player)
            s.commit()

    def match(self, match_id: str) -> MatchRow | None:
        with self.session() as s:
            return s.get(MatchRow, match_id)

    def version(self, match_id: str) -> int | None:
        with self.session() as s:
            return s.exec(select(MatchRow.version).where(col(MatchRow.id) == match_id)).first()

    def match_and_deal(self, match_id: str) -> Found | None:
        """A match, its current deal, its options and the deal's number in one round trip
        (every request starts here)."""
        with self.session() as s:
            q = (select(MatchRow, DealRow, MatchOptionsRow.options_json, DealNumberRow.number)
                 .join(DealRow, (col(DealRow.match_id) == col(MatchRow.id))
                       & (col(DealRow.deal_no) == col(MatchRow.deal_no)))
                 .outerjoin(MatchOptionsRow, col(MatchOptionsRow.match_id) == col(MatchRow.id))
                 .outerjoin(DealNumberRow, (col(DealNumberRow.match_id) == col(MatchRow.id))
                            & (col(DealNumberRow.deal_no) == col(MatchRow.deal_no)))
                 .where(col(MatchRow.id) == match_id))
            row = s.exec(q).first()
            return Found(*row) if row is not None else None

    def options_json(self, match_id: str) -> str | None:
        """The match's options as stored (None: the defaults)."""
        with self.session() as s:
            row = s.get(MatchOptionsRow, match_id)
            return row.options_json if row is not None else None

    def deal_number(self, match_id: str, deal_no: int) -> int:
        """The deal's number in its match (its ``deal_no`` unless a Restart came before)."""
        with self.session() as s:
            row = s.get(DealNumberRow, (match_id, deal_no))
            return row.number if row is not None else deal_no

    def deal_numbers(self, match_id: str) -> dict[int, int]:
        """The match's deals whose number is not their ``deal_no``: deal_no → number."""
        with self.session() as s:
            q = select(DealNumberRow.deal_no, DealNumberRow.number).where(
                col(DealNumberRow.match_id) == match_id)
            return dict(s.exec(q).all())

    def deal(self, match_id: str, deal_no: int) -> DealRow | None:
        with self.session() as s:
            return s.get(DealRow, (match_id, deal_no))

    def deals(self, match_id: str) -> list[DealRow]:
        with self.session() as s:
            q = select(DealRow).where(DealRow.match_id == match_id).order_by(col(DealRow.deal_no))
            return list(s.exec(q))

    def actions(self, match_id: str, deal_no: int, after_version: int = -1,
                upto_version: int | None = None) -> list[Logged]:
        """A deal's actions in order, optionally only those in (after_version, upto_version].
        Plain rows, not ORM objects: a worker catching up on another's change runs this for
        every action of every match it watches."""
        with self.engine.connect() as conn:
            rows = conn.execute(_ACTIONS, {
                "at_id": match_id, "at_deal": deal_no, "after": after_version,
                "upto": _NO_LIMIT if upto_version is None else upto_version})
            return [Logged(*r) for r in rows]

    def append(self, match_id: str, version: int, *, action: Entry | None = None,
               deal: DealRow | None = None, number: int | None = None,
               finished: bool | None = None,
               scores: list[int] | None = None, result: tuple[int, str] | None = None,
               outcomes: Sequence[Outcome] = ()) -> None:
        """Move match ``match_id`` from ``version`` to ``version + 1`` with what that step
        wrote; raises ``Stale`` when another writer got there first. A new ``deal`` whose
        ``number`` in the match is not its ``deal_no`` (after a Restart) records it (a
        ``DealNumberRow``). With a deal's ``result``,
        its ``outcomes`` are recorded for the seats players play, in the same transaction: a
        deal is in a history exactly when it is over."""
        values: dict[str, Any] = {"version": version + 1}
        if deal is not None:
            values["deal_no"] = deal.deal_no
        if finished is not None:
            values["finished"] = finished
        if scores is not None:
            values["scores_json"] = json.dumps(scores)
        if (self._one_statement and action is not None and deal is None and result is None
                and scores is None and finished is False):
            self._advance_and_log(version, action)
            return
        # SQL expression language on one connection, not the ORM's unit of work: this runs
        # once per action, and the ORM's bookkeeping cost more than the statements themselves
        with self._write_lock, self.engine.connect() as conn:
            try:
                res = conn.execute(_ADVANCE, {"at_id": match_id, "at_version": version, **values})
                if res.rowcount != 1:
                    raise Stale
                if action is not None:
                    conn.execute(_INSERT_ACTION, action._asdict())
                if deal is not None:
                    conn.execute(_INSERT_DEAL, deal.model_dump())
                    if number is not None and number != deal.deal_no:
                        conn.execute(_INSERT_NUMBER, {"match_id": match_id,
                                                      "deal_no": deal.deal_no, "number": number})
                if result is not None:
                    conn.execute(_DEAL_RESULT, {"at_id": match_id, "at_deal": result[0],
                                                "result_json": result[1]})
                    self._record(conn, match_id, result[0], outcomes)
                conn.commit()
            except IntegrityError as exc:  # a racing writer took this version's log slot
                conn.rollback()
                raise Stale from exc
            except BaseException:
                conn.rollback()
                raise

    @staticmethod
    def _record(conn: Any, match_id: str, deal_no: int, outcomes: Sequence[Outcome]) -> None:
        """A finished deal's record for each of the match's seats a player plays."""
        if not outcomes:
            return
        by_seat = {o.seat: o for o in outcomes}
        rows = [{"player_id": player_id, "match_id": match_id, "deal_no": deal_no,
                 **by_seat[seat]._asdict()}
                for seat, player_id in conn.execute(_LINKED, {"at_id": match_id})
                if seat in by_seat]
        if rows:
            conn.execute(insert(_records), rows)

    def refuse(self, match_id: str, deal_no: int, seat: int) -> None:
        """Count one refused action of ``seat`` in the deal (one statement: refusals of one
        seat racing on several workers all count)."""
        table = _refusals
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        stmt = dialect.insert(table).values(match_id=match_id, deal_no=deal_no, seat=seat,
                                            count=1)
        stmt = stmt.on_conflict_do_update(index_elements=["match_id", "deal_no", "seat"],
                                          set_={"count": table.c.count + 1})
        with self._write_lock, self.engine.connect() as conn:
            conn.execute(stmt)
            conn.commit()

    def refusals(self, match_id: str) -> dict[tuple[int, int], int]:
        """The match's refused actions: (deal, seat) → how many."""
        r = _refusals.c
        with self.engine.connect() as conn:
            return {(d, s): n for d, s, n in conn.execute(
                select(r.deal_no, r.seat, r.count).where(r.match_id == match_id))}

    # ------------------------------------------------------------------ players

    def create_player(self, player: PlayerRow) -> None:
        with self.session() as s:
            s.add(player)
            s.commit()

    def claim_seat(self, match_id: str, seat: int, player_id: str) -> str:
        """Make ``seat`` of the match ``player_id``'s unless a player has it: returns the
        player whose it is now (two claims at once: the first written wins)."""
        table = _match_players
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        with self._write_lock, self.engine.connect() as conn:
            conn.execute(dialect.insert(table).values(
                match_id=match_id, seat=seat, player_id=player_id).on_conflict_do_nothing())
            owner = conn.execute(select(table.c.player_id).where(
                table.c.match_id == match_id, table.c.seat == seat)).scalar_one()
            conn.commit()
        return str(owner)

    def player_seats(self, match_id: str, player_id: str) -> list[int]:
        """The seats of the match that are ``player_id``'s, in order."""
        t = _match_players.c
        with self.engine.connect() as conn:
            return [int(seat) for (seat,) in conn.execute(
                select(t.seat).where(t.match_id == match_id, t.player_id == player_id)
                .order_by(t.seat))]

    def player_id(self, token_hash: str) -> str | None:
        """The player whose token hashes to ``token_hash``."""
        with self.session() as s:
            return s.exec(select(PlayerRow.id)
                          .where(col(PlayerRow.token_hash) == token_hash)).first()

    def records(self, player_id: str, game: str | None, limit: int,
                before: int | None) -> list[DealRecordRow]:
        """The player's finished deals, newest first: ``limit`` of them older than the record
        ``before`` (its id), of ``game`` only when given."""
        q = select(DealRecordRow).where(col(DealRecordRow.player_id) == player_id)
        if game is not None:
            q = q.where(col(DealRecordRow.game) == game)
        if before is not None:
            q = q.where(col(DealRecordRow.id) < before)
        with self.session() as s:
            return list(s.exec(q.order_by(col(DealRecordRow.id).desc()).limit(limit)))

    def record_stats(self, player_id: str, game: str | None) -> list[tuple[Any, ...]]:
        """Per game: (game, deals, won, dealt in, drawn, sum of scores), in the database."""
        r = _records.c
        q = (select(r.game, func.count(), *(func.sum(case((r.result == k, 1), else_=0))
                                            for k in ("won", "dealt_in", "drawn")),
                    func.sum(r.score))
             .where(r.player_id == player_id).group_by(r.game).order_by(r.game))
        if game is not None:
            q = q.where(r.game == game)
        with self.engine.connect() as conn:
            return [tuple(row) for row in conn.execute(q)]

    def best_hands(self, player_id: str, game: str | None) -> list[DealRecordRow]:
        """Per game, the player's won deal of the highest hand value (the latest of equals)."""
        rank = func.row_number().over(
            partition_by=col(DealRecordRow.game),
            order_by=(col(DealRecordRow.hand_value).desc(), col(DealRecordRow.id).desc()))
        inner = (select(col(DealRecordRow.id), rank.label("rank"))
                 .where(col(DealRecordRow.player_id) == player_id,
                        col(DealRecordRow.result) == "won",
                        col(DealRecordRow.hand_value).is_not(None)))
        if game is not None:
            inner = inner.where(col(DealRecordRow.game) == game)
        ranked = inner.subquery()
        q = (select(DealRecordRow).join(ranked, ranked.c.id == col(DealRecordRow.id))
             .where(ranked.c.rank == 1))
        with self.session() as s:
            return list(s.exec(q))

    # ------------------------------------------------------------------ reviews

    def review(self, match_id: str, deal_no: int, seat: int) -> ReviewRow | None:
        with self.session() as s:
            return s.get(ReviewRow, (match_id, deal_no, seat))

    def claim_review(self, match_id: str, deal_no: int, seat: int, stale_before: float,
                     now: float) -> bool:
        """Queue the review of (match, deal, seat) unless it is done or being made: True when
        this caller is to run it (no row yet, a failed one, or one whose worker went quiet
        before ``stale_before``). Several workers asking at once: the row decides."""
        table = ReviewRow.__table__  # type: ignore[attr-defined]
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        stmt = dialect.insert(table).values(match_id=match_id, deal_no=deal_no, seat=seat,
                                            status="queued", done=0, total=0,
                                            decisions_json="[]", reason=None, updated=now)
        stmt = stmt.on_conflict_do_update(
            index_elements=["match_id", "deal_no", "seat"],
            set_={"status": "queued", "done": 0, "total": 0, "decisions_json": "[]",
                  "reason": None, "updated": now},
            where=or_(table.c.status == "failed",
                      (table.c.status != "done") & (table.c.updated < stale_before)),
        ).returning(table.c.seat)
        with self._write_lock, self.engine.connect() as conn:
            took = conn.execute(stmt).first() is not None
            conn.commit()
        return took

    def update_review(self, match_id: str, deal_no: int, seat: int, **values: Any) -> None:
        """Progress or the answer of a review (``ReviewRow``'s columns)."""
        table = ReviewRow.__table__  # type: ignore[attr-defined]
        with self._write_lock, self.engine.connect() as conn:
            conn.execute(update(table).where(
                table.c.match_id == match_id, table.c.deal_no == deal_no,
                table.c.seat == seat).values(updated=time.time(), **values))
            conn.commit()

    def touch_reviews(self, keys: list[tuple[str, int, int]]) -> None:
        """Mark the reviews (match, deal, seat) still queued or running as alive now: their
        worker holds them (``server/review.py``'s heartbeat)."""
        table = ReviewRow.__table__  # type: ignore[attr-defined]
        c = table.c
        with self._write_lock, self.engine.connect() as conn:
            for match_id, deal_no, seat in keys:
                conn.execute(update(table).where(
                    c.match_id == match_id, c.deal_no == deal_no, c.seat == seat,
                    c.status.in_(("queued", "running"))).values(updated=time.time()))
            conn.commit()

    def _advance_and_log(self, version: int, action: Entry) -> None:
        """The usual action on PostgreSQL: the version move and its log entry in one statement
        committed on its own, one round trip where BEGIN, UPDATE, INSERT and COMMIT took three
        (the statement is atomic: the entry exists exactly when the version moved)."""
        with self.engine.connect() as conn:
            conn.execution_options(isolation_level="AUTOCOMMIT")
            try:
                res = conn.execute(_ADVANCE_AND_LOG, _advance_and_log_params(version, action))
            except IntegrityError as exc:  # a racing writer took this version's log slot
                raise Stale from exc
        if res.rowcount != 1:
            raise Stale

    def advance_batch(self, writes: list[tuple[int, Entry]]) -> set[str]:
        """SQLite: many usual actions (each at most once per match, none ending a deal) in one
        transaction of two statements: the matches still at their action's version move on
        (``UPDATE … FROM … RETURNING``), then their log entries are written. Returns the matches
        whose action landed; the others are stale. Under load a statement per action queued
        every writer on the one write lock (issue 25: half of the request threads' time)."""
        if not writes:
            return set()
        at = ", ".join("(?, ?)" for _ in writes)
        with self._write_lock, self.engine.connect() as conn:
            try:
                moved = {row[0] for row in conn.exec_driver_sql(
                    "UPDATE matches SET version = v.at + 1, finished = 0 FROM (SELECT column1"
                    f" AS id, column2 AS at FROM (VALUES {at})) AS v WHERE matches.id = v.id"
                    " AND matches.version = v.at RETURNING matches.id",
                    tuple(x for version, e in writes for x in (e.match_id, version)))}
                rows = [e for _, e in writes if e.match_id in moved]
                if rows:
                    conn.exec_driver_sql(
                        "INSERT INTO actions (match_id, version, deal_no, seat, action_json)"
                        f" VALUES {', '.join('(?, ?, ?, ?, ?)' for _ in rows)}",
                        tuple(x for e in rows for x in e))
                conn.commit()
            except BaseException:
                conn.rollback()
                raise
        return moved

    def ai_seats(self, match_id: str) -> list[AiSeatRow]:
        """A match's AI seats, with their tokens (the AI feed hands them to AI services)."""
        with self.session() as s:
            return list(s.exec(select(AiSeatRow).where(AiSeatRow.match_id == match_id)))

    def ai_matches(self) -> dict[str, int]:
        """Every match with AI seats whose current deal is still being played: id → version."""
        with self.session() as s:
            q = (select(MatchRow.id, MatchRow.version).distinct()
                 .join(AiSeatRow, col(AiSeatRow.match_id) == col(MatchRow.id))
                 .where(MatchRow.finished == False))  # noqa: E712
            return dict(s.exec(q).all())

    def service_key(self, name: str) -> str:
        """The service key ``name``, made (a random secret) the first time it is asked for:
        workers starting together agree on the first one written."""
        with self.session() as s:
            row = s.get(ServiceKeyRow, name)
            if row is not None:
                return row.secret
            s.add(ServiceKeyRow(name=name, secret=secrets.token_urlsafe(32)))
            try:
                s.commit()
            except IntegrityError:
                s.rollback()
        with self.session() as s:
            row = s.get(ServiceKeyRow, name)
            assert row is not None
            return row.secret

    def take_leases(self, wanted: list[Lease], now: float) -> list[float | None]:
        """Try to lease each wanted turn: None where taken, else when the lease that holds it
        lapses. A turn is taken when nobody holds its match, or the holder's lease is at an
        older version or lapsed (several workers may ask at once: the row decides)."""
        table = AiLeaseRow.__table__  # type: ignore[attr-defined]
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        out: list[float | None] = []
        with self._write_lock, self.engine.connect() as conn:
            for lease in wanted:
                stmt = dialect.insert(table).values(**lease._asdict())
                stmt = stmt.on_conflict_do_update(
                    index_elements=["match_id"],
                    set_={c: stmt.excluded[c] for c in ("version", "seat", "holder", "expires")},
                    where=or_(table.c.version < stmt.excluded.version, table.c.expires <= now)
                ).returning(table.c.holder)  # psycopg's rowcount is -1 here
                if conn.execute(stmt).first() is not None:
                    out.append(None)
                else:
                    held = conn.execute(select(table.c.expires).where(
                        table.c.match_id == lease.match_id)).scalar()
                    out.append(float(held) if held is not None else now)
            conn.commit()
        return out

    def versions(self, ids: list[str]) -> dict[str, int]:
        if not ids:
            return {}
        with self.session() as s:
            q = select(MatchRow.id, MatchRow.version).where(col(MatchRow.id).in_(ids))
            return dict(s.exec(q).all())


def _advance_and_log_params(version: int, action: Entry) -> dict[str, Any]:
    return {"at_id": action.match_id, "at_version": version, "next": version + 1,
            "deal_no": action.deal_no, "seat": action.seat, "action_json": action.action_json}

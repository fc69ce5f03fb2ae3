"""The event-loop writers: the usual action's write without a request thread, and many
actions' writes together.

A WebSocket or HTTP action that does not end the deal is written here (``Store.append`` writes
everything else). The writes that arrive while a batch is on its way gather, and go out together
as the next batch. Under light load a batch is one action and costs what a single write did;
under heavy load batches grow by themselves.

- PostgreSQL (``PostgresAppender``): the thread hand-off and SQLAlchemy's layers around one
  statement were a sixth of a worker's time under load; then a statement per action was: a send
  to an idle database process is a costly wake-up on this kind of machine, and each commit its
  own WAL flush. A batch is one statement, one commit, one round trip.
- SQLite (``SqliteAppender``): one database file takes one writer at a time, so with a write per
  action in request threads every writer queued on the write lock, and each waited there for the
  interpreter lock besides (1,000 live matches: half of the request threads' time, action p99
  seconds; issue 25). A batch is one transaction of two statements on one writer thread.

Each action in a batch still lands or not on its own: the match moves from v to v+1 only if
it is at v (the log's primary key refuses a second v+1), and a batch never holds two actions of
one match (the second waits for the next batch, where it is refused as stale). On PostgreSQL
the batch locks its matches in id order first, so two workers' batches never wait on each other
in a cycle.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import psycopg
from psycopg.pq import TransactionStatus
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from .store import _ADVANCE_AND_LOG_SQL, Entry, Stale, Store, _advance_and_log_params

log = logging.getLogger(__name__)

_BATCH_SQL = (
    "WITH v AS MATERIALIZED (SELECT * FROM unnest(%(ids)s::varchar[], %(ats)s::int[],"
    " %(deals)s::int[], %(seats)s::int[], %(actions)s::varchar[])"
    " AS v(id, at, deal_no, seat, action_json)),"
    " locked AS MATERIALIZED (SELECT m.id FROM matches m JOIN v ON m.id = v.id"
    " AND m.version = v.at ORDER BY m.id FOR UPDATE OF m),"
    " moved AS (UPDATE matches m SET version = v.at + 1, finished = false FROM v, locked"
    " WHERE m.id = locked.id AND v.id = m.id AND m.version = v.at RETURNING m.id)"
    " INSERT INTO actions (match_id, version, deal_no, seat, action_json)"
    " SELECT v.id, v.at + 1, v.deal_no, v.seat, v.action_json FROM v JOIN moved ON moved.id = v.id"
    " RETURNING match_id")
"""Every action of a batch (arrays of its columns, one match at most once): the matches still
at their action's version are locked in id order, moved on, and their log entries written;
returns the matches whose action landed."""

BATCH_LIMIT = 256
"""Actions in one statement at most (a bound on its size, far above what load gathers)."""


class _Write:
    """One action waiting to be written, and the future its sender awaits."""

    __slots__ = ("entry", "future", "version")

    def __init__(self, version: int, entry: Entry, future: asyncio.Future[None]) -> None:
        self.version = version
        self.entry = entry
        self.future = future


class Appender:
    """Gathers the usual actions' writes into batches, written by at most ``writers`` tasks at
    once; a backend says how a batch is written (``_write``)."""

    def __init__(self, writers: int) -> None:
        self._writers = writers
        self._running = 0
        self._waiting: list[_Write] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self.batches = 0
        """Batches written (the tests and the benchmark read it)."""

    async def close(self) -> None:
        """Release what the writers keep (connections, a thread)."""

    async def advance_and_log(self, version: int, action: Entry) -> None:
        """As ``Store.append`` for an action that does not end the deal: raises ``Stale`` when
        another writer got there first, ``ConnectionError`` when the database cannot be
        written."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append(_Write(version, action, future))
        if self._running < self._writers:
            self._running += 1
            task = asyncio.create_task(self._write_batches())
            self._tasks.add(task)  # held: the loop keeps only a weak reference
            task.add_done_callback(self._tasks.discard)
        await future

    def _next_batch(self) -> list[_Write]:
        """The waiting writes, oldest first, one per match and ``BATCH_LIMIT`` at most; the
        rest wait for the next batch. Writes whose sender stopped waiting are dropped."""
        batch: list[_Write] = []
        later: list[_Write] = []
        seen: set[str] = set()
        for w in self._waiting:
            if w.future.done():
                continue
            if w.entry.match_id in seen or len(batch) >= BATCH_LIMIT:
                later.append(w)
            else:
                seen.add(w.entry.match_id)
                batch.append(w)
        self._waiting = later
        return batch

    async def _write_batches(self) -> None:
        """One writer: write batches until nothing waits."""
        try:
            while batch := self._next_batch():
                self.batches += 1
                await self._write(batch)
        finally:
            self._running -= 1

    async def _write(self, batch: list[_Write]) -> None:
        """Write ``batch`` and settle its futures (``_settle``)."""
        raise NotImplementedError


class SqliteAppender(Appender):
    """Writes batches on SQLite with ``Store.advance_batch``, on one thread of its own: one
    writer, as the database file allows, that never waits for a request thread."""

    def __init__(self, store: Store) -> None:
        super().__init__(writers=1)
        self.store = store
        self._thread: ThreadPoolExecutor | None = None

    async def close(self) -> None:
        """Stop the writer thread; a later write starts a new one (an app whose lifespan ended
        may be served again: a test client's, a restarted one's; a closed pool refused it)."""
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.shutdown(wait=True)

    def _writer(self) -> ThreadPoolExecutor:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-writer")
        return self._thread

    async def _write(self, batch: list[_Write]) -> None:
        loop = asyncio.get_running_loop()
        try:
            moved = await loop.run_in_executor(
                self._writer(), self.store.advance_batch, [(w.version, w.entry) for w in batch])
        except IntegrityError:  # a log slot taken by a writer not through this store
            moved = await loop.run_in_executor(self._writer(), self._one_by_one, batch)
        except Exception as exc:
            # the client hears 503 db/unavailable; the operator needs the cause
            log.warning("SQLite batch write of %d actions failed", len(batch), exc_info=True)
            _settle(batch, set(), ConnectionError(f"SQLite write failed: {exc!r}"))
            return
        _settle(batch, moved, None)

    def _one_by_one(self, batch: list[_Write]) -> set[str]:
        """The batch's writes each on its own: which landed, when one of them collided."""
        moved: set[str] = set()
        for w in batch:
            try:
                self.store.append(w.entry.match_id, w.version, action=w.entry, finished=False)
                moved.add(w.entry.match_id)
            except Stale:
                pass
        return moved


class PostgresAppender(Appender):
    """Writes batches as one statement each on ``writers`` asyncio psycopg connections kept here
    (psycopg_pool's check-out and return cost a twentieth of a worker's time against nothing
    here: each writer task keeps its connection). A connection that fails (the database
    restarted) is replaced and the batch tried once more."""

    def __init__(self, url: str, writers: int = 2) -> None:
        super().__init__(writers)
        self._conninfo = make_url(url).set(drivername="postgresql").render_as_string(
            hide_password=False)
        self._conns: list[Any] = []
        """Open connections no writer task holds (a task takes one, or opens one)."""

    async def close(self) -> None:
        """Close the connections no writer holds (a writer's closes when its batch is done
        and nothing waits)."""
        conns, self._conns = self._conns, []
        for conn in conns:
            await conn.close()

    async def _write(self, batch: list[_Write]) -> None:
        conn = self._conns.pop() if self._conns else None
        conn = await self._write_on(conn, batch)
        if conn is not None:
            self._conns.append(conn)

    async def _write_on(self, conn: Any, batch: list[_Write]) -> Any:
        """Write ``batch`` and settle its futures; returns the connection to keep (None when
        it failed)."""
        try:
            for attempt in range(2):
                try:
                    if conn is None or conn.closed:
                        conn = await psycopg.AsyncConnection.connect(self._conninfo,
                                                                     autocommit=True)
                    moved = await self._send(conn, batch)
                    break
                except psycopg.errors.UniqueViolation:
                    moved = await self._one_by_one(conn, batch)  # a racing writer took a slot
                    break
                except psycopg.OperationalError as exc:
                    if conn is not None:
                        await conn.close()
                    conn = None
                    if attempt:
                        _settle(batch, set(), ConnectionError(f"PostgreSQL write failed: {exc}"))
                        return None
        except BaseException as exc:  # cancelled, or a failure the retry does not cover
            if conn is not None:
                await conn.close()  # mid-statement: its state is unknown
            _settle(batch, set(), ConnectionError(f"PostgreSQL write failed: {exc!r}"))
            if not isinstance(exc, Exception):
                raise
            log.exception("a batch of %d actions failed", len(batch))
            return None
        if conn.info.transaction_status != TransactionStatus.IDLE:
            await conn.close()
            conn = None
        _settle(batch, moved, None)
        return conn

    async def _send(self, conn: Any, batch: list[_Write]) -> set[str]:
        """The batch as one statement: the matches whose action landed."""
        if len(batch) == 1:  # the plain statement: cheaper for the database to run
            w = batch[0]
            cur = await conn.execute(_ADVANCE_AND_LOG_SQL,
                                     _advance_and_log_params(w.version, w.entry))
            return {w.entry.match_id} if cur.rowcount == 1 else set()
        cur = await conn.execute(_BATCH_SQL, {
            "ids": [w.entry.match_id for w in batch], "ats": [w.version for w in batch],
            "deals": [w.entry.deal_no for w in batch], "seats": [w.entry.seat for w in batch],
            "actions": [w.entry.action_json for w in batch]})
        return {row[0] for row in await cur.fetchall()}

    async def _one_by_one(self, conn: Any, batch: list[_Write]) -> set[str]:
        """The batch's writes each on its own: which landed, when one of them collided."""
        moved: set[str] = set()
        for w in batch:
            try:
                if await self._send(conn, [w]):
                    moved.add(w.entry.match_id)
            except psycopg.errors.UniqueViolation:
                pass
        return moved


def appender_for(store: Store, url: str) -> Appender | None:
    """The store's event-loop writer: PostgreSQL's, or SQLite's for a database file whose
    SQLite has ``UPDATE … FROM`` and ``RETURNING`` (3.35, 2021); None otherwise (an in-memory
    database lives in one connection: the store's own append then)."""
    dialect = store.engine.dialect.name
    if dialect == "postgresql":
        return PostgresAppender(url)
    if dialect == "sqlite" and sqlite3.sqlite_version_info >= (3, 35) \
            and store.engine.url.database not in (None, "", ":memory:"):
        return SqliteAppender(store)
    return None


def _settle(batch: list[_Write], moved: set[str], error: Exception | None) -> None:
    """Wake each sender: landed, ``Stale``, or ``error``."""
    for w in batch:
        if w.future.done():
            continue
        if error is not None:
            w.future.set_exception(error)
        elif w.entry.match_id in moved:
            w.future.set_result(None)
        else:
            w.future.set_exception(Stale())

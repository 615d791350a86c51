"""The SQLite backend (aiosqlite): the embedded default, one file beside the bot.

* One writer connection; the store's lock serialises its transactions in this process, and
  ``BEGIN IMMEDIATE`` takes SQLite's write lock before the first read, so no other process can
  change what a transaction read before it writes.
* A second, read-only connection serves pure reads: WAL lets it read the last committed state
  while the writer works, and it can never observe another coroutine's uncommitted writes.
* WAL with ``synchronous=FULL``: every commit fsyncs the WAL, so a committed transfer or journal
  entry survives a power cut, not only a process crash.
* A transaction runs whole on its connection's aiosqlite thread, one hop from the event loop
  (``_on_thread``); the loop is free meanwhile and the writer is held for the database's time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store import shared_sql
from bot.store.backend import Body, JournalBatch, hand_not_running, journal_payload
from bot.store.migrations import apply_migrations
from bot.store.models import HAND_RUNNING

log = logging.getLogger(__name__)

T = TypeVar("T")

BUSY_TIMEOUT_MS = 10_000


class SqliteTx:
    """Statements on one sqlite3 connection, run on that connection's own thread.

    The methods are coroutines only to fit ``Tx``: none of them suspends, so a transaction
    body over them runs to its end in a single ``send`` (``_run_body``).
    """

    __slots__ = ("_db",)

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._db.execute(sql, tuple(params)).fetchone()

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._db.execute(sql, tuple(params)).fetchall()

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._db.execute(sql, tuple(params)).rowcount

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        row_id = self._db.execute(sql, tuple(params)).lastrowid
        if row_id is None:
            raise RuntimeError("insert returned no row id")
        return int(row_id)

    async def many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        self._db.executemany(sql, rows)


def _run_body(body: Body[T], db: sqlite3.Connection) -> T:
    """Run a transaction body over ``db`` to its end, synchronously (on the connection's
    thread). A body awaits only its ``Tx``, whose calls never suspend; one that awaits
    anything else is a bug, refused rather than run half on the wrong thread."""
    coroutine = body(SqliteTx(db))
    try:
        coroutine.send(None)  # type: ignore[attr-defined]
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coroutine.close()  # type: ignore[attr-defined]
    raise RuntimeError("a store transaction awaited something other than its database")


def _transaction(
    db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T], begin: str, end: str
) -> T:
    """``begin``, ``work(db)`` and ``end`` (COMMIT, or ROLLBACK for a read snapshot); rolled
    back if anything fails, COMMIT included."""
    db.execute(begin)
    try:
        result = work(db)
        db.execute(end)
    except BaseException:
        if db.in_transaction:
            with contextlib.suppress(sqlite3.Error):  # SQLite may have rolled back already
                db.execute("ROLLBACK")
        raise
    return result


class SqliteBackend:
    """A SQLite file: ``backend, applied = await SqliteBackend.open(path)``."""

    kind = "sqlite"
    queues_writes = True
    """Every transaction is one call on the writer connection's thread, which runs its calls
    in order (``_on_thread``)."""

    def __init__(self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection):
        self.path = path
        self.location = str(path)
        self._writer = writer
        self._reader = reader
        self._journal: tuple[asyncio.AbstractEventLoop, Callable[[], JournalBatch | None]] | None
        self._journal = None
        """The loop and the store's pending journal batch (``queue_journal``), which the writer
        thread writes before any transaction it runs."""

    @classmethod
    async def open(cls, path: Path, *, synchronous: str = "FULL") -> tuple[SqliteBackend, int]:
        """Open (creating it and its folder if needed) the file and apply the migrations;
        returns the backend and how many migrations ran."""
        if synchronous.upper() not in ("FULL", "NORMAL", "EXTRA"):
            raise ValueError("synchronous must be FULL, NORMAL or EXTRA")
        if str(path) == ":memory:":
            raise ValueError("the store needs a file: a reader and a writer share it")
        path.parent.mkdir(parents=True, exist_ok=True)
        writer = await aiosqlite.connect(path, isolation_level=None)
        try:
            await writer.execute_fetchall(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}")
            rows = list(await writer.execute_fetchall("PRAGMA journal_mode = WAL"))
            if str(rows[0][0]).lower() != "wal":
                raise RuntimeError(f"could not switch {path} to WAL mode")
            await writer.execute_fetchall(f"PRAGMA synchronous = {synchronous.upper()}")
            await writer.execute_fetchall("PRAGMA foreign_keys = ON")
            applied = await apply_migrations(writer)
            reader = await aiosqlite.connect(path, isolation_level=None)
        except BaseException:
            await writer.close()
            raise
        try:
            await reader.execute_fetchall(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}")
            await reader.execute_fetchall("PRAGMA query_only = ON")
        except BaseException:
            await reader.close()
            await writer.close()
            raise
        return cls(path, writer, reader), applied

    async def close(self) -> None:
        try:
            await self._writer.execute_fetchall("PRAGMA optimize")
        except Exception:
            log.debug("PRAGMA optimize failed at close", exc_info=True)
        await self._reader.close()
        await self._writer.close()

    async def pragma(self, name: str) -> Any:
        """One PRAGMA's value on the writer connection (for tests and diagnostics)."""
        rows = list(await self._writer.execute_fetchall(f"PRAGMA {name}"))
        return rows[0][0]

    async def write(self, body: Body[T], *, immediate: bool = True) -> T:
        work = partial(_run_body, body)
        if immediate:
            work = partial(_transaction, work=work, begin="BEGIN IMMEDIATE", end="COMMIT")
        return await _on_thread(self._writer, partial(self._journal_first, work))

    async def read(self, body: Body[T], *, snapshot: bool = True) -> T:
        work = partial(_run_body, body)
        if not snapshot:
            return await _on_thread(self._reader, work)
        return await _on_thread(
            self._reader, partial(_transaction, work=work, begin="BEGIN", end="ROLLBACK")
        )

    async def write_journal(self, states: Mapping[int, str], now: float) -> dict[int, Exception]:
        return await _on_thread(self._writer, partial(_write_journal, states=states, now=now))

    def queue_journal(self, take: Callable[[], JournalBatch | None]) -> asyncio.Future[None]:
        """Queue a journal write on the writer's thread now. It writes what ``take`` gives
        then, unless a transaction queued before it took it first (``_journal_first``): a
        click waits for the transaction running at most, not for every one queued (at 200
        tables the buy-ins of joining players). The thread wakes the batch's waiters itself
        as the commit ends, a turn of the loop before this future is done."""
        self._journal = (asyncio.get_running_loop(), take)
        return _queue_on_thread(self._writer, self._write_pending_journal)

    def _journal_first(self, work: Callable[[sqlite3.Connection], T], db: sqlite3.Connection) -> T:
        """On the writer's thread: the pending journal batch, then ``work``."""
        self._write_pending_journal(db)
        return work(db)

    def _write_pending_journal(self, db: sqlite3.Connection) -> None:
        """On the writer's thread: write the pending journal batch, if any, and wake its
        waiters on the loop (never raises: a failure is the batch's waiters' to see)."""
        if self._journal is None:
            return
        loop, take = self._journal
        batch = take()
        if batch is None:
            return
        try:
            failures = _write_journal(db, batch.states, time.time())
        except Exception as error:
            log.warning("journal batch of %d hands failed: %s", len(batch.states), error)
            loop.call_soon_threadsafe(batch.release, {}, error)
            return
        loop.call_soon_threadsafe(batch.release, failures)
        for hand_id, failure in failures.items():
            log.debug("journal write for hand %d failed: %s", hand_id, failure)


def _queue_on_thread(
    connection: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]
) -> asyncio.Future[T]:
    """Queue ``work`` with the sqlite3 connection on aiosqlite's thread for it, now: a whole
    transaction in one hop, where a statement per call made one each (and a transaction held
    the writer for as many turns of a busy event loop as it had statements). The future is
    done once the thread has run it.

    This is ``Connection._execute`` (aiosqlite's own plumbing, stable since its first
    releases: ``_tx`` its thread's queue, ``_conn`` the sqlite3 connection) without the
    coroutine around it; its public calls take one statement each."""
    if not connection._running or connection._connection is None:
        raise ValueError("Connection closed")
    future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
    connection._tx.put_nowait((future, lambda: work(connection._conn)))
    return future


async def _on_thread(
    connection: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]
) -> T:
    """Run ``work`` on the connection's thread (``_queue_on_thread``) and return its result."""
    return await _queue_on_thread(connection, work)


def _write_journal(
    db: sqlite3.Connection, states: Mapping[int, str], now: float
) -> dict[int, Exception]:
    """The fast path is ONE statement (``shared_sql.JOURNAL_BATCH``, its own transaction in
    autocommit mode): one fsync. If SQLite refuses it (nothing of it is written), the hands are
    written one statement each, so a single bad state fails only its own hand."""
    try:
        written = db.execute(shared_sql.JOURNAL_BATCH, (now, journal_payload(states))).rowcount
    except sqlite3.Error as error:
        log.debug("journal batch statement refused (%s); writing hand by hand", error)
        each = partial(_write_journal_each, states=states, now=now)
        return _transaction(db, each, "BEGIN IMMEDIATE", "COMMIT")
    if written == len(states):
        return {}
    # Some hands are not running. Nothing else writes on this connection meanwhile (this runs
    # on its thread), so the statuses read now are those the statement saw (a hand never
    # goes back to running).
    failures: dict[int, Exception] = {}
    for hand_id in states:
        row = db.execute(shared_sql.HAND_STATUS, (hand_id,)).fetchone()
        if row is None or row[0] != HAND_RUNNING:
            failures[hand_id] = hand_not_running(hand_id, None if row is None else row[0])
    return failures


def _write_journal_each(
    db: sqlite3.Connection, states: Mapping[int, str], now: float
) -> dict[int, Exception]:
    """One statement per hand (inside the caller's transaction). A statement SQLite refuses
    undoes only itself, so the others still commit; an error that ends the transaction (disk
    full, a ``RAISE(ROLLBACK)``) is raised, and the transaction rolls the batch back."""
    failures: dict[int, Exception] = {}
    for hand_id, text in states.items():
        try:
            # RETURNING tells whether a row was written in the same step.
            if db.execute(shared_sql.JOURNAL, (text, now, hand_id)).fetchall():
                continue
            row = db.execute(shared_sql.HAND_STATUS, (hand_id,)).fetchone()
            failures[hand_id] = hand_not_running(hand_id, None if row is None else row[0])
        except sqlite3.Error as error:
            if not db.in_transaction:
                raise
            failures[hand_id] = error
    return failures

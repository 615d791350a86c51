"""The SQLite backend (aiosqlite): the embedded default, one file beside the bot.

* One writer connection; the store's lock serialises its transactions in this process, and
  ``BEGIN IMMEDIATE`` takes SQLite's write lock before the first read, so no other process can
  change what a transaction read before it writes.
* A second, read-only connection serves pure reads: WAL lets it read the last committed state
  while the writer works, and it can never observe another coroutine's uncommitted writes.
* WAL with ``synchronous=FULL``: every commit fsyncs the WAL, so a committed transfer or journal
  entry survives a power cut, not only a process crash.
* Only aiosqlite's public API: each statement is one call on the connection's thread.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store import queries as q
from bot.store.backend import Body, hand_not_running, journal_payload
from bot.store.migrations import apply_migrations
from bot.store.models import HAND_RUNNING

log = logging.getLogger(__name__)

T = TypeVar("T")

BUSY_TIMEOUT_MS = 10_000


class SqliteTx:
    """Statements on one aiosqlite connection (each one call on its thread)."""

    __slots__ = ("_db",)

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        rows = await self._db.execute_fetchall(sql, tuple(params))
        return next(iter(rows), None)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self._db.execute_fetchall(sql, tuple(params)))

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        # not closed: a finished statement holds nothing, and closing costs a second call
        cursor = await self._db.execute(sql, tuple(params))
        return cursor.rowcount

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        row_id = (await self._db.execute(sql, tuple(params))).lastrowid
        if row_id is None:
            raise RuntimeError("insert returned no row id")
        return int(row_id)

    async def many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        await self._db.executemany(sql, rows)


class SqliteBackend:
    """A SQLite file: ``backend, applied = await SqliteBackend.open(path)``."""

    kind = "sqlite"

    def __init__(self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection):
        self.path = path
        self.location = str(path)
        self._writer = writer
        self._reader = reader

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
        if not immediate:
            return await body(SqliteTx(self._writer))
        return await _transaction(self._writer, body, "BEGIN IMMEDIATE", "COMMIT")

    async def read(self, body: Body[T], *, snapshot: bool = True) -> T:
        if not snapshot:
            return await body(SqliteTx(self._reader))
        return await _transaction(self._reader, body, "BEGIN", "ROLLBACK")

    async def write_journal(self, states: Mapping[int, str], now: float) -> dict[int, Exception]:
        """The fast path is ONE statement (``q.JOURNAL_BATCH``, its own transaction in
        autocommit mode): one call on the writer's thread, one fsync. If SQLite refuses it
        (nothing of it is written), the hands are written one statement each, so a single bad
        state fails only its own hand."""
        db = self._writer
        try:
            written = (await db.execute(q.JOURNAL_BATCH, (now, journal_payload(states)))).rowcount
        except sqlite3.Error as error:
            log.debug("journal batch statement refused (%s); writing hand by hand", error)
            return await self._write_journal_each(states, now)
        if written == len(states):
            return {}
        # Some hands are not running. The caller holds the store's write lock and SQLite
        # finished the statement, so the statuses read now are those the statement saw
        # (a hand never goes back to running).
        failures: dict[int, Exception] = {}
        for hand_id in states:
            row = next(iter(await db.execute_fetchall(q.HAND_STATUS, (hand_id,))), None)
            if row is None or row[0] != HAND_RUNNING:
                failures[hand_id] = hand_not_running(hand_id, None if row is None else row[0])
        return failures

    async def _write_journal_each(
        self, states: Mapping[int, str], now: float
    ) -> dict[int, Exception]:
        """One statement per hand, in one transaction. A statement SQLite refuses undoes only
        itself, so the others still commit; an error that ends the transaction (disk full, a
        failed COMMIT, a ``RAISE(ROLLBACK)``) rolls back the batch and is raised."""
        db = self._writer
        failures: dict[int, Exception] = {}
        await db.execute("BEGIN IMMEDIATE")
        try:
            for hand_id, text in states.items():
                try:
                    # RETURNING tells whether a row was written in the same step.
                    if list(await db.execute_fetchall(q.JOURNAL, (text, now, hand_id))):
                        continue
                    rows = list(await db.execute_fetchall(q.HAND_STATUS, (hand_id,)))
                    failures[hand_id] = hand_not_running(hand_id, rows[0][0] if rows else None)
                except sqlite3.Error as error:
                    if not db.in_transaction:
                        raise
                    failures[hand_id] = error
            await db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    await db.execute("ROLLBACK")
            raise
        return failures


async def _transaction(db: aiosqlite.Connection, body: Body[T], begin: str, end: str) -> T:
    """``begin``, the body and ``end`` (COMMIT, or ROLLBACK for a read snapshot); rolled back
    if anything fails, COMMIT included."""
    await db.execute(begin)
    try:
        result = await body(SqliteTx(db))
        await db.execute(end)
    except BaseException:
        if db.in_transaction:
            with contextlib.suppress(sqlite3.Error):  # SQLite may have rolled back already
                await db.execute("ROLLBACK")
        raise
    return result

"""The PostgreSQL backend (asyncpg): one database shared by every process of a large bot.

* Every write transaction runs at ``SERIALIZABLE``: the transaction bodies read, check and then
  write (a balance, a seat, a hand's status), and PostgreSQL guarantees the outcome is that of
  some serial order of all of them, whichever process runs them. One that cannot be placed in
  such an order fails with a serialisation failure (or a deadlock) and nothing of it is
  written; it is run again from the start, up to ``MAX_ATTEMPTS`` times, after a short random
  pause. The bodies have no effect outside the database, so running one again is safe.
* One writer connection (the store's lock serialises its transactions in this process, as with
  SQLite) and one reader connection; reads of several statements share one ``REPEATABLE READ``
  snapshot.
* The statements are ``queries.py``'s, with ``?``/``?N`` placeholders turned into ``$N``; the
  few that use SQLite-only functions have their PostgreSQL text in ``OVERRIDES`` below.
* Commits are durable as the server is configured (``synchronous_commit`` on by default).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.store import queries as q
from bot.store.backend import Body, JournalBatch, Tx, hand_not_running, journal_payload
from bot.store.migrations_pg import apply_migrations
from bot.store.models import HAND_RUNNING

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_ATTEMPTS = 12
"""Runs of one write transaction before a serialisation failure is given up and raised."""
RETRYABLE = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError)

OVERRIDES: dict[str, str] = {
    q.ALERT_MODES: """
SELECT user_id, mode FROM alert_modes
WHERE guild_id = $1 AND user_id IN (SELECT value::bigint FROM json_array_elements_text($2::json))
""",
    # json (not jsonb) keeps each element's text as it was written: the state is stored
    # exactly as the store encoded it.
    q.JOURNAL_BATCH: """
INSERT INTO hand_journal (hand_id, seq, state, updated_at)
SELECT h.id, 1, pending.value ->> 1, $1
FROM json_array_elements($2::json) AS pending (value)
JOIN hands AS h ON h.id = (pending.value ->> 0)::bigint
WHERE h.status = 'running'
ON CONFLICT (hand_id) DO UPDATE SET
    seq = hand_journal.seq + 1, state = excluded.state, updated_at = excluded.updated_at
""",
    # "$N IS NULL" alone does not tell PostgreSQL the parameter's type: cast it.
    q.RECENT_HANDS: """
SELECT id, table_id, guild_id, channel_id, status, started_at, ended_at, summary, void_reason
FROM hands
WHERE guild_id = $1 AND status != 'running'
  AND ($2::bigint IS NULL OR channel_id = $2)
  AND ($3::bigint IS NULL
       OR id IN (SELECT hand_id FROM hand_players WHERE guild_id = $1 AND user_id = $3))
ORDER BY id DESC
LIMIT $4
""",
    q.LEDGER_ENTRIES: """
SELECT t.kind, e.account, e.amount
FROM ledger_entries AS e JOIN ledger_tx AS t ON t.id = e.tx_id
WHERE $1::bigint IS NULL OR t.hand_id = $1
ORDER BY e.id
""",
}
"""PostgreSQL's text of the statements whose SQLite text it cannot run (keyed by that text)."""

_PLACEHOLDER = re.compile(r"\?(\d*)")


@functools.lru_cache(maxsize=512)
def postgres_sql(sql: str) -> str:
    """The PostgreSQL text of one of the store's statements: its override, or the same text
    with ``?`` placeholders numbered ``$1, $2, ...`` (``?N`` becomes ``$N``)."""
    override = OVERRIDES.get(sql)
    if override is not None:
        return override
    counter = 0

    def number(match: re.Match[str]) -> str:
        nonlocal counter
        if match.group(1):
            return f"${match.group(1)}"
        counter += 1
        return f"${counter}"

    return _PLACEHOLDER.sub(number, sql)


def row_count(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 1`` or ``INSERT 0 3``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def redacted(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" if parts.username else host
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))


class PostgresTx:
    """Statements on one asyncpg connection."""

    __slots__ = ("_conn",)

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self._conn.fetchrow(postgres_sql(sql), *params)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self._conn.fetch(postgres_sql(sql), *params))

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return row_count(await self._conn.execute(postgres_sql(sql), *params))

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        row_id = await self._conn.fetchval(postgres_sql(sql) + " RETURNING id", *params)
        if row_id is None:
            raise RuntimeError("insert returned no row id")
        return int(row_id)

    async def many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        await self._conn.executemany(postgres_sql(sql), rows)


class PostgresBackend:
    """A PostgreSQL database: ``backend, applied = await PostgresBackend.open(url)``."""

    kind = "postgresql"
    queues_writes = False
    """The writer is one connection, and asyncpg refuses a second operation while one runs."""

    def __init__(self, url: str, writer: asyncpg.Connection, reader: asyncpg.Connection):
        self.url = url
        self.location = redacted(url)
        self._writer = writer
        self._reader = reader

    @classmethod
    async def open(cls, url: str) -> tuple[PostgresBackend, int]:
        """Connect (writer and reader) and apply the migrations; returns the backend and how
        many migrations ran."""
        writer = await asyncpg.connect(url)
        try:
            applied = await apply_migrations(writer)
            reader = await asyncpg.connect(url)
        except BaseException:
            await writer.close()
            raise
        return cls(url, writer, reader), applied

    async def close(self) -> None:
        await self._reader.close()
        await self._writer.close()

    async def write(self, body: Body[T], *, immediate: bool = True) -> T:
        return await self.serializable(self._writer, body)

    async def read(self, body: Body[T], *, snapshot: bool = True) -> T:
        if not snapshot:
            return await body(PostgresTx(self._reader))
        async with self._reader.transaction(isolation="repeatable_read", readonly=True):
            return await body(PostgresTx(self._reader))

    @staticmethod
    async def serializable(conn: asyncpg.Connection, body: Body[T]) -> T:
        """Run ``body`` in a SERIALIZABLE transaction, again from the start while PostgreSQL
        refuses it as not serialisable (nothing of a refused run is written)."""
        for attempt in range(1, MAX_ATTEMPTS + 1):
            try:
                async with conn.transaction(isolation="serializable"):
                    return await body(PostgresTx(conn))
            except RETRYABLE as error:
                if attempt == MAX_ATTEMPTS:
                    raise
                log.debug("transaction retried (attempt %d): %s", attempt, error)
                await asyncio.sleep(random.uniform(0, 0.002 * 2 ** min(attempt, 6)))
        raise AssertionError("unreachable")

    async def write_journal(self, states: Mapping[int, str], now: float) -> dict[int, Exception]:
        """ONE statement for the whole batch (``OVERRIDES[q.JOURNAL_BATCH]``) and the statuses
        of any hand it skipped, in one transaction; if PostgreSQL refuses the statement, the
        hands are written one statement each, each in its own savepoint, so a single bad state
        fails only its own hand."""
        payload = journal_payload(states)

        async def batch(tx: Tx) -> dict[int, Exception]:
            written = await tx.run(q.JOURNAL_BATCH, (now, payload))
            if written == len(states):
                return {}
            failures: dict[int, Exception] = {}
            for hand_id in states:
                row = await tx.one(q.HAND_STATUS, (hand_id,))
                if row is None or row[0] != HAND_RUNNING:
                    failures[hand_id] = hand_not_running(hand_id, None if row is None else row[0])
            return failures

        try:
            return await self.write(batch)
        except asyncpg.PostgresError as error:
            if isinstance(error, RETRYABLE):
                raise
            log.debug("journal batch statement refused (%s); writing hand by hand", error)
        return await self.write(lambda tx: self._write_journal_each(states, now))

    def queue_journal(self, take: Callable[[], JournalBatch | None]) -> asyncio.Future[None]:
        """Not on PostgreSQL (``queues_writes`` is False): the store's task writes its batches
        with ``write_journal`` in a turn of its write lock."""
        raise NotImplementedError("the PostgreSQL writer does not queue writes")

    async def _write_journal_each(
        self, states: Mapping[int, str], now: float
    ) -> dict[int, Exception]:
        conn = self._writer
        failures: dict[int, Exception] = {}
        for hand_id, text in states.items():
            try:
                async with conn.transaction():  # a savepoint: a refusal undoes only this hand
                    written = await conn.fetch(postgres_sql(q.JOURNAL), text, now, hand_id)
            except asyncpg.PostgresError as error:
                if isinstance(error, RETRYABLE):
                    raise
                failures[hand_id] = error
                continue
            if not written:
                status = await conn.fetchval(postgres_sql(q.HAND_STATUS), hand_id)
                failures[hand_id] = hand_not_running(hand_id, status)
        return failures

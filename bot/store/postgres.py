"""The PostgreSQL backend (asyncpg): one database shared by every process of a large bot.

* Every write transaction runs at ``SERIALIZABLE``: the transaction bodies read, check and then
  write (a balance, a seat, a hand's status), and PostgreSQL guarantees the outcome is that of
  some serial order of all of them, whichever process runs them. One that cannot be placed in
  such an order fails with a serialisation failure (or a deadlock) and nothing of it is
  written; it is run again from the start, up to ``MAX_ATTEMPTS`` times, after a short random
  pause. The bodies have no effect outside the database, so running one again is safe.
* One writer connection (the store's lock serialises its transactions in this process, as with
  SQLite) and one reader connection; reads of several statements share one ``REPEATABLE READ``
  snapshot. Each is opened again (``_connect``) when it is found closed or lost: a backend
  terminated, a server restarted or failed over. Not an asyncpg pool: the store runs one
  transaction at a time on each connection anyway, and a pool's acquire and release cost
  25-35 us of the event loop's time (and a task) per transaction, on the journal's hot path.
  The backend sets no session state (isolation is chosen per transaction, the codecs are
  asyncpg's own); a setting it ever needs goes in ``_connect``, so a new connection has it too.
* A transaction whose connection is lost (or cannot be made: the server is restarting) is run
  again from the start on a new connection, after pauses of ``BACKOFF_SECONDS``, until
  ``RECONNECT_SECONDS`` after the outage began: a click's answer waits for its write, and
  Discord wants it within 3 s. Then the call raises ``StoreUnavailable``. The budget is the
  outage's, shared by every call made during it: once the server has been unreachable for that
  long, a call gets one try (no pause), so writers waiting for their turn do not each wait out
  a budget of their own; the first call that gets through ends the outage.
* Running a body again is safe when its connection was lost before COMMIT was sent: nothing
  of it was written. When the connection is lost during COMMIT, the transaction may have been
  applied without an answer, and each body is safe to run again for its own reason:

  - Every chip movement (grants, dailies, starting wallets, buy-ins, top-ups, cash-outs, house
    seats, a hand's settlement or void) writes ledger transactions, which carry the store
    call's key (``runner._Call``, a UNIQUE column): a run after an unanswered COMMIT first looks
    for its key and, found, returns the answer of the run that committed. Chips never move
    twice, and a settled hand is not answered "already over".
  - A journal batch is an upsert of each running hand's latest state: the same state again
    (its ``seq``, a write counter, counts one more).
  - Settings, languages, alert modes, member locales, house fill, a table's message, status
    and button, a seat's flags and queued top-up and ``mark_announced`` set values rather than
    add to them: the same values again (``update_seat`` stamps ``sat_out_at`` only on a seat
    not already out; ``add_queued_chips`` empties the queue, and moves chips with a key).
  - ``tables.get_or_create`` finds the table it opened; ``hands.begin`` finds the running hand
    it began (its start time is the call's) and returns it; ``tables.close`` with nobody seated
    closes the closed table again.
* The statements are the store parts' (each beside its use) and ``shared_sql.py``'s, with
  ``?``/``?N`` placeholders turned into ``$N``; the few that use SQLite-only functions have a
  PostgreSQL text beside them (``<NAME>_PG``), mapped in ``OVERRIDES`` below.
* Commits are durable as the server is configured (``synchronous_commit`` on by default).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Literal, TypeVar
from urllib.parse import unquote_plus

import asyncpg

from bot.store import audit, hands, settings, shared_sql
from bot.store.backend import Body, JournalBatch, Tx, hand_not_running, journal_payload
from bot.store.errors import StoreUnavailable
from bot.store.migrations_pg import apply_migrations
from bot.store.models import HAND_RUNNING

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_ATTEMPTS = 12
"""Runs of one write transaction before a serialisation failure is given up and raised."""
RETRYABLE = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError)

RECONNECT_SECONDS = 2.0
"""How long calls keep running their transactions again after losing the connection, counted
from the outage's first loss (an outage ends when a transaction gets through)."""
BACKOFF_SECONDS = (0.02, 0.05, 0.1, 0.2, 0.3)
"""The pauses before each new run of a call that lost its connection (the last one repeats):
a terminated backend is replaced at once, a restarting server takes a second or two."""
CONNECT_TIMEOUT_SECONDS = 2.0
"""Longest wait for one new connection (a server that does not answer at all)."""
CLOSE_TIMEOUT_SECONDS = 5.0
"""Longest wait to close a connection gracefully before it is dropped."""

CONNECTION_LOST: tuple[type[BaseException], ...] = (
    OSError,  # refused, reset, broken pipe, no socket, a connection attempt timed out
    asyncpg.PostgresConnectionError,  # class 08, ConnectionDoesNotExistError among them
    asyncpg.AdminShutdownError,  # 57P01: pg_terminate_backend, a server shutting down
    asyncpg.CrashShutdownError,  # 57P02
    asyncpg.CannotConnectNowError,  # 57P03: the server is starting up or shutting down
)
"""Errors that mean the connection is gone (or cannot be made), not that the database
refused the transaction."""
CONNECTION_LOST_OR_CLOSED: tuple[type[BaseException], ...] = (
    *CONNECTION_LOST,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
)
"""``CONNECTION_LOST``, and two errors that mean the connection is gone when asyncpg has closed
it after them (on a live connection they are a misuse, raised as they are): "connection is
closed"; and "cannot switch to state ...; another operation is in progress", which is not
another caller: a session the server ended while it was idle sent its FATAL message, read in
one turn of the event loop, and its close, not read yet; the protocol takes no statement after
the unexpected message, and asyncpg aborts the connection when the next one is refused."""

OVERRIDES: dict[str, str] = {
    settings.ALERT_MODES_OF: settings.ALERT_MODES_OF_PG,
    shared_sql.JOURNAL_BATCH: shared_sql.JOURNAL_BATCH_PG,
    hands.RECENT_HANDS: hands.RECENT_HANDS_PG,
    audit.LEDGER_ENTRIES: audit.LEDGER_ENTRIES_PG,
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
    """The URL without its passwords, for messages and logs: the one after the user name
    (``user:***@host``) and the query's ``password`` and ``sslpassword`` (``password=***``),
    the two asyncpg reads (``bot.config.SECRET_PARAMETERS``). Anything else (a SQLite path)
    is returned as it is.

    Cut by hand, not by ``urlsplit``: a password holding an unencoded ``/ ? # @`` (a base64
    one) ends ``urlsplit``'s address early and would be shown. Here everything from the user
    name's ``:`` up to the last ``@`` is hidden, at worst more than the password."""
    scheme, separator, rest = url.partition("://")
    if not separator:
        return url
    user, colon, after = rest.partition(":")
    last_at = after.rfind("@")
    if colon and last_at >= 0 and not any(mark in user for mark in "/?#"):
        rest = f"{user}:***{after[last_at:]}"
    address, question, query = rest.partition("?")
    fields = []
    for field in query.split("&") if question else ():
        key, equals, _ = field.partition("=")
        if equals and unquote_plus(key).strip().lower() in ("password", "sslpassword"):
            field = f"{key}=***"
        fields.append(field)
    return f"{scheme}://{address}{question}{'&'.join(fields)}"


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


class ConnectionLost(Exception):
    """A run of a transaction lost its connection (the error is its ``__cause__``);
    ``committing``: while its COMMIT was on its way, so it may have been applied."""

    def __init__(self, committing: bool) -> None:
        super().__init__("the connection to PostgreSQL was lost")
        self.committing = committing


Work = Callable[[asyncpg.Connection], Awaitable[T]]

Role = Literal["writer", "reader"]


class PostgresBackend:
    """A PostgreSQL database: ``backend, applied = await PostgresBackend.open(url)``."""

    kind = "postgresql"
    queues_writes = False
    """The writer is one connection, and asyncpg refuses a second operation while one runs."""

    def __init__(self, url: str, writer: asyncpg.Connection, reader: asyncpg.Connection):
        self.url = url
        self.location = redacted(url)
        self._connections: dict[Role, asyncpg.Connection | None] = {
            "writer": writer,
            "reader": reader,
        }
        """Each role's connection; None once lost, until the next transaction opens one."""
        self._unreachable_since: float | None = None
        """When the connection was lost (loop time), while no transaction has got through
        since: the outage whose budget every call shares."""

    @classmethod
    async def _connect(cls, url: str) -> asyncpg.Connection:
        """A new connection, with every setting the backend's connections have (none beyond
        asyncpg's defaults today)."""
        return await asyncpg.connect(url, timeout=CONNECT_TIMEOUT_SECONDS)

    @classmethod
    async def open(cls, url: str) -> tuple[PostgresBackend, int]:
        """Connect (writer and reader) and apply the migrations; returns the backend and how
        many migrations ran."""
        writer = await cls._connect(url)
        try:
            applied = await apply_migrations(writer)
            reader = await cls._connect(url)
        except BaseException:
            writer.terminate()
            raise
        return cls(url, writer, reader), applied

    async def close(self) -> None:
        for role, conn in self._connections.items():
            self._connections[role] = None
            if conn is None:
                continue
            try:
                await asyncio.wait_for(conn.close(), CLOSE_TIMEOUT_SECONDS)
            except Exception as error:  # a server gone: drop the connection
                log.debug("closing the %s connection failed (%s); dropped", role, error)
                conn.terminate()

    async def write(self, body: Body[T], *, immediate: bool = True) -> T:
        return await self._run(
            "writer", lambda conn: body(PostgresTx(conn)), isolation="serializable"
        )

    async def read(self, body: Body[T], *, snapshot: bool = True) -> T:
        return await self._run(
            "reader",
            lambda conn: body(PostgresTx(conn)),
            isolation="repeatable_read" if snapshot else None,
            readonly=True,
        )

    async def _connection(self, role: Role) -> asyncpg.Connection:
        """The role's connection, opened again if it was lost or found closed."""
        conn = self._connections[role]
        if conn is not None and not conn.is_closed():
            return conn
        if conn is not None:
            conn.terminate()
            self._connections[role] = None
        conn = self._connections[role] = await self._connect(self.url)
        return conn

    async def _attempt(
        self,
        role: Role,
        work: Work[T],
        isolation: Literal["serializable", "repeatable_read"] | None,
        readonly: bool,
    ) -> T:
        """One run of ``work``; ``ConnectionLost`` if the connection cannot be made or is lost
        (one of ``CONNECTION_LOST``, or another of ``CONNECTION_LOST_OR_CLOSED`` on a
        connection now closed); a lost connection is dropped, for the next run to open a new
        one."""
        committing = False
        conn: asyncpg.Connection | None = None
        try:
            conn = await self._connection(role)
            if isolation is None:
                return await work(conn)
            async with conn.transaction(isolation=isolation, readonly=readonly):
                result = await work(conn)
                committing = not readonly
            return result
        except CONNECTION_LOST_OR_CLOSED as error:
            if not isinstance(error, CONNECTION_LOST) and (conn is None or not conn.is_closed()):
                raise  # a misuse of a live connection, not a lost one
            if conn is not None:
                conn.terminate()
                if self._connections[role] is conn:
                    self._connections[role] = None
            raise ConnectionLost(committing) from error

    async def _run(
        self,
        role: Role,
        work: Work[T],
        *,
        isolation: Literal["serializable", "repeatable_read"] | None,
        readonly: bool = False,
    ) -> T:
        """Run ``work`` on the role's connection, inside a transaction of ``isolation`` (None:
        none, a single statement), again from the start while PostgreSQL refuses it as not
        serialisable (``MAX_ATTEMPTS`` runs) or the connection is lost (until the outage's
        ``RECONNECT_SECONDS`` are spent, then ``StoreUnavailable``)."""
        loop = asyncio.get_running_loop()
        refusals = pauses = 0
        lost_at: float | None = None
        outcome_unknown = False
        while True:
            try:
                result = await self._attempt(role, work, isolation, readonly)
            except RETRYABLE as error:
                refusals += 1
                if refusals == MAX_ATTEMPTS:
                    raise
                log.debug("transaction retried (attempt %d): %s", refusals, error)
                await asyncio.sleep(random.uniform(0, 0.002 * 2 ** min(refusals, 6)))
                continue
            except ConnectionLost as lost:
                cause = lost.__cause__
                now = loop.time()
                outcome_unknown = outcome_unknown or lost.committing
                if lost_at is None:
                    if self._unreachable_since is None:
                        self._unreachable_since = now
                        log.warning(
                            "PostgreSQL connection lost (%s: %s); running the transaction "
                            "again on a new connection",
                            type(cause).__name__,
                            cause,
                        )
                    lost_at = self._unreachable_since
                pause = BACKOFF_SECONDS[min(pauses, len(BACKOFF_SECONDS) - 1)]
                if now + pause - lost_at > RECONNECT_SECONDS:
                    log.warning(
                        "PostgreSQL at %s is not answering (%s: %s)%s",
                        self.location,
                        type(cause).__name__,
                        cause,
                        "; a COMMIT went unanswered" if outcome_unknown else "",
                    )
                    raise self._unavailable(outcome_unknown) from cause
                pauses += 1
                await asyncio.sleep(pause)
                continue
            if self._unreachable_since is not None:
                log.info(
                    "PostgreSQL answers again after %.1f s", loop.time() - self._unreachable_since
                )
                self._unreachable_since = None
            return result

    @staticmethod
    def _unavailable(outcome_unknown: bool) -> StoreUnavailable:
        if outcome_unknown:
            return StoreUnavailable(
                "The database stopped answering while this was being saved: it was saved "
                "once or not at all. Please check before trying again.",
                outcome_unknown=True,
            )
        return StoreUnavailable(
            "The database is not answering; nothing was changed. Please try again in a moment."
        )

    async def write_journal(self, states: Mapping[int, str], now: float) -> dict[int, Exception]:
        """ONE statement for the whole batch (``shared_sql.JOURNAL_BATCH_PG``) and the statuses
        of any hand it skipped, in one transaction; if PostgreSQL refuses the statement, the
        hands are written one statement each, each in its own savepoint, so a single bad state
        fails only its own hand. Either is run again on a lost connection: an upsert of the
        latest states, the same again."""
        payload = journal_payload(states)

        async def batch(tx: Tx) -> dict[int, Exception]:
            written = await tx.run(shared_sql.JOURNAL_BATCH, (now, payload))
            if written == len(states):
                return {}
            failures: dict[int, Exception] = {}
            for hand_id in states:
                row = await tx.one(shared_sql.HAND_STATUS, (hand_id,))
                if row is None or row[0] != HAND_RUNNING:
                    failures[hand_id] = hand_not_running(hand_id, None if row is None else row[0])
            return failures

        try:
            return await self.write(batch)
        except asyncpg.PostgresError as error:
            if isinstance(error, RETRYABLE):
                raise
            log.debug("journal batch statement refused (%s); writing hand by hand", error)
        return await self._run(
            "writer",
            lambda conn: self._write_journal_each(conn, states, now),
            isolation="serializable",
        )

    def queue_journal(self, take: Callable[[], JournalBatch | None]) -> asyncio.Future[None]:
        """Not on PostgreSQL (``queues_writes`` is False): the store's task writes its batches
        with ``write_journal`` in a turn of its write lock."""
        raise NotImplementedError("the PostgreSQL writer does not queue writes")

    @staticmethod
    async def _write_journal_each(
        conn: asyncpg.Connection, states: Mapping[int, str], now: float
    ) -> dict[int, Exception]:
        failures: dict[int, Exception] = {}
        for hand_id, text in states.items():
            try:
                async with conn.transaction():  # a savepoint: a refusal undoes only this hand
                    written = await conn.fetch(postgres_sql(shared_sql.JOURNAL), text, now, hand_id)
            except asyncpg.PostgresError as error:
                if isinstance(error, RETRYABLE + CONNECTION_LOST):
                    raise
                failures[hand_id] = error
                continue
            if not written:
                status = await conn.fetchval(postgres_sql(shared_sql.HAND_STATUS), hand_id)
                failures[hand_id] = hand_not_running(hand_id, status)
        return failures

"""The chip store: wallets, a double-entry ledger, settings, tables, seats and the hand journal.

Why it is built this way:

* The chip rules live here once, over either database. Each operation checks its arguments,
  then runs a transaction body (a coroutine over ``backend.Tx``) that reads, checks again what
  only the database knows, and writes; the backend (``sqlite.py``, ``postgres.py``) runs the
  body as one transaction that serialises with every other writer of the database, in this
  process or another. ``Store.open`` picks the backend from the location: a
  ``postgresql://`` URL, or a SQLite file path.
* One writer connection, whose transactions never interleave: two coroutines sharing it would
  otherwise mix statements inside one transaction and commit each other's half-done transfer.
  On PostgreSQL a lock gives each transaction its turn. On SQLite a transaction is one call on
  the connection's own thread, which runs its calls in order, so up to ``IN_FLIGHT`` are handed
  over at once and the thread never waits for the event loop between two of them.
* A transaction is run as a shielded task: if the awaiting coroutine is cancelled (an interaction
  times out, a session stops), the transaction still finishes, commit or rollback, and the lock is
  never released halfway.
* A backend may run a transaction body more than once (PostgreSQL: after a serialisation
  failure, or on a new connection after losing one, perhaps during its COMMIT). Each write call
  draws a key before its first run (``_Call``); its ledger transactions carry it in a UNIQUE
  column, and a run that finds its key already written returns the answer of the run that
  committed: chips move at most once per call. ``postgres.py`` says why running again each
  body that writes no ledger transaction is safe.
* Journal writes (one per player action, the hot path) are group-committed: each call leaves the
  hand's latest state in a pending batch, and a batch write writes every pending hand in ONE
  transaction of ONE statement (one fsync for the whole batch; on PostgreSQL a task takes one
  turn of the write lock for it, while on SQLite it goes onto the writer thread's queue at once
  and the thread wakes the waiters: one batch writing, the next gathering). A call
  returns only after the commit that holds its state (or a newer state of the same hand) is
  durable, so durability is what it was with one transaction per call; under load the batches
  grow instead of a queue of waiters each passing the write lock on.
* A second, read-only connection serves pure reads from the last committed state.
* Chips move only as ledger transactions whose entries sum to zero; wallet and seat rows hold the
  balances beside the ledger, and ``audit()`` checks one against the other.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import threading
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

import orjson

from bot.house.accounts import HOUSE_ACCOUNT_ID, HOUSE_PLAYER_IDS
from bot.messages import LANGUAGES
from bot.store import queries as q
from bot.store.backend import Backend, Body, Tx, is_postgres_url
from bot.store.errors import (
    AlreadySeated,
    ChipsNotConserved,
    DailyCooldown,
    DailyDisabled,
    HandAlreadyFinished,
    HandInProgress,
    HandNotFound,
    InsufficientFunds,
    InvalidAmount,
    InvalidSetting,
    NotSeated,
    SeatTaken,
    StoreError,
    TableClosed,
    TableFull,
    TableLimit,
    TableNotFound,
)
from bot.store.models import (
    ALERT_MODE_DEFAULT,
    ALERT_MODES,
    CARD_STYLES,
    HAND_RUNNING,
    SOURCE_CHANNEL,
    SOURCE_DEFAULT,
    SOURCE_SERVER,
    TABLE_CLOSED,
    TABLE_OPEN,
    TABLE_STATUSES,
    AuditReport,
    HandPlayer,
    HandRecord,
    LeaderRow,
    SeatRow,
    Settings,
    SettingsReport,
    Stats,
    TableRow,
    UnfinishedHand,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_CHIPS = 10**12
"""Largest single amount (grant, buy-in, stack) the store accepts."""
MAX_BALANCE = 10**15
"""Largest wallet; far below SQLite's 2**63 so sums can never overflow."""
MAX_ID = 2**63 - 1
MAX_SMALL_BET = 10**9
MAX_CAP = 10
MIN_TIMER_SECONDS = 10
MAX_TIMER_SECONDS = 600
MAX_ECONOMY = 10**9
MIN_HAND_PAUSE_SECONDS = 2
MAX_HAND_PAUSE_SECONDS = 60
MIN_ALERT_DELAY_SECONDS = 0
"""0 turns turn alerts off for the whole server."""
MAX_ALERT_DELAY_SECONDS = 120
MIN_IDLE_CLOSE_SECONDS = 60
"""The shortest idle time of an empty table an admin may set (a deployment may lower it)."""
MAX_IDLE_CLOSE_SECONDS = 24 * 3600
MAX_TABLES_PER_MEMBER = 25

MINT = "mint"


def wallet_account(guild_id: int, user_id: int) -> str:
    """Ledger account of a member's wallet in one server."""
    return f"wallet:{guild_id}:{user_id}"


def seat_account(table_id: int, user_id: int) -> str:
    """Ledger account of the chips a player holds in escrow at a table."""
    return f"seat:{table_id}:{user_id}"


def pot_account(hand_id: int) -> str:
    """Ledger account of one hand's pot (empty again once the hand is settled or voided)."""
    return f"pot:{hand_id}"


def check_chips(
    value: object, what: str = "amount", *, minimum: int = 1, maximum: int = MAX_CHIPS
) -> int:
    """Return ``value`` if it is a plain ``int`` chip amount in range, else raise InvalidAmount.

    ``bool``, ``float``, strings and int subclasses are refused: ``True`` is not one chip and
    ``"100a"`` is not a hundred.
    """
    if type(value) is not int:
        raise InvalidAmount(
            f"The {what} must be a whole number of chips.", key="error_amount_whole"
        )
    if value < minimum:
        if minimum == 1:
            raise InvalidAmount(
                f"The {what} must be more than zero chips.", key="error_amount_positive"
            )
        if minimum == 0:
            raise InvalidAmount(
                f"The {what} cannot be negative.",
                key="error_amount_range",
                minimum=minimum,
                maximum=maximum,
            )
        raise InvalidAmount(
            f"The {what} must be at least {minimum:,} chips.",
            key="error_amount_range",
            minimum=minimum,
            maximum=maximum,
        )
    if value > maximum:
        raise InvalidAmount(
            f"The {what} can be at most {maximum:,} chips.",
            key="error_amount_range",
            minimum=minimum,
            maximum=maximum,
        )
    return value


def check_id(value: object, what: str) -> int:
    """Discord ids are non-negative 64-bit ints; anything else is a caller bug, refused early."""
    if type(value) is not int or not 0 <= value <= MAX_ID:
        raise StoreError(f"Unknown {what}.")
    return value


def check_setting(value: object, what: str, minimum: int, maximum: int) -> int:
    """Return an int setting within [minimum, maximum] or raise InvalidSetting saying the range."""
    if type(value) is not int:
        raise InvalidSetting(f"The {what} must be a whole number.", key="error_amount_whole")
    if not minimum <= value <= maximum:
        raise InvalidSetting(
            f"The {what} must be between {minimum:,} and {maximum:,}.",
            key="error_amount_range",
            minimum=minimum,
            maximum=maximum,
        )
    return value


def _dumps(data: Any) -> str:
    """JSON text of a journal state or a hand summary (orjson: a state is encoded on the event
    loop at every action, several times faster than ``json``; keys such as user ids become
    strings, as ``json`` makes them)."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


def _consume_result(task: asyncio.Future[Any]) -> None:
    """Retrieve a detached transaction's outcome so a failure is logged, not lost."""
    if task.cancelled():
        return
    error = task.exception()
    if error is not None and not isinstance(error, StoreError):
        log.error("store transaction failed after its caller was cancelled", exc_info=error)


class _CallTx:
    """One run of a store call's transaction: the backend's statements (bound as they are, no
    extra call per statement), and the keys the call's ledger transactions carry: the call's
    key on its first, ``key/2``, ``key/3``... on the next ones."""

    __slots__ = ("_key", "_posted", "all", "insert", "many", "one", "run")

    def __init__(self, tx: Tx, key: str) -> None:
        self.one = tx.one
        self.all = tx.all
        self.run = tx.run
        self.insert = tx.insert
        self.many = tx.many
        self._key = key
        self._posted = 0

    def ledger_key(self) -> str:
        """The key of the next ledger transaction of this run."""
        self._posted += 1
        return self._key if self._posted == 1 else f"{self._key}/{self._posted}"


class _Call(Generic[T]):
    """A store call's transaction body, as the backend runs it: once, or again from the start
    when PostgreSQL refuses it (a serialisation failure) or the connection is lost (a retry on
    a new connection, ``postgres.py``).

    The key is drawn once per call, before the first run. A run after one whose body returned
    (its COMMIT may have been applied, unanswered) first looks for the key: found, that earlier
    run committed, and the call returns what it returned, moving no chip again. A body that
    posts nothing leaves no key; running it again must be safe by itself (``postgres.py``
    says why each one is)."""

    __slots__ = ("_body", "_returned", "key")

    def __init__(self, body: Body[T]) -> None:
        self._body = body
        self.key = uuid.uuid4().hex
        self._returned: tuple[T] | None = None

    async def __call__(self, db: Tx) -> T:
        returned = self._returned
        if returned is not None and await db.one(q.LEDGER_CALL_APPLIED, (self.key,)):
            log.info("store call %s had committed before its answer was lost", self.key)
            return returned[0]
        result = await self._body(_CallTx(db, self.key))
        self._returned = (result,)
        return result


IN_FLIGHT = 4
"""Transactions handed at once to a backend that queues its calls (SQLite: each connection's
thread runs them in order). Its thread then finds the next transaction waiting as it ends one,
instead of idling through two turns of a busy event loop (the release, then the next waiter's
wake-up) per transaction: at 200 tables, a read waited p99 80 ms for the lock and joins waited
seconds for their buy-ins. A journal batch skips the writers' queue there: the thread writes
it before the next transaction it runs, so it waits for the running one at most."""


class WriteLock(asyncio.Semaphore):
    """The writer's turns (``depth`` of them, one on PostgreSQL's single writer connection),
    where a journal batch goes before the other waiters.

    A click's answer waits for its journal commit; a settle, a buy-in or a seat change waits
    for nobody but its own caller. In plain FIFO order a batch waited behind every write
    queued before it (at 200 busy tables, the click path's longest wait); now it waits for
    the transaction running at most. The others keep their order among themselves, and
    since a batch holds every hand's pending state, batches cannot starve them: a batch
    runs once per write at most while writes are queued.
    """

    def __init__(self, depth: int = 1) -> None:
        super().__init__(depth)
        self._first: list[asyncio.Future[None]] = []

    async def acquire_first(self) -> None:
        """Acquire a turn before every waiter that used ``acquire``."""
        if not self.locked() and not self._first:
            await self.acquire()
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._first.append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn in self._first:
                self._first.remove(turn)
            elif turn.done() and not turn.cancelled():
                self.release()  # the lock was handed over as this waiter was cancelled
            raise

    def release(self) -> None:
        while self._first:
            turn = self._first.pop(0)
            if not turn.done():
                turn.set_result(None)  # handed over: the turn stays taken, by its new owner
                return
        super().release()


@contextlib.asynccontextmanager
async def _every_turn(depth: int, *gates: asyncio.Semaphore) -> AsyncIterator[None]:
    """Hold all ``depth`` turns of each gate: every transaction handed over before is done, and
    none starts until the block ends."""
    taken: list[asyncio.Semaphore] = []
    try:
        for gate in gates:
            for _ in range(depth):
                await gate.acquire()
                taken.append(gate)
        yield
    finally:
        for gate in taken:
            gate.release()


@dataclass
class _JournalBatch:
    """Journal writes waiting for the next group commit: the latest state text of each hand,
    and every caller waiting for the batch's commit with the hand it wrote.

    Each waiter has its own future, resolved by the batch's write directly (one turn of the
    loop to wake it); a cancelled caller cancels only its own future, never the batch.
    """

    states: dict[int, str] = field(default_factory=dict)
    waiters: list[tuple[int, asyncio.Future[None]]] = field(default_factory=list)

    def release(self, failures: Mapping[int, Exception], error: Exception | None = None) -> None:
        """Wake every waiter still waiting: with ``error`` if the whole batch failed, else with
        its hand's failure, or with success once its state is committed."""
        for hand_id, waiter in self.waiters:
            if waiter.done():  # its caller was cancelled; the write stood anyway
                continue
            failure = error if error is not None else failures.get(hand_id)
            if failure is None:
                waiter.set_result(None)
            else:
                waiter.set_exception(failure)


class _JournalPending:
    """The journal writes no batch write has taken yet, shared by the event loop (``add``)
    and the batch writes (``take``), which on SQLite run on the writer's thread: a lock
    keeps a state from joining a batch its write has already taken.

    A batch write is queued only when none is queued that has yet to take: each takes all
    that is pending when its turn comes, so one writes while the next gathers.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._batch: _JournalBatch | None = None
        self._untaken = 0
        """Batch writes queued that have not taken yet (0 or 1)."""

    def add(self, hand_id: int, text: str, waiter: asyncio.Future[None]) -> bool:
        """Put a hand's state in the next batch; True if a batch write must be queued for it."""
        with self._lock:
            batch = self._batch
            if batch is None:
                batch = self._batch = _JournalBatch()
            batch.states[hand_id] = text
            batch.waiters.append((hand_id, waiter))
            if self._untaken:
                return False
            self._untaken = 1
            return True

    def take(self) -> _JournalBatch | None:
        """The pending batch, for the queued write whose turn it is (None if an earlier one
        took everything)."""
        with self._lock:
            batch, self._batch = self._batch, None
            self._untaken = 0
            return batch


def _table_row(row: Iterable[Any]) -> TableRow:
    id_, guild_id, channel_id, status, button_seat, message_id, opened_by, empty_since = row
    return TableRow(
        id_, guild_id, channel_id, status, button_seat, message_id, opened_by, empty_since
    )


def _seat_row(row: Iterable[Any]) -> SeatRow:
    table_id, seat, user_id, name, stack, sitting_out, sat_out_at, leaving, dm_ok = row
    return SeatRow(
        table_id=table_id,
        seat=seat,
        user_id=user_id,
        name=name,
        stack=stack,
        sitting_out=bool(sitting_out),
        sat_out_at=sat_out_at,
        leaving=bool(leaving),
        dm_ok=bool(dm_ok),
    )


def _int_keys(mapping: Mapping[Any, Any] | None) -> dict[int, Any] | None:
    """JSON turns int keys into strings; accept either for ids read back from a summary."""
    if mapping is None:
        return None
    return {int(key): value for key, value in mapping.items()}


class Store:
    """The chip store: ``store = await Store.open(path)`` ... ``await store.close()``."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        """The database under the store (``SqliteBackend`` or ``PostgresBackend``)."""
        self.path: Path | None = getattr(backend, "path", None)
        """The SQLite file, or None on PostgreSQL."""
        self._depth = IN_FLIGHT if backend.queues_writes else 1
        """Transactions in flight at once on each connection (``IN_FLIGHT`` or one)."""
        self._write_lock = WriteLock(self._depth)
        self._read_lock = asyncio.Semaphore(self._depth)
        self._closed = False
        self._journal = _JournalPending()
        self._journal_writes: set[asyncio.Future[None]] = set()
        """The batch writes queued and not done (a writing one, and one gathering at most)."""

    # Opening and closing -----------------------------------------------------------------------

    @classmethod
    async def open(cls, location: str | os.PathLike[str], *, synchronous: str = "FULL") -> Store:
        """Open the database and apply its migrations: a ``postgresql://`` URL (the server and
        database must exist), or a SQLite file (created with its folder if needed).

        ``synchronous`` (SQLite only) is FULL by default (durable commits); tests of raw speed
        may pass NORMAL.
        """
        backend: Backend
        if is_postgres_url(location):
            from bot.store.postgres import PostgresBackend

            backend, applied = await PostgresBackend.open(str(location))
        else:
            from bot.store.sqlite import SqliteBackend

            backend, applied = await SqliteBackend.open(Path(location), synchronous=synchronous)
        log.info(
            "store opened on %s %s (%d migrations applied)",
            backend.kind,
            backend.location,
            applied,
        )
        return cls(backend)

    @property
    def kind(self) -> str:
        """Which database runs the store: "sqlite" or "postgresql"."""
        return self.backend.kind

    async def close(self) -> None:
        """Wait for running transactions, then close both connections."""
        if self._closed:
            return
        self._closed = True
        await self._journals_flushed()
        async with _every_turn(self._depth, self._write_lock, self._read_lock):
            await self.backend.close()

    async def wait_idle(self) -> None:
        """Wait until every write queued so far (including ones whose caller gave up) is done."""
        await self._journals_flushed()
        async with _every_turn(self._depth, self._write_lock):
            pass

    async def _journals_flushed(self) -> None:
        """Wait until no journal write is pending (every pending state has a batch write
        queued for it, which is not done before the state is written)."""
        while writes := [write for write in self._journal_writes if not write.done()]:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(asyncio.gather(*writes, return_exceptions=True))
            if any(write.cancelled() for write in writes):
                break

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # Transactions ------------------------------------------------------------------------------

    async def _shielded(self, work: Awaitable[T]) -> T:
        task = asyncio.ensure_future(work)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            if not task.done():
                task.add_done_callback(_consume_result)
            raise

    async def _write(self, body: Body[T], *, immediate: bool = True) -> T:
        """Run ``body`` as one write transaction under the lock (see ``Backend.write``).

        ``immediate=False`` says the body is a single self-contained statement, which SQLite
        runs in autocommit mode (it is its own transaction), saving two calls.
        """
        if self._closed:
            raise RuntimeError("the store is closed")
        return await self._shielded(self._run_write(_Call(body), immediate))

    async def _run_write(self, body: Body[T], immediate: bool) -> T:
        async with self._write_lock:
            return await self.backend.write(body, immediate=immediate)

    async def _read(self, body: Body[T], *, snapshot: bool = True) -> T:
        """Run ``body`` on the read-only connection inside one snapshot.

        ``snapshot=False`` is for a single SELECT, which is a consistent snapshot by itself.
        """
        if self._closed:
            raise RuntimeError("the store is closed")
        return await self._shielded(self._run_read(body, snapshot))

    async def _select_one(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return await self._read(lambda db: db.one(sql, params), snapshot=False)

    async def _select_all(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        return await self._read(lambda db: db.all(sql, params), snapshot=False)

    async def _run_read(self, body: Body[T], snapshot: bool) -> T:
        async with self._read_lock:
            return await self.backend.read(body, snapshot=snapshot)

    async def _post(
        self,
        db: Tx,
        kind: str,
        entries: Iterable[tuple[str, int]],
        *,
        now: float,
        guild_id: int | None = None,
        table_id: int | None = None,
        hand_id: int | None = None,
        by_user_id: int | None = None,
        note: str | None = None,
    ) -> int:
        """Append one ledger transaction; its entries must sum to zero (zeros are skipped).
        It carries the store call's key (``_Call``), so the call applies at most once."""
        lines = [(account, amount) for account, amount in entries if amount != 0]
        if sum(amount for _, amount in lines) != 0:
            raise RuntimeError(f"unbalanced ledger transaction {kind}: {lines}")
        if not isinstance(db, _CallTx):
            raise RuntimeError(f"ledger transaction {kind} outside a store call (no key)")
        key = db.ledger_key()
        tx_id = await db.insert(
            q.INSERT_LEDGER_TX, (kind, guild_id, table_id, hand_id, by_user_id, note, now, key)
        )
        if lines:
            await db.many(
                q.INSERT_LEDGER_ENTRY, [(tx_id, account, amount) for account, amount in lines]
            )
        return tx_id

    # Settings ----------------------------------------------------------------------------------

    async def _guild_settings(self, db: Tx, guild_id: int) -> Settings:
        row = await db.one(q.GUILD_SETTINGS, (guild_id,))
        if row is None:
            return Settings()
        overrides = {
            column: value
            for column, value in zip(q.GUILD_SETTINGS_COLUMNS, row, strict=True)
            if value is not None
        }
        return Settings(**overrides)

    async def _open_table(self, db: Tx, table_id: int) -> tuple[TableRow, Settings]:
        """A table that takes players, with its settings; ``TableClosed`` otherwise."""
        table = await self._table(db, table_id)
        if table.status != TABLE_OPEN:
            raise TableClosed(
                "This table is closing and takes no new players.", key="error_table_closing"
            )
        return table, await self._table_settings(db, table.guild_id, table.channel_id)

    async def _table_settings(self, db: Tx, guild_id: int, channel_id: int) -> Settings:
        settings = await self._guild_settings(db, guild_id)
        language = await db.one(q.CHANNEL_LANGUAGE, (guild_id, channel_id))
        if language is not None:
            settings = replace(settings, language=str(language[0]))
        row = await db.one(q.CHANNEL_STAKES, (guild_id, channel_id))
        if row is None:
            return settings
        small_bet, small_blind, cap = row
        return replace(
            settings,
            small_bet=small_bet,
            small_blind=small_blind,
            cap=cap if cap is not None else settings.cap,
        )

    async def _settings_report(self, db: Tx, guild_id: int, channel_id: int) -> SettingsReport:
        server = await self._guild_settings(db, guild_id)
        table = await self._table_settings(db, guild_id, channel_id)
        row = await db.one(q.GUILD_SETTINGS, (guild_id,))
        sources = {name: SOURCE_DEFAULT for name in q.GUILD_SETTINGS_COLUMNS}
        if row is not None:
            for name, value in zip(q.GUILD_SETTINGS_COLUMNS, row, strict=True):
                if value is not None:
                    sources[name] = SOURCE_SERVER
        if server.small_blind is None:  # "half the small bet" follows the small bet
            sources["small_blind"] = sources["small_bet"]
        server_sources = dict(sources)
        if await db.one(q.CHANNEL_LANGUAGE, (guild_id, channel_id)) is not None:
            sources["language"] = SOURCE_CHANNEL
        channel = await db.one(q.CHANNEL_STAKES, (guild_id, channel_id))
        if channel is not None:
            sources["small_bet"] = sources["small_blind"] = SOURCE_CHANNEL
            if channel[2] is not None:
                sources["cap"] = SOURCE_CHANNEL
        return SettingsReport(
            server=server, table=table, sources=sources, server_sources=server_sources
        )

    async def settings_report(self, guild_id: int, channel_id: int) -> SettingsReport:
        """Every setting of this channel's table and of its server, each with its source:
        "channel" (this channel's stakes), "server" (an admin set it) or "default"."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        return await self._read(lambda db: self._settings_report(db, guild_id, channel_id))

    async def guild_settings(self, guild_id: int) -> Settings:
        """The server's settings (PRODUCT.md defaults where an admin set nothing)."""
        check_id(guild_id, "server")
        return await self._read(lambda db: self._guild_settings(db, guild_id))

    async def table_settings(self, guild_id: int, channel_id: int) -> Settings:
        """The server's settings with this channel's stake overrides laid over them."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        return await self._read(lambda db: self._table_settings(db, guild_id, channel_id))

    async def set_stakes(
        self,
        guild_id: int,
        channel_id: int | None,
        small_bet: int,
        small_blind: int | None = None,
        cap: int | None = None,
    ) -> Settings:
        """Set the stakes of one channel's table, or the server default when ``channel_id`` is None.

        ``small_blind`` None means half the small bet; ``cap`` None keeps the current cap (a new
        channel override inherits the server's). Returns the resulting settings.
        """
        check_id(guild_id, "server")
        if channel_id is not None:
            check_id(channel_id, "channel")
        check_setting(small_bet, "small bet", 1, MAX_SMALL_BET)
        if small_blind is not None:
            if type(small_blind) is not int:
                raise InvalidSetting(
                    "The small blind must be a whole number.", key="error_blind_whole"
                )
            if not 1 <= small_blind < small_bet:
                raise InvalidSetting(
                    f"The small blind must be at least 1 and less than the small bet "
                    f"({small_bet:,}).",
                    key="error_blind_range",
                    small_bet=small_bet,
                )
        if cap is not None:
            check_setting(cap, "cap", 1, MAX_CAP)

        async def body(db: Tx) -> Settings:
            now = time.time()
            if channel_id is None:
                await db.run(q.SET_GUILD_STAKES, (guild_id, small_bet, small_blind, cap, now))
                return await self._guild_settings(db, guild_id)
            await db.run(
                q.SET_CHANNEL_STAKES, (guild_id, channel_id, small_bet, small_blind, cap, now)
            )
            return await self._table_settings(db, guild_id, channel_id)

        settings = await self._write(body)
        log.info(
            "stakes set for guild %s channel %s: %s/%s cap %s",
            guild_id,
            channel_id,
            settings.effective_small_blind,
            settings.small_bet,
            settings.cap,
        )
        return settings

    async def clear_stakes(self, guild_id: int, channel_id: int) -> Settings:
        """Drop a channel's stake override so its table follows the server default again."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")

        async def body(db: Tx) -> Settings:
            await db.run(q.CLEAR_CHANNEL_STAKES, (guild_id, channel_id))
            return await self._table_settings(db, guild_id, channel_id)

        return await self._write(body)

    async def set_buyin(
        self, guild_id: int, minimum: int, maximum: int, default: int | None = None
    ) -> Settings:
        """Set the server's buy-in range; ``default`` None keeps the old default, clamped."""
        check_id(guild_id, "server")
        check_setting(minimum, "minimum buy-in", 1, MAX_CHIPS)
        check_setting(maximum, "maximum buy-in", 1, MAX_CHIPS)
        if minimum > maximum:
            raise InvalidSetting(
                f"The minimum buy-in ({minimum:,}) cannot be above the maximum ({maximum:,}).",
                key="error_buyin_order",
                minimum=minimum,
                maximum=maximum,
            )
        if default is not None:
            check_setting(default, "default buy-in", minimum, maximum)

        async def body(db: Tx) -> Settings:
            current = await self._guild_settings(db, guild_id)
            chosen = default
            if chosen is None:
                chosen = min(max(current.buyin_default, minimum), maximum)
            await db.run(q.SET_GUILD_BUYIN, (guild_id, minimum, maximum, chosen, time.time()))
            return await self._guild_settings(db, guild_id)

        return await self._write(body)

    async def _set_guild_setting(self, sql: str, guild_id: int, *values: object) -> Settings:
        """Write one server setting (``sql`` takes the guild, the values and the time)."""

        async def body(db: Tx) -> Settings:
            await db.run(sql, (guild_id, *values, time.time()))
            return await self._guild_settings(db, guild_id)

        return await self._write(body)

    async def set_timer(
        self,
        guild_id: int,
        seconds: int,
        *,
        minimum: int = MIN_TIMER_SECONDS,
        maximum: int = MAX_TIMER_SECONDS,
    ) -> Settings:
        """Set the action and draw timers; the caller may widen the bounds (tests use 1 s)."""
        check_id(guild_id, "server")
        check_setting(seconds, "timer (seconds)", minimum, maximum)
        return await self._set_guild_setting(q.SET_GUILD_TIMER, guild_id, seconds, seconds)

    async def set_hand_pause(
        self,
        guild_id: int,
        seconds: int,
        *,
        minimum: int = MIN_HAND_PAUSE_SECONDS,
        maximum: int = MAX_HAND_PAUSE_SECONDS,
    ) -> Settings:
        """Set the pause between two hands at the server's tables."""
        check_id(guild_id, "server")
        check_setting(seconds, "pause between hands (seconds)", minimum, maximum)
        return await self._set_guild_setting(q.SET_GUILD_HAND_PAUSE, guild_id, seconds)

    async def set_alert_delay(self, guild_id: int, seconds: int) -> Settings:
        """Set how long a turn waits before its player gets a new DM (0 = no turn alerts)."""
        check_id(guild_id, "server")
        check_setting(
            seconds, "turn alert delay (seconds)", MIN_ALERT_DELAY_SECONDS, MAX_ALERT_DELAY_SECONDS
        )
        return await self._set_guild_setting(q.SET_GUILD_ALERT_DELAY, guild_id, seconds)

    async def set_idle_close(
        self,
        guild_id: int,
        seconds: int,
        *,
        minimum: int = MIN_IDLE_CLOSE_SECONDS,
        maximum: int = MAX_IDLE_CLOSE_SECONDS,
    ) -> Settings:
        """Set how long a table with no member seated stays open before it closes itself (the
        caller may lower the minimum: ``DEUCE_MIN_IDLE_SECONDS``)."""
        check_id(guild_id, "server")
        check_setting(seconds, "idle time of an empty table (seconds)", minimum, maximum)
        return await self._set_guild_setting(q.SET_GUILD_IDLE_CLOSE, guild_id, seconds)

    async def set_tables_per_member(self, guild_id: int, count: int) -> Settings:
        """Set how many open tables a member may have opened in the server at once."""
        check_id(guild_id, "server")
        check_setting(count, "tables per member", 1, MAX_TABLES_PER_MEMBER)
        return await self._set_guild_setting(q.SET_GUILD_TABLES_PER_MEMBER, guild_id, count)

    async def set_card_style(self, guild_id: int, style: str) -> Settings:
        """How the server's tables show cards: one of ``CARD_STYLES``."""
        check_id(guild_id, "server")
        if style not in CARD_STYLES:
            raise InvalidSetting("Cards are shown as two-colour or four-colour pictures, or text.")
        return await self._set_guild_setting(q.SET_GUILD_CARD_STYLE, guild_id, style)

    async def set_language(
        self, guild_id: int, channel_id: int | None, language: str | None
    ) -> None:
        """The language of one channel's table (``channel_id``) or of the server's tables;
        None goes back to the server's (for a channel) or the server's Discord language."""
        check_id(guild_id, "server")
        if language is not None and language not in LANGUAGES:
            raise InvalidSetting(f"Unknown language {language!r}.")

        async def body(db: Tx) -> None:
            now = time.time()
            if channel_id is None:
                await db.run(q.SET_GUILD_LANGUAGE, (guild_id, language, now))
            elif language is None:
                await db.run(q.CLEAR_CHANNEL_LANGUAGE, (guild_id, check_id(channel_id, "channel")))
            else:
                await db.run(q.SET_CHANNEL_LANGUAGE, (guild_id, channel_id, language, now))

        await self._write(body, immediate=False)

    async def remember_locale(self, user_id: int, locale: str) -> None:
        """The Discord locale a member last used with the bot (for DMs sent on its own)."""
        check_id(user_id, "member")

        async def body(db: Tx) -> None:
            await db.run(q.SET_MEMBER_LOCALE, (user_id, locale, time.time()))

        await self._write(body, immediate=False)

    async def member_locales(self) -> dict[int, str]:
        """Every member's last seen Discord locale."""
        rows = await self._select_all(q.MEMBER_LOCALES, ())
        return {int(user_id): str(locale) for user_id, locale in rows}

    async def member_locale(self, user_id: int) -> str | None:
        """A member's last seen Discord locale, or None for a member never seen."""
        row = await self._select_one(q.MEMBER_LOCALE, (check_id(user_id, "member"),))
        return None if row is None else str(row[0])

    async def set_alert_mode(self, guild_id: int, user_id: int, mode: str) -> None:
        """A member's turn alerts in this server: "off", "on" (after the server's delay) or
        "now" (as soon as it is their turn)."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        if mode not in ALERT_MODES:
            raise InvalidSetting("Turn alerts are off, on or now.")

        async def body(db: Tx) -> None:
            await db.run(q.SET_ALERT_MODE, (guild_id, user_id, mode, time.time()))

        await self._write(body, immediate=False)

    async def alert_modes(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """Each member's turn alert mode in this server ("on" for those who never chose)."""
        check_id(guild_id, "server")
        wanted = [check_id(user_id, "member") for user_id in user_ids]
        modes = {user_id: str(ALERT_MODE_DEFAULT) for user_id in wanted}
        if not wanted:
            return modes
        rows = await self._select_all(q.ALERT_MODES, (guild_id, json.dumps(wanted)))
        for user_id, mode in rows:
            modes[int(user_id)] = str(mode)
        return modes

    async def set_economy(self, guild_id: int, start: int, daily: int) -> Settings:
        """Set the starting wallet of new members and the daily grant (0 turns either off)."""
        check_id(guild_id, "server")
        check_setting(start, "starting wallet", 0, MAX_ECONOMY)
        check_setting(daily, "daily grant", 0, MAX_ECONOMY)

        async def body(db: Tx) -> Settings:
            await db.run(q.SET_GUILD_ECONOMY, (guild_id, start, daily, time.time()))
            return await self._guild_settings(db, guild_id)

        return await self._write(body)

    # Wallets -----------------------------------------------------------------------------------

    async def _ensure_wallet(
        self, db: Tx, guild_id: int, user_id: int, now: float
    ) -> tuple[int, float | None]:
        """(balance, last daily time) of a wallet, creating it with the starting grant."""
        row = await db.one(q.WALLET, (guild_id, user_id))
        if row is not None:
            return int(row[0]), row[1]
        settings = await self._guild_settings(db, guild_id)
        start = settings.start_wallet
        await db.run(q.CREATE_WALLET, (guild_id, user_id, start, now))
        await self._post(
            db,
            "start",
            [(MINT, -start), (wallet_account(guild_id, user_id), start)],
            now=now,
            guild_id=guild_id,
            note="starting wallet",
        )
        log.info("wallet created for user %s in guild %s with %d chips", user_id, guild_id, start)
        return start, None

    async def _wallet_to_seat(
        self,
        db: Tx,
        table: TableRow,
        user_id: int,
        amount: int,
        now: float,
        needs: str,
        *,
        note: str | None = None,
    ) -> None:
        """Debit the wallet (created if needed) and post the ``buy_in`` ledger transaction to
        the seat's account; the caller creates or tops up the seat row itself."""
        balance, _ = await self._ensure_wallet(db, table.guild_id, user_id, now)
        if balance < amount:
            raise InsufficientFunds(
                f"You have only {balance:,} chips in your wallet; {needs} {amount:,}.",
                balance=balance,
                needed=amount,
            )
        await self._debit_wallet(db, table.guild_id, user_id, amount, balance)
        await self._post(
            db,
            "buy_in",
            [
                (wallet_account(table.guild_id, user_id), -amount),
                (seat_account(table.id, user_id), amount),
            ],
            now=now,
            guild_id=table.guild_id,
            table_id=table.id,
            note=note,
        )

    async def _debit_wallet(
        self, db: Tx, guild_id: int, user_id: int, amount: int, balance: int
    ) -> None:
        changed = await db.run(q.DEBIT_WALLET, (amount, guild_id, user_id, amount))
        if changed != 1:
            raise InsufficientFunds(
                f"You have only {balance:,} chips in your wallet; that needs {amount:,}.",
                balance=balance,
                needed=amount,
            )

    async def balance(self, guild_id: int, user_id: int) -> int:
        """Chips in a member's wallet, creating the wallet with the starting grant on first use."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        row = await self._select_one(q.WALLET, (guild_id, user_id))
        if row is not None:
            return int(row[0])

        async def body(db: Tx) -> int:
            balance, _ = await self._ensure_wallet(db, guild_id, user_id, time.time())
            return balance

        return await self._write(body)

    async def verify_buy_in(
        self, guild_id: int, channel_id: int, user_id: int, amount: int | None
    ) -> int:
        """The buy-in ``/poker join`` would make here (``amount``, or the default when None),
        or ``InvalidAmount`` / ``InsufficientFunds`` saying why not. Reads only: a refused join
        must change nothing, not even open a table or a wallet (a member with no wallet yet
        counts the starting wallet)."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        check_id(user_id, "member")

        async def body(db: Tx) -> int:
            settings = await self._table_settings(db, guild_id, channel_id)
            chosen = settings.buyin_default if amount is None else amount
            check_chips(chosen, "buy-in")
            low, high = settings.buyin_min, settings.buyin_max
            if not low <= chosen <= high:
                raise InvalidAmount(
                    f"The buy-in must be between {low:,} and {high:,} chips.",
                    key="buyin_range",
                    minimum=low,
                    maximum=high,
                )
            row = await db.one(q.WALLET, (guild_id, user_id))
            balance = settings.start_wallet if row is None else int(row[0])
            if balance < chosen:
                raise InsufficientFunds(
                    f"You have only {balance:,} chips in your wallet; this buy-in needs "
                    f"{chosen:,}.",
                    balance=balance,
                    needed=chosen,
                )
            return chosen

        return await self._read(body)

    async def claim_daily(
        self, guild_id: int, user_id: int, now: float | None = None
    ) -> tuple[int, int]:
        """Grant the daily chips; returns (granted, new balance) or raises DailyCooldown."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        when = time.time() if now is None else float(now)

        async def body(db: Tx) -> tuple[int, int]:
            settings = await self._guild_settings(db, guild_id)
            balance, last = await self._ensure_wallet(db, guild_id, user_id, when)
            if settings.daily_amount <= 0:
                raise DailyDisabled(
                    "Daily chips are turned off on this server.", key="error_daily_off"
                )
            if last is not None and when - last < settings.daily_cooldown:
                wait = min(settings.daily_cooldown, settings.daily_cooldown - (when - last))
                raise DailyCooldown(math.ceil(wait))
            amount = settings.daily_amount
            if balance + amount > MAX_BALANCE:
                raise InvalidAmount(
                    "Your wallet is full; spend some chips first.", key="error_wallet_full"
                )
            await db.run(q.CLAIM_DAILY, (amount, when, guild_id, user_id))
            await self._post(
                db,
                "daily",
                [(MINT, -amount), (wallet_account(guild_id, user_id), amount)],
                now=when,
                guild_id=guild_id,
            )
            return amount, balance + amount

        return await self._write(body)

    async def grant(self, guild_id: int, user_id: int, amount: int, by_user_id: int) -> int:
        """An admin grant from the mint into a member's wallet; returns the new balance."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        check_id(by_user_id, "member")
        check_chips(amount, "grant")

        async def body(db: Tx) -> int:
            now = time.time()
            balance, _ = await self._ensure_wallet(db, guild_id, user_id, now)
            if balance + amount > MAX_BALANCE:
                raise InvalidAmount(
                    f"That would put more than {MAX_BALANCE:,} chips in one wallet.",
                    key="error_wallet_limit",
                    maximum=MAX_BALANCE,
                )
            await db.run(q.CREDIT_WALLET, (amount, guild_id, user_id))
            await self._post(
                db,
                "grant",
                [(MINT, -amount), (wallet_account(guild_id, user_id), amount)],
                now=now,
                guild_id=guild_id,
                by_user_id=by_user_id,
            )
            return balance + amount

        new_balance = await self._write(body)
        log.info("grant of %d to user %s in guild %s by %s", amount, user_id, guild_id, by_user_id)
        return new_balance

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[LeaderRow]:
        """Members with the most chips (wallet plus chips at tables), richest first."""
        check_id(guild_id, "server")
        limit = check_setting(limit, "limit", 1, 1000)
        rows = await self._read(lambda db: db.all(q.LEADERBOARD, (guild_id, guild_id, limit)))
        return [LeaderRow(int(user), int(wallet), int(on_table)) for user, wallet, on_table in rows]

    # Tables and seats --------------------------------------------------------------------------

    async def _table(self, db: Tx, table_id: int) -> TableRow:
        row = await db.one(q.TABLE_BY_ID, (table_id,))
        if row is None:
            raise TableNotFound("There is no such table.", key="error_no_table")
        return _table_row(row)

    async def _seat(self, db: Tx, table_id: int, user_id: int) -> SeatRow:
        row = await db.one(q.SEAT_OF, (table_id, user_id))
        if row is None:
            raise NotSeated("You are not seated at this table.", key="not_seated")
        return _seat_row(row)

    async def _refuse_if_in_hand(self, db: Tx, table_id: int, user_id: int, message: str) -> None:
        if await db.one(q.IN_RUNNING_HAND, (table_id, user_id)) is not None:
            raise HandInProgress(message)

    async def _check_table_limit(self, db: Tx, guild_id: int, user_id: int) -> None:
        """``TableLimit`` if the member already opened as many open tables as the server
        allows."""
        limit = (await self._guild_settings(db, guild_id)).tables_per_member
        channels = [int(row[0]) for row in await db.all(q.TABLES_OPENED_BY, (guild_id, user_id))]
        if len(channels) >= limit:
            raise TableLimit(channels, limit)

    async def verify_table_limit(self, guild_id: int, channel_id: int, user_id: int) -> None:
        """Whether the member may sit down here as far as the server's limit of open tables per
        member goes: a channel with an open table is always fine; opening one more is refused
        (``TableLimit``) when the member already opened as many as the server allows. A read:
        ``get_or_create_table(..., limited=True)`` checks again as it opens the table."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        check_id(user_id, "member")

        async def body(db: Tx) -> None:
            row = await db.one(q.TABLE_BY_CHANNEL, (guild_id, channel_id))
            if row is None or row[3] == TABLE_CLOSED:
                await self._check_table_limit(db, guild_id, user_id)

        await self._read(body)

    async def get_or_create_table(
        self,
        guild_id: int,
        channel_id: int,
        *,
        opened_by: int | None = None,
        limited: bool = False,
    ) -> TableRow:
        """This channel's table, opening one if there is none (a closed one is reopened) on
        behalf of ``opened_by``; ``limited``: refused (``TableLimit``) when that member already
        opened as many open tables in the server as it allows (admins are not limited)."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        if opened_by is not None:
            check_id(opened_by, "member")

        async def body(db: Tx) -> TableRow:
            now = time.time()
            row = await db.one(q.TABLE_BY_CHANNEL, (guild_id, channel_id))
            if row is not None and row[3] != TABLE_CLOSED:
                return _table_row(row)
            if limited and opened_by is not None:
                await self._check_table_limit(db, guild_id, opened_by)
            if row is None:
                await db.run(q.CREATE_TABLE, (guild_id, channel_id, now, opened_by, now))
                log.info("table opened in guild %s channel %s", guild_id, channel_id)
            else:
                await db.run(q.REOPEN_TABLE, (opened_by, now, row[0]))
                log.info("table %s reopened", row[0])
            return _table_row(await db.one(q.TABLE_BY_CHANNEL, (guild_id, channel_id)))

        return await self._write(body)

    async def tables_opened_by(self, guild_id: int, user_id: int) -> list[int]:
        """The channels of the open tables the member opened in this server, oldest first."""
        check_id(guild_id, "server")
        rows = await self._select_all(q.TABLES_OPENED_BY, (guild_id, user_id))
        return [int(row[0]) for row in rows]

    async def table(self, table_id: int) -> TableRow:
        """One table by id (TableNotFound if none)."""
        return await self._read(lambda db: self._table(db, table_id))

    async def table_for_channel(self, guild_id: int, channel_id: int) -> TableRow | None:
        """This channel's table if one was ever opened, without creating one."""
        row = await self._select_one(q.TABLE_BY_CHANNEL, (guild_id, channel_id))
        return None if row is None else _table_row(row)

    async def set_table_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the channel message that shows the table (edited in place)."""
        if message_id is not None:
            check_id(message_id, "message")
        await self._update_table(q.SET_TABLE_MESSAGE, (message_id, table_id))

    async def set_table_status(self, table_id: int, status: str) -> None:
        """Mark a table open, closing (ends after this hand) or closed."""
        if status not in TABLE_STATUSES:
            raise StoreError(f"Unknown table status {status!r}.")
        await self._update_table(q.SET_TABLE_STATUS, (status, table_id))

    async def set_button(self, table_id: int, seat: int | None) -> None:
        """Remember which seat has the dealer button."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < MAX_CAP):
            raise StoreError("There is no such seat.")
        await self._update_table(q.SET_BUTTON, (seat, table_id))

    async def _update_table(self, sql: str, params: tuple[Any, ...]) -> None:
        async def body(db: Tx) -> None:
            if await db.run(sql, params) != 1:
                raise TableNotFound("There is no such table.", key="error_no_table")

        await self._write(body, immediate=False)

    async def open_tables(self) -> list[TableRow]:
        """Tables not closed (open or closing), for sessions to restore after a restart."""
        rows = await self._select_all(q.OPEN_TABLES)
        return [_table_row(row) for row in rows]

    async def running_hand(self, table_id: int) -> int | None:
        """The id of the hand being played at this table, if any."""
        row = await self._select_one(q.RUNNING_HAND_AT_TABLE, (table_id,))
        return None if row is None else int(row[0])

    async def seats(self, table_id: int) -> list[SeatRow]:
        """The seated players of a table in seat order."""
        rows = await self._select_all(q.SEATS, (table_id,))
        return [_seat_row(row) for row in rows]

    async def seat_of(self, table_id: int, user_id: int) -> SeatRow | None:
        """A player's seat at this table, or None."""
        row = await self._select_one(q.SEAT_OF, (table_id, user_id))
        return None if row is None else _seat_row(row)

    async def buy_in(
        self,
        table_id: int,
        user_id: int,
        name: str,
        amount: int,
        *,
        seat: int | None = None,
        minimum: int | None = None,
        maximum: int | None = None,
        dm_ok: bool = True,
    ) -> SeatRow:
        """Sit down: move ``amount`` chips from the wallet into escrow at a free seat.

        ``minimum``/``maximum`` default to the table's buy-in range; ``seat`` None takes the
        lowest free seat. The wallet is created (with the starting grant) if needed.
        """
        check_id(user_id, "member")
        if not isinstance(name, str):
            raise StoreError("A player needs a name.")
        check_chips(amount, "buy-in")
        if seat is not None and type(seat) is not int:
            raise StoreError("There is no such seat.")
        for bound in (minimum, maximum):
            if bound is not None:
                check_chips(bound, "buy-in limit")

        async def body(db: Tx) -> SeatRow:
            now = time.time()
            table, settings = await self._open_table(db, table_id)
            low = settings.buyin_min if minimum is None else minimum
            high = settings.buyin_max if maximum is None else maximum
            if not low <= amount <= high:
                raise InvalidAmount(
                    f"The buy-in must be between {low:,} and {high:,} chips.",
                    key="buyin_range",
                    minimum=low,
                    maximum=high,
                )
            existing = await db.one(q.SEAT_OF, (table_id, user_id))
            if existing is not None:
                raise AlreadySeated(
                    f"You are already seated at this table (seat {existing[1] + 1})."
                )
            taken = {row[1] for row in await db.all(q.SEATS, (table_id,))}
            if seat is None:
                free = [number for number in range(settings.seats) if number not in taken]
                if not free:
                    raise TableFull(
                        f"The table is full ({settings.seats} seats).",
                        key="error_table_full",
                        seats=settings.seats,
                    )
                chosen = free[0]
            else:
                if not 0 <= seat < settings.seats:
                    raise StoreError(f"Seats are numbered 1 to {settings.seats}.")
                if seat in taken:
                    if len(taken) >= settings.seats:
                        raise TableFull(
                            f"The table is full ({settings.seats} seats).",
                            key="error_table_full",
                            seats=settings.seats,
                        )
                    raise SeatTaken(
                        f"Seat {seat + 1} is taken.", key="error_seat_taken", seat=seat + 1
                    )
                chosen = seat
            await self._wallet_to_seat(db, table, user_id, amount, now, "this buy-in needs")
            await db.run(
                q.INSERT_SEAT, (table_id, user_id, chosen, name[:100], amount, int(dm_ok), now)
            )
            await db.run(q.MARK_TABLE_TAKEN, (table_id,))
            await db.run(q.DELETE_WAITING_MEMBER, (table_id, user_id))
            return await self._seat(db, table_id, user_id)

        row = await self._write(body)
        log.info(
            "user %s bought in for %d at table %s seat %d", user_id, amount, table_id, row.seat
        )
        return row

    async def add_chips(
        self,
        table_id: int,
        user_id: int,
        amount: int,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> SeatRow:
        """Top up a seated player's stack from the wallet between hands (never above the maximum).

        ``minimum`` is accepted for symmetry with ``buy_in``; the top-up itself only needs to be
        positive, and the resulting stack must not exceed ``maximum`` (default: the table's).
        """
        check_id(user_id, "member")
        check_chips(amount, "amount")
        for bound in (minimum, maximum):
            if bound is not None:
                check_chips(bound, "buy-in limit")

        async def body(db: Tx) -> SeatRow:
            now = time.time()
            table = await self._table(db, table_id)
            seat = await self._seat(db, table_id, user_id)
            await self._refuse_if_in_hand(
                db, table_id, user_id, "You can add chips between hands, not during one."
            )
            settings = await self._table_settings(db, table.guild_id, table.channel_id)
            high = settings.buyin_max if maximum is None else maximum
            if seat.stack + amount > high:
                room = max(0, high - seat.stack)
                raise InvalidAmount(
                    f"You can have at most {high:,} chips on the table; "
                    f"you can add up to {room:,}.",
                    key="error_table_limit",
                    maximum=high,
                    room=room,
                )
            await self._wallet_to_seat(
                db, table, user_id, amount, now, "that needs", note="add chips"
            )
            await db.run(q.ADD_TO_SEAT, (amount, table_id, user_id))
            return await self._seat(db, table_id, user_id)

        return await self._write(body)

    rebuy = add_chips

    async def _cash_out(self, db: Tx, table: TableRow, seat: SeatRow, now: float) -> int:
        await self._ensure_wallet(db, table.guild_id, seat.user_id, now)
        await db.run(q.DELETE_SEAT, (table.id, seat.user_id))
        await db.run(q.MARK_TABLE_EMPTY, (now, table.id))
        if seat.stack:
            await db.run(q.CREDIT_WALLET, (seat.stack, table.guild_id, seat.user_id))
        await self._post(
            db,
            "cash_out",
            [
                (seat_account(table.id, seat.user_id), -seat.stack),
                (wallet_account(table.guild_id, seat.user_id), seat.stack),
            ],
            now=now,
            guild_id=table.guild_id,
            table_id=table.id,
        )
        return seat.stack

    async def cash_out(self, table_id: int, user_id: int) -> int:
        """Stand up: the seat's chips go back to the wallet and the seat is freed.

        Refused while the player is in an unsettled hand (the session cashes them out after
        ``settle_hand``); a second cash-out raises NotSeated.
        """
        check_id(user_id, "member")

        async def body(db: Tx) -> int:
            table = await self._table(db, table_id)
            seat = await self._seat(db, table_id, user_id)
            await self._refuse_if_in_hand(
                db, table_id, user_id, "You are in a hand; you'll be cashed out when it ends."
            )
            return await self._cash_out(db, table, seat, time.time())

        amount = await self._write(body)
        log.info("user %s cashed out %d from table %s", user_id, amount, table_id)
        return amount

    async def update_seat(
        self,
        table_id: int,
        user_id: int,
        *,
        sitting_out: bool | None = None,
        leaving: bool | None = None,
        dm_ok: bool | None = None,
        name: str | None = None,
    ) -> SeatRow:
        """Change a seat's flags; sitting out stamps ``sat_out_at`` (kept while still out)."""
        check_id(user_id, "member")

        async def body(db: Tx) -> SeatRow:
            seat = await self._seat(db, table_id, user_id)
            assignments: list[str] = []
            params: list[Any] = []
            if sitting_out is not None:
                assignments.append(q.SEAT_UPDATES["sitting_out"])
                params.append(int(bool(sitting_out)))
                if sitting_out and not seat.sitting_out:
                    assignments.append(q.SEAT_UPDATES["sat_out_at"])
                    params.append(time.time())
                elif not sitting_out:
                    assignments.append(q.SEAT_UPDATES["sat_out_at"])
                    params.append(None)
            for column, value in (("leaving", leaving), ("dm_ok", dm_ok)):
                if value is not None:
                    assignments.append(q.SEAT_UPDATES[column])
                    params.append(int(bool(value)))
            if name is not None:
                assignments.append(q.SEAT_UPDATES["name"])
                params.append(str(name)[:100])
            if assignments:
                sql = q.UPDATE_SEAT.format(assignments=", ".join(assignments))
                await db.run(sql, (*params, table_id, user_id))
            return await self._seat(db, table_id, user_id)

        return await self._write(body)

    async def close_table(self, table_id: int) -> dict[int, int]:
        """Cash everyone out and close the table; returns chips returned per player.

        Refused while a hand is running: mark the table "closing" and call this after the hand.
        """

        async def body(db: Tx) -> dict[int, int]:
            now = time.time()
            table = await self._table(db, table_id)
            if await db.one(q.RUNNING_HAND_AT_TABLE, (table_id,)) is not None:
                raise HandInProgress(
                    "A hand is still being played; the table closes after it.",
                    key="error_hand_running",
                )
            returned: dict[int, int] = {}
            for row in await db.all(q.SEATS, (table_id,)):
                seat = _seat_row(row)
                returned[seat.user_id] = await self._cash_out(db, table, seat, now)
            await db.run(q.CLOSE_TABLE, (table_id,))
            await db.run(q.DELETE_TABLE_WAITING, (table_id,))
            return returned

        returned = await self._write(body)
        log.info("table %s closed; %d players cashed out", table_id, len(returned))
        return returned

    # Hands -------------------------------------------------------------------------------------

    async def begin_hand(self, table_id: int, players: Mapping[int, int]) -> int:
        """Record a new hand with its players and start stacks; returns the hand id.

        Each start stack must equal the player's seat stack: the seat keeps holding it until
        ``settle_hand`` writes the final stack, which is what keeps the audit exact mid-hand.
        """
        if not isinstance(players, Mapping) or len(players) < 2:
            raise StoreError("A hand needs at least two players.")
        for user_id, stack in players.items():
            check_id(user_id, "member")
            check_chips(stack, "start stack")

        now = time.time()  # once per call: its start time tells a run of it again its own hand

        async def body(db: Tx) -> int:
            table = await self._table(db, table_id)
            if table.status == TABLE_CLOSED:
                raise TableClosed("This table is closed.", key="error_table_closed")
            running = await db.one(q.RUNNING_HAND_AT_TABLE, (table_id,))
            if running is not None:
                hand = await db.one(q.HAND, (running[0],))
                if hand is not None and hand[5] == now:
                    return int(running[0])  # begun by this call, whose COMMIT went unanswered
                raise HandInProgress("A hand is already being played at this table.")
            seats: dict[int, SeatRow] = {}
            for user_id, stack in players.items():
                row = await db.one(q.SEAT_OF, (table_id, user_id))
                if row is None:
                    raise NotSeated(f"Player {user_id} is not seated at this table.")
                seat = _seat_row(row)
                if seat.stack != stack:
                    raise StoreError(
                        f"Player {user_id} has {seat.stack:,} chips at the table, not {stack:,}."
                    )
                seats[user_id] = seat
            hand_id = await db.insert(
                q.INSERT_HAND, (table_id, table.guild_id, table.channel_id, now)
            )
            await db.many(
                q.INSERT_HAND_PLAYER,
                [
                    (hand_id, user_id, table.guild_id, seats[user_id].seat, stack)
                    for user_id, stack in players.items()
                ],
            )
            return int(hand_id)

        hand_id = await self._write(body)
        log.info("hand %d begun at table %s with %d players", hand_id, table_id, len(players))
        return hand_id

    async def _hand_error(self, db: Tx, hand_id: int) -> StoreError:
        row = await db.one(q.HAND_STATUS, (hand_id,))
        if row is None:
            return HandNotFound(f"There is no hand #{hand_id}.")
        return HandAlreadyFinished(f"Hand #{hand_id} is already over ({row[0]}).")

    async def journal(self, hand_id: int, state: Mapping[str, Any]) -> None:
        """Save the engine state after an action; returns once it is durably committed.

        Group commit: the state joins the pending batch (replacing an older pending state of
        the same hand: only the latest is worth writing), and a batch write takes the whole
        batch when its turn comes and writes it in one transaction. Returns after the commit
        holding this state, or a newer one of the same hand, is on disk; raises
        HandNotFound/HandAlreadyFinished if the hand is not running, or the database error that
        failed the batch. Cancelling the caller does not withdraw the write, and never affects
        the other hands in the batch.
        """
        if self._closed:
            raise RuntimeError("the store is closed")
        if type(hand_id) is not int or not 0 <= hand_id <= MAX_ID:
            # never let an id SQLite cannot bind into a batch it would fail as a whole
            raise HandNotFound(f"There is no hand #{hand_id}.")
        # Encoded now, on the loop: the caller's state is captured as it is at the call, even
        # if the caller gives up waiting and changes it while the batch is still pending.
        text = _dumps(dict(state))
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self._journal.add(hand_id, text, waiter):
            self._queue_journal_write()
        await waiter

    def _queue_journal_write(self) -> None:
        """Queue a batch write, which takes what is pending when its turn comes. On a backend
        that queues its writes (SQLite's writer thread) it goes straight into that queue, and
        the thread wakes the waiters itself: no turn of a busy event loop to start a writer
        task, nor one to resume it after the commit (at 200 tables those turns were most of a
        click's journal wait). Elsewhere a task takes the write lock before every other
        waiter."""
        write: asyncio.Future[None]
        if self.backend.queues_writes:
            write = self.backend.queue_journal(self._journal.take)
        else:
            write = asyncio.ensure_future(self._write_journal_batch())
        self._journal_writes.add(write)
        write.add_done_callback(self._journal_writes.discard)

    async def _write_journal_batch(self) -> None:
        """Take the pending batch once the write lock's turn has come, and write it."""
        await self._write_lock.acquire_first()
        try:
            batch = self._journal.take()
            if batch is None:
                return
            try:
                failures = await self.backend.write_journal(batch.states, time.time())
            except asyncio.CancelledError:
                # only when the loop shuts down: the waiters cannot know the outcome
                for _, waiter in batch.waiters:
                    waiter.cancel()
                raise
            except Exception as error:
                log.warning("journal batch of %d hands failed: %s", len(batch.states), error)
                batch.release({}, error)
                return
            batch.release(failures)  # woken before the lock passes on: each commit is done
        finally:
            self._write_lock.release()
        for hand_id, failure in failures.items():
            log.debug("journal write for hand %d failed: %s", hand_id, failure)

    async def _running_hand(
        self, db: Tx, hand_id: int
    ) -> tuple[int, int, dict[int, tuple[int, int]]]:
        """(table id, guild id, {user: (seat, start stack)}) of a hand still running."""
        row = await db.one(q.HAND, (hand_id,))
        if row is None or row[4] != HAND_RUNNING:
            raise await self._hand_error(db, hand_id)
        players = {
            int(user_id): (int(seat), int(start))
            for _, user_id, seat, start, *_ in await db.all(q.HAND_PLAYERS, (hand_id,))
        }
        return int(row[1]), int(row[2]), players

    async def settle_hand(
        self,
        hand_id: int,
        final_stacks: Mapping[int, int],
        phh: str,
        summary: Mapping[str, Any],
        *,
        payouts: Mapping[int, int] | None = None,
        showed_down: Collection[int] | None = None,
        voluntary: Collection[int] | None = None,
        sit_out: Collection[int] = (),
    ) -> None:
        """Write a finished hand in ONE transaction, or change nothing.

        Checks that the final stacks conserve chips, then posts the ledger (each player's
        contribution seat → pot, then the pot → the winners' seats), sets the seats' stacks,
        and stores the PHH text, per-player results and the summary for history and stats.

        ``payouts`` (chips each player received from the pots, e.g. ``HandResult.payouts``),
        ``showed_down`` and ``voluntary`` (players who put chips in voluntarily) feed the stats;
        when omitted they are read from ``summary["payouts"]``, ``summary["showed_down"]`` (or
        the keys of ``summary["shown"]``) and ``summary["voluntary"]`` if present. Without
        payouts, each net winner is taken to have won their net gain (the ledger then records
        net amounts per player, which still balances).

        ``sit_out`` lists players the table sits out from the next hand (two timeouts in a
        row): their seats are marked in the same transaction, so a restart right after the
        hand cannot forget it.
        """
        if not isinstance(phh, str):
            raise StoreError("The hand history must be text.")
        finals: dict[int, int] = {}
        for user_id, stack in final_stacks.items():
            check_id(user_id, "member")
            finals[user_id] = check_chips(stack, "final stack", minimum=0)
        summary_dict = dict(summary)
        summary_text = _dumps(summary_dict)
        if showed_down is None:
            showed_down = summary_dict.get("showed_down", summary_dict.get("shown"))
        if voluntary is None:
            voluntary = summary_dict.get("voluntary")
        try:
            payout_map = _int_keys(payouts if payouts is not None else summary_dict.get("payouts"))
            shown = {int(user) for user in showed_down or ()}
            voluntary_set = None if voluntary is None else {int(user) for user in voluntary}
            sitting_out = sorted({check_id(user, "member") for user in sit_out})
        except (TypeError, ValueError) as error:
            raise StoreError(f"Hand #{hand_id}: player ids in the results are not ids.") from error

        async def body(db: Tx) -> None:
            now = time.time()
            table_id, guild_id, players = await self._running_hand(db, hand_id)
            if set(finals) != set(players):
                raise StoreError(
                    f"Hand #{hand_id}: final stacks must list exactly the hand's players."
                )
            start_total = sum(start for _, start in players.values())
            final_total = sum(finals.values())
            if start_total != final_total:
                raise ChipsNotConserved(
                    f"Hand #{hand_id}: final stacks total {final_total:,} chips but the hand "
                    f"started with {start_total:,}; nothing was changed."
                )
            won: dict[int, int] = {}
            put_in: dict[int, int] = {}
            for user_id, (_, start) in players.items():
                net = finals[user_id] - start
                if payout_map is None:
                    received = max(0, net)
                else:
                    received = check_chips(payout_map.get(user_id, 0), "payout", minimum=0)
                contributed = received - net
                if not 0 <= contributed <= start:
                    raise ChipsNotConserved(
                        f"Hand #{hand_id}: payouts do not match the stacks of player {user_id}."
                    )
                won[user_id] = received
                put_in[user_id] = contributed
            pot = pot_account(hand_id)
            await self._post(
                db,
                "pot_contribution",
                [(seat_account(table_id, u), -c) for u, c in put_in.items()]
                + [(pot, sum(put_in.values()))],
                now=now,
                guild_id=guild_id,
                table_id=table_id,
                hand_id=hand_id,
            )
            await self._post(
                db,
                "pot_win",
                [(pot, -sum(won.values()))]
                + [(seat_account(table_id, u), w) for u, w in won.items()],
                now=now,
                guild_id=guild_id,
                table_id=table_id,
                hand_id=hand_id,
            )
            for user_id, (_, start) in players.items():
                changed = await db.run(
                    q.SET_SEAT_STACK, (finals[user_id], table_id, user_id, start)
                )
                if changed != 1:
                    raise StoreError(
                        f"Hand #{hand_id}: the seat of player {user_id} no longer holds "
                        f"the start stack; nothing was changed."
                    )
                await db.run(
                    q.SETTLE_PLAYER,
                    (
                        finals[user_id],
                        won[user_id],
                        int(user_id in shown),
                        None if voluntary_set is None else int(user_id in voluntary_set),
                        hand_id,
                        user_id,
                    ),
                )
            if await db.run(q.SETTLE_HAND, (now, phh, summary_text, hand_id)) != 1:
                raise await self._hand_error(db, hand_id)
            await db.run(q.DELETE_JOURNAL, (hand_id,))
            for user_id in sitting_out:
                await db.run(q.SIT_OUT_SEAT, (now, table_id, user_id))

        await self._write(body)
        log.info("hand %d settled", hand_id)

    async def void_hand(
        self, hand_id: int, reason: str, *, bets: Mapping[int, int] | None = None
    ) -> None:
        """Call off a hand that cannot be resumed: every bet goes back, seats keep start stacks.

        ``bets`` (chips each player had put in, read from the last journaled state if the caller
        can) only makes the ledger's record of the refund informative; the seats never lost the
        chips, so the refund is exact either way.
        """
        reason_text = str(reason)[:500]
        refunds: dict[int, int] = {}
        for user_id, amount in (bets or {}).items():
            check_id(user_id, "member")
            refunds[user_id] = check_chips(amount, "bet", minimum=0)

        async def body(db: Tx) -> None:
            now = time.time()
            table_id, guild_id, players = await self._running_hand(db, hand_id)
            for user_id, amount in refunds.items():
                if user_id not in players or amount > players[user_id][1]:
                    raise StoreError(f"Hand #{hand_id}: bet of {amount:,} by {user_id} is wrong.")
            total = sum(refunds.values())
            pot = pot_account(hand_id)
            await self._post(
                db,
                "void",
                [(seat_account(table_id, u), -b) for u, b in refunds.items()] + [(pot, total)],
                now=now,
                guild_id=guild_id,
                table_id=table_id,
                hand_id=hand_id,
                note=reason_text,
            )
            await self._post(
                db,
                "refund",
                [(pot, -total)] + [(seat_account(table_id, u), b) for u, b in refunds.items()],
                now=now,
                guild_id=guild_id,
                table_id=table_id,
                hand_id=hand_id,
                note=reason_text,
            )
            await db.run(q.VOID_PLAYER, (hand_id,))
            if await db.run(q.VOID_HAND, (now, reason_text, hand_id)) != 1:
                raise await self._hand_error(db, hand_id)
            await db.run(q.DELETE_JOURNAL, (hand_id,))

        await self._write(body)
        log.warning("hand %d voided: %s", hand_id, reason_text)

    async def mark_announced(self, hand_id: int) -> None:
        """The settled hand's result reached the channel (``unannounced_hands`` skips it now).
        Marking it twice is harmless; a hand not settled is refused."""

        async def body(db: Tx) -> None:
            if await db.run(q.MARK_ANNOUNCED, (hand_id,)) == 1:
                return
            row = await db.one(q.HAND_STATUS, (hand_id,))
            if row is None:
                raise HandNotFound(f"There is no hand #{hand_id}.")
            raise StoreError(f"Hand #{hand_id} is {row[0]}, not settled: nothing to announce.")

        await self._write(body, immediate=False)

    async def unannounced_hands(self, table_id: int) -> list[HandRecord]:
        """Settled hands of this table whose result was never posted (a crash came between
        ``settle_hand`` and ``mark_announced``), oldest first, with what ``/poker history``
        reads: the stored summary (pot, winners, payouts, net, shown cards, names) and each
        player's result. ``hand_phh(id)`` has the full hand."""

        async def body(db: Tx) -> list[HandRecord]:
            rows = await db.all(q.UNANNOUNCED_HANDS, (table_id,))
            return await self._hand_records(db, rows)

        return await self._read(body)

    async def unfinished_hands(self) -> list[UnfinishedHand]:
        """Hands begun but not settled or voided, with their last journaled state (or None)."""
        rows = await self._select_all(q.UNFINISHED_HANDS)
        return [
            UnfinishedHand(
                int(hand_id), int(table_id), None if state is None else json.loads(state)
            )
            for hand_id, table_id, state in rows
        ]

    async def journal_state(self, hand_id: int) -> dict[str, Any] | None:
        """The last journaled engine state of a running hand."""
        row = await self._select_one(q.JOURNAL_STATE, (hand_id,))
        return None if row is None else dict(json.loads(row[0]))

    async def _hand_records(self, db: Tx, rows: list[Any]) -> list[HandRecord]:
        records = []
        for id_, table_id, guild_id, channel_id, status, started, ended, summary, reason in rows:
            players = tuple(
                HandPlayer(
                    user_id=int(user_id),
                    start_stack=int(start),
                    final_stack=final,
                    net=None if final is None else int(final) - int(start),
                    won=won,
                    showed_down=bool(showed),
                )
                for _, user_id, _seat, start, final, won, showed in await db.all(
                    q.HAND_PLAYERS, (id_,)
                )
            )
            records.append(
                HandRecord(
                    id=int(id_),
                    table_id=int(table_id),
                    guild_id=int(guild_id),
                    channel_id=int(channel_id),
                    status=str(status),
                    started_at=float(started),
                    ended_at=ended,
                    summary=None if summary is None else json.loads(summary),
                    void_reason=reason,
                    players=players,
                )
            )
        return records

    async def hand(self, hand_id: int) -> HandRecord:
        """One hand with its players (HandNotFound if none)."""

        async def body(db: Tx) -> HandRecord:
            row = await db.one(q.HAND, (hand_id,))
            if row is None:
                raise HandNotFound(f"There is no hand #{hand_id}.")
            return (await self._hand_records(db, [row]))[0]

        return await self._read(body)

    async def recent_hands(
        self,
        guild_id: int,
        channel_id: int | None = None,
        user_id: int | None = None,
        limit: int = 10,
    ) -> list[HandRecord]:
        """Finished (settled or voided) hands, newest first; optionally one channel's/member's."""
        check_id(guild_id, "server")
        limit = check_setting(limit, "number of hands", 1, 100)

        async def body(db: Tx) -> list[HandRecord]:
            rows = await db.all(q.RECENT_HANDS, (guild_id, channel_id, user_id, limit))
            return await self._hand_records(db, rows)

        return await self._read(body)

    async def hand_phh(self, hand_id: int) -> str | None:
        """The PHH text of a settled hand (None for unknown, running or voided hands)."""
        row = await self._select_one(q.HAND_PHH, (hand_id,))
        return None if row is None else row[0]

    async def player_stats(self, guild_id: int, user_id: int) -> Stats:
        """A member's record over settled hands in this server."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        row = await self._select_one(q.PLAYER_STATS, (guild_id, user_id))
        played, won, net, biggest, showdowns, showdowns_won, vpip = (int(x) for x in row)
        return Stats(played, won, net, biggest, showdowns, showdowns_won, vpip)

    # Audit -------------------------------------------------------------------------------------

    async def audit(self) -> AuditReport:
        """Check, in one snapshot, that every chip is accounted for.

        Wallets + seat stacks + open pots must equal everything the mint ever issued, every
        ledger transaction must sum to zero, and every wallet and seat must hold exactly what
        the ledger says its account holds.
        """
        return await self._read(self._audit)

    async def _audit(self, db: Tx) -> AuditReport:
        report = AuditReport()
        report.transactions, report.entries = await db.one(q.AUDIT_COUNTS)
        for tx_id, total in await db.all(q.AUDIT_UNBALANCED_TX):
            report.problem(f"ledger transaction {tx_id} sums to {total}, not 0")
        ledger = {str(account): int(total) for account, total in await db.all(q.AUDIT_ACCOUNT_SUMS)}
        report.granted = -ledger.pop(MINT, 0)
        hand_status = {int(id_): str(status) for id_, status in await db.all(q.AUDIT_HAND_STATUS)}
        for guild_id, user_id, balance in await db.all(q.AUDIT_WALLETS):
            report.wallets += balance
            expected = ledger.pop(wallet_account(guild_id, user_id), 0)
            if balance != expected:
                report.problem(
                    f"wallet {guild_id}/{user_id} holds {balance:,} "
                    f"but its ledger says {expected:,}"
                )
        for table_id, user_id, stack in await db.all(q.AUDIT_SEATS):
            report.seats += stack
            expected = ledger.pop(seat_account(table_id, user_id), 0)
            if stack != expected:
                report.problem(
                    f"seat {table_id}/{user_id} holds {stack:,} but its ledger says {expected:,}"
                )
        for account, total in ledger.items():
            if account.startswith("pot:"):
                report.open_pots += total
                hand_id = int(account.split(":")[1])
                if total and hand_status.get(hand_id) != HAND_RUNNING:
                    report.problem(f"{account} of a finished hand still holds {total:,}")
            elif total:
                report.problem(f"ledger account {account} holds {total:,} with no wallet or seat")
        held = report.wallets + report.seats + report.open_pots
        if held != report.granted:
            report.problem(
                f"{held:,} chips are held but the mint issued {report.granted:,} "
                f"(difference {held - report.granted:+,})"
            )
        for hand_id, table_id, user_id, start, stack in await db.all(q.AUDIT_RUNNING_PLAYERS):
            if stack is None:
                report.problem(f"player {user_id} of running hand {hand_id} lost their seat")
            elif stack != start:
                report.problem(
                    f"player {user_id} of running hand {hand_id} at table {table_id} has "
                    f"{stack:,} at the seat, not the start stack {start:,}"
                )
        if report.ok:
            log.info("audit ok: %d chips accounted for", report.granted)
        else:
            log.error("audit FAILED: %s", "; ".join(report.problems))
        return report

    # Used by tests and the benchmark -----------------------------------------------------------

    async def ledger_entries(self, hand_id: int | None = None) -> list[tuple[str, str, int]]:
        """(kind, account, amount) of every ledger entry, or of one hand's, in order."""
        rows = await self._select_all(q.LEDGER_ENTRIES, (hand_id,))
        return [(str(kind), str(account), int(amount)) for kind, account, amount in rows]

    # House players -----------------------------------------------------------------------------
    # The house's wallet is an ordinary wallet row under HOUSE_ACCOUNT_ID (no starting grant):
    # it buys each house player in, and takes the seat's chips back when the player stands up.
    # When it holds less than a buy-in, the shortfall is minted into it first ("grant", noted
    # "house float"), so every chip at a house seat is accounted like a member's.

    async def _house_to_seat(
        self, db: Tx, table: TableRow, user_id: int, amount: int, now: float
    ) -> None:
        """Move ``amount`` from the house's wallet (minting any shortfall) to the seat."""
        guild_id = table.guild_id
        row = await db.one(q.WALLET, (guild_id, HOUSE_ACCOUNT_ID))
        if row is None:
            await db.run(q.CREATE_WALLET, (guild_id, HOUSE_ACCOUNT_ID, 0, now))
        balance = 0 if row is None else int(row[0])
        if balance < amount:
            shortfall = amount - balance
            await db.run(q.CREDIT_WALLET, (shortfall, guild_id, HOUSE_ACCOUNT_ID))
            await self._post(
                db,
                "grant",
                [(MINT, -shortfall), (wallet_account(guild_id, HOUSE_ACCOUNT_ID), shortfall)],
                now=now,
                guild_id=guild_id,
                table_id=table.id,
                note="house float",
            )
            balance = amount
        await self._debit_wallet(db, guild_id, HOUSE_ACCOUNT_ID, amount, balance)
        await self._post(
            db,
            "buy_in",
            [
                (wallet_account(guild_id, HOUSE_ACCOUNT_ID), -amount),
                (seat_account(table.id, user_id), amount),
            ],
            now=now,
            guild_id=guild_id,
            table_id=table.id,
            note="house player",
        )

    @staticmethod
    def _check_house_player(user_id: object) -> int:
        if type(user_id) is not int or user_id not in HOUSE_PLAYER_IDS:
            raise StoreError("Unknown house player.")
        return user_id

    async def house_sit_down(
        self, table_id: int, user_id: int, name: str, style: str, amount: int
    ) -> SeatRow:
        """Seat a house player (``user_id`` one of ``HOUSE_PLAYER_IDS``) at the lowest free seat,
        bought in for ``amount`` from the house's wallet; ``TableFull`` when no seat is free."""
        self._check_house_player(user_id)
        check_chips(amount, "buy-in")

        async def body(db: Tx) -> SeatRow:
            now = time.time()
            table, settings = await self._open_table(db, table_id)
            if await db.one(q.SEAT_OF, (table_id, user_id)) is not None:
                raise AlreadySeated("That house player is already seated here.")
            taken = {row[1] for row in await db.all(q.SEATS, (table_id,))}
            free = [number for number in range(settings.seats) if number not in taken]
            if not free:
                raise TableFull(
                    f"The table is full ({settings.seats} seats).",
                    key="error_table_full",
                    seats=settings.seats,
                )
            await self._house_to_seat(db, table, user_id, amount, now)
            seat_params = (table_id, user_id, free[0], name[:100], amount, 0, now)
            await db.run(q.INSERT_SEAT, seat_params)
            await db.run(q.INSERT_HOUSE_PLAYER, (table_id, user_id, style[:20], now))
            return await self._seat(db, table_id, user_id)

        row = await self._write(body)
        log.info("house player %s sat down at table %s seat %d", user_id, table_id, row.seat)
        return row

    async def house_top_up(self, table_id: int, user_id: int, amount: int) -> SeatRow:
        """Add ``amount`` from the house's wallet to a house player's stack between hands (and
        sit them in again if they had busted)."""
        self._check_house_player(user_id)
        check_chips(amount, "amount")

        async def body(db: Tx) -> SeatRow:
            table = await self._table(db, table_id)
            await self._seat(db, table_id, user_id)
            await self._refuse_if_in_hand(db, table_id, user_id, "A hand is being played.")
            await self._house_to_seat(db, table, user_id, amount, time.time())
            await db.run(q.ADD_TO_SEAT, (amount, table_id, user_id))
            await db.run(q.UNSIT_SEAT, (table_id, user_id))
            return await self._seat(db, table_id, user_id)

        return await self._write(body)

    async def house_stand_up(self, table_id: int, user_id: int) -> int:
        """A house player stands up: the seat's chips go back to the house's wallet; returns
        them. Refused while the player is in an unsettled hand."""
        self._check_house_player(user_id)

        async def body(db: Tx) -> int:
            now = time.time()
            table = await self._table(db, table_id)
            seat = await self._seat(db, table_id, user_id)
            await self._refuse_if_in_hand(db, table_id, user_id, "A hand is being played.")
            await db.run(q.DELETE_SEAT, (table_id, user_id))
            await db.run(q.DELETE_HOUSE_PLAYER, (table_id, user_id))
            if seat.stack:
                await db.run(q.CREDIT_WALLET, (seat.stack, table.guild_id, HOUSE_ACCOUNT_ID))
            await self._post(
                db,
                "cash_out",
                [
                    (seat_account(table_id, user_id), -seat.stack),
                    (wallet_account(table.guild_id, HOUSE_ACCOUNT_ID), seat.stack),
                ],
                now=now,
                guild_id=table.guild_id,
                table_id=table_id,
                note="house player",
            )
            return seat.stack

        amount = await self._write(body)
        log.info("house player %s stood up from table %s with %d", user_id, table_id, amount)
        return amount

    async def house_players(self, table_id: int) -> dict[int, str]:
        """The house players seated at a table: user id -> style name."""
        rows = await self._select_all(q.HOUSE_PLAYERS, (table_id,))
        return {int(user_id): str(style) for user_id, style in rows}

    async def house_balance(self, guild_id: int) -> int:
        """Chips in the house's wallet in this server (0 before its first buy-in)."""
        check_id(guild_id, "server")
        row = await self._select_one(q.WALLET, (guild_id, HOUSE_ACCOUNT_ID))
        return 0 if row is None else int(row[0])

    async def waiting_members(self, table_id: int) -> dict[int, tuple[str, int | None]]:
        """Members waiting for a house player's seat at this table, first come first: user id
        -> (name, buy-in or None for the table's default)."""
        rows = await self._select_all(q.WAITING_MEMBERS, (table_id,))
        return {
            int(user_id): (str(name), None if buy_in is None else int(buy_in))
            for user_id, name, buy_in in rows
        }

    async def add_waiting_member(
        self, table_id: int, user_id: int, name: str, buy_in: int | None
    ) -> None:
        """The member waits for a house player's seat at this full table (seated after the
        hand); their buy-in then leaves the wallet, not now. ``buy_in`` None: the default."""
        check_id(user_id, "member")
        if buy_in is not None:
            check_chips(buy_in, "buy-in")

        async def body(db: Tx) -> None:
            await self._table(db, table_id)
            params = (table_id, user_id, str(name)[:100], buy_in, time.time())
            await db.run(q.INSERT_WAITING_MEMBER, params)

        await self._write(body)

    async def remove_waiting_member(self, table_id: int, user_id: int) -> bool:
        """The member no longer waits for a seat here; whether they were waiting."""
        check_id(user_id, "member")

        async def body(db: Tx) -> bool:
            return await db.run(q.DELETE_WAITING_MEMBER, (table_id, user_id)) > 0

        return await self._write(body)

    async def house_fill(self, guild_id: int, channel_id: int) -> tuple[int, str | None]:
        """(seats, style) the house fills at this channel's table (the channel's own setting,
        else the server's); (0, None) when it fills none."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        row = await self._select_one(q.HOUSE_FILL, (guild_id, channel_id))
        return (0, None) if row is None else (int(row[0]), str(row[1]))

    async def set_house_fill(
        self, guild_id: int, channel_id: int | None, seats: int, style: str
    ) -> None:
        """Fill up to ``seats`` seats with house players of ``style`` at this channel's table
        (``channel_id`` None: the server's default) when a member is seated; 0 = never."""
        check_id(guild_id, "server")
        if channel_id is not None:
            check_id(channel_id, "channel")
        check_setting(seats, "number of seats", 0, 10)

        async def body(db: Tx) -> None:
            params = (guild_id, channel_id or 0, seats, style[:20], time.time())
            await db.run(q.SET_HOUSE_FILL, params)

        await self._write(body)

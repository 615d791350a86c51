"""The store's transaction runner: every part of the store runs its transactions here.

Why it is built this way:

* Each store call checks its arguments, then hands the runner a transaction body (a coroutine
  over ``backend.Tx``) that reads, checks again what only the database knows, and writes; the
  backend (``sqlite.py``, ``postgres.py``) runs the body as one transaction that serialises
  with every other writer of the database, in this process or another.
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
  column (``chips.post``), and a run that finds its key already written returns the answer of
  the run that committed: chips move at most once per call. ``postgres.py`` says why running
  again each body that writes no ledger transaction is safe.
* Journal writes (one per player action, the hot path) are group-committed: each call leaves the
  hand's latest state in a pending batch, and a batch write writes every pending hand in ONE
  transaction of ONE statement (one fsync for the whole batch; on PostgreSQL a task takes one
  turn of the write lock for it, while on SQLite it goes onto the writer thread's queue at once
  and the thread wakes the waiters: one batch writing, the next gathering). A call
  returns only after the commit that holds its state (or a newer state of the same hand) is
  durable, so durability is what it was with one transaction per call; under load the batches
  grow instead of a queue of waiters each passing the write lock on.
* A second, read-only connection serves pure reads from the last committed state.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from bot.store.backend import Backend, Body, Tx
from bot.store.errors import StoreError

log = logging.getLogger(__name__)

# Whether a store call's first ledger transaction (its key) is already written: a run of the
# call whose COMMIT went unanswered did commit.
LEDGER_CALL_APPLIED = "SELECT 1 FROM ledger_tx WHERE call_key = ?"

T = TypeVar("T")


def _consume_result(task: asyncio.Future[Any]) -> None:
    """Retrieve a detached transaction's outcome so a failure is logged, not lost."""
    if task.cancelled():
        return
    error = task.exception()
    if error is not None and not isinstance(error, StoreError):
        log.error("store transaction failed after its caller was cancelled", exc_info=error)


class CallTx:
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
        if returned is not None and await db.one(LEDGER_CALL_APPLIED, (self.key,)):
            log.info("store call %s had committed before its answer was lost", self.key)
            return returned[0]
        result = await self._body(CallTx(db, self.key))
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


class Runner:
    """The store's transactions over one backend: writes under the write lock, reads on the
    read-only connection, and the journal's group commit."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.depth = IN_FLIGHT if backend.queues_writes else 1
        """Transactions in flight at once on each connection (``IN_FLIGHT`` or one)."""
        self._write_lock = WriteLock(self.depth)
        self._read_lock = asyncio.Semaphore(self.depth)
        self.closed = False
        self._journal = _JournalPending()
        self._journal_writes: set[asyncio.Future[None]] = set()
        """The batch writes queued and not done (a writing one, and one gathering at most)."""

    async def close(self) -> None:
        """Wait for running transactions, then close both connections."""
        if self.closed:
            return
        self.closed = True
        await self._journals_flushed()
        async with _every_turn(self.depth, self._write_lock, self._read_lock):
            await self.backend.close()

    async def wait_idle(self) -> None:
        """Wait until every write queued so far (including ones whose caller gave up) is done."""
        await self._journals_flushed()
        async with _every_turn(self.depth, self._write_lock):
            pass

    async def _journals_flushed(self) -> None:
        """Wait until no journal write is pending (every pending state has a batch write
        queued for it, which is not done before the state is written)."""
        while writes := [write for write in self._journal_writes if not write.done()]:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(asyncio.gather(*writes, return_exceptions=True))
            if any(write.cancelled() for write in writes):
                break

    # Transactions ------------------------------------------------------------------------------

    async def _shielded(self, work: Awaitable[T]) -> T:
        task = asyncio.ensure_future(work)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            if not task.done():
                task.add_done_callback(_consume_result)
            raise

    async def write(self, body: Body[T], *, immediate: bool = True) -> T:
        """Run ``body`` as one write transaction under the lock (see ``Backend.write``).

        ``immediate=False`` says the body is a single self-contained statement, which SQLite
        runs in autocommit mode (it is its own transaction), saving two calls.
        """
        if self.closed:
            raise RuntimeError("the store is closed")
        return await self._shielded(self._run_write(_Call(body), immediate))

    async def _run_write(self, body: Body[T], immediate: bool) -> T:
        async with self._write_lock:
            return await self.backend.write(body, immediate=immediate)

    async def read(self, body: Body[T], *, snapshot: bool = True) -> T:
        """Run ``body`` on the read-only connection inside one snapshot.

        ``snapshot=False`` is for a single SELECT, which is a consistent snapshot by itself.
        """
        if self.closed:
            raise RuntimeError("the store is closed")
        return await self._shielded(self._run_read(body, snapshot))

    async def select_one(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return await self.read(lambda db: db.one(sql, params), snapshot=False)

    async def select_all(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        return await self.read(lambda db: db.all(sql, params), snapshot=False)

    async def _run_read(self, body: Body[T], snapshot: bool) -> T:
        async with self._read_lock:
            return await self.backend.read(body, snapshot=snapshot)

    # The journal's group commit ----------------------------------------------------------------

    async def journal(self, hand_id: int, text: str) -> None:
        """Put a hand's state (its JSON text) in the pending batch and return once the commit
        holding it, or a newer state of the same hand, is durable (``hands.Hands.journal``)."""
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

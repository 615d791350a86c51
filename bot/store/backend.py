"""What the chip store needs from a database, whichever it is.

The chip rules (every check, every ledger posting, every wallet and seat change) are written
once, in the store's parts (``chips.py`` for what they share), as transaction bodies:
coroutines that take a ``Tx`` and run statements through it. A ``Backend`` runs such a body as
ONE transaction that serialises with every other writer of the same database, in this process
or another (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: ``SERIALIZABLE``, retried on a
serialisation failure), and writes the journal's group-committed batches. The SQL that differs
between the two lives in the backend modules; the statements themselves are named beside the
part that runs them (those several parts run in ``shared_sql.py``), written with ``?``
placeholders.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from bot.store.errors import HandAlreadyFinished, HandNotFound, StoreError

log = logging.getLogger(__name__)

T = TypeVar("T")

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(location: object) -> bool:
    """Whether a database location names a PostgreSQL server rather than a SQLite file."""
    return isinstance(location, str) and location.startswith(POSTGRES_SCHEMES)


class Tx(Protocol):
    """The statements of one transaction. Rows are sequences (a tuple, an asyncpg Record)."""

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query, or None."""

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every row of a query."""

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement; how many rows it changed."""

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        """Execute one INSERT into a table with an ``id`` key; the new row's id."""

    async def many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        """Execute one statement for each row of parameters."""


Body = Callable[[Tx], Awaitable[T]]


class Backend(Protocol):
    """One database: a writer and a reader, and the journal's batch write."""

    kind: str
    """"sqlite" or "postgresql"."""
    location: str
    """The file path or the server URL (with any password removed), for messages."""
    queues_writes: bool
    """Whether the backend itself runs write transactions one at a time in the order they are
    called (each one whole, never interleaved): then a journal batch needs no turn of the
    store's write lock to stay out of another transaction."""

    async def write(self, body: Body[T], *, immediate: bool = True) -> T:
        """Run ``body`` as one write transaction (or change nothing if it raises).

        ``immediate=False`` says the body is a single self-contained statement, which a backend
        may run without an explicit transaction. The caller serialises calls on one backend.
        A backend may run ``body`` again from the start (PostgreSQL: after a serialisation
        failure, or on a new connection after losing one, even during its COMMIT); the store's
        bodies are written to be run again (``runner._Call``). ``StoreUnavailable`` when the
        database does not answer within the backend's budget.
        """

    async def read(self, body: Body[T], *, snapshot: bool = True) -> T:
        """Run ``body`` on the read connection, inside one snapshot unless ``snapshot`` is
        False (a single SELECT is consistent by itself)."""

    async def write_journal(self, states: Mapping[int, str], now: float) -> dict[int, Exception]:
        """Write each running hand's latest journal state durably, in one transaction.

        Returns the hands whose write failed (not running, or a statement the database refused
        for that hand alone); raises if the whole batch failed (nothing of it was written).
        """

    def queue_journal(self, take: Callable[[], JournalBatch | None]) -> asyncio.Future[None]:
        """Only where ``queues_writes``: queue a journal write at once. It takes the pending
        batch (``take``; None: nothing to write) when its turn comes, or earlier: the backend
        may write it before any transaction it runs. The batch is written as
        ``write_journal`` does and its waiters released on the event loop; the future is done
        after that."""

    async def close(self) -> None:
        """Close the connections (the caller has waited for its transactions)."""


class JournalBatch(Protocol):
    """Journal states waiting for one commit, and the callers waiting for it."""

    states: dict[int, str]

    def release(self, failures: Mapping[int, Exception], error: Exception | None = None) -> None:
        """Wake the waiters (on the event loop): each with its hand's failure, or with
        ``error`` if the whole batch failed, or with success."""


def hand_not_running(hand_id: int, status: str | None) -> StoreError:
    """The error a write for a hand that is not running raises."""
    if status is None:
        return HandNotFound(f"There is no hand #{hand_id}.")
    return HandAlreadyFinished(f"Hand #{hand_id} is already over ({status}).")


def journal_payload(states: Mapping[int, str]) -> str:
    """A JSON array of ``[hand id, state]`` pairs: each state is already JSON text, spliced in
    as is, so the batch is one parameter of one statement."""
    return "[" + ",".join(f"[{hand_id:d},{text}]" for hand_id, text in states.items()) + "]"

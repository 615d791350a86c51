"""An empty table closes itself: the session's collaborator that watches for a table where no
member sits and no hand runs, and closes it once the server's idle time
(``Settings.idle_close``) has passed.

- House players do not count: they leave with the last member (``house.tidy``), so a table
  whose only seats are theirs is as empty as one with none.
- The time counts from when the last member stood up: the store keeps that moment
  (``TableRow.empty_since``, written by the cash-out that emptied the table), so a restart
  counts on, and a table whose time ran out while the bot was down closes as it is restored.
- A table that closes this way is closed as an admin closes one (nobody is left to cash out),
  but posts nothing: its table message says that it closed and how to open it again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from bot.house.accounts import is_house
from bot.table.inputs import IdleDue
from bot.table.timers import Spawn

if TYPE_CHECKING:
    from bot.engine import Hand
    from bot.store.models import SeatRow, Settings

log = logging.getLogger(__name__)

RETRY_SECONDS = 30.0
"""Seconds before a close that failed (a store error) is tried again."""


class IdleTable(Protocol):
    """What the idle close reads of its table (the ``TableSession``)."""

    @property
    def table_id(self) -> int: ...
    @property
    def hand(self) -> Hand | None: ...
    @property
    def seats(self) -> Sequence[SeatRow]: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def closing(self) -> bool: ...
    @property
    def closed(self) -> bool: ...
    @property
    def clock(self) -> Callable[[], float]: ...
    async def handle(self, event: IdleDue) -> None: ...


class IdleClose:
    """The idle clock of one table."""

    def __init__(
        self,
        table: IdleTable,
        spawn: Spawn,
        close: Callable[[], Awaitable[None]],
        empty_since: float | None,
    ) -> None:
        self._table = table
        self._spawn = spawn
        self._close = close
        """The session's close (under the lock, between hands)."""
        self._since = empty_since
        """Since when no member sits here (the store's, then this clock's), None while one
        does."""
        self._due: float | None = None
        self._task: asyncio.Task[None] | None = None
        self.closed = False
        """The table closed for want of players (its message says so)."""

    @property
    def closes_at(self) -> float | None:
        """When the table closes if nobody sits down (None while it is not empty)."""
        return self._due if self._task is not None and not self._task.done() else None

    def empty(self) -> bool:
        """No hand runs and no member sits here."""
        table = self._table
        return table.hand is None and all(is_house(seat.user_id) for seat in table.seats)

    def watch(self) -> None:
        """The seats, the hand or the settings may have changed (under the table's lock): start
        the idle clock of a table that became empty, stop it when a member sits down, and move
        it when the idle time changed."""
        table = self._table
        if table.closed or table.closing or not self.empty():
            self._since = None
            self._stop()
            return
        if self._since is None:
            self._since = table.clock()
        due = self._since + table.settings.idle_close
        if due == self.closes_at:
            return
        self._stop()
        self._plan(due)

    def _plan(self, due: float) -> None:
        self._due = due
        self._task = self._spawn(self._close_when_due(due), "idle-close")

    def _stop(self) -> None:
        task, self._task, self._due = self._task, None, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _close_when_due(self, due: float) -> None:
        table = self._table
        await asyncio.sleep(max(0.0, due - table.clock()))
        await table.handle(IdleDue(due))  # the session calls ``close_if_due`` under its lock

    async def close_if_due(self, due: float) -> None:
        """The idle clock planned for ``due`` rang (under the session's lock): close the table
        if it is still empty and that clock still runs."""
        table = self._table
        if self._due != due or table.closed or table.closing or not self.empty():
            return
        log.info("Table %s: nobody is seated; closing the table", table.table_id)
        self.closed = True
        try:
            await self._close()
        except Exception:
            self.closed = False
            log.warning("Table %s: closing the empty table failed; retrying", table.table_id)
            log.debug("Table %s: idle close error", table.table_id, exc_info=True)
            self._plan(table.clock() + RETRY_SECONDS)

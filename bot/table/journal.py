"""The running hand's journal, written before anything of a change is shown.

An action is answered, shown on the table or in a panel, and its effects (the next turn, the
timers, a house player's move) started only once its journal entry is durable. When a write
fails, the session puts the hand back at its last durable state (``durable``: what the players
saw) and the table waits: its message says so, nothing moves, and every few seconds the write
that failed (or what stands for it) is tried again; once the store answers, play goes on from
that state. So a hand never resumes, after a restart or after the store came back, from a
state older than one that was shown.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

from bot.replies import Refused

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

RETRY_SECONDS = 2.0
"""Seconds between two tries of a table waiting for its store to answer again."""


class NotSaved(Refused):
    """An action's journal write failed: the hand is back at its last durable state (what
    the players saw), and the player is told that nothing changed."""


Spawn = Callable[[Coroutine[Any, Any, Any], str], "asyncio.Task[Any]"]


class HandJournal:
    """One table's journal writes, and its wait for a store that failed."""

    def __init__(
        self,
        store: Store,
        table_id: int,
        spawn: Spawn,
        retry_turn: Callable[[], Awaitable[bool]],
        *,
        on_lost: Callable[[], None],
        on_back: Callable[[], Awaitable[None]],
    ) -> None:
        self.store = store
        self.table_id = table_id
        self._spawn = spawn
        self._retry_turn = retry_turn
        """Hands the session a ``StoreRetry``: under its lock, it calls ``try_again``."""
        self._on_lost = on_lost
        self._on_back = on_back
        self.durable: dict[str, Any] | None = None
        """The running hand's last state known to be durable (None before its first)."""
        self.waiting = False
        """A write the table needs failed: nothing moves until the store answers again."""
        self._retry: Callable[[], Awaitable[None]] | None = None

    def new_hand(self) -> None:
        self.durable = None

    async def write(self, hand_id: int, state: dict[str, Any]) -> bool:
        """Journal ``state``; whether it is durable. A table that was waiting goes on."""
        try:
            await self.store.hands.journal(hand_id, state)
        except Exception as error:
            # the error's text is the store's, never the state's cards
            log.warning(
                "Table %s: hand %s journal not saved, waiting for the store: %s",
                self.table_id,
                hand_id,
                error,
            )
            return False
        self.durable = state
        if self.waiting:
            await self._answered()
        return True

    def wait(self, retry: Callable[[], Awaitable[None]]) -> None:
        """The store failed: the table waits, trying ``retry`` (under the session's lock:
        ``try_again``) every ``RETRY_SECONDS`` until it succeeds."""
        self._retry = retry
        if not self.waiting:
            self.waiting = True
            self._spawn(self._until_answered(), "store-wait")
        self._on_lost()

    async def _until_answered(self) -> None:
        while True:
            await asyncio.sleep(RETRY_SECONDS)
            if await self._retry_turn():
                return

    async def try_again(self) -> bool:
        """Try the failed write again (under the session's lock): whether to stop trying (it
        succeeded, or nothing waits any more)."""
        retry = self._retry
        if not self.waiting or retry is None:
            return True
        try:
            await retry()
        except Exception as error:
            log.debug("Table %s: the store still fails: %s", self.table_id, error)
            return False
        if self.waiting and self._retry is retry:
            await self._answered()
        return True

    async def _answered(self) -> None:
        log.info("Table %s: the store answers again", self.table_id)
        self.waiting = False
        self._retry = None
        await self._on_back()

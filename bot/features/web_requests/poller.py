"""The bot's side of the standalone dashboard's table actions: about once a second, one read of
the requests no process took yet (a small partial index: empty unless an admin just clicked);
each request of a table this process owns is taken by one statement (another process never
takes it too), applied through the table's session as the in-process dashboard applies it
(the pause by the admin who asked), and its outcome written back for the page.

On SQLite the only process owns every table; sharded on PostgreSQL, a process takes the
requests of the tables in its registry, and those of its servers' tables it no longer runs
(closed since: answered "no such table"); the other processes leave them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from bot.periodic import Periodic
from bot.store import Store
from bot.store.web_requests import WebRequest
from bot.table.registry import TableRegistry

log = logging.getLogger(__name__)

EVERY = 1.0
"""Seconds between two reads of the waiting requests."""


async def apply(tables: TableRegistry, request: WebRequest) -> str:
    """Do what the request asks at its table, as the in-process dashboard does
    (``bot.web.live.BotTables``): the answer's catalogue key."""
    session = tables.by_table(request.table_id)
    if session is None or session.guild_id != request.guild_id or session.closed:
        return "web_no_table"
    if request.action == "pause":
        return await session.set_paused(request.user_id) or "pause_already"
    if request.action == "resume":
        return await session.set_paused(None) or "resume_not_paused"
    return "table_closed" if await session.request_close() else "close_after_hand"


class WebRequestPoller(Periodic):
    """Takes and applies the dashboard's requests for this process's tables."""

    label = "the web requests' pass"

    def __init__(
        self,
        store: Store,
        tables: TableRegistry,
        *,
        every: float = EVERY,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(every)
        self._store = store
        self._tables = tables
        self._clock = clock

    def _mine(self, guild_id: int, table_id: int) -> bool:
        if self._tables.by_table(table_id) is not None:
            return True
        return self._tables.owns(guild_id)

    async def run_pass(self) -> list[WebRequest]:
        """Apply every waiting request of this process's tables: those applied, outcome
        written."""
        done = []
        for request_id, guild_id, table_id in await self._store.web_requests.waiting(self._clock()):
            if not self._mine(guild_id, table_id):
                continue
            request = await self._store.web_requests.take(request_id, self._clock())
            if request is None:  # another process took it, or it expired just now
                continue
            try:
                outcome = await apply(self._tables, request)
            except Exception:
                log.exception("web requests: %s of table %s failed", request.action, table_id)
                outcome = "web_error"
            await self._store.web_requests.finish(request.id, outcome, self._clock())
            log.info(
                "Dashboard request: table %s %s by %s: %s",
                table_id,
                request.action,
                request.user_id,
                outcome,
            )
            done.append(request)
        return done

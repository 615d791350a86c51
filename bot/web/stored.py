"""The live tables as the store has them, for ``python -m bot.web`` (a dashboard with no table
session in its process): each open table of a server rebuilt from what the bot persists, its
row (paused, closing), its seats, its channel's stakes and its running hand's journal (written
after every action), into the same public ``TableSnapshot`` the channel's table is drawn from
(``bot.table.snapshot.table_snapshot``: built from the hand's public view only, so no private
card of the journal reaches a page).

A server's tables are read at most once every ``REFRESH_SECONDS`` however many pages and
streams watch it, and a table whose reads did not change keeps its snapshot object, so the
live stream (``pages/live.py``) sends it only when it changed. Pause, Resume and Close act on
the table's session, in the bot's process: this dashboard writes them to the store as requests
the bot applies (``pages/server.py``, ``bot/features/web_requests``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from bot.engine import Hand
from bot.store import Store
from bot.store.models import TableRow
from bot.table.seating import read_journal
from bot.table.snapshot import TableSnapshot, table_snapshot
from bot.web.discord_api import DiscordApi, DiscordUnavailable
from bot.web.live import LiveTable

log = logging.getLogger(__name__)

REFRESH_SECONDS = 0.5
"""The most often a server's tables are read from the store."""
CHANNELS_SECONDS = 60.0
"""How long the server's channel names (asked of Discord) are kept."""


class StoredTables:
    """The servers' open tables as the store has them (read only)."""

    def __init__(
        self,
        store: Store,
        api: DiscordApi,
        *,
        refresh: float = REFRESH_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._store = store
        self._api = api
        self.refresh = refresh
        self._clock = clock
        self._read: dict[int, tuple[float, list[LiveTable]]] = {}
        self._reading: dict[int, asyncio.Lock] = {}
        self._built: dict[int, tuple[int, Any, TableSnapshot]] = {}
        """Each open table's server, what its last snapshot was built from, and it."""
        self._channels: dict[int, tuple[float, dict[int, str]]] = {}
        self.reads = 0
        """How many times a server's tables were read (for the tests)."""

    async def in_guild(self, guild_id: int) -> list[LiveTable]:
        """The server's open tables, read again when the last read is older than
        ``refresh``."""
        kept = self._read.get(guild_id)
        if kept is not None and self._clock() - kept[0] < self.refresh:
            return kept[1]
        async with self._reading.setdefault(guild_id, asyncio.Lock()):
            kept = self._read.get(guild_id)  # another stream read it while this one waited
            if kept is not None and self._clock() - kept[0] < self.refresh:
                return kept[1]
            tables = await self._read_guild(guild_id)
            self._read[guild_id] = (self._clock(), tables)
            return tables

    async def _read_guild(self, guild_id: int) -> list[LiveTable]:
        self.reads += 1
        names = await self._channel_names(guild_id)
        found = []
        rows = await self._store.tables.not_closed_in(guild_id)
        for row in rows:
            snapshot = await self._snapshot(row)
            name = names.get(row.channel_id, str(row.channel_id))
            found.append(LiveTable(guild_id, row.id, row.channel_id, name, snapshot))
        open_ids = {r.id for r in rows}
        for table_id in [t for t, b in self._built.items() if b[0] == guild_id]:
            if table_id not in open_ids:  # closed since: its snapshot goes
                del self._built[table_id]
        return sorted(found, key=lambda table: table.channel_name)

    async def _snapshot(self, row: TableRow) -> TableSnapshot:
        store = self._store
        seats = await store.tables.seats(row.id)
        settings = await store.settings.table(row.guild_id, row.channel_id)
        hand_id = await store.hands.running(row.id)
        state = None if hand_id is None else await store.hands.journal_state(hand_id)
        key = (row, tuple(seats), settings, hand_id, state)
        built = self._built.get(row.id)
        if built is not None and built[1] == key:
            return built[2]
        hand: Hand | None = None
        leaving: frozenset[int] = frozenset()
        deadline: float | None = None
        closing = False
        if state is not None:
            try:
                hand, notes, deadline, closing = read_journal(state)
                leaving = frozenset(notes.leaving)
            except Exception as error:  # never the state itself: it holds the private cards
                name = type(error).__name__
                log.warning("Dashboard: table %s's journal could not be read (%s)", row.id, name)
        snapshot = table_snapshot(
            table_id=row.id,
            settings=settings,
            seats=seats,
            hand=hand,
            last_hand=None,
            leaving=leaving,
            deadline=deadline,
            next_hand_at=None,
            closing=closing or row.status == "closing",
            closed=False,
            paused_by=row.paused_by,
        )
        self._built[row.id] = (row.guild_id, key, snapshot)
        return snapshot

    async def _channel_names(self, guild_id: int) -> dict[int, str]:
        kept = self._channels.get(guild_id)
        if kept is not None and self._clock() - kept[0] < CHANNELS_SECONDS:
            return kept[1]
        try:
            names = dict(await self._api.text_channels(guild_id))
        except DiscordUnavailable:
            names = kept[1] if kept is not None else {}
        self._channels[guild_id] = (self._clock(), names)
        return names

    def channel_names(self, guild_id: int) -> dict[int, str]:
        """The channel names last read for the server (none yet: empty)."""
        kept = self._channels.get(guild_id)
        return {} if kept is None else kept[1]

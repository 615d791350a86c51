"""Every table session of the process, by channel and by table id: open, restore, forget,
close all. The client holds one registry; buttons find their table through it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands

from bot.messages import t
from bot.table.channel import EDIT_INTERVAL, DiscordClient, TableChannel
from bot.table.house import HousePlayers
from bot.table.mtt import MttDirecting, MttSession
from bot.table.session import TableSession
from bot.table.tournament import TournamentSession

if TYPE_CHECKING:
    from bot.store import Store
    from bot.store.models import TableRow, TournamentRow

log = logging.getLogger(__name__)


class MttRuns(Protocol):
    """The runs of the multi-table tournaments (``bot/features/mtt/running.py``), which the
    client gives the registry: it hands each MTT table's session its tournament's run."""

    async def run_of(self, tournament: TournamentRow) -> MttDirecting:
        """The run of a running MTT (made once, at its first table)."""
        ...

    def restored(self) -> None:
        """Every table is restored: each run asks its director for the next step."""
        ...


def _next_deal(session: TableSession) -> float | None:
    """Seconds until the session's next deal (None when none is planned)."""
    due = session.timers.next_hand_at
    return None if due is None else due - session.clock()


class TableRegistry:
    """The running table sessions."""

    def __init__(
        self,
        client: DiscordClient,
        store: Store,
        *,
        hand_pause: float | None = None,
        house_pause: float | None = None,
        test_seed: int | None = None,
        edit_interval: float = EDIT_INTERVAL,
        owns_guild: Callable[[int], bool] | None = None,
        voids_orphans: bool = True,
    ) -> None:
        self.client = client
        self.owns_guild = owns_guild
        """Sharded: whether this process runs a guild's shard (it restores only those tables)."""
        self.voids_orphans = voids_orphans
        """Whether restore_all voids running hands whose table is closed (one process does)."""
        self.store = store
        self.hand_pause = hand_pause
        self.house_pause = house_pause
        self.test_seed = test_seed
        """Tests only (``DEUCE_TEST_SEED``): each table's decks and house players seeded."""
        self.edit_interval = edit_interval
        self._by_channel: dict[int, TableSession] = {}
        self._by_table: dict[int, TableSession] = {}
        self._opening = asyncio.Lock()
        """Serialises opening sessions: two joins at once must share one session."""
        self._tournament_turns: dict[int, asyncio.Lock] = {}
        """The lock of each tournament someone holds or waits for the turn of
        (``tournament_turn``), with how many do: dropped at none."""
        self._tournament_users: dict[int, int] = {}
        self.mtt_runs: MttRuns | None = None
        """The runs of multi-table tournaments (None: this registry opens none)."""

    def __len__(self) -> int:
        return len(self._by_channel)

    def _new_session(
        self,
        table: TableRow,
        tournament: TournamentRow | None = None,
        run: MttDirecting | None = None,
    ) -> TableSession:
        """A table's session (a tournament's table when ``tournament`` is given)."""
        io = TableChannel(
            self.client,
            table_id=table.id,
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            message_id=table.message_id,
            edit_interval=self.edit_interval,
        )
        options: dict[str, Any] = {
            "store": self.store,
            "io": io,
            "on_closed": self.forget,
            "hand_pause": self.hand_pause,
            "house_pause": self.house_pause,
            "test_seed": self.test_seed,
        }
        session: TableSession
        if tournament is None:
            session = TableSession(table, **options)
        elif run is not None:
            session = MttSession(table, tournament, run, **options)
        else:
            session = TournamentSession(table, tournament, **options)
        io.next_deal = partial(_next_deal, session)
        return session

    def _register(self, session: TableSession) -> None:
        self._by_channel[session.channel_id] = session
        self._by_table[session.table_id] = session

    async def restore_all(self) -> None:
        """Bring back every open table of this process's guilds (every one, unsharded); resume
        its interrupted hand or refund it."""
        unfinished: dict[int, tuple[int, dict[str, Any] | None]] = {}
        for hand_id, table_id, state in await self.store.hands.unfinished():
            unfinished[table_id] = (hand_id, state)
        for table in await self.store.tables.not_closed():
            if self.owns_guild is not None and not self.owns_guild(table.guild_id):
                unfinished.pop(table.id, None)  # another process's table and hand
                continue
            try:
                tournament = None
                run = None
                if table.tournament_id is not None:
                    tournament = await self.store.tournaments.get(table.tournament_id)
                    if tournament.kind == "mtt":
                        if self.mtt_runs is None:
                            log.warning("Table %s of an MTT is not restored here", table.id)
                            continue
                        run = await self.mtt_runs.run_of(tournament)
                session = self._new_session(table, tournament, run)
                self._register(session)
                await session.restore(unfinished.pop(table.id, None))
            except Exception:
                log.exception(
                    "Could not restore table %s in channel %s", table.id, table.channel_id
                )
        for table_id, (hand_id, _state) in unfinished.items():
            if not self.voids_orphans:
                break
            log.warning("Voiding hand %s of table %s that has no open table", hand_id, table_id)
            try:
                await self.store.hands.void(hand_id, "table no longer open at restart")
            except Exception:
                log.exception("Could not void hand %s", hand_id)
        if self._by_channel:
            log.info("Restored %d table(s)", len(self._by_channel))
        if self.mtt_runs is not None:
            self.mtt_runs.restored()

    def by_channel(self, channel_id: int) -> TableSession | None:
        """The running session of a channel, if it has a table."""
        return self._by_channel.get(channel_id)

    def here(self, interaction: discord.Interaction[Any]) -> TableSession:
        """The table of the channel a command came from; where there is none, the command is
        refused with the "no table" sentence (a private reply)."""
        session = self._by_channel.get(interaction.channel_id or 0)
        if session is None:
            raise app_commands.CheckFailure(t("no_table"))
        return session

    def by_table(self, table_id: int) -> TableSession | None:
        """The running session with this table id (buttons carry table ids)."""
        return self._by_table.get(table_id)

    def in_guild(self, guild_id: int) -> list[TableSession]:
        return [s for s in self._by_channel.values() if s.guild_id == guild_id]

    def house_here(self, interaction: discord.Interaction[Any]) -> HousePlayers:
        """The house players of the table of the channel a command came from (refused with the
        "no table" sentence where there is none)."""
        return self.here(interaction).house

    def houses_in_guild(self, guild_id: int) -> list[HousePlayers]:
        """The house players of every table of a server."""
        return [s.house for s in self.in_guild(guild_id)]

    async def open(
        self,
        guild_id: int,
        channel_id: int,
        *,
        opened_by: int | None = None,
        limited: bool = False,
    ) -> TableSession:
        """The channel's session, creating the table and session when there is none yet (on
        behalf of ``opened_by``; ``limited``: ``TableLimit`` when that member already opened
        as many open tables in the server as it allows)."""
        session = self._by_channel.get(channel_id)
        if session is not None and not session.closed:
            return session
        async with self._opening:
            # another join may have opened it while this one waited
            session = self._by_channel.get(channel_id)
            if session is not None and not session.closed:
                return session
            table = await self.store.tables.get_or_create(
                guild_id, channel_id, opened_by=opened_by, limited=limited
            )
            session = self._new_session(table)
            session.io.expect_command()  # the join opening it: its token posts the table
            await session.restore(None)
            self._register(session)
            return session

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs the guild's tables (every guild, unsharded)."""
        return self.owns_guild is None or self.owns_guild(guild_id)

    @contextlib.asynccontextmanager
    async def tournament_turn(self, tournament_id: int) -> AsyncIterator[None]:
        """One change of a tournament at a time (a registration, an unregistration, its start,
        its cancellation; a button and a command alike): each reads the store once it has its
        turn, so the session follows what the store decided (a guild's interactions all come
        to the one process that runs it)."""
        turn = self._tournament_turns.setdefault(tournament_id, asyncio.Lock())
        self._tournament_users[tournament_id] = self._tournament_users.get(tournament_id, 0) + 1
        try:
            async with turn:
                yield
        finally:
            self._tournament_users[tournament_id] -= 1
            if self._tournament_users[tournament_id] == 0:
                del self._tournament_users[tournament_id]
                del self._tournament_turns[tournament_id]

    async def start_tournament(self, tournament: TournamentRow, table: TableRow) -> TableSession:
        """The session of a tournament that just started at ``table`` (the channel's table,
        which the store reopened for it)."""
        async with self._opening:
            old = self._by_channel.get(table.channel_id)
            if old is not None and not old.closed:
                raise RuntimeError(f"channel {table.channel_id} already has a running table")
            session = self._new_session(table, tournament)
            self._register(session)
            await session.restore(None)
            return session

    async def open_mtt_table(
        self, tournament: TournamentRow, table: TableRow, run: MttDirecting
    ) -> MttSession:
        """The session of an MTT's table that just opened (at the start, or for a late
        registrant) in its thread; it holds until the run releases it."""
        async with self._opening:
            old = self._by_channel.get(table.channel_id)
            if old is not None and not old.closed:
                raise RuntimeError(f"thread {table.channel_id} already has a running table")
            session = self._new_session(table, tournament, run)
            assert isinstance(session, MttSession)
            self._register(session)
            await session.restore(None)
            return session

    def forget(self, session: TableSession) -> None:
        """Drop a closed table's session (the session calls this when it closes)."""
        if self._by_channel.get(session.channel_id) is session:
            del self._by_channel[session.channel_id]
        if self._by_table.get(session.table_id) is session:
            del self._by_table[session.table_id]

    async def close_all(self) -> None:
        """Stop every table: journals saved, timers cancelled (the process is stopping)."""
        for session in list(self._by_channel.values()):
            try:
                await session.shutdown()
            except Exception:
                log.exception("Error stopping table %s", session.table_id)

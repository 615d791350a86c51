"""The live tables as the dashboard sees them: the public snapshot each table shows its channel,
and pause or resume through the table session's own input (as ``/pokeradmin pause`` and
``resume`` do). Only the bot's process has the tables; ``python -m bot.web`` runs without them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from bot.features.house import admin as house_admin
from bot.features.mtt import tournaments as mtts
from bot.features.mtt.lobby import LobbyState
from bot.features.mtt.running import MttRuns
from bot.features.sitngo import tournaments as sitngo
from bot.messages import t
from bot.replies import Refused
from bot.store import Store, TournamentNotFound
from bot.table.registry import TableRegistry
from bot.table.session import TableSession
from bot.table.snapshot import TableSnapshot


@dataclass(frozen=True)
class LiveTable:
    guild_id: int
    table_id: int
    channel_id: int
    channel_name: str
    snapshot: TableSnapshot


class LiveTables(Protocol):
    """What the server page needs of the running tables."""

    def in_guild(self, guild_id: int) -> list[LiveTable]: ...

    async def set_paused(self, guild_id: int, table_id: int, user_id: int | None) -> str | None:
        """The answer's catalogue key (as the slash command's), None when nothing changed,
        ``"web_no_table"`` when the server has no such table."""
        ...

    def guild_locale(self, guild_id: int) -> str | None:
        """The server's Discord language; None for a server the bot is not on."""
        ...

    async def close(self, guild_id: int, table_id: int) -> str:
        """Close the table as ``/pokeradmin close`` does (now, or after its running hand):
        the answer's catalogue key, ``"web_no_table"`` when the server has no such table."""
        ...

    async def settings_changed(self, guild_id: int) -> None:
        """The server's settings changed: its idle tables take them now (as after a
        ``/pokeradmin`` setting; a running hand keeps its own)."""
        ...

    def text_channels(self, guild_id: int) -> list[tuple[int, str]]:
        """The server's text channels (id, name) by position: where a tournament may be made."""
        ...

    async def create_tournament(
        self, guild_id: int, channel_id: int, user_id: int, options: dict[str, Any]
    ) -> int:
        """``/poker sng create`` in ``channel_id`` as ``user_id`` (its registration message
        posted there): the new tournament's id. Raises ``Refused`` or a ``StoreError`` with
        the command's sentence; ``"web_no_channel"`` for a channel not the server's."""
        ...

    async def cancel_tournament(self, guild_id: int, tournament_id: int) -> int:
        """``/poker sng cancel`` or ``/poker mtt cancel``, by the tournament's kind: every
        buy-in back (the number refunded). Raises a ``StoreError`` (``TournamentNotFound``
        for another server's; an MTT in the money refused) as the command would."""
        ...

    def mtt_lobby(self, tournament_id: int) -> LobbyState | None:
        """A running MTT's tables, stacks and clock as its last director step read them (what
        its lobby message shows); None when it is not running in this process."""
        ...

    async def house_add(self, guild_id: int, table_id: int, count: int, level: str) -> str:
        """``/pokeradmin house add`` at the table: the answer. Raises ``Refused`` (with
        ``"web_no_table"``'s sentence for a table not the server's, or not open) or a
        ``StoreError``, as the command would."""
        ...

    async def house_remove(self, guild_id: int, table_id: int, count: int | None) -> str:
        """``/pokeradmin house remove`` at the table: the answer (raises as ``house_add``)."""
        ...

    async def house_fill(self, guild_id: int, table_id: int | None, seats: int, level: str) -> str:
        """``/pokeradmin house fill`` for the table's channel (``table_id`` None: the server's
        default): the answer (raises as ``house_add``)."""
        ...


class Bot(Protocol):
    """What ``BotTables`` reads of the client (``bot.client.DeuceBot``): the sit-and-go's
    client (``sitngo.SngClient``) too."""

    @property
    def tables(self) -> TableRegistry: ...

    @property
    def store(self) -> Store: ...

    @property
    def mtt_runs(self) -> MttRuns: ...

    def get_channel(self, channel_id: int, /) -> Any: ...

    def get_guild(self, guild_id: int, /) -> Any: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None) -> Any: ...

    async def channel_language(self, interaction: Any) -> str: ...


class BotTables:
    """The live tables of the bot this dashboard runs in."""

    def __init__(self, bot: Bot) -> None:
        self._bot = bot

    def in_guild(self, guild_id: int) -> list[LiveTable]:
        found = []
        for session in self._bot.tables.in_guild(guild_id):
            snapshot = session.table_snapshot()
            channel = self._bot.get_channel(session.channel_id)
            found.append(
                LiveTable(
                    guild_id=guild_id,
                    table_id=snapshot.table_id,
                    channel_id=session.channel_id,
                    channel_name=str(getattr(channel, "name", session.channel_id)),
                    snapshot=snapshot,
                )
            )
        return sorted(found, key=lambda table: table.channel_name)

    async def set_paused(self, guild_id: int, table_id: int, user_id: int | None) -> str | None:
        session = self._bot.tables.by_table(table_id)
        if session is None or session.guild_id != guild_id:
            return "web_no_table"
        return await session.set_paused(user_id)

    async def close(self, guild_id: int, table_id: int) -> str:
        session = self._bot.tables.by_table(table_id)
        if session is None or session.guild_id != guild_id:
            return "web_no_table"
        return "table_closed" if await session.request_close() else "close_after_hand"

    async def settings_changed(self, guild_id: int) -> None:
        for session in self._bot.tables.in_guild(guild_id):
            await session.apply_settings()

    def guild_locale(self, guild_id: int) -> str | None:
        guild = self._bot.get_guild(guild_id)
        return None if guild is None else str(guild.preferred_locale)

    def text_channels(self, guild_id: int) -> list[tuple[int, str]]:
        guild = self._bot.get_guild(guild_id)
        channels = getattr(guild, "text_channels", None) or []
        return [(int(c.id), str(c.name)) for c in channels]

    async def create_tournament(
        self, guild_id: int, channel_id: int, user_id: int, options: dict[str, Any]
    ) -> int:
        if channel_id not in {c for c, _ in self.text_channels(guild_id)}:
            raise Refused(t("web_no_channel"))
        tournament = await sitngo.create_in_channel(
            self._bot, guild_id, channel_id, user_id, **options
        )
        return tournament.id

    async def cancel_tournament(self, guild_id: int, tournament_id: int) -> int:
        tournament = await self._bot.store.tournaments.get(tournament_id)
        if tournament.guild_id != guild_id:
            raise TournamentNotFound("There is no such tournament.", key="sng_not_found")
        if tournament.kind == "mtt":
            return len(await mtts.cancel(self._bot, tournament_id))
        return len(await sitngo.cancel(self._bot, tournament_id))

    def mtt_lobby(self, tournament_id: int) -> LobbyState | None:
        run = self._bot.mtt_runs.get(tournament_id)
        return None if run is None else run.lobby_lines

    def _session(self, guild_id: int, table_id: int) -> TableSession:
        session = self._bot.tables.by_table(table_id)
        if session is None or session.guild_id != guild_id or session.closed:
            raise Refused(t("web_no_table"))
        return session

    async def house_add(self, guild_id: int, table_id: int, count: int, level: str) -> str:
        return await house_admin.add(self._session(guild_id, table_id).house, count, level)

    async def house_remove(self, guild_id: int, table_id: int, count: int | None) -> str:
        return await house_admin.remove(self._session(guild_id, table_id).house, count)

    async def house_fill(self, guild_id: int, table_id: int | None, seats: int, level: str) -> str:
        channel_id, scope = 0, "server"
        if table_id is not None:
            channel_id, scope = self._session(guild_id, table_id).channel_id, "channel"
        houses = self._bot.tables.houses_in_guild(guild_id)
        return await house_admin.fill(
            self._bot.store, houses, guild_id, channel_id, seats, level, scope
        )

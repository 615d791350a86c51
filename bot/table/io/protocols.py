"""What a table's Discord I/O needs of the client and of its session (typed as Protocols, so
a test builds each with fakes)."""

from __future__ import annotations

from typing import Any, Protocol

from bot.pacer import Key
from bot.store import Settings
from bot.table.snapshot import PanelSnapshot, TableSnapshot


class Messageable(Protocol):
    """A channel or a DM, as the I/O uses it."""

    async def send(self, **kwargs: Any) -> Any: ...
    def get_partial_message(self, message_id: int, /) -> Any: ...


class DiscordClient(Protocol):
    """What the table's I/O needs of the Discord client."""

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None) -> Any: ...
    async def dm_channel(self, user_id: int) -> Any:
        """The member's DM channel (opened once, then known by its id)."""
        ...

    def hurry(self, key: Key) -> None:
        """Requests waiting for ``key`` are needed now (``bot/pacer.py``)."""
        ...

    async def wait_turn(self) -> None:
        """Wait for the turn of this task's next request at the pacer, which then goes at
        once (``bot/pacer.py``)."""
        ...

    def is_closed(self) -> bool: ...
    def get_guild(self, id: int, /) -> Any: ...
    async def locale_of(self, user_id: int) -> str:
        """The language a member last used with the bot (for DMs sent on its own)."""
        ...


class TableSource(Protocol):
    """What the I/O asks of its table session."""

    settings: Settings

    def table_snapshot(self) -> TableSnapshot: ...
    async def panel_for(self, user_id: int, hand_id: int) -> PanelSnapshot | None: ...


class TableRecords(Protocol):
    """Where the I/O records the table message and closed DMs (the table's cashier)."""

    async def table_message_moved(self, message_id: int | None) -> None: ...
    async def note_dm(self, user_id: int, ok: bool) -> None: ...

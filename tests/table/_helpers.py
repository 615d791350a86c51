"""Small stand-ins for the Discord side of a TableSession, for tests without a gateway."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from bot.config import Settings


class FakeMessage:
    def __init__(self, channel: FakeChannel, message_id: int) -> None:
        self.channel = channel
        self.id = message_id

    async def edit(self, **kwargs: Any) -> FakeMessage:
        self.channel.edits.append((self.id, kwargs))
        return self

    async def delete(self) -> None:
        self.channel.deleted.append(self.id)


class FakeChannel:
    """Records what the session sends to a channel or a DM."""

    def __init__(self, first_id: int = 1000) -> None:
        self.sent: list[dict[str, Any]] = []
        self.edits: list[tuple[int, dict[str, Any]]] = []
        self.deleted: list[int] = []
        self._next_id = first_id

    async def send(self, **kwargs: Any) -> FakeMessage:
        self.sent.append(kwargs)
        self._next_id += 1
        return FakeMessage(self, self._next_id)

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return FakeMessage(self, message_id)

    def texts(self) -> list[str]:
        """Every sent content and embed, as one string each."""
        found = []
        for kwargs in self.sent:
            parts = [str(kwargs.get("content") or "")]
            embed = kwargs.get("embed")
            if embed is not None:
                parts.append(str(embed.to_dict()))
            found.append(" ".join(parts))
        return found


class FakeBot:
    """What TableSession uses of DeuceBot: settings, store, channels, DMs."""

    def __init__(self, store: Any, *, hand_pause: float = 0.0) -> None:
        self.settings = Settings(token="test", hand_pause_seconds=hand_pause)
        self.store = store
        self.sessions: dict[int, Any] = {}
        self.channel = FakeChannel()
        self.dm_channels: dict[int, FakeChannel] = {}

    def get_partial_messageable(self, channel_id: int, guild_id: int | None = None) -> FakeChannel:
        return self.channel

    async def create_dm(self, user: Any) -> FakeChannel:
        return self.dm_channels.setdefault(user.id, FakeChannel(5000 + len(self.dm_channels) * 100))

    def is_closed(self) -> bool:
        return False

    def forget_session(self, session: Any) -> None:
        self.sessions.pop(session.channel_id, None)


async def wait_until(check: Callable[[], Any], timeout: float = 5.0) -> Any:
    """Poll ``check`` until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.01)


def seat_row(seat: int, user_id: int, name: str, stack: int, **flags: Any) -> Any:
    """A SeatRow for rendering tests (no store needed)."""
    from bot.store.models import SeatRow

    return SeatRow(
        table_id=1,
        seat=seat,
        user_id=user_id,
        name=name,
        stack=stack,
        sitting_out=flags.get("sitting_out", False),
        sat_out_at=flags.get("sat_out_at"),
        leaving=flags.get("leaving", False),
        dm_ok=flags.get("dm_ok", True),
    )


def table_row(table_id: int = 1, guild_id: int = 10, channel_id: int = 20) -> Any:
    from bot.store.models import TableRow

    return TableRow(
        id=table_id,
        guild_id=guild_id,
        channel_id=channel_id,
        status="open",
        button_seat=None,
        message_id=None,
    )


__all__ = ["FakeBot", "FakeChannel", "SimpleNamespace", "seat_row", "table_row", "wait_until"]


class FakeResponse:
    """``interaction.response``: records the one answer the bot gives."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def is_done(self) -> bool:
        return bool(self.calls)

    async def send_message(self, content: str | None = None, **kwargs: Any) -> Any:
        self.calls.append(("send", {"content": content, **kwargs}))
        return SimpleNamespace(message_id=9999)

    async def edit_message(self, **kwargs: Any) -> None:
        self.calls.append(("edit", kwargs))

    async def defer(self, **kwargs: Any) -> None:
        self.calls.append(("defer", kwargs))


class FakeInteraction:
    """A click or command from ``user_id`` on message ``message_id``."""

    def __init__(self, user_id: int, message_id: int | None = None) -> None:
        self.id = 1
        self.user = SimpleNamespace(id=user_id, bot=False)
        self.message = SimpleNamespace(id=message_id) if message_id is not None else None
        self.response = FakeResponse()
        self.followup = FakeResponse()
        self.data: dict[str, Any] = {}

    @property
    def private_text(self) -> str | None:
        """The private sentence the bot answered with, if it answered with one."""
        for kind, kwargs in self.response.calls:
            if kind == "send" and kwargs.get("ephemeral"):
                return str(kwargs.get("content"))
        return None

"""A table's channel posts: queued, then sent in order by one task outside the session's lock
(a result, a notice, a deletion), after what players need now."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.messages import Text
from bot.pacer import BULK, task_priority
from bot.replies import NO_MENTIONS
from bot.table.io.protocols import DiscordClient, Messageable

log = logging.getLogger(__name__)

Picture = Callable[[], Awaitable[discord.File | None]]
"""Makes a message's picture when it goes out (None: text only)."""
Layout = Callable[[str | None, str | None], discord.ui.LayoutView]
"""Lays a Components V2 message out with its picture (``attachment://name`` and its alt text)
or, with None, without one."""
InPlace = Callable[[int, dict[str, Any], Picture | None], Awaitable[bool]]
"""Puts a hand's result in the place of the table message: whether it was done."""


class Outbox:
    """The queue of one table's channel messages and the task that sends them."""

    def __init__(
        self,
        client: DiscordClient,
        *,
        table_id: int,
        guild_id: int,
        channel_id: int,
        language: Callable[[], str],
    ) -> None:
        self.client = client
        self.table_id = table_id
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.language = language
        self.closed = False
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.below_table = 0
        """Channel messages queued since the table message was posted."""
        self.in_place: InPlace | None = None
        """Set by the table message: a result posted in its place (``_in_place=``)."""

    @property
    def channel(self) -> Messageable:
        channel: Messageable = self.client.get_partial_messageable(
            self.channel_id, guild_id=self.guild_id
        )
        return channel

    def post(self, **kwargs: Any) -> None:
        """Queue a channel message (sent in order, outside the lock, mentions off);
        ``picture=`` an async callable making its picture (None: text only), shown by the
        ``layout=`` callable laying a V2 message out (``Layout``) or else as the embed's image;
        ``then=`` an async callback run once it was sent."""
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        self.below_table += 1
        self.queue.put_nowait(kwargs)

    def close(self) -> None:
        """The table closed: what is queued goes out, then the loop ends (woken if it waits
        on an empty queue: left waiting, a closed table's task would live on unfinished)."""
        self.closed = True
        self.queue.put_nowait({})

    def delete_later(self, message_id: int) -> None:
        """Queue the deletion of a channel message (after what is queued before it)."""
        self.queue.put_nowait({"_delete": message_id})

    async def loop(self) -> None:
        """Send queued channel messages in order, after what players need now (``BULK``). Any
        error costs that one message, never the loop: a dead outbox would swallow every later
        result without a trace."""
        task_priority(BULK, ("outbox", self.table_id))
        while not (self.closed and self.queue.empty()):
            kwargs = await self.queue.get()
            if not kwargs:  # close()'s wake-up
                self.queue.task_done()
                continue
            delete_id = kwargs.pop("_delete", None)
            in_place = kwargs.pop("_in_place", None)
            then = kwargs.pop("then", None)
            picture = kwargs.pop("picture", None)
            if isinstance(kwargs.get("content"), Text):
                kwargs["content"] = kwargs["content"].render(self.language())
            try:
                if delete_id is not None:
                    await self.channel.get_partial_message(delete_id).delete()
                else:
                    taken = (
                        in_place is not None
                        and self.in_place is not None
                        and await self.in_place(in_place, kwargs, picture)
                    )
                    if not taken:
                        await self._send(kwargs, picture)
                    if then is not None:
                        await then()
            except discord.HTTPException as error:
                log.warning("Table %s: channel message failed: %s", self.table_id, error)
            except Exception:
                log.exception("Table %s: channel message failed", self.table_id)
            finally:
                self.queue.task_done()

    async def _send(self, kwargs: dict[str, Any], picture: Picture | None) -> None:
        file = await with_picture(kwargs, picture)
        if file is not None:
            kwargs["file"] = file
        await self.channel.send(**kwargs)


async def with_picture(kwargs: dict[str, Any], picture: Picture | None) -> discord.File | None:
    """Make a message's picture (``picture``, None: none) and show it: a V2 message laid out by
    its ``layout=`` (``Layout``, taken out of ``kwargs``) shows it in the layout's gallery (a V2
    message shows an attachment only through a component), an embed as its image. The file is
    returned, for the caller to send with the message."""
    layout: Layout | None = kwargs.pop("layout", None)
    file = await picture() if picture is not None else None
    url = f"attachment://{file.filename}" if file is not None else None
    if layout is not None:
        kwargs["view"] = layout(url, file.description if file is not None else None)
    elif file is not None:
        kwargs["embed"].set_image(url=url)
    return file

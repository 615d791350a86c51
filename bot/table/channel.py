"""The table's Discord I/O as its session sees it: ``TableChannel`` puts together the jobs of
``bot/table/io/`` (the table message, the channel's outbox, the DM panels, interaction
tokens, the table's tasks) behind the calls the session makes.

Kept out of the session's lock: the table message is re-rendered by an edit loop that
coalesces bursts (at most one edit per ``EDIT_INTERVAL``), channel posts go out in order
through one outbox task, and DMs are sent by their own tasks so a closed DM never stalls the
table. A click on the table is answered with the updated table in the same response.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from functools import partial
from typing import Any

import discord

from bot.messages import Text, language_of, speaking
from bot.table.buttons import shown_marks
from bot.table.io.outbox import Outbox
from bot.table.io.panels import DmPanels, answer_with_panel, panel_message
from bot.table.io.protocols import DiscordClient, TableRecords, TableSource
from bot.table.io.table_message import EDIT_INTERVAL, TableMessage
from bot.table.io.tasks import TableTasks
from bot.table.io.tokens import Sent, answer_with_update
from bot.table.pictures import showdown_picture
from bot.table.render import result_layout
from bot.table.snapshot import PanelSnapshot, ResultSnapshot

__all__ = [
    "EDIT_INTERVAL",
    "DiscordClient",
    "TableChannel",
    "TableRecords",
    "TableSource",
    "answer_with_panel",
    "panel_message",
]


class TableChannel:
    """One table's channel and DMs: the facade the session talks to."""

    def __init__(
        self,
        client: DiscordClient,
        *,
        table_id: int,
        guild_id: int,
        channel_id: int,
        message_id: int | None,
        edit_interval: float = EDIT_INTERVAL,
    ) -> None:
        self.client = client
        self.table_id = table_id
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.source: TableSource | None = None
        self.records: TableRecords | None = None
        self.closed = False
        self.tasks = TableTasks(table_id, self._task_failed)
        self.outbox = Outbox(
            client,
            table_id=table_id,
            guild_id=guild_id,
            channel_id=channel_id,
            language=lambda: self.language,
        )
        self.table = TableMessage(
            client,
            self.outbox,
            table_id=table_id,
            guild_id=guild_id,
            channel_id=channel_id,
            message_id=message_id,
            edit_interval=edit_interval,
            language=lambda: self.language,
            changed=self.mark_changed,
        )
        self.panels = DmPanels(
            client,
            self.tasks,
            table_id=table_id,
            table_message_id=lambda: self.table.message_id,
            post=self.post,
        )
        self._loops_started = False

    # ------------------------------------------------------------------ what others read

    @property
    def message_id(self) -> int | None:
        """The table message, edited in place."""
        return self.table.message_id

    @message_id.setter
    def message_id(self, value: int | None) -> None:
        self.table.message_id = value

    @property
    def next_deal(self) -> Callable[[], float | None]:
        """Seconds until the next deal, None when none is planned (set by the registry)."""
        return self.table.next_deal

    @next_deal.setter
    def next_deal(self, value: Callable[[], float | None]) -> None:
        self.table.next_deal = value

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def rendered_version(self) -> int:
        return self.table.rendered_version

    @property
    def render_lock(self) -> asyncio.Lock:
        return self.table.render_lock

    @property
    def dm_panels(self) -> dict[int, Sent]:
        """The DM panel message of each player of the current hand."""
        return self.panels.hand.sent

    @property
    def from_dm(self) -> set[int]:
        return self.panels.from_dm

    @property
    def language(self) -> str:
        """The language of the table's public messages: an admin's choice, else the server's
        Discord language, else English."""
        chosen = self.source.settings.language if self.source is not None else None
        if chosen is not None:
            return chosen
        guild = self.client.get_guild(self.guild_id)
        return language_of(getattr(guild, "preferred_locale", None))

    # ------------------------------------------------------------------ tasks

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        """Run ``coro`` as a task of this table: a failure is logged and the channel told."""
        return self.tasks.spawn(coro, name)

    def _task_failed(self) -> None:
        if not self.client.is_closed():
            self.post(content=Text("session_failed"))

    def start(self, source: TableSource, records: TableRecords) -> None:
        """Attach the session and start the edit loop and the outbox (idempotent)."""
        self.source, self.records = source, records
        self.table.source = self.panels.source = source
        self.table.records = self.panels.records = records
        if not self._loops_started:
            self._loops_started = True
            self.spawn(self.table.edit_loop(), "edits")
            self.spawn(self.outbox.loop(), "outbox")

    def stop(self) -> None:
        """Cancel every task of this table but the caller."""
        self.tasks.stop()

    def close(self) -> None:
        """The table closed: the loops finish what is queued and end."""
        self.closed = self.table.closed = self.panels.closed = True
        self.outbox.close()
        self.mark_changed()

    # ------------------------------------------------------------------ channel

    def mark_changed(self) -> None:
        """The table changed: re-render it soon (and the panels of players who play from
        their DMs)."""
        self.table.mark_changed()
        self.panels.follow()

    def post(self, **kwargs: Any) -> None:
        """Queue a channel message (``Outbox.post``)."""
        self.outbox.post(**kwargs)

    def post_result(
        self, result: ResultSnapshot, card_style: str, *, then: Callable[[], Awaitable[None]]
    ) -> None:
        """Queue a hand's result, with the picture of the shown hands; ``then`` once shown. The
        result takes the place of the table message the hand was played on (an edit, through
        the last click's token when it is still valid), and the table is posted anew below it:
        a new message only when the table message is gone."""
        picture = partial(showdown_picture, result, card_style, self.language)
        language = self.language

        def layout(url: str | None, alt: str | None) -> discord.ui.LayoutView:
            with speaking(language):
                return result_layout(result, url, alt)

        self.post(layout=layout, picture=picture, then=then, _in_place=result.hand_id)

    async def push_table(self) -> float | None:
        """Edit (or first send) the table message now (``TableMessage.push``)."""
        return await self.table.push()

    async def answer_betting_click(
        self,
        interaction: discord.Interaction[Any],
        panel: Callable[[], PanelSnapshot],
        question_answer: str,
    ) -> None:
        """Answer a betting click where it came from: the table with the updated table, a
        private panel with the panel, the private "Fold anyway?" question with what was done."""
        message = interaction.message
        self.played_from(interaction.user.id, getattr(message, "id", None))
        if message is not None and message.id == self.table.message_id:
            await self.table.answer_click(interaction)
        elif shown_marks(message) is not None:  # a panel: its card buttons are on it
            await self.panels.answer_click(interaction, panel())
        elif _components_v2(message):
            # An earlier table message whose buttons still matched the hand (clicked on a
            # client that had not yet seen it moved below or replaced after a restart): the
            # click counted; only acknowledged, as a V2 message cannot become the question's
            # plain answer.
            await self.table.answer_click(interaction)
        else:
            await answer_with_update(interaction, {"content": question_answer, "view": None})

    def expect_command(self) -> None:
        """A command opening the table answers soon (``TableMessage.expect_command``)."""
        self.table.expect_command()

    def command_answered(self, interaction: discord.Interaction[Any]) -> None:
        """A command was answered in the table's channel: its token may post the next table
        (``TableMessage.offer``)."""
        self.table.offer(interaction)

    async def repost(self, interaction: discord.Interaction[Any]) -> None:
        """Post the table at the bottom of the channel as this interaction's answer."""
        await self.table.repost(interaction)

    # ------------------------------------------------------------------ hands and DMs

    def new_hand(self, hand_id: int) -> None:
        """A hand is dealt: panels start anew (one new ``HandPanels``), and a table message
        with the last result (or other notices) below it moves to the bottom, following the
        game down the channel."""
        self.panels.new_hand(hand_id)
        self.table.new_hand(hand_id)

    def dm_opened(self, user_id: int) -> None:
        self.panels.dm_opened(user_id)

    def reached_by_dm(self, user_id: int) -> bool:
        """Whether a DM panel reached the player (``DmPanels.reached``)."""
        return self.panels.reached(user_id)

    def send_panel(self, user_id: int, *, urgent: bool = False, alert: bool = False) -> None:
        """DM the player their private panel of the current hand (``DmPanels.send``)."""
        self.panels.send(user_id, urgent=urgent, alert=alert)

    def played_from(self, user_id: int, message_id: int | None) -> None:
        self.panels.played_from(user_id, message_id)

    def hurry_panel(self, user_id: int, *, drawing: bool) -> None:
        """The player's turn came (``DmPanels.hurry``)."""
        self.panels.hurry(user_id, drawing=drawing)

    def notify(self, user_id: int, text: Text) -> None:
        self.panels.notify(user_id, text)

    async def answer_panel_click(
        self, interaction: discord.Interaction[Any], panel: PanelSnapshot
    ) -> None:
        await self.panels.answer_click(interaction, panel)

    def refresh_panel(self, user_id: int, *, unless_message: int | None = None) -> None:
        self.panels.refresh(user_id, unless_message=unless_message)

    def end_panels(self) -> None:
        self.panels.end()


def _components_v2(message: discord.Message | None) -> bool:
    """Whether ``message`` is a Components V2 message (a table message, a panel or a result;
    never the plain "Fold anyway?" question)."""
    flags = getattr(message, "flags", None)
    return bool(getattr(flags, "components_v2", False))

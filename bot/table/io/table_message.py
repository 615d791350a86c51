"""The table message: rendered from the session's snapshot, edited in place by a loop that
coalesces bursts (at most one edit per ``EDIT_INTERVAL``), answered with in the same response
as a click on it, moved to the bottom of the channel when posts pile up below it."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.messages import speaking
from bot.pacer import URGENT, task_priority
from bot.replies import NO_MENTIONS
from bot.table.io.outbox import Outbox, Picture, with_picture
from bot.table.io.protocols import DiscordClient, Messageable, TableRecords, TableSource
from bot.table.io.tokens import Answered, Sent, answer_with_update, edit_by_token
from bot.table.render import table_layout
from bot.table.snapshot import TableSnapshot
from bot.ui.layout import Component, PlainLayout

log = logging.getLogger(__name__)

EDIT_INTERVAL = 1.0
"""Seconds between two edits of the table message (bursts in between are coalesced)."""
OUTBOX_WAIT = 5.0
"""Seconds a table moving to the bottom waits for the channel messages queued before it."""
PACE_WITHOUT_TOKEN = 2.0
"""Seconds between two edits of the table message when no click's token is valid (nobody
clicked the table for ``TOKEN_SECONDS``: players bet from their DM panels, whose panels show
every turn): each such edit is a request of the bot's global rate limit, which every table
shares, so spectators see the table at this pace."""
COMMAND_WAIT = 3.0
"""Seconds a table opened by a command (a join) waits for that command's reply to go out,
whose token then posts the table's first message (``expect_command``)."""
DEAL_CARRIES_SECONDS = 2.0
"""A change of the table this little before the next deal is left for the deal's edit to show
(seats filling up before a hand): one edit instead of two."""


@dataclass(frozen=True)
class TablePayload:
    """The table message rendered from one snapshot in one language: a Components V2 layout
    (no content, no embed: an edit sends only the layout)."""

    snapshot: TableSnapshot
    language: str
    view: PlainLayout

    @functools.cached_property
    def key(self) -> list[Component]:
        """What the message shows (its components), compared with ``==``: made from the view
        once (a click's answer and the edit loop each read it more than once)."""
        return self.view.to_components()

    def new_message(self) -> dict[str, Any]:
        """What posts the table as a new message."""
        return {"view": self.view, "allowed_mentions": NO_MENTIONS}

    def edit(self) -> dict[str, Any]:
        """What edits a table message into this one."""
        return {"view": self.view}


class TableMessage:
    """One table's message in its channel."""

    def __init__(
        self,
        client: DiscordClient,
        outbox: Outbox,
        *,
        table_id: int,
        guild_id: int,
        channel_id: int,
        message_id: int | None,
        edit_interval: float,
        language: Callable[[], str],
        changed: Callable[[], None],
    ) -> None:
        self.client = client
        self.outbox = outbox
        outbox.in_place = self.take_for_result
        self.table_id = table_id
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.message_id = message_id
        """The table message, edited in place."""
        self.edit_interval = edit_interval
        self.language = language
        self.changed = changed
        """The table changed (the facade's ``mark_changed``: the DM players follow too)."""
        self.source: TableSource | None = None
        self.records: TableRecords | None = None
        self.closed = False
        self.render_lock = asyncio.Lock()
        self.version = 0
        self.rendered_version = -1
        self.dirty = asyncio.Event()
        self.hand_id: int | None = None
        self.move = False
        """Post the table anew at the bottom (and delete the old one) at the next render."""
        self.last_payload: list[Component] | None = None
        """What the table message shows now (an edit that would change nothing is skipped)."""
        self.answering: list[Component] | None = None
        """What a click's answer on its way is putting on the table message: the edit loop,
        woken by the same change, does not send it too."""
        self.payload: TablePayload | None = None
        """The table last rendered, and from which snapshot (rendered once per change)."""
        self.answer: Answered | None = None
        """The newest interaction answered on the table message: its token edits the table
        without spending the global rate limit."""
        self.spare: Answered | None = None
        """The newest command answered in the table's channel (a join): while no click's
        token is valid, its token posts the table under a result (``_post_below``) or when it
        moves, and then edits it for free."""
        self.paced = False
        """The last edit spent a request of the global limit (no token): the next waits
        ``PACE_WITHOUT_TOKEN``."""
        self.token_came = asyncio.Event()
        """Set when a click's or a command's token arrives: a paced edit loop, or a first
        post waiting for the command that opened the table, need wait no longer."""
        self.command_due: float | None = None
        """Until when (the loop's time) the first post waits for the token of the command
        opening the table (``expect_command``)."""
        self.next_deal: Callable[[], float | None] = lambda: None
        """Seconds until the next deal, None when none is planned (set by the registry)."""

    @property
    def channel(self) -> Messageable:
        return self.outbox.channel

    def _source(self) -> TableSource:
        if self.source is None:
            raise RuntimeError("the table channel has no session attached")
        return self.source

    def mark_changed(self) -> None:
        self.version += 1
        self.dirty.set()

    def expect_command(self) -> None:
        """A command (a join) is opening the table and will answer in its channel: the table's
        first message waits up to ``COMMAND_WAIT`` for that answer's token (``offer``), which
        posts it as a follow-up whose edits cost nothing of the global rate limit, where a
        channel message costs a request now and its deletion another once the command's token
        moves the table."""
        self.command_due = asyncio.get_running_loop().time() + COMMAND_WAIT

    async def _await_command(self) -> None:
        """Before the table's first post: wait for the token ``expect_command`` expects."""
        due, self.command_due = self.command_due, None
        if due is None or self.message_id is not None or self._token_at_hand():
            return
        self.token_came.clear()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout_at(due):
                await self.token_came.wait()

    def _token_at_hand(self) -> bool:
        """Whether a valid token would post the table (a click's or a command's)."""
        return any(token is not None and token.valid() for token in (self.answer, self.spare))

    def new_hand(self, hand_id: int) -> None:
        """A hand is dealt: a table message with posts below it moves to the bottom."""
        self.hand_id = hand_id
        self.move = self.outbox.below_table > 0

    def rendered(self) -> TablePayload:
        """The table message now: rendered again only when its snapshot or language changed."""
        snapshot, language = self._source().table_snapshot(), self.language()
        payload = self.payload
        if payload is None or payload.snapshot is not snapshot or payload.language != language:
            with speaking(language):
                view = table_layout(snapshot)
            payload = TablePayload(snapshot, language, view)
            self.payload = payload
        return payload

    async def edit_by_token(
        self, answer: Answered | None, message_id: int, kwargs: dict[str, Any]
    ) -> Sent | None:
        """``tokens.edit_by_token``; a failed token of the table is forgotten."""
        edited, failed = await edit_by_token(answer, message_id, kwargs, self.table_id)
        if failed and self.answer is answer:
            self.answer = None
        return edited

    async def take_for_result(
        self, hand_id: int, kwargs: dict[str, Any], picture: Picture | None
    ) -> bool:
        """Post the table anew and edit the old table message into this post (the result of
        ``hand_id``, while the table message still shows that hand): whether it was done.
        Through the token of the last click on the table, both cost nothing of the global rate
        limit (where a result, a new table and the old one's deletion were three requests);
        without one, two. There is a table in the channel all along. A table already moving to
        a later hand, or gone, is left as it is (the result is posted below it)."""
        if self.hand_id != hand_id:
            return False  # the next hand moves the table (waiting for this post meanwhile)
        async with self.render_lock:
            target = self.message_id
            if target is None or self.move or self.closed or self.hand_id != hand_id:
                return False
            edit = {k: v for k, v in kwargs.items() if k != "allowed_mentions"}
            file = await with_picture(edit, picture)  # in the result's layout: both are V2
            edit["attachments"] = [file] if file is not None else []
            answer = self.answer
            try:
                await self._post_below(answer)
            except discord.HTTPException as error:
                log.warning("Table %s: table post failed: %s", self.table_id, error)
                return False  # the table stays; the result goes below it
            try:
                if await self.edit_by_token(answer, target, edit) is None:
                    message = self.channel.get_partial_message(target)
                    await message.edit(**edit, allowed_mentions=NO_MENTIONS)
            except discord.NotFound:
                return False
            except discord.HTTPException as error:
                if error.status != 400:
                    raise
                # An embed table message from before the table was V2 cannot become a V2
                # result: the result goes below the table just posted.
                log.info("Table %s: result not in place (%s)", self.table_id, error)
                self.outbox.delete_later(target)
                return False
        return True

    async def _post_below(self, answer: Answered | None) -> None:
        """Post the table anew (under ``render_lock``): as a follow-up of an answered click,
        which the same token then edits, while it is valid; else as a channel message."""
        version = self.version
        payload = self.rendered()
        message = await self._send_new(payload.new_message(), answer)
        await self._set_message(message.id)
        self.rendered_version = max(self.rendered_version, version)
        self.last_payload = payload.key

    async def _send_new(self, kwargs: dict[str, Any], answer: Answered | None) -> discord.Message:
        """Post the table as a new message: as a follow-up of an answered interaction (the
        click ``answer``, else the newest command's in the channel, ``spare``), whose token
        then edits it, while one is valid; else as a channel message (a request of the global
        limit, as each of its edits will be)."""
        for token in (answer, self.spare):
            if token is None or not token.valid():
                continue
            try:
                message: discord.Message = await token.webhook.send(**kwargs, wait=True)
            except discord.HTTPException as error:
                log.debug("Table %s: table follow-up failed: %s", self.table_id, error)
                if token is self.spare:
                    self.spare = None  # of no more use (never a move through it again)
                continue
            self.answer = token.follow_up(message.id)
            self.token_came.set()  # its edits are free: a paced edit loop waits no longer
            return message
        self.answer = None
        sent: discord.Message = await self.channel.send(**kwargs)
        return sent

    async def edit_loop(self) -> None:
        """Re-render the table when it changed, at most once per ``EDIT_INTERVAL``, before
        other requests (``URGENT``). An error never ends the loop; a transient one (dropped
        connection, Discord 5xx) is retried after the interval, since the table may not change
        again before the turn times out."""
        task_priority(URGENT)
        pushed: float | None = None
        while True:
            await self.dirty.wait()
            if pushed is not None:
                await self._space(pushed)
            self.dirty.clear()
            try:
                deferred = await self.push()
                if deferred is not None:
                    await asyncio.sleep(deferred)
                    self.dirty.set()  # the deal has shown it by now, unless it failed
            except discord.DiscordServerError as error:
                log.warning("Table %s: table edit failed, retrying: %s", self.table_id, error)
                self.dirty.set()
            except discord.HTTPException as error:
                log.warning("Table %s: table edit failed: %s", self.table_id, error)
            except Exception:
                log.exception("Table %s: table edit failed, retrying", self.table_id)
                self.dirty.set()
            pushed = asyncio.get_running_loop().time()
            if self.closed and self.rendered_version >= self.version:
                return

    async def _space(self, pushed: float) -> None:
        """Before the next push: the rest of ``edit_interval`` since the last (``pushed``),
        and while the table is paced without a valid token, the rest of
        ``PACE_WITHOUT_TOKEN`` unless a token comes. Waited once the table changed, not after
        each push: at a table whose actions are a second or more apart no timer is armed,
        whose expiry would wake an idle bot."""
        loop = asyncio.get_running_loop()
        left = pushed + self.edit_interval - loop.time()
        if left > 0:
            await asyncio.sleep(left)
        if self.paced and not self.closed and not self._editable():
            self.token_came.clear()
            left = pushed + PACE_WITHOUT_TOKEN - loop.time()
            if left > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.token_came.wait(), left)

    async def push(self) -> float | None:
        """Edit (or first send) the table message with the latest state; or, when the next
        deal is due in a moment, the seconds to wait for it instead."""
        await self._await_command()
        async with self.render_lock:
            if self.rendered_version >= self.version:
                return None
            old = self.message_id
            if old is not None and not self.move and not self.closed and self._movable():
                self.move = True  # its edits cost nothing from now on
            target = None if self.move else old
            due = self.next_deal()
            if (
                target is not None
                and not self.closed
                and due is not None
                and 0 < due <= DEAL_CARRIES_SECONDS
            ):
                return due + 0.1
            if target is None:
                # A new message goes below what the outbox is still posting (a result, a notice),
                # which goes out at once (it waits behind the rest of the bot's requests).
                self.client.hurry(("outbox", self.table_id))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.outbox.queue.join(), OUTBOX_WAIT)
            version = self.version
            payload = self.rendered()
            kwargs = payload.edit()
            shown = payload.key
            if target is not None and shown in (self.last_payload, self.answering):
                self.rendered_version = version
                return None
            if target is not None:
                try:
                    self.paced = False
                    if not await self.edit_by_token(self.answer, target, kwargs):
                        self.paced = True
                        await self.channel.get_partial_message(target).edit(
                            **kwargs, allowed_mentions=NO_MENTIONS
                        )
                    if self.message_id == target:
                        self.rendered_version = version
                        self.last_payload = shown
                    return None
                except discord.NotFound:
                    if self.message_id != target:
                        return None  # /poker table moved the table meanwhile: that one is live
                    log.info("Table %s: message gone, posting a new one", self.table_id)
                except discord.HTTPException as error:
                    # A table message from before the table was a V2 message (an embed,
                    # restored after an upgrade) cannot be edited into one: post it anew.
                    if error.status != 400 or self.message_id != target:
                        raise
                    log.info(
                        "Table %s: message not editable (%s), posting anew", self.table_id, error
                    )
                    self.move = True  # the old one is deleted once the new one is posted
            message = await self._send_new(payload.new_message(), self.answer)
            self.rendered_version = version
            self.last_payload = shown
            await self._set_message(message.id)
            if self.move and old is not None and old != message.id:
                self.outbox.delete_later(old)
            self.move = False
            return None

    def _editable(self) -> bool:
        """Whether a valid token edits the table message (for free)."""
        answer = self.answer
        return answer is not None and answer.valid() and answer.message_id == self.message_id

    def _movable(self) -> bool:
        """Whether the table message is better posted anew through a command's token
        (``spare``): no valid token edits it, so each of its edits would cost a request of the
        global limit (at the pace of ``PACE_WITHOUT_TOKEN``: players who bet from their DM
        panels never click it), where the move costs one (the old message's deletion) and
        its edits are then free while the token is valid."""
        spare = self.spare
        return spare is not None and spare.valid() and not self._editable()

    def _answered(self, interaction: discord.Interaction[Any], message_id: int) -> None:
        """An interaction was answered on the table message: remember its token."""
        self.answer = Answered.now(interaction, message_id)
        self.token_came.set()

    def offer(self, interaction: discord.Interaction[Any]) -> None:
        """A command was answered in the table's channel: its token may post the table
        (``spare``, at the next deal)."""
        self.spare = Answered.now(interaction, 0)
        self.token_came.set()

    async def _set_message(self, message_id: int) -> None:
        self.message_id = message_id
        self.outbox.below_table = 0
        if self.records is not None:
            await self.records.table_message_moved(message_id)

    async def answer_click(self, interaction: discord.Interaction[Any]) -> None:
        """Answer a click with the updated table in the same response (a click on another
        message, such as a private question, is only acknowledged)."""
        message = interaction.message
        if message is None or message.id != self.message_id:
            await interaction.response.defer()
            return
        # Not behind render_lock: an edit held up by a rate limit must not make this answer
        # miss Discord's three seconds. If an edit is in flight it may land after this answer
        # with an older table, so the version is left for the edit loop to render.
        in_flight = self.render_lock.locked()
        version = self.version
        payload = self.rendered()
        self.answering = payload.key
        try:
            await answer_with_update(interaction, payload.edit())
        except BaseException:
            self.last_payload = None  # the edit loop sends what the answer did not
            self.changed()
            raise
        finally:
            if self.answering == payload.key:
                self.answering = None
        self._answered(interaction, message.id)
        if not in_flight and not self.render_lock.locked():
            self.rendered_version = max(self.rendered_version, version)
            self.last_payload = payload.key

    async def repost(self, interaction: discord.Interaction[Any]) -> None:
        """Post the table at the bottom of the channel as this interaction's answer; the old
        message is deleted (an edit in flight targets it and then leaves the new one alone)."""
        in_flight = self.render_lock.locked()
        version = self.version
        payload = self.rendered()
        kwargs = payload.new_message()
        response = await interaction.response.send_message(**kwargs)
        old = self.message_id
        new_id = response.message_id
        if new_id is None:
            message = await interaction.original_response()
            new_id = message.id
        await self._set_message(new_id)
        self._answered(interaction, new_id)
        if in_flight or self.render_lock.locked():
            self.dirty.set()
        else:
            self.rendered_version = max(self.rendered_version, version)
            self.last_payload = payload.key
        if old is not None and old != new_id:
            self.outbox.delete_later(old)

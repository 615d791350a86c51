"""The table's Discord I/O: the channel outbox, the table message and the DM panels.

Kept out of the session's lock: the table message is re-rendered by an edit loop that
coalesces bursts (at most one edit per ``EDIT_INTERVAL``), channel posts go out in order
through one outbox task, and DMs are sent by their own tasks so a closed DM never stalls the
table. A click on the table is answered with the updated table in the same response.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, cast

import discord

from bot.messages import Text, language_of, speaking, t
from bot.pacer import BULK, NORMAL, URGENT, Key, task_priority
from bot.replies import NO_MENTIONS
from bot.store import Settings
from bot.table.buttons import shown_marks
from bot.table.pictures import kept_picture, panel_picture, showdown_picture
from bot.table.render import (
    EMBED_DESCRIPTION_MAX,
    panel_embed,
    panel_view,
    result_embed,
    table_embed,
    table_view,
)
from bot.table.replay import result_view as replay_result_view
from bot.table.snapshot import PanelSnapshot, ResultSnapshot, TableSnapshot

log = logging.getLogger(__name__)

EDIT_INTERVAL = 1.0
"""Seconds between two edits of the table message (bursts in between are coalesced)."""
OUTBOX_WAIT = 5.0
"""Seconds a table moving to the bottom waits for the channel messages queued before it."""
DEAL_CARRIES_SECONDS = 2.0
"""A change of the table this little before the next deal is left for the deal's edit to show
(seats filling up before a hand): one edit instead of two."""
TOKEN_SECONDS = 14 * 60.0
"""How long an interaction's token edits the message it answered on (Discord: 15 minutes).
Such an edit is part of the interaction's answer, outside the bot's global rate limit of 50
requests a second, which every other edit, DM and post shares with every table."""

PANEL_INTERVAL = 1.0
"""Seconds between two edits keeping a DM player's panel current (bursts are coalesced, as
the table's; the turn reaching the player is shown at once)."""
ALERT_FRESH_SECONDS = 1.0
"""A panel that showed a player their turn as a new message this little before a turn alert
was asked for already was that alert (the deal's panel of the first to act)."""


@dataclass(frozen=True, slots=True)
class Sent:
    """What a table keeps of a message it sent: its ids and attachments, not discord.py's
    whole ``Message`` (embeds, buttons, emojis, author...). At 200 tables the messages held
    were most of the objects the collector scanned, and its full passes stalled every table."""

    id: int
    channel_id: int
    attachments: tuple[discord.Attachment, ...] = ()

    @classmethod
    def of(cls, message: discord.Message) -> Sent:
        return cls(message.id, message.channel.id, tuple(message.attachments))


@dataclass(frozen=True, slots=True)
class Answered:
    """An interaction answered on a message: the token's webhook edits that message (the
    interaction's "original response", or a follow-up the token posted: ``ref``) until
    ``at`` + ``TOKEN_SECONDS``."""

    webhook: discord.Webhook
    message_id: int
    at: float
    ref: int

    @classmethod
    def now(cls, interaction: discord.Interaction[Any], message_id: int) -> Answered:
        return cls(interaction.followup, message_id, asyncio.get_running_loop().time(), ORIGINAL)

    def valid(self) -> bool:
        return asyncio.get_running_loop().time() - self.at <= TOKEN_SECONDS

    def follow_up(self, message_id: int) -> Answered:
        """The same token, for a follow-up message it posted."""
        return Answered(self.webhook, message_id, self.at, message_id)


ORIGINAL = cast(int, "@original")
"""The message an interaction answered, in a webhook's routes (PATCH
/webhooks/{application}/{token}/messages/@original), where a message id goes."""


class Messageable(Protocol):
    """A channel or a DM, as this module uses it."""

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


class TableChannel:
    """One table's channel and DMs."""

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
        self.edit_interval = edit_interval
        """Seconds between two edits of the table message (``EDIT_INTERVAL``)."""
        self.table_id = table_id
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.message_id = message_id
        """The table message, edited in place."""
        self.source: TableSource | None = None
        self.records: TableRecords | None = None
        self.closed = False
        self.render_lock = asyncio.Lock()
        self.version = 0
        self.rendered_version = -1
        self._dirty = asyncio.Event()
        self._outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._posts_below_table = 0
        """Channel messages queued since the table message was posted."""
        self._move_table = False
        """Post the table anew at the bottom (and delete the old one) at the next render."""
        self._hand_id: int | None = None
        self.dm_panels: dict[int, Sent] = {}
        """The DM panel message of each player of the current hand."""
        self._dm_failed: set[int] = set()
        self._moved_panels: set[int] = set()
        """DM panels an alert replaced by a new message (a click on one turns it into a
        stub)."""
        self._stale_pictures: set[int] = set()
        """Players whose DM panel got a new picture in an answer (the attachments held in
        ``dm_panels`` are the old ones, so an edit uploads the picture again)."""
        self._notices: dict[int, tuple[Text, ...]] = {}
        """What the dealer did for each player this hand (a timeout): lines of their panel."""
        self._sending: dict[int, asyncio.Task[Any]] = {}
        """Each player's panel on its way as a new DM (a turn alert waits for it)."""
        self._sent_turn: dict[int, tuple[int, float]] = {}
        """The turn (action number) each player's newest panel message showed as theirs, and
        when it was sent (an alert for that turn asked for just then would be a copy)."""
        self._edits_queued: set[int] = set()
        """Players whose panel edit is planned and has not read the state yet."""
        self.from_dm: set[int] = set()
        """Players whose last betting or draw action came from their DM panel: their panel is
        kept current (whose turn, the pot, the amount to call, the buttons), at most one edit
        a ``PANEL_INTERVAL``. Players who act on the table cost no such edit."""
        self._live_shown: dict[int, tuple[object, ...]] = {}
        """What each DM panel shows of the table (``_live_key``), as last sent or edited."""
        self._live_tasks: dict[int, asyncio.Task[Any]] = {}
        self._live_dirty: set[int] = set()
        self._live_wake: dict[int, asyncio.Event] = {}
        """Set when the turn reaches a DM player: their panel's edit waits no interval."""
        self._last_payload: str | None = None
        """What the table message shows now (an edit that would change nothing is skipped)."""
        self._answering: str | None = None
        """What a click's answer on its way is putting on the table message: the edit loop,
        woken by the same change, does not send it too."""
        self._payload: TablePayload | None = None
        """The table last rendered, and from which snapshot (rendered once per change)."""
        self._table_answer: Answered | None = None
        """The newest interaction answered on the table message: its token edits the table
        without spending the global rate limit."""
        self._panel_answers: dict[int, Answered] = {}
        """The same for each player's DM panel of the current hand."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loops_started = False
        self.next_deal: Callable[[], float | None] = lambda: None
        """Seconds until the next deal, None when none is planned (set by the registry)."""

    @property
    def channel(self) -> Messageable:
        channel: Messageable = self.client.get_partial_messageable(
            self.channel_id, guild_id=self.guild_id
        )
        return channel

    @property
    def language(self) -> str:
        """The language of the table's public messages: an admin's choice, else the server's
        Discord language, else English."""
        chosen = self.source.settings.language if self.source is not None else None
        if chosen is not None:
            return chosen
        guild = self.client.get_guild(self.guild_id)
        return language_of(getattr(guild, "preferred_locale", None))

    def _table_payload(self) -> TablePayload:
        """The table message now: rendered again only when its snapshot or language changed."""
        snapshot, language = self._source().table_snapshot(), self.language
        payload = self._payload
        if payload is None or payload.snapshot is not snapshot or payload.language != language:
            with speaking(language):
                embed, view = table_embed(snapshot), table_view(snapshot)
            payload = TablePayload(snapshot, language, embed, view, _payload_key(embed, view))
            self._payload = payload
        return payload

    def _source(self) -> TableSource:
        if self.source is None:
            raise RuntimeError("the table channel has no session attached")
        return self.source

    # ------------------------------------------------------------------ tasks

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        """Run ``coro`` as a task of this table: a failure is logged and the channel told."""
        task = asyncio.get_running_loop().create_task(coro, name=f"deuce-{self.table_id}-{name}")
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        error = task.exception()
        if error is None:
            return
        log.error("Table %s task %s failed", self.table_id, task.get_name(), exc_info=error)
        if not self.client.is_closed():
            self.post(content=Text("session_failed"))

    def start(self, source: TableSource, records: TableRecords) -> None:
        """Attach the session and start the edit loop and the outbox (idempotent)."""
        self.source, self.records = source, records
        if not self._loops_started:
            self._loops_started = True
            self.spawn(self._edit_loop(), "edits")
            self.spawn(self._outbox_loop(), "outbox")

    def stop(self) -> None:
        """Cancel every task of this table but the caller."""
        for task in list(self._tasks):
            if task is not asyncio.current_task():
                task.cancel()

    def close(self) -> None:
        """The table closed: the loops finish what is queued and end."""
        self.closed = True
        self.mark_changed()

    # ------------------------------------------------------------------ channel

    def mark_changed(self) -> None:
        """The table changed: re-render it soon (and the panels of players who play from
        their DMs)."""
        self.version += 1
        self._dirty.set()
        self._follow_dm_players()

    def _follow_dm_players(self) -> None:
        """Keep the DM panels of players who play from them current: at once for the player
        whose turn it is now, else at most once a ``PANEL_INTERVAL``."""
        hand_id, source = self._hand_id, self.source
        players = self.from_dm & self.dm_panels.keys()
        if hand_id is None or source is None or not players or self.closed:
            return
        to_act = next((s.player_id for s in source.table_snapshot().seats if s.to_act), None)
        for user_id in players:
            self._live_dirty.add(user_id)
            if user_id == to_act:
                self._live_wake.setdefault(user_id, asyncio.Event()).set()
            if user_id not in self._live_tasks:
                task = self.spawn(self._keep_live(user_id, hand_id), f"dm-live-{user_id}")
                self._live_tasks[user_id] = task

    async def _keep_live(self, user_id: int, hand_id: int) -> None:
        """Edit the player's DM panel while what it shows of the table changes."""
        wake = self._live_wake.setdefault(user_id, asyncio.Event())
        try:
            while user_id in self._live_dirty and self._hand_id == hand_id and not self.closed:
                self._live_dirty.discard(user_id)
                wake.clear()
                panel = await self._source().panel_for(user_id, hand_id)
                if panel is None or panel.complete or user_id in self._sending:
                    return  # the hand's end edits every panel; a new one is on its way
                # Without a token an edit costs a request of the global limit: then only the
                # turn (reaching the player or leaving them) is worth it, not each new pot.
                size = None if self._edits_free(user_id) else TURN_KEY_SIZE
                if _live_key(panel)[:size] == self._live_shown.get(user_id, ())[:size]:
                    continue
                level = URGENT if _my_turn(panel) else NORMAL
                await self._edit_panel(user_id, hand_id, level=level)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), PANEL_INTERVAL)
        finally:
            if self._live_tasks.get(user_id) is asyncio.current_task():
                del self._live_tasks[user_id]

    def post(self, **kwargs: Any) -> None:
        """Queue a channel message (sent in order, outside the lock, mentions off);
        ``picture=`` an async callable making the embed's picture (None: text only), ``then=``
        an async callback run once it was sent."""
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        self._posts_below_table += 1
        self._outbox.put_nowait(kwargs)

    def post_result(
        self, result: ResultSnapshot, card_style: str, *, then: Callable[[], Awaitable[None]]
    ) -> None:
        """Queue a hand's result, with the picture of the shown hands; ``then`` once shown. The
        result takes the place of the table message the hand was played on (an edit, through
        the last click's token when it is still valid), and the table is posted anew below it:
        a new message only when the table message is gone."""
        picture = partial(showdown_picture, result, card_style, self.language)
        with speaking(self.language):
            embed = result_embed(result)
            view = replay_result_view(result.hand_id)
        self.post(embed=embed, view=view, picture=picture, then=then, _in_place=result.hand_id)

    def delete_later(self, message_id: int) -> None:
        """Queue the deletion of a channel message (after what is queued before it)."""
        self._outbox.put_nowait({"_delete": message_id})

    async def _outbox_loop(self) -> None:
        """Send queued channel messages in order, after what players need now (``BULK``). Any
        error costs that one message, never the loop: a dead outbox would swallow every later
        result without a trace."""
        task_priority(BULK, ("outbox", self.table_id))
        while not (self.closed and self._outbox.empty()):
            kwargs = await self._outbox.get()
            delete_id = kwargs.pop("_delete", None)
            in_place = kwargs.pop("_in_place", None)
            then = kwargs.pop("then", None)
            picture = kwargs.pop("picture", None)
            if isinstance(kwargs.get("content"), Text):
                kwargs["content"] = kwargs["content"].render(self.language)
            try:
                if delete_id is not None:
                    await self.channel.get_partial_message(delete_id).delete()
                else:
                    taken = in_place is not None and await self._take_table_message(
                        in_place, kwargs, picture
                    )
                    if not taken:
                        await self._send_post(kwargs, picture)
                    if then is not None:
                        await then()
            except discord.HTTPException as error:
                log.warning("Table %s: channel message failed: %s", self.table_id, error)
            except Exception:
                log.exception("Table %s: channel message failed", self.table_id)
            finally:
                self._outbox.task_done()

    async def _send_post(
        self, kwargs: dict[str, Any], picture: Callable[[], Awaitable[discord.File | None]] | None
    ) -> None:
        file = await picture() if picture is not None else None
        if file is not None:
            kwargs["embed"].set_image(url=f"attachment://{file.filename}")
            kwargs["file"] = file
        await self.channel.send(**kwargs)

    async def _take_table_message(
        self,
        hand_id: int,
        kwargs: dict[str, Any],
        picture: Callable[[], Awaitable[discord.File | None]] | None,
    ) -> bool:
        """Post the table anew and edit the old table message into this post (the result of
        ``hand_id``, while the table message still shows that hand): whether it was done.
        Through the token of the last click on the table, both cost nothing of the global rate
        limit (where a result, a new table and the old one's deletion were three requests);
        without one, two. There is a table in the channel all along. A table already moving to
        a later hand, or gone, is left as it is (the result is posted below it)."""
        if self._hand_id != hand_id:
            return False  # the next hand moves the table (waiting for this post meanwhile)
        async with self.render_lock:
            target = self.message_id
            if target is None or self._move_table or self.closed or self._hand_id != hand_id:
                return False
            edit = {k: v for k, v in kwargs.items() if k != "allowed_mentions"}
            file = await picture() if picture is not None else None
            if file is not None:
                edit["embed"].set_image(url=f"attachment://{file.filename}")
            edit["attachments"] = [file] if file is not None else []
            edit.setdefault("view", None)
            answer = self._table_answer
            try:
                await self._post_table_below(answer)
            except discord.HTTPException as error:
                log.warning("Table %s: table post failed: %s", self.table_id, error)
                return False  # the table stays; the result goes below it
            try:
                if await self._edit_by_token(answer, target, edit) is None:
                    message = self.channel.get_partial_message(target)
                    await message.edit(**edit, allowed_mentions=NO_MENTIONS)
            except discord.NotFound:
                return False
        return True

    async def _post_table_below(self, answer: Answered | None) -> None:
        """Post the table anew (under ``render_lock``): as a follow-up of an answered click,
        which the same token then edits, while it is valid; else as a channel message."""
        version = self.version
        payload = self._table_payload()
        kwargs = payload.new_message()
        followed: Answered | None = None
        if answer is not None and answer.valid():
            try:
                message = await answer.webhook.send(**kwargs, wait=True)
                followed = answer.follow_up(message.id)
            except discord.HTTPException as error:
                log.debug("Table %s: table follow-up failed: %s", self.table_id, error)
        if followed is None:
            message = await self.channel.send(**kwargs)
        self._table_answer = followed
        await self._set_message(message.id)
        self.rendered_version = max(self.rendered_version, version)
        self._last_payload = payload.key

    async def _edit_loop(self) -> None:
        """Re-render the table when it changed, at most once per ``EDIT_INTERVAL``, before
        other requests (``URGENT``). An error never ends the loop; a transient one (dropped
        connection, Discord 5xx) is retried after the interval, since the table may not change
        again before the turn times out."""
        task_priority(URGENT)
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            try:
                deferred = await self.push_table()
                if deferred is not None:
                    await asyncio.sleep(deferred)
                    self._dirty.set()  # the deal has shown it by now, unless it failed
            except discord.DiscordServerError as error:
                log.warning("Table %s: table edit failed, retrying: %s", self.table_id, error)
                self._dirty.set()
            except discord.HTTPException as error:
                log.warning("Table %s: table edit failed: %s", self.table_id, error)
            except Exception:
                log.exception("Table %s: table edit failed, retrying", self.table_id)
                self._dirty.set()
            if self.closed and self.rendered_version >= self.version:
                return
            await asyncio.sleep(self.edit_interval)

    async def push_table(self) -> float | None:
        """Edit (or first send) the table message with the latest state; or, when the next
        deal is due in a moment, the seconds to wait for it instead."""
        async with self.render_lock:
            if self.rendered_version >= self.version:
                return None
            old = self.message_id
            target = None if self._move_table else old
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
                    await asyncio.wait_for(self._outbox.join(), OUTBOX_WAIT)
            version = self.version
            payload = self._table_payload()
            kwargs: dict[str, Any] = {"embed": payload.embed, "view": payload.view}
            shown = payload.key
            if target is not None and shown in (self._last_payload, self._answering):
                self.rendered_version = version
                return None
            if target is not None:
                try:
                    if not await self._edit_by_token(self._table_answer, target, kwargs):
                        await self.channel.get_partial_message(target).edit(
                            **kwargs, allowed_mentions=NO_MENTIONS
                        )
                    if self.message_id == target:
                        self.rendered_version = version
                        self._last_payload = shown
                    return None
                except discord.NotFound:
                    if self.message_id != target:
                        return None  # /poker table moved the table meanwhile: that one is live
                    log.info("Table %s: message gone, posting a new one", self.table_id)
            message = await self.channel.send(**payload.new_message())
            self.rendered_version = version
            self._last_payload = shown
            await self._set_message(message.id)
            if self._move_table and old is not None and old != message.id:
                self.delete_later(old)
            self._move_table = False
            return None

    async def _edit_by_token(
        self, answer: Answered | None, message_id: int, kwargs: dict[str, Any]
    ) -> discord.Message | None:
        """Edit ``message_id`` through the token of the interaction answered on it, when one is
        still valid: the edited message, or None (then the caller edits it the usual way)."""
        if answer is None or answer.message_id != message_id or not answer.valid():
            return None
        try:
            edited: discord.Message = await answer.webhook.edit_message(
                answer.ref, **kwargs, allowed_mentions=NO_MENTIONS
            )
            return edited
        except discord.HTTPException as error:
            log.debug("Table %s: edit by token failed: %s", self.table_id, error)
            if self._table_answer is answer:
                self._table_answer = None
            return None

    def _answered(self, interaction: discord.Interaction[Any], message_id: int) -> None:
        """An interaction was answered on the table message: remember its token."""
        self._table_answer = Answered.now(interaction, message_id)

    async def _set_message(self, message_id: int) -> None:
        self.message_id = message_id
        self._posts_below_table = 0
        if self.records is not None:
            await self.records.table_message_moved(message_id)

    async def answer_table_click(self, interaction: discord.Interaction[Any]) -> None:
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
        payload = self._table_payload()
        self._answering = payload.key
        try:
            await interaction.response.edit_message(embed=payload.embed, view=payload.view)
        except BaseException:
            self._last_payload = None  # the edit loop sends what the answer did not
            self.mark_changed()
            raise
        finally:
            if self._answering == payload.key:
                self._answering = None
        self._answered(interaction, message.id)
        if not in_flight and not self.render_lock.locked():
            self.rendered_version = max(self.rendered_version, version)
            self._last_payload = payload.key

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
        if message is not None and message.id == self.message_id:
            await self.answer_table_click(interaction)
        elif shown_marks(message) is not None:  # a panel: its card buttons are on it
            await self.answer_panel_click(interaction, panel())
        else:
            await interaction.response.edit_message(content=question_answer, view=None)

    async def repost(self, interaction: discord.Interaction[Any]) -> None:
        """Post the table at the bottom of the channel as this interaction's answer; the old
        message is deleted (an edit in flight targets it and then leaves the new one alone)."""
        in_flight = self.render_lock.locked()
        version = self.version
        payload = self._table_payload()
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
            self._dirty.set()
        else:
            self.rendered_version = max(self.rendered_version, version)
            self._last_payload = payload.key
        if old is not None and old != new_id:
            self.delete_later(old)

    # ------------------------------------------------------------------ hands and DMs

    def new_hand(self, hand_id: int) -> None:
        """A hand is dealt: panels start anew, and a table message with the last result (or
        other notices) below it moves to the bottom, following the game down the channel."""
        self._hand_id = hand_id
        self.dm_panels = {}
        self._panel_answers = {}
        self._dm_failed = set()
        self._moved_panels = set()
        self._stale_pictures = set()
        self._notices = {}
        self._sent_turn = {}
        self._edits_queued = set()
        self._live_shown = {}
        self._live_dirty = set()
        self._move_table = self._posts_below_table > 0

    def dm_opened(self, user_id: int) -> None:
        """The player's DMs work again (a welcome DM went through)."""
        self._dm_failed.discard(user_id)

    def send_panel(self, user_id: int, *, urgent: bool = False, alert: bool = False) -> None:
        """DM the player their private panel of the current hand (in the background); an
        ``urgent`` one (the player to act) before the others. An ``alert`` is a turn alert: a
        new message notifies where an edit would not; it goes out only while the turn is
        still the player's and no new panel showed them this turn yet (the deal's), and it
        replaces the panel, whose old message becomes a stub."""
        if self._hand_id is not None and user_id not in self._dm_failed:
            level = URGENT if urgent else BULK
            after = self._sending.get(user_id) if alert else None
            asked = asyncio.get_running_loop().time() if alert else None
            task = self.spawn(
                self._send_panel(user_id, self._hand_id, level, alert=asked, after=after),
                f"dm-{user_id}",
            )
            self._sending[user_id] = task
            task.add_done_callback(partial(self._sent, user_id))

    def _sent(self, user_id: int, task: asyncio.Task[Any]) -> None:
        if self._sending.get(user_id) is task:
            del self._sending[user_id]

    def _edits_free(self, user_id: int) -> bool:
        """Whether the player's DM panel is edited through a valid token of a click on it."""
        answer, message = self._panel_answers.get(user_id), self.dm_panels.get(user_id)
        return (
            answer is not None
            and message is not None
            and answer.message_id == message.id
            and answer.valid()
        )

    def played_from(self, user_id: int, message_id: int | None) -> None:
        """The player made a betting or draw action from message ``message_id``: from their DM
        panel (the current one or one an alert replaced), they play from their DMs; from the
        table message, from the table (a private reply, such as "Fold anyway?", changes
        nothing)."""
        panel = self.dm_panels.get(user_id)
        if message_id is None:
            return
        if (panel is not None and panel.id == message_id) or message_id in self._moved_panels:
            self.from_dm.add(user_id)
        elif message_id == self.message_id:
            self.from_dm.discard(user_id)

    def hurry_panel(self, user_id: int) -> None:
        """The player's turn came: their DM panel still on its way goes before other
        requests (a deal DM waits behind what players need now until its player does)."""
        self.client.hurry(("dm", user_id))

    def notify(self, user_id: int, text: Text) -> None:
        """Tell the player something the dealer did for them (a timeout played for them): a
        line in their panel, not one DM more."""
        if user_id in self.dm_panels and user_id not in self._dm_failed:
            self._notices[user_id] = (*self._notices.get(user_id, ()), text)
            self.refresh_panel(user_id)

    async def answer_panel_click(
        self, interaction: discord.Interaction[Any], panel: PanelSnapshot
    ) -> None:
        """Answer a click on a private panel with the panel as it is now; a click on a panel
        an alert replaced turns that one into a stub and updates the newest one."""
        message = interaction.message
        user_id = panel.player_id
        if message is not None and message.id in self._moved_panels:
            moved = t("panel_moved")
            await interaction.response.edit_message(
                content=moved, embed=None, view=None, attachments=[]
            )
            self._moved_panels.discard(message.id)
            self.refresh_panel(user_id)
            return
        notices = self._notices.get(user_id, ())
        kwargs = await panel_message(panel, None, edit=True, current=message, notices=notices)
        response = await interaction.response.edit_message(**kwargs)
        current = self.dm_panels.get(user_id)
        if message is not None and current is not None and current.id == message.id:
            self._panel_answers[user_id] = Answered.now(interaction, message.id)
            self._live_shown[user_id] = _live_key(panel)
            edited = getattr(response, "resource", None)
            if isinstance(edited, discord.Message) and edited.id == message.id:
                self.dm_panels[user_id] = Sent.of(edited)  # with the picture it carries now
            elif any(isinstance(a, discord.File) for a in kwargs.get("attachments", ())):
                self._stale_pictures.add(user_id)  # what we hold has the old picture

    def refresh_panel(self, user_id: int, *, unless_message: int | None = None) -> None:
        """Edit the player's DM panel to the current state, unless the click that changed it
        came from that panel (its answer already shows the change). An edit already waiting
        to read the state carries this change too."""
        message = self.dm_panels.get(user_id)
        if message is None or message.id == unless_message or self._hand_id is None:
            return
        if user_id not in self._edits_queued:
            self._edits_queued.add(user_id)
            self.spawn(self._edit_panel(user_id, self._hand_id), f"dm-edit-{user_id}")

    def end_panels(self) -> None:
        """The hand ended: every DM panel becomes its record (no live buttons); a panel the
        player clicked this hand is edited through that click's token."""
        for user_id in list(self.dm_panels):
            self.refresh_panel(user_id)

    async def _send_panel(
        self,
        user_id: int,
        hand_id: int,
        level: int,
        *,
        alert: float | None = None,
        after: asyncio.Task[Any] | None = None,
    ) -> None:
        """Send the panel as it is when its turn at the pacer comes (a deal DM may wait a
        while behind what players need now: made before, it would need an edit at once).
        A turn alert (``alert``: when it was asked for) first lets the panel on its way then
        (``after``) arrive."""
        task_priority(level, ("dm", user_id))
        if after is not None:
            await asyncio.wait({after})
        panel = await self._source().panel_for(user_id, hand_id)
        if panel is None or (alert is not None and not self._alert_due(user_id, panel, alert)):
            return
        try:
            dm = await self.client.dm_channel(user_id)
            locale = await self.client.locale_of(user_id)
            await self.client.wait_turn()
            panel = await self._source().panel_for(user_id, hand_id)
            if panel is None or (alert is not None and not self._alert_due(user_id, panel, alert)):
                return
            notices = self._notices.get(user_id, ())
            message = await dm.send(**await panel_message(panel, locale, notices=notices))
        except discord.Forbidden:
            await self._dm_failed_for(user_id)
            return
        except discord.HTTPException as error:
            log.warning("Table %s: DM to a player failed: %s", self.table_id, error)
            return
        if self._hand_id != hand_id:
            return
        if _my_turn(panel) and panel.public is not None:
            sent_at = asyncio.get_running_loop().time()
            self._sent_turn[user_id] = (panel.public.action_number, sent_at)
        old = self.dm_panels.get(user_id)
        self.dm_panels[user_id] = Sent.of(message)
        self._live_shown[user_id] = _live_key(panel)
        self._stale_pictures.discard(user_id)
        if old is not None:
            self._moved_panels.add(old.id)
            await self._stub_panel(user_id, old, locale)
        # The player may have acted (from another panel) while this one was on its way.
        await self._edit_panel(user_id, hand_id, unless=(panel, notices))

    def _alert_due(self, user_id: int, panel: PanelSnapshot, asked: float) -> bool:
        """Whether a turn alert asked for at ``asked`` still has something to say: the turn is
        the player's, and no panel sent as a new message just showed them this turn (the
        deal's panel of the first to act, whose alert comes at once)."""
        if not _my_turn(panel) or panel.public is None:
            return False
        turn, sent_at = self._sent_turn.get(user_id, (-1, 0.0))
        return turn != panel.public.action_number or sent_at < asked - ALERT_FRESH_SECONDS

    async def _stub_panel(self, user_id: int, old: Sent, locale: str) -> None:
        """The panel an alert replaced becomes a short stub pointing to the newest one (no
        buttons, no picture): one live panel per player. Through the token of a click on it
        while one is valid."""
        task_priority(BULK, ("dm", user_id))
        with speaking(locale):
            content = t("panel_moved")
        kwargs: dict[str, Any] = {"content": content, "embed": None, "view": None}
        kwargs["attachments"] = []
        answer = self._panel_answers.get(user_id)
        try:
            if await self._edit_by_token(answer, old.id, kwargs) is None:
                dm = self.client.get_partial_messageable(old.channel_id)
                await dm.get_partial_message(old.id).edit(**kwargs)
        except discord.HTTPException as error:
            log.debug("Table %s: stubbing a DM panel failed: %s", self.table_id, error)
            return
        if answer is not None and self._panel_answers.get(user_id) is answer:
            del self._panel_answers[user_id]
        self._moved_panels.discard(old.id)

    async def _edit_panel(
        self,
        user_id: int,
        hand_id: int,
        *,
        unless: tuple[PanelSnapshot, tuple[Text, ...]] | None = None,
        level: int = NORMAL,
    ) -> None:
        """Edit the player's DM panel to the panel as it is now (not when it is ``unless``:
        the panel and notices it already shows)."""
        task_priority(level, ("dm", user_id))
        message = self.dm_panels.get(user_id)
        panel = await self._source().panel_for(user_id, hand_id)
        self._edits_queued.discard(user_id)
        if message is None or panel is None or self._hand_id != hand_id:
            return  # the next hand began meanwhile: this message belongs to the old one
        notices = self._notices.get(user_id, ())
        if (panel, notices) == unless:
            return
        current = None if user_id in self._stale_pictures else message
        locale = await self.client.locale_of(user_id)
        kwargs = await panel_message(panel, locale, edit=True, current=current, notices=notices)
        try:
            answer = self._panel_answers.get(user_id)
            edited = await self._edit_by_token(answer, message.id, kwargs)
            if edited is None:
                self._panel_answers.pop(user_id, None)
                dm = self.client.get_partial_messageable(message.channel_id)
                edited = await dm.get_partial_message(message.id).edit(**kwargs)
        except discord.HTTPException as error:
            log.warning("Table %s: DM panel edit failed: %s", self.table_id, error)
            return
        if self._hand_id == hand_id and self.dm_panels.get(user_id) is message:
            self.dm_panels[user_id] = Sent.of(edited)
            self._live_shown[user_id] = _live_key(panel)
            self._stale_pictures.discard(user_id)

    async def _dm_failed_for(self, user_id: int) -> None:
        if user_id in self._dm_failed:
            return
        self._dm_failed.add(user_id)
        if self.records is not None:
            with contextlib.suppress(Exception):
                await self.records.note_dm(user_id, False)
        self.post(content=Text("dm_failed_public", name=f"<@{user_id}>"))


def _my_turn(panel: PanelSnapshot) -> bool:
    return panel.my_turn_to_bet or panel.my_turn_to_draw


def _live_key(panel: PanelSnapshot) -> tuple[object, ...]:
    """What a DM player's panel must keep showing of the table: whether it is their turn (and
    then what they may do), whether they are still in the hand (``TURN_KEY_SIZE`` items),
    the pot and the round."""
    public = panel.public
    legal = public.legal if panel.my_turn_to_bet and public is not None else None
    turn = (panel.my_turn_to_bet, panel.my_turn_to_draw, legal, panel.folded, panel.complete)
    if public is None:
        return turn
    return (*turn, public.pot, public.phase, public.betting_round, public.draw_round)


TURN_KEY_SIZE = 5
"""The first items of ``_live_key``: the player's turn and what they may do on it."""


async def panel_message(
    panel: PanelSnapshot,
    locale: str | None,
    *,
    edit: bool = False,
    current: object = None,
    notices: tuple[Text, ...] = (),
) -> dict[str, Any]:
    """A private panel's message in ``locale`` (None: the member being answered): its text
    (and a line for each of ``notices``) and buttons, and the picture of the cards (an edit
    replaces the attachments, so a panel that lost its picture loses the old one). An edit of
    ``current`` (the message as it is) keeps its picture when it is still right."""
    with speaking(locale) if locale is not None else contextlib.nullcontext():
        embed, view = panel_embed(panel), panel_view(panel)
        if notices:
            lines = [embed.description or "", *(notice.render() for notice in notices)]
            embed.description = "\n".join(lines)[:EMBED_DESCRIPTION_MAX]
        kept = kept_picture(panel, current) if edit else None
        if kept is not None:
            embed.set_image(url=f"attachment://{kept.filename}")
            return {"embed": embed, "view": view, "attachments": [kept]}
        picture = await panel_picture(panel)
    kwargs: dict[str, Any] = {"embed": embed}
    if picture is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
    if edit:
        kwargs["view"] = view
        kwargs["attachments"] = [picture] if picture is not None else []
        return kwargs
    if view is not None:
        kwargs["view"] = view
    if picture is not None:
        kwargs["file"] = picture
    return kwargs


async def answer_with_panel(interaction: discord.Interaction[Any], panel: PanelSnapshot) -> None:
    """Send a private panel as an ephemeral reply (My cards, ``/poker hand``)."""
    await interaction.response.send_message(**await panel_message(panel, None), ephemeral=True)


@dataclass(frozen=True, slots=True)
class TablePayload:
    """The table message rendered from one snapshot in one language."""

    snapshot: TableSnapshot
    language: str
    embed: discord.Embed
    view: discord.ui.View | None
    key: str
    """The content as one comparable string (``_payload_key``)."""

    def new_message(self) -> dict[str, Any]:
        """What posts the table as a new message (a view only while there are buttons)."""
        kwargs: dict[str, Any] = {"embed": self.embed, "allowed_mentions": NO_MENTIONS}
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs


def _payload_key(embed: discord.Embed, view: discord.ui.View | None) -> str:
    """The table message's content as one comparable string."""
    components = view.to_components() if view is not None else []
    return json.dumps([embed.to_dict(), components], sort_keys=True, default=str)

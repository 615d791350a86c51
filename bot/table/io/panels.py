"""The DM panels of a table's players: sent by their own tasks (a closed DM never stalls the
table), kept current on every turn for every player still in the hand (wherever they last
clicked), answered with when clicked.

What the panels of one hand hold (which message each player's panel is, the tokens of clicks
on them, notices, turn alerts...) is one ``HandPanels``, replaced whole at each deal: nothing
of a hand outlives it by being forgotten in a reset.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import discord

from bot.messages import Text, speaking, t
from bot.pacer import BULK, NORMAL, URGENT, task_priority
from bot.table.io.lane import Lane, Ticket, live_lane
from bot.table.io.protocols import DiscordClient, TableRecords, TableSource
from bot.table.io.tasks import TableTasks
from bot.table.io.tokens import Answered, Sent, answer_with_update, edit_by_token, uploads
from bot.table.pictures import kept_picture, panel_picture
from bot.table.render import PanelPicture, panel_layout
from bot.table.render.panel import PANEL_COLOUR
from bot.table.snapshot import PanelSnapshot
from bot.ui import layout
from bot.ui.answering import answering

log = logging.getLogger(__name__)

PANEL_INTERVAL = 0.25
"""Seconds between two edits keeping a player's DM panel current: a burst of changes in
between is one edit, and every turn shows well within a second (the turn reaching the
player at once)."""
ALERT_FRESH_SECONDS = 1.0
"""A panel that showed a player their turn as a new message this little before a turn alert
was asked for already was that alert (the deal's panel of the first to act)."""


@dataclass(slots=True)
class HandPanels:
    """The DM panels of one hand (``hand_id``; None before the first deal)."""

    hand_id: int | None
    sent: dict[int, Sent] = field(default_factory=dict)
    """The DM panel message of each player of the hand."""
    answers: dict[int, Answered] = field(default_factory=dict)
    """The newest click answered on each player's DM panel: its token edits the panel."""
    dm_failed: set[int] = field(default_factory=set)
    moved: set[int] = field(default_factory=set)
    """DM panels an alert replaced by a new message (a click on one turns it into a stub)."""
    stale_pictures: set[int] = field(default_factory=set)
    """Players whose DM panel got a new picture in an answer (the attachments held in
    ``sent`` are the old ones, so an edit uploads the picture again)."""
    notices: dict[int, tuple[Text, ...]] = field(default_factory=dict)
    """What the dealer did for each player this hand (a timeout): lines of their panel."""
    sent_turn: dict[int, tuple[int, float]] = field(default_factory=dict)
    """The turn (action number) each player's newest panel message showed as theirs, and
    when it was sent (an alert for that turn asked for just then would be a copy)."""
    edits_queued: set[int] = field(default_factory=set)
    """Players whose panel edit is planned and has not read the state yet."""
    live_shown: dict[int, tuple[object, ...]] = field(default_factory=dict)
    """What each DM panel shows of the table (``_live_key``), as last sent or edited."""
    shown: dict[int, tuple[object, ...]] = field(default_factory=dict)
    """What each DM panel message shows, rendered (``_shown_key``): an edit that would show
    the same is not sent."""
    live_dirty: set[int] = field(default_factory=set)
    """Players whose DM panel is to be brought up to date."""
    live_edited: dict[int, float] = field(default_factory=dict)
    """When each player's panel was last edited to keep it current (loop time): the next
    such edit waits for the rest of ``PANEL_INTERVAL``."""
    out: set[int] = field(default_factory=set)
    """Players whose DM panel shows them folded: it is not followed any more this hand."""


class DmPanels:
    """The DM panels of one table."""

    def __init__(
        self,
        client: DiscordClient,
        tasks: TableTasks,
        *,
        table_id: int,
        table_message_id: Callable[[], int | None],
        post: Callable[..., None],
    ) -> None:
        self.client = client
        self.tasks = tasks
        self.table_id = table_id
        self.table_message_id = table_message_id
        self.post = post
        """Queue a channel message (the outbox's ``post``)."""
        self.source: TableSource | None = None
        self.records: TableRecords | None = None
        self.closed = False
        self.hand = HandPanels(None)
        """The panels of the current hand, replaced at each deal."""
        self.sending: dict[int, asyncio.Task[Any]] = {}
        """Each player's panel on its way as a new DM (a turn alert waits for it)."""
        self.from_dm: set[int] = set()
        """Players whose last betting or draw action came from their DM panel. Every
        player's panel is kept current either way."""
        self.from_table: set[int] = set()
        """Players whose last betting or draw action came from the table message: they see
        their turn there (a player in neither set has not played here yet)."""
        self._live_tasks: dict[int, asyncio.Task[Any]] = {}
        self._live_wake: dict[int, asyncio.Event] = {}
        """Set when the turn reaches a DM player: their panel's edit waits no interval."""
        self._in_lane: dict[int, Ticket] = {}
        """Each player whose panel's view edit waits in the lane (``bot/table/io/lane.py``):
        let through when their turn comes if they bet from their panel (``from_dm``). A
        player who bets on the table sees their turn there: at 200 tables letting every
        player through doubled the token edits of table mode."""
        self._turn_seen: tuple[int | None, int] | None = None
        """The turn (hand, action number) ``follow`` last saw come: a waiting view edit is let
        through once a turn, as it comes, not at every change while it lasts."""
        self.kept: dict[int, tuple[Sent, Answered]] = {}
        """Each player's newest DM panel clicked (in an earlier hand) and the token of that
        click: while the token is valid, the next deal's panel is that message edited
        through it (no request of the global limit, where a new DM is one)."""
        self._edits: dict[int, asyncio.Task[Any]] = {}
        """Each player's newest panel edit (the next deal's edit of that message waits for
        the last hand's)."""
        self._writes: dict[int, asyncio.Lock] = {}
        """One write at a time to each player's DM panel messages: an edit checks, under it,
        that its message is still the panel, and a stub waits for an edit under way."""

    def _writing(self, user_id: int) -> asyncio.Lock:
        """The turn to write to the player's DM panel messages (see ``_writes``)."""
        return self._writes.setdefault(user_id, asyncio.Lock())

    def _source(self) -> TableSource:
        if self.source is None:
            raise RuntimeError("the table channel has no session attached")
        return self.source

    def new_hand(self, hand_id: int) -> None:
        """A hand is dealt: its panels start anew; a panel clicked last hand whose click's
        token is still valid is kept, to be this hand's panel too (``kept``)."""
        last = self.hand
        for user_id, answer in last.answers.items():
            message = last.sent.get(user_id)
            if message is not None and answer.message_id == message.id and answer.valid():
                self.kept[user_id] = (message, answer)
        self.kept = {u: kept for u, kept in self.kept.items() if kept[1].valid()}
        self.hand = HandPanels(hand_id)

    def dm_opened(self, user_id: int) -> None:
        """The player's DMs work again (a welcome DM went through)."""
        self.hand.dm_failed.discard(user_id)

    def reached(self, user_id: int) -> bool:
        """Whether a panel of this hand (or one kept from the last) reached the player's DMs:
        their DMs work, which a welcome DM still on its way would only say again."""
        return user_id in self.hand.sent or user_id in self.kept

    def follow(self) -> None:
        """Keep the DM panel of every player of the hand current, wherever they last clicked
        (the table or their panel): at once for the player whose turn it is now, else at
        most once a ``PANEL_INTERVAL``. A panel that shows its player folded stays so: what
        else happens in the hand is not theirs to follow."""
        hand, source = self.hand, self.source
        if hand.hand_id is None or source is None or not hand.sent or self.closed:
            return
        players = [u for u in hand.sent if u not in hand.dm_failed and u not in hand.out]
        if not players:
            return
        snapshot = source.table_snapshot()
        to_act = next((s.player_id for s in snapshot.seats if s.to_act), None)
        turn = (hand.hand_id, snapshot.action_number)
        turn_came, self._turn_seen = turn != self._turn_seen, turn
        for user_id in players:
            hand.live_dirty.add(user_id)
            if user_id == to_act:
                self._live_wake.setdefault(user_id, asyncio.Event()).set()
                waiting = self._in_lane.get(user_id)
                if waiting is not None and turn_came and user_id in self.from_dm:
                    Lane.let_through(waiting)  # their turn shows at once, not in the lane's
            if user_id not in self._live_tasks:
                task = self.tasks.spawn(
                    self._keep_live(user_id, hand.hand_id), f"dm-live-{user_id}"
                )
                self._live_tasks[user_id] = task

    async def _keep_live(self, user_id: int, hand_id: int) -> None:
        """Edit the player's DM panel while what it shows of the table changes."""
        wake = self._live_wake.setdefault(user_id, asyncio.Event())
        try:
            while (
                user_id in self.hand.live_dirty and self.hand.hand_id == hand_id and not self.closed
            ):
                if not wake.is_set():
                    await self._live_pause(user_id, wake)
                if not wake.is_set():  # not their turn coming: the clicks being answered first
                    await answering().after_clicks()
                self.hand.live_dirty.discard(user_id)
                wake.clear()
                panel = await self._source().panel_for(user_id, hand_id)
                if panel is None or panel.complete or user_id in self.sending:
                    return  # the hand's end edits every panel; a new one is on its way
                # Through a click's token an edit is free: the panel shows every turn. Without
                # one each edit costs a request of the global limit: only the turn of a
                # player who may play from their panel (reaching them, leaving them) is worth
                # one, so that their first bet needs no turn alert (their click then gives
                # the panel a token); a player who plays on the table sees their turn there.
                free = self._edits_free(user_id)
                if not free and user_id in self.from_table:
                    continue
                size = None if free else TURN_KEY_SIZE
                shown = self.hand.live_shown.get(user_id, ())
                if _live_key(panel)[:size] == shown[:size]:
                    if panel.folded and _live_key(panel) == shown:
                        self.hand.out.add(user_id)  # shown folded: nothing more to follow
                    continue
                turn_changed = _live_key(panel)[:TURN_KEY_SIZE] != shown[:TURN_KEY_SIZE]
                if turn_changed:
                    level = URGENT if _my_turn(panel) else NORMAL
                    await self._edit(user_id, hand_id, level=level, panel=panel)
                else:
                    await self._edit_in_lane(user_id, hand_id)
                self.hand.live_edited[user_id] = asyncio.get_running_loop().time()
        finally:
            if self._live_tasks.get(user_id) is asyncio.current_task():
                del self._live_tasks[user_id]

    async def _live_pause(self, user_id: int, wake: asyncio.Event) -> None:
        """Wait for the rest of ``PANEL_INTERVAL`` since the player's panel was last edited
        to keep it current, or until their turn comes (``wake``). A change coming later than
        that (at a table whose actions are a second apart, nearly every one) waits for
        nothing: no timer is armed for each edit, whose expiry would wake an idle bot."""
        edited = self.hand.live_edited.get(user_id)
        if edited is None:
            return
        left = edited + PANEL_INTERVAL - asyncio.get_running_loop().time()
        if left > 0:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(left):
                    await wake.wait()

    async def _edit_in_lane(self, user_id: int, hand_id: int) -> None:
        """Edit the panel to show the table as it is once the lane lets the edit go: its turn
        in the lane, or the player's own turn coming meanwhile."""
        lane = live_lane()
        ticket = self._in_lane[user_id] = lane.ticket()
        try:
            held = await lane.wait(ticket)
        finally:
            if self._in_lane.get(user_id) is ticket:
                del self._in_lane[user_id]
        try:
            if held:  # a view's edit: the clicks being answered first
                await answering().after_clicks()
            await self._edit(user_id, hand_id, level=NORMAL if held else URGENT)
        finally:
            if held:
                lane.leave()

    def send(self, user_id: int, *, urgent: bool = False, alert: bool = False) -> None:
        """DM the player their private panel of the current hand (in the background); an
        ``urgent`` one (the player to act) before the others. An ``alert`` is a turn alert: a
        new message notifies where an edit would not; it goes out only while the turn is
        still the player's and no new panel showed them this turn yet (the deal's), and it
        replaces the panel, whose old message becomes a stub."""
        hand_id = self.hand.hand_id
        if hand_id is not None and user_id not in self.hand.dm_failed:
            level = URGENT if urgent else BULK
            after = self.sending.get(user_id) if alert else None
            asked = asyncio.get_running_loop().time() if alert else None
            task = self.tasks.spawn(
                self._send(user_id, hand_id, level, alert=asked, after=after), f"dm-{user_id}"
            )
            self.sending[user_id] = task
            task.add_done_callback(partial(self._sent, user_id))

    def _sent(self, user_id: int, task: asyncio.Task[Any]) -> None:
        if self.sending.get(user_id) is task:
            del self.sending[user_id]

    def _edits_free(self, user_id: int) -> bool:
        """Whether the player's DM panel is edited through a valid token of a click on it."""
        answer, message = self.hand.answers.get(user_id), self.hand.sent.get(user_id)
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
        panel = self.hand.sent.get(user_id)
        if message_id is None:
            return
        if (panel is not None and panel.id == message_id) or message_id in self.hand.moved:
            self.from_dm.add(user_id)
            self.from_table.discard(user_id)
        elif message_id == self.table_message_id():
            self.from_dm.discard(user_id)
            self.from_table.add(user_id)

    def hurry(self, user_id: int, *, drawing: bool) -> None:
        """The player's turn came: their DM panel still on its way goes before other
        requests (a deal DM waits behind what players need now until its player does). For a
        draw always (a draw is made on the panel); for a bet unless the player bets on the
        table (``from_table``: they see their turn there)."""
        if drawing or user_id not in self.from_table:
            self.client.hurry(("dm", user_id))

    def notify(self, user_id: int, text: Text) -> None:
        """Tell the player something the dealer did for them (a timeout played for them, a
        top-up it could not make): a line in their panel, not one DM more; a panel still on
        its way carries it."""
        hand = self.hand
        if hand.hand_id is not None and user_id not in hand.dm_failed:
            hand.notices[user_id] = (*hand.notices.get(user_id, ()), text)
            self.refresh(user_id)

    async def answer_click(
        self, interaction: discord.Interaction[Any], panel: PanelSnapshot
    ) -> None:
        """Answer a click on a private panel with the panel as it is now; a click on a panel
        an alert replaced turns that one into a stub and updates the newest one."""
        message = interaction.message
        user_id = panel.player_id
        hand = self.hand
        if message is not None and message.id in hand.moved:
            await answer_with_update(interaction, stub_message(t("panel_moved")))
            hand.moved.discard(message.id)
            self.refresh(user_id)
            return
        notices = hand.notices.get(user_id, ())
        kwargs = await panel_message(panel, None, edit=True, current=message, notices=notices)
        try:
            response = await answer_with_update(interaction, _answer(kwargs, message))
        except discord.HTTPException:
            if not _keeps_a_picture(kwargs):
                raise
            # The picture kept is the one the click's copy of the message names: an edit in
            # flight may have replaced it meanwhile (the same cards uploaded anew), and a
            # layout naming an attachment gone is refused. The answer uploads it again.
            kwargs = await panel_message(panel, None, edit=True, notices=notices)
            response = await answer_with_update(interaction, _answer(kwargs, message))
        hand = self.hand
        current = hand.sent.get(user_id)
        if message is not None and current is not None and current.id == message.id:
            hand.answers[user_id] = Answered.now(interaction, message.id)
            hand.live_shown[user_id] = _live_key(panel)
            hand.shown[user_id] = _shown_key(kwargs)
            edited = getattr(response, "resource", None)
            if isinstance(edited, discord.Message) and edited.id == message.id:
                hand.sent[user_id] = Sent.of(edited)  # with the picture it carries now
            elif uploads(kwargs):
                hand.stale_pictures.add(user_id)  # what we hold has the old picture

    def refresh(self, user_id: int, *, unless_message: int | None = None) -> None:
        """Edit the player's DM panel to the current state, unless the click that changed it
        came from that panel (its answer already shows the change). An edit already waiting
        to read the state carries this change too."""
        hand = self.hand
        message = hand.sent.get(user_id)
        if message is None or message.id == unless_message or hand.hand_id is None:
            return
        if user_id not in hand.edits_queued:
            hand.edits_queued.add(user_id)
            task = self.tasks.spawn(self._edit(user_id, hand.hand_id), f"dm-edit-{user_id}")
            self._edits[user_id] = task
            task.add_done_callback(partial(self._edited, user_id))

    def _edited(self, user_id: int, task: asyncio.Task[Any]) -> None:
        if self._edits.get(user_id) is task:
            del self._edits[user_id]

    def end(self) -> None:
        """The hand ended: every DM panel becomes its record (no live buttons); a panel the
        player clicked this hand is edited through that click's token."""
        for user_id in list(self.hand.sent):
            self.refresh(user_id)

    async def _send(
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
        if alert is None and await self._reuse(user_id, hand_id):
            return
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
            notices = self.hand.notices.get(user_id, ())
            kwargs = await panel_message(panel, locale, notices=notices)
            message = await dm.send(**kwargs)
        except discord.Forbidden:
            await self._dm_failed_for(user_id)
            return
        except discord.HTTPException as error:
            log.warning("Table %s: DM to a player failed: %s", self.table_id, error)
            return
        hand = self.hand
        if hand.hand_id != hand_id:
            return
        if _my_turn(panel) and panel.public is not None:
            sent_at = asyncio.get_running_loop().time()
            hand.sent_turn[user_id] = (panel.public.action_number, sent_at)
        old = hand.sent.get(user_id)
        hand.sent[user_id] = Sent.of(message)
        hand.live_shown[user_id] = _live_key(panel)
        hand.shown[user_id] = _shown_key(kwargs)
        hand.stale_pictures.discard(user_id)
        if old is not None:
            hand.moved.add(old.id)
            await self._stub(user_id, old, locale)
        # The player may have acted (from another panel) while this one was on its way.
        await self._edit(user_id, hand_id, unless=(panel, notices))

    async def _reuse(self, user_id: int, hand_id: int) -> bool:
        """Make the player's kept panel (``kept``) this hand's, edited through its token:
        whether it was done (else the deal's panel goes as a new DM). It does not notify as
        a new DM would: the turn alert does, when a turn waits for the player."""
        kept = self.kept.pop(user_id, None)
        if kept is None or not kept[1].valid():
            return False
        message, answer = kept
        pending = self._edits.get(user_id)
        if pending is not None and not pending.done():
            await asyncio.wait({pending})  # the last hand's record lands first
        panel = await self._source().panel_for(user_id, hand_id)
        if panel is None:
            return True
        locale = await self.client.locale_of(user_id)
        notices = self.hand.notices.get(user_id, ())
        kwargs = await panel_message(panel, locale, edit=True, current=message, notices=notices)
        edited, _failed = await edit_by_token(answer, message.id, kwargs, self.table_id)
        if edited is None:
            return False
        hand = self.hand
        if hand.hand_id != hand_id:
            return True
        hand.sent[user_id] = edited
        hand.answers[user_id] = answer
        hand.live_shown[user_id] = _live_key(panel)
        hand.shown[user_id] = _shown_key(kwargs)
        # The player may have acted (from another panel) while this one was on its way.
        await self._edit(user_id, hand_id, unless=(panel, notices))
        return True

    def _alert_due(self, user_id: int, panel: PanelSnapshot, asked: float) -> bool:
        """Whether a turn alert asked for at ``asked`` still has something to say: the turn is
        the player's, and no panel sent as a new message just showed them this turn (the
        deal's panel of the first to act, whose alert comes at once)."""
        if not _my_turn(panel) or panel.public is None:
            return False
        turn, sent_at = self.hand.sent_turn.get(user_id, (-1, 0.0))
        return turn != panel.public.action_number or sent_at < asked - ALERT_FRESH_SECONDS

    async def _stub(self, user_id: int, old: Sent, locale: str) -> None:
        """The panel an alert replaced becomes a short stub pointing to the newest one (no
        buttons, no picture): one live panel per player. Through the token of a click on it
        while one is valid."""
        task_priority(BULK, ("dm", user_id))
        with speaking(locale):
            kwargs = stub_message(t("panel_moved"))
        answer = self.hand.answers.get(user_id)
        try:
            async with self._writing(user_id):  # after an edit of the old message under way
                edited, _failed = await edit_by_token(answer, old.id, kwargs, self.table_id)
                if edited is None:
                    dm = self.client.get_partial_messageable(old.channel_id)
                    await dm.get_partial_message(old.id).edit(**kwargs)
        except discord.HTTPException as error:
            log.debug("Table %s: stubbing a DM panel failed: %s", self.table_id, error)
            return
        hand = self.hand
        if answer is not None and hand.answers.get(user_id) is answer:
            del hand.answers[user_id]
        hand.moved.discard(old.id)

    async def _edit(
        self,
        user_id: int,
        hand_id: int,
        *,
        unless: tuple[PanelSnapshot, tuple[Text, ...]] | None = None,
        level: int = NORMAL,
        panel: PanelSnapshot | None = None,
    ) -> None:
        """Edit the player's DM panel to the panel as it is now (not when it is ``unless``:
        the panel and notices it already shows; ``panel``: the panel just read)."""
        task_priority(level, ("dm", user_id))
        if panel is None:
            panel = await self._source().panel_for(user_id, hand_id)
        hand = self.hand
        # Read once the table's lock was ours: a click on this panel answered meanwhile may
        # have given it a new picture, which this edit keeps instead of uploading it again.
        message = hand.sent.get(user_id)
        hand.edits_queued.discard(user_id)
        if message is None or panel is None or hand.hand_id != hand_id:
            return  # the next hand began meanwhile: this message belongs to the old one
        notices = hand.notices.get(user_id, ())
        if (panel, notices) == unless:
            return
        current = None if user_id in hand.stale_pictures else message
        locale = await self.client.locale_of(user_id)
        kwargs = await panel_message(panel, locale, edit=True, current=current, notices=notices)
        shown = _shown_key(kwargs)
        hand = self.hand
        if hand.hand_id != hand_id:
            return
        if hand.shown.get(user_id) == shown:
            hand.live_shown[user_id] = _live_key(panel)  # it shows this already
            return
        async with self._writing(user_id):
            now = self.hand.sent.get(user_id)
            if self.hand.hand_id != hand_id or now is None or now.id != message.id:
                return  # an alert replaced the message meanwhile (and made it a stub)
            try:
                answer = self.hand.answers.get(user_id)
                edited, failed = await edit_by_token(answer, message.id, kwargs, self.table_id)
                if failed and _keeps_a_picture(kwargs):
                    # The picture kept may be gone: a click's answer gave the panel its new
                    # cards' picture meanwhile, and a gallery naming an attachment the message
                    # lost is refused. The token is fine: the edit uploads the picture.
                    kwargs = await panel_message(panel, locale, edit=True, notices=notices)
                    edited, failed = await edit_by_token(answer, message.id, kwargs, self.table_id)
                if edited is None:
                    self.hand.answers.pop(user_id, None)
                    dm = self.client.get_partial_messageable(message.channel_id)
                    edited = Sent.of(await dm.get_partial_message(message.id).edit(**kwargs))
            except discord.HTTPException as error:
                log.warning("Table %s: DM panel edit failed: %s", self.table_id, error)
                return
        hand = self.hand
        if hand.hand_id == hand_id and hand.sent.get(user_id) is message:
            hand.sent[user_id] = edited
            hand.live_shown[user_id] = _live_key(panel)
            hand.shown[user_id] = shown
            hand.stale_pictures.discard(user_id)

    async def _dm_failed_for(self, user_id: int) -> None:
        hand = self.hand
        if user_id in hand.dm_failed:
            return
        hand.dm_failed.add(user_id)
        if self.records is not None:
            with contextlib.suppress(Exception):
                await self.records.note_dm(user_id, False)
        self.post(content=Text("dm_failed_public", name=f"<@{user_id}>"))


def _legacy(message: object) -> bool:
    """Whether ``message`` is known not to be a Components V2 message (a panel sent as an
    embed, before panels were V2)."""
    flags = getattr(message, "flags", None)
    return getattr(flags, "components_v2", True) is False


def _answer(kwargs: dict[str, Any], message: discord.Message | None) -> dict[str, Any]:
    """A click's answer with the panel ``kwargs``: a panel sent before panels were V2 (a hand
    restored across that update) gains the flag, which Discord takes only with the content
    and embed emptied."""
    return {**kwargs, "content": None, "embed": None} if _legacy(message) else kwargs


def _keeps_a_picture(kwargs: dict[str, Any]) -> bool:
    """Whether the panel's message keeps a picture it carries (not a new upload)."""
    return any(not isinstance(a, discord.File) for a in kwargs.get("attachments", ()))


def _my_turn(panel: PanelSnapshot) -> bool:
    return panel.my_turn_to_bet or panel.my_turn_to_draw


def _live_key(panel: PanelSnapshot) -> tuple[object, ...]:
    """What a player's panel must keep showing of the table: whether it is their turn (and
    then what they may do), whether they are still in the hand, and while they are, the turn
    (its number, whose, a time bank running), the pot and the round."""
    public = panel.public
    legal = public.legal if panel.my_turn_to_bet and public is not None else None
    turn = (panel.my_turn_to_bet, panel.my_turn_to_draw, legal, panel.folded, panel.complete)
    if public is None or panel.folded:
        return turn
    return (
        *turn,
        public.action_number,
        public.to_act_name,
        public.bank,
        public.pot,
        public.phase,
        public.betting_round,
        public.draw_round,
    )


TURN_KEY_SIZE = 5
"""The first items of ``_live_key``: the player's turn and what they may do on it, and
whether they are still in the hand."""


def _shown_key(kwargs: dict[str, Any]) -> tuple[object, ...]:
    """What a panel message (``panel_message``'s arguments) shows, comparable with ``==``: its
    layout (text, buttons, the picture's place and alt text) and its files (a kept attachment
    and a new upload of the same cards compare equal: both carry the picture's alt text)."""
    view = kwargs.get("view")
    files = kwargs.get("attachments")
    if files is None:
        files = [kwargs["file"]] if kwargs.get("file") is not None else []
    return (
        view.to_components() if view is not None else None,
        tuple((getattr(f, "filename", None), getattr(f, "description", None)) for f in files),
    )


def stub_message(content: str) -> dict[str, Any]:
    """What a panel message says once it is not the panel any more (an alert replaced it): a
    short notice, no buttons and no picture. A layout too: a panel is a Components V2 message,
    and an edit cannot make it anything else."""
    return {"view": layout.notice(content, PANEL_COLOUR), "attachments": []}


async def panel_message(
    panel: PanelSnapshot,
    locale: str | None,
    *,
    edit: bool = False,
    current: object = None,
    notices: tuple[Text, ...] = (),
) -> dict[str, Any]:
    """A private panel's message in ``locale`` (None: the member being answered): its layout
    (``panel_layout``: the table, the log, a line for each of ``notices``, the buttons) and the
    picture of the cards in its gallery (an edit replaces the attachments, so a panel that lost
    its picture loses the old one). An edit of ``current`` (the message as it is) keeps its
    picture when it is still right (the gallery points at that attachment by its name). Only
    ``view`` and the files: no content, no embed (a Components V2 message has neither)."""
    with speaking(locale) if locale is not None else contextlib.nullcontext():
        told = [notice.render() for notice in notices]
        kept = kept_picture(panel, current) if edit else None
        if kept is not None:
            shown = PanelPicture(f"attachment://{kept.filename}", kept.description or "")
            return {"view": panel_layout(panel, shown, told), "attachments": [kept]}
        picture = await panel_picture(panel)
        pictured = None
        if picture is not None:
            url = f"attachment://{picture.filename}"
            pictured = PanelPicture(url, picture.description or "")
        view = panel_layout(panel, pictured, told)
    kwargs: dict[str, Any] = {"view": view}
    if edit:
        kwargs["attachments"] = [picture] if picture is not None else []
    elif picture is not None:
        kwargs["file"] = picture
    return kwargs


async def answer_with_panel(interaction: discord.Interaction[Any], panel: PanelSnapshot) -> None:
    """Send a private panel as an ephemeral reply (My cards, ``/poker hand``): the same layout
    as the DM panel."""
    await interaction.response.send_message(**await panel_message(panel, None), ephemeral=True)

"""One table session per channel: the engine hand, the lock, the timers, the journal.

Every input (a button, a command, a timer) goes through ``self.lock``, so the engine only ever
sees one action at a time and a double click finds the state already changed. Discord I/O is
kept out of the lock where it can be: the table message is re-rendered by an edit loop that
coalesces bursts (at most one edit per ``EDIT_INTERVAL``), channel posts go through an outbox
task, and DMs are sent by their own tasks so a closed DM never stalls the table. The only
Discord call made under the lock is the answer to the interaction being handled.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.client import reply_private
from bot.engine import (
    Card,
    EngineError,
    Hand,
    Phase,
    RecordKind,
    SeatedPlayer,
    Stakes,
    next_button_seat,
)
from bot.messages import t
from bot.render import (
    PanelSnapshot,
    ResultSnapshot,
    TableSnapshot,
    cards_label,
    fold_anyway_view,
    panel_embed,
    panel_view,
    result_embed,
    safe_name,
    table_embed,
    table_view,
)
from bot.snapshot import result_snapshot, table_snapshot
from bot.views import shown_marks

if TYPE_CHECKING:
    from bot.client import DeuceBot
    from bot.store import Store
    from bot.store.models import SeatRow, TableRow
    from bot.store.models import Settings as TableSettings

log = logging.getLogger(__name__)

EDIT_INTERVAL = 1.0
"""Seconds between two edits of the table message (bursts in between are coalesced)."""
TIMEOUTS_TO_SIT_OUT = 2
"""Timeouts in a row that sit a player out after the hand."""
SHUTDOWN_LOCK_WAIT = 5.0
"""Seconds a shutdown waits for the input being handled before it stops the table anyway."""
OUTBOX_WAIT = 5.0
"""Seconds a table moving to the bottom waits for the channel messages queued before it."""
NO_MENTIONS = discord.AllowedMentions.none()
DEAL_RETRY_SECONDS = 30.0
"""Seconds before a deal that failed is tried again."""


def next_button(current: int | None, eligible_seats: Sequence[int]) -> int:
    """The seat that gets the button: the next eligible seat clockwise, skipping empty ones.

    Seats are numbered clockwise, so "left of the button" is the next higher number, wrapping.
    The first hand at a table puts the button on the lowest eligible seat.
    """
    if not eligible_seats:
        raise ValueError("no eligible seat for the button")
    if current is None:
        return min(eligible_seats)
    return next_button_seat(eligible_seats, current)


def eligible_seats(seats: Sequence[SeatRow]) -> list[SeatRow]:
    """Seats that are dealt in: not sitting out, not leaving, with chips."""
    return [s for s in seats if not s.sitting_out and not s.leaving and s.stack > 0]


def expired_sitouts(seats: Sequence[SeatRow], now: float, keep_seconds: float) -> list[SeatRow]:
    """Sat-out seats kept longer than the keep time: their chips go back to the wallet."""
    return [
        s
        for s in seats
        if s.sitting_out and s.sat_out_at is not None and now - s.sat_out_at >= keep_seconds
    ]


def target_draw(draws_made: int) -> int | None:
    """The draw (1..3) a player's marks are for, or None when all three are done."""
    return draws_made + 1 if draws_made < 3 else None


class TableSession:
    """The live state of one channel's table."""

    def __init__(self, bot: DeuceBot, table: TableRow) -> None:
        self.bot = bot
        self.table_id = table.id
        self.guild_id = table.guild_id
        self.channel_id = table.channel_id
        self.message_id: int | None = table.message_id
        self.button_seat: int | None = table.button_seat
        self.closing = table.status == "closing"
        self.closed = False
        self.lock = asyncio.Lock()
        self.render_lock = asyncio.Lock()
        self.settings: TableSettings | None = None
        self.seats: list[SeatRow] = []
        self.hand: Hand | None = None
        self.hand_id: int | None = None
        self.last_hand: Hand | None = None
        self.seq = 0
        self.deadline: float | None = None
        self.next_hand_at: float | None = None
        # per-hand state (journaled with the hand)
        self.timeouts: dict[int, int] = {}
        self.sit_out_after: set[int] = set()
        self.leaving: set[int] = set()
        self.prefold: set[int] = set()
        self.marks: dict[int, set[Card]] = {}
        self.queued: dict[int, tuple[int, str]] = {}
        self.acted_at: dict[int, int] = {}
        self.dm_panels: dict[int, discord.Message] = {}
        self.dm_failed: set[int] = set()
        # tasks
        self.version = 0
        self.rendered_version = -1
        self._dirty = asyncio.Event()
        self._outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._posts_below_table = 0
        """Channel messages queued since the table message was posted."""
        self._move_table = False
        """Post the table anew at the bottom (and delete the old one) at the next render."""
        self._timer_task: asyncio.Task[None] | None = None
        self._next_task: asyncio.Task[None] | None = None
        self._next_due = 0.0
        self._tasks: set[asyncio.Task[Any]] = set()
        self._edit_task: asyncio.Task[None] | None = None
        self._outbox_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ plumbing

    @property
    def store(self) -> Store:
        return self.bot.store

    @property
    def channel(self) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(self.channel_id, guild_id=self.guild_id)

    def _spawn(self, coro: Any, name: str) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro, name=f"deuce-{self.table_id}-{name}")
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        """A failing task is logged and the channel is told; a cancelled one is fine."""
        self._tasks.discard(task)
        if task.cancelled():
            return
        error = task.exception()
        if error is None:
            return
        log.error("Table %s task %s failed", self.table_id, task.get_name(), exc_info=error)
        if not self.bot.is_closed():
            self.post(content=t("session_failed"))

    def start_loops(self) -> None:
        """Start the edit loop and the outbox (idempotent)."""
        if self._edit_task is None:
            self._edit_task = self._spawn(self._edit_loop(), "edits")
        if self._outbox_task is None:
            self._outbox_task = self._spawn(self._outbox_loop(), "outbox")

    def bump(self) -> None:
        """The table changed: re-render it soon."""
        self.version += 1
        if self.hand is not None:
            self.seq = self.hand.action_count
        self._dirty.set()

    def post(self, **kwargs: Any) -> None:
        """Queue a channel message (sent in order, outside the lock, mentions off)."""
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        if "_delete" not in kwargs:
            self._posts_below_table += 1
        self._outbox.put_nowait(kwargs)

    async def _outbox_loop(self) -> None:
        """Send queued channel messages in order. Any error (an HTTP refusal, a dropped
        connection) costs that one message, never the loop: a dead outbox would swallow every
        later result without a trace."""
        while not (self.closed and self._outbox.empty()):
            kwargs = await self._outbox.get()
            delete_id = kwargs.pop("_delete", None)
            try:
                if delete_id is not None:
                    await self.channel.get_partial_message(delete_id).delete()
                else:
                    await self.channel.send(**kwargs)
            except discord.HTTPException as error:
                log.warning("Table %s: channel message failed: %s", self.table_id, error)
            except Exception:
                log.exception("Table %s: channel message failed", self.table_id)
            finally:
                self._outbox.task_done()

    async def _edit_loop(self) -> None:
        """Re-render the table when it changed, at most once per ``EDIT_INTERVAL``. An error
        never ends the loop; a transient one (dropped connection, Discord 5xx) is retried after
        the interval, since the table may not change again before the turn times out."""
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            try:
                await self.push_table()
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
            await asyncio.sleep(EDIT_INTERVAL)

    async def push_table(self) -> None:
        """Edit (or first send) the table message with the latest state."""
        async with self.render_lock:
            if self.rendered_version >= self.version:
                return
            old = self.message_id
            target = None if self._move_table else old
            if target is None:
                # A new message goes below what the outbox is still posting (a result, a notice).
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._outbox.join(), OUTBOX_WAIT)
            version = self.version
            embed, view = self.table_payload()
            kwargs: dict[str, Any] = {"embed": embed, "view": view}
            if target is not None:
                try:
                    await self.channel.get_partial_message(target).edit(
                        **kwargs, allowed_mentions=NO_MENTIONS
                    )
                    if self.message_id == target:
                        self.rendered_version = version
                    return
                except discord.NotFound:
                    if self.message_id != target:
                        return  # /poker table moved the table meanwhile: that one is live
                    log.info("Table %s: message gone, posting a new one", self.table_id)
            if view is None:
                kwargs.pop("view")
            message = await self.channel.send(**kwargs, allowed_mentions=NO_MENTIONS)
            self.rendered_version = version
            await self.set_message(message.id)
            if self._move_table and old is not None and old != message.id:
                self.post(_delete=old)
            self._move_table = False

    async def set_message(self, message_id: int) -> None:
        """Remember the table message (in memory and in the store)."""
        self.message_id = message_id
        self._posts_below_table = 0
        await self.store.set_table_message(self.table_id, message_id)

    # ------------------------------------------------------------------ snapshots

    def _names(self) -> dict[int, str]:
        return {s.user_id: s.name for s in self.seats}

    def snapshot(self) -> TableSnapshot:
        """The public table as plain data: no hidden card can be in it."""
        return table_snapshot(
            table_id=self.table_id,
            settings=self.settings,
            seats=self.seats,
            hand=self.hand,
            last_hand=self.last_hand,
            leaving=self.leaving,
            seq=self.seq,
            deadline=self.deadline,
            next_hand_at=self.next_hand_at,
            closing=self.closing,
            closed=self.closed,
        )

    def table_payload(self) -> tuple[discord.Embed, discord.ui.View | None]:
        """Embed and buttons of the table message, from the current state."""
        snapshot = self.snapshot()
        return table_embed(snapshot), table_view(snapshot)

    def can_show(self, user_id: int) -> bool:
        """Whether the player's hand in the last finished hand was mucked (and may be shown)."""
        hand = self.last_hand
        if hand is None or self.hand is not None:
            return False
        result = hand.result
        return result is not None and user_id in result.mucked

    def panel(self, user_id: int) -> PanelSnapshot:
        """The private panel of one player (for that player only): the hand being played, or
        the last one while its owner may still show a mucked hand."""
        if self.hand is None and self.last_hand is not None:
            last = self.last_hand
            pv = last.private_view(user_id)
            return PanelSnapshot(
                table_id=self.table_id,
                hand_id=last.hand_id,
                cards=tuple(pv.cards),
                hand_name=pv.hand_name,
                folded=pv.folded,
                complete=True,
                can_show=self.can_show(user_id),
                net=last.result.net.get(user_id) if last.result is not None else None,
            )
        hand = self.hand
        assert hand is not None and self.hand_id is not None
        pv = hand.private_view(user_id)
        target = target_draw(pv.draws_made)
        my_turn = pv.can_draw_now and target == hand.draw_round
        queued = self.queued.get(user_id)
        return PanelSnapshot(
            table_id=self.table_id,
            hand_id=self.hand_id,
            cards=tuple(pv.cards),
            hand_name=pv.hand_name,
            marked=frozenset(self.marks.get(user_id, set()) & set(pv.cards)),
            target_draw=target,
            my_turn_to_draw=my_turn,
            received=tuple(pv.last_received) if pv.draws_made else None,
            folded=pv.folded,
            prefold=user_id in self.prefold,
            queued=queued is not None and queued[0] == target,
            complete=hand.is_complete,
            can_prefold=not hand.is_complete and not pv.folded,
        )

    # ------------------------------------------------------------------ lifecycle

    async def restore(self, unfinished: tuple[int, dict[str, Any] | None] | None) -> None:
        """Load settings and seats; resume the journaled hand (or void it and refund)."""
        self.settings = await self.store.table_settings(self.guild_id, self.channel_id)
        self.seats = await self.store.seats(self.table_id)
        self.start_loops()
        if unfinished is not None:
            hand_id, state = unfinished
            async with self.lock:
                await self._resume(hand_id, state)
        if self.hand is None:
            async with self.lock:
                self._schedule_next_hand()
        self.bump()

    async def _resume(self, hand_id: int, state: dict[str, Any] | None) -> None:
        try:
            if state is None:
                raise EngineError("no journal")
            data = state.get("hand", state)
            hand = Hand.from_json(data)
        except Exception as error:
            # The error's text may quote the journal, hidden cards included: only its type is
            # logged loudly and stored as the reason players read in /poker history.
            log.warning(
                "Table %s: hand %s cannot resume (%s); voiding",
                self.table_id,
                hand_id,
                type(error).__name__,
            )
            log.debug("Table %s: resume error: %r", self.table_id, error)
            await self.store.void_hand(hand_id, f"could not resume ({type(error).__name__})")
            self.seats = await self.store.seats(self.table_id)
            self.post(content=t("voided"))
            return
        meta: dict[str, Any] = state.get("session", {}) if isinstance(state, dict) else {}
        self.hand = hand
        self.hand_id = hand_id
        self.timeouts = {int(k): int(v) for k, v in meta.get("timeouts", {}).items()}
        self.sit_out_after = {int(x) for x in meta.get("sit_out_after", [])}
        self.leaving = {int(x) for x in meta.get("leaving", [])}
        self.prefold = {int(x) for x in meta.get("prefold", [])}
        self.marks = {int(k): {Card(int(c)) for c in v} for k, v in meta.get("marks", {}).items()}
        self.queued = {int(k): (int(v[0]), str(v[1])) for k, v in meta.get("queued", {}).items()}
        self.closing = self.closing or bool(meta.get("closing", False))
        for user_id in sorted(self.leaving):
            hand.leave(user_id)  # a journal from before the engine knew of leavers
        self.seq = hand.action_count
        log.info("Table %s: resuming hand %s", self.table_id, hand_id)
        if hand.is_complete:
            await self._finish_hand()
            return
        remaining = None
        deadline = meta.get("deadline")
        if isinstance(deadline, (int, float)) and deadline - time.time() > 1:
            remaining = deadline - time.time()
        self._arm_timer(remaining)
        self.post(content=t("resumed"))
        for seat in self.seats:
            if seat.user_id in hand.player_ids and not hand.private_view(seat.user_id).folded:
                self._send_dm_panel(seat.user_id, seat.dm_ok)

    async def shutdown(self) -> None:
        """Stop timers and loops; save the journal so the hand resumes after a restart.

        An input stuck on a slow Discord call must not block the process from exiting, so the
        lock is waited for a few seconds only; the journal is saved either way.
        """
        locked = False
        try:
            await asyncio.wait_for(self.lock.acquire(), SHUTDOWN_LOCK_WAIT)
            locked = True
        except TimeoutError:
            log.warning("Table %s: an input is still running; stopping anyway", self.table_id)
        try:
            for task in list(self._tasks):
                if task is not asyncio.current_task():
                    task.cancel()
            self._timer_task = None
            self._next_task = None
            if self.hand is not None and not self.hand.is_complete:
                await self._journal()
        finally:
            if locked:
                self.lock.release()

    # ------------------------------------------------------------------ journal

    def _journal_state(self) -> dict[str, Any]:
        assert self.hand is not None
        return {
            "hand": self.hand.to_json(),
            "session": {
                "timeouts": {str(k): v for k, v in self.timeouts.items()},
                "sit_out_after": sorted(self.sit_out_after),
                "leaving": sorted(self.leaving),
                "prefold": sorted(self.prefold),
                "marks": {str(k): sorted(int(c) for c in v) for k, v in self.marks.items()},
                "queued": {str(k): list(v) for k, v in self.queued.items()},
                "deadline": self.deadline,
                "closing": self.closing,
            },
        }

    async def _journal(self) -> None:
        """Save the hand for a restart. A failure is logged, never raised: the action it
        follows is already applied, so failing the click (or stopping the timer that would
        settle the hand) would only stall the table; chips stay safe because the seats keep
        their start stacks until ``settle_hand``."""
        if self.hand is None or self.hand_id is None:
            return
        try:
            await self.store.journal(self.hand_id, self._journal_state())
        except Exception as error:
            # the error's text is the store's, never the state's cards
            log.error("Table %s: hand %s journal not saved: %s", self.table_id, self.hand_id, error)

    # ------------------------------------------------------------------ hands

    def _schedule_next_hand(self, delay: float | None = None) -> None:
        """Start the next hand after the pause (if one is not already coming)."""
        if self.closed or self.hand is not None:
            return
        if delay is None:
            delay = self.pause_seconds()
        due = time.time() + delay
        pending = self._next_task
        if pending is not None and not pending.done():
            if self._next_due <= due + 0.5:
                return
            # a long housekeeping wait is pending: deal sooner instead
            if pending is not asyncio.current_task():
                pending.cancel()
        self.next_hand_at = due
        self._next_due = due
        self._next_task = self._spawn(self._next_hand_after(delay), "next-hand")

    def pause_seconds(self) -> float:
        override = self.bot.settings.hand_pause_seconds
        if override is not None:
            return override
        return float(self.settings.hand_pause if self.settings else 8)

    async def _next_hand_after(self, delay: float) -> None:
        """Deal after ``delay``. A deal that fails (a store error) is retried later: nothing
        else would deal again at a table whose players are all waiting."""
        await asyncio.sleep(delay)
        async with self.lock:
            self._next_task = None
            try:
                await self._start_hand()
            except Exception:
                log.exception("Table %s: could not deal; retrying", self.table_id)
                if self.hand is None and not self.closed:
                    self.next_hand_at = time.time() + DEAL_RETRY_SECONDS
                    self._next_due = self.next_hand_at
                    self._next_task = self._spawn(
                        self._next_hand_after(DEAL_RETRY_SECONDS), "next-hand"
                    )

    async def wake(self) -> None:
        """Seats changed (join, sit in): deal soon if the table was waiting. Call under lock."""
        self.seats = await self.store.seats(self.table_id)
        if self.hand is None and not self.closed and len(eligible_seats(self.seats)) >= 2:
            self._schedule_next_hand()
        self.bump()

    async def _start_hand(self) -> None:
        """Deal a new hand if at least two seated players can play (called under the lock)."""
        if self.hand is not None or self.closed:
            return
        if self.closing:
            await self._close_now()
            return
        self.next_hand_at = None
        self.settings = await self.store.table_settings(self.guild_id, self.channel_id)
        settings = self.settings
        now = time.time()
        seats = await self.store.seats(self.table_id)
        expired = expired_sitouts(seats, now, settings.sitout_keep)
        for seat in expired:
            try:
                await self.store.cash_out(self.table_id, seat.user_id)
                self.post(content=t("seat_freed", name=safe_name(seat.name)))
            except Exception:
                log.exception("Table %s: could not free seat %s", self.table_id, seat.seat)
        for seat in seats:
            # a leaver whose cash-out a restart interrupted (after the hand was settled)
            if seat.leaving and seat not in expired:
                try:
                    await self.store.cash_out(self.table_id, seat.user_id)
                except Exception:
                    log.exception("Table %s: could not cash out seat %s", self.table_id, seat.seat)
        for seat in seats:
            if seat.stack == 0 and not seat.sitting_out and not seat.leaving:
                await self.store.update_seat(self.table_id, seat.user_id, sitting_out=True)
                self.post(content=t("busted", name=safe_name(seat.name)))
        seats = await self.store.seats(self.table_id)
        self.seats = seats
        players = eligible_seats(seats)
        if len(players) < 2:
            self.bump()
            self._schedule_housekeeping(seats, settings.sitout_keep)
            return
        button = next_button(self.button_seat, [s.seat for s in players])
        # the button is stored first: after begin_hand nothing may fail without voiding
        await self.store.set_button(self.table_id, button)
        hand_id = await self.store.begin_hand(self.table_id, {s.user_id: s.stack for s in players})
        try:
            hand = Hand.start(
                [SeatedPlayer(s.user_id, s.name, s.stack, s.seat) for s in players],
                button,
                Stakes(settings.small_bet, settings.small_blind, settings.cap),
                hand_id=hand_id,
            )
        except Exception as error:
            await self.store.void_hand(hand_id, f"could not deal: {error}"[:200])
            raise
        self.button_seat = button
        self.hand = hand
        self.hand_id = hand_id
        self.last_hand = None
        self.timeouts = {k: v for k, v in self.timeouts.items() if k in hand.player_ids}
        self.sit_out_after = set()
        self.leaving = set()
        self.prefold = set()
        self.marks = {}
        self.queued = {}
        self.acted_at = {}
        self.dm_panels = {}
        self.dm_failed = set()
        # The table follows the game down the channel: a hand whose table message has the last
        # one's result (or other notices) below it is dealt in a new message at the bottom.
        self._move_table = self._posts_below_table > 0
        self._arm_timer()
        await self._journal()
        self.bump()
        log.info("Table %s: hand %s dealt to %d players", self.table_id, hand_id, len(players))
        for seat in players:
            self._send_dm_panel(seat.user_id, seat.dm_ok)

    def _schedule_housekeeping(self, seats: Sequence[SeatRow], keep: float) -> None:
        """While idle, come back when the next sat-out seat expires."""
        waits = [
            s.sat_out_at + keep - time.time()
            for s in seats
            if s.sitting_out and s.sat_out_at is not None
        ]
        if waits and (self._next_task is None or self._next_task.done()):
            delay = max(1.0, min(waits) + 0.5)
            self._next_due = time.time() + delay
            self._next_task = self._spawn(self._next_hand_after(delay), "housekeeping")

    def _arm_timer(self, seconds: float | None = None) -> None:
        """(Re)start the decision timer for the player to act."""
        current = asyncio.current_task()
        if self._timer_task is not None and self._timer_task is not current:
            self._timer_task.cancel()
        self._timer_task = None
        hand = self.hand
        if hand is None or hand.is_complete or hand.to_act is None:
            self.deadline = None
            return
        if seconds is None:
            settings = self.settings
            if hand.phase is Phase.DRAWING:
                seconds = float(settings.draw_timer if settings else 45)
            else:
                seconds = float(settings.action_timer if settings else 45)
        self.deadline = time.time() + seconds
        self._timer_task = self._spawn(self._timer(hand.action_count, seconds), "timer")

    async def _timer(self, seq: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with self.lock:
            hand = self.hand
            if hand is None or hand.is_complete or hand.action_count != seq:
                return
            player_id = hand.to_act
            if player_id is None:
                return
            if self._timer_task is asyncio.current_task():
                self._timer_task = None
            record = hand.timeout()
            log.debug("Table %s: timeout: %s", self.table_id, record.text)
            streak = self.timeouts.get(player_id, 0) + 1
            self.timeouts[player_id] = streak
            if streak >= TIMEOUTS_TO_SIT_OUT:
                self.sit_out_after.add(player_id)
            if record.draw_count is not None:
                self._after_draw(player_id, None)
            await self._after_action()

    def _after_draw(self, player_id: int, from_message_id: int | None) -> None:
        """Bookkeeping after a draw: marks cleared, the DM panel shows the new cards."""
        self.marks.pop(player_id, None)
        self.queued.pop(player_id, None)
        panel_message = self.dm_panels.get(player_id)
        if panel_message is not None and panel_message.id != from_message_id:
            self._spawn(self._edit_dm_panel(player_id), f"dm-edit-{player_id}")

    async def _after_action(self) -> None:
        """Apply early actions now due, journal, then settle or re-arm the timer (under lock)."""
        hand = self.hand
        assert hand is not None
        while not hand.is_complete:
            player_id = hand.to_act
            if player_id is None:
                break
            if hand.phase is Phase.BETTING:
                if player_id in self.leaving:
                    hand.fold(player_id)
                    continue
                if player_id in self.prefold:
                    self.timeouts[player_id] = 0  # the player's own choice, made early
                    legal = hand.legal()
                    if legal.can_check:
                        hand.check_or_call(player_id)
                    else:
                        hand.fold(player_id)
                        self.prefold.discard(player_id)
                    continue
            elif hand.phase is Phase.DRAWING:
                queued = self.queued.get(player_id)
                target = target_draw(hand.private_view(player_id).draws_made)
                if queued is not None and queued[0] == target == hand.draw_round:
                    self.timeouts[player_id] = 0  # the player's own choice, made early
                    discards: list[Card] = []
                    if queued[1] == "draw":
                        cards = hand.private_view(player_id).cards
                        marked = self.marks.get(player_id, set())
                        discards = [c for c in cards if c in marked]
                    hand.draw(player_id, discards)
                    self._after_draw(player_id, None)
                    continue
                if player_id in self.leaving:
                    hand.draw(player_id, [])
                    self._after_draw(player_id, None)
                    continue
            break
        if hand.is_complete:
            self.deadline = None
            if self._timer_task is not None and self._timer_task is not asyncio.current_task():
                self._timer_task.cancel()
            self._timer_task = None
            await self._journal()
            await self._finish_hand()
        else:
            self._arm_timer()
            await self._journal()
        self.bump()

    async def _finish_hand(self) -> None:
        """Settle in the store, show the result, apply leaves and sit-outs, plan the next hand."""
        hand = self.hand
        assert hand is not None and self.hand_id is not None
        result = hand.result
        assert result is not None
        names = {pid: hand.name_of(pid) for pid in hand.player_ids}
        names.update({k: v for k, v in self._names().items() if k in names})
        summary = {
            "pot": sum(p.amount for p in result.pots),
            "winners": [int(w) for w in result.winners],
            "payouts": {str(k): v for k, v in result.payouts.items()},
            "net": {str(k): v for k, v in result.net.items()},
            "shown": {str(k): " ".join(str(c) for c in v) for k, v in result.shown_hands.items()},
            "names": {str(k): v for k, v in names.items()},
            "showdown": not result.won_without_showdown,
        }
        voluntary = {
            r.player_id
            for r in hand.records
            if r.player_id is not None
            and r.kind in (RecordKind.CALL, RecordKind.BET, RecordKind.RAISE)
        }
        seats = {s.user_id: s for s in await self.store.seats(self.table_id)}
        sit_out = {
            u
            for u in self.sit_out_after - self.leaving
            if u in seats and not seats[u].leaving and not seats[u].sitting_out
        }
        try:
            await self.store.settle_hand(
                self.hand_id,
                dict(result.final_stacks),
                hand.to_phh(),
                summary,
                payouts=dict(result.payouts),
                showed_down=set(result.shown_hands) | set(result.mucked),
                voluntary=voluntary,
                sit_out=sit_out,
            )
        except Exception:
            # Chips must never be lost: a hand that cannot be settled is called off and refunded.
            log.exception("Table %s: hand %s could not be settled", self.table_id, self.hand_id)
            await self.store.void_hand(self.hand_id, "could not be settled")
            self.post(content=t("voided_settle"))
            for user_id in sit_out:
                await self.store.update_seat(self.table_id, user_id, sitting_out=True)
        else:
            log.info("Table %s: hand %s settled", self.table_id, self.hand_id)
            self.post(embed=result_embed(self.result_snapshot(hand, names)))
        self.last_hand = hand
        self.hand = None
        self.deadline = None
        # Every DM panel of the hand ends as a record of it: no live buttons (but "Show my hand"
        # for a mucked hand) and what the hand won or lost.
        for user_id in self.dm_panels:
            self._spawn(self._edit_dm_panel(user_id), f"dm-end-{user_id}")
        for user_id in sorted(self.leaving | {u for u, s in seats.items() if s.leaving}):
            if user_id in seats:
                try:
                    await self.store.cash_out(self.table_id, user_id)
                except Exception:
                    log.exception("Table %s: cash out of %s failed", self.table_id, user_id)
        for user_id in sorted(sit_out):
            self.post(content=t("timed_out_twice", name=safe_name(seats[user_id].name)))
            self.timeouts.pop(user_id, None)
        self.leaving = set()
        self.sit_out_after = set()
        self.seats = await self.store.seats(self.table_id)
        for seat in self.seats:
            if seat.stack == 0 and not seat.sitting_out:
                await self.store.update_seat(self.table_id, seat.user_id, sitting_out=True)
                self.post(content=t("busted", name=safe_name(seat.name)))
        self.seats = await self.store.seats(self.table_id)
        if self.closing:
            await self._close_now()
            return
        if len(eligible_seats(self.seats)) >= 2:
            self._schedule_next_hand()
        else:
            self._schedule_housekeeping(
                self.seats, self.settings.sitout_keep if self.settings else 600
            )

    def result_snapshot(self, hand: Hand, names: dict[int, str]) -> ResultSnapshot:
        """The public result of the hand just finished (only the hands actually shown)."""
        assert self.hand_id is not None
        return result_snapshot(hand, self.hand_id, names)

    async def _close_now(self) -> None:
        """Cash everyone out and close the table (under the lock, between hands)."""
        returned = await self.store.close_table(self.table_id)
        self.closed = True
        self.hand = None
        self.seats = []
        if self._next_task is not None and self._next_task is not asyncio.current_task():
            self._next_task.cancel()
        summary = ", ".join(f"<@{uid}> {amount}" for uid, amount in returned.items()) or "—"
        self.post(content=t("table_closed_now", summary=summary))
        self.bump()
        self.bot.forget_session(self)

    # ------------------------------------------------------------------ DMs

    def _send_dm_panel(self, user_id: int, dm_ok: bool) -> None:
        if not dm_ok:
            return
        self._spawn(self._dm_panel(user_id), f"dm-{user_id}")

    async def _dm_panel(self, user_id: int) -> None:
        """Send the private panel by DM; a closed DM is noted and the channel is told."""
        async with self.lock:
            if self.hand is None or user_id not in self.hand.player_ids:
                return
            hand_id = self.hand_id
            panel = self.panel(user_id)
        try:
            dm = await self.bot.create_dm(discord.Object(id=user_id))
            view = panel_view(panel)
            kwargs: dict[str, Any] = {"embed": panel_embed(panel)}
            if view is not None:
                kwargs["view"] = view
            message = await dm.send(**kwargs)
        except discord.Forbidden:
            await self._dm_failed(user_id)
            return
        except discord.HTTPException as error:
            log.warning("Table %s: DM to a player failed: %s", self.table_id, error)
            return
        if self.hand_id == hand_id:
            self.dm_panels[user_id] = message

    async def _edit_dm_panel(self, user_id: int) -> None:
        message = self.dm_panels.get(user_id)
        if message is None:
            return
        hand_id = self.hand_id
        async with self.lock:
            hand = self.hand or self.last_hand
            if hand is None or user_id not in hand.player_ids or self.hand_id != hand_id:
                return  # the next hand began meanwhile: this message belongs to the old one
            panel = self.panel(user_id)
        try:
            await message.edit(embed=panel_embed(panel), view=panel_view(panel))
        except discord.HTTPException as error:
            log.warning("Table %s: DM panel edit failed: %s", self.table_id, error)

    async def _dm_failed(self, user_id: int) -> None:
        if user_id in self.dm_failed:
            return
        self.dm_failed.add(user_id)
        with contextlib.suppress(Exception):
            await self.store.update_seat(self.table_id, user_id, dm_ok=False)
        self.post(content=t("dm_failed_public", name=f"<@{user_id}>"))

    # ------------------------------------------------------------------ inputs: buttons

    async def _respond_table(self, interaction: discord.Interaction[Any]) -> None:
        """Answer a table click with the updated table in the same response."""
        message = interaction.message
        if message is not None and message.id == self.message_id:
            # Not behind render_lock: an edit held up by a rate limit must not make this answer
            # miss Discord's three seconds. If an edit is in flight it may land after this
            # answer with an older table, so the version is left for the edit loop to render.
            in_flight = self.render_lock.locked()
            version = self.version
            embed, view = self.table_payload()
            await interaction.response.edit_message(embed=embed, view=view)
            if not in_flight and not self.render_lock.locked():
                self.rendered_version = max(self.rendered_version, version)
        else:
            await interaction.response.defer()

    async def on_table_button(
        self, interaction: discord.Interaction[Any], hand_id: int, seq: int, action: str
    ) -> None:
        """Fold / Check-Call / Bet-Raise / My cards from the table message."""
        user_id = interaction.user.id
        if action == "cards":
            await self.send_panel(interaction, hand_id)
            return
        async with self.lock:
            hand = self.hand
            if hand is None or hand_id != self.hand_id or hand.is_complete:
                await reply_private(interaction, t("hand_over"))
                return
            if user_id not in hand.player_ids:
                await reply_private(interaction, t("not_in_hand"))
                return
            if seq != self.seq:
                done = self.acted_at.get(seq) == user_id
                await reply_private(interaction, t("already_done" if done else "table_moved"))
                return
            if hand.phase is not Phase.BETTING or hand.to_act is None:
                await reply_private(interaction, t("not_your_turn_nobody"))
                return
            if hand.to_act != user_id:
                await reply_private(
                    interaction, t("not_your_turn", name=self._name(hand, hand.to_act))
                )
                return
            if action == "fold" and hand.legal().can_check:
                # Folding what could be checked for free is almost always a slip: ask first.
                view = fold_anyway_view(self.table_id, hand_id, seq)
                await reply_private(interaction, t("fold_free_check"), view=view)
                return
            if action in ("fold", "foldx"):
                record = hand.fold(user_id)
            elif action == "call":
                record = hand.check_or_call(user_id)
            else:
                record = hand.bet_or_raise(user_id)
            log.debug("Table %s: %s", self.table_id, record.text)
            self.acted_at[seq] = user_id
            self.timeouts[user_id] = 0
            self.prefold.discard(user_id)
            await self._after_action()
            if action == "foldx":
                await interaction.response.edit_message(content=t("folded_anyway"), view=None)
            else:
                await self._respond_table(interaction)

    def _name(self, hand: Hand | None, user_id: int) -> str:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.name
        if hand is not None and user_id in hand.player_ids:
            return hand.name_of(user_id)
        return "?"

    def _check_panel_click(self, user_id: int, hand_id: int) -> str | None:
        """Why a private-panel click is refused (a catalogue key), or None."""
        hand = self.hand
        if hand is None or hand_id != self.hand_id or hand.is_complete:
            return "hand_over"
        if user_id not in hand.player_ids:
            return "not_in_hand"
        if hand.private_view(user_id).folded:
            return "panel_folded"
        return None

    async def _respond_panel(self, interaction: discord.Interaction[Any], user_id: int) -> None:
        panel = self.panel(user_id)
        await interaction.response.edit_message(embed=panel_embed(panel), view=panel_view(panel))

    async def on_card_button(
        self,
        interaction: discord.Interaction[Any],
        hand_id: int,
        draw: int,
        index: int,
    ) -> None:
        """Mark or unmark one card for the coming draw, as the clicked panel showed it: a card
        shown unmarked gets marked. Setting rather than toggling makes a double click (or the
        same button of a stale copy of the panel) act once. Toggles if the panel is unknown.
        """
        user_id = interaction.user.id
        async with self.lock:
            refusal = self._check_panel_click(user_id, hand_id)
            if refusal is not None:
                await reply_private(interaction, t(refusal))
                return
            assert self.hand is not None
            pv = self.hand.private_view(user_id)
            target = target_draw(pv.draws_made)
            if target is None:
                await reply_private(interaction, t("no_more_draws"))
                return
            if draw != target:
                await reply_private(interaction, t("draw_finished"))
                return
            if not 0 <= index < len(pv.cards):
                await reply_private(interaction, t("draw_finished"))
                return
            chosen = pv.cards[index]
            marked = self.marks.setdefault(user_id, set())
            shown = shown_marks(interaction.message)
            mark = chosen not in marked if shown is None else index not in shown
            if mark != (chosen in marked):
                if mark:
                    marked.add(chosen)
                else:
                    marked.discard(chosen)
                # changing the marks takes back a draw set in advance: confirm again
                if self.queued.pop(user_id, None) is not None:
                    await self._journal()
            await self._respond_panel(interaction, user_id)

    async def on_draw_button(
        self,
        interaction: discord.Interaction[Any],
        hand_id: int,
        draw: int,
        pat: bool,
    ) -> None:
        """Draw the marked cards (or stand pat) now, or queue it for the player's turn.

        The cards the clicked panel showed marked become the marks, so a stale copy's "Draw N"
        draws the N cards it showed (if the panel is unknown: the current marks).
        """
        user_id = interaction.user.id
        async with self.lock:
            refusal = self._check_panel_click(user_id, hand_id)
            if refusal is not None:
                await reply_private(interaction, t(refusal))
                return
            hand = self.hand
            assert hand is not None
            pv = hand.private_view(user_id)
            target = target_draw(pv.draws_made)
            if target is None or draw != target:
                just_done = target is None or draw == target - 1
                same_draw = hand.phase is Phase.DRAWING and hand.draw_round == draw
                await reply_private(
                    interaction, t("already_done" if just_done and same_draw else "draw_finished")
                )
                return
            shown = shown_marks(interaction.message)
            if shown is not None and not pat:
                self.marks[user_id] = {pv.cards[i] for i in shown if i < len(pv.cards)}
            chosen = self.marks.get(user_id, set())
            discards = [] if pat else [c for c in pv.cards if c in chosen]
            if not pat and not discards:
                await reply_private(interaction, t("panel_none_marked"))
                return
            my_turn = hand.phase is Phase.DRAWING and hand.to_act == user_id
            if my_turn and hand.draw_round == draw:
                record = hand.draw(user_id, discards)
                log.debug("Table %s: %s", self.table_id, record.text)
                self.timeouts[user_id] = 0
                message_id = interaction.message.id if interaction.message else None
                self._after_draw(user_id, message_id)
                await self._after_action()
                await self._respond_panel(interaction, user_id)
                return
            self.queued[user_id] = (draw, "pat" if pat else "draw")
            await self._journal()
            await self._respond_panel(interaction, user_id)

    async def on_prefold_button(self, interaction: discord.Interaction[Any], hand_id: int) -> None:
        """Toggle "fold when it's my turn" (checks instead when checking is free)."""
        user_id = interaction.user.id
        async with self.lock:
            refusal = self._check_panel_click(user_id, hand_id)
            if refusal is not None:
                await reply_private(interaction, t(refusal))
                return
            hand = self.hand
            assert hand is not None
            if user_id in self.prefold:
                self.prefold.discard(user_id)
            else:
                self.prefold.add(user_id)
                if hand.to_act == user_id and hand.phase is Phase.BETTING:
                    await self._after_action()
                    if self.hand is None:
                        await reply_private(interaction, t("hand_over"))
                        return
            await self._journal()
            await self._respond_panel(interaction, user_id)

    async def send_panel(self, interaction: discord.Interaction[Any], hand_id: int | None) -> None:
        """The private panel as an ephemeral reply (My cards button, /poker hand)."""
        user_id = interaction.user.id
        async with self.lock:
            hand = self.hand
            last = self.last_hand
            if (
                hand is None
                and last is not None
                and hand_id in (None, last.hand_id)
                and self.can_show(user_id)
            ):
                panel = self.panel(user_id)
                hand = last
            elif hand is None or (hand_id is not None and hand_id != self.hand_id):
                await reply_private(
                    interaction, t("hand_over" if hand_id is not None else "no_hand_running")
                )
                return
            elif user_id not in hand.player_ids:
                await reply_private(interaction, t("not_in_hand"))
                return
            else:
                panel = self.panel(user_id)
        view = panel_view(panel)
        kwargs: dict[str, Any] = {"embed": panel_embed(panel), "ephemeral": True}
        if view is not None:
            kwargs["view"] = view
        await interaction.response.send_message(**kwargs)

    async def on_show_button(self, interaction: discord.Interaction[Any], hand_id: int) -> None:
        """After the hand, the owner of a mucked hand shows it to the table."""
        user_id = interaction.user.id
        async with self.lock:
            hand = self.last_hand
            if hand is None or self.hand is not None or hand.hand_id != hand_id:
                await reply_private(interaction, t("hand_over"))
                return
            result = hand.result
            if result is None or user_id not in result.mucked:
                shown = result is not None and user_id in result.shown_hands
                await reply_private(interaction, t("already_done" if shown else "nothing_to_show"))
                return
            hand.show_mucked(user_id)
            pv = hand.private_view(user_id)
            self.post(
                content=t(
                    "shows_after",
                    name=safe_name(self._name(hand, user_id)),
                    cards=cards_label(pv.cards),
                    hand_name=pv.hand_name,
                )
            )
            self.bump()
            await self._respond_panel(interaction, user_id)

    # ------------------------------------------------------------------ inputs: commands

    async def leave(self, user_id: int) -> tuple[bool, int]:
        """Stand up: now (returns (True, chips)) or, for a player in the running hand, after it
        (returns (False, 0); (False, -1) if already leaving). A player still in the hand folds
        when their turn comes (stands pat in a draw); their chips are settled with the hand
        and cashed out by ``_finish_hand``."""
        async with self.lock:
            hand = self.hand
            if hand is not None and not hand.is_complete and user_id in hand.player_ids:
                if user_id in self.leaving:
                    return False, -1
                self.leaving.add(user_id)
                await self.store.update_seat(self.table_id, user_id, leaving=True)
                self.seats = await self.store.seats(self.table_id)
                # The engine makes the hand dead (RULES: leaving folds it): folded in turn,
                # mucked at the showdown if no turn comes (all-in), and played out at once
                # when only one player who has not left remains.
                if hand.leave(user_id):
                    await self._after_action()  # something happened: journal, timer, settle
                else:
                    await self._journal()  # out of turn: the countdown of the player to act
                    self.bump()  # runs on untouched
                return False, 0
            amount = await self.store.cash_out(self.table_id, user_id)
            self.seats = await self.store.seats(self.table_id)
            self.bump()
            return True, amount

    async def sit_out(self, user_id: int) -> None:
        """Skip hands from the next one, keeping the seat."""
        async with self.lock:
            seat = await self.store.seat_of(self.table_id, user_id)
            if seat is None:
                from bot.store import NotSeated

                raise NotSeated(t("not_seated"))
            if seat.sitting_out:
                raise EngineError(t("already_sitting_out"))
            await self.store.update_seat(self.table_id, user_id, sitting_out=True)
            self.seats = await self.store.seats(self.table_id)
            self.bump()

    async def sit_in(self, user_id: int) -> None:
        """Play again from the next hand."""
        async with self.lock:
            seat = await self.store.seat_of(self.table_id, user_id)
            if seat is None:
                from bot.store import NotSeated

                raise NotSeated(t("not_seated"))
            if seat.stack <= 0:
                raise EngineError(t("sit_in_busted"))
            if not seat.sitting_out:
                raise EngineError(t("not_sitting_out"))
            await self.store.update_seat(self.table_id, user_id, sitting_out=False)
            self.timeouts.pop(user_id, None)
            self.sit_out_after.discard(user_id)
            await self.wake()

    async def request_close(self) -> bool:
        """Close now (True) or after the current hand (False)."""
        async with self.lock:
            if self.hand is not None and not self.hand.is_complete:
                self.closing = True
                with contextlib.suppress(Exception):
                    await self.store.set_table_status(self.table_id, "closing")
                await self._journal()
                self.bump()
                return False
            await self._close_now()
            return True

    async def repost(self, interaction: discord.Interaction[Any]) -> None:
        """Post the table at the bottom of the channel as this interaction's answer."""
        # Not behind render_lock, like a click's answer: a stuck edit must not make this
        # miss the interaction deadline. An edit in flight targets the old message, which is
        # deleted; push_table leaves a moved table alone.
        async with self.lock:
            in_flight = self.render_lock.locked()
            version = self.version
            embed, view = self.table_payload()
            kwargs: dict[str, Any] = {"embed": embed, "allowed_mentions": NO_MENTIONS}
            if view is not None:
                kwargs["view"] = view
            response = await interaction.response.send_message(**kwargs)
            old = self.message_id
            new_id = response.message_id
            if new_id is None:
                message = await interaction.original_response()
                new_id = message.id
            await self.set_message(new_id)
            if in_flight or self.render_lock.locked():
                self._dirty.set()
            else:
                self.rendered_version = max(self.rendered_version, version)
            if old is not None and old != new_id:
                self.post(_delete=old)

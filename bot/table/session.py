"""One table session per channel: it orchestrates. Every input (a button, a command, a timer)
goes through ``self.lock``, so the engine sees one action at a time and a double click finds the
state already changed; the session then journals, settles or re-arms the timer, and tells the
table's Discord I/O (``TableChannel``) what changed. The only Discord call made under the lock
is the answer to the interaction being handled.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import EngineError, Hand, Phase, SeatedPlayer, Stakes
from bot.engine.phh import hand_to_phh
from bot.messages import t
from bot.replies import Refused, reply_private
from bot.store import AlreadySeated, InvalidAmount, NotSeated
from bot.table import seating
from bot.table.buttons import shown_marks
from bot.table.channel import TableChannel, answer_with_panel, update_panel
from bot.table.render import (
    cards_label,
    fold_anyway_view,
    result_embed,
    safe_name,
    table_embed,
    table_view,
)
from bot.table.seating import HandNotes, target_draw
from bot.table.snapshot import PanelSnapshot, panel_snapshot, result_snapshot, table_snapshot

if TYPE_CHECKING:
    from bot.store import Store
    from bot.store.models import SeatRow, Settings, TableRow

log = logging.getLogger(__name__)

SHUTDOWN_LOCK_WAIT = 5.0
"""Seconds a shutdown waits for the input being handled before it stops the table anyway."""
DEAL_RETRY_SECONDS = 30.0
"""Seconds before a deal that failed is tried again."""


class TableSession:
    """The live state of one channel's table."""

    def __init__(
        self,
        table: TableRow,
        *,
        store: Store,
        io: TableChannel,
        on_closed: Callable[[TableSession], None],
        hand_pause: float | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.table_id = table.id
        self.guild_id = table.guild_id
        self.channel_id = table.channel_id
        self.store = store
        self.io = io
        self._on_closed = on_closed
        self._hand_pause = hand_pause
        """The pause between hands, overriding the table's setting (tests, benchmarks)."""
        self.clock = clock
        self.button_seat: int | None = table.button_seat
        self.closing = table.status == "closing"
        self.closed = False
        self.lock = asyncio.Lock()
        self.settings: Settings | None = None
        self.seats: list[SeatRow] = []
        self.hand: Hand | None = None
        """The hand being played."""
        self.last_hand: Hand | None = None
        """The hand just finished, until the next is dealt (its panels, Show my hand)."""
        self.notes = HandNotes()
        self.acted_at: dict[int, int] = {}
        """Who made the action of each action number of this hand (a double click is told
        "already done", anyone else "the table moved")."""
        self.deadline: float | None = None
        self.next_hand_at: float | None = None
        self._timer_task: asyncio.Task[None] | None = None
        self._next_task: asyncio.Task[None] | None = None
        self._next_due = 0.0

    # ------------------------------------------------------------------ what the I/O reads

    def table_payload(self) -> tuple[discord.Embed, discord.ui.View | None]:
        """Embed and buttons of the table message, from the current state."""
        snapshot = table_snapshot(
            table_id=self.table_id,
            settings=self.settings,
            seats=self.seats,
            hand=self.hand,
            last_hand=self.last_hand,
            leaving=self.notes.leaving,
            action_number=self.hand.action_count if self.hand is not None else 0,
            deadline=self.deadline,
            next_hand_at=self.next_hand_at,
            closing=self.closing,
            closed=self.closed,
        )
        return table_embed(snapshot), table_view(snapshot)

    def _panel(self, user_id: int) -> PanelSnapshot:
        """The player's panel: the running hand, else the last one."""
        hand = self.hand or self.last_hand
        assert hand is not None
        return panel_snapshot(
            self.table_id, hand, user_id, self.notes, running=self.hand is not None
        )

    async def panel_for(self, user_id: int, hand_id: int) -> PanelSnapshot | None:
        """The player's panel of hand ``hand_id``, None if that hand is gone or not theirs."""
        async with self.lock:
            hand = self.hand or self.last_hand
            if hand is None or hand.hand_id != hand_id or user_id not in hand.player_ids:
                return None
            return self._panel(user_id)

    async def table_message_moved(self, message_id: int) -> None:
        await self.store.set_table_message(self.table_id, message_id)

    async def dm_closed(self, user_id: int) -> None:
        await self.store.update_seat(self.table_id, user_id, dm_ok=False)

    def _can_show(self, user_id: int) -> bool:
        """Whether the player's hand in the last finished hand was mucked (and may be shown)."""
        result = self.last_hand.result if self.last_hand is not None else None
        return self.hand is None and result is not None and user_id in result.mucked

    def _name(self, user_id: int) -> str:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.name
        hand = self.hand or self.last_hand
        return hand.name_of(user_id) if hand is not None and user_id in hand.player_ids else "?"

    def _changed(self) -> None:
        self.io.mark_changed()

    # ------------------------------------------------------------------ lifecycle

    async def restore(self, unfinished: tuple[int, dict[str, Any] | None] | None) -> None:
        """Load settings and seats; resume the journaled hand (or void it and refund)."""
        self.settings = await self.store.table_settings(self.guild_id, self.channel_id)
        self.seats = await self.store.seats(self.table_id)
        self.io.start(self)
        async with self.lock:
            if unfinished is not None:
                await self._resume(*unfinished)
            if self.hand is None:
                self._schedule_next_hand()
        self._changed()

    async def _resume(self, hand_id: int, state: dict[str, Any] | None) -> None:
        try:
            if state is None:
                raise EngineError("no journal")
            hand = Hand.from_json(state.get("hand", state))
        except Exception as error:
            # The error's text may quote the journal, hidden cards included: only its type is
            # logged loudly and stored as the reason players read in /poker history.
            name = type(error).__name__
            log.warning(
                "Table %s: hand %s cannot resume (%s); voiding", self.table_id, hand_id, name
            )
            log.debug("Table %s: resume error: %r", self.table_id, error)
            await self.store.void_hand(hand_id, f"could not resume ({name})")
            self.seats = await self.store.seats(self.table_id)
            self.io.post(content=t("voided"))
            return
        meta: dict[str, Any] = state.get("session", {}) if isinstance(state, dict) else {}
        self.hand = hand
        self.notes = HandNotes.from_json(meta)
        self.closing = self.closing or bool(meta.get("closing", False))
        self.io.new_hand(hand.hand_id)
        for user_id in sorted(self.notes.leaving):
            hand.leave(user_id)  # a journal from before the engine knew of leavers
        log.info("Table %s: resuming hand %s", self.table_id, hand_id)
        if hand.is_complete:
            await self._finish_hand()
            return
        deadline = meta.get("deadline")
        remaining = None
        if isinstance(deadline, (int, float)) and deadline - self.clock() > 1:
            remaining = deadline - self.clock()
        self._arm_timer(remaining)
        self.io.post(content=t("resumed"))
        for seat in self.seats:
            in_hand = seat.user_id in hand.player_ids
            if in_hand and seat.dm_ok and not hand.private_view(seat.user_id).folded:
                self.io.send_panel(seat.user_id)

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
            self.io.stop()
            self._timer_task = None
            self._next_task = None
            if self.hand is not None and not self.hand.is_complete:
                await self._journal()
        finally:
            if locked:
                self.lock.release()

    async def _journal(self) -> None:
        """Save the hand for a restart. A failure is logged, never raised: the action it
        follows is already applied, so failing the click (or stopping the timer that would
        settle the hand) would only stall the table; chips stay safe because the seats keep
        their start stacks until ``settle_hand``."""
        hand = self.hand
        if hand is None:
            return
        meta = {**self.notes.to_json(), "deadline": self.deadline, "closing": self.closing}
        try:
            await self.store.journal(hand.hand_id, {"hand": hand.to_json(), "session": meta})
        except Exception as error:
            # the error's text is the store's, never the state's cards
            log.error("Table %s: hand %s journal not saved: %s", self.table_id, hand.hand_id, error)

    # ------------------------------------------------------------------ hands

    def _schedule_next_hand(self, delay: float | None = None) -> None:
        """Start the next hand after the pause (if one is not already coming)."""
        if self.closed or self.hand is not None:
            return
        if delay is None:
            delay = self._pause_seconds()
        due = self.clock() + delay
        pending = self._next_task
        if pending is not None and not pending.done():
            if self._next_due <= due + 0.5:
                return
            # a long housekeeping wait is pending: deal sooner instead
            if pending is not asyncio.current_task():
                pending.cancel()
        self.next_hand_at = due
        self._next_due = due
        self._next_task = self.io.spawn(self._next_hand_after(delay), "next-hand")

    def _pause_seconds(self) -> float:
        if self._hand_pause is not None:
            return self._hand_pause
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
                    self.next_hand_at = self.clock() + DEAL_RETRY_SECONDS
                    self._next_due = self.next_hand_at
                    self._next_task = self.io.spawn(
                        self._next_hand_after(DEAL_RETRY_SECONDS), "next-hand"
                    )

    async def _seats_changed(self) -> None:
        """Seats changed (join, sit in): deal soon if the table was waiting. Under the lock."""
        self.seats = await self.store.seats(self.table_id)
        if self.hand is None and not self.closed and len(seating.eligible_seats(self.seats)) >= 2:
            self._schedule_next_hand()
        self._changed()

    async def _tidy_seats(self, seats: list[SeatRow], keep: float) -> None:
        """Before a deal: free expired sat-out seats, finish interrupted cash-outs of leavers,
        and sit out busted players."""
        expired = seating.expired_sitouts(seats, self.clock(), keep)
        for seat in expired:
            try:
                await self.store.cash_out(self.table_id, seat.user_id)
                self.io.post(content=t("seat_freed", name=safe_name(seat.name)))
            except Exception:
                log.exception("Table %s: could not free seat %s", self.table_id, seat.seat)
        for seat in seats:
            # a leaver whose cash-out a restart interrupted (after the hand was settled)
            if seat.leaving and seat not in expired:
                try:
                    await self.store.cash_out(self.table_id, seat.user_id)
                except Exception:
                    log.exception("Table %s: could not cash out seat %s", self.table_id, seat.seat)
        await self._sit_out_busted(seats)

    async def _sit_out_busted(self, seats: list[SeatRow]) -> None:
        for seat in seats:
            if seat.stack == 0 and not seat.sitting_out and not seat.leaving:
                await self.store.update_seat(self.table_id, seat.user_id, sitting_out=True)
                self.io.post(content=t("busted", name=safe_name(seat.name)))
        self.seats = await self.store.seats(self.table_id)

    async def _start_hand(self) -> None:
        """Deal a new hand if at least two seated players can play (called under the lock)."""
        if self.hand is not None or self.closed:
            return
        if self.closing:
            await self._close_now()
            return
        self.next_hand_at = None
        self.settings = settings = await self.store.table_settings(self.guild_id, self.channel_id)
        await self._tidy_seats(await self.store.seats(self.table_id), settings.sitout_keep)
        players = seating.eligible_seats(self.seats)
        if len(players) < 2:
            self._changed()
            self._schedule_housekeeping()
            return
        button = seating.next_button(self.button_seat, [s.seat for s in players])
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
        self.last_hand = None
        self.notes.new_hand(hand.player_ids)
        self.acted_at = {}
        self.io.new_hand(hand_id)
        self._arm_timer()
        await self._journal()
        self._changed()
        log.info("Table %s: hand %s dealt to %d players", self.table_id, hand_id, len(players))
        for seat in players:
            if seat.dm_ok:
                self.io.send_panel(seat.user_id)

    def _schedule_housekeeping(self) -> None:
        """While idle, come back when the next sat-out seat expires."""
        keep = self.settings.sitout_keep if self.settings else 600
        wait = seating.next_sitout_expiry(self.seats, keep, self.clock())
        if wait is not None and (self._next_task is None or self._next_task.done()):
            delay = max(1.0, wait + 0.5)
            self._next_due = self.clock() + delay
            self._next_task = self.io.spawn(self._next_hand_after(delay), "housekeeping")

    def _arm_timer(self, seconds: float | None = None) -> None:
        """(Re)start the decision timer for the player to act."""
        if self._timer_task is not None and self._timer_task is not asyncio.current_task():
            self._timer_task.cancel()
        self._timer_task = None
        hand = self.hand
        if hand is None or hand.is_complete or hand.to_act is None:
            self.deadline = None
            return
        if seconds is None:
            settings = self.settings
            drawing = hand.phase is Phase.DRAWING
            if settings is None:
                seconds = 45.0
            else:
                seconds = float(settings.draw_timer if drawing else settings.action_timer)
        self.deadline = self.clock() + seconds
        self._timer_task = self.io.spawn(self._timer(hand.action_count, seconds), "timer")

    async def _timer(self, action_number: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with self.lock:
            hand = self.hand
            if hand is None or hand.is_complete or hand.action_count != action_number:
                return
            player_id = hand.to_act
            if player_id is None:
                return
            if self._timer_task is asyncio.current_task():
                self._timer_task = None
            record = hand.timeout()
            log.debug("Table %s: timeout: %s", self.table_id, record.text)
            self.notes.timed_out(player_id)
            if record.draw_count is not None:
                self._drew(player_id)
            await self._after_action()

    def _drew(self, player_id: int, from_message_id: int | None = None) -> None:
        """After a draw: the marks are used up and the DM panel shows the new cards."""
        self.notes.drew(player_id)
        self.io.refresh_panel(player_id, unless_message=from_message_id)

    async def _after_action(self) -> None:
        """Apply early actions now due, journal, then settle or re-arm the timer (under lock)."""
        hand = self.hand
        assert hand is not None
        for player_id in seating.apply_early_actions(hand, self.notes):
            self.io.refresh_panel(player_id)
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
        self._changed()

    async def _finish_hand(self) -> None:
        """Settle in the store, show the result, apply leaves and sit-outs, plan the next hand."""
        hand = self.hand
        assert hand is not None and hand.result is not None
        result = hand.result
        names = {pid: hand.name_of(pid) for pid in hand.player_ids}
        names.update({s.user_id: s.name for s in self.seats if s.user_id in names})
        seats = {s.user_id: s for s in await self.store.seats(self.table_id)}
        sit_out = {
            u
            for u in self.notes.sit_out_after - self.notes.leaving
            if u in seats and not seats[u].leaving and not seats[u].sitting_out
        }
        try:
            await self.store.settle_hand(
                hand.hand_id,
                dict(result.final_stacks),
                hand_to_phh(hand),
                seating.result_summary(result, names),
                payouts=dict(result.payouts),
                showed_down=set(result.shown_hands) | set(result.mucked),
                voluntary=seating.voluntary_players(hand),
                sit_out=sit_out,
            )
        except Exception:
            # Chips must never be lost: a hand that cannot be settled is called off and refunded.
            log.exception("Table %s: hand %s could not be settled", self.table_id, hand.hand_id)
            await self.store.void_hand(hand.hand_id, "could not be settled")
            self.io.post(content=t("voided_settle"))
            for user_id in sit_out:
                await self.store.update_seat(self.table_id, user_id, sitting_out=True)
        else:
            log.info("Table %s: hand %s settled", self.table_id, hand.hand_id)
            self.io.post(embed=result_embed(result_snapshot(hand, hand.hand_id, names)))
        self.last_hand = hand
        self.hand = None
        self.deadline = None
        self.io.end_panels()
        for user_id in sorted(self.notes.leaving | {u for u, s in seats.items() if s.leaving}):
            if user_id in seats:
                try:
                    await self.store.cash_out(self.table_id, user_id)
                except Exception:
                    log.exception("Table %s: cash out of %s failed", self.table_id, user_id)
        for user_id in sorted(sit_out):
            self.io.post(content=t("timed_out_twice", name=safe_name(seats[user_id].name)))
            self.notes.timeouts.pop(user_id, None)
        self.notes.leaving = set()
        self.notes.sit_out_after = set()
        await self._sit_out_busted(await self.store.seats(self.table_id))
        if self.closing:
            await self._close_now()
        elif len(seating.eligible_seats(self.seats)) >= 2:
            self._schedule_next_hand()
        else:
            self._schedule_housekeeping()

    async def _close_now(self) -> None:
        """Cash everyone out and close the table (under the lock, between hands)."""
        returned = await self.store.close_table(self.table_id)
        self.closed = True
        self.hand = None
        self.seats = []
        if self._next_task is not None and self._next_task is not asyncio.current_task():
            self._next_task.cancel()
        summary = ", ".join(f"<@{uid}> {amount}" for uid, amount in returned.items()) or "—"
        self.io.post(content=t("table_closed_now", summary=summary))
        self.io.close()
        self._on_closed(self)

    # ------------------------------------------------------------------ inputs: buttons

    async def on_table_button(
        self, interaction: discord.Interaction[Any], hand_id: int, action_number: int, action: str
    ) -> None:
        """Fold / Check-Call / Bet-Raise / My cards from the table message, and the private
        "Fold anyway" (``fold_confirmed``)."""
        user_id = interaction.user.id
        if action == "cards":
            await self.send_panel(interaction, hand_id)
            return
        async with self.lock:
            hand = self.hand
            if hand is None or hand_id != hand.hand_id or hand.is_complete:
                raise Refused(t("hand_over"))
            if user_id not in hand.player_ids:
                raise Refused(t("not_in_hand"))
            if action_number != hand.action_count:
                done = self.acted_at.get(action_number) == user_id
                raise Refused(t("already_done" if done else "table_moved"))
            if hand.phase is not Phase.BETTING or hand.to_act is None:
                raise Refused(t("not_your_turn_nobody"))
            if hand.to_act != user_id:
                raise Refused(t("not_your_turn", name=self._name(hand.to_act)))
            if action == "fold" and hand.legal().can_check:
                # Folding what could be checked for free is almost always a slip: ask first.
                view = fold_anyway_view(self.table_id, hand_id, action_number)
                await reply_private(interaction, t("fold_free_check"), view=view)
                return
            if action in ("fold", "fold_confirmed"):
                record = hand.fold(user_id)
            elif action == "call":
                record = hand.check_or_call(user_id)
            else:
                record = hand.bet_or_raise(user_id)
            log.debug("Table %s: %s", self.table_id, record.text)
            self.acted_at[action_number] = user_id
            self.notes.acted(user_id)
            self.notes.prefold.discard(user_id)
            await self._after_action()
            if action == "fold_confirmed":
                await interaction.response.edit_message(content=t("folded_anyway"), view=None)
            else:
                await self.io.answer_table_click(interaction)

    def _panel_click_refusal(self, user_id: int, hand_id: int) -> str | None:
        """Why a private-panel click is refused (a catalogue key), or None."""
        hand = self.hand
        if hand is None or hand_id != hand.hand_id or hand.is_complete:
            return "hand_over"
        if user_id not in hand.player_ids:
            return "not_in_hand"
        if hand.private_view(user_id).folded:
            return "panel_folded"
        return None

    async def on_card_button(
        self, interaction: discord.Interaction[Any], hand_id: int, draw: int, index: int
    ) -> None:
        """Mark or unmark one card for the coming draw, as the clicked panel showed it: a card
        shown unmarked gets marked. Setting rather than toggling makes a double click (or the
        same button of a stale copy of the panel) act once. Toggles if the panel is unknown.
        """
        user_id = interaction.user.id
        async with self.lock:
            refusal = self._panel_click_refusal(user_id, hand_id)
            if refusal is not None:
                raise Refused(t(refusal))
            assert self.hand is not None
            pv = self.hand.private_view(user_id)
            target = target_draw(pv.draws_made)
            if target is None:
                raise Refused(t("no_more_draws"))
            if draw != target or not 0 <= index < len(pv.cards):
                raise Refused(t("draw_finished"))
            chosen = pv.cards[index]
            marked = self.notes.marks.setdefault(user_id, set())
            shown = shown_marks(interaction.message)
            mark = chosen not in marked if shown is None else index not in shown
            if mark != (chosen in marked):
                if mark:
                    marked.add(chosen)
                else:
                    marked.discard(chosen)
                # changing the marks takes back a draw set in advance: confirm again
                if self.notes.queued.pop(user_id, None) is not None:
                    await self._journal()
            await update_panel(interaction, self._panel(user_id))

    async def on_draw_button(
        self, interaction: discord.Interaction[Any], hand_id: int, draw: int, pat: bool
    ) -> None:
        """Draw the marked cards (or stand pat) now, or queue it for the player's turn.

        The cards the clicked panel showed marked become the marks, so a stale copy's "Draw N"
        draws the N cards it showed (if the panel is unknown: the current marks).
        """
        user_id = interaction.user.id
        async with self.lock:
            refusal = self._panel_click_refusal(user_id, hand_id)
            if refusal is not None:
                raise Refused(t(refusal))
            hand = self.hand
            assert hand is not None
            pv = hand.private_view(user_id)
            target = target_draw(pv.draws_made)
            if target is None or draw != target:
                just_done = target is None or draw == target - 1
                same_draw = hand.phase is Phase.DRAWING and hand.draw_round == draw
                key = "already_done" if just_done and same_draw else "draw_finished"
                raise Refused(t(key))
            shown = shown_marks(interaction.message)
            if shown is not None and not pat:
                self.notes.marks[user_id] = {pv.cards[i] for i in shown if i < len(pv.cards)}
            discards = [] if pat else self.notes.discards(hand, user_id)
            if not pat and not discards:
                raise Refused(t("panel_none_marked"))
            if hand.phase is Phase.DRAWING and hand.to_act == user_id and hand.draw_round == draw:
                record = hand.draw(user_id, discards)
                log.debug("Table %s: %s", self.table_id, record.text)
                self.notes.acted(user_id)
                self._drew(user_id, interaction.message.id if interaction.message else None)
                await self._after_action()
            else:
                self.notes.queued[user_id] = (draw, "pat" if pat else "draw")
                await self._journal()
            await update_panel(interaction, self._panel(user_id))

    async def on_prefold_button(self, interaction: discord.Interaction[Any], hand_id: int) -> None:
        """Toggle "fold when it's my turn" (checks instead when checking is free)."""
        user_id = interaction.user.id
        async with self.lock:
            refusal = self._panel_click_refusal(user_id, hand_id)
            if refusal is not None:
                raise Refused(t(refusal))
            hand = self.hand
            assert hand is not None
            if user_id in self.notes.prefold:
                self.notes.prefold.discard(user_id)
            else:
                self.notes.prefold.add(user_id)
                if hand.to_act == user_id and hand.phase is Phase.BETTING:
                    await self._after_action()
                    if self.hand is None:
                        raise Refused(t("hand_over"))
            await self._journal()
            await update_panel(interaction, self._panel(user_id))

    async def send_panel(self, interaction: discord.Interaction[Any], hand_id: int | None) -> None:
        """The private panel as an ephemeral reply (My cards button, /poker hand)."""
        user_id = interaction.user.id
        async with self.lock:
            hand, last = self.hand, self.last_hand
            showable = (
                hand is None
                and last is not None
                and hand_id in (None, last.hand_id)
                and self._can_show(user_id)
            )
            if not showable:
                if hand is None or (hand_id is not None and hand_id != hand.hand_id):
                    key = "hand_over" if hand_id is not None else "no_hand_running"
                    raise Refused(t(key))
                if user_id not in hand.player_ids:
                    raise Refused(t("not_in_hand"))
            panel = self._panel(user_id)
        await answer_with_panel(interaction, panel)

    async def on_show_button(self, interaction: discord.Interaction[Any], hand_id: int) -> None:
        """After the hand, the owner of a mucked hand shows it to the table."""
        user_id = interaction.user.id
        async with self.lock:
            hand = self.last_hand
            if hand is None or self.hand is not None or hand.hand_id != hand_id:
                raise Refused(t("hand_over"))
            result = hand.result
            if result is None or user_id not in result.mucked:
                shown = result is not None and user_id in result.shown_hands
                raise Refused(t("already_done" if shown else "nothing_to_show"))
            hand.show_mucked(user_id)
            pv = hand.private_view(user_id)
            self.io.post(
                content=t(
                    "shows_after",
                    name=safe_name(self._name(user_id)),
                    cards=cards_label(pv.cards),
                    hand_name=pv.hand_name,
                )
            )
            self._changed()
            await update_panel(interaction, self._panel(user_id))

    # ------------------------------------------------------------------ inputs: commands

    async def join(self, user_id: int, name: str, buy_in: int | None) -> tuple[SeatRow, bool]:
        """Sit down (or buy in again after busting); returns the seat and whether a hand is
        running (the player is dealt in from the next one)."""
        if self.closing or self.closed:
            raise Refused(t("table_closing"))
        async with self.lock:
            settings = await self.store.table_settings(self.guild_id, self.channel_id)
            amount = buy_in if buy_in is not None else settings.buyin_default
            existing = await self.store.seat_of(self.table_id, user_id)
            if existing is not None and existing.leaving:
                raise AlreadySeated(t("join_while_leaving", seat=existing.seat + 1))
            if existing is not None and existing.stack > 0:
                key = "already_seated_sitin" if existing.sitting_out else "already_seated"
                raise AlreadySeated(t(key, seat=existing.seat + 1, stack=existing.stack))
            if existing is not None:
                if amount < settings.buyin_min:
                    raise InvalidAmount(
                        t(
                            "buyin_range",
                            minimum=f"{settings.buyin_min:,}",
                            maximum=f"{settings.buyin_max:,}",
                        )
                    )
                await self.store.add_chips(
                    self.table_id, user_id, amount, maximum=settings.buyin_max
                )
                seat = await self.store.update_seat(
                    self.table_id, user_id, sitting_out=False, name=name
                )
            else:
                seat = await self.store.buy_in(
                    self.table_id,
                    user_id,
                    name,
                    amount,
                    minimum=settings.buyin_min,
                    maximum=settings.buyin_max,
                )
            self.notes.timeouts.pop(user_id, None)
            await self._seats_changed()
            return seat, self.hand is not None

    async def note_dm(self, user_id: int, ok: bool) -> None:
        """Remember whether the player's DMs reach them (the welcome DM at join)."""
        async with self.lock:
            with contextlib.suppress(NotSeated):
                await self.store.update_seat(self.table_id, user_id, dm_ok=ok)
            if ok:
                self.io.dm_opened(user_id)
            self.seats = await self.store.seats(self.table_id)

    async def leave(self, user_id: int) -> tuple[bool, int]:
        """Stand up: now (returns (True, chips)) or, for a player in the running hand, after it
        (returns (False, 0); (False, -1) if already leaving). The engine makes the hand dead
        (folded in turn, mucked at the showdown if no turn comes); the chips are settled with
        the hand and cashed out by ``_finish_hand``. ``NotSeated`` if not at the table."""
        async with self.lock:
            await self._seat_of(user_id)
            hand = self.hand
            if hand is not None and not hand.is_complete and user_id in hand.player_ids:
                if user_id in self.notes.leaving:
                    return False, -1
                self.notes.leaving.add(user_id)
                await self.store.update_seat(self.table_id, user_id, leaving=True)
                self.seats = await self.store.seats(self.table_id)
                if hand.leave(user_id):
                    await self._after_action()  # something happened: journal, timer, settle
                else:
                    await self._journal()  # out of turn: the countdown of the player to act
                    self._changed()  # runs on untouched
                return False, 0
            amount = await self.store.cash_out(self.table_id, user_id)
            self.seats = await self.store.seats(self.table_id)
            self._changed()
            return True, amount

    async def _seat_of(self, user_id: int) -> SeatRow:
        seat = await self.store.seat_of(self.table_id, user_id)
        if seat is None:
            raise NotSeated(t("not_seated"))
        return seat

    async def sit_out(self, user_id: int) -> None:
        """Skip hands from the next one, keeping the seat."""
        async with self.lock:
            if (await self._seat_of(user_id)).sitting_out:
                raise Refused(t("already_sitting_out"))
            await self.store.update_seat(self.table_id, user_id, sitting_out=True)
            self.seats = await self.store.seats(self.table_id)
            self._changed()

    async def sit_in(self, user_id: int) -> None:
        """Play again from the next hand."""
        async with self.lock:
            seat = await self._seat_of(user_id)
            if seat.stack <= 0:
                raise Refused(t("sit_in_busted"))
            if not seat.sitting_out:
                raise Refused(t("not_sitting_out"))
            await self.store.update_seat(self.table_id, user_id, sitting_out=False)
            self.notes.sits_in(user_id)
            await self._seats_changed()

    async def request_close(self) -> bool:
        """Close now (True) or after the current hand (False)."""
        async with self.lock:
            if self.hand is not None and not self.hand.is_complete:
                self.closing = True
                with contextlib.suppress(Exception):
                    await self.store.set_table_status(self.table_id, "closing")
                await self._journal()
                self._changed()
                return False
            await self._close_now()
            return True

    async def apply_settings(self) -> None:
        """The server's settings changed: an idle table shows them now (a running hand keeps
        its stakes; the next one reads them anew)."""
        async with self.lock:
            if self.hand is None and not self.closed:
                self.settings = await self.store.table_settings(self.guild_id, self.channel_id)
                self._changed()

    async def repost(self, interaction: discord.Interaction[Any]) -> None:
        """Post the table at the bottom of the channel as this interaction's answer."""
        async with self.lock:
            await self.io.repost(interaction)

    def chips_of(self, user_id: int) -> int:
        """The chips the player has at this table (their seat's stack between hands)."""
        return sum(s.stack for s in self.seats if s.user_id == user_id)

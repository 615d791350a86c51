"""One table session per channel: the sole owner of its table's state (the hand, the last
hand, the notes, who made each action, the seats, the settings) and of its lock.

Every input is a value (``bot/table/inputs.py``: a click, a command, a timer) handed to
``handle``, the one entry that takes the lock, so the engine sees one action at a time and a
double click finds the state already changed. Under it the session asks the pure rules
(``seating``: a refusal or a decision), calls the engine, and applies the outcome: journal,
settle or re-arm the timer, and tell the table's Discord I/O (``TableChannel``) what changed.
The only Discord call made under the lock is the answer to the interaction being handled. Its
collaborators (``cashier``, ``house``, ``rules``, ``idle``, ``journal``, ``bank``...) are called
under that lock with what they need and return what changed; none takes the lock or assigns
the session's state (``tests/table/test_imports.py`` checks it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord

from bot.engine import Hand, Phase
from bot.features.ledger.summary import leave_summary, post_closing_ledger
from bot.house import apply_decision
from bot.house.accounts import is_house
from bot.messages import Text, t
from bot.replies import Refused, reply_private
from bot.store.models import Settings
from bot.table import naming, render, seating
from bot.table.cash import CashRules, SeatRules
from bot.table.cashier import Cashier
from bot.table.channel import TableChannel, answer_with_panel
from bot.table.house import HousePlayers, fallback
from bot.table.idle import IdleClose
from bot.table.inputs import (
    AddHouse,
    ApplySettings,
    BetClick,
    CancelTournament,
    CardClick,
    Close,
    Deal,
    DrawClick,
    IdleDue,
    Input,
    Join,
    Leave,
    NoteDm,
    PanelFor,
    PanelRequest,
    PrefoldClick,
    RefillHouse,
    RemoveHouse,
    Repost,
    SetPaused,
    ShowClick,
    SitIn,
    SitOut,
    Step,
    StoreRetry,
    Timeout,
    TopUp,
    Unqueue,
)
from bot.table.journal import HandJournal, NotSaved
from bot.table.pictures import paint_ahead
from bot.table.seating import HandNotes
from bot.table.snapshot import (
    PanelSnapshot,
    SnapshotMemo,
    TableSnapshot,
    panel_snapshot,
    result_snapshot,
)
from bot.table.timebank import TimeBanks
from bot.table.timers import TableTimers
from bot.table.topups import TopUps

if TYPE_CHECKING:
    from bot.store import Store
    from bot.store.models import SeatRow, TableRow

log = logging.getLogger(__name__)

SHUTDOWN_LOCK_WAIT = 5.0
"""Seconds a shutdown waits for the input being handled before it stops the table anyway."""
DEAL_RETRY_SECONDS = 30.0
"""Seconds before a deal that failed is tried again."""

R = TypeVar("R")
Interaction = discord.Interaction[Any]


def _answering(interaction: Interaction | None) -> Interaction:
    """The interaction an input needs answered (a click's, ``/poker table``'s)."""
    if interaction is None:
        raise TypeError("this input answers an interaction: none was given")
    return interaction


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
        house_pause: float | None = None,
        test_seed: int | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.table_id = table.id
        self.guild_id = table.guild_id
        self.channel_id = table.channel_id
        self.store = store
        self.io = io
        self._on_closed = on_closed
        self._hand_pause = hand_pause  # overrides the table's pause (tests, benchmarks)
        self.clock = clock
        self.button_seat: int | None = table.button_seat
        self._redeal_button: int | None = None
        """The button of a hand a restart called off (it could not resume): the next hand is
        dealt with the same button, as after a misdeal (the store moved the button with it)."""
        self.closing = table.status == "closing"
        self.closed = False
        self.paused_by: int | None = table.paused_by  # the admin who paused it: no deal
        self.topups = TopUps(store, table.id, table.guild_id)
        self._lock = asyncio.Lock()
        """Held by ``handle`` (and the lifecycle: ``restore``, ``shutdown``), nowhere else."""
        self.settings = Settings()  # the table's, read at each deal (defaults until restored)
        self.seats: list[SeatRow] = []
        self.hand: Hand | None = None
        self.last_hand: Hand | None = None  # until the next deal (its panels, Show my hand)
        self._snapshots = SnapshotMemo()
        self.notes = HandNotes()
        self.acted_at: dict[int, int] = {}  # who made each action (to tell a double click)
        self.cashier = Cashier(
            store,
            table.id,
            io.post,
            on_left=partial(leave_summary, io, store),
            test_seed=test_seed,
        )
        self.timers = TableTimers(
            io.spawn,
            clock,
            on_timeout=lambda number: self.handle(Timeout(number)),
            on_step=lambda number: self.handle(Step(number)),
            on_deal=lambda: self.handle(Deal()),
        )
        self.bank = TimeBanks(store, table.id, clock)
        self.house = HousePlayers(
            self,
            house_pause,
            seed=test_seed,
        )
        self.rules: SeatRules = CashRules(self)
        self.idle = IdleClose(
            self, io.spawn, partial(self._close_now, idle=True), table.empty_since
        )
        self.journal = HandJournal(
            store,
            table.id,
            io.spawn,
            lambda: self.handle(StoreRetry()),
            on_lost=self._store_lost,
            on_back=self._store_back,
        )

    # ------------------------------------------------------------------ the one entry

    async def handle(self, event: Input[R], interaction: Interaction | None = None) -> R:
        """Handle one input under the table's lock (``interaction``: the click or command to
        answer, when it needs the session's answer): what ``event`` says it returns."""
        async with self._lock:
            return cast(R, await self._apply(event, interaction))

    async def _apply(self, event: Input[Any], interaction: Interaction | None) -> object:
        """The input's handler (under the lock): what it returns, None for most."""
        match event:
            case BetClick():
                await self._bet(event, _answering(interaction))
            case CardClick():
                await self._mark(event, _answering(interaction))
            case DrawClick():
                await self._draw(event, _answering(interaction))
            case PrefoldClick():
                await self._prefold(event, _answering(interaction))
            case ShowClick():
                await self._show(event, _answering(interaction))
            case PanelRequest(user_id, hand_id):
                refusal = seating.panel_request_refusal(self.hand, self.last_hand, hand_id, user_id)
                if refusal is not None:
                    raise Refused(t(refusal))
                return self._panel(user_id)
            case PanelFor(user_id, hand_id):
                hand = self.hand or self.last_hand
                if hand is None or hand.hand_id != hand_id or user_id not in hand.player_ids:
                    return None
                return self._panel(user_id)
            case Deal():
                await self._deal()
            case Step(number):
                await self._step(number)
            case Timeout(number):
                await self._timed_out(number)
            case IdleDue(due):
                await self.idle.close_if_due(due)
            case StoreRetry():
                return await self.journal.try_again()
            case Join(user_id, name, buy_in):
                return await self._join(user_id, name, buy_in)
            case NoteDm(user_id, ok):
                await self._note_dm(user_id, ok)
            case Leave(user_id):
                return await self._leave(user_id)
            case TopUp(user_id, amount):
                return await self._top_up(user_id, amount)
            case SetPaused(user_id):
                return await self._set_paused(user_id)
            case SitOut(user_id):
                await self._sit_out(user_id)
            case SitIn(user_id):
                await self._sit_in(user_id)
            case Close():
                return await self._request_close()
            case ApplySettings():
                await self._apply_settings()
            case Repost():
                await self.io.repost(_answering(interaction))
            case AddHouse(count, style):
                added = await self.house.add_now(count, style)
                await self._seats_changed()
                return added
            case RemoveHouse(count):
                moved = await self.house.remove_now(count)
                await self._seats_changed()
                return moved
            case RefillHouse():
                if not self.closed:
                    await self._seats_changed()
            case Unqueue(user_id):
                return await self.house.unqueue_now(user_id)
            case CancelTournament():
                return await self._cancel_tournament()
            case _:
                raise TypeError(f"not an input of a table: {event!r}")
        return None

    # ------------------------------------------------------------------ what the I/O reads

    @property
    def table_message_id(self) -> int | None:
        """The table's current message (the only public message its clicks may come from)."""
        return self.io.message_id

    def table_snapshot(self) -> TableSnapshot:
        """The public table now (the same object while nothing it shows has changed)."""
        return self._snapshots.get(
            table_id=self.table_id,
            settings=self.settings,
            seats=self.seats,
            hand=self.hand,
            last_hand=self.last_hand,
            leaving=self.notes.leaving,
            deadline=self.timers.deadline,
            next_hand_at=self.timers.next_hand_at,
            closing=self.closing,
            closed=self.closed,
            idle_closed=self.idle.closed,
            store_waiting=self.journal.waiting,
            paused_by=self.paused_by,
            bank=self.bank.runs_for(self.hand),
            topped_up=self.topups.added if self.hand is not None else (),
            tournament=self.rules.line(),
        )

    def _panel(self, user_id: int) -> PanelSnapshot:
        """The player's panel: the running hand (with the public table), else the last one."""
        hand = self.hand or self.last_hand
        assert hand is not None
        public, style = self.table_snapshot() if self.hand else None, self.settings.card_style
        tournament, bank = self.rules.line() is not None, self.bank.left(user_id)
        return panel_snapshot(
            self.table_id,
            hand,
            user_id,
            self.notes,
            public,
            style,
            bank_left=bank,
            tournament=tournament,
        )

    async def panel_for(self, user_id: int, hand_id: int) -> PanelSnapshot | None:
        """The player's panel of hand ``hand_id``, None if that hand is gone or not theirs."""
        return await self.handle(PanelFor(user_id, hand_id))

    # ------------------------------------------------------------------ lifecycle

    async def restore(self, unfinished: tuple[int, dict[str, Any] | None] | None) -> None:
        """Load settings and seats; resume the journaled hand (or void it and refund)."""
        self.settings = await self.rules.deal_settings()
        self.seats = await self.cashier.seats()
        self.io.start(self, self.cashier)
        async with self._lock:
            await self.cashier.announce_missed()
            if unfinished is not None:
                await self._resume(*unfinished)
            if self.hand is None:  # leavers a restart interrupted, busted players
                self.seats = await self.rules.before_deal(self.settings)
            self._plan_next_hand()
        self.io.mark_changed()

    async def _resume(self, hand_id: int, state: dict[str, Any] | None) -> None:
        try:
            hand, self.notes, deadline, closing = seating.read_journal(state)
        except Exception as error:
            self.seats = await self.cashier.void_unresumable(hand_id, error)
            await self._button_back()
            return
        self.hand = hand
        self.journal.durable = state
        self.closing = self.closing or closing
        self.io.new_hand(hand.hand_id)
        for user_id in sorted(self.notes.leaving):
            hand.leave(user_id)  # a journal from before the engine knew of leavers
        log.info("Table %s: resuming hand %s", self.table_id, hand_id)
        if hand.is_complete:
            await self._finish_or_wait()
            return
        remaining = None if deadline is None else deadline - self.clock()
        self._start_turn(remaining if remaining is not None and remaining > 1 else None)
        self.io.post(content=Text("resumed"))
        for seat in self.seats:
            in_hand = seat.user_id in hand.player_ids
            if in_hand and seat.dm_ok and not hand.private_view(seat.user_id).folded:
                self.io.send_panel(seat.user_id, urgent=seat.user_id == hand.to_act)

    async def _button_back(self) -> None:
        """A hand called off at a restart is a misdeal: the next hand is dealt with its button
        (``_redeal_button``), and the store's button goes back to the seat before it, so what
        reads it meanwhile (an MTT's balancing: whose big blind comes next) sees the table as
        it was before the hand."""
        button = self.button_seat
        self._redeal_button = button
        eligible = sorted(s.seat for s in self.rules.dealt_in(self.seats))
        if button is None or button not in eligible or len(eligible) < 2:
            return
        before = eligible[(eligible.index(button) - 1) % len(eligible)]
        try:
            await self.store.tables.set_button(self.table_id, before)
        except Exception as error:  # the redeal still keeps the button
            log.warning("Table %s: button not set back: %s", self.table_id, error)
            return
        self.button_seat = before

    async def shutdown(self) -> None:
        """Stop timers and loops; save the journal so the hand resumes after a restart."""
        locked = False
        try:
            await asyncio.wait_for(self._lock.acquire(), SHUTDOWN_LOCK_WAIT)
            locked = True
        except TimeoutError:
            log.warning("Table %s: an input is still running; stopping anyway", self.table_id)
        try:
            self.io.stop()
            self.timers.forget()
            if self.hand is not None and not self.hand.is_complete and not self.journal.waiting:
                await self._journal()
        except NotSaved:
            pass  # the journal holds the last state players saw: the hand resumes from it
        finally:
            if locked:
                self._lock.release()

    async def _journal(self) -> None:
        """Save the hand before anything of the change is shown. When the write fails, the
        hand goes back to its last durable state (what players saw), the table waits for the
        store, and ``NotSaved`` tells the player that nothing changed."""
        hand = self.hand
        if hand is None:
            return
        deadline, closing = self.timers.deadline, self.closing
        state = seating.journal_state(hand, self.notes, deadline=deadline, closing=closing)
        if await self.journal.write(hand.hand_id, state):
            return
        durable = self.journal.durable
        if durable is None:  # its deal: nobody saw it, it is called off once the store answers
            self.hand = None
            self.journal.wait(partial(self.cashier.void_unsaved, hand.hand_id))
        else:
            alert_modes = self.notes.alert_modes
            self.hand, self.notes, _, self.closing = seating.read_journal(durable)
            self.notes.alert_modes = alert_modes
            self.acted_at = {n: u for n, u in self.acted_at.items() if n < self.hand.action_count}
            self.journal.wait(partial(self.store.hands.journal, hand.hand_id, durable))
        raise NotSaved(t("action_not_saved"))

    def _store_lost(self) -> None:
        """The table waits for its store: no clock runs, the table says so."""
        self.timers.stop_turn()
        self.timers.cancel_deal()
        self.io.mark_changed()

    async def _store_back(self) -> None:
        """The store answers again: the hand goes on from the state players saw (a new
        decision time for the player to act), or the table plans its next hand."""
        if self.hand is None:
            self.seats = await self.cashier.seats()
            self._plan_next_hand()
        else:
            self._start_turn()
        self.io.mark_changed()

    # ------------------------------------------------------------------ hands

    def _plan_next_hand(self) -> None:
        """Deal after the pause if two can play (only then a countdown), else wait for expiries."""
        self.idle.watch()  # an empty table's idle clock starts, or stops as a member sits down
        if self.closed or self.hand is not None or self.journal.waiting:
            return
        if self.paused_by is not None:
            self.timers.cancel_deal()
            return
        if len(self.rules.dealt_in(self.seats)) >= 2:
            pause = self._hand_pause
            self.timers.deal_after(pause if pause is not None else float(self.settings.hand_pause))
            return
        self.timers.cancel_deal()
        wait = seating.next_sitout_expiry(self.seats, self.settings.sitout_keep, self.clock())
        if wait is not None:
            self.timers.wake_after(max(1.0, wait + 0.5))

    async def _deal(self) -> None:
        """Deal; a deal that fails (a store error) is retried later, or nothing would."""
        self.timers.dealing()
        try:
            await self._start_hand()
        except NotSaved:
            pass  # the table waits for the store; the deal nobody saw is called off
        except Exception:
            log.exception("Table %s: could not deal; retrying", self.table_id)
            if self.hand is None and not self.closed:
                self.timers.retry_deal(DEAL_RETRY_SECONDS)

    async def _seats_changed(self) -> None:
        """Seats changed (join, sit in): deal soon if the table was waiting. Under the lock."""
        self.seats = await self.rules.tidy()
        self._plan_next_hand()
        self.io.mark_changed()

    async def _start_hand(self) -> None:
        """Deal a new hand if at least two seated players can play (called under the lock)."""
        if self.hand is not None or self.closed or self.journal.waiting or self.paused_by:
            return  # (a paused table deals nothing, however its timer fired)
        if self.closing:
            await self._close_now()
            return
        self.settings = settings = await self.rules.deal_settings()
        self.seats = await self.rules.before_deal(settings)
        players = self.rules.dealt_in(self.seats)
        if len(players) < 2:
            self.io.mark_changed()
            self._plan_next_hand()
            return
        occupied = [s.seat for s in players]
        button = seating.next_button(self.button_seat, occupied)
        if self._redeal_button in occupied:
            button = self._redeal_button  # (a hand a restart called off is dealt again)
        self.hand = hand = await self.cashier.deal(players, button, settings)
        self.button_seat = button
        self._redeal_button = None
        hand_id = hand.hand_id
        self.last_hand = None
        self.notes.new_hand(hand.player_ids)
        self.notes.alert_modes = await self.store.settings.alert_modes(
            self.guild_id, hand.player_ids
        )
        self.acted_at = {}
        self.journal.new_hand()
        self._start_turn()
        await self._journal()
        self.io.new_hand(hand_id)
        self.io.mark_changed()
        log.info("Table %s: hand %s dealt to %d players", self.table_id, hand_id, len(players))
        for seat in players:
            if seat.dm_ok:  # the player to act first before the others' deal DMs
                self.io.send_panel(seat.user_id, urgent=seat.user_id == hand.to_act)
        for user_id, text in self.topups.take_held_back():
            self.io.notify(user_id, text)  # a line of their panel, sent or on its way
        await self.bank.dealt(players, settings)

    def _start_turn(self, seconds: float | None = None) -> None:
        """(Re)start the turn's timer and plan its step (an alert, or a house player's move)."""
        hand = self.hand
        if hand is None or hand.is_complete or hand.to_act is None:
            self.timers.stop_turn()
            return
        if seconds is None:
            seconds = seating.decision_seconds(hand.phase, self.settings)
        step: float | None = None
        if is_house(player := hand.to_act):
            step = self.house.thinking_time(seconds)
        else:
            self.io.hurry_panel(player, drawing=hand.phase is Phase.DRAWING)
            mode = self.notes.alert_modes.get(player, "on")
            seat = seating.seat_of(self.seats, player)
            step = seating.alert_after(seat, mode, self.settings.alert_delay)
        self.timers.start_turn(hand.action_count, seconds, step)

    async def _step(self, action_number: int) -> None:
        """A house player moves; an idle member gets their panel again as a new DM."""
        hand = self.hand
        if hand is None or hand.action_count != action_number or hand.to_act is None:
            return
        if is_house(hand.to_act):
            with contextlib.suppress(NotSaved):  # it plays again when the store answers
                await self._house_plays(hand, hand.to_act)
        else:
            self.io.send_panel(hand.to_act, urgent=True, alert=True)

    async def _house_plays(self, hand: Hand, player_id: int) -> None:
        """The house player's move: what it decides from what a member in its seat would see
        (``house.choose``), or checks/folds if that cannot be played; then the session goes on."""
        decision = await self.house.choose(hand, player_id)
        try:
            record = apply_decision(hand, player_id, decision)
        except Exception as error:
            # the error may quote the player's cards: its type only, above DEBUG
            log.warning("Table %s: house decision failed (%s)", self.table_id, type(error))
            log.debug("Table %s: house decision error: %r", self.table_id, error)
            record = apply_decision(hand, player_id, fallback(hand))
        log.debug("Table %s: house: %s", self.table_id, record.text)
        await self._after_action()

    async def _timed_out(self, action_number: int) -> None:
        """The player to act ran out of time: check if free, else fold; a draw stands pat."""
        hand = self.hand
        if hand is None or hand.is_complete or hand.action_count != action_number:
            return
        player_id = hand.to_act
        if player_id is None:
            return
        # A player whose last decision timed out is away: their bank is not spent again (the
        # table would wait the whole bank once more before the second timeout sits them out).
        away = self.notes.timeouts.get(player_id, 0) > 0
        extra = (
            None
            if is_house(player_id) or away
            else await self.bank.extend(action_number, player_id)
        )
        if extra is not None:  # the time bank runs: the turn goes on
            self.timers.start_turn(action_number, extra, None)
            self.io.mark_changed()
            self.io.refresh_panel(player_id)
            return
        record = hand.timeout()
        log.debug("Table %s: timeout: %s", self.table_id, record.text)
        self.notes.timed_out(player_id)
        if record.draw_count is not None:
            self.notes.drew(player_id)
        try:
            await self._after_action(refresh=player_id if record.draw_count else None)
        except NotSaved:
            return  # undone: the player's turn starts again when the store answers
        what = Text(seating.timeout_key(record.kind))
        self.io.notify(player_id, Text("timed_out_private", hand_id=str(hand.hand_id), what=what))

    async def _after_action(
        self,
        answer: Callable[[], Awaitable[None]] | None = None,
        *,
        refresh: int | None = None,
        unless_message: int | None = None,
    ) -> None:
        """Apply early actions now due, re-arm the timer, journal, then show (under lock):
        ``answer`` (a click's) and the DM panels of ``refresh`` (a player who drew) and of
        the players whose early draws were made go out only once the action is durable
        (``NotSaved`` otherwise: the hand is back where players saw it), before any settle."""
        hand = self.hand
        assert hand is not None
        drew = seating.apply_early_actions(hand, self.notes)
        self._start_turn()  # or stop the timer of a finished hand
        await self.bank.acted(hand.action_count)
        await self._journal()
        if refresh is not None:
            self.io.refresh_panel(refresh, unless_message=unless_message)
        for player_id in drew:
            self.io.refresh_panel(player_id)
        self.io.mark_changed()
        try:
            if answer is not None:
                await answer()  # journaled: a restart settles the hand as the answer shows it
        finally:
            if hand.is_complete:
                await self._finish_or_wait()
                self.io.mark_changed()

    async def _finish_or_wait(self) -> None:
        """Settle the finished hand; when the store fails, the table waits and tries again."""
        try:
            await self._finish_hand()
        except Exception:
            log.warning("Table %s: finishing the hand failed; waiting for the store", self.table_id)
            log.debug("Table %s: finish error", self.table_id, exc_info=True)
            self.journal.wait(self._finish_hand if self.hand is not None else self._tidy)

    async def _tidy(self) -> None:
        """Between hands after a store failure: the seats and settings as the store has them."""
        self.seats = await self.rules.after_hand(None, set(), [])
        self.settings = await self.rules.deal_settings()

    async def _finish_hand(self) -> None:
        """Settle in the store, show the result, apply leaves and sit-outs, plan the next hand."""
        hand = self.hand
        assert hand is not None
        names = {pid: hand.name_of(pid) for pid in hand.player_ids}
        names.update({s.user_id: s.name for s in self.seats if s.user_id in names})
        seats = {s.user_id: s for s in await self.cashier.seats()}
        sit_out = seating.sit_outs_after_hand(self.notes, seats)
        settled = await self.cashier.settle(hand, names, sit_out)
        self.last_hand = hand  # settled or called off: what follows never settles it again
        self.hand = None
        if settled and hand.result is not None:
            # The stacks just settled, at once: the table posted below the result (and any
            # edit) renders from these seats while the store is read again below.
            final = hand.result.final_stacks
            self.seats = [replace(s, stack=final.get(s.user_id, s.stack)) for s in self.seats]
        self.journal.new_hand()
        if settled:
            result = await self.rules.hand_result(result_snapshot(hand, hand.hand_id, names), hand)
            announced = partial(self.cashier.announced, hand.hand_id)
            self.io.post_result(result, self.settings.card_style, then=announced)
        self.io.end_panels()
        self.seats = await self.cashier.seats()  # the stacks /chips shows, as the result
        for user_id in sit_out:
            self.notes.timeouts.pop(user_id, None)
        leavers = self.notes.leaving | {u for u, s in seats.items() if s.leaving}
        self.notes.leaving, self.notes.sit_out_after = set(), set()
        sat_out = [seats[u].name for u in sorted(sit_out)]
        self.seats = await self.rules.after_hand(hand, leavers & seats.keys(), sat_out)
        if self.closed:
            return  # the hand ended a tournament
        self.settings = await self.rules.deal_settings()
        if self.closing:
            await self._close_now()
        else:
            self._plan_next_hand()

    async def _close_now(self, idle: bool = False) -> None:
        """Cash everyone out, close (between hands; ``idle``: said on its message only)."""
        returned = await self.cashier.close_table()
        self._mark_closed()
        summary = ", ".join(f"<@{uid}> {amount}" for uid, amount in returned.items()) or "—"
        closing = None if idle else Text("table_closed_now", summary=summary)
        await post_closing_ledger(self.io, self.store, closing)
        self.io.close()
        self._on_closed(self)

    def _mark_closed(self) -> None:
        """The table is closed: no hand, no seat, no deal planned."""
        self.closed = True
        self.hand = None
        self.seats = []
        self.timers.cancel_deal()
        self.idle.watch()

    async def _call_off_hand(self, reason: str) -> None:
        """The running hand is called off (its bets back in the stacks): no hand, no timer,
        no panel."""
        hand = self.hand
        if hand is not None and not hand.is_complete:
            await self.store.hands.void(hand.hand_id, reason)
            self.hand = None
            self.timers.stop_turn()
            self.io.end_panels()

    async def _cancel_tournament(self) -> dict[int, int]:
        """A cash table runs no tournament: nothing to cancel, nothing refunded."""
        return {}

    # ------------------------------------------------------------------ inputs: clicks

    async def _bet(self, click: BetClick, interaction: Interaction) -> None:
        """Fold / Check-Call / Bet-Raise from the table message, and the private "Fold
        anyway" (``fold_confirmed``): checked (``seating``), played, journaled, then answered
        where it came from."""
        hand, user_id = self.hand, click.user_id
        refusal = seating.betting_click_refusal(
            hand, click.hand_id, user_id, click.action_number, self.acted_at
        )
        if refusal is not None:
            to_act = hand.to_act if hand is not None else None
            raise Refused(t(refusal, name=seating.name_of(self.seats, hand, to_act or 0)))
        assert hand is not None
        if click.action == "fold" and hand.legal().can_check:
            # Folding what could be checked for free is almost always a slip: ask first.
            view = render.fold_anyway_view(self.table_id, click.hand_id, click.action_number)
            await reply_private(interaction, t("fold_free_check"), view=view)
            return
        if click.action in ("fold", "fold_confirmed"):
            record = hand.fold(user_id)
        elif click.action == "call":
            record = hand.check_or_call(user_id)
        else:
            record = hand.bet_or_raise(user_id)
        log.debug("Table %s: %s", self.table_id, record.text)
        self.acted_at[click.action_number] = user_id
        self.notes.acted(user_id)
        self.notes.prefold.discard(user_id)
        done = "folded_anyway" if click.action == "fold_confirmed" else "checked"
        panel = partial(self._panel, user_id)
        answer = partial(self.io.answer_betting_click, interaction, panel, t(done))
        await self._after_action(answer)

    async def _mark(self, click: CardClick, interaction: Interaction) -> None:
        """Mark a card the clicked panel showed unmarked, or unmark it: a double click (or a
        stale copy of the panel) acts once. Toggles when the panel is unknown."""
        hand, user_id = self.hand, click.user_id
        refusal = seating.panel_click_refusal(
            hand, click.hand_id, user_id, click.draw, card_index=click.index
        )
        if refusal is not None:
            raise Refused(t(refusal))
        assert hand is not None
        chosen = hand.private_view(user_id).cards[click.index]
        shown = click.shown_marks
        marked = self.notes.marks.get(user_id, ())
        mark = chosen not in marked if shown is None else click.index not in shown
        if self.notes.mark(user_id, chosen, mark):
            await self._journal()  # a draw set in advance was taken back
        await self.io.answer_panel_click(interaction, self._panel(user_id))

    async def _draw(self, click: DrawClick, interaction: Interaction) -> None:
        """Draw the cards the clicked panel showed marked (or stand pat) now, or queue it for
        the player's turn: a stale copy's "Draw N" draws the N cards it showed."""
        hand, user_id, draw = self.hand, click.user_id, click.draw
        refusal = seating.panel_click_refusal(hand, click.hand_id, user_id, draw)
        if refusal is not None:
            raise Refused(t(refusal))
        assert hand is not None
        pv = hand.private_view(user_id)
        shown = click.shown_marks
        if shown is not None and not click.pat:
            self.notes.marks[user_id] = {pv.cards[i] for i in shown if i < len(pv.cards)}
        discards = [] if click.pat else self.notes.discards(hand, user_id)
        if not click.pat and not discards:
            raise Refused(t("panel_none_marked"))
        self.io.played_from(user_id, click.message_id)
        if hand.phase is Phase.DRAWING and hand.to_act == user_id and hand.draw_round == draw:
            record = hand.draw(user_id, discards)
            log.debug("Table %s: %s", self.table_id, record.text)
            self.notes.acted(user_id)
            self.notes.drew(user_id)  # the DM panel shows the new cards (unless clicked)
            cards = tuple(hand.private_view(user_id).cards)
            paint_ahead(cards, record.received, self.settings.card_style)
            await self._after_action(refresh=user_id, unless_message=click.message_id or 0)
        else:
            self.notes.queued[user_id] = (draw, "pat" if click.pat else "draw")
            await self._journal()
        await self.io.answer_panel_click(interaction, self._panel(user_id))

    async def _prefold(self, click: PrefoldClick, interaction: Interaction) -> None:
        """Set or cancel "fold when it's my turn" (checks instead when checking is free), as
        the clicked button said: a second click on the same panel does not undo the first."""
        hand, user_id = self.hand, click.user_id
        refusal = seating.panel_click_refusal(hand, click.hand_id, user_id, None)
        if refusal is not None:
            raise Refused(t(refusal))
        assert hand is not None
        active = user_id in self.notes.prefold
        shown = click.shown_active
        if shown is not None and shown != active:
            pass  # the clicked panel was older: its button already did what it says
        elif active:
            self.notes.prefold.discard(user_id)
        else:
            self.notes.prefold.add(user_id)
            if hand.to_act == user_id and hand.phase is Phase.BETTING:
                await self._after_action()
                if self.hand is None:
                    raise Refused(t("hand_over"))
        await self._journal()
        await self.io.answer_panel_click(interaction, self._panel(user_id))

    async def _show(self, click: ShowClick, interaction: Interaction) -> None:
        """After the hand, the owner of a mucked hand shows it to the table."""
        hand, user_id = self.last_hand, click.user_id
        refusal = seating.show_refusal(self.hand, hand, click.hand_id, user_id)
        if refusal is not None:
            raise Refused(t(refusal))
        assert hand is not None
        hand.show_mucked(user_id)
        pv = hand.private_view(user_id)
        name = render.safe_name(seating.name_of(self.seats, hand, user_id))
        cards, hand_name = render.cards_label(pv.cards), naming.hand_text(pv.cards)
        self.io.post(content=Text("shows_after", name=name, cards=cards, hand_name=hand_name))
        self.io.mark_changed()
        await self.io.answer_panel_click(interaction, self._panel(user_id))

    # ------------------------------------------------------------------ inputs: commands

    async def send_panel(self, interaction: Interaction, hand_id: int | None) -> None:
        """The private panel as an ephemeral reply (My cards, ``/poker hand``), answered once
        the lock is let go."""
        panel = await self.handle(PanelRequest(interaction.user.id, hand_id))
        await answer_with_panel(interaction, panel)

    async def join(self, user_id: int, name: str, buy_in: int | None) -> tuple[SeatRow, bool]:
        """Sit down (or buy in again after busting): the seat, and whether a hand runs."""
        if self.closing or self.closed:
            raise Refused(t("table_closing"))
        return await self.handle(Join(user_id, name, buy_in))

    async def _join(self, user_id: int, name: str, buy_in: int | None) -> tuple[SeatRow, bool]:
        seat = await self.house.seat_member(user_id, name, buy_in)
        self.notes.timeouts.pop(user_id, None)
        await self._seats_changed()
        return seat, self.hand is not None

    def command_answered(self, interaction: Interaction) -> None:
        """A command was answered in the table's channel (a join): while no click's token is
        valid, its token posts the next table, which then costs no request of the global
        rate limit to edit (the I/O's; no table state)."""
        if interaction.channel_id == self.channel_id:
            self.io.command_answered(interaction)

    def reached_by_dm(self, user_id: int) -> bool:
        """Whether a DM panel of this table reached the player: their DMs work."""
        return self.io.reached_by_dm(user_id)

    async def note_dm(self, user_id: int, ok: bool) -> None:
        """Remember whether the player's DMs reach them (the welcome DM at join)."""
        await self.handle(NoteDm(user_id, ok))

    async def _note_dm(self, user_id: int, ok: bool) -> None:
        seat = seating.seat_of(self.seats, user_id)
        if seat is None or seat.dm_ok != ok:  # written only when it changes
            await self.cashier.note_dm(user_id, ok)
            self.seats = await self.cashier.seats()
        if ok:
            self.io.dm_opened(user_id)

    async def leave(self, user_id: int) -> tuple[bool, int]:
        """Stand up now: (True, chips cashed out); a player in the running hand leaves it (the
        engine makes the hand dead) and is cashed out after it: (False, 0), or (False, -1) if
        already leaving. ``NotSeated`` if not at the table."""
        return await self.handle(Leave(user_id))

    async def _leave(self, user_id: int) -> tuple[bool, int]:
        await self.cashier.seat_of(user_id)
        hand = self.hand
        if hand is not None and not hand.is_complete and user_id in hand.player_ids:
            if user_id in self.notes.leaving:
                return False, -1
            self.notes.leaving.add(user_id)
            if hand.leave(user_id):
                await self._after_action()  # something happened: journal, timer, settle
            else:
                await self._journal()  # out of turn: the countdown of the player to act
                self.io.mark_changed()  # runs on untouched
            self.seats = await self.cashier.mark_leaving(user_id)
            return False, 0
        amount = await self.cashier.leave_now(user_id)
        self.seats = await self.house.tidy()  # the house leaves with the last member
        self.idle.watch()
        self.io.mark_changed()
        return True, amount

    async def top_up(self, user_id: int, amount: int) -> bool:
        """Chips from the wallet now, or queued for the next deal (True) while in the hand."""
        return await self.handle(TopUp(user_id, amount))

    async def _top_up(self, user_id: int, amount: int) -> bool:
        seat = await self.cashier.seat_of(user_id)
        if await self.topups.request(seat, self.hand, self.settings, amount):
            return True
        await self._seats_changed()
        return False

    async def set_paused(self, user_id: int | None) -> str | None:
        """Pause after the hand (by ``user_id``) or resume (None): the answer's key, or None."""
        return await self.handle(SetPaused(user_id))

    async def _set_paused(self, user_id: int | None) -> str | None:
        if (self.paused_by is None) == (user_id is None):
            return None
        await self.store.tables.set_paused(self.table_id, user_id)
        self.paused_by = user_id
        self._plan_next_hand()
        self.io.mark_changed()
        running = "paused_now" if self.hand is None else "paused_after_hand"
        return running if user_id is not None else "table_resumed"

    async def sit_out(self, user_id: int) -> None:
        """Skip hands from the next one, keeping the seat."""
        await self.handle(SitOut(user_id))

    async def _sit_out(self, user_id: int) -> None:
        await self.cashier.sit_out(user_id)
        self.seats = await self.cashier.seats()
        self.io.mark_changed()

    async def sit_in(self, user_id: int) -> None:
        """Play again from the next hand."""
        await self.handle(SitIn(user_id))

    async def _sit_in(self, user_id: int) -> None:
        await self.cashier.sit_in(user_id)
        self.notes.sits_in(user_id)
        await self._seats_changed()

    async def request_close(self) -> bool:
        """Close now (True) or after the current hand (False)."""
        return await self.handle(Close())

    async def _request_close(self) -> bool:
        if self.hand is not None and not self.hand.is_complete:
            self.closing = True
            await self.cashier.close_after_hand()
            await self._journal()
            self.io.mark_changed()
            return False
        await self._close_now()
        return True

    async def apply_settings(self) -> None:
        """New settings: the time banks follow them from the next turn, an idle table at once."""
        await self.handle(ApplySettings())

    async def _apply_settings(self) -> None:
        settings = await self.rules.deal_settings()
        await self.bank.apply(settings)
        if self.hand is None and not self.closed:
            self.settings = settings
            self.idle.watch()  # a new idle time
            self.io.mark_changed()

    async def repost(self, interaction: Interaction) -> None:
        """Post the table at the bottom of the channel as this interaction's answer."""
        await self.handle(Repost(), interaction)

    def chips_of(self, user_id: int) -> int:
        """The chips the player has at this table (their seat's stack between hands)."""
        return sum(s.stack for s in self.seats if s.user_id == user_id)

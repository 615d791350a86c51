"""A multi-table tournament's table (issue 37): one ``TableSession`` per table, played in its
own thread (a thread id is a channel id, so the registry keys it like any table). It is a
sit-and-go's table (``bot/table/tournament.py``: the level clock, everyone with chips dealt in,
players out placed by the store in the transaction that settles the hand) with three
differences, each owned here:

- It deals only when its tournament's director lets it (``held``): after every hand the table
  holds and tells its ``MttDirecting`` (the feature's run, ``bot/features/mtt/running.py``),
  which asks the pure director what comes next (a move, a break, a hand-for-hand round),
  applies it in the store and hands each table concerned an input (``SeatsMoved``,
  ``Release``, ``EndMttTable``); a table waiting in hand-for-hand is simply not released.
- The level clock is the tournament's, one for all its tables (``MttDirecting.clock``): a
  table's deal moves it on, and it never goes back.
- The tournament ends, and its players left and average stack are counted, across tables:
  the run finishes it; a table never finishes it alone.

The table layer imports no feature: the run reaches the table only through these inputs, and
the table reaches the run only through the ``MttDirecting`` Protocol.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from bot.messages import Text
from bot.table.inputs import Input
from bot.table.session import TableSession
from bot.table.tournament import TournamentRules, TournamentSession
from bot.tournament import TournamentClock
from bot.tournament.payouts import mtt_prizes

if TYPE_CHECKING:
    from bot.store import Store
    from bot.store.models import SeatRow, TableRow, TournamentRow
    from bot.table.channel import TableChannel

log = logging.getLogger(__name__)


class MttDirecting(Protocol):
    """What an MTT's table asks of its tournament's run (``bot/features/mtt/running.py``)."""

    clock: TournamentClock
    """The tournament's level clock, one for all its tables."""
    payouts: str
    """The payout preset."""

    def standing(self) -> tuple[int, int, int]:
        """(players left, entrants, average stack) across the tournament's tables."""
        ...

    def hand_ended(self, table_id: int) -> None:
        """A table's hand ended (it holds now): the director's next step is due."""
        ...


# ---------------------------------------------------------------------- the run's inputs


@dataclass(frozen=True, slots=True)
class Release(Input[bool]):
    """The director lets the table deal its next hand (after the table's pause; ``at_once``:
    now, the hand dealt when this returns); whether it can (two players with chips)."""

    at_once: bool = False


@dataclass(frozen=True, slots=True)
class SeatsMoved(Input[None]):
    """Seats of this table changed in the store (a player moved in or out): read them again."""


@dataclass(frozen=True, slots=True)
class EndMttTable(Input[None]):
    """The table ends: broken (its players moved), or the tournament finished or cancelled
    (``say``: the sentence its thread reads, ``then`` awaited once it is sent; ``call_off``: a
    running hand is called off, its bets back in the stacks, before the store cancels)."""

    say: Text | None = None
    call_off: bool = False
    state: str = "finished"
    then: Callable[[], Awaitable[None]] | None = None


@dataclass(frozen=True, slots=True)
class Holds(Input[tuple[bool, bool]]):
    """(between hands, can deal): whether no hand is running and two players have chips."""


class MttRules(TournamentRules):
    """The seat rules of an MTT's table: a sit-and-go's, the clock and the field the
    tournament's."""

    KIND = "mtt"
    PLACE_KEYS = ("mtt_place_private", "mtt_place_private_prize")

    def __init__(self, session: MttSession, tournament: TournamentRow, run: MttDirecting) -> None:
        self._run = run
        super().__init__(session, tournament)

    @property
    def clock(self) -> TournamentClock:
        return self._run.clock

    @clock.setter
    def clock(self, value: TournamentClock) -> None:
        """A table's clock moves the tournament's on, never back (a table opened late, or
        restored, starts from the one the run holds)."""
        current = getattr(self._run, "clock", None)
        if current is None or (value.hands, value.played) >= (current.hands, current.played):
            self._run.clock = value

    @property
    def prizes(self) -> tuple[int, ...]:
        pool = self.tournament.buy_in * self.entrants
        return mtt_prizes(pool, self.entrants, self._run.payouts)

    def show(self, seats: list[SeatRow]) -> None:
        super().show(seats)
        line = self._line
        if line is not None:
            left, entrants, average = self._run.standing()
            self._line = replace(
                line, players_left=left, entrants=entrants or line.entrants, average_stack=average
            )

    async def _finish_if_won(self, seats: list[SeatRow]) -> bool:
        return False  # the run finishes the tournament, across its tables

    def ended(self, state: str) -> None:
        """The table's line says it ended (broken tables read "finished")."""
        self._state = state
        self.show([])


class MttSession(TournamentSession):
    """The table of a running MTT, in its thread."""

    def __init__(
        self,
        table: TableRow,
        tournament: TournamentRow,
        run: MttDirecting,
        *,
        store: Store,
        io: TableChannel,
        on_closed: Callable[[TableSession], None],
        **options: Any,
    ) -> None:
        super().__init__(table, tournament, store=store, io=io, on_closed=on_closed, **options)
        self.mtt_rules = MttRules(self, tournament, run)
        self.tournament_rules = self.mtt_rules
        self.rules = self.mtt_rules
        self._run = run
        self.held = True
        """No deal until the director releases the table (after every hand, and at start)."""

    async def _apply(self, event: Input[Any], interaction: Any) -> object:
        match event:
            case Release(at_once):
                self.held = False
                if at_once:
                    self.timers.cancel_deal()
                    await self._deal()
                    return self.hand is not None or len(self.rules.dealt_in(self.seats)) >= 2
                self._plan_next_hand()
                return len(self.rules.dealt_in(self.seats)) >= 2
            case SeatsMoved():
                if not self.closed:
                    await self._seats_changed()
                return None
            case EndMttTable(say, call_off, state, then):
                if not self.closed:
                    if call_off:
                        await self._call_off_hand("tournament cancelled")
                    self.mtt_rules.ended(state)
                    if say is not None:
                        self.io.post(content=say, then=then)
                    self.end_table()
                return None
            case Holds():
                return self.hand is None, len(self.rules.dealt_in(self.seats)) >= 2
        return await super()._apply(event, interaction)

    def _plan_next_hand(self) -> None:
        if self.held:
            self.idle.watch()
            self.timers.cancel_deal()
            return
        super()._plan_next_hand()

    async def _start_hand(self) -> None:
        if self.held:
            return
        await super()._start_hand()

    async def _finish_hand(self) -> None:
        self.held = True
        await super()._finish_hand()
        if not self.closed and self.hand is None:
            self._run.hand_ended(self.table_id)

    async def _cancel_tournament(self) -> dict[int, int]:
        return {}  # the run cancels an MTT, every table at once (``EndMttTable``)

    async def restore(self, unfinished: tuple[int, dict[str, Any] | None] | None) -> None:
        await super().restore(unfinished)
        if not self.closed and self.hand is None:
            self._run.hand_ended(self.table_id)  # between hands: the director decides

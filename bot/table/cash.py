"""What makes a table a cash table, as the session's collaborator: who is dealt in, the
settings of a hand, and the seats' housekeeping before a deal, after a sit-down and after a
hand (sit-outs, the house players, top-ups, cash-outs). A tournament's table has its own
(``bot/table/tournament.py``); the session only calls ``SeatRules``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from bot.messages import Text
from bot.table import seating
from bot.table.render import safe_name

if TYPE_CHECKING:
    from bot.engine import Hand
    from bot.store import Store
    from bot.store.models import SeatRow, Settings
    from bot.table.cashier import Cashier
    from bot.table.house import HousePlayers, TableIO
    from bot.table.snapshot import ResultSnapshot, TournamentLine
    from bot.table.topups import TopUps


class SeatRules(Protocol):
    """The rules of a table's seats between hands (called under the session's lock)."""

    def dealt_in(self, seats: list[SeatRow]) -> list[SeatRow]:
        """The seats dealt in if a hand were dealt now."""
        ...

    async def deal_settings(self) -> Settings:
        """The settings of the hand about to be dealt."""
        ...

    def line(self) -> TournamentLine | None:
        """What the table shows of its tournament (None at a cash table)."""
        ...

    async def before_deal(self, settings: Settings) -> list[SeatRow]:
        """The housekeeping before a deal (or a restore between hands): the seats."""
        ...

    async def tidy(self) -> list[SeatRow]:
        """The seats after a member sat down or in."""
        ...

    async def after_hand(
        self, hand: Hand | None, leavers: set[int], sat_out: list[str]
    ) -> list[SeatRow]:
        """After a settled hand (None: after a store failure), with the players who left it
        and the names of those sat out for two timeouts in a row: the seats."""
        ...

    async def hand_result(self, result: ResultSnapshot, hand: Hand) -> ResultSnapshot:
        """The result the channel is shown of a settled ``hand`` (a tournament's adds who it
        put out and the level the next hand begins)."""
        ...


class CashTable(Protocol):
    """What the cash rules read of the session."""

    @property
    def guild_id(self) -> int: ...
    @property
    def channel_id(self) -> int: ...
    @property
    def store(self) -> Store: ...
    @property
    def cashier(self) -> Cashier: ...
    @property
    def house(self) -> HousePlayers: ...
    @property
    def topups(self) -> TopUps: ...
    @property
    def io(self) -> TableIO: ...
    @property
    def clock(self) -> Callable[[], float]: ...


class CashRules:
    """A cash table: house players (who never play among themselves), sit-outs that expire,
    top-ups before the deal, leavers cashed out after the hand."""

    def __init__(self, table: CashTable) -> None:
        self._table = table

    def dealt_in(self, seats: list[SeatRow]) -> list[SeatRow]:
        return seating.dealt_in(seats)

    def line(self) -> None:
        return None

    async def deal_settings(self) -> Settings:
        table = self._table
        return await table.store.settings.table(table.guild_id, table.channel_id)

    async def before_deal(self, settings: Settings) -> list[SeatRow]:
        table = self._table
        seats = await table.house.before_deal(table.clock(), settings)
        if await table.topups.add(seats, settings):
            seats = await table.cashier.seats()
        return seats

    async def tidy(self) -> list[SeatRow]:
        return await self._table.house.tidy()

    async def hand_result(self, result: ResultSnapshot, hand: Hand) -> ResultSnapshot:
        return result

    async def after_hand(
        self, hand: Hand | None, leavers: set[int], sat_out: list[str]
    ) -> list[SeatRow]:
        table = self._table
        table.topups.hand_over()
        for name in sat_out:
            table.io.post(content=Text("timed_out_twice", name=safe_name(name)))
        await table.cashier.cash_out(leavers)
        return await table.house.after_hand()

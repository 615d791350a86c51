"""Each player's time bank: extra seconds used automatically when their turn's timer runs out,
so a timeout happens only once the bank is spent. A bank starts at the server's setting, grows
by ``time_bank_add`` seconds every ``time_bank_every`` hands dealt to the player (at most
``time_bank_max``) and is kept with the seat, across restarts.

The session's collaborator: it calls ``dealt`` at each deal, ``extend`` when a turn's timer
runs out (True: the bank runs now, the turn goes on) and ``acted`` when the player to act
acted; the bank's seconds are written to the store when they change.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.engine import Hand
from bot.house.accounts import is_house
from bot.store import Store
from bot.store.models import SeatRow, Settings

log = logging.getLogger(__name__)

MIN_BANK_SECONDS = 1.0
"""Less than this left in a bank is not worth running: the turn times out."""


@dataclass(slots=True)
class Running:
    """A bank running for the turn ``action_number`` of ``player_id`` since ``since``."""

    action_number: int
    player_id: int
    since: float
    seconds: float


class TimeBanks:
    """The time banks of one table's players."""

    def __init__(self, store: Store, table_id: int, clock: Callable[[], float]) -> None:
        self._store = store
        self._table_id = table_id
        self._clock = clock
        self.seconds: dict[int, float] = {}
        """Seconds left in each seated member's bank (read from the seats at each deal)."""
        self._hands: dict[int, int] = {}
        self.running: Running | None = None
        """The bank running now, if any (the table and the panel show it)."""

    async def dealt(self, seats: Iterable[SeatRow], settings: Settings) -> None:
        """A hand is dealt to ``seats``: each member's bank grows every so many hands."""
        self.running = None
        changed: dict[int, tuple[float, int]] = {}
        for seat in seats:
            if is_house(seat.user_id):
                continue
            seconds = float(settings.time_bank) if seat.time_bank is None else seat.time_bank
            hands = seat.bank_hands + 1
            if hands >= max(1, settings.time_bank_every):
                hands = 0
                grown = min(float(settings.time_bank_max), seconds + settings.time_bank_add)
                seconds = max(seconds, grown)
            self.seconds[seat.user_id] = seconds
            self._hands[seat.user_id] = hands
            changed[seat.user_id] = (seconds, hands)
        await self._save(changed)

    async def extend(self, action_number: int, player_id: int) -> float | None:
        """The turn's timer ran out: the seconds the bank gives it now, or None (no bank, or it
        ran for this turn already: the turn times out, and the bank is spent)."""
        running = self.running
        if is_house(player_id):
            return None
        if running is not None and running.action_number == action_number:
            self.running = None
            await self._keep(player_id, 0.0)
            return None
        left = self.seconds.get(player_id, 0.0)
        if left < MIN_BANK_SECONDS:
            return None
        self.running = Running(action_number, player_id, self._clock(), left)
        return left

    async def acted(self, action_count: int) -> None:
        """The hand moved on (``action_count`` actions made): a bank that ran for the turn
        before keeps what was not used."""
        running = self.running
        if running is None or running.action_number == action_count:
            return
        self.running = None
        used = self._clock() - running.since
        await self._keep(running.player_id, max(0.0, running.seconds - used))

    def runs_for(self, hand: Hand | None) -> bool:
        """Whether the bank runs for the turn of ``hand`` now."""
        running = self.running
        return (
            running is not None and hand is not None and running.action_number == hand.action_count
        )

    def left(self, player_id: int) -> float | None:
        """Seconds left in the player's bank (None: not known before their first deal here)."""
        return self.seconds.get(player_id)

    async def _keep(self, player_id: int, seconds: float) -> None:
        """The player's bank holds ``seconds`` now (written to the store)."""
        self.seconds[player_id] = seconds
        await self._save({player_id: (seconds, self._hands.get(player_id, 0))})

    async def _save(self, banks: dict[int, tuple[float, int]]) -> None:
        try:
            await self._store.tables.set_time_banks(self._table_id, banks)
        except Exception as error:  # a bank not written is a few seconds, never chips
            log.warning("Table %s: time banks not saved: %s", self._table_id, error)

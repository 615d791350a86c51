"""Each player's time bank: extra seconds used automatically when their turn's timer runs out,
so a timeout happens only once the bank is spent. A bank starts at the server's setting, grows
by ``time_bank_add`` seconds every ``time_bank_every`` hands dealt to the player (at most
``time_bank_max``) and is kept with the seat, across restarts. The server's settings hold for
every bank, a kept one included: never above the most, and none while the start is 0 (banks
off; turned on again, each starts afresh).

The session's collaborator: it calls ``dealt`` at each deal, ``apply`` when an admin changed
the settings (from the next turn), ``extend`` when a turn's timer runs out (True: the bank runs
now, the turn goes on) and ``acted`` when the player to act acted; the bank's seconds are
written to the store when they change.
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


def kept_bank(kept: float | None, settings: Settings) -> float | None:
    """What a seat keeps of its bank under ``settings``: None for the server's start (or for
    no bank while banks are off), else never more than the most."""
    if settings.time_bank <= 0 or kept is None:
        return None
    return min(kept, float(settings.time_bank_max))


def bank_seconds(kept: float | None, settings: Settings) -> float:
    """The seconds a bank that kept ``kept`` gives under ``settings`` (0 while banks are off)."""
    if settings.time_bank <= 0:
        return 0.0
    seconds = kept_bank(kept, settings)
    start = float(min(settings.time_bank, settings.time_bank_max))
    return start if seconds is None else seconds


class TimeBanks:
    """The time banks of one table's players."""

    def __init__(self, store: Store, table_id: int, clock: Callable[[], float]) -> None:
        self._store = store
        self._table_id = table_id
        self._clock = clock
        self._kept: dict[int, float | None] = {}
        """What each seated member's bank keeps, as the store has it (read at each deal)."""
        self._settings = Settings()
        """The time bank settings in force (the deal's, or newer from an admin)."""
        self._hands: dict[int, int] = {}
        self.running: Running | None = None
        """The bank running now, if any (the table and the panel show it)."""

    async def dealt(self, seats: Iterable[SeatRow], settings: Settings) -> None:
        """A hand is dealt to ``seats``: each member's bank grows every so many hands."""
        self.running = None
        self._settings = settings
        changed: dict[int, tuple[float | None, int]] = {}
        for seat in seats:
            if is_house(seat.user_id):
                continue
            seconds = bank_seconds(seat.time_bank, settings)
            hands = seat.bank_hands + 1
            if settings.time_bank <= 0:
                hands = 0
            elif hands >= max(1, settings.time_bank_every):
                hands = 0
                grown = min(float(settings.time_bank_max), seconds + settings.time_bank_add)
                seconds = max(seconds, grown)
            kept = kept_bank(seconds, settings)
            self._kept[seat.user_id] = kept
            self._hands[seat.user_id] = hands
            changed[seat.user_id] = (kept, hands)
        await self._save(changed)

    async def apply(self, settings: Settings) -> None:
        """An admin changed the time bank: every seated member's bank follows ``settings`` from
        their next turn (a bank running now finishes this turn)."""
        self._settings = settings
        changed: dict[int, tuple[float | None, int]] = {}
        for seat in await self._store.tables.seats(self._table_id):
            user_id = seat.user_id
            if is_house(user_id):
                continue
            kept = kept_bank(self._kept.get(user_id, seat.time_bank), settings)
            if user_id in self._kept:
                self._kept[user_id] = kept
            if kept != seat.time_bank:
                changed[user_id] = (kept, self._hands.get(user_id, seat.bank_hands))
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
        left = self.left(player_id) or 0.0
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
        if player_id not in self._kept:
            return None
        return bank_seconds(self._kept[player_id], self._settings)

    async def _keep(self, player_id: int, seconds: float) -> None:
        """The player's bank holds ``seconds`` now (written to the store)."""
        kept = self._kept[player_id] = kept_bank(seconds, self._settings)
        await self._save({player_id: (kept, self._hands.get(player_id, 0))})

    async def _save(self, banks: dict[int, tuple[float | None, int]]) -> None:
        try:
            await self._store.tables.set_time_banks(self._table_id, banks)
        except Exception as error:  # a bank not written is a few seconds, never chips
            log.warning("Table %s: time banks not saved: %s", self._table_id, error)

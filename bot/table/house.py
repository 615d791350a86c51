"""House players at one table: the session's collaborator that seats them, stands them up and
plays their turns.

- A house player's turn is played by the table's timers, as a member's turn alert is sent:
  when the turn starts the session plans its move after a short, human-like pause
  (``thinking_time``); then, under the table's lock and still in that turn, ``choose`` decides
  with ``bot.house.decide`` from ``hand.public_view()`` and the player's own
  ``hand.private_view(player_id)`` only, and the session plays the decision through the same
  engine calls a member's click makes and goes on (early actions, journal, timer, settle).
  A turn that moves on first (a leaver, a restart) drops the planned task; a resumed hand plans
  it again, since resuming starts the turn again. The pause is capped at half the turn's timer,
  so the timer (still armed, as a safety net) never fires for a house player.
- Their chips are real: each buys in from the house's wallet (``Cashier.seat_house``), is
  topped up from it between hands when short, and its seat's chips go back to it when it
  stands up. They get no DMs (``dm_ok`` is off at their seats, so no panels and no turn alerts).
- They never keep a member out (``seat_member``: a member joining a full table gets an idle
  house player's seat at once, or one in the hand stands up after it and the member sits then),
  and leave when no member is left (``tidy``). An admin adds and removes them, and can have the
  house fill a table up to N seats whenever a member sits there. Their commands (``add``,
  ``remove``, ``refill``, ``unqueue``) are inputs handed to the session (``handle``), which
  calls the ``*_now`` part back under its lock and applies the change of seats itself.
- The members waiting for a seat are kept in the store (``waiting_members``), so a restart
  keeps them waiting; one who says ``/poker leave`` stops waiting (``unqueue``) and is never
  bought in later.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from bot.engine import Hand, Phase, PrivateView, PublicView
from bot.house import LEVELS, SOLID, STYLES, Decision, Style, decide
from bot.house.accounts import free_house_player, is_house
from bot.house.strategy import CHECK_CALL, FOLD
from bot.messages import Text, t
from bot.replies import Refused
from bot.store import StoreError, StoreUnavailable, TableFull
from bot.table.inputs import AddHouse, Input, RefillHouse, RemoveHouse, Unqueue
from bot.table.render import safe_name

if TYPE_CHECKING:
    from bot.store import Store
    from bot.store.models import SeatRow, Settings
    from bot.table.cashier import Cashier

log = logging.getLogger(__name__)

PAUSE_RANGE = (1.0, 3.0)
"""Seconds a house player thinks before acting, drawn uniformly (unless a fixed pause is set)."""
PAUSE_SHARE_OF_TIMER = 0.5
"""A pause never takes more than this share of the turn's timer."""

R = TypeVar("R")

Decide = Callable[[PublicView, PrivateView, Style, random.Random], Decision]
"""How a house player chooses: ``bot.house.decide`` (tests pass a recording stand-in)."""


class TableIO(Protocol):
    """What the house uses of the table's Discord I/O (``TableChannel``)."""

    def post(self, **kwargs: Any) -> None: ...
    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]: ...


class HouseTable(Protocol):
    """What the house reads of its table (the ``TableSession``)."""

    @property
    def table_id(self) -> int: ...
    @property
    def guild_id(self) -> int: ...
    @property
    def channel_id(self) -> int: ...
    @property
    def hand(self) -> Hand | None: ...
    @property
    def settings(self) -> Settings | None: ...
    @property
    def closing(self) -> bool: ...
    @property
    def closed(self) -> bool: ...
    @property
    def store(self) -> Store: ...
    @property
    def cashier(self) -> Cashier: ...
    @property
    def io(self) -> TableIO: ...
    async def handle(self, event: Input[R]) -> R: ...


def fallback(hand: Hand) -> Decision:
    """What a house player does if its decision cannot be made: check or fold, stand pat."""
    if hand.phase is Phase.DRAWING:
        return Decision()
    return CHECK_CALL if hand.legal().can_check else FOLD


class HousePlayers:
    """The house players of one table."""

    def __init__(
        self,
        table: HouseTable,
        pause: float | None = None,
        *,
        decide: Decide = decide,
        rng: random.Random | None = None,
        seed: int | None = None,
    ) -> None:
        self._table = table
        self._seed = seed
        """Tests only (``DEUCE_TEST_SEED``): each decision draws from a generator keyed by the
        seed, the table, the hand's number there (``hands.number_at_table``) and the decision's
        place in the hand, so a restart makes the same choices; None: ``rng``'s stream."""
        self._numbers: dict[int, int] = {}
        """(seeded) The hands' numbers at the table, by hand id."""
        self.pause = pause
        """A fixed pause before each decision (``DEUCE_HOUSE_PAUSE_SECONDS``), else 1-3 s."""
        self.decide = decide
        """How the house players choose (a test may wrap it to watch what they are shown)."""
        self._rng = rng or random.Random()
        self._styles: dict[int, Style] | None = None
        """Each seated house player's style (read from the store on first use)."""
        self._waiting: dict[int, tuple[str, int | None]] | None = None
        """Members who joined a full table, seated after the hand: id -> (name, buy-in), as
        the store keeps them (read on first use)."""

    # ------------------------------------------------------------------ playing

    def thinking_time(self, turn_seconds: float) -> float:
        """How long a house player thinks before acting: 1-3 s (or the fixed pause), at most
        half the turn's time, so the turn's timer never fires for them."""
        pause = self.pause if self.pause is not None else self._rng.uniform(*PAUSE_RANGE)
        return max(0.0, min(pause, turn_seconds * PAUSE_SHARE_OF_TIMER))

    async def choose(self, hand: Hand, player_id: int) -> Decision:
        """The house player's decision in its turn (the session plays it, under its lock),
        from what a member in this seat would see; the fallback if it cannot decide."""
        style = (await self.styles()).get(player_id, SOLID)
        public, private = hand.public_view(recent=0), hand.private_view(player_id)
        try:
            return self.decide(public, private, style, await self._rng_for(hand))
        except Exception as error:
            # the error may quote the player's cards: its type only, above DEBUG
            log.warning("Table %s: house decision failed (%s)", self._table.table_id, type(error))
            log.debug("Table %s: house decision error: %r", self._table.table_id, error)
            return fallback(hand)

    async def _rng_for(self, hand: Hand) -> random.Random:
        """The generator of the decision to take now: ``rng``'s stream, or (seeded) one keyed
        by the table, the hand's number there and how many decisions the hand has had."""
        if self._seed is None:
            return self._rng
        number = self._numbers.get(hand.hand_id)
        if number is None:
            table_id = self._table.table_id
            number = await self._table.store.hands.number_at_table(table_id, hand.hand_id)
            self._numbers = {hand.hand_id: number}
        key = f"{self._seed}:house:{self._table.table_id}:{number}:{hand.action_count}"
        return random.Random(key)

    async def waiting(self) -> dict[int, tuple[str, int | None]]:
        """The members waiting for a house player's seat, first come first."""
        if self._waiting is None:
            self._waiting = await self._table.store.tables.waiting_members(self._table.table_id)
        return self._waiting

    async def styles(self) -> dict[int, Style]:
        """The seated house players' styles."""
        if self._styles is None:
            stored = await self._table.store.house.players(self._table.table_id)
            self._styles = {pid: STYLES.get(name, SOLID) for pid, name in stored.items()}
        return self._styles

    def use_styles(self, styles: dict[int, str]) -> None:
        """The house players' levels as a tournament registered them (not from the seats)."""
        self._styles = {pid: STYLES.get(name, SOLID) for pid, name in styles.items()}

    # ------------------------------------------------------------------ seats (under the lock)

    def _in_hand(self) -> set[int]:
        hand = self._table.hand
        return set(hand.player_ids) if hand is not None and not hand.is_complete else set()

    async def _settings(self) -> Settings:
        table = self._table
        return await table.store.settings.table(table.guild_id, table.channel_id)

    async def _sit_down(
        self, count: int, style: str, seats: list[SeatRow], settings: Settings
    ) -> list[SeatRow]:
        """Seat ``count`` house players of ``style`` (fewer if the table fills up)."""
        styles = await self.styles()
        used_ids = {s.user_id for s in seats}
        used_names = {s.name for s in seats}
        seated: list[SeatRow] = []
        for _ in range(count):
            player_id, name = free_house_player(used_ids, used_names)
            try:
                seat = await self._table.cashier.seat_house(player_id, name, style, settings)
            except TableFull:
                break
            used_ids.add(player_id)
            used_names.add(name)
            styles[player_id] = STYLES.get(style, SOLID)
            seated.append(seat)
            shown = Text(f"choice-{style}")
            self._table.io.post(content=Text("house_sits", name=safe_name(name), style=shown))
        return seated

    async def _stand_up(self, seat: SeatRow) -> None:
        """A house player out of the hand stands up now (chips back to the house)."""
        if await self._table.cashier.cash_out([seat.user_id]):
            (await self.styles()).pop(seat.user_id, None)
            self._table.io.post(content=Text("house_stands", name=safe_name(seat.name)))

    async def _stand_up_after_hand(self, seat: SeatRow) -> None:
        """A house player in the hand stands up when it ends (the table's leavers)."""
        await self._table.store.tables.update_seat(self._table.table_id, seat.user_id, leaving=True)

    async def tidy(self) -> list[SeatRow]:
        """Bring the house's seats in line with the table (under the lock), and return the
        seats: with no member left (or only leaving ones) every house player stands up (after
        the hand if in it); else house players out of the hand and short of the minimum buy-in
        are topped up, and the house fills empty seats up to the table's fill setting."""
        table = self._table
        seats = await table.cashier.seats()
        in_hand = self._in_hand()
        house = [s for s in seats if is_house(s.user_id) and not s.leaving]
        members = [s for s in seats if not is_house(s.user_id) and not s.leaving]
        if not house and not members:
            return seats
        if not members:
            for seat in house:
                if seat.user_id in in_hand:
                    await self._stand_up_after_hand(seat)
                else:
                    await self._stand_up(seat)
            return await table.cashier.seats()
        settings = await self._settings()
        for seat in house:
            short = seat.stack < settings.buyin_min or seat.sitting_out
            if short and seat.user_id not in in_hand:
                await table.cashier.top_up_house(seat, settings)
        fill, style = await table.store.house.fill(table.guild_id, table.channel_id)
        missing = min(fill, settings.seats) - len(seats)
        if missing > 0 and not (table.closing or table.closed):
            await self._sit_down(missing, style or SOLID.name, seats, settings)
        return await table.cashier.seats()

    async def before_deal(self, now: float, settings: Settings) -> list[SeatRow]:
        """The table's housekeeping before a deal (``Cashier.before_deal``: a restart between
        hands finishes the house's stand-ups there), the waiting members, then the house's."""
        await self._table.cashier.before_deal(now, settings.sitout_keep)
        await self._seat_waiting()
        return await self.tidy()

    async def after_hand(self) -> list[SeatRow]:
        """After the hand's leavers stood up: seat the members who waited for a house player's
        seat, sit out busted members, then tidy the house's seats."""
        await self._seat_waiting()
        await self._table.cashier.sit_out_busted()
        return await self.tidy()

    async def _seat_waiting(self) -> None:
        """Seat the members who waited for a house player's seat (each buy-in ends its wait in
        the store); one who cannot be seated stops waiting, and the channel is told."""
        table = self._table
        waiting = await self.waiting()
        for user_id, (name, buy_in) in list(waiting.items()):
            try:
                await table.cashier.sit_down(user_id, name, buy_in, await self._settings())
            except StoreUnavailable:
                raise  # still waiting: the session tries again once the store answers
            except StoreError as error:
                log.info("Table %s: waiting member not seated: %s", table.table_id, error)
                await table.store.tables.remove_waiting_member(table.table_id, user_id)
                table.io.post(content=Text("house_room_lost", name=safe_name(name)))
            else:
                table.io.post(content=Text("house_room_taken", name=safe_name(name)))
            del waiting[user_id]

    async def unqueue(self, user_id: int) -> bool:
        """The member stops waiting for a seat (``/poker leave``): whether they were waiting.
        The house player who was to make room for them still stands up after the hand."""
        return await self._table.handle(Unqueue(user_id))

    async def unqueue_now(self, user_id: int) -> bool:
        """``unqueue``, under the session's lock."""
        table = self._table
        waiting = await self.waiting()
        if user_id not in waiting:
            return False
        await table.store.tables.remove_waiting_member(table.table_id, user_id)
        del waiting[user_id]
        return True

    async def seat_member(self, user_id: int, name: str, buy_in: int | None) -> SeatRow:
        """Seat a member who joins (``Cashier.sit_down``). At a full table a house player makes
        room: one out of the hand stands up at once; else one stands up after the hand and the
        member sits then (``Refused`` tells them so)."""
        table = self._table
        settings = await self._settings()
        waiting = await self.waiting()
        try:
            seat = await table.cashier.sit_down(user_id, name, buy_in, settings)
        except TableFull:
            house = [s for s in await table.cashier.seats() if is_house(s.user_id)]
            free = [s for s in house if not s.leaving]
            if not free:
                raise
        else:
            waiting.pop(user_id, None)  # seated after all (its buy-in ended the wait)
            return seat
        if user_id in waiting:
            raise Refused(t("house_room_waiting"))
        in_hand = self._in_hand()
        idle = [s for s in free if s.user_id not in in_hand]
        if idle:
            await self._stand_up(idle[-1])
            return await table.cashier.sit_down(user_id, name, buy_in, settings)
        seat = free[-1]
        await table.store.tables.add_waiting_member(table.table_id, user_id, name, buy_in)
        waiting[user_id] = (name, buy_in)
        await self._stand_up_after_hand(seat)
        raise Refused(t("house_room_after_hand", name=safe_name(seat.name)))

    # ------------------------------------------------------------------ admin commands

    async def add(self, count: int, style: str) -> int:
        """Seat ``count`` house players now (as many as seats are free); how many sat down.
        Refused at a table with no member (they would only leave again) or no free seat."""
        if count < 1:
            raise Refused(t("house_count_invalid"))
        if style not in STYLES:
            raise Refused(t("house_style_invalid", styles=", ".join(LEVELS)))
        return await self._table.handle(AddHouse(count, style))

    async def add_now(self, count: int, style: str) -> int:
        """``add``, under the session's lock (which then applies the change of seats)."""
        table = self._table
        if table.closing or table.closed:
            raise Refused(t("table_closing"))
        seats = await table.cashier.seats()
        if not any(not is_house(s.user_id) and not s.leaving for s in seats):
            raise Refused(t("house_no_member"))
        settings = await self._settings()
        if len(seats) >= settings.seats:
            raise Refused(t("house_table_full", seats=settings.seats))
        seated = await self._sit_down(count, style, seats, settings)
        return len(seated)

    async def remove(self, count: int | None) -> tuple[int, int]:
        """Stand up ``count`` house players (all when None), the last seated first: (now,
        after the hand). Refused when there is none, or while the table is set to fill seats
        (they would sit down again)."""
        if count is not None and count < 1:
            raise Refused(t("house_count_invalid"))
        return await self._table.handle(RemoveHouse(count))

    async def remove_now(self, count: int | None) -> tuple[int, int]:
        """``remove``, under the session's lock (which then applies the change of seats)."""
        table = self._table
        fill, _style = await table.store.house.fill(table.guild_id, table.channel_id)
        if fill:
            raise Refused(t("house_fill_on", seats=fill))
        seats = await table.cashier.seats()
        house = [s for s in seats if is_house(s.user_id) and not s.leaving]
        if not house:
            raise Refused(t("house_none"))
        chosen = sorted(house, key=lambda s: s.seat, reverse=True)[:count]
        in_hand = self._in_hand()
        now = later = 0
        for seat in chosen:
            if seat.user_id in in_hand:
                await self._stand_up_after_hand(seat)
                later += 1
            else:
                await self._stand_up(seat)
                now += 1
        return now, later

    async def refill(self) -> None:
        """The fill setting changed: apply it now (an idle table may deal at once)."""
        await self._table.handle(RefillHouse())

"""House players: seated from the house's wallet, topped up, stood up, and where the house
fills seats.

The house's wallet is an ordinary wallet row under HOUSE_ACCOUNT_ID (no starting grant):
it buys each house player in, and takes the seat's chips back when the player stands up.
When it holds less than a buy-in, the shortfall is minted into it first ("grant", noted
"house float"), so every chip at a house seat is accounted like a member's.

Owns ``house_players`` and ``house_fill`` (a house player's seat is a ``seats`` row, its
wallet a ``wallets`` row, both written through ``chips`` and ``rows``).

Its SQL is below, beside its use (what other parts run too is in ``shared_sql``).
"""

from __future__ import annotations

import logging
import time

from bot.house.accounts import HOUSE_ACCOUNT_ID, HOUSE_PLAYER_IDS
from bot.store import chips, rows, shared_sql
from bot.store.backend import Tx
from bot.store.chips import (
    check_chips,
    check_id,
    check_setting,
    seat_account,
    wallet_account,
)
from bot.store.errors import (
    AlreadySeated,
    StoreError,
    TableFull,
)
from bot.store.models import (
    SeatRow,
    TableRow,
)
from bot.store.runner import Runner

log = logging.getLogger(__name__)

HOUSE_PLAYERS = "SELECT user_id, style FROM house_players WHERE table_id = ? ORDER BY user_id"

HOUSE_FILL = """
SELECT seats, style FROM house_fill
WHERE guild_id = ? AND channel_id IN (?, 0)
ORDER BY channel_id = 0
LIMIT 1
"""

HOUSE_FILLS = "SELECT channel_id, seats, style FROM house_fill WHERE guild_id = ?"

SET_HOUSE_FILL = """
INSERT INTO house_fill (guild_id, channel_id, seats, style, updated_at) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (guild_id, channel_id)
DO UPDATE SET seats = excluded.seats, style = excluded.style, updated_at = excluded.updated_at
"""

UNSIT_SEAT = """
UPDATE seats SET sitting_out = 0, sat_out_at = NULL WHERE table_id = ? AND user_id = ?
"""


class House:
    """``store.house``: the house players of every table."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def _house_to_seat(
        self, db: Tx, table: TableRow, user_id: int, amount: int, now: float
    ) -> None:
        """Move ``amount`` from the house's wallet (minting any shortfall) to the seat."""
        guild_id = table.guild_id
        await chips.debit_house(db, guild_id, amount, now, table_id=table.id)
        await chips.post(
            db,
            "buy_in",
            [
                (wallet_account(guild_id, HOUSE_ACCOUNT_ID), -amount),
                (seat_account(table.id, user_id), amount),
            ],
            now=now,
            guild_id=guild_id,
            table_id=table.id,
            note="house player",
        )

    @staticmethod
    def _check_house_player(user_id: object) -> int:
        if type(user_id) is not int or user_id not in HOUSE_PLAYER_IDS:
            raise StoreError("Unknown house player.")
        return user_id

    async def sit_down(
        self, table_id: int, user_id: int, name: str, style: str, amount: int
    ) -> SeatRow:
        """Seat a house player (``user_id`` one of ``HOUSE_PLAYER_IDS``) at the lowest free seat,
        bought in for ``amount`` from the house's wallet; ``TableFull`` when no seat is free."""
        self._check_house_player(user_id)
        check_chips(amount, "buy-in")

        async def body(db: Tx) -> SeatRow:
            now = time.time()
            table, settings = await rows.open_table(db, table_id)
            rows.cash_table(table)
            if await db.one(shared_sql.SEAT_OF, (table_id, user_id)) is not None:
                raise AlreadySeated("That house player is already seated here.")
            taken = {row[1] for row in await db.all(shared_sql.SEATS, (table_id,))}
            free = [number for number in range(settings.seats) if number not in taken]
            if not free:
                raise TableFull(
                    f"The table is full ({settings.seats} seats).",
                    key="error_table_full",
                    seats=settings.seats,
                )
            await self._house_to_seat(db, table, user_id, amount, now)
            seat_params = (table_id, user_id, free[0], name[:100], amount, 0, now)
            await db.run(shared_sql.INSERT_SEAT, seat_params)
            await db.run(shared_sql.INSERT_HOUSE_PLAYER, (table_id, user_id, style[:20], now))
            return await rows.get_seat(db, table_id, user_id)

        row = await self._runner.write(body)
        log.info("house player %s sat down at table %s seat %d", user_id, table_id, row.seat)
        return row

    async def top_up(self, table_id: int, user_id: int, amount: int) -> SeatRow:
        """Add ``amount`` from the house's wallet to a house player's stack between hands (and
        sit them in again if they had busted)."""
        self._check_house_player(user_id)
        check_chips(amount, "amount")

        async def body(db: Tx) -> SeatRow:
            table = rows.cash_table(await rows.get_table(db, table_id))
            await rows.get_seat(db, table_id, user_id)
            await rows.refuse_if_in_hand(db, table_id, user_id, "A hand is being played.")
            await self._house_to_seat(db, table, user_id, amount, time.time())
            await db.run(shared_sql.ADD_TO_SEAT, (amount, table_id, user_id))
            await db.run(UNSIT_SEAT, (table_id, user_id))
            return await rows.get_seat(db, table_id, user_id)

        return await self._runner.write(body)

    async def stand_up(self, table_id: int, user_id: int) -> int:
        """A house player stands up: the seat's chips go back to the house's wallet; returns
        them. Refused while the player is in an unsettled hand."""
        self._check_house_player(user_id)

        async def body(db: Tx) -> int:
            now = time.time()
            table = rows.cash_table(await rows.get_table(db, table_id))
            seat = await rows.get_seat(db, table_id, user_id)
            await rows.refuse_if_in_hand(db, table_id, user_id, "A hand is being played.")
            await db.run(shared_sql.DELETE_SEAT, (table_id, user_id))
            await db.run(shared_sql.DELETE_HOUSE_PLAYER, (table_id, user_id))
            if seat.stack:
                await db.run(
                    shared_sql.CREDIT_WALLET, (seat.stack, table.guild_id, HOUSE_ACCOUNT_ID)
                )
            await chips.post(
                db,
                "cash_out",
                [
                    (seat_account(table_id, user_id), -seat.stack),
                    (wallet_account(table.guild_id, HOUSE_ACCOUNT_ID), seat.stack),
                ],
                now=now,
                guild_id=table.guild_id,
                table_id=table_id,
                note="house player",
            )
            return seat.stack

        amount = await self._runner.write(body)
        log.info("house player %s stood up from table %s with %d", user_id, table_id, amount)
        return amount

    async def players(self, table_id: int) -> dict[int, str]:
        """The house players seated at a table: user id -> style name."""
        found = await self._runner.select_all(HOUSE_PLAYERS, (table_id,))
        return {int(user_id): str(style) for user_id, style in found}

    async def balance(self, guild_id: int) -> int:
        """Chips in the house's wallet in this server (0 before its first buy-in)."""
        check_id(guild_id, "server")
        row = await self._runner.select_one(shared_sql.WALLET, (guild_id, HOUSE_ACCOUNT_ID))
        return 0 if row is None else int(row[0])

    async def fill(self, guild_id: int, channel_id: int) -> tuple[int, str | None]:
        """(seats, style) the house fills at this channel's table (the channel's own setting,
        else the server's); (0, None) when it fills none."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        row = await self._runner.select_one(HOUSE_FILL, (guild_id, channel_id))
        return (0, None) if row is None else (int(row[0]), str(row[1]))

    async def fills(self, guild_id: int) -> dict[int, tuple[int, str]]:
        """Every fill setting of a server: channel id (0: the server's default) -> (seats,
        style)."""
        check_id(guild_id, "server")
        found = await self._runner.select_all(HOUSE_FILLS, (guild_id,))
        return {int(channel): (int(seats), str(style)) for channel, seats, style in found}

    async def set_fill(self, guild_id: int, channel_id: int | None, seats: int, style: str) -> None:
        """Fill up to ``seats`` seats with house players of ``style`` at this channel's table
        (``channel_id`` None: the server's default) when a member is seated; 0 = never."""
        check_id(guild_id, "server")
        if channel_id is not None:
            check_id(channel_id, "channel")
        check_setting(seats, "number of seats", 0, 10)

        async def body(db: Tx) -> None:
            params = (guild_id, channel_id or 0, seats, style[:20], time.time())
            await db.run(SET_HOUSE_FILL, params)

        await self._runner.write(body)

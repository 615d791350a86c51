"""Tables and their seats: opening a table (within the server's limit per member), a buy-in,
a top-up and a cash-out, the seats' flags, closing, and the queue of members waiting for a
house player's seat.

Owns ``poker_tables``, ``seats`` and ``waiting_members``.

Its SQL is below, beside its use (what other parts run too is in ``shared_sql``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from typing import Any

from bot.store import chips, rows, shared_sql
from bot.store.backend import Tx
from bot.store.chips import (
    MAX_TABLE_SEATS,
    check_chips,
    check_id,
)
from bot.store.errors import (
    AlreadySeated,
    HandInProgress,
    InsufficientFunds,
    InvalidAmount,
    NotSeated,
    SeatTaken,
    StoreError,
    TableFull,
    TableLimit,
    TableNotFound,
)
from bot.store.models import (
    KIND_CASH,
    TABLE_CLOSED,
    TABLE_STATUSES,
    LobbySeat,
    LobbyTable,
    QueuedChips,
    SeatRow,
    TableRow,
)
from bot.store.runner import Runner

log = logging.getLogger(__name__)

CREATE_TABLE = """
INSERT INTO poker_tables (guild_id, channel_id, status, created_at, opened_by, empty_since,
                          opened_at)
VALUES (?1, ?2, 'open', ?3, ?4, ?5, ?3)
"""

REOPEN_TABLE = """
UPDATE poker_tables
SET status = 'open', opened_by = ?1, empty_since = ?2, opened_at = ?2, paused_by = NULL
WHERE id = ?3 AND status = 'closed'
"""

# The channels of the open tables a member opened in a server (the per-member limit).
TABLES_OPENED_BY = """
SELECT channel_id FROM poker_tables
WHERE guild_id = ? AND opened_by = ? AND status != 'closed'
ORDER BY id
"""

MARK_TABLE_TAKEN = """
UPDATE poker_tables SET empty_since = NULL WHERE id = ? AND empty_since IS NOT NULL
"""

OPEN_TABLES = (
    f"SELECT {shared_sql.TABLE_COLUMNS} FROM poker_tables WHERE status != 'closed' ORDER BY id"
)

OPEN_TABLES_OF_GUILD = (
    f"SELECT {shared_sql.TABLE_COLUMNS} FROM poker_tables "
    "WHERE guild_id = ? AND status != 'closed' ORDER BY id"
)

SET_TABLE_MESSAGE = "UPDATE poker_tables SET message_id = ? WHERE id = ?"

SET_TABLE_STATUS = "UPDATE poker_tables SET status = ? WHERE id = ?"

SET_BUTTON = "UPDATE poker_tables SET button_seat = ? WHERE id = ?"

CLOSE_TABLE = "UPDATE poker_tables SET status = 'closed', button_seat = NULL WHERE id = ?"

QUEUE_TOP_UP = "UPDATE seats SET topup = ? WHERE table_id = ? AND user_id = ? AND leaving = 0"

CLEAR_TOP_UP = "UPDATE seats SET topup = 0 WHERE table_id = ? AND user_id = ?"

SET_TIME_BANK = "UPDATE seats SET time_bank = ?, bank_hands = ? WHERE table_id = ? AND user_id = ?"

SET_TABLE_PAUSED = "UPDATE poker_tables SET paused_by = ? WHERE id = ?"

# update_seat builds its SET list from these fixed fragments only.
SEAT_UPDATES = {
    "sitting_out": "sitting_out = ?",
    "sat_out_at": "sat_out_at = ?",
    "leaving": "leaving = ?",
    "topup": "topup = ?",
    "dm_ok": "dm_ok = ?",
    "name": "name = ?",
}

UPDATE_SEAT = "UPDATE seats SET {assignments} WHERE table_id = ? AND user_id = ?"

SEAT_JOINED_AT = "SELECT joined_at FROM seats WHERE table_id = ? AND user_id = ?"

# The lobby's figures are cash play's: a tournament table or hand moves no wallet chips.
LOBBY_TABLES = """
SELECT id, channel_id FROM poker_tables
WHERE guild_id = ? AND status = 'open' AND tournament_id IS NULL
ORDER BY id
"""

LOBBY_SEATS = """
SELECT s.table_id, s.user_id, s.name
FROM seats AS s JOIN poker_tables AS t ON t.id = s.table_id
WHERE t.guild_id = ? AND t.status = 'open' AND t.tournament_id IS NULL
ORDER BY s.table_id, s.seat
"""

LOBBY_STAKES = "SELECT channel_id, small_bet, cap FROM channel_stakes WHERE guild_id = ?"

# Hands settled per table since a time, and the chips they paid out (their pots).
LOBBY_HANDS = """
SELECT h.table_id, count(DISTINCT h.id), coalesce(sum(p.won), 0)
FROM hands AS h JOIN hand_players AS p ON p.hand_id = h.id
WHERE h.guild_id = ? AND h.status = 'settled' AND h.ended_at >= ?
  AND h.tournament_id IS NULL
GROUP BY h.table_id
"""

# Members waiting for a house player's seat at a full table (seated after the hand).
WAITING_MEMBERS = """
SELECT user_id, name, buy_in FROM waiting_members WHERE table_id = ? ORDER BY created_at, user_id
"""

INSERT_WAITING_MEMBER = """
INSERT INTO waiting_members (table_id, user_id, name, buy_in, created_at) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (table_id, user_id) DO NOTHING
"""

DELETE_WAITING_MEMBER = "DELETE FROM waiting_members WHERE table_id = ? AND user_id = ?"


class Tables:
    """``store.tables``: the tables of every server and who sits at them."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def _check_table_limit(self, db: Tx, guild_id: int, user_id: int) -> None:
        """``TableLimit`` if the member already opened as many open tables as the server
        allows."""
        limit = (await rows.guild_settings(db, guild_id)).tables_per_member
        channels = [int(row[0]) for row in await db.all(TABLES_OPENED_BY, (guild_id, user_id))]
        if len(channels) >= limit:
            raise TableLimit(channels, limit)

    async def verify_limit(self, guild_id: int, channel_id: int, user_id: int) -> None:
        """Whether the member may sit down here as far as the server's limit of open tables per
        member goes: a channel with an open table is always fine; opening one more is refused
        (``TableLimit``) when the member already opened as many as the server allows. A read:
        ``get_or_create(..., limited=True)`` checks again as it opens the table."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        check_id(user_id, "member")

        async def body(db: Tx) -> None:
            row = await db.one(shared_sql.TABLE_BY_CHANNEL, (guild_id, channel_id))
            if row is None or row[3] == TABLE_CLOSED:
                await self._check_table_limit(db, guild_id, user_id)

        await self._runner.read(body)

    async def verify_buy_in(
        self, guild_id: int, channel_id: int, user_id: int, amount: int | None
    ) -> int:
        """The buy-in ``/poker join`` would make here (``amount``, or the default when None),
        or ``InvalidAmount`` / ``InsufficientFunds`` saying why not. Reads only: a refused join
        must change nothing, not even open a table or a wallet (a member with no wallet yet
        counts the starting wallet)."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        check_id(user_id, "member")

        async def body(db: Tx) -> int:
            settings = await rows.table_settings(db, guild_id, channel_id)
            chosen = settings.buyin_default if amount is None else amount
            check_chips(chosen, "buy-in")
            low, high = settings.buyin_min, settings.buyin_max
            if not low <= chosen <= high:
                raise InvalidAmount(
                    f"The buy-in must be between {low:,} and {high:,} chips.",
                    key="buyin_range",
                    minimum=low,
                    maximum=high,
                )
            row = await db.one(shared_sql.WALLET, (guild_id, user_id))
            balance = settings.start_wallet if row is None else int(row[0])
            if balance < chosen:
                raise InsufficientFunds(
                    f"You have only {balance:,} chips in your wallet; this buy-in needs "
                    f"{chosen:,}.",
                    balance=balance,
                    needed=chosen,
                )
            return chosen

        return await self._runner.read(body)

    async def get_or_create(
        self,
        guild_id: int,
        channel_id: int,
        *,
        opened_by: int | None = None,
        limited: bool = False,
    ) -> TableRow:
        """This channel's table, opening one if there is none (a closed one is reopened) on
        behalf of ``opened_by``; ``limited``: refused (``TableLimit``) when that member already
        opened as many open tables in the server as it allows (admins are not limited). A
        table where a tournament is played is returned as it is (a buy-in there is refused)."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        if opened_by is not None:
            check_id(opened_by, "member")

        async def body(db: Tx) -> TableRow:
            now = time.time()
            row = await db.one(shared_sql.TABLE_BY_CHANNEL, (guild_id, channel_id))
            if row is not None and row[3] != TABLE_CLOSED:
                return rows.table_row(row)
            if limited and opened_by is not None:
                await self._check_table_limit(db, guild_id, opened_by)
            if row is None:
                await db.run(CREATE_TABLE, (guild_id, channel_id, now, opened_by, now))
                log.info("table opened in guild %s channel %s", guild_id, channel_id)
            else:
                await db.run(REOPEN_TABLE, (opened_by, now, row[0]))
                log.info("table %s reopened", row[0])
            return rows.table_row(await db.one(shared_sql.TABLE_BY_CHANNEL, (guild_id, channel_id)))

        return await self._runner.write(body)

    async def opened_by(self, guild_id: int, user_id: int) -> list[int]:
        """The channels of the open tables the member opened in this server, oldest first."""
        check_id(guild_id, "server")
        found = await self._runner.select_all(TABLES_OPENED_BY, (guild_id, user_id))
        return [int(row[0]) for row in found]

    async def get(self, table_id: int) -> TableRow:
        """One table by id (TableNotFound if none)."""
        return await self._runner.read(lambda db: rows.get_table(db, table_id))

    async def for_channel(self, guild_id: int, channel_id: int) -> TableRow | None:
        """This channel's table if one was ever opened, without creating one."""
        row = await self._runner.select_one(shared_sql.TABLE_BY_CHANNEL, (guild_id, channel_id))
        return None if row is None else rows.table_row(row)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the channel message that shows the table (edited in place)."""
        if message_id is not None:
            check_id(message_id, "message")
        await self._update_table(SET_TABLE_MESSAGE, (message_id, table_id))

    async def set_status(self, table_id: int, status: str) -> None:
        """Mark a table open, closing (ends after this hand) or closed."""
        if status not in TABLE_STATUSES:
            raise StoreError(f"Unknown table status {status!r}.")
        await self._update_table(SET_TABLE_STATUS, (status, table_id))

    async def set_button(self, table_id: int, seat: int | None) -> None:
        """Remember which seat has the dealer button."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < MAX_TABLE_SEATS):
            raise StoreError("There is no such seat.")
        await self._update_table(SET_BUTTON, (seat, table_id))

    async def set_paused(self, table_id: int, user_id: int | None) -> None:
        """Pause the table (``user_id``: the admin who did; no deal until resumed) or resume it
        (None)."""
        if user_id is not None:
            check_id(user_id, "member")
        await self._update_table(SET_TABLE_PAUSED, (user_id, table_id))

    async def set_time_banks(
        self, table_id: int, banks: Mapping[int, tuple[float | None, int]]
    ) -> None:
        """Remember each player's time bank: user id -> (seconds left, None for the server's
        start; hands since it grew)."""

        async def body(db: Tx) -> None:
            for user_id, (seconds, hands) in sorted(banks.items()):
                kept = None if seconds is None else float(seconds)
                await db.run(SET_TIME_BANK, (kept, int(hands), table_id, user_id))

        if banks:
            await self._runner.write(body, immediate=False)

    async def _update_table(self, sql: str, params: tuple[Any, ...]) -> None:
        async def body(db: Tx) -> None:
            if await db.run(sql, params) != 1:
                raise TableNotFound("There is no such table.", key="error_no_table")

        await self._runner.write(body, immediate=False)

    async def not_closed(self) -> list[TableRow]:
        """Tables not closed (open or closing), for sessions to restore after a restart."""
        found = await self._runner.select_all(OPEN_TABLES)
        return [rows.table_row(row) for row in found]

    async def not_closed_in(self, guild_id: int) -> list[TableRow]:
        """A server's tables not closed (open or closing), oldest first."""
        check_id(guild_id, "server")
        found = await self._runner.select_all(OPEN_TABLES_OF_GUILD, (guild_id,))
        return [rows.table_row(row) for row in found]

    async def seats(self, table_id: int) -> list[SeatRow]:
        """The seated players of a table in seat order."""
        found = await self._runner.select_all(shared_sql.SEATS, (table_id,))
        return [rows.seat_row(row) for row in found]

    async def seat_of(self, table_id: int, user_id: int) -> SeatRow | None:
        """A player's seat at this table, or None."""
        row = await self._runner.select_one(shared_sql.SEAT_OF, (table_id, user_id))
        return None if row is None else rows.seat_row(row)

    async def buy_in(
        self,
        table_id: int,
        user_id: int,
        name: str,
        amount: int,
        *,
        seat: int | None = None,
        minimum: int | None = None,
        maximum: int | None = None,
        dm_ok: bool = True,
    ) -> SeatRow:
        """Sit down: move ``amount`` chips from the wallet into escrow at a free seat.

        ``minimum``/``maximum`` default to the table's buy-in range; ``seat`` None takes the
        lowest free seat. The wallet is created (with the starting grant) if needed.
        """
        check_id(user_id, "member")
        if not isinstance(name, str):
            raise StoreError("A player needs a name.")
        check_chips(amount, "buy-in")
        if seat is not None and type(seat) is not int:
            raise StoreError("There is no such seat.")
        for bound in (minimum, maximum):
            if bound is not None:
                check_chips(bound, "buy-in limit")

        async def body(db: Tx) -> SeatRow:
            now = time.time()
            table, settings = await rows.open_table(db, table_id)
            rows.cash_table(table)
            low = settings.buyin_min if minimum is None else minimum
            high = settings.buyin_max if maximum is None else maximum
            if not low <= amount <= high:
                raise InvalidAmount(
                    f"The buy-in must be between {low:,} and {high:,} chips.",
                    key="buyin_range",
                    minimum=low,
                    maximum=high,
                )
            existing = await db.one(shared_sql.SEAT_OF, (table_id, user_id))
            if existing is not None:
                raise AlreadySeated(
                    f"You are already seated at this table (seat {existing[1] + 1})."
                )
            taken = {row[1] for row in await db.all(shared_sql.SEATS, (table_id,))}
            if seat is None:
                free = [number for number in range(settings.seats) if number not in taken]
                if not free:
                    raise TableFull(
                        f"The table is full ({settings.seats} seats).",
                        key="error_table_full",
                        seats=settings.seats,
                    )
                chosen = free[0]
            else:
                if not 0 <= seat < settings.seats:
                    raise StoreError(f"Seats are numbered 1 to {settings.seats}.")
                if seat in taken:
                    if len(taken) >= settings.seats:
                        raise TableFull(
                            f"The table is full ({settings.seats} seats).",
                            key="error_table_full",
                            seats=settings.seats,
                        )
                    raise SeatTaken(
                        f"Seat {seat + 1} is taken.", key="error_seat_taken", seat=seat + 1
                    )
                chosen = seat
            await chips.wallet_to_seat(db, table, user_id, amount, now, "this buy-in needs")
            await db.run(
                shared_sql.INSERT_SEAT,
                (table_id, user_id, chosen, name[:100], amount, int(dm_ok), now),
            )
            await db.run(MARK_TABLE_TAKEN, (table_id,))
            await db.run(DELETE_WAITING_MEMBER, (table_id, user_id))
            return await rows.get_seat(db, table_id, user_id)

        row = await self._runner.write(body)
        log.info(
            "user %s bought in for %d at table %s seat %d", user_id, amount, table_id, row.seat
        )
        return row

    async def add_chips(
        self,
        table_id: int,
        user_id: int,
        amount: int,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> SeatRow:
        """Top up a seated player's stack from the wallet between hands (never above the maximum).

        ``minimum`` is accepted for symmetry with ``buy_in``; the top-up itself only needs to be
        positive, and the resulting stack must not exceed ``maximum`` (default: the table's).
        """
        check_id(user_id, "member")
        check_chips(amount, "amount")
        for bound in (minimum, maximum):
            if bound is not None:
                check_chips(bound, "buy-in limit")

        async def body(db: Tx) -> SeatRow:
            now = time.time()
            table = rows.cash_table(await rows.get_table(db, table_id))
            seat = await rows.get_seat(db, table_id, user_id)
            await rows.refuse_if_in_hand(
                db, table_id, user_id, "You can add chips between hands, not during one."
            )
            settings = await rows.table_settings(db, table.guild_id, table.channel_id)
            high = settings.buyin_max if maximum is None else maximum
            if seat.stack + amount > high:
                room = max(0, high - seat.stack)
                raise InvalidAmount(
                    f"You can have at most {high:,} chips on the table; "
                    f"you can add up to {room:,}.",
                    key="error_table_limit",
                    maximum=high,
                    room=room,
                )
            await chips.wallet_to_seat(
                db, table, user_id, amount, now, "that needs", note="add chips"
            )
            await db.run(shared_sql.ADD_TO_SEAT, (amount, table_id, user_id))
            return await rows.get_seat(db, table_id, user_id)

        return await self._runner.write(body)

    rebuy = add_chips

    async def queue_top_up(self, table_id: int, user_id: int, queued: int) -> None:
        """The player's queue holds ``queued`` chips in all now, added before the next deal
        (``add_queued_chips``); the chips stay in the wallet until then. A value, not an
        addition, so running the call again is harmless (``postgres.py``). Refused when the
        wallet holds less (``InsufficientFunds``) or is frozen (``WalletFrozen``), or the
        player is leaving (``NotSeated``)."""
        check_id(user_id, "member")
        check_chips(queued, "amount")

        async def body(db: Tx) -> None:
            table = rows.cash_table(await rows.get_table(db, table_id))
            await rows.get_seat(db, table_id, user_id)
            await chips.refuse_frozen(db, table.guild_id, user_id)
            balance, _ = await chips.ensure_wallet(db, table.guild_id, user_id, time.time())
            if queued > balance:
                raise InsufficientFunds(
                    f"You have only {balance:,} chips in your wallet; that needs {queued:,}.",
                    balance=balance,
                    needed=queued,
                )
            if await db.run(QUEUE_TOP_UP, (queued, table_id, user_id)) != 1:
                raise NotSeated("You are leaving this table.", key="topup_leaving")

        await self._runner.write(body)

    async def add_queued_chips(self, table_id: int, user_id: int, maximum: int) -> QueuedChips:
        """Before a deal: add the player's queued top-up from their wallet (as much as
        ``maximum`` on the table leaves room for), and empty the queue, in one transaction, so
        a crash neither loses nor repeats it. What was added, and why not all of it (the
        wallet no longer holds it, or an admin froze it meanwhile: nothing is added, and the
        queue is emptied all the same)."""
        check_id(user_id, "member")
        check_chips(maximum, "buy-in limit")

        async def body(db: Tx) -> QueuedChips:
            table = rows.cash_table(await rows.get_table(db, table_id))
            seat = await rows.get_seat(db, table_id, user_id)
            queued = seat.topup
            amount = min(queued, maximum - seat.stack)
            await db.run(CLEAR_TOP_UP, (table_id, user_id))
            if amount <= 0:
                return QueuedChips(0, queued, "room" if queued > 0 else "")
            await rows.refuse_if_in_hand(
                db, table_id, user_id, "You can add chips between hands, not during one."
            )
            if await rows.frozen(db, table.guild_id, user_id):
                log.info("user %s: a queued top-up at table %s dropped (frozen)", user_id, table_id)
                return QueuedChips(0, queued, "frozen")
            balance, _ = await chips.ensure_wallet(db, table.guild_id, user_id, time.time())
            if balance < amount:
                log.info(
                    "user %s: a top-up of %d at table %s was not made (wallet %d)",
                    user_id,
                    amount,
                    table_id,
                    balance,
                )
                return QueuedChips(0, queued, "wallet", balance)
            await chips.wallet_to_seat(
                db, table, user_id, amount, time.time(), "that needs", note="add chips"
            )
            await db.run(shared_sql.ADD_TO_SEAT, (amount, table_id, user_id))
            return QueuedChips(amount, queued, "room" if amount < queued else "")

        return await self._runner.write(body)

    async def cash_out(self, table_id: int, user_id: int) -> int:
        """Stand up: the seat's chips go back to the wallet and the seat is freed.

        Refused while the player is in an unsettled hand (the session cashes them out after
        ``hands.settle``); a second cash-out raises NotSeated.
        """
        check_id(user_id, "member")

        async def body(db: Tx) -> int:
            table = rows.cash_table(await rows.get_table(db, table_id))
            seat = await rows.get_seat(db, table_id, user_id)
            await rows.refuse_if_in_hand(
                db, table_id, user_id, "You are in a hand; you'll be cashed out when it ends."
            )
            return await chips.cash_out(db, table, seat, time.time())

        amount = await self._runner.write(body)
        log.info("user %s cashed out %d from table %s", user_id, amount, table_id)
        return amount

    async def update_seat(
        self,
        table_id: int,
        user_id: int,
        *,
        sitting_out: bool | None = None,
        leaving: bool | None = None,
        dm_ok: bool | None = None,
        name: str | None = None,
    ) -> SeatRow:
        """Change a seat's flags; sitting out stamps ``sat_out_at`` (kept while still out)."""
        check_id(user_id, "member")

        async def body(db: Tx) -> SeatRow:
            seat = await rows.get_seat(db, table_id, user_id)
            assignments: list[str] = []
            params: list[Any] = []
            if sitting_out is not None:
                assignments.append(SEAT_UPDATES["sitting_out"])
                params.append(int(bool(sitting_out)))
                if sitting_out and not seat.sitting_out:
                    assignments.append(SEAT_UPDATES["sat_out_at"])
                    params.append(time.time())
                elif not sitting_out:
                    assignments.append(SEAT_UPDATES["sat_out_at"])
                    params.append(None)
            for column, value in (("leaving", leaving), ("dm_ok", dm_ok)):
                if value is not None:
                    assignments.append(SEAT_UPDATES[column])
                    params.append(int(bool(value)))
            if leaving:  # a leaver's queued top-up is dropped (its chips never left the wallet)
                assignments.append(SEAT_UPDATES["topup"])
                params.append(0)
            if name is not None:
                assignments.append(SEAT_UPDATES["name"])
                params.append(str(name)[:100])
            if assignments:
                sql = UPDATE_SEAT.format(assignments=", ".join(assignments))
                await db.run(sql, (*params, table_id, user_id))
            return await rows.get_seat(db, table_id, user_id)

        return await self._runner.write(body)

    async def close(self, table_id: int) -> dict[int, int]:
        """Cash everyone out and close the table; returns chips returned per player.

        Refused while a hand is running: mark the table "closing" and call this after the hand.
        A tournament's table is refused (``TournamentTable``): ``tournaments.finish`` or
        ``cancel`` closes it.
        """

        async def body(db: Tx) -> dict[int, int]:
            now = time.time()
            table = rows.cash_table(await rows.get_table(db, table_id))
            if await db.one(shared_sql.RUNNING_HAND_AT_TABLE, (table_id,)) is not None:
                raise HandInProgress(
                    "A hand is still being played; the table closes after it.",
                    key="error_hand_running",
                )
            returned: dict[int, int] = {}
            for row in await db.all(shared_sql.SEATS, (table_id,)):
                seat = rows.seat_row(row)
                returned[seat.user_id] = await chips.cash_out(db, table, seat, now)
            await db.run(CLOSE_TABLE, (table_id,))
            await db.run(shared_sql.DELETE_TABLE_WAITING, (table_id,))
            return returned

        returned = await self._runner.write(body)
        log.info("table %s closed; %d players cashed out", table_id, len(returned))
        return returned

    async def joined_at(self, table_id: int, user_id: int) -> float | None:
        """Since when the player sits at this table (None if they do not)."""
        row = await self._runner.select_one(SEAT_JOINED_AT, (table_id, user_id))
        return None if row is None else float(row[0])

    async def lobby(self, guild_id: int, since: float) -> list[LobbyTable]:
        """The server's open tables (not closing), oldest first, with who sits there, their
        stakes and the hands settled since ``since``: four statements, however many tables."""
        check_id(guild_id, "server")

        async def body(db: Tx) -> list[LobbyTable]:
            settings = await rows.guild_settings(db, guild_id)
            tables = await db.all(LOBBY_TABLES, (guild_id,))
            players: dict[int, list[LobbySeat]] = {}
            for table_id, user_id, name in await db.all(LOBBY_SEATS, (guild_id,)):
                players.setdefault(int(table_id), []).append(LobbySeat(int(user_id), str(name)))
            stakes = {
                int(channel): (int(small_bet), settings.cap if cap is None else int(cap))
                for channel, small_bet, cap in await db.all(LOBBY_STAKES, (guild_id,))
            }
            hands = {
                int(table_id): (int(count), int(pots))
                for table_id, count, pots in await db.all(LOBBY_HANDS, (guild_id, since))
            }
            found = []
            for table_id, channel_id in tables:
                small_bet, cap = stakes.get(int(channel_id), (settings.small_bet, settings.cap))
                count, pots = hands.get(int(table_id), (0, 0))
                found.append(
                    LobbyTable(
                        table_id=int(table_id),
                        channel_id=int(channel_id),
                        kind=KIND_CASH,
                        small_bet=small_bet,
                        cap=cap,
                        seats=settings.seats,
                        players=tuple(players.get(int(table_id), ())),
                        hands_last_hour=count,
                        pots_last_hour=pots,
                    )
                )
            return found

        return await self._runner.read(body)

    async def waiting_members(self, table_id: int) -> dict[int, tuple[str, int | None]]:
        """Members waiting for a house player's seat at this table, first come first: user id
        -> (name, buy-in or None for the table's default)."""
        found = await self._runner.select_all(WAITING_MEMBERS, (table_id,))
        return {
            int(user_id): (str(name), None if buy_in is None else int(buy_in))
            for user_id, name, buy_in in found
        }

    async def add_waiting_member(
        self, table_id: int, user_id: int, name: str, buy_in: int | None
    ) -> None:
        """The member waits for a house player's seat at this full table (seated after the
        hand); their buy-in then leaves the wallet, not now. ``buy_in`` None: the default."""
        check_id(user_id, "member")
        if buy_in is not None:
            check_chips(buy_in, "buy-in")

        async def body(db: Tx) -> None:
            await rows.get_table(db, table_id)
            params = (table_id, user_id, str(name)[:100], buy_in, time.time())
            await db.run(INSERT_WAITING_MEMBER, params)

        await self._runner.write(body)

    async def remove_waiting_member(self, table_id: int, user_id: int) -> bool:
        """The member no longer waits for a seat here; whether they were waiting."""
        check_id(user_id, "member")

        async def body(db: Tx) -> bool:
            return await db.run(DELETE_WAITING_MEMBER, (table_id, user_id)) > 0

        return await self._runner.write(body)

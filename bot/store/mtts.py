"""Multi-table tournaments (MTTs): registered for like a sit-and-go (buy-ins from the wallet
into the tournament's escrow), started over several tables at once (each a ``poker_tables``
row of its own thread, the seating the caller drew with ``bot.tournament.balance``), then
balanced, broken and joined late, each seat moving with its tournament chips between tables
in ONE ledger transaction that never touches a wallet; players placed across tables as their
hands leave them with no chips; prizes paid from the escrow at the finish by the payout preset
(``bot.tournament.payouts``), or every buy-in refunded when it is cancelled before the money.

A tournament's row is the sit-and-go's (``tournaments``, ``kind = 'mtt'``, ``seats`` the seats
of each table, ``table_id`` NULL), its entrants are ``tournament_entries``; so its tables'
seats and pots count as its tournament chips in the audit (``poker_tables.tournament_id``),
and stats and leaderboards read tournaments of either kind alike.

Owns ``mtts``, ``mtt_tables`` and ``mtt_moves``; writes the ``tournaments`` and
``tournament_entries`` rows of its MTTs, and the seats, ``house_players`` and ``poker_tables``
rows of their tables. Its SQL is below, beside its use.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.house.accounts import HOUSE_PLAYER_IDS, is_house
from bot.store import chips, rows, shared_sql
from bot.store.backend import Tx
from bot.store.chips import (
    MAX_CHIPS,
    check_chips,
    check_id,
    check_setting,
    escrow_account,
    seat_account,
    tournament_chips_account,
)
from bot.store.errors import (
    AlreadyRegistered,
    ChipsNotConserved,
    InsufficientFunds,
    InvalidAmount,
    InvalidSetting,
    NotRegistered,
    StoreError,
    TableBusy,
    TooFewEntrants,
    TournamentClosed,
    TournamentExists,
    TournamentFull,
    TournamentNotFound,
    TournamentStarted,
)
from bot.store.models import (
    TABLE_CLOSED,
    TOURNAMENT_REGISTERING,
    TOURNAMENT_RUNNING,
    EntryRow,
    TournamentRow,
)
from bot.store.runner import Runner
from bot.tournament import STRUCTURES, Finish, finishes, from_button
from bot.tournament.balance import MAX_FIELD, SEATS_PER_TABLE, hand_for_hand
from bot.tournament.payouts import PRESETS, mtt_prizes

log = logging.getLogger(__name__)

MIN_FIELD = 2
MAX_LATE_LEVELS = 20
MIN_START_STACK = 20
MAX_START_STACK = 1_000_000
MAX_LEVEL_MINUTES = 120
MAX_LEVEL_HANDS = 100
MAX_START_MINUTES = 7 * 24 * 60
"""The latest start an MTT may be given: a week from its creation (as a sit-and-go)."""

MOVE_REASONS = ("balance", "break", "late")

MTT_COLUMNS = "tournament_id, field, late_levels, payouts, event_id, hand_for_hand"

MTT = f"SELECT {MTT_COLUMNS} FROM mtts WHERE tournament_id = ?"

INSERT_TOURNAMENT = """
INSERT INTO tournaments (guild_id, channel_id, status, created_by, created_at, buy_in, seats,
                         start_stack, level_minutes, level_hands, structure, starts_at, kind)
VALUES (?, ?, 'registering', ?, ?, ?, ?, ?, ?, ?, ?, ?, 'mtt')
"""

INSERT_MTT = """
INSERT INTO mtts (tournament_id, field, late_levels, payouts) VALUES (?, ?, ?, ?)
"""

TOURNAMENT_FOR_CHANNEL = f"""
SELECT {rows.TOURNAMENT_COLUMNS} FROM tournaments
WHERE guild_id = ? AND channel_id = ? AND status IN ('registering', 'running')
"""

MTTS_RUNNING = (
    f"SELECT {rows.TOURNAMENT_COLUMNS} FROM tournaments"
    " WHERE status = 'running' AND kind = 'mtt' ORDER BY id"
)

MTTS_DUE = f"""
SELECT {rows.TOURNAMENT_COLUMNS} FROM tournaments
WHERE status = 'registering' AND kind = 'mtt' AND starts_at IS NOT NULL AND starts_at <= ?
ORDER BY starts_at, id
"""

SET_EVENT = "UPDATE mtts SET event_id = ? WHERE tournament_id = ?"

SET_HAND_FOR_HAND = "UPDATE mtts SET hand_for_hand = ? WHERE tournament_id = ?"

INSERT_ENTRY = """
INSERT INTO tournament_entries (tournament_id, user_id, name, style, registered_at)
VALUES (?, ?, ?, ?, ?)
"""

CREATE_TABLE = """
INSERT INTO poker_tables (guild_id, channel_id, status, created_at, opened_by, empty_since,
                          opened_at, tournament_id)
VALUES (?1, ?2, 'open', ?3, NULL, NULL, ?3, ?4)
"""

INSERT_MTT_TABLE = """
INSERT INTO mtt_tables (tournament_id, number, table_id, opened_at) VALUES (?, ?, ?, ?)
"""

MTT_TABLES = """
SELECT m.number, m.table_id, t.channel_id, m.broken_at, t.button_seat, m.break_told
FROM mtt_tables AS m JOIN poker_tables AS t ON t.id = m.table_id
WHERE m.tournament_id = ?
ORDER BY m.number
"""

BREAK_MTT_TABLE = """
UPDATE mtt_tables SET broken_at = ?, break_told = 0
WHERE tournament_id = ? AND table_id = ? AND broken_at IS NULL
"""

BREAK_TOLD = """
UPDATE mtt_tables SET break_told = 1
WHERE tournament_id = ? AND table_id = ? AND broken_at IS NOT NULL
"""

START = """
UPDATE tournaments SET status = 'running', started_at = ? WHERE id = ? AND status = 'registering'
"""

FINISH = """
UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ? AND status = 'running'
"""

CANCEL = """
UPDATE tournaments SET status = 'cancelled', finished_at = ?, cancel_reason = ?
WHERE id = ? AND status IN ('registering', 'running')
"""

# A seat moved with everything it holds (its stack, away flags, time bank) to another table.
MOVE_SEAT = """
INSERT INTO seats (table_id, user_id, seat, name, stack, sitting_out, sat_out_at, leaving, dm_ok,
                   joined_at, time_bank, bank_hands, topup)
SELECT ?, user_id, ?, name, stack, sitting_out, sat_out_at, leaving, dm_ok, ?, time_bank,
       bank_hands, topup
FROM seats WHERE table_id = ? AND user_id = ?
"""

MOVE_HOUSE_PLAYER = "UPDATE house_players SET table_id = ? WHERE table_id = ? AND user_id = ?"

INSERT_MOVE = """
INSERT INTO mtt_moves (tournament_id, user_id, from_table, to_table, seat, stack, reason,
                       moved_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
"""

MOVES = """
SELECT id, user_id, from_table, to_table, seat, stack, reason, moved_at
FROM mtt_moves WHERE tournament_id = ? ORDER BY id
"""

SEAT_TAKEN = "SELECT user_id FROM seats WHERE table_id = ? AND seat = ?"

INSERT_PENDING_OUT = """
INSERT INTO mtt_pending_outs (tournament_id, user_id, table_number, seat, button_seat,
                              start_stack, out_at)
VALUES (?, ?, ?, ?, ?, ?, ?)
"""

PENDING_OUTS = """
SELECT user_id, table_number, seat, button_seat, start_stack
FROM mtt_pending_outs WHERE tournament_id = ?
"""

DELETE_PENDING_OUTS = "DELETE FROM mtt_pending_outs WHERE tournament_id = ?"


@dataclass(frozen=True)
class MttRow:
    """A multi-table tournament: its ``tournaments`` row and its own options."""

    tournament: TournamentRow
    field: int
    """The most entrants (2..60)."""
    late_levels: int
    """Registration stays open through this level (0: closes at the start)."""
    payouts: str
    """The payout preset (``bot.tournament.payouts.PRESETS``)."""
    event_id: int | None
    """Its Discord scheduled event, once created."""
    hand_for_hand: bool

    @property
    def id(self) -> int:
        return self.tournament.id


@dataclass(frozen=True)
class MttTable:
    """One table of an MTT: its number, its ``poker_tables`` row and thread."""

    number: int
    table_id: int
    channel_id: int
    """The thread it is played in."""
    broken_at: float | None
    button_seat: int | None
    break_told: bool = True
    """Broken: whether its thread was told (False from the break until the notice is sent)."""


@dataclass(frozen=True)
class SeatMove:
    """A seat taken after the start: balancing, a break or a late registration."""

    id: int
    user_id: int
    from_table: int | None
    to_table: int
    seat: int
    stack: int
    reason: str
    moved_at: float


async def _get(db: Tx, tournament_id: int) -> MttRow:
    tournament = await rows.get_tournament(db, tournament_id)
    row = await db.one(MTT, (tournament_id,))
    if tournament.kind != "mtt" or row is None:
        raise TournamentNotFound("There is no such tournament.", key="sng_not_found")
    _, field, late_levels, payouts, event_id, hand_for_hand = row
    return MttRow(
        tournament,
        int(field),
        int(late_levels),
        str(payouts),
        None if event_id is None else int(event_id),
        bool(hand_for_hand),
    )


async def _tables(db: Tx, tournament_id: int) -> list[MttTable]:
    return [
        MttTable(int(n), int(t), int(c), b, None if s is None else int(s), bool(told))
        for n, t, c, b, s, told in await db.all(MTT_TABLES, (tournament_id,))
    ]


async def _open_table(db: Tx, mtt: MttRow, table_id: int) -> MttTable:
    for table in await _tables(db, mtt.id):
        if table.table_id == table_id and table.broken_at is None:
            return table
    raise StoreError(f"Table {table_id} is not an open table of tournament {mtt.id}.")


async def _seat_of(db: Tx, mtt: MttRow, user_id: int) -> tuple[MttTable, int, int]:
    """(table, seat, stack) of a player still in: exactly one seat among the MTT's tables."""
    found: list[tuple[MttTable, int, int]] = []
    for table in await _tables(db, mtt.id):
        row = await db.one(shared_sql.SEAT_OF, (table.table_id, user_id))
        if row is not None:
            seat = rows.seat_row(row)
            found.append((table, seat.seat, seat.stack))
    if len(found) != 1:
        raise StoreError(f"Player {user_id} holds {len(found)} seats in tournament {mtt.id}.")
    return found[0]


def _check_seat(seat: object) -> int:
    return check_setting(seat, "seat", 0, SEATS_PER_TABLE - 1)


async def _refuse_taken(db: Tx, table_id: int, seat: int) -> None:
    if await db.one(SEAT_TAKEN, (table_id, seat)) is not None:
        raise StoreError(f"Seat {seat} of table {table_id} is taken.")


def _prizes(mtt: MttRow, entrants: int) -> tuple[int, ...]:
    return mtt_prizes(mtt.tournament.buy_in * entrants, entrants, mtt.payouts)


def _level(tournament: TournamentRow) -> int:
    """The level the saved clock is at (1 before the first deal)."""
    level = (tournament.clock or {}).get("level", 1)
    return int(level) if type(level) is int and level >= 1 else 1


async def _seat_player(
    db: Tx, table_id: int, entry: EntryRow, seat: int, stack: int, now: float
) -> None:
    await db.run(
        shared_sql.INSERT_SEAT,
        (table_id, entry.user_id, seat, entry.name, stack, int(entry.style is None), now),
    )
    if entry.style is not None:
        await db.run(shared_sql.INSERT_HOUSE_PLAYER, (table_id, entry.user_id, entry.style, now))


async def _move(
    db: Tx, mtt: MttRow, user_id: int, to_table_id: int, seat: int, reason: str, now: float
) -> SeatMove:
    """One seat, with its tournament chips, to another table of the MTT (the caller's
    transaction): the seat row (stack, away flags and time bank kept), a house player's row,
    one ledger transaction from the old seat's account to the new one's, and the move's row."""
    source, _, stack = await _seat_of(db, mtt, user_id)
    target = await _open_table(db, mtt, to_table_id)
    if target.table_id == source.table_id:
        raise StoreError(f"Player {user_id} already sits at table {target.number}.")
    await rows.refuse_if_hand_running(db, source.table_id)
    await _refuse_taken(db, target.table_id, seat)
    if await db.run(MOVE_SEAT, (target.table_id, seat, now, source.table_id, user_id)) != 1:
        raise StoreError(f"Player {user_id} has no seat to move.")
    await db.run(shared_sql.DELETE_SEAT, (source.table_id, user_id))
    await db.run(MOVE_HOUSE_PLAYER, (target.table_id, source.table_id, user_id))
    await chips.post(
        db,
        "tournament_move",
        [
            (seat_account(source.table_id, user_id), -stack),
            (seat_account(target.table_id, user_id), stack),
        ],
        now=now,
        guild_id=mtt.tournament.guild_id,
        table_id=target.table_id,
        note=f"tournament {mtt.id}: {reason}, table {source.number} to {target.number}",
    )
    params = (mtt.id, user_id, source.table_id, target.table_id, seat, stack, reason, now)
    move_id = await db.insert(INSERT_MOVE, params)
    return SeatMove(
        int(move_id), user_id, source.table_id, target.table_id, seat, stack, reason, now
    )


async def place_busted(
    db: Tx,
    table_id: int,
    players: Mapping[int, tuple[int, int]],
    finals: Mapping[int, int],
    now: float,
) -> list[Finish]:
    """At a table of a running MTT, the players a hand left with no chips go out in the
    transaction that settles it (``store.hands.settle`` calls this, as the sit-and-go's):
    placed among everyone still in across all its tables, by their stacks when the hand
    began, their prizes by the MTT's payout preset recorded (paid at the finish), their seats
    freed; when they leave one player more than the places paid, on two tables or more, hand
    for hand begins in this transaction (the hands running elsewhere are its first round). In
    hand for hand they leave their seats and wait to be placed with the round. At any other
    table, nothing."""
    busted = {user_id: start for user_id, (_, start) in players.items() if finals[user_id] == 0}
    if not busted:
        return []
    table = await rows.get_table(db, table_id)
    if table.tournament_id is None:
        return []
    tournament = await rows.get_tournament(db, table.tournament_id)
    if tournament.kind != "mtt":
        return []
    mtt = await _get(db, tournament.id)
    rows.refuse_unless_running(tournament)
    entries = {e.user_id: e for e in await rows.tournament_entries(db, tournament.id)}
    for user_id in busted:
        entry = entries.get(user_id)
        if entry is None or entry.place is not None:
            raise StoreError(f"Player {user_id} is not playing tournament {tournament.id}.")
    if mtt.hand_for_hand:
        # Out in a hand-for-hand hand: they leave their seat now and are placed with everyone
        # out in this round's hands on the other tables (``place_hand_for_hand``).
        number = next(t.number for t in await _tables(db, mtt.id) if t.table_id == table_id)
        for user_id, start in busted.items():
            await db.run(shared_sql.DELETE_SEAT, (table_id, user_id))
            await db.run(shared_sql.DELETE_HOUSE_PLAYER, (table_id, user_id))
            params = (mtt.id, user_id, number, players[user_id][0], table.button_seat, start, now)
            await db.run(INSERT_PENDING_OUT, params)
        return []
    alive = sum(1 for entry in entries.values() if entry.place is None)
    prizes = _prizes(mtt, len(entries))
    out = finishes(
        busted,
        alive_before=alive,
        prizes=prizes,
        seat_order=from_button(
            {user_id: players[user_id][0] for user_id in busted}, table.button_seat
        ),
    )
    await chips.record_outs(db, tournament, out, now, table_id=table_id)
    # The bubble is reached now: hand for hand begins at once, in this transaction, so the
    # hands still running at the other tables are its first round (their players out wait in
    # ``mtt_pending_outs`` and are placed together at its end), however their hands race.
    open_tables = sum(1 for t in await _tables(db, mtt.id) if t.broken_at is None)
    paid = sum(1 for prize in prizes if prize > 0)
    if hand_for_hand(alive - len(busted), paid, open_tables):
        await db.run(SET_HAND_FOR_HAND, (1, mtt.id))
        log.info("MTT %d: the bubble, hand for hand from now", mtt.id)
    return out


class Mtts:
    """``store.mtts``: the multi-table tournaments of every server."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        by_user_id: int,
        *,
        buy_in: int,
        field: int,
        start_stack: int,
        structure: str,
        starts_in: int,
        level_minutes: int | None = None,
        level_hands: int | None = None,
        late_levels: int = 0,
        payouts: str = "standard",
    ) -> MttRow:
        """Open registration for an MTT in this channel, starting ``starts_in`` minutes from
        now (1..a week): ``buy_in`` wallet chips each (0: a freeroll), up to ``field`` players
        (2..60) starting with ``start_stack`` tournament chips, levels of ``level_minutes`` or
        ``level_hands`` (exactly one), ``structure`` one of ``STRUCTURES``, late registration
        through level ``late_levels`` (0..20; 0: none), ``payouts`` one of the presets. Every
        option is checked here (``InvalidAmount``, ``InvalidSetting``), the prize pool (buy-in
        times field) too; refused while the channel has a tournament of either kind
        (``TournamentExists``) or an open cash table (``TableBusy``)."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        check_id(by_user_id, "member")
        check_chips(buy_in, "buy-in", minimum=0)
        check_setting(field, "number of players", MIN_FIELD, MAX_FIELD)
        check_chips(start_stack, "starting stack", minimum=MIN_START_STACK, maximum=MAX_START_STACK)
        if (level_minutes is None) == (level_hands is None):
            raise InvalidSetting(
                "A tournament's levels go up either every so many minutes or every so many hands.",
                key="sng_levels",
            )
        if level_minutes is not None:
            check_setting(level_minutes, "minutes per level", 1, MAX_LEVEL_MINUTES)
        if level_hands is not None:
            check_setting(level_hands, "hands per level", 1, MAX_LEVEL_HANDS)
        if not isinstance(structure, str) or structure not in STRUCTURES:
            raise InvalidSetting(
                "A tournament's structure is one of " + ", ".join(STRUCTURES) + ".",
                key="sng_structure_unknown",
            )
        check_setting(starts_in, "minutes before the start", 1, MAX_START_MINUTES)
        check_setting(late_levels, "levels of late registration", 0, MAX_LATE_LEVELS)
        if not isinstance(payouts, str) or payouts not in PRESETS:
            raise InvalidSetting(
                "The payouts are one of " + ", ".join(PRESETS) + ".", key="mtt_payouts_unknown"
            )
        if buy_in * field > MAX_CHIPS:
            raise InvalidAmount(
                f"The prize pool (buy-in times players) can be at most {MAX_CHIPS:,} chips: with "
                f"{field} players the buy-in can be at most {MAX_CHIPS // field:,}.",
                key="sng_pool_too_big",
                pool=MAX_CHIPS,
                seats=field,
                buy_in=MAX_CHIPS // field,
            )
        now = time.time()
        starts = now + 60.0 * starts_in

        async def body(db: Tx) -> MttRow:
            existing = await db.one(TOURNAMENT_FOR_CHANNEL, (guild_id, channel_id))
            if existing is not None:
                found = rows.tournament_row(existing)
                if found.created_at == now and found.created_by == by_user_id:
                    return await _get(db, found.id)  # this call's, its COMMIT unanswered
                raise TournamentExists(
                    "This channel already has a tournament registering or under way.",
                    key="sng_exists",
                )
            table = await db.one(shared_sql.TABLE_BY_CHANNEL, (guild_id, channel_id))
            if table is not None and table[3] != TABLE_CLOSED:
                raise TableBusy(
                    "A cash game is open in this channel; a tournament can be played here once "
                    "its table is closed.",
                    key="sng_table_busy",
                )
            params = (
                guild_id,
                channel_id,
                by_user_id,
                now,
                buy_in,
                SEATS_PER_TABLE,
                start_stack,
                level_minutes,
                level_hands,
                structure,
                starts,
            )
            tournament_id = int(await db.insert(INSERT_TOURNAMENT, params))
            await db.run(INSERT_MTT, (tournament_id, field, late_levels, payouts))
            return await _get(db, tournament_id)

        mtt = await self._runner.write(body)
        log.info(
            "MTT %d created in guild %s channel %s (buy-in %d, field %d)",
            mtt.id,
            guild_id,
            channel_id,
            buy_in,
            field,
        )
        return mtt

    async def get(self, tournament_id: int) -> MttRow:
        """One MTT by id (``TournamentNotFound`` if none, or a sit-and-go)."""
        return await self._runner.read(lambda db: _get(db, tournament_id))

    async def for_channel(self, guild_id: int, channel_id: int) -> MttRow | None:
        """The channel's MTT that is registering or running, if any."""

        async def body(db: Tx) -> MttRow | None:
            row = await db.one(TOURNAMENT_FOR_CHANNEL, (guild_id, channel_id))
            if row is None or rows.tournament_row(row).kind != "mtt":
                return None
            return await _get(db, int(row[0]))

        return await self._runner.read(body)

    async def running(self) -> list[MttRow]:
        """Every running MTT, for their tables to be restored after a restart."""

        async def body(db: Tx) -> list[MttRow]:
            return [await _get(db, int(row[0])) for row in await db.all(MTTS_RUNNING)]

        return await self._runner.read(body)

    async def due(self, now: float) -> list[MttRow]:
        """MTTs registering whose start time is ``now`` or earlier, soonest first."""

        async def body(db: Tx) -> list[MttRow]:
            return [await _get(db, int(row[0])) for row in await db.all(MTTS_DUE, (float(now),))]

        return await self._runner.read(body)

    async def tables(self, tournament_id: int) -> list[MttTable]:
        """The MTT's tables, broken ones too, by number."""

        async def body(db: Tx) -> list[MttTable]:
            await _get(db, tournament_id)
            return await _tables(db, tournament_id)

        return await self._runner.read(body)

    async def moves(self, tournament_id: int) -> list[SeatMove]:
        """Every seat taken after the start, in order."""
        found = await self._runner.select_all(MOVES, (tournament_id,))
        return [
            SeatMove(
                int(i), int(u), None if f is None else int(f), int(t), int(s), int(k), str(r), m
            )
            for i, u, f, t, s, k, r, m in found
        ]

    async def pending_outs(self, tournament_id: int) -> int:
        """How many players out in the hand-for-hand round's hands wait to be placed."""
        return len(await self._runner.select_all(PENDING_OUTS, (tournament_id,)))

    async def set_event(self, tournament_id: int, event_id: int | None) -> None:
        """Remember the MTT's Discord scheduled event."""
        if event_id is not None:
            check_id(event_id, "event")
        await self._update(SET_EVENT, (event_id, tournament_id))

    async def break_told(self, tournament_id: int, table_id: int) -> None:
        """A broken table's thread was told it broke (``MttTable.break_told``)."""
        await self._runner.write(
            lambda db: db.run(BREAK_TOLD, (tournament_id, table_id)), immediate=False
        )

    async def set_hand_for_hand(self, tournament_id: int, on: bool) -> None:
        """Whether its tables deal hand for hand (kept across a restart). While it is on, the
        players a hand leaves with no chips leave their seats but wait to be placed until
        ``place_hand_for_hand``; it cannot be turned off while any wait."""

        async def body(db: Tx) -> None:
            await _get(db, tournament_id)
            if not on and await db.all(PENDING_OUTS, (tournament_id,)):
                raise StoreError("Players out in the hand-for-hand hand are not placed yet.")
            await db.run(SET_HAND_FOR_HAND, (int(bool(on)), tournament_id))

        await self._runner.write(body)

    async def place_hand_for_hand(self, tournament_id: int) -> list[Finish]:
        """Once every table has played its hand-for-hand hand: everyone those hands left with
        no chips, on whichever table, goes out together (RULES.md: the bigger start stack
        finishes higher, equal stacks share their places' prizes; a tie's odd chips by table
        number, then from each table's button's left), in one transaction. Returns their
        finishes, best first (none when nobody went out)."""

        async def body(db: Tx) -> list[Finish]:
            now = time.time()
            mtt = await _get(db, tournament_id)
            rows.refuse_unless_running(mtt.tournament)
            pending = list(await db.all(PENDING_OUTS, (tournament_id,)))
            if not pending:
                return []
            entries = await rows.tournament_entries(db, tournament_id)
            busted = {int(user): int(start) for user, _, _, _, start in pending}

            def order(row: Any) -> tuple[int, int, int]:
                user, number, seat, button, _ = row
                start = -1 if button is None else int(button)
                return int(number), (int(seat) - start - 1) % SEATS_PER_TABLE, int(user)

            out = finishes(
                busted,
                alive_before=sum(1 for entry in entries if entry.place is None),
                prizes=_prizes(mtt, len(entries)),
                seat_order=[int(row[0]) for row in sorted(pending, key=order)],
            )
            await chips.record_outs(
                db, mtt.tournament, out, now, table_id=None, what=" hand for hand"
            )
            await db.run(DELETE_PENDING_OUTS, (tournament_id,))
            return out

        return await self._runner.write(body)

    async def _update(self, sql: str, params: tuple[Any, ...]) -> None:
        async def body(db: Tx) -> None:
            if await db.run(sql, params) != 1:
                raise TournamentNotFound("There is no such tournament.", key="sng_not_found")

        await self._runner.write(body, immediate=False)

    async def _buy_in(
        self, db: Tx, mtt: MttRow, user_id: int, style: str | None, now: float
    ) -> None:
        """The buy-in from the wallet (the house's for a house player) into the escrow."""
        guild_id, amount = mtt.tournament.guild_id, mtt.tournament.buy_in
        owner, account = chips.escrow_payee(guild_id, user_id)
        if style is not None:
            await chips.debit_house(db, guild_id, amount, now)
        else:
            await chips.refuse_frozen(db, guild_id, owner)
            balance, _ = await chips.ensure_wallet(db, guild_id, owner, now)
            if balance < amount:
                raise InsufficientFunds(
                    f"You have only {balance:,} chips in your wallet; this buy-in needs "
                    f"{amount:,}.",
                    balance=balance,
                    needed=amount,
                )
            await chips.debit_wallet(db, guild_id, owner, amount, balance)
        await chips.post(
            db,
            "tournament_buy_in",
            [(account, -amount), (escrow_account(mtt.id), amount)],
            now=now,
            guild_id=guild_id,
            by_user_id=user_id,
            note=f"tournament {mtt.id}",
        )

    async def _entry(
        self,
        tournament_id: int,
        user_id: int,
        name: str,
        style: str | None,
        seat: tuple[int, int] | None,
    ) -> MttRow:
        """One entry, in one transaction: before the start the buy-in into the escrow; after
        it (``seat``: table id, seat number) a late registration, the buy-in and the starting
        stack from the tournament's chips to that seat too."""

        async def body(db: Tx) -> MttRow:
            now = time.time()
            mtt = await _get(db, tournament_id)
            tournament = mtt.tournament
            if seat is None:
                rows.refuse_unless_registering(tournament)
            else:
                rows.refuse_unless_running(tournament)
                if _level(tournament) > mtt.late_levels:
                    raise TournamentStarted(
                        "Late registration for this tournament is closed.",
                        key="mtt_late_closed",
                        levels=mtt.late_levels,
                    )
            if await db.one(rows.TOURNAMENT_ENTRY, (tournament_id, user_id)) is not None:
                raise AlreadyRegistered(
                    "You are already registered for this tournament.",
                    key="sng_already_registered",
                )
            if len(await rows.tournament_entries(db, tournament_id)) >= mtt.field:
                raise TournamentFull(
                    f"The tournament is full ({mtt.field} players).",
                    key="sng_full",
                    seats=mtt.field,
                )
            await self._buy_in(db, mtt, user_id, style, now)
            params = (
                tournament_id,
                user_id,
                name[:100],
                None if style is None else style[:20],
                now,
            )
            await db.run(INSERT_ENTRY, params)
            if seat is not None:
                table_id, number = seat
                table = await _open_table(db, mtt, table_id)
                number = _check_seat(number)
                await _refuse_taken(db, table.table_id, number)
                entry = rows.entry_row((user_id, name[:100], style, now, None, None))
                stack = tournament.start_stack
                await _seat_player(db, table.table_id, entry, number, stack, now)
                await chips.post(
                    db,
                    "tournament_start",
                    [
                        (tournament_chips_account(tournament_id), -stack),
                        (seat_account(table.table_id, user_id), stack),
                    ],
                    now=now,
                    guild_id=tournament.guild_id,
                    table_id=table.table_id,
                    note=f"tournament {tournament_id}: late registration",
                )
                move = (tournament_id, user_id, None, table.table_id, number, stack, "late", now)
                await db.run(INSERT_MOVE, move)
            return mtt

        mtt = await self._runner.write(body)
        log.info("user %s registered for MTT %d%s", user_id, tournament_id, " late" if seat else "")
        return mtt

    async def register(
        self, tournament_id: int, user_id: int, name: str, *, seat: tuple[int, int] | None = None
    ) -> MttRow:
        """Register a member before the start, or late (``seat``: the table id and seat the
        caller drew with ``balance.seat_late``) while its late registration is open. Refused
        late after it closed (``mtt_late_closed``), a second time (``AlreadyRegistered``),
        when the field is full (``TournamentFull``), when the wallet is short or frozen."""
        check_id(user_id, "member")
        if is_house(user_id):
            raise StoreError("The house registers its players with register_house.")
        if not isinstance(name, str):
            raise StoreError("A player needs a name.")
        return await self._entry(tournament_id, user_id, name, None, seat)

    async def register_house(
        self,
        tournament_id: int,
        user_id: int,
        name: str,
        style: str,
        *,
        seat: tuple[int, int] | None = None,
    ) -> MttRow:
        """Register a house player of ``style`` (its buy-in from the house's wallet)."""
        if type(user_id) is not int or user_id not in HOUSE_PLAYER_IDS:
            raise StoreError("Unknown house player.")
        if not isinstance(name, str) or not isinstance(style, str):
            raise StoreError("A house player needs a name and a style.")
        return await self._entry(tournament_id, user_id, name, style, seat)

    async def unregister(self, tournament_id: int, user_id: int) -> int:
        """Take back a registration before the start (the buy-in back to the wallet);
        returns it. ``NotRegistered``, or ``TournamentStarted`` once started."""
        check_id(user_id, "member")

        async def body(db: Tx) -> int:
            now = time.time()
            mtt = await _get(db, tournament_id)
            rows.refuse_unless_registering(mtt.tournament)
            if await db.run(shared_sql.DELETE_ENTRY, (tournament_id, user_id)) != 1:
                raise NotRegistered(
                    "You are not registered for this tournament.", key="sng_not_registered"
                )
            await chips.pay_from_escrow(
                db,
                mtt.tournament,
                {user_id: mtt.tournament.buy_in},
                "tournament_refund",
                now,
                f"tournament {tournament_id}: unregistered",
            )
            return mtt.tournament.buy_in

        return await self._runner.write(body)

    async def start(
        self, tournament_id: int, seating: Sequence[tuple[int, Mapping[int, int]]]
    ) -> list[MttTable]:
        """Start: table n + 1 is ``seating[n]`` (the thread it is played in, and seat number
        to user id, as ``balance.first_seating`` drew them), each a new table of tournament
        chips; every entrant as the store holds them in this transaction sits exactly once
        with the starting stack (one ledger transaction for all). ``TooFewEntrants`` under
        two; ``mtt_field_changed`` when the seating is not the field (a registration came
        between: draw again); ``TableBusy`` when a thread already has an open table."""

        async def body(db: Tx) -> list[MttTable]:
            now = time.time()
            mtt = await _get(db, tournament_id)
            tournament = mtt.tournament
            rows.refuse_unless_registering(tournament)
            entries = {e.user_id: e for e in await rows.tournament_entries(db, tournament_id)}
            if len(entries) < MIN_FIELD:
                raise TooFewEntrants(
                    "A tournament needs at least two players to start.", key="sng_too_few"
                )
            seated = [user for _, seats in seating for user in seats.values()]
            if sorted(seated) != sorted(entries) or not seating:
                raise StoreError(
                    "The field changed while the tables were drawn; draw them again.",
                    key="mtt_field_changed",
                )
            threads = [channel for channel, _ in seating]
            if len(set(threads)) != len(threads):
                raise StoreError("Two tables cannot share a thread.")
            stack = tournament.start_stack
            lines: list[tuple[str, int]] = []
            for number, (channel_id, seats) in enumerate(seating, start=1):
                check_id(channel_id, "channel")
                if not 1 <= len(seats) <= SEATS_PER_TABLE:
                    raise StoreError(f"Table {number} seats 1..{SEATS_PER_TABLE} players.")
                found = await db.one(shared_sql.TABLE_BY_CHANNEL, (tournament.guild_id, channel_id))
                if found is not None:
                    raise TableBusy(
                        "A table is already played in that thread.", key="sng_table_busy"
                    )
                params = (tournament.guild_id, channel_id, now, tournament_id)
                table_id = int(await db.insert(CREATE_TABLE, params))
                await db.run(INSERT_MTT_TABLE, (tournament_id, number, table_id, now))
                for seat, user_id in seats.items():
                    await _seat_player(
                        db, table_id, entries[user_id], _check_seat(seat), stack, now
                    )
                    lines.append((seat_account(table_id, user_id), stack))
            await chips.post(
                db,
                "tournament_start",
                [(tournament_chips_account(tournament_id), -stack * len(lines)), *lines],
                now=now,
                guild_id=tournament.guild_id,
                note=f"tournament {tournament_id}",
            )
            await db.run(START, (now, tournament_id))
            return await _tables(db, tournament_id)

        tables = await self._runner.write(body)
        log.info("MTT %d started on %d tables", tournament_id, len(tables))
        return tables

    async def add_table(self, tournament_id: int, channel_id: int) -> MttTable:
        """A new, empty table of a running MTT in thread ``channel_id`` (a late registrant's
        when every table is full): numbered after the last."""
        check_id(channel_id, "channel")

        async def body(db: Tx) -> MttTable:
            now = time.time()
            mtt = await _get(db, tournament_id)
            rows.refuse_unless_running(mtt.tournament)
            guild_id = mtt.tournament.guild_id
            if await db.one(shared_sql.TABLE_BY_CHANNEL, (guild_id, channel_id)) is not None:
                raise TableBusy("A table is already played in that thread.", key="sng_table_busy")
            number = 1 + max([t.number for t in await _tables(db, tournament_id)], default=0)
            table_id = int(await db.insert(CREATE_TABLE, (guild_id, channel_id, now, mtt.id)))
            await db.run(INSERT_MTT_TABLE, (tournament_id, number, table_id, now))
            return next(t for t in await _tables(db, tournament_id) if t.table_id == table_id)

        return await self._runner.write(body)

    async def move(self, tournament_id: int, user_id: int, to_table_id: int, seat: int) -> SeatMove:
        """Balancing: a player's seat, with its tournament chips, to ``seat`` of another open
        table of the MTT, in one transaction that touches no wallet. Only between hands at the
        table they leave (``HandInProgress``); the seat must be free."""
        check_id(user_id, "member")
        seat = _check_seat(seat)

        async def body(db: Tx) -> SeatMove:
            mtt = await _get(db, tournament_id)
            rows.refuse_unless_running(mtt.tournament)
            return await _move(db, mtt, user_id, to_table_id, seat, "balance", time.time())

        move = await self._runner.write(body)
        log.info("MTT %d: player %s moved to table %d", tournament_id, user_id, to_table_id)
        return move

    async def break_table(
        self, tournament_id: int, table_id: int, moves: Iterable[tuple[int, int, int]]
    ) -> list[SeatMove]:
        """Break a table: each of its players (``moves``: user id, to table id, seat; every
        one of them, once) to their drawn seat, the table closed, in ONE transaction: a crash
        leaves the table whole or broken, never half. Only between hands there."""
        wanted = [(check_id(u, "member"), t, _check_seat(s)) for u, t, s in moves]

        async def body(db: Tx) -> list[SeatMove]:
            now = time.time()
            mtt = await _get(db, tournament_id)
            rows.refuse_unless_running(mtt.tournament)
            broken = await _open_table(db, mtt, table_id)
            await rows.refuse_if_hand_running(db, broken.table_id)
            seated = [rows.seat_row(r).user_id for r in await db.all(shared_sql.SEATS, (table_id,))]
            if sorted(seated) != sorted(u for u, _, _ in wanted):
                raise StoreError(f"A break moves every player of table {broken.number} once.")
            done = []
            for user_id, to_table, seat in wanted:
                if to_table == table_id:
                    raise StoreError("A player of a broken table moves to another table.")
                done.append(await _move(db, mtt, user_id, to_table, seat, "break", now))
            await chips.end_tournament_table(db, mtt.tournament, table_id, now)
            await db.run(BREAK_MTT_TABLE, (now, tournament_id, table_id))
            return done

        done = await self._runner.write(body)
        log.info("MTT %d: table %d broken, %d players moved", tournament_id, table_id, len(done))
        return done

    async def finish(self, tournament_id: int, winner_id: int) -> dict[int, int]:
        """The winner holds every tournament chip: they take first place, every recorded prize
        is paid from the escrow in ONE ledger transaction, every table closes. ``HandInProgress``
        while a hand is played at any table. Returns the prizes paid per player."""
        check_id(winner_id, "member")

        async def body(db: Tx) -> dict[int, int]:
            now = time.time()
            mtt = await _get(db, tournament_id)
            tournament = mtt.tournament
            rows.refuse_unless_running(tournament)
            tables = [t for t in await _tables(db, tournament_id) if t.broken_at is None]
            for table in tables:
                await rows.refuse_if_hand_running(db, table.table_id)
            entries = await rows.tournament_entries(db, tournament_id)
            total = tournament.start_stack * len(entries)
            _, _, stack = await _seat_of(db, mtt, winner_id)
            if stack != total:
                raise StoreError(
                    f"Player {winner_id} has {stack:,} of the {total:,} tournament chips."
                )
            others = [entry for entry in entries if entry.user_id != winner_id]
            if any(entry.place is None for entry in others):
                raise StoreError("Every other player must be out before the tournament ends.")
            prize = _prizes(mtt, len(entries))[0]
            prizes = {entry.user_id: entry.prize or 0 for entry in others}
            prizes[winner_id] = prize
            pool = tournament.buy_in * len(entries)
            if sum(prizes.values()) != pool:
                raise ChipsNotConserved(
                    f"The prizes add up to {sum(prizes.values()):,} chips but the prize pool is "
                    f"{pool:,}; nothing was paid.",
                    key="sng_prizes_wrong",
                    prizes=sum(prizes.values()),
                    pool=pool,
                )
            await db.run(shared_sql.SET_ENTRY_RESULT, (1, prize, tournament_id, winner_id))
            for table in tables:
                await chips.end_tournament_table(db, tournament, table.table_id, now)
            paid = {user_id: amount for user_id, amount in prizes.items() if amount > 0}
            await chips.pay_from_escrow(
                db, tournament, paid, "tournament_payout", now, f"tournament {tournament_id}"
            )
            await db.run(FINISH, (now, tournament_id))
            return paid

        paid = await self._runner.write(body)
        log.info("MTT %d won by %s; prizes %s", tournament_id, winner_id, paid)
        return paid

    async def cancel(self, tournament_id: int, reason: str) -> dict[int, int]:
        """Call the MTT off, every entrant's buy-in back (eliminated ones too), in one
        transaction; returns the refunds. A running one only between hands at every table
        (``HandInProgress``) and only before the money: once a place has won a prize it is
        refused (``mtt_in_the_money``: the prizes won are the players')."""
        reason_text = str(reason)[:500]

        async def body(db: Tx) -> dict[int, int]:
            now = time.time()
            mtt = await _get(db, tournament_id)
            tournament = mtt.tournament
            entries = await rows.tournament_entries(db, tournament_id)
            if tournament.status == TOURNAMENT_RUNNING:
                if any((entry.prize or 0) > 0 for entry in entries):
                    raise TournamentStarted(
                        "This tournament is in the money: it can no longer be cancelled.",
                        key="mtt_in_the_money",
                    )
                tables = [t for t in await _tables(db, tournament_id) if t.broken_at is None]
                for table in tables:
                    await rows.refuse_if_hand_running(db, table.table_id)
                for table in tables:
                    await chips.end_tournament_table(db, tournament, table.table_id, now)
            elif tournament.status != TOURNAMENT_REGISTERING:
                raise TournamentClosed("This tournament is over.", key="sng_closed")
            refunds = {entry.user_id: tournament.buy_in for entry in entries}
            await chips.pay_from_escrow(
                db,
                tournament,
                refunds,
                "tournament_refund",
                now,
                f"tournament {tournament_id} cancelled: {reason_text}"[:500],
            )
            await db.run(CANCEL, (now, reason_text, tournament_id))
            return refunds

        refunds = await self._runner.write(body)
        log.info("MTT %d cancelled (%s); %d refunds", tournament_id, reason_text, len(refunds))
        return refunds

"""Reads that several parts of the store make inside their own transactions: a server's or
a table's settings, a table, a seat, a tournament and its entries (of either kind). Each takes
the transaction (``backend.Tx``) it reads in.
Their SQL is here, beside them (a table by id, a member in the running hand; the settings'
reads, which ``settings.py`` writes); a seat's and a table's by channel is ``shared_sql``'s.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from bot.store import shared_sql
from bot.store.backend import Tx
from bot.store.errors import (
    HandInProgress,
    NotSeated,
    StoreError,
    TableClosed,
    TableNotFound,
    TournamentClosed,
    TournamentNotFound,
    TournamentStarted,
    TournamentTable,
)
from bot.store.models import (
    SERVER_SETTINGS,
    TABLE_OPEN,
    TOURNAMENT_REGISTERING,
    TOURNAMENT_RUNNING,
    EntryRow,
    SeatRow,
    Settings,
    TableRow,
    TournamentRow,
)

TABLE_BY_ID = f"SELECT {shared_sql.TABLE_COLUMNS} FROM poker_tables WHERE id = ?"

TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, status, created_by, created_at, buy_in, seats, start_stack,"
    " level_minutes, level_hands, structure, starts_at, message_id, table_id, started_at,"
    " finished_at, clock, cancel_reason, kind"
)

TOURNAMENT = f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?"

ENTRY_COLUMNS = "user_id, name, style, registered_at, place, prize"

TOURNAMENT_ENTRIES = f"""
SELECT {ENTRY_COLUMNS} FROM tournament_entries
WHERE tournament_id = ?
ORDER BY registered_at, user_id
"""

TOURNAMENT_ENTRY = f"""
SELECT {ENTRY_COLUMNS} FROM tournament_entries WHERE tournament_id = ? AND user_id = ?
"""

IN_RUNNING_HAND = """
SELECT h.id FROM hands AS h JOIN hand_players AS p ON p.hand_id = h.id
WHERE h.table_id = ? AND h.status = 'running' AND p.user_id = ?
"""


def table_row(row: Iterable[Any]) -> TableRow:
    (id_, guild_id, channel_id, status, button, message_id, opened_by, empty_since, paused, sng) = (
        row
    )
    return TableRow(
        id_, guild_id, channel_id, status, button, message_id, opened_by, empty_since, paused, sng
    )


def seat_row(row: Iterable[Any]) -> SeatRow:
    (
        table_id,
        seat,
        user_id,
        name,
        stack,
        sitting_out,
        sat_out_at,
        leaving,
        dm_ok,
        bank,
        hands,
        topup,
    ) = row
    return SeatRow(
        table_id=table_id,
        seat=seat,
        user_id=user_id,
        name=name,
        stack=stack,
        sitting_out=bool(sitting_out),
        sat_out_at=sat_out_at,
        leaving=bool(leaving),
        dm_ok=bool(dm_ok),
        time_bank=bank,
        bank_hands=hands,
        topup=int(topup),
    )


# A server's settings are the declared columns of its ``guild_settings`` row (NULL: not set).
SERVER_SETTINGS_ROW = f"""
SELECT {", ".join(spec.name for spec in SERVER_SETTINGS)} FROM guild_settings WHERE guild_id = ?
"""
CHANNEL_LANGUAGE = "SELECT language FROM channel_languages WHERE guild_id = ? AND channel_id = ?"
CHANNEL_STAKES = """
SELECT small_bet, small_blind, cap FROM channel_stakes WHERE guild_id = ? AND channel_id = ?
"""


async def server_values(db: Tx, guild_id: int) -> dict[str, Any]:
    """The settings an admin set for the server, by name (the others are not there)."""
    row = await db.one(SERVER_SETTINGS_ROW, (guild_id,))
    if row is None:
        return {}
    return {
        spec.name: spec.kind(value)
        for spec, value in zip(SERVER_SETTINGS, row, strict=True)
        if value is not None
    }


async def channel_values(db: Tx, guild_id: int, channel_id: int) -> dict[str, Any]:
    """What a channel lays over its server's settings: its language, and its stakes (the
    small blind with them even when None, "half the small bet"; the cap when it has one)."""
    values: dict[str, Any] = {}
    language = await db.one(CHANNEL_LANGUAGE, (guild_id, channel_id))
    if language is not None:
        values["language"] = str(language[0])
    stakes = await db.one(CHANNEL_STAKES, (guild_id, channel_id))
    if stakes is not None:
        small_bet, small_blind, cap = stakes
        values.update(small_bet=small_bet, small_blind=small_blind)
        if cap is not None:
            values["cap"] = cap
    return values


async def guild_settings(db: Tx, guild_id: int) -> Settings:
    """The server's settings (the defaults where an admin set nothing)."""
    return Settings(**await server_values(db, guild_id))


async def open_table(db: Tx, table_id: int) -> tuple[TableRow, Settings]:
    """A table that takes players, with its settings; ``TableClosed`` otherwise."""
    table = await get_table(db, table_id)
    if table.status != TABLE_OPEN:
        raise TableClosed(
            "This table is closing and takes no new players.", key="error_table_closing"
        )
    return table, await table_settings(db, table.guild_id, table.channel_id)


def cash_table(table: TableRow) -> TableRow:
    """The table, if it is a cash table; ``TournamentTable`` while a tournament is played at
    it (its seats hold tournament chips: no wallet chip goes in or out there)."""
    if table.tournament_id is not None:
        raise TournamentTable(
            "A tournament is being played at this table: no chips can be bought, added or "
            "cashed out here until it ends.",
            key="sng_table_refused",
        )
    return table


async def table_settings(db: Tx, guild_id: int, channel_id: int) -> Settings:
    """The server's settings with this channel's language and stakes laid over them."""
    settings = await guild_settings(db, guild_id)
    return replace(settings, **await channel_values(db, guild_id, channel_id))


async def get_table(db: Tx, table_id: int) -> TableRow:
    """One table by id; ``TableNotFound`` if none."""
    row = await db.one(TABLE_BY_ID, (table_id,))
    if row is None:
        raise TableNotFound("There is no such table.", key="error_no_table")
    return table_row(row)


async def get_seat(db: Tx, table_id: int, user_id: int) -> SeatRow:
    """A player's seat at this table; ``NotSeated`` if none."""
    row = await db.one(shared_sql.SEAT_OF, (table_id, user_id))
    if row is None:
        raise NotSeated("You are not seated at this table.", key="not_seated")
    return seat_row(row)


FROZEN = """
SELECT 1 FROM member_standing WHERE guild_id = ? AND user_id = ? AND frozen_at IS NOT NULL
"""


async def frozen(db: Tx, guild_id: int, user_id: int) -> bool:
    """Whether an admin froze this member's wallet (``fairplay.FairPlay.freeze``)."""
    return await db.one(FROZEN, (guild_id, user_id)) is not None


async def refuse_if_in_hand(db: Tx, table_id: int, user_id: int, message: str) -> None:
    """``HandInProgress`` (saying ``message``) while the player is in a running hand."""
    if await db.one(IN_RUNNING_HAND, (table_id, user_id)) is not None:
        raise HandInProgress(message)


# Tournaments ------------------------------------------------------------------------------------


def tournament_row(row: Iterable[Any]) -> TournamentRow:
    (
        id_,
        guild_id,
        channel_id,
        status,
        created_by,
        created_at,
        buy_in,
        seats,
        start_stack,
        level_minutes,
        level_hands,
        structure,
        starts_at,
        message_id,
        table_id,
        started_at,
        finished_at,
        clock,
        cancel_reason,
        kind,
    ) = row
    return TournamentRow(
        id=int(id_),
        guild_id=int(guild_id),
        channel_id=int(channel_id),
        status=str(status),
        created_by=int(created_by),
        created_at=float(created_at),
        buy_in=int(buy_in),
        seats=int(seats),
        start_stack=int(start_stack),
        level_minutes=None if level_minutes is None else int(level_minutes),
        level_hands=None if level_hands is None else int(level_hands),
        structure=str(structure),
        starts_at=starts_at,
        message_id=message_id,
        table_id=table_id,
        started_at=started_at,
        finished_at=finished_at,
        clock=None if clock is None else dict(json.loads(clock)),
        cancel_reason=cancel_reason,
        kind=str(kind),
    )


def entry_row(row: Iterable[Any]) -> EntryRow:
    user_id, name, style, registered_at, place, prize = row
    return EntryRow(
        user_id=int(user_id),
        name=str(name),
        style=style,
        registered_at=float(registered_at),
        place=None if place is None else int(place),
        prize=None if prize is None else int(prize),
    )


async def get_tournament(db: Tx, tournament_id: int) -> TournamentRow:
    row = await db.one(TOURNAMENT, (tournament_id,))
    if row is None:
        raise TournamentNotFound("There is no such tournament.", key="sng_not_found")
    return tournament_row(row)


async def tournament_entries(db: Tx, tournament_id: int) -> list[EntryRow]:
    return [entry_row(row) for row in await db.all(TOURNAMENT_ENTRIES, (tournament_id,))]


def refuse_unless_registering(tournament: TournamentRow) -> None:
    """``TournamentStarted`` once a tournament (of either kind) runs, ``TournamentClosed`` once
    it is over."""
    if tournament.status == TOURNAMENT_RUNNING:
        raise TournamentStarted("This tournament has already started.", key="sng_started")
    if tournament.status != TOURNAMENT_REGISTERING:
        raise TournamentClosed("This tournament is over.", key="sng_closed")


def refuse_unless_running(tournament: TournamentRow) -> None:
    """``StoreError`` before a tournament (of either kind) starts, ``TournamentClosed`` once it
    is over."""
    if tournament.status == TOURNAMENT_REGISTERING:
        raise StoreError("This tournament has not started yet.", key="sng_not_started")
    if tournament.status != TOURNAMENT_RUNNING:
        raise TournamentClosed("This tournament is over.", key="sng_closed")


async def refuse_if_hand_running(db: Tx, table_id: int) -> None:
    """``HandInProgress`` while a hand is unsettled at a tournament's table."""
    if await db.one(shared_sql.RUNNING_HAND_AT_TABLE, (table_id,)) is not None:
        raise HandInProgress(
            "A hand is still being played at the tournament's table.", key="sng_hand_running"
        )

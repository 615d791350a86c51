"""MTT registration, start and cancel: the rules the commands (``commands.py``) and the lobby's
buttons (``buttons.py``) share, the Discord side of ``store.mtts``.

- ``/poker mtt create`` checks the bot's permissions in the channel first (a thread for each
  table, its messages, the scheduled event: the missing ones are named), then creates the
  tournament, posts the lobby message (``lobby.py``) and the Discord scheduled event.
- Registering, unregistering, starting and cancelling take the tournament's turn
  (``TableRegistry.tournament_turn``), as a sit-and-go's, so two clicks at once are one after
  the other and the second reads what the first did; the director's steps take it too.
- At the start time (``start_when_due``: the store's start times, so it survives a restart)
  the field is seated over threads (``starting.py``) and each table opened in its thread;
  with fewer than two players it is cancelled, every buy-in back. Threads a crash left between
  their opening and the store's start are found by their name and used again.
- A late registrant (while late registration is open) is drawn a seat like everyone
  (``balance.seat_late``); when every table is full a new table opens in a new thread.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import time
from typing import Any, Protocol

import discord

from bot.features.fairplay import gates
from bot.features.mtt.discord_parts import (
    create_event,
    event_end,
    missing_permissions,
    open_table_thread,
)
from bot.features.mtt.lobby import lobby_text, lobby_view
from bot.features.mtt.running import MttRun, MttRuns
from bot.features.mtt.starting import start_over_threads
from bot.house.accounts import free_house_player
from bot.messages import speaking, t
from bot.replies import NO_MENTIONS, Refused
from bot.store import Store
from bot.store.models import TOURNAMENT_REGISTERING, TOURNAMENT_RUNNING
from bot.store.mtts import MttRow
from bot.table.joining import display_name
from bot.table.mtt import SeatsMoved
from bot.table.registry import TableRegistry
from bot.table.visibility import can_see
from bot.tournament.balance import Table, seat_late

log = logging.getLogger(__name__)

DUE_EVERY = 5.0
"""Seconds between two looks for MTTs whose start time has come."""


class MttBot(Protocol):
    """What the MTT's commands need of the bot (``DeuceBot``)."""

    @property
    def store(self) -> Store: ...
    @property
    def tables(self) -> TableRegistry: ...
    @property
    def mtt_runs(self) -> MttRuns: ...
    def get_channel(self, id: int, /) -> Any: ...
    def get_guild(self, id: int, /) -> Any: ...
    def get_partial_messageable(self, id: int, *, guild_id: int | None = None) -> Any: ...
    async def channel_language(self, interaction: discord.Interaction[Any]) -> str: ...


def thread_prefix(tournament_id: int) -> str:
    return f"MTT #{tournament_id} · "


def thread_name(tournament_id: int, table: int) -> str:
    """A table's thread: "MTT #12 · table 3" (found by it again after a crash)."""
    return f"{thread_prefix(tournament_id)}{t('mtt_thread_table', table=table)}"


def seen(interaction: discord.Interaction[Any], row: MttRow | None) -> MttRow | None:
    """``row`` if it is of the interaction's server and its channel is one the member can view
    now; else None, answered exactly as a tournament that does not exist."""
    if row is None or row.tournament.guild_id != interaction.guild_id:
        return None
    if not can_see(interaction.guild, interaction.user, row.tournament.channel_id):
        return None
    return row


def require_permissions(interaction: discord.Interaction[Any]) -> None:
    """The bot may open threads, write in them and create events in the interaction's channel
    (Discord's ``app_permissions``: the bot's permissions there), or the admin is told which
    permission is missing (nothing is created)."""
    if not isinstance(interaction.channel, discord.TextChannel):
        raise Refused(t("mtt_text_channel_only"))
    missing = missing_permissions(interaction.app_permissions)
    if missing:
        raise Refused(t("mtt_missing_permissions", permissions=", ".join(missing)))


async def create(interaction: discord.Interaction[Any], bot: MttBot, **options: Any) -> MttRow:
    """Create the MTT in the interaction's channel: its lobby message (the command's public
    answer, whose id the store keeps) and its scheduled event."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    require_permissions(interaction)
    session = bot.tables.by_channel(interaction.channel_id)
    if session is not None and not session.closed:
        raise Refused(t("sng_table_busy"))
    row = await bot.store.mtts.create(
        interaction.guild_id, interaction.channel_id, interaction.user.id, **options
    )
    language = await bot.channel_language(interaction)
    with speaking(language):
        content = lobby_text(row, [], None, now=time.time())
        view = lobby_view(row)
    kwargs: dict[str, Any] = {"content": content, "allowed_mentions": NO_MENTIONS}
    if view is not None:
        kwargs["view"] = view
    response = await interaction.response.send_message(**kwargs)
    message = getattr(response, "resource", None)
    if isinstance(message, discord.Message):
        await bot.store.tournaments.set_message(row.id, message.id)
    channel = interaction.channel
    guild = interaction.guild
    starts = row.tournament.starts_at
    if isinstance(channel, discord.TextChannel) and guild is not None and starts is not None:
        start = datetime.datetime.fromtimestamp(starts, tz=datetime.UTC)
        try:
            with speaking(language):
                name = t("mtt_event_name", tournament=str(row.id))
                description = content
            event = await create_event(
                guild,
                channel,
                name=name,
                description=description,
                start=start,
                end=event_end(start, row.tournament.level_minutes, row.late_levels),
            )
            await bot.store.mtts.set_event(row.id, event.id)
        except discord.HTTPException as error:
            log.warning("MTT %s: scheduled event not created: %s", row.id, error)
    log.info("MTT %s created in channel %s", row.id, interaction.channel_id)
    return await bot.store.mtts.get(row.id)


async def register(bot: MttBot, tournament_id: int, user: Any) -> bool:
    """Register a member (before the start, or late while late registration is open: then a
    seat drawn at once); whether it was a late registration. Refusals are the store's."""
    store = bot.store
    row = await store.mtts.get(tournament_id)
    await gates.check(store, row.tournament.guild_id, user)
    name = display_name(user)
    async with bot.tables.tournament_turn(tournament_id):
        row = await store.mtts.get(tournament_id)
        if row.tournament.status != TOURNAMENT_RUNNING:
            await store.mtts.register(tournament_id, user.id, name)
            late = False
        else:
            await _register_late(bot, row, user.id, name)
            late = True
    refresh_soon(bot, tournament_id)
    return late


async def _register_late(bot: MttBot, row: MttRow, user_id: int, name: str) -> None:
    store = bot.store
    entries = await store.tournaments.entries(row.id)
    level = (row.tournament.clock or {}).get("level", 1)
    if not isinstance(level, int) or level > row.late_levels:
        raise Refused(t("mtt_late_closed", levels=row.late_levels))
    if any(e.user_id == user_id for e in entries):
        raise Refused(t("sng_already_registered"))
    if len(entries) >= row.field:
        raise Refused(t("sng_full", seats=row.field))
    tables = [t_ for t_ in await store.mtts.tables(row.id) if t_.broken_at is None]
    shape = []
    for table in tables:
        seats = await store.tables.seats(table.table_id)
        shape.append(Table(table.number, {s.seat: s.user_id for s in seats}, table.button_seat))
    number, seat = seat_late(shape, user_id, bot.mtt_runs.draw(row.id, "late", len(entries)))
    run = bot.mtt_runs.get(row.id)
    if number is None:
        # every table is full: a new table in a new thread
        channel = bot.get_channel(row.tournament.channel_id)
        if not isinstance(channel, discord.TextChannel) or run is None:
            raise Refused(t("mtt_late_closed", levels=row.late_levels))
        thread = await open_table_thread(channel, thread_name(row.id, len(tables) + 1))
        table = await store.mtts.add_table(row.id, thread.id)
        table_row = await store.tables.get(table.table_id)
        await bot.tables.open_mtt_table(row.tournament, table_row, run)
        target = table.table_id
    else:
        target = next(t_.table_id for t_ in tables if t_.number == number)
    await store.mtts.register(row.id, user_id, name, seat=(target, seat))
    session = bot.tables.by_table(target)
    if session is not None:
        await session.handle(SeatsMoved())
    if run is not None:
        run.wake()


async def add_house(bot: MttBot, tournament_id: int, count: int, level: str) -> int:
    """Register ``count`` house players of ``level`` before the start (buy-ins from the
    house's wallet): how many were registered before the field filled."""
    store = bot.store
    added = 0
    async with bot.tables.tournament_turn(tournament_id):
        for _ in range(count):
            row = await store.mtts.get(tournament_id)
            entries = await store.tournaments.entries(tournament_id)
            if len(entries) >= row.field:
                break
            player_id, name = free_house_player(
                (e.user_id for e in entries), (e.name for e in entries)
            )
            await store.mtts.register_house(tournament_id, player_id, name, level)
            added += 1
    refresh_soon(bot, tournament_id)
    return added


async def unregister(bot: MttBot, tournament_id: int, user_id: int) -> int:
    """Take a registration back before the start: the buy-in back to the wallet."""
    async with bot.tables.tournament_turn(tournament_id):
        refund = await bot.store.mtts.unregister(tournament_id, user_id)
    refresh_soon(bot, tournament_id)
    return refund


async def cancel(bot: MttBot, tournament_id: int) -> dict[int, int]:
    """Cancel, every buy-in back: a registering MTT at once, a running one through its run
    (each table's hand called off, every table ended); refused once in the money."""
    store = bot.store
    async with bot.tables.tournament_turn(tournament_id):
        row = await store.mtts.get(tournament_id)
        run = bot.mtt_runs.get(tournament_id)
        if row.tournament.status == TOURNAMENT_RUNNING and run is not None:
            refunds = await run.cancel("cancelled by an admin")
        else:
            refunds = await store.mtts.cancel(tournament_id, "cancelled by an admin")
    await bot.mtt_runs.event(row.tournament.guild_id, row.event_id, "canceled")
    refresh_soon(bot, tournament_id)
    return refunds


def refresh_soon(bot: MttBot, tournament_id: int) -> None:
    """The lobby message follows (paced: one edit at most every few seconds)."""
    bot.mtt_runs.lobby_changed_id(tournament_id)


# ---------------------------------------------------------------------- the start


async def start(bot: MttBot, tournament_id: int) -> MttRun | None:
    """Start at the start time, in the tournament's turn: with fewer than two players it is
    cancelled (every buy-in back); else the field over threads, a table session in each."""
    store = bot.store
    async with bot.tables.tournament_turn(tournament_id):
        row = await store.mtts.get(tournament_id)
        if row.tournament.status != TOURNAMENT_REGISTERING:
            return None
        tournament = row.tournament
        if len(await store.tournaments.entries(tournament_id)) < 2:
            await store.mtts.cancel(tournament_id, "too few players at the start")
            await bot.mtt_runs.event(tournament.guild_id, row.event_id, "canceled")
            refresh_soon(bot, tournament_id)
            return None
        channel = bot.get_channel(tournament.channel_id)
        if not isinstance(channel, discord.TextChannel):
            await store.mtts.cancel(tournament_id, "its channel is gone")
            await bot.mtt_runs.event(tournament.guild_id, row.event_id, "canceled")
            return None
        reuse = _threads_left(channel, tournament_id)
        try:
            tables = await start_over_threads(
                store,
                tournament_id,
                channel,
                bot.mtt_runs.draw(tournament_id, "seating"),
                lambda number: thread_name(tournament_id, number),
                reuse=reuse,
            )
        except discord.Forbidden:
            await store.mtts.cancel(tournament_id, "the bot may not open threads")
            await bot.mtt_runs.event(tournament.guild_id, row.event_id, "canceled")
            refresh_soon(bot, tournament_id)
            return None
        used = {table.channel_id for table in tables}
        for thread in reuse:
            if thread.id not in used:  # a crash's thread this draw needs no longer
                try:
                    await thread.edit(archived=True)
                except discord.HTTPException as error:
                    log.info("MTT %s: spare thread %s stays: %s", tournament_id, thread.id, error)
        started = await store.mtts.get(tournament_id)
        run = await bot.mtt_runs.run_of(started.tournament)
        for table in tables:
            table_row = await store.tables.get(table.table_id)
            await bot.tables.open_mtt_table(started.tournament, table_row, run)
        run.wake()
    log.info("MTT %s started on %d tables", tournament_id, len(tables))
    await bot.mtt_runs.event(tournament.guild_id, row.event_id, "active")
    refresh_soon(bot, tournament_id)
    return run


def _threads_left(channel: discord.TextChannel, tournament_id: int) -> list[discord.Thread]:
    """Threads of this tournament's tables that a crash left open before the store's start
    (found by their name), by table number."""
    prefix = thread_prefix(tournament_id)
    me = channel.guild.me
    found = [
        thread
        for thread in channel.threads
        if thread.name.startswith(prefix) and (me is None or thread.owner_id == me.id)
    ]
    return sorted(found, key=lambda thread: thread.id)


async def start_when_due(bot: MttBot, *, every: float = DUE_EVERY) -> None:
    """Start each MTT whose start time has come (read from the store each time, so a restart
    loses none): a loop for the life of the process."""
    while True:
        await asyncio.sleep(every)
        try:
            due = await bot.store.mtts.due(time.time())
        except Exception as error:
            log.info("MTT start times not read: %s", error)
            continue
        for row in due:
            if not bot.tables.owns(row.tournament.guild_id):
                continue
            try:
                await start(bot, row.id)
            except Exception:
                log.exception("MTT %s could not start at its time", row.id)

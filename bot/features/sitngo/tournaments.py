"""Sit-and-go registration, start and cancel: the rules the commands (``commands.py``) and
the buttons (``buttons.py``) share, the Discord side of ``store.tournaments``.

- ``/poker sng create`` posts the registration message (``views.py``: the field, the prize
  pool, the structure, the payouts, the start time and the Register and Unregister
  buttons). Each registration moves the buy-in from the wallet to the
  tournament's escrow, each unregistration back; the message follows the field.
- The tournament starts when its seats are full, when an admin starts it with at least two
  players, or at its start time (with fewer than two players then, it is cancelled and
  every buy-in refunded). Starting seats the entrants in a random order at the channel's
  table (``TableRegistry.start_tournament``), which plays it (``bot/table/tournament.py``).
- Registering, unregistering, starting and cancelling are one function each, for the
  buttons and the commands alike, and take the tournament's turn
  (``TableRegistry.tournament_turn``): one at a time, each reading the store once it has its
  turn, the start a full field triggers in the turn of the registration that filled it. So
  the table the channel plays is always the one the store started, and a cancellation, before
  or after the start, leaves the channel free.
- A member acts only on a tournament whose channel they can view now (``seen``, called first
  by every button and command): any other is answered like a tournament that does not exist.
- Every refusal (register twice, without the buy-in, to a full or started tournament,
  unregister after the start, start with one player...) is a private sentence and changes
  nothing: the store checks each in the transaction that would change something.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import discord

from bot.features.fairplay import gates
from bot.features.sitngo.views import registration_message
from bot.house.accounts import free_house_player
from bot.messages import language_of, t
from bot.replies import NO_MENTIONS, Refused
from bot.store import Store, StoreError
from bot.store.models import TOURNAMENT_REGISTERING, TOURNAMENT_RUNNING
from bot.table.joining import display_name
from bot.table.tournament import TournamentSession
from bot.table.visibility import can_see

if TYPE_CHECKING:
    from bot.store.models import TournamentRow
    from bot.table.registry import TableRegistry

log = logging.getLogger(__name__)

DEFAULT_LEVEL_MINUTES = 6
DUE_EVERY = 5.0
"""Seconds between two looks for tournaments whose start time has come."""
_RNG = random.SystemRandom()
T = TypeVar("T")


class SngClient(Protocol):
    """What registration needs of the bot (``DeuceBot``)."""

    @property
    def store(self) -> Store: ...
    @property
    def tables(self) -> TableRegistry: ...
    def get_partial_messageable(self, id: int, *, guild_id: int | None = None) -> Any: ...
    def get_guild(self, id: int, /) -> Any: ...
    async def channel_language(self, interaction: discord.Interaction[Any]) -> str: ...


async def _channel_language(client: SngClient, guild_id: int, channel_id: int) -> str:
    """The channel's language as an admin set it, else the server's Discord language."""
    settings = await client.store.settings.table(guild_id, channel_id)
    if settings.language is not None:
        return settings.language
    guild = client.get_guild(guild_id)
    return language_of(getattr(guild, "preferred_locale", None))


async def refresh_message(client: SngClient, tournament_id: int) -> None:
    """Edit the registration message to the tournament as it is (a failure is only logged:
    the store holds the truth, ``/poker sng show`` tells it)."""
    store = client.store
    try:
        tournament = await store.tournaments.get(tournament_id)
        if tournament.message_id is None:
            return
        language = await _channel_language(client, tournament.guild_id, tournament.channel_id)
        _, contents = await registration_message(store, tournament_id, language)
        channel = client.get_partial_messageable(
            tournament.channel_id, guild_id=tournament.guild_id
        )
        await channel.get_partial_message(tournament.message_id).edit(**contents)
    except Exception as error:
        log.info("Sit-and-go %s: registration message not edited: %s", tournament_id, error)


# ---------------------------------------------------------------------- commands and buttons


async def create(
    interaction: discord.Interaction[Any], client: SngClient, **options: Any
) -> TournamentRow:
    """Create a tournament in the interaction's channel and answer with its registration
    message (public), whose id the store keeps."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    tournament = await _open(
        client, interaction.guild_id, interaction.channel_id, interaction.user.id, options
    )
    language = await client.channel_language(interaction)
    _, contents = await registration_message(client.store, tournament.id, language)
    response = await interaction.response.send_message(allowed_mentions=NO_MENTIONS, **contents)
    message = getattr(response, "resource", None)
    if isinstance(message, discord.Message):
        await client.store.tournaments.set_message(tournament.id, message.id)
    log.info("Sit-and-go %s created in channel %s", tournament.id, interaction.channel_id)
    return tournament


async def create_in_channel(
    client: SngClient, guild_id: int, channel_id: int, user_id: int, **options: Any
) -> TournamentRow:
    """Create a tournament in ``channel_id`` as ``user_id`` (the dashboard's form: the same
    checks as ``/poker sng create``) and post its registration message there, in the
    channel's language. A message Discord refuses is only logged: the tournament stands
    (``/poker sng show`` tells it, its Register button is the command)."""
    tournament = await _open(client, guild_id, channel_id, user_id, options)
    language = await _channel_language(client, guild_id, channel_id)
    _, contents = await registration_message(client.store, tournament.id, language)
    try:
        channel = client.get_partial_messageable(channel_id, guild_id=guild_id)
        message = await channel.send(allowed_mentions=NO_MENTIONS, **contents)
        await client.store.tournaments.set_message(tournament.id, message.id)
    except discord.HTTPException as error:
        log.warning("Sit-and-go %s: registration message not posted: %s", tournament.id, error)
    log.info("Sit-and-go %s created in channel %s from the dashboard", tournament.id, channel_id)
    return tournament


async def _open(
    client: SngClient, guild_id: int, channel_id: int, user_id: int, options: dict[str, Any]
) -> TournamentRow:
    session = client.tables.by_channel(channel_id)
    if session is not None and not session.closed:
        raise Refused(t("sng_table_busy"))
    return await client.store.tournaments.create(guild_id, channel_id, user_id, **options)


def seen(
    interaction: discord.Interaction[Any], tournament: TournamentRow | None
) -> TournamentRow | None:
    """``tournament`` if it is of the interaction's server and the member can view its channel
    now; else None, which every caller answers exactly as a tournament that does not exist."""
    if tournament is None or tournament.guild_id != interaction.guild_id:
        return None
    if not can_see(interaction.guild, interaction.user, tournament.channel_id):
        return None
    return tournament


def here(tournament: TournamentRow | None) -> TournamentRow:
    """The channel's registering or running tournament, or the "none here" refusal."""
    if tournament is None:
        raise Refused(t("sng_none_here"))
    return tournament


def require_admin(interaction: discord.Interaction[Any]) -> None:
    """Admins (Manage Server) only, or the private refusal."""
    permissions = getattr(interaction, "permissions", None)
    if permissions is None or not permissions.manage_guild:
        raise Refused(t("sng_admins_only"))


async def require_creator(interaction: discord.Interaction[Any], store: Store) -> None:
    """Who may create, start and cancel a tournament: admins, or any member where the
    server lets members create them (``/pokeradmin sng members:True``)."""
    assert interaction.guild_id is not None
    if not await store.settings.sng_members(interaction.guild_id):
        require_admin(interaction)


async def register(client: SngClient, tournament_id: int, user: Any) -> None:
    """Register a member (the Register button and ``/poker sng register`` alike): the buy-in
    into the escrow; a field this fills starts the tournament there and then. The server's
    gates and a frozen wallet refuse first (``fairplay.gates``)."""
    name = display_name(user)
    tournaments = client.store.tournaments
    tournament = await tournaments.get(tournament_id)
    await gates.check(client.store, tournament.guild_id, user)
    await _change_field(
        client, tournament_id, lambda: tournaments.register(tournament_id, user.id, name)
    )


async def unregister(client: SngClient, tournament_id: int, user_id: int) -> None:
    """Take a member's registration back before the start (the Unregister button and
    ``/poker sng unregister`` alike): the buy-in back to the wallet."""
    tournaments = client.store.tournaments
    await _change_field(
        client, tournament_id, lambda: tournaments.unregister(tournament_id, user_id)
    )


async def add_house(client: SngClient, tournament_id: int, count: int, level: str) -> int:
    """Register ``count`` house players of ``level`` (buy-ins from the house's wallet): how
    many were registered before the seats filled (a full field starts)."""
    store = client.store

    async def register_house() -> int:
        added = 0
        for _ in range(count):
            tournament = await store.tournaments.get(tournament_id)
            entries = await store.tournaments.entries(tournament_id)
            if len(entries) >= tournament.seats:
                break
            player_id, name = free_house_player(
                (e.user_id for e in entries), (e.name for e in entries)
            )
            await store.tournaments.register_house(tournament_id, player_id, name, level)
            added += 1
        return added

    return await _change_field(client, tournament_id, register_house)


async def _change_field(
    client: SngClient, tournament_id: int, change: Callable[[], Awaitable[T]]
) -> T:
    """``change`` of the field in the tournament's turn; a field it leaves full starts in the
    same turn, so no unregistration or cancellation comes between (RULES.md: it starts when
    full). A start the store refuses leaves the change standing (its answer tells it) and the
    tournament registering."""
    store = client.store
    async with client.tables.tournament_turn(tournament_id):
        changed = await change()
        tournament = await store.tournaments.get(tournament_id)
        registering = tournament.status == TOURNAMENT_REGISTERING
        if registering and len(await store.tournaments.entries(tournament_id)) >= tournament.seats:
            try:
                await _start(client, tournament_id, when_full=True)
            except StoreError as error:
                log.warning("Sit-and-go %s is full but did not start: %s", tournament_id, error)
    return changed


async def start(client: SngClient, tournament_id: int) -> None:
    """Start now, with the entrants there are (at least two): ``/poker sng start``."""
    async with client.tables.tournament_turn(tournament_id):
        await _start(client, tournament_id, when_full=False)
    await refresh_message(client, tournament_id)


async def _start(client: SngClient, tournament_id: int, *, when_full: bool) -> None:
    """In the tournament's turn: the store seats the entrants it holds in a random order, and
    the channel's table plays the tournament."""
    store = client.store
    tournament, table = await store.tournaments.start(
        tournament_id, _RNG.shuffle, when_full=when_full
    )
    log.info("Sit-and-go %s started at table %s", tournament_id, table.id)
    await client.tables.start_tournament(tournament, table)


async def cancel(client: SngClient, tournament_id: int) -> dict[int, int]:
    """Cancel (every buy-in back) the tournament as the store has it in this call's turn: a
    registering one at once, a running one through its table (its hand called off first, the
    table closed, the channel free)."""
    store = client.store
    async with client.tables.tournament_turn(tournament_id):
        tournament = await store.tournaments.get(tournament_id)
        session = None
        if tournament.status == TOURNAMENT_RUNNING and tournament.table_id is not None:
            session = client.tables.by_table(tournament.table_id)
        if isinstance(session, TournamentSession) and session.tournament_id == tournament_id:
            refunds = await session.cancel_tournament()
        else:
            refunds = await store.tournaments.cancel(tournament_id, "cancelled by an admin")
    await refresh_message(client, tournament_id)
    return refunds


# ---------------------------------------------------------------------- start times


async def start_when_due(client: SngClient, *, every: float = DUE_EVERY) -> None:
    """Start each tournament whose start time has come (cancel it, every buy-in refunded,
    with fewer than two players): a loop for the life of the process."""
    while True:
        await asyncio.sleep(every)
        try:
            due = await client.store.tournaments.due(time.time())
        except Exception as error:
            log.info("Sit-and-go start times not read: %s", error)
            continue
        for tournament in due:
            if client.tables.owns(tournament.guild_id):
                await _start_or_cancel(client, tournament)


async def _start_or_cancel(client: SngClient, tournament: TournamentRow) -> None:
    tid = tournament.id
    store = client.store
    try:
        async with client.tables.tournament_turn(tid):
            if (await store.tournaments.get(tid)).status != TOURNAMENT_REGISTERING:
                return  # started or cancelled meanwhile
            if len(await store.tournaments.entries(tid)) >= 2:
                await _start(client, tid, when_full=False)
            else:
                await store.tournaments.cancel(tid, "too few players at the start")
        await refresh_message(client, tid)
    except Exception:
        log.exception("Sit-and-go %s could not start at its time", tid)

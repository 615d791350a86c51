"""Sitting a member down: the one path of ``/poker join`` and the lobby's Join button.

A refused join changes nothing: the server's gates and a frozen wallet
(``features.fairplay.gates``), the member's limit of open tables, the amount and the wallet
are checked before a table is opened (the limit again as the table opens, the seat's own
checks inside the buy-in's transaction). Admins have no limit.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import aiohttp
import discord

from bot.features.fairplay import gates
from bot.messages import t
from bot.pacer import IDLE, rest_priority
from bot.replies import NO_MENTIONS, Refused, reply_private

if TYPE_CHECKING:
    from bot.store import Store
    from bot.table.registry import TableRegistry
    from bot.table.session import TableSession

log = logging.getLogger(__name__)


class Seater(Protocol):
    """What a join needs of the client (``DeuceBot``)."""

    @property
    def store(self) -> Store: ...
    @property
    def tables(self) -> TableRegistry: ...
    async def dm_channel(self, user_id: int) -> discord.abc.Messageable: ...
    async def wait_turn(self) -> None: ...
    def unused_turn(self) -> None: ...


def display_name(user: discord.abc.User) -> str:
    """The member's server display name (what the table shows)."""
    return getattr(user, "display_name", None) or user.name


async def join_table(
    interaction: discord.Interaction[Any],
    bot: Seater,
    channel_id: int,
    buy_in: int | None,
    *,
    session: TableSession | None = None,
    channel_name: str | None = None,
) -> None:
    """Seat the member who sent ``interaction`` at the table of ``channel_id`` with ``buy_in``
    (None: the table's default) and answer privately; ``session``: that table's running
    session, which must not be opened again (the lobby's Join: a table that closed meanwhile
    refuses instead). The welcome DM names ``channel_name`` (default: where the member is)."""
    assert interaction.guild_id is not None
    user = interaction.user
    if user.bot:
        await reply_private(interaction, t("bot_member"))
        return
    if await bot.store.tournaments.for_channel(interaction.guild_id, channel_id) is not None:
        raise Refused(t("sng_join_refused"))  # registering or running: no cash table beside it
    await gates.check(bot.store, interaction.guild_id, user)  # frozen, or too new here
    permissions = interaction.permissions
    limited = not (permissions.manage_guild or permissions.administrator)
    if limited:
        await bot.store.tables.verify_limit(interaction.guild_id, channel_id, user.id)
    await bot.store.tables.verify_buy_in(interaction.guild_id, channel_id, user.id, buy_in)
    await interaction.response.defer(ephemeral=True, thinking=True)
    if session is None:
        session = await bot.tables.open(
            interaction.guild_id, channel_id, opened_by=user.id, limited=limited
        )
    seat, mid_hand = await session.join(user.id, display_name(user), buy_in)
    wallet = await bot.store.wallets.balance(interaction.guild_id, user.id)
    lines = [t("joined_private", seat=seat.seat + 1, stack=seat.stack, wallet=wallet)]
    if mid_hand:
        lines.append(t("joined_wait"))
    # Seated: the reply goes now. The welcome DM follows (opening a DM channel is one
    # request queue for the whole bot, seconds long when many join at once), and only
    # closed DMs get a word more.
    await interaction.followup.send("\n".join(lines), ephemeral=True)
    session.command_answered(interaction)
    name = channel_name or getattr(interaction.channel, "name", None) or "poker"
    dm_ok = await welcome_dm(bot, user.id, name, needless=partial(session.reached_by_dm, user.id))
    await session.note_dm(user.id, dm_ok)
    if not dm_ok:
        await interaction.followup.send(t("dm_closed"), ephemeral=True)


async def welcome_dm(
    bot: Seater,
    user_id: int,
    channel_name: str,
    *,
    needless: Callable[[], bool] = lambda: False,
) -> bool:
    """Send a short welcome DM; whether DMs reach this player. It waits for its turn after
    every game's requests, and is not sent once ``needless()``: a deal's panel that reached
    the player meanwhile said what it would (their DMs work), and a busy bot spends one
    request of Discord's global limit less for each player joining."""
    try:
        with rest_priority(IDLE, ("welcome", user_id)):  # after every game's requests
            dm = await bot.dm_channel(user_id)
            if needless():
                return True
            await bot.wait_turn()
            if needless():
                bot.unused_turn()
                return True
            await dm.send(t("welcome_dm", channel=channel_name), allowed_mentions=NO_MENTIONS)
    except discord.Forbidden:
        return False
    except (discord.HTTPException, aiohttp.ClientError) as error:  # the latter: connection lost
        log.warning("Welcome DM failed: %s", error)  # (as when the bot stops mid-request)
    except RuntimeError as error:  # the bot is stopping: its HTTP session is closed
        log.info("Welcome DM not sent: %s", error)
    return True

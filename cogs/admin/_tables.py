"""Moderating a channel's table: ``/pokeradmin pause``, ``resume``, ``kick`` and ``close``."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.house.accounts import is_house
from bot.messages import t
from bot.replies import NO_MENTIONS, reply_private
from bot.store import InvalidSetting, NotSeated, SeatRow
from cogs.admin._common import AdminPart, pokeradmin

log = logging.getLogger(__name__)

MAX_KICK_CHOICES = 25
"""Discord shows at most 25 autocomplete choices."""


SNOWFLAKE_DIGITS = 20
"""Digits of the largest Discord id (a longer number names nobody: never parsed)."""


def find_seat(seats: list[SeatRow], chosen: str) -> SeatRow | None:
    """The seat an admin picked: the autocomplete sends the player's id; a typed name works
    too when exactly one seated player has it."""
    text = chosen.strip()
    if text.isascii() and text.isdigit() and len(text) <= SNOWFLAKE_DIGITS:
        for seat in seats:
            if seat.user_id == int(text):
                return seat
    named = [seat for seat in seats if seat.name.casefold() == text.casefold()]
    return named[0] if len(named) == 1 else None


class TableCommands(AdminPart):
    """The commands that act on this channel's table."""

    @pokeradmin.command(
        name="pause", description="Stop dealing at this channel's table after this hand"
    )
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        answer = await self.bot.tables.here(interaction).set_paused(interaction.user.id)
        if answer is None:
            raise InvalidSetting(t("pause_already"))
        await reply_private(interaction, t(answer))

    @pokeradmin.command(name="resume", description="Deal again at this channel's paused table")
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        answer = await self.bot.tables.here(interaction).set_paused(None)
        if answer is None:
            raise InvalidSetting(t("resume_not_paused"))
        await reply_private(interaction, t(answer))

    @pokeradmin.command(name="kick", description="Remove a player from this channel's table")
    @app_commands.describe(player="Who to remove (one of the seated players)")
    async def kick(self, interaction: discord.Interaction[Any], player: str) -> None:
        session = self.bot.tables.here(interaction)
        seat = find_seat(await self._seats_here(interaction), player)
        if seat is None:
            name = discord.utils.escape_markdown(player.strip())[:100] or "?"
            await reply_private(interaction, t("kick_not_seated", name=name))
            return
        if is_house(seat.user_id):
            name = discord.utils.escape_markdown(seat.name)
            await reply_private(interaction, t("kick_house", name=name))
            return
        mention = f"<@{seat.user_id}>"
        try:
            now, _amount = await session.leave(seat.user_id)
        except NotSeated:
            await reply_private(interaction, t("kick_not_seated", name=mention))
            return
        key = "kicked" if now else "kick_after_hand"
        text = t(key, await self.bot.channel_language(interaction), name=mention)
        await interaction.response.send_message(text, allowed_mentions=NO_MENTIONS)

    @kick.autocomplete("player")
    async def kick_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The seated players of this channel's table whose name holds what was typed.
        (Discord skips the cog's checks for autocomplete: Manage Server is checked here.)"""
        permissions = interaction.permissions
        if interaction.guild_id is None or not (
            permissions.manage_guild or permissions.administrator
        ):
            return []
        typed = current.strip().casefold()
        return [
            app_commands.Choice(
                name=t("kick_choice", interaction.locale, name=seat.name, seat=seat.seat + 1)[:100],
                value=str(seat.user_id),
            )
            for seat in await self._seats_here(interaction)
            if typed in seat.name.casefold()
        ][:MAX_KICK_CHOICES]

    async def _seats_here(self, interaction: discord.Interaction[Any]) -> list[SeatRow]:
        """The seats of this channel's table, as the store has them."""
        if interaction.guild_id is None or interaction.channel_id is None:
            return []
        table = await self.bot.store.tables.for_channel(
            interaction.guild_id, interaction.channel_id
        )
        if table is None or table.status == "closed":
            return []
        return await self.bot.store.tables.seats(table.id)

    @pokeradmin.command(
        name="close", description="Close this channel's table after the current hand"
    )
    async def close(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.tables.here(interaction)
        closed_now = await session.request_close()
        language = await self.bot.channel_language(interaction)
        await interaction.response.send_message(
            t("table_closed" if closed_now else "close_after_hand", language),
            allowed_mentions=NO_MENTIONS,
        )

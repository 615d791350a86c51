"""``/pokeradmin house add``, ``remove`` and ``fill``: house players at this channel's table."""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands

from bot.features.house import admin as house_admin
from bot.features.house.admin import MAX_HOUSE_FILL, MAX_HOUSE_PLAYERS, HouseLevel
from bot.replies import reply_private
from cogs.admin._common import AdminPart, pokeradmin_house

log = logging.getLogger(__name__)


class HouseCommands(AdminPart):
    """The house players' commands."""

    @pokeradmin_house.command(name="add", description="Seat house players at this channel's table")
    @app_commands.describe(
        count="How many house players (default 1)", level="How well they play (default strong)"
    )
    async def house_add(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, MAX_HOUSE_PLAYERS] = 1,
        level: HouseLevel = "strong",
    ) -> None:
        house = self.bot.tables.house_here(interaction)
        await reply_private(interaction, await house_admin.add(house, count, level))

    @pokeradmin_house.command(
        name="remove", description="Stand up house players at this channel's table"
    )
    @app_commands.describe(count="How many house players (default: all)")
    async def house_remove(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, MAX_HOUSE_PLAYERS] | None = None,
    ) -> None:
        house = self.bot.tables.house_here(interaction)
        await reply_private(interaction, await house_admin.remove(house, count))

    @pokeradmin_house.command(
        name="fill", description="Fill empty seats up to N with house players when a member sits"
    )
    @app_commands.describe(
        seats="Seats to fill up to (0 = off)",
        level="How well they play (default strong)",
        scope="This channel's table or the server default (default: channel)",
    )
    async def house_fill(
        self,
        interaction: discord.Interaction[Any],
        seats: app_commands.Range[int, 0, MAX_HOUSE_FILL],
        level: HouseLevel = "strong",
        scope: Literal["channel", "server"] = "channel",
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        houses = self.bot.tables.houses_in_guild(interaction.guild_id)
        answer = await house_admin.fill(
            self.bot.store,
            houses,
            interaction.guild_id,
            interaction.channel_id,
            seats,
            level,
            scope,
        )
        await reply_private(interaction, answer)

"""``/pokeradmin house add``, ``remove`` and ``fill``: house players at this channel's table."""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands

from bot.house import LEVELS
from bot.messages import Text, t
from bot.replies import reply_private
from bot.store import InvalidSetting
from cogs.admin._common import AdminPart, pokeradmin_house

log = logging.getLogger(__name__)

MAX_HOUSE_PLAYERS = 9
"""A table has at most 10 seats, one of them a member's."""
MAX_HOUSE_FILL = 10
HouseLevel = Literal["beginner", "solid", "strong"]
"""The levels of ``bot.house.LEVELS``, as Discord offers them."""
HOUSE_FILL_KEYS = {
    "channel": ("house_fill_off_channel", "house_fill_set_channel"),
    "server": ("house_fill_off_server", "house_fill_set_server"),
}
"""What ``/pokeradmin house fill`` answers, by scope: (turned off, set)."""


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
        if not 1 <= count <= MAX_HOUSE_PLAYERS:
            raise InvalidSetting(t("house_count_invalid"))
        if level not in LEVELS:
            raise InvalidSetting(t("house_style_invalid", styles=", ".join(LEVELS)))
        added = await self.bot.tables.house_here(interaction).add(count, level)
        key = "house_added" if added == count else "house_added_fewer"
        await reply_private(interaction, t(key, count=added, style=Text(f"choice-{level}")))

    @pokeradmin_house.command(
        name="remove", description="Stand up house players at this channel's table"
    )
    @app_commands.describe(count="How many house players (default: all)")
    async def house_remove(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, MAX_HOUSE_PLAYERS] | None = None,
    ) -> None:
        if count is not None and not 1 <= count <= MAX_HOUSE_PLAYERS:
            raise InvalidSetting(t("house_count_invalid"))
        now, later = await self.bot.tables.house_here(interaction).remove(count)
        await reply_private(interaction, t("house_removed", now=now, later=later))

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
        if not 0 <= seats <= MAX_HOUSE_FILL:
            raise InvalidSetting(t("house_seats_invalid"))
        if level not in LEVELS:
            raise InvalidSetting(t("house_style_invalid", styles=", ".join(LEVELS)))
        if scope not in ("channel", "server"):
            raise InvalidSetting(t("scope_invalid"))
        channel_id = interaction.channel_id if scope == "channel" else None
        await self.bot.store.house.set_fill(interaction.guild_id, channel_id, seats, level)
        for house in self.bot.tables.houses_in_guild(interaction.guild_id):
            await house.refill()
        key = HOUSE_FILL_KEYS[scope][1 if seats else 0]
        await reply_private(interaction, t(key, seats=seats, style=Text(f"choice-{level}")))

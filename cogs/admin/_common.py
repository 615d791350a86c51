"""What every part of the admin cog shares: the ``/pokeradmin`` group (and its ``house``
subgroup) its commands are declared in, and the bot with its tables."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import DeuceBot

log = logging.getLogger(__name__)

pokeradmin = app_commands.Group(
    name="pokeradmin",
    description="Poker settings for this server (Manage Server)",
    guild_only=True,
    default_permissions=discord.Permissions(manage_guild=True),
)
"""``/pokeradmin``: every part declares its commands in it; ``Admin`` binds them all."""

pokeradmin_house = app_commands.Group(
    name="house", description="House players at this channel's table", parent=pokeradmin
)
"""``/pokeradmin house``."""


class AdminPart(commands.Cog):
    """A part of the admin cog (never a cog of its own: ``Admin`` gathers them): its
    commands see the bot, and refresh the server's tables after a change."""

    bot: DeuceBot

    async def _refresh_sessions(self, guild_id: int) -> None:
        """Tables pick up new settings at their next hand; refresh idle ones now."""
        for session in self.bot.tables.in_guild(guild_id):
            await session.apply_settings()

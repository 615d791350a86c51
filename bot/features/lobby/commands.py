"""``/poker tables``: the server's open tables and tournaments, and a way to join one."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.features.lobby.listing import send_lobby
from bot.ui.commands import PokerPart


class LobbyCommands(PokerPart):
    """The lobby's command."""

    @app_commands.command(
        name="tables", description="The server's open tables, and a way to join one"
    )
    async def tables(self, interaction: discord.Interaction[Any]) -> None:
        await send_lobby(interaction, self.bot.store)

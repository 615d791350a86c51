"""``/poker session``: each player's net at this channel's table, this session."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.features.ledger.summary import send_session
from bot.ui.commands import PokerPart


class LedgerCommands(PokerPart):
    """The session ledger's command."""

    @app_commands.command(
        name="session", description="Each player's net at this channel's table, this session"
    )
    async def session(self, interaction: discord.Interaction[Any]) -> None:
        await send_session(interaction, self.bot.store)

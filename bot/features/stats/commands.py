"""``/poker stats [member] [period]``: a member's record here."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.features.stats.report import send_stats
from bot.messages import t
from bot.replies import reply_private
from bot.table.joining import display_name
from bot.ui.commands import PokerPart


class StatsCommands(PokerPart):
    """The stats' command."""

    @app_commands.command(name="stats", description="Your record here, or another member's")
    @app_commands.describe(
        member="Whose stats (default: yours)", period="Which hands (default: all of them)"
    )
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.User | None = None,
        period: Literal["week", "month", "all"] = "all",
    ) -> None:
        target = member or interaction.user
        if target.bot:
            await reply_private(interaction, t("bot_member"))
            return
        await send_stats(interaction, self.bot.store, target.id, display_name(target), period)

"""The ``/chips`` commands: wallet balance, the daily grant, the server leaderboard."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.fairplay import gates
from bot.features.leaderboard.ranking import admin_marks, leaderboard
from bot.messages import speaking, t
from bot.replies import NO_MENTIONS, reply_private, require_guild
from bot.store import DailyCooldown

if TYPE_CHECKING:
    from bot.client import DeuceBot

log = logging.getLogger(__name__)


class Chips(commands.Cog):
    """Wallet commands; chips only move inside the store's transactions."""

    chips = app_commands.Group(name="chips", description="Your poker chips", guild_only=True)

    def __init__(self, bot: DeuceBot) -> None:
        self.bot: DeuceBot = bot

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return require_guild(interaction)

    @chips.command(name="balance", description="Chips in your wallet and on tables")
    async def balance(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        user = interaction.user
        wallet = await self.bot.store.wallets.balance(interaction.guild_id, user.id)
        on_table = sum(s.chips_of(user.id) for s in self.bot.tables.in_guild(interaction.guild_id))
        await reply_private(
            interaction,
            t(
                "balance",
                name=discord.utils.escape_markdown(getattr(user, "display_name", user.name)),
                wallet=wallet,
                on_table=on_table,
            ),
        )

    @chips.command(name="daily", description="Claim your daily chips")
    async def daily(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        await gates.check(self.bot.store, interaction.guild_id, interaction.user)
        try:
            granted, wallet = await self.bot.store.wallets.claim_daily(
                interaction.guild_id, interaction.user.id
            )
        except DailyCooldown as error:
            when = f"<t:{int(time.time() + error.seconds_left)}:R>"
            await reply_private(interaction, t("daily_cooldown", when=when))
            return
        await reply_private(interaction, t("daily_granted", amount=granted, wallet=wallet))

    @chips.command(name="leaderboard", description="The richest players in this server")
    @app_commands.describe(
        period="Rank by chips won over the week, the month or all hands",
        by="Rank by chips (the default) or by sit-and-go results",
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        period: Literal["week", "month", "all"] | None = None,
        by: Literal["chips", "tournaments"] = "chips",
    ) -> None:
        """The server's leaderboard (``bot.features.leaderboard``: the dashboard's too), in
        public; an admin alone reads their private marks after it."""
        assert interaction.guild_id is not None
        store = self.bot.store
        board = await leaderboard(store, interaction.guild_id, by, period)
        if not board.rows:
            await reply_private(interaction, board.empty())
            return
        with speaking(await self.bot.channel_language(interaction)):
            embed = discord.Embed(
                title=board.title(),
                description="\n".join(board.lines(mention))[:4096],
                colour=discord.Colour.gold(),
            )
            if board.footer_key:
                embed.set_footer(text=board.footer())
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_MENTIONS)
        permissions = interaction.permissions
        if by == "tournaments" or not (permissions.manage_guild or permissions.administrator):
            return
        marks = await admin_marks(store, interaction.guild_id, board, mention)
        if marks:
            await interaction.followup.send(
                "\n".join(marks), ephemeral=True, allowed_mentions=NO_MENTIONS
            )


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


async def setup(bot: DeuceBot) -> None:
    await bot.add_cog(Chips(bot))

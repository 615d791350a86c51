"""``/pokeradmin economy`` and ``grant``: the server's starting wallet and daily grant, and
chips given to a member's wallet."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.messages import t
from bot.replies import NO_MENTIONS, reply_private
from bot.store import MAX_CHIPS, SERVER_SETTING, InvalidAmount
from cogs.admin._common import AdminPart, pokeradmin

log = logging.getLogger(__name__)

Chips = app_commands.Range[int, 1, MAX_CHIPS]
StartWallet = app_commands.Range[
    int, SERVER_SETTING["start_wallet"].minimum, SERVER_SETTING["start_wallet"].maximum
]
DailyAmount = app_commands.Range[
    int, SERVER_SETTING["daily_amount"].minimum, SERVER_SETTING["daily_amount"].maximum
]


class EconomyCommands(AdminPart):
    """The economy's admin commands."""

    @pokeradmin.command(name="economy", description="Starting wallet and daily grant")
    @app_commands.describe(start="Chips a new member starts with", daily="Chips per /chips daily")
    async def economy(
        self, interaction: discord.Interaction[Any], start: StartWallet, daily: DailyAmount
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set_economy(interaction.guild_id, start, daily)
        await reply_private(
            interaction,
            t(
                "economy_set",
                start=settings.start_wallet,
                daily=settings.daily_amount,
            ),
        )

    @pokeradmin.command(name="grant", description="Give chips to a member's wallet")
    @app_commands.describe(member="Who receives the chips", amount="How many chips")
    async def grant(
        self, interaction: discord.Interaction[Any], member: discord.User, amount: Chips
    ) -> None:
        assert interaction.guild_id is not None
        if member.bot:
            await reply_private(interaction, t("bot_member"))
            return
        if amount <= 0:
            raise InvalidAmount(t("amount_positive"))
        wallet = await self.bot.store.wallets.grant(
            interaction.guild_id, member.id, amount, interaction.user.id
        )
        language = await self.bot.channel_language(interaction)
        await interaction.response.send_message(
            t("granted", language, name=member.mention, amount=amount, wallet=wallet),
            allowed_mentions=NO_MENTIONS,
        )

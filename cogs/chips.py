"""The ``/chips`` commands: wallet balance, the daily grant, the server leaderboard."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.fairplay import gates
from bot.features.stats.lowball import period_start
from bot.features.stats.report import PERIOD_KEYS
from bot.house.accounts import is_house
from bot.messages import signed, speaking, t
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
        assert interaction.guild_id is not None
        if by == "tournaments":
            await self._tournament_leaderboard(interaction, period or "all")
            return
        if period is not None:
            await self._net_leaderboard(interaction, period)
            return
        # the house's wallet is no member's: left out (it is at most one row)
        hidden, footer = await self._left_out(interaction.guild_id)
        rows = await self.bot.store.wallets.leaderboard(
            interaction.guild_id, limit=11 + len(hidden)
        )
        rows = [row for row in rows if not is_house(row.user_id) and row.user_id not in hidden]
        rows = rows[:10]
        if not rows:
            await reply_private(interaction, t("leaderboard_empty"))
            return
        with speaking(await self.bot.channel_language(interaction)):
            lines = [
                t(
                    "leaderboard_line",
                    rank=rank,
                    name=f"<@{row.user_id}>",
                    total=row.wallet + row.on_table,
                    wallet=row.wallet,
                    on_table=row.on_table,
                )
                for rank, row in enumerate(rows, start=1)
            ]
            embed = discord.Embed(
                title=t("leaderboard_title"),
                description="\n".join(lines)[:4096],
                colour=discord.Colour.gold(),
            )
            if hidden:
                embed.set_footer(text=t(footer))
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_MENTIONS)
        await self._admin_marks(interaction, [row.user_id for row in rows])

    async def _admin_marks(self, interaction: discord.Interaction[Any], ranked: list[int]) -> None:
        """For an admin alone, a private note after the public leaderboard: which of the
        members ranked have a frozen wallet, which the newest fair-play report flagged
        (nothing when none, nothing for a member)."""
        assert interaction.guild_id is not None
        permissions = interaction.permissions
        if not (permissions.manage_guild or permissions.administrator):
            return
        store = self.bot.store.fairplay
        marks = (
            ("leaderboard_admin_frozen", await store.frozen(interaction.guild_id)),
            ("leaderboard_admin_flagged", await store.flagged(interaction.guild_id)),
        )
        lines = []
        for key, members in marks:
            names = [f"#{n} <@{uid}>" for n, uid in enumerate(ranked, start=1) if uid in members]
            if names:
                lines.append(t(key, names=", ".join(names)))
        if lines:
            await interaction.followup.send(
                "\n".join(lines), ephemeral=True, allowed_mentions=NO_MENTIONS
            )

    async def _left_out(self, guild_id: int) -> tuple[frozenset[int], str]:
        """The members the server's leaderboard leaves out, and the footer that says so: those
        whose wallet an admin froze, and (``leaderboard_hide`` 2) those the newest fair-play
        report flagged, where the admins chose so (``/pokeradmin fairplay leaderboard``)."""
        settings = await self.bot.store.settings.server(guild_id)
        if settings.leaderboard_hide == 0:
            return frozenset(), ""
        frozen = await self.bot.store.fairplay.frozen(guild_id)
        if settings.leaderboard_hide == 1:
            return frozen, "leaderboard_frozen_left_out"
        flagged = await self.bot.store.fairplay.flagged(guild_id)
        return frozen | flagged, "leaderboard_flagged_left_out"

    async def _net_leaderboard(self, interaction: discord.Interaction[Any], period: str) -> None:
        """Members ranked by their net over the hands of ``period`` (a public answer)."""
        assert interaction.guild_id is not None
        since = period_start(period)
        hidden, footer = await self._left_out(interaction.guild_id)
        rows = await self.bot.store.hands.net_leaderboard(
            interaction.guild_id, since, limit=20 + len(hidden)
        )
        rows = [row for row in rows if not is_house(row.user_id) and row.user_id not in hidden]
        rows = rows[:10]
        if not rows:
            await reply_private(interaction, t("leaderboard_period_empty"))
            return
        with speaking(await self.bot.channel_language(interaction)):
            lines = [
                t(
                    "leaderboard_net_line",
                    rank=rank,
                    name=f"<@{row.user_id}>",
                    net=signed(row.net),
                    hands=row.hands,
                )
                for rank, row in enumerate(rows, start=1)
            ]
            embed = discord.Embed(
                title=t("leaderboard_period_title", period=t(PERIOD_KEYS[period])),
                description="\n".join(lines)[:4096],
                colour=discord.Colour.gold(),
            )
            if hidden:
                embed.set_footer(text=t(footer))
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_MENTIONS)
        await self._admin_marks(interaction, [row.user_id for row in rows])

    async def _tournament_leaderboard(
        self, interaction: discord.Interaction[Any], period: str
    ) -> None:
        """Members ranked by their sit-and-go results over ``period``: prizes won less
        buy-ins, then wins (a public answer)."""
        assert interaction.guild_id is not None
        since = period_start(period)
        rows = await self.bot.store.tournaments.leaderboard(interaction.guild_id, since, limit=10)
        if not rows:
            await reply_private(interaction, t("leaderboard_sng_empty"))
            return
        with speaking(await self.bot.channel_language(interaction)):
            lines = [
                t(
                    "leaderboard_sng_line",
                    rank=rank,
                    name=f"<@{row.user_id}>",
                    net=signed(row.net),
                    wins=row.wins,
                    played=row.played,
                )
                for rank, row in enumerate(rows, start=1)
            ]
            embed = discord.Embed(
                title=t("leaderboard_sng_title", period=t(PERIOD_KEYS[period])),
                description="\n".join(lines)[:4096],
                colour=discord.Colour.gold(),
            )
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_MENTIONS)


async def setup(bot: DeuceBot) -> None:
    await bot.add_cog(Chips(bot))

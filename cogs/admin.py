"""The ``/pokeradmin`` commands: stakes, buy-in, timers, economy, grants, kick, close.

Discord's ``default_permissions`` only hides the commands from members; the permission is
checked again here, in code, from ``interaction.permissions`` (what Discord computed for this
member in this channel), because a server can override the hint.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.messages import t
from bot.replies import NO_MENTIONS, reply_private, require_guild
from bot.store import InvalidAmount, InvalidSetting, NotSeated

if TYPE_CHECKING:
    from bot.client import DeuceBot

log = logging.getLogger(__name__)

MAX_TIMER_SECONDS = 600


class Admin(commands.Cog):
    """Server settings; every command needs Manage Server."""

    admin = app_commands.Group(
        name="pokeradmin",
        description="Poker settings for this server (Manage Server)",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: DeuceBot) -> None:
        self.bot: DeuceBot = bot

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Guild only, and Manage Server checked in code."""
        require_guild(interaction)
        permissions = interaction.permissions
        if not (permissions.manage_guild or permissions.administrator):
            raise app_commands.MissingPermissions(["manage_guild"])
        return True

    @admin.command(name="stakes", description="Set the stakes of this channel or the server")
    @app_commands.describe(
        small_bet="The small bet (big bet is twice it; big blind = small bet)",
        small_blind="Small blind (default: half the small bet)",
        cap="Bets allowed per round (default: unchanged)",
        scope="This channel's table or the server default (default: channel)",
    )
    async def stakes(
        self,
        interaction: discord.Interaction[Any],
        small_bet: int,
        small_blind: int | None = None,
        cap: int | None = None,
        scope: Literal["channel", "server"] = "channel",
    ) -> None:
        assert interaction.guild_id is not None
        if scope not in ("channel", "server"):
            raise InvalidSetting(t("scope_invalid"))
        channel_id = interaction.channel_id if scope == "channel" else None
        settings = await self.bot.store.set_stakes(
            interaction.guild_id, channel_id, small_bet, small_blind, cap
        )
        await self._refresh_sessions(interaction.guild_id)
        key = "stakes_set_channel" if scope == "channel" else "stakes_set_server"
        await reply_private(
            interaction,
            t(
                key,
                small_bet=settings.small_bet,
                big_bet=settings.big_bet,
                small_blind=settings.effective_small_blind,
                cap=settings.cap,
            ),
        )

    @admin.command(name="buyin", description="Set the buy-in range of this server's tables")
    @app_commands.describe(minimum="Smallest buy-in", maximum="Largest buy-in")
    @app_commands.rename(minimum="min", maximum="max")
    async def buyin(
        self, interaction: discord.Interaction[Any], minimum: int, maximum: int
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.set_buyin(interaction.guild_id, minimum, maximum)
        await reply_private(
            interaction,
            t(
                "buyin_set",
                minimum=f"{settings.buyin_min:,}",
                maximum=f"{settings.buyin_max:,}",
                default=f"{settings.buyin_default:,}",
            ),
        )

    @admin.command(name="timer", description="Seconds players get to act and to draw")
    @app_commands.describe(seconds="Seconds per decision")
    async def timer(self, interaction: discord.Interaction[Any], seconds: int) -> None:
        assert interaction.guild_id is not None
        minimum = self.bot.config.min_timer_seconds
        if seconds < minimum:
            raise InvalidSetting(t("timer_too_low", minimum=minimum))
        if seconds > MAX_TIMER_SECONDS:
            raise InvalidSetting(t("timer_too_high", maximum=MAX_TIMER_SECONDS))
        settings = await self.bot.store.set_timer(
            interaction.guild_id, seconds, minimum=minimum, maximum=MAX_TIMER_SECONDS
        )
        await self._refresh_sessions(interaction.guild_id)
        await reply_private(interaction, t("timer_set", seconds=settings.action_timer))

    @admin.command(name="economy", description="Starting wallet and daily grant")
    @app_commands.describe(start="Chips a new member starts with", daily="Chips per /chips daily")
    async def economy(self, interaction: discord.Interaction[Any], start: int, daily: int) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.set_economy(interaction.guild_id, start, daily)
        await reply_private(
            interaction,
            t(
                "economy_set",
                start=f"{settings.start_wallet:,}",
                daily=f"{settings.daily_amount:,}",
            ),
        )

    @admin.command(name="grant", description="Give chips to a member's wallet")
    @app_commands.describe(member="Who receives the chips", amount="How many chips")
    async def grant(
        self, interaction: discord.Interaction[Any], member: discord.User, amount: int
    ) -> None:
        assert interaction.guild_id is not None
        if member.bot:
            await reply_private(interaction, t("bot_member"))
            return
        if amount <= 0:
            raise InvalidAmount(t("amount_positive"))
        wallet = await self.bot.store.grant(
            interaction.guild_id, member.id, amount, interaction.user.id
        )
        await interaction.response.send_message(
            t("granted", name=member.mention, amount=f"{amount:,}", wallet=f"{wallet:,}"),
            allowed_mentions=NO_MENTIONS,
        )

    @admin.command(name="kick", description="Remove a member from this channel's table")
    @app_commands.describe(member="Who to remove")
    async def kick(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        session = self.bot.tables.here(interaction)
        try:
            now, _amount = await session.leave(member.id)
        except NotSeated:
            await reply_private(interaction, t("kick_not_seated", name=member.mention))
            return
        key = "kicked" if now else "kick_after_hand"
        await interaction.response.send_message(
            t(key, name=member.mention), allowed_mentions=NO_MENTIONS
        )

    @admin.command(name="close", description="Close this channel's table after the current hand")
    async def close(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.tables.here(interaction)
        closed_now = await session.request_close()
        await interaction.response.send_message(
            t("table_closed") if closed_now else t("close_after_hand"),
            allowed_mentions=NO_MENTIONS,
        )

    async def _refresh_sessions(self, guild_id: int) -> None:
        """Tables pick up new settings at their next hand; refresh idle ones now."""
        for session in self.bot.tables.in_guild(guild_id):
            await session.apply_settings()


async def setup(bot: DeuceBot) -> None:
    await bot.add_cog(Admin(bot))

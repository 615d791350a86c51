"""``/pokeradmin fairplay``: the server's gates (a minimum account age and membership before a
member may claim daily chips, sit at a table or register for a sit-and-go), members exempted
from them, wallets frozen and unfrozen, whether the leaderboard leaves frozen members out, and
the report of the pairs the detector flags (``bot/features/fairplay/report.py``).

The gates and the leaderboard's choice are server settings (``models.Settings.gate_*``,
``leaderboard_hide``); exemptions and freezes are ``store.fairplay``'s. Each answer is private.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands

from bot.features.fairplay.report import fair_play_report, report_message
from bot.features.settings.report import LEADERBOARD_CHOICES, gates_text
from bot.features.stats.report import PERIOD_KEYS
from bot.messages import t
from bot.replies import NO_MENTIONS, Refused, reply_private
from bot.store import SERVER_SETTING
from cogs.admin._common import AdminPart, pokeradmin

log = logging.getLogger(__name__)

S = SERVER_SETTING
AccountDays = app_commands.Range[
    int, S["gate_account_days"].minimum, S["gate_account_days"].maximum
]
MemberDays = app_commands.Range[int, S["gate_member_days"].minimum, S["gate_member_days"].maximum]

pokeradmin_fairplay = app_commands.Group(
    name="fairplay", description="Gates, exemptions and frozen wallets", parent=pokeradmin
)
"""``/pokeradmin fairplay``."""


class FairPlayCommands(AdminPart):
    """The fair-play admin commands."""

    @pokeradmin_fairplay.command(
        name="gates", description="Account age and membership needed for daily chips and play"
    )
    @app_commands.describe(
        account_days="Days a member's Discord account must exist (0 = no minimum)",
        member_days="Days a member must have been in this server (0 = no minimum)",
    )
    async def gates(
        self,
        interaction: discord.Interaction[Any],
        account_days: AccountDays,
        member_days: MemberDays,
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set(
            interaction.guild_id,
            {"gate_account_days": account_days, "gate_member_days": member_days},
        )
        await reply_private(
            interaction, gates_text(settings.gate_account_days, settings.gate_member_days)
        )

    @pokeradmin_fairplay.command(name="exempt", description="Let a member past the gates")
    @app_commands.describe(member="The member the gates no longer hold back")
    async def exempt(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        await self._set_exempt(interaction, member, exempt=True)

    @pokeradmin_fairplay.command(name="unexempt", description="Hold a member to the gates again")
    @app_commands.describe(member="The member the gates hold to again")
    async def unexempt(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        await self._set_exempt(interaction, member, exempt=False)

    async def _set_exempt(
        self, interaction: discord.Interaction[Any], member: discord.User, *, exempt: bool
    ) -> None:
        assert interaction.guild_id is not None
        if member.bot:
            await reply_private(interaction, t("bot_member"))
            return
        changed = await self.bot.store.fairplay.set_exempt(
            interaction.guild_id, member.id, exempt, interaction.user.id
        )
        key = {
            (True, True): "fairplay_exempted",
            (True, False): "fairplay_already_exempt",
            (False, True): "fairplay_unexempted",
            (False, False): "fairplay_not_exempt",
        }[exempt, changed]
        await reply_private(interaction, t(key, name=member.mention))

    @pokeradmin_fairplay.command(
        name="freeze", description="Freeze a member's wallet: no daily, buy-in or registration"
    )
    @app_commands.describe(member="The member whose wallet is frozen")
    async def freeze(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        assert interaction.guild_id is not None
        if member.bot:
            await reply_private(interaction, t("bot_member"))
            return
        await self.bot.store.fairplay.freeze(interaction.guild_id, member.id, interaction.user.id)
        await reply_private(interaction, t("fairplay_frozen", name=member.mention))

    @pokeradmin_fairplay.command(name="unfreeze", description="Unfreeze a member's wallet")
    @app_commands.describe(member="The member whose wallet is unfrozen")
    async def unfreeze(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        assert interaction.guild_id is not None
        if member.bot:
            await reply_private(interaction, t("bot_member"))
            return
        await self.bot.store.fairplay.unfreeze(interaction.guild_id, member.id, interaction.user.id)
        await reply_private(interaction, t("fairplay_unfrozen", name=member.mention))

    @pokeradmin_fairplay.command(
        name="leaderboard", description="Whether /chips leaderboard leaves out frozen members"
    )
    @app_commands.describe(
        hide="True: frozen members are left out; False: everyone is ranked",
        flagged="True (with hide): the members the newest report flagged are left out too",
    )
    async def leaderboard(
        self, interaction: discord.Interaction[Any], hide: bool, flagged: bool = False
    ) -> None:
        assert interaction.guild_id is not None
        choice = 2 if hide and flagged else int(hide)
        await self.bot.store.settings.set(interaction.guild_id, {"leaderboard_hide": choice})
        await reply_private(interaction, t(LEADERBOARD_CHOICES[choice]))

    @pokeradmin_fairplay.command(
        name="report", description="Pairs of members whose chips moved between them suspiciously"
    )
    @app_commands.describe(period="The hands of the last week, the last month (default) or all")
    async def report(
        self,
        interaction: discord.Interaction[Any],
        period: Literal["week", "month", "all"] = "month",
    ) -> None:
        assert interaction.guild_id is not None
        if period not in PERIOD_KEYS:
            raise Refused(t("fairplay_period_invalid"))
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild = interaction.guild
        joined = {  # the members Discord's cache knows: how new each is to the server
            member.id: member.joined_at.timestamp()
            for member in (guild.members if guild is not None else ())
            if member.joined_at is not None
        }
        found = await fair_play_report(self.bot.store, interaction.guild_id, period, joined)
        embed, view = report_message(found, period)
        await interaction.followup.send(
            embed=embed, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS
        )

"""``/pokeradmin dashboard``: a one-time login link to the web dashboard (``bot/web``), in a
private reply. The link signs its admin in for this server; it works once, for a few minutes."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.messages import t
from bot.replies import reply_private
from cogs.admin._common import AdminPart, pokeradmin

log = logging.getLogger(__name__)


class DashboardCommands(AdminPart):
    """The web dashboard's way in without an OAuth application."""

    @pokeradmin.command(
        name="dashboard", description="A private one-time link to this server's web dashboard"
    )
    async def dashboard(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        config = self.bot.config
        if config.web_port is None and config.web_public_url is None:
            await reply_private(interaction, t("dashboard_off"))
            return
        # The dashboard's code (aiohttp's server among it) loads when first asked for.
        from bot.web.auth import LINK_SECONDS, new_login_link

        link = await new_login_link(
            self.bot.store, config.web_url, interaction.user.id, interaction.guild_id
        )
        await reply_private(interaction, t("dashboard_link", link=link, minutes=LINK_SECONDS // 60))

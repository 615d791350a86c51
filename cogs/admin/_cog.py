"""The admin cog: every ``/pokeradmin`` command of the parts, bound to one cog that checks
the permission once.

Discord's ``default_permissions`` only hides the commands from members; the permission is
checked again here, in code, from ``interaction.permissions`` (what Discord computed for this
member in this channel), because a server can override the hint. Every integer option carries
its range, so Discord refuses a bad value before it reaches the bot; the store checks again.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.replies import require_guild
from cogs.admin._common import pokeradmin, pokeradmin_house
from cogs.admin._dashboard import DashboardCommands
from cogs.admin._economy import EconomyCommands
from cogs.admin._fairplay import FairPlayCommands, pokeradmin_fairplay
from cogs.admin._house import HouseCommands
from cogs.admin._settings import SettingsCommands
from cogs.admin._tables import TableCommands

if TYPE_CHECKING:
    from bot.client import DeuceBot

log = logging.getLogger(__name__)


def set_minimum(command: app_commands.Command[Any, ..., Any], option: str, minimum: int) -> None:
    """Give ``option`` of this cog's copy of ``command`` a new synced minimum.

    discord.py fixes an option's range when the class is defined and has no public way to
    change it; the timer's floor is a deployment setting, read only when the cog is built.
    The cog's command is its own copy (with its own parameter dict), so the class is untouched.
    """
    params = command._params
    params[option] = dataclasses.replace(params[option], min_value=minimum)


class Admin(
    SettingsCommands,
    TableCommands,
    HouseCommands,
    EconomyCommands,
    FairPlayCommands,
    DashboardCommands,
):
    """Server settings; every command needs Manage Server."""

    admin = pokeradmin
    house = pokeradmin_house
    fairplay_group = pokeradmin_fairplay

    def __init__(self, bot: DeuceBot) -> None:
        self.bot: DeuceBot = bot
        set_minimum(self.timer, "seconds", bot.config.min_timer_seconds)
        set_minimum(self.idle, "seconds", bot.config.min_idle_seconds)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Guild only, and Manage Server checked in code."""
        require_guild(interaction)
        permissions = interaction.permissions
        if not (permissions.manage_guild or permissions.administrator):
            raise app_commands.MissingPermissions(["manage_guild"])
        return True

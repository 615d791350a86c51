"""The ``Poker`` cog: the ``/poker`` group, made by the cog itself (a ``GroupCog``), holding
every command of the parts, the table's (``_table.py``) and each feature's
(``bot/features/<feature>/commands.py``), bound to one cog that checks the guild once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.ledger.commands import LedgerCommands
from bot.features.lobby.commands import LobbyCommands
from bot.features.mtt.commands import MttCommands, mtt
from bot.features.replay.commands import ReplayCommands
from bot.features.sitngo.commands import SitAndGoCommands, sng
from bot.features.stats.commands import StatsCommands
from bot.replies import require_guild
from cogs.poker._table import TableCommands

if TYPE_CHECKING:
    from bot.client import DeuceBot


@app_commands.guild_only()
class Poker(
    TableCommands,
    SitAndGoCommands,
    MttCommands,
    LobbyCommands,
    ReplayCommands,
    StatsCommands,
    LedgerCommands,
    commands.GroupCog,
    group_name="poker",
    group_description="Play 2-7 Triple Draw at this channel's table",
):
    """Player commands: the channel's table and the features beside it."""

    sng = sng
    mtt = mtt

    def __init__(self, bot: DeuceBot) -> None:
        self.bot: DeuceBot = bot

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return require_guild(interaction)

"""``/poker replay [hand]``: step through a stored hand again, privately."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.features.replay.viewer import send_replay
from bot.ui.commands import PokerPart

HAND_ID_MAX = 2**53 - 1
"""The largest integer a Discord option carries exactly."""


class ReplayCommands(PokerPart):
    """The replay's command."""

    @app_commands.command(name="replay", description="Step through a hand again, privately")
    @app_commands.describe(hand="The hand's number (default: your last hand)")
    async def replay(
        self,
        interaction: discord.Interaction[Any],
        hand: app_commands.Range[int, 1, HAND_ID_MAX] | None = None,
    ) -> None:
        await send_replay(interaction, self.bot.store, hand)

"""The ``/poker`` group every part of the ``Poker`` cog declares its commands in (the table's
own in ``cogs/poker/_table.py``, each feature's in ``bot/features/<feature>/commands.py``), and
``PokerPart``, the base of those parts.

A slash command's callback is bound to the cog that holds its group, so the parts are never
cogs of their own: ``cogs.poker.Poker`` inherits them all and binds them, as
``cogs.admin.Admin`` does for ``/pokeradmin``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import DeuceBot

poker = app_commands.Group(
    name="poker", description="Play 2-7 Triple Draw at this channel's table", guild_only=True
)
"""``/poker``: every part declares its commands in it; ``Poker`` binds them all."""


class PokerPart(commands.Cog):
    """A part of the ``Poker`` cog (never a cog of its own): its commands see the bot."""

    bot: DeuceBot

"""``PokerPart``, the base of every part of the ``Poker`` cog: the table's commands in
``cogs/poker/_table.py`` and each feature's in ``bot/features/<feature>/commands.py``.

A part declares its commands with ``app_commands.command`` (and its subgroups, such as
``/poker sng``, as groups of its own module). The parts are never cogs of their own:
``cogs.poker.Poker`` is a ``GroupCog`` named ``poker`` that inherits them all, copies each
command into its own ``/poker`` group and binds it. No group outlives the cog, so unloading
and loading ``cogs.poker`` again (a reload, or a second bot in one process) registers every
command once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import DeuceBot


class PokerPart(commands.Cog):
    """A part of the ``Poker`` cog (never a cog of its own): its commands see the bot."""

    bot: DeuceBot

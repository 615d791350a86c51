"""The ``/pokeradmin`` commands, one module per concern: the server's and a channel's settings
and the report of them (``_settings``, ``_report``), the moderation of a channel's table
(``_tables``), house players (``_house``) and the economy (``_economy``), gathered in one cog
with the checks they share (``_cog``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.admin._cog import Admin

if TYPE_CHECKING:
    from bot.client import DeuceBot


async def setup(bot: DeuceBot) -> None:
    await bot.add_cog(Admin(bot))

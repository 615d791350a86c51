"""The ``/poker`` commands: the channel's table's (``_table``) and the features' (``bot/features``),
gathered in one cog (``_cog``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.poker._cog import Poker

if TYPE_CHECKING:
    from bot.client import DeuceBot


async def setup(bot: DeuceBot) -> None:
    await bot.add_cog(Poker(bot))

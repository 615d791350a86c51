"""The lobby message's Register and Unregister buttons (``deuce:mr:<id>``, ``deuce:mu:<id>``;
rebuilt from their ids, so they work after a restart): the router's routes, calling the same
register and unregister as the commands (``tournaments.py``). A forged id of another server's
tournament, or of one whose channel the member cannot view, is answered like a tournament
that does not exist."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.features.mtt import tournaments as mtts
from bot.features.mtt.lobby import REGISTER_ID
from bot.messages import number, t
from bot.replies import Refused, reply_private
from bot.store import TournamentNotFound
from bot.store.mtts import MttRow
from bot.ui.router import Route


async def lobby_clicked(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
    """Register or Unregister (the router's handler of ``deuce:mr`` and ``deuce:mu``)."""
    bot: mtts.MttBot = interaction.client
    tid = int(match["tournament"])
    try:
        found: MttRow | None = await bot.store.mtts.get(tid)
    except TournamentNotFound:
        found = None
    row = mtts.seen(interaction, found)
    if row is None:
        raise Refused(t("sng_not_found"))
    buy_in = number(row.tournament.buy_in)
    if match["what"] == "r":
        late = await mtts.register(bot, tid, interaction.user)
        text = t(
            "mtt_registered_late" if late else "mtt_registered", tournament=str(tid), buy_in=buy_in
        )
    else:
        refund = await mtts.unregister(bot, tid, interaction.user.id)
        text = t("mtt_unregistered", tournament=str(tid), buy_in=number(refund))
    await reply_private(interaction, text)


ROUTES = (
    Route("mr", REGISTER_ID, lobby_clicked, guild_only=True),
    Route("mu", REGISTER_ID, lobby_clicked, guild_only=True),
)
"""The router's routes of the lobby's buttons (``bot/ui/router.py``)."""

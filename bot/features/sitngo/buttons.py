"""The registration message's Register and Unregister buttons (``deuce:sr:<id>``,
``deuce:su:<id>``; rebuilt from their ids, so they work after a restart): the router's routes,
calling the same register and unregister as the commands (``tournaments.py``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.features.sitngo.tournaments import SngClient, refresh_message, register, seen, unregister
from bot.features.sitngo.views import REGISTER_ID, registration_message
from bot.messages import number, t
from bot.replies import Refused
from bot.store import TournamentNotFound
from bot.ui.router import Route

if TYPE_CHECKING:
    from bot.store.models import TournamentRow


async def _clicked(
    interaction: discord.Interaction[Any], client: SngClient, what: str, tid: int
) -> None:
    user = interaction.user
    if what == "r":
        await register(client, tid, user)
    else:
        await unregister(client, tid, user.id)
    language = await client.channel_language(interaction)
    tournament, contents = await registration_message(client.store, tid, language)
    message_id = getattr(interaction.message, "id", None)
    if message_id is not None and message_id == tournament.message_id:
        await interaction.response.edit_message(**contents)
    else:  # from the lobby: the answer is private, the channel's message follows the field
        await interaction.response.defer(ephemeral=True, thinking=True)
        await refresh_message(client, tid)
    key = "sng_registered" if what == "r" else "sng_unregistered"
    await interaction.followup.send(
        t(key, tournament=str(tid), buy_in=number(tournament.buy_in)), ephemeral=True
    )


async def registration_clicked(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
    """Register or Unregister (the router's handler of ``deuce:sr`` and ``deuce:su``); a
    tournament the member cannot see is answered like one that does not exist."""
    client: SngClient = interaction.client
    tid = int(match["tournament"])
    try:
        found: TournamentRow | None = await client.store.tournaments.get(tid)
    except TournamentNotFound:
        found = None
    if seen(interaction, found) is None:
        raise Refused(t("sng_not_found"))
    await _clicked(interaction, client, match["what"], tid)


ROUTES = (
    Route("sr", REGISTER_ID, registration_clicked),
    Route("su", REGISTER_ID, registration_clicked),
)
"""The router's routes of the registration buttons (``bot/ui/router.py``)."""

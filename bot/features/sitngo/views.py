"""A sit-and-go's registration message (its field, prize pool, structure, payouts, start
time, and the Register and Unregister buttons ``deuce:sr:<id>``, ``deuce:su:<id>``) and
``/poker sng show``'s standings: what the rules in ``tournaments.py`` post and edit. The
embeds and buttons are drawn by ``bot/table/render/standings.py``; this reads the store."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.messages import speaking
from bot.table.render.standings import (
    registration_embed,
    registration_view,
    running_embed,
    standings_embed,
)

if TYPE_CHECKING:
    from bot.store import Store
    from bot.store.models import TournamentRow

REGISTER_ID = re.compile(r"deuce:s(?P<what>r|u):(?P<tournament>\d{1,19})")


async def registration_message(
    store: Store, tournament_id: int, language: str
) -> tuple[TournamentRow, dict[str, Any]]:
    """The tournament and its registration message's contents, in the channel's language."""
    tournament = await store.tournaments.get(tournament_id)
    entries = await store.tournaments.entries(tournament_id)
    with speaking(language):
        return tournament, {
            "embed": registration_embed(tournament, entries),
            "view": registration_view(tournament),
        }


async def standings(store: Store, tournament: TournamentRow) -> discord.Embed:
    """``/poker sng show``: the field of a registering (or cancelled) tournament, the standings
    of a running one (places so far, stacks of the players left), the final standings of a
    finished one."""
    entries = await store.tournaments.entries(tournament.id)
    if tournament.status in ("registering", "cancelled"):  # who was in, and that it is off
        return registration_embed(tournament, entries)
    pool = tournament.buy_in * len(entries)
    if tournament.status == "finished":
        return standings_embed(tournament.id, entries, pool)
    stacks = {}
    if tournament.table_id is not None:
        stacks = {s.user_id: s.stack for s in await store.tables.seats(tournament.table_id)}
    return running_embed(tournament, entries, stacks)

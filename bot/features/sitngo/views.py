"""A sit-and-go's registration message (its field, prize pool, structure, payouts, start
time, and the Register and Unregister buttons ``deuce:sr:<id>``, ``deuce:su:<id>``) and
``/poker sng show``'s standings: what the rules in ``tournaments.py`` post and edit."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.house.accounts import is_house
from bot.messages import number, speaking, t
from bot.table.render import EMBED_DESCRIPTION_MAX, clamp, safe_name, standings_embed
from bot.tournament import level_of, prizes_for
from bot.tournament.places import payout_percentages
from bot.ui.views import PlainView

if TYPE_CHECKING:
    from bot.store import Store
    from bot.store.models import EntryRow, TournamentRow

REGISTER_ID = re.compile(r"deuce:s(?P<what>r|u):(?P<tournament>\d{1,19})")
LEVELS_SHOWN = 6
"""Levels listed on the registration message."""


def register_button_id(tournament_id: int, what: str) -> str:
    return f"deuce:s{what}:{tournament_id}"


# ---------------------------------------------------------------------- the registration message


def registration_embed(tournament: TournamentRow, entries: list[EntryRow]) -> discord.Embed:
    """The registration message: what the tournament is and who is in."""
    pool = tournament.buy_in * len(entries)
    status = {
        "registering": "sng_status_registering",
        "running": "sng_status_running",
        "finished": "sng_status_finished",
        "cancelled": "sng_status_cancelled",
    }[tournament.status]
    levels = ", ".join(level_of(tournament.structure, n).label for n in range(1, LEVELS_SHOWN + 1))
    if tournament.level_minutes is not None:
        length = t("sng_level_minutes", minutes=tournament.level_minutes)
    else:
        length = t("sng_level_hands", hands=tournament.level_hands or 0)
    field = max(2, len(entries))
    payouts = " / ".join(f"{p}%" for p in payout_percentages(field))
    lines = [
        t("sng_reg_buy_in", buy_in=number(tournament.buy_in), pool=number(pool)),
        t("sng_reg_stack", stack=number(tournament.start_stack)),
        t(
            "sng_reg_structure",
            structure=t(f"choice-{tournament.structure}"),
            levels=levels,
            length=length,
        ),
        t("sng_reg_payouts", payouts=payouts, field=field),
    ]
    if tournament.starts_at is not None and tournament.status == "registering":
        when = int(tournament.starts_at)
        lines.append(t("sng_reg_starts", when=f"<t:{when}:F> (<t:{when}:R>)"))
    elif tournament.status == "registering":
        lines.append(t("sng_reg_starts_full", seats=tournament.seats))
    names = [safe_name(e.name) + (" 🤖" if is_house(e.user_id) else "") for e in entries]
    embed = discord.Embed(
        title=t("sng_reg_title", tournament=str(tournament.id), status=t(status)),
        description=clamp("\n".join(lines), EMBED_DESCRIPTION_MAX),
        colour=discord.Colour.blurple(),
    )
    embed.add_field(
        name=t("sng_reg_field", count=len(entries), seats=tournament.seats),
        value=clamp("\n".join(names) or "—", 1024),
        inline=False,
    )
    return embed


def registration_view(tournament: TournamentRow) -> PlainView | None:
    """Register and Unregister while the tournament registers; nothing after."""
    if tournament.status != "registering":
        return None
    view = PlainView()
    for what, key, style in (
        ("r", "sng_button_register", discord.ButtonStyle.success),
        ("u", "sng_button_unregister", discord.ButtonStyle.secondary),
    ):
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=t(key), style=style, custom_id=register_button_id(tournament.id, what)
        )
        view.add_item(button)
    return view


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
    """``/poker sng show``: the field of a registering tournament, the standings of a running
    one (places so far, stacks of the players left), the final standings of a finished one."""
    entries = await store.tournaments.entries(tournament.id)
    if tournament.status == "registering":
        return registration_embed(tournament, entries)
    pool = tournament.buy_in * len(entries)
    if tournament.status == "finished":
        return standings_embed(tournament.id, entries, pool)
    stacks = {}
    if tournament.table_id is not None:
        stacks = {s.user_id: s.stack for s in await store.tables.seats(tournament.table_id)}
    alive = sorted((e for e in entries if e.place is None), key=lambda e: -stacks.get(e.user_id, 0))
    lines = [
        t("sng_show_alive", name=safe_name(e.name), stack=number(stacks.get(e.user_id, 0)))
        for e in alive
    ]
    out = sorted((e for e in entries if e.place is not None), key=lambda e: e.place or 0)
    lines += [
        t("sng_result_line", place=e.place or 0, name=safe_name(e.name), prize=number(e.prize or 0))
        for e in out
    ]
    prizes = " / ".join(number(p) for p in prizes_for(pool, len(entries)))
    embed = discord.Embed(
        title=t("sng_reg_title", tournament=str(tournament.id), status=t("sng_status_running")),
        description=clamp("\n".join(lines), EMBED_DESCRIPTION_MAX),
        colour=discord.Colour.blurple(),
    )
    embed.set_footer(text=t("sng_show_prizes", prizes=prizes))
    return embed

"""Sit-and-go messages: the registration message (what the tournament is, who is in, Register
and Unregister while it registers), the standings of a running one, the final standings; the
tournament's lines in the table's log and a hand's result (a level begins, a player finishes)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.house.accounts import is_house
from bot.messages import number, t
from bot.table.render.common import (
    EMBED_DESCRIPTION_MAX,
    EMBED_FIELD_MAX,
    EMBED_TITLE_MAX,
    clamp,
    safe_name,
)
from bot.tournament import level_of, prizes_for
from bot.tournament.places import payout_percentages
from bot.ui.views import PlainView

if TYPE_CHECKING:
    from bot.store.models import EntryRow, TournamentRow
    from bot.table.snapshot import TournamentNews

LEVELS_SHOWN = 6
"""Levels listed on the registration message."""


class StandingEntry(Protocol):
    """A tournament entry as the final standings read it (the store's ``EntryRow``)."""

    @property
    def user_id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def place(self) -> int | None: ...
    @property
    def prize(self) -> int | None: ...


def news_text(news: TournamentNews) -> str:
    """One tournament line of the table's log or of a hand's result, in the reader's language:
    a level begins, the next hand begins one, a player finishes (place and prize), a player
    is away; a final standing (``place_text``) otherwise."""
    if news.kind == "level":
        return t("sng_level_up", level=news.level, limits=news.limits)
    if news.kind == "next level":
        return t("sng_next_level", level=news.level, limits=news.limits)
    if news.kind == "away":
        return t("sng_away", name=safe_name(news.name))
    key = "sng_out_prize" if news.prize else "sng_out"
    return t(key, name=safe_name(news.name), place=news.place, prize=number(news.prize))


def place_text(news: TournamentNews) -> str:
    """A line of the final standings: ``1. Alice: 280`` (house players marked)."""
    name = safe_name(news.name) + (" 🤖" if news.house else "")
    return t("sng_result_line", place=news.place, name=name, prize=number(news.prize))


TOURNAMENT_HEADINGS = {"sng": "field_tournament", "mtt": "mtt_field_tournament"}
"""The heading of a table's and a result's tournament section, by the kind of tournament."""

RESULT_TITLES = {"sng": "sng_result_title", "mtt": "mtt_result_title"}
"""The final standings' title of each kind of tournament."""


def standings_embed(
    tournament_id: int, entries: Sequence[StandingEntry], pool: int, *, kind: str = "sng"
) -> discord.Embed:
    """A tournament's final standings: places, names, prizes (the picture shows the same, or
    its first places); ``kind``: ``sng`` or ``mtt``, which its title names."""
    lines = [
        t(
            "sng_result_line",
            place=e.place or len(entries),
            name=safe_name(e.name) + (" 🤖" if is_house(e.user_id) else ""),
            prize=number(e.prize or 0),
        )
        for e in sorted(entries, key=lambda e: (e.place or len(entries), e.name.casefold()))
    ]
    embed = discord.Embed(
        title=clamp(t(RESULT_TITLES[kind], tournament=str(tournament_id)), EMBED_TITLE_MAX),
        description=clamp("\n".join(lines), EMBED_DESCRIPTION_MAX),
        colour=discord.Colour.gold(),
    )
    embed.set_footer(text=t("sng_pool_line", pool=number(pool), entrants=len(entries)))
    return embed


def register_button_id(tournament_id: int, what: str) -> str:
    return f"deuce:s{what}:{tournament_id}"


def registration_embed(tournament: TournamentRow, entries: Sequence[EntryRow]) -> discord.Embed:
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
        t("sng_reg_buy_in", buy_in=number(tournament.buy_in), pool=number(pool))
        if tournament.status != "cancelled"  # its buy-ins went back: no pool to speak of
        else t("sng_reg_buy_in_refunded", buy_in=number(tournament.buy_in)),
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
        value=clamp("\n".join(names) or "—", EMBED_FIELD_MAX),
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


def running_embed(
    tournament: TournamentRow, entries: Sequence[EntryRow], stacks: dict[int, int]
) -> discord.Embed:
    """A running tournament's standings: the players left by their ``stacks``, then the places
    so far, and the prizes."""
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
    pool = tournament.buy_in * len(entries)
    prizes = " / ".join(number(p) for p in prizes_for(pool, len(entries)))
    embed = discord.Embed(
        title=t("sng_reg_title", tournament=str(tournament.id), status=t("sng_status_running")),
        description=clamp("\n".join(lines), EMBED_DESCRIPTION_MAX),
        colour=discord.Colour.blurple(),
    )
    embed.set_footer(text=t("sng_show_prizes", prizes=prizes))
    return embed

"""``/poker tables``: the lobby of a server's open tables, and joining one from it.

The lobby lists the open tables in the channels the member can see (cash tables), and the
tournaments registering or running there (sit-and-goes and multi-table ones): the channel,
the limits, who sits there and how many seats are free, hands per hour and the average pot
over the last hour, read from the store in four statements however many tables there are.
Choosing a table in the select menu answers privately with its channel and a Join button,
which seats the member through the same path as ``/poker join`` (``bot.table.joining``) with
the default buy-in; a registering tournament has a Register button of its kind's.

The tables and tournaments of channels the member cannot view are left out first, then the
rest is paged (``lobby_pages``): each page holds what its embed and menu can show whole (25
tables at most, the menu's limit, and as many lines as fit), ◀ ▶ turn the pages, so however
many there are none is cut off or lost.

Custom ids: ``deuce:ls`` (the select; its values are table ids), ``deuce:lj:<table>`` (the
Join button) and ``deuce:lp:<page>:<p|n>`` (◀ ▶: the page they go to; each click lists the
lobby again for the clicker). None is trusted: the table must still be open, in this server, in
a channel the member can see, or the click gets a private sentence and changes nothing.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.features.mtt.lobby import register_button_id as mtt_register_id
from bot.messages import number, t
from bot.replies import NO_MENTIONS, Refused, reply_private
from bot.store import LobbyTable, Store, TableNotFound, TableRow
from bot.store.models import TABLE_OPEN
from bot.table.joining import Seater, join_table
from bot.table.render import clamp, safe_name
from bot.table.render.standings import register_button_id
from bot.table.visibility import can_see
from bot.ui.router import Route
from bot.ui.views import PlainView

if TYPE_CHECKING:
    from bot.store.models import TournamentRow

log = logging.getLogger(__name__)

SELECT_ID = "deuce:ls"
SELECT_PATTERN = re.compile(re.escape(SELECT_ID))
JOIN_ID = re.compile(r"deuce:lj:(?P<table>\d{1,19})")
PAGE_ID = re.compile(r"deuce:lp:(?P<page>\d{1,6}):(?P<slot>[pn])")
TABLE_VALUE = re.compile(r"\d{1,19}")
LISTED_MAX = 25
"""Tables on one page (each offered in the select menu, which holds 25 options)."""
HOUR = 3600.0
DESCRIPTION_MAX = 4096
SNG_FIELD_MAX = 1024
LABEL_MAX = 100
KIND_KEYS = {"cash": "lobby_kind_cash"}
SNG_PER_PAGE = 10
"""Sit-and-goes on one page: a Register button each (two rows of the view's five; the select
menu takes one, ◀ ▶ another)."""
NAV_ROW = 4


@dataclass(frozen=True)
class LobbyPage:
    """What one page of the lobby lists."""

    tables: Sequence[LobbyTable]
    tournaments: Sequence[TournamentRow]


def join_button_id(table_id: int) -> str:
    return f"deuce:lj:{table_id}"


def channel_name(guild: discord.Guild | None, channel_id: int) -> str:
    channel = guild.get_channel(channel_id) if guild is not None else None
    return channel.name if channel is not None else str(channel_id)


def entry_line(entry: LobbyTable) -> str:
    """One table of the lobby in the reader's language."""
    names = ", ".join(safe_name(p.name) for p in entry.players) or t("lobby_nobody")
    return t(
        "lobby_line",
        channel=f"<#{entry.channel_id}>",
        kind=t(KIND_KEYS.get(entry.kind, "lobby_kind_cash")),
        small=entry.small_bet,
        big=2 * entry.small_bet,
        seated=len(entry.players),
        free=entry.free,
        names=names,
        hands=entry.hands_last_hour,
        pot=number(entry.average_pot),
    )


def sng_line(tournament: TournamentRow, entrants: int, seats: int | None = None) -> str:
    """One tournament of the lobby (a sit-and-go, or a multi-table one: ``seats`` its field)
    in the reader's language."""
    status = (
        "sng_status_registering" if tournament.status == "registering" else "sng_status_running"
    )
    return t(
        "lobby_mtt_line" if tournament.kind == "mtt" else "lobby_sng_line",
        channel=f"<#{tournament.channel_id}>",
        tournament=str(tournament.id),
        status=t(status),
        count=entrants,
        seats=tournament.seats if seats is None else seats,
        buy_in=number(tournament.buy_in),
    )


def page_button_id(page: int, slot: str) -> str:
    return f"deuce:lp:{page}:{slot}"


def _pack(lengths: Sequence[int], most: int, room: int, joiner: int) -> list[range]:
    """Consecutive items into pages of at most ``most`` items whose lengths, joined by
    ``joiner`` characters, fit in ``room`` (an item longer than ``room`` alone on its page)."""
    pages: list[range] = []
    start = used = 0
    for index, length in enumerate(lengths):
        if index > start and (index - start >= most or used + joiner + length > room):
            pages.append(range(start, index))
            start, used = index, 0
        used += (joiner if index > start else 0) + length
    if start < len(lengths):
        pages.append(range(start, len(lengths)))
    return pages


def lobby_pages(
    tables: Sequence[LobbyTable], tournaments: Sequence[TournamentRow]
) -> list[LobbyPage]:
    """The lobby in pages, in the reader's language: page n lists the n-th page of tables and
    the n-th page of sit-and-goes, each whole (at least one page, maybe empty)."""
    table_pages = _pack([len(entry_line(e)) for e in tables], LISTED_MAX, DESCRIPTION_MAX, 2)
    # A line with the most entrants is at least as long as the real one (an MTT's field is at
    # most two digits: ``clamp`` keeps the field whole however long).
    sng_lengths = [len(sng_line(x, 60, 60)) for x in tournaments]
    sng_pages = _pack(sng_lengths, SNG_PER_PAGE, SNG_FIELD_MAX, 1)
    return [
        LobbyPage(
            [tables[i] for i in table_pages[n]] if n < len(table_pages) else [],
            [tournaments[i] for i in sng_pages[n]] if n < len(sng_pages) else [],
        )
        for n in range(max(len(table_pages), len(sng_pages), 1))
    ]


def lobby_message(
    page: LobbyPage,
    guild: discord.Guild | None,
    entrants: dict[int, int] | None = None,
    number: int = 0,
    pages: int = 1,
    fields: dict[int, int] | None = None,
) -> dict[str, Any]:
    """One page of the lobby: its tables with the select menu, then its tournaments (with
    ``entrants`` and an MTT's ``fields`` by tournament id) with a Register button for each
    registering one, and ◀ ▶ when there is more than one page."""
    listed = page.tables
    lines = [entry_line(entry) for entry in listed]
    embed = discord.Embed(
        title=t("lobby_title"),
        description=clamp("\n\n".join(lines) or t("lobby_no_tables"), DESCRIPTION_MAX),
        colour=discord.Colour.dark_green(),
    )
    view = PlainView()
    if page.tournaments:
        counts, most = entrants or {}, fields or {}
        text = "\n".join(sng_line(x, counts.get(x.id, 0), most.get(x.id)) for x in page.tournaments)
        embed.add_field(name=t("lobby_sng_field"), value=clamp(text, SNG_FIELD_MAX), inline=False)
        registering = [x for x in page.tournaments if x.status == "registering"]
        for tournament in registering:
            register = mtt_register_id if tournament.kind == "mtt" else register_button_id
            view.add_item(
                discord.ui.Button(
                    label=clamp(t("lobby_sng_register", tournament=str(tournament.id)), 80),
                    style=discord.ButtonStyle.success,
                    custom_id=register(tournament.id, "r"),
                )
            )
    if pages > 1:
        embed.set_footer(text=t("lobby_page", page=number + 1, pages=pages))
        for label, target, slot, disabled in (
            ("◀", max(number - 1, 0), "p", number == 0),
            ("▶", min(number + 1, pages - 1), "n", number == pages - 1),
        ):
            view.add_item(
                discord.ui.Button(
                    label=label,
                    style=discord.ButtonStyle.secondary,
                    custom_id=page_button_id(target, slot),
                    disabled=disabled,
                    row=NAV_ROW,
                )
            )
    if not listed:
        return {"embed": embed, "view": view}
    options = [
        discord.SelectOption(
            label=clamp(
                t(
                    "lobby_option",
                    channel=channel_name(guild, entry.channel_id),
                    small=entry.small_bet,
                    big=2 * entry.small_bet,
                    seated=len(entry.players),
                    seats=entry.seats,
                ),
                LABEL_MAX,
            ),
            value=str(entry.table_id),
        )
        for entry in listed
    ]
    view.add_item(
        discord.ui.Select(custom_id=SELECT_ID, placeholder=t("lobby_choose"), options=options)
    )
    return {"embed": embed, "view": view}


async def lobby_for(
    interaction: discord.Interaction[Any], store: Store, number: int
) -> dict[str, Any] | None:
    """Page ``number`` (the last one if there are fewer) of the server's open tables and
    tournaments in the channels the member can view now; None when there is none."""
    assert interaction.guild_id is not None
    guild, member = interaction.guild, interaction.user
    entries = await store.tables.lobby(interaction.guild_id, time.time() - HOUR)
    tables = [e for e in entries if can_see(guild, member, e.channel_id)]
    found = await store.tournaments.listed(interaction.guild_id)
    tournaments = [x for x in found if can_see(guild, member, x.channel_id)]
    if not tables and not tournaments:
        return None
    pages = lobby_pages(tables, tournaments)
    number = min(number, len(pages) - 1)
    page = pages[number]
    entrants = {x.id: len(await store.tournaments.entries(x.id)) for x in page.tournaments}
    fields = {x.id: (await store.mtts.get(x.id)).field for x in page.tournaments if x.kind == "mtt"}
    return lobby_message(page, guild, entrants, number, len(pages), fields)


async def send_lobby(interaction: discord.Interaction[Any], store: Store) -> None:
    """Answer ``/poker tables`` privately with the first page of the lobby."""
    message = await lobby_for(interaction, store, 0)
    if message is None:
        await reply_private(interaction, t("lobby_empty"))
        return
    await interaction.response.send_message(ephemeral=True, allowed_mentions=NO_MENTIONS, **message)


async def _turn_page(interaction: discord.Interaction[Any], store: Store, number: int) -> None:
    """◀ ▶: the lobby listed again for the clicker at page ``number``, in place."""
    message = await lobby_for(interaction, store, number)
    if message is None:
        raise Refused(t("lobby_empty"))
    await interaction.response.edit_message(allowed_mentions=NO_MENTIONS, **message)


async def _open_table(
    interaction: discord.Interaction[Any], store: Store, table_id: int
) -> TableRow:
    """The table ``table_id`` if it is open in this server in a channel the member can see;
    otherwise ``Refused`` with the lobby's "no longer open" sentence."""
    try:
        table = await store.tables.get(table_id)
    except TableNotFound:
        raise Refused(t("lobby_gone")) from None
    if (
        table.guild_id != interaction.guild_id
        or table.status != TABLE_OPEN
        or not can_see(interaction.guild, interaction.user, table.channel_id)
    ):
        raise Refused(t("lobby_gone"))
    return table


async def _chosen(interaction: discord.Interaction[Any], store: Store, values: Any) -> None:
    """A table chosen in the select menu: its channel and a Join button, privately."""
    if not (isinstance(values, list) and len(values) == 1 and isinstance(values[0], str)):
        raise Refused(t("lobby_gone"))
    if not TABLE_VALUE.fullmatch(values[0]):
        raise Refused(t("lobby_gone"))
    table = await _open_table(interaction, store, int(values[0]))
    settings = await store.settings.table(table.guild_id, table.channel_id)
    view = PlainView()
    view.add_item(
        discord.ui.Button(
            label=t("lobby_join", buy_in=settings.buyin_default),
            style=discord.ButtonStyle.success,
            custom_id=join_button_id(table.id),
        )
    )
    text = t(
        "lobby_chosen",
        channel=f"<#{table.channel_id}>",
        small=settings.small_bet,
        big=settings.big_bet,
        buy_in=settings.buyin_default,
    )
    await interaction.response.send_message(
        text, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS
    )


async def _join(interaction: discord.Interaction[Any], bot: Seater, table_id: int) -> None:
    """The Join button: the member sits at that table with its default buy-in."""
    table = await _open_table(interaction, bot.store, table_id)
    session = bot.tables.by_table(table.id)
    if session is None or session.closed or session.closing:
        raise Refused(t("lobby_gone"))
    name = channel_name(interaction.guild, table.channel_id)
    await join_table(interaction, bot, table.channel_id, None, session=session, channel_name=name)


async def join_clicked(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
    """The router's handler of ``deuce:lj``."""
    client: Seater = interaction.client
    await _join(interaction, client, int(match["table"]))


async def page_clicked(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
    """The router's handler of ``deuce:lp``."""
    client: Seater = interaction.client
    await _turn_page(interaction, client.store, int(match["page"]))


async def table_chosen(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
    """The router's handler of ``deuce:ls`` (the select menu: its values, read plainly)."""
    client: Seater = interaction.client
    data: Any = interaction.data or {}
    await _chosen(interaction, client.store, data.get("values"))


ROUTES = (
    Route("ls", SELECT_PATTERN, table_chosen, guild_only=True),
    Route("lj", JOIN_ID, join_clicked, guild_only=True),
    Route("lp", PAGE_ID, page_clicked, guild_only=True),
)
"""The router's routes of the lobby (``bot/ui/router.py``)."""

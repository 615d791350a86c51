"""A player's own tournaments, of either kind (sit-and-goes and multi-table tournaments): the
ones they registered in or played, on the servers of their session only (one they left, or
another member's, is not among them), newest first, each with its kind, server, channel,
status, buy-in, and their place and prize once out (a cancelled one: the buy-in refunded, no
prize pool). On a phone each tournament is a small block of its own, each value with its
column's name, rather than a table scrolled sideways."""

from __future__ import annotations

import time

from aiohttp import web

from bot.messages import number, t
from bot.store.models import EntryRow, TournamentRow
from bot.web.context import context, html_response, signed_in
from bot.web.html import Html, h, join, page
from bot.web.pages.tournaments import kind_label

SHOWN = 50

COLUMNS = (
    ("tournament", "web_my_sng_col"),
    ("place", "web_my_sng_place_col"),
    ("prize", "web_my_sng_prize"),
    ("status", "web_my_sng_status"),
    ("buy_in", "web_my_sng_buy_in"),
    ("server", "web_col_server"),
    ("channel", "web_my_sng_channel"),
    ("when", "web_my_sng_when"),
)
"""Each column: its cells' class and its heading (each cell carries it too, for a phone)."""


def _row(tournament: TournamentRow, entry: EntryRow, server: str, channel: str) -> Html:
    status = tournament.status
    if status == "cancelled":
        place, prize = "—", t("web_my_sng_refunded", buy_in=number(tournament.buy_in))
    elif entry.place is not None:
        place, prize = t("web_my_sng_place", place=entry.place), number(entry.prize or 0)
    else:
        place, prize = "—", "—"
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(tournament.created_at))
    kind = kind_label(tournament.kind)
    values: dict[str, Html | str] = {
        "tournament": h(
            '#{id} <span class="kind" data-kind="{code}">{kind}</span>',
            id=tournament.id,
            code=tournament.kind,
            kind=kind,
        ),
        "place": place,
        "prize": prize,
        "status": t(f"sng_status_{status}"),
        "buy_in": number(tournament.buy_in),
        "server": server,
        "channel": channel,
        "when": when,
    }
    return h(
        '<tr data-tournament="{id}" data-kind="{kind}">{cells}</tr>',
        id=tournament.id,
        kind=tournament.kind,
        cells=join(
            h(
                '<td class="{name}" data-label="{label}">{value}</td>',
                name=name,
                label=t(key),
                value=values[name],
            )
            for name, key in COLUMNS
        ),
    )


async def my_tournaments_page(request: web.Request) -> web.Response:
    session = await signed_in(request)
    ctx = context(request)
    servers = {g.id: g.name for g in session.guilds}
    found = [
        (tournament, entry)
        for tournament, entry in await ctx.store.tournaments.of_member(session.user_id)
        if tournament.guild_id in servers
    ][:SHOWN]
    channels: dict[int, str] = {}
    if ctx.live is not None:
        for guild_id in {x.guild_id for x, _ in found}:
            channels.update(ctx.live.text_channels(guild_id))
    rows = join(
        _row(
            tournament,
            entry,
            servers[tournament.guild_id],
            "#" + channels.get(tournament.channel_id, str(tournament.channel_id)),
        )
        for tournament, entry in found
    )
    body = (
        h(
            '<div class="scroll"><table class="mine"><thead><tr>{heads}</tr></thead>'
            "<tbody>{rows}</tbody></table></div>",
            heads=join(
                h('<th scope="col" class="{name}">{label}</th>', name=name, label=t(key))
                for name, key in COLUMNS
            ),
            rows=rows,
        )
        if found
        else h("<p>{text}</p>", text=t("web_my_sng_none"))
    )
    return html_response(page(t("web_my_sng_title"), body, who=session.name, csrf=session.csrf))

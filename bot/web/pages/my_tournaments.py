"""A player's own sit-and-goes: the tournaments they registered in or played, on the servers
of their session only (one they left, or another member's, is not among them), newest first,
each with its server, channel, status, buy-in, and their place and prize once out (a cancelled
one: the buy-in refunded, no prize pool)."""

from __future__ import annotations

import time

from aiohttp import web

from bot.messages import number, t
from bot.store.models import EntryRow, TournamentRow
from bot.web.context import context, html_response, signed_in
from bot.web.html import Html, h, join, page

SHOWN = 50


def _row(tournament: TournamentRow, entry: EntryRow, server: str, channel: str) -> Html:
    status = tournament.status
    if status == "cancelled":
        place, prize = "—", t("web_my_sng_refunded", buy_in=number(tournament.buy_in))
    elif entry.place is not None:
        place, prize = t("web_my_sng_place", place=entry.place), number(entry.prize or 0)
    else:
        place, prize = "—", "—"
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(tournament.created_at))
    return h(
        '<tr data-tournament="{id}"><td>#{id}</td><td>{place}</td><td>{prize}</td>'
        "<td>{status}</td><td>{buy_in}</td><td>{server}</td><td>{channel}</td>"
        '<td class="when">{when}</td></tr>',
        id=tournament.id,
        server=server,
        channel=channel,
        when=when,
        status=t(f"sng_status_{status}"),
        buy_in=number(tournament.buy_in),
        place=place,
        prize=prize,
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
            '<div class="scroll"><table class="mine"><thead><tr><th>{sng}</th><th>{place}</th>'
            "<th>{prize}</th><th>{status}</th><th>{buy_in}</th><th>{server}</th>"
            "<th>{channel}</th><th>{when}</th></tr></thead><tbody>{rows}</tbody></table></div>",
            sng=t("web_my_sng_col"),
            server=t("web_col_server"),
            channel=t("web_my_sng_channel"),
            when=t("web_my_sng_when"),
            status=t("web_my_sng_status"),
            buy_in=t("web_my_sng_buy_in"),
            place=t("web_my_sng_place_col"),
            prize=t("web_my_sng_prize"),
            rows=rows,
        )
        if found
        else h("<p>{text}</p>", text=t("web_my_sng_none"))
    )
    return html_response(page(t("web_my_sng_title"), body, who=session.name, csrf=session.csrf))

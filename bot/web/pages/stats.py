"""A player's stats on one of their servers: the same figures and picture as ``/poker stats``
(``bot.features.stats.report.member_record``: one computation, two surfaces), for the signed-in
member only, over the period they choose. The picture is its own request (``chart.png``),
drawn off the event loop as the command draws it."""

from __future__ import annotations

from aiohttp import web

from bot.features.stats.report import PERIOD_KEYS, member_record, record_picture
from bot.messages import t
from bot.web.auth import Session
from bot.web.context import context, html_response, refusal, signed_in
from bot.web.html import Html, h, join, page
from bot.web.pages.server import _id


def _period(request: web.Request, session: Session) -> str:
    period = request.query.get("period", "all")
    if period not in PERIOD_KEYS:
        raise refusal(400, "web_ledger_bad_filter", session)
    return period


async def _member_of(request: web.Request) -> tuple[Session, int, str]:
    session = await signed_in(request)
    guild_id = _id(request, "guild_id")
    guild = session.guild(guild_id)
    if guild is None:
        raise refusal(404, "web_no_server", session)
    return session, guild_id, guild.name


async def stats_page(request: web.Request) -> web.Response:
    session, guild_id, server = await _member_of(request)
    period = _period(request, session)
    record = await member_record(context(request).store, guild_id, session.user_id, period)
    periods = join(
        h(
            '<a href="/stats/{guild}?period={name}"{mark}>{label}</a>',
            guild=guild_id,
            name=name,
            mark=Html(' aria-current="page"' if name == period else ""),
            label=t(key),
        )
        for name, key in PERIOD_KEYS.items()
    )
    parts = [h('<nav class="server">{periods}</nav>', periods=periods)]
    if record is None:
        key = "stats_empty" if period == "all" else "stats_empty_period"
        parts.append(
            h("<p>{text}</p>", text=t(key, name=session.name, period=t(PERIOD_KEYS[period])))
        )
    else:
        rows = join(
            h('<tr><th scope="row">{label}</th><td>{value}</td></tr>', label=k, value=v)
            for k, v in record.lines
        )
        parts.append(h('<table class="stats"><tbody>{rows}</tbody></table>', rows=rows))
        parts.append(
            h(
                '<p><img class="chart" src="/stats/{guild}/chart.png?period={period}" '
                'alt="{alt}" width="800" height="400"></p>',
                guild=guild_id,
                period=period,
                alt=t("web_stats_chart"),
            )
        )
    title = t("web_stats_page", server=server)
    return html_response(page(title, join(parts), who=session.name, csrf=session.csrf))


async def stats_chart(request: web.Request) -> web.Response:
    session, guild_id, _server = await _member_of(request)
    period = _period(request, session)
    record = await member_record(context(request).store, guild_id, session.user_id, period)
    picture = None if record is None else await record_picture(record)
    if picture is None:
        raise refusal(404, "web_no_hand", session)
    return web.Response(body=picture[0], content_type="image/png")

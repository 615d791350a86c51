"""The home page: how to sign in, or the signed-in member's servers and hands."""

from __future__ import annotations

from aiohttp import web

from bot.messages import t
from bot.web.auth import current_session
from bot.web.context import context, html_response
from bot.web.html import Html, h, join, page


async def home(request: web.Request) -> web.Response:
    ctx = context(request)
    session = await current_session(ctx.store, request)
    if session is None:
        ways = [h("<p>{intro}</p>", intro=t("web_intro"))]
        if ctx.api.oauth_enabled:
            ways.append(
                h(
                    '<p><a class="button" href="/login">{login}</a></p>',
                    login=t("web_login_discord"),
                )
            )
        ways.append(h("<p>{link}</p>", link=t("web_login_link_hint")))
        return html_response(page(t("web_title"), join(ways)))
    live = ctx.live
    admin = [  # in the bot's process: only the servers the bot is on
        g for g in session.guilds if g.admin and (live is None or live.guild_locale(g.id))
    ]
    servers: Html = join(
        h('<li><a href="/servers/{id}">{name}</a></li>', id=g.id, name=g.name) for g in admin
    )
    stats: Html = join(
        h(
            '<li><a href="/stats/{id}">{name}</a></li>',
            id=g.id,
            name=t("web_stats_page", server=g.name),
        )
        for g in session.guilds
    )
    boards: Html = join(
        h(
            '<li><a href="/leaderboard/{id}">{name}</a></li>',
            id=g.id,
            name=t("web_leaderboard_page", server=g.name),
        )
        for g in session.guilds
    )
    body = h(
        "<h2>{servers_title}</h2><ul>{servers}</ul>"
        '<h2>{hands_title}</h2><p><a href="/hands">{hands_link}</a></p>'
        '<h2>{sng_title}</h2><p><a href="/me/tournaments">{sng_link}</a></p>'
        "<h2>{stats_title}</h2><ul>{stats}</ul>"
        "<h2>{boards_title}</h2><ul>{boards}</ul>",
        servers_title=t("web_servers_title"),
        servers=servers or h("<li>{none}</li>", none=t("web_no_servers")),
        hands_title=t("web_hands_title"),
        hands_link=t("web_hands_link"),
        sng_title=t("web_my_sng_title"),
        sng_link=t("web_my_sng_link"),
        stats_title=t("web_stats_title"),
        stats=stats,
        boards_title=t("web_leaderboards_title"),
        boards=boards,
    )
    return html_response(page(t("web_title"), body, who=session.name, csrf=session.csrf))

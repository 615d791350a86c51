"""The server's leaderboards for its members: the same ranking as ``/chips leaderboard``
(``bot.features.leaderboard.ranking``: chips now, chips won over a period, sit-and-go results),
with the same fair-play rules (the members the server's setting leaves out, and, for an admin
whom Discord says may manage the server now, the private marks of frozen and flagged members).
Names are the members' names in the server, read from Discord."""

from __future__ import annotations

import logging

from aiohttp import web

from bot.features.leaderboard.ranking import PERIODS, admin_marks, leaderboard
from bot.features.stats.report import PERIOD_KEYS
from bot.messages import t
from bot.web.auth import Session
from bot.web.context import context, html_response, refusal, signed_in
from bot.web.discord_api import DiscordUnavailable
from bot.web.html import Html, h, join, page
from bot.web.names import member_names
from bot.web.pages.server import _id

log = logging.getLogger(__name__)

CHOICES = {
    "chips": ("now", *PERIODS),
    "tournaments": PERIODS,
}
"""Each board's periods (``now``: chips held now, the command without a period)."""
DEFAULT = {"chips": "now", "tournaments": "all"}
"""Each board's period when none is asked, as the command's."""


async def _may_manage(request: web.Request, session: Session, guild_id: int) -> bool:
    guild = session.guild(guild_id)
    if guild is None or not guild.admin:
        return False
    try:
        return bool(await context(request).api.can_manage(guild_id, session.user_id))
    except DiscordUnavailable:
        return False


def _nav(guild_id: int, by: str, period: str) -> Html:
    boards = join(
        h(
            '<a href="/leaderboard/{guild}?by={by}&amp;period={period}"{mark}>{label}</a>',
            guild=guild_id,
            by=name,
            period=DEFAULT[name],
            mark=Html(' aria-current="page"' if name == by else ""),
            label=t("web_board_chips" if name == "chips" else "web_board_sng"),
        )
        for name in CHOICES
    )
    periods = join(
        h(
            '<a href="/leaderboard/{guild}?by={by}&amp;period={period}"{mark}>{label}</a>',
            guild=guild_id,
            by=by,
            period=name,
            mark=Html(' aria-current="page"' if name == period else ""),
            label=t("web_board_now") if name == "now" else t(PERIOD_KEYS[name]),
        )
        for name in CHOICES[by]
    )
    return h(
        '<nav class="server boards">{boards}</nav><nav class="server periods">{periods}</nav>',
        boards=boards,
        periods=periods,
    )


async def leaderboard_page(request: web.Request) -> web.Response:
    session = await signed_in(request)
    guild_id = _id(request, "guild_id")
    guild = session.guild(guild_id)
    if guild is None:
        raise refusal(404, "web_no_server", session)
    by = request.query.get("by", "chips")
    if by not in CHOICES:
        raise refusal(400, "web_ledger_bad_filter", session)
    period = request.query.get("period", DEFAULT[by])
    if period not in CHOICES[by]:
        raise refusal(400, "web_ledger_bad_filter", session)
    store = context(request).store
    board = await leaderboard(store, guild_id, by, None if period == "now" else period)
    parts = [_nav(guild_id, by, period), h("<h2>{title}</h2>", title=board.title())]
    if not board.rows:
        parts.append(h("<p>{text}</p>", text=board.empty()))
    else:
        names = await member_names(request, guild_id, board.ranked)
        parts.append(
            h(
                '<ul class="lines plain board">{lines}</ul>',
                lines=join(h("<li>{line}</li>", line=x) for x in board.lines(names.__getitem__)),
            )
        )
        if board.footer_key:
            parts.append(h('<p class="notice">{text}</p>', text=board.footer()))
        if by == "chips" and await _may_manage(request, session, guild_id):
            marks = await admin_marks(store, guild_id, board, names.__getitem__)
            parts.extend(h('<p class="notice admin">{text}</p>', text=x) for x in marks)
    title = t("web_leaderboard_page", server=guild.name)
    return html_response(page(title, join(parts), who=session.name, csrf=session.csrf))

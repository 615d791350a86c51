"""An admin's server: its live tables as their channels show them, Pause and Resume, and the
settings of each table's channel (read-only here: the settings page, ``pages/settings.py``, and
``/pokeradmin`` change them).

Every request is refused unless the session may open the server (an admin of server A asking
for server B is told the page does not exist) and Discord says, now, that the member may
manage it.
"""

from __future__ import annotations

import logging

from aiohttp import web

from bot.features.settings.report import ReportContext, settings_lines
from bot.messages import t
from bot.web.auth import Session
from bot.web.context import context, html_response, refusal, signed_in
from bot.web.discord_api import DiscordUnavailable
from bot.web.html import Html, from_markdown, h, join, page
from bot.web.live import LiveTable
from bot.web.render import table_html

log = logging.getLogger(__name__)

ANSWERS = frozenset(
    {
        "paused_now",
        "paused_after_hand",
        "table_resumed",
        "pause_already",
        "resume_not_paused",
        "web_no_table",
        "table_closed",
        "close_after_hand",
    }
)
"""What a pause or resume may answer, shown on the page it returns to."""


NAMES = "deuce_names"
"""The request's names of the admins who paused its tables, read from Discord once."""


def _id(request: web.Request, name: str) -> int:
    raw = request.match_info[name]
    if not raw.isascii() or not raw.isdigit() or len(raw) > 20:
        raise refusal(404, "web_no_server")
    return int(raw)


NAV = (
    ("tables", "", "web_nav_tables"),
    ("settings", "/settings", "web_nav_settings"),
    ("ledger", "/ledger", "web_nav_ledger"),
    ("audit", "/audit", "web_nav_audit"),
    ("tournaments", "/tournaments", "web_nav_tournaments"),
    ("house", "/house", "web_nav_house"),
    ("fairplay", "/fairplay", "web_nav_fairplay"),
)
"""The server's pages: (name, path under /servers/<id>, the link's catalogue key)."""


def server_nav(guild_id: int, current: str) -> Html:
    """The links between a server's pages (the current one marked)."""
    links = join(
        h(
            '<a href="/servers/{guild}{path}"{mark}>{label}</a>',
            guild=guild_id,
            path=path,
            mark=Html(' aria-current="page"' if name == current else ""),
            label=t(key),
        )
        for name, path, key in NAV
    )
    return h('<nav class="server">{links}</nav>', links=links)


async def admin_session(request: web.Request, guild_id: int) -> Session:
    """The session of a member who may manage ``guild_id`` now; refused otherwise."""
    session = await signed_in(request)
    if session.guild(guild_id) is None:
        raise refusal(404, "web_no_server", session)
    try:
        allowed = await context(request).api.can_manage(guild_id, session.user_id)
    except DiscordUnavailable as error:
        log.warning("Dashboard: Manage Server could not be checked: %s", error)
        raise refusal(503, "web_discord_down", session) from error
    if allowed is None:  # a server of theirs the bot is not on
        raise refusal(404, "web_no_server", session)
    if not allowed:
        raise refusal(403, "web_not_admin", session)
    return session


async def admin_form(request: web.Request, guild_id: int) -> tuple[Session, dict[str, str]]:
    """A form posted by a member who may manage ``guild_id`` now, and its text fields: refused
    (403) without the session's CSRF token, before Discord is asked about the permission."""
    session = await signed_in(request)
    posted = await request.post()
    if not session.csrf_ok(posted.get("csrf")):
        raise refusal(403, "web_bad_form", session)
    session = await admin_session(request, guild_id)
    return session, {k: v for k, v in posted.items() if isinstance(v, str)}


async def _name_of(
    request: web.Request, session: Session, guild_id: int, user_id: int | None
) -> str:
    """The name of the admin who paused a table: the reader's own, or Discord's."""
    if user_id is None:
        return ""
    if user_id == session.user_id:
        return session.name
    known: dict[int, str] = request.setdefault(NAMES, {})  # a live stream asks once
    if user_id not in known:
        try:
            name = await context(request).api.member_name(guild_id, user_id)
        except DiscordUnavailable:
            name = None
        known[user_id] = name or str(user_id)
    return known[user_id]


async def _settings_html(request: web.Request, guild_id: int, channel_id: int) -> Html:
    ctx = context(request)
    report = await ctx.store.settings.report(guild_id, channel_id)
    locale = ctx.live.guild_locale(guild_id) if ctx.live is not None else None
    lines = settings_lines(ReportContext(report, locale, None, ctx.hand_pause_override))
    return join(h("<li>{line}</li>", line=from_markdown(line)) for line in lines if line.strip())


async def server_page(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    session = await admin_session(request, guild_id)
    ctx = context(request)
    guild = session.guild(guild_id)
    assert guild is not None
    parts: list[Html] = [server_nav(guild_id, "tables")]
    said = request.query.get("said", "")
    if said in ANSWERS:
        parts.append(h('<p class="notice" role="status">{text}</p>', text=from_markdown(t(said))))
    parts.append(h("<h2>{title}</h2>", title=t("web_tables_title")))
    tables = await live_tables(request, guild_id)
    if tables is None:
        parts.append(h("<p>{text}</p>", text=t("web_tables_elsewhere")))
    else:
        if ctx.live is None:  # python -m bot.web: the store's tables, no session to act on
            parts.append(h('<p class="notice">{text}</p>', text=t("web_tables_actions_elsewhere")))
        if not tables:
            parts.append(h("<p>{text}</p>", text=t("web_no_tables")))
        for table in tables:
            settings = await _settings_html(request, guild_id, table.channel_id)
            parts.append(
                h(
                    '<section class="card" data-table="{id}"><div class="live">{live}</div>'
                    "<details open><summary>{settings_title}</summary>"
                    '<ul class="lines">{settings}</ul></details></section>',
                    id=table.table_id,
                    live=await live_part(request, session, table),
                    settings_title=t("web_settings_title"),
                    settings=settings,
                )
            )
        parts.append(Html('<script src="/static/live.js" defer></script>'))
    body = h('<div data-live="/servers/{id}/live">{parts}</div>', id=guild_id, parts=join(parts))
    return html_response(page(guild.name, body, who=session.name, csrf=session.csrf))


async def live_tables(request: web.Request, guild_id: int) -> list[LiveTable] | None:
    """The server's live tables: the bot's (in its process), else as the store has them
    (``python -m bot.web``); None when neither is at hand."""
    ctx = context(request)
    if ctx.live is not None:
        return ctx.live.in_guild(guild_id)
    if ctx.stored is not None:
        return await ctx.stored.in_guild(guild_id)
    return None


async def live_part(request: web.Request, session: Session, table: LiveTable) -> Html:
    """What changes of a table on the page (and in its live events): the table and its Pause
    or Resume button (shown disabled where no table session is at hand: ``python -m
    bot.web``)."""
    paused_by = table.snapshot.paused_by
    paused = paused_by is not None
    name = await _name_of(request, session, table.guild_id, paused_by)
    if context(request).live is None:
        disabled = h(
            '<div class="actions"><button type="button" disabled title="{why}">{pause}</button> '
            '<button type="button" class="secondary" disabled title="{why}">{close}</button>'
            "</div>",
            why=t("web_tables_actions_elsewhere"),
            pause=t("web_resume" if paused else "web_pause"),
            close=t("web_close"),
        )
        return h("{table}{form}", table=table_html(table, name), form=disabled)
    form = h(
        '<form method="post" action="/servers/{guild}/tables/{table}/{action}">'
        '<input type="hidden" name="csrf" value="{csrf}">'
        '<button type="submit">{label}</button></form>',
        guild=table.guild_id,
        table=table.table_id,
        action="resume" if paused else "pause",
        csrf=session.csrf,
        label=t("web_resume" if paused else "web_pause"),
    )
    if not table.snapshot.closing:  # Close asks first (a page of its own)
        form = h(
            '<div class="actions">{form} <a class="button secondary" '
            'href="/servers/{guild}/tables/{table}/close">{close}</a></div>',
            form=form,
            guild=table.guild_id,
            table=table.table_id,
            close=t("web_close"),
        )
    return h("{table}{form}", table=table_html(table, name), form=form)


def _live_table(request: web.Request, guild_id: int, table_id: int) -> LiveTable | None:
    live = context(request).live
    if live is None:
        return None
    return next((x for x in live.in_guild(guild_id) if x.table_id == table_id), None)


async def close_page(request: web.Request) -> web.Response:
    """The confirmation before Close: what closing does, and the button that does it."""
    guild_id = _id(request, "guild_id")
    table_id = _id(request, "table_id")
    session = await admin_session(request, guild_id)
    if context(request).live is None:
        raise refusal(404, "web_tables_actions_elsewhere", session)
    table = _live_table(request, guild_id, table_id)
    if table is None:
        raise refusal(404, "web_no_table", session)
    running = table.snapshot.hand_id is not None
    body = h(
        '{nav}<p class="notice">{what}</p><form method="post" '
        'action="/servers/{guild}/tables/{table}/close">'
        '<input type="hidden" name="csrf" value="{csrf}">'
        '<button type="submit" class="danger">{confirm}</button> '
        '<a href="/servers/{guild}">{cancel}</a></form>',
        nav=server_nav(guild_id, "tables"),
        what=t("web_close_after_hand" if running else "web_close_now"),
        guild=guild_id,
        table=table_id,
        csrf=session.csrf,
        confirm=t("web_close_confirm"),
        cancel=t("web_close_cancel"),
    )
    title = t("web_close_title", channel=table.channel_name)
    return html_response(page(title, body, who=session.name, csrf=session.csrf))


async def close_table(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    table_id = _id(request, "table_id")
    session, _form = await admin_form(request, guild_id)
    live = context(request).live
    if live is None:
        raise refusal(404, "web_tables_actions_elsewhere", session)
    answer = await live.close(guild_id, table_id)
    log.info("Dashboard: table %s closed by %s: %s", table_id, session.user_id, answer)
    raise web.HTTPSeeOther(f"/servers/{guild_id}?said={answer}")


async def pause_or_resume(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    table_id = _id(request, "table_id")
    action = request.match_info["action"]
    session, _form = await admin_form(request, guild_id)
    live = context(request).live
    if live is None:
        raise refusal(404, "web_tables_actions_elsewhere", session)
    pausing = action == "pause"
    answer = await live.set_paused(guild_id, table_id, session.user_id if pausing else None)
    if answer is None:
        answer = "pause_already" if pausing else "resume_not_paused"
    log.info("Dashboard: table %s %s by %s: %s", table_id, action, session.user_id, answer)
    raise web.HTTPSeeOther(f"/servers/{guild_id}?said={answer}")

"""An admin's server: its live tables as their channels show them, Pause, Resume and Close, and
the settings of each table's channel (read-only here: the settings page, ``pages/settings.py``,
and ``/pokeradmin`` change them).

In the bot's process the actions call the table's session. In ``python -m bot.web`` (no session
here) they are written to the store as a request (``store.web_requests``) that the bot's
process applies within about a second (``bot/features/web_requests``); the page shows the
request waiting, then its outcome (or that the bot did not answer), and the table follows.

Every request is refused unless the session may open the server (an admin of server A asking
for server B is told the page does not exist) and Discord says, now, that the member may
manage it.
"""

from __future__ import annotations

import logging
import time

from aiohttp import web

from bot.features.settings.report import ReportContext, settings_lines
from bot.messages import t
from bot.store import TableNotFound
from bot.store.chips import MAX_ID
from bot.store.web_requests import EXPIRE_SECONDS, WebRequest
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
    asked = await asked_request(request, guild_id, request.query.get("request", ""))
    if asked is not None:
        parts.append(h("<div data-request>{notice}</div>", notice=request_notice(asked)))
    parts.append(h("<h2>{title}</h2>", title=t("web_tables_title")))
    tables = await live_tables(request, guild_id)
    if tables is None:
        parts.append(h("<p>{text}</p>", text=t("web_tables_elsewhere")))
    else:
        if ctx.live is None:  # python -m bot.web: the actions go to the bot through the store
            parts.append(h('<p class="hint">{text}</p>', text=t("web_tables_actions_relayed")))
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
    stream = f"/servers/{guild_id}/live"
    if asked is not None and asked.state(time.time()) == "waiting":
        stream += f"?request={asked.id}"  # the stream brings its outcome
    body = h('<div data-live="{stream}">{parts}</div>', stream=stream, parts=join(parts))
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
    or Resume button, and Close."""
    paused_by = table.snapshot.paused_by
    paused = paused_by is not None
    name = await _name_of(request, session, table.guild_id, paused_by)
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


async def _live_table(request: web.Request, guild_id: int, table_id: int) -> LiveTable | None:
    tables = await live_tables(request, guild_id) or []
    return next((x for x in tables if x.table_id == table_id), None)


async def asked_request(request: web.Request, guild_id: int, raw: str) -> WebRequest | None:
    """The request ``raw`` names (a page's ``?request=``), if it is this server's."""
    if not raw.isascii() or not raw.isdigit() or len(raw) > 20 or int(raw) > MAX_ID:
        return None
    asked = await context(request).store.web_requests.get(int(raw))
    return asked if asked is not None and asked.guild_id == guild_id else None


def request_notice(asked: WebRequest) -> Html:
    """Where a request from this page stands: waiting for the bot, its answer, or expired."""
    state = asked.state(time.time())
    if state == "done" and asked.outcome in ANSWERS:
        text = from_markdown(t(asked.outcome))
    elif state == "done":
        text = from_markdown(t("web_error"))
    elif state == "expired":
        text = from_markdown(t("web_request_expired", seconds=int(EXPIRE_SECONDS)))
    else:
        text = from_markdown(t("web_request_waiting"))
    return h(
        '<p class="notice" role="status" data-state="{state}">{text}</p>', state=state, text=text
    )


async def _ask_the_bot(
    request: web.Request, session: Session, guild_id: int, table_id: int, action: str
) -> web.HTTPException:
    """``python -m bot.web``: the action written for the bot's process to apply; the page it
    returns to follows the request. A table not this server's, or closed, is refused."""
    store = context(request).store
    if table_id > MAX_ID:
        raise refusal(404, "web_no_table", session)
    try:
        row = await store.tables.get(table_id)
    except TableNotFound:
        raise refusal(404, "web_no_table", session) from None
    if row.guild_id != guild_id or row.status == "closed":
        raise refusal(404, "web_no_table", session)
    asked, made = await store.web_requests.add(
        guild_id, table_id, action, session.user_id, time.time()
    )
    log.info(
        "Dashboard: table %s %s asked of the bot by %s (request %s%s)",
        table_id,
        action,
        session.user_id,
        asked.id,
        "" if made else ", already waiting",
    )
    return web.HTTPSeeOther(f"/servers/{guild_id}?request={asked.id}")


async def close_page(request: web.Request) -> web.Response:
    """The confirmation before Close: what closing does, and the button that does it."""
    guild_id = _id(request, "guild_id")
    table_id = _id(request, "table_id")
    session = await admin_session(request, guild_id)
    table = await _live_table(request, guild_id, table_id)
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
        raise await _ask_the_bot(request, session, guild_id, table_id, "close")
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
        raise await _ask_the_bot(request, session, guild_id, table_id, action)
    pausing = action == "pause"
    answer = await live.set_paused(guild_id, table_id, session.user_id if pausing else None)
    if answer is None:
        answer = "pause_already" if pausing else "resume_not_paused"
    log.info("Dashboard: table %s %s by %s: %s", table_id, action, session.user_id, answer)
    raise web.HTTPSeeOther(f"/servers/{guild_id}?said={answer}")

"""An admin's house players: every open table of the server with its house players (name,
level, seat, chips), what the house fills there, and the forms of ``/pokeradmin house add``,
``remove`` and ``fill`` (this table's, or the server's default), done through the same
functions as the commands (``bot.features.house.admin`` through ``LiveTables``).

The listing is read from the store, so ``python -m bot.web`` shows it too; the forms need the
table sessions, which only the bot's process holds. Every post carries the session's CSRF token
and asks Discord again for Manage Server; a value out of the command's range is refused with
the command's sentence and changes nothing. A done change comes back as a notice signed for
this session (a link cannot make the page say anything)."""

from __future__ import annotations

import hashlib
import hmac
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from aiohttp import web

from bot.features.house import admin as house_admin
from bot.house import LEVELS
from bot.house.accounts import is_house
from bot.messages import number, t
from bot.replies import Refused, private_sentence
from bot.store import InvalidSetting, StoreError
from bot.store.models import SeatRow, TableRow
from bot.web.auth import Session
from bot.web.context import context, html_response, refusal
from bot.web.html import Html, from_markdown, h, join, page
from bot.web.names import channel_names
from bot.web.pages.server import _id, admin_form, admin_session, server_nav

log = logging.getLogger(__name__)

SAID_MAX = 600
"""The longest notice a redirect carries (the commands' answers are far shorter)."""


@dataclass(frozen=True)
class HouseTable:
    """An open table of the server and its house players."""

    table: TableRow
    channel: str
    seats: list[SeatRow]
    levels: dict[int, str]
    fill: tuple[int, str] | None
    """This channel's own fill setting (None: the server's default applies)."""


async def house_tables(request: web.Request, guild_id: int) -> list[HouseTable]:
    """The server's open tables, each with its house players, as the store has them."""
    store = context(request).store
    names = await channel_names(request, guild_id)
    fills = await store.house.fills(guild_id)
    found = []
    for table in await store.tables.not_closed_in(guild_id):
        seats = [s for s in await store.tables.seats(table.id) if is_house(s.user_id)]
        found.append(
            HouseTable(
                table,
                names.get(table.channel_id, str(table.channel_id)),
                seats,
                await store.house.players(table.id),
                fills.get(table.channel_id),
            )
        )
    return sorted(found, key=lambda x: x.channel.casefold())


def signed_notice(session: Session, text: str) -> str:
    """The signature of a notice for this session (``said`` and ``sig`` of the redirect)."""
    return hmac.new(session.secret.encode(), b"house:" + text.encode(), hashlib.sha256).hexdigest()


def _level_select(name: str, chosen: str) -> Html:
    return h(
        '<label class="field">{label} <select name="{name}">{options}</select></label>',
        name=name,
        label=t("web_house_level"),
        options=join(
            h(
                '<option value="{value}"{selected}>{label}</option>',
                value=level,
                label=t(f"choice-{level}"),
                selected=Html(" selected" if level == chosen else ""),
            )
            for level in LEVELS
        ),
    )


def _number(name: str, minimum: int, maximum: int, value: str, label: str) -> Html:
    return h(
        '<label class="field">{label} <input name="{name}" type="number" inputmode="numeric" '
        'step="1" min="{minimum}" max="{maximum}" value="{value}" class="short"></label>',
        name=name,
        minimum=minimum,
        maximum=maximum,
        value=value,
        label=label,
    )


def _form(action: str, session: Session, controls: Html, button: str, css: str = "") -> Html:
    return h(
        '<form method="post" action="{action}" class="house">'
        '<input type="hidden" name="csrf" value="{csrf}">{controls}'
        '<button type="submit"{css}>{button}</button></form>',
        action=action,
        css=Html(f' class="{css}"' if css else ""),
        csrf=session.csrf,
        controls=controls,
        button=button,
    )


def _fill_text(fill: tuple[int, str] | None) -> str:
    if fill is None:
        return t("web_house_fill_default")
    seats, level = fill
    if not seats:
        return t("web_house_fill_off")
    return t("web_house_fill_on", seats=seats, style=t(f"choice-{level}"))


def _table_card(guild_id: int, session: Session, found: HouseTable, actions: bool) -> Html:
    table = found.table
    rows = join(
        h(
            "<tr><td>{name}</td><td>{level}</td><td>{seat}</td><td>{chips}</td></tr>",
            name=seat.name + (f" · {t('web_house_leaving')}" if seat.leaving else ""),
            level=t(f"choice-{found.levels[seat.user_id]}")
            if found.levels.get(seat.user_id) in LEVELS
            else "",
            seat=seat.seat + 1,
            chips=number(seat.stack),
        )
        for seat in found.seats
    )
    listing = (
        h(
            '<div class="scroll"><table class="house"><thead><tr><th>{name}</th><th>{level}</th>'
            "<th>{seat}</th><th>{chips}</th></tr></thead><tbody>{rows}</tbody></table></div>",
            name=t("web_house_col_name"),
            level=t("web_house_col_level"),
            seat=t("web_house_col_seat"),
            chips=t("web_house_col_chips"),
            rows=rows,
        )
        if found.seats
        else h("<p>{text}</p>", text=t("web_house_none_here"))
    )
    forms = Html("")
    if actions:
        base = f"/servers/{guild_id}/house/tables/{table.id}"
        forms = h(
            '<div class="house-forms">{add}{remove}{fill}</div>',
            add=_form(
                f"{base}/add",
                session,
                h(
                    "{count} {level} ",
                    count=_number(
                        "count", 1, house_admin.MAX_HOUSE_PLAYERS, "1", t("web_house_count")
                    ),
                    level=_level_select("level", "strong"),
                ),
                t("web_house_add"),
            ),
            remove=_form(
                f"{base}/remove",
                session,
                h(
                    "{count} ",
                    count=_number(
                        "count", 1, house_admin.MAX_HOUSE_PLAYERS, "", t("web_house_count_all")
                    ),
                ),
                t("web_house_remove"),
                "secondary",
            ),
            fill=_form(
                f"{base}/fill",
                session,
                h(
                    "{seats} {level} ",
                    seats=_number(
                        "seats",
                        0,
                        house_admin.MAX_HOUSE_FILL,
                        str(found.fill[0]) if found.fill else "0",
                        t("web_house_seats"),
                    ),
                    level=_level_select("level", found.fill[1] if found.fill else "strong"),
                ),
                t("web_house_fill_table"),
            ),
        )
    return h(
        '<section class="card" data-house-table="{id}"><h3>#{channel}</h3>'
        '<p class="fill">{fill}</p>{listing}{forms}</section>',
        id=table.id,
        channel=found.channel,
        fill=from_markdown(_fill_text(found.fill)),
        listing=listing,
        forms=forms,
    )


NO_NOTICE = Html("")


async def _page(
    request: web.Request, session: Session, guild_id: int, notice: Html = NO_NOTICE
) -> Html:
    ctx = context(request)
    guild = session.guild(guild_id)
    assert guild is not None
    actions = ctx.live is not None
    parts = [server_nav(guild_id, "house"), notice]
    parts.append(h("<p>{text}</p>", text=t("web_house_intro")))
    if not actions:
        parts.append(h('<p class="notice">{text}</p>', text=t("web_house_elsewhere")))
    server_fill = (await ctx.store.house.fills(guild_id)).get(0)
    default = h(
        '<h2>{title}</h2><p class="fill">{text}</p>{form}',
        title=t("web_house_server_title"),
        text=from_markdown(
            _fill_text(server_fill) if server_fill is not None else t("web_house_fill_off")
        ),
        form=_form(
            f"/servers/{guild_id}/house/fill",
            session,
            h(
                "{seats} {level} ",
                seats=_number(
                    "seats",
                    0,
                    house_admin.MAX_HOUSE_FILL,
                    str(server_fill[0]) if server_fill else "0",
                    t("web_house_seats"),
                ),
                level=_level_select("level", server_fill[1] if server_fill else "strong"),
            ),
            t("web_house_fill_server"),
        )
        if actions
        else Html(""),
    )
    tables = await house_tables(request, guild_id)
    parts.append(h("<h2>{title}</h2>", title=t("web_house_tables_title")))
    parts.append(
        join(_table_card(guild_id, session, found, actions) for found in tables)
        or h("<p>{text}</p>", text=t("web_no_tables"))
    )
    parts.append(default)
    title = t("web_house_page", server=guild.name)
    return page(title, join(parts), who=session.name, csrf=session.csrf)


async def house_page(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    session = await admin_session(request, guild_id)
    said, sig = request.query.get("said", ""), request.query.get("sig", "")
    notice = Html("")
    if said and len(said) <= SAID_MAX and hmac.compare_digest(sig, signed_notice(session, said)):
        notice = h('<p class="notice" role="status">{text}</p>', text=from_markdown(said))
    return html_response(await _page(request, session, guild_id, notice))


def _whole(form: Mapping[str, str], name: str, *, optional: bool = False) -> int | None:
    """A whole number of the form (None: empty, where ``optional``); ``InvalidSetting`` with
    the field's sentence otherwise."""
    raw = form.get(name, "").strip()
    if not raw and optional:
        return None
    if not raw.isascii() or not raw.isdigit() or len(raw) > 6:
        key = "house_seats_invalid" if name == "seats" else "house_count_invalid"
        raise InvalidSetting(t(key))
    return int(raw)


async def _done(request: web.Request, session: Session, guild_id: int, answer: str) -> web.Response:
    query = urlencode({"said": answer[:SAID_MAX], "sig": signed_notice(session, answer[:SAID_MAX])})
    raise web.HTTPSeeOther(f"/servers/{guild_id}/house?{query}")


async def _refused(
    request: web.Request, session: Session, guild_id: int, error: BaseException
) -> web.Response:
    text = private_sentence(error) or t("web_error")
    notice = h('<p class="refused" role="alert">{text}</p>', text=from_markdown(text))
    return html_response(await _page(request, session, guild_id, notice), status=400)


async def _admin_post(request: web.Request, guild_id: int) -> tuple[Session, dict[str, str]]:
    session, form = await admin_form(request, guild_id)
    if context(request).live is None:
        raise refusal(404, "web_house_elsewhere", session)
    return session, form


async def add_post(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    table_id = _id(request, "table_id")
    session, form = await _admin_post(request, guild_id)
    live = context(request).live
    assert live is not None
    try:
        count = _whole(form, "count")
        assert count is not None
        answer = await live.house_add(guild_id, table_id, count, form.get("level", ""))
    except (Refused, StoreError) as error:
        return await _refused(request, session, guild_id, error)
    log.info("Dashboard: house players added at table %s by %s", table_id, session.user_id)
    return await _done(request, session, guild_id, answer)


async def remove_post(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    table_id = _id(request, "table_id")
    session, form = await _admin_post(request, guild_id)
    live = context(request).live
    assert live is not None
    try:
        count = _whole(form, "count", optional=True)
        answer = await live.house_remove(guild_id, table_id, count)
    except (Refused, StoreError) as error:
        return await _refused(request, session, guild_id, error)
    log.info("Dashboard: house players removed at table %s by %s", table_id, session.user_id)
    return await _done(request, session, guild_id, answer)


async def fill_post(request: web.Request) -> web.Response:
    """This table's fill (``/servers/<id>/house/tables/<table>/fill``) or the server's
    default (``/servers/<id>/house/fill``)."""
    guild_id = _id(request, "guild_id")
    table_id = _id(request, "table_id") if "table_id" in request.match_info else None
    session, form = await _admin_post(request, guild_id)
    live = context(request).live
    assert live is not None
    try:
        seats = _whole(form, "seats")
        assert seats is not None
        answer = await live.house_fill(guild_id, table_id, seats, form.get("level", ""))
    except (Refused, StoreError) as error:
        return await _refused(request, session, guild_id, error)
    log.info("Dashboard: house fill set in server %s by %s", guild_id, session.user_id)
    return await _done(request, session, guild_id, answer)

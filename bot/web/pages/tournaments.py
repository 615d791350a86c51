"""An admin's tournaments: the server's latest, of either kind (registering, running,
finished, cancelled), a sit-and-go as ``/poker sng show`` shows it
(``bot.features.sitngo.views.standings``: its field, standings and prizes), a multi-table
tournament as its lobby message (``bot.features.mtt.lobby.lobby_text``); a form that creates a
sit-and-go as ``/poker sng create`` does and a button that cancels either as ``/poker sng
cancel`` or ``/poker mtt cancel`` does (through ``LiveTables``, by the tournament's kind: every
buy-in refunded; an MTT in the money refused with the store's sentence, nothing changed).

Each option is checked as the command's option ranges check it, then by the store, which
checks them again with their relations; a refusal says why beside its field and changes
nothing. Every post carries the session's CSRF token and asks Discord again for Manage
Server, as every admin action does."""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass

from aiohttp import web

from bot.features.mtt.lobby import lobby_text
from bot.features.mtt.tournaments import thread_name
from bot.features.sitngo.tournaments import DEFAULT_LEVEL_MINUTES
from bot.features.sitngo.views import standings
from bot.messages import number, t
from bot.replies import Refused, private_sentence
from bot.store import MAX_CHIPS, StoreError
from bot.store import tournaments as limits
from bot.store.models import TOURNAMENT_REGISTERING, TOURNAMENT_RUNNING, TournamentRow
from bot.web.auth import Session
from bot.web.context import context, html_response, refusal
from bot.web.html import Html, from_markdown, h, join, page
from bot.web.pages.server import _id, admin_form, admin_session, server_nav
from bot.web.render import embed_html, lobby_html

log = logging.getLogger(__name__)

SHOWN = 20
"""The latest tournaments listed."""
STRUCTURES = ("turbo", "regular", "slow")


@dataclass(frozen=True)
class Number:
    """A whole-number option of ``/poker sng create``, with its range (None: may be empty)."""

    name: str
    label_key: str
    minimum: int
    maximum: int
    default: int | None


NUMBERS = (
    Number("buy_in", "web_sng_buy_in", 0, MAX_CHIPS, 100),
    Number("seats", "web_sng_seats", limits.MIN_SEATS, limits.MAX_SEATS, 6),
    Number("stack", "web_sng_stack", limits.MIN_START_STACK, limits.MAX_START_STACK, 1500),
    Number("level_minutes", "web_sng_level_minutes", 1, limits.MAX_LEVEL_MINUTES, None),
    Number("level_hands", "web_sng_level_hands", 1, limits.MAX_LEVEL_HANDS, None),
    Number("starts_in", "web_sng_starts_in", 1, limits.MAX_START_MINUTES, None),
)
"""The command's options and ranges (``bot/features/sitngo/commands.py``)."""


@dataclass(frozen=True)
class Refusal:
    field: str | None
    text: str


def read_form(form: Mapping[str, str]) -> dict[str, object] | Refusal:
    """The options of a posted form, checked as the command's are; or the first refusal."""
    options: dict[str, object] = {}
    for spec in NUMBERS:
        raw = form.get(spec.name, "").strip().replace(",", "").replace(" ", "")
        if not raw and spec.default is None:
            options[spec.name] = None
            continue
        if not raw.isascii() or not raw.isdigit() or len(raw) > 12:
            return Refusal(spec.name, _range(spec))
        value = int(raw)
        if not spec.minimum <= value <= spec.maximum:
            return Refusal(spec.name, _range(spec))
        options[spec.name] = value
    structure = form.get("structure", "")
    if structure not in STRUCTURES:
        return Refusal("structure", t("web_setting_choice"))
    options["structure"] = structure
    if options["level_minutes"] is not None and options["level_hands"] is not None:
        return Refusal("level_hands", t("sng_level_both"))
    if options["level_minutes"] is None and options["level_hands"] is None:
        options["level_minutes"] = DEFAULT_LEVEL_MINUTES
    options["start_stack"] = options.pop("stack")
    return options


def _range(spec: Number) -> str:
    return t(
        "web_sng_bad_number",
        field=t(spec.label_key),
        minimum=number(spec.minimum),
        maximum=number(spec.maximum),
    )


def _row(label: str, name: str, control: Html, refused: Refusal | None) -> Html:
    blamed = refused is not None and refused.field == name
    return h(
        '<tr{mark}><th scope="row"><label for="{name}">{label}</label></th>'
        "<td>{control}{why}</td></tr>",
        mark=Html(' class="blamed"' if blamed else ""),
        name=name,
        label=label,
        control=control,
        why=h('<div class="why">{text}</div>', text=refused.text)
        if blamed and refused is not None
        else Html(""),
    )


def create_form(
    guild_id: int,
    session: Session,
    channels: list[tuple[int, str]],
    values: Mapping[str, str],
    refused: Refusal | None,
) -> Html:
    """The form of ``/poker sng create``, filled with ``values`` (a refused post's)."""
    chosen = values.get("channel", "")
    rows = [
        _row(
            t("web_sng_channel"),
            "channel",
            h(
                '<select id="channel" name="channel">{options}</select>',
                options=join(
                    h(
                        '<option value="{id}"{selected}>#{name}</option>',
                        id=channel_id,
                        name=name,
                        selected=Html(" selected" if str(channel_id) == chosen else ""),
                    )
                    for channel_id, name in channels
                ),
            ),
            refused,
        )
    ]
    for spec in NUMBERS:
        default = "" if spec.default is None else str(spec.default)
        rows.append(
            _row(
                t(spec.label_key),
                spec.name,
                h(
                    '<input id="{name}" name="{name}" type="number" inputmode="numeric" '
                    'step="1" min="{minimum}" max="{maximum}" value="{value}"{required}>',
                    name=spec.name,
                    minimum=spec.minimum,
                    maximum=spec.maximum,
                    value=values.get(spec.name, default),
                    required=Html("" if spec.default is None else " required"),
                ),
                refused,
            )
        )
    structure = values.get("structure", "regular")
    rows.append(
        _row(
            t("web_sng_structure"),
            "structure",
            h(
                '<select id="structure" name="structure">{options}</select>',
                options=join(
                    h(
                        '<option value="{value}"{selected}>{label}</option>',
                        value=name,
                        label=t(f"choice-{name}"),
                        selected=Html(" selected" if name == structure else ""),
                    )
                    for name in STRUCTURES
                ),
            ),
            refused,
        )
    )
    general = (
        h('<p class="refused" role="alert">{text}</p>', text=refused.text)
        if refused is not None and refused.field is None
        else Html("")
    )
    return h(
        '<h2>{title}</h2>{general}<form method="post" action="/servers/{guild}/tournaments">'
        '<input type="hidden" name="csrf" value="{csrf}">'
        '<table class="settings"><tbody>{rows}</tbody></table>'
        '<p><button type="submit">{create}</button></p></form>',
        title=t("web_sng_create_title"),
        general=general,
        guild=guild_id,
        csrf=session.csrf,
        rows=join(rows),
        create=t("web_sng_create"),
    )


KIND_KEYS = {"sng": "web_tournament_kind_sng", "mtt": "web_tournament_kind_mtt"}


def kind_label(kind: str) -> str:
    """A tournament kind's mark on its card (and on a player's own list), in the reader's
    language."""
    return t(KIND_KEYS.get(kind, "web_tournament_kind_sng"))


async def _shown(request: web.Request, tournament: TournamentRow) -> Html:
    """The tournament as its channel shows it: a sit-and-go as ``/poker sng show``, an MTT as
    its lobby message (the run's tables and stacks while it runs in this process)."""
    ctx = context(request)
    store = ctx.store
    if tournament.kind == "mtt":
        row = await store.mtts.get(tournament.id)
        entries = await store.tournaments.entries(tournament.id)
        state = ctx.live.mtt_lobby(tournament.id) if ctx.live is not None else None
        threads = {
            thread: thread_name(tournament.id, number)
            for number, thread, _count in (state.tables if state is not None else ())
        }
        text = lobby_text(row, entries, state, now=time.time())
        return lobby_html(text, tournament.guild_id, threads)
    return embed_html(await standings(store, tournament))


async def _listing(request: web.Request, session: Session, guild_id: int) -> Html:
    ctx = context(request)
    names = dict(ctx.live.text_channels(guild_id)) if ctx.live is not None else {}
    cards = []
    for tournament in await ctx.store.tournaments.of_guild(guild_id, SHOWN):
        where = names.get(tournament.channel_id, str(tournament.channel_id))
        action = Html("")
        live = tournament.status in (TOURNAMENT_REGISTERING, TOURNAMENT_RUNNING)
        if live and ctx.live is not None:
            action = h(
                '<form method="post" action="/servers/{guild}/tournaments/{id}/cancel">'
                '<input type="hidden" name="csrf" value="{csrf}">'
                '<button type="submit" class="danger">{label}</button></form>',
                guild=guild_id,
                id=tournament.id,
                csrf=session.csrf,
                label=t("web_sng_cancel"),
            )
        cards.append(
            h(
                '<section class="card" data-tournament="{id}" data-kind="{kind}">'
                '<p class="where"><span class="kind">{kind_label}</span> · #{channel}</p>'
                "{shown}{action}</section>",
                id=tournament.id,
                kind=tournament.kind,
                kind_label=kind_label(tournament.kind),
                channel=where,
                shown=await _shown(request, tournament),
                action=action,
            )
        )
    return join(cards) or h("<p>{text}</p>", text=t("web_tournaments_none"))


async def _page(
    request: web.Request,
    session: Session,
    guild_id: int,
    values: Mapping[str, str],
    refused: Refusal | None = None,
    said: str = "",
) -> Html:
    ctx = context(request)
    guild = session.guild(guild_id)
    assert guild is not None
    parts = [server_nav(guild_id, "tournaments")]
    if said:
        parts.append(h('<p class="notice" role="status">{text}</p>', text=from_markdown(said)))
    parts.append(await _listing(request, session, guild_id))
    if ctx.live is None:
        parts.append(h("<p>{text}</p>", text=t("web_tables_elsewhere")))
    else:
        channels = ctx.live.text_channels(guild_id)
        parts.append(create_form(guild_id, session, channels, values, refused))
    title = t("web_tournaments_page", server=guild.name)
    return page(title, join(parts), who=session.name, csrf=session.csrf)


async def tournaments_page(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    session = await admin_session(request, guild_id)
    said = ""
    created = request.query.get("created", "")
    cancelled = request.query.get("cancelled", "")
    refunded = request.query.get("refunded", "0")
    if created.isascii() and created.isdigit() and len(created) < 19:
        said = t("web_sng_created", tournament=created)
    elif cancelled.isascii() and cancelled.isdigit() and len(cancelled) < 19:
        digits = refunded.isascii() and refunded.isdigit() and len(refunded) < 4
        count = int(refunded) if digits else 0
        mtt = request.query.get("kind") == "mtt"
        key = "mtt_cancelled_answer" if mtt else "sng_cancelled_answer"
        said = t(key, tournament=cancelled, count=min(count, 999))
    return html_response(await _page(request, session, guild_id, {}, said=said))


async def _admin_post(request: web.Request, guild_id: int) -> tuple[Session, dict[str, str]]:
    """``admin_form``, in the process that deals the server's tables (a sit-and-go is made
    and cancelled there)."""
    session, form = await admin_form(request, guild_id)
    if context(request).live is None:
        raise refusal(404, "web_tables_elsewhere", session)
    return session, form


async def create_post(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    session, form = await _admin_post(request, guild_id)
    live = context(request).live
    assert live is not None
    options = read_form(form)
    raw = form.get("channel", "")
    channel_id = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 21 else 0
    if not isinstance(options, Refusal):
        try:
            tournament_id = await live.create_tournament(
                guild_id, channel_id, session.user_id, options
            )
        except (Refused, StoreError) as error:
            options = Refusal(None, private_sentence(error) or t("web_error"))
        else:
            log.info(
                "Dashboard: sit-and-go %s created in server %s by %s",
                tournament_id,
                guild_id,
                session.user_id,
            )
            raise web.HTTPSeeOther(f"/servers/{guild_id}/tournaments?created={tournament_id}")
    body = await _page(request, session, guild_id, form, options)
    return html_response(body, status=400)


async def cancel_post(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    tournament_id = _id(request, "tournament_id")
    session, _form = await _admin_post(request, guild_id)
    live = context(request).live
    assert live is not None
    try:
        kind = (await context(request).store.tournaments.get(tournament_id)).kind
        refunded = await live.cancel_tournament(guild_id, tournament_id)
    except (Refused, StoreError) as error:
        said = private_sentence(error) or t("web_error")
        return html_response(await _page(request, session, guild_id, {}, said=said), status=400)
    log.info(
        "Dashboard: tournament %s (%s) cancelled by %s (%d refunded)",
        tournament_id,
        kind,
        session.user_id,
        refunded,
    )
    raise web.HTTPSeeOther(
        f"/servers/{guild_id}/tournaments?cancelled={tournament_id}&refunded={refunded}&kind={kind}"
    )

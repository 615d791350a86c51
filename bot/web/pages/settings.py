"""An admin's server settings as a form (``bot.web.settings_form``: a field per declared
setting). A post is checked like a slash command's options (the declaration's range or choices
and the deployment's floors), then written by ``store.settings.set``, which checks them again
with their relations; a refusal says why beside its field and changes nothing. Manage Server is
asked of Discord again and the CSRF token checked for every post, as for Pause and Resume."""

from __future__ import annotations

import logging
from collections.abc import Mapping

from aiohttp import web

from bot.messages import t
from bot.store import InvalidSetting
from bot.web.auth import Session
from bot.web.context import context, html_response
from bot.web.html import Html, h, join, page
from bot.web.pages.server import _id, admin_form, admin_session, server_nav
from bot.web.settings_form import Field, Refusal, fields, form_value, read_form, refusal_of

log = logging.getLogger(__name__)


def _input(field: Field, value: str) -> Html:
    if field.choices:
        options = join(
            h(
                '<option value="{value}"{selected}>{label}</option>',
                value=c.value,
                label=c.label,
                selected=Html(" selected" if c.value == value else ""),
            )
            for c in field.choices
        )
        return h(
            '<select id="{name}" name="{name}">{options}</select>', name=field.name, options=options
        )
    return h(
        '<input id="{name}" name="{name}" type="number" inputmode="numeric" step="1" '
        'min="{minimum}" max="{maximum}" value="{value}"{required}>',
        name=field.name,
        minimum=field.minimum,
        maximum=field.maximum,
        value=value,
        required=Html("" if field.spec.nullable else " required"),
    )


def _hint(field: Field) -> str:
    if field.choices:
        label = next((c.label for c in field.choices if c.value == field.default), field.default)
        return t("web_setting_default", default=label)
    if field.spec.nullable:
        return t("web_setting_range_empty", minimum=field.minimum, maximum=field.maximum)
    return t(
        "web_setting_range",
        minimum=field.minimum,
        maximum=field.maximum,
        default=int(field.default),
    )


def settings_body(
    guild_id: int,
    session: Session,
    values: Mapping[str, str],
    minimums: Mapping[str, int],
    refused: Refusal | None = None,
    saved: int | None = None,
) -> Html:
    """The form, filled with ``values`` (the server's, or a refused post's)."""
    parts = [server_nav(guild_id, "settings")]
    if refused is not None:
        parts.append(h('<p class="refused" role="alert">{text}</p>', text=refused.text))
    elif saved is not None:
        said = t("web_settings_saved", count=saved) if saved else t("web_settings_unchanged")
        parts.append(h('<p class="notice" role="status">{text}</p>', text=said))
    parts.append(h("<p>{text}</p>", text=t("web_settings_intro")))
    rows = []
    for field in fields(minimums):
        blamed = refused is not None and refused.setting == field.name
        rows.append(
            h(
                '<tr{mark}><th scope="row"><label for="{name}">{label}</label></th>'
                '<td>{input}{why}</td><td class="hint">{hint}</td></tr>',
                mark=Html(' class="blamed"' if blamed else ""),
                name=field.name,
                label=field.label,
                input=_input(field, values.get(field.name, field.default)),
                why=h('<div class="why">{text}</div>', text=refused.text)
                if blamed and refused is not None
                else Html(""),
                hint=_hint(field),
            )
        )
    parts.append(
        h(
            '<form method="post" action="/servers/{guild}/settings" class="settings">'
            '<input type="hidden" name="csrf" value="{csrf}">'
            '<table class="settings"><tbody>{rows}</tbody></table>'
            '<p><button type="submit">{save}</button></p></form>',
            guild=guild_id,
            csrf=session.csrf,
            rows=join(rows),
            save=t("web_settings_save"),
        )
    )
    return join(parts)


async def settings_page(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    session = await admin_session(request, guild_id)
    ctx = context(request)
    guild = session.guild(guild_id)
    assert guild is not None
    current = await ctx.store.settings.server(guild_id)
    values = {f.name: form_value(getattr(current, f.name)) for f in fields(ctx.minimums)}
    raw = request.query.get("saved", "")
    saved = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 3 else None
    body = settings_body(guild_id, session, values, ctx.minimums, saved=saved)
    title = t("web_settings_page", server=guild.name)
    return html_response(page(title, body, who=session.name, csrf=session.csrf))


async def settings_post(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    session, form = await admin_form(request, guild_id)
    ctx = context(request)
    guild = session.guild(guild_id)
    assert guild is not None
    current = await ctx.store.settings.server(guild_id)
    changed = read_form(form, current, ctx.minimums)
    if isinstance(changed, dict) and changed:
        try:
            await ctx.store.settings.set(guild_id, changed, minimums=ctx.minimums)
        except InvalidSetting as error:
            changed = refusal_of(error)
    if isinstance(changed, Refusal):
        values = {f.name: form_value(getattr(current, f.name)) for f in fields(ctx.minimums)}
        values.update((k, v) for k, v in form.items() if k in values)
        body = settings_body(guild_id, session, values, ctx.minimums, refused=changed)
        title = t("web_settings_page", server=guild.name)
        return html_response(page(title, body, who=session.name, csrf=session.csrf), status=400)
    if changed and ctx.live is not None:
        await ctx.live.settings_changed(guild_id)
    log.info(
        "Dashboard: settings of server %s changed by %s: %s",
        guild_id,
        session.user_id,
        ", ".join(sorted(changed)) or "none",
    )
    raise web.HTTPSeeOther(f"/servers/{guild_id}/settings?saved={len(changed)}")

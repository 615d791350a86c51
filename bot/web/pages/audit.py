"""An admin's audit: each of the server's wallets and seats against the ledger
(``store.audit.server``), and the verdict of the whole database's audit (``python -m bot.store
audit``'s first line; its figures and problems belong to every server, so only the verdict is
shown). Manage Server asked of Discord again, as every admin page."""

from __future__ import annotations

from aiohttp import web

from bot.messages import t
from bot.web.context import context, html_response
from bot.web.html import Html, h, join, page
from bot.web.pages.server import _id, admin_session, server_nav


async def audit_page(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    session = await admin_session(request, guild_id)
    guild = session.guild(guild_id)
    assert guild is not None
    found = await context(request).store.audit.server(guild_id)
    parts = [server_nav(guild_id, "audit")]
    if found.ok:
        parts.append(h('<p class="notice verdict">{text}</p>', text=t("web_audit_ok")))
    else:
        parts.append(
            h(
                '<p class="refused verdict">{text}</p>',
                text=t("web_audit_failed", count=len(found.mismatches)),
            )
        )
        problems = join(
            h(
                "<li>{text}</li>",
                text=t("web_audit_wallet_off", member=str(m.user_id), held=m.held, ledger=m.ledger)
                if m.table_id is None
                else t(
                    "web_audit_seat_off",
                    table=str(m.table_id),
                    member=str(m.user_id),
                    held=m.held,
                    ledger=m.ledger,
                ),
            )
            for m in found.mismatches
        )
        parts.append(h('<ul class="lines problems">{problems}</ul>', problems=problems))
    parts.append(
        h(
            '<ul class="lines figures"><li>{wallets}</li><li>{seats}</li></ul>',
            wallets=t("web_audit_wallets", count=found.members, chips=found.wallets),
            seats=t("web_audit_seats", chips=found.seats),
        )
    )
    whole: Html = h(
        '<p class="whole">{text}</p>',
        text=t("web_audit_whole_ok" if found.whole_ok else "web_audit_whole_failed"),
    )
    parts.append(whole)
    title = t("web_audit_page", server=guild.name)
    body = join(parts)
    return html_response(page(title, body, who=session.name, csrf=session.csrf))

"""A player's hands: their recent hands on the servers the session may open, each with its
PHH, redacted as ``/poker history`` redacts it (their own cards, others' only where shown)."""

from __future__ import annotations

import time

from aiohttp import web

from bot.engine.phh import redact_phh
from bot.messages import t
from bot.store import HandNotFound, HandRecord
from bot.web.context import context, html_response, refusal, signed_in
from bot.web.html import Html, h, join, page

HANDS_SHOWN = 20


def _row(record: HandRecord, server: str, user_id: int) -> Html:
    net = record.net_for(user_id)
    result = (
        t("web_hand_void")
        if record.status != "settled" or net is None
        else t("web_hand_net", net=net)
    )
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(record.started_at))
    download = (
        h('<a href="/hands/{id}.phh" download>PHH</a>', id=record.id)
        if record.status == "settled"
        else Html("")
    )
    return h(
        "<tr><td>#{id}</td><td>{server}</td><td>{when}</td><td>{result}</td>"
        "<td>{download}</td></tr>",
        id=record.id,
        server=server,
        when=when,
        result=result,
        download=download,
    )


async def hands_page(request: web.Request) -> web.Response:
    session = await signed_in(request)
    store = context(request).store
    rows: list[tuple[HandRecord, str]] = []
    for guild in session.guilds:
        for record in await store.hands.recent(
            guild.id, user_id=session.user_id, limit=HANDS_SHOWN
        ):
            rows.append((record, guild.name))
    rows.sort(key=lambda row: row[0].id, reverse=True)
    body: Html
    if rows:
        body = h(
            "<table><thead><tr><th>{hand}</th><th>{server}</th><th>{when}</th><th>{result}</th>"
            "<th>{file}</th></tr></thead><tbody>{rows}</tbody></table>",
            hand=t("web_col_hand"),
            server=t("web_col_server"),
            when=t("web_col_when"),
            result=t("web_col_result"),
            file=t("web_col_file"),
            rows=join(_row(r, name, session.user_id) for r, name in rows[:HANDS_SHOWN]),
        )
    else:
        body = h("<p>{text}</p>", text=t("web_no_hands"))
    return html_response(page(t("web_hands_title"), body, who=session.name, csrf=session.csrf))


async def hand_phh(request: web.Request) -> web.Response:
    session = await signed_in(request)
    store = context(request).store
    raw = request.match_info["hand_id"]
    if not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise refusal(404, "web_no_hand", session)
    try:
        record = await store.hands.record(int(raw))
    except HandNotFound:
        raise refusal(404, "web_no_hand", session) from None
    played = any(player.user_id == session.user_id for player in record.players)
    if session.guild(record.guild_id) is None or not played:
        raise refusal(404, "web_no_hand", session)
    text = await store.hands.phh(record.id)
    if not text:
        raise refusal(404, "web_no_hand", session)
    summary = record.summary or {}
    shown_map = summary.get("shown", {}) if isinstance(summary, dict) else {}
    redacted = redact_phh(text, session.user_id, shown={int(k) for k in shown_map})
    return web.Response(
        text=redacted,
        content_type="text/plain",
        charset="utf-8",
        headers={"Content-Disposition": f'attachment; filename="deuce-hand-{record.id}.phh"'},
    )

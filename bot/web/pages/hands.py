"""A player's hands: their recent hands on the servers the session may open, each with its
replayer (``pages/replay.py``) and its histories (PHH and PokerStars text), redacted as
``/poker history`` redacts them (``bot.features.replay.histories``: their own cards, others'
only where shown)."""

from __future__ import annotations

import time

from aiohttp import web

from bot.features.replay.histories import phh_history, text_history
from bot.messages import t
from bot.store import HandNotFound, HandRecord
from bot.web.auth import Session
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
    files = (
        h(
            '<a href="/hands/{id}/replay">{replay}</a> · '
            '<a href="/hands/{id}.phh" download>PHH</a> · '
            '<a href="/hands/{id}.txt" download>{text}</a>',
            id=record.id,
            replay=t("web_replay_link"),
            text=t("web_text_link"),
        )
        if record.status == "settled"
        else h(
            '<a href="/hands/{id}/replay">{replay}</a>', id=record.id, replay=t("web_replay_link")
        )
    )
    return h(
        "<tr><td>#{id}</td><td>{server}</td><td>{when}</td><td>{result}</td>"
        '<td class="files">{files}</td></tr>',
        id=record.id,
        server=server,
        when=when,
        result=result,
        files=files,
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
            '<div class="scroll"><table><thead><tr><th>{hand}</th><th>{server}</th>'
            "<th>{when}</th><th>{result}</th><th>{file}</th></tr></thead>"
            "<tbody>{rows}</tbody></table></div>",
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


async def own_hand(request: web.Request, session: Session) -> HandRecord:
    """The hand of the URL, when the session's member played it on one of the session's
    servers; refused as a hand that does not exist otherwise (ids cannot be probed)."""
    raw = request.match_info["hand_id"]
    if not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise refusal(404, "web_no_hand", session)
    try:
        record = await context(request).store.hands.record(int(raw))
    except HandNotFound:
        raise refusal(404, "web_no_hand", session) from None
    played = any(player.user_id == session.user_id for player in record.players)
    if session.guild(record.guild_id) is None or not played:
        raise refusal(404, "web_no_hand", session)
    return record


def _download(text: str, filename: str) -> web.Response:
    return web.Response(
        text=text,
        content_type="text/plain",
        charset="utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


async def hand_phh(request: web.Request) -> web.Response:
    session = await signed_in(request)
    record = await own_hand(request, session)
    text = await phh_history(context(request).store, record, session.user_id)
    if text is None:
        raise refusal(404, "web_no_hand", session)
    return _download(text, f"deuce-hand-{record.id}.phh")


async def hand_text(request: web.Request) -> web.Response:
    """The hand in PokerStars' text form (the file ``/poker history format:text`` gives)."""
    session = await signed_in(request)
    record = await own_hand(request, session)
    guild = session.guild(record.guild_id)
    table = guild.name if guild is not None else "Deuce"
    text = await text_history(context(request).store, record, session.user_id, table)
    if text is None:
        raise refusal(404, "web_no_hand", session)
    return _download(text, f"deuce-hand-{record.id}.txt")

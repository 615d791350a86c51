"""The server page's live tables: a stream of server-sent events, one each time a table's
snapshot changes (read every ``LIVE_SECONDS``: the session hands out the same snapshot object
while nothing the channel shows has changed, so an unchanged table costs a comparison). Each
event holds the HTML of the tables that changed, as the page draws them (``static/live.js``
puts it in place). The session and Manage Server are checked again every ``RECHECK_SECONDS``:
a logout or a lost permission ends the stream. A page that asked the bot for an action
(``python -m bot.web``: ``?request=``) gets the request's notice too, as it changes, until it
has its outcome."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from aiohttp import web

from bot.web.auth import Session, current_session
from bot.web.context import context, refusal
from bot.web.discord_api import DiscordUnavailable
from bot.web.pages.server import (
    _id,
    admin_session,
    asked_request,
    live_part,
    live_tables,
    request_notice,
)

LIVE_SECONDS = 0.5
RECHECK_SECONDS = 15.0
SCRIPT = (Path(__file__).resolve().parent.parent / "static" / "live.js").read_text()


async def script(request: web.Request) -> web.Response:
    return web.Response(text=SCRIPT, content_type="application/javascript", charset="utf-8")


async def _still_allowed(request: web.Request, session: Session, guild_id: int) -> bool:
    ctx = context(request)
    now = await current_session(ctx.store, request)
    if now is None or now.secret != session.secret:
        return False
    try:
        return bool(await ctx.api.can_manage(guild_id, session.user_id))
    except DiscordUnavailable:
        return True  # Discord down: the stream shows what the page showed; actions check again


async def table_events(request: web.Request) -> web.StreamResponse:
    guild_id = _id(request, "guild_id")
    session = await admin_session(request, guild_id)
    if await live_tables(request, guild_id) is None:
        raise refusal(404, "web_tables_elsewhere", session)
    response = web.StreamResponse(
        headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
    )
    try:
        await response.prepare(request)
        seen: dict[int, object] = {}
        checked = time.monotonic()
        asked = request.query.get("request", "")
        notice = ""
        while True:
            changed = {}
            if asked:  # a request of this page: its notice until it has its outcome
                found = await asked_request(request, guild_id, asked)
                now = "" if found is None else str(request_notice(found))
                if now != notice:
                    notice = changed["request"] = now
                if found is None or found.state(time.time()) != "waiting":
                    asked = ""
            for table in await live_tables(request, guild_id) or []:
                if seen.get(table.table_id) is not table.snapshot:
                    seen[table.table_id] = table.snapshot
                    changed[str(table.table_id)] = str(await live_part(request, session, table))
            if changed:
                await response.write(f"data: {json.dumps(changed)}\n\n".encode())
            if time.monotonic() - checked >= RECHECK_SECONDS:
                checked = time.monotonic()
                if not await _still_allowed(request, session, guild_id):
                    await response.write(b"event: end\ndata: {}\n\n")
                    break
                await response.write(b": still here\n\n")
            await asyncio.sleep(LIVE_SECONDS)
    except ConnectionResetError:  # the page was closed or left (its stream begun or not)
        pass
    return response

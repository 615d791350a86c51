"""The dashboard's application and its server.

Middlewares: the reader's language (``Accept-Language``), security headers on every answer (no
script may run, no framing, no referrer: a login link's path never leaves in a Referer), and
one error wrapper (an unexpected error is logged and answered with a plain 500 page). No access
log: a login link's path holds its token.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping

from aiohttp import web

from bot.messages import set_reader, t
from bot.store import Store
from bot.web.context import CONTEXT, WebContext, html_response
from bot.web.discord_api import DiscordApi
from bot.web.html import h, page
from bot.web.live import LiveTables
from bot.web.pages import (
    audit,
    fairplay,
    hands,
    home,
    house,
    leaderboard,
    ledger,
    live,
    login,
    my_tournaments,
    replay,
    server,
    settings,
    stats,
    tournaments,
)
from bot.web.stored import StoredTables

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; "
        "img-src 'self'; form-action 'self'; "
        "frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _language(request: web.Request) -> str:
    first = request.headers.get("Accept-Language", "").split(",", 1)[0]
    return first.split(";", 1)[0].strip() or "en"


@web.middleware
async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    set_reader(_language(request))
    try:
        response = await handler(request)
    except web.HTTPException as answer:  # a redirect or a refusal: raised on, with the headers
        answer.headers.update(SECURITY_HEADERS)
        raise
    except Exception:
        log.exception("Dashboard: %s %s failed", request.method, request.rel_url.path)
        response = html_response(
            page(t("web_refused_title"), h("<p>{text}</p>", text=t("web_error"))), status=500
        )
    if not response.prepared:  # a stream (live events) sent its own headers already
        response.headers.update(SECURITY_HEADERS)
    return response


def make_app(ctx: WebContext) -> web.Application:
    app = web.Application(middlewares=[middleware], client_max_size=64 * 1024)
    app[CONTEXT] = ctx
    r = app.router
    r.add_get("/", home.home)
    r.add_get("/login", login.oauth_start)
    r.add_get("/oauth/callback", login.oauth_callback)
    r.add_get("/login/link/{token}", login.link_page)
    r.add_post("/login/link/{token}", login.link_use)
    r.add_post("/logout", login.logout)
    r.add_get("/servers/{guild_id}", server.server_page)
    r.add_get("/servers/{guild_id}/live", live.table_events)
    r.add_get("/static/live.js", live.script)
    r.add_post(
        "/servers/{guild_id}/tables/{table_id}/{action:pause|resume}", server.pause_or_resume
    )
    r.add_get("/servers/{guild_id}/tables/{table_id}/close", server.close_page)
    r.add_post("/servers/{guild_id}/tables/{table_id}/close", server.close_table)
    r.add_get("/servers/{guild_id}/settings", settings.settings_page)
    r.add_post("/servers/{guild_id}/settings", settings.settings_post)
    r.add_get("/servers/{guild_id}/ledger", ledger.ledger_page)
    r.add_get("/servers/{guild_id}/ledger.csv", ledger.ledger_csv)
    r.add_get("/servers/{guild_id}/audit", audit.audit_page)
    r.add_get("/servers/{guild_id}/tournaments", tournaments.tournaments_page)
    r.add_post("/servers/{guild_id}/tournaments", tournaments.create_post)
    r.add_post("/servers/{guild_id}/tournaments/{tournament_id}/cancel", tournaments.cancel_post)
    r.add_get("/servers/{guild_id}/house", house.house_page)
    r.add_post("/servers/{guild_id}/house/fill", house.fill_post)
    r.add_post("/servers/{guild_id}/house/tables/{table_id}/add", house.add_post)
    r.add_post("/servers/{guild_id}/house/tables/{table_id}/remove", house.remove_post)
    r.add_post("/servers/{guild_id}/house/tables/{table_id}/fill", house.fill_post)
    r.add_get("/servers/{guild_id}/fairplay", fairplay.fairplay_page)
    r.add_post("/servers/{guild_id}/fairplay", fairplay.fairplay_post)
    r.add_get("/servers/{guild_id}/fairplay/hands/{hand_id}.phh", fairplay.fairplay_hand)
    r.add_get("/stats/{guild_id}", stats.stats_page)
    r.add_get("/stats/{guild_id}/chart.png", stats.stats_chart)
    r.add_get("/leaderboard/{guild_id}", leaderboard.leaderboard_page)
    r.add_get("/me/tournaments", my_tournaments.my_tournaments_page)
    r.add_get("/hands", hands.hands_page)
    r.add_get("/hands/{hand_id}.phh", hands.hand_phh)
    r.add_get("/hands/{hand_id}.txt", hands.hand_text)
    r.add_get("/hands/{hand_id}/replay", replay.replay_page)
    return app


class WebServer:
    """The dashboard listening on ``host``:``port`` in the running event loop."""

    def __init__(
        self,
        store: Store,
        api: DiscordApi,
        live: LiveTables | None,
        *,
        host: str,
        port: int,
        base_url: str,
        hand_pause_override: float | None = None,
        minimums: Mapping[str, int] | None = None,
        stored: StoredTables | None = None,
    ) -> None:
        self.ctx = WebContext(
            store, api, live, base_url, hand_pause_override, minimums or {}, stored
        )
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        self._runner = web.AppRunner(
            make_app(self.ctx), access_log=None, handle_signals=False, shutdown_timeout=2.0
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        log.info("Dashboard listening on %s:%s (%s)", self.host, self.port, self.ctx.base_url)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.ctx.api.close()

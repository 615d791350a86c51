"""What every page reads: the store, Discord, the live tables (in the bot's process), where the
dashboard is reached; and the refusals every page raises."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from aiohttp import web

from bot.messages import t
from bot.store import Store
from bot.web.auth import Session, current_session
from bot.web.discord_api import DiscordApi
from bot.web.html import h, page
from bot.web.live import LiveTables
from bot.web.stored import StoredTables


@dataclass(frozen=True)
class WebContext:
    store: Store
    api: DiscordApi
    live: LiveTables | None
    """The bot's tables; None in ``python -m bot.web`` (no table runs there)."""
    base_url: str
    """The dashboard's address as browsers reach it, without a trailing slash."""
    hand_pause_override: float | None = None
    minimums: Mapping[str, int] = field(default_factory=dict)
    """The deployment's floors of settings (``DEUCE_MIN_TIMER_SECONDS``,
    ``DEUCE_MIN_IDLE_SECONDS``), as the commands apply them: ``floors``."""
    stored: StoredTables | None = None
    """In ``python -m bot.web``: the tables as the store has them (read only)."""


def floors(min_timer_seconds: int, min_idle_seconds: int) -> dict[str, int]:
    """The settings whose smallest value a deployment sets, as ``/pokeradmin timer`` and
    ``idle`` take them."""
    return {
        "action_timer": min_timer_seconds,
        "draw_timer": min_timer_seconds,
        "idle_close": min_idle_seconds,
    }


CONTEXT = web.AppKey("deuce_web", WebContext)


def context(request: web.Request) -> WebContext:
    return request.app[CONTEXT]


def html_response(body: str, status: int = 200) -> web.Response:
    return web.Response(text=body, status=status, content_type="text/html", charset="utf-8")


def refusal(status: int, key: str, session: Session | None = None) -> web.HTTPException:
    """A refused request: its page says why (``key``'s sentence) and nothing else."""
    text = t(key)
    body = page(
        t("web_refused_title"),
        h(
            '<p class="refused">{text}</p><p><a href="/">{home}</a></p>',
            text=text,
            home=t("web_home"),
        ),
        who=None if session is None else session.name,
        csrf=None if session is None else session.csrf,
    )
    error_class: type[web.HTTPException] = {
        400: web.HTTPBadRequest,
        401: web.HTTPUnauthorized,
        403: web.HTTPForbidden,
        404: web.HTTPNotFound,
        503: web.HTTPServiceUnavailable,
    }[status]
    return error_class(text=str(body), content_type="text/html")


async def signed_in(request: web.Request) -> Session:
    """The browser's session; refused (401) without one."""
    session = await current_session(context(request).store, request)
    if session is None:
        raise refusal(401, "web_sign_in_first")
    return session

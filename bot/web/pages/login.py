"""Signing in and out: Discord's OAuth2 code flow (with ``state``), the one-time login link of
``/pokeradmin dashboard``, and logout (the session ended in the store)."""

from __future__ import annotations

import hmac
import logging
import time

from aiohttp import web

from bot.messages import t
from bot.web.auth import (
    LINK_COOKIE,
    STATE_COOKIE,
    STATE_SECONDS,
    Guild,
    csrf_of,
    digest,
    end_session,
    new_secret,
    set_cookie,
    start_session,
)
from bot.web.context import context, html_response, refusal, signed_in
from bot.web.discord_api import DiscordUnavailable
from bot.web.html import h, page

log = logging.getLogger(__name__)

TOKEN_MAX = 100
LINK_FORM_SECONDS = 10 * 60
"""How long a login link's page may wait for its button."""


def _redirect_uri(request: web.Request) -> str:
    return f"{context(request).base_url}/oauth/callback"


async def oauth_start(request: web.Request) -> web.Response:
    """To Discord's consent page, with a fresh ``state`` kept in a short cookie."""
    api = context(request).api
    if not api.oauth_enabled:
        raise refusal(404, "web_oauth_off")
    state = new_secret()
    response = web.HTTPFound(api.authorize_url(_redirect_uri(request), state))
    set_cookie(response, request, STATE_COOKIE, state, STATE_SECONDS)
    raise response


async def oauth_callback(request: web.Request) -> web.Response:
    """Back from Discord: the state must be this browser's, the code good for a member."""
    ctx = context(request)
    if not ctx.api.oauth_enabled:
        raise refusal(404, "web_oauth_off")
    state = request.query.get("state", "")
    expected = request.cookies.get(STATE_COOKIE, "")
    code = request.query.get("code", "")
    if not state or not expected or not hmac.compare_digest(state, expected) or not code:
        raise refusal(400, "web_oauth_failed")
    try:
        identity = await ctx.api.identify(code, _redirect_uri(request))
    except DiscordUnavailable as error:
        log.warning("Dashboard sign-in with Discord failed: %s", error)
        raise refusal(503, "web_discord_down") from error
    response = web.HTTPSeeOther("/")
    response.del_cookie(STATE_COOKIE, path="/")
    await start_session(
        ctx.store,
        request,
        response,
        user_id=identity.user_id,
        name=identity.name,
        via="oauth",
        guilds=[Guild(g, name, admin) for g, name, admin in identity.guilds],
    )
    raise response


def _token(request: web.Request) -> str:
    token = request.match_info["token"]
    if not token or len(token) > TOKEN_MAX:
        raise refusal(404, "web_link_used")
    return token


async def link_page(request: web.Request) -> web.Response:
    """The link's page: a button that spends it (a link preview or a prefetch, which only
    reads the page, does not). The form carries a token tied to a cookie this page sets
    (SameSite: another site's post carries no such cookie), so no other site can sign a
    browser in with a link of its own (a login CSRF)."""
    token = _token(request)
    secret = request.cookies.get(LINK_COOKIE, "")
    if not secret or len(secret) > 100:
        secret = new_secret()
    body = h(
        '<p>{text}</p><form method="post" action="/login/link/{token}">'
        '<input type="hidden" name="csrf" value="{csrf}">'
        '<button type="submit">{button}</button></form>',
        text=t("web_link_text"),
        token=token,
        csrf=csrf_of(secret),
        button=t("web_link_button"),
    )
    response = html_response(page(t("web_link_title"), body))
    set_cookie(response, request, LINK_COOKIE, secret, LINK_FORM_SECONDS)
    return response


async def link_use(request: web.Request) -> web.Response:
    ctx = context(request)
    token = _token(request)
    form = await request.post()
    secret = request.cookies.get(LINK_COOKIE, "")
    posted = form.get("csrf")
    if (
        not secret
        or not isinstance(posted, str)
        or not hmac.compare_digest(posted, csrf_of(secret))
    ):  # refused before the link is spent: its page still works
        raise refusal(403, "web_bad_form")
    owner = await ctx.store.web.use_link(digest(token), time.time())
    if owner is None:
        raise refusal(403, "web_link_used")
    user_id, guild_id = owner
    try:
        guild_name = await ctx.api.guild_name(guild_id) or str(guild_id)
        name = await ctx.api.member_name(guild_id, user_id) or str(user_id)
    except DiscordUnavailable as error:
        log.warning("Dashboard sign-in by link: Discord did not answer: %s", error)
        guild_name, name = str(guild_id), str(user_id)
    response = web.HTTPSeeOther("/")
    response.del_cookie(LINK_COOKIE, path="/")
    await start_session(
        ctx.store,
        request,
        response,
        user_id=user_id,
        name=name,
        via="link",
        guilds=[Guild(guild_id, guild_name, True)],
    )
    raise response


async def logout(request: web.Request) -> web.Response:
    ctx = context(request)
    session = await signed_in(request)
    form = await request.post()
    if not session.csrf_ok(form.get("csrf")):
        raise refusal(403, "web_bad_form", session)
    response = web.HTTPSeeOther("/")
    await end_session(ctx.store, session, response)
    raise response

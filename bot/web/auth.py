"""Who is signed in: sessions, CSRF tokens and one-time login links.

A session is an opaque cookie (``deuce_session``: 256 random bits, HttpOnly, SameSite=Lax,
Secure behind HTTPS) that the store knows only by its SHA-256, with who signed in, how, and the
servers it may open. Being random and looked up, it needs no signature: a forged value names no
session, and logging out deletes the row, so a copy of the cookie is refused from then on (a
signed, stateless cookie would stay valid until it expired). Every form carries a CSRF token
derived from the cookie (an HMAC of it), which another site can neither read nor compute.

A login link (``/pokeradmin dashboard``) is a 256-bit token in a private reply, valid
``LINK_SECONDS``, spent by its first use (``store.web.use_link``); the store keeps its hash.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from dataclasses import dataclass

from aiohttp import web

from bot.store import Store

COOKIE = "deuce_session"
STATE_COOKIE = "deuce_oauth_state"
LINK_COOKIE = "deuce_link_form"
"""The login link page's cookie, which its form's token is derived from (``pages/login``)."""
SESSION_SECONDS = 12 * 3600
LINK_SECONDS = 10 * 60
STATE_SECONDS = 10 * 60


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    """The SHA-256 of a secret in hex: what the store keeps."""
    return hashlib.sha256(secret.encode()).hexdigest()


def csrf_of(secret: str) -> str:
    """The CSRF token of a session: an HMAC of its cookie, so it needs no storing."""
    return hmac.new(secret.encode(), b"deuce-csrf", hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Guild:
    id: int
    name: str
    admin: bool
    """Whether they could manage it at sign-in (re-checked with Discord at every admin use)."""


@dataclass(frozen=True)
class Session:
    """A signed-in browser."""

    secret: str
    user_id: int
    name: str
    via: str
    guilds: tuple[Guild, ...]

    @property
    def csrf(self) -> str:
        return csrf_of(self.secret)

    def guild(self, guild_id: int) -> Guild | None:
        return next((g for g in self.guilds if g.id == guild_id), None)

    def csrf_ok(self, token: object) -> bool:
        return isinstance(token, str) and hmac.compare_digest(token, self.csrf)


def _secure(request: web.Request) -> bool:
    return request.secure or request.headers.get("X-Forwarded-Proto", "") == "https"


def set_cookie(
    response: web.StreamResponse, request: web.Request, name: str, value: str, seconds: int
) -> None:
    response.set_cookie(
        name,
        value,
        max_age=seconds,
        path="/",
        httponly=True,
        samesite="Lax",
        secure=_secure(request),
    )


async def start_session(
    store: Store,
    request: web.Request,
    response: web.StreamResponse,
    *,
    user_id: int,
    name: str,
    via: str,
    guilds: list[Guild],
) -> None:
    """Sign the browser in: a new session (any session it had is ended first)."""
    old = request.cookies.get(COOKIE)
    if old:
        await store.web.end_session(digest(old))
    secret = new_secret()
    now = time.time()
    await store.web.add_session(
        digest(secret),
        user_id=user_id,
        name=name,
        via=via,
        guilds=json.dumps([[g.id, g.name, g.admin] for g in guilds]),
        now=now,
        expires_at=now + SESSION_SECONDS,
    )
    set_cookie(response, request, COOKIE, secret, SESSION_SECONDS)


async def current_session(store: Store, request: web.Request) -> Session | None:
    """The browser's session, or None (no cookie, an unknown, expired or ended one)."""
    secret = request.cookies.get(COOKIE, "")
    if not secret or len(secret) > 100:
        return None
    row = await store.web.session(digest(secret), time.time())
    if row is None:
        return None
    guilds = tuple(Guild(int(g[0]), str(g[1]), bool(g[2])) for g in json.loads(row.guilds))
    return Session(secret, row.user_id, row.name, row.via, guilds)


async def end_session(store: Store, session: Session, response: web.StreamResponse) -> None:
    await store.web.end_session(digest(session.secret))
    response.del_cookie(COOKIE, path="/")


async def new_login_link(store: Store, base_url: str, user_id: int, guild_id: int) -> str:
    """A one-time login link for ``user_id``, opening ``guild_id``, valid LINK_SECONDS."""
    token = new_secret()
    await store.web.add_link(digest(token), user_id, guild_id, time.time() + LINK_SECONDS)
    return f"{base_url}/login/link/{token}"

"""Discord's OAuth2 code flow, as the loopback double serves it, and members' roles over REST.

A test says who is signed in to "Discord" in the browser (``double.oauth.signed_in = member``,
or a ``User``); ``GET /oauth2/authorize`` shows Discord's consent page for them (the
application's name, the scopes), its Authorize button posts back and redirects to the
application's ``redirect_uri`` with a one-time ``code`` and the ``state`` it was given;
``POST /oauth2/token`` trades the code (with the client id and secret, the same
``redirect_uri``) for a bearer token; ``GET /users/@me`` and ``GET /users/@me/guilds`` answer
that token with the user and their servers, each with the ``permissions`` Discord computes for
them (an owner holds every permission).

Discord gives a member's permissions to a bot only through roles: ``GET /guilds/{id}`` lists
them and ``GET /guilds/{id}/members/{user}`` names the member's. The double models a member's
``permissions`` beyond the default as one role of their own (``role_json``).
"""

from __future__ import annotations

import html
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from aiohttp import web

from tests.discord_double.models import DEFAULT_MEMBER_PERMISSIONS, Guild, Member, User

if TYPE_CHECKING:
    from tests.discord_double.server import DiscordDouble

ALL_PERMISSIONS = (1 << 51) - 1
"""What a server's owner holds."""

CLIENT_SECRET = "double-oauth-client-secret"
"""The application's OAuth2 client secret (its client id is the application id)."""

TOKEN_SECONDS = 7 * 24 * 3600


def role_json(member: Member) -> dict[str, Any]:
    """The role that gives ``member`` their permissions beyond @everyone's (its id is the
    member's: unique in the server, never the server's own @everyone id)."""
    return {
        "id": str(member.id),
        "name": f"perms of {member.name}",
        "color": 0,
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": 1,
        "permissions": str(member.permissions),
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def has_own_role(member: Member) -> bool:
    return member.permissions != DEFAULT_MEMBER_PERMISSIONS


@dataclass
class Grant:
    user_id: int
    redirect_uri: str
    scopes: tuple[str, ...]


@dataclass
class OAuth2:
    """The OAuth2 part of the double (``double.oauth``)."""

    double: DiscordDouble
    signed_in: Member | User | None = None
    """Who is signed in to Discord in the browser (None: the consent page says nobody is)."""
    client_secret: str = CLIENT_SECRET
    authorizations: list[dict[str, str]] = field(default_factory=list)
    """The query of every consent page shown (client_id, redirect_uri, scope, state...)."""
    _codes: dict[str, Grant] = field(default_factory=dict)
    _tokens: dict[str, Grant] = field(default_factory=dict)

    @property
    def client_id(self) -> str:
        return str(self.double.application_id)

    def add_routes(self, router: web.UrlDispatcher, prefix: str) -> None:
        router.add_get(f"{prefix}/oauth2/authorize", self._authorize_page)
        router.add_post(f"{prefix}/oauth2/authorize", self._authorize)
        router.add_post(f"{prefix}/oauth2/token", self._token)
        router.add_get(f"{prefix}/users/@me/guilds", self._my_guilds)
        router.add_get("/favicon.ico", self._no_icon)  # what a browser asks of any site

    async def _no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=404)

    def revoke_all(self) -> None:
        """Every bearer token stops working (the user revoked the application)."""
        self._tokens.clear()

    # -- the consent page ---------------------------------------------------------------

    def _check_query(self, query: dict[str, str]) -> tuple[str, tuple[str, ...]]:
        if query.get("client_id") != self.client_id:
            raise web.HTTPBadRequest(text="Unknown application (client_id)")
        if query.get("response_type") != "code":
            raise web.HTTPBadRequest(text="response_type must be code")
        redirect = query.get("redirect_uri", "")
        if not redirect.startswith(("http://", "https://")):
            raise web.HTTPBadRequest(text="Invalid redirect_uri")
        scopes = tuple(query.get("scope", "").split())
        if "identify" not in scopes:
            raise web.HTTPBadRequest(text="The identify scope is required")
        return redirect, scopes

    async def _authorize_page(self, request: web.Request) -> web.Response:
        query = dict(request.query)
        self._check_query(query)
        self.authorizations.append(query)
        if self.signed_in is None:
            return web.Response(status=401, text="Nobody is signed in to Discord in this browser.")
        user = self.signed_in.user if isinstance(self.signed_in, Member) else self.signed_in
        hidden = "".join(
            f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">'
            for k, v in query.items()
        )
        scopes = ", ".join(html.escape(s) for s in query.get("scope", "").split())
        page = (
            "<!doctype html><html><head><title>Discord | Authorize access</title></head>"
            '<body style="font-family:sans-serif;background:#313338;color:#fff;padding:2em">'
            f"<h1>{html.escape(self.double.bot_user.username)} wants to access your account</h1>"
            f"<p>Signed in as <b>{html.escape(user.username)}</b></p>"
            f"<p>Scopes: {scopes}</p>"
            f'<form method="post">{hidden}<button type="submit" name="authorize" '
            'value="1">Authorize</button></form></body></html>'
        )
        return web.Response(text=page, content_type="text/html")

    async def _authorize(self, request: web.Request) -> web.Response:
        form = {k: str(v) for k, v in (await request.post()).items()}
        redirect, scopes = self._check_query(form)
        if self.signed_in is None:
            raise web.HTTPUnauthorized(text="Nobody is signed in to Discord.")
        code = secrets.token_urlsafe(24)
        self._codes[code] = Grant(self.signed_in.id, redirect, scopes)
        answer = {"code": code}
        if "state" in form:
            answer["state"] = form["state"]
        separator = "&" if "?" in redirect else "?"
        raise web.HTTPFound(f"{redirect}{separator}{urlencode(answer)}")

    # -- the token exchange and the bearer's reads ----------------------------------------

    async def _token(self, request: web.Request) -> web.Response:
        from tests.discord_double.server import json_response

        form = {k: str(v) for k, v in (await request.post()).items()}
        if form.get("client_id") != self.client_id or form.get("client_secret") != (
            self.client_secret
        ):
            return json_response({"error": "invalid_client"}, status=401)
        if form.get("grant_type") != "authorization_code":
            return json_response({"error": "unsupported_grant_type"}, status=400)
        grant = self._codes.pop(form.get("code", ""), None)
        if grant is None or grant.redirect_uri != form.get("redirect_uri"):
            return json_response({"error": "invalid_grant"}, status=400)
        token = secrets.token_urlsafe(32)
        self._tokens[token] = grant
        return json_response(
            {
                "access_token": token,
                "token_type": "Bearer",
                "expires_in": TOKEN_SECONDS,
                "refresh_token": secrets.token_urlsafe(32),
                "scope": " ".join(grant.scopes),
            }
        )

    def bearer(self, request: web.Request) -> Grant | None:
        """The grant of the request's bearer token; None when it carries none."""
        from tests.discord_double.server import DiscordHTTPError

        header = request.headers.get("Authorization", "")
        if not header.startswith("Bearer "):
            return None
        grant = self._tokens.get(header.removeprefix("Bearer "))
        if grant is None:
            raise DiscordHTTPError(401, 0, "401: Unauthorized")
        return grant

    def me(self, grant: Grant) -> dict[str, Any]:
        user = self.double.users[grant.user_id]
        data = user.to_json()
        data.update({"locale": user.locale, "mfa_enabled": False})
        return data

    def permissions_in(self, guild: Guild, user_id: int) -> int:
        if guild.owner_id == user_id:
            return ALL_PERMISSIONS
        member = self.double.members.get((guild.id, user_id))
        return 0 if member is None else member.permissions

    async def _my_guilds(self, request: web.Request) -> web.Response:
        from tests.discord_double.server import DiscordHTTPError, json_response

        grant = self.bearer(request)
        if grant is None or "guilds" not in grant.scopes:
            raise DiscordHTTPError(401, 0, "401: Unauthorized")
        guilds = [
            {
                "id": str(guild.id),
                "name": guild.name,
                "icon": None,
                "banner": None,
                "owner": guild.owner_id == grant.user_id,
                "permissions": str(self.permissions_in(guild, grant.user_id)),
                "features": [],
            }
            for guild in self.double.guilds.values()
            if (guild.id, grant.user_id) in self.double.members or guild.owner_id == grant.user_id
        ]
        return json_response(guilds)

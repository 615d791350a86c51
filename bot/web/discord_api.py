"""What the dashboard asks Discord: the OAuth2 code flow (a member's identity and servers) and,
with the bot's token, whether a member may manage a server now.

Manage Server is computed as Discord does for a server (not a channel): the owner holds every
permission; anyone else holds the union of @everyone's and their roles' permissions, and
Administrator implies the rest. It is read again for every admin page and action, so a member
who lost the permission (or left) is refused at their next click, however they signed in.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import aiohttp

from bot.pacer import IDLE, RestPacer

log = logging.getLogger(__name__)

DISCORD_API = "https://discord.com/api/v10"
PERM_ADMINISTRATOR = 1 << 3
PERM_MANAGE_GUILD = 1 << 5
SCOPES = "identify guilds"
TIMEOUT = aiohttp.ClientTimeout(total=10)


class DiscordUnavailable(Exception):
    """Discord did not answer as expected (down, rate limited, a bad token)."""


def manages(permissions: int) -> bool:
    """Whether a permission set includes Manage Server (or Administrator)."""
    return bool(permissions & (PERM_MANAGE_GUILD | PERM_ADMINISTRATOR))


@dataclass(frozen=True)
class Identity:
    """A member who signed in with Discord: who, and the servers they are in."""

    user_id: int
    name: str
    guilds: tuple[tuple[int, str, bool], ...]
    """(server id, name, whether they may manage it at sign-in)."""


class DiscordApi:
    """Discord's REST API for the dashboard (its own HTTP session, beside discord.py's; its
    requests paced with the bot's, ``pacer``)."""

    def __init__(
        self,
        bot_token: str,
        api_base: str | None = None,
        client_id: str | None = None,
        client_secret: str | None = None,
        *,
        pacer: RestPacer | None = None,
    ) -> None:
        self.api = (api_base or DISCORD_API).rstrip("/")
        self.pacer = pacer
        """The bot's REST pacer (in its process), or the dashboard's own (``python -m
        bot.web``, leasing from the shared budget on PostgreSQL): every request here waits its
        turn at ``IDLE``, after everything a game waits for."""
        self._bot_token = bot_token
        self.client_id = client_id
        self._client_secret = client_secret
        self._http: aiohttp.ClientSession | None = None

    @property
    def oauth_enabled(self) -> bool:
        return self.client_id is not None and self._client_secret is not None

    def _session(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._http

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()

    async def _turn(self) -> None:
        """This request's turn at the pacer (at once without one)."""
        if self.pacer is not None:
            await self.pacer.acquire(IDLE)
            await self.pacer.starting()

    async def _get(self, path: str, authorization: str) -> Any:
        await self._turn()
        try:
            async with self._session().get(
                f"{self.api}{path}", headers={"Authorization": authorization}
            ) as response:
                if response.status == 404:
                    return None
                if response.status != 200:
                    raise DiscordUnavailable(f"GET {path}: HTTP {response.status}")
                return await response.json()
        except (aiohttp.ClientError, TimeoutError) as error:
            raise DiscordUnavailable(f"GET {path}: {type(error).__name__}") from error

    # -- OAuth2 ---------------------------------------------------------------------------

    def authorize_url(self, redirect_uri: str, state: str) -> str:
        query = {
            "client_id": self.client_id or "",
            "response_type": "code",
            "redirect_uri": redirect_uri,
            "scope": SCOPES,
            "state": state,
        }
        return f"{self.api}/oauth2/authorize?{urlencode(query)}"

    async def identify(self, code: str, redirect_uri: str) -> Identity:
        """Trade the callback's code for a token, read the member and their servers; the
        token is used for these two reads only and then forgotten."""
        form = {
            "client_id": self.client_id or "",
            "client_secret": self._client_secret or "",
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": redirect_uri,
        }
        await self._turn()
        try:
            async with self._session().post(f"{self.api}/oauth2/token", data=form) as response:
                if response.status != 200:
                    raise DiscordUnavailable(f"token exchange: HTTP {response.status}")
                token = (await response.json()).get("access_token")
        except (aiohttp.ClientError, TimeoutError) as error:
            raise DiscordUnavailable(f"token exchange: {type(error).__name__}") from error
        if not isinstance(token, str):
            raise DiscordUnavailable("token exchange: no access token")
        bearer = f"Bearer {token}"
        user = await self._get("/users/@me", bearer)
        guilds = await self._get("/users/@me/guilds", bearer)
        if not isinstance(user, dict) or not isinstance(guilds, list):
            raise DiscordUnavailable("the member or their servers could not be read")
        name = str(user.get("global_name") or user.get("username") or user["id"])
        return Identity(
            user_id=int(user["id"]),
            name=name,
            guilds=tuple(
                (int(g["id"]), str(g.get("name") or g["id"]), manages(int(g["permissions"])))
                for g in guilds
            ),
        )

    # -- the bot's view -------------------------------------------------------------------

    async def can_manage(self, guild_id: int, user_id: int) -> bool | None:
        """Whether ``user_id`` may manage ``guild_id`` now (False for a member who may not or
        is not a member; None when the bot is not on that server). DiscordUnavailable when
        Discord does not answer."""
        bot = f"Bot {self._bot_token}"
        guild = await self._get(f"/guilds/{guild_id}", bot)
        if not isinstance(guild, dict):
            return None
        if int(guild.get("owner_id") or 0) == user_id:
            return True
        member = await self._get(f"/guilds/{guild_id}/members/{user_id}", bot)
        if not isinstance(member, dict):
            return False
        held = {str(r) for r in member.get("roles") or ()} | {str(guild_id)}  # @everyone
        permissions = 0
        for role in guild.get("roles") or ():
            if str(role.get("id")) in held:
                permissions |= int(role.get("permissions") or 0)
        return manages(permissions)

    async def guild_name(self, guild_id: int) -> str | None:
        """The server's name, as the bot reads it (None: the bot is not there)."""
        guild = await self._get(f"/guilds/{guild_id}", f"Bot {self._bot_token}")
        return None if not isinstance(guild, dict) else str(guild.get("name") or guild_id)

    async def text_channels(self, guild_id: int) -> list[tuple[int, str]]:
        """The server's text channels (id, name) by position, as the bot reads them (none
        when the bot is not there)."""
        found = await self._get(f"/guilds/{guild_id}/channels", f"Bot {self._bot_token}")
        if not isinstance(found, list):
            return []
        text = [c for c in found if isinstance(c, dict) and c.get("type") == 0]
        text.sort(key=lambda c: (int(c.get("position") or 0), int(c["id"])))
        return [(int(c["id"]), str(c.get("name") or c["id"])) for c in text]

    async def member_name(self, guild_id: int, user_id: int) -> str | None:
        """The member's name in the server (None: not a member)."""
        member = await self._get(f"/guilds/{guild_id}/members/{user_id}", f"Bot {self._bot_token}")
        if not isinstance(member, dict):
            return None
        user = member.get("user") or {}
        return str(member.get("nick") or user.get("global_name") or user.get("username") or user_id)

"""A loopback Discord: REST API v10 and the gateway, spoken well enough for real discord.py.

The double runs in the test's event loop (aiohttp server on 127.0.0.1). The real, unmodified
discord.py client — in a test or in the bot process — connects to it; tests then act as Discord
users would (slash commands typed from what the bot synced, button clicks on the bot's current
messages) and read back every message, edit, DM and interaction response the bot produced.
Faults (closed DMs, 429s, late callbacks, gateway reconnects) are injected on demand.
"""

from __future__ import annotations

import asyncio
import base64
import collections
import contextlib
import copy
import json
import logging
import re
import secrets
import time
import zlib
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

from tests.discord_double.commands import (
    CommandError,
    CommandNotPermitted,
    type_invocation,
)
from tests.discord_double.components_v2 import is_v2, message_problems, resolve_media
from tests.discord_double.interaction import (
    CALLBACK_AUTOCOMPLETE,
    CALLBACK_CHANNEL_MESSAGE,
    CALLBACK_DEFERRED_CHANNEL_MESSAGE,
    CALLBACK_DEFERRED_UPDATE_MESSAGE,
    CALLBACK_MODAL,
    CALLBACK_UPDATE_MESSAGE,
    INTERACTION_APPLICATION_COMMAND,
    INTERACTION_AUTOCOMPLETE,
    INTERACTION_MESSAGE_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    CallbackRecord,
    Interaction,
    RejectedCallback,
)
from tests.discord_double.models import (
    BOT_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    MESSAGE_FLAG_COMPONENTS_V2,
    MESSAGE_FLAG_EPHEMERAL,
    MESSAGE_FLAG_LOADING,
    PERM_ADMINISTRATOR,
    PERM_VIEW_CHANNEL,
    Channel,
    Guild,
    Member,
    MessageEvent,
    SnowflakeFactory,
    StoredMessage,
    User,
    assign_component_ids,
    iso_at,
    iso_now,
    iter_components,
    json_bytes,
)
from tests.discord_double.oauth import OAuth2, has_own_role, role_json
from tests.discord_double.threads import ThreadsAndEvents

log = logging.getLogger(__name__)

T = TypeVar("T")

API_PREFIX = "/api/v10"
DEFAULT_TOKEN = "deuce-test-token.double.loopback"
INTENT_GUILD_MEMBERS = 1 << 1

OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE = 3
OP_RESUME = 6
OP_RECONNECT = 7
OP_REQUEST_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11
#: Seconds before a heartbeat is acknowledged (see ``_gateway_receive``).
HEARTBEAT_ACK_DELAY = 0.05

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class DoubleError(Exception):
    """A test asked the double for something a Discord user could not do."""


class DiscordHTTPError(Exception):
    """Raised inside a handler to answer with Discord's JSON error shape."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON response whose Content-Type is exactly ``application/json`` (discord.py checks it)."""
    all_headers = {"Content-Type": "application/json"}
    if headers:
        all_headers.update(headers)
    return web.Response(body=json_bytes(data), status=status, headers=all_headers)


def _autocomplete_problem(data: dict[str, Any]) -> str | None:
    """Why Discord would refuse these autocomplete results (None if it would take them):
    at most 25 choices, each a name of 1-100 characters and a string (≤ 100) or number value."""
    choices = data.get("choices")
    if not isinstance(choices, list):
        return "choices must be a list"
    if len(choices) > 25:
        return "Must be 25 or fewer in length (choices)"
    for choice in choices:
        name = choice.get("name") if isinstance(choice, dict) else None
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            return "Each choice needs a name of 1 to 100 characters"
        value = choice.get("value")
        if isinstance(value, str):
            if len(value) > 100:
                return "A choice's value must be 100 or fewer in length"
        elif isinstance(value, bool) or not isinstance(value, int | float):
            return "A choice's value must be a string or a number"
    return None


def error_response(status: int, code: int, message: str) -> web.Response:
    return json_response({"message": message, "code": code}, status=status)


class _Connection:
    """One gateway websocket: its own zlib stream, so every frame is flushed with Z_SYNC_FLUSH."""

    def __init__(self, ws: web.WebSocketResponse, compression: str | None) -> None:
        self.ws = ws
        self.compression = compression
        self._zlib = zlib.compressobj() if compression == "zlib-stream" else None
        self._zstd: Any = None
        if compression == "zstd-stream":
            import zstandard  # type: ignore[import-not-found,unused-ignore]

            self._zstd = zstandard.ZstdCompressor().compressobj()
        self._lock = asyncio.Lock()
        self.session: _Session | None = None

    async def send(self, payload: dict[str, Any]) -> None:
        text = json_bytes(payload).decode()
        async with self._lock:
            if self.ws.closed:
                raise ConnectionResetError("gateway socket closed")
            if self._zlib is not None:
                data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)
            elif self._zstd is not None:
                import zstandard

                data = self._zstd.compress(text.encode()) + self._zstd.flush(
                    zstandard.COMPRESSOBJ_FLUSH_BLOCK
                )
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(text)


class _Session:
    """A gateway session: sequence numbers and a replay buffer so RESUME loses nothing."""

    def __init__(self, session_id: str, intents: int) -> None:
        self.id = session_id
        self.intents = intents
        self.seq = 0
        self.buffer: collections.deque[dict[str, Any]] = collections.deque(maxlen=5000)
        self.connection: _Connection | None = None

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        payload = {"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data}
        self.buffer.append(payload)
        connection = self.connection
        if connection is not None:
            try:
                await connection.send(payload)
            except (ConnectionResetError, RuntimeError) as exc:
                log.info("gateway send of %s failed (%s); kept for RESUME", event, exc)


class DiscordDouble:
    """The loopback Discord. Start it, point discord.py at ``api_base``/``gateway_url``, play."""

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        interaction_deadline: float = 3.0,
        token_ttl: float = 15 * 60.0,
        heartbeat_interval_ms: int = 41250,
        max_concurrency: int = 1,
    ) -> None:
        self.token = token
        self.max_concurrency = max_concurrency
        """What ``GET /gateway/bot`` reports in ``session_start_limit``: the shards of one
        bucket (``shard_id % max_concurrency``) may IDENTIFY once every 5 seconds."""
        self.interaction_deadline = interaction_deadline
        self.token_ttl = token_ttl
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.snowflakes = SnowflakeFactory()
        self.bot_user = User(id=self.snowflakes.next(), username="Deuce", bot=True)
        self.application_id = self.bot_user.id
        self.owner = User(id=self.snowflakes.next(), username="owner")

        self.users: dict[int, User] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.members: dict[tuple[int, int], Member] = {}
        self._dm_channels: dict[int, Channel] = {}

        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.sync_count = 0

        self.messages: dict[int, StoredMessage] = {}
        # Indexes so reads stay cheap with hundreds of tables (the load benchmark).
        self._channel_index: dict[int, list[StoredMessage]] = {}
        self._ephemeral_index: dict[int, list[StoredMessage]] = {}
        self._event_index: dict[int, list[MessageEvent]] = {}
        self.events: list[MessageEvent] = []
        self.attachment_data: dict[int, bytes] = {}
        self.interactions: list[Interaction] = []
        self._interactions_by_id: dict[int, Interaction] = {}
        self._interactions_by_token: dict[str, Interaction] = {}

        self.rest_calls: collections.Counter[str] = collections.Counter()
        self.rest_log: list[tuple[float, str, str, int]] = []
        self.rest_bytes: list[int] = []
        """The request body's size of each ``rest_log`` entry (uploads: pictures, emojis)."""
        self.unknown_routes: list[str] = []
        self._dm_gate: asyncio.Event | None = None
        self.dm_openings_held = 0
        """How many requests to open a DM channel wait on :meth:`hold_dm_openings`."""
        self.app_emojis: dict[int, str] = {}
        """The application's emojis: id -> name."""
        self.app_emoji_images: dict[int, bytes] = {}
        self.app_emojis_enabled = True
        """False: the emoji routes answer 403, as for an application that may not own any."""
        self.gateway_log: list[str] = []
        self._edit_rate_limits: dict[int, list[float]] = {}
        self._background: set[asyncio.Task[None]] = set()
        self.rate_limited_responses = 0

        self._session: _Session | None = None
        """The session of shard 0 (or of the unsharded bot): DM events and DM interactions."""
        self._shards: dict[int, _Session] = {}
        """Sharding: the session of each shard id (see the "sharding" block below)."""
        self.shard_count: int | None = None
        self.identify_count = 0
        self.identified_at: list[tuple[int | None, float]] = []
        """Each IDENTIFY: its shard id (None unsharded) and when it came (``time.monotonic``)."""
        self.resume_count = 0
        self._waiters: list[asyncio.Future[None]] = []

        self.oauth = OAuth2(self)
        """Discord's OAuth2 code flow (``tests/discord_double/oauth.py``)."""
        self.threads = ThreadsAndEvents(self)
        """Public threads and scheduled events (``tests/discord_double/threads.py``)."""

        self._runner: web.AppRunner | None = None
        self.port = 0
        self._connections: set[_Connection] = set()

    # ------------------------------------------------------------------ lifecycle

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        """Serve on ``host``:``port`` (0 picks a free port, read back from ``self.port``)."""
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = site._server
        assert server is not None
        sockets = getattr(server, "sockets", None) or []
        self.port = int(sockets[0].getsockname()[1])
        log.info("discord double serving on %s", self.api_base)

    async def stop(self) -> None:
        for connection in list(self._connections):
            with contextlib.suppress(Exception):
                await connection.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ------------------------------------------------------------------ waiting

    def _changed(self) -> None:
        """Wake every waiter: something (a message, a callback, a connection) changed."""
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def wait_until(self, check: Callable[[], T | None], timeout: float = 5.0) -> T:
        """Return ``check()``'s first truthy value, re-checked after every change in the double.

        Raises TimeoutError if it stays falsy for ``timeout`` seconds.
        """
        deadline = time.monotonic() + timeout
        while True:
            result = check()
            if result:
                return result
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"condition not met within {timeout}s")
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            # Also poll: a check may look at state outside the double (the bot's side).
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiter, min(remaining, 0.05))

    # ------------------------------------------------------------------ world (test API)

    async def add_guild(
        self, name: str = "Deuce Club", *, guild_id: int | None = None, locale: str = "en-US"
    ) -> Guild:
        """A guild the bot is in (announced with GUILD_CREATE if the bot is connected)."""
        gid = guild_id if guild_id is not None else self.snowflakes.next()
        guild = Guild(id=gid, name=name, owner_id=self.owner.id, preferred_locale=locale)
        self.guilds[guild.id] = guild
        self.members[(guild.id, self.bot_user.id)] = Member(
            guild=guild, user=self.bot_user, permissions=BOT_PERMISSIONS
        )
        self.members[(guild.id, self.owner.id)] = Member(
            guild=guild,
            user=self.owner,
            permissions=DEFAULT_MEMBER_PERMISSIONS | PERM_ADMINISTRATOR,
        )
        session = self._session_for_guild(guild.id)
        if session is not None:
            await session.dispatch("GUILD_CREATE", self._guild_create_payload(guild))
        return guild

    async def add_channel(
        self, guild: Guild, name: str = "poker", *, hidden: bool = False
    ) -> Channel:
        """A text channel in ``guild`` (CHANNEL_CREATE if the bot is connected); ``hidden``:
        @everyone may not view it (an overwrite denying View Channel)."""
        position = sum(1 for c in self.channels.values() if c.guild is guild)
        channel = Channel(id=self.snowflakes.next(), name=name, guild=guild, position=position)
        if hidden:
            deny = str(PERM_VIEW_CHANNEL)
            channel.overwrites.append({"id": str(guild.id), "type": 0, "allow": "0", "deny": deny})
        self.channels[channel.id] = channel
        session = self._session_for_guild(guild.id)
        if session is not None:
            await session.dispatch("CHANNEL_CREATE", channel.to_json())
        return channel

    async def hide_channel(
        self, channel: Channel, hidden: bool = True, *, except_for: tuple[Member, ...] = ()
    ) -> None:
        """Deny (or allow again) @everyone View Channel in ``channel``, letting the members
        ``except_for`` still view it (an overwrite for each): CHANNEL_UPDATE, as Discord does
        when an admin edits a channel's permissions."""
        assert channel.guild is not None
        guild = channel.guild
        channel.overwrites = [o for o in channel.overwrites if o["id"] != str(guild.id)]
        if hidden:
            deny = str(PERM_VIEW_CHANNEL)
            channel.overwrites.append({"id": str(guild.id), "type": 0, "allow": "0", "deny": deny})
        for member in except_for:
            allow = str(PERM_VIEW_CHANNEL)
            channel.overwrites.append(
                {"id": str(member.id), "type": 1, "allow": allow, "deny": "0"}
            )
        session = self._session_for_guild(guild.id)
        if session is not None:
            await session.dispatch("CHANNEL_UPDATE", channel.to_json())

    async def add_member(
        self,
        guild: Guild,
        name: str,
        *,
        display_name: str | None = None,
        permissions: int = DEFAULT_MEMBER_PERMISSIONS,
        dms_closed: bool = False,
        user: User | None = None,
        locale: str = "en-US",
        account_age: float | None = None,
        member_for: float | None = None,
    ) -> Member:
        """A member of ``guild``; ``dms_closed`` makes the bot's DMs to them fail (403/50007);
        ``locale`` is their Discord client's language; ``account_age`` (seconds) gives their
        user an id made that long ago (default: now), ``member_for`` (seconds) their
        ``joined_at`` that long ago (default: now)."""
        if user is None:
            made = None if account_age is None else time.time() - account_age
            user_id = self.snowflakes.next() if made is None else self.snowflakes.at(made)
            user = User(id=user_id, username=name, global_name=display_name, locale=locale)
            self.users[user.id] = user
        user.dms_closed = dms_closed
        member = Member(guild=guild, user=user, permissions=permissions)
        if member_for is not None:
            member.joined_at = iso_at(time.time() - member_for)
        self.members[(guild.id, user.id)] = member
        session = self._session_for_guild(guild.id)
        if session is not None and session.intents & INTENT_GUILD_MEMBERS:
            payload = member.to_json()
            payload["guild_id"] = str(guild.id)
            await session.dispatch("GUILD_MEMBER_ADD", payload)
        return member

    def close_dms(self, who: Member | User, closed: bool = True) -> None:
        """Faults: the bot's DMs to ``who`` fail with 403 / 50007 (or work again)."""
        user = who.user if isinstance(who, Member) else who
        user.dms_closed = closed

    def hold_dm_openings(self) -> asyncio.Event:
        """Faults: the bot's requests to open a DM channel go unanswered until the returned
        event is set (a slow Discord)."""
        self._dm_gate = asyncio.Event()
        return self._dm_gate

    def dm_channel(self, who: Member | User) -> Channel:
        """The bot's DM channel with ``who`` (created on first use, as Discord does)."""
        user = who.user if isinstance(who, Member) else who
        channel = self._dm_channels.get(user.id)
        if channel is None:
            channel = Channel(id=self.snowflakes.next(), name=f"dm-{user.username}", recipient=user)
            self._dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    # ------------------------------------------------------------------ records (test API)

    def mark(self) -> int:
        """A position in the event log, for ``wait_for(..., since=mark)``."""
        return len(self.events)

    def message(self, message_id: int) -> StoredMessage | None:
        return self.messages.get(int(message_id))

    def current(self, message_id: int | dict[str, Any]) -> dict[str, Any] | None:
        """The message's current payload (after every edit), or None once deleted."""
        if isinstance(message_id, dict):
            message_id = int(message_id["id"])
        stored = self.messages.get(int(message_id))
        if stored is None or stored.deleted:
            return None
        return stored.snapshot()

    def channel_messages(
        self, channel: Channel, *, include_ephemeral: bool = False, include_deleted: bool = False
    ) -> list[dict[str, Any]]:
        """What everyone sees in ``channel``, oldest first (ephemeral replies excluded)."""
        found = []
        for stored in self._channel_index.get(channel.id, []):
            if stored.deleted and not include_deleted:
                continue
            if stored.ephemeral_to is not None and not include_ephemeral:
                continue
            found.append(stored.snapshot())
        return found

    def last_message(
        self, channel: Channel, predicate: Callable[[dict[str, Any]], bool] | None = None
    ) -> dict[str, Any] | None:
        """The newest live public message of ``channel`` matching ``predicate`` (a copy)."""
        for stored in reversed(self._channel_index.get(channel.id, [])):
            if stored.deleted or stored.ephemeral_to is not None:
                continue
            if predicate is None or predicate(stored.data):
                return stored.snapshot()
        return None

    def channel_events(
        self, channel: Channel, *, include_ephemeral: bool = False
    ) -> list[MessageEvent]:
        """Every create/edit/delete in ``channel``, in order."""
        return [
            e
            for e in self._event_index.get(channel.id, [])
            if include_ephemeral or e.ephemeral_to is None
        ]

    def dms(self, who: Member | User) -> list[dict[str, Any]]:
        """The current messages of the bot's DM channel with ``who``, oldest first."""
        user = who.user if isinstance(who, Member) else who
        channel = self._dm_channels.get(user.id)
        return [] if channel is None else self.channel_messages(channel)

    def ephemerals(self, who: Member | User) -> list[dict[str, Any]]:
        """Every live ephemeral message only ``who`` can see, oldest first."""
        user = who.user if isinstance(who, Member) else who
        return [m.snapshot() for m in self._ephemeral_index.get(user.id, []) if not m.deleted]

    async def wait_for(
        self,
        predicate: Callable[[MessageEvent], bool],
        timeout: float = 5.0,
        *,
        since: int | None = None,
    ) -> MessageEvent:
        """The first message event (from ``since``, default: from now) matching ``predicate``."""
        position = [self.mark() if since is None else since]

        def check() -> MessageEvent | None:
            while position[0] < len(self.events):
                event = self.events[position[0]]
                position[0] += 1
                if predicate(event):
                    return event
            return None

        return await self.wait_until(check, timeout)

    def reset_counters(self) -> None:
        self.rest_calls.clear()
        self.rest_log.clear()
        self.rest_bytes.clear()

    # ------------------------------------------------------------------ faults (test API)

    def rate_limit_edits(self, channel: Channel, count: int = 1, retry_after: float = 0.2) -> None:
        """Faults: the next ``count`` edits of messages in ``channel`` get a 429."""
        self._edit_rate_limits[channel.id] = [float(count), retry_after]

    async def reconnect(
        self, mode: str = "op7", timeout: float = 15.0, *, wait: bool = True
    ) -> None:
        """Faults: drop the bot's gateway connection and wait until it has RESUMEd.

        ``mode`` is "op7" (Discord asks for a reconnect) or "close" (the socket dies with 4000).
        Events dispatched meanwhile are buffered and replayed on RESUME, as on Discord.
        With ``wait=False`` it returns at once (the bot is then reconnecting).
        """
        session = self._session
        if session is None or session.connection is None:
            raise DoubleError("the bot is not connected")
        resumes = self.resume_count
        connection = session.connection
        if mode == "op7":
            await connection.send({"op": OP_RECONNECT, "d": None, "s": None, "t": None})
        elif mode == "close":
            await connection.ws.close(code=4000, message=b"double: reconnect")
        else:
            raise ValueError(f"unknown reconnect mode {mode!r}")
        if wait:
            await self.wait_until(lambda: self.resume_count > resumes, timeout)

    @property
    def connected(self) -> bool:
        return any(s.connection is not None for s in self._shards.values())

    async def wait_until_ready(self, timeout: float = 10.0) -> None:
        await self.wait_until(lambda: self.connected, timeout)

    async def wait_until_synced(self, count: int = 1, timeout: float = 10.0) -> None:
        await self.wait_until(lambda: self.sync_count >= count, timeout)

    # ------------------------------------------------------------------ sharding
    # As Discord: IDENTIFY carries [shard_id, shard_count]; READY, GUILD_CREATE and every event
    # of a guild go to the shard (guild_id >> 22) % shard_count; DM events and interactions from
    # DMs go to shard 0 only. Without a shard field the bot is one unsharded session.

    @staticmethod
    def shard_of(guild_id: int, shard_count: int) -> int:
        """Discord's shard formula."""
        return (guild_id >> 22) % shard_count

    @staticmethod
    def _owns(shard: Any, guild_id: int) -> bool:
        """Whether an IDENTIFY's ``shard`` field ([id, count] or None) receives this guild."""
        if not shard:
            return True
        shard_id, count = int(shard[0]), int(shard[1])
        return (guild_id >> 22) % count == shard_id

    def _register_shard(self, session: _Session, shard: Any) -> None:
        if not shard:
            self.shard_count = None
            self._shards = {0: session}
            self._session = session
            return
        shard_id, count = int(shard[0]), int(shard[1])
        if self.shard_count != count:
            self._shards = {}
            self._session = None
        self.shard_count = count
        self._shards[shard_id] = session
        if shard_id == 0:
            self._session = session

    def _session_for_guild(self, guild_id: int) -> _Session | None:
        """The session that receives this guild's events (None while that shard is away)."""
        if self.shard_count is None:
            return self._session
        return self._shards.get(self.shard_of(guild_id, self.shard_count))

    def shard_connected(self, shard_id: int) -> bool:
        """Whether the bot has identified shard ``shard_id`` and its connection is up."""
        session = self._shards.get(shard_id)
        return session is not None and session.connection is not None

    def shard_identified(self, shard_id: int) -> bool:
        return shard_id in self._shards

    async def add_guild_on_shard(
        self, shard_id: int, shard_count: int, name: str = "Deuce Club"
    ) -> Guild:
        """A guild whose id puts it on ``shard_id`` of ``shard_count`` (its timestamp part is
        moved forward by at most ``shard_count - 1`` milliseconds)."""
        candidate = self.snowflakes.next()
        while self.shard_of(candidate, shard_count) != shard_id:
            candidate = ((candidate >> 22) + 1) << 22
        self.snowflakes._last = max(self.snowflakes._last, candidate)
        return await self.add_guild(name, guild_id=candidate)

    # ------------------------------------------------------------------ interactions (test API)

    def synced_command(self, name: str, guild: Guild | None = None) -> dict[str, Any] | None:
        """The synced top-level chat command ``name`` (guild commands first)."""
        candidates: list[dict[str, Any]] = []
        if guild is not None:
            candidates.extend(self.guild_commands.get(guild.id, []))
        candidates.extend(self.global_commands)
        for command in candidates:
            if command["name"] == name and command.get("type", 1) == 1:
                return command
        return None

    async def invoke(
        self,
        who: Member | User,
        channel: Channel,
        command: str,
        *,
        expired: bool = False,
        bypass_permissions: bool = False,
        forged: bool = False,
        **options: Any,
    ) -> Interaction:
        """Run ``/command`` (e.g. "poker join") as ``who`` in ``channel`` with typed options.
        ``forged``: the option values go out as given, unchecked against the synced schema's
        types, ranges and choices (a request Discord's client would never send)."""
        return await self._command_interaction(
            INTERACTION_APPLICATION_COMMAND,
            who,
            channel,
            command,
            options,
            expired=expired,
            bypass_permissions=bypass_permissions,
            forged=forged,
        )

    async def autocomplete(
        self,
        who: Member | User,
        channel: Channel,
        command: str,
        focused: str,
        *,
        bypass_permissions: bool = False,
        **options: Any,
    ) -> Interaction:
        """Type into option ``focused`` of ``/command`` as ``who``: Discord asks the bot for
        suggestions (an APPLICATION_COMMAND_AUTOCOMPLETE interaction, type 4) carrying the
        options filled so far and the focused one's text. The answer's suggestions are
        ``(await interaction.response()).choices``."""
        return await self._command_interaction(
            INTERACTION_AUTOCOMPLETE,
            who,
            channel,
            command,
            options,
            focused=focused,
            bypass_permissions=bypass_permissions,
        )

    async def _command_interaction(
        self,
        kind: int,
        who: Member | User,
        channel: Channel,
        command: str,
        options: dict[str, Any],
        *,
        focused: str | None = None,
        expired: bool = False,
        bypass_permissions: bool = False,
        forged: bool = False,
    ) -> Interaction:
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise CommandError("empty command")
        guild = channel.guild
        parts = self._canonical_names(parts, self._user_of(who).locale, guild)
        schema = self.synced_command(parts[0], guild)
        if schema is None:
            raise CommandError(f"/{parts[0]} was never synced by the bot")
        member = self._member_for(who, channel)
        user = member.user if member is not None else self._user_of(who)
        contexts = schema.get("contexts")
        if channel.is_dm:
            if (
                schema.get("guild_id")
                or schema.get("dm_permission") is False
                or (contexts is not None and 1 not in contexts)
            ):
                raise CommandError(f"/{parts[0]} is not available in DMs")
        elif contexts is not None and 0 not in contexts:
            raise CommandError(f"/{parts[0]} is not available in guilds")
        required = schema.get("default_member_permissions")
        if member is not None and required is not None and not bypass_permissions:
            needed = int(required)
            if (
                member.permissions & PERM_ADMINISTRATOR == 0
                and member.permissions & needed != needed
            ):
                raise CommandNotPermitted(
                    f"{member.display_name} lacks {needed:#x} for /{parts[0]}: Discord hides it"
                )
        typed = type_invocation(
            schema,
            parts[1:],
            options,
            members=[m for m in self.members.values() if guild is not None and m.guild is guild],
            focused=focused,
            checked=not forged,
        )
        data: dict[str, Any] = {"id": str(schema["id"]), "name": schema["name"], "type": 1}
        if typed.options:
            data["options"] = typed.options
        if typed.resolved:
            data["resolved"] = typed.resolved
        if schema.get("guild_id"):
            data["guild_id"] = str(schema["guild_id"])
        return await self._dispatch_interaction(kind, user, member, channel, data, expired=expired)

    def _canonical_names(self, parts: list[str], locale: str, guild: Guild | None) -> list[str]:
        """A command typed as a member sees it: names in their client's language (from the
        synced ``name_localizations``) become the command's own names, as Discord sends them."""
        candidates = list(self.guild_commands.get(guild.id, [])) if guild is not None else []
        candidates += self.global_commands
        options: list[dict[str, Any]] = [c for c in candidates if c.get("type", 1) == 1]
        canonical: list[str] = []
        for part in parts:
            match = next(
                (
                    o
                    for o in options
                    if part in (o["name"], (o.get("name_localizations") or {}).get(locale))
                ),
                None,
            )
            if match is None:
                return canonical + parts[len(canonical) :]
            canonical.append(match["name"])
            options = [o for o in match.get("options") or [] if o.get("type") in (1, 2)]
        return canonical

    def find_component(
        self, message: dict[str, Any], target: str, *, component_types: tuple[int, ...] = (2,)
    ) -> dict[str, Any]:
        """The component whose custom_id (or label) is ``target`` on the message's current view."""
        matches = [
            c
            for c in iter_components(list(message.get("components") or []))
            if c.get("type") in component_types
            and (c.get("custom_id") == target or c.get("label") == target)
        ]
        if not matches:
            found = [
                (c.get("label"), c.get("custom_id"))
                for c in iter_components(list(message.get("components") or []))
                if c.get("type") in component_types
            ]
            raise DoubleError(f"no component {target!r} on message {message['id']}: {found}")
        exact = [c for c in matches if c.get("custom_id") == target]
        return (exact or matches)[0]

    async def click(
        self,
        who: Member | User,
        message: int | dict[str, Any] | StoredMessage | MessageEvent,
        target: str,
        *,
        expired: bool = False,
        stale: bool = False,
    ) -> Interaction:
        """Press the button with custom_id or label ``target`` on ``message`` as ``who``.

        With ``stale=True`` and a message snapshot (a dict), the click is one that reached
        Discord before the bot's edit of the message (a double click, two players racing):
        the button is looked up on the snapshot and the interaction carries the snapshot as its
        ``message``. (discord.py drops a click whose custom_id is not on ``message``, so a stale
        button against the current message state could never reach the bot anyway.) A stale
        click may also be on a message deleted since: it was sent before the deletion.
        """
        stale_snapshot = stale and isinstance(message, dict)
        stored, channel, member, user = self._clickable(who, message, deleted_ok=stale_snapshot)
        shown = message if stale_snapshot else stored.data
        button = self.find_component(shown, target)
        if button.get("disabled"):
            raise DoubleError(f"button {target!r} is disabled")
        if button.get("style") in (5, 6) or "custom_id" not in button:
            raise DoubleError(f"button {target!r} is a link/premium button: no interaction")
        data = {"custom_id": button["custom_id"], "component_type": 2, "id": button.get("id")}
        return await self._dispatch_interaction(
            INTERACTION_MESSAGE_COMPONENT,
            user,
            member,
            channel,
            data,
            message=stored,
            message_payload=copy.deepcopy(shown) if shown is not stored.data else None,
            expired=expired,
        )

    async def select(
        self,
        who: Member | User,
        message: int | dict[str, Any] | StoredMessage | MessageEvent,
        target: str,
        values: list[str],
    ) -> Interaction:
        """Choose ``values`` in the string select ``target`` on ``message`` as ``who``."""
        stored, channel, member, user = self._clickable(who, message)
        menu = self.find_component(stored.data, target, component_types=(3,))
        if menu.get("disabled"):
            raise DoubleError(f"select {target!r} is disabled")
        allowed = {o["value"] for o in menu.get("options") or []}
        if not set(values) <= allowed:
            raise DoubleError(f"values {values} not among the options {sorted(allowed)}")
        data = {
            "custom_id": menu["custom_id"],
            "component_type": 3,
            "values": values,
            "id": menu.get("id"),
        }
        return await self._dispatch_interaction(
            INTERACTION_MESSAGE_COMPONENT, user, member, channel, data, message=stored
        )

    async def submit_modal(
        self, who: Member | User, opened_by: Interaction, values: dict[str, str]
    ) -> Interaction:
        """Submit the modal the bot opened in reply to ``opened_by`` with text ``values``."""
        modal = opened_by.modal
        if modal is None:
            raise DoubleError(f"{opened_by!r} did not open a modal")
        rows: list[dict[str, Any]] = []
        for component in modal.get("components") or []:
            inner_list = component.get("components") or (
                [component["component"]] if "component" in component else []
            )
            submitted = []
            for inner in inner_list:
                if "custom_id" in inner:
                    item = {
                        "type": inner["type"],
                        "custom_id": inner["custom_id"],
                        "value": values.get(inner["custom_id"], ""),
                    }
                    submitted.append(item)
            if component.get("type") == 18 and submitted:
                rows.append({"type": 18, "id": component.get("id", 0), "component": submitted[0]})
            else:
                rows.append({"type": 1, "components": submitted})
        data = {"custom_id": modal["custom_id"], "components": rows}
        member = self._member_for(who, opened_by.channel)
        user = member.user if member is not None else self._user_of(who)
        return await self._dispatch_interaction(
            INTERACTION_MODAL_SUBMIT, user, member, opened_by.channel, data
        )

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _user_of(who: Member | User) -> User:
        return who.user if isinstance(who, Member) else who

    def _member_for(self, who: Member | User, channel: Channel) -> Member | None:
        """The guild member acting in ``channel`` (None in a DM); refuses outsiders."""
        if channel.guild is None:
            user = self._user_of(who)
            if channel.recipient is not None and channel.recipient.id != user.id:
                raise DoubleError(f"{user.username} cannot act in another user's DM")
            return None
        user = self._user_of(who)
        member = self.members.get((channel.guild.id, user.id))
        if member is None:
            raise DoubleError(f"{user.username} is not a member of {channel.guild.name}")
        return member

    def _resolve_message(
        self,
        message: int | dict[str, Any] | StoredMessage | MessageEvent,
        *,
        deleted_ok: bool = False,
    ) -> StoredMessage:
        if isinstance(message, StoredMessage):
            message_id = message.id
        elif isinstance(message, MessageEvent):
            message_id = message.message_id
        elif isinstance(message, dict):
            message_id = int(message["id"])
        else:
            message_id = int(message)
        stored = self.messages.get(message_id)
        if stored is None or (stored.deleted and not deleted_ok):
            raise DoubleError(f"message {message_id} does not exist (or was deleted)")
        return stored

    def _clickable(
        self,
        who: Member | User,
        message: int | dict[str, Any] | StoredMessage | MessageEvent,
        *,
        deleted_ok: bool = False,
    ) -> tuple[StoredMessage, Channel, Member | None, User]:
        stored = self._resolve_message(message, deleted_ok=deleted_ok)
        channel = self.channels[stored.channel_id]
        user = self._user_of(who)
        if stored.ephemeral_to is not None and stored.ephemeral_to != user.id:
            raise DoubleError(f"{user.username} cannot see another user's ephemeral message")
        member = self._member_for(who, channel)
        return stored, channel, member, user

    async def _dispatch_interaction(
        self,
        kind: int,
        user: User,
        member: Member | None,
        channel: Channel,
        data: dict[str, Any],
        *,
        message: StoredMessage | None = None,
        message_payload: dict[str, Any] | None = None,
        expired: bool = False,
    ) -> Interaction:
        session = (
            self._session if channel.guild is None else self._session_for_guild(channel.guild.id)
        )
        if session is None:
            raise DoubleError("the bot has not identified on the gateway (on that shard)")
        interaction = Interaction(
            self,
            id=self.snowflakes.next(),
            token="aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
            type=kind,
            user=user,
            member=member,
            channel=channel,
            data=data,
            message_id=message.id if message is not None else None,
            expired=expired,
        )
        self.interactions.append(interaction)
        self._interactions_by_id[interaction.id] = interaction
        self._interactions_by_token[interaction.token] = interaction
        payload: dict[str, Any] = {
            "id": str(interaction.id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "channel": channel.to_json(),
            "channel_id": str(channel.id),
            "token": interaction.token,
            "version": 1,
            "app_permissions": str(
                BOT_PERMISSIONS if channel.guild is None else self.threads.bot_permissions(channel)
            ),
            "locale": user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if member is not None and channel.guild is not None:
            payload["guild_id"] = str(channel.guild.id)
            locale = channel.guild.preferred_locale
            payload["guild"] = {"id": str(channel.guild.id), "locale": locale, "features": []}
            payload["guild_locale"] = locale
            payload["member"] = member.to_json(with_permissions=True)
            payload["authorizing_integration_owners"] = {"0": str(channel.guild.id)}
            payload["context"] = 0
        else:
            payload["user"] = user.to_json()
            payload["authorizing_integration_owners"] = {"0": "0"}
            payload["context"] = 1
        if message is not None:
            payload["message"] = message_payload or message.snapshot()
        interaction.created = time.monotonic()
        await session.dispatch("INTERACTION_CREATE", payload)
        self._changed()
        return interaction

    # ------------------------------------------------------------------ payload builders

    def _guild_create_payload(self, guild: Guild) -> dict[str, Any]:
        session = self._session_for_guild(guild.id)
        members = [m for m in self.members.values() if m.guild is guild]
        if session is None or not session.intents & INTENT_GUILD_MEMBERS:
            shown = [m for m in members if m.user.id == self.bot_user.id]
        else:
            shown = members
        channels = []
        for channel in self.channels.values():
            if channel.guild is guild and not channel.is_thread:
                channel_json = channel.to_json()
                channel_json.pop("guild_id", None)
                channels.append(channel_json)
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [guild.everyone_role_json()],
            "emojis": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.preferred_locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "nsfw": False,
            "stickers": [],
            "premium_progress_bar_enabled": False,
            "safety_alerts_channel_id": None,
            "joined_at": guild.created_at,
            "large": False,
            "unavailable": False,
            "member_count": len(members),
            "voice_states": [],
            "members": [m.to_json() for m in shown],
            "channels": channels,
            "threads": [t.thread_json() for t in self.threads.threads_of(guild)],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": self.threads.active_events_json(guild),
            "soundboard_sounds": [],
            "lazy": True,
        }

    def _ready_payload(self, session: _Session, shard: Any) -> dict[str, Any]:
        user = self.bot_user.to_json()
        user.update({"verified": True, "mfa_enabled": False, "email": None})
        payload: dict[str, Any] = {
            "v": 10,
            "user": user,
            "user_settings": {},
            "guilds": [
                {"id": str(g.id), "unavailable": True}
                for g in self.guilds.values()
                if self._owns(shard, g.id)
            ],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth": {},
            "_trace": ["discord-double"],
        }
        if shard is not None:
            payload["shard"] = shard
        return payload

    def _new_message(
        self,
        channel: Channel,
        payload: dict[str, Any],
        files: list[tuple[str, bytes, str]],
        *,
        interaction: Interaction | None = None,
        message_type: int = 0,
        extra_flags: int = 0,
    ) -> StoredMessage:
        """Build and store a message object from what the bot sent (as Discord echoes it)."""
        self._validate_message(payload, self._attachment_names(payload, files, []))
        message_id = self.snowflakes.next()
        flags = int(payload.get("flags") or 0) | extra_flags
        components = copy.deepcopy(payload.get("components") or [])
        assign_component_ids(components)
        attachments = self._attachments(channel, payload, files, [])
        resolve_media(components, attachments, self.attachment_data)
        data: dict[str, Any] = {
            "id": str(message_id),
            "channel_id": str(channel.id),
            "author": self.bot_user.to_json(),
            "content": payload.get("content") or "",
            "timestamp": iso_now(),
            "edited_timestamp": None,
            "tts": bool(payload.get("tts", False)),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "mention_channels": [],
            "attachments": attachments,
            "embeds": copy.deepcopy(payload.get("embeds") or []),
            "reactions": [],
            "pinned": False,
            "type": message_type,
            "flags": flags,
            "components": components,
            "allowed_mentions": copy.deepcopy(payload.get("allowed_mentions")),
        }
        if channel.guild is not None:
            data["guild_id"] = str(channel.guild.id)
        if interaction is not None:
            data["webhook_id"] = str(self.application_id)
            data["application_id"] = str(self.application_id)
            data["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.to_json(),
                "authorizing_integration_owners": {"0": str(channel.guild.id)}
                if channel.guild
                else {"0": "0"},
            }
            if interaction.message_id is not None:
                data["interaction_metadata"]["interacted_message_id"] = str(interaction.message_id)
        ephemeral_to = None
        if flags & MESSAGE_FLAG_EPHEMERAL and interaction is not None:
            ephemeral_to = interaction.user.id
        stored = StoredMessage(
            id=message_id,
            channel_id=channel.id,
            data=data,
            ephemeral_to=ephemeral_to,
            interaction_id=interaction.id if interaction is not None else None,
        )
        self.messages[message_id] = stored
        self._channel_index.setdefault(channel.id, []).append(stored)
        if ephemeral_to is not None:
            self._ephemeral_index.setdefault(ephemeral_to, []).append(stored)
        return stored

    @staticmethod
    def _attachment_names(
        payload: dict[str, Any],
        files: list[tuple[str, bytes, str]],
        existing: list[dict[str, Any]],
    ) -> list[str]:
        """The filenames the message will have after this request (see ``_attachments``)."""
        wanted = payload.get("attachments")
        if wanted is None:
            names = [str(a.get("filename")) for a in existing]
            wanted = []
        else:
            kept = {str(spec.get("id")) for spec in wanted}
            names = [str(a.get("filename")) for a in existing if str(a["id"]) in kept]
        for index, (filename, _blob, _type) in enumerate(files):
            spec: dict[str, Any] = next((a for a in wanted if str(a.get("id")) == str(index)), {})
            names.append(str(spec.get("filename") or filename))
        return names

    def _attachments(
        self,
        channel: Channel,
        payload: dict[str, Any],
        files: list[tuple[str, bytes, str]],
        existing: list[dict[str, Any]],
    ) -> list[dict[str, Any]]:
        """Kept attachments (by id) plus the uploaded files, with URLs the double serves."""
        result: list[dict[str, Any]] = []
        wanted = payload.get("attachments")
        existing_by_id = {a["id"]: a for a in existing}
        if wanted is None:
            result.extend(existing)
            wanted = []
        for index, (filename, blob, content_type) in enumerate(files):
            spec: dict[str, Any] = next((a for a in wanted if str(a.get("id")) == str(index)), {})
            attachment_id = self.snowflakes.next()
            self.attachment_data[attachment_id] = blob
            name = spec.get("filename") or filename
            url = f"http://127.0.0.1:{self.port}/attachments/{channel.id}/{attachment_id}/{name}"
            result.append(
                {
                    "id": str(attachment_id),
                    "filename": name,
                    "size": len(blob),
                    "url": url,
                    "proxy_url": url,
                    "content_type": content_type,
                    "description": spec.get("description"),
                }
            )
        for spec in wanted:
            kept = existing_by_id.get(str(spec.get("id")))
            if kept is not None:
                result.append(kept)
        return result

    def _validate_message(
        self, payload: dict[str, Any], attachment_names: list[str] | None = None
    ) -> None:
        """Refuse what Discord refuses (400 / 50035), so the bot's mistakes show up in tests.

        ``payload`` is the message as it would stand after the request; the component rules,
        Components V2 included, are in ``components_v2.message_problems``."""
        problems: list[str] = []
        content = payload.get("content") or ""
        if len(content) > 2000:
            problems.append("content longer than 2000")
        embeds = payload.get("embeds") or []
        if len(embeds) > 10:
            problems.append("more than 10 embeds")
        for embed in embeds:
            if len(embed.get("description") or "") > 4096:
                problems.append("embed description longer than 4096")
            if len(embed.get("title") or "") > 256:
                problems.append("embed title longer than 256")
            if len(embed.get("fields") or []) > 25:
                problems.append("more than 25 embed fields")
            for embed_field in embed.get("fields") or []:
                if len(str(embed_field.get("value", ""))) > 1024:
                    problems.append("embed field value longer than 1024")
        components = payload.get("components") or []
        if is_v2(payload.get("flags")) and not components:
            log.warning("double refused an empty Components V2 message")
            raise DiscordHTTPError(400, 50006, "Cannot send an empty message")
        problems += message_problems(payload, attachment_names)
        for component in iter_components(components):
            if len(component.get("custom_id") or "") > 100:
                problems.append("custom_id longer than 100")
            if len(component.get("label") or "") > 80:
                problems.append("label longer than 80")
            emoji = component.get("emoji")
            if emoji and emoji.get("id") is not None and int(emoji["id"]) not in self.app_emojis:
                problems.append(f"unknown emoji {emoji.get('id')}")
            if component.get("type") == 2 and not (component.get("label") or emoji):
                problems.append("a button needs a label or an emoji")
        if problems:
            log.warning("double refused a message: %s", problems)
            raise DiscordHTTPError(400, 50035, "Invalid Form Body: " + "; ".join(problems))

    def _edit_message(
        self, stored: StoredMessage, payload: dict[str, Any], files: list[tuple[str, bytes, str]]
    ) -> None:
        """Apply an edit as Discord does, or refuse it (400 / 50035) leaving the message as it was.

        Flags: EPHEMERAL and LOADING are Discord's to keep or drop; IS_COMPONENTS_V2 can be set by
        an edit (which must then empty the content and embeds) but never removed."""
        data = stored.data
        old_flags = int(data.get("flags") or 0)
        if "flags" in payload and payload["flags"] is not None:
            asked = int(payload["flags"])
            if old_flags & MESSAGE_FLAG_COMPONENTS_V2 and not asked & MESSAGE_FLAG_COMPONENTS_V2:
                log.warning("double refused an edit removing IS_COMPONENTS_V2: flags %s", asked)
                raise DiscordHTTPError(
                    400,
                    50035,
                    "Invalid Form Body: flags: IS_COMPONENTS_V2 cannot be removed from a message",
                )
            new_flags = (old_flags & MESSAGE_FLAG_EPHEMERAL) | (
                asked & ~MESSAGE_FLAG_LOADING & ~MESSAGE_FLAG_EPHEMERAL
            )
        else:
            new_flags = old_flags & ~MESSAGE_FLAG_LOADING
        existing = list(data.get("attachments") or [])
        merged = {
            "content": payload.get("content", data.get("content")),
            "embeds": payload.get("embeds", data.get("embeds")),
            "components": payload.get("components", data.get("components")),
            "flags": new_flags,
            "sticker_ids": payload.get("sticker_ids"),
            "poll": payload.get("poll"),
        }
        self._validate_message(merged, self._attachment_names(payload, files, existing))
        if "content" in payload:
            data["content"] = payload["content"] or ""
        if "embeds" in payload:
            data["embeds"] = copy.deepcopy(payload["embeds"] or [])
        if "allowed_mentions" in payload:
            data["allowed_mentions"] = copy.deepcopy(payload["allowed_mentions"])
        data["flags"] = new_flags
        if "attachments" in payload or files:
            channel = self.channels[stored.channel_id]
            data["attachments"] = self._attachments(channel, payload, files, existing)
        if "components" in payload:
            components = copy.deepcopy(payload["components"] or [])
            assign_component_ids(components)
            resolve_media(components, list(data.get("attachments") or []), self.attachment_data)
            data["components"] = components
        data["edited_timestamp"] = iso_now()

    def _record(
        self, kind: str, stored: StoredMessage, request: dict[str, Any], route: str
    ) -> MessageEvent:
        channel = self.channels[stored.channel_id]
        event = MessageEvent(
            kind=kind,
            channel_id=stored.channel_id,
            message_id=stored.id,
            at=time.time(),
            payload=stored.snapshot(),
            request=copy.deepcopy(request),
            route=route,
            ephemeral_to=stored.ephemeral_to,
            is_dm=channel.is_dm,
        )
        self.events.append(event)
        self._event_index.setdefault(event.channel_id, []).append(event)
        self._changed()
        return event

    # ------------------------------------------------------------------ HTTP plumbing

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        info = request.match_info
        route = info.route
        resource = route.resource
        canonical = resource.canonical if resource is not None else request.path
        if canonical.startswith(API_PREFIX):
            canonical = canonical[len(API_PREFIX) :]
        key = f"{request.method} {canonical}"
        try:
            response = await handler(request)
        except DiscordHTTPError as exc:
            response = error_response(exc.status, exc.code, exc.message)
        if canonical != "/gateway" and not canonical.startswith("/attachments"):
            self.rest_calls[key] += 1
            self.rest_log.append((time.time(), request.method, request.path, response.status))
            self.rest_bytes.append(request.content_length or 0)
        return response

    def _require_bot_auth(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise DiscordHTTPError(401, 0, "401: Unauthorized")

    async def _read_payload(
        self, request: web.Request
    ) -> tuple[dict[str, Any], list[tuple[str, bytes, str]]]:
        """The JSON body, or a multipart body's payload_json plus its files."""
        files: list[tuple[str, bytes, str]] = []
        if request.content_type.startswith("multipart/"):
            payload: dict[str, Any] = {}
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not hasattr(part, "read"):
                    continue
                name = getattr(part, "name", None)
                filename = getattr(part, "filename", None)
                blob = await part.read(decode=False)  # type: ignore[union-attr]
                if name == "payload_json":
                    payload = json.loads(blob.decode())
                elif filename is not None:
                    content_type = part.headers.get("Content-Type", "application/octet-stream")
                    files.append((filename, bytes(blob), content_type))
            return payload, files
        if not request.can_read_body:
            return {}, files
        text = await request.text()
        if not text:
            return {}, files
        body = json.loads(text)
        return (body if isinstance(body, dict) else {"__list__": body}), files

    def _add_routes(self, app: web.Application) -> None:
        p = API_PREFIX
        r = app.router
        r.add_get("/gateway", self._gateway)
        r.add_get(f"{p}/gateway", self._get_gateway)
        r.add_get(f"{p}/gateway/bot", self._get_gateway_bot)
        r.add_get(f"{p}/users/@me", self._get_me)
        r.add_post(f"{p}/users/@me/channels", self._create_dm)
        r.add_get(f"{p}/users/{{user_id}}", self._get_user)
        r.add_get(f"{p}/applications/@me", self._get_application)
        r.add_get(f"{p}/oauth2/applications/@me", self._get_application)
        r.add_get(f"{p}/applications/{{app_id}}/commands", self._get_commands)
        r.add_put(f"{p}/applications/{{app_id}}/commands", self._put_commands)
        r.add_post(f"{p}/applications/{{app_id}}/commands", self._post_command)
        r.add_get(f"{p}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self._get_commands)
        r.add_put(f"{p}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self._put_commands)
        r.add_post(f"{p}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self._post_command)
        r.add_get(f"{p}/applications/{{app_id}}/emojis", self._get_app_emojis)
        r.add_post(f"{p}/applications/{{app_id}}/emojis", self._post_app_emoji)
        r.add_post(f"{p}/interactions/{{interaction_id}}/{{token}}/callback", self._callback)
        r.add_post(f"{p}/webhooks/{{app_id}}/{{token}}", self._webhook_post)
        r.add_get(f"{p}/webhooks/{{app_id}}/{{token}}/messages/{{message_id}}", self._webhook_get)
        r.add_patch(
            f"{p}/webhooks/{{app_id}}/{{token}}/messages/{{message_id}}", self._webhook_patch
        )
        r.add_delete(
            f"{p}/webhooks/{{app_id}}/{{token}}/messages/{{message_id}}", self._webhook_delete
        )
        r.add_get(f"{p}/channels/{{channel_id}}", self._get_channel)
        r.add_post(f"{p}/channels/{{channel_id}}/typing", self._typing)
        r.add_get(f"{p}/channels/{{channel_id}}/messages", self._list_messages)
        r.add_post(f"{p}/channels/{{channel_id}}/messages", self._post_message)
        r.add_get(f"{p}/channels/{{channel_id}}/messages/{{message_id}}", self._get_message)
        r.add_patch(f"{p}/channels/{{channel_id}}/messages/{{message_id}}", self._patch_message)
        r.add_delete(f"{p}/channels/{{channel_id}}/messages/{{message_id}}", self._delete_message)
        r.add_get(f"{p}/guilds/{{guild_id}}", self._get_guild)
        r.add_get(f"{p}/guilds/{{guild_id}}/channels", self._get_guild_channels)
        r.add_get(f"{p}/guilds/{{guild_id}}/members/{{user_id}}", self._get_member)
        r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._get_attachment)
        self.oauth.add_routes(r, p)
        self.threads.add_routes(r, p)
        r.add_route("*", "/{tail:.*}", self._unknown)

    async def _unknown(self, request: web.Request) -> web.Response:
        entry = f"{request.method} {request.path_qs}"
        self.unknown_routes.append(entry)
        log.warning("discord double: unknown route %s", entry)
        return error_response(404, 0, f"404: Not Found (double has no {entry})")

    # ------------------------------------------------------------------ REST: users, apps

    # ------------------------------------------------------------------ application emojis

    def _app_emoji_json(self, emoji_id: int) -> dict[str, Any]:
        return {
            "id": str(emoji_id),
            "name": self.app_emojis[emoji_id],
            "roles": [],
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
            "user": self.bot_user.to_json(),
        }

    def _app_emojis_open(self, request: web.Request) -> None:
        self._require_bot_auth(request)
        if int(request.match_info["app_id"]) != self.application_id:
            raise DiscordHTTPError(404, 10002, "Unknown Application")
        if not self.app_emojis_enabled:
            raise DiscordHTTPError(403, 50001, "Missing Access")

    async def _get_app_emojis(self, request: web.Request) -> web.Response:
        self._app_emojis_open(request)
        return json_response({"items": [self._app_emoji_json(i) for i in self.app_emojis]})

    async def _post_app_emoji(self, request: web.Request) -> web.Response:
        """Create an application emoji as Discord does: a unique name of 2-32 word characters,
        a PNG/JPEG/GIF data URI of at most 256 KiB, at most 2,000 per application."""
        self._app_emojis_open(request)
        payload, _files = await self._read_payload(request)
        name = str(payload.get("name") or "")
        image = str(payload.get("image") or "")
        problems = []
        if not re.fullmatch(r"\w{2,32}", name):
            problems.append("name must be 2-32 word characters")
        if name in self.app_emojis.values():
            problems.append("an emoji with this name exists")
        match = re.fullmatch(r"data:image/(png|jpeg|gif);base64,(.+)", image, re.S)
        blob = base64.b64decode(match[2]) if match else b""
        if not blob or len(blob) > 256 * 1024:
            problems.append("image must be a data URI of at most 256 KiB")
        if len(self.app_emojis) >= 2000:
            problems.append("maximum number of emojis reached")
        if problems:
            raise DiscordHTTPError(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        emoji_id = self.snowflakes.next()
        self.app_emojis[emoji_id] = name
        self.app_emoji_images[emoji_id] = blob
        return json_response(self._app_emoji_json(emoji_id), status=201)

    async def _get_me(self, request: web.Request) -> web.Response:
        grant = self.oauth.bearer(request)
        if grant is not None:  # an OAuth2 user's token: that user
            return json_response(self.oauth.me(grant))
        self._require_bot_auth(request)
        user = self.bot_user.to_json()
        user.update({"verified": True, "mfa_enabled": False, "email": None, "locale": "en-US"})
        return json_response(user)

    async def _get_user(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        user = self.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise DiscordHTTPError(404, 10013, "Unknown User")
        return json_response(user.to_json())

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        return json_response(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": self.max_concurrency,
                },
            }
        )

    async def _get_application(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        return json_response(
            {
                "id": str(self.application_id),
                "name": self.bot_user.username,
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.to_json(),
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "bot": self.bot_user.to_json(),
                "summary": "",
                "approximate_guild_count": len(self.guilds),
            }
        )

    # ------------------------------------------------------------------ REST: commands

    def _command_list(self, request: web.Request) -> tuple[list[dict[str, Any]], int | None]:
        if int(request.match_info["app_id"]) != self.application_id:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return self.global_commands, None
        if int(guild_id) not in self.guilds:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        return self.guild_commands.setdefault(int(guild_id), []), int(guild_id)

    def _store_command(
        self, raw: dict[str, Any], existing: list[dict[str, Any]], guild_id: int | None
    ) -> dict[str, Any]:
        problems = localization_problems(raw, raw.get("name", "?"))
        if problems:
            raise DiscordHTTPError(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        kind = raw.get("type", 1)
        previous = next(
            (c for c in existing if c["name"] == raw["name"] and c.get("type", 1) == kind), None
        )
        command = copy.deepcopy(raw)
        command.update(
            {
                "id": previous["id"] if previous else str(self.snowflakes.next()),
                "application_id": str(self.application_id),
                "version": str(self.snowflakes.next()),
                "type": kind,
                "description": raw.get("description", ""),
                # Discord echoes the bitfield as a string whatever the client sent.
                "default_member_permissions": None
                if raw.get("default_member_permissions") is None
                else str(raw["default_member_permissions"]),
                "nsfw": raw.get("nsfw", False),
            }
        )
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    async def _get_commands(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        commands, _ = self._command_list(request)
        return json_response(commands)

    async def _put_commands(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        commands, guild_id = self._command_list(request)
        body, _ = await self._read_payload(request)
        raw_list = body.get("__list__", [])
        stored = [self._store_command(raw, commands, guild_id) for raw in raw_list]
        commands[:] = stored
        self.sync_count += 1
        log.info("bot synced %d commands (guild %s)", len(stored), guild_id)
        self._changed()
        return json_response(stored)

    async def _post_command(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        commands, guild_id = self._command_list(request)
        body, _ = await self._read_payload(request)
        command = self._store_command(body, commands, guild_id)
        commands[:] = [c for c in commands if c["id"] != command["id"]] + [command]
        self._changed()
        return json_response(command, status=201)

    # ------------------------------------------------------------------ REST: interactions

    def _interaction_by_token(self, request: web.Request) -> Interaction:
        if int(request.match_info["app_id"]) != self.application_id:
            raise DiscordHTTPError(404, 10015, "Unknown Webhook")
        interaction = self._interactions_by_token.get(request.match_info["token"])
        if interaction is None:
            raise DiscordHTTPError(404, 10015, "Unknown Webhook")
        if interaction.token_expired or time.monotonic() - interaction.created > self.token_ttl:
            raise DiscordHTTPError(401, 50027, "Invalid Webhook Token")
        if not interaction.callbacks:
            raise DiscordHTTPError(404, 10015, "Unknown Webhook")
        return interaction

    def _interaction_message(self, interaction: Interaction, message_ref: str) -> StoredMessage:
        if message_ref == "@original":
            message_id = interaction.original_message_id
        else:
            message_id = int(message_ref)
            if message_id != interaction.original_message_id and (
                message_id not in interaction.followup_ids
            ):
                message_id = None
        stored = self.messages.get(message_id) if message_id is not None else None
        if stored is None or stored.deleted:
            raise DiscordHTTPError(404, 10008, "Unknown Message")
        return stored

    def _callback_body(
        self, interaction: Interaction, callback_type: int, stored: StoredMessage | None
    ) -> dict[str, Any]:
        """Discord's InteractionCallbackResponse (``?with_response=1``)."""
        info: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
        resource: dict[str, Any] = {"type": callback_type}
        if stored is not None:
            info["response_message_id"] = str(stored.id)
            info["response_message_loading"] = callback_type == CALLBACK_DEFERRED_CHANNEL_MESSAGE
            info["response_message_ephemeral"] = bool(
                int(stored.data.get("flags") or 0) & MESSAGE_FLAG_EPHEMERAL
            )
            if callback_type in (CALLBACK_CHANNEL_MESSAGE, CALLBACK_UPDATE_MESSAGE):
                resource["message"] = stored.snapshot()
        return {"interaction": info, "resource": resource}

    async def _callback(self, request: web.Request) -> web.Response:
        interaction = self._interactions_by_id.get(int(request.match_info["interaction_id"]))
        payload, files = await self._read_payload(request)
        if interaction is None or interaction.token != request.match_info["token"]:
            raise DiscordHTTPError(404, 10062, "Unknown interaction")
        try:
            return await self._accept_callback(request, interaction, payload, files)
        except DiscordHTTPError as exc:  # e.g. an invalid message body: visible on the record
            return self._reject(interaction, exc.status, exc.code, exc.message, payload)

    async def _accept_callback(
        self,
        request: web.Request,
        interaction: Interaction,
        payload: dict[str, Any],
        files: list[tuple[str, bytes, str]],
    ) -> web.Response:
        late = time.monotonic() - interaction.created > self.interaction_deadline
        if interaction.expired or late:
            return self._reject(interaction, 404, 10062, "Unknown interaction", payload)
        if interaction.callbacks:
            return self._reject(
                interaction, 400, 40060, "Interaction has already been acknowledged.", payload
            )
        callback_type = int(payload.get("type", 0))
        data = payload.get("data") or {}
        if (callback_type == CALLBACK_AUTOCOMPLETE) != (
            interaction.type == INTERACTION_AUTOCOMPLETE
        ):
            return self._reject(
                interaction,
                400,
                50035,
                "Autocomplete interactions take only autocomplete results, and only they do",
                payload,
            )
        channel = interaction.channel
        stored: StoredMessage | None = None
        route = "POST /interactions/{id}/{token}/callback"
        if callback_type == CALLBACK_CHANNEL_MESSAGE:
            message_type = 20 if interaction.type == INTERACTION_APPLICATION_COMMAND else 0
            stored = self._new_message(
                channel, data, files, interaction=interaction, message_type=message_type
            )
            interaction.original_message_id = stored.id
            self._record("create", stored, data, route)
        elif callback_type == CALLBACK_DEFERRED_CHANNEL_MESSAGE:
            stored = self._new_message(
                channel,
                # Discord keeps only EPHEMERAL of a deferral's flags: a Components V2 reply is
                # made by editing the original response.
                {"flags": int(data.get("flags") or 0) & MESSAGE_FLAG_EPHEMERAL},
                [],
                interaction=interaction,
                message_type=20 if interaction.type == INTERACTION_APPLICATION_COMMAND else 0,
                extra_flags=MESSAGE_FLAG_LOADING,
            )
            interaction.original_message_id = stored.id
            self._record("create", stored, data, route)
        elif callback_type in (CALLBACK_DEFERRED_UPDATE_MESSAGE, CALLBACK_UPDATE_MESSAGE):
            if interaction.message_id is None:
                return self._reject(
                    interaction, 400, 40004, "Interaction type needs a message", payload
                )
            stored = self.messages[interaction.message_id]
            interaction.original_message_id = stored.id
            if callback_type == CALLBACK_UPDATE_MESSAGE:
                self._edit_message(stored, data, files)
                self._record("edit", stored, data, route)
        elif callback_type == CALLBACK_MODAL:
            if interaction.type == INTERACTION_MODAL_SUBMIT:
                return self._reject(
                    interaction, 400, 50035, "Cannot reply to a modal with a modal", payload
                )
            interaction.modal = copy.deepcopy(data)
        elif callback_type == CALLBACK_AUTOCOMPLETE:
            problem = _autocomplete_problem(data)
            if problem is not None:
                return self._reject(interaction, 400, 50035, problem, payload)
        else:
            return self._reject(
                interaction, 400, 50035, f"Invalid callback type {callback_type}", payload
            )
        interaction.callbacks.append(
            CallbackRecord(
                type=callback_type,
                data=copy.deepcopy(data),
                latency=time.monotonic() - interaction.created,
                message_id=stored.id if stored is not None else None,
                files=[f[0] for f in files],
            )
        )
        self._changed()
        if request.query.get("with_response") in ("1", "true", "True"):
            return json_response(self._callback_body(interaction, callback_type, stored))
        return web.Response(status=204)

    def _reject(
        self,
        interaction: Interaction,
        status: int,
        code: int,
        message: str,
        payload: dict[str, Any],
    ) -> web.Response:
        log.warning("double rejected a callback for %r: %s %s", interaction, code, message)
        interaction.rejected.append(
            RejectedCallback(status=status, code=code, message=message, payload=payload)
        )
        self._changed()
        return error_response(status, code, message)

    async def _webhook_post(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        payload, files = await self._read_payload(request)
        stored = self._new_message(interaction.channel, payload, files, interaction=interaction)
        interaction.followup_ids.append(stored.id)
        self._record("create", stored, payload, "POST /webhooks/{app}/{token}")
        return json_response(stored.data)

    async def _webhook_get(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        stored = self._interaction_message(interaction, request.match_info["message_id"])
        return json_response(stored.data)

    async def _webhook_patch(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        payload, files = await self._read_payload(request)
        stored = self._interaction_message(interaction, request.match_info["message_id"])
        limited = self._maybe_rate_limit(stored.channel_id)
        if limited is not None:
            return limited
        self._edit_message(stored, payload, files)
        self._record("edit", stored, payload, "PATCH /webhooks/{app}/{token}/messages/{id}")
        return json_response(stored.data)

    async def _webhook_delete(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        stored = self._interaction_message(interaction, request.match_info["message_id"])
        stored.deleted = True
        self._record("delete", stored, {}, "DELETE /webhooks/{app}/{token}/messages/{id}")
        return web.Response(status=204)

    def _maybe_rate_limit(self, channel_id: int) -> web.Response | None:
        limit = self._edit_rate_limits.get(channel_id)
        if not limit or limit[0] <= 0:
            return None
        limit[0] -= 1
        retry_after = limit[1]
        self.rate_limited_responses += 1
        log.info("double: 429 on an edit in channel %s (retry_after %.2f)", channel_id, retry_after)
        return json_response(
            {"message": "You are being rate limited.", "retry_after": retry_after, "global": False},
            status=429,
            headers={
                "Via": "1.1 google",
                "Retry-After": str(max(1, round(retry_after))),
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": f"{retry_after:.3f}",
                "X-RateLimit-Bucket": "double-edit-bucket",
                "X-RateLimit-Scope": "user",
            },
        )

    # ------------------------------------------------------------------ REST: channels, DMs

    def _channel(self, request: web.Request) -> Channel:
        channel = self.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            raise DiscordHTTPError(404, 10003, "Unknown Channel")
        return channel

    def _channel_message(self, request: web.Request, channel: Channel) -> StoredMessage:
        stored = self.messages.get(int(request.match_info["message_id"]))
        if (
            stored is None
            or stored.deleted
            or stored.channel_id != channel.id
            or stored.ephemeral_to is not None
        ):
            raise DiscordHTTPError(404, 10008, "Unknown Message")
        return stored

    async def _create_dm(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        payload, _ = await self._read_payload(request)
        user = self.users.get(int(payload.get("recipient_id", 0)))
        if user is None:
            raise DiscordHTTPError(400, 50033, "Invalid Recipient(s)")
        if self._dm_gate is not None and not self._dm_gate.is_set():
            self.dm_openings_held += 1
            self._changed()
            await self._dm_gate.wait()
        return json_response(self.dm_channel(user).to_json())

    async def _get_channel(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        return json_response(self._channel(request).to_json())

    async def _typing(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        self._channel(request)
        return web.Response(status=204)

    async def _list_messages(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        channel = self._channel(request)
        limit = int(request.query.get("limit", "50"))
        found = [m for m in self.channel_messages(channel)]
        found.reverse()
        return json_response(found[:limit])

    async def _post_message(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        channel = self._channel(request)
        payload, files = await self._read_payload(request)
        if channel.is_dm and channel.recipient is not None and channel.recipient.dms_closed:
            log.info("double: DM to %s refused (DMs closed)", channel.recipient.username)
            raise DiscordHTTPError(403, 50007, "Cannot send messages to this user")
        await self.threads.check_post(channel)
        stored = self._new_message(channel, payload, files)
        self._record("create", stored, payload, "POST /channels/{id}/messages")
        return json_response(stored.data)

    async def _get_message(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        channel = self._channel(request)
        return json_response(self._channel_message(request, channel).data)

    async def _patch_message(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        channel = self._channel(request)
        payload, files = await self._read_payload(request)
        stored = self._channel_message(request, channel)
        if channel.is_thread and channel.archived:
            raise DiscordHTTPError(400, 50083, "Thread is archived")
        limited = self._maybe_rate_limit(channel.id)
        if limited is not None:
            return limited
        self._edit_message(stored, payload, files)
        self._record("edit", stored, payload, "PATCH /channels/{id}/messages/{id}")
        return json_response(stored.data)

    async def _delete_message(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        channel = self._channel(request)
        stored = self._channel_message(request, channel)
        stored.deleted = True
        self._record("delete", stored, {}, "DELETE /channels/{id}/messages/{id}")
        return web.Response(status=204)

    async def _get_guild(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        guild = self.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise DiscordHTTPError(404, 10004, "Unknown Guild")
        payload = self._guild_create_payload(guild)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key, None)
        payload["roles"] = [guild.everyone_role_json()] + [
            role_json(member)
            for member in self.members.values()
            if member.guild is guild and has_own_role(member)
        ]
        return json_response(payload)

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        guild_id = int(request.match_info["guild_id"])
        return json_response(
            [
                c.to_json()
                for c in self.channels.values()
                if c.guild and c.guild.id == guild_id and not c.is_thread
            ]
        )

    async def _get_member(self, request: web.Request) -> web.Response:
        self._require_bot_auth(request)
        key = (int(request.match_info["guild_id"]), int(request.match_info["user_id"]))
        member = self.members.get(key)
        if member is None:
            raise DiscordHTTPError(404, 10007, "Unknown Member")
        data = member.to_json()
        data["roles"] = [str(member.id)] if has_own_role(member) else []
        return json_response(data)

    async def _get_attachment(self, request: web.Request) -> web.Response:
        blob = self.attachment_data.get(int(request.match_info["attachment_id"]))
        if blob is None:
            return web.Response(status=404)
        return web.Response(body=blob, content_type="application/octet-stream")

    # ------------------------------------------------------------------ gateway

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        compression = request.query.get("compress")
        if compression not in (None, "zlib-stream", "zstd-stream"):
            return error_response(400, 0, f"unsupported compression {compression}")
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        connection = _Connection(ws, compression)
        self._connections.add(connection)
        self.gateway_log.append(f"connect compress={compression}")
        try:
            await connection.send(
                {
                    "op": OP_HELLO,
                    "d": {"heartbeat_interval": self.heartbeat_interval_ms, "_trace": ["double"]},
                    "s": None,
                    "t": None,
                }
            )
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                await self._gateway_receive(connection, json.loads(msg.data))
        except (ConnectionResetError, RuntimeError) as exc:
            log.info("gateway connection ended: %s", exc)
        finally:
            self._connections.discard(connection)
            session = connection.session
            if session is not None and session.connection is connection:
                session.connection = None
            self.gateway_log.append(f"disconnect code={ws.close_code}")
            self._changed()
        return ws

    async def _heartbeat_ack(self, connection: _Connection) -> None:
        await asyncio.sleep(HEARTBEAT_ACK_DELAY)
        with contextlib.suppress(ConnectionResetError, RuntimeError):
            await connection.send({"op": OP_HEARTBEAT_ACK, "d": None, "s": None, "t": None})

    async def _gateway_receive(self, connection: _Connection, message: dict[str, Any]) -> None:
        op = message.get("op")
        data = message.get("d")
        if op == OP_HEARTBEAT:
            # Acknowledged a moment later, as a real gateway across a network would: discord.py's
            # keep-alive thread records the send time only after its send completes, so an
            # instant loopback ACK can beat it and log a spurious "websocket is 41s behind".
            task = asyncio.create_task(self._heartbeat_ack(connection))
            self._background.add(task)
            task.add_done_callback(self._background.discard)
        elif op == OP_IDENTIFY:
            await self._identify(connection, data or {})
        elif op == OP_RESUME:
            await self._resume(connection, data or {})
        elif op == OP_REQUEST_MEMBERS:
            await self._request_members(connection, data or {})
        elif op == OP_PRESENCE:
            pass
        else:
            log.warning("discord double: unhandled gateway op %s", op)
            self.gateway_log.append(f"unhandled op {op}")

    async def _identify(self, connection: _Connection, data: dict[str, Any]) -> None:
        if data.get("token") != self.token:
            await connection.ws.close(code=4004, message=b"Authentication failed.")
            return
        session = _Session(secrets.token_hex(16), int(data.get("intents") or 0))
        session.connection = connection
        connection.session = session
        shard = data.get("shard")
        self._register_shard(session, shard)
        self.identify_count += 1
        self.identified_at.append((None if shard is None else int(shard[0]), time.monotonic()))
        self.gateway_log.append("identify" if shard is None else f"identify shard {shard}")
        await session.dispatch("READY", self._ready_payload(session, shard))
        for guild in list(self.guilds.values()):
            if self._owns(shard, guild.id):
                await session.dispatch("GUILD_CREATE", self._guild_create_payload(guild))
        self._changed()

    async def _resume(self, connection: _Connection, data: dict[str, Any]) -> None:
        session = next(
            (s for s in self._shards.values() if s.id == data.get("session_id")), self._session
        )
        if (
            session is None
            or data.get("token") != self.token
            or data.get("session_id") != session.id
        ):
            await connection.send({"op": OP_INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        session.connection = connection
        connection.session = session
        last_seq = int(data.get("seq") or 0)
        for payload in list(session.buffer):
            if payload["s"] > last_seq:
                await connection.send(payload)
        await session.dispatch("RESUMED", {"_trace": ["double"]})
        self.resume_count += 1
        self.gateway_log.append(f"resume from seq {last_seq}")
        self._changed()

    async def _request_members(self, connection: _Connection, data: dict[str, Any]) -> None:
        session = connection.session
        if session is None:
            return
        guild_id = int(data.get("guild_id", 0))
        wanted = {int(u) for u in data.get("user_ids") or []}
        members = [
            m.to_json()
            for (gid, uid), m in self.members.items()
            if gid == guild_id and (not wanted or uid in wanted)
        ]
        chunk: dict[str, Any] = {
            "guild_id": str(guild_id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)


DISCORD_LOCALES = frozenset(
    {
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    }
)
"""The locales Discord accepts in ``name_localizations`` and ``description_localizations``."""
LOCALIZED_NAME = re.compile(r"[-_\w]{1,32}")


def localization_problems(node: dict[str, Any], where: str) -> list[str]:
    """What Discord would refuse in a command's (or option's, or choice's) localisations:
    unknown locales, names that are not lowercase words of 1-32 characters, descriptions
    longer than 100 characters; walked through options and choices."""
    problems: list[str] = []
    is_choice = "value" in node
    for field_name in ("name_localizations", "description_localizations"):
        for locale, text in (node.get(field_name) or {}).items():
            if locale not in DISCORD_LOCALES:
                problems.append(f"{where}.{field_name}: unknown locale {locale!r}")
            elif field_name == "name_localizations" and not is_choice:
                if not LOCALIZED_NAME.fullmatch(text) or text != text.lower():
                    problems.append(f"{where}.{field_name}.{locale}: bad name {text!r}")
            elif not 1 <= len(text) <= 100:
                problems.append(f"{where}.{field_name}.{locale}: {len(text)} characters")
    for child in [*(node.get("options") or []), *(node.get("choices") or [])]:
        problems += localization_problems(child, f"{where}.{child.get('name', '?')}")
    return problems

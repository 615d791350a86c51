"""Public threads and guild scheduled events, as the loopback double serves them.

Threads: ``POST /channels/{id}/threads`` starts a public thread (type 11) in a text channel
without a message, as ``TextChannel.create_thread`` asks; the thread is a channel of the double
(``Channel.parent`` set), so messages, edits and components in it go through the channel
routes, and an interaction in it carries the thread as its channel. Discord's gateway events
follow: THREAD_CREATE (``newly_created``) when one starts, THREAD_UPDATE when it is archived,
unarchived, locked or renamed (``PATCH /channels/{thread id}``, or the test's
``archive_thread``, as Discord's auto-archive does); GUILD_CREATE lists the active ones. The
bot's permissions in the parent channel (its role, then the channel's overwrites for @everyone
and for the bot) are checked as Discord checks them: Create Public Threads to start one, Send
Messages in Threads to post in one, Manage Threads to lock one or to archive or rename one the
bot did not start; a refusal is 403 with code 50013 (Missing Permissions), as Discord answers.
A message to an archived thread unarchives it (THREAD_UPDATE) unless it is locked (400, 50083).

Scheduled events: ``POST/GET /guilds/{id}/scheduled-events`` and ``GET/PATCH/DELETE
/guilds/{id}/scheduled-events/{event id}``, external events only (entity type 3: no channel, a
``location`` in ``entity_metadata`` and an end time required, as Discord requires); creating
needs Create Events or Manage Events, editing one the bot did not create Manage Events. The
status moves only as Discord allows: scheduled (1) to active (2) or canceled (4), active to
completed (3); anything else is 400 (50035). Each change is a GUILD_SCHEDULED_EVENT_CREATE /
_UPDATE / _DELETE event; ``add_interested`` is a member clicking "Interested"
(GUILD_SCHEDULED_EVENT_USER_ADD, the event's ``user_count`` one more).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.discord_double.models import (
    PERM_ADMINISTRATOR,
    PERM_CREATE_EVENTS,
    PERM_CREATE_PUBLIC_THREADS,
    PERM_MANAGE_EVENTS,
    PERM_MANAGE_THREADS,
    PERM_SEND_MESSAGES_IN_THREADS,
    PERM_VIEW_CHANNEL,
    Channel,
    Guild,
    Member,
    User,
    iso_now,
)

if TYPE_CHECKING:
    from tests.discord_double.server import DiscordDouble

EVENT_SCHEDULED, EVENT_ACTIVE, EVENT_COMPLETED, EVENT_CANCELED = 1, 2, 3, 4
ENTITY_EXTERNAL = 3
PRIVACY_GUILD_ONLY = 2
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
"""The minutes a thread may stay inactive before Discord archives it."""

STATUS_MOVES = {EVENT_SCHEDULED: {EVENT_ACTIVE, EVENT_CANCELED}, EVENT_ACTIVE: {EVENT_COMPLETED}}
"""The status changes Discord allows (a completed or canceled event changes no more)."""

MISSING_PERMISSIONS = 50013
INVALID_FORM_BODY = 50035
ARCHIVED_THREAD = 50083
WRONG_CHANNEL_TYPE = 50024


def _parse_time(value: object) -> datetime.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=datetime.UTC)


@dataclass
class ScheduledEvent:
    """One guild scheduled event (external: a place, not a channel)."""

    id: int
    guild: Guild
    creator: User
    name: str
    start: str
    end: str
    location: str
    description: str | None = None
    status: int = EVENT_SCHEDULED
    interested: set[int] = field(default_factory=set)
    history: list[int] = field(default_factory=lambda: [EVENT_SCHEDULED])
    """Every status it has had, in order."""
    deleted: bool = False

    def to_json(self, *, with_user_count: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "guild_id": str(self.guild.id),
            "channel_id": None,
            "creator_id": str(self.creator.id),
            "creator": self.creator.to_json(),
            "name": self.name,
            "description": self.description,
            "scheduled_start_time": self.start,
            "scheduled_end_time": self.end,
            "privacy_level": PRIVACY_GUILD_ONLY,
            "status": self.status,
            "entity_type": ENTITY_EXTERNAL,
            "entity_id": None,
            "entity_metadata": {"location": self.location},
            "image": None,
            "recurrence_rule": None,
        }
        if with_user_count:
            data["user_count"] = len(self.interested)
        return data


class ThreadsAndEvents:
    """The double's threads and scheduled events (``double.threads``)."""

    def __init__(self, double: DiscordDouble) -> None:
        self.double = double
        self.events: dict[int, ScheduledEvent] = {}

    def add_routes(self, r: web.UrlDispatcher, p: str) -> None:
        r.add_post(f"{p}/channels/{{channel_id}}/threads", self._start_thread)
        r.add_patch(f"{p}/channels/{{channel_id}}", self._patch_channel)
        r.add_get(f"{p}/guilds/{{guild_id}}/scheduled-events", self._list_events)
        r.add_post(f"{p}/guilds/{{guild_id}}/scheduled-events", self._create_event)
        r.add_get(f"{p}/guilds/{{guild_id}}/scheduled-events/{{event_id}}", self._get_event)
        r.add_patch(f"{p}/guilds/{{guild_id}}/scheduled-events/{{event_id}}", self._patch_event)
        r.add_delete(f"{p}/guilds/{{guild_id}}/scheduled-events/{{event_id}}", self._delete_event)

    # ------------------------------------------------------------------ permissions

    def bot_permissions(self, channel: Channel) -> int:
        """The bot's permissions in ``channel`` (a thread: in its parent): its role's, then
        the overwrites for @everyone and for the bot itself, as Discord computes them."""
        if channel.parent is not None:
            channel = channel.parent
        assert channel.guild is not None
        guild = channel.guild
        bot = self.double.members[(guild.id, self.double.bot_user.id)]
        allowed = bot.permissions
        if allowed & PERM_ADMINISTRATOR:
            return allowed
        for target in (str(guild.id), str(bot.id)):
            for overwrite in channel.overwrites:
                if overwrite["id"] == target:
                    allowed &= ~int(overwrite["deny"])
                    allowed |= int(overwrite["allow"])
        return allowed

    def _require(self, channel: Channel, *needed: int) -> None:
        held = self.bot_permissions(channel)
        if any(not held & bit for bit in needed):
            from tests.discord_double.server import DiscordHTTPError

            raise DiscordHTTPError(403, MISSING_PERMISSIONS, "Missing Permissions")

    async def check_post(self, channel: Channel) -> None:
        """Before the bot posts in ``channel``: in a thread, Send Messages in Threads; an
        archived thread is unarchived by the post (refused if it is locked)."""
        if channel.parent is None:
            return
        from tests.discord_double.server import DiscordHTTPError

        self._require(channel, PERM_VIEW_CHANNEL, PERM_SEND_MESSAGES_IN_THREADS)
        if channel.archived:
            if channel.locked:
                raise DiscordHTTPError(400, ARCHIVED_THREAD, "Thread is locked")
            channel.archived = False
            channel.archived_at = iso_now()
            await self._announce_thread("THREAD_UPDATE", channel)
        channel.sent += 1

    async def set_bot_overwrite(self, channel: Channel, *, allow: int = 0, deny: int = 0) -> None:
        """Test API: an admin gives the bot its own overwrite in ``channel`` (replacing any),
        with CHANNEL_UPDATE, as Discord sends when a channel's permissions are edited."""
        assert channel.guild is not None
        bot_id = str(self.double.bot_user.id)
        channel.overwrites = [o for o in channel.overwrites if o["id"] != bot_id]
        if allow or deny:
            channel.overwrites.append(
                {"id": bot_id, "type": 1, "allow": str(allow), "deny": str(deny)}
            )
        session = self.double._session_for_guild(channel.guild.id)
        if session is not None:
            await session.dispatch("CHANNEL_UPDATE", channel.to_json())
        self.double._changed()

    # ------------------------------------------------------------------ threads

    def threads_of(self, guild: Guild, *, archived: bool = False) -> list[Channel]:
        """The guild's threads, oldest first (archived ones only when asked)."""
        return [
            c
            for c in self.double.channels.values()
            if c.guild is guild and c.parent is not None and (archived or not c.archived)
        ]

    async def _announce_thread(self, event: str, thread: Channel, **extra: Any) -> None:
        assert thread.guild is not None
        session = self.double._session_for_guild(thread.guild.id)
        if session is not None:
            await session.dispatch(event, {**thread.thread_json(), **extra})

    async def _start_thread(self, request: web.Request) -> web.Response:
        from tests.discord_double.server import DiscordHTTPError, json_response

        double = self.double
        double._require_bot_auth(request)
        parent = double._channel(request)
        payload, _ = await double._read_payload(request)
        if parent.guild is None or parent.parent is not None:
            raise DiscordHTTPError(
                400, WRONG_CHANNEL_TYPE, "Cannot execute action on this channel type"
            )
        self._require(parent, PERM_VIEW_CHANNEL, PERM_CREATE_PUBLIC_THREADS)
        name = payload.get("name")
        kind = payload.get("type", 12)
        duration = payload.get("auto_archive_duration") or 1440
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise DiscordHTTPError(400, INVALID_FORM_BODY, "Invalid Form Body (name)")
        if kind != 11:
            raise DiscordHTTPError(400, INVALID_FORM_BODY, "Invalid Form Body (type: 11 only)")
        if duration not in ARCHIVE_DURATIONS:
            raise DiscordHTTPError(
                400, INVALID_FORM_BODY, "Invalid Form Body (auto_archive_duration)"
            )
        thread = Channel(
            id=double.snowflakes.next(),
            name=name,
            guild=parent.guild,
            parent=parent,
            owner_id=double.bot_user.id,
            auto_archive_duration=int(duration),
        )
        double.channels[thread.id] = thread
        await self._announce_thread("THREAD_CREATE", thread, newly_created=True)
        double._changed()
        data = thread.thread_json()
        data["member"] = {
            "id": str(thread.id),
            "user_id": str(double.bot_user.id),
            "join_timestamp": thread.created_at,
            "flags": 0,
        }
        return json_response(data, status=201)

    async def _patch_channel(self, request: web.Request) -> web.Response:
        """PATCH /channels/{id}: a thread's archived, locked, name (what the bot edits)."""
        from tests.discord_double.server import DiscordHTTPError, json_response

        double = self.double
        double._require_bot_auth(request)
        thread = double._channel(request)
        payload, _ = await double._read_payload(request)
        if thread.parent is None:
            raise DiscordHTTPError(400, WRONG_CHANNEL_TYPE, "The double edits threads only")
        own = thread.owner_id == double.bot_user.id
        if "locked" in payload and bool(payload["locked"]) != thread.locked:
            self._require(thread, PERM_MANAGE_THREADS)
        if ("archived" in payload or "name" in payload) and not own:
            self._require(thread, PERM_MANAGE_THREADS)
        if thread.locked and payload.get("archived") is False:
            self._require(thread, PERM_MANAGE_THREADS)  # only a moderator reopens a locked one
        if "name" in payload:
            name = payload["name"]
            if not isinstance(name, str) or not 1 <= len(name) <= 100:
                raise DiscordHTTPError(400, INVALID_FORM_BODY, "Invalid Form Body (name)")
            thread.name = name
        if "locked" in payload:
            thread.locked = bool(payload["locked"])
        if "archived" in payload and bool(payload["archived"]) != thread.archived:
            thread.archived = bool(payload["archived"])
            thread.archived_at = iso_now()
        await self._announce_thread("THREAD_UPDATE", thread)
        double._changed()
        return json_response(thread.thread_json())

    async def archive_thread(self, thread: Channel, *, locked: bool = False) -> None:
        """Test API: Discord archives ``thread`` (its inactivity ran out, or a moderator
        archived it; ``locked``: and locked it), with THREAD_UPDATE."""
        thread.archived, thread.locked, thread.archived_at = True, locked, iso_now()
        await self._announce_thread("THREAD_UPDATE", thread)
        self.double._changed()

    # ------------------------------------------------------------------ scheduled events

    def _guild(self, request: web.Request) -> Guild:
        from tests.discord_double.server import DiscordHTTPError

        guild = self.double.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise DiscordHTTPError(404, 10004, "Unknown Guild")
        return guild

    def _event(self, request: web.Request, guild: Guild) -> ScheduledEvent:
        from tests.discord_double.server import DiscordHTTPError

        event = self.events.get(int(request.match_info["event_id"]))
        if event is None or event.guild is not guild or event.deleted:
            raise DiscordHTTPError(404, 10070, "Unknown Guild Scheduled Event")
        return event

    def _require_events(self, guild: Guild, event: ScheduledEvent | None = None) -> None:
        from tests.discord_double.server import DiscordHTTPError

        held = self.double.members[(guild.id, self.double.bot_user.id)].permissions
        if held & (PERM_ADMINISTRATOR | PERM_MANAGE_EVENTS):
            return
        own = event is None or event.creator.id == self.double.bot_user.id
        if own and held & PERM_CREATE_EVENTS:
            return
        raise DiscordHTTPError(403, MISSING_PERMISSIONS, "Missing Permissions")

    async def _announce_event(self, name: str, event: ScheduledEvent) -> None:
        session = self.double._session_for_guild(event.guild.id)
        if session is not None:
            await session.dispatch(name, event.to_json())
        self.double._changed()

    def scheduled_events(self, guild: Guild) -> list[ScheduledEvent]:
        """The guild's events, deleted ones too, oldest first."""
        return [e for e in self.events.values() if e.guild is guild]

    def active_events_json(self, guild: Guild) -> list[dict[str, Any]]:
        """What GUILD_CREATE lists: the scheduled and active ones."""
        return [
            e.to_json()
            for e in self.scheduled_events(guild)
            if not e.deleted and e.status in (EVENT_SCHEDULED, EVENT_ACTIVE)
        ]

    async def _list_events(self, request: web.Request) -> web.Response:
        from tests.discord_double.server import json_response

        self.double._require_bot_auth(request)
        guild = self._guild(request)
        counts = request.query.get("with_user_count") in ("1", "true", "True")
        return json_response(
            [
                e.to_json(with_user_count=counts)
                for e in self.scheduled_events(guild)
                if not e.deleted
            ]
        )

    async def _get_event(self, request: web.Request) -> web.Response:
        from tests.discord_double.server import json_response

        self.double._require_bot_auth(request)
        guild = self._guild(request)
        counts = request.query.get("with_user_count") in ("1", "true", "True")
        return json_response(self._event(request, guild).to_json(with_user_count=counts))

    def _times(
        self, payload: dict[str, Any], start: str | None, end: str | None, *, new: bool
    ) -> tuple[str, str]:
        from tests.discord_double.server import DiscordHTTPError

        start = payload.get("scheduled_start_time", start)
        end = payload.get("scheduled_end_time", end)
        begins, ends = _parse_time(start), _parse_time(end)
        if begins is None or ends is None or start is None or end is None:
            raise DiscordHTTPError(
                400,
                INVALID_FORM_BODY,
                "Invalid Form Body (an external event needs a start and an end time)",
            )
        if ends <= begins:
            raise DiscordHTTPError(400, INVALID_FORM_BODY, "Invalid Form Body (ends before start)")
        now = datetime.datetime.now(datetime.UTC)
        if (new or "scheduled_start_time" in payload) and begins <= now:
            raise DiscordHTTPError(
                400, INVALID_FORM_BODY, "Invalid Form Body (cannot schedule event in the past)"
            )
        return str(start), str(end)

    def _location(self, payload: dict[str, Any], current: str | None) -> str:
        from tests.discord_double.server import DiscordHTTPError

        metadata = payload.get("entity_metadata")
        location = metadata.get("location") if isinstance(metadata, dict) else current
        if not isinstance(location, str) or not 1 <= len(location) <= 100:
            raise DiscordHTTPError(
                400, INVALID_FORM_BODY, "Invalid Form Body (entity_metadata.location)"
            )
        return location

    async def _create_event(self, request: web.Request) -> web.Response:
        from tests.discord_double.server import DiscordHTTPError, json_response

        double = self.double
        double._require_bot_auth(request)
        guild = self._guild(request)
        payload, _ = await double._read_payload(request)
        self._require_events(guild)
        if payload.get("entity_type") != ENTITY_EXTERNAL or payload.get("channel_id") is not None:
            raise DiscordHTTPError(
                400, INVALID_FORM_BODY, "Invalid Form Body (the double serves external events)"
            )
        if payload.get("privacy_level") != PRIVACY_GUILD_ONLY:
            raise DiscordHTTPError(400, INVALID_FORM_BODY, "Invalid Form Body (privacy_level)")
        name = payload.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise DiscordHTTPError(400, INVALID_FORM_BODY, "Invalid Form Body (name)")
        description = payload.get("description")
        if description is not None and (
            not isinstance(description, str) or len(description) > 1000
        ):
            raise DiscordHTTPError(400, INVALID_FORM_BODY, "Invalid Form Body (description)")
        start, end = self._times(payload, None, None, new=True)
        event = ScheduledEvent(
            id=double.snowflakes.next(),
            guild=guild,
            creator=double.bot_user,
            name=name,
            start=start,
            end=end,
            location=self._location(payload, None),
            description=description,
        )
        self.events[event.id] = event
        await self._announce_event("GUILD_SCHEDULED_EVENT_CREATE", event)
        return json_response(event.to_json())

    async def _patch_event(self, request: web.Request) -> web.Response:
        from tests.discord_double.server import DiscordHTTPError, json_response

        double = self.double
        double._require_bot_auth(request)
        guild = self._guild(request)
        event = self._event(request, guild)
        payload, _ = await double._read_payload(request)
        self._require_events(guild, event)
        if event.status in (EVENT_COMPLETED, EVENT_CANCELED):
            raise DiscordHTTPError(
                400, INVALID_FORM_BODY, "Invalid Form Body (a finished event cannot be edited)"
            )
        status = payload.get("status", event.status)
        if status != event.status and status not in STATUS_MOVES.get(event.status, set()):
            raise DiscordHTTPError(
                400,
                INVALID_FORM_BODY,
                f"Invalid Form Body (status {event.status} cannot become {status})",
            )
        if "name" in payload:
            name = payload["name"]
            if not isinstance(name, str) or not 1 <= len(name) <= 100:
                raise DiscordHTTPError(400, INVALID_FORM_BODY, "Invalid Form Body (name)")
            event.name = name
        if "description" in payload:
            event.description = payload["description"]
        if "entity_metadata" in payload:
            event.location = self._location(payload, event.location)
        if "scheduled_start_time" in payload or "scheduled_end_time" in payload:
            event.start, event.end = self._times(payload, event.start, event.end, new=False)
        if status != event.status:
            event.status = int(status)
            event.history.append(event.status)
        await self._announce_event("GUILD_SCHEDULED_EVENT_UPDATE", event)
        return json_response(event.to_json())

    async def _delete_event(self, request: web.Request) -> web.Response:
        double = self.double
        double._require_bot_auth(request)
        guild = self._guild(request)
        event = self._event(request, guild)
        self._require_events(guild, event)
        event.deleted = True
        await self._announce_event("GUILD_SCHEDULED_EVENT_DELETE", event)
        return web.Response(status=204)

    async def add_interested(self, event: ScheduledEvent, member: Member) -> None:
        """Test API: ``member`` clicks "Interested" on the event."""
        event.interested.add(member.id)
        session = self.double._session_for_guild(event.guild.id)
        if session is not None:
            await session.dispatch(
                "GUILD_SCHEDULED_EVENT_USER_ADD",
                {
                    "guild_scheduled_event_id": str(event.id),
                    "user_id": str(member.id),
                    "guild_id": str(event.guild.id),
                },
            )
        self.double._changed()

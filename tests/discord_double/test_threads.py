"""Self-tests of the double's public threads and scheduled events against the real discord.py
client: a thread started in a text channel (THREAD_CREATE), messages, buttons and their clicks in
it, archiving and unarchiving (THREAD_UPDATE), the thread permissions refused as Discord refuses
them; an external scheduled event created, counted, started, ended or cancelled as Discord allows
(GUILD_SCHEDULED_EVENT_*), and the refusals."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
import yarl
from discord import app_commands
from discord.ext import commands

from tests.discord_double import DiscordDouble, Member
from tests.discord_double.models import (
    PERM_CREATE_EVENTS,
    PERM_CREATE_PUBLIC_THREADS,
    PERM_SEND_MESSAGES_IN_THREADS,
    Channel,
    Guild,
)
from tests.discord_double.threads import EVENT_ACTIVE, EVENT_CANCELED, EVENT_COMPLETED


@dataclass
class Seen:
    events: list[tuple[str, Any]] = field(default_factory=list)
    clicks: list[tuple[str, int]] = field(default_factory=list)


class TableView(discord.ui.View):
    def __init__(self, seen: Seen) -> None:
        super().__init__(timeout=60)
        self.seen = seen

    @discord.ui.button(label="Check")
    async def check(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        channel = interaction.channel
        kind = type(channel).__name__
        self.seen.clicks.append((kind, interaction.channel_id or 0))
        await interaction.response.send_message(f"checked in {kind}", ephemeral=True)


def make_bot(seen: Seen) -> commands.Bot:
    intents = discord.Intents.default()
    bot = commands.Bot(command_prefix="!", intents=intents, guild_ready_timeout=0.1)
    group = app_commands.Group(name="where", description="what the bot may do here")

    @group.command(name="perms", description="the bot's permissions here")
    async def perms(interaction: discord.Interaction) -> None:
        may = interaction.app_permissions
        await interaction.response.send_message(
            f"threads={may.create_public_threads} write={may.send_messages_in_threads}",
            ephemeral=True,
        )

    bot.tree.add_command(group)

    @bot.event
    async def on_thread_create(thread: discord.Thread) -> None:
        seen.events.append(("thread_create", thread.id))

    @bot.event
    async def on_thread_update(before: discord.Thread, after: discord.Thread) -> None:
        seen.events.append(("thread_update", (after.id, after.archived, after.locked)))

    @bot.event
    async def on_thread_join(thread: discord.Thread) -> None:
        seen.events.append(("thread_join", (thread.id, thread.archived)))

    @bot.event
    async def on_scheduled_event_create(event: discord.ScheduledEvent) -> None:
        seen.events.append(("event_create", event.id))

    @bot.event
    async def on_scheduled_event_update(
        before: discord.ScheduledEvent, after: discord.ScheduledEvent
    ) -> None:
        seen.events.append(("event_update", (after.id, after.status.value)))

    async def setup_hook() -> None:
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@dataclass
class World:
    double: DiscordDouble
    bot: commands.Bot
    seen: Seen
    guild: Guild
    channel: Channel
    alice: Member


@pytest.fixture
async def world(double: DiscordDouble, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[World]:
    guild = await double.add_guild("Thread Club")
    channel = await double.add_channel(guild, "tournament")
    alice = await double.add_member(guild, "alice", display_name="Alice")
    monkeypatch.setattr(discord.http.Route, "BASE", double.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(double.gateway_url)
    )
    seen = Seen()
    bot = make_bot(seen)
    runner = asyncio.create_task(bot.start(double.token))
    try:
        await double.wait_until_synced(timeout=10)
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        yield World(double, bot, seen, guild, channel, alice)
    finally:
        await bot.close()
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await runner
    assert double.unknown_routes == [], double.unknown_routes


def text_channel(world: World) -> discord.TextChannel:
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def seen_event(world: World, event: tuple[str, Any]) -> None:
    await world.double.wait_until(lambda: event in world.seen.events)


async def test_a_thread_takes_messages_and_clicks_and_is_archived_and_unarchived(
    world: World,
) -> None:
    double = world.double
    thread = await text_channel(world).create_thread(
        name="Table 1", type=discord.ChannelType.public_thread, auto_archive_duration=1440
    )
    assert (thread.parent_id, thread.name, thread.type) == (
        world.channel.id,
        "Table 1",
        discord.ChannelType.public_thread,
    )
    await seen_event(world, ("thread_create", thread.id))
    guild = world.bot.get_guild(world.guild.id)
    assert guild is not None and guild.get_thread(thread.id) is not None
    inside = double.channels[thread.id]
    assert inside.is_thread and inside.parent is world.channel
    assert [t.id for t in double.threads.threads_of(world.guild)] == [thread.id]
    assert [c["id"] for c in double._guild_create_payload(world.guild)["threads"]] == [
        str(thread.id)
    ]
    assert str(thread.id) not in [
        c["id"] for c in double._guild_create_payload(world.guild)["channels"]
    ]

    sent = await thread.send("the table", view=TableView(world.seen))
    shown = double.channel_messages(inside)
    assert [m["content"] for m in shown] == ["the table"]
    assert double.channel_messages(world.channel) == []  # the channel keeps its own messages
    click = await double.click(world.alice, shown[0], "Check")
    assert (await click.response()).content == "checked in Thread"
    assert world.seen.clicks == [("Thread", thread.id)]

    await thread.edit(archived=True)  # its owner may archive it
    await seen_event(world, ("thread_update", (thread.id, True, False)))
    assert inside.archived and double.threads.threads_of(world.guild) == []
    with pytest.raises(discord.HTTPException) as archived:
        await sent.edit(content="edited")  # nothing changes in an archived thread
    assert archived.value.code == 50083
    await thread.send("back")  # a message unarchives it: discord.py, which dropped the
    await seen_event(world, ("thread_join", (thread.id, False)))  # archived thread, sees it again
    assert guild.get_thread(thread.id) is not None
    assert not inside.archived and inside.sent == 2

    with pytest.raises(discord.Forbidden) as lock:
        await thread.edit(locked=True)  # locking takes Manage Threads
    assert lock.value.code == 50013 and not inside.locked
    await double.threads.archive_thread(inside, locked=True)  # a moderator locks it
    await seen_event(world, ("thread_update", (thread.id, True, True)))
    with pytest.raises(discord.HTTPException) as locked:
        await thread.send("still there?")
    assert locked.value.code == 50083
    assert [m["content"] for m in double.channel_messages(inside)] == ["the table", "back"]


async def test_thread_permissions_are_refused_as_discord_refuses_them(world: World) -> None:
    double = world.double
    parent = text_channel(world)
    answer = await double.invoke(world.alice, world.channel, "where perms")
    assert (await answer.response()).content == "threads=True write=True"

    await double.threads.set_bot_overwrite(world.channel, deny=PERM_CREATE_PUBLIC_THREADS)
    answer = await double.invoke(world.alice, world.channel, "where perms")
    assert (await answer.response()).content == "threads=False write=True"
    await double.wait_until(
        lambda: not parent.permissions_for(parent.guild.me).create_public_threads
    )
    with pytest.raises(discord.Forbidden) as refused:
        await parent.create_thread(name="Table 1", type=discord.ChannelType.public_thread)
    assert refused.value.code == 50013
    assert double.threads.threads_of(world.guild) == []

    await double.threads.set_bot_overwrite(world.channel)
    thread = await parent.create_thread(name="Table 1", type=discord.ChannelType.public_thread)
    await double.threads.set_bot_overwrite(world.channel, deny=PERM_SEND_MESSAGES_IN_THREADS)
    with pytest.raises(discord.Forbidden) as mute:
        await thread.send("hello")
    assert mute.value.code == 50013
    assert double.channel_messages(double.channels[thread.id]) == []

    with pytest.raises(discord.HTTPException) as nested:  # no thread in a thread
        await world.bot.http.start_thread_without_message(
            thread.id, name="inner", auto_archive_duration=60, type=11
        )
    assert nested.value.code == 50024
    with pytest.raises(discord.HTTPException) as bad:
        await world.bot.http.start_thread_without_message(
            world.channel.id, name="x" * 101, auto_archive_duration=60, type=11
        )
    assert bad.value.code == 50035


async def test_a_scheduled_event_goes_scheduled_active_completed(world: World) -> None:
    double = world.double
    guild = world.bot.get_guild(world.guild.id)
    assert guild is not None
    start = discord.utils.utcnow() + datetime.timedelta(hours=1)
    event = await guild.create_scheduled_event(
        name="Deuce MTT",
        start_time=start,
        end_time=start + datetime.timedelta(hours=3),
        entity_type=discord.EntityType.external,
        location="#tournament",
        privacy_level=discord.PrivacyLevel.guild_only,
        description="Sixty seats, ten tables.",
    )
    assert (event.status, event.location, event.channel_id) == (
        discord.EventStatus.scheduled,
        "#tournament",
        None,
    )
    await seen_event(world, ("event_create", event.id))
    stored = double.threads.events[event.id]
    assert [
        e["id"] for e in double._guild_create_payload(world.guild)["guild_scheduled_events"]
    ] == [str(event.id)]
    await double.threads.add_interested(stored, world.alice)
    fetched = await guild.fetch_scheduled_event(event.id, with_counts=True)
    assert fetched.user_count == 1

    started = await event.start()
    assert started.status == discord.EventStatus.active
    await seen_event(world, ("event_update", (event.id, EVENT_ACTIVE)))
    ended = await started.end()
    assert ended.status == discord.EventStatus.completed
    await seen_event(world, ("event_update", (event.id, EVENT_COMPLETED)))
    assert stored.history == [1, 2, 3]
    assert double._guild_create_payload(world.guild)["guild_scheduled_events"] == []
    with pytest.raises(discord.HTTPException) as over:  # a completed event changes no more
        await world.bot.http.edit_scheduled_event(guild.id, event.id, name="again")
    assert over.value.code == 50035


async def test_what_a_scheduled_event_refuses(world: World) -> None:
    double = world.double
    guild = world.bot.get_guild(world.guild.id)
    assert guild is not None
    soon = discord.utils.utcnow() + datetime.timedelta(minutes=30)

    async def create(start: datetime.datetime) -> discord.ScheduledEvent:
        return await guild.create_scheduled_event(
            name="MTT",
            start_time=start,
            end_time=start + datetime.timedelta(hours=1),
            entity_type=discord.EntityType.external,
            location="#tournament",
            privacy_level=discord.PrivacyLevel.guild_only,
        )

    with pytest.raises(discord.HTTPException) as past:
        await create(discord.utils.utcnow() - datetime.timedelta(minutes=1))
    assert past.value.code == 50035
    event = await create(soon)
    with pytest.raises(discord.HTTPException) as skip:  # scheduled cannot become completed
        await world.bot.http.edit_scheduled_event(guild.id, event.id, status=EVENT_COMPLETED)
    assert skip.value.code == 50035
    cancelled = await event.cancel()
    assert cancelled.status == discord.EventStatus.cancelled
    assert double.threads.events[event.id].history == [1, EVENT_CANCELED]
    with pytest.raises(discord.HTTPException) as revived:
        await world.bot.http.edit_scheduled_event(guild.id, event.id, status=EVENT_ACTIVE)
    assert revived.value.code == 50035

    bot_member = double.members[(world.guild.id, double.bot_user.id)]
    bot_member.permissions &= ~PERM_CREATE_EVENTS
    with pytest.raises(discord.Forbidden) as refused:
        await create(soon)
    assert refused.value.code == 50013
    assert len(double.threads.scheduled_events(world.guild)) == 1


async def test_a_restarted_bot_finds_its_threads_and_events_in_guild_create(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a bot restarted mid-tournament sees: the active threads and the scheduled events
    come with GUILD_CREATE (an archived thread does not), so it can find its tables again."""
    double = world.double
    parent = text_channel(world)
    kept = await parent.create_thread(name="Table 1", type=discord.ChannelType.public_thread)
    gone = await parent.create_thread(name="Table 2", type=discord.ChannelType.public_thread)
    await gone.edit(archived=True)
    guild = world.bot.get_guild(world.guild.id)
    assert guild is not None
    start = discord.utils.utcnow() + datetime.timedelta(hours=1)
    event = await guild.create_scheduled_event(
        name="MTT",
        start_time=start,
        end_time=start + datetime.timedelta(hours=2),
        entity_type=discord.EntityType.external,
        location="#tournament",
        privacy_level=discord.PrivacyLevel.guild_only,
    )
    await event.start()

    again = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.1)
    runner = asyncio.create_task(again.start(double.token))
    try:
        await asyncio.wait_for(again.wait_until_ready(), 10)
        seen = again.get_guild(world.guild.id)
        assert seen is not None
        assert [t.id for t in seen.threads] == [kept.id]
        assert seen.get_thread(kept.id) is not None and seen.get_thread(gone.id) is None
        found = seen.get_scheduled_event(event.id)
        assert found is not None and found.status == discord.EventStatus.active
        assert found.location == "#tournament"
    finally:
        await again.close()
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await runner

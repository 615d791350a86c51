"""The MTT feature's Discord pieces (``bot/features/mtt``, not reachable from any command
yet) against the double with the real discord.py client and a real store: the field seated
over threads under the tournament's channel and started in the store, the scheduled event kept
in step (scheduled, active, completed; or canceled), the permissions an admin is told are
missing, and a bot that may not open threads changing nothing."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import discord
import pytest
import yarl

from bot.features.mtt.discord_parts import (
    create_event,
    event_end,
    event_in_step,
    missing_permissions,
)
from bot.features.mtt.starting import start_over_threads
from bot.store import Store
from tests.discord_double import DiscordDouble
from tests.discord_double.models import PERM_CREATE_PUBLIC_THREADS, Channel, Guild

ADMIN = 999


@dataclass
class World:
    double: DiscordDouble
    client: discord.Client
    guild: Guild
    channel: Channel
    store: Store


@pytest.fixture
async def world(
    double: DiscordDouble, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> AsyncIterator[World]:
    guild = await double.add_guild("MTT Club")
    channel = await double.add_channel(guild, "tournament")
    monkeypatch.setattr(discord.http.Route, "BASE", double.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(double.gateway_url)
    )
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.1)
    runner = asyncio.create_task(client.start(double.token))
    store = await Store.open(tmp_path / "deuce.db")
    try:
        await asyncio.wait_for(client.wait_until_ready(), 10)
        yield World(double, client, guild, channel, store)
        report = await store.audit.check()
        assert report.ok, report.format()
    finally:
        await store.close()
        await client.close()
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await runner
    assert double.unknown_routes == [], double.unknown_routes


def text_channel(world: World) -> discord.TextChannel:
    channel = world.client.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def registered(world: World, players: int, channel_id: int | None = None) -> int:
    mtt = await world.store.mtts.create(
        world.guild.id,
        channel_id or world.channel.id,
        ADMIN,
        buy_in=50,
        field=60,
        start_stack=1500,
        level_minutes=10,
        structure="regular",
        starts_in=30,
        late_levels=2,
    )
    for number in range(players):
        await world.store.mtts.register(mtt.id, 175928847299119000 + number, f"P{number}")
    return mtt.id


def test_the_permissions_an_mtt_needs_are_named() -> None:
    everything = discord.Permissions(
        create_public_threads=True, send_messages_in_threads=True, create_events=True
    )
    assert missing_permissions(everything) == []
    assert missing_permissions(discord.Permissions(send_messages_in_threads=True)) == [
        "Create Public Threads",
        "Create Events",
    ]
    managed = discord.Permissions(
        create_public_threads=True, send_messages_in_threads=True, manage_events=True
    )
    assert missing_permissions(managed) == []


async def test_the_field_sits_over_threads_and_the_event_follows_the_tournament(
    world: World,
) -> None:
    double, store = world.double, world.store
    tournament_id = await registered(world, 14)
    guild = world.client.get_guild(world.guild.id)
    assert guild is not None
    start = discord.utils.utcnow() + datetime.timedelta(minutes=30)
    event = await create_event(
        guild,
        text_channel(world),
        name="Deuce MTT",
        description="14 players, 10-minute levels",
        start=start,
        end=event_end(start, 10, 2),
    )
    await store.mtts.set_event(tournament_id, event.id)
    stored_event = double.threads.events[event.id]
    assert stored_event.location == "#tournament" and stored_event.status == 1

    tables = await start_over_threads(
        store, tournament_id, text_channel(world), random.Random(3), lambda n: f"Table {n}"
    )
    threads = double.threads.threads_of(world.guild)
    assert [t.name for t in threads] == ["Table 1", "Table 2", "Table 3"]
    assert all(t.parent is world.channel for t in threads)
    assert [t.channel_id for t in tables] == [t.id for t in threads]
    counts = sorted([len(await store.tables.seats(t.table_id)) for t in tables], reverse=True)
    assert counts == [5, 5, 4]
    assert (await store.mtts.get(tournament_id)).tournament.status == "running"

    mtt = await store.mtts.get(tournament_id)
    assert mtt.event_id == event.id
    assert await event_in_step(guild, event.id, "active")
    assert await event_in_step(guild, event.id, "completed")
    assert stored_event.history == [1, 2, 3]
    assert not await event_in_step(guild, event.id, "canceled")  # over: nothing changes


async def test_a_cancel_cancels_the_event_and_a_missing_thread_permission_changes_nothing(
    world: World,
) -> None:
    double, store = world.double, world.store
    tournament_id = await registered(world, 7)
    guild = world.client.get_guild(world.guild.id)
    assert guild is not None
    start = discord.utils.utcnow() + datetime.timedelta(hours=2)
    event = await create_event(
        guild,
        text_channel(world),
        name="MTT",
        description="",
        start=start,
        end=event_end(start, None, 0),
    )
    await double.threads.set_bot_overwrite(world.channel, deny=PERM_CREATE_PUBLIC_THREADS)
    with pytest.raises(discord.Forbidden):
        await start_over_threads(
            store, tournament_id, text_channel(world), random.Random(1), lambda n: f"Table {n}"
        )
    assert (await store.mtts.get(tournament_id)).tournament.status == "registering"
    assert double.threads.threads_of(world.guild) == []
    await store.mtts.cancel(tournament_id, "no threads")
    assert await event_in_step(guild, event.id, "canceled")
    assert double.threads.events[event.id].history == [1, 4]
    # an event an admin deleted is left alone
    other = await create_event(
        guild,
        text_channel(world),
        name="MTT 2",
        description="",
        start=start,
        end=event_end(start, None, 0),
    )
    await other.delete()
    assert not await event_in_step(guild, other.id, "active")

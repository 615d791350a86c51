"""Sharded processes: SHARD_COUNT/SHARD_IDS, the client each builds, and the tables each
restores (only those of the guilds on its shards)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import discord
import pytest
from discord.ext import commands

from bot.client import DeuceBot, ShardedDeuceBot, make_bot
from bot.config import Config, ConfigError, shard_of
from bot.store import Store
from bot.table.registry import TableRegistry
from tests.table._helpers import FakeClient

BASE = {"DISCORD_TOKEN": "x"}


def guild_on(shard: int, count: int, n: int = 1) -> int:
    """A guild id on ``shard`` of ``count`` (the timestamp part picks the shard)."""
    return ((1000 * count + shard + count * n) << 22) | 7


def test_shard_formula_is_discord_s() -> None:
    assert shard_of(guild_on(1, 2), 2) == 1
    assert shard_of(guild_on(0, 2), 2) == 0
    assert shard_of(41771983423143937, 4) == (41771983423143937 >> 22) % 4
    for shard in range(3):
        assert shard_of(guild_on(shard, 3, 5), 3) == shard


def test_unsharded_by_default() -> None:
    config = Config.from_env(BASE)
    assert config.shard_count is None and config.shard_ids is None and not config.sharded
    assert config.owns_guild(guild_on(1, 2))


def test_shard_settings_are_read_and_checked() -> None:
    config = Config.from_env({**BASE, "SHARD_COUNT": "4", "SHARD_IDS": " 3, 1,1"})
    assert config.shard_count == 4 and config.shard_ids == (1, 3)
    assert config.owns_guild(guild_on(1, 4)) and config.owns_guild(guild_on(3, 4))
    assert not config.owns_guild(guild_on(0, 4)) and not config.owns_guild(guild_on(2, 4))
    every = Config.from_env({**BASE, "SHARD_COUNT": "2"})
    assert every.shard_ids is None and every.owns_guild(guild_on(0, 2))
    for bad, words in (
        ({"SHARD_IDS": "0"}, "needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "at least 1"),
        ({"SHARD_COUNT": "two"}, "whole number"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "between 0 and 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "a,b"}, "separated by commas"),
    ):
        with pytest.raises(ConfigError, match=words):
            Config.from_env({**BASE, **bad})


def test_the_client_matches_the_shards(tmp_path: Path) -> None:
    base = Config(token="x", database_path=str(tmp_path / "d.db"))
    plain = make_bot(base)
    assert type(plain) is DeuceBot and plain.shard_count is None and plain.runs_shard_zero
    one = make_bot(dataclasses.replace(base, shard_count=2, shard_ids=(1,)))
    assert type(one) is DeuceBot
    assert (one.shard_id, one.shard_count) == (1, 2) and not one.runs_shard_zero
    many = make_bot(dataclasses.replace(base, shard_count=4, shard_ids=(0, 2)))
    assert isinstance(many, ShardedDeuceBot) and isinstance(many, commands.AutoShardedBot)
    assert many.shard_ids == [0, 2] and many.shard_count == 4 and many.runs_shard_zero
    assert isinstance(many, discord.AutoShardedClient)
    every = make_bot(dataclasses.replace(base, shard_count=2))
    assert isinstance(every, ShardedDeuceBot) and every.shard_ids is None


async def test_a_process_restores_only_its_shards_tables(store: Store) -> None:
    zero, one = guild_on(0, 2), guild_on(1, 2)
    t0 = await store.get_or_create_table(zero, 10)
    t1 = await store.get_or_create_table(one, 11)
    shard_one = Config(token="x", shard_count=2, shard_ids=(1,))
    client = FakeClient()
    registry = TableRegistry(
        client, store, hand_pause=0, owns_guild=shard_one.owns_guild, voids_orphans=False
    )
    client.tables = registry
    try:
        await registry.restore_all()
        assert registry.by_table(t1.id) is not None
        assert registry.by_table(t0.id) is None and len(registry) == 1
    finally:
        await registry.close_all()
    shard_zero = Config(token="x", shard_count=2, shard_ids=(0,))
    client = FakeClient()
    registry = TableRegistry(client, store, hand_pause=0, owns_guild=shard_zero.owns_guild)
    client.tables = registry
    try:
        await registry.restore_all()
        assert registry.by_table(t0.id) is not None and registry.by_table(t1.id) is None
    finally:
        await registry.close_all()


def test_dm_clicks_name_their_table_and_guild_clicks_are_left_alone() -> None:
    from bot.shards import channel_name, dm_click_table, shard_list

    dm = {"type": 3, "data": {"custom_id": "deuce:c:42:7:1:3", "component_type": 2}}
    assert dm_click_table(dm) == 42
    assert dm_click_table({**dm, "data": {"custom_id": "deuce:f:9:1"}}) == 9
    assert dm_click_table({**dm, "guild_id": "5"}) is None  # a guild click reaches its shard
    assert dm_click_table({**dm, "type": 2}) is None  # a command
    assert dm_click_table({**dm, "data": {"custom_id": "other:1"}}) is None
    assert shard_list({2, 0}) == ",0,2," and channel_name(3) == "deuce_shard_3"

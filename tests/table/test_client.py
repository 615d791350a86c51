"""The client's command sync: only when the command payload changed, or as DEUCE_SYNC says."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import EXTENSIONS, DeuceBot
from bot.config import Settings


async def make_bot(tmp_path: Path, **overrides: Any) -> tuple[DeuceBot, list[Any]]:
    settings = dataclasses.replace(
        Settings(token="test", database_path=str(tmp_path / "deuce.db")), **overrides
    )
    bot = DeuceBot(settings)
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    calls: list[Any] = []

    async def fake_sync(*, guild: Any = None) -> list[Any]:
        calls.append(guild)
        return []

    bot.tree.sync = fake_sync  # type: ignore[method-assign]
    return bot, calls


async def test_sync_only_when_the_commands_changed(tmp_path: Path) -> None:
    bot, calls = await make_bot(tmp_path)
    await bot.sync_commands()
    await bot.sync_commands()
    assert calls == [None]
    assert (tmp_path / "deuce-commands.json").exists()
    # a new process with the same commands does not sync either
    again, again_calls = await make_bot(tmp_path)
    await again.sync_commands()
    assert again_calls == []
    # a changed command set syncs
    again.tree.remove_command("chips")
    await again.sync_commands()
    assert again_calls == [None]


@pytest.mark.parametrize(("mode", "expected"), [("always", 2), ("never", 0)])
async def test_sync_modes(tmp_path: Path, mode: str, expected: int) -> None:
    bot, calls = await make_bot(tmp_path, sync=mode)
    await bot.sync_commands()
    await bot.sync_commands()
    assert len(calls) == expected


async def test_dev_guild_gets_the_commands(tmp_path: Path) -> None:
    bot, calls = await make_bot(tmp_path, dev_guild_id=4242)
    await bot.sync_commands()
    assert len(calls) == 1 and calls[0].id == 4242
    names = {c.name for c in bot.tree.get_commands(guild=discord.Object(id=4242))}
    assert names == {"poker", "chips", "pokeradmin"}


async def test_command_tree_shape(tmp_path: Path) -> None:
    bot, _ = await make_bot(tmp_path)
    groups = {c.name: c for c in bot.tree.get_commands()}
    assert set(groups) == {"poker", "chips", "pokeradmin"}
    subcommands = {
        name: {c.name for c in group.commands}  # type: ignore[union-attr]
        for name, group in groups.items()
    }
    assert subcommands["poker"] == {
        "join",
        "leave",
        "sitout",
        "sitin",
        "table",
        "hand",
        "rules",
        "stats",
        "history",
    }
    assert subcommands["chips"] == {"balance", "daily", "leaderboard"}
    assert subcommands["pokeradmin"] == {
        "stakes",
        "buyin",
        "timer",
        "economy",
        "grant",
        "kick",
        "close",
    }
    admin = groups["pokeradmin"].to_dict(bot.tree)
    assert int(admin["default_member_permissions"]) == discord.Permissions(manage_guild=True).value
    for group in groups.values():
        payload = group.to_dict(bot.tree)
        assert payload.get("contexts") == [0] or payload.get("dm_permission") is False


async def test_two_joins_at_once_share_one_table_session(tmp_path: Path) -> None:
    """Two /poker join in a fresh channel at the same moment must not make two sessions for
    one table (the orphan would deal hands nobody's buttons reach)."""
    import asyncio

    from bot.store import Store

    bot, _ = await make_bot(tmp_path)
    bot._store = await Store.open(str(tmp_path / "deuce.db"))
    try:
        first, second = await asyncio.gather(bot.open_session(10, 20), bot.open_session(10, 20))
        assert first is second
        assert list(bot.sessions.values()) == [first]
    finally:
        for session in list(bot.sessions.values()):
            await session.shutdown()
        await bot._store.close()

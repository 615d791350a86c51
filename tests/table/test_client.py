"""The client's command sync: only when the command payload changed, or as DEUCE_SYNC says."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import EXTENSIONS, DeuceBot
from bot.config import Config


async def make_bot(tmp_path: Path, **overrides: Any) -> tuple[DeuceBot, list[Any]]:
    config = dataclasses.replace(
        Config(token="test", database_path=str(tmp_path / "deuce.db")), **overrides
    )
    bot = DeuceBot(config)
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
        "alerts",
    }
    assert subcommands["chips"] == {"balance", "daily", "leaderboard"}
    assert subcommands["pokeradmin"] == {
        "stakes",
        "buyin",
        "timer",
        "economy",
        "grant",
        "language",
        "kick",
        "close",
        "settings",
        "pause",
        "alerts",
        "cards",
        "house",
    }
    house = next(c for c in groups["pokeradmin"].commands if c.name == "house")
    assert {c.name for c in house.commands} == {"add", "remove", "fill"}  # type: ignore[union-attr]
    admin = groups["pokeradmin"].to_dict(bot.tree)
    assert int(admin["default_member_permissions"]) == discord.Permissions(manage_guild=True).value
    for group in groups.values():
        payload = group.to_dict(bot.tree)
        assert payload.get("contexts") == [0] or payload.get("dm_permission") is False


async def test_the_bot_reads_its_config(tmp_path: Path) -> None:
    bot, _ = await make_bot(tmp_path, hand_pause_seconds=0.5)
    assert bot.config.hand_pause_seconds == 0.5
    with pytest.raises(RuntimeError):
        bot.tables  # noqa: B018 - not loaded before setup_hook


async def test_every_command_and_option_is_localised_in_every_language(tmp_path: Path) -> None:
    """The payload the sync sends: every command, group and option (renamed ones too) has
    its name and description in each of the four other languages, and every fixed choice its
    name."""
    from bot.translator import CatalogueTranslator

    bot, _ = await make_bot(tmp_path)
    translator = CatalogueTranslator()
    await bot.tree.set_translator(translator)
    languages = {"hu", "sv-SE", "id", "ru"}
    missing: list[str] = []

    def check(item: dict[str, Any], path: str) -> None:
        where = f"{path} {item['name']}".strip()
        keys = ("name", "description") if "description" in item else ("name",)
        for key in keys:
            found = set((item.get(f"{key}_localizations") or {}).keys())
            if languages - found:
                missing.append(f"{where} {key}: {sorted(languages - found)}")
        for child in item.get("options", []) + item.get("choices", []):
            check(child, where)

    for command in bot.tree.get_commands():
        check(await command.get_translated_payload(bot.tree, translator), "")
    assert missing == []

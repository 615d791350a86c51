"""The client's command sync: only when the command payload changed, or as DEUCE_SYNC says."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.client import EXTENSIONS, LOCALES_KEPT, DeuceBot
from bot.config import Config
from bot.messages import command_ids, set_command_ids, t
from bot.store import Store
from bot.table.registry import TableRegistry
from tests.table._helpers import CHANNEL, GUILD, FakeClient, wait_until


@pytest.fixture(autouse=True)
def commands_unknown_after() -> Iterator[None]:
    """A bot here learns its commands' ids (process-wide) and is never closed: forgotten
    after each test, so later tests read commands as typed."""
    yield
    set_command_ids({})


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

    async def fake_fetch(*, guild: Any = None) -> list[Any]:
        return [SimpleNamespace(name="poker", id=77), SimpleNamespace(name="chips", id=78)]

    bot.tree.sync = fake_sync  # type: ignore[method-assign]
    bot.tree.fetch_commands = fake_fetch  # type: ignore[method-assign]
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


async def test_the_commands_ids_are_known_after_a_sync_or_without_one(tmp_path: Path) -> None:
    """Sentences name commands by their mentions, which need the top-level commands' ids:
    from the sync's answer, else (the tree unchanged, or another process syncs) asked once;
    a bot that closes leaves them unknown again."""
    bot, _ = await make_bot(tmp_path)

    async def sync(*, guild: Any = None) -> list[Any]:
        return [SimpleNamespace(name="poker", id=11), SimpleNamespace(name="pokeradmin", id=12)]

    bot.tree.sync = sync  # type: ignore[method-assign]
    try:
        await bot.sync_commands()
        assert command_ids() == {"poker": 11, "pokeradmin": 12}
        assert "</poker join:11>" in t("no_table", "sv")
        again, _ = await make_bot(tmp_path)  # unchanged: not synced, the ids asked for
        await again.sync_commands()
        assert command_ids() == {"poker": 77, "chips": 78}
        set_command_ids({})
        never, _ = await make_bot(tmp_path, sync="never")
        await never.sync_commands()
        assert command_ids() == {"poker": 77, "chips": 78}
        await never.close()
        assert command_ids() == {}
        assert "/poker sätt-dig" in t("no_table", "sv")
    finally:
        set_command_ids({})


async def test_commands_unread_are_named_as_typed(tmp_path: Path) -> None:
    bot, _ = await make_bot(tmp_path, sync="never")

    async def refused(*, guild: Any = None) -> list[Any]:
        raise discord.HTTPException(SimpleNamespace(status=500, reason="no"), "no")  # type: ignore[arg-type]

    bot.tree.fetch_commands = refused  # type: ignore[method-assign]
    await bot.sync_commands()
    assert command_ids() == {}
    assert t("no_table", "en").endswith("/poker join.")


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


async def test_switching_between_guild_and_global_sync_removes_the_old_copy(
    tmp_path: Path,
) -> None:
    """Synced to a dev guild, then globally, then to the dev guild again: each sync removes
    the copy the one before left (an empty command list sent there), so Discord never shows
    both; the marker file remembers where the commands are."""
    removed: list[str] = []

    async def start(**overrides: Any) -> list[Any]:
        bot, calls = await make_bot(tmp_path, **overrides)
        bot._connection.application_id = 555

        async def global_commands(application_id: int, payload: list[Any]) -> list[Any]:
            assert (application_id, payload) == (555, [])
            removed.append("global")
            return []

        async def guild_commands(application_id: int, guild_id: int, payload: list[Any]) -> Any:
            assert (application_id, payload) == (555, [])
            removed.append(f"guild {guild_id}")
            return []

        bot.http.bulk_upsert_global_commands = global_commands  # type: ignore[method-assign]
        bot.http.bulk_upsert_guild_commands = guild_commands  # type: ignore[method-assign]
        await bot.sync_commands()
        return calls

    def marker() -> set[str]:
        return set(json.loads((tmp_path / "deuce-commands.json").read_text()))

    calls = await start(dev_guild_id=4242)
    assert [c.id for c in calls] == [4242] and removed == []
    assert marker() == {"555:4242"}
    calls = await start()  # DEV_GUILD_ID emptied: global sync
    assert calls == [None] and removed == ["guild 4242"]
    assert marker() == {"555:global"}
    calls = await start()  # unchanged: nothing synced, nothing left to remove
    assert calls == [] and removed == ["guild 4242"]
    calls = await start(dev_guild_id=4343)
    assert [c.id for c in calls] == [4343] and removed == ["guild 4242", "global"]
    assert marker() == {"555:4343"}
    calls = await start(dev_guild_id=4242)  # another dev guild: the first one's copy goes
    assert [c.id for c in calls] == [4242] and removed[2:] == ["guild 4343"]
    assert marker() == {"555:4242"}


async def test_a_removal_that_fails_is_tried_again(tmp_path: Path) -> None:
    """Discord failing to remove the old copy (a server error) keeps it in the marker file,
    so the next start tries again; a guild the bot may no longer reach (403) is given up."""

    def failure(kind: type[discord.HTTPException], status: int) -> discord.HTTPException:
        return kind(SimpleNamespace(status=status, reason="no"), "no")  # type: ignore[arg-type]

    outcomes = [failure(discord.HTTPException, 500), failure(discord.Forbidden, 403)]
    tries: list[int] = []

    async def start(**overrides: Any) -> None:
        bot, _ = await make_bot(tmp_path, **overrides)
        bot._connection.application_id = 555

        async def guild_commands(application_id: int, guild_id: int, payload: list[Any]) -> Any:
            tries.append(guild_id)
            raise outcomes.pop(0)

        bot.http.bulk_upsert_guild_commands = guild_commands  # type: ignore[method-assign]
        await bot.sync_commands()

    await start(dev_guild_id=4242)
    await start()  # the removal fails: kept
    assert tries == [4242]
    assert set(json.loads((tmp_path / "deuce-commands.json").read_text())) == {
        "555:4242",
        "555:global",
    }
    await start()  # refused: given up
    assert tries == [4242, 4242]
    assert set(json.loads((tmp_path / "deuce-commands.json").read_text())) == {"555:global"}
    await start()
    assert tries == [4242, 4242]


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
        "replay",
        "session",
        "tables",
        "topup",
        "sng",
        "mtt",
    }
    sng = next(c for c in groups["poker"].commands if c.name == "sng")
    assert {c.name for c in sng.commands} == {  # type: ignore[union-attr]
        "create",
        "register",
        "unregister",
        "house",
        "start",
        "cancel",
        "show",
    }
    mtt = next(c for c in groups["poker"].commands if c.name == "mtt")
    assert {c.name for c in mtt.commands} == {  # type: ignore[union-attr]
        "create",
        "register",
        "unregister",
        "house",
        "cancel",
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
        "resume",
        "interval",
        "timebank",
        "alerts",
        "idle",
        "tables",
        "cards",
        "house",
        "sng",
        "fairplay",
        "dashboard",
    }
    house = next(c for c in groups["pokeradmin"].commands if c.name == "house")
    assert {c.name for c in house.commands} == {"add", "remove", "fill"}  # type: ignore[union-attr]
    fairplay = next(c for c in groups["pokeradmin"].commands if c.name == "fairplay")
    assert {c.name for c in fairplay.commands} == {  # type: ignore[union-attr]
        "gates",
        "exempt",
        "unexempt",
        "freeze",
        "unfreeze",
        "leaderboard",
        "report",
    }
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


async def test_members_languages_in_memory_are_bounded(tmp_path: Path, store: Store) -> None:
    """50,000 members' languages remembered in the store: the client reads none of them at
    start, keeps at most ``LOCALES_KEPT`` however many members it meets, and a member it no
    longer keeps still gets their DM panel, sent by the table on its own, in their language."""
    first, count = 1_000_000, 50_000
    languages = ("hu", "ru", "sv", "id", "en")
    with sqlite3.connect(tmp_path / "deuce.db") as db:
        db.executemany(
            "INSERT INTO member_locales (user_id, locale, updated_at) VALUES (?, ?, 0)",
            [(first + n, languages[n % len(languages)]) for n in range(count)],
        )
    bot, _ = await make_bot(tmp_path)
    await bot.open_store()
    try:
        assert len(bot.locales) == 0
        met = LOCALES_KEPT + 100
        for n in range(met):
            assert await bot.locale_of(first + n) == languages[n % len(languages)]
        assert len(bot.locales) == LOCALES_KEPT
        assert await bot.locale_of(7) == "en"  # never seen
        hungarian, russian = first, first + 1  # met first, forgotten since
        assert hungarian not in bot.locales and russian not in bot.locales

        # A table deals: each player's panel is DMed by the table, in the player's language.
        table = await store.tables.get_or_create(GUILD, CHANNEL)
        for user_id, name in ((hungarian, "Ilona"), (russian, "Boris")):
            await store.tables.buy_in(table.id, user_id, name, 400)
        client = FakeClient()
        client.locale_of = bot.locale_of  # type: ignore[method-assign]
        client.tables = TableRegistry(client, store, hand_pause=0.0, house_pause=0.0)
        try:
            await client.tables.restore_all()
            session = client.tables.by_channel(CHANNEL)
            assert session is not None
            hand = await wait_until(lambda: session.hand)
            for user_id, language in ((hungarian, "hu"), (russian, "ru")):
                title = t("panel_title", language, hand_id=str(hand.hand_id))
                dm = await wait_until(lambda user_id=user_id: client.dm_channels.get(user_id))
                panel = await wait_until(lambda dm=dm: dm.sent)
                assert panel[0]["view"].to_components()[0]["components"][0] == {
                    "type": 10,
                    "content": f"### {title}",
                }
        finally:
            await client.tables.close_all()
        assert len(bot.locales) == LOCALES_KEPT
    finally:
        await bot.store.close()


async def test_the_commands_are_the_same_after_a_reload_and_in_a_second_bot(tmp_path: Path) -> None:
    """Unloading an extension drops its modules; loading it again imports them afresh. No
    command may be declared into a group that outlives its cog (a module-level ``/poker``
    group kept the table's commands, so loading ``cogs.poker`` again raised
    CommandAlreadyRegistered: 'join')."""
    bot, _ = await make_bot(tmp_path)

    def tree(of: DeuceBot) -> dict[str, Any]:
        return {c.name: c.to_dict(of.tree) for c in of.tree.get_commands()}

    before = tree(bot)
    for extension in EXTENSIONS:
        await bot.reload_extension(extension)
    assert tree(bot) == before
    for extension in EXTENSIONS:
        await bot.unload_extension(extension)
    second, _ = await make_bot(tmp_path)
    assert tree(second) == before

"""A server setting declared once, on its ``Settings`` field: its name, type and default come
from the field; its checks, its ``guild_settings`` column (on both backends), the store's read
and upsert all from the declaration."""

from __future__ import annotations

import dataclasses

import aiosqlite
import asyncpg
import pytest

from bot.store import (
    SERVER_SETTING,
    SERVER_SETTINGS,
    InvalidSetting,
    Settings,
    Store,
    migrations,
    migrations_pg,
)
from bot.store.models import SettingSpec, declared, setting
from tests.store._helpers import CHANNEL, GUILD, SQLITE, Database


@dataclasses.dataclass(frozen=True)
class WithRakeCap(Settings):
    """The settings of a later version that declares one more: the worked example of
    ``docs/ARCHITECTURE.md`` (a setting is a field, a command, and its reader)."""

    rake_cap: int = setting(0, "rake cap", maximum=100, report="settings_rake_cap")


async def add_declared_columns(database: Database, specs: tuple[SettingSpec, ...]) -> list[str]:
    """What opening a store of that version does after the numbered migrations."""
    if database.kind == SQLITE:
        async with aiosqlite.connect(database.location, isolation_level=None) as db:
            return await migrations.declared_columns(db, specs)
    conn = await asyncpg.connect(database.location)
    try:
        async with conn.transaction():
            return await migrations_pg.declared_columns(conn, specs)
    finally:
        await conn.close()


def test_a_setting_takes_its_name_type_default_and_nullability_from_its_field() -> None:
    assert [spec.name for spec in SERVER_SETTINGS] == [
        field.name for field in dataclasses.fields(Settings)
    ]
    assert Settings(**{spec.name: spec.default for spec in SERVER_SETTINGS}) == Settings()
    blind, language = SERVER_SETTING["small_blind"], SERVER_SETTING["language"]
    assert (blind.kind, blind.default, blind.nullable) == (int, None, True)
    assert (language.kind, language.nullable, language.channel) == (str, True, True)
    assert (SERVER_SETTING["card_style"].kind, SERVER_SETTING["card_style"].nullable) == (
        str,
        False,
    )
    for spec in SERVER_SETTINGS:  # every default is a value an admin could set
        assert spec.check(spec.default) == spec.default, spec.name


def test_a_setting_field_that_is_neither_int_nor_str_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Odd:
        ratio: float = setting(0.5, "ratio")

    with pytest.raises(TypeError, match="ratio"):
        declared(Odd)


async def test_every_declared_setting_has_its_column_from_the_numbered_migrations(
    database: Database,
) -> None:
    store = await Store.open(database.location)
    await store.close()
    # The declaration names exactly the columns the released migrations made: nothing to add.
    assert await add_declared_columns(database, SERVER_SETTINGS) == []
    names = ", ".join(spec.name for spec in SERVER_SETTINGS)
    assert await database.rows(f"SELECT {names} FROM guild_settings") == []


async def test_a_setting_declared_on_a_new_field_gets_its_column_once_and_old_values_stay(
    database: Database,
) -> None:
    store = await Store.open(database.location)
    try:
        await store.settings.set_hand_pause(GUILD, 12)
    finally:
        await store.close()
    later = declared(WithRakeCap)
    assert await add_declared_columns(database, later) == ["rake_cap"]
    assert await add_declared_columns(database, later) == []
    assert await database.rows(
        "SELECT hand_pause, rake_cap FROM guild_settings WHERE guild_id = ?", (GUILD,)
    ) == [(12, None)]
    # This version reads its own columns and leaves the newer one alone.
    store = await Store.open(database.location)
    try:
        assert (await store.settings.server(GUILD)).hand_pause == 12
        await store.settings.set_alert_delay(GUILD, 20)
    finally:
        await store.close()
    assert await database.rows(
        "SELECT alert_delay, rake_cap FROM guild_settings WHERE guild_id = ?", (GUILD,)
    ) == [(20, None)]


async def test_settings_one_of_which_its_declaration_refuses_change_nothing(store: Store) -> None:
    with pytest.raises(InvalidSetting, match="turn alert delay"):
        await store.settings.set(GUILD, {"hand_pause": 12, "alert_delay": 121})
    with pytest.raises(InvalidSetting):
        await store.settings.set(GUILD, {"hand_pause": 12, "card_style": "neon"})
    with pytest.raises(InvalidSetting, match="no setting"):
        await store.settings.set(GUILD, {"hand_pause": 12, "hand_pause = 1; --": 1})
    report = await store.settings.report(GUILD, CHANNEL)
    assert report.server == Settings()
    assert set(report.sources.values()) == {"default"}


async def test_a_setting_set_by_name_is_read_back_and_reported_from_the_server(
    store: Store,
) -> None:
    settings = await store.settings.set(GUILD, {"tables_per_member": 5, "hand_pause": 3})
    assert (settings.tables_per_member, settings.hand_pause) == (5, 3)
    report = await store.settings.report(GUILD, CHANNEL)
    assert report.table.tables_per_member == 5
    assert (report.source("tables_per_member"), report.source("idle_close")) == (
        "server",
        "default",
    )
    # None forgets the admin's value of a setting that takes it: back to the default.
    await store.settings.set(GUILD, {"language": "hu"})
    assert (await store.settings.server(GUILD)).language == "hu"
    await store.settings.set(GUILD, {"language": None})
    report = await store.settings.report(GUILD, CHANNEL)
    assert (report.server.language, report.source("language")) == (None, "default")

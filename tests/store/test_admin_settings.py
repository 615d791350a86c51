"""What admins set beyond stakes: where each value comes from, the pause between hands, the turn
alert delay, members' turn alerts, and the read-only check a join makes before anything opens."""

from __future__ import annotations

import pytest

from bot.store import (
    InsufficientFunds,
    InvalidAmount,
    InvalidSetting,
    Settings,
    Store,
    StoreError,
)
from tests.store._helpers import CHANNEL, GUILD, Database


async def test_a_new_server_reports_every_value_as_default(store: Store) -> None:
    report = await store.settings.report(GUILD, CHANNEL)
    assert report.server == report.table == Settings()
    assert report.table.alert_delay == 8
    for name in ("small_bet", "small_blind", "cap", "buyin_min", "action_timer", "hand_pause"):
        assert report.source(name) == "default"
    assert report.source("alert_delay") == "default"


async def test_sources_follow_what_the_server_and_the_channel_set(store: Store) -> None:
    await store.settings.set_stakes(GUILD, None, 20, cap=5)
    await store.settings.set_timer(GUILD, 30)
    await store.settings.set_hand_pause(GUILD, 12)
    report = await store.settings.report(GUILD, CHANNEL)
    assert (report.table.small_bet, report.table.effective_small_blind) == (20, 10)
    assert report.source("small_bet") == report.source("small_blind") == "server"
    assert report.source("cap") == "server"
    assert report.source("action_timer") == report.source("draw_timer") == "server"
    assert report.source("hand_pause") == "server"
    assert report.source("buyin_min") == report.source("start_wallet") == "default"
    # The channel's stakes: its small bet and blind, and its cap only when it set one.
    await store.settings.set_stakes(GUILD, CHANNEL, 50)
    report = await store.settings.report(GUILD, CHANNEL)
    assert (report.table.small_bet, report.table.cap, report.server.small_bet) == (50, 5, 20)
    assert report.source("small_bet") == report.source("small_blind") == "channel"
    assert report.source("cap") == "server"
    assert report.server_source("small_bet") == report.server_source("small_blind") == "server"
    assert report.server_source("buyin_min") == "default"
    await store.settings.set_stakes(GUILD, CHANNEL, 50, 20, cap=3)
    report = await store.settings.report(GUILD, CHANNEL)
    assert report.source("cap") == "channel" and report.table.small_blind == 20
    # Another channel of the server sees the server's values.
    other = await store.settings.report(GUILD, CHANNEL + 1)
    assert other.table.small_bet == 20 and other.source("small_bet") == "server"


async def test_hand_pause_is_a_server_setting_read_by_the_table(
    store: Store, database: Database
) -> None:
    assert (await store.settings.set_hand_pause(GUILD, 15)).hand_pause == 15
    assert (await store.settings.table(GUILD, CHANNEL)).hand_pause == 15
    assert (await store.settings.server(GUILD + 1)).hand_pause == 8
    before = await database.snapshot()
    for bad in (1, 61, 0, -5, 2.5, "10", True):
        with pytest.raises(InvalidSetting):
            await store.settings.set_hand_pause(GUILD, bad)  # type: ignore[arg-type]
    assert await database.snapshot() == before
    # Tests and benchmarks may widen the bounds, as for the timer.
    assert (await store.settings.set_hand_pause(GUILD, 1, minimum=1)).hand_pause == 1


async def test_alert_delay_is_in_the_table_settings(store: Store, database: Database) -> None:
    assert (await store.settings.set_alert_delay(GUILD, 20)).alert_delay == 20
    assert (await store.settings.table(GUILD, CHANNEL)).alert_delay == 20
    assert (await store.settings.set_alert_delay(GUILD, 0)).alert_delay == 0  # off for the server
    assert (await store.settings.report(GUILD, CHANNEL)).source("alert_delay") == "server"
    before = await database.snapshot()
    for bad in (-1, 121, 3.0, None):
        with pytest.raises(InvalidSetting):
            await store.settings.set_alert_delay(GUILD, bad)  # type: ignore[arg-type]
    assert await database.snapshot() == before


async def test_alert_modes_default_to_on_per_server(store: Store, database: Database) -> None:
    assert await store.settings.alert_modes(GUILD, [1, 2, 3]) == {1: "on", 2: "on", 3: "on"}
    assert await store.settings.alert_modes(GUILD, []) == {}
    await store.settings.set_alert_mode(GUILD, 1, "off")
    await store.settings.set_alert_mode(GUILD, 2, "now")
    await store.settings.set_alert_mode(GUILD, 2, "now")
    assert await store.settings.alert_modes(GUILD, [1, 2, 3]) == {1: "off", 2: "now", 3: "on"}
    assert await store.settings.alert_modes(GUILD + 1, [1, 2]) == {1: "on", 2: "on"}
    await store.settings.set_alert_mode(GUILD, 1, "on")
    assert (await store.settings.alert_modes(GUILD, [1]))[1] == "on"
    before = await database.snapshot()
    for bad in ("sometimes", "ON", "", None):
        with pytest.raises(InvalidSetting):
            await store.settings.set_alert_mode(GUILD, 3, bad)  # type: ignore[arg-type]
    with pytest.raises(StoreError):
        await store.settings.alert_modes(GUILD, [1, -4])
    assert await database.snapshot() == before


async def test_verify_buy_in_reads_and_never_writes(store: Store, database: Database) -> None:
    before = await database.snapshot()
    assert await store.tables.verify_buy_in(GUILD, CHANNEL, 1, None) == 400
    assert await store.tables.verify_buy_in(GUILD, CHANNEL, 1, 1000) == 1000
    with pytest.raises(InvalidAmount, match="between 100 and 2,000 chips"):
        await store.tables.verify_buy_in(GUILD, CHANNEL, 1, 1)
    with pytest.raises(InvalidAmount, match="between 100 and 2,000 chips"):
        await store.tables.verify_buy_in(GUILD, CHANNEL, 1, 2001)
    with pytest.raises(InvalidAmount):
        await store.tables.verify_buy_in(GUILD, CHANNEL, 1, 0)
    # No wallet yet: the starting wallet (1,000) is what a first buy-in can spend.
    with pytest.raises(InsufficientFunds, match="only 1,000 chips"):
        await store.tables.verify_buy_in(GUILD, CHANNEL, 1, 1500)
    assert await database.snapshot() == before  # no table, no wallet, no ledger line
    await store.wallets.grant(GUILD, 1, 1000, 999)
    assert await store.tables.verify_buy_in(GUILD, CHANNEL, 1, 1500) == 1500
    await store.settings.set_buyin(GUILD, 200, 300)
    assert await store.tables.verify_buy_in(GUILD, CHANNEL, 1, None) == 300  # the default, clamped
    with pytest.raises(InvalidAmount, match="between 200 and 300"):
        await store.tables.verify_buy_in(GUILD, CHANNEL, 1, 400)

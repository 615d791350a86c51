"""Settings: PRODUCT.md defaults, server and channel stakes, buy-in range, timers, economy."""

from __future__ import annotations

import pytest

from bot.store import InvalidSetting, Settings, Store
from tests.store._helpers import CHANNEL, GUILD, Database


async def test_defaults_are_the_product_defaults(store: Store) -> None:
    settings = await store.settings.server(GUILD)
    assert settings == Settings()
    assert (settings.small_bet, settings.effective_small_blind, settings.big_bet) == (10, 5, 20)
    assert settings.cap == 4
    assert (settings.buyin_min, settings.buyin_max, settings.buyin_default) == (100, 2000, 400)
    assert (settings.start_wallet, settings.daily_amount) == (1000, 250)
    assert settings.daily_cooldown == 20 * 3600
    assert (settings.action_timer, settings.draw_timer, settings.hand_pause) == (45, 45, 8)
    assert (settings.seats, settings.sitout_keep) == (6, 600)
    assert await store.settings.table(GUILD, CHANNEL) == settings


async def test_server_stakes_apply_to_every_channel(store: Store) -> None:
    result = await store.settings.set_stakes(GUILD, None, 50)
    assert (result.small_bet, result.small_blind, result.effective_small_blind) == (50, None, 25)
    table = await store.settings.table(GUILD, CHANNEL)
    assert (table.small_bet, table.effective_small_blind, table.cap) == (50, 25, 4)
    other = await store.settings.server(GUILD + 1)
    assert other.small_bet == 10


async def test_channel_stakes_override_the_server_default(store: Store) -> None:
    await store.settings.set_stakes(GUILD, None, 20, 10, cap=5)
    result = await store.settings.set_stakes(GUILD, CHANNEL, 100, 40)
    assert (result.small_bet, result.effective_small_blind, result.cap) == (100, 40, 5)
    assert (await store.settings.table(GUILD, CHANNEL + 1)).small_bet == 20
    assert (await store.settings.server(GUILD)).small_bet == 20
    # A later override without a cap keeps the channel's cap; a small blind of None is S // 2.
    await store.settings.set_stakes(GUILD, CHANNEL, 30, cap=3)
    result = await store.settings.set_stakes(GUILD, CHANNEL, 60)
    assert (result.small_bet, result.effective_small_blind, result.cap) == (60, 30, 3)
    cleared = await store.settings.clear_stakes(GUILD, CHANNEL)
    assert (cleared.small_bet, cleared.effective_small_blind, cleared.cap) == (20, 10, 5)


@pytest.mark.parametrize(
    ("small_bet", "small_blind", "cap"),
    [
        (0, None, None),
        (-10, None, None),
        (1.5, None, None),
        ("10", None, None),
        (True, None, None),
        (2**63, None, None),
        (10, 10, None),
        (10, 11, None),
        (10, 0, None),
        (10, 2.5, None),
        (10, None, 0),
        (10, None, 11),
        (10, None, True),
    ],
)
async def test_bad_stakes_are_refused_and_change_nothing(
    store: Store, database: Database, small_bet: object, small_blind: object, cap: object
) -> None:
    before = await database.snapshot()
    with pytest.raises(InvalidSetting) as error:
        await store.settings.set_stakes(GUILD, CHANNEL, small_bet, small_blind, cap)  # type: ignore[arg-type]
    assert str(error.value)
    assert await database.snapshot() == before


async def test_buyin_range(store: Store, database: Database) -> None:
    result = await store.settings.set_buyin(GUILD, 200, 1000)
    assert (result.buyin_min, result.buyin_max, result.buyin_default) == (200, 1000, 400)
    result = await store.settings.set_buyin(GUILD, 500, 800)
    assert result.buyin_default == 500  # the old default is clamped into the new range
    result = await store.settings.set_buyin(GUILD, 100, 900, 250)
    assert (result.buyin_min, result.buyin_max, result.buyin_default) == (100, 900, 250)
    before = await database.snapshot()
    for args in [(500, 100), (0, 100), (100, 200, 300), (100, 200, 50), (1.0, 200), (100, "x")]:
        with pytest.raises(InvalidSetting):
            await store.settings.set_buyin(GUILD, *args)  # type: ignore[arg-type]
    assert await database.snapshot() == before


async def test_timer_bounds(store: Store) -> None:
    result = await store.settings.set_timer(GUILD, 30)
    assert (result.action_timer, result.draw_timer) == (30, 30)
    with pytest.raises(InvalidSetting, match="between 10 and 600"):
        await store.settings.set_timer(GUILD, 2)
    with pytest.raises(InvalidSetting):
        await store.settings.set_timer(GUILD, 601)
    result = await store.settings.set_timer(GUILD, 2, minimum=1)
    assert result.action_timer == 2


async def test_economy_sets_starting_wallet_and_daily(store: Store) -> None:
    result = await store.settings.set_economy(GUILD, 5000, 100)
    assert (result.start_wallet, result.daily_amount) == (5000, 100)
    assert await store.wallets.balance(GUILD, 1) == 5000
    assert await store.wallets.claim_daily(GUILD, 1) == (100, 5100)
    with pytest.raises(InvalidSetting):
        await store.settings.set_economy(GUILD, -1, 100)
    with pytest.raises(InvalidSetting):
        await store.settings.set_economy(GUILD, 100, 10**10)


async def test_the_table_language_is_the_channels_then_the_servers(store: Store) -> None:
    assert (await store.settings.table(GUILD, CHANNEL)).language is None
    await store.settings.set_language(GUILD, None, "sv")
    assert (await store.settings.table(GUILD, CHANNEL)).language == "sv"
    await store.settings.set_language(GUILD, CHANNEL, "hu")
    await store.settings.set_stakes(GUILD, CHANNEL, 100)  # a channel's stakes keep its language
    table = await store.settings.table(GUILD, CHANNEL)
    assert (table.language, table.small_bet) == ("hu", 100)
    assert (await store.settings.table(GUILD, CHANNEL + 1)).language == "sv"
    report = await store.settings.report(GUILD, CHANNEL)
    assert (report.source("language"), report.server_source("language")) == ("channel", "server")
    await store.settings.set_language(GUILD, CHANNEL, None)  # back to the server's
    assert (await store.settings.table(GUILD, CHANNEL)).language == "sv"
    await store.settings.set_language(GUILD, None, None)  # back to the server's Discord language
    assert (await store.settings.table(GUILD, CHANNEL)).language is None
    with pytest.raises(InvalidSetting):
        await store.settings.set_language(GUILD, None, "fr")
    assert (await store.settings.server(GUILD)).language is None


async def test_members_locales_are_remembered(store: Store) -> None:
    assert await store.settings.member_locales() == {}
    await store.settings.remember_locale(7, "ru")
    await store.settings.remember_locale(8, "hu")
    await store.settings.remember_locale(7, "sv")
    assert await store.settings.member_locales() == {7: "sv", 8: "hu"}

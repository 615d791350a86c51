"""Wallets: starting grant, daily grant with cooldown, admin grants, leaderboard, the ledger."""

from __future__ import annotations

import pytest

from bot.store import DailyCooldown, DailyDisabled, InvalidAmount, LeaderRow, Store
from tests.store._helpers import ADMIN, GUILD, Database, seated_table


async def test_first_balance_creates_the_wallet_from_the_mint(store: Store) -> None:
    assert await store.wallets.balance(GUILD, 7) == 1000
    assert await store.wallets.balance(GUILD, 7) == 1000
    assert await store.audit.ledger_entries() == [
        ("start", "mint", -1000),
        ("start", f"wallet:{GUILD}:7", 1000),
    ]
    # Wallets are per server.
    assert await store.wallets.balance(GUILD + 1, 7) == 1000
    report = await store.audit.check()
    assert (report.granted, report.wallets) == (2000, 2000)


async def test_daily_grant_and_cooldown(store: Store) -> None:
    start = 1_000_000.0
    assert await store.wallets.claim_daily(GUILD, 7, now=start) == (250, 1250)
    with pytest.raises(DailyCooldown) as error:
        await store.wallets.claim_daily(GUILD, 7, now=start + 3600)
    assert error.value.seconds_left == 19 * 3600
    assert "19 h" in str(error.value)
    with pytest.raises(DailyCooldown) as error:
        await store.wallets.claim_daily(GUILD, 7, now=start + 20 * 3600 - 0.5)
    assert error.value.seconds_left == 1
    assert await store.wallets.claim_daily(GUILD, 7, now=start + 20 * 3600) == (250, 1500)
    assert await store.wallets.balance(GUILD, 7) == 1500
    assert (await store.audit.check()).granted == 1500


async def test_daily_turned_off(store: Store, database: Database) -> None:
    await store.settings.set_economy(GUILD, 1000, 0)
    await store.wallets.balance(GUILD, 7)
    before = await database.snapshot()
    with pytest.raises(DailyDisabled):
        await store.wallets.claim_daily(GUILD, 7)
    assert await database.snapshot() == before


async def test_admin_grant(store: Store) -> None:
    assert await store.wallets.grant(GUILD, 7, 500, by_user_id=ADMIN) == 1500
    assert await store.wallets.balance(GUILD, 7) == 1500
    entries = await store.audit.ledger_entries()
    assert ("grant", f"wallet:{GUILD}:7", 500) in entries
    assert ("grant", "mint", -500) in entries
    assert (await store.audit.check()).granted == 1500


@pytest.mark.parametrize("amount", [0, -1, -500, 1.5, "100a", "100", True, False, None, 2**63])
async def test_bad_grants_change_nothing(store: Store, database: Database, amount: object) -> None:
    await store.wallets.balance(GUILD, 7)
    before = await database.snapshot()
    with pytest.raises(InvalidAmount):
        await store.wallets.grant(GUILD, 7, amount, by_user_id=ADMIN)  # type: ignore[arg-type]
    assert await database.snapshot() == before
    assert await store.wallets.balance(GUILD, 7) == 1000


async def test_leaderboard_counts_chips_at_tables(store: Store) -> None:
    table_id, _ = await seated_table(store, 900, 100)
    await store.wallets.grant(GUILD, 3, 50, by_user_id=ADMIN)
    board = await store.wallets.leaderboard(GUILD)
    assert board == [
        LeaderRow(3, 1050, 0),
        LeaderRow(1, 100, 900),
        LeaderRow(2, 900, 100),
    ]
    assert await store.wallets.leaderboard(GUILD, limit=1) == [LeaderRow(3, 1050, 0)]
    assert await store.wallets.leaderboard(GUILD + 1) == []
    user, wallet, on_table = board[1]
    assert (user, wallet + on_table) == (1, 1000)
    assert table_id

"""The house's chips: a wallet under a reserved id, a float minted into it (never chips from
nowhere), buy-ins and cash-outs of house seats through the ledger, audited like any wallet."""

from __future__ import annotations

import pytest

from bot.house.accounts import HOUSE_ACCOUNT_ID
from bot.store import HandInProgress, Store, StoreError, TableFull

GUILD, CHANNEL, MEMBER = 10, 20, 175928847299117063


async def test_house_seats_buy_in_from_the_house_wallet_and_cash_out_to_it(store: Store) -> None:
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    await store.tables.buy_in(table.id, MEMBER, "Alice", 400)
    seat = await store.house.sit_down(table.id, 1, "Ada", "solid", 300)
    assert (seat.seat, seat.stack, seat.dm_ok, seat.name) == (1, 300, False, "Ada")
    assert await store.house.players(table.id) == {1: "solid"}
    assert await store.house.balance(GUILD) == 0  # the float minted covered the buy-in
    grants = [e for e in await store.audit.ledger_entries() if e[0] == "grant"]
    assert grants == [("grant", "mint", -300), ("grant", f"wallet:{GUILD}:0", 300)]
    assert await store.house.stand_up(table.id, 1) == 300
    assert await store.house.balance(GUILD) == 300
    assert await store.house.players(table.id) == {}
    # the next buy-in is paid from the wallet first: only the shortfall is minted
    await store.house.sit_down(table.id, 2, "Alan", "loose", 500)
    assert await store.house.balance(GUILD) == 0
    minted = [e for e in await store.audit.ledger_entries() if e[0] == "grant" and e[1] == "mint"]
    assert sum(-amount for _, _, amount in minted) == 500
    await store.house.top_up(table.id, 2, 100)
    assert (await store.tables.seat_of(table.id, 2)).stack == 600  # type: ignore[union-attr]
    report = await store.audit.check()
    assert report.ok, report.problems
    assert report.granted == 1000 + 600  # Alice's starting wallet and the house's float
    assert await store.wallets.balance(GUILD, MEMBER) == 600  # the member's wallet is untouched
    assert await store.tables.seat_of(table.id, HOUSE_ACCOUNT_ID) is None


async def test_house_seats_are_checked(store: Store) -> None:
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    for bad in (0, 100, MEMBER):
        with pytest.raises(StoreError, match="house player"):
            await store.house.sit_down(table.id, bad, "Ada", "solid", 300)
    for number in range(1, 7):
        await store.house.sit_down(table.id, number, f"H{number}", "solid", 300)
    with pytest.raises(TableFull):
        await store.house.sit_down(table.id, 7, "H7", "solid", 300)
    hand_id = await store.hands.begin(table.id, {1: 300, 2: 300})
    with pytest.raises(HandInProgress):
        await store.house.stand_up(table.id, 1)
    await store.hands.void(hand_id, "test")
    assert await store.house.stand_up(table.id, 1) == 300
    await store.house.set_fill(GUILD, None, 3, "loose")
    assert await store.house.fill(GUILD, CHANNEL) == (3, "loose")
    with pytest.raises(StoreError):
        await store.house.set_fill(GUILD, CHANNEL, 11, "solid")
    assert (await store.audit.check()).ok

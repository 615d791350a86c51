"""Tables and seats: buy-in into escrow, seats, flags, cash-out, closing a table."""

from __future__ import annotations

import pytest

from bot.store import (
    AlreadySeated,
    HandInProgress,
    InsufficientFunds,
    InvalidAmount,
    NotSeated,
    SeatTaken,
    Store,
    StoreError,
    TableClosed,
    TableFull,
    TableNotFound,
)
from tests.store._helpers import CHANNEL, GUILD, Database, seated_table


async def test_one_table_per_channel(store: Store) -> None:
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    assert (table.guild_id, table.channel_id, table.status) == (GUILD, CHANNEL, "open")
    assert (table.button_seat, table.message_id) == (None, None)
    assert await store.tables.get_or_create(GUILD, CHANNEL) == table
    other = await store.tables.get_or_create(GUILD, CHANNEL + 1)
    assert other.id != table.id
    await store.tables.set_message(table.id, 123456789012345678)
    await store.tables.set_button(table.id, 3)
    assert await store.tables.get(table.id) == table.__class__(
        table.id, GUILD, CHANNEL, "open", 3, 123456789012345678, None, table.empty_since
    )
    assert await store.tables.for_channel(GUILD, CHANNEL) == await store.tables.get(table.id)
    assert await store.tables.for_channel(GUILD, 5) is None
    assert [row.id for row in await store.tables.not_closed()] == [table.id, other.id]
    with pytest.raises(TableNotFound):
        await store.tables.set_button(987654, 1)
    with pytest.raises(TableNotFound):
        await store.tables.get(987654)


async def test_buy_in_moves_chips_from_wallet_to_escrow(store: Store) -> None:
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    row = await store.tables.buy_in(table.id, 1, "Alice", 400, dm_ok=False)
    assert (row.seat, row.user_id, row.name, row.stack) == (0, 1, "Alice", 400)
    assert (row.sitting_out, row.leaving, row.dm_ok) == (False, False, False)
    assert await store.wallets.balance(GUILD, 1) == 600
    bob = await store.tables.buy_in(table.id, 2, "Bob", 100, seat=4)
    carol = await store.tables.buy_in(table.id, 3, "Carol", 1000)
    assert (bob.seat, carol.seat) == (4, 1)
    assert [seat.user_id for seat in await store.tables.seats(table.id)] == [1, 3, 2]
    assert await store.tables.seat_of(table.id, 3) == carol
    assert await store.tables.seat_of(table.id, 9) is None
    entries = await store.audit.ledger_entries()
    assert ("buy_in", f"wallet:{GUILD}:1", -400) in entries
    assert ("buy_in", f"seat:{table.id}:1", 400) in entries
    report = await store.audit.check()
    assert (report.granted, report.wallets, report.seats) == (3000, 1500, 1500)


async def test_buy_in_refusals_change_nothing(store: Store, database: Database) -> None:
    table_id, _ = await seated_table(store, 400, 400)
    await store.wallets.balance(GUILD, 50)
    before = await database.snapshot()
    cases: list[tuple[type[StoreError], dict[str, object]]] = [
        (AlreadySeated, {"user_id": 1, "amount": 400}),
        (SeatTaken, {"user_id": 50, "amount": 400, "seat": 1}),
        (StoreError, {"user_id": 50, "amount": 400, "seat": 6}),
        (StoreError, {"user_id": 50, "amount": 400, "seat": -1}),
        (InvalidAmount, {"user_id": 50, "amount": 99}),
        (InvalidAmount, {"user_id": 50, "amount": 2001}),
        (InvalidAmount, {"user_id": 50, "amount": 300, "minimum": 350, "maximum": 500}),
        (InsufficientFunds, {"user_id": 50, "amount": 1500}),
        (InvalidAmount, {"user_id": 50, "amount": 0}),
        (InvalidAmount, {"user_id": 50, "amount": -400}),
        (InvalidAmount, {"user_id": 50, "amount": 400.0}),
        (InvalidAmount, {"user_id": 50, "amount": "400"}),
        (InvalidAmount, {"user_id": 50, "amount": True}),
        (InvalidAmount, {"user_id": 50, "amount": 2**63}),
    ]
    for error, kwargs in cases:
        user_id = kwargs.pop("user_id")
        amount = kwargs.pop("amount")
        with pytest.raises(error) as raised:
            await store.tables.buy_in(table_id, user_id, "Zed", amount, **kwargs)  # type: ignore[arg-type]
        assert str(raised.value), error
    with pytest.raises(TableNotFound):
        await store.tables.buy_in(424242, 50, "Zed", 400)
    assert await database.snapshot() == before
    assert await store.wallets.balance(GUILD, 50) == 1000


async def test_insufficient_funds_says_how_much(store: Store) -> None:
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    with pytest.raises(InsufficientFunds) as error:
        await store.tables.buy_in(table.id, 1, "Alice", 1500)
    assert (error.value.balance, error.value.needed) == (1000, 1500)
    assert "1,000" in str(error.value) and "1,500" in str(error.value)


async def test_table_full(store: Store) -> None:
    table_id, _ = await seated_table(store, 100, 100, 100, 100, 100, 100)
    assert [seat.seat for seat in await store.tables.seats(table_id)] == [0, 1, 2, 3, 4, 5]
    with pytest.raises(TableFull):
        await store.tables.buy_in(table_id, 7, "Seventh", 100)
    with pytest.raises(TableFull):
        await store.tables.buy_in(table_id, 7, "Seventh", 100, seat=2)
    await store.tables.cash_out(table_id, 3)
    row = await store.tables.buy_in(table_id, 7, "Seventh", 100)
    assert row.seat == 2


async def test_closing_table_takes_no_new_players(store: Store) -> None:
    table_id, _ = await seated_table(store, 400)
    await store.tables.set_status(table_id, "closing")
    assert (await store.tables.get(table_id)).status == "closing"
    assert [table.id for table in await store.tables.not_closed()] == [table_id]
    with pytest.raises(TableClosed):
        await store.tables.buy_in(table_id, 2, "Bob", 400)
    with pytest.raises(StoreError):
        await store.tables.set_status(table_id, "exploded")


async def test_cash_out_once(store: Store, database: Database) -> None:
    table_id, _ = await seated_table(store, 400)
    assert await store.tables.cash_out(table_id, 1) == 400
    assert await store.wallets.balance(GUILD, 1) == 1000
    assert await store.tables.seats(table_id) == []
    before = await database.snapshot()
    with pytest.raises(NotSeated):
        await store.tables.cash_out(table_id, 1)
    assert await database.snapshot() == before


async def test_add_chips(store: Store, database: Database) -> None:
    table_id, _ = await seated_table(store, 400)
    row = await store.tables.add_chips(table_id, 1, 100)
    assert row.stack == 500
    assert await store.wallets.balance(GUILD, 1) == 500
    before = await database.snapshot()
    with pytest.raises(InvalidAmount, match="add up to 1,500"):
        await store.tables.add_chips(table_id, 1, 1501)
    with pytest.raises(InvalidAmount):
        await store.tables.add_chips(table_id, 1, 0)
    with pytest.raises(InsufficientFunds):
        await store.tables.add_chips(table_id, 1, 501)
    with pytest.raises(NotSeated):
        await store.tables.add_chips(table_id, 2, 100)
    assert await database.snapshot() == before
    assert (await store.tables.rebuy(table_id, 1, 500)).stack == 1000


async def test_a_queued_top_up_is_kept_added_once_and_dropped_by_leaving(
    store: Store, database: Database
) -> None:
    """The queue holds no chip: they leave the wallet when added, and adding empties the queue
    in the same transaction; over the wallet is refused; leaving drops it."""
    table_id, _ = await seated_table(store, 400, 400)
    await store.tables.queue_top_up(table_id, 1, 100)
    await store.tables.queue_top_up(table_id, 1, 150)
    await store.tables.queue_top_up(table_id, 1, 150)  # a value: a second run adds nothing
    assert (await store.tables.seats(table_id))[0].topup == 150
    assert await store.wallets.balance(GUILD, 1) == 600  # nothing moved yet
    before = await database.snapshot()
    with pytest.raises(InsufficientFunds):
        await store.tables.queue_top_up(table_id, 1, 601)
    with pytest.raises(NotSeated):
        await store.tables.queue_top_up(table_id, 3, 10)
    assert await database.snapshot() == before
    assert await store.tables.add_queued_chips(table_id, 1, 2000) == (150, 150, "", 0)
    assert await store.tables.add_queued_chips(table_id, 1, 2000) == (0, 0, "", 0)  # once
    seat = await store.tables.seat_of(table_id, 1)
    assert seat is not None and (seat.stack, seat.topup) == (550, 0)
    assert await store.wallets.balance(GUILD, 1) == 450
    # Room up to the largest buy-in only; the rest stays in the wallet.
    await store.tables.queue_top_up(table_id, 1, 100)
    assert await store.tables.add_queued_chips(table_id, 1, 600) == (50, 100, "room", 0)
    # A wallet spent meanwhile: nothing moves, the queue is emptied all the same.
    await store.tables.queue_top_up(table_id, 2, 600)
    second = await store.tables.get_or_create(GUILD, CHANNEL + 1)
    await store.tables.buy_in(second.id, 2, "Player 2", 500)
    assert await store.tables.add_queued_chips(table_id, 2, 2000) == (0, 600, "wallet", 100)
    seat = await store.tables.seat_of(table_id, 2)
    assert seat is not None and (seat.stack, seat.topup) == (400, 0)
    # Leaving drops what was queued (a leaver is refused a new one).
    await store.tables.queue_top_up(table_id, 1, 10)
    left = await store.tables.update_seat(table_id, 1, leaving=True)
    assert left.topup == 0
    with pytest.raises(NotSeated):
        await store.tables.queue_top_up(table_id, 1, 10)
    assert (await store.audit.check()).ok


async def test_update_seat_flags(store: Store) -> None:
    table_id, _ = await seated_table(store, 400)
    row = await store.tables.update_seat(table_id, 1, sitting_out=True)
    assert row.sitting_out and row.sat_out_at is not None
    again = await store.tables.update_seat(table_id, 1, sitting_out=True, leaving=True)
    assert again.sat_out_at == row.sat_out_at  # still out: the clock keeps running from then
    assert again.leaving
    row = await store.tables.update_seat(table_id, 1, sitting_out=False, dm_ok=False, name="Al")
    assert (row.sitting_out, row.sat_out_at, row.dm_ok, row.name) == (False, None, False, "Al")
    assert row.stack == 400
    with pytest.raises(NotSeated):
        await store.tables.update_seat(table_id, 2, leaving=True)


async def test_close_table_cashes_everyone_out(store: Store) -> None:
    table_id, _ = await seated_table(store, 400, 700)
    assert await store.tables.close(table_id) == {1: 400, 2: 700}
    assert await store.tables.seats(table_id) == []
    assert (await store.tables.get(table_id)).status == "closed"
    assert await store.tables.not_closed() == []
    assert await store.wallets.balance(GUILD, 1) == 1000
    assert await store.wallets.balance(GUILD, 2) == 1000
    reopened = await store.tables.get_or_create(GUILD, CHANNEL)
    assert (reopened.id, reopened.status) == (table_id, "open")


async def test_close_table_waits_for_the_hand(store: Store, database: Database) -> None:
    table_id, _ = await seated_table(store, 400, 700)
    await store.hands.begin(table_id, {1: 400, 2: 700})
    before = await database.snapshot()
    with pytest.raises(HandInProgress):
        await store.tables.close(table_id)
    assert await database.snapshot() == before
    hand_id = (await store.hands.unfinished())[0].hand_id
    await store.hands.void(hand_id, "test over")


@pytest.mark.parametrize("amount", [0, -1, 1.5, "100a", True, 2**63, None])
async def test_bad_top_ups_change_nothing(store: Store, database: Database, amount: object) -> None:
    table_id, _ = await seated_table(store, 400)
    before = await database.snapshot()
    with pytest.raises(InvalidAmount):
        await store.tables.add_chips(table_id, 1, amount)  # type: ignore[arg-type]
    assert await database.snapshot() == before
    assert await store.wallets.balance(GUILD, 1) == 600

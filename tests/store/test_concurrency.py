"""Many coroutines moving chips at once lose nothing: one writer, transactions never interleave;
and two stores on one database (as two bot processes) racing on the same wallets and seats
lose nothing either (SQLite: BEGIN IMMEDIATE; PostgreSQL: SERIALIZABLE, retried)."""

from __future__ import annotations

import asyncio
import itertools
import random

from bot.store import DailyCooldown, NotSeated, Store, StoreError
from tests.store._helpers import ADMIN, CHANNEL, GUILD, Database

USERS = list(range(1, 41))


async def test_two_hundred_coroutines_lose_nothing(store: Store) -> None:
    rng = random.Random(20261130)
    tables = [(await store.tables.get_or_create(GUILD, CHANNEL + n)).id for n in range(3)]
    minted = {"extra": 0}
    outcomes: dict[str, int] = {}

    def count(name: str) -> None:
        outcomes[name] = outcomes.get(name, 0) + 1

    async def player(worker: int) -> None:
        local = random.Random(worker)
        for _ in range(6):
            user = local.choice(USERS)
            table_id = local.choice(tables)
            op = local.choice(["buy_in", "cash_out", "daily", "grant", "add", "balance"])
            try:
                if op == "buy_in":
                    await store.tables.buy_in(table_id, user, f"P{user}", local.randrange(100, 600))
                elif op == "cash_out":
                    await store.tables.cash_out(table_id, user)
                elif op == "daily":
                    granted, _ = await store.wallets.claim_daily(GUILD, user)
                    minted["extra"] += granted
                elif op == "grant":
                    amount = local.randrange(1, 300)
                    await store.wallets.grant(GUILD, user, amount, by_user_id=ADMIN)
                    minted["extra"] += amount
                elif op == "add":
                    await store.tables.add_chips(table_id, user, local.randrange(1, 200))
                else:
                    assert await store.wallets.balance(GUILD, user) >= 0
                count(op)
            except StoreError as error:
                count(type(error).__name__)

    async def dealer(table_id: int) -> None:
        local = random.Random(table_id)
        hands = waits = 0
        while hands < 12 and waits < 1000:  # waits: until two players sit, however slow
            seats = [seat for seat in await store.tables.seats(table_id) if seat.stack > 0]
            if len(seats) < 2:
                waits += 1
                await asyncio.sleep(0.002)
                continue
            hands += 1
            players = {seat.user_id: seat.stack for seat in seats[:4]}
            try:
                hand_id = await store.hands.begin(table_id, players)
            except StoreError as error:  # someone stood up between the read and the hand
                count(type(error).__name__)
                continue
            ids = list(players)
            for step in range(5):
                await store.hands.journal(hand_id, {"step": step, "players": ids})
            if local.random() < 0.2:
                await store.hands.void(hand_id, "test void")
                count("void")
                continue
            finals = dict(players)
            loser, winner = local.sample(ids, 2)
            moved = local.randint(0, finals[loser])
            finals[loser] -= moved
            finals[winner] += moved
            await store.hands.settle(hand_id, finals, "phh", {}, payouts={winner: moved})
            count("settled")

    workers = [player(n) for n in range(200)] + [dealer(table_id) for table_id in tables]
    rng.shuffle(workers)
    await asyncio.gather(*workers)

    report = await store.audit.check()
    assert report.ok, report.format()
    wallets = await store.wallets.leaderboard(GUILD, limit=1000)
    expected = len(wallets) * 1000 + minted["extra"]
    assert report.granted == expected
    assert report.wallets + report.seats == expected
    assert sum(row.wallet + row.on_table for row in wallets) == expected
    assert report.open_pots == 0
    assert outcomes.get("buy_in", 0) > 10 and outcomes.get("cash_out", 0) > 5
    assert outcomes.get("settled", 0) > 0, outcomes


async def test_simultaneous_daily_claims_grant_once(store: Store) -> None:
    results = await asyncio.gather(
        *(store.wallets.claim_daily(GUILD, 7) for _ in range(25)), return_exceptions=True
    )
    granted = [result for result in results if isinstance(result, tuple)]
    assert granted == [(250, 1250)]
    assert all(isinstance(result, DailyCooldown) for result in results if result not in granted)
    assert await store.wallets.balance(GUILD, 7) == 1250


async def test_simultaneous_cash_outs_pay_once(store: Store) -> None:
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    await store.tables.buy_in(table.id, 7, "Seven", 700)
    results = await asyncio.gather(
        *(store.tables.cash_out(table.id, 7) for _ in range(10)), return_exceptions=True
    )
    assert [result for result in results if not isinstance(result, NotSeated)] == [700]
    assert await store.wallets.balance(GUILD, 7) == 1000


async def test_simultaneous_buy_ins_never_overspend(store: Store) -> None:
    tables = [(await store.tables.get_or_create(GUILD, CHANNEL + n)).id for n in range(6)]
    results = await asyncio.gather(
        *(store.tables.buy_in(table_id, 7, "Seven", 400) for table_id in tables),
        return_exceptions=True,
    )
    assert sum(1 for result in results if not isinstance(result, StoreError)) == 2
    assert await store.wallets.balance(GUILD, 7) == 200


async def test_cancelled_callers_leave_whole_transactions(store: Store) -> None:
    table_ids = [(await store.tables.get_or_create(GUILD, CHANNEL + n)).id for n in range(8)]
    tasks = [
        asyncio.create_task(store.tables.buy_in(table_ids[n % 8], 100 + n, f"P{n}", 100 + n))
        for n in range(48)
    ]
    await asyncio.sleep(0.005)
    for task in tasks:
        task.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    cancelled = [
        n for n, result in enumerate(results) if isinstance(result, asyncio.CancelledError)
    ]
    assert cancelled
    # Let detached transactions finish, then every buy-in is either whole or absent.
    await store.wait_idle()
    for n in range(48):
        seat = await store.tables.seat_of(table_ids[n % 8], 100 + n)
        balance = await store.wallets.balance(GUILD, 100 + n)
        if seat is None:
            assert balance == 1000
        else:
            assert (seat.stack, balance) == (100 + n, 900 - n)
    # A cancelled caller stops waiting, but its transaction still runs to its end.
    assert any([await store.tables.seat_of(table_ids[n % 8], 100 + n) for n in cancelled])
    report = await store.audit.check()
    assert report.ok, report.format()


async def test_two_stores_racing_on_one_wallet_lose_nothing(database: Database) -> None:
    first = await Store.open(database.location)
    second = await Store.open(database.location)
    stores = (first, second)
    try:
        await first.wallets.balance(GUILD, 7)
        results = await asyncio.gather(
            *(store.wallets.claim_daily(GUILD, 7) for store in stores * 6), return_exceptions=True
        )
        assert [result for result in results if isinstance(result, tuple)] == [(250, 1250)]
        assert all(isinstance(r, DailyCooldown) for r in results if not isinstance(r, tuple))

        tables = [(await first.tables.get_or_create(GUILD, CHANNEL + n)).id for n in range(6)]
        results = await asyncio.gather(
            *(
                store.tables.buy_in(table_id, 7, "Seven", 400)
                for store, table_id in zip(itertools.cycle(stores), tables, strict=False)
            ),
            return_exceptions=True,
        )
        assert sum(1 for result in results if not isinstance(result, StoreError)) == 3
        assert await second.wallets.balance(GUILD, 7) == 50

        seat = next(s for s in [await first.tables.seat_of(t, 7) for t in tables] if s is not None)
        results = await asyncio.gather(
            *(store.tables.cash_out(seat.table_id, 7) for store in stores * 4),
            return_exceptions=True,
        )
        assert [result for result in results if not isinstance(result, NotSeated)] == [400]
        assert await first.wallets.balance(GUILD, 7) == 450

        async def churn(store: Store, worker: int) -> None:
            local = random.Random(worker)
            for _ in range(8):
                user = local.choice((7, 8, 9))
                table_id = local.choice(tables)
                try:
                    if local.random() < 0.5:
                        await store.tables.buy_in(
                            table_id, user, f"P{user}", local.randrange(100, 300)
                        )
                    elif local.random() < 0.5:
                        await store.tables.cash_out(table_id, user)
                    else:
                        await store.wallets.grant(
                            GUILD, user, local.randrange(1, 50), by_user_id=ADMIN
                        )
                except StoreError:
                    pass

        await asyncio.gather(*(churn(stores[n % 2], n) for n in range(16)))
        for store in stores:
            report = await store.audit.check()
            assert report.ok, report.format()
            assert report.open_pots == 0
    finally:
        await first.close()
        await second.close()

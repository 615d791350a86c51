"""The store against a plain-Python model: a seeded random walk of wallet, seat and hand
operations (valid and invalid), checking after every step that the store accepted exactly what
the model accepts and holds exactly the balances the model holds."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from bot.store import Store, StoreError
from tests.store._helpers import ADMIN, CHANNEL, GUILD

USERS = (1, 2, 3, 4, 5, 6, 7)
START, DAILY, COOLDOWN = 1000, 250, 20 * 3600


@dataclass
class Model:
    wallets: dict[int, int] = field(default_factory=dict)
    last_daily: dict[int, float] = field(default_factory=dict)
    seats: dict[int, dict[int, int]] = field(default_factory=dict)  # table -> user -> stack
    granted: int = 0

    def peek(self, user: int) -> int:
        """What the wallet holds, or would hold once created (creation commits only on success)."""
        return self.wallets.get(user, START)

    def wallet(self, user: int) -> int:
        if user not in self.wallets:
            self.wallets[user] = START
            self.granted += START
        return self.wallets[user]


async def check_matches(store: Store, model: Model, tables: list[int]) -> None:
    board = {row.user_id: row for row in await store.wallets.leaderboard(GUILD, limit=100)}
    assert {user: row.wallet for user, row in board.items()} == model.wallets
    for table_id in tables:
        seats = {seat.user_id: seat.stack for seat in await store.tables.seats(table_id)}
        assert seats == model.seats[table_id]
    report = await store.audit.check()
    assert report.ok, report.format()
    assert report.granted == model.granted


@pytest.mark.parametrize("seed", [1, 2])
async def test_random_walk_matches_the_model(store: Store, seed: int) -> None:
    rng = random.Random(seed)
    tables = [(await store.tables.get_or_create(GUILD, CHANNEL + n)).id for n in range(2)]
    model = Model(seats={table_id: {} for table_id in tables})
    clock = 1_000_000.0
    tally = {"accepted": 0, "refused": 0, "hands": 0}
    for step in range(250):
        user = rng.choice(USERS)
        table_id = rng.choice(tables)
        seats = model.seats[table_id]
        op = rng.choice(["grant", "daily", "buy_in", "buy_in", "add", "cash_out", "hand", "hand"])
        clock += rng.choice([60.0, 3600.0, 8 * 3600.0])
        if op == "grant":
            amount = rng.choice([0, -5, 1, 77, 500])
            expect_ok = amount > 0
            call = store.wallets.grant(GUILD, user, amount, by_user_id=ADMIN)
        elif op == "daily":
            expect_ok = clock - model.last_daily.get(user, -1e12) >= COOLDOWN
            call = store.wallets.claim_daily(GUILD, user, now=clock)
        elif op == "buy_in":
            amount = rng.choice([50, 100, 400, 1000, 1500, 2500])
            balance = model.peek(user)
            expect_ok = user not in seats and 100 <= amount <= 2000 and amount <= balance
            call = store.tables.buy_in(table_id, user, f"P{user}", amount)
        elif op == "add":
            amount = rng.choice([1, 50, 300, 900])
            balance = model.peek(user)
            expect_ok = user in seats and seats[user] + amount <= 2000 and amount <= balance
            call = store.tables.add_chips(table_id, user, amount)
        elif op == "cash_out":
            expect_ok = user in seats
            call = store.tables.cash_out(table_id, user)
        else:
            players = {u: s for u, s in seats.items() if s > 0}
            if len(players) < 2:
                continue
            hand_id = await store.hands.begin(table_id, players)
            await store.hands.journal(hand_id, {"step": step})
            if rng.random() < 0.25:
                await store.hands.void(hand_id, "model void")
            else:
                loser, winner = rng.sample(sorted(players), 2)
                moved = rng.randint(0, players[loser])
                finals = dict(players)
                finals[loser] -= moved
                finals[winner] += moved
                bad = dict(finals)
                bad[winner] += 1
                with pytest.raises(StoreError):
                    await store.hands.settle(hand_id, bad, "phh", {})
                await store.hands.settle(hand_id, finals, "phh", {}, payouts={winner: moved})
                seats.update(finals)
            tally["hands"] += 1
            await check_matches(store, model, tables)
            continue

        try:
            result = await call
        except StoreError:
            assert not expect_ok, (step, op, user)
            tally["refused"] += 1
        else:
            assert expect_ok, (step, op, user, result)
            model.wallet(user)
            tally["accepted"] += 1
            if op == "grant":
                model.wallets[user] += amount
                model.granted += amount
            elif op == "daily":
                model.wallets[user] += DAILY
                model.granted += DAILY
                model.last_daily[user] = clock
            elif op in ("buy_in", "add"):
                model.wallets[user] -= amount
                seats[user] = seats.get(user, 0) + amount
            elif op == "cash_out":
                model.wallets[user] += seats.pop(user)
        await check_matches(store, model, tables)
    assert min(tally.values()) >= 10, tally

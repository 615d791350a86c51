"""Child process for the crash test: buys in, cashes out, grants and plays journaled hands
forever, printing each step only after the store call returned (so the parent knows what was
committed when it kills this process with SIGKILL).

Run as ``python -m tests.store.crash_worker DATABASE``.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sys
import time

from bot.store import Store, StoreError

log = logging.getLogger(__name__)

GUILD = 111
CHANNEL = 222
USERS = (1, 2, 3, 4)
JOURNAL_STEPS = 10


def say(line: str) -> None:
    print(line, flush=True)


async def seat_everyone(store: Store, table_id: int, rng: random.Random) -> None:
    for user in USERS:
        seat = await store.tables.seat_of(table_id, user)
        if seat is not None and seat.stack > 0:
            continue
        if seat is not None:
            await store.tables.cash_out(table_id, user)
        balance = await store.wallets.balance(GUILD, user)
        if balance < 100:
            balance = await store.wallets.grant(GUILD, user, 500, by_user_id=9)
        await store.tables.buy_in(table_id, user, f"P{user}", rng.randint(100, min(balance, 2000)))


async def play_forever(path: str) -> None:
    store = await Store.open(path)
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    rng = random.Random()
    say("ready")
    while True:
        await seat_everyone(store, table.id, rng)
        user = rng.choice(USERS)
        try:
            if rng.random() < 0.3:
                await store.tables.cash_out(table.id, user)
            await store.wallets.claim_daily(GUILD, user, now=time.time() + rng.randint(0, 10**7))
        except StoreError:
            pass
        await seat_everyone(store, table.id, rng)
        players = {seat.user_id: seat.stack for seat in await store.tables.seats(table.id)}
        hand_id = await store.hands.begin(table.id, players)
        say(f"H {hand_id}")
        for step in range(1, JOURNAL_STEPS + 1):
            state = {
                "hand": hand_id,
                "step": step,
                "stacks": players,
                "deck": rng.sample(range(52), 52),
            }
            await store.hands.journal(hand_id, state)
            say(f"J {hand_id} {step}")
        loser, winner = rng.sample(list(players), 2)
        moved = rng.randint(0, players[loser])
        finals = dict(players)
        finals[loser] -= moved
        finals[winner] += moved
        await store.hands.settle(hand_id, finals, "phh", {"moved": moved}, payouts={winner: moved})
        say(f"S {hand_id}")


if __name__ == "__main__":
    asyncio.run(play_forever(sys.argv[1]))

"""Benchmark the chip store with durable commits: settled hands per second and journal writes
per second on this machine (medians over repetitions).

A hand is what a table session does: ``hands.begin``, one ``hands.journal`` write per action (30
by default, a realistic triple-draw hand), then ``hands.settle``. The journaled state is a synthetic
engine state of realistic size (deck order, hands, an action log that grows with each action).
Also timed: 200 hands journaling at once, each after its previous write returned (the store's
group commit turns these into a few large transactions), with the latency of one call.

Run: ``python bench/bench_store.py [--hands 50] [--actions 30] [--repeat 5] [--tables 4]``
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.store import Store

log = logging.getLogger(__name__)

GUILD = 1
PLAYERS = 6


def synthetic_state(hand_id: int, action: int, rng: random.Random) -> dict[str, Any]:
    """An engine-like state: full deck order, five cards per player, and the action log so far."""
    return {
        "hand_id": hand_id,
        "deck": rng.sample(range(52), 52),
        "players": [
            {"id": 1000 + seat, "seat": seat, "stack": 400, "bet": 10, "cards": [seat, seat + 6]}
            for seat in range(PLAYERS)
        ],
        "records": [
            {"kind": "bet", "player": 1000 + n % PLAYERS, "amount": 10, "text": f"P{n} bets 10"}
            for n in range(action)
        ],
        "phase": "betting",
        "to_act": 1000 + action % PLAYERS,
    }


async def seat_players(store: Store, table_id: int, base_user: int) -> dict[int, int]:
    players = {}
    for seat in range(PLAYERS):
        user = base_user + seat
        await store.wallets.grant(GUILD, user, 10_000, by_user_id=1)
        row = await store.tables.buy_in(table_id, user, f"P{user}", 2000)
        players[user] = row.stack
    return players


async def play_hands(
    store: Store, table_id: int, players: dict[int, int], hands: int, actions: int
) -> dict[int, int]:
    """Play ``hands`` hands at one table; returns the stacks afterwards."""
    rng = random.Random(table_id)
    states = [synthetic_state(0, action, rng) for action in range(actions)]
    for _ in range(hands):
        hand_id = await store.hands.begin(table_id, players)
        for state in states:
            await store.hands.journal(hand_id, state)
        loser, winner = rng.sample(list(players), 2)
        moved = min(players[loser] - 1, 40)
        finals = dict(players)
        finals[loser] -= moved
        finals[winner] += moved
        await store.hands.settle(
            hand_id, finals, "phh", {"pot": 2 * moved}, payouts={winner: moved}
        )
        players = finals
    return players


async def bench_hands(path: Path, hands: int, actions: int, tables: int, sync: str) -> float:
    """Settled hands per second, ``tables`` tables playing at once."""
    store = await Store.open(path, synchronous=sync)
    try:
        table_ids = [(await store.tables.get_or_create(GUILD, 500 + n)).id for n in range(tables)]
        seated = [
            await seat_players(store, tid, 10_000 * (n + 1)) for n, tid in enumerate(table_ids)
        ]
        per_table = max(1, hands // tables)
        start = time.perf_counter()
        await asyncio.gather(
            *(
                play_hands(store, tid, seated[n], per_table, actions)
                for n, tid in enumerate(table_ids)
            )
        )
        elapsed = time.perf_counter() - start
        report = await store.audit.check()
        if not report.ok:
            raise SystemExit(report.format())
        return per_table * tables / elapsed
    finally:
        await store.close()


async def bench_journal(path: Path, writes: int, sync: str) -> float:
    """Journal writes per second for one running hand (one durable UPSERT each)."""
    store = await Store.open(path, synchronous=sync)
    try:
        table = await store.tables.get_or_create(GUILD, 900)
        players = await seat_players(store, table.id, 900_000)
        hand_id = await store.hands.begin(table.id, players)
        rng = random.Random(1)
        state = synthetic_state(hand_id, 15, rng)
        start = time.perf_counter()
        for _ in range(writes):
            await store.hands.journal(hand_id, state)
        elapsed = time.perf_counter() - start
        await store.hands.void(hand_id, "benchmark over")
        return writes / elapsed
    finally:
        await store.close()


async def bench_journal_concurrent(
    path: Path, hands: int, writes: int, sync: str
) -> tuple[float, float, float]:
    """Journal writes per second with ``hands`` hands running at once, each writing after its
    previous write returned (like table sessions under load), and the p50/p99 milliseconds of
    one ``journal`` call: what group commit is for."""
    store = await Store.open(path, synchronous=sync)
    try:
        hand_ids = []
        for n in range(hands):
            table = await store.tables.get_or_create(GUILD, 2000 + n)
            players = {}
            for seat in range(2):
                user = 2_000_000 + 10 * n + seat
                await store.wallets.grant(GUILD, user, 1_000, by_user_id=1)
                players[user] = (await store.tables.buy_in(table.id, user, f"P{user}", 500)).stack
            hand_ids.append(await store.hands.begin(table.id, players))
        rng = random.Random(2)
        states = [synthetic_state(0, 15, rng) for _ in range(4)]
        latencies: list[float] = []

        async def table(hand_id: int) -> None:
            for step in range(writes):
                began = time.perf_counter()
                await store.hands.journal(hand_id, states[step % len(states)])
                latencies.append(time.perf_counter() - began)

        start = time.perf_counter()
        await asyncio.gather(*(table(hand_id) for hand_id in hand_ids))
        elapsed = time.perf_counter() - start
        for hand_id in hand_ids:
            await store.hands.void(hand_id, "benchmark over")
        latencies.sort()
        p50 = latencies[len(latencies) // 2] * 1000
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
        return hands * writes / elapsed, p50, p99
    finally:
        await store.close()


def bench_fsync(folder: Path, count: int = 200) -> float:
    """Raw fsyncs per second of a small write on this disk: the ceiling for durable commits."""
    target = folder / "fsync.bin"
    fd = os.open(target, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        start = time.perf_counter()
        for n in range(count):
            os.pwrite(fd, b"x" * 4096, (n % 8) * 4096)
            os.fsync(fd)
        return count / (time.perf_counter() - start)
    finally:
        os.close(fd)
        target.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=48, help="hands per repetition")
    parser.add_argument("--actions", type=int, default=30, help="journal writes per hand")
    parser.add_argument("--tables", type=int, default=1, help="tables playing at once")
    parser.add_argument("--writes", type=int, default=1000, help="journal writes per repetition")
    parser.add_argument(
        "--concurrent-hands", type=int, default=200, help="hands journaling at once"
    )
    parser.add_argument(
        "--concurrent-writes", type=int, default=10, help="journal writes per concurrent hand"
    )
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (median reported)")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the database files")
    parser.add_argument(
        "--synchronous",
        default="FULL",
        choices=["FULL", "NORMAL"],
        help="FULL (the store's default: every commit fsynced) or NORMAL, for comparison",
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("bot.store").setLevel(logging.ERROR)  # voiding the bench hand is expected

    with tempfile.TemporaryDirectory(dir=args.dir, prefix="bench-store-") as tmp:
        folder = Path(tmp)
        fsyncs = [bench_fsync(folder) for _ in range(3)]
        hands: list[float] = []
        hands_parallel: list[float] = []
        journals: list[float] = []
        concurrent: list[tuple[float, float, float]] = []
        for rep in range(args.repeat):
            hands.append(
                asyncio.run(
                    bench_hands(
                        folder / f"h{rep}.db",
                        args.hands,
                        args.actions,
                        args.tables,
                        args.synchronous,
                    )
                )
            )
            hands_parallel.append(
                asyncio.run(
                    bench_hands(
                        folder / f"p{rep}.db", args.hands, args.actions, 4, args.synchronous
                    )
                )
            )
            journals.append(
                asyncio.run(bench_journal(folder / f"j{rep}.db", args.writes, args.synchronous))
            )
            concurrent.append(
                asyncio.run(
                    bench_journal_concurrent(
                        folder / f"c{rep}.db",
                        args.concurrent_hands,
                        args.concurrent_writes,
                        args.synchronous,
                    )
                )
            )
        state_bytes = len(str(synthetic_state(1, 15, random.Random(1))))

    print(f"store benchmark (synchronous={args.synchronous}, WAL, medians of {args.repeat})")
    print(f"  raw fsync on this disk           : {statistics.median(fsyncs):10,.0f} /s")
    print(
        f"  journal writes (~{state_bytes / 1024:.1f} KiB state)  : "
        f"{statistics.median(journals):10,.0f} /s"
    )
    print(
        f"  settled hands, {args.tables} table(s)        : {statistics.median(hands):10,.1f} /s"
        f"  (begin + {args.actions} journal writes + settle; 6 players)"
    )
    print(f"  settled hands, 4 tables at once  : {statistics.median(hands_parallel):10,.1f} /s")
    print(
        f"  journal writes, {args.concurrent_hands} hands at once: "
        f"{statistics.median(c[0] for c in concurrent):10,.0f} /s"
        f"  (one call: p50 {statistics.median(c[1] for c in concurrent):.1f} ms, "
        f"p99 {statistics.median(c[2] for c in concurrent):.1f} ms)"
    )
    print(
        f"  all repetitions: hands {[round(x, 1) for x in hands]}, "
        f"journal {[round(x) for x in journals]}, "
        f"concurrent journal {[round(c[0]) for c in concurrent]}"
    )


if __name__ == "__main__":
    main()

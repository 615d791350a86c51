"""Crash safety, on both backends: a child process moving chips and journaling hands is
SIGKILLed at random moments; after each kill the database audits clean, the interrupted hand
is listed with its last committed journal state, and it can be resumed (settled) or voided
with refunds."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store import Store
from tests.store._helpers import Database

REPO = Path(__file__).resolve().parents[2]


def run_and_kill(location: str, rng: random.Random, *, after_a_settle: bool = False) -> list[str]:
    """Start the worker, let it run a random while, SIGKILL it; returns what it printed.
    ``after_a_settle``: the random while starts once the worker has settled a hand (on a
    loaded machine a whole round can pass without one)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.store.crash_worker", location],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert child.stdout is not None
    first = child.stdout.readline()
    if first.strip() != "ready":
        child.kill()
        raise AssertionError(f"worker failed: {first}{child.communicate()[1]}")
    seen: list[str] = []
    while after_a_settle and not any(line.startswith("S ") for line in seen):
        line = child.stdout.readline()
        if not line:
            break
        seen.append(line.rstrip("\n"))
    time.sleep(rng.uniform(0.05, 0.5))
    child.send_signal(signal.SIGKILL)
    out, err = child.communicate(timeout=30)
    assert child.returncode == -signal.SIGKILL, err
    return seen + out.splitlines()


@pytest.mark.timeout(120)
async def test_sigkill_loses_nothing(database: Database) -> None:
    db_path = database.location
    rng = random.Random(7)
    interrupted_hands = 0
    settled_hands = 0
    for round_number in range(14):
        lines = run_and_kill(db_path, rng, after_a_settle=round_number >= 7 and not settled_hands)
        settled_hands += sum(1 for line in lines if line.startswith("S "))
        acked: dict[int, int] = {}
        for line in lines:
            if line.startswith("J "):
                _, hand, step = line.split()
                acked[int(hand)] = int(step)
        store = await Store.open(db_path)
        try:
            report = await store.audit.check()
            assert report.ok, report.format()
            assert report.granted == report.wallets + report.seats
            unfinished = await store.hands.unfinished()
            assert len(unfinished) <= 1
            for hand_id, table_id, state in unfinished:
                interrupted_hands += 1
                # Every journal write the worker saw return is on disk; at most one more.
                last_acked = acked.get(hand_id, 0)
                step = 0 if state is None else state["step"]
                assert last_acked <= step <= last_acked + 1
                record = await store.hands.record(hand_id)
                starts = {p.user_id: p.start_stack for p in record.players}
                if state is not None:
                    assert {int(k): v for k, v in state["stacks"].items()} == starts
                seats = {seat.user_id: seat.stack for seat in await store.tables.seats(table_id)}
                assert all(seats[user] == stack for user, stack in starts.items())
                if round_number % 2:
                    await store.hands.void(hand_id, "could not resume after a crash")
                    assert {s.user_id: s.stack for s in await store.tables.seats(table_id)} == seats
                else:  # resumed and played to the end by a restarted session
                    first, second = sorted(starts)[:2]
                    finals = dict(starts)
                    finals[first] -= 1
                    finals[second] += 1
                    await store.hands.settle(hand_id, finals, "phh", {"resumed": True})
            assert await store.hands.unfinished() == []
            report = await store.audit.check()
            assert report.ok, report.format()
        finally:
            await store.close()
        if round_number >= 7 and interrupted_hands >= 3 and settled_hands:
            break
    assert interrupted_hands >= 3
    assert settled_hands > 0
    check = subprocess.run(
        [sys.executable, "-m", "bot.store", "audit", db_path],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert "audit: OK" in check.stdout

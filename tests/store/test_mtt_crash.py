"""A table break survives a SIGKILL at any point of its store transaction, on both backends:
the worker (``mtt_crash_worker``) kills itself just before a chosen statement of the break; the
parent restarts as the bot does (the table not broken yet is broken again) and finds every
player seated once at the table left with the chips they had, the broken table closed, each
move written once and every chip accounted for, whatever the kill point."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import Store
from tests.store._helpers import Database
from tests.store.mtt_crash_worker import BREAK_SEATS, TABLE_ONE

REPO = Path(__file__).resolve().parents[2]


def run_worker(location: str, channel: int, kill_at: int) -> tuple[int, list[str]]:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.store.mtt_crash_worker",
            location,
            str(channel),
            str(kill_at),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    if done.returncode not in (0, -signal.SIGKILL):
        raise AssertionError(f"worker failed ({done.returncode}): {done.stdout}{done.stderr}")
    return done.returncode, done.stdout.splitlines()


async def restart_and_check(
    location: str, tournament_id: int, one: int, two: int, tournaments: int
) -> None:
    store = await Store.open(location)
    try:
        report = await store.audit.check()
        assert report.ok, report.format()
        broken = {
            t.table_id: t.broken_at is not None for t in await store.mtts.tables(tournament_id)
        }
        if not broken[two]:  # the break never committed: the bot breaks the table again
            assert len(await store.tables.seats(two)) == 3
            moves = [(user, one, seat) for user, seat in BREAK_SEATS.items()]
            await store.mtts.break_table(tournament_id, two, moves)
        seats = {s.seat: (s.user_id, s.stack) for s in await store.tables.seats(one)}
        expected = {seat: (user, 1000) for seat, user in TABLE_ONE.items() if user != 2004}
        expected[0] = (2001, 2000)
        expected.update({seat: (user, 1000) for user, seat in BREAK_SEATS.items()})
        assert seats == expected
        assert await store.tables.seats(two) == []
        moves = await store.mtts.moves(tournament_id)
        assert sorted((m.user_id, m.reason) for m in moves) == [
            (user, "break") for user in sorted(BREAK_SEATS)
        ]
        report = await store.audit.check()
        assert report.ok, report.format()
        # every run's tournament is still running, each holding its own chips
        assert (report.escrow, report.tournament_chips) == (700 * tournaments, 7000 * tournaments)
    finally:
        await store.close()


@pytest.mark.timeout(180)
async def test_sigkill_anywhere_in_a_table_break_loses_and_doubles_nobody(
    database: Database,
) -> None:
    location = database.location
    code, lines = run_worker(location, 1, 0)
    assert code == 0, lines
    statements = int(lines[1].split()[1])
    kill_points = sorted({1, statements // 3, 2 * statements // 3, statements})
    for channel, kill_at in enumerate(kill_points, start=2):
        code, lines = run_worker(location, channel, kill_at)
        assert code == -signal.SIGKILL, (kill_at, lines)
        _, tournament_id, one, two = lines[0].split()
        await restart_and_check(location, int(tournament_id), int(one), int(two), channel)

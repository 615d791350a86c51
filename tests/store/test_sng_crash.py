"""A sit-and-go's places survive a SIGKILL at any point of its last hand's settlement and
finish, on both backends: the worker (``sng_crash_worker``) kills itself just before a chosen
statement of those transactions; the parent then restarts as the bot does (the journaled hand,
if it is still running, is settled; a lone player left is declared the winner) and finds the
places RULES.md gives by the hand's start stacks, whatever the kill point.

Before the places were written with the settlement, a kill between the two placed the three
players out in that hand as equal stacks: the second place (40 chips at the hand's start)
shared its 120-chip prize with two players owed nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import Store
from tests.store._helpers import Database

REPO = Path(__file__).resolve().parents[2]
ALICE, BOB, CAROL, DAVE = 1001, 1002, 1003, 1004
AFTER_LAST_HAND = {ALICE: 0, BOB: 0, CAROL: 0, DAVE: 400}
PLACES = {DAVE: (1, 280), ALICE: (2, 120), BOB: (3, 0), CAROL: (3, 0)}
PHH = 'variant = "F2L3D"\nactions = []\n'


def run_worker(location: str, channel: int, kill_at: int) -> tuple[int, list[str]]:
    """Run the worker to its end or its kill: (its exit code, what it printed)."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.store.sng_crash_worker",
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


async def restart(location: str, tournament_id: int, hand_id: int) -> Store:
    """What a restarted bot does at the tournament's table: settle the journaled hand if it is
    still running (it was complete), then finish the tournament if one player is left."""
    store = await Store.open(location)
    report = await store.audit.check()
    assert report.ok, report.format()
    if hand_id in [hand for hand, _, _ in await store.hands.unfinished()]:
        await store.hands.settle(hand_id, AFTER_LAST_HAND, PHH, {"pot": 320, "resumed": True})
    running = await store.tournaments.get(tournament_id)
    if running.status == "running":
        assert running.table_id is not None
        seats = await store.tables.seats(running.table_id)
        assert [(s.user_id, s.stack) for s in seats] == [(DAVE, 400)]
        await store.tournaments.finish(tournament_id, DAVE, 280)
    return store


@pytest.mark.timeout(120)
async def test_sigkill_anywhere_in_the_last_hand_and_finish_keeps_the_places(
    database: Database,
) -> None:
    location = database.location
    code, lines = run_worker(location, 1, 0)
    assert code == 0, lines
    settle_statements = int(lines[1].split()[1])
    finish_statements = int(lines[2].split()[1])
    kill_points = sorted(
        {
            1,  # the settlement's first statement
            settle_statements // 2,
            settle_statements,  # its last: nothing of it commits
            settle_statements + 1,  # after its commit, before the finish
            settle_statements + finish_statements // 2,
            settle_statements + finish_statements,
        }
    )
    outcomes = []
    for channel, kill_at in enumerate([0, *kill_points], start=2):
        code, lines = run_worker(location, channel, kill_at)
        assert code == (0 if kill_at == 0 else -signal.SIGKILL), (kill_at, lines)
        _, tournament_id, hand_id = lines[0].split()
        store = await restart(location, int(tournament_id), int(hand_id))
        try:
            entries = await store.tournaments.entries(int(tournament_id))
            placed = {e.user_id: (e.place, e.prize) for e in entries}
            assert placed == PLACES, f"killed at statement {kill_at}: {placed}"
            assert (await store.tournaments.get(int(tournament_id))).status == "finished"
            report = await store.audit.check()
            assert report.ok, report.format()
            assert (report.escrow, report.tournament_chips) == (0, 0)
        finally:
            await store.close()
        outcomes.append((kill_at, len(lines)))
    # the kills came where they were meant to: before, between and after the two calls
    printed = dict(outcomes)
    assert printed[settle_statements] == 1 and printed[settle_statements + 1] == 2

"""The running MTT's director steps (``bot/features/mtt/running.py``) against a real store and a
client that records what it sends: a broken table's thread is told it broke once, even when
the process died between the break's store write and the notice (the store keeps whether it
was told; a restart tells it then)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.features.mtt.running import MttRuns
from bot.store import Store
from bot.tournament.balance import Table, first_seating, plan_break

GUILD, CHANNEL, ADMIN = 175928847299110001, 175928847299110002, 175928847299110003
MEMBERS = list(range(175928847299119000, 175928847299119007))
THREADS = [333001, 333002]


@dataclass
class Sent:
    lines: list[tuple[int, str]] = field(default_factory=list)


class Channel:
    def __init__(self, sent: Sent, channel_id: int) -> None:
        self.sent, self.id = sent, channel_id

    async def send(self, content: str, **_: Any) -> None:
        self.sent.lines.append((self.id, content))


class Tables:
    """The registry as the run uses it: the tournament's turn; no table session here."""

    @contextlib.asynccontextmanager
    async def tournament_turn(self, tournament_id: int) -> AsyncIterator[None]:
        yield

    def by_table(self, table_id: int) -> None:
        return None


class Client:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables = Tables()
        self.sent = Sent()

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None) -> Channel:
        return Channel(self.sent, id)

    def get_guild(self, id: int, /) -> None:
        return None

    async def dm_channel(self, user_id: int) -> Channel:
        return Channel(self.sent, user_id)

    async def locale_of(self, user_id: int) -> str:
        return "en"


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "deuce.db")
    try:
        yield opened
    finally:
        await opened.close()


async def broken_mtt(store: Store) -> tuple[int, int]:
    """Seven players on two tables (four and three); one goes out: the six left fit on one
    table, so the shorter table is broken in the store (its notice not sent yet)."""
    mtt = await store.mtts.create(
        GUILD,
        CHANNEL,
        ADMIN,
        buy_in=10,
        field=10,
        start_stack=1000,
        level_hands=10,
        structure="turbo",
        starts_in=30,
    )
    for user_id in MEMBERS:
        await store.mtts.register(mtt.id, user_id, f"P{user_id % 100}")
    seating = first_seating(MEMBERS, random.Random(1))
    await store.mtts.start(
        mtt.id, [(thread, dict(t.seating)) for thread, t in zip(THREADS, seating, strict=True)]
    )
    tables = await store.mtts.tables(mtt.id)
    shape = []
    for table in tables:
        seats = {s.seat: s.user_id for s in await store.tables.seats(table.table_id)}
        shape.append(Table(table.table_id, seats, table.button_seat))
    # one player out at the bigger table: six left, who fit on one table
    bigger = max(shape, key=lambda t: t.count)
    loser, winner = list(bigger.seating.values())[:2]
    stacks = {s.user_id: s.stack for s in await store.tables.seats(bigger.number)}
    hand = await store.hands.begin(bigger.number, {loser: stacks[loser], winner: stacks[winner]})
    await store.hands.settle(
        hand,
        {loser: 0, winner: stacks[loser] + stacks[winner]},
        'variant = "F2L3D"\nactions = []\n',
        {"pot": 0},
        showed_down=[loser, winner],
        voluntary=[loser, winner],
    )
    shape = [t.without(loser) for t in shape]
    broken = plan_break(shape, random.Random(2))
    assert broken is not None
    await store.mtts.break_table(
        mtt.id, broken.table, [(m.user_id, m.to_table, m.seat) for m in broken.moves]
    )
    return mtt.id, broken.table


async def settled(client: Client, count: int) -> None:
    for _ in range(100):
        if len(client.sent.lines) >= count:
            return
        await asyncio.sleep(0.02)


async def test_a_break_whose_notice_a_sigkill_lost_is_told_after_the_restart(
    store: Store,
) -> None:
    tournament_id, broken_id = await broken_mtt(store)
    (broken,) = [t for t in await store.mtts.tables(tournament_id) if t.table_id == broken_id]
    assert broken.broken_at is not None and not broken.break_told  # written, not yet told
    # The process that broke it died before the notice: a new one starts the run.
    client = Client(store)
    runs = MttRuns(client, rng=random.Random(3), lobby_every=0.01)
    run = await runs.run_of((await store.mtts.get(tournament_id)).tournament)
    run.wake()
    await settled(client, 1)
    await asyncio.sleep(0.1)
    told = [(channel, text) for channel, text in client.sent.lines if "is broken" in text]
    assert told == [(broken.channel_id, told[0][1])], client.sent.lines
    assert f"Table {broken.number} is broken" in told[0][1], told
    (after,) = [t for t in await store.mtts.tables(tournament_id) if t.table_id == broken_id]
    assert after.break_told
    # Asked again (the next hand, another restart): never told twice.
    run.wake()
    await asyncio.sleep(0.2)
    restarted = Client(store)
    again = MttRuns(restarted, rng=random.Random(3))
    second = await again.run_of((await store.mtts.get(tournament_id)).tournament)
    second.wake()
    await asyncio.sleep(0.2)
    assert [t for _, t in client.sent.lines if "is broken" in t] == [told[0][1]]
    assert not [t for _, t in restarted.sent.lines if "is broken" in t]
    await runs.close()
    await again.close()

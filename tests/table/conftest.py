"""Shared fixtures of the table tests: the real store on a SQLite file, tables opened through
the registry (stopped after the test, before the store closes), and a three-player table with
a hand running."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store
from bot.table.session import TableSession
from tests.table._helpers import (
    ALICE,
    BOB,
    CAROL,
    TABLE_MESSAGE,
    FakeClient,
    OpenTable,
    Tables,
    wait_until,
)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """The real store on a temporary SQLite file."""
    opened = await Store.open(str(tmp_path / "deuce.db"))
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def tables(store: Store) -> AsyncIterator[Tables]:
    """``await tables.open(*players)``, ``await tables.reopen()`` (a restart); every table
    opened is stopped after the test."""
    opened = Tables(store)
    try:
        yield opened
    finally:
        await opened.stop_all()


@pytest.fixture
async def seated(tables: Tables) -> OpenTable:
    """Alice, Bob and Carol (400 chips each), a hand dealt, table clicks from the table."""
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400), (CAROL, "Carol", 400))
    session = table.session
    # Dealt means journaled: the hand is set before its first journal write ends (without the
    # lock a test would see it early, and a store fault it plants would call the deal off).
    await wait_until(
        lambda: (
            session.hand is not None
            and session.journal.durable is not None
            and session.io.message_id
        )
    )
    session.io.message_id = TABLE_MESSAGE
    return table


@pytest.fixture
def session(seated: OpenTable) -> TableSession:
    return seated.session


@pytest.fixture
def client(seated: OpenTable) -> FakeClient:
    return seated.client

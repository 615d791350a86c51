"""Fixtures for the chip store tests: a real SQLite file per test, and whole-database snapshots."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store

log = logging.getLogger(__name__)

GUILD = 111
CHANNEL = 222
ADMIN = 999


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database path inside a folder that does not exist yet (Store.open must create it)."""
    return tmp_path / "data" / "deuce.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    """An open store on a fresh file; audited on the way out so no test leaks a chip."""
    opened = await Store.open(db_path)
    try:
        yield opened
        report = await opened.audit()
        assert report.ok, report.format()
    finally:
        await opened.close()


def snapshot(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, read through an independent connection (committed state only)."""
    with sqlite3.connect(path) as db:
        names = [
            row[0]
            for row in db.execute(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        result = {
            name: sorted(db.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
            for name in names
        }
    return result


async def seated_table(store: Store, *stacks: int) -> tuple[int, list[int]]:
    """A table in GUILD/CHANNEL with players 1, 2, ... bought in for the given stacks."""
    table = await store.get_or_create_table(GUILD, CHANNEL)
    users = []
    for number, stack in enumerate(stacks, start=1):
        await store.buy_in(table.id, number, f"Player {number}", stack)
        users.append(number)
    return table.id, users

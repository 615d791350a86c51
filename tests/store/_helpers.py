"""Helpers of the chip store tests: ids, whole-database snapshots, a seated table."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store import Store

GUILD = 111
CHANNEL = 222
ADMIN = 999


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

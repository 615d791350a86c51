"""``python -m bot.store copy SQLITE_PATH POSTGRES_URL``: move a server's data to PostgreSQL.

Every table of the SQLite file (wallets, ledger, settings, alert modes, tables, seats, hands
and their players, open journals) is copied row for row, ids included, into an EMPTY
PostgreSQL database, in ONE transaction: a copy that fails leaves the target as empty as it
was. Tables go in the order their foreign keys need; the identity sequences then continue
after the highest copied id. Both sides are audited at the end and their row counts compared.

Stop the bot first: the copy reads one consistent snapshot of the file, and anything the bot
writes after it would be missing from the copy.
"""

from __future__ import annotations

import logging
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any, TextIO

import asyncpg

from bot.store.models import AuditReport
from bot.store.postgres import redacted
from bot.store.store import Store

log = logging.getLogger(__name__)

CHUNK_ROWS = 5_000
"""Rows sent to PostgreSQL per COPY: the progress bar moves once per chunk."""
BAR_WIDTH = 30


class CopyRefused(Exception):
    """The copy cannot start (target not empty, schemas differ); nothing was written."""


class Progress:
    """Rows copied per table: a bar redrawn in place on a terminal, one line per table
    otherwise (a log file, CI)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.live = out.isatty()

    def update(self, table: str, done: int, total: int) -> None:
        if not self.live:
            return
        filled = BAR_WIDTH if total == 0 else BAR_WIDTH * done // total
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        self.out.write(f"\r  {table:<16} [{bar}] {done:>10,} / {total:,} rows")
        self.out.flush()

    def finish(self, table: str, total: int) -> None:
        if self.live:
            self.update(table, total, total)
            self.out.write("\n")
        else:
            self.out.write(f"  {table:<16} {total:>10,} rows\n")
        self.out.flush()


RUNTIME_TABLES = frozenset(
    {
        "shard_processes",
        "interaction_handoffs",
        "web_logins",
        "web_sessions",
        "web_requests",
        "rest_budget",
        "identify_turns",
    }
)
"""Tables of running processes (sharded routing, the limits they share, the dashboard's
sessions and its requests to the bot, which expire in 30 s), not data: never copied."""


def tables_in_copy_order(db: sqlite3.Connection) -> list[str]:
    """The file's tables (not the runtime ones), each after every table its foreign keys
    point to."""
    names = [
        str(row[0])
        for row in db.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name"
        )
        if str(row[0]) not in RUNTIME_TABLES
    ]
    needs = {
        name: {str(row[2]) for row in db.execute(f'PRAGMA foreign_key_list("{name}")')} - {name}
        for name in names
    }
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and needs[n] <= set(ordered)]
        if not ready:
            raise CopyRefused(f"circular foreign keys among {sorted(set(names) - set(ordered))}")
        ordered.extend(ready)
    return ordered


def sqlite_columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [str(row[1]) for row in db.execute(f'PRAGMA table_info("{table}")')]


def sqlite_chunks(db: sqlite3.Connection, table: str, columns: list[str]) -> Iterator[list[Any]]:
    listed = ", ".join(f'"{column}"' for column in columns)
    cursor = db.execute(f'SELECT {listed} FROM "{table}"')
    while rows := cursor.fetchmany(CHUNK_ROWS):
        yield rows


async def postgres_columns(conn: asyncpg.Connection, table: str) -> list[str]:
    rows = await conn.fetch(
        "SELECT column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = $1",
        table,
    )
    return [str(row[0]) for row in rows]


async def row_counts_postgres(conn: asyncpg.Connection, tables: list[str]) -> dict[str, int]:
    return {t: int(await conn.fetchval(f'SELECT count(*) FROM "{t}"')) for t in tables}


def row_counts_sqlite(db: sqlite3.Connection, tables: list[str]) -> dict[str, int]:
    return {t: int(db.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0]) for t in tables}


async def copy_rows(
    source: sqlite3.Connection, target: asyncpg.Connection, progress: Progress
) -> dict[str, int]:
    """Copy every table inside the caller's target transaction; returns rows per table."""
    tables = tables_in_copy_order(source)
    columns: dict[str, list[str]] = {}
    for table in tables:
        mine = sqlite_columns(source, table)
        theirs = await postgres_columns(target, table)
        if not theirs:
            raise CopyRefused(
                f"the PostgreSQL database has no table {table!r}: its migrations are older "
                "than the SQLite file's"
            )
        if sorted(mine) != sorted(theirs):
            raise CopyRefused(
                f"table {table!r} has columns {sorted(mine)} in SQLite but {sorted(theirs)} "
                "in PostgreSQL"
            )
        columns[table] = mine
    for table in tables:
        if await target.fetchval(f'SELECT EXISTS (SELECT 1 FROM "{table}")'):
            raise CopyRefused(
                f"the PostgreSQL database is not empty (table {table!r} has rows): "
                "copy into a new database"
            )
    totals = row_counts_sqlite(source, tables)
    for table in tables:
        done = 0
        progress.update(table, done, totals[table])
        for chunk in sqlite_chunks(source, table, columns[table]):
            await target.copy_records_to_table(table, records=chunk, columns=columns[table])
            done += len(chunk)
            progress.update(table, done, totals[table])
        if done != totals[table]:
            raise RuntimeError(f"read {done} rows of {table} but counted {totals[table]}")
        progress.finish(table, done)
    identities = await target.fetch(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    for table, column in identities:
        await target.execute(
            f'SELECT setval(pg_get_serial_sequence($1, $2), max("{column}")) '
            f'FROM "{table}" HAVING max("{column}") IS NOT NULL',
            table,
            column,
        )
    return totals


async def audit_location(location: str) -> AuditReport:
    store = await Store.open(location)
    try:
        return await store.audit.check()
    finally:
        await store.close()


async def copy_database(source_path: Path, target_url: str, out: TextIO = sys.stdout) -> int:
    """Copy, audit both sides, compare row counts; returns the exit code (0 when all agree,
    1 when an audit fails or a count differs; refusals raise ``CopyRefused``)."""
    shown = redacted(target_url)
    # Opening applies any migration each side is missing, so both are at this code's schema.
    await (await Store.open(source_path)).close()
    await (await Store.open(target_url)).close()
    out.write(f"copying {source_path} -> {shown}\n")
    progress = Progress(out)
    with closing(sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)) as source:
        source.execute("BEGIN")  # one snapshot for the whole copy
        target = await asyncpg.connect(target_url)
        try:
            async with target.transaction():
                await target.execute("LOCK TABLE ledger_tx IN EXCLUSIVE MODE")
                totals = await copy_rows(source, target, progress)
            copied = await row_counts_postgres(target, list(totals))
        finally:
            await target.close()
    out.write(f"copied {sum(totals.values()):,} rows in {len(totals)} tables\n")
    code = 0
    for table, count in totals.items():
        if copied[table] != count:
            out.write(f"ROW COUNT DIFFERS: {table} has {count:,} in SQLite, {copied[table]:,}\n")
            code = 1
    for name, location in (("SQLite", str(source_path)), ("PostgreSQL", target_url)):
        report = await audit_location(location)
        out.write(f"{name} ({redacted(location)}):\n{report.format()}\n")
        if not report.ok:
            code = 1
    return code

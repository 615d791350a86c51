"""Schema, pragmas and the audit CLI on both backends: migrations once, typed columns,
append-only ledger (and on PostgreSQL, zero-sum transactions checked at COMMIT), WAL and durable
commits on SQLite, and ``python -m bot.store audit`` failing loudly on a tampered database."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import Store, migrations_pg
from bot.store.migrations import SCHEMA_VERSION, split_statements
from bot.store.sqlite import SqliteBackend
from tests.store._helpers import GUILD, POSTGRESQL, SQLITE, Database, seated_table

REPO = Path(__file__).resolve().parents[2]


def audit_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.store", "audit", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
    )


async def test_migrations_apply_once_and_persist(database: Database) -> None:
    store = await Store.open(database.location)
    await store.wallets.balance(GUILD, 1)
    await store.close()
    store = await Store.open(database.location)  # reopening applies nothing and keeps the data
    try:
        assert await store.wallets.balance(GUILD, 1) == 1000
    finally:
        await store.close()
    tables = set(await database.table_names())
    assert tables >= {"wallets", "seats", "ledger_tx", "hand_journal", "alert_modes"}
    if database.kind == POSTGRESQL:
        versions = await database.rows("SELECT version FROM schema_migrations ORDER BY version")
        assert [row[0] for row in versions] == list(range(1, migrations_pg.SCHEMA_VERSION + 1))
        return
    with sqlite3.connect(database.path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        sql = db.execute(
            "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        assert all("STRICT" in text for _, text in sql)


async def test_both_schemas_have_the_same_tables_and_columns(
    postgres_cluster: object, tmp_path: Path
) -> None:
    """The copy tool moves rows column by column: both backends' migrations must agree."""
    from tests.store._helpers import PostgresCluster

    assert isinstance(postgres_cluster, PostgresCluster)
    sqlite_db = Database(SQLITE, str(tmp_path / "a.db"))
    postgres_db = Database(POSTGRESQL, await postgres_cluster.create_database())
    try:
        for database in (sqlite_db, postgres_db):
            await (await Store.open(database.location)).close()
        names = await sqlite_db.table_names()
        assert names == await postgres_db.table_names()
        for name in names:
            assert sorted(await sqlite_db.columns(name)) == sorted(
                await postgres_db.columns(name)
            ), name
    finally:
        await postgres_db.close()


async def test_durable_commit_pragmas(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        backend = store.backend
        assert isinstance(backend, SqliteBackend)
        assert await backend.pragma("synchronous") == 2  # FULL: every commit fsyncs the WAL
        assert await backend.pragma("busy_timeout") >= 1000
        assert await backend.pragma("foreign_keys") == 1
    finally:
        await store.close()


async def test_typed_columns_and_append_only_ledger(store: Store, database: Database) -> None:
    await store.wallets.balance(GUILD, 1)
    with pytest.raises(Exception):  # noqa: B017 - SQLite STRICT / PostgreSQL bigint: no text
        await database.execute("UPDATE wallets SET balance = '12abc'")
    with pytest.raises(Exception, match="balance"):
        await database.execute("UPDATE wallets SET balance = -1")
    with pytest.raises(Exception, match="append-only"):
        await database.execute("UPDATE ledger_entries SET amount = amount + 1")
    with pytest.raises(Exception, match="append-only"):
        await database.execute("DELETE FROM ledger_tx")
    if database.kind == POSTGRESQL:
        with pytest.raises(Exception, match="append-only"):
            await database.execute("TRUNCATE ledger_entries, ledger_tx")
    assert (await store.audit.check()).ok


@pytest.mark.parametrize("database", [POSTGRESQL], indirect=True)
async def test_postgres_refuses_an_unbalanced_ledger_transaction_at_commit(
    store: Store, database: Database
) -> None:
    """SQLite has no deferred triggers: there the store (``_post``) and the audit check it."""
    await store.wallets.balance(GUILD, 1)
    before = await database.snapshot()
    with pytest.raises(Exception, match="sums to -5, not 0"):
        await database.execute(
            "INSERT INTO ledger_tx (id, kind, created_at) VALUES (1000, 'grant', 0)",
            "INSERT INTO ledger_entries (tx_id, account, amount) VALUES (1000, 'mint', -5)",
        )
    assert await database.snapshot() == before


def test_split_statements_keeps_trigger_bodies() -> None:
    script = (
        "CREATE TABLE a (x INTEGER);\nCREATE TRIGGER t BEFORE DELETE ON a\nBEGIN SELECT 1; END;\n"
    )
    assert split_statements(script) == [
        "CREATE TABLE a (x INTEGER);",
        "CREATE TRIGGER t BEFORE DELETE ON a\nBEGIN SELECT 1; END;",
    ]
    with pytest.raises(ValueError):
        split_statements("CREATE TABLE b (x INTEGER")


async def test_audit_cli_passes_then_catches_tampering(database: Database) -> None:
    store = await Store.open(database.location)
    try:
        await seated_table(store, 400, 500)
    finally:
        await store.close()
    good = audit_cli(database.location)
    assert good.returncode == 0, good.stderr
    assert "audit: OK" in good.stdout and "2,000" in good.stdout
    variable = "DATABASE_PATH" if database.kind == SQLITE else "DATABASE_URL"
    from_env = audit_cli(env={variable: database.location})
    assert from_env.returncode == 0 and "audit: OK" in from_env.stdout, from_env.stderr

    await database.execute("UPDATE wallets SET balance = balance + 7 WHERE user_id = 1")
    bad = audit_cli(database.location)
    assert bad.returncode == 1
    assert "FAILED" in bad.stdout
    assert "wallet" in bad.stdout and "+7" in bad.stdout

    await database.execute(
        "UPDATE wallets SET balance = balance - 7 WHERE user_id = 1",
        "UPDATE seats SET stack = stack - 50 WHERE user_id = 2",
    )
    bad = audit_cli(database.location)
    assert bad.returncode == 1 and "seat" in bad.stdout and "-50" in bad.stdout


async def test_audit_catches_an_unbalanced_ledger_transaction(database: Database) -> None:
    store = await Store.open(database.location)
    try:
        await store.wallets.balance(GUILD, 1)
    finally:
        await store.close()
    statements = [
        "INSERT INTO ledger_tx (id, kind, created_at) VALUES (1000, 'grant', 0)",
        "INSERT INTO ledger_entries (tx_id, account, amount) VALUES (1000, 'mint', -5)",
    ]
    if database.kind == POSTGRESQL:  # past the COMMIT check, as a superuser could
        statements.insert(
            0, "ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_sum_to_zero"
        )
    await database.execute(*statements)
    store = await Store.open(database.location)
    try:
        report = await store.audit.check()
    finally:
        await store.close()
    assert not report.ok
    assert any("transaction 1000 sums to -5" in problem for problem in report.problems)


def test_audit_cli_without_a_database(tmp_path: Path) -> None:
    missing = audit_cli(str(tmp_path / "nothing.db"))
    assert missing.returncode == 2
    assert "no database" in missing.stderr
    assert not (tmp_path / "nothing.db").exists()
    unreachable = audit_cli(f"postgresql://deuce:secret@/none?host={tmp_path / 'no-server'}")
    assert unreachable.returncode == 2
    assert "cannot audit" in unreachable.stderr and "secret" not in unreachable.stderr

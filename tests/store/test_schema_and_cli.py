"""Schema, pragmas and the audit CLI: migrations once, STRICT tables, append-only ledger, WAL,
durable commits, and ``python -m bot.store audit`` failing loudly on a tampered database."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import Store
from bot.store.migrations import SCHEMA_VERSION, split_statements
from tests.store._helpers import GUILD, seated_table

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


async def test_migrations_apply_once_and_persist(db_path: Path) -> None:
    store = await Store.open(db_path)
    await store.balance(GUILD, 1)
    await store.close()
    store = await Store.open(db_path)  # reopening applies nothing and keeps the data
    try:
        assert await store.balance(GUILD, 1) == 1000
    finally:
        await store.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = db.execute(
            "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        assert {name for name, _ in tables} >= {"wallets", "seats", "ledger_tx", "hand_journal"}
        assert all("STRICT" in sql for _, sql in tables)


async def test_durable_commit_pragmas(store: Store) -> None:
    writer = store._writer
    rows = list(await writer.execute_fetchall("PRAGMA synchronous"))
    assert rows[0][0] == 2  # FULL: every commit fsyncs the WAL
    rows = list(await writer.execute_fetchall("PRAGMA busy_timeout"))
    assert rows[0][0] >= 1000
    rows = list(await writer.execute_fetchall("PRAGMA foreign_keys"))
    assert rows[0][0] == 1


async def test_strict_tables_and_append_only_ledger(store: Store, db_path: Path) -> None:
    await store.balance(GUILD, 1)
    with sqlite3.connect(db_path) as db:
        with pytest.raises(sqlite3.IntegrityError):  # STRICT: no text in an INTEGER column
            db.execute("UPDATE wallets SET balance = '12abc'")
        with pytest.raises(sqlite3.IntegrityError):
            db.execute("UPDATE wallets SET balance = -1")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("UPDATE ledger_entries SET amount = amount + 1")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("DELETE FROM ledger_tx")
        db.rollback()
    assert (await store.audit()).ok


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


async def test_audit_cli_passes_then_catches_tampering(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        await seated_table(store, 400, 500)
    finally:
        await store.close()
    good = audit_cli(str(db_path))
    assert good.returncode == 0, good.stderr
    assert "audit: OK" in good.stdout and "2,000" in good.stdout
    from_env = audit_cli(env={"DATABASE_PATH": str(db_path)})
    assert from_env.returncode == 0 and "audit: OK" in from_env.stdout

    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE wallets SET balance = balance + 7 WHERE user_id = 1")
    bad = audit_cli(str(db_path))
    assert bad.returncode == 1
    assert "FAILED" in bad.stdout
    assert "wallet" in bad.stdout and "+7" in bad.stdout

    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE wallets SET balance = balance - 7 WHERE user_id = 1")
        db.execute("UPDATE seats SET stack = stack - 50 WHERE user_id = 2")
    bad = audit_cli(str(db_path))
    assert bad.returncode == 1 and "seat" in bad.stdout and "-50" in bad.stdout


async def test_audit_catches_an_unbalanced_ledger_transaction(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        await store.balance(GUILD, 1)
    finally:
        await store.close()
    with sqlite3.connect(db_path) as db:
        db.execute("INSERT INTO ledger_tx (kind, created_at) VALUES ('grant', 0)")
        tx_id = db.execute("SELECT max(id) FROM ledger_tx").fetchone()[0]
        db.execute(
            "INSERT INTO ledger_entries (tx_id, account, amount) VALUES (?, 'mint', -5)", (tx_id,)
        )
    store = await Store.open(db_path)
    try:
        report = await store.audit()
    finally:
        await store.close()
    assert not report.ok
    assert any(f"transaction {tx_id} sums to -5" in problem for problem in report.problems)


def test_audit_cli_without_a_database(tmp_path: Path) -> None:
    missing = audit_cli(str(tmp_path / "nothing.db"))
    assert missing.returncode == 2
    assert "no database" in missing.stderr
    assert not (tmp_path / "nothing.db").exists()

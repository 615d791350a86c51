"""Fixtures for the chip store tests: each test runs on a real SQLite file and on a real
PostgreSQL database (``store`` and ``database`` are parametrised by backend), audited on the
way out so no test leaks a chip.

The PostgreSQL server is the run's own throwaway cluster (``postgres_cluster`` in
tests/conftest.py), one per session, with a fresh database per test. Without the server
binaries the PostgreSQL cases are skipped with the reason, except under ``CI=true``, where they
must run: there they fail.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store
from tests.store._helpers import BACKENDS, SQLITE, Database, PostgresCluster

log = logging.getLogger(__name__)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A SQLite path inside a folder that does not exist yet (Store.open must create it)."""
    return tmp_path / "data" / "deuce.db"


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Database]:
    """A fresh, empty database of each backend: a SQLite file that does not exist yet, or a
    new database on the session's PostgreSQL server."""
    kind = str(request.param)
    if kind == SQLITE:
        location = str(db_path)
    else:
        cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
        location = await cluster.create_database()
    opened = Database(kind, location)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def store(database: Database) -> AsyncIterator[Store]:
    """An open store on a fresh database; audited on the way out so no test leaks a chip."""
    opened = await Store.open(database.location)
    try:
        yield opened
        report = await opened.audit.check()
        assert report.ok, report.format()
    finally:
        await opened.close()

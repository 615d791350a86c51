"""Fixtures for the chip store tests: each test runs on a real SQLite file and on a real
PostgreSQL database (``store`` and ``database`` are parametrised by backend), audited on the
way out so no test leaks a chip.

The PostgreSQL server is the run's own throwaway cluster (``_helpers.PostgresCluster``), one per
session, with a fresh database per test. Without the server binaries the PostgreSQL cases are
skipped with the reason, except under ``CI=true``, where they must run: there they fail.
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.store import Store
from tests.store._helpers import BACKENDS, SQLITE, Database, PostgresCluster, postgres_bin_dir

log = logging.getLogger(__name__)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """The session's PostgreSQL server, started on first use."""
    bin_dir = postgres_bin_dir()
    if bin_dir is None or not (bin_dir / "initdb").exists():
        reason = (
            "PostgreSQL server binaries (initdb, pg_ctl) not found: install the server "
            "(README, 'Test') or set DEUCE_POSTGRES_BIN"
        )
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the PostgreSQL tests: {reason}")
        pytest.skip(reason)
    cluster = PostgresCluster(bin_dir)
    try:
        cluster.start()  # a server that cannot start fails every PostgreSQL test, loudly
        yield cluster
    finally:
        cluster.stop()


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
        report = await opened.audit()
        assert report.ok, report.format()
    finally:
        await opened.close()

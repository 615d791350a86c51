"""Fixtures for the chip store tests: a real SQLite file per test, audited on the way out."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store

log = logging.getLogger(__name__)


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

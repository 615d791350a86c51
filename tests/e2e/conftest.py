"""Fixtures of the end-to-end tests: a guild with a poker channel, players, the bot process."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.conftest import StartBot
from tests.discord_double import DiscordDouble
from tests.e2e.helpers import Club, check_after_test, make_club

log = logging.getLogger(__name__)


@pytest.fixture
async def club(double: DiscordDouble, start_bot: StartBot, tmp_path: Path) -> AsyncIterator[Club]:
    made = await make_club(double, start_bot, tmp_path)
    yield made
    check_after_test(made)

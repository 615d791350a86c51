"""Fixtures of the end-to-end tests: a guild with a poker channel, players, the bot.

``club`` is a process of its own per test (``python -m bot``, a fresh double), unless the module
says ``pytestmark = IN_LOOP`` (``tests/e2e/helpers.py``): then it is a fresh guild on the one
``DeuceBot`` the module runs in its event loop against one double (``bot_in_loop``). The same
test reads and plays the same on both; only the process tier shows start-up, signals, a lost
database, shards and the log on disk.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from tests.conftest import StartBot
from tests.discord_double import DiscordDouble
from tests.e2e.helpers import (
    Club,
    check_after_test,
    error_lines,
    make_club,
    make_club_in_loop,
)
from tests.e2e.in_loop import BotInLoop, give_card_emojis

log = logging.getLogger(__name__)


@pytest.fixture
def club(request: pytest.FixtureRequest) -> Club:
    """The test's club, on the tier its module asks for (a bot process unless ``IN_LOOP``)."""
    if request.node.get_closest_marker("bot_in_loop") is None:
        made: Club = request.getfixturevalue("club_in_process")
        return made
    marker = request.node.get_closest_marker("asyncio")
    assert marker is not None and marker.kwargs.get("loop_scope") == "module", (
        "a bot in the loop runs in the module's loop: pytestmark = IN_LOOP"
    )
    made = request.getfixturevalue("club_in_loop")
    return made


@pytest.fixture
async def club_in_process(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> AsyncIterator[Club]:
    """A guild, #poker, an admin, and ``python -m bot`` started for this test alone."""
    made = await make_club(double, start_bot, tmp_path)
    yield made
    check_after_test(made)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bot_in_loop(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[BotInLoop]:
    """One double (its application owning the card emojis) and the real ``DeuceBot`` in the
    module's event loop, on a SQLite file of the module's, with the settings the module asks
    for (``in_loop_with``); closed after the module's last test (whose teardown fails on an
    ERROR line the bot logged while closing)."""
    double = DiscordDouble()
    give_card_emojis(double)
    marker = request.node.get_closest_marker("bot_in_loop")
    env_of = marker.kwargs.get("env") if marker is not None else None
    env = env_of(double) if env_of is not None else {}
    await double.start()
    bot = BotInLoop(double, tmp_path_factory.mktemp("bot-in-loop") / "deuce.db", **env)
    try:
        await bot.start()
        yield bot
        bot.begin()
    finally:
        try:
            await bot.stop()
        finally:
            await double.stop()
    assert error_lines(bot.output()) == []


@pytest_asyncio.fixture(loop_scope="module")
async def club_in_loop(bot_in_loop: BotInLoop) -> AsyncIterator[Club]:
    """A fresh guild, #poker and admin on the module's bot; after the test the tables of the
    servers it made (that one, and any other the test added) stop, as at a process's stop,
    then the checks every end-to-end test passes."""
    before = set(bot_in_loop.double.guilds)
    made = await make_club_in_loop(bot_in_loop)
    yield made
    for guild_id in set(bot_in_loop.double.guilds) - before:
        await bot_in_loop.close_tables(guild_id)
    check_after_test(made)

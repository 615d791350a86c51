"""Fixtures of the end-to-end tests: a guild with a poker channel, players, the bot process."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import BotProcess, StartBot
from tests.discord_double import ADMIN_MEMBER_PERMISSIONS, Channel, DiscordDouble, Guild, Member
from tests.e2e.helpers import CARD_RE, PokerTable, audit

log = logging.getLogger(__name__)

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank")
START_WALLET = 1000
DEFAULT_BUY_IN = 400


@dataclass
class Club:
    """One guild with a #poker channel, an admin, and the bot running against the double."""

    double: DiscordDouble
    guild: Guild
    channel: Channel
    admin: Member
    bot: BotProcess
    db_path: Path

    async def players(self, count: int, *, closed_dms: tuple[str, ...] = ()) -> list[Member]:
        members = []
        for name in NAMES[:count]:
            members.append(
                await self.double.add_member(
                    self.guild, name.lower(), display_name=name, dms_closed=name in closed_dms
                )
            )
        return members

    async def seated(self, count: int, *, closed_dms: tuple[str, ...] = ()) -> PokerTable:
        """``count`` players who each ran /poker join (default buy-in), with a hand dealt."""
        members = await self.players(count, closed_dms=closed_dms)
        table = PokerTable(self.double, self.channel, members)
        for member in members:
            await table.join(member)
        await table.wait_hand()
        return table

    def audit_ok(self) -> str:
        result = audit(self.db_path)
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout


MakeClub = Callable[..., Awaitable[Club]]


#: A card as the engine writes it (``7s``, ``Td``), standing alone.
CARD_TOKEN_RE = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z0-9])")
LOG_LEVEL_RE = re.compile(r"^\S+ \S+ (INFO|WARNING|ERROR|CRITICAL)\b")


def cards_in_logs(output: str) -> list[str]:
    """Log lines at INFO or above that contain a card (engine notation or a card label)."""
    found = []
    for line in output.splitlines():
        if LOG_LEVEL_RE.match(line) and (CARD_TOKEN_RE.search(line) or CARD_RE.search(line)):
            found.append(line)
    return found


async def make_club(double: DiscordDouble, start_bot: StartBot, tmp_path: Path, **env: str) -> Club:
    """A guild, #poker, an admin with Manage Server, and the bot started with ``env``."""
    guild = await double.add_guild("Deuce Club")
    channel = await double.add_channel(guild, "poker")
    admin = await double.add_member(
        guild, "admin", display_name="Admin", permissions=ADMIN_MEMBER_PERMISSIONS
    )
    db_path = tmp_path / "deuce.db"
    bot = await start_bot(double, db_path, **env)
    return Club(double, guild, channel, admin, bot, db_path)


def check_after_test(club: Club) -> None:
    """Whatever a test did: no card in a log line at INFO or above, no unknown route."""
    assert cards_in_logs(club.bot.output()) == []
    assert club.double.unknown_routes == []


@pytest.fixture
async def club(double: DiscordDouble, start_bot: StartBot, tmp_path: Path) -> AsyncIterator[Club]:
    made = await make_club(double, start_bot, tmp_path)
    yield made
    check_after_test(made)

"""The dashboard's browser tests' shared steps: the bot of a module that serves the dashboard,
and signing in through the Discord double's OAuth2 consent page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.discord_double import Channel
from tests.discord_double.oauth import CLIENT_SECRET
from tests.discord_double.server import DiscordDouble
from tests.e2e.browser import free_port, need_browser, screenshots
from tests.e2e.helpers import Club, PokerTable, buttons, in_loop_with
from tests.e2e.in_loop import BotInLoop


def dashboard_env(double: DiscordDouble) -> dict[str, str]:
    """A bot serving the dashboard on a free port, with Log in with Discord (the double's
    application as the OAuth2 client)."""
    return {
        "DEUCE_WEB_PORT": str(free_port()),
        "DISCORD_CLIENT_ID": str(double.application_id),
        "DISCORD_CLIENT_SECRET": CLIENT_SECRET,
    }


DASHBOARD: list[pytest.MarkDecorator] = in_loop_with(dashboard_env)
"""``pytestmark = DASHBOARD``: the module's clubs are on one bot in its loop serving the
dashboard (``dashboard_address``)."""


def dashboard_address(club: Club) -> str:
    """The dashboard of the club's bot (a ``DASHBOARD`` module's); the test skips first when
    no browser is installed."""
    need_browser()
    assert isinstance(club.bot, BotInLoop) and club.bot.config.web_port, "pytestmark = DASHBOARD"
    return club.bot.config.web_url


async def sign_in_with_discord(page: Any, base: str, folder: Path | None = None) -> None:
    """Home → Log in with Discord → the double's consent page → Authorize → home."""
    await page.goto(base)
    await page.get_by_role("link", name="Log in with Discord").click()
    await page.wait_for_url("**/oauth2/authorize**")
    if folder is not None:
        await screenshots(page, folder, "2-discord-consent")
    await page.get_by_role("button", name="Authorize").click()
    await page.wait_for_url(f"{base}/")


def table_id_of(double: DiscordDouble, channel: Channel) -> int:
    """The table id of the channel's table, as its buttons carry it (deuce:t:<table>:...)."""
    table = PokerTable(double, channel, [])
    message = table.table_message()
    assert message is not None
    for button in buttons(message):  # (in a V2 message's container)
        parts = str(button.get("custom_id", "")).split(":")
        if len(parts) > 2 and parts[0] == "deuce" and parts[1] == "t":
            return int(parts[2])
    raise AssertionError("the table message has no table button")

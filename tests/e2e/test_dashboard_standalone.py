"""``python -m bot.web`` beside the bot, on the same SQLite file (issue 38): the dashboard alone
shows the server's live table as the store has it, in a real browser, and follows the hand as
the members play it in the channel (the bot's journal, read every half second) without a
reload; Pause and Close are shown disabled there, saying where they are, and no card of anyone
reaches the page."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

from tests.conftest import StartBot, bot_env
from tests.discord_double.oauth import CLIENT_SECRET
from tests.discord_double.server import DiscordDouble
from tests.e2e.browser import chromium, free_port, need_browser, screenshots, shot_dir
from tests.e2e.dashboard import sign_in_with_discord
from tests.e2e.helpers import check_after_test, field_value, make_club

REPO_ROOT = Path(__file__).resolve().parents[2]
SUITS = "♠♥♦♣"


async def test_the_dashboard_alone_follows_the_bots_table_from_the_store(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    need_browser()
    club = await make_club(double, start_bot, tmp_path)
    table = await club.seated(2)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(REPO_ROOT),
        **bot_env(double, club.db_path, log_level="INFO"),
        "DEUCE_WEB_PORT": str(port),
        "DISCORD_CLIENT_ID": str(double.application_id),
        "DISCORD_CLIENT_SECRET": CLIENT_SECRET,
    }
    log_path = tmp_path / "web.log"
    with log_path.open("wb") as log:
        web = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.web", cwd=tmp_path, env=env, stdout=log, stderr=log
        )
    folder = shot_dir(tmp_path)
    try:
        async with chromium() as browser:
            page = await browser.new_page()
            for _ in range(100):
                try:
                    await page.goto(base)
                    break
                except Exception:
                    await asyncio.sleep(0.1)
            double.oauth.signed_in = club.admin
            await sign_in_with_discord(page, base)
            await page.goto(f"{base}/servers/{club.guild.id}")
            card = page.locator("section.card").first
            message = table.table_message()
            assert message is not None
            turn = table.turn(message)
            assert turn is not None
            member, _verb = turn
            text = await card.inner_text()
            assert "#poker · hand #" in text and f"{member.display_name} to play" in text
            content = await page.content()
            assert not any(suit in content for suit in SUITS)
            assert await page.get_by_role("button", name="Pause").is_disabled()
            assert "act on the table in the bot's own process" in await page.inner_text("main")
            await screenshots(page, folder, "s7-live-standalone")
            # A member acts in the channel: the page follows, without a reload.
            await table.click_table(member, "call")
            acted = time.monotonic()
            await table.wait_table(
                lambda m: (table.turn(m) or (member,))[0] is not member, timeout=10
            )
            other = next(p for p in table.players if p is not member)
            await page.wait_for_function(
                "name => document.querySelector('section.card').innerText"
                ".includes(name + ' to play')",
                arg=other.display_name,
                timeout=5000,
            )
            followed = time.monotonic() - acted
            assert followed < 3.0, followed  # the journal, read within 0.5 s, then the stream
            assert "calls" in await card.inner_text()
            content = await page.content()
            assert not any(suit in content for suit in SUITS)
            seats = field_value(table.table_message() or {}, "Seats") or ""
            assert member.display_name in seats
    finally:
        web.terminate()
        await web.wait()
    output = log_path.read_text()
    assert " ERROR " not in output and "Traceback" not in output, output
    check_after_test(club)

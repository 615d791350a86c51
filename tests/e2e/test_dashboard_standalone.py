"""``python -m bot.web`` beside the bot, on the same SQLite file (issue 38): the dashboard alone
shows the server's live table as the store has it, in a real browser, and follows the hand as
the members play it in the channel (the bot's journal, read every half second) without a
reload, and no card of anyone reaches the page. Its Pause and Resume reach the bot through the
store (a request its process takes within about a second): the page shows the request, then
the bot's answer, and the channel's table follows; a member without Manage Server is refused
by forged post and writes nothing."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path
from typing import Any

from tests.conftest import StartBot, bot_env
from tests.discord_double.oauth import CLIENT_SECRET
from tests.discord_double.server import DiscordDouble
from tests.e2e.browser import chromium, free_port, need_browser, screenshots, shot_dir
from tests.e2e.dashboard import sign_in_with_discord, table_id_of
from tests.e2e.helpers import check_after_test, embed0, field_value, make_club

REPO_ROOT = Path(__file__).resolve().parents[2]


def description(message: dict[str, Any] | None) -> str:
    return str(embed0(message).get("description") or "")


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
            assert await page.get_by_role("button", name="Pause").is_enabled()
            assert "passed to the bot through the database" in await page.inner_text("main")
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
            # Pause from this page: a request the bot's process applies, as the admin.
            table_id = table_id_of(double, club.channel)
            first = table.running_hand()
            await card.get_by_role("button", name="Pause").click()
            clicked = time.monotonic()
            await page.wait_for_url(f"{base}/servers/{club.guild.id}?request=*")
            notice = page.locator("[data-request] p.notice")
            await notice.and_(page.locator('[data-state="done"]')).wait_for(timeout=5000)
            answered = time.monotonic() - clicked
            assert await notice.inner_text() == (
                "The table pauses after the running hand: /pokeradmin resume deals again."
            )
            await table.wait_table(lambda m: "this is the last hand" in description(m))
            await page.locator("section.card", has_text="Paused by Admin").wait_for(timeout=3000)
            await screenshots(page, folder, "s7-standalone-actions-paused")
            await table.play_hand(lambda t, m, msg: "fold")
            await table.wait_table(lambda m: "no new hand until" in description(m))
            assert f"Paused by <@{club.admin.id}>" in description(table.table_message())
            # A member without Manage Server, by forged post with a token of their own.
            double.oauth.signed_in = table.players[0]
            member_context = await browser.new_context()
            member_page = await member_context.new_page()
            await sign_in_with_discord(member_page, base)
            csrf = await member_page.locator("header input[name=csrf]").get_attribute("value")
            for action in ("resume", "close"):
                forged = await member_page.request.post(
                    f"{base}/servers/{club.guild.id}/tables/{table_id}/{action}",
                    form={"csrf": csrf or ""},
                )
                assert forged.status == 403 and "Manage Server" in await forged.text()
            await member_context.close()
            # Resume: the channel deals again.
            await page.goto(f"{base}/servers/{club.guild.id}")
            await page.get_by_role("button", name="Resume").click()
            await page.wait_for_url(f"{base}/servers/{club.guild.id}?request=*")
            await notice.and_(page.locator('[data-state="done"]')).wait_for(timeout=5000)
            assert await notice.inner_text() == "The table deals again."
            second = await table.wait_hand(after=first)
            assert second > first
            await page.locator("section.card h3", has_text=f"hand #{second}").wait_for(timeout=3000)
            await screenshots(page, folder, "s7-standalone-actions-resumed")
            print(f"standalone pause answered on the page in {answered:.2f}s")
    finally:
        web.terminate()
        await web.wait()
    output = log_path.read_text()
    assert " ERROR " not in output and "Traceback" not in output, output
    check_after_test(club)

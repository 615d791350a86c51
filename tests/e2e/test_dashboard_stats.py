"""A player's stats on the dashboard in a real browser (issue 38): the same figures and the
same picture as ``/poker stats``, their own only, on the servers of their session."""

from __future__ import annotations

from pathlib import Path

from tests.discord_double import message_text
from tests.e2e.browser import chromium, screenshots, shot_dir
from tests.e2e.dashboard import DASHBOARD, dashboard_address, sign_in_with_discord
from tests.e2e.helpers import Club, check_after_test
from tests.e2e.stats_checks import chart_series, stats

pytestmark = DASHBOARD


async def test_a_player_reads_the_same_stats_and_chart_as_the_command(
    club: Club, tmp_path: Path
) -> None:
    double = club.double
    base = dashboard_address(club)
    table = await club.seated(2)
    alice, _bob = table.players
    for _ in range(2):
        played = await table.play_hand(discards=lambda member, number: 1)
        await table.wait_hand(after=played.hand_id)
    message, png = await stats(double, club, alice)
    command_lines = [
        line.replace("**", "") for line in message_text(message).split("\n") if ": " in line
    ]
    other = await double.add_guild("Other Club")
    folder = shot_dir(tmp_path)
    double.oauth.signed_in = alice
    async with chromium() as browser:
        page = await browser.new_page()
        await sign_in_with_discord(page, base)
        await page.get_by_role("link", name="Your stats on Deuce Club").click()
        await page.wait_for_url(f"{base}/stats/{club.guild.id}")
        assert await page.inner_text("h1") == "Your stats on Deuce Club"
        rows = page.locator("table.stats tr")
        shown = [
            (await rows.nth(k).inner_text()).replace("\t", ": ") for k in range(await rows.count())
        ]
        assert shown and all(line in command_lines for line in shown), (shown, command_lines)
        chart = page.locator("img.chart")
        await chart.wait_for()
        assert await chart.evaluate("img => img.complete && img.naturalWidth") == 800
        picture = await page.request.get(f"{base}/stats/{club.guild.id}/chart.png?period=all")
        assert picture.headers["content-type"] == "image/png"
        assert chart_series(await picture.body()) == chart_series(png)
        await screenshots(page, folder, "17-stats")
        # Another server's stats: not one of the session's servers.
        missing = await page.goto(f"{base}/stats/{other.id}")
        assert missing is not None and missing.status == 404
    check_after_test(club)

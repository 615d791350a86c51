"""The server's leaderboards on the dashboard in a real browser (issue 38): the lines of
``/chips leaderboard`` (by chips, by chips won over a period), names in place of mentions; a
frozen member's mark for an admin alone, as the command's private note; another server's
member refused by URL."""

from __future__ import annotations

from pathlib import Path

from tests.discord_double import Member
from tests.e2e.browser import chromium, screenshots, shot_dir
from tests.e2e.dashboard import DASHBOARD, dashboard_address, sign_in_with_discord
from tests.e2e.helpers import Club, check_after_test, private_reply

pytestmark = DASHBOARD


async def command_lines(club: Club, member: Member, **options: object) -> list[str]:
    """The command's board, each mention written as the member's display name."""
    asked = await club.double.invoke(member, club.channel, "chips leaderboard", **options)
    board = await asked.response()
    text = str(board.data["embeds"][0]["description"])
    for someone in club.double.members.values():
        text = text.replace(f"<@{someone.id}>", someone.display_name)
    return text.split("\n")


async def test_the_leaderboards_read_as_the_commands_with_an_admins_marks(
    club: Club, tmp_path: Path
) -> None:
    double = club.double
    base = dashboard_address(club)
    table = await club.seated(2)
    alice, bob = table.players
    played = await table.play_hand(discards=lambda member, number: 1)
    await table.wait_hand(after=played.hand_id)
    granted = await double.invoke(
        club.admin, club.channel, "pokeradmin grant", member=alice, amount=5000
    )
    await granted.response()
    frozen = await double.invoke(
        club.admin, club.channel, "pokeradmin fairplay freeze", member=alice
    )
    assert "is frozen" in await private_reply(frozen)
    chips = await command_lines(club, bob)
    week = await command_lines(club, bob, period="week")
    assert chips[0].startswith("1. Alice — ") and len(chips) == 2
    assert len(week) == 2
    folder = shot_dir(tmp_path)
    async with chromium() as browser:
        double.oauth.signed_in = club.admin
        admin = await browser.new_context()
        page = await admin.new_page()
        await sign_in_with_discord(page, base)
        await page.get_by_role("link", name="Leaderboard of Deuce Club").click()
        await page.wait_for_url(f"{base}/leaderboard/{club.guild.id}")
        assert await page.inner_text("h2") == "Chip leaders"
        shown = (await page.inner_text("ul.board")).split("\n")
        assert shown == chips
        mark = await page.inner_text("p.admin")
        assert mark == "❄️ Only admins see this: frozen wallets on this leaderboard: #1 Alice."
        await screenshots(page, folder, "web-leaderboard-admin")
        await page.get_by_role("link", name="the last 7 days").click()
        await page.wait_for_url(f"{base}/leaderboard/{club.guild.id}?by=chips&period=week")
        assert await page.inner_text("h2") == "Chips won over the last 7 days"
        assert (await page.inner_text("ul.board")).split("\n") == week
        await screenshots(page, folder, "web-leaderboard-week")
        await page.locator("nav.boards").get_by_role("link", name="Tournaments").click()
        assert "Nobody has finished a tournament here" in await page.inner_text("main")
        await admin.close()
        # A member: the same board, no mark.
        double.oauth.signed_in = bob
        member = await browser.new_context()
        page = await member.new_page()
        await sign_in_with_discord(page, base)
        await page.goto(f"{base}/leaderboard/{club.guild.id}")
        assert (await page.inner_text("ul.board")).split("\n") == chips
        assert await page.locator("p.admin").count() == 0
        await screenshots(page, folder, "web-leaderboard-member")
        await member.close()
        # A member of another server: no such page.
        other = await double.add_guild("Other Club")
        double.oauth.signed_in = await double.add_member(other, "carol", display_name="Carol")
        stranger = await browser.new_page()
        await sign_in_with_discord(stranger, base)
        refused = await stranger.goto(f"{base}/leaderboard/{club.guild.id}")
        assert refused is not None and refused.status == 404
        assert "Alice" not in await stranger.content()
    check_after_test(club)
    club.audit_ok()

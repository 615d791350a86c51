"""The server's leaderboards on the dashboard without a browser: the lines ``/chips
leaderboard`` writes (one ranking, ``bot.features.leaderboard``), with names for mentions;
frozen members left out where the server says so, and the admins' private marks for a member
Discord says may manage the server, nobody else; another server's board refused."""

from __future__ import annotations

from bot.features.leaderboard.ranking import leaderboard
from bot.messages import set_reader
from tests.web.site import ADMIN, GUILD, OTHER, Site, sign_in, site

__all__ = ["site"]

ALICE, BOB, CAROL = 1001, 1002, 1003
NAMES = {ALICE: "Alice", BOB: "Bob <i>", CAROL: "Carol"}


def board_lines(text: str) -> list[str]:
    inner = text.split('<ul class="lines plain board">', 1)[1].split("</ul>", 1)[0]
    return [line.split("</li>", 1)[0] for line in inner.split("<li>")[1:]]


async def test_a_member_reads_the_commands_leaderboard_and_frozen_members_are_left_out(
    site: Site,
) -> None:
    client, store, api, _tables = site
    api.names.update(NAMES)
    for user_id, extra in ((ALICE, 5000), (BOB, 300), (CAROL, 0)):
        await store.wallets.balance(GUILD, user_id)
        if extra:
            await store.wallets.grant(GUILD, user_id, extra, ADMIN)
    start = await store.wallets.balance(GUILD, CAROL)
    await sign_in(client, store, BOB)  # Bob: no Manage Server (FakeDiscord.managers)
    answer = await client.get(f"/leaderboard/{GUILD}")
    assert answer.status == 200
    text = await answer.text()
    assert "<h1>Leaderboard of Club</h1>" in text and "<h2>Chip leaders</h2>" in text
    assert board_lines(text) == [
        f"1. Alice — {start + 5000:,} ({start + 5000:,} wallet, 0 on tables)",
        f"2. Bob &lt;i&gt; — {start + 300:,} ({start + 300:,} wallet, 0 on tables)",
        f"3. Carol — {start:,} ({start:,} wallet, 0 on tables)",
    ]
    # The same lines as the command's (mentions there, names here).
    set_reader("en")
    board = await leaderboard(store, GUILD, "chips", None)
    assert board.lines(lambda uid: f"<@{uid}>")[0] == (
        f"1. <@{ALICE}> — {start + 5000:,} ({start + 5000:,} wallet, 0 on tables)"
    )
    # Alice frozen: the admins' mark only, until the server leaves frozen members out.
    await store.fairplay.freeze(GUILD, ALICE, ADMIN)
    text = await (await client.get(f"/leaderboard/{GUILD}")).text()
    assert board_lines(text)[0].startswith("1. Alice") and "Only admins see this" not in text
    await store.settings.set(GUILD, {"leaderboard_hide": 1})
    text = await (await client.get(f"/leaderboard/{GUILD}")).text()
    assert [line.split(" — ")[0] for line in board_lines(text)] == ["1. Bob &lt;i&gt;", "2. Carol"]
    assert "Members whose wallet an admin froze are left out." in text
    await store.settings.set(GUILD, {"leaderboard_hide": 0})
    client.session.cookie_jar.clear()
    await sign_in(client, store, ADMIN)
    checks = api.checks
    text = await (await client.get(f"/leaderboard/{GUILD}")).text()
    assert api.checks > checks  # Manage Server asked of Discord for the marks
    assert "❄️ Only admins see this: frozen wallets on this leaderboard: #1 Alice." in text
    api.managers.clear()  # the permission taken away: no mark
    text = await (await client.get(f"/leaderboard/{GUILD}")).text()
    assert "Only admins see this" not in text and board_lines(text)[0].startswith("1. Alice")


async def test_periods_boards_and_refusals(site: Site) -> None:
    client, store, _api, _tables = site
    await sign_in(client, store, BOB)
    week = await client.get(f"/leaderboard/{GUILD}?period=week")
    text = await week.text()
    assert "<h2>Chips won over the last 7 days</h2>" in text
    assert "Nobody has finished a hand here in that period." in text
    assert 'aria-current="page">the last 7 days</a>' in text
    sng = await (await client.get(f"/leaderboard/{GUILD}?by=tournaments")).text()
    assert "<h2>Tournament results over all hands</h2>" in sng
    assert "Nobody has finished a tournament here in that period." in sng
    assert ">now</a>" not in sng  # a sit-and-go board is over a period
    for query in ("?by=wallets", "?period=year", "?by=tournaments&period=now"):
        refused = await client.get(f"/leaderboard/{GUILD}{query}")
        assert refused.status == 400, query
    other = await client.get(f"/leaderboard/{OTHER}")
    assert other.status == 404 and "There is no such server page." in await other.text()
    client.session.cookie_jar.clear()
    assert (await client.get(f"/leaderboard/{GUILD}")).status == 401

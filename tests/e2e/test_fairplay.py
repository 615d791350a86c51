"""Fair play end to end: the server's gates refuse a too-new account its daily chips and a
seat, saying when it may try again; an admin's exemption lets it pass; a frozen wallet is
refused a buy-in and the daily, and is left out of the leaderboard; every chip stays accounted
for and a refusal changes nothing."""

from __future__ import annotations

import logging
import re
import sqlite3
import time

import pytest

from tests.discord_double import Member
from tests.discord_double.commands import CommandNotPermitted
from tests.e2e.helpers import IN_LOOP, START_WALLET, Club, PokerTable, balance, private_reply

log = logging.getLogger(__name__)

pytestmark = IN_LOOP

DAY = 86_400
WHEN_RE = re.compile(r"<t:(\d+):R>")


async def test_a_too_new_account_is_refused_its_daily_and_a_seat_until_exempted(
    club: Club,
) -> None:
    double = club.double
    gates = await double.invoke(
        club.admin, club.channel, "pokeradmin fairplay gates", account_days=7, member_days=2
    )
    assert "7 days old and 2 days in this server" in await private_reply(gates)
    fresh = await double.add_member(
        club.guild, "fresh", display_name="Fresh", account_age=DAY, member_for=30 * DAY
    )
    settled = await double.add_member(
        club.guild, "settled", display_name="Settled", account_age=400 * DAY, member_for=DAY / 2
    )
    veteran = await double.add_member(
        club.guild, "veteran", display_name="Veteran", account_age=400 * DAY, member_for=9 * DAY
    )
    table = PokerTable(double, club.channel, [fresh, settled, veteran])

    daily = await double.invoke(fresh, club.channel, "chips daily")
    text = await private_reply(daily)
    assert "Discord account at least 7 days old" in text, text
    match = WHEN_RE.search(text)
    assert match is not None, text
    assert abs(int(match.group(1)) - (time.time() + 6 * DAY)) < 60  # made a day ago: 6 to go
    # The membership gate holds back a member who joined half a day ago, for 1.5 days more.
    text = await private_reply(await double.invoke(settled, club.channel, "chips daily"))
    assert "been here at least 2 days" in text, text
    match = WHEN_RE.search(text)
    assert match is not None and abs(int(match.group(1)) - (time.time() + 1.5 * DAY)) < 60
    join = await double.invoke(fresh, club.channel, "poker join")
    assert "You may try again <t:" in await private_reply(join)
    assert table.table_message() is None  # no table opened for a refused join
    assert await balance(table, fresh) == (START_WALLET, 0)  # no daily reached the wallet

    text = await private_reply(await double.invoke(veteran, club.channel, "chips daily"))
    assert "You receive 250 chips" in text, text

    exempt = await double.invoke(
        club.admin, club.channel, "pokeradmin fairplay exempt", member=fresh
    )
    assert "no longer hold" in await private_reply(exempt)
    text = await private_reply(await double.invoke(fresh, club.channel, "chips daily"))
    assert "You receive 250 chips" in text, text
    joined = await table.join(fresh)
    assert "seat" in joined.followups[-1]["content"]
    club.audit_ok()


async def alice_the_richest(club: Club) -> tuple[Member, Member, PokerTable]:
    """Alice and Bob with their wallets, Alice granted 5,000 more (the leaderboard's first),
    and the table they may join."""
    double = club.double
    alice, bob = await club.players(2)
    table = PokerTable(double, club.channel, [alice, bob])
    await balance(table, alice)
    await balance(table, bob)
    grant = await double.invoke(
        club.admin, club.channel, "pokeradmin grant", member=alice, amount=5000
    )
    await grant.response()
    return alice, bob, table


async def test_a_frozen_wallet_is_refused_a_buy_in_and_left_off_the_leaderboard(
    club: Club,
) -> None:
    double = club.double
    alice, bob, table = await alice_the_richest(club)

    own = await double.invoke(
        club.admin, club.channel, "pokeradmin fairplay freeze", member=club.admin
    )
    assert await private_reply(own) == "You cannot freeze your own wallet."
    freeze = await double.invoke(
        club.admin, club.channel, "pokeradmin fairplay freeze", member=alice
    )
    assert "is frozen" in await private_reply(freeze)
    again = await double.invoke(
        club.admin, club.channel, "pokeradmin fairplay freeze", member=alice
    )
    assert await private_reply(again) == "That wallet is already frozen."

    join = await double.invoke(alice, club.channel, "poker join")
    assert "froze your wallet" in await private_reply(join)
    assert table.table_message() is None
    daily = await double.invoke(alice, club.channel, "chips daily")
    assert "froze your wallet" in await private_reply(daily)
    assert await balance(table, alice) == (START_WALLET + 5000, 0)

    # Ranked while the server leaves nobody out; left out, with the footer, once it does.
    asked = await double.invoke(bob, club.channel, "chips leaderboard")
    board = await asked.response()
    assert f"<@{alice.id}>" in board.data["embeds"][0]["description"]
    assert "frozen" not in str(board.data) and "❄" not in str(board.data)
    # An admin reads the same public board, and a private note marks the frozen wallet in it.
    admins = await double.invoke(club.admin, club.channel, "chips leaderboard")
    public = await admins.response()
    assert public.data["embeds"] == board.data["embeds"] and not public.data.get("flags")
    (note,) = await admins.wait_followups(1, timeout=10)
    assert note["flags"] & 64, "the mark is the admin's alone"
    assert note["content"] == (
        f"❄️ Only admins see this: frozen wallets on this leaderboard: #1 <@{alice.id}>."
    )
    for options in ({"period": "week"}, {}):  # a member's board, by period or not: no note
        asked = await double.invoke(bob, club.channel, "chips leaderboard", **options)
        await asked.response()
        with pytest.raises(TimeoutError):
            await asked.wait_followups(1, timeout=0.5)
    hide = await double.invoke(
        club.admin, club.channel, "pokeradmin fairplay leaderboard", hide=True
    )
    assert "leaves out" in await private_reply(hide)
    board = await (await double.invoke(bob, club.channel, "chips leaderboard")).response()
    embed = board.data["embeds"][0]
    assert f"<@{alice.id}>" not in embed["description"]
    assert f"<@{bob.id}>" in embed["description"]
    assert embed["footer"]["text"] == "Members whose wallet an admin froze are left out."

    unfreeze = await double.invoke(
        club.admin, club.channel, "pokeradmin fairplay unfreeze", member=alice
    )
    assert "unfrozen" in await private_reply(unfreeze)
    joined = await table.join(alice)
    assert "seat" in joined.followups[-1]["content"]
    club.audit_ok()


async def test_an_admin_sees_the_flagged_members_marked_and_may_leave_them_out(
    club: Club,
) -> None:
    double = club.double
    alice, bob, _table = await alice_the_richest(club)
    # The newest report flagged Alice (as ``store.fairplay.set_flagged`` records it: a real
    # report needs thousands of hands; tests/table/test_fairplay_report.py plays them).
    with sqlite3.connect(club.db_path) as db:
        db.execute(
            "INSERT INTO member_standing (guild_id, user_id, flagged_at, updated_at)"
            " VALUES (?, ?, ?, ?)",
            (club.guild.id, alice.id, time.time(), time.time()),
        )

    asked = await double.invoke(bob, club.channel, "chips leaderboard")
    board = await asked.response()
    assert f"<@{alice.id}>" in board.data["embeds"][0]["description"]
    assert "⚑" not in str(board.data) and "report" not in str(board.data["embeds"])
    with pytest.raises(TimeoutError):  # a member is told nothing
        await asked.wait_followups(1, timeout=0.5)
    admins = await double.invoke(club.admin, club.channel, "chips leaderboard")
    await admins.response()
    (note,) = await admins.wait_followups(1, timeout=10)
    assert note["flags"] & 64
    assert note["content"] == (
        f"⚑ Only admins see this: members the newest fair-play report flagged: #1 <@{alice.id}>."
    )

    hide = await double.invoke(
        club.admin, club.channel, "pokeradmin fairplay leaderboard", hide=True, flagged=True
    )
    assert await private_reply(hide) == (
        "The leaderboard leaves out members whose wallet is frozen and members the newest "
        "fair-play report flagged."
    )
    board = await (await double.invoke(bob, club.channel, "chips leaderboard")).response()
    embed = board.data["embeds"][0]
    assert f"<@{alice.id}>" not in embed["description"]
    assert f"<@{bob.id}>" in embed["description"]
    assert embed["footer"]["text"] == (
        "Members whose wallet an admin froze, and members the newest fair-play report "
        "flagged, are left out."
    )
    # Frozen only: Alice (not frozen) is ranked again, with no footer.
    hide = await double.invoke(
        club.admin, club.channel, "pokeradmin fairplay leaderboard", hide=True
    )
    await private_reply(hide)
    board = await (await double.invoke(bob, club.channel, "chips leaderboard")).response()
    assert f"<@{alice.id}>" in board.data["embeds"][0]["description"]
    assert "footer" not in board.data["embeds"][0]
    club.audit_ok()


async def test_the_report_is_an_admins_alone(club: Club) -> None:
    double = club.double
    (alice,) = await club.players(1)
    report = await double.invoke(
        club.admin, club.channel, "pokeradmin fairplay report", period="week"
    )
    await report.response(timeout=10)
    (answer,) = await report.wait_followups(1, timeout=20)
    assert answer["flags"] & 64, "the report is private"
    embed = answer["embeds"][0]
    assert embed["title"] == "Fair play — the last 7 days"
    assert embed["description"] == "No pair of members is flagged."
    with pytest.raises(CommandNotPermitted):  # Discord hides /pokeradmin from members
        await double.invoke(alice, club.channel, "pokeradmin fairplay report")

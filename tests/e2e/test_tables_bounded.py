"""Tables do not pile up (issue 23), end to end: the real bot process against the loopback
Discord. A member who opened two tables is refused a third with a private sentence naming
where theirs are (admins are not limited); a table nobody sits at closes itself after the
server's idle time, its message saying so, and no restart brings it back (one whose time ran
out while the bot was down closes as it comes back); a member waiting for a house player's
seat who says /poker leave stops waiting and is never bought in, across a restart too."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from pathlib import Path
from typing import Any

from tests.conftest import StartBot
from tests.discord_double import Channel, DiscordDouble, Member
from tests.e2e.helpers import (
    DEFAULT_BUY_IN,
    START_WALLET,
    PokerTable,
    always,
    balance,
    check_after_test,
    command_mention,
    embed0,
    field_value,
    make_club,
    private_reply,
)

log = logging.getLogger(__name__)

IDLE_CLOSED = "Nobody sat at this table, so it closed. { $cmd-poker-join } opens it again."
"""What a table closed for idleness says, the command being its mention (``idle_closed``)."""


def query(db_path: Path, sql: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db_path) as db:
        return list(db.execute(sql).fetchall())


def table_status(db_path: Path, channel: Channel) -> str | None:
    rows = query(db_path, f"SELECT status FROM poker_tables WHERE channel_id = {channel.id}")
    return str(rows[0][0]) if rows else None


def table_posted(db_path: Path, table: PokerTable) -> bool:
    """Whether the table message is in the channel and the bot recorded it (a bot stopped in
    between would not know the message it posted to edit it when restored)."""
    message = table.table_message()
    rows = query(
        db_path, f"SELECT message_id FROM poker_tables WHERE channel_id = {table.channel.id}"
    )
    return message is not None and bool(rows) and str(rows[0][0]) == str(message["id"])


def idle_closed(table: PokerTable) -> bool:
    message = table.table_message()
    said = IDLE_CLOSED.replace("{ $cmd-poker-join }", command_mention(table.double, "poker join"))
    return message is not None and said in str(embed0(message).get("description"))


def welcomed(double: DiscordDouble, member: Member, channel: Channel) -> bool:
    """Whether the welcome DM of ``member``'s join at ``channel`` has arrived."""
    return any(f"table in #{channel.name}." in (m["content"] or "") for m in double.dms(member))


async def command(
    double: DiscordDouble, member: Member, channel: Channel, name: str, **options: Any
) -> str:
    """Run a slash command and return its private answer."""
    return await private_reply(await double.invoke(member, channel, name, **options))


async def test_a_member_opens_at_most_two_tables_and_empty_ones_close_for_good(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club = await make_club(double, start_bot, tmp_path, DEUCE_MIN_IDLE_SECONDS="1")
    guild, admin = club.guild, club.admin
    channels = [club.channel] + [await double.add_channel(guild, f"poker-{n}") for n in range(2, 6)]
    first, second, third, fourth, fifth = channels
    (alice,) = await club.players(1)
    tables = {channel.id: PokerTable(double, channel, [alice, admin]) for channel in channels}

    assert "after 2 s" in await command(double, admin, first, "pokeradmin idle", seconds=2)
    shown = await (await double.invoke(admin, first, "pokeradmin settings")).response()
    settings = str(shown.embeds[0]["description"])
    assert "**Empty tables** close after 2 s — server" in settings
    assert "**Open tables per member** 2" in settings

    # Two tables opened by Alice; the third is refused, naming where hers are.
    await tables[first.id].join(alice, buy_in=100)
    await tables[second.id].join(alice, buy_in=100)
    refused = await command(double, alice, third, "poker join", buy_in=100)
    assert "at most 2 open tables" in refused
    assert f"<#{first.id}>" in refused and f"<#{second.id}>" in refused
    assert double.channel_messages(third) == []  # nothing was opened there
    assert table_status(club.db_path, third) is None
    assert await balance(tables[first.id], alice) == (START_WALLET - 200, 200)

    # Alice stands up: her empty table closes itself after the idle time, and says so.
    assert "stand up" in await command(double, alice, first, "poker leave")
    await double.wait_until(lambda: idle_closed(tables[first.id]), 10)
    assert table_status(club.db_path, first) == "closed"
    events_in_first = len(double.channel_events(first))
    # Her limit counts open tables only: the third channel takes her now.
    await tables[third.id].join(alice, buy_in=100)

    # An admin is not limited (the limit is one table now).
    assert "one open table" in await command(
        double, admin, first, "pokeradmin tables", per_member=1
    )
    await tables[fourth.id].join(admin, buy_in=100)
    await tables[fifth.id].join(admin, buy_in=100)
    # A join is answered before its welcome DM goes: let those arrive before the bot stops
    # (SIGTERM amid a welcome DM logs an error; under load it came after the stop below).
    await double.wait_until(
        lambda: welcomed(double, admin, fourth) and welcomed(double, admin, fifth), 10
    )
    # The join's answer goes before the table it opened is posted (through its token).
    await double.wait_until(
        lambda: all(table_posted(club.db_path, tables[c.id]) for c in (fourth, fifth)), 10
    )

    # The admin leaves the fourth table as the bot stops: its idle time runs out while the
    # bot is down, so it closes as it is restored.
    assert "after 6 s" in await command(double, admin, second, "pokeradmin idle", seconds=6)
    await command(double, admin, fourth, "poker leave")
    emptied = time.monotonic()
    await club.bot.stop()
    assert table_status(club.db_path, fourth) == "open" and not idle_closed(tables[fourth.id])
    await asyncio.sleep(max(0.0, emptied + 6.5 - time.monotonic()))
    await club.bot.start()
    await double.wait_until(lambda: idle_closed(tables[fourth.id]), 10)
    assert table_status(club.db_path, fourth) == "closed"

    # The tables closed for want of players are not restored; the others are.
    await club.bot.restart()
    for closed in (first, fourth):
        reply = await command(double, alice, closed, "poker table")
        assert "There is no table in this channel" in reply
    assert len(double.channel_events(first)) == events_in_first  # nothing came back there
    for open_here in (second, third, fifth):
        assert table_status(club.db_path, open_here) == "open"
        await (await double.invoke(alice, open_here, "poker table")).response(timeout=10)
        assert not idle_closed(tables[open_here.id])
    club.audit_ok()
    check_after_test(club)


async def test_a_member_who_stops_waiting_for_a_house_seat_is_never_bought_in(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club = await make_club(double, start_bot, tmp_path, DEUCE_HOUSE_PAUSE_SECONDS="0")
    channel, admin = club.channel, club.admin
    alice, bob, carol, dave = await club.players(4)
    table = PokerTable(double, channel, [alice])
    await table.join(alice)
    assert "sat down" in await command(double, admin, channel, "pokeradmin house add", count=5)
    # The house plays at once; the hand then waits for Alice, who does not act yet.
    await table.wait_table(lambda m: table.turn(m) is not None, timeout=20)
    hand_id = table.running_hand()

    # The table is full: Bob, Dave and Carol each wait for a house player's seat.
    for member in (bob, dave, carol):
        answer = await command(double, member, channel, "poker join")
        assert "stands up when this hand ends" in answer
    # Dave changes his mind before the restart, Bob after it.
    assert "no longer waiting for a seat" in await command(double, dave, channel, "poker leave")
    assert "not seated" in await command(double, dave, channel, "poker leave")

    await club.bot.restart()
    resumed = await table.wait_table(lambda m: table.turn(m) is not None, timeout=20)
    assert table.running_hand() == hand_id, resumed
    assert "no longer waiting for a seat" in await command(double, bob, channel, "poker leave")

    # Alice folds; the hand ends among the house players; only Carol takes a seat.
    await table.play_hand(always("fold"))

    def seats() -> str:
        return field_value(table.table_message() or {}, "Seats") or ""

    await double.wait_until(lambda: "Carol" in seats(), 20)
    assert "Bob" not in seats() and "Dave" not in seats()
    for member in (bob, dave):
        assert await balance(table, member) == (START_WALLET, 0)
    assert await balance(table, carol) == (START_WALLET - DEFAULT_BUY_IN, DEFAULT_BUY_IN)
    # The notice is a channel post of its own (the outbox), which may arrive just after the
    # table's edit showing her seat.
    await double.wait_until(
        lambda: any(
            "Carol takes the seat a house player left" in m["content"]
            for m in double.channel_messages(channel)
        ),
        10,
    )
    texts = [m["content"] for m in double.channel_messages(channel)]
    assert not any(("Bob" in text or "Dave" in text) for text in texts)
    assert query(club.db_path, "SELECT count(*) FROM waiting_members") == [(0,)]
    club.audit_ok()
    check_after_test(club)

"""Sit-and-go tournaments end to end: a whole four-player tournament (two members, two house
players) with short levels, played to its end through the table's buttons; the same with the
bot SIGKILLed twice in the middle; and registration's refunds and refusals.

What a player sees is what is checked: the registration message and its buttons, the limits
in each hand's table title, the places in the results and the DMs, the final standings with
their picture; and the store behind it: wallets, the escrow, the audit. A tournament reads as
one: the channel gets each hand's table and result and, at the end, the final standings, and
nothing else; level-ups and places are lines of the table's log and of the results; the table
names the level being played and closes naming the winner, the places and the prizes.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import StartBot
from tests.discord_double import Channel, DiscordDouble, Member, message_text
from tests.e2e.helpers import (
    IN_LOOP,
    OWN_PROCESS,
    START_WALLET,
    Club,
    PokerTable,
    check_after_test,
    embed0,
    is_panel,
    make_club,
    panel_text,
    private_reply,
)
from tests.e2e.sng_play import (
    BUY_IN,
    CASH_WORDS,
    FAST,
    STACK,
    check_finished,
    check_levels,
    check_reads_as_a_tournament,
    click_register,
    create,
    play_to_the_end,
    query,
    registration,
    sng,
    start_four,
)
from tests.e2e.stats_checks import check_a_sit_and_go_players_stats_chart

pytestmark = IN_LOOP


@OWN_PROCESS  # short pauses (FAST)
async def test_a_four_player_sit_and_go_plays_to_the_end(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club = await make_club(double, start_bot, tmp_path, **FAST)
    table, tournament_id = await start_four(club)
    alice, bob = table.players
    # The table shows the tournament: its level, limits and players.
    shown = await table.wait_table(lambda m: "Sit-and-go #" in str(m), timeout=20)
    field = next(f for f in embed0(shown)["fields"] if f["name"].startswith("Sit-and-go #"))
    assert "Level 1: 10/20 · next 20/40" in field["value"]
    assert "4 of 4 players left · average stack 200" in field["value"]
    await play_to_the_end(club, table)
    places = await check_finished(club, [alice, bob], tournament_id)
    check_levels(double, club.channel, hands_per_level=2)
    # Each hand's result on the members' panels is in tournament chips, never the wallet's.
    panels = [panel_text(m) for p in (alice, bob) for m in double.dms(p) if is_panel(m)]
    assert any(" tournament chips" in text for text in panels), panels
    wallet_words = re.compile(r"cost you [\d,]+ chips|You won [\d,]+ chips")
    assert [text for text in panels if wallet_words.search(text)] == []
    await check_reads_as_a_tournament(double, club.channel, tournament_id, places)
    # Remembered: stats (with a chart of how each tournament went).
    await check_a_sit_and_go_players_stats_chart(club, alice)
    # Its text history is a tournament's, as trackers file it: the tournament, the buy-in,
    # the level (the last hands were dealt past level 1), the table named after it.
    history = await double.invoke(alice, club.channel, "poker history", count=1, format="text")
    message = double.current((await history.response(timeout=10)).message_id or 0)
    assert message is not None and message["attachments"]
    text = double.attachment_data[int(message["attachments"][0]["id"])].decode()
    header, table_line = text.splitlines()[:2]
    assert header.startswith("PokerStars Hand #") and f": Tournament #{tournament_id}, " in header
    assert re.search(r" Triple Draw 2-7 Lowball Limit - Level [IVX]+ \(\d+/\d+\) - ", header)
    assert " - Level I (" not in header, header  # two hands a level: the last is past level 1
    assert table_line.startswith(f"Table '{tournament_id} 1' 6-max"), table_line
    check_after_test(club)


@OWN_PROCESS  # SIGKILLs
@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_a_sit_and_go_survives_two_sigkills(
    double: DiscordDouble,
    start_bot: StartBot,
    tmp_path: Path,
    backend: str,
    request: pytest.FixtureRequest,
) -> None:
    env = dict(FAST)
    if backend == "postgresql":
        env["DATABASE_URL"] = await request.getfixturevalue("postgres_cluster").create_database()
    club = await make_club(double, start_bot, tmp_path, **env)
    if backend == "postgresql":
        club.db_path = env["DATABASE_URL"]  # type: ignore[assignment]  # what the audit reads
    table, tournament_id = await start_four(club)
    alice, bob = table.players
    assert await play_to_the_end(club, table, kill_after=(0, 1)) == 2
    resumed = [
        m for m in double.channel_messages(club.channel) if "restarted" in str(m.get("content"))
    ]
    assert resumed, "no hand resumed after a SIGKILL"
    await check_finished(club, [alice, bob], tournament_id)
    check_levels(double, club.channel, hands_per_level=2)
    check_after_test(club)


async def test_registration_refunds_and_refusals(club: Club) -> None:
    double, channel = club.double, club.channel
    alice, bob, carol = await club.players(3)
    other = await double.add_channel(club.guild, "sng")
    # Admins only, and not where a table is playing.
    forced = await double.invoke(
        alice, other, "poker sng create", buy_in=BUY_IN, bypass_permissions=True
    )
    assert "Manage Server" in await private_reply(forced)
    table = PokerTable(double, channel, [alice])
    await table.join(alice)
    busy = await double.invoke(club.admin, channel, "poker sng create", buy_in=BUY_IN)
    assert "A cash game is open in this channel" in await private_reply(busy)
    # Registering: twice, without the buy-in, then unregister and cancel refund.
    message = await create(club, other, seats=3, buy_in=BUY_IN)
    wallet = START_WALLET - 400  # Alice's default buy-in sits at the cash table
    assert "registered" in await click_register(double, bob, message, "r")
    assert "already registered" in (await click_register(double, bob, message, "r")).lower()
    joined = await double.invoke(carol, other, "poker join")
    assert "sit-and-go" in (await private_reply(joined)).lower()
    start_one = await sng(double, club.admin, other, "start")
    assert "at least two" in start_one.lower()
    assert "no longer registered" in await sng(double, bob, other, "unregister")
    assert "not registered" in (await sng(double, bob, other, "unregister")).lower()
    assert "registered" in await sng(double, bob, other, "register")
    assert "registered" in await sng(double, carol, other, "register")
    cancelled = await sng(double, club.admin, other, "cancel")
    assert "2 buy-ins were refunded" in cancelled
    wallets = dict(await query(club.db_path, "SELECT user_id, balance FROM wallets"))
    assert wallets[bob.id] == wallets[carol.id] == START_WALLET
    assert wallets[alice.id] == wallet
    # A tournament that started: register and unregister are refused; a big buy-in too.
    big = await create(club, other, seats=2, buy_in=START_WALLET + 1)
    assert "only 1,000 chips" in await click_register(double, bob, big, "r")
    assert "cancelled" in (await sng(double, club.admin, other, "cancel")).lower()
    started = await create(club, other, seats=2, buy_in=BUY_IN)
    # The lobby lists it, with a Register button that works from there.
    lobby = await double.invoke(alice, channel, "poker tables")
    listed = double.current((await lobby.response(timeout=10)).message_id or 0)
    assert listed is not None and "Tournaments" in str(listed["embeds"])
    assert "registered" in await click_register(double, alice, listed, "r")
    assert "Alice" in str((double.current(started) or {}).get("embeds"))
    await click_register(double, carol, started, "r")  # full: it starts
    assert "started" in (await sng(double, bob, other, "register")).lower()
    assert "started" in (await sng(double, alice, other, "unregister")).lower()
    # An admin cancels the running tournament: every buy-in back; its table closes saying so.
    running_id = int(re.match(r"Sit-and-go #(\d+)", embed0(started)["title"])[1])
    assert "2 buy-ins were refunded" in await sng(double, club.admin, other, "cancel")
    called_off = f"Sit-and-go #{running_id} is cancelled: every buy-in is refunded."

    def cancelled_table() -> dict[str, Any] | None:
        return double.last_message(
            other, lambda m: called_off in str(embed0(m).get("description") or "")
        )

    await double.wait_until(cancelled_table, timeout=10)
    closed = message_text(cancelled_table() or {}).lower()
    assert not [w for w in CASH_WORDS if w in closed], closed
    wallets = dict(await query(club.db_path, "SELECT user_id, balance FROM wallets"))
    assert wallets[bob.id] == wallets[carol.id] == START_WALLET
    assert wallets[alice.id] == wallet
    # A server may let any member create, start and cancel them.
    allowed = await double.invoke(club.admin, other, "pokeradmin sng", members=True)
    assert "Any member" in await private_reply(allowed)
    mine = await double.invoke(bob, other, "poker sng create", buy_in=0, seats=2)
    await mine.response(timeout=10)
    assert "(registering)" in str(embed0(registration(double, other))["title"])
    assert "cancelled" in (await sng(double, bob, other, "cancel")).lower()
    club.audit_ok()
    check_after_test(club)


@OWN_PROCESS  # a SIGKILL
async def test_a_sit_and_go_that_cannot_resume_is_cancelled_and_refunded(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club = await make_club(double, start_bot, tmp_path, **FAST)
    table, tournament_id = await start_four(club)
    alice, bob = table.players
    await table.wait_hand()
    await club.bot.kill()
    # What the bot saved of the tournament's clock is no clock any more.
    with sqlite3.connect(club.db_path) as db:
        db.execute(
            'UPDATE tournaments SET clock = \'{"level": "x"}\' WHERE id = ?', (tournament_id,)
        )
    await club.bot.restart()
    await double.wait_until(
        lambda: any(
            "could not resume" in str(m.get("content"))
            for m in double.channel_messages(club.channel)
        ),
        timeout=20,
    )
    wallets = dict(await query(club.db_path, "SELECT user_id, balance FROM wallets"))
    assert wallets[alice.id] == wallets[bob.id] == START_WALLET
    ((status,),) = await query(
        club.db_path, "SELECT status FROM tournaments WHERE id = ?", tournament_id
    )
    assert status == "cancelled"
    assert await query(club.db_path, "SELECT count(*) FROM seats") == [(0,)]
    club.audit_ok()
    # The channel is free again: a cash table opens there.
    await table.join(alice)
    check_after_test(club)


# ---------------------------------------------------------------------- races

RACE_DELAYS = (0.0, 0.002, 0.004, 0.006, 0.009)
"""How long the second input of a race waits after the first is sent: one round each, per
way in (button, command), so the bot sees the two inputs at every interleaving of their store
calls (on this machine the window of the old bugs lay between 0 and 6 ms)."""
SEAT_ORDER_TEXT = "seat order"
"""Words of the store's internal refusal, which no member may ever read."""


async def later(delay: float, answer: Awaitable[str]) -> str:
    await asyncio.sleep(delay)
    return await answer


async def status_of(club: Club, tournament_id: int) -> str:
    ((status,),) = await query(
        club.db_path, "SELECT status FROM tournaments WHERE id = ?", tournament_id
    )
    return str(status)


async def registering_with(
    club: Club, channel: Channel, members: list[Member], seats: int
) -> tuple[dict[str, Any], int]:
    """A sit-and-go of ``seats`` in ``channel`` with ``members`` registered by the command:
    its registration message and id."""
    message = await create(club, channel, seats=seats)
    tournament_id = int(re.match(r"Sit-and-go #(\d+)", embed0(message)["title"])[1])
    for member in members:
        assert "registered" in await sng(club.double, member, channel, "register")
    return message, tournament_id


async def check_channel_free(club: Club, channel: Channel, member: Member) -> None:
    """Nothing of a cancelled tournament is left in ``channel``: a sit-and-go can be created
    there (then cancelled), and a member can sit down at a cash table."""
    double = club.double
    created = await double.invoke(
        club.admin, channel, "poker sng create", buy_in=BUY_IN, seats=2, stack=STACK
    )
    response = await created.response(timeout=10)
    assert not response.ephemeral, response.content
    assert "is cancelled" in await sng(double, club.admin, channel, "cancel")
    joined = await double.invoke(member, channel, "poker join")
    answer = await private_reply(joined)
    assert "You sit in seat" in answer, answer


async def test_cancel_racing_the_start_leaves_it_cancelled_and_the_channel_free(
    club: Club,
) -> None:
    """An admin's cancel right after a start (the admin's command, or the Register click that
    fills the field): whichever the bot takes first, the tournament ends cancelled with every
    buy-in back, no table is left playing in the channel (a sit-and-go can be created there, a
    cash table opened), and each answer is a sentence that says what happened."""
    double = club.double
    alice, bob, carol = await club.players(3)
    rounds = [(by_click, delay) for by_click in (False, True) for delay in RACE_DELAYS]
    for number, (by_click, delay) in enumerate(rounds):
        channel = await double.add_channel(club.guild, f"cancel-race-{number}")
        message, tournament_id = await registering_with(
            club, channel, [alice, bob], seats=3 if by_click else 4
        )
        if by_click:
            start = click_register(double, carol, message, "r")
        else:
            start = sng(double, club.admin, channel, "start")
        cancel = later(delay, sng(double, club.admin, channel, "cancel"))
        started, cancelled = await asyncio.gather(start, cancel)
        # Carol's Register holds (the cancel refunds her too) unless the cancel came first;
        # the admin's start starts, or finds the tournament cancelled.
        registered = "You are registered" in started
        refunds = 3 if registered else 2
        assert f"is cancelled; {refunds} buy-ins were refunded" in cancelled, cancelled
        assert registered or any(
            answer in started
            for answer in ("starts now", "There is no sit-and-go", "This tournament is over")
        ), started
        assert not (registered and not by_click)
        assert await status_of(club, tournament_id) == "cancelled"
        wallets = dict(await query(club.db_path, "SELECT user_id, balance FROM wallets"))
        assert all(wallets.get(m.id, START_WALLET) == START_WALLET for m in (alice, bob, carol))
        await double.wait_until(
            lambda m=message: "(cancelled)" in str(embed0(double.current(m)).get("title")),
            timeout=10,
        )
        joiner = await double.add_member(club.guild, f"joiner{number}", display_name="Joiner")
        await check_channel_free(club, channel, joiner)
    club.audit_ok()


async def test_unregister_racing_the_register_that_fills_gives_one_outcome(
    club: Club,
) -> None:
    """Bob unregisters while Carol's registration fills a three-seat field (the button and the
    command, each way round): either Bob is out and Carol in, still registering, or the
    tournament starts with its three players and Bob is told it started; never a start with
    fewer players than seats, never the store's own words."""
    double = club.double
    alice, bob, carol = await club.players(3)
    rounds = [(leave_by_click, d) for leave_by_click in (False, True) for d in RACE_DELAYS]
    for number, (leave_by_click, delay) in enumerate(rounds):
        channel = await double.add_channel(club.guild, f"field-race-{number}")
        message, tournament_id = await registering_with(club, channel, [alice, bob], seats=3)
        if leave_by_click:
            leave = click_register(double, bob, message, "u")
            fill = sng(double, carol, channel, "register")
        else:
            leave = sng(double, bob, channel, "unregister")
            fill = click_register(double, carol, message, "r")
        registered, left = await asyncio.gather(fill, later(delay, leave))
        assert SEAT_ORDER_TEXT not in left and SEAT_ORDER_TEXT not in registered
        assert "You are registered" in registered, registered
        status = await status_of(club, tournament_id)
        entries = {
            user_id
            for (user_id,) in await query(
                club.db_path,
                "SELECT user_id FROM tournament_entries WHERE tournament_id = ?",
                tournament_id,
            )
        }
        if status == "running":
            assert "already started" in left, left
            assert entries == {alice.id, bob.id, carol.id}
            seated = await query(
                club.db_path,
                "SELECT s.user_id FROM seats s JOIN tournaments t ON t.table_id = s.table_id "
                "WHERE t.id = ?",
                tournament_id,
            )
            assert len(seated) == 3, seated
        else:
            assert status == "registering", status
            assert "no longer registered" in left, left
            assert entries == {alice.id, carol.id}
        assert "is cancelled" in await sng(double, club.admin, channel, "cancel")
        wallets = dict(await query(club.db_path, "SELECT user_id, balance FROM wallets"))
        assert all(wallets[m.id] == START_WALLET for m in (alice, bob, carol)), wallets
    club.audit_ok()

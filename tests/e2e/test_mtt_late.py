"""Late registration that opens a table (issue 37) end to end: ``python -m bot`` against the
double, a multi-table tournament whose one table is full when a member registers late. The
member is seated at once, with a full stack, at a new table in a new thread under the
tournament's channel (named for the tournament and the table); their buy-in leaves the
wallet and the field counts them; balancing then moves a player over to the new table (TDA
10), who is told by DM with a link to the new thread. Also: ``/poker mtt`` in a table's
thread answers for the tournament of its channel.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.conftest import StartBot
from tests.discord_double import DiscordDouble, message_text
from tests.e2e.helpers import START_WALLET, check_after_test, make_club, private_reply
from tests.e2e.mtt_play import (
    MTT_FAST,
    Autoplayer,
    check_nothing_left,
    click_lobby,
    create_mtt,
    lobby,
    lobby_status,
    mtt,
    start_now,
)
from tests.e2e.sng_play import query

BUY_IN = 100
STACK = 200
SEED = "6"
"""``DEUCE_TEST_SEED``: with it Alice is the second player balancing moves (she is told by DM),
as a rule; when a late click comes after table 1's first deal instead of before, someone
else may be (then only the moves are checked)."""


async def test_a_late_registrant_at_full_tables_opens_a_new_table_in_a_new_thread(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club = await make_club(double, start_bot, tmp_path, **MTT_FAST, DEUCE_TEST_SEED=SEED)
    channel, db = club.channel, club.db_path
    alice, bob = await club.players(2)
    await private_reply(await double.invoke(club.admin, channel, "pokeradmin timer", seconds=10))
    await private_reply(
        await double.invoke(club.admin, channel, "pokeradmin timebank", start=0, add=0)
    )
    tournament_id, _ = await create_mtt(
        double,
        club.admin,
        channel,
        starts_in=30,
        buy_in=BUY_IN,
        stack=STACK,
        structure="slow",
        level_hands=50,
        field=8,
        late_levels=1,
    )
    # Alice and five house players: one full table of six.
    assert "registered for tournament" in await click_lobby(double, alice, channel, "r")
    assert "5 house players registered" in await mtt(
        double, club.admin, channel, "house", count=5, level="solid"
    )
    await start_now(db, tournament_id)
    await double.wait_until(lambda: lobby_status(double, channel) == "running", timeout=20)
    (first,) = double.threads.threads_of(club.guild)
    player = Autoplayer(double, [alice, bob])
    player.start()
    try:
        # In the table's thread, /poker mtt answers for the tournament of its channel: Alice
        # is registered already, Bob may not take a buy-in back after the start.
        assert "already registered" in await mtt(double, alice, first, "register")
        assert "started" in (await mtt(double, bob, first, "unregister")).lower()
        # Bob registers late (from the lobby's button): every table is full, so a new table
        # opens in a new thread with him seated, his buy-in from his wallet.
        answer = await click_lobby(double, bob, channel, "r")
        assert "registered late" in answer and "full stack" in answer, answer
        threads = double.threads.threads_of(club.guild)
        assert len(threads) == 2, [t.name for t in threads]
        (second,) = [t for t in threads if t.id != first.id]
        assert second.parent is channel
        assert second.name == f"MTT #{tournament_id} · table 2", second.name
        tables = await query(
            db,
            "SELECT m.number, p.channel_id, m.table_id FROM mtt_tables m"
            " JOIN poker_tables p ON p.id = m.table_id WHERE m.tournament_id = ? ORDER BY 1",
            tournament_id,
        )
        assert [(n, c) for n, c, _ in tables] == [(1, first.id), (2, second.id)]
        new_table = tables[1][2]
        seated = await query(db, "SELECT table_id, stack FROM seats WHERE user_id = ?", bob.id)
        assert seated == [(new_table, STACK)]
        late = await query(
            db,
            "SELECT from_table, to_table, stack FROM mtt_moves"
            " WHERE tournament_id = ? AND reason = 'late' AND user_id = ?",
            tournament_id,
            bob.id,
        )
        assert late == [(None, new_table, STACK)]
        wallets = dict(await query(db, "SELECT user_id, balance FROM wallets"))
        assert wallets[bob.id] == START_WALLET - BUY_IN
        ((field,),) = await query(
            db, "SELECT count(*) FROM tournament_entries WHERE tournament_id = ?", tournament_id
        )
        assert field == 7

        def lobby_counts_seven() -> bool:
            return "of 7 players left" in str(lobby(double, channel).get("content"))

        await double.wait_until(lobby_counts_seven, timeout=10)
        content = str(lobby(double, channel)["content"])
        assert f"<#{second.id}>" in content, content

        # Six against one: balancing moves players from table 1 to the new table, between
        # hands there, until the tables differ by one at most.
        async def balanced() -> bool:
            counts = await query(
                db,
                "SELECT m.number, count(s.user_id) FROM mtt_tables m"
                " LEFT JOIN seats s ON s.table_id = m.table_id AND s.stack > 0"
                " WHERE m.tournament_id = ? GROUP BY m.number ORDER BY 1",
                tournament_id,
            )
            sizes = [n for _, n in counts]
            return len(sizes) == 2 and max(sizes) - min(sizes) <= 1

        for _ in range(300):
            if await balanced():
                break
            await asyncio.sleep(0.2)
        else:
            raise AssertionError("the tables were never balanced")
        moved = await query(
            db,
            "SELECT user_id, from_table, to_table FROM mtt_moves"
            " WHERE tournament_id = ? AND reason = 'balance'",
            tournament_id,
        )
        assert moved and all(to == new_table for _, _, to in moved), moved
        print("MOVED ALICE", alice.id in {u for u, _, _ in moved})
        if alice.id in {user for user, _, _ in moved}:
            link = f"https://discord.com/channels/{club.guild.id}/{second.id}"

            def told() -> bool:
                return any(
                    "you move from table 1 to table 2" in message_text(m)
                    and link in message_text(m)
                    for m in double.dms(alice)
                )

            await double.wait_until(told, timeout=10)
    finally:
        await player.stop()
    # Called off before the money: every buy-in back, Bob's too; both tables closed.
    assert "is cancelled" in await mtt(double, club.admin, channel, "cancel")
    wallets = dict(await query(db, "SELECT user_id, balance FROM wallets"))
    assert wallets[alice.id] == wallets[bob.id] == START_WALLET
    await check_nothing_left(db, tournament_id)
    club.audit_ok()
    check_after_test(club)

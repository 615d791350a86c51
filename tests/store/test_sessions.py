"""A table's session ledger: since it opened (again), each player's net, hands, biggest pot and
best shown hand, agreeing with the stats' hands and the ledger; a member's own session since
they sat down; the lobby's open tables with their seats, stakes and last hour."""

from __future__ import annotations

import random
import time

from bot.features.stats.lowball import lowball_stats
from bot.store import Store
from tests.store._helpers import CHANNEL, GUILD, play_settled, seated_table


async def test_the_session_ledger_agrees_with_the_stats_and_the_ledger(store: Store) -> None:
    table_id, users = await seated_table(store, 400, 400, 400)
    rng = random.Random(27)
    for _ in range(8):
        await play_settled(store, table_id, rng)
    ledger = await store.hands.session(table_id)
    assert ledger.hands == 8
    assert [line.net for line in ledger.lines] == sorted(
        (line.net for line in ledger.lines), reverse=True
    )
    assert sum(line.net for line in ledger.lines) == 0
    for line in ledger.lines:
        assert line.name == f"Player {line.user_id}"
        stats = lowball_stats(await store.hands.player_hands(GUILD, line.user_id))
        assert (line.hands, line.net, line.biggest_pot, line.best_rank) == (
            stats.hands,
            stats.net,
            stats.biggest_pot,
            stats.best_rank,
        )
        seat = await store.tables.seat_of(table_id, line.user_id)
        assert seat is not None and seat.stack == 400 + line.net  # the chips in front of them
    # One member's own session: the same line.
    (mine,) = (await store.hands.session(table_id, user_id=users[0])).lines
    assert mine == next(line for line in ledger.lines if line.user_id == users[0])
    # Since they sat down: nothing later than now.
    later = await store.hands.session(table_id, since=time.time() + 60, user_id=users[0])
    assert later.hands == 0 and later.lines == ()


async def test_a_reopened_table_starts_a_new_session(store: Store) -> None:
    table_id, _users = await seated_table(store, 400, 400)
    await play_settled(store, table_id, random.Random(5))
    assert (await store.hands.session(table_id)).hands == 1
    await store.tables.close(table_id)
    reopened = await store.tables.get_or_create(GUILD, CHANNEL, opened_by=7)
    assert reopened.id == table_id
    again = await store.hands.session(table_id)
    assert again.hands == 0 and again.lines == () and again.since >= time.time() - 60


async def test_the_lobby_lists_open_tables_with_seats_stakes_and_the_last_hour(
    store: Store,
) -> None:
    table_id, users = await seated_table(store, 400, 400)
    other = await store.tables.get_or_create(GUILD, CHANNEL + 1)
    await store.settings.set_stakes(GUILD, CHANNEL + 1, 20, None, 3)
    for _ in range(3):
        await play_settled(store, table_id, random.Random(9))
    closed = await store.tables.get_or_create(GUILD, CHANNEL + 2)
    await store.tables.close(closed.id)
    elsewhere = await store.tables.get_or_create(GUILD + 1, CHANNEL)
    lobby = await store.tables.lobby(GUILD, time.time() - 3600)
    assert [entry.table_id for entry in lobby] == [table_id, other.id]
    first, second = lobby
    assert first.kind == "cash" and (first.small_bet, first.cap) == (10, 4)
    assert [p.user_id for p in first.players] == users and first.free == 4
    assert first.hands_last_hour == 3 and first.average_pot > 0
    assert (second.small_bet, second.cap, second.players, second.hands_last_hour) == (20, 3, (), 0)
    assert elsewhere.id not in {entry.table_id for entry in lobby}
    assert (await store.tables.lobby(GUILD, time.time() + 60))[0].hands_last_hour == 0

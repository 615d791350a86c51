"""Multi-table tournaments with real chips on both backends: buy-ins into the escrow, the field
seated over tables (each its own thread's table) by the rules of ``bot.tournament.balance``,
seats moving with their tournament chips between tables (balancing, a break, a late
registration) in one transaction that never touches a wallet, players placed across tables,
prizes by the payout preset, refunds when cancelled before the money; the audit checking every
MTT's chips across its tables, and that nobody is seated twice or lost, at every step."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.features.leaderboard.ranking import leaderboard
from bot.features.stats.report import member_record, record_picture
from bot.house.accounts import HOUSE_ACCOUNT_ID
from bot.messages import LANGUAGES, speaking
from bot.store import (
    AlreadyRegistered,
    HandInProgress,
    InvalidSetting,
    Store,
    StoreError,
    TournamentExists,
    TournamentFull,
    TournamentNotFound,
    TournamentStarted,
)
from bot.store.mtts import MttRow
from bot.tournament.balance import Table, first_seating, plan_balance, plan_break, seat_late
from bot.tournament.payouts import mtt_prizes
from tests.store._helpers import ADMIN, CHANNEL, GUILD, Database

PHH = 'variant = "F2L3D"\nactions = []\n'
MEMBERS = list(range(175928847299118001, 175928847299118013))  # twelve members
HOUSE = [1, 2]
THREADS = iter(range(333000, 334000))
"""Thread (channel) ids for the tables, one each."""


async def audited(store: Store, *, escrow: int, tournament_chips: int) -> None:
    report = await store.audit.check()
    assert report.ok, report.format()
    assert (report.escrow, report.tournament_chips) == (escrow, tournament_chips)


async def new_mtt(store: Store, **changes: object) -> MttRow:
    options: dict[str, object] = {
        "buy_in": 100,
        "field": 14,
        "start_stack": 1000,
        "level_hands": 2,
        "structure": "turbo",
        "starts_in": 30,
        "late_levels": 2,
    }
    options.update(changes)
    return await store.mtts.create(GUILD, CHANNEL, ADMIN, **options)  # type: ignore[arg-type]


async def layout(store: Store, tournament_id: int) -> list[Table]:
    """The MTT's open tables as the balancing rules see them (numbered by their table ids)."""
    found = []
    for table in await store.mtts.tables(tournament_id):
        if table.broken_at is None:
            seats = {s.seat: s.user_id for s in await store.tables.seats(table.table_id)}
            found.append(Table(table.table_id, seats, table.button_seat))
    return found


async def play(store: Store, table_id: int, finals: dict[int, int]) -> int:
    seats = {seat.user_id: seat.stack for seat in await store.tables.seats(table_id)}
    starts = {user_id: seats[user_id] for user_id in finals}
    hand_id = await store.hands.begin(table_id, starts)
    await store.hands.settle(
        hand_id, finals, PHH, {"pot": 0}, showed_down=list(finals), voluntary=list(finals)
    )
    return hand_id


async def bust(store: Store, table_id: int, losers: list[int], winner: int) -> None:
    """One hand at the table: ``losers`` lose every chip to ``winner``."""
    seats = {seat.user_id: seat.stack for seat in await store.tables.seats(table_id)}
    finals = {user: 0 for user in losers}
    finals[winner] = seats[winner] + sum(seats[user] for user in losers)
    await play(store, table_id, finals)


async def started(store: Store, field: list[int], **changes: object) -> MttRow:
    mtt = await new_mtt(store, **changes)
    for user_id in field:
        if user_id in HOUSE:
            await store.mtts.register_house(mtt.id, user_id, f"House {user_id}", "solid")
        else:
            await store.mtts.register(mtt.id, user_id, f"M{user_id % 1000}")
    seating = first_seating(field, random.Random(mtt.id))
    await store.mtts.start(mtt.id, [(next(THREADS), dict(t.seating)) for t in seating])
    return await store.mtts.get(mtt.id)


async def test_an_mtt_from_registration_through_moves_and_a_break_to_the_prizes(
    store: Store,
) -> None:
    field = MEMBERS + HOUSE  # 14
    mtt = await new_mtt(store)
    assert (mtt.field, mtt.late_levels, mtt.payouts, mtt.tournament.kind) == (
        14,
        2,
        "standard",
        "mtt",
    )
    assert await store.mtts.for_channel(GUILD, CHANNEL) == mtt
    # the sit-and-go's part leaves it alone
    assert await store.tournaments.for_channel(GUILD, CHANNEL) is None
    assert await store.tournaments.listed(GUILD) == [mtt.tournament]  # the lobby lists both kinds
    with pytest.raises(TournamentNotFound):
        await store.tournaments.register(mtt.id, MEMBERS[0], "x")
    with pytest.raises(TournamentExists):
        await store.tournaments.create(
            GUILD,
            CHANNEL,
            ADMIN,
            buy_in=1,
            seats=2,
            start_stack=100,
            level_hands=1,
            structure="turbo",
        )
    for user_id in field[:-1]:  # 13 before the start, the last registers late
        if user_id in HOUSE:
            await store.mtts.register_house(mtt.id, user_id, f"House {user_id}", "solid")
        else:
            await store.mtts.register(mtt.id, user_id, f"M{user_id % 1000}")
    with pytest.raises(AlreadyRegistered):
        await store.mtts.register(mtt.id, MEMBERS[0], "again")
    await audited(store, escrow=1300, tournament_chips=0)
    assert await store.wallets.balance(GUILD, MEMBERS[0]) == 900

    seating = first_seating(field[:-1], random.Random(5))
    assert [t.count for t in seating] == [5, 4, 4]
    tables = await store.mtts.start(mtt.id, [(next(THREADS), dict(t.seating)) for t in seating])
    assert [t.number for t in tables] == [1, 2, 3]
    await audited(store, escrow=1300, tournament_chips=13_000)
    assert await store.mtts.running() == [await store.mtts.get(mtt.id)]
    assert await store.tournaments.running() == []

    # late registration at level 1 (of 2): a seat drawn at a shortest table
    late = field[-1]
    table_number, seat = seat_late(await layout(store, mtt.id), late, random.Random(1))
    assert table_number is not None
    await store.mtts.register_house(mtt.id, late, "House late", "solid", seat=(table_number, seat))
    await audited(store, escrow=1400, tournament_chips=14_000)
    assert [m.reason for m in await store.mtts.moves(mtt.id)] == ["late"]

    # two busts at the fullest table make it two short of another: balancing moves one
    now = await layout(store, mtt.id)
    fullest = max(now, key=lambda t: (t.count, -t.number))
    players = list(fullest.seating.values())
    await bust(store, fullest.number, players[:2], players[2])
    entries = {e.user_id: e for e in await store.tournaments.entries(mtt.id)}
    assert sorted(entries[u].place for u in players[:2]) == [13, 13] or sorted(
        entries[u].place for u in players[:2]
    ) == [13, 14]
    now = await layout(store, mtt.id)
    move = plan_balance(now, between_hands=[t.number for t in now], may_wait=False)
    assert move is not None
    wallets = {u: await store.wallets.balance(GUILD, u) for u in MEMBERS}
    house = await store.wallets.balance(GUILD, HOUSE_ACCOUNT_ID)
    stack = next(
        s.stack for s in await store.tables.seats(move.from_table) if s.user_id == move.user_id
    )
    done = await store.mtts.move(mtt.id, move.user_id, move.to_table, move.seat)
    assert (done.reason, done.stack, done.from_table, done.to_table) == (
        "balance",
        stack,
        move.from_table,
        move.to_table,
    )
    moved = {s.user_id: s for s in await store.tables.seats(move.to_table)}[move.user_id]
    assert (moved.seat, moved.stack) == (move.seat, stack)
    assert {u: await store.wallets.balance(GUILD, u) for u in MEMBERS} == wallets
    assert await store.wallets.balance(GUILD, HOUSE_ACCOUNT_ID) == house
    await audited(store, escrow=1400, tournament_chips=14_000)

    # bust players until the rest fit on two tables: the shortest breaks, all in one write
    while (broken := plan_break(now := await layout(store, mtt.id), random.Random(3))) is None:
        biggest = max(now, key=lambda t: t.count)
        users = list(biggest.seating.values())
        await bust(store, biggest.number, users[:1], users[1])
    await store.mtts.break_table(
        mtt.id, broken.table, [(m.user_id, m.to_table, m.seat) for m in broken.moves]
    )
    after = await layout(store, mtt.id)
    assert len(after) == 2 and broken.table not in [t.number for t in after]
    assert [t.broken_at is not None for t in await store.mtts.tables(mtt.id)].count(True) == 1
    await audited(store, escrow=1400, tournament_chips=14_000)

    # play down to one player; prizes by the standard preset for 14: four paid
    rounds = 0
    while len(everyone := [u for t in await layout(store, mtt.id) for u in t.seating.values()]) > 1:
        table = max(await layout(store, mtt.id), key=lambda t: t.count)
        users = list(table.seating.values())
        if len(users) == 1:  # the last two sit apart: one moves over
            other = next(t for t in await layout(store, mtt.id) if t.number != table.number)
            free = other.empty_seats[0]
            await store.mtts.move(mtt.id, users[0], other.number, free)
            continue
        bubble = (await store.mtts.get(mtt.id)).hand_for_hand
        await bust(store, table.number, users[:1], users[1])
        if bubble:  # five left on two tables (four paid): this hand was hand for hand
            rounds += 1
            assert [f.place for f in await store.mtts.place_hand_for_hand(mtt.id)] == [5]
            await store.mtts.set_hand_for_hand(mtt.id, False)
    assert rounds == 1
    winner = everyone[0]
    prizes = mtt_prizes(1400, 14)
    paid = await store.mtts.finish(mtt.id, winner)
    assert sorted(paid.values(), reverse=True) == list(prizes)
    entries = {e.user_id: e for e in await store.tournaments.entries(mtt.id)}
    assert entries[winner].place == 1 and entries[winner].prize == prizes[0]
    for user_id in MEMBERS:
        assert await store.wallets.balance(GUILD, user_id) == 900 + (entries[user_id].prize or 0)
    assert (await store.mtts.get(mtt.id)).tournament.status == "finished"
    await audited(store, escrow=0, tournament_chips=0)
    stats = await store.tournaments.stats(GUILD, MEMBERS[0], None)
    assert stats.played == 1  # stats know tournaments of either kind


async def test_what_an_mtt_refuses(store: Store, database: Database) -> None:
    with pytest.raises(InvalidSetting):
        await new_mtt(store, field=61)
    with pytest.raises(InvalidSetting):
        await new_mtt(store, payouts="winner")
    with pytest.raises(InvalidSetting):
        await new_mtt(store, late_levels=-1)
    mtt = await new_mtt(store, field=2)
    await store.mtts.register(mtt.id, MEMBERS[0], "a")
    await store.mtts.register(mtt.id, MEMBERS[1], "b")
    with pytest.raises(TournamentFull):
        await store.mtts.register(mtt.id, MEMBERS[2], "c")
    with pytest.raises(StoreError) as changed:  # a seating that is not the field
        await store.mtts.start(mtt.id, [(next(THREADS), {0: MEMBERS[0], 1: MEMBERS[2]})])
    assert changed.value.key == "mtt_field_changed"
    assert (await store.mtts.get(mtt.id)).tournament.status == "registering"
    await store.mtts.cancel(mtt.id, "test")
    assert await store.wallets.balance(GUILD, MEMBERS[0]) == 1000
    await audited(store, escrow=0, tournament_chips=0)


async def test_late_registration_closes_after_its_levels(store: Store) -> None:
    mtt = await started(store, MEMBERS[:7], late_levels=1)
    await store.tournaments.save_clock(mtt.id, {"level": 2, "structure": "turbo"})
    tables = await layout(store, mtt.id)
    number, seat = seat_late(tables, MEMBERS[8], random.Random(1))
    assert number is not None
    with pytest.raises(TournamentStarted) as closed:
        await store.mtts.register(mtt.id, MEMBERS[8], "late", seat=(number, seat))
    assert closed.value.key == "mtt_late_closed"
    assert await store.wallets.balance(GUILD, MEMBERS[8]) == 1000  # nothing taken
    await audited(store, escrow=700, tournament_chips=7000)


async def test_a_move_waits_for_the_hand_and_a_taken_seat_is_refused(store: Store) -> None:
    mtt = await started(store, MEMBERS[:9])
    tables = await layout(store, mtt.id)
    source, target = tables
    user = next(iter(source.seating.values()))
    taken = next(iter(target.seating))
    with pytest.raises(StoreError):
        await store.mtts.move(mtt.id, user, target.number, taken)
    hand_id = await store.hands.begin(
        source.number, {u: 1000 for u in list(source.seating.values())[:2]}
    )
    with pytest.raises(HandInProgress):
        await store.mtts.move(mtt.id, user, target.number, target.empty_seats[0])
    with pytest.raises(HandInProgress):
        await store.mtts.break_table(
            mtt.id,
            source.number,
            [
                (u, target.number, s)
                for u, s in zip(source.seating.values(), target.empty_seats, strict=False)
            ],
        )
    await store.hands.void(hand_id, "test")
    with pytest.raises(StoreError):  # a break must move every player of the table
        await store.mtts.break_table(
            mtt.id, source.number, [(user, target.number, target.empty_seats[0])]
        )
    assert [dict(t.seating) for t in await layout(store, mtt.id)] == [
        dict(t.seating) for t in tables
    ]
    await audited(store, escrow=900, tournament_chips=9000)


async def test_no_cancelling_once_in_the_money(store: Store) -> None:
    field = MEMBERS[:4]  # standard preset: two paid of four
    mtt = await started(store, field)
    (table,) = await layout(store, mtt.id)
    users = list(table.seating.values())
    await bust(store, table.number, users[:2], users[2])  # places 3 and 4: in the money now
    entries = {e.user_id: e for e in await store.tournaments.entries(mtt.id)}
    assert any((e.prize or 0) > 0 for e in entries.values()) is False
    await bust(store, table.number, [users[3]], users[2])  # second place: a prize
    with pytest.raises(TournamentStarted) as refused:
        await store.mtts.cancel(mtt.id, "late")
    assert refused.value.key == "mtt_in_the_money"
    await store.mtts.finish(mtt.id, users[2])
    await audited(store, escrow=0, tournament_chips=0)


async def test_cancelling_a_running_mtt_before_the_money_refunds_everyone(store: Store) -> None:
    mtt = await started(store, MEMBERS[:8])
    tables = await layout(store, mtt.id)
    users = list(tables[0].seating.values())
    await bust(store, tables[0].number, users[:1], users[1])
    refunds = await store.mtts.cancel(mtt.id, "called off")
    assert refunds == {u: 100 for u in MEMBERS[:8]}
    assert [await store.wallets.balance(GUILD, u) for u in MEMBERS[:8]] == [1000] * 8
    assert all(t.broken_at is None for t in await store.mtts.tables(mtt.id))
    await audited(store, escrow=0, tournament_chips=0)


async def test_the_audit_finds_a_player_seated_twice(store: Store, database: Database) -> None:
    mtt = await started(store, MEMBERS[:8])
    first, second = await layout(store, mtt.id)
    user = next(iter(first.seating.values()))
    await database.execute(
        "INSERT INTO seats (table_id, user_id, seat, name, stack, sitting_out, leaving, dm_ok,"
        " joined_at) VALUES (?, ?, ?, 'twice', 0, 0, 0, 1, 0)",
        params=(second.number, user, second.empty_seats[0]),
    )
    report = await store.audit.check()
    assert f"player {user} sits at 2 tables of tournament {mtt.id}" in report.format()
    await database.execute(
        "DELETE FROM seats WHERE table_id = ? AND user_id = ?", params=(second.number, user)
    )
    await audited(store, escrow=800, tournament_chips=8000)


async def test_players_out_in_one_hand_for_hand_round_on_two_tables_are_placed_together(
    store: Store,
) -> None:
    """Flat payouts for eight: three paid (401/266/133). With four left on two tables, the
    bubble, the tables deal hand for hand; one player goes out on each table with the same
    start stack: they tie for third and share its prize, the odd chip to table 1's player."""
    mtt, one, two, first, second = await eight_on_two_tables(store)
    for table, (a, _, c, d) in ((first, one), (second, two)):
        await bust(store, table, [c], a)
        await bust(store, table, [d], a)
    assert mtt_prizes(800, 8, "flat") == (401, 266, 133)
    await store.mtts.set_hand_for_hand(mtt.id, True)
    await bust(store, first, [one[1]], one[0])  # table 1's hand: out, not placed yet
    entries = {e.user_id: e for e in await store.tournaments.entries(mtt.id)}
    assert entries[one[1]].place is None
    assert one[1] not in [s.user_id for s in await store.tables.seats(first)]
    await audited(store, escrow=800, tournament_chips=8000)
    with pytest.raises(StoreError):
        await store.mtts.set_hand_for_hand(mtt.id, False)
    await bust(store, second, [two[1]], two[0])  # table 2's hand of the same round
    out = await store.mtts.place_hand_for_hand(mtt.id)
    assert [(f.user_id, f.place, f.prize) for f in out] == [(one[1], 3, 67), (two[1], 3, 66)]
    assert await store.mtts.place_hand_for_hand(mtt.id) == []
    await store.mtts.set_hand_for_hand(mtt.id, False)
    await store.mtts.move(mtt.id, two[0], first, 5)  # heads-up at one table
    await bust(store, first, [two[0]], one[0])
    paid = await store.mtts.finish(mtt.id, one[0])
    assert paid == {one[0]: 401, two[0]: 266, one[1]: 67, two[1]: 66}
    await audited(store, escrow=0, tournament_chips=0)


async def eight_on_two_tables(store: Store) -> tuple[MttRow, list[int], list[int], int, int]:
    """Flat payouts for eight (three paid), four players at each of two tables."""
    field = MEMBERS[:8]
    mtt = await new_mtt(store, field=8, payouts="flat")
    for user_id in field:
        await store.mtts.register(mtt.id, user_id, f"M{user_id % 1000}")
    one, two = field[:4], field[4:]
    await store.mtts.start(
        mtt.id,
        [(next(THREADS), dict(enumerate(one))), (next(THREADS), dict(enumerate(two)))],
    )
    first, second = (t.table_id for t in await store.mtts.tables(mtt.id))
    return mtt, one, two, first, second


async def test_the_hand_at_the_bubble_begins_hand_for_hand_and_a_running_one_is_its_first_round(
    store: Store,
) -> None:
    """Five left (three at table 1, two at table 2); table 2 deals a hand; meanwhile table
    1's hand puts one more out: four left, one more than the three paid, on two tables. That
    player is placed (5th) and hand for hand begins in the same transaction; table 2's hand,
    running then, is its first round: its player out leaves the seat, waits, and is placed
    when the round is."""
    mtt, one, two, first, second = await eight_on_two_tables(store)
    await bust(store, first, [one[3]], one[0])  # 8 -> 7
    await bust(store, second, [two[3]], two[0])  # 7 -> 6
    await bust(store, second, [two[2]], two[0])  # 6 -> 5: table 1 has 3, table 2 has 2
    assert not (await store.mtts.get(mtt.id)).hand_for_hand
    # table 2's hand begins before the bubble
    seats = {s.user_id: s.stack for s in await store.tables.seats(second)}
    running = await store.hands.begin(second, {two[0]: seats[two[0]], two[1]: seats[two[1]]})
    await bust(store, first, [one[2]], one[0])  # 5 -> 4: the bubble
    assert (await store.mtts.get(mtt.id)).hand_for_hand
    entries = {e.user_id: e for e in await store.tournaments.entries(mtt.id)}
    assert (entries[one[2]].place, entries[one[2]].prize) == (5, 0)
    # the running hand ends: its player out waits for the round's end
    await store.hands.settle(
        running,
        {two[0]: seats[two[0]] + seats[two[1]], two[1]: 0},
        PHH,
        {"pot": 0},
        showed_down=two[:2],
        voluntary=two[:2],
    )
    entries = {e.user_id: e for e in await store.tournaments.entries(mtt.id)}
    assert entries[two[1]].place is None
    assert await store.mtts.pending_outs(mtt.id) == 1
    await audited(store, escrow=800, tournament_chips=8000)
    out = await store.mtts.place_hand_for_hand(mtt.id)
    assert [(f.user_id, f.place, f.prize) for f in out] == [(two[1], 4, 0)]
    await store.mtts.set_hand_for_hand(mtt.id, False)
    await store.mtts.move(mtt.id, two[0], first, 5)
    await bust(store, first, [one[1]], one[0])
    await bust(store, first, [two[0]], one[0])
    paid = await store.mtts.finish(mtt.id, one[0])
    assert sum(paid.values()) == 800 and set(paid) == {one[0], one[1], two[0]}
    await audited(store, escrow=0, tournament_chips=0)


async def test_two_out_in_one_hand_past_the_bubble_begin_no_hand_for_hand(store: Store) -> None:
    """From five to three in one hand at one table: the bubble burst in that hand (placed as
    one hand's players out), so no hand for hand."""
    mtt, one, two, first, second = await eight_on_two_tables(store)
    await bust(store, first, [one[3]], one[0])
    await bust(store, second, [two[3]], two[0])
    await bust(store, second, [two[2]], two[0])  # five left
    await bust(store, first, [one[1], one[2]], one[0])  # three left
    assert not (await store.mtts.get(mtt.id)).hand_for_hand
    places = {e.user_id: e.place for e in await store.tournaments.entries(mtt.id)}
    assert sorted([places[one[1]], places[one[2]]]) in ([4, 5], [4, 4])


async def test_the_bubble_at_one_table_begins_no_hand_for_hand(store: Store) -> None:
    """Four left (one more than the three paid) but all at one table (the other broken):
    nobody can go out in the same hand elsewhere, so no hand for hand."""
    mtt, one, two, first, second = await eight_on_two_tables(store)
    await bust(store, first, [one[3]], one[0])
    await bust(store, second, [two[3]], two[0])
    await bust(store, second, [two[2]], two[0])  # five left: 3 + 2
    await store.mtts.break_table(mtt.id, second, [(two[0], first, 3), (two[1], first, 4)])
    await bust(store, first, [one[2]], one[0])  # four left, one table
    assert not (await store.mtts.get(mtt.id)).hand_for_hand


async def test_two_moves_into_one_seat_at_once_seat_one_player(store: Store) -> None:
    mtt = await started(store, MEMBERS[:9])
    source, target = await layout(store, mtt.id)
    movers = list(source.seating.values())[:2]
    seat = target.empty_seats[0]
    results = await asyncio.gather(
        *(store.mtts.move(mtt.id, user, target.number, seat) for user in movers),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["SeatMove", "StoreError"]
    assert [s.seat for s in await store.tables.seats(target.number)].count(seat) == 1
    await audited(store, escrow=900, tournament_chips=9000)


async def test_two_late_registrations_for_one_seat_take_one_buy_in(store: Store) -> None:
    mtt = await started(store, MEMBERS[:7], late_levels=1)
    table = (await layout(store, mtt.id))[0]
    seat = table.empty_seats[0]
    late = MEMBERS[8:10]
    results = await asyncio.gather(
        *(store.mtts.register(mtt.id, u, "late", seat=(table.number, seat)) for u in late),
        return_exceptions=True,
    )
    assert sorted(isinstance(r, StoreError) for r in results) == [False, True]
    balances = sorted([await store.wallets.balance(GUILD, u) for u in late])
    assert balances == [900, 1000]  # the one refused kept every chip
    await audited(store, escrow=800, tournament_chips=8000)


async def test_forged_tables_and_seats_are_refused(store: Store) -> None:
    mtt = await started(store, MEMBERS[:7])
    other = await store.mtts.create(
        GUILD,
        CHANNEL + 1,
        ADMIN,
        buy_in=0,
        field=4,
        start_stack=500,
        level_hands=3,
        structure="turbo",
        starts_in=10,
    )
    for user_id in MEMBERS[8:10]:
        await store.mtts.register(other.id, user_id, "o")
    await store.mtts.start(other.id, [(next(THREADS), {0: MEMBERS[8], 1: MEMBERS[9]})])
    foreign = (await store.mtts.tables(other.id))[0].table_id
    mine = await layout(store, mtt.id)
    user = next(iter(mine[0].seating.values()))
    with pytest.raises(StoreError):  # another tournament's table
        await store.mtts.move(mtt.id, user, foreign, 5)
    with pytest.raises(InvalidSetting):  # a seventh seat
        await store.mtts.move(mtt.id, user, mine[1].number, 6)
    with pytest.raises(StoreError):  # a player of another tournament
        await store.mtts.move(mtt.id, MEMBERS[8], mine[1].number, mine[1].empty_seats[0])
    with pytest.raises(StoreError):  # a break onto the table broken
        await store.mtts.break_table(
            mtt.id,
            mine[1].number,
            [(u, mine[1].number, s) for s, u in mine[1].seating.items()],
        )
    assert [dict(t.seating) for t in await layout(store, mtt.id)] == [dict(t.seating) for t in mine]
    await audited(store, escrow=700, tournament_chips=7000 + 1000)


TOURNAMENT_WORD = {
    "en": "tournament",
    "hu": "verseny",
    "ru": "турнир",
    "sv": "turnering",
    "id": "turnamen",
}
"""The word a tournament of either kind goes by in each language."""


@pytest.mark.parametrize("language", LANGUAGES)
async def test_stats_and_the_leaderboard_call_an_mtt_a_tournament(
    store: Store, language: str
) -> None:
    """A member who played only an MTT: ``/chips leaderboard by:tournaments``, the stats'
    record and its picture say "tournament" (both kinds count), never "sit-and-go"."""
    assert set(TOURNAMENT_WORD) == set(LANGUAGES)
    word = TOURNAMENT_WORD[language]
    with speaking(language):
        empty = await leaderboard(store, GUILD, "tournaments", None)
        said = [empty.title(), empty.empty()]
    winner, loser = MEMBERS[:2]
    mtt = await started(store, [winner, loser])
    (table,) = await store.mtts.tables(mtt.id)
    await bust(store, table.table_id, [loser], winner)
    await store.mtts.finish(mtt.id, winner)
    with speaking(language):
        board = await leaderboard(store, GUILD, "tournaments", "all")
        record = await member_record(store, GUILD, loser, "all")
        assert record is not None and record.stats is None and len(record.results) == 1
        picture = await record_picture(record)
        assert picture is not None
        said += [board.title(), *board.lines(lambda user: f"M{user % 1000}"), picture[1]]
    assert board.ranked == [winner, loser]
    for text in said:
        assert "sit-and-go" not in text.lower(), text
    assert word in said[0].lower() and word in said[1].lower(), said[:2]
    assert word in said[2].lower() and word in picture[1].lower(), (said[2], picture[1])

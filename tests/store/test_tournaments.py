"""Sit-and-go tournaments with real chips on both backends: buy-ins into an escrow, the same
stack of tournament chips for everyone at the channel's table, hands moving those chips through
``store.hands``, places and prizes, the prizes paid from the escrow in one ledger transaction,
refunds when cancelled; no cash move at a tournament's table, cash stats without tournament
hands, and the audit checking both kinds of chips apart at every step."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.house.accounts import HOUSE_ACCOUNT_ID
from bot.messages import LANGUAGES, bundle
from bot.store import (
    AlreadyRegistered,
    ChipsNotConserved,
    HandInProgress,
    InsufficientFunds,
    InvalidAmount,
    InvalidSetting,
    NotRegistered,
    Store,
    TableBusy,
    TooFewEntrants,
    TournamentClosed,
    TournamentExists,
    TournamentFull,
    TournamentNotFound,
    TournamentResult,
    TournamentRow,
    TournamentStarted,
    TournamentTable,
    migrations,
    migrations_pg,
)
from tests.store._helpers import ADMIN, CHANNEL, GUILD, SQLITE, Database, Replaying, seated_as

STORE = Path(__file__).resolve().parents[2] / "bot" / "store"
PHH = 'variant = "F2L3D"\nactions = []\n'
ALICE, BOB, CAROL, DAVE = 175928847299117001, 175928847299117002, 175928847299117003, 1759288472
HOUSE = 1
"""The house player's id (one of ``HOUSE_PLAYER_IDS``)."""


async def audited(store: Store, *, escrow: int, tournament_chips: int) -> None:
    """The audit passes, with these wallet chips in escrow and tournament chips in play."""
    report = await store.audit.check()
    assert report.ok, report.format()
    assert (report.escrow, report.tournament_chips) == (escrow, tournament_chips)
    assert report.wallets + report.seats + report.open_pots + report.escrow == report.granted


async def ledger_total(store: Store, account: str) -> int:
    return sum(amount for _, name, amount in await store.audit.ledger_entries() if name == account)


async def play(store: Store, table_id: int, finals: dict[int, int]) -> int:
    """Deal a hand to these players with their seat stacks and settle it with these final
    stacks (the winners' gains as their payouts)."""
    seats = {seat.user_id: seat.stack for seat in await store.tables.seats(table_id)}
    starts = {user_id: seats[user_id] for user_id in finals}
    hand_id = await store.hands.begin(table_id, starts)
    await store.hands.settle(
        hand_id, finals, PHH, {"pot": 0}, showed_down=list(finals), voluntary=list(finals)
    )
    return hand_id


async def new_tournament(store: Store, **changes: object) -> TournamentRow:
    settings: dict[str, object] = {
        "buy_in": 100,
        "seats": 4,
        "start_stack": 1500,
        "level_hands": 10,
        "structure": "regular",
    }
    settings.update(changes)
    return await store.tournaments.create(GUILD, CHANNEL, ADMIN, **settings)  # type: ignore[arg-type]


async def test_a_tournament_from_registration_to_the_prizes(
    store: Store, database: Database
) -> None:
    sng = await new_tournament(store)
    assert (sng.status, sng.buy_in, sng.seats, sng.start_stack) == ("registering", 100, 4, 1500)
    assert (sng.level_hands, sng.level_minutes, sng.table_id, sng.clock) == (10, None, None, None)
    assert await store.tournaments.for_channel(GUILD, CHANNEL) == sng
    assert await store.tournaments.listed(GUILD) == [sng]
    assert await store.tournaments.listed(GUILD + 1) == []
    for user_id, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        await store.tournaments.register(sng.id, user_id, name)
    await store.tournaments.register_house(sng.id, HOUSE, "Ada", "solid")
    escrow = f"tournament:{sng.id}"
    assert await ledger_total(store, escrow) == 400
    assert [await store.wallets.balance(GUILD, u) for u in (ALICE, BOB, CAROL)] == [900] * 3
    assert await store.house.balance(GUILD) == 0  # its float was minted and paid in
    entries = await store.tournaments.entries(sng.id)
    assert [(e.user_id, e.name, e.style, e.is_house) for e in entries] == [
        (ALICE, "Alice", None, False),
        (BOB, "Bob", None, False),
        (CAROL, "Carol", None, False),
        (HOUSE, "Ada", "solid", True),
    ]
    await audited(store, escrow=400, tournament_chips=0)

    # Refusals change nothing: wallets, escrow, entries.
    before = await database.snapshot()
    with pytest.raises(AlreadyRegistered) as already:
        await store.tournaments.register(sng.id, ALICE, "Alice")
    assert already.value.key == "sng_already_registered"
    with pytest.raises(TournamentFull) as full:
        await store.tournaments.register(sng.id, DAVE, "Dave")
    assert (full.value.key, full.value.params) == ("sng_full", {"seats": 4})
    with pytest.raises(NotRegistered):
        await store.tournaments.unregister(sng.id, DAVE)
    with pytest.raises(TournamentExists):
        await new_tournament(store)
    with pytest.raises(TournamentNotFound):
        await store.tournaments.register(sng.id + 100, DAVE, "Dave")
    assert await database.snapshot() == before

    # A change of mind before the start: the buy-in comes back, and goes in again.
    assert await store.tournaments.unregister(sng.id, CAROL) == 100
    assert await store.wallets.balance(GUILD, CAROL) == 1000
    assert await ledger_total(store, escrow) == 300
    await audited(store, escrow=300, tournament_chips=0)
    await store.tournaments.register(sng.id, CAROL, "Carol")

    running, table = await store.tournaments.start(sng.id, seated_as(CAROL, HOUSE, ALICE, BOB))
    assert (running.status, running.table_id) == ("running", table.id)
    assert running.started_at is not None
    assert (table.channel_id, table.status, table.tournament_id) == (CHANNEL, "open", sng.id)
    assert (table.button_seat, table.paused_by, table.opened_by) == (None, None, None)
    seats = await store.tables.seats(table.id)
    assert [(s.seat, s.user_id, s.name, s.stack) for s in seats] == [
        (0, CAROL, "Carol", 1500),
        (1, HOUSE, "Ada", 1500),
        (2, ALICE, "Alice", 1500),
        (3, BOB, "Bob", 1500),
    ]
    assert await store.house.players(table.id) == {HOUSE: "solid"}
    assert await store.tournaments.running() == [running]
    assert await ledger_total(store, f"tchips:{sng.id}") == -6000
    start = [e for e in await store.audit.ledger_entries() if e[0] == "tournament_start"]
    assert len(start) == 5 and sum(amount for _, _, amount in start) == 0
    await audited(store, escrow=400, tournament_chips=6000)
    with pytest.raises(TournamentStarted):
        await store.tournaments.register(sng.id, DAVE, "Dave")
    with pytest.raises(TournamentStarted):
        await store.tournaments.unregister(sng.id, ALICE)

    # Hands move tournament chips between seats and pots as at a cash table.
    first = await play(store, table.id, {CAROL: 3000, HOUSE: 0})  # the house player is out
    assert await store.house.players(table.id) == {}
    await audited(store, escrow=400, tournament_chips=6000)
    await play(store, table.id, {ALICE: 3000, BOB: 0})
    last = await store.hands.begin(table.id, {CAROL: 3000, ALICE: 3000})
    # The level clock's count of hands dealt: settled, or running with a journal (a running
    # hand without one is called off by a restart, and dealt again).
    assert await store.hands.dealt_in_tournament(sng.id) == 2
    await store.hands.journal(last, {"hand": {}})
    assert await store.hands.dealt_in_tournament(sng.id) == 3
    await audited(store, escrow=400, tournament_chips=6000)  # mid-hand: the seats keep it
    with pytest.raises(HandInProgress):
        await store.tournaments.finish(sng.id, CAROL, 280)
    await store.hands.settle(last, {CAROL: 6000, ALICE: 0}, PHH, {"pot": 6000})
    assert await database.rows("SELECT DISTINCT tournament_id FROM hands") == [(sng.id,)]
    assert (await store.hands.record(first)).players[0].net == 1500
    assert [s.user_id for s in await store.tables.seats(table.id)] == [CAROL]

    # Prizes that do not add up to the pool are refused, changing nothing.
    before = await database.snapshot()
    with pytest.raises(ChipsNotConserved) as wrong:
        await store.tournaments.finish(sng.id, CAROL, 300)
    assert (wrong.value.key, wrong.value.params) == (
        "sng_prizes_wrong",
        {"prizes": 420, "pool": 400},
    )
    assert await database.snapshot() == before

    assert await store.tournaments.finish(sng.id, CAROL, 280) == {ALICE: 120, CAROL: 280}
    assert [await store.wallets.balance(GUILD, u) for u in (ALICE, BOB, CAROL)] == [1020, 900, 1180]
    assert await store.house.balance(GUILD) == 0
    payout = [e for e in await store.audit.ledger_entries() if e[0] == "tournament_payout"]
    assert payout == [
        ("tournament_payout", escrow, -400),
        ("tournament_payout", f"wallet:{GUILD}:{ALICE}", 120),
        ("tournament_payout", f"wallet:{GUILD}:{CAROL}", 280),
    ]
    assert await database.rows(
        "SELECT count(*) FROM ledger_tx WHERE kind = 'tournament_payout'"
    ) == [(1,)]
    back = [e for e in await store.audit.ledger_entries() if e[0] == "tournament_chips_back"]
    assert back == [
        ("tournament_chips_back", f"seat:{table.id}:{CAROL}", -6000),
        ("tournament_chips_back", f"tchips:{sng.id}", 6000),
    ]
    assert await ledger_total(store, f"tchips:{sng.id}") == 0
    assert await ledger_total(store, escrow) == 0
    finished = await store.tournaments.get(sng.id)
    assert finished.status == "finished" and finished.finished_at is not None
    assert await store.tournaments.last_finished(GUILD, CHANNEL) == finished
    assert await store.tournaments.for_channel(GUILD, CHANNEL) is None
    assert await store.tournaments.running() == []
    places = {e.user_id: (e.place, e.prize) for e in await store.tournaments.entries(sng.id)}
    assert places == {CAROL: (1, 280), ALICE: (2, 120), BOB: (3, 0), HOUSE: (4, 0)}
    closed = await store.tables.get(table.id)
    assert (closed.status, closed.tournament_id, await store.tables.seats(table.id)) == (
        "closed",
        None,
        [],
    )
    await audited(store, escrow=0, tournament_chips=0)
    with pytest.raises(TournamentClosed):
        await store.tournaments.cancel(sng.id, "too late")

    # Tournament hands are not cash play: no cash stats, net leaderboard or session.
    cash = await store.hands.player_stats(GUILD, CAROL)
    assert (cash.hands_played, cash.net_chips) == (0, 0)
    assert await store.hands.player_hands(GUILD, CAROL) == []
    assert await store.hands.net_leaderboard(GUILD, 0.0) == []
    session = await store.hands.session(table.id, since=0.0)
    assert (session.hands, session.lines) == (0, ())

    # The tournament's figures.
    carol = await store.tournaments.stats(GUILD, CAROL, None)
    assert (carol.played, carol.wins, carol.in_the_money, carol.net) == (1, 1, 1, 180)
    alice = await store.tournaments.stats(GUILD, ALICE, 0.0)
    assert (alice.played, alice.wins, alice.in_the_money, alice.net) == (1, 0, 1, 20)
    bob = await store.tournaments.stats(GUILD, BOB, None)
    assert (bob.played, bob.wins, bob.in_the_money, bob.net) == (1, 0, 0, -100)
    later = await store.tournaments.stats(GUILD, CAROL, finished.finished_at + 1)  # type: ignore[operator]
    assert (later.played, later.net) == (0, 0)
    # How it went for each (the stats chart of a member who played only sit-and-goes).
    ended = finished.finished_at
    assert ended is not None
    assert await store.tournaments.results(GUILD, ALICE, None) == [
        TournamentResult(sng.id, ended, 100, 120, 2, 4)
    ]
    assert [r.net for r in await store.tournaments.results(GUILD, BOB, 0.0)] == [-100]
    assert await store.tournaments.results(GUILD, CAROL, ended + 1) == []
    assert await store.tournaments.results(GUILD, DAVE, None) == []
    assert await store.tournaments.leaderboard(GUILD, None) == [
        (CAROL, 1, 1, 180),
        (ALICE, 1, 0, 20),
        (BOB, 1, 0, -100),
    ]
    assert await store.tournaments.leaderboard(GUILD, None, limit=1) == [(CAROL, 1, 1, 180)]

    # The channel's table is a cash table again.
    reopened = await store.tables.get_or_create(GUILD, CHANNEL)
    assert (reopened.id, reopened.status, reopened.tournament_id) == (table.id, "open", None)
    await store.tables.buy_in(table.id, DAVE, "Dave", 400)
    assert await store.tables.close(table.id) == {DAVE: 400}


async def test_no_wallet_chips_move_at_a_tournament_table(store: Store, database: Database) -> None:
    sng = await new_tournament(store, buy_in=50, seats=3, level_minutes=5, level_hands=None)
    await store.tournaments.register(sng.id, ALICE, "Alice")
    await store.tournaments.register(sng.id, BOB, "Bob")
    cash = await store.tables.get_or_create(GUILD, CHANNEL + 1)  # a cash game beside it
    await store.tables.buy_in(cash.id, CAROL, "Carol", 300)
    _, table = await store.tournaments.start(sng.id, seated_as(BOB, ALICE))
    assert await store.tables.get_or_create(GUILD, CHANNEL) == table  # returned as it is
    before = await database.snapshot()
    refusals = (
        store.tables.buy_in(table.id, DAVE, "Dave", 400),
        store.tables.add_chips(table.id, ALICE, 100),
        store.tables.cash_out(table.id, ALICE),
        store.tables.close(table.id),
        store.house.sit_down(table.id, 2, "Alan", "solid", 300),
        store.house.top_up(table.id, 2, 100),
        store.house.stand_up(table.id, 2),
    )
    for refused in refusals:
        with pytest.raises(TournamentTable) as error:
            await refused
        assert error.value.key == "sng_table_refused"
    assert await database.snapshot() == before
    # The lobby lists only the cash table; the wallet leaderboard counts only cash seats.
    assert [t.table_id for t in await store.tables.lobby(GUILD, 0.0)] == [cash.id]
    board = {
        row.user_id: (row.wallet, row.on_table) for row in await store.wallets.leaderboard(GUILD)
    }
    assert board == {ALICE: (950, 0), BOB: (950, 0), CAROL: (700, 300)}
    await audited(store, escrow=100, tournament_chips=3000)
    # Cash hands still count as cash play beside it.
    await store.tables.buy_in(cash.id, DAVE, "Dave", 300)
    await play(store, cash.id, {CAROL: 400, DAVE: 200})
    await play(store, table.id, {ALICE: 2000, BOB: 1000})
    assert (await store.hands.player_stats(GUILD, CAROL)).net_chips == 100
    assert (await store.hands.player_stats(GUILD, ALICE)).hands_played == 0
    assert await store.hands.net_leaderboard(GUILD, 0.0) == [(CAROL, 100, 1), (DAVE, -100, 1)]
    await audited(store, escrow=100, tournament_chips=3000)
    assert await store.tournaments.cancel(sng.id, "test over") == {ALICE: 50, BOB: 50}
    await store.tables.close(cash.id)


async def test_cancelling_a_registering_tournament_refunds_every_buy_in(store: Store) -> None:
    sng = await new_tournament(store, buy_in=200)
    await store.tournaments.register(sng.id, ALICE, "Alice")
    await store.tournaments.register(sng.id, BOB, "Bob")
    await store.tournaments.register_house(sng.id, HOUSE, "Ada", "loose")
    await audited(store, escrow=600, tournament_chips=0)
    refunds = await store.tournaments.cancel(sng.id, "not enough players")
    assert refunds == {ALICE: 200, BOB: 200, HOUSE: 200}
    assert [await store.wallets.balance(GUILD, u) for u in (ALICE, BOB)] == [1000, 1000]
    assert await store.house.balance(GUILD) == 200  # the float minted for its buy-in
    cancelled = await store.tournaments.get(sng.id)
    assert (cancelled.status, cancelled.cancel_reason) == ("cancelled", "not enough players")
    assert await ledger_total(store, f"tournament:{sng.id}") == 0
    refund = [e for e in await store.audit.ledger_entries() if e[0] == "tournament_refund"]
    assert refund == [
        ("tournament_refund", f"tournament:{sng.id}", -600),
        ("tournament_refund", f"wallet:{GUILD}:{ALICE}", 200),
        ("tournament_refund", f"wallet:{GUILD}:{BOB}", 200),
        ("tournament_refund", f"wallet:{GUILD}:{HOUSE_ACCOUNT_ID}", 200),
    ]
    await audited(store, escrow=0, tournament_chips=0)
    assert await store.tournaments.for_channel(GUILD, CHANNEL) is None
    assert await store.tournaments.last_finished(GUILD, CHANNEL) is None
    with pytest.raises(TournamentClosed):
        await store.tournaments.register(sng.id, DAVE, "Dave")
    assert (await store.tournaments.stats(GUILD, ALICE, None)).played == 0
    # the channel takes a new tournament
    again = await new_tournament(store)
    assert again.id != sng.id
    # the server's list (the dashboard's): newest first, cancelled ones too, its own only
    listed = await store.tournaments.of_guild(GUILD)
    assert [(x.id, x.status) for x in listed] == [(again.id, "registering"), (sng.id, "cancelled")]
    assert [x.id for x in await store.tournaments.of_guild(GUILD, 1)] == [again.id]
    assert await store.tournaments.of_guild(GUILD + 1) == []


async def test_cancelling_a_running_tournament(store: Store, database: Database) -> None:
    sng = await new_tournament(store, buy_in=100, seats=3, start_stack=1000)
    for user_id, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        await store.tournaments.register(sng.id, user_id, name)
    _, table = await store.tournaments.start(sng.id, seated_as(ALICE, BOB, CAROL))
    await play(store, table.id, {ALICE: 1800, BOB: 0, CAROL: 1200})
    hand_id = await store.hands.begin(table.id, {ALICE: 1800, CAROL: 1200})
    before = await database.snapshot()
    with pytest.raises(HandInProgress) as running:
        await store.tournaments.cancel(sng.id, "the server is closing")
    assert running.value.key == "sng_hand_running"
    assert await database.snapshot() == before
    await store.hands.void(hand_id, "tournament cancelled")
    await audited(store, escrow=300, tournament_chips=3000)
    refunds = await store.tournaments.cancel(sng.id, "the server is closing")
    assert refunds == {ALICE: 100, BOB: 100, CAROL: 100}  # Bob's too, out already
    assert [await store.wallets.balance(GUILD, u) for u in (ALICE, BOB, CAROL)] == [1000] * 3
    back = [e for e in await store.audit.ledger_entries() if e[0] == "tournament_chips_back"]
    assert sorted(back) == [
        ("tournament_chips_back", f"seat:{table.id}:{ALICE}", -1800),
        ("tournament_chips_back", f"seat:{table.id}:{CAROL}", -1200),
        ("tournament_chips_back", f"tchips:{sng.id}", 3000),
    ]
    closed = await store.tables.get(table.id)
    assert (closed.status, closed.tournament_id) == ("closed", None)
    assert await store.tables.seats(table.id) == []
    assert (await store.tournaments.get(sng.id)).status == "cancelled"
    await audited(store, escrow=0, tournament_chips=0)


async def test_what_a_tournament_refuses(store: Store, database: Database) -> None:
    for bad, error in (
        ({"buy_in": -1}, InvalidAmount),
        ({"buy_in": 1.5}, InvalidAmount),
        ({"start_stack": 0}, InvalidAmount),
        ({"seats": 7}, InvalidSetting),
        ({"seats": 1}, InvalidSetting),
        ({"level_minutes": 5}, InvalidSetting),  # and level_hands: both
        ({"level_hands": None}, InvalidSetting),  # neither
        ({"level_hands": 0}, InvalidSetting),
    ):
        with pytest.raises(error):
            await new_tournament(store, **bad)
    with pytest.raises(InvalidSetting) as levels:
        await new_tournament(store, level_hands=None)
    assert levels.value.key == "sng_levels"
    cash = await store.tables.get_or_create(GUILD, CHANNEL)
    await store.tables.buy_in(cash.id, DAVE, "Dave", 400)
    with pytest.raises(TableBusy) as busy:
        await new_tournament(store)
    assert busy.value.key == "sng_table_busy"
    await store.tables.close(cash.id)
    sng = await new_tournament(store, buy_in=5000, starts_in=10)
    assert sng.starts_at is not None and sng.starts_at - sng.created_at == 600
    assert await store.tournaments.due(sng.starts_at - 1) == []
    assert await store.tournaments.due(sng.starts_at) == [sng]
    before = await database.snapshot()
    with pytest.raises(InsufficientFunds) as short:
        await store.tournaments.register(sng.id, ALICE, "Alice")  # a new wallet holds 1,000
    assert short.value.params == {"balance": 1000, "needed": 5000}
    with pytest.raises(TooFewEntrants):
        await store.tournaments.start(sng.id)
    assert await database.snapshot() == before
    await store.wallets.grant(GUILD, ALICE, 4000, by_user_id=ADMIN)
    await store.tournaments.register(sng.id, ALICE, "Alice")
    with pytest.raises(TooFewEntrants):
        await store.tournaments.start(sng.id, seated_as(ALICE))
    await store.tournaments.register_house(sng.id, HOUSE, "Ada", "solid")
    # a cash game opened at the channel meanwhile: the tournament waits for its table
    await store.tables.get_or_create(GUILD, CHANNEL)
    with pytest.raises(TableBusy):
        await store.tournaments.start(sng.id, seated_as(ALICE, HOUSE))
    await store.tables.close(cash.id)
    _, table = await store.tournaments.start(sng.id, seated_as(HOUSE, ALICE))
    assert table.id == cash.id and table.tournament_id == sng.id
    before = await database.snapshot()
    with pytest.raises(TournamentStarted):
        await store.tournaments.start(sng.id, seated_as(HOUSE, ALICE))
    with pytest.raises(Exception, match="has 1,500 of the 3,000"):
        await store.tournaments.finish(sng.id, ALICE, 10000)
    assert await database.snapshot() == before
    await store.tournaments.cancel(sng.id, "refused enough")
    await audited(store, escrow=0, tournament_chips=0)


async def test_the_registration_message_and_the_clock(store: Store) -> None:
    sng = await new_tournament(store)
    await store.tournaments.set_message(sng.id, 123456789)
    assert await store.tournaments.clock(sng.id) is None
    await store.tournaments.save_clock(sng.id, {"level": 2, "next_at": 1234.5, "hands": 7})
    assert await store.tournaments.clock(sng.id) == {"level": 2, "next_at": 1234.5, "hands": 7}
    found = await store.tournaments.get(sng.id)
    assert (found.message_id, found.clock) == (
        123456789,
        {"level": 2, "next_at": 1234.5, "hands": 7},
    )
    with pytest.raises(TournamentNotFound):
        await store.tournaments.save_clock(sng.id + 1, {})
    with pytest.raises(TournamentNotFound):
        await store.tournaments.clock(sng.id + 1)
    await store.tournaments.cancel(sng.id, "done")


async def test_the_audit_names_a_tournament_whose_prizes_do_not_match(
    store: Store, database: Database
) -> None:
    sng = await new_tournament(store, buy_in=100, seats=2, start_stack=500)
    await store.tournaments.register(sng.id, ALICE, "Alice")
    await store.tournaments.register(sng.id, BOB, "Bob")
    _, table = await store.tournaments.start(sng.id, seated_as(ALICE, BOB))
    await play(store, table.id, {ALICE: 1000, BOB: 0})
    assert await store.tournaments.finish(sng.id, ALICE, 200) == {ALICE: 200}
    await audited(store, escrow=0, tournament_chips=0)
    tamper = "UPDATE tournament_entries SET prize = ? WHERE user_id = ?"
    await database.execute(tamper, params=(40, BOB))
    report = await store.audit.check()
    assert not report.ok
    assert any(f"tournament {sng.id} (finished)" in problem for problem in report.problems)
    await database.execute(tamper, params=(0, BOB))
    await audited(store, escrow=0, tournament_chips=0)


async def test_the_ledger_keeps_every_row_through_the_tournament_migration(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tournaments' migration widens the ledger's kinds (SQLite: by copying both ledger
    tables into new ones): rows, ids, indexes, foreign keys and append-only triggers stay."""
    module = migrations if database.kind == SQLITE else migrations_pg
    older = module.MIGRATIONS[:-1]
    with monkeypatch.context() as patched:
        patched.setattr(module, "MIGRATIONS", older)
        patched.setattr(module, "SCHEMA_VERSION", len(older))
        await (await Store.open(database.location)).close()
    for user_id, kind in ((ALICE, "start"), (BOB, "grant")):
        wallet = f"wallet:{GUILD}:{user_id}"
        await database.execute(
            "INSERT INTO wallets (guild_id, user_id, balance, created_at) "
            f"VALUES ({GUILD}, {user_id}, 1000, 0)",
            "INSERT INTO ledger_tx (kind, guild_id, created_at, call_key) "
            f"VALUES ('{kind}', {GUILD}, 0, 'before {user_id}')",
            "INSERT INTO ledger_entries (tx_id, account, amount) "
            "SELECT max(id), 'mint', -1000 FROM ledger_tx",
            "INSERT INTO ledger_entries (tx_id, account, amount) "
            f"SELECT max(id), '{wallet}', 1000 FROM ledger_tx",
        )
    entries = [
        ("start", "mint", -1000),
        ("start", f"wallet:{GUILD}:{ALICE}", 1000),
        ("grant", "mint", -1000),
        ("grant", f"wallet:{GUILD}:{BOB}", 1000),
    ]
    store = await Store.open(database.location)
    try:
        assert await store.audit.ledger_entries() == entries
        await audited(store, escrow=0, tournament_chips=0)
        sng = await new_tournament(store)
        await store.tournaments.register(sng.id, ALICE, "Alice")
        assert (await store.audit.ledger_entries())[-2:] == [
            ("tournament_buy_in", f"wallet:{GUILD}:{ALICE}", -100),
            ("tournament_buy_in", f"tournament:{sng.id}", 100),
        ]
        await store.tournaments.cancel(sng.id, "migrated")
        await audited(store, escrow=0, tournament_chips=0)
    finally:
        await store.close()
    with pytest.raises(Exception, match="append-only"):
        await database.execute("UPDATE ledger_entries SET amount = amount + 1")
    with pytest.raises(Exception, match="append-only"):
        await database.execute("DELETE FROM ledger_tx")
    with pytest.raises(Exception):  # noqa: B017 - a kind the ledger does not know
        await database.execute(
            "INSERT INTO ledger_tx (kind, created_at) VALUES ('tournament_gift', 0)"
        )
    if database.kind == SQLITE:
        keys = await database.rows("PRAGMA foreign_key_list(ledger_entries)")
        assert [(row[2], row[3], row[4]) for row in keys] == [("ledger_tx", "tx_id", "id")]
        indexes = await database.rows(
            "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name LIKE 'ledger%' "
            "AND sql IS NOT NULL ORDER BY name"
        )
        assert [row[0] for row in indexes] == [
            "ledger_entries_by_account",
            "ledger_entries_by_tx",
            "ledger_tx_by_call_key",
            "ledger_tx_by_hand",
        ]


def test_every_refusal_has_its_sentence_in_each_catalogue() -> None:
    source = "\n".join(path.read_text(encoding="utf-8") for path in STORE.glob("*.py"))
    keys = set(re.findall(r'key="(sng_[a-z_]+)"', source))
    assert len(keys) == 17, sorted(keys)
    for language in LANGUAGES:
        missing = sorted(key for key in keys if not bundle(language).has_message(key))
        assert missing == [], f"{language} lacks {missing}"


@pytest.mark.parametrize("database", [SQLITE], indirect=True)
async def test_the_audit_command_counts_the_escrow_and_the_tournament_chips(
    store: Store, database: Database
) -> None:
    sng = await new_tournament(store, buy_in=70, seats=2, start_stack=900)
    await store.tournaments.register(sng.id, ALICE, "Alice")
    await store.tournaments.register(sng.id, BOB, "Bob")
    await store.tournaments.start(sng.id, seated_as(ALICE, BOB))
    done = subprocess.run(
        [sys.executable, "-m", "bot.store", "audit", str(database.path)],
        cwd=STORE.parents[1],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(STORE.parents[1])},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "tourney escrow  :             140" in done.stdout
    assert "tournament chips:           1,800 (1 tournaments, checked apart)" in done.stdout
    assert "held in total   :           2,000" in done.stdout
    await store.tournaments.cancel(sng.id, "audited")


async def test_every_tournament_write_run_again_applies_once(
    store: Store, database: Database
) -> None:
    """Each write run twice by the backend (as after a COMMIT applied but never answered):
    each answers as its first run did, chips move once, one ledger transaction per posting."""
    replaying = Replaying(store.backend)
    store.runner.backend = replaying
    sng = await new_tournament(store, buy_in=100, seats=3, start_stack=600)
    await store.tournaments.set_message(sng.id, 42)
    await store.tournaments.register(sng.id, ALICE, "Alice")
    await store.tournaments.register(sng.id, BOB, "Bob")
    await store.tournaments.register(sng.id, CAROL, "Carol")
    assert await store.tournaments.unregister(sng.id, CAROL) == 100
    await store.tournaments.register_house(sng.id, HOUSE, "Ada", "solid")
    _, table = await store.tournaments.start(sng.id, seated_as(BOB, HOUSE, ALICE))
    await store.tournaments.save_clock(sng.id, {"level": 1})
    await play(store, table.id, {BOB: 1200, HOUSE: 0})
    await play(store, table.id, {BOB: 1800, ALICE: 0})
    assert await store.tournaments.finish(sng.id, BOB, 300) == {BOB: 300}
    assert replaying.replayed >= 14
    assert [await store.wallets.balance(GUILD, u) for u in (ALICE, BOB, CAROL)] == [900, 1200, 1000]
    kinds = [kind for (kind,) in await database.rows("SELECT kind FROM ledger_tx ORDER BY id")]
    assert [kind for kind in kinds if kind.startswith("tournament")] == [
        "tournament_buy_in",
        "tournament_buy_in",
        "tournament_buy_in",
        "tournament_refund",
        "tournament_buy_in",
        "tournament_start",
        "tournament_out",
        "tournament_out",
        "tournament_chips_back",
        "tournament_payout",
    ]
    assert [(e.user_id, e.place) for e in await store.tournaments.entries(sng.id)] == [
        (ALICE, 2),
        (BOB, 1),
        (HOUSE, 3),
    ]
    await audited(store, escrow=0, tournament_chips=0)


async def test_a_start_seats_the_entrants_of_its_own_transaction_racing_an_unregistration(
    store: Store,
) -> None:
    """A start and an unregistration at once, each way round: the start seats exactly the
    entrants its transaction reads (the shuffle is handed those), so either the leaver is
    refunded and not seated or the start came first and the unregistration is refused."""
    outcomes: set[int] = set()
    for first in ("start", "unregister"):
        sng = await new_tournament(store, buy_in=100, seats=3, start_stack=600)
        for user_id, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
            await store.tournaments.register(sng.id, user_id, name)
        handed: list[list[int]] = []

        def shuffle(entrants: list[int], handed: list[list[int]] = handed) -> None:
            handed.append(list(entrants))
            entrants.reverse()

        start = store.tournaments.start(sng.id, shuffle)
        leave = store.tournaments.unregister(sng.id, CAROL)
        pair = (start, leave) if first == "start" else (leave, start)
        done = await asyncio.gather(*pair, return_exceptions=True)
        started, left = done if first == "start" else done[::-1]
        assert not isinstance(started, BaseException), started
        _, table = started
        entries = [entry.user_id for entry in await store.tournaments.entries(sng.id)]
        seats = [seat.user_id for seat in await store.tables.seats(table.id)]
        assert seats == entries[::-1] and handed[-1] == entries
        if isinstance(left, TournamentStarted):
            assert entries == [ALICE, BOB, CAROL]
        else:
            assert left == 100 and entries == [ALICE, BOB]
        outcomes.add(len(seats))
        await store.tournaments.cancel(sng.id, "raced")
        await audited(store, escrow=0, tournament_chips=0)
    assert outcomes == {2, 3}  # each way round was seen


async def test_a_start_a_full_field_triggers_refuses_a_field_no_longer_full(
    store: Store, database: Database
) -> None:
    """RULES.md: a sit-and-go starts when full. A start asked for because the field filled
    (``when_full``) finds a seat given back meanwhile: nothing starts, nothing moves."""
    sng = await new_tournament(store, buy_in=100, seats=3, start_stack=600)
    for user_id, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        await store.tournaments.register(sng.id, user_id, name)
    await store.tournaments.unregister(sng.id, CAROL)
    before = await database.snapshot()
    with pytest.raises(TooFewEntrants) as short:
        await store.tournaments.start(sng.id, when_full=True)
    assert short.value.key == "sng_not_full"
    assert await database.snapshot() == before
    await store.tournaments.register(sng.id, CAROL, "Carol")
    running, table = await store.tournaments.start(sng.id, when_full=True)
    assert running.status == "running"
    seats = await store.tables.seats(table.id)
    assert [seat.user_id for seat in seats] == [ALICE, BOB, CAROL]
    await store.tournaments.cancel(sng.id, "checked")
    await audited(store, escrow=0, tournament_chips=0)

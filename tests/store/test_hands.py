"""Hands: begin, journal after every action, settle in one transaction, void with refunds,
history and stats."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store import (
    ChipsNotConserved,
    HandAlreadyFinished,
    HandInProgress,
    HandNotFound,
    NotSeated,
    Store,
    StoreError,
    UnfinishedHand,
)
from tests.store._helpers import CHANNEL, GUILD, Database, seated_table

PHH = 'variant = "F2L3D"\nactions = []\n'


def ledger_sum(entries: list[tuple[str, str, int]], account: str) -> int:
    return sum(amount for _, name, amount in entries if name == account)


async def test_hand_lifecycle(store: Store) -> None:
    table_id, _ = await seated_table(store, 400, 600, 500)
    hand_id = await store.hands.begin(table_id, {1: 400, 2: 600, 3: 500})
    assert await store.hands.unfinished() == [UnfinishedHand(hand_id, table_id, None)]
    for action in range(5):
        await store.hands.journal(hand_id, {"action": action, "deck": [51, 50, 49]})
    assert await store.hands.unfinished() == [
        UnfinishedHand(hand_id, table_id, {"action": 4, "deck": [51, 50, 49]})
    ]
    assert await store.hands.journal_state(hand_id) == {"action": 4, "deck": [51, 50, 49]}
    # Seats keep their start stacks while the hand runs, so the audit holds mid-hand.
    assert [seat.stack for seat in await store.tables.seats(table_id)] == [400, 600, 500]
    assert (await store.audit.check()).ok
    summary = {"pot": 240, "winners": [2], "shown": {"2": "7s5d4c3h2s", "3": "8s6d4c3h2s"}}
    await store.hands.settle(
        hand_id,
        {1: 380, 2: 720, 3: 400},
        PHH,
        summary,
        payouts={2: 220},
        showed_down=[2, 3],
        voluntary=[2, 3],
    )
    assert [seat.stack for seat in await store.tables.seats(table_id)] == [380, 720, 400]
    assert await store.hands.unfinished() == []
    assert await store.hands.journal_state(hand_id) is None  # the deck is not kept after the hand
    entries = await store.audit.ledger_entries(hand_id)
    assert {kind for kind, _, _ in entries} == {"pot_contribution", "pot_win"}
    assert sum(amount for _, _, amount in entries) == 0
    assert ledger_sum(entries, f"pot:{hand_id}") == 0
    contributions = {
        name: -amount for kind, name, amount in entries if kind == "pot_contribution" and amount < 0
    }
    assert contributions == {
        f"seat:{table_id}:1": 20,
        f"seat:{table_id}:2": 100,
        f"seat:{table_id}:3": 100,
    }
    assert ledger_sum(entries, f"seat:{table_id}:2") == 120
    assert await store.hands.phh(hand_id) == PHH
    record = await store.hands.record(hand_id)
    assert (record.status, record.summary, record.void_reason) == ("settled", summary, None)
    assert [(p.user_id, p.net, p.won, p.showed_down) for p in record.players] == [
        (1, -20, 0, False),
        (2, 120, 220, True),
        (3, -100, 0, True),
    ]
    assert record.net_for(2) == 120 and record.net_for(9) is None
    stats = await store.hands.player_stats(GUILD, 2)
    assert (stats.hands_played, stats.hands_won, stats.net_chips) == (1, 1, 120)
    assert (stats.biggest_pot_won, stats.showdowns, stats.showdowns_won) == (220, 1, 1)
    assert (stats.vpip_hands, stats.vpip, stats.win_rate) == (1, 1.0, 1.0)
    loser = await store.hands.player_stats(GUILD, 3)
    assert (loser.hands_won, loser.net_chips, loser.showdowns, loser.showdowns_won) == (
        0,
        -100,
        1,
        0,
    )
    report = await store.audit.check()
    assert (report.granted, report.wallets + report.seats, report.open_pots) == (3000, 3000, 0)


async def test_settle_reads_payouts_and_showdowns_from_the_summary(store: Store) -> None:
    table_id, _ = await seated_table(store, 400, 400)
    hand_id = await store.hands.begin(table_id, {1: 400, 2: 400})
    await store.hands.settle(
        hand_id, {1: 390, 2: 410}, PHH, {"payouts": {"2": 20}, "showed_down": ["1", "2"]}
    )
    record = await store.hands.record(hand_id)
    assert [(p.won, p.showed_down) for p in record.players] == [(0, True), (20, True)]
    # The engine's shown hands ({id: cards}) count as showdowns too.
    second = await store.hands.begin(table_id, {1: 390, 2: 410})
    await store.hands.settle(second, {1: 400, 2: 400}, PHH, {"shown": {"1": "7s5d4c3h2s"}})
    record = await store.hands.record(second)
    assert [(p.won, p.showed_down) for p in record.players] == [(10, True), (0, False)]
    third = await store.hands.begin(table_id, {1: 400, 2: 400})
    with pytest.raises(StoreError):
        await store.hands.settle(third, {1: 400, 2: 400}, PHH, {"payouts": {"alice": 5}})
    await store.hands.void(third, "test over")


async def test_settle_without_payouts_posts_net_results(store: Store) -> None:
    table_id, _ = await seated_table(store, 400, 400)
    hand_id = await store.hands.begin(table_id, {1: 400, 2: 400})
    await store.hands.settle(hand_id, {1: 395, 2: 405}, PHH, {})
    entries = await store.audit.ledger_entries(hand_id)
    assert ledger_sum(entries, f"seat:{table_id}:1") == -5
    assert ledger_sum(entries, f"seat:{table_id}:2") == 5
    assert (await store.hands.player_stats(GUILD, 2)).biggest_pot_won == 5


async def test_settle_sits_out_in_the_same_transaction(store: Store, database: Database) -> None:
    """Two timeouts in a row sit a player out with the hand's settlement itself: a seat already
    out keeps its time, a leaving seat is left to its cash-out, and a refused settlement marks
    nobody."""
    table_id, _ = await seated_table(store, 400, 400, 400, 400)
    await store.tables.update_seat(table_id, 3, sitting_out=True)
    await store.tables.update_seat(table_id, 4, leaving=True)
    out_since = {s.user_id: s.sat_out_at for s in await store.tables.seats(table_id)}[3]
    hand_id = await store.hands.begin(table_id, {1: 400, 2: 400, 4: 400})
    before = await database.snapshot()
    with pytest.raises(ChipsNotConserved):
        await store.hands.settle(hand_id, {1: 400, 2: 401, 4: 400}, PHH, {}, sit_out=[1])
    assert await database.snapshot() == before
    await store.hands.settle(hand_id, {1: 390, 2: 410, 4: 400}, PHH, {}, sit_out=[1, 3, 4])
    seats = {s.user_id: s for s in await store.tables.seats(table_id)}
    assert [u for u, s in sorted(seats.items()) if s.sitting_out] == [1, 3]
    assert seats[1].sat_out_at is not None and seats[3].sat_out_at == out_since
    assert not seats[4].sitting_out and seats[4].leaving
    other = await store.hands.begin(table_id, {2: 410, 4: 400})
    with pytest.raises(StoreError):
        await store.hands.settle(other, {2: 410, 4: 400}, PHH, {}, sit_out=["2"])  # type: ignore[list-item]


async def test_settling_twice_changes_nothing(store: Store, database: Database) -> None:
    table_id, _ = await seated_table(store, 400, 400)
    hand_id = await store.hands.begin(table_id, {1: 400, 2: 400})
    await store.hands.settle(hand_id, {1: 300, 2: 500}, PHH, {})
    before = await database.snapshot()
    with pytest.raises(HandAlreadyFinished):
        await store.hands.settle(hand_id, {1: 300, 2: 500}, PHH, {})
    with pytest.raises(HandAlreadyFinished):
        await store.hands.void(hand_id, "late")
    with pytest.raises(HandAlreadyFinished):
        await store.hands.journal(hand_id, {"late": True})
    with pytest.raises(HandNotFound):
        await store.hands.settle(hand_id + 100, {1: 300, 2: 500}, PHH, {})
    with pytest.raises(HandNotFound):
        await store.hands.journal(hand_id + 100, {})
    assert await database.snapshot() == before


@pytest.mark.parametrize(
    ("finals", "payouts", "error"),
    [
        ({1: 300, 2: 501}, None, ChipsNotConserved),
        ({1: 300, 2: 499}, None, ChipsNotConserved),
        ({1: 800, 2: 0, 3: 0}, None, StoreError),
        ({1: 800}, None, StoreError),
        ({1: -100, 2: 900}, None, StoreError),
        ({1: 300.0, 2: 500}, None, StoreError),
        ({1: True, 2: 799}, None, StoreError),
        ({1: 300, 2: 500}, {2: 50}, ChipsNotConserved),
        ({1: 300, 2: 500}, {2: 900}, ChipsNotConserved),
        ({1: 300, 2: 500}, {2: -100}, StoreError),
    ],
)
async def test_bad_settlements_change_nothing(
    store: Store,
    database: Database,
    finals: dict[int, Any],
    payouts: dict[int, int] | None,
    error: type[StoreError],
) -> None:
    table_id, _ = await seated_table(store, 400, 400)
    hand_id = await store.hands.begin(table_id, {1: 400, 2: 400})
    await store.hands.journal(hand_id, {"step": 1})
    before = await database.snapshot()
    with pytest.raises(error):
        await store.hands.settle(hand_id, finals, PHH, {}, payouts=payouts)
    assert await database.snapshot() == before
    assert await store.hands.unfinished() == [UnfinishedHand(hand_id, table_id, {"step": 1})]
    await store.hands.settle(hand_id, {1: 300, 2: 500}, PHH, {})


async def test_begin_hand_checks(store: Store, database: Database) -> None:
    table_id, _ = await seated_table(store, 400, 600)
    before = await database.snapshot()
    with pytest.raises(StoreError, match="400"):
        await store.hands.begin(table_id, {1: 500, 2: 600})
    with pytest.raises(NotSeated):
        await store.hands.begin(table_id, {1: 400, 3: 600})
    with pytest.raises(StoreError):
        await store.hands.begin(table_id, {1: 400})
    with pytest.raises(StoreError):
        await store.hands.begin(table_id, {1: 400, 2: 0})
    assert await database.snapshot() == before
    first = await store.hands.begin(table_id, {1: 400, 2: 600})
    with pytest.raises(HandInProgress):
        await store.hands.begin(table_id, {1: 400, 2: 600})
    await store.hands.settle(first, {1: 410, 2: 590}, PHH, {})
    second = await store.hands.begin(table_id, {1: 410, 2: 590})
    assert second > first


async def test_mid_hand_joiner_and_leaver(store: Store, database: Database) -> None:
    table_id, _ = await seated_table(store, 400, 400)
    hand_id = await store.hands.begin(table_id, {1: 400, 2: 400})
    # Player 3 sits down mid-hand: holds a seat, is not in the hand, may stand up again.
    await store.tables.buy_in(table_id, 3, "Late", 300)
    # Player 2 asks to leave mid-hand: flagged, cashed out only after the hand.
    await store.tables.update_seat(table_id, 2, leaving=True)
    before = await database.snapshot()
    with pytest.raises(HandInProgress, match="cashed out when it ends"):
        await store.tables.cash_out(table_id, 2)
    with pytest.raises(HandInProgress):
        await store.tables.add_chips(table_id, 2, 100)
    assert await database.snapshot() == before
    await store.hands.settle(hand_id, {1: 200, 2: 600}, PHH, {})
    stacks = {seat.user_id: seat.stack for seat in await store.tables.seats(table_id)}
    assert stacks == {1: 200, 2: 600, 3: 300}
    assert await store.tables.cash_out(table_id, 2) == 600
    assert await store.wallets.balance(GUILD, 2) == 1200
    assert await store.tables.cash_out(table_id, 3) == 300


async def test_void_refunds_every_bet(store: Store) -> None:
    table_id, _ = await seated_table(store, 400, 600)
    hand_id = await store.hands.begin(table_id, {1: 400, 2: 600})
    await store.hands.journal(hand_id, {"bets": {"1": 30, "2": 60}})
    await store.hands.void(hand_id, "state could not be restored", bets={1: 30, 2: 60})
    assert [seat.stack for seat in await store.tables.seats(table_id)] == [400, 600]
    assert await store.hands.unfinished() == []
    record = await store.hands.record(hand_id)
    assert (record.status, record.void_reason) == ("voided", "state could not be restored")
    assert [p.net for p in record.players] == [0, 0]
    entries = await store.audit.ledger_entries(hand_id)
    assert [(kind, amount) for kind, name, amount in entries if name == f"seat:{table_id}:2"] == [
        ("void", -60),
        ("refund", 60),
    ]
    assert ledger_sum(entries, f"pot:{hand_id}") == 0
    assert await store.hands.phh(hand_id) is None
    assert (await store.hands.player_stats(GUILD, 1)).hands_played == 0
    with pytest.raises(HandAlreadyFinished):
        await store.hands.void(hand_id, "again")
    with pytest.raises(HandNotFound):
        await store.hands.void(hand_id + 1, "none")
    # A bet larger than the start stack is refused.
    other = await store.hands.begin(table_id, {1: 400, 2: 600})
    with pytest.raises(StoreError):
        await store.hands.void(other, "bad", bets={1: 401})
    await store.hands.void(other, "no bets known")
    assert [seat.stack for seat in await store.tables.seats(table_id)] == [400, 600]


async def test_recent_hands_and_stats_over_several_hands(store: Store) -> None:
    table_id, _ = await seated_table(store, 500, 500)
    other = await store.tables.get_or_create(GUILD, CHANNEL + 1)
    await store.tables.buy_in(other.id, 1, "One", 200)
    await store.tables.buy_in(other.id, 3, "Three", 200)
    stacks = {1: 500, 2: 500}
    hand_ids = []
    for delta in (50, -20, 70):
        hand_id = await store.hands.begin(table_id, dict(stacks))
        finals = {1: stacks[1] + delta, 2: stacks[2] - delta}
        winner = 1 if delta > 0 else 2
        await store.hands.settle(
            hand_id,
            finals,
            f"hand {hand_id}",
            {"delta": delta},
            payouts={winner: 2 * abs(delta)},
            showed_down=[1, 2] if delta == 70 else [],
            voluntary=[1, 2],
        )
        stacks = finals
        hand_ids.append(hand_id)
    elsewhere = await store.hands.begin(other.id, {1: 200, 3: 200})
    await store.hands.settle(elsewhere, {1: 100, 3: 300}, "x", {})
    voided = await store.hands.begin(table_id, dict(stacks))
    await store.hands.void(voided, "restart")

    recent = await store.hands.recent(GUILD)
    assert [hand.id for hand in recent] == [voided, elsewhere, *reversed(hand_ids)]
    assert [hand.id for hand in await store.hands.recent(GUILD, limit=2)] == [voided, elsewhere]
    in_channel = await store.hands.recent(GUILD, channel_id=CHANNEL)
    assert [hand.id for hand in in_channel] == [voided, *reversed(hand_ids)]
    of_three = await store.hands.recent(GUILD, user_id=3)
    assert [hand.id for hand in of_three] == [elsewhere]
    assert await store.hands.recent(GUILD + 1) == []

    stats = await store.hands.player_stats(GUILD, 1)
    assert stats.hands_played == 4
    assert stats.hands_won == 2
    assert stats.net_chips == 50 - 20 + 70 - 100
    assert stats.biggest_pot_won == 140
    assert (stats.showdowns, stats.showdowns_won) == (1, 1)
    assert stats.vpip_hands == 3
    assert (await store.hands.player_stats(GUILD, 42)).hands_played == 0


async def test_a_hand_moves_the_button_with_it_and_is_numbered_at_its_table(store: Store) -> None:
    """``begin(button=)`` moves the table's button in the hand's transaction (a refused hand
    moves nothing); a hand's number at its table and the table's last hand leave voided hands
    out (a seeded deck is keyed by the number: a hand dealt again has the number it had)."""
    table_id, (one, two) = await seated_table(store, 400, 400)
    assert await store.hands.last_dealt(table_id) == 0
    first = await store.hands.begin(table_id, {one: 400, two: 400}, button=1)
    assert (await store.tables.get(table_id)).button_seat == 1
    assert await store.hands.number_at_table(table_id, first) == 1
    with pytest.raises(StoreError):
        await store.hands.begin(table_id, {one: 400, two: 400}, button=0)  # one is running
    assert (await store.tables.get(table_id)).button_seat == 1
    await store.hands.void(first, "could not resume")
    with pytest.raises(StoreError):
        await store.hands.begin(table_id, {one: 400, two: 400}, button=99)
    assert (await store.tables.get(table_id)).button_seat == 1
    assert await store.hands.last_dealt(table_id) == 0
    again = await store.hands.begin(table_id, {one: 400, two: 400}, button=0)
    assert (await store.tables.get(table_id)).button_seat == 0
    assert await store.hands.number_at_table(table_id, again) == 1
    assert await store.hands.last_dealt(table_id) == again

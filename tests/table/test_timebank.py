"""The time bank on a real store and a real session: it runs when a turn's timer runs out
(the turn goes on, the table says so), keeps what a player did not use, grows every so many
hands up to its most, and is spent before a timeout happens."""

from __future__ import annotations

import time

from bot.engine import Hand
from bot.store import Store
from bot.table.inputs import Timeout
from bot.table.render import table_layout
from bot.table.session import TableSession
from tests.table._helpers import ALICE, BOB, CAROL, GUILD, Tables, wait_until


async def act(session: TableSession, hand: Hand, fold: bool = False) -> None:
    async with session._lock:
        player = hand.to_act
        assert player is not None
        hand.fold(player) if fold else hand.check_or_call(player)
        await session._after_action()


async def test_the_bank_runs_keeps_the_rest_grows_and_is_spent(
    store: Store, tables: Tables
) -> None:
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400), time_bank=10)
    await store.settings.set_time_bank(GUILD, 10, 5, 2, 12)  # +5 s every 2nd hand, at most 12
    session = table.session
    clock = [1000.0]
    session.bank._clock = lambda: clock[0]
    hand = await wait_until(lambda: session.hand)
    player = hand.to_act
    assert player is not None
    await wait_until(lambda: session.bank.left(player) is not None)
    assert session.bank.left(player) == 10.0  # the server's start (one hand: not grown)
    number = hand.action_count
    await session.handle(Timeout(number))  # the timer ran out: the bank runs, the turn goes on
    assert hand.action_count == number and hand.to_act == player
    assert session.table_snapshot().bank
    assert "time bank" in str(table_layout(session.table_snapshot()).to_components())
    clock[0] += 4.0  # the player acts 4 s into the bank: 6 s are kept
    await act(session, hand)
    assert session.bank.left(player) == 6.0 and not session.table_snapshot().bank
    seat = await store.tables.seat_of(session.table_id, player)
    assert seat is not None and seat.time_bank == 6.0
    await act(session, hand, fold=True)
    # The second hand dealt to them adds 5 s (11, under the most of 12).
    second = await wait_until(lambda: session.hand is not hand and session.hand)
    await wait_until(lambda: session.bank.left(player) == 11.0)
    while second.to_act != player:
        await act(session, second)
    number = second.action_count
    await session.handle(Timeout(number))
    assert second.action_count == number  # the bank runs...
    await session.handle(Timeout(number))
    assert second.action_count > number  # ...and once it ran out, the timeout
    assert session.bank.left(player) == 0.0
    seat = await store.tables.seat_of(session.table_id, player)
    assert seat is not None and seat.time_bank == 0.0


async def test_a_new_time_bank_setting_reaches_seated_players_from_their_next_turn(
    store: Store, tables: Tables
) -> None:
    """``/pokeradmin timebank`` holds for banks already kept at the seats: never above the new
    most (5 s, not the 30 s kept, so a timeout after 5 s of bank), and none once the start is 0;
    turned on again, each bank starts afresh."""
    table = await tables.open(
        (ALICE, "Alice", 400), (BOB, "Bob", 400), (CAROL, "Carol", 400), time_bank=30
    )
    session = table.session
    hand = await wait_until(lambda: session.hand)
    player = hand.to_act
    assert player is not None
    await wait_until(lambda: session.bank.left(player) is not None)
    assert session.bank.left(player) == 30.0
    await store.settings.set_time_bank(GUILD, 5, 5, 10, 5)  # as /pokeradmin timebank does
    await session.apply_settings()
    assert session.bank.left(player) == 5.0
    seat = await store.tables.seat_of(session.table_id, player)
    assert seat is not None and seat.time_bank == 5.0
    number = hand.action_count
    await session.handle(Timeout(number))  # the bank runs for 5 s, not 30
    assert session.timers.deadline is not None
    assert session.timers.deadline - time.time() <= 5.5
    await store.settings.set_time_bank(GUILD, 0, 5, 10, 60)  # banks off
    await session.apply_settings()
    await session.handle(Timeout(number))  # the bank that ran finishes its turn: the timeout
    assert hand.action_count > number
    other = hand.to_act
    assert other is not None and session.bank.left(other) == 0.0
    await session.handle(Timeout(hand.action_count))  # no bank at all: the timeout at once
    assert hand.is_complete or hand.to_act != other
    await store.settings.set_time_bank(GUILD, 8, 5, 10, 60)  # on again: each starts afresh
    await session.apply_settings()
    for user_id in (ALICE, BOB, CAROL):
        assert session.bank.left(user_id) == 8.0


async def test_the_panel_shows_the_bank_and_an_away_player_does_not_spend_it_again(
    store: Store, tables: Tables
) -> None:
    """The bank is in the player's panel before it runs (``bank_left``); a player
    whose last decision timed out is away: their next decision times out without the bank
    (it grew again at the deal), so an away player costs the bank once, not at each turn."""
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400), time_bank=10)
    session = table.session
    hand = await wait_until(lambda: session.hand)
    # +10 s at every hand dealt from the next on (set before the first deal, a slow deal
    # read it already: 20 s)
    await store.settings.set_time_bank(GUILD, 10, 10, 1, 60)
    player = hand.to_act
    assert player is not None
    await wait_until(lambda: session.bank.left(player) is not None)
    assert session._panel(player).bank_left == 10
    number = hand.action_count
    await session.handle(Timeout(number))  # the bank runs...
    assert hand.action_count == number
    await session.handle(Timeout(number))  # ...then the timeout folds them
    assert hand.action_count > number
    second = await wait_until(lambda: session.hand is not hand and session.hand)
    await wait_until(lambda: session.bank.left(player) == 10.0)  # grown again at the deal
    assert session._panel(player).bank_left == 10
    while second.to_act != player:
        await act(session, second)
    number = second.action_count
    await session.handle(Timeout(number))
    assert second.action_count > number  # timed out at once: no bank for an away player
    assert session.bank.left(player) == 10.0  # and the bank is kept for when they are back
    assert player in session.notes.sit_out_after  # two timeouts in a row

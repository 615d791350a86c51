"""Sit-and-go places and what a tournament may be created with, on both backends.

Players a hand leaves with no chips are placed by the store in the transaction that settles
the hand, by their stacks when it was dealt (RULES.md "Tournaments": the bigger stack finishes
higher, equal stacks share the places they cover and their prizes, odd chips one each from the
button's left). ``create`` checks every option itself, whatever sent it, and refuses a prize
pool the store could not pay as one prize."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store import MAX_CHIPS, InvalidAmount, InvalidSetting, Store, StoreError
from bot.store.models import TournamentRow
from bot.store.tournaments import (
    MAX_LEVEL_HANDS,
    MAX_LEVEL_MINUTES,
    MAX_SEATS,
    MAX_START_MINUTES,
    MAX_START_STACK,
    MIN_SEATS,
    MIN_START_STACK,
)
from tests.store._helpers import ADMIN, CHANNEL, GUILD, Database

ALICE, BOB, CAROL, DAVE = 1001, 1002, 1003, 1004
PHH = 'variant = "F2L3D"\nactions = []\n'


async def tournament(store: Store, **changes: Any) -> TournamentRow:
    options: dict[str, Any] = {
        "buy_in": 100,
        "seats": 4,
        "start_stack": 100,
        "level_hands": 10,
        "structure": "turbo",
    }
    options.update(changes)
    return await store.tournaments.create(GUILD, CHANNEL, ADMIN, **options)


async def started(store: Store, buy_in: int = 100) -> tuple[TournamentRow, int]:
    """Alice, Bob, Carol and Dave registered and seated at seats 0..3 with 100 chips each."""
    sng = await tournament(store, buy_in=buy_in)
    for user_id in (ALICE, BOB, CAROL, DAVE):
        await store.tournaments.register(sng.id, user_id, f"P{user_id}")
    _, table = await store.tournaments.start(sng.id)  # seats 0..3 in registration order
    return sng, table.id


async def play(store: Store, table_id: int, button: int, finals: dict[int, int]) -> None:
    """Deal these players a hand from their seat stacks (the button at seat ``button``, stored
    first as the table does) and settle it with these final stacks."""
    seats = {seat.user_id: seat.stack for seat in await store.tables.seats(table_id)}
    await store.tables.set_button(table_id, button)
    hand_id = await store.hands.begin(table_id, {user_id: seats[user_id] for user_id in finals})
    await store.hands.settle(hand_id, finals, PHH, {"pot": 0})


async def places(store: Store, tournament_id: int) -> dict[int, tuple[int | None, int | None]]:
    return {e.user_id: (e.place, e.prize) for e in await store.tournaments.entries(tournament_id)}


async def test_players_out_in_one_hand_place_by_their_stacks_when_it_began(
    store: Store,
) -> None:
    """Three players out in one hand with 40, 20 and 20 chips at its start: the 40 takes second
    place and its whole prize, the two 20s share third and fourth (no prize); their seats are
    freed by the settlement itself."""
    sng, table_id = await started(store)
    await play(store, table_id, 0, {ALICE: 40, BOB: 20, CAROL: 20, DAVE: 320})
    assert all(place is None for place, _ in (await places(store, sng.id)).values())
    await play(store, table_id, 1, {ALICE: 0, BOB: 0, CAROL: 0, DAVE: 400})
    assert await places(store, sng.id) == {
        ALICE: (2, 120),
        BOB: (3, 0),
        CAROL: (3, 0),
        DAVE: (None, None),
    }
    assert [seat.user_id for seat in await store.tables.seats(table_id)] == [DAVE]
    assert await store.tournaments.finish(sng.id, DAVE, 280) == {ALICE: 120, DAVE: 280}
    assert [await store.wallets.balance(GUILD, u) for u in (ALICE, DAVE)] == [1020, 1180]


async def test_equal_start_stacks_share_their_places_prizes_odd_chip_from_the_buttons_left(
    store: Store,
) -> None:
    """A pool of 104 pays 73 and 31. Dave goes out first (fourth); then Alice and Bob, 130
    chips each at the hand's start, go out together: they share second and third, 31 chips,
    and the odd one goes to Bob, the first of them from the button's left (Alice holds it)."""
    sng, table_id = await started(store, buy_in=26)
    await play(store, table_id, 3, {ALICE: 130, BOB: 130, CAROL: 140, DAVE: 0})
    assert (await places(store, sng.id))[DAVE] == (4, 0)
    await play(store, table_id, 0, {ALICE: 0, BOB: 0, CAROL: 400})
    assert await places(store, sng.id) == {
        ALICE: (2, 15),
        BOB: (2, 16),
        CAROL: (None, None),
        DAVE: (4, 0),
    }
    assert await store.tournaments.finish(sng.id, CAROL, 73) == {ALICE: 15, BOB: 16, CAROL: 73}


async def test_a_cash_table_hand_places_nobody(store: Store) -> None:
    """A player busted at a cash table keeps their empty seat, as before."""
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    await store.tables.buy_in(table.id, ALICE, "Alice", 200)
    await store.tables.buy_in(table.id, BOB, "Bob", 200)
    await play(store, table.id, 0, {ALICE: 0, BOB: 400})
    stacks = {seat.user_id: seat.stack for seat in await store.tables.seats(table.id)}
    assert stacks == {ALICE: 0, BOB: 400}
    await store.tables.close(table.id)


async def test_create_takes_the_largest_and_smallest_values_and_refuses_beyond(
    store: Store, database: Database
) -> None:
    """Every limit of ``create`` at its edge is taken, one past it refused (changing nothing):
    the pool (buy-in times seats) at most ``MAX_CHIPS``, so its first prize can be paid."""
    for seats in (MIN_SEATS, 4, MAX_SEATS):
        largest = MAX_CHIPS // seats
        before = await database.snapshot()
        with pytest.raises(InvalidAmount) as pool:
            await tournament(store, buy_in=largest + 1, seats=seats)
        assert pool.value.key == "sng_pool_too_big"
        assert pool.value.params == {"pool": MAX_CHIPS, "seats": seats, "buy_in": largest}
        assert await database.snapshot() == before
        sng = await tournament(store, buy_in=largest, seats=seats)
        assert (sng.buy_in, sng.seats) == (largest, seats)
        await store.tournaments.cancel(sng.id, "edge")
    edges: list[dict[str, Any]] = [
        {"buy_in": 0, "seats": MAX_SEATS},
        {"start_stack": MIN_START_STACK},
        {"start_stack": MAX_START_STACK},
        {"level_hands": None, "level_minutes": 1},
        {"level_hands": None, "level_minutes": MAX_LEVEL_MINUTES},
        {"level_hands": 1},
        {"level_hands": MAX_LEVEL_HANDS},
        {"structure": "slow", "starts_in": 1},
        {"structure": "regular", "starts_in": MAX_START_MINUTES},
    ]
    for edge in edges:
        sng = await tournament(store, **edge)
        if "starts_in" in edge:
            assert sng.starts_at is not None
            assert sng.starts_at - sng.created_at == 60 * edge["starts_in"]
        await store.tournaments.cancel(sng.id, "edge")
    beyond: list[dict[str, Any]] = [
        {"buy_in": -1},
        {"seats": MIN_SEATS - 1},
        {"seats": MAX_SEATS + 1},
        {"start_stack": MIN_START_STACK - 1},
        {"start_stack": MAX_START_STACK + 1},
        {"level_hands": None, "level_minutes": 0},
        {"level_hands": None, "level_minutes": MAX_LEVEL_MINUTES + 1},
        {"level_hands": 0},
        {"level_hands": MAX_LEVEL_HANDS + 1},
        {"starts_in": 0},
        {"starts_in": MAX_START_MINUTES + 1},
    ]
    before = await database.snapshot()
    for bad in beyond:
        with pytest.raises((InvalidAmount, InvalidSetting)) as refused:
            await tournament(store, **bad)
        assert refused.value.key == "error_amount_range", bad
    assert await database.snapshot() == before


async def test_create_refuses_forged_values_whatever_sent_them(
    store: Store, database: Database
) -> None:
    """Values Discord's schema would never let through reach the store from a forged request:
    an unknown structure (once stored, it broke ``/poker sng show``), wrong types, huge
    numbers. Each is refused with its sentence's key and nothing is stored."""
    before = await database.snapshot()
    forged: list[tuple[dict[str, Any], str]] = [
        ({"structure": "bogus"}, "sng_structure_unknown"),
        ({"structure": ""}, "sng_structure_unknown"),
        ({"structure": 7}, "sng_structure_unknown"),
        ({"structure": ["turbo"]}, "sng_structure_unknown"),
        ({"buy_in": 1.5}, "error_amount_whole"),
        ({"buy_in": True}, "error_amount_whole"),
        ({"buy_in": 10**40}, "error_amount_range"),
        ({"seats": "6"}, "error_amount_whole"),
        ({"start_stack": 10**40}, "error_amount_range"),
        ({"level_hands": -5}, "error_amount_range"),
        ({"level_hands": None, "level_minutes": 10**40}, "error_amount_range"),
        ({"starts_in": -5}, "error_amount_range"),
        ({"starts_in": 10**400}, "error_amount_range"),
        ({"starts_in": 2.5}, "error_amount_whole"),
        ({"level_hands": None}, "sng_levels"),
    ]
    for options, key in forged:
        with pytest.raises(StoreError) as refused:
            await tournament(store, **options)
        assert refused.value.key == key, options
    assert await database.snapshot() == before


async def test_the_largest_pool_is_paid_as_one_prize(store: Store) -> None:
    """Two seats at the largest buy-in: the winner's prize, the whole pool of ``MAX_CHIPS``,
    is paid at the finish (over it, the finish could never pay and retried forever)."""
    buy_in = MAX_CHIPS // 2
    sng = await tournament(store, buy_in=buy_in, seats=2, start_stack=MAX_START_STACK)
    for user_id in (ALICE, BOB):
        await store.wallets.grant(GUILD, user_id, buy_in, by_user_id=ADMIN)
        await store.tournaments.register(sng.id, user_id, f"P{user_id}")
    _, table = await store.tournaments.start(sng.id)
    await play(store, table.id, 0, {ALICE: 0, BOB: 2 * MAX_START_STACK})
    assert (await places(store, sng.id))[ALICE] == (2, 0)
    assert await store.tournaments.finish(sng.id, BOB, MAX_CHIPS) == {BOB: MAX_CHIPS}
    assert await store.wallets.balance(GUILD, BOB) == 1000 + MAX_CHIPS

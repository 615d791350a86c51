"""``DEUCE_TEST_SEED`` (tests only): a table's n-th deal since its session began shuffles with
a generator seeded by the seed, the table and n, so two runs deal the same cards; without it
each deal uses the cryptographic generator."""

from __future__ import annotations

from types import SimpleNamespace

from bot.store import Store
from bot.table.cashier import Cashier

SETTINGS = SimpleNamespace(small_bet=20, small_blind=10, cap=4)


async def cards_of_first_deals(store: Store, table_id: int, seed: int | None) -> list[object]:
    """The private hands of a fresh cashier's first two deals (each hand called off after)."""
    cashier = Cashier(store, table_id, lambda **_: None, test_seed=seed)
    dealt = []
    for _ in range(2):
        players = await cashier.seats()
        hand = await cashier.deal(players, players[0].seat, SETTINGS)
        dealt.append([hand.private_cards(p) for p in hand.player_ids])
        await store.hands.void(hand.hand_id, "test")
    return dealt


async def test_a_seeded_table_deals_the_same_cards_again_and_others_differ(store: Store) -> None:
    table = await store.tables.get_or_create(1, 2)
    other = await store.tables.get_or_create(1, 3)
    for table_id in (table.id, other.id):
        for user_id in (11, 12, 13):
            await store.tables.buy_in(table_id, user_id, f"p{user_id}", 400)
    first = await cards_of_first_deals(store, table.id, 37)
    assert await cards_of_first_deals(store, table.id, 37) == first  # a restart deals the same
    assert first[0] != first[1]  # a new deck each hand
    assert await cards_of_first_deals(store, other.id, 37) != first  # another table, other cards
    assert await cards_of_first_deals(store, table.id, 38) != first
    assert await cards_of_first_deals(store, table.id, None) != first

"""``DEUCE_TEST_SEED`` (tests only): a table's hand shuffles with a generator seeded by the
seed, the table and the hand's number at that table in the store (voided hands left out), so
a restart (a new cashier, as a new process makes) deals the same cards to the same hand
number, and a hand a restart called off is dealt again with the cards it had; a house player's
decision draws from a generator keyed by the seed, the table, the hand's number and the
decision's place in the hand, so a restart decides the same; an MTT director's draws are keyed
by the tournament and the step. Without a seed each deal uses the cryptographic generator."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from bot.engine import Hand
from bot.features.mtt.running import MttRuns
from bot.house.strategy import CHECK_CALL
from bot.store import Store
from bot.table.cashier import Cashier
from bot.table.house import HousePlayers

SETTINGS = SimpleNamespace(small_bet=20, small_blind=10, cap=4)


def cards(hand: Hand) -> list[object]:
    return [hand.private_cards(p) for p in hand.player_ids]


async def settle_even(store: Store, hand: Hand) -> None:
    """The hand written as over with every stack as it began (400: ``seated``), so the next
    hand at the table is the next number."""
    await store.hands.settle(hand.hand_id, dict.fromkeys(hand.player_ids, 400), "", {})


async def deal(cashier: Cashier) -> Hand:
    players = await cashier.seats()
    return await cashier.deal(players, players[0].seat, SETTINGS)


async def seated(store: Store, channel_id: int) -> int:
    table = await store.tables.get_or_create(1, channel_id)
    for user_id in (11, 12, 13):
        await store.tables.buy_in(table.id, user_id, f"p{user_id}", 400)
    return table.id


async def test_a_restart_deals_the_same_cards_to_the_same_hand_number(store: Store) -> None:
    table_id = await seated(store, 2)
    first = Cashier(store, table_id, lambda **_: None, test_seed=37)
    one = await deal(first)
    await settle_even(store, one)
    two = await deal(first)
    assert cards(one) != cards(two)  # a new deck each hand
    # The process dies in hand 2; the restart cannot resume it and calls it off: the next
    # deal, by a new cashier, is hand 2 again at this table, with hand 2's cards.
    await store.hands.void(two.hand_id, "could not resume")
    again = await deal(Cashier(store, table_id, lambda **_: None, test_seed=37))
    assert again.hand_id != two.hand_id and cards(again) == cards(two)
    await settle_even(store, again)
    # Another table's hand 1, another seed or no seed: other cards.
    other_id = await seated(store, 3)
    other = await deal(Cashier(store, other_id, lambda **_: None, test_seed=37))
    assert cards(other) != cards(one)
    await store.hands.void(other.hand_id, "test")
    other = await deal(Cashier(store, other_id, lambda **_: None, test_seed=38))
    assert cards(other) != cards(one)
    await store.hands.void(other.hand_id, "test")
    unseeded = await deal(Cashier(store, other_id, lambda **_: None, test_seed=None))
    assert cards(unseeded) != cards(one)


class Table(SimpleNamespace):
    """What the house players read of their table."""


async def test_a_house_decision_is_keyed_by_the_hand_and_its_place_in_it(store: Store) -> None:
    table_id = await seated(store, 4)
    hand = await deal(Cashier(store, table_id, lambda **_: None, test_seed=37))
    drawn: list[float] = []

    def decide(public: Any, private: Any, style: Any, rng: random.Random) -> Any:
        drawn.append(rng.random())
        return CHECK_CALL

    table = Table(table_id=table_id, store=store)
    seeded = [HousePlayers(table, 0, decide=decide, seed=37) for _ in range(2)]  # a restart
    for house in seeded:
        house.use_styles({})
        await house.choose(hand, hand.to_act)
    assert drawn[0] == drawn[1]  # the same decision after a restart
    hand.check_or_call(hand.to_act)
    await seeded[1].choose(hand, hand.to_act)
    assert drawn[2] != drawn[1]  # the next decision of the hand draws anew
    unseeded = HousePlayers(table, 0, decide=decide)
    unseeded.use_styles({})
    await unseeded.choose(hand, hand.to_act)
    assert drawn[3] != drawn[2]


def test_the_director_draws_by_tournament_and_step_only_when_seeded() -> None:
    seeded = MttRuns(SimpleNamespace(), seed=37)
    again = MttRuns(SimpleNamespace(), seed=37)  # a restart
    assert seeded.draw(5, "step", 9, 2).random() == again.draw(5, "step", 9, 2).random()
    assert seeded.draw(5, "step", 9, 2).random() != seeded.draw(5, "step", 9, 3).random()
    assert seeded.draw(5, "seating").random() != seeded.draw(6, "seating").random()
    production = MttRuns(SimpleNamespace())
    assert production.draw(5, "step", 9, 2) is production.rng  # the cryptographic one

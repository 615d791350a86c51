"""The engine's own shuffles (deck from a seeded/system generator, keyed reshuffle) are uniform."""

from __future__ import annotations

import random

from bot.engine.hand import _fisher_yates_52, keyed_shuffle


def chi_square(counts: list[int], expected: float) -> float:
    return sum((c - expected) ** 2 / expected for c in counts)


def test_deck_shuffle_card_by_position_is_uniform() -> None:
    rng = random.Random(31)
    rounds = 6000
    position_of = [[0] * 52 for _ in range(4)]  # four tracked cards: where they end up
    for _ in range(rounds):
        order = _fisher_yates_52(rng.getrandbits)
        assert sorted(order) == list(range(52))
        for card in range(4):
            position_of[card][order.index(card * 13)] += 1
    for counts in position_of:
        # 51 degrees of freedom: mean 51, sd about 10; 110 is far in the tail.
        assert chi_square(counts, rounds / 52) < 110


def test_keyed_reshuffle_is_uniform_and_replayable() -> None:
    rounds = 6000
    counts = [[0] * 16 for _ in range(16)]
    for k in range(rounds):
        cards = list(range(16))
        keyed_shuffle(cards, seed=987654321, counter=k)
        again = list(range(16))
        keyed_shuffle(again, seed=987654321, counter=k)
        assert again == cards  # same seed and counter: same order (resumed hands)
        for position, card in enumerate(cards):
            counts[card][position] += 1
    for row in counts:
        assert chi_square(row, rounds / 16) < 45  # 15 degrees of freedom
    first, second = list(range(16)), list(range(16))
    keyed_shuffle(first, 1, 0)
    keyed_shuffle(second, 2, 0)
    assert first != second

"""The counted odds against published figures, and against the evaluator."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from bot.engine.cards import CARDS
from bot.engine.evaluator import rank27, rank27_many
from bot.house.odds import class_distribution, made_class, make_probability, rank_mask
from tests.house._helpers import cards

WORST_EIGHT = rank27("8s7c6d5h3s")
"""8-7-6-5-3: the worst 8-low, 18th best hand."""


def test_pat_eight_or_better_is_about_0_71_percent_counted() -> None:
    from bot.house.odds import pat_probability

    assert pat_probability(8) == pytest.approx(18 * 1020 / 2_598_960)
    assert pat_probability(8) == pytest.approx(0.0071, abs=0.00005)
    assert WORST_EIGHT == 18


def test_pat_eight_or_better_by_the_evaluator_over_every_deal() -> None:
    ranks = rank27_many(combinations(range(52), 5))
    share = sum(1 for r in ranks if r <= WORST_EIGHT) / len(ranks)
    assert share == pytest.approx(0.00706, abs=0.00001)


def test_one_card_to_2_3_4_7_makes_a_seven_17_percent_per_draw_43_over_three() -> None:
    kept = rank_mask((2, 3, 4, 7))
    assert make_probability(kept, 7, 1) == pytest.approx(8 / 47)
    assert make_probability(kept, 7, 1) == pytest.approx(0.17, abs=0.005)
    assert make_probability(kept, 7, 3) == pytest.approx(1 - (39 / 47) ** 3)
    assert make_probability(kept, 7, 3) == pytest.approx(0.43, abs=0.005)


def test_one_card_to_2_3_4_7_sampled_with_the_evaluator() -> None:
    """Deal the draws from a real shuffled stub: the seven comes 17% a draw, 43% in three."""
    rng = random.Random(14)
    held = cards("2c3d4h7s")
    rest = [c for c in CARDS if c not in held and c != CARDS[51]]  # As is our discard
    trials = 20_000
    first = made = 0
    for _ in range(trials):
        stub = rng.sample(rest, 3)
        for k, c in enumerate(stub):
            if rank27([*held, c]) <= rank27("7s6c4d3h2s"):  # 7-low: number two or better
                made += 1
                first += k == 0
                break
    assert first / trials == pytest.approx(0.17, abs=0.01)
    assert made / trials == pytest.approx(0.43, abs=0.015)


def test_two_card_draw_counts_the_straight_against_the_hand() -> None:
    # 2-3-4 drawing two to a 7: only 7 with 5 or 6 makes it (5-6 is a straight).
    assert make_probability(rank_mask((2, 3, 4)), 7, 1) == pytest.approx(2 * 16 / 1081)


def test_class_distribution_is_a_distribution() -> None:
    for kept in ((), (2,), (2, 7), (3, 5, 8), (2, 3, 4, 5), (2, 4, 6, 9)):
        for draws in (1, 2, 3):
            dist = class_distribution(rank_mask(kept), draws)
            assert all(p >= -1e-12 for p in dist)
            assert sum(dist) == pytest.approx(1.0)


def test_made_class() -> None:
    assert made_class(cards("7h5d4c3s2h")) == 0
    assert made_class(cards("8s7c4d3h2h")) == 1
    assert made_class(cards("Ts9c4d3h2h")) == 3
    assert made_class(cards("7h7d4c3s2h")) == 7  # a pair
    assert made_class(cards("6h5d4c3s2h")) == 7  # a straight
    assert made_class(cards("8h6h4h3h2h")) == 7  # a flush

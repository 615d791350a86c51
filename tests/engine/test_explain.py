"""Why one shown hand beats another (``explain``), with named cards."""

from __future__ import annotations

import pytest

from bot.engine import EngineError
from bot.engine.evaluator import (
    FLUSH,
    FULL_HOUSE,
    NO_PAIR,
    ONE_PAIR,
    STRAIGHT,
    THREE_OF_A_KIND,
    TWO_PAIR,
)
from bot.engine.explain import Reason, ReasonKind, explain


def test_no_pair_beats_a_pair_however_high_its_cards() -> None:
    """The issue's hand: an eight-five low beats a pair of fives."""
    assert explain("8c5d4h3s2c", "5c5h3d2s4c") == Reason(ReasonKind.PAIR_LOSES, NO_PAIR, ONE_PAIR)
    assert explain("AcKdQhJs9c", "2c2d3h4s5c").kind is ReasonKind.PAIR_LOSES


@pytest.mark.parametrize(
    ("worse", "category"),
    [("9c9d5h5s2c", TWO_PAIR), ("3c3d3h5s2c", THREE_OF_A_KIND), ("3c3d3h2s2c", FULL_HOUSE)],
)
def test_every_paired_category_loses_to_no_pair(worse: str, category: int) -> None:
    assert explain("Kc9d7h5s2c", worse) == Reason(ReasonKind.PAIR_LOSES, NO_PAIR, category)


def test_a_straight_or_a_flush_counts_against_its_hand() -> None:
    assert explain("Kc9d7h5s2c", "6c5d4h3s2c") == Reason(
        ReasonKind.STRAIGHT_FLUSH_LOSES, NO_PAIR, STRAIGHT
    )
    assert explain("2c2d3h4s5c", "Kc9c7c5c2c") == Reason(
        ReasonKind.STRAIGHT_FLUSH_LOSES, ONE_PAIR, FLUSH
    )


def test_between_two_made_hands_the_lower_category_wins() -> None:
    assert explain("KcKd7h5s2c", "3c3d2h2s4c") == Reason(
        ReasonKind.LOWER_CATEGORY, ONE_PAIR, TWO_PAIR
    )
    assert explain("6c5d4h3s2c", "Kc9c7c5c2c").kind is ReasonKind.LOWER_CATEGORY


def test_two_no_pair_hands_are_compared_from_the_highest_card_down() -> None:
    """Russian seed: 9-8-6-3-2 beats 9-8-6-4-2; the first difference is 3 against 4."""
    assert explain("9c8d6h3s2c", "9d8h6c4s2d") == Reason(
        ReasonKind.HIGHER_CARD, NO_PAIR, NO_PAIR, 3, 4
    )
    assert explain("8c5d4h3s2c", "9d4h3c2s6d") == Reason(
        ReasonKind.HIGHER_CARD, NO_PAIR, NO_PAIR, 8, 9
    )


def test_an_ace_is_high_and_a_wheel_is_no_straight() -> None:
    assert explain("Kc5d4h3s2c", "Ac5h4d3c2d") == Reason(
        ReasonKind.HIGHER_CARD, NO_PAIR, NO_PAIR, 13, 14
    )


def test_the_lower_pair_wins_then_the_side_cards() -> None:
    assert explain("5c5d9h3s2c", "9c9d5h3s2d") == Reason(
        ReasonKind.LOWER_GROUP, ONE_PAIR, ONE_PAIR, 5, 9
    )
    assert explain("5c5d7h3s2c", "5h5s9h3c2d") == Reason(
        ReasonKind.SIDE_CARD, ONE_PAIR, ONE_PAIR, 7, 9
    )
    assert explain("9c9d3h3s2c", "9h9s5h5c2d") == Reason(
        ReasonKind.LOWER_GROUP, TWO_PAIR, TWO_PAIR, 3, 5
    )


def test_suits_never_break_a_tie() -> None:
    assert explain("8c5d4h3s2c", "8d5h4c3d2s") == Reason(ReasonKind.TIE, NO_PAIR, NO_PAIR)


def test_the_better_hand_comes_first() -> None:
    with pytest.raises(EngineError):
        explain("9c9d5h3s2c", "8c5d4h3s2c")

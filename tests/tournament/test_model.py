"""The pure tournament model: structures, payouts, places of eliminated players, the clock."""

from __future__ import annotations

import pytest

from bot.engine import Stakes
from bot.tournament import (
    STRUCTURES,
    Finish,
    TournamentClock,
    finishes,
    level_of,
    level_with,
    prizes_for,
)


def test_levels_follow_the_preset_then_double() -> None:
    regular = STRUCTURES["regular"]
    assert [level_of("regular", n).small_bet for n in range(1, 4)] == [10, 15, 20]
    last = level_of("regular", len(regular))
    assert level_of("regular", len(regular) + 2).small_bet == last.small_bet * 4
    level = level_of("turbo", 2)
    assert (level.small_bet, level.big_bet, level.small_blind, level.label) == (20, 40, 10, "20/40")
    assert level.stakes() == Stakes(20, 10)
    with pytest.raises(KeyError):
        level_of("hyper", 1)


def test_a_hands_small_bet_names_the_level_it_was_dealt_at() -> None:
    """A stored hand keeps its limits, not its level: the text history reads the level back."""
    for structure in STRUCTURES:
        for number in range(1, len(STRUCTURES[structure]) + 4):
            assert level_with(structure, level_of(structure, number).small_bet) == level_of(
                structure, number
            )
    assert level_with("regular", 11) is None  # no level of the preset has it
    assert level_with("turbo", 3000) is None  # between two doubled levels (2000, 4000)


@pytest.mark.parametrize(
    ("pool", "field", "prizes"),
    [
        (200, 2, (200,)),
        (300, 3, (300,)),
        (400, 4, (280, 120)),
        (500, 5, (350, 150)),
        (600, 6, (390, 210)),
        (1001, 6, (651, 350)),
        (0, 4, (0, 0)),
    ],
)
def test_prizes_by_field_sum_to_the_pool(pool: int, field: int, prizes: tuple[int, ...]) -> None:
    assert prizes_for(pool, field) == prizes
    assert sum(prizes) == pool


def test_two_out_in_one_hand_the_bigger_start_stack_finishes_higher() -> None:
    prizes = prizes_for(400, 4)
    out = finishes({7: 300, 8: 500}, alive_before=3, prizes=prizes, seat_order=[7, 8])
    assert out == [Finish(8, 2, 120), Finish(7, 3, 0)]


def test_equal_stacks_share_the_prizes_of_their_places_odd_chip_in_seat_order() -> None:
    prizes = prizes_for(401, 4)  # (281, 120)
    out = finishes({5: 200, 6: 200}, alive_before=3, prizes=prizes, seat_order=[6, 5])
    # places 2 and 3 cover 120 + 0: 60 each; with 401 the first place took the odd chip
    assert out == [Finish(6, 2, 60), Finish(5, 2, 60)]
    odd = finishes({5: 9, 6: 9}, alive_before=2 + 1, prizes=(280, 121), seat_order=[5, 6])
    assert odd == [Finish(5, 2, 61), Finish(6, 2, 60)]


def test_someone_keeps_chips() -> None:
    with pytest.raises(ValueError):
        finishes({1: 5, 2: 5}, alive_before=2, prizes=(10,), seat_order=[1, 2])


def test_levels_by_hands_change_at_the_deal_after_the_count() -> None:
    clock = TournamentClock("turbo", level_hands=2)
    seen = []
    for _ in range(5):
        clock = clock.at_deal(0.0)
        seen.append((clock.level, clock.current.label, clock.hands_left()))
    assert seen == [
        (1, "10/20", 1),
        (1, "10/20", 0),
        (2, "20/40", 1),
        (2, "20/40", 0),
        (3, "30/60", 1),
    ]


def test_levels_by_minutes_count_play_time_only() -> None:
    clock = TournamentClock("regular", level_minutes=1).at_deal(0.0)
    assert clock.level == 1 and clock.seconds_left(45.0) == 15.0
    clock = clock.at_deal(59.0)
    assert clock.level == 1  # the level runs until 60 s of play
    clock = clock.at_deal(61.0)
    assert (clock.level, clock.current.small_bet, clock.seconds_left(61.0)) == (2, 15, 59.0)
    clock = clock.at_deal(200.0)  # a long hand: every level whose time passed moves on
    assert clock.level == 4 and clock.next.small_bet == 50
    assert clock.seconds_left(500.0) == 0.0


def test_the_clock_reads_back_what_it_saved() -> None:
    clock = TournamentClock("slow", level_minutes=6).at_deal(10.0).at(12.5)
    assert TournamentClock.from_json(clock.to_json()) == clock
    with pytest.raises((TypeError, ValueError)):
        TournamentClock.from_json({"structure": "slow"})
    with pytest.raises(ValueError):
        TournamentClock("slow", level_minutes=3, level_hands=3)

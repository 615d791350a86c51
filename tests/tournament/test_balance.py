"""Multi-table tournaments, pure: the first seating, balancing (TDA 10), breaking (TDA 9), late
seats (TDA 7), hand for hand (TDA 20) and who posts which blind across a move."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from bot.tournament.balance import (
    MAX_FIELD,
    SEATS_PER_TABLE,
    Move,
    Positions,
    Table,
    first_seating,
    hand_for_hand,
    plan_balance,
    plan_break,
    positions,
    seat_late,
    seat_order_across,
    table_count,
)


def everyone(tables: list[Table]) -> list[int]:
    return [user for table in tables for user in table.seating.values()]


def apply(tables: list[Table], move: Move) -> list[Table]:
    out = []
    for table in tables:
        if table.number == move.from_table:
            table = table.without(move.user_id)
        if table.number == move.to_table:
            table = table.with_player(move.seat, move.user_id)
        out.append(table)
    return out


# --- the first seating ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "counts"),
    [(2, [2]), (6, [6]), (7, [4, 3]), (14, [5, 5, 4]), (30, [6] * 5), (31, [6] * 1 + [5] * 5)],
)
def test_the_field_sits_over_the_fewest_tables_evenly(field: int, counts: list[int]) -> None:
    players = list(range(1000, 1000 + field))
    tables = first_seating(players, random.Random(field))
    assert sorted((t.count for t in tables), reverse=True) == counts
    assert len(tables) == table_count(field)
    assert sorted(everyone(tables)) == players  # everyone once, nobody twice
    assert [t.number for t in tables] == list(range(1, len(tables) + 1))
    assert all(t.button is None for t in tables)


def test_sixty_players_fill_ten_tables_and_the_seats_are_drawn() -> None:
    tables = first_seating(list(range(60)), random.Random(1))
    assert [t.count for t in tables] == [6] * 10
    # two draws seat the field differently: the order is random, not registration order
    again = first_seating(list(range(60)), random.Random(2))
    assert [dict(t.seating) for t in tables] != [dict(t.seating) for t in again]
    with pytest.raises(ValueError):
        first_seating(list(range(MAX_FIELD + 1)), random.Random(1))
    with pytest.raises(ValueError):
        first_seating([5, 5, 6], random.Random(1))


def test_a_table_of_five_leaves_a_random_seat_empty() -> None:
    empties = Counter(
        tuple(first_seating(list(range(5)), random.Random(seed))[0].empty_seats)
        for seed in range(60)
    )
    assert len(empties) == SEATS_PER_TABLE  # each seat is left empty by some draw


# --- positions, as the engine deals ----------------------------------------------------------


def test_positions_follow_the_engine() -> None:
    assert positions({0: 1, 2: 2, 4: 3}, None) == Positions(0, 2, 4)
    assert positions({0: 1, 2: 2, 4: 3}, 0) == Positions(2, 4, 0)
    assert positions({1: 1, 4: 2}, 1) == Positions(4, 4, 1)  # heads-up: the button posts the SB
    assert positions({1: 1}, 1) is None


# --- balancing (TDA 10) ----------------------------------------------------------------------

SIX = Table(1, {0: 101, 1: 102, 2: 103, 3: 104, 4: 105, 5: 106}, button=2)
"""Table 1, full, button on seat 2: the next hand's button 3, small blind 4, big blind 5."""
FOUR_GAP = Table(2, {0: 201, 2: 202, 3: 203, 5: 204}, button=0)
"""Table 2, four players: next button 2, small blind 3, big blind 5; seat 4 empty between them."""
FOUR_SIDE_BY_SIDE = Table(2, {0: 201, 1: 202, 2: 203, 4: 204}, button=4)
"""Table 2, four players: next button 0, small blind 1, big blind 2, side by side."""


def test_the_big_blind_next_moves_to_a_single_big_blind_at_the_shortest_table() -> None:
    move = plan_balance([SIX, FOUR_GAP], between_hands=[1, 2])
    assert move == Move(106, 1, 2, 4)  # 106 was big blind next at table 1; seat 4 takes it
    after = apply([SIX, FOUR_GAP], move)
    assert after[1].next_positions() == Positions(2, 3, 4)
    assert after[0].next_positions() == Positions(3, 4, 0)  # 101 posts table 1's next BB


def test_no_balancing_within_one_player_or_while_the_fullest_plays_a_hand() -> None:
    five = SIX.without(101)
    assert plan_balance([five, FOUR_GAP], between_hands=[1, 2]) is None
    assert plan_balance([SIX, FOUR_GAP], between_hands=[2]) is None  # table 1 mid-hand
    assert plan_balance([SIX], between_hands=[1]) is None


def test_of_two_fullest_tables_the_lowest_numbered_between_hands_gives_the_player() -> None:
    other = Table(3, {s: 300 + s for s in range(6)}, button=0)
    assert plan_balance([SIX, FOUR_GAP, other], between_hands=[1, 3]).from_table == 1
    assert plan_balance([SIX, FOUR_GAP, other], between_hands=[3]).from_table == 3


def test_the_move_waits_while_the_short_tables_blinds_sit_side_by_side() -> None:
    assert plan_balance([SIX, FOUR_SIDE_BY_SIDE], between_hands=[1]) is None
    # one hand later there: next button 1, small blind 2, big blind 4; seat 3 takes it
    later = FOUR_SIDE_BY_SIDE.after_hand()
    assert plan_balance([SIX, later], between_hands=[1]) == Move(106, 1, 2, 3)
    # a caller that waited long enough takes the seat reaching the big blind soonest
    now = plan_balance([SIX, FOUR_SIDE_BY_SIDE], between_hands=[1], may_wait=False)
    assert now == Move(106, 1, 2, 3, big_blind_next=False)


def test_a_heads_up_short_table_never_offers_a_single_big_blind_so_nobody_waits() -> None:
    four = Table(1, {0: 101, 1: 102, 3: 103, 4: 104}, button=0)  # next: 1, 3, 4
    heads_up = Table(2, {0: 201, 3: 202}, button=3)
    move = plan_balance([four, heads_up], between_hands=[1, 2])
    assert move is not None and move.user_id == 104 and not move.big_blind_next
    after = apply([four, heads_up], move).pop()
    assert after.next_positions().small_blind != move.seat  # never the small blind


# --- nobody skips or repeats a blind across a move ------------------------------------------


def big_blinds(tables: list[Table], rounds: int) -> tuple[list[Table], dict[int, list[int]]]:
    """Every table deals ``rounds`` hands in step (nobody out): who posted the big blind in
    which round."""
    posted: dict[int, list[int]] = {}
    for r in range(rounds):
        dealt = []
        for table in tables:
            nxt = table.next_positions()
            if nxt is not None:
                posted.setdefault(table.seating[nxt.big_blind], []).append(r)
            dealt.append(table.after_hand())
        tables = dealt
    return tables, posted


@pytest.mark.parametrize("seed", range(40))
def test_a_balancing_move_skips_or_repeats_nobodys_big_blind(seed: int) -> None:
    """Two tables of random sizes (differing by 2-4) and random buttons: the balance waits,
    hand by hand, until it can move the big blind next into a single big blind; from then on
    every player's big blinds come exactly as often as their table's players (none skipped,
    none posted twice in a row), the moved player's included."""
    rng = random.Random(seed)
    if seed % 4:  # three in four: a short table of three or four
        big = rng.randint(5, 6)
        small = rng.randint(3, big - 2)
    else:  # the rest: any sizes, a heads-up or lone short table too
        big = rng.randint(4, 6)
        small = rng.randint(max(1, big - 4), big - 2)
    seats_a, seats_b = rng.sample(range(6), big), rng.sample(range(6), small)
    tables = [
        Table(1, {s: 100 + s for s in seats_a}, rng.choice(seats_a)),
        Table(2, {s: 200 + s for s in seats_b}, rng.choice(seats_b)),
    ]
    history: dict[int, list[int]] = {}
    rounds = 0
    while (move := plan_balance(tables, between_hands=[1])) is None:
        assert small <= 2 or rounds < small  # waits fewer hands than the short table has players
        tables, posted = big_blinds(tables, 1)
        for user, seen in posted.items():
            history.setdefault(user, []).extend(r + rounds for r in seen)
        rounds += 1
        if small <= 2:
            move = plan_balance(tables, between_hands=[1], may_wait=False)
            break
    assert move is not None
    mover_due = tables[0].seating[tables[0].next_positions().big_blind]
    assert move.user_id == mover_due
    tables = apply(tables, move)
    counts = {table.number: table.count for table in tables}
    tables, posted = big_blinds(tables, 3 * SEATS_PER_TABLE)
    for user, seen in posted.items():
        history.setdefault(user, []).extend(r + rounds for r in seen)
    if small == 1:
        return  # a lone player's table dealt nothing before the move: nothing to compare
    home = {user: table.number for table in tables for user in table.seating.values()}
    for user, seen in history.items():
        gaps = [b - a for a, b in itertools.pairwise(seen)]
        assert all(gap >= 2 for gap in gaps), (user, seen)  # never twice in a row
        after = [r for r in seen if r >= rounds]
        assert after and after[0] - rounds < counts[home[user]], (user, seen)
        if move.big_blind_next:
            assert all(gap <= max(big, small + 1) for gap in gaps), (user, seen)  # none skipped
    if move.big_blind_next:
        assert posted[move.user_id][0] == 0  # the moved player posts it in the next hand


# --- breaking (TDA 9) ------------------------------------------------------------------------


def test_a_table_breaks_when_the_rest_fit_on_one_fewer() -> None:
    tables = [
        Table(1, {0: 1, 1: 2, 3: 3, 5: 4}, 0),
        Table(2, {0: 11, 2: 12, 4: 13, 5: 14}, 2),
        Table(3, {1: 21, 2: 22, 4: 23}, 1),
    ]
    broken = plan_break(tables, random.Random(7))
    assert broken is not None and broken.table == 3
    assert sorted(m.user_id for m in broken.moves) == [21, 22, 23]
    after = tables[:2]
    for move in broken.moves:
        assert move.from_table == 3
        after = apply(after, move)  # raises if a seat is taken twice
    assert sorted(t.count for t in after) == [5, 6]  # drawn among the shortest: still balanced
    assert sorted(everyone(after)) == sorted(everyone(tables))


def test_no_break_while_the_players_need_every_table_and_ties_break_the_highest() -> None:
    full = [Table(1, {s: s for s in range(6)}), Table(2, {0: 10, 1: 11, 2: 12, 3: 13})]
    assert plan_break(full, random.Random(1)) is None
    three = [Table(n, {0: 10 * n, 1: 10 * n + 1, 2: 10 * n + 2}) for n in (1, 2, 3)]
    broken = plan_break(three, random.Random(1))
    assert broken is not None and broken.table == 3
    assert plan_break(three[:1], random.Random(1)) is None


def test_breaks_draw_every_seat_and_table_over_many_draws() -> None:
    tables = [Table(1, {0: 1, 2: 2, 4: 3}), Table(2, {1: 11, 3: 12}), Table(3, {5: 21})]
    landed = Counter(
        (m.to_table, m.seat)
        for seed in range(200)
        for m in plan_break(tables, random.Random(seed)).moves  # type: ignore[union-attr]
    )
    assert set(landed) == {(2, s) for s in (0, 2, 4, 5)}  # table 2 is the shortest left


# --- late registration (TDA 7) ---------------------------------------------------------------


def test_a_late_registrant_draws_a_seat_at_a_shortest_table_or_opens_one() -> None:
    tables = [Table(1, {s: s for s in range(6)}), Table(2, {0: 10, 1: 11, 2: 12, 3: 13, 5: 15})]
    assert seat_late(tables, 99, random.Random(3)) == (2, 4)
    full = [tables[0], tables[1].with_player(4, 14)]
    table, seat = seat_late(full, 99, random.Random(3))
    assert table is None and 0 <= seat < SEATS_PER_TABLE
    with pytest.raises(ValueError):
        seat_late(tables, 13, random.Random(3))


# --- hand for hand (TDA 20) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("left", "paid", "tables", "expected"),
    [(5, 4, 2, True), (7, 6, 2, True), (5, 4, 1, False), (6, 4, 2, False), (4, 4, 2, False)],
)
def test_hand_for_hand_at_the_bubble_across_tables(
    left: int, paid: int, tables: int, expected: bool
) -> None:
    assert hand_for_hand(left, paid, tables) is expected


def test_odd_chips_of_a_tie_across_tables_go_by_table_then_from_the_button() -> None:
    tables = [Table(2, {0: 21, 4: 24}, button=3), Table(1, {1: 11, 5: 15}, button=1)]
    assert seat_order_across(tables, [24, 21, 15, 11]) == [15, 11, 24, 21]


# --- payouts by field size -------------------------------------------------------------------


def test_payouts_sum_to_the_pool_and_fall_by_place() -> None:
    from bot.tournament.payouts import PRESETS, mtt_prizes, paid_places

    for preset in PRESETS:
        for field in range(2, MAX_FIELD + 1):
            for pool in (0, 1, 7, 1000 * field, 10**12 + 3):
                prizes = mtt_prizes(pool, field, preset)
                assert sum(prizes) == pool
                assert len(prizes) == paid_places(field, preset) < field or field <= 3
                assert list(prizes) == sorted(prizes, reverse=True)
    assert mtt_prizes(3000, 30) == (900, 660, 540, 480, 420)  # first about 30% at 30
    assert paid_places(14) == 4 and paid_places(60) == 9 and paid_places(2) == 1
    assert paid_places(14, "flat") == 6  # at 14, the bubble is at 7: two tables
    assert mtt_prizes(1003, 7) == (503, 300, 200)  # the rounding's chips to first place
    with pytest.raises(ValueError):
        mtt_prizes(100, 1)
    with pytest.raises(ValueError):
        mtt_prizes(100, 10, "turbo")


@pytest.mark.parametrize("seed", range(30))
def test_after_a_break_everyone_posts_the_big_blind_in_turn(seed: int) -> None:
    """Players dealt into a table by a break take any seat (TDA 9): once seated, every player
    of the receiving tables, old and new, posts the big blind within as many hands as their
    table has players, and never twice in a row."""
    rng = random.Random(seed)
    counts = [rng.randint(3, 5), rng.randint(3, 5), rng.randint(1, 3)]
    tables = []
    for number, count in enumerate(counts, start=1):
        seats = rng.sample(range(SEATS_PER_TABLE), count)
        tables.append(Table(number, {s: 100 * number + s for s in seats}, rng.choice(seats)))
    if sum(counts) > 12:
        tables[0] = tables[0].without(next(iter(tables[0].seating.values())))
    tables = [t.after_hand() for t in tables]  # a hand or two played before the break
    broken = plan_break(tables, rng)
    assert broken is not None
    rest = [t for t in tables if t.number != broken.table]
    for move in broken.moves:
        rest = apply(rest, move)
    after, posted = big_blinds(rest, 3 * SEATS_PER_TABLE)
    size = {user: t.count for t in after for user in t.seating.values()}
    for user, seen in posted.items():
        assert seen[0] < size[user], (user, seen)
        gaps = [b - a for a, b in itertools.pairwise(seen)]
        assert all(2 <= gap <= size[user] for gap in gaps), (user, seen)
    assert set(posted) == set(size)  # every player posted

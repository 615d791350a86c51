"""Multi-table tournaments, pure: the first seating, balancing, breaking tables, seating a late
registrant and when to deal hand for hand (docs/RULES-tournaments.md, "Multi-table
tournaments"). Follows the Poker TDA's rules (numbered as in the 2019 edition): 6 (random
seating), 7 (late registrants draw a seat like everyone else), 9 (breaking tables: a two-step
random draw, any seat), 10 (balancing: the player who will be big blind next moves to the worst
position; the table a player moves from by a predetermined procedure) and 20 (hand for hand).

A table is its seats (seat number to user id, seats 0..5) and the button of its hand in
progress or last hand. The positions of its next hand follow the engine's rules
(``bot.engine.next_button_seat``): the button moves to the next occupied seat, the small blind
is the next occupied seat after it and the big blind the one after that; heads-up the button
posts the small blind. Nothing here reads the clock or the store; randomness comes from the
caller's ``random.Random`` (``secrets.SystemRandom`` in the bot, a seeded one in tests).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from bot.engine import next_button_seat

SEATS_PER_TABLE = 6
"""Seats at each table of a multi-table tournament (seat numbers 0..5)."""

MAX_FIELD = 60
"""The most players a multi-table tournament takes: ten tables of six."""


@dataclass(frozen=True, slots=True)
class Positions:
    """Who has the button and posts the blinds in a table's next hand (seat numbers)."""

    button: int
    small_blind: int
    big_blind: int


@dataclass(frozen=True, slots=True)
class Table:
    """One table of the tournament as balancing sees it."""

    number: int
    """The table's number (1, 2, ...): the predetermined order of TDA rule 10C."""
    seating: Mapping[int, int] = field(default_factory=dict)
    """Seat number (0..5) to user id."""
    button: int | None = None
    """The button's seat in the hand in progress or the last hand (None before the first)."""

    def __post_init__(self) -> None:
        if any(not 0 <= seat < SEATS_PER_TABLE for seat in self.seating):
            raise ValueError(f"table {self.number}: seats are 0..{SEATS_PER_TABLE - 1}")
        if len(set(self.seating.values())) != len(self.seating):
            raise ValueError(f"table {self.number}: a player sits twice")

    @property
    def count(self) -> int:
        return len(self.seating)

    @property
    def empty_seats(self) -> list[int]:
        return [seat for seat in range(SEATS_PER_TABLE) if seat not in self.seating]

    def seat_of(self, user_id: int) -> int:
        return next(seat for seat, user in self.seating.items() if user == user_id)

    def next_positions(self) -> Positions | None:
        """The button and blinds of the next hand dealt here (None under two players)."""
        return positions(self.seating, self.button)

    def with_player(self, seat: int, user_id: int) -> Table:
        if seat in self.seating:
            raise ValueError(f"table {self.number}: seat {seat} is taken")
        return Table(self.number, {**self.seating, seat: user_id}, self.button)

    def without(self, user_id: int) -> Table:
        seats = {seat: user for seat, user in self.seating.items() if user != user_id}
        return Table(self.number, seats, self.button)

    def after_hand(self) -> Table:
        """The table once its next hand is dealt (the button moved on; nobody out)."""
        nxt = self.next_positions()
        return self if nxt is None else Table(self.number, self.seating, nxt.button)


def positions(seats: Mapping[int, int], button: int | None) -> Positions | None:
    """The next hand's button and blinds at seats ``seats`` whose last button was ``button``
    (the engine's rules: the first button on the lowest seat)."""
    occupied = sorted(seats)
    if len(occupied) < 2:
        return None
    new_button = min(occupied) if button is None else next_button_seat(occupied, button)
    if len(occupied) == 2:
        return Positions(new_button, new_button, next_button_seat(occupied, new_button))
    small = next_button_seat(occupied, new_button)
    return Positions(new_button, small, next_button_seat(occupied, small))


@dataclass(frozen=True, slots=True)
class Move:
    """One player moved between tables: to ``seat`` of table ``to_table``."""

    user_id: int
    from_table: int
    to_table: int
    seat: int
    big_blind_next: bool = True
    """Whether they post the big blind in the next hand at their new table (TDA 10A's "single
    big blind"); False only for a move that could not wait longer (``plan_balance``)."""


@dataclass(frozen=True, slots=True)
class Break:
    """A table broken: its players dealt into the other tables' empty seats."""

    table: int
    moves: tuple[Move, ...]


def table_count(players: int) -> int:
    """The fewest tables of at most six that seat ``players``."""
    return max(1, -(-players // SEATS_PER_TABLE))


def first_seating(players: Sequence[int], rng: random.Random) -> list[Table]:
    """The field seated at random (TDA rule 6) over the fewest tables of at most six, the
    tables' counts differing by one at most; each player's seat at their table drawn at random
    too. Tables are numbered 1, 2, ...; no button yet (the first hand puts it on the lowest
    occupied seat)."""
    if len(set(players)) != len(players):
        raise ValueError("a player is in the field twice")
    if not 2 <= len(players) <= MAX_FIELD:
        raise ValueError(f"a field is 2..{MAX_FIELD} players")
    order = list(players)
    rng.shuffle(order)
    count = table_count(len(order))
    tables: list[Table] = []
    for number in range(1, count + 1):
        mine = order[number - 1 :: count]
        seats = rng.sample(range(SEATS_PER_TABLE), len(mine))
        tables.append(Table(number, dict(zip(seats, mine, strict=True))))
    return tables


def _shortest(tables: Iterable[Table]) -> list[Table]:
    tables = list(tables)
    fewest = min(table.count for table in tables)
    return [table for table in tables if table.count == fewest]


def _draw_seat(tables: Sequence[Table], user_id: int, from_table: int, rng: random.Random) -> Move:
    """TDA rule 9's two-step draw: a table at random among those with the fewest players (so
    the tables stay balanced), then an empty seat of it at random."""
    table = rng.choice(_shortest(tables))
    return Move(user_id, from_table, table.number, rng.choice(table.empty_seats))


def plan_break(tables: Sequence[Table], rng: random.Random) -> Break | None:
    """When the players left fit on one fewer table, the table with the fewest players breaks
    (of several, the highest-numbered: the predetermined order), each of its players, in a
    random order, drawn into an empty seat (``_draw_seat``): any seat, button and blinds
    included (TDA rule 9). None when no table breaks."""
    if len(tables) < 2:
        return None
    players = sum(table.count for table in tables)
    if players > SEATS_PER_TABLE * (len(tables) - 1):
        return None
    broken = max(_shortest(tables), key=lambda table: table.number)
    rest = [table for table in tables if table.number != broken.number]
    leaving = list(broken.seating.values())
    rng.shuffle(leaving)
    moves: list[Move] = []
    for user_id in leaving:
        move = _draw_seat(rest, user_id, broken.number, rng)
        moves.append(move)
        rest = [
            table.with_player(move.seat, user_id) if table.number == move.to_table else table
            for table in rest
        ]
    return Break(broken.number, tuple(moves))


def _big_blind_seats(table: Table, user_id: int) -> list[int]:
    """The empty seats of ``table`` where ``user_id`` would post the big blind in its next
    hand, lowest first."""
    return [
        seat
        for seat in table.empty_seats
        if (nxt := table.with_player(seat, user_id).next_positions()) is not None
        and nxt.big_blind == seat
    ]


def _big_blind_seat_comes(table: Table, user_id: int) -> bool:
    """Whether one of the next hands dealt at ``table`` leaves a single-big-blind seat for
    ``user_id`` (never at a heads-up table: the two others take button and small blind)."""
    for _ in range(max(1, table.count)):
        table = table.after_hand()
        if _big_blind_seats(table, user_id):
            return True
    return False


def _hands_to_big_blind(table: Table, seat: int, limit: int = 2 * SEATS_PER_TABLE) -> int:
    """Hands dealt at ``table`` before the one where ``seat`` posts the big blind."""
    for hands in range(limit):
        nxt = table.next_positions()
        if nxt is not None and nxt.big_blind == seat:
            return hands
        table = table.after_hand()
    return limit


def plan_balance(
    tables: Sequence[Table], between_hands: Iterable[int], *, may_wait: bool = True
) -> Move | None:
    """When the fullest table has two or more players more than the shortest, one player
    moves (TDA rule 10), between hands at the table they leave:

    - from the fullest table (of several, the lowest-numbered among those between hands:
      ``between_hands`` names them; TDA 10C's predetermined procedure), the player who would
      post the big blind in its next hand (TDA 10A), so nobody left there skips a blind;
    - to the shortest table (of several, the lowest-numbered that has such a seat), into an
      empty seat where they post the big blind in that table's next hand: the worst position,
      a "single big blind" (TDA 10A), never the small blind; so they neither skip the big blind
      they were due nor post it twice, and whoever was due it there posts it one hand later.

    When no shortest table has such a seat now (its next blinds sit side by side), the move
    waits (None) while ``may_wait`` and one of its next hands will have one: each hand dealt
    there moves its blinds on, so one of its gaps comes round within as many hands as it has
    players. Otherwise (the caller has waited long enough, or the shortest table is heads-up,
    where the two players take the button and both blinds) the player takes the empty seat
    that reaches the big blind soonest, never the small blind of the next hand (unless every
    seat gives it: joining a lone player whose table dealt before). None when the tables are
    balanced or no fullest table is between hands."""
    if len(tables) < 2:
        return None
    most = max(table.count for table in tables)
    fewest = min(table.count for table in tables)
    if most - fewest < 2:
        return None
    free = set(between_hands)
    sources = sorted(
        (table for table in tables if table.count == most and table.number in free),
        key=lambda table: table.number,
    )
    if not sources:
        return None
    source = sources[0]
    nxt = source.next_positions()
    if nxt is None:  # (a fullest table has at least three players)
        return None
    mover = source.seating[nxt.big_blind]
    targets = sorted(_shortest(tables), key=lambda table: table.number)
    for target in targets:
        seats = _big_blind_seats(target, mover)
        if seats:
            return Move(mover, source.number, target.number, seats[0])
    if may_wait and any(_big_blind_seat_comes(target, mover) for target in targets):
        return None
    best: tuple[bool, int, int, int] | None = None
    for target in targets:
        for seat in target.empty_seats:
            seated = target.with_player(seat, mover)
            after = seated.next_positions()
            small = after is not None and after.small_blind == seat
            key = (small, _hands_to_big_blind(seated, seat), target.number, seat)
            best = key if best is None or key < best else best
    if best is None:
        return None
    return Move(mover, source.number, best[2], best[3], big_blind_next=False)


def seat_late(tables: Sequence[Table], user_id: int, rng: random.Random) -> tuple[int | None, int]:
    """A late registrant's seat (TDA rule 7: a full stack, a seat drawn from the same pool
    as everyone's): ``_draw_seat`` among the tables with the fewest players. When every
    table is full, (None, seat): a new table opens with them at a random seat, and balancing
    fills it."""
    if any(user_id in table.seating.values() for table in tables):
        raise ValueError(f"player {user_id} is seated already")
    open_tables = [table for table in tables if table.empty_seats]
    if not open_tables:
        return None, rng.randrange(SEATS_PER_TABLE)
    move = _draw_seat(open_tables, user_id, 0, rng)
    return move.to_table, move.seat


def hand_for_hand(players_left: int, paid: int, tables: int) -> bool:
    """Whether the tables deal hand for hand (TDA rule 20): at the bubble, when the next
    player out is the last who wins nothing (``players_left`` is one more than the ``paid``
    places) and they are spread over two tables or more, so two could go out in the same
    hand on different tables. Players out in one such hand are placed together (RULES.md:
    the bigger start stack higher, equal stacks share)."""
    return tables >= 2 and players_left == paid + 1


def seat_order_across(tables: Sequence[Table], user_ids: Iterable[int]) -> list[int]:
    """``user_ids`` in the order a tie's odd chips go when they went out in one hand dealt
    hand for hand on several tables: by table number, then in seat order from each table's
    button's left (the order ``places.from_button`` gives at one table)."""
    wanted = set(user_ids)
    order: list[int] = []
    for table in sorted(tables, key=lambda t: t.number):
        start = table.button if table.button is not None else -1
        seats = sorted(
            (seat for seat, user in table.seating.items() if user in wanted),
            key=lambda seat: (seat - start - 1) % SEATS_PER_TABLE,
        )
        order.extend(table.seating[seat] for seat in seats)
    missing = wanted - set(order)
    return order + sorted(missing)

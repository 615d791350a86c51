"""Payouts by field size and the places of players eliminated in one hand (RULES.md,
"Tournaments"): the one who began the hand with more chips finishes higher; equal stacks
tie and share the prizes of the places they cover equally, the odd chips going one each to
the tied players in seat order from the button's left."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

PAYOUTS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (2, (100,)),
    (4, (70, 30)),
    (6, (65, 35)),
)
"""(smallest field, percentages by place): 2-3 players winner takes all, 4-5 70/30, 6 65/35."""


def payout_percentages(field: int) -> tuple[int, ...]:
    """The percentage of the pool each paid place gets, first place first."""
    if field < 2:
        raise ValueError("a tournament needs at least two players")
    return next(p for smallest, p in reversed(PAYOUTS) if field >= smallest)


def prizes_for(pool: int, field: int) -> tuple[int, ...]:
    """The prize of each paid place, first place first, summing to the pool exactly (each
    rounded down; the chips rounding leaves go to first place)."""
    shares = [pool * p // 100 for p in payout_percentages(field)]
    shares[0] += pool - sum(shares)
    return tuple(shares)


def prize_of(prizes: Sequence[int], place: int) -> int:
    """The prize of one place (0 out of the money)."""
    return prizes[place - 1] if 1 <= place <= len(prizes) else 0


@dataclass(frozen=True, slots=True)
class Finish:
    """Where an eliminated player finished and what they won."""

    user_id: int
    place: int
    prize: int


def from_button(seats: Mapping[int, int], button: int | None) -> list[int]:
    """The players (user id: seat number) in seat order from the button's left (no button:
    from seat 0's left), who a tie's odd chips go to first."""
    start = button or 0
    size = 1 + max([start, *seats.values()])
    return sorted(seats, key=lambda user_id: ((seats[user_id] - start - 1) % size, user_id))


def finishes(
    start_stacks: Mapping[int, int],
    *,
    alive_before: int,
    prizes: Sequence[int],
    seat_order: Sequence[int],
) -> list[Finish]:
    """The places of the players eliminated in one hand, highest place first.

    ``start_stacks``: each eliminated player's stack when the hand began; ``alive_before``:
    the players left before the hand (the worst place it hands out); ``seat_order``: the
    eliminated players in seat order from the button's left (who gets a tie's odd chips).
    """
    if len(start_stacks) >= alive_before:
        raise ValueError("someone must keep chips")
    order = {user_id: i for i, user_id in enumerate(seat_order)}
    by_stack: dict[int, list[int]] = {}
    for user_id, stack in start_stacks.items():
        by_stack.setdefault(stack, []).append(user_id)
    place = alive_before - len(start_stacks) + 1  # the best place these players take
    out: list[Finish] = []
    for stack in sorted(by_stack, reverse=True):
        tied = sorted(by_stack[stack], key=lambda u: (order.get(u, len(order)), u))
        covered = range(place, place + len(tied))
        total = sum(prize_of(prizes, p) for p in covered)
        share, odd = divmod(total, len(tied))
        out.extend(Finish(u, place, share + (1 if i < odd else 0)) for i, u in enumerate(tied))
        place += len(tied)
    return out

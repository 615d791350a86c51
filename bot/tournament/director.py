"""The tournament director of a multi-table tournament, pure: what to do when a hand ends at one
of its tables (docs/RULES-tournaments.md, "Multi-table tournaments"). The feature asks
``decide`` after every hand, applies the one action it returns (placing a hand-for-hand
round's players out, breaking a table, moving a player) through the store, and asks again,
until the answer is only which tables deal next and whether they deal hand for hand.

One action at a time keeps each store write small and lets every answer see the tables as the
last write left them; a SIGKILL between two writes resumes by asking again.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from bot.tournament.balance import (
    Break,
    Move,
    Table,
    hand_for_hand,
    plan_balance,
    plan_break,
)

PATIENCE = 6
"""Hands a balancing move waits for a single-big-blind seat before it takes the seat that
reaches the big blind soonest (``balance.plan_balance``'s ``may_wait``)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What the tournament does next: at most one of ``place_round``, ``breaks`` and ``move``
    (apply it, then ask again); with none of them, which tables deal their next hand now and
    whether the tournament deals hand for hand."""

    place_round: bool = False
    """Every table has played its hand-for-hand hand: place the players those hands left
    with no chips together (``store.mtts.place_hand_for_hand``)."""
    breaks: Break | None = None
    move: Move | None = None
    hand_for_hand: bool = False
    deal: frozenset[int] = field(default_factory=frozenset)
    """The tables (numbers) that deal their next hand now; the others wait."""
    final_table: bool = False
    """One table is left: the final table."""

    @property
    def acts(self) -> bool:
        """Whether it asks for a write before anything is dealt."""
        return self.place_round or self.breaks is not None or self.move is not None


def decide(
    tables: Sequence[Table],
    idle: Collection[int],
    *,
    players_left: int,
    paid: int,
    hand_for_hand_now: bool,
    pending_out: int,
    waited: int,
    rng: random.Random,
) -> Decision:
    """The next step, given the open ``tables`` (their players still seated), the tables
    between hands (``idle``), the players still in (``players_left``, the hand-for-hand
    round's players out not placed yet included), the places ``paid``, whether the tables deal
    hand for hand now and how many players out in this round wait to be placed
    (``pending_out``), and how many hands the imbalance has waited (``waited``).

    - Hand for hand (TDA 20): a table whose hand-for-hand hand is over waits for every other;
      once all are over, the round's players out are placed together, then the tables go on.
    - A table breaks (TDA 9) as soon as it is between hands; until then it deals no more and
      the others play on.
    - A player moves (TDA 10) when the table they leave is between hands.
    - Hand for hand begins the moment the bubble is reached: the store turns it on in the
      transaction that settles the hand reaching it (``store.mtts.place_busted``), so the
      hands still running elsewhere are its first round; should it not be on yet at the
      bubble, the answer is hand for hand at once (the run writes it), dealing nothing until
      every table is between hands. Then every table deals at once.
    """
    numbers = [table.number for table in tables]
    all_idle = set(numbers) <= set(idle)
    final = len(tables) == 1
    if hand_for_hand_now and not all_idle:
        return Decision(hand_for_hand=True, final_table=final)  # the round is not over
    if hand_for_hand_now and pending_out:
        return Decision(place_round=True, hand_for_hand=True, final_table=final)
    hold: set[int] = set()
    broken = plan_break(tables, rng)
    if broken is not None:
        if broken.table in idle:
            return Decision(breaks=broken, hand_for_hand=hand_for_hand_now, final_table=final)
        hold.add(broken.table)  # it finishes its hand, then breaks; it deals no new one
    else:
        move = plan_balance(tables, idle, may_wait=waited < PATIENCE)
        if move is not None:
            return Decision(move=move, hand_for_hand=hand_for_hand_now, final_table=final)
    bubble = hand_for_hand(players_left, paid, len(tables))
    if bubble:
        deal = frozenset(numbers) if all_idle else frozenset()
        return Decision(hand_for_hand=True, deal=deal, final_table=final)
    return Decision(deal=frozenset(set(idle) & set(numbers) - hold), final_table=final)

"""Why one shown hand beats another, for players new to 2-7.

"bob wins with eight-five low" beside a losing "pair of fives" puzzles someone who plays high
poker: here the lowest hand wins, pairs count against you, and two no-pair hands are compared
from the highest card down. ``explain(better, worse)`` says which of those rules decided, with
the ranks that decided it, as plain data the table layer puts into words. Pure: the evaluator
only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.engine.cards import EngineError
from bot.engine.evaluator import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    NO_PAIR,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    rank27,
    rank_parts,
)

PAIRED = frozenset({ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, FULL_HOUSE, FOUR_OF_A_KIND})
"""Categories made of matching ranks."""
STRAIGHTS_AND_FLUSHES = frozenset({STRAIGHT, FLUSH, STRAIGHT_FLUSH})
"""Categories made of a run or one suit."""
GROUPS = {ONE_PAIR: 1, TWO_PAIR: 2, THREE_OF_A_KIND: 1, FULL_HOUSE: 2, FOUR_OF_A_KIND: 1}
"""How many of a paired hand's compared ranks are matched groups (the rest are side cards)."""


class ReasonKind(StrEnum):
    """The rule that decides between two shown hands."""

    TIE = "tie"
    """Equal hands (suits never count): the pot is split."""
    PAIR_LOSES = "pair_loses"
    """No pair beats a hand with matching ranks (a pair, two pair, trips, a full house, quads)."""
    STRAIGHT_FLUSH_LOSES = "straight_flush_loses"
    """A straight or flush counts against its hand: a lower category beats it."""
    LOWER_CATEGORY = "lower_category"
    """Both hands have matching ranks or runs, the better in a lower category (one pair beats
    two pair, trips beat a full house, a straight beats a flush)."""
    HIGHER_CARD = "higher_card"
    """No pair (or straight, or flush) against the same: the first differing card from the
    highest down is lower."""
    LOWER_GROUP = "lower_group"
    """The same paired category: the matching ranks compared first, and the better's are lower."""
    SIDE_CARD = "side_card"
    """The same matching ranks: the side cards, from the highest down, are lower."""


@dataclass(frozen=True)
class Reason:
    """Why ``better`` beats (or ties) ``worse``: the rule and the ranks it compared (2..14,
    14 = ace)."""

    kind: ReasonKind
    better_category: int
    """``NO_PAIR`` .. ``STRAIGHT_FLUSH`` of the better hand."""
    worse_category: int
    better_rank: int | None = None
    """The first differing rank of the better hand (card comparisons only)."""
    worse_rank: int | None = None


def explain(better: Sequence[int] | str, worse: Sequence[int] | str) -> Reason:
    """Why the five cards ``better`` beat or tie the five cards ``worse`` at a 2-7 showdown;
    ``EngineError`` when ``worse`` is in fact the better hand (or either is not a hand)."""
    better_value, worse_value = rank27(better), rank27(worse)
    if better_value > worse_value:
        raise EngineError("The first hand must be at least as good as the second.")
    better_category, better_ranks = rank_parts(better_value)
    worse_category, worse_ranks = rank_parts(worse_value)
    if better_value == worse_value:
        return Reason(ReasonKind.TIE, better_category, worse_category)
    if better_category != worse_category:
        if worse_category in STRAIGHTS_AND_FLUSHES and better_category not in STRAIGHTS_AND_FLUSHES:
            kind = ReasonKind.STRAIGHT_FLUSH_LOSES
        elif better_category == NO_PAIR:
            kind = ReasonKind.PAIR_LOSES
        else:
            kind = ReasonKind.LOWER_CATEGORY
        return Reason(kind, better_category, worse_category)
    index, better_rank, worse_rank = next(
        (i, b, w) for i, (b, w) in enumerate(zip(better_ranks, worse_ranks, strict=True)) if b != w
    )
    if better_category not in PAIRED:
        kind = ReasonKind.HIGHER_CARD
    elif index < GROUPS[better_category]:
        kind = ReasonKind.LOWER_GROUP
    else:
        kind = ReasonKind.SIDE_CARD
    return Reason(kind, better_category, worse_category, better_rank, worse_rank)

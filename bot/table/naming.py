"""Hands in words: a hand's name ("eight-six low", "pair of nines") and why one shown hand beat
another at a showdown, as ``Text`` written later in its reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Card, rank27
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
    rank_parts,
)
from bot.engine.explain import ReasonKind
from bot.messages import Text
from bot.table.snapshot import ShowdownReason

HAND_KEYS: dict[int, tuple[str, tuple[str, ...]]] = {
    NO_PAIR: ("hand_low", ("high", "second")),
    ONE_PAIR: ("hand_pair", ("rank",)),
    TWO_PAIR: ("hand_two_pair", ("high", "low")),
    THREE_OF_A_KIND: ("hand_three", ("rank",)),
    STRAIGHT: ("hand_straight", ("high",)),
    FLUSH: ("hand_flush", ("high",)),
    FULL_HOUSE: ("hand_full_house", ("high", "low")),
    FOUR_OF_A_KIND: ("hand_four", ("rank",)),
    STRAIGHT_FLUSH: ("hand_straight_flush", ("high",)),
}
"""Each category's catalogue name and the ranks it is told (2..14, 14 = ace)."""
NAMED_LOWS = {(7, 5, 4, 3, 2): "hand_number_one", (7, 6, 4, 3, 2): "hand_number_two"}
CATEGORY_WORDS = {
    NO_PAIR: "no_pair",
    ONE_PAIR: "pair",
    TWO_PAIR: "two_pair",
    THREE_OF_A_KIND: "three",
    STRAIGHT: "straight",
    FLUSH: "flush",
    FULL_HOUSE: "full_house",
    FOUR_OF_A_KIND: "four",
    STRAIGHT_FLUSH: "straight_flush",
}
"""Each category as the catalogue's ``hand_category`` selects it."""
REASON_KEYS = {
    ReasonKind.PAIR_LOSES: "why_pair_loses",
    ReasonKind.STRAIGHT_FLUSH_LOSES: "why_straight_flush_loses",
    ReasonKind.LOWER_CATEGORY: "why_lower_category",
    ReasonKind.HIGHER_CARD: "why_higher_card",
    ReasonKind.LOWER_GROUP: "why_lower_group",
    ReasonKind.SIDE_CARD: "why_side_card",
}
"""The catalogue's clause for each rule that decides (a tie has a sentence of its own)."""
RANK_SYMBOLS = {rank: "23456789"[rank - 2] for rank in range(2, 10)} | {
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
"""Ranks as the cards print them, the same in every language (the rules say A-K-Q-J-9)."""


def hand_text(cards: Sequence[Card | int]) -> Text:
    """The hand's name ("eight-six low", "pair of nines"), to write in its reader's language;
    empty for anything but five cards."""
    if len(cards) != 5:
        return Text("no_hand")
    return rank_text(rank27([int(c) for c in cards]))


def rank_text(rank: int) -> Text:
    """The name of the hand of ``rank`` (a ``rank27`` value), as ``hand_text``."""
    category, ranks = rank_parts(rank)
    if category == NO_PAIR and ranks in NAMED_LOWS:
        return Text(NAMED_LOWS[ranks])
    if category == STRAIGHT_FLUSH and ranks[0] == 14:
        return Text("hand_royal_flush")
    key, names = HAND_KEYS[category]
    return Text(key, **dict(zip(names, ranks, strict=False)))


def why_text(why: ShowdownReason, name: str, other: str) -> Text:
    """Why ``name``'s shown hand beat (or tied) ``other``'s: "alice's eight-five low beats bob's
    pair of fives: in 2-7 the lowest hand wins, and a pair counts against you." (``name`` and
    ``other`` are the players' names as the channel may print them.)"""
    hands = {
        "winner": name,
        "winner_hand": hand_text(why.winner_cards),
        "other": other,
        "other_hand": hand_text(why.other_cards),
    }
    reason = why.reason
    if reason.kind is ReasonKind.TIE:
        return Text("why_tie", **hands)
    because = Text(
        REASON_KEYS[reason.kind],
        category=CATEGORY_WORDS[reason.worse_category],
        better_category=Text("hand_category", category=CATEGORY_WORDS[reason.better_category]),
        worse_category=Text("hand_category", category=CATEGORY_WORDS[reason.worse_category]),
        better_rank=RANK_SYMBOLS.get(reason.better_rank or 0, ""),
        worse_rank=RANK_SYMBOLS.get(reason.worse_rank or 0, ""),
    )
    return Text("why_line", beats=Text("why_beats", **hands), because=because)

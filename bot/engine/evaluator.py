"""Deuce-to-seven lowball hand evaluator.

``rank27(cards)`` maps five cards to a number from 1 (7-5-4-3-2, not all one suit: "number one")
to 7462 (a royal flush); lower is better and equal hands get equal numbers, so a showdown is a
plain ``min``. Aces are always high and A-2-3-4-5 is not a straight (it is the best ace-high hand).

Why it is fast: every rank gets a small integer weight chosen so that the sum of five weights
(a rank *multiset*, up to four of a kind) is unique. All 6,175 possible sums are ranked once at
import (about 0.05 s): a flat list for hands that are not all one suit, a dict for the 1,287
flushes. The cards are then read as two pairs and a fifth card: a 52x52 table gives each pair's
weight sum plus a flag when the pair is suited, so an evaluation is five list reads, two
additions, one comparison and one more list read; only when both pairs are suited (one hand in
sixteen) does it compare suits to tell a flush. No sorting, no hashing, no generic bit
operations (which CPython 3.11 does not specialise).

``rank27_ints(a, b, c, d, e)`` is that path with no validation, for the engine's inner loop;
``rank27_many(hands)`` ranks a list of hands in one comprehension (no call per hand);
``rank27(cards)`` validates its input first and raises ``EngineError`` with a readable message.
Ranks equal pokerkit's ``StandardLowHand`` lookup index plus one (tests check all 2,598,960
hands).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement
from typing import Final

from bot.engine.cards import CARDS, EngineError, parse_cards

log = logging.getLogger(__name__)

# Per-rank weights, deuce first, ace last. Found by a greedy search (smallest weight that keeps
# every five-card rank multiset's sum unique, up to four of a kind); tests re-check uniqueness.
RANK_WEIGHTS: Final[tuple[int, ...]] = (
    0,
    1,
    5,
    22,
    94,
    312,
    992,
    2422,
    5624,
    12522,
    19998,
    43258,
    79415,
)

# Categories, best (lowest) first. The index is part of the sort key when tables are built.
NO_PAIR: Final = 0
ONE_PAIR: Final = 1
TWO_PAIR: Final = 2
THREE_OF_A_KIND: Final = 3
STRAIGHT: Final = 4
FLUSH: Final = 5
FULL_HOUSE: Final = 6
FOUR_OF_A_KIND: Final = 7
STRAIGHT_FLUSH: Final = 8

CATEGORY_NAMES: Final[tuple[str, ...]] = (
    "no pair",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)

HAND_COUNT: Final = 7462
"""Number of distinct deuce-to-seven hand values: ranks run 1..HAND_COUNT."""

# Card index (0..51) -> weight of its rank (a list: the fastest thing to subscript).
_W: Final[list[int]] = [RANK_WEIGHTS[i // 4] for i in range(52)]
# For ``rank27``'s validation: card value -> plain int index. Keyed by the interned ``Card``s so
# that the usual input (dealt cards) matches by identity; plain ints match by equality.
_CANON: Final[dict[int, int]] = {c: int(c) for c in CARDS}


def _build_tables() -> tuple[list[int], dict[int, int], list[tuple[int, tuple[int, ...]]]]:
    """Rank every rank multiset (and every flush) once; return the lookup tables.

    Returns ``(plain, suited, describe)``: ``plain[weight_sum]`` is the rank of a hand that is
    not all one suit, ``suited[weight_sum]`` that of a flush (only five distinct ranks occur),
    and ``describe[rank]`` is ``(category, ranks)`` with ``ranks`` ordered as they are compared
    (bigger groups first, then higher rank first; ranks are 2..14) for naming.
    """
    entries: list[tuple[tuple[int, tuple[int, ...]], int, bool]] = []
    for combo in combinations_with_replacement(range(13), 5):
        counts: dict[int, int] = {}
        for r in combo:
            counts[r] = counts.get(r, 0) + 1
        if max(counts.values()) == 5:
            continue
        # Compare bigger groups first, then higher ranks first: that is "highest card down".
        ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
        ranks = tuple(r + 2 for r in ordered)
        shape = sorted(counts.values(), reverse=True)
        weight_sum = sum(RANK_WEIGHTS[r] for r in combo)
        if len(counts) == 5:
            # Ace is always high, so only five consecutive indices are a straight.
            is_straight = ordered[0] - ordered[4] == 4
            plain_cat = STRAIGHT if is_straight else NO_PAIR
            suited_cat = STRAIGHT_FLUSH if is_straight else FLUSH
            entries.append(((plain_cat, ranks), weight_sum, False))
            entries.append(((suited_cat, ranks), weight_sum, True))
            continue
        if shape == [2, 1, 1, 1]:
            cat = ONE_PAIR
        elif shape == [2, 2, 1]:
            cat = TWO_PAIR
        elif shape == [3, 1, 1]:
            cat = THREE_OF_A_KIND
        elif shape == [3, 2]:
            cat = FULL_HOUSE
        else:
            cat = FOUR_OF_A_KIND
        entries.append(((cat, ranks), weight_sum, False))

    entries.sort(key=lambda e: e[0])
    size = 4 * RANK_WEIGHTS[-1] + RANK_WEIGHTS[-2] + 1
    plain = [0] * size
    suited: dict[int, int] = {}
    describe: list[tuple[int, tuple[int, ...]]] = [(-1, ())]
    for key, weight_sum, is_suited in entries:
        describe.append(key)
        if is_suited:
            suited[weight_sum] = len(describe) - 1
        else:
            plain[weight_sum] = len(describe) - 1
    return plain, suited, describe


def _keyed_tables() -> tuple[list[int], dict[int, int], list[tuple[int, tuple[int, ...]]]]:
    """``_build_tables`` with the plain list doubled (see ``_KEYED``); the single list is not
    kept, since ``_KEYED`` holds it in its first half."""
    plain, suited, describe = _build_tables()
    return plain + plain, suited, describe


_KEYED, _SUITED, _DESCRIBE = _keyed_tables()
assert len(_DESCRIBE) - 1 == HAND_COUNT

# The fast path reads cards as two pairs and a fifth card: ``_PAIR_KEY[a][b]`` is the two
# cards' weight sum, plus ``_SUITED_PAIR`` when they share a suit. A key below
# ``_BOTH_PAIRS_SUITED`` (at most one pair suited) can never be a flush, and ``_KEYED`` reads
# such a key directly (it is the plain ranks twice over); only when both pairs are suited (about
# one hand in sixteen) is a real suit comparison needed, and a hand that is no flush then reads
# ``_KEYED``'s first half. Flushes (one hand in 500) read the dict ``_SUITED``: a list would hold
# 2.9 MiB for 1,287 ranks. Nested lists beat computing ``a * 52 + b``.
_SUITED_PAIR: Final = len(_KEYED) // 2
_BOTH_PAIRS_SUITED: Final = 2 * _SUITED_PAIR
_PAIR_KEY: Final[list[list[int]]] = [
    [_W[a] + _W[b] + (_SUITED_PAIR if a % 4 == b % 4 else 0) for b in range(52)] for a in range(52)
]
_SUIT: Final[list[int]] = [i % 4 for i in range(52)]


def rank27_ints(a: int, b: int, c: int, d: int, e: int) -> int:
    """Rank five distinct card indices 0..51 with no validation (the engine's fast path).

    Garbage in, garbage out: duplicates or out-of-range values give a meaningless number or
    an ``IndexError``. Use :func:`rank27` for anything that did not come from a dealt deck.
    """
    key = _PAIR_KEY[a][b] + _PAIR_KEY[c][d] + _W[e]
    if key < _BOTH_PAIRS_SUITED:
        return _KEYED[key]
    if _SUIT[a] == _SUIT[c] == _SUIT[e]:
        return _SUITED[key - _BOTH_PAIRS_SUITED]
    return _KEYED[key - _BOTH_PAIRS_SUITED]


def rank27_many(hands: Iterable[Sequence[int]]) -> list[int]:
    """Ranks of many five-card hands (e.g. every hand at a showdown), unvalidated.

    One comprehension instead of one call per hand: the per-call overhead is most of the cost
    of an evaluation in CPython, so this is the fastest way to rank several hands at once.
    """
    pair = _PAIR_KEY
    w = _W
    keyed = _KEYED
    both = _BOTH_PAIRS_SUITED
    suit = _SUIT
    suited = _SUITED
    return [
        keyed[key]
        if (key := pair[a][b] + pair[c][d] + w[e]) < both
        else (suited[key - both] if suit[a] == suit[c] == suit[e] else keyed[key - both])
        for a, b, c, d, e in hands
    ]


def _bad_hand(cards: object) -> EngineError:
    """The readable error for input that failed the fast checks in ``rank27``."""
    if isinstance(cards, str):
        try:
            cards = parse_cards(cards)
        except EngineError as exc:
            return exc
    if not isinstance(cards, Iterable):
        return EngineError(f"{cards!r} is not a list of cards.")
    values = list(cards)
    if len(values) != 5:
        return EngineError(f"A hand has exactly five cards, not {len(values)}.")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 52:
            return EngineError(f"{value!r} is not a card.")
    for i, value in enumerate(values):
        if value in values[i + 1 :]:
            return EngineError(f"The card {CARDS[value]} appears twice in one hand.")
    return EngineError(f"{cards!r} is not a hand of five cards.")  # pragma: no cover


def rank27(cards: Sequence[int] | str) -> int:
    """Deuce-to-seven rank of five cards: 1 (best, 7-5-4-3-2) .. 7462 (royal flush).

    Accepts five ``Card``s or ints 0..51 in any order, or a card string like ``"7s5d4c3h2s"``
    (``parse_cards`` syntax). Raises ``EngineError`` with a player-readable message if the input
    is not five distinct cards. Values are looked up by integer equality, so anything equal to
    an index 0..51 (``Card``, ``int``, ``numpy`` ints) is accepted.
    """
    if isinstance(cards, str):
        cards = parse_cards(cards)
    canon = _CANON
    try:
        a, b, c, d, e = cards
        # The dict both rejects non-cards (KeyError) and turns Card/int-likes into plain ints.
        a = canon[a]
        b = canon[b]
        c = canon[c]
        d = canon[d]
        e = canon[e]
    except (KeyError, TypeError, ValueError):
        raise _bad_hand(cards) from None
    # Ten int comparisons are cheaper than building a set, a tuple or a bit mask.
    if a == b or a == c or a == d or a == e or b == c or b == d:  # noqa: SIM109
        raise _bad_hand(cards)
    if b == e or c == d or c == e or d == e:  # noqa: SIM109
        raise _bad_hand(cards)
    # The body of rank27_ints, inlined to save a call.
    key = _PAIR_KEY[a][b] + _PAIR_KEY[c][d] + _W[e]
    if key < _BOTH_PAIRS_SUITED:
        return _KEYED[key]
    if _SUIT[a] == _SUIT[c] == _SUIT[e]:
        return _SUITED[key - _BOTH_PAIRS_SUITED]
    return _KEYED[key - _BOTH_PAIRS_SUITED]


def rank_category(rank: int) -> int:
    """Category index (``NO_PAIR`` .. ``STRAIGHT_FLUSH``) of a rank number from ``rank27``."""
    return _describe(rank)[0]


def _describe(rank: int) -> tuple[int, tuple[int, ...]]:
    if isinstance(rank, bool) or not 1 <= rank <= HAND_COUNT:
        raise EngineError(f"{rank!r} is not a hand rank (1..{HAND_COUNT}).")
    return _DESCRIBE[rank]


_WORDS: Final[dict[int, str]] = {
    2: "deuce",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
_PLURALS: Final[dict[int, str]] = {
    2: "deuces",
    3: "threes",
    4: "fours",
    5: "fives",
    6: "sixes",
    7: "sevens",
    8: "eights",
    9: "nines",
    10: "tens",
    11: "jacks",
    12: "queens",
    13: "kings",
    14: "aces",
}
_SHORT: Final[dict[int, str]] = {r: "23456789TJQKA"[r - 2] for r in range(2, 15)}


def rank_parts(rank: int) -> tuple[int, tuple[int, ...]]:
    """The category (``NO_PAIR`` .. ``STRAIGHT_FLUSH``) and the ranks that name a hand: the
    two highest cards of a no-pair hand, the pair, the two pairs, the trips and the pair of a
    full house, the top card of a straight or flush (2..14, 14 = ace)."""
    return _describe(rank)


def rank_name(rank: int) -> str:
    """Player-facing name of a rank number from ``rank27`` (see ``hand_name``)."""
    cat, r = _describe(rank)
    if cat == NO_PAIR:
        if r == (7, 5, 4, 3, 2):
            return "number one"
        if r == (7, 6, 4, 3, 2):
            return "number two"
        return f"{_WORDS[r[0]]}-{_WORDS[r[1]]} low"
    if cat == ONE_PAIR:
        return f"pair of {_PLURALS[r[0]]}"
    if cat == TWO_PAIR:
        return f"two pair, {_PLURALS[r[0]]} and {_PLURALS[r[1]]}"
    if cat == THREE_OF_A_KIND:
        return f"three {_PLURALS[r[0]]}"
    if cat == STRAIGHT:
        return f"straight, {_WORDS[r[0]]} high"
    if cat == FLUSH:
        return f"flush, {_WORDS[r[0]]} high"
    if cat == FULL_HOUSE:
        return f"full house, {_PLURALS[r[0]]} full of {_PLURALS[r[1]]}"
    if cat == FOUR_OF_A_KIND:
        return f"four {_PLURALS[r[0]]}"
    if r[0] == 14:
        return "royal flush"
    return f"straight flush, {_WORDS[r[0]]} high"


def rank_short_name(rank: int) -> str:
    """Compact name of a rank number for table displays: ``"8-6"``, ``"pair of 9s"``."""
    cat, r = _describe(rank)
    s = _SHORT
    if cat == NO_PAIR:
        return f"{s[r[0]]}-{s[r[1]]}"
    if cat == ONE_PAIR:
        return f"pair of {s[r[0]]}s"
    if cat == TWO_PAIR:
        return f"{s[r[0]]}s and {s[r[1]]}s"
    if cat == THREE_OF_A_KIND:
        return f"three {s[r[0]]}s"
    if cat == STRAIGHT:
        return f"{s[r[0]]}-high straight"
    if cat == FLUSH:
        return f"{s[r[0]]}-high flush"
    if cat == FULL_HOUSE:
        return f"{s[r[0]]}s full of {s[r[1]]}s"
    if cat == FOUR_OF_A_KIND:
        return f"four {s[r[0]]}s"
    if r[0] == 14:
        return "royal flush"
    return f"{s[r[0]]}-high straight flush"


def hand_name(cards: Sequence[int] | str) -> str:
    """Player-facing name: "number one", "eight-six low", "pair of nines", "royal flush"."""
    return rank_name(rank27(cards))


def short_name(cards: Sequence[int] | str) -> str:
    """Compact name for table displays: "8-6", "pair of 9s", "K-high flush"."""
    return rank_short_name(rank27(cards))


__all__ = [
    "CATEGORY_NAMES",
    "HAND_COUNT",
    "RANK_WEIGHTS",
    "hand_name",
    "rank27",
    "rank27_ints",
    "rank27_many",
    "rank_category",
    "rank_name",
    "rank_parts",
    "rank_short_name",
    "short_name",
]

"""Counted draw odds over the unseen cards, by rank.

A drawing hand is the set of distinct low ranks it keeps. ``make_probability(kept, high, d)``
is the chance to end with five different ranks no higher than ``high`` and no straight, drawing
to ``kept`` with ``d`` draws left and keeping every new useful rank after each draw (the way
lowball players draw). The unseen cards are the 47 not in the player's own hand: a kept rank has
3 left, every other useful rank 4 (the player cannot see anyone else's cards or discards).
Outcomes are counted exactly (multivariate hypergeometric over the useful ranks); flushes are
left out (under 1% for a one-card draw). Results are cached by (kept, high, draws), so a
decision costs a few dictionary reads once the table is warm.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations
from math import comb
from typing import Final

from bot.engine.cards import Card
from bot.engine.evaluator import rank27_ints

UNSEEN: Final = 47
"""Cards a player cannot see: the deck minus their own five."""

CLASSES: Final[tuple[int, ...]] = (7, 8, 9, 10, 11, 12, 13)
"""Final-hand classes by high card: a 7-low, 8-low ... king-low; index 7 is anything worse."""

WORSE: Final = len(CLASSES)
"""Class index of a hand worse than king-low (a pair, ace-high, straight or flush)."""

STRAIGHT_MASKS: Final[frozenset[int]] = frozenset(0b11111 << low for low in range(9))
"""Rank bitmasks (bit 0 = deuce) of the five-rank straights; aces are high, so A-2-3-4-5 is none."""


def rank_mask(ranks: Iterable[int]) -> int:
    """Bitmask of ranks 2..14 (bit 0 = deuce)."""
    mask = 0
    for r in ranks:
        mask |= 1 << (r - 2)
    return mask


def mask_ranks(mask: int) -> list[int]:
    """Ranks 2..14 set in ``mask``, lowest first."""
    return [r + 2 for r in range(13) if mask >> r & 1]


def is_straight(mask: int) -> bool:
    """Whether five ranks form a straight."""
    return mask in STRAIGHT_MASKS


@cache
def _good_ways(count: int, drawn: int, bad: int) -> int:
    """Ways to draw ``drawn`` cards from the unseen so that exactly ``count`` given useful ranks
    (4 unseen cards each) appear, at least once each, the rest coming from ``bad`` cards."""
    # poly[n] = ways to take n cards from ``count`` ranks with each rank at least once.
    poly = [1]
    for _ in range(count):
        nxt = [0] * (len(poly) + 4)
        for n, ways in enumerate(poly):
            if ways:
                for k in range(1, 5):
                    nxt[n + k] += ways * comb(4, k)
        poly = nxt
    return sum(ways * comb(bad, drawn - n) for n, ways in enumerate(poly) if n <= drawn)


@cache
def make_probability(kept: int, high: int, draws: int) -> float:
    """Chance to make a ``high``-low or better (no pair, no straight) from the ``kept`` rank mask
    with ``draws`` draws left, drawing ``5 - len(kept)`` cards now.

    ``kept`` must hold only ranks up to ``high``; five kept ranks are a made hand (1.0, or 0.0
    for a straight when no draw is left)."""
    size = kept.bit_count()
    if size == 5:
        if not is_straight(kept):
            return 1.0
        if draws == 0:
            return 0.0
        return make_probability(kept & ~(1 << (kept.bit_length() - 1)), high, draws)
    if draws == 0:
        return 0.0
    drawn = 5 - size
    useful = [r for r in range(high - 1) if not kept >> r & 1]
    bad = max(UNSEEN - 4 * len(useful), 0)
    total = comb(4 * len(useful) + bad, drawn)
    chance = 0.0
    for count in range(min(drawn, len(useful)) + 1):
        ways = _good_ways(count, drawn, bad)
        if not ways:
            continue
        each = ways / total
        for new in combinations(useful, count):
            mask = kept
            for r in new:
                mask |= 1 << r
            if mask.bit_count() == 5 and not is_straight(mask):
                chance += each
            elif mask.bit_count() == 5:  # a straight: break it at the top and draw again
                chance += each * make_probability(
                    mask & ~(1 << (mask.bit_length() - 1)), high, draws - 1
                )
            else:
                chance += each * make_probability(mask, high, draws - 1)
    return chance


@cache
def class_distribution(kept: int, draws: int) -> tuple[float, ...]:
    """Chance of each final class (``CLASSES`` then ``WORSE``) drawing to ``kept``.

    For each class the player is taken to keep the kept ranks up to that class's high card; the
    cumulative chances are forced non-decreasing so the result is a distribution."""
    cumulative: list[float] = []
    best = 0.0
    for high in CLASSES:
        low_part = kept & ((1 << (high - 1)) - 1)
        chance = make_probability(low_part, high, draws)
        if low_part != kept:  # the higher ranks are thrown later: one draw is partly wasted
            chance *= 0.85
        best = max(best, chance)
        cumulative.append(best)
    dist = [cumulative[0]]
    dist.extend(cumulative[i] - cumulative[i - 1] for i in range(1, len(cumulative)))
    dist.append(1.0 - cumulative[-1])
    return tuple(dist)


def made_class(cards: Sequence[Card]) -> int:
    """Class index of five cards as they stand (``WORSE`` for pairs, straights, flushes, A-high)."""
    ranks = [c.rank for c in cards]
    mask = rank_mask(ranks)
    if mask.bit_count() != 5 or is_straight(mask) or len({c.suit for c in cards}) == 1:
        return WORSE
    top = max(ranks)
    return CLASSES.index(top) if top in CLASSES else WORSE


def pat_probability(high: int) -> float:
    """Chance that five random cards are a pat ``high``-low or better (exact count)."""
    sets = 0
    for combo in combinations(range(high - 1), 5):
        mask = rank_mask(r + 2 for r in combo)
        if not is_straight(mask):
            sets += 1
    return sets * (4**5 - 4) / comb(52, 5)


def low_rank(cards: Sequence[Card]) -> int:
    """The evaluator's rank (1 = best) of five cards."""
    a, b, c, d, e = cards
    return rank27_ints(a, b, c, d, e)


__all__ = [
    "CLASSES",
    "UNSEEN",
    "WORSE",
    "class_distribution",
    "is_straight",
    "low_rank",
    "made_class",
    "make_probability",
    "mask_ranks",
    "pat_probability",
    "rank_mask",
]

"""Opponents' ranges for the strong house level, read from what the table shows.

A range is a distribution over final classes (7-low ... king-low, worse: ``bot.house.odds``),
updated the way published 2-7 Triple Draw advice reads a hand:

- how many cards a player drew each time: a one-card draw holds about four low cards, a
  two-card draw three, and so on (counted odds);
- *how it came to stand pat* (Bayes' rule on the draw counts): a player pat from the start
  holds mostly eights and smooth nines; one who drew three and then stands pat made a hand with
  that one draw (rarely, counted) or is snowing, so against it a busted hand is far more likely
  (Kevin Haney, "Triple Draw: Playing Against A Pat Hand", Card Player, 29 Dec 2021,
  https://cardplayer.com/cardplayer-poker-magazines/66479-koray-aldemir-35-1/articles/24415-triple-draw-playing-against-a-pat-hand);
- a bet on the last round narrows a range to the hands that bet for value, plus the bluffs a
  balanced player makes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from bot.engine.cards import Card
from bot.engine.hand import SeatView
from bot.house.odds import CLASSES, WORSE, class_distribution, made_class, rank_mask

DRAWS: Final = 3

Dist = tuple[float, ...]

TYPICAL_KEEP: Final[dict[int, int]] = {
    1: rank_mask((2, 4, 5, 8)),
    2: rank_mask((3, 5, 7)),
    3: rank_mask((3, 6)),
    4: rank_mask((5,)),
    5: 0,
}
"""What a player who throws ``n`` cards typically keeps."""

DEALT_PAT: Final[Dist] = (0.15, 0.4, 0.25, 0.08, 0.0, 0.0, 0.0, 0.12)
"""A player pat from the start: mostly eights (median 8-6), some nines, a few snows (Haney,
"Playing Against A Pat Hand": "mostly any eight or better low"; nines are 34 of the 52 rank
sets of a nine or better, so a player who pats them has many)."""

OPENER_MIX: Final[tuple[tuple[float, int], ...]] = ((0.04, 0), (0.36, 1), (0.60, 2))
"""A player who has not drawn yet, as (weight, cards it will throw): 0 = a dealt pat."""


def _mix(parts: Sequence[tuple[float, Dist]]) -> Dist:
    total = sum(w for w, _ in parts)
    return tuple(sum(w * d[i] for w, d in parts) / total for i in range(WORSE + 1))


@cache
def drawing_range(thrown: int, remaining: int) -> Dist:
    """Final classes of a player who threw ``thrown`` cards at its latest draw (or, with
    ``thrown = -1``, has not drawn yet), with ``remaining`` draws still to make."""
    if thrown < 0:
        return _mix(
            [(w, DEALT_PAT if n == 0 else drawing_range(n, remaining - 1)) for w, n in OPENER_MIX]
        )
    # The cards it just drew are unseen: one more draw at what it kept.
    return class_distribution(TYPICAL_KEEP[thrown], remaining + 1)


@cache
def pat_range(before: int, at_last: bool, snow: float) -> Dist:
    """Final classes of a player who stands pat after throwing ``before`` cards at the draw
    before (``0`` = pat from the start): the hands it made with that draw, counted, against
    the busted hands it snows with at the rate ``snow`` (Bayes' rule on the draw counts)."""
    if before == 0:
        return DEALT_PAT
    made_now = class_distribution(TYPICAL_KEEP[before], 1)
    top = 4 if at_last else 3  # it keeps a jack only on the last draw
    made = [p if i <= top else 0.0 for i, p in enumerate(made_now)]
    made[WORSE] = (1.0 - sum(made)) * snow
    total = sum(made)
    return tuple(p / total for p in made)


def bet_range(dist: Dist, value_top: int, bluffs: float) -> Dist:
    """``dist`` narrowed by a bet on the last round: hands up to class ``value_top`` bet, the
    others only as bluffs (weight ``bluffs``)."""
    weighted = [p if i <= value_top else p * bluffs for i, p in enumerate(dist)]
    total = sum(weighted) or 1.0
    return tuple(p / total for p in weighted)


def draws_of(seat: SeatView) -> list[int]:
    """The cards ``seat`` threw at each draw it has made."""
    return [c for c in seat.draw_counts if c is not None]


def opponent_range(seat: SeatView, heads_up: bool) -> Dist:
    """What ``seat`` will hold at the showdown, from its draws."""
    history = draws_of(seat)
    remaining = DRAWS - len(history)
    if not history:
        return drawing_range(-1, remaining)
    if history[-1] > 0:
        return drawing_range(history[-1], remaining)
    before = next((c for c in reversed(history) if c > 0), 0)
    return pat_range(before, remaining == 0, 0.14 if heads_up else 0.05)


def win_chance(mine: Dist, share: float, theirs: Dist) -> float:
    """Chance that my final hand beats theirs (ties in a class split by ``share``)."""
    chance = 0.0
    below = 0.0
    for a in range(WORSE, -1, -1):
        if mine[a]:
            chance += mine[a] * (below + theirs[a] * share)
        below += theirs[a]
    return chance


def made_dist(cards: Sequence[Card]) -> tuple[Dist, float]:
    """My hand as it stands: a point distribution and my share of a tie in its class (a smooth
    hand wins most ties in its class, a rough one few)."""
    made = made_class(cards)
    ranks = sorted((c.rank for c in cards), reverse=True)
    share = 0.5
    if made != WORSE:
        high, second = ranks[0], ranks[1]
        share = min(0.9, max(0.1, 1.0 - (second - 4) / (high - 4)))
    return tuple(1.0 if i == made else 0.0 for i in range(WORSE + 1)), share


def equity(mine: Dist, share: float, ranges: Sequence[Dist]) -> float:
    """Chance to beat every opponent (taken independently)."""
    chance = 1.0
    for theirs in ranges:
        chance *= win_chance(mine, share, theirs)
    return chance


__all__ = [
    "CLASSES",
    "DEALT_PAT",
    "Dist",
    "bet_range",
    "drawing_range",
    "draws_of",
    "equity",
    "made_dist",
    "opponent_range",
    "pat_range",
    "win_chance",
]

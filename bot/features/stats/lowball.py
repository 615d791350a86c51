"""Stats that speak 2-7 Triple Draw, computed from a member's stored hands (pure: no Discord,
no store calls; ``store.hands.player_hands`` gives the hands).

VPIP counts chips put in by choice before the first draw; "pat after draw k" is how often the
member drew no card at draw k among the hands where they took part in it; a snow caught is a
hand where they stood pat at every draw, showed at the showdown a pair or worse and won
nothing. Only hands shown at a showdown have a strength here (a mucked hand tells nothing).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from bot.engine.evaluator import NO_PAIR, rank_parts
from bot.store.models import PlayerHand

Period = Literal["week", "month", "all"]
PERIOD_SECONDS: dict[str, float] = {"week": 7 * 86400.0, "month": 30 * 86400.0, "all": 0.0}
DRAWS = 3


def period_start(period: str, now: float | None = None) -> float:
    """The earliest end time of a hand in ``period`` (0: every hand)."""
    span = PERIOD_SECONDS[period]
    return 0.0 if not span else (time.time() if now is None else now) - span


@dataclass(frozen=True)
class LowballStats:
    """A member's record over some hands."""

    hands: int
    net: int
    hands_won: int
    biggest_pot: int
    vpip_hands: int
    vpip_known: int
    """Hands whose VPIP is known (all but the oldest)."""
    showdowns: int
    showdowns_won: int
    pat: tuple[int, ...]
    """Hands pat at draw 1, 2, 3."""
    drew: tuple[int, ...]
    """Hands that took part in draw 1, 2, 3."""
    cards_drawn: tuple[int, ...]
    """Cards drawn in all at draw 1, 2, 3."""
    pat_showdowns: int
    """Hands pat at every draw and shown at the showdown."""
    snows_caught: int
    best_rank: int | None
    """The best hand shown at a showdown (``rank27``: lower is better)."""
    nets: tuple[int, ...]
    """Each hand's net, oldest first (the chart's line)."""

    @property
    def vpip(self) -> float:
        return self.vpip_hands / self.vpip_known if self.vpip_known else 0.0

    def pat_rate(self, draw: int) -> float | None:
        """Share of hands pat at ``draw`` (0-based) among those that took part in it."""
        return self.pat[draw] / self.drew[draw] if self.drew[draw] else None

    def average_drawn(self, draw: int) -> float | None:
        """Average cards drawn at ``draw`` (0-based)."""
        return self.cards_drawn[draw] / self.drew[draw] if self.drew[draw] else None


def lowball_stats(
    hands: Sequence[PlayerHand], nameable: Callable[[PlayerHand], bool] | None = None
) -> LowballStats:
    """The record over ``hands``; the best hand is taken only from the ``nameable`` ones (the
    hands the reader may be told about one by one), while every hand counts in the totals."""
    pat = [0] * DRAWS
    drew = [0] * DRAWS
    cards = [0] * DRAWS
    vpip = vpip_known = showdowns = showdowns_won = pat_showdowns = snows = won = 0
    biggest = 0
    best: int | None = None
    for hand in hands:
        if hand.won > 0:
            won += 1
            biggest = max(biggest, hand.won)
        if hand.voluntary is not None:
            vpip_known += 1
            vpip += hand.voluntary
        if hand.showed_down:
            showdowns += 1
            showdowns_won += hand.won > 0
        for index, count in enumerate((hand.draws or ())[:DRAWS]):
            drew[index] += 1
            cards[index] += count
            pat[index] += count == 0
        if hand.shown_rank is not None:
            if nameable is None or nameable(hand):
                best = hand.shown_rank if best is None else min(best, hand.shown_rank)
            if hand.draws and not any(hand.draws):
                pat_showdowns += 1
                if hand.won == 0 and rank_parts(hand.shown_rank)[0] > NO_PAIR:
                    snows += 1
    return LowballStats(
        hands=len(hands),
        net=sum(h.net for h in hands),
        hands_won=won,
        biggest_pot=biggest,
        vpip_hands=vpip,
        vpip_known=vpip_known,
        showdowns=showdowns,
        showdowns_won=showdowns_won,
        pat=tuple(pat),
        drew=tuple(drew),
        cards_drawn=tuple(cards),
        pat_showdowns=pat_showdowns,
        snows_caught=snows,
        best_rank=best,
        nets=tuple(h.net for h in hands),
    )

"""Test opponents for the benchmark: a random legal player and a calling station.

They take the same views as ``decide`` and return the same ``Decision``s.
"""

from __future__ import annotations

import random
from itertools import combinations

from bot.engine.cards import Card
from bot.engine.hand import Phase, PrivateView, PublicView
from bot.house.odds import is_straight, rank_mask
from bot.house.strategy import BET_RAISE, CHECK_CALL, FOLD, Decision


def random_legal(public: PublicView, private: PrivateView, rng: random.Random) -> Decision:
    """Any legal action, uniformly (folding only when there is something to call); a draw
    throws a uniformly random number of cards (0-5), chosen uniformly."""
    legal = public.legal
    if legal is None:
        raise ValueError("Nobody is to act.")
    if public.phase is Phase.DRAWING:
        count = rng.randrange(6)
        subsets = list(combinations(private.cards, count))
        return Decision(discards=tuple(subsets[rng.randrange(len(subsets))]))
    options = [CHECK_CALL]
    if not legal.can_check:
        options.append(FOLD)
    if legal.can_bet_or_raise:
        options.append(BET_RAISE)
    return options[rng.randrange(len(options))]


def calling_station(public: PublicView, private: PrivateView, rng: random.Random) -> Decision:
    """Never folds, never raises: checks or calls everything. Draws plainly: keeps one card of
    each rank up to an 8 and stands pat on any five of them (a straight or flush breaks)."""
    if public.legal is None:
        raise ValueError("Nobody is to act.")
    if public.phase is not Phase.DRAWING:
        return CHECK_CALL
    kept: list[Card] = []
    for c in sorted(private.cards):
        if c.rank <= 8 and all(k.rank != c.rank for k in kept):
            kept.append(c)
    if len(kept) == 5 and (
        is_straight(rank_mask(c.rank for c in kept)) or len({c.suit for c in kept}) == 1
    ):
        kept.pop()
    return Decision(discards=tuple(c for c in private.cards if c not in kept))

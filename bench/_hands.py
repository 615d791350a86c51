"""Shared workload for the hands benchmark: random 6-max hands, ours and PokerKit's.

Both engines play the same random policy (``bot.engine.selfplay``'s: fold 0.15 facing a bet,
bet/raise 0.30 when allowed, else check/call, draw a random 0-5 cards) from random stacks, so
the figures compare the cost of the rules engines doing the same work.
"""

from __future__ import annotations

import logging
import random
import time
import warnings
from collections.abc import Callable
from statistics import median

from bot.engine.selfplay import (
    AGGRESSION_PROBABILITY,
    FOLD_PROBABILITY,
    play_random_hand,
    random_discards,
    random_players,
)

log = logging.getLogger(__name__)


def our_hands(count: int, players: int, seed: int) -> None:
    """Play ``count`` random hands through our engine."""
    rng = random.Random(seed)
    for k in range(count):
        play_random_hand(rng, players, hand_id=k)


def pokerkit_hands(count: int, players: int, seed: int) -> None:
    """Play ``count`` random F2L3D hands through PokerKit's state API with the same policy."""
    from pokerkit import Automation, FixedLimitDeuceToSevenLowballTripleDraw, Mode

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    rand = rng.random
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(count):
            stacks = [p.stack for p in random_players(rng, players)]
            state = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
                automations, True, 0, (5, 10), 10, 20, stacks, players, mode=Mode.CASH_GAME
            )
            while state.status:
                if state.actor_index is not None:
                    facing = state.checking_or_calling_amount
                    if facing and rand() < FOLD_PROBABILITY:
                        state.fold()
                    elif state.can_complete_bet_or_raise_to() and rand() < AGGRESSION_PROBABILITY:
                        state.complete_bet_or_raise_to()
                    else:
                        state.check_or_call()
                elif state.stand_patter_or_discarder_index is not None:
                    hole = state.hole_cards[state.stand_patter_or_discarder_index]
                    state.stand_pat_or_discard(random_discards(rand, hole))
                else:  # pragma: no cover - automations cover every other step
                    break


def hands_per_second(
    play: Callable[[int, int, int], None], count: int, players: int, repeats: int
) -> float:
    """Median hands/s over ``repeats`` runs of ``count`` hands."""
    rates = []
    for r in range(repeats):
        started = time.perf_counter()
        play(count, players, 1000 + r)
        rates.append(count / (time.perf_counter() - started))
    return median(rates)

"""The Deuce engine: cards, the 2-7 evaluator, the Triple Draw hand state machine, PHH.

Pure rules with the standard library only (no Discord, no database, no asyncio).
"""

from __future__ import annotations

from bot.engine.cards import (
    CARDS,
    Card,
    EngineError,
    RandomSource,
    card,
    cards_str,
    parse_cards,
    shuffle,
    shuffled_deck,
)
from bot.engine.evaluator import hand_name, rank27
from bot.engine.hand import (
    BETTING_ROUND_NAMES,
    ActionRecord,
    Hand,
    HandResult,
    Legal,
    Phase,
    PotResult,
    PotView,
    PrivateView,
    PublicView,
    RecordKind,
    SeatedPlayer,
    SeatView,
    Stakes,
    next_button_seat,
)

__all__ = [
    "BETTING_ROUND_NAMES",
    "CARDS",
    "ActionRecord",
    "Card",
    "EngineError",
    "Hand",
    "HandResult",
    "Legal",
    "Phase",
    "PotResult",
    "PotView",
    "PrivateView",
    "PublicView",
    "RandomSource",
    "RecordKind",
    "SeatView",
    "SeatedPlayer",
    "Stakes",
    "card",
    "cards_str",
    "hand_name",
    "next_button_seat",
    "parse_cards",
    "rank27",
    "shuffle",
    "shuffled_deck",
]

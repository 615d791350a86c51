"""House players: a pure 2-7 Triple Draw strategy for the seats the house fills (engine only)."""

from __future__ import annotations

from bot.house.levels import decide
from bot.house.odds import class_distribution, made_class, make_probability, pat_probability
from bot.house.opponents import calling_station, random_legal
from bot.house.selfplay import Player, apply_decision, house_player, play_out
from bot.house.strategy import (
    BEGINNER,
    LEVELS,
    LOOSE,
    SOLID,
    STRONG,
    STYLES,
    Action,
    Decision,
    Style,
)

__all__ = [
    "BEGINNER",
    "LEVELS",
    "LOOSE",
    "SOLID",
    "STRONG",
    "STYLES",
    "Action",
    "Decision",
    "Player",
    "Style",
    "apply_decision",
    "calling_station",
    "class_distribution",
    "decide",
    "house_player",
    "made_class",
    "make_probability",
    "pat_probability",
    "play_out",
    "random_legal",
]

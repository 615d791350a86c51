"""Sit-and-go tournaments, pure: the level structures, the payouts, the places of eliminated
players and the level clock (imports only the engine's ``Stakes``). The store keeps a
tournament's entries, escrow and clock (``store.tournaments``); the table plays it
(``bot/table/tournament.py``)."""

from bot.tournament.clock import TournamentClock
from bot.tournament.places import Finish, finishes, from_button, prizes_for
from bot.tournament.structures import STRUCTURES, Level, level_of, level_with

__all__ = [
    "STRUCTURES",
    "Finish",
    "Level",
    "TournamentClock",
    "finishes",
    "from_button",
    "level_of",
    "level_with",
    "prizes_for",
]

"""The house levels an admin chooses from, and the one ``decide`` every house seat calls.

``decide(public, private, style, rng)`` reads nothing but the two views (never a ``Hand``), so
a house player knows exactly what a member in its seat would know. The beginner and solid
levels play by thresholds (``bot.house.strategy``); the strong level by equity against the
opponents' ranges (``bot.house.strong``).
"""

from __future__ import annotations

import random

from bot.engine.hand import PrivateView, PublicView, SeatView
from bot.house import strong
from bot.house.strategy import Decision, Style, decide_by_thresholds


def decide(public: PublicView, private: PrivateView, style: Style, rng: random.Random) -> Decision:
    """The house player's move in the public state, from its own private view only.

    Raises ``ValueError`` when it is not this player's turn."""
    legal = public.legal
    if legal is None or public.to_act != private.player_id or private.folded:
        raise ValueError("It is not this house player's turn.")
    me = _seat(public, private.player_id)
    opponents = [s for s in public.seats if s.player_id != me.player_id and s.state != "folded"]
    play = strong.decide if style.reads_ranges else decide_by_thresholds
    return play(public, private.cards, me, opponents, style, rng)


def _seat(public: PublicView, player_id: int) -> SeatView:
    for seat in public.seats:
        if seat.player_id == player_id:
            return seat
    raise ValueError("This house player is not seated in the hand.")

"""Helpers for house-player tests: hands dealt from named cards, views of a seat."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine import CARDS, Card, Hand, PrivateView, PublicView, SeatedPlayer, Stakes
from bot.engine.cards import parse_cards
from bot.house import SOLID, Decision, Style, decide

NAMES = ("Alice", "Bob", "Carol", "Dan", "Eve", "Finn")


def deck_from(holes: Sequence[str], then: str = "") -> list[Card]:
    """A deck dealing ``holes[i]`` to position i (0 = left of the button), then ``then`` (the
    burn first), then every other card."""
    n = len(holes)
    parsed = [parse_cards(h) for h in holes]
    order = [parsed[i][r] for r in range(5) for i in range(n)]
    order.extend(parse_cards(then) if then else [])
    assert len(set(order)) == len(order), "a card is named twice"
    order.extend(c for c in CARDS if c not in set(order))
    return order


def named_hand(holes: Sequence[str], then: str = "", stack: int = 1000) -> Hand:
    """Players 1..n at seats 0..n-1, the button on the last seat, dealt from named cards."""
    n = len(holes)
    players = [SeatedPlayer(i + 1, NAMES[i], stack, i) for i in range(n)]
    return Hand.start(players, n - 1, Stakes(10), deck=deck_from(holes, then), hand_id=3)


def views(hand: Hand, player_id: int) -> tuple[PublicView, PrivateView]:
    """What ``player_id`` may see: the public view and its own private view."""
    return hand.public_view(), hand.private_view(player_id)


def house_move(hand: Hand, player_id: int, style: Style = SOLID, seed: int = 0) -> Decision:
    """``decide`` for ``player_id`` from its views."""
    public, private = views(hand, player_id)
    return decide(public, private, style, random.Random(seed))


def cards(text: str) -> tuple[Card, ...]:
    """Shorthand for named cards."""
    return tuple(parse_cards(text))

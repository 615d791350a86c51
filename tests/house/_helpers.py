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


def last_round_spot(made: str, last: str = "Qs") -> Hand:
    """Heads-up, the button (player 2) raised before the draw and the big blind (player 1, the
    house) called; one-card draws on both sides at every draw, checked through; the house makes
    ``made`` with its third draw and the small blind throws ``last`` at its third (one card: it
    drew one again). The house is first to act on the last round."""
    held = cards(made)
    start = " ".join(str(c) for c in held[:4]) + " Kd"
    hand = named_hand([start, "2h 4c 5d 7h Kh"], then=f"As Qd Ks Ac Jd Qs Ad {held[4]} Js")
    hand.bet_or_raise(2)
    hand.check_or_call(1)
    for mine, theirs in (("Kd", "Kh"), ("Qd", "Ks"), ("Jd", last)):
        if hand.betting_round:
            hand.check_or_call(1)
            hand.check_or_call(2)
        hand.draw(1, cards(mine))
        hand.draw(2, cards(theirs))
    assert hand.betting_round == 3 and hand.to_act == 1
    assert set(hand.private_view(1).cards) == set(held)
    return hand

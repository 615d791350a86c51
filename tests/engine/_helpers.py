"""Helpers for engine tests: hands dealt from named cards."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import CARDS, Card, Hand, SeatedPlayer, Stakes, parse_cards

NAMES = ("Alice", "Bob", "Carol", "Dan", "Eve", "Finn")


def deck_from(holes: Sequence[str], then: str = "") -> list[Card]:
    """A 52-card order dealing ``holes[i]`` to position i (0 = left of the button), one card at a
    time, then ``then`` in order (the first burn first), then every other card."""
    n = len(holes)
    parsed = [parse_cards(h) for h in holes]
    assert all(len(h) == 5 for h in parsed)
    order: list[Card] = []
    for r in range(5):
        for i in range(n):
            order.append(parsed[i][r])
    order.extend(parse_cards(then) if then else [])
    assert len(set(order)) == len(order), "a card is named twice"
    order.extend(c for c in CARDS if c not in set(order))
    return order


def players(stacks: Sequence[int]) -> list[SeatedPlayer]:
    """Players at seats 0..n-1 with ids 1..n; with ``button_seat=n-1`` position i is seat i."""
    return [SeatedPlayer(i + 1, NAMES[i], stack, i) for i, stack in enumerate(stacks)]


def named_hand(
    stacks: Sequence[int],
    holes: Sequence[str],
    then: str = "",
    stakes: Stakes | None = None,
) -> Hand:
    """A hand with the button on the last seat, dealt from named cards."""
    n = len(stacks)
    return Hand.start(
        players(stacks), n - 1, stakes or Stakes(10), deck=deck_from(holes, then), hand_id=7
    )


def cards(text: str) -> list[Card]:
    """Shorthand for ``parse_cards``."""
    return parse_cards(text)


def play(hand: Hand, script: str) -> None:
    """Apply ``"1 call; 2 raise; 3 draw 7s8s; 4 pat"``-style actions (ids are 1-based)."""
    for step in script.split(";"):
        words = step.split()
        if not words:
            continue
        pid = int(words[0])
        action = words[1]
        if action == "draw":
            hand.draw(pid, parse_cards(words[2]) if len(words) > 2 else [])
        elif action == "pat":
            hand.draw(pid, [])
        else:
            hand.act(pid, action)

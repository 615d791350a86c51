"""Cards and decks.

A card is an ``int`` from 0 to 51 (``rank_index * 4 + suit_index``), so that it indexes lookup
tables directly and serialises to JSON as a number, while still printing as ``"7s"``.
Ranks run 2..14 (ace high, always: this is deuce-to-seven); suits are ``c d h s``.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Protocol

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


class EngineError(ValueError):
    """An action or input the rules do not allow; the message is written for players."""


class Card(int):
    """One playing card; ``int(card)`` is its index 0..51 in the unshuffled deck."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """Rank value, 2 (deuce) to 14 (ace)."""
        return int(self) // 4 + 2

    @property
    def suit(self) -> str:
        """Suit letter: c, d, h or s."""
        return SUIT_CHARS[int(self) % 4]

    def __str__(self) -> str:
        return RANK_CHARS[int(self) // 4] + SUIT_CHARS[int(self) % 4]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """``Card.parse("7s")``; accepts ``10`` for ten and either letter case."""
        text = text.strip()
        if text[:2] == "10":
            text = "T" + text[2:]
        if len(text) != 2:
            raise EngineError(f"{text!r} is not a card (write it like 7s, Td, Ah).")
        rank = RANK_CHARS.find(text[0].upper())
        suit = SUIT_CHARS.find(text[1].lower())
        if rank < 0 or suit < 0:
            raise EngineError(f"{text!r} is not a card (write it like 7s, Td, Ah).")
        return CARDS[rank * 4 + suit]


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""The 52 interned cards in deck order (2c 2d 2h 2s 3c ... As)."""


def card(value: int | str | Card) -> Card:
    """The interned ``Card`` for an index 0..51 or a string like ``"7s"``."""
    if isinstance(value, str):
        return Card.parse(value)
    if isinstance(value, bool) or not 0 <= int(value) < 52:
        raise EngineError(f"{value!r} is not a card index.")
    return CARDS[int(value)]


def parse_cards(text: str) -> list[Card]:
    """``parse_cards("7s5d4c3h2s")`` or with spaces/commas between cards."""
    compact = "".join(ch for ch in text if ch not in " ,\t\n[]").replace("10", "T")
    if len(compact) % 2:
        raise EngineError(f"{text!r} is not a list of cards.")
    return [Card.parse(compact[i : i + 2]) for i in range(0, len(compact), 2)]


def cards_str(cards: Iterable[Card]) -> str:
    """``"7s 5d 4c 3h 2s"``: cards separated by spaces."""
    return " ".join(str(c) for c in cards)


class RandomSource(Protocol):
    """What a shuffle needs from a generator: ``secrets.SystemRandom`` or a seeded ``Random``."""

    def randrange(self, start: int, stop: int = ..., step: int = ...) -> int: ...


def shuffle(cards: MutableSequence[Card], rng: RandomSource | None = None) -> None:
    """Unbiased Fisher-Yates shuffle in place; the default generator is cryptographic."""
    source: RandomSource = rng if rng is not None else secrets.SystemRandom()
    for i in range(len(cards) - 1, 0, -1):
        j = source.randrange(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def shuffled_deck(rng: RandomSource | None = None) -> list[Card]:
    """A fresh 52-card deck in random order (top of the deck is index 0)."""
    deck = list(CARDS)
    shuffle(deck, rng)
    return deck


def check_unique(cards: Sequence[Card]) -> None:
    """Raise if a card appears twice."""
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for c in cards:
            if c in seen:
                raise EngineError(f"The card {c} appears twice.")
            seen.add(c)

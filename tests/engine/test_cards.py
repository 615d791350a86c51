"""Cards and decks: parsing, printing, and an unbiased, injectable shuffle."""

from __future__ import annotations

import logging
import random
import secrets
from statistics import NormalDist

import pytest

from bot.engine.cards import (
    CARDS,
    Card,
    EngineError,
    card,
    cards_str,
    check_unique,
    parse_cards,
    shuffle,
    shuffled_deck,
)

log = logging.getLogger(__name__)


def test_every_card_round_trips_through_its_string() -> None:
    names = [str(c) for c in CARDS]
    assert len(set(names)) == 52
    for index, c in enumerate(CARDS):
        assert int(c) == index
        assert Card.parse(str(c)) is c
        assert card(str(c)) is c
        assert card(index) is c
        assert card(c) is c
        assert c.rank == index // 4 + 2
        assert str(c) == "23456789TJQKA"[c.rank - 2] + c.suit
    assert parse_cards(cards_str(CARDS)) == list(CARDS)
    assert parse_cards("".join(names)) == list(CARDS)


def test_deck_order_and_names() -> None:
    assert [str(c) for c in CARDS[:5]] == ["2c", "2d", "2h", "2s", "3c"]
    assert str(CARDS[-1]) == "As"
    assert repr(CARDS[-1]) == "Card('As')"
    assert CARDS[-1].rank == 14
    assert CARDS[-1].suit == "s"


@pytest.mark.parametrize(
    ("text", "expected"),
    [("7s", "7s"), ("7S", "7s"), ("td", "Td"), ("10h", "Th"), (" Ac ", "Ac"), ("kC", "Kc")],
)
def test_card_parse_accepts_common_spellings(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "7", "1s", "7x", "Xs", "7s5", "77", "ss", "11s", "0s"])
def test_card_parse_rejects_non_cards(text: str) -> None:
    with pytest.raises(EngineError, match="is not a card"):
        Card.parse(text)


@pytest.mark.parametrize("value", [-1, 52, 100, True, False])
def test_card_rejects_bad_indices(value: int) -> None:
    with pytest.raises(EngineError, match="is not a card index"):
        card(value)


def test_parse_cards_separators_and_errors() -> None:
    expected = [Card.parse(t) for t in ("7s", "5d", "4c", "3h", "2s")]
    assert parse_cards("7s5d4c3h2s") == expected
    assert parse_cards("7s 5d, 4c\t3h\n2s") == expected
    assert parse_cards("[7s, 5d, 4c, 3h, 2s]") == expected
    assert parse_cards("10s") == [Card.parse("Ts")]
    assert parse_cards("") == []
    assert cards_str(expected) == "7s 5d 4c 3h 2s"
    with pytest.raises(EngineError, match="is not a list of cards"):
        parse_cards("7s5")
    with pytest.raises(EngineError, match="is not a card"):
        parse_cards("7s5x")


def test_check_unique() -> None:
    check_unique(list(CARDS))
    with pytest.raises(EngineError, match="7s appears twice"):
        check_unique(parse_cards("7s 5d 7s"))


class ScriptedSource:
    """A RandomSource that records each call and always answers the top of the range."""

    def __init__(self) -> None:
        self.stops: list[int] = []

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        assert stop is None and step == 1, "shuffle should call randrange(n)"
        self.stops.append(start)
        return start - 1


def test_shuffle_is_fisher_yates_over_the_whole_deck() -> None:
    # Unbiased Fisher-Yates draws j from 0..i for i = 51 down to 1: exactly these ranges, once.
    source = ScriptedSource()
    deck = list(CARDS)
    shuffle(deck, source)
    assert source.stops == list(range(52, 1, -1))
    assert deck == list(CARDS)  # always picking j = i swaps each card with itself


def test_shuffle_with_injected_generator_is_reproducible() -> None:
    first = shuffled_deck(random.Random(2026))
    again = shuffled_deck(random.Random(2026))
    other = shuffled_deck(random.Random(2027))
    assert first == again
    assert first != other
    assert sorted(first) == list(CARDS)
    assert all(type(c) is Card for c in first)


def test_default_shuffle_uses_the_system_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[random.Random] = []

    class RecordingSystemRandom(secrets.SystemRandom):
        def __init__(self) -> None:
            super().__init__()
            made.append(self)

    # cards.py calls secrets.SystemRandom() at shuffle time, so patching the module is seen.
    monkeypatch.setattr(secrets, "SystemRandom", RecordingSystemRandom)
    deck = shuffled_deck()
    assert len(made) == 1
    assert sorted(deck) == list(CARDS)


def position_counts(decks: int, deal: object) -> list[list[int]]:
    """counts[position][card] over ``decks`` shuffles made by ``deal()``."""
    counts = [[0] * 52 for _ in range(52)]
    for _ in range(decks):
        for position, c in enumerate(deal()):  # type: ignore[operator]
            counts[position][c] += 1
    return counts


def chi_square(counts: list[list[int]], decks: int) -> float:
    expected = decks / 52
    return sum((o - expected) ** 2 / expected for row in counts for o in row)


def chi_square_limit(p_value: float) -> float:
    """Upper quantile of chi-square (Wilson-Hilferty) for the card-by-position table.

    Each of the 52x52 cells holds Binomial(decks, 1/52) under a fair shuffle, so the Pearson
    statistic averages 2704 * (1 - 1/52) = 52 * 51 = 2652: we use that many degrees of freedom
    (checked empirically: 20 seeds of 20,000 shuffles gave mean 2666, sd 63).
    """
    k = 52 * 51
    z = NormalDist().inv_cdf(1 - p_value)
    return float(k * (1 - 2 / (9 * k) + z * (2 / (9 * k)) ** 0.5) ** 3)


def test_seeded_shuffle_passes_chi_square() -> None:
    rng = random.Random(52)
    decks = 20_000
    stat = chi_square(position_counts(decks, lambda: shuffled_deck(rng)), decks)
    log.info("seeded chi-square %.0f (limit %.0f)", stat, chi_square_limit(1e-4))
    assert stat < chi_square_limit(1e-4)


def test_system_random_shuffle_passes_chi_square() -> None:
    # Not reproducible by design, so a very strict p-value keeps a fair shuffle from flaking.
    decks = 4_000
    stat = chi_square(position_counts(decks, shuffled_deck), decks)
    assert stat < chi_square_limit(1e-6)


def test_chi_square_catches_a_biased_shuffle() -> None:
    # Sattolo's off-by-one (j from 0..i-1) never leaves a card in place: the test must see it.
    rng = random.Random(52)

    def biased() -> list[Card]:
        deck = list(CARDS)
        for i in range(51, 0, -1):
            j = rng.randrange(i)
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    decks = 20_000
    assert chi_square(position_counts(decks, biased), decks) > chi_square_limit(1e-4)

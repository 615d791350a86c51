"""Alt text: what a screen reader says for the pictures."""

from __future__ import annotations

import pytest

from bot.art import ShownHandArt, card_text, describe, describe_showdown

from ._helpers import hand


def test_a_hand_with_marks_and_new_cards() -> None:
    cards = hand("2s 9c Kd Ts Jh")
    text = describe(cards, marked=hand("2s 9c"), new=hand("Jh"))
    assert text == "Your hand: K♦ J♥ 10♠ 9♣ 2♠; marked to discard: 9♣ 2♠; new this draw: J♥"


def test_a_plain_hand() -> None:
    assert describe(hand("As 2d 3c 4h 5s")) == "Your hand: A♠ 5♠ 4♥ 3♣ 2♦"


def test_card_text() -> None:
    assert [card_text(c) for c in hand("Tc Ad 2h Ks")] == ["10♣", "A♦", "2♥", "K♠"]


def test_marks_must_be_in_the_hand() -> None:
    with pytest.raises(ValueError):
        describe(hand("2s 9c Kd Ts Jh"), marked=hand("Ah"))


def test_showdown() -> None:
    shown = [
        ShownHandArt("Alice", tuple(hand("7s 5d 4c 3h 2s")), "number one", winner=True),
        ShownHandArt("Bob\x00", tuple(hand("8s 6d 4d 3c 2d")), "eight-six low"),
    ]
    assert describe_showdown(shown) == (
        "Showdown. Alice (wins): 7♠ 5♦ 4♣ 3♥ 2♠, number one. Bob: 8♠ 6♦ 4♦ 3♣ 2♦, eight-six low."
    )


def test_showdown_fits_discords_description_limit() -> None:
    shown = [
        ShownHandArt("W" * 500, tuple(hand("7s 5d 4c 3h 2s")), "number one" * 30) for _ in range(6)
    ]
    assert len(describe_showdown(shown)) <= 1024

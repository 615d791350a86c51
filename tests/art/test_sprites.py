"""The deck: 52 distinct faces per scheme and size, suit colours, and the card emojis."""

from __future__ import annotations

import pytest

from bot.art import card_emoji_image
from bot.art import palette as pal
from bot.art.faces import (
    EMOJI_SIZE,
    FaceSize,
    SpriteSheet,
    card_sprite,
    sprite_sheet,
    suit_ink,
)
from bot.engine.cards import CARDS

from ._helpers import decode, indices


@pytest.mark.parametrize("four_colour", [False, True])
@pytest.mark.parametrize("size", list(FaceSize))
def test_every_card_has_its_own_face(size: FaceSize, four_colour: bool) -> None:
    sheet = sprite_sheet(size, four_colour)
    assert len(sheet.faces) == len(sheet.dimmed) == 52
    assert all(f.size == size.value and f.mode == "P" for f in sheet.faces + sheet.dimmed)
    assert len({f.tobytes() for f in sheet.faces}) == 52
    assert len({f.tobytes() for f in sheet.dimmed}) == 52
    assert not {f.tobytes() for f in sheet.faces} & {f.tobytes() for f in sheet.dimmed}


def test_sheets_are_built_once() -> None:
    assert sprite_sheet(FaceSize.HAND, False) is sprite_sheet(FaceSize.HAND, False)


def test_a_rebuilt_sheet_draws_the_same_faces() -> None:
    fresh = SpriteSheet.build(FaceSize.SHOWDOWN, True)
    kept = sprite_sheet(FaceSize.SHOWDOWN, True)
    assert [f.tobytes() for f in fresh.faces] == [f.tobytes() for f in kept.faces]


@pytest.mark.parametrize("four_colour", [False, True])
def test_each_face_is_inked_in_its_suit_colour(four_colour: bool) -> None:
    for c in CARDS:
        used = indices(card_sprite(c, four_colour=four_colour))
        for name, ramp in pal.INK_ON_FACE.items():
            inked = bool(used & set(ramp[1:]))
            assert inked == (name == suit_ink(c.suit, four_colour)), (str(c), name)


def test_two_colour_and_four_colour_decks() -> None:
    assert {suit_ink(s, False) for s in "cdhs"} == {"black", "red"}
    assert [suit_ink(s, True) for s in "cdhs"] == ["green", "blue", "red", "black"]


def test_card_sprite_is_a_copy() -> None:
    sprite = card_sprite(CARDS[0])
    sprite.paste(0, (0, 0, 10, 10))
    assert card_sprite(CARDS[0]).tobytes() != sprite.tobytes()


@pytest.mark.parametrize("four_colour", [False, True])
def test_card_emojis(four_colour: bool) -> None:
    seen: set[bytes] = set()
    for c in CARDS:
        png = card_emoji_image(c, four_colour=four_colour)
        assert len(png) < 256 * 1024
        image = decode(png).convert("RGBA")
        assert image.size == (EMOJI_SIZE, EMOJI_SIZE)
        assert image.getpixel((0, 0)) == (0, 0, 0, 0)
        assert image.getpixel((EMOJI_SIZE // 2, 4))[3] == 255  # type: ignore[index]
        seen.add(image.tobytes())
    assert len(seen) == 52

"""The showdown picture: a row per shown hand, cards checked face by face, winners in gold,
and any display name drawn without crashing."""

from __future__ import annotations

from collections.abc import Collection

import pytest
from PIL import Image

from bot.art import ShownHandArt, order_for_display, showdown_image
from bot.art import palette as pal
from bot.art.compose import showdown_card_box, showdown_row_box, showdown_size
from bot.art.faces import FaceSize, sprite_sheet
from bot.engine.cards import CARDS, Card
from bot.engine.evaluator import hand_name

from ._helpers import decode, diff_box, hand, indices, inside, same_pixels

HOLES = ["7s 5d 4c 3h 2s", "8s 6d 4d 3c 2d", "As Ad Kc Qh Js", "9h 8h 7h 6h 5c"]


def _shown(names: list[str], winners: Collection[int] = ()) -> list[ShownHandArt]:
    return [
        ShownHandArt(name, tuple(hand(HOLES[i % 4])), hand_name(hand(HOLES[i % 4])), i in winners)
        for i, name in enumerate(names)
    ]


def _assert_cards(image: Image.Image, shown: list[ShownHandArt], four_colour: bool = False) -> None:
    sheet = sprite_sheet(FaceSize.SHOWDOWN, four_colour)
    for row, h in enumerate(shown):
        for slot, c in enumerate(order_for_display(h.cards)):
            region = image.crop(showdown_card_box(row, slot))
            assert same_pixels(region, sheet.faces[int(c)]), (row, slot, str(c))


def test_rows_show_each_hand_highest_first() -> None:
    shown = _shown(["Alice", "Bob", "Carol"], winners={0})
    image = decode(showdown_image(shown))
    assert image.size == showdown_size(3)
    _assert_cards(image, shown)


def test_six_hands_four_colours() -> None:
    shown = [ShownHandArt(f"P{i}", tuple(CARDS[i * 5 : i * 5 + 5]), "x", i == 5) for i in range(6)]
    png = showdown_image(shown, four_colour=True)
    image = decode(png)
    assert image.size == showdown_size(6)
    _assert_cards(image, shown, four_colour=True)


def test_winners_are_framed_and_named_in_gold() -> None:
    shown = _shown(["Alice", "Bob", "Carol"], winners={1})
    image = decode(showdown_image(shown))
    gold = {pal.WINNER_INDEX, *pal.WINNER_ON_FELT[1:]}
    for row in range(3):
        assert bool(indices(image, showdown_row_box(row)) & gold) == (row == 1), row


def test_a_winner_changes_only_its_row() -> None:
    plain = decode(showdown_image(_shown(["Alice", "Bob"])))
    won = decode(showdown_image(_shown(["Alice", "Bob"], winners={1})))
    box = diff_box(plain, won)
    assert box is not None
    assert inside(box, showdown_row_box(1))


def test_names_change_only_the_label() -> None:
    a = decode(showdown_image(_shown(["Alice", "Bob"])))
    b = decode(showdown_image(_shown(["Alice", "Robert"])))
    box = diff_box(a, b)
    assert box is not None
    row = showdown_row_box(1)
    assert inside(box, (row[0], row[1], showdown_card_box(1, 0)[0], row[3]))


WEIRD_NAMES = [
    "",
    " ",
    "\x00\x01\n\t",
    "\ud800lone surrogate",
    "\u202eevil override",
    "Z\u0351\u0352\u0357" * 60,
    "\U0001f0cf\U0001f525\U0001f3b2 emoji",
    "山田太郎",
    "محمد",
    "\u200d\u200b\ufeff",
    "\U000f0000 private use",
    "x" * 10_000,
    "W" * 32,
]


@pytest.mark.parametrize("name", WEIRD_NAMES)
def test_weird_names_do_not_crash(name: str) -> None:
    shown = _shown([name, "Bob"], winners={0})
    shown[1] = ShownHandArt("Bob", shown[1].cards, name)
    image = decode(showdown_image(shown))
    assert image.size == showdown_size(2)
    _assert_cards(image, shown)


def test_long_names_stay_in_their_column() -> None:
    short = decode(showdown_image(_shown(["A", "Bob"])))
    long = decode(showdown_image(_shown(["W" * 32, "Bob"])))
    box = diff_box(short, long)
    assert box is not None
    assert box[2] <= showdown_card_box(0, 0)[0]


@pytest.mark.parametrize("count", [0, 7])
def test_one_to_six_hands(count: int) -> None:
    with pytest.raises(ValueError):
        showdown_image(_shown(["x"] * count))


def test_shown_cards_are_checked() -> None:
    with pytest.raises(ValueError):
        ShownHandArt("x", (Card(1), Card(1), Card(2), Card(3), Card(4)), "y")


def test_the_winner_mark_is_in_the_reader_s_words() -> None:
    """The mark under a winning hand is the caller's (the catalogue's, in the channel's
    language): another label changes only the winner's label, left of its cards."""
    shown = _shown(["Alice", "Bob"], winners={1})
    english = decode(showdown_image(shown, winner_label="★ winner"))
    swedish = decode(showdown_image(shown, winner_label="★ vinnare"))
    box = diff_box(english, swedish)
    assert box is not None
    row = showdown_row_box(1)
    assert inside(box, (row[0], row[1], showdown_card_box(1, 0)[0], row[3]))


async def test_a_swedish_channel_s_picture_says_vinnare() -> None:
    from bot.messages import t
    from bot.table.pictures import showdown_picture
    from bot.table.snapshot import result_snapshot

    assert t("picture_winner", "sv") == "★ vinnare" != t("picture_winner", "en")
    from tests.table._helpers import new_hand

    game = new_hand()
    while not game.is_complete:
        player = game.to_act
        assert player is not None
        if game.phase.value == "drawing":
            game.draw(player, [])
        else:
            game.check_or_call(player)
    result = result_snapshot(game, game.hand_id, {p: game.name_of(p) for p in game.player_ids})
    files = [await showdown_picture(result, "two-colour", lang) for lang in ("en", "sv")]
    assert files[0] is not None and files[1] is not None
    assert files[0].fp.read() != files[1].fp.read()

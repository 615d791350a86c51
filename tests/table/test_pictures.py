"""The pictures' alt text (what a screen reader says) in the reader's language, and a panel's
picture drawn ahead of its answer."""

from __future__ import annotations

from bot.art import hand_image
from bot.art.compose import clear_hand_cache, hand_cache_info
from bot.engine import parse_cards
from bot.messages import speaking
from bot.table.pictures import paint_ahead, panel_picture, showdown_picture
from bot.table.snapshot import PanelSnapshot, PotSummary, ResultSnapshot, ShownHand


def panel(marked: str = "", received: str | None = None) -> PanelSnapshot:
    return PanelSnapshot(
        table_id=1,
        hand_id=9,
        player_id=7,
        cards=tuple(parse_cards("2s 9c Kd Ts Jh")),
        marked=frozenset(parse_cards(marked)) if marked else frozenset(),
        received=tuple(parse_cards(received)) if received is not None else None,
    )


async def test_a_hand_with_new_cards_and_marks() -> None:
    picture = await panel_picture(panel("2s 9c", "Jh"))
    assert picture is not None
    # the marks are on the buttons alone: marking a card keeps the picture and its text
    assert picture.description == "Your hand: K♦ J♥ 10♠ 9♣ 2♠; new this draw: J♥"
    with speaking("ru"):
        russian = await panel_picture(panel("2s 9c", "Jh"))
    assert russian is not None and russian.description is not None
    assert "K♦ J♥ 10♠ 9♣ 2♠" in russian.description and "Your" not in russian.description


async def test_a_plain_hand_and_text_mode() -> None:
    picture = await panel_picture(panel())
    assert picture is not None and picture.description == "Your hand: K♦ J♥ 10♠ 9♣ 2♠"
    text_only = PanelSnapshot(1, 9, 7, tuple(parse_cards("2s 9c Kd Ts Jh")), card_style="text")
    assert await panel_picture(text_only) is None


async def test_the_showdown_in_the_tables_language() -> None:
    alice = ShownHand("Alice", tuple(parse_cards("7s 5d 4c 3h 2s")))
    bob = ShownHand("Bob\x00", tuple(parse_cards("8s 6d 4d 3c 2d")))
    result = ResultSnapshot(
        hand_id=3, shown=(alice, bob), pots=(PotSummary(40, (("Alice", 40, alice.cards),)),)
    )
    picture = await showdown_picture(result, "two-colour", "en")
    assert picture is not None
    assert picture.description == (
        "Showdown. Alice (wins): 7♠ 5♦ 4♣ 3♥ 2♠, number one. Bob: 8♠ 6♦ 4♦ 3♣ 2♦, eight-six low."
    )
    swedish = await showdown_picture(result, "two-colour", "sv")
    assert swedish is not None and swedish.description is not None
    assert "Showdown" not in swedish.description and "7♠ 5♦ 4♣ 3♥ 2♠" in swedish.description


async def test_the_showdown_alt_text_fits_discords_limit() -> None:
    hands = tuple(ShownHand("W" * 500, tuple(parse_cards("7s 5d 4c 3h 2s"))) for _ in range(6))
    picture = await showdown_picture(ResultSnapshot(hand_id=3, shown=hands), "two-colour", "en")
    assert picture is not None and picture.description is not None
    assert len(picture.description) <= 1024


async def test_a_panel_painted_ahead_is_drawn_once_and_sent_as_painted() -> None:
    """``paint_ahead`` draws the picture on the painter's thread while the action is being
    journaled; the answer then finds it drawn (one miss, one hit) and sends the same bytes."""
    clear_hand_cache()
    ahead = panel(received="Jh")
    assert ahead.received is not None
    paint_ahead(ahead.cards, ahead.received, ahead.card_style)
    picture = await panel_picture(ahead)
    assert picture is not None
    assert hand_cache_info().startswith("CacheInfo(hits=1, misses=1,")
    assert picture.fp.read() == hand_image(ahead.cards, new=ahead.received)
    clear_hand_cache()
    paint_ahead(ahead.cards, ahead.received, "text")  # no picture to draw
    await panel_picture(panel())
    assert hand_cache_info().startswith("CacheInfo(hits=0, misses=1,")

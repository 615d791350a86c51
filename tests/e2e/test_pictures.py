"""Cards people would rather look at (issue 12): the private panel shows the hand as a picture,
the showdown posts one picture of every shown hand, and no card picture reaches the channel
before the showdown shows those cards. Each picture is decoded and compared, pixel for pixel,
with the picture of the cards the same message names in text."""

from __future__ import annotations

import io
import logging
from pathlib import Path
from typing import Any

from PIL import Image

from bot.art import ShownHandArt, card_emoji_image, hand_image, showdown_image
from bot.engine import CARDS, parse_cards
from bot.messages import t
from tests.conftest import StartBot
from tests.e2e.helpers import (
    CARD_RE,
    IN_LOOP,
    OWN_PROCESS,
    SHOWS_RE,
    WINS_RE,
    Club,
    DiscordDouble,
    PokerTable,
    buttons,
    check_after_test,
    embed0,
    field_value,
    is_panel,
    labels_to_cards,
    layout,
    make_club,
    private_reply,
)

pytestmark = IN_LOOP

log = logging.getLogger(__name__)


def picture(double: DiscordDouble, message: dict[str, Any], filename: str) -> Image.Image:
    """The message's attached picture, decoded; its embed (the result) or its gallery (a
    Components V2 panel: the picture inside the container, with the alt text) shows it."""
    (attachment,) = [a for a in message.get("attachments") or [] if a["filename"] == filename]
    assert attachment.get("description"), "every picture has a text description"
    shown = layout(message)
    if shown.v2:
        (media,) = [m for m in shown.media if str(m["attachment_id"]) == str(attachment["id"])]
        assert media["description"] == attachment["description"]
        assert not shown.unshown_attachments
    else:
        assert embed0(message)["image"]["url"] == f"attachment://{filename}"
    return Image.open(io.BytesIO(double.attachment_data[int(attachment["id"])])).convert("RGB")


def same_pixels(found: Image.Image, png: bytes) -> bool:
    expected = Image.open(io.BytesIO(png)).convert("RGB")
    return found.size == expected.size and found.tobytes() == expected.tobytes()


async def test_hand_and_showdown_pictures_match_the_cards(club: Club) -> None:
    double = club.double
    table = await club.seated(2)
    hand_id = await table.wait_hand()
    # The DM panel: the five cards its text names, drawn as one picture.
    for member in reversed(table.players):
        panel = await double.wait_until(lambda m=member: table.panel(m, hand_id), 10)
        cards = labels_to_cards(table.panel_cards(panel))
        shown = picture(double, panel, "hand.png")
        assert same_pixels(shown, hand_image(parse_cards(cards)))
    # The ephemeral panel of /poker hand carries it too (the first player's, whose cards
    # were read last).
    hand_cmd = await double.invoke(member, club.channel, "poker hand")
    await hand_cmd.response(timeout=10)
    (ephemeral,) = [m for m in double.ephemerals(member) if is_panel(m, hand_id)]
    assert same_pixels(picture(double, ephemeral, "hand.png"), hand_image(parse_cards(cards)))
    # Before the showdown, no channel message carries a picture.
    assert not any(e.payload.get("attachments") for e in double.channel_events(club.channel))
    outcome = await table.play_hand()
    result = outcome.result
    arts = []
    winners = {m["name"].strip().replace("\\", "") for m in WINS_RE.finditer(str(result))}
    for line in (field_value(result, "Shown hands") or "").split("\n"):
        shows = SHOWS_RE.match(line)
        if shows is None:
            continue
        name = shows["name"].replace("\\", "")
        cards = tuple(parse_cards(labels_to_cards(CARD_RE.findall(shows["cards"]))))
        arts.append(ShownHandArt(name, cards, shows["hand_name"], winner=name in winners))
    assert arts, "the hand reached a showdown"
    expected = showdown_image(arts, winner_label=t("picture_winner", "en"))
    assert same_pixels(picture(double, result, "showdown.png"), expected)
    # Only the result carries a picture in the channel.
    for event in double.channel_events(club.channel):
        if event.payload.get("attachments"):
            assert str(embed0(event.payload).get("title")).endswith(" result")
    club.audit_ok()


async def test_text_only_cards_send_no_pictures(club: Club) -> None:
    double = club.double
    reply = await double.invoke(club.admin, club.channel, "pokeradmin cards", style="text")
    assert "text only" in await private_reply(reply)
    table: PokerTable = await club.seated(2)
    hand_id = await table.wait_hand()
    member = table.players[0]
    panel = await double.wait_until(lambda: table.panel(member, hand_id), 10)
    assert not panel.get("attachments") and layout(panel).media == []
    assert len(table.panel_cards(panel)) == 5  # the text is all there is
    club.audit_ok()


def card_buttons(panel: dict[str, Any]) -> list[dict[str, Any]]:
    return [b for b in buttons(panel) if str(b["custom_id"]).startswith("deuce:c:")]


@OWN_PROCESS  # a first start: the bot uploads its emojis
async def test_discard_buttons_show_card_emojis(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    """At its first start the bot made its 52 card emojis from the card art; the discard
    buttons use them, each the face of the card at that button's position in the hand, beside
    the card in text (readable at a button's size)."""
    assert not double.app_emojis
    club = await make_club(double, start_bot, tmp_path, first_start=True)
    assert sorted(double.app_emojis.values()) == sorted(f"deuce_{c}" for c in CARDS)
    table = await club.seated(2)
    hand_id = await table.wait_hand()
    member = table.players[0]
    panel = await double.wait_until(lambda: table.panel(member, hand_id), 10)
    cards = sorted(parse_cards(labels_to_cards(table.panel_cards(panel))), reverse=True)
    found = card_buttons(panel)
    assert len(found) == 5
    for button, card in zip(found, cards, strict=True):  # shown highest first
        emoji_id = int(button["emoji"]["id"])
        assert double.app_emojis[emoji_id] == f"deuce_{card}"
        assert double.app_emoji_images[emoji_id] == card_emoji_image(card)
        assert button.get("label") is not None
        assert labels_to_cards([str(button["label"])]) == str(card)
    club.audit_ok()
    check_after_test(club)


@OWN_PROCESS  # a first start, refused its emojis
async def test_without_card_emojis_the_buttons_show_text(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    double.app_emojis_enabled = False  # Discord refuses: the bot may not own emojis
    club = await make_club(double, start_bot, tmp_path, first_start=True)
    table = await club.seated(2)
    hand_id = await table.wait_hand()
    panel = await double.wait_until(lambda: table.panel(table.players[0], hand_id), 10)
    labels = [str(b.get("label")) for b in card_buttons(panel)]
    assert len(labels) == 5 and all(CARD_RE.fullmatch(label) for label in labels)
    assert not any(b.get("emoji") for b in card_buttons(panel))
    check_after_test(club)

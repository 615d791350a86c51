"""Card pictures for the table's messages: a player's hand on their panel, every shown hand at
the showdown. Composed by ``bot.art`` off the event loop; whenever a picture cannot be made,
the message goes out as text alone (the text is always there: it is what screen readers and
notifications read)."""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from bot.art import ShownHandArt, describe, describe_showdown, hand_image, showdown_image
from bot.table.snapshot import PanelSnapshot, ResultSnapshot

log = logging.getLogger(__name__)

HAND_FILE = "hand.png"
SHOWDOWN_FILE = "showdown.png"


def panel_picture_text(panel: PanelSnapshot) -> str | None:
    """The alt text of the panel's picture, None when the panel has no picture. The picture
    shows the cards and frames the last draw's; the marks for discard are on the buttons
    alone, so marking a card leaves the picture as it is."""
    if panel.card_style == "text" or len(panel.cards) != 5:
        return None
    return describe(panel.cards, (), panel.received or ())[:1024]


def kept_picture(panel: PanelSnapshot, message: object) -> discord.Attachment | None:
    """The picture ``message`` already carries when it is the one the panel would get (the
    same cards, the same draw framed): an edit keeps it instead of composing and uploading it
    again."""
    alt = panel_picture_text(panel)
    if alt is None:
        return None
    for attachment in getattr(message, "attachments", None) or ():
        if attachment.filename == HAND_FILE and attachment.description == alt:
            return attachment  # type: ignore[no-any-return]
    return None


async def panel_picture(panel: PanelSnapshot) -> discord.File | None:
    """The picture of a panel's five cards (the last draw's cards framed)."""
    alt = panel_picture_text(panel)
    if alt is None:
        return None
    new = panel.received or ()
    try:
        png = await asyncio.get_running_loop().run_in_executor(
            None,
            lambda: hand_image(
                panel.cards,
                new=new,
                four_colour=panel.card_style == "four-colour",
            ),
        )
    except Exception:
        log.exception("Table %s: the hand picture could not be made", panel.table_id)
        return None
    return discord.File(io.BytesIO(png), filename=HAND_FILE, description=alt)


async def showdown_picture(result: ResultSnapshot, card_style: str) -> discord.File | None:
    """One picture of every hand shown at the showdown, its owner's name and the hand's name
    under each, the winners highlighted."""
    if card_style == "text" or not result.shown:
        return None
    winners = {name for pot in result.pots for name, _share, _hand in pot.winners}
    hands = [
        ShownHandArt(hand.name, hand.cards, hand.hand_name, winner=hand.name in winners)
        for hand in result.shown[:6]
    ]
    try:
        png = await asyncio.get_running_loop().run_in_executor(
            None, lambda: showdown_image(hands, four_colour=card_style == "four-colour")
        )
    except Exception:
        log.exception("The showdown picture of hand %s could not be made", result.hand_id)
        return None
    return discord.File(
        io.BytesIO(png), filename=SHOWDOWN_FILE, description=describe_showdown(hands)[:1024]
    )

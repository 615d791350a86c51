"""Card pictures for the table's messages: a player's hand on their panel, every shown hand at
the showdown. Composed by ``bot.art`` off the event loop; whenever a picture cannot be made,
the message goes out as text alone (the text is always there: it is what screen readers and
notifications read)."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor

import discord

from bot.art import ShownHandArt, card_text, hand_image, order_for_display, showdown_image
from bot.art.compose import printable
from bot.engine import Card
from bot.messages import speaking, t
from bot.table.render import hand_text
from bot.table.snapshot import PanelSnapshot, ResultSnapshot

log = logging.getLogger(__name__)

HAND_FILE = "hand.png"
SHOWDOWN_FILE = "showdown.png"
DESCRIPTION_MAX = 1024
"""Discord's limit for an attachment's description (its alt text)."""

_PAINTER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="deuce-pictures")
"""One thread draws every picture. Drawing is partly Python, which holds the GIL: each thread
that draws is one more the event loop waits behind whenever it gives the GIL up (every socket
call), so several at once made answers wait on pictures being drawn for other tables."""


async def _painted(draw: Callable[[], bytes]) -> bytes:
    return await asyncio.get_running_loop().run_in_executor(_PAINTER, draw)


def panel_picture_text(panel: PanelSnapshot) -> str | None:
    """The alt text of the panel's picture, None when the panel has no picture. The picture
    shows the cards and frames the last draw's; the marks for discard are on the buttons
    alone, so marking a card leaves the picture as it is."""
    if panel.card_style == "text" or len(panel.cards) != 5:
        return None
    parts = [t("alt_hand", cards=_cards_text(panel.cards))]
    new = set(panel.received or ())
    if new:
        parts.append(t("alt_new", cards=_cards_text(c for c in panel.cards if c in new)))
    return "; ".join(parts)[:DESCRIPTION_MAX]


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


def _panel_drawing(panel: PanelSnapshot) -> Callable[[], bytes]:
    new = panel.received or ()
    return lambda: hand_image(panel.cards, new=new, four_colour=panel.card_style == "four-colour")


def paint_ahead(panel: PanelSnapshot) -> None:
    """Start drawing the panel's picture now, while the action that changed the cards is being
    journaled: the answer that sends it finds it drawn (``hand_image`` keeps it)."""
    if panel_picture_text(panel) is not None:
        _PAINTER.submit(_panel_drawing(panel))  # a failure shows when the answer draws it


async def panel_picture(panel: PanelSnapshot) -> discord.File | None:
    """The picture of a panel's five cards (the last draw's cards framed)."""
    alt = panel_picture_text(panel)
    if alt is None:
        return None
    try:
        png = await _painted(_panel_drawing(panel))
    except Exception:
        log.exception("Table %s: the hand picture could not be made", panel.table_id)
        return None
    return discord.File(io.BytesIO(png), filename=HAND_FILE, description=alt)


def _cards_text(cards: Iterable[Card]) -> str:
    """``K♦ J♥ 10♠``: cards as pictured, highest first, as people write them."""
    return " ".join(card_text(c) for c in order_for_display(cards))


async def showdown_picture(
    result: ResultSnapshot, card_style: str, language: str
) -> discord.File | None:
    """One picture of every hand shown at the showdown, its owner's name and the hand's name
    (in the table's ``language``) under each, the winners highlighted."""
    if card_style == "text" or not result.shown:
        return None
    winners = {name for pot in result.pots for name, _share, _hand in pot.winners}
    with speaking(language):
        hands = [
            ShownHandArt(
                hand.name, hand.cards, hand_text(hand.cards).render(), winner=hand.name in winners
            )
            for hand in result.shown[:6]
        ]
        rows = [
            t(
                "alt_shown_hand",
                winner="yes" if h.winner else "no",
                name=printable(h.name) or "?",
                cards=_cards_text(h.cards),
                hand_name=h.hand_name,
            )
            for h in hands
        ]
        alt = " ".join([t("alt_showdown"), *rows])
    if len(alt) > DESCRIPTION_MAX:
        alt = alt[: DESCRIPTION_MAX - 1] + "\u2026"
    try:
        png = await _painted(lambda: showdown_image(hands, four_colour=card_style == "four-colour"))
    except Exception:
        log.exception("The showdown picture of hand %s could not be made", result.hand_id)
        return None
    return discord.File(io.BytesIO(png), filename=SHOWDOWN_FILE, description=alt[:DESCRIPTION_MAX])

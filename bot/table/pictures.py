"""Card pictures for the table's messages: a player's hand on their panel, every shown hand at
the showdown. Composed by ``bot.art`` off the event loop; whenever a picture cannot be made,
the message goes out as text alone (the text is always there: it is what screen readers and
notifications read)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import discord

from bot.art import (
    ShownHandArt,
    Standing,
    card_text,
    hand_image,
    order_for_display,
    showdown_image,
    standings_png,
)
from bot.art.compose import printable
from bot.art.standings import MAX_ROWS as STANDINGS_ROWS
from bot.engine import Card
from bot.house.accounts import is_house
from bot.messages import number, speaking, t
from bot.table.naming import hand_text
from bot.table.render.standings import RESULT_TITLES
from bot.table.snapshot import PanelSnapshot, ResultSnapshot
from bot.ui.files import bytes_file

if TYPE_CHECKING:
    from bot.store.models import EntryRow

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
    if not _pictured(panel.cards, panel.card_style):
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


def _pictured(cards: tuple[Card, ...], card_style: str) -> bool:
    """Whether a hand of ``cards`` gets a picture in ``card_style``."""
    return card_style != "text" and len(cards) == 5


def _hand_drawing(
    cards: tuple[Card, ...], new: tuple[Card, ...], card_style: str
) -> Callable[[], bytes]:
    return lambda: hand_image(cards, new=new, four_colour=card_style == "four-colour")


def paint_ahead(cards: tuple[Card, ...], new: tuple[Card, ...], card_style: str) -> None:
    """Start drawing the picture of a hand that just drew ``new``, while the draw is being
    journaled: the answer that sends its panel finds it drawn (``hand_image`` keeps it)."""
    if _pictured(cards, card_style):
        _PAINTER.submit(_hand_drawing(cards, new, card_style))  # a failure shows at the answer


async def panel_picture(panel: PanelSnapshot) -> discord.File | None:
    """The picture of a panel's five cards (the last draw's cards framed)."""
    alt = panel_picture_text(panel)
    if alt is None:
        return None
    try:
        png = await _painted(_hand_drawing(panel.cards, panel.received or (), panel.card_style))
    except Exception:
        log.exception("Table %s: the hand picture could not be made", panel.table_id)
        return None
    return bytes_file(png, HAND_FILE, alt)


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
        winner_label = t("picture_winner")
    if len(alt) > DESCRIPTION_MAX:
        alt = alt[: DESCRIPTION_MAX - 1] + "\u2026"
    try:
        four_colour = card_style == "four-colour"
        png = await _painted(
            lambda: showdown_image(hands, four_colour=four_colour, winner_label=winner_label)
        )
    except Exception:
        log.exception("The showdown picture of hand %s could not be made", result.hand_id)
        return None
    return bytes_file(png, SHOWDOWN_FILE, alt[:DESCRIPTION_MAX])


STANDINGS_FILE = "standings.png"


def standings_picture(
    tournament_id: int,
    entries: Sequence[EntryRow],
    pool: int,
    language: str,
    *,
    kind: str = "sng",
) -> Callable[[], Awaitable[discord.File | None]]:
    """The final standings of a tournament (``kind``: ``sng`` or ``mtt``) as a picture (what
    ``post(picture=...)`` awaits): its first ``MAX_ROWS`` places (an MTT's money places come
    first); its labels in ``language``, its alt text the standings in words."""
    with speaking(language):
        rows = sorted(
            (
                Standing(e.place or len(entries), e.name, e.prize or 0, is_house(e.user_id))
                for e in entries
            ),
            key=lambda row: row.place,
        )[:STANDINGS_ROWS]
        title = t(RESULT_TITLES[kind], tournament=str(tournament_id))
        labels = {
            "title": title,
            "prize_label": t("sng_prize_label"),
            "house_label": t("sng_house_label"),
            "pool_line": t("sng_pool_line", pool=number(pool), entrants=len(entries)),
        }
        alt = " ".join(
            [title, *(f"{r.place}. {printable(r.name)} {number(r.prize)}" for r in rows)]
        )

    async def draw() -> discord.File | None:
        try:
            png = await _painted(lambda: standings_png(rows, **labels))
        except Exception:
            log.exception("The standings picture of sit-and-go %s could not be made", tournament_id)
            return None
        return bytes_file(png, STANDINGS_FILE, alt[:1024])

    return draw

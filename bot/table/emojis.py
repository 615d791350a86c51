"""The 52 card faces as application emojis, so the discard buttons show cards, not text.

An application may own up to 2,000 emojis, usable everywhere without extra permissions. At
start the bot makes sure its card emojis exist (created once from the card art, found by name
afterwards). Where they cannot be had (no permission, an error), the buttons keep their text.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

import discord

from bot.art import card_emoji_image
from bot.engine import CARDS, Card

log = logging.getLogger(__name__)

PREFIX = "deuce_"
"""Card emojis are named ``deuce_7s``, ``deuce_Td``... (other emojis are left alone)."""

_by_card: dict[int, discord.PartialEmoji] = {}


class EmojiOwner(Protocol):
    """What the sync needs of the client."""

    async def fetch_application_emojis(self) -> list[Any]: ...
    async def create_application_emoji(self, *, name: str, image: bytes) -> Any: ...


def card_emoji(card: Card | int) -> discord.PartialEmoji | None:
    """The card's emoji, or None when the bot has none (the button shows text)."""
    return _by_card.get(int(card))


async def sync_card_emojis(client: EmojiOwner) -> int:
    """Make sure the 52 card emojis exist and remember them; how many are usable. Any error
    leaves the buttons on text (the old set, or none)."""
    try:
        existing = {emoji.name: emoji for emoji in await client.fetch_application_emojis()}
        found: dict[int, discord.PartialEmoji] = {}
        loop = asyncio.get_running_loop()
        for card in CARDS:
            name = f"{PREFIX}{card}"
            emoji = existing.get(name)
            if emoji is None:
                image = await loop.run_in_executor(None, card_emoji_image, card)
                emoji = await client.create_application_emoji(name=name, image=image)
            found[int(card)] = discord.PartialEmoji(name=emoji.name, id=emoji.id)
    except (discord.HTTPException, OSError, ValueError) as error:
        log.warning("Card emojis unavailable, the buttons show text: %s", error)
        return len(_by_card)
    _by_card.clear()
    _by_card.update(found)
    log.info("Card emojis ready: %d", len(found))
    return len(found)

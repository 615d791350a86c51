"""Card art: the deck drawn with Pillow, pictures of a hand and of a showdown, card emojis, the
final standings of a sit-and-go."""

from __future__ import annotations

from .compose import (
    ShownHandArt,
    card_emoji_image,
    card_text,
    hand_image,
    order_for_display,
    showdown_image,
)
from .faces import build_sprites
from .standings import Standing, standings_png

__all__ = [
    "ShownHandArt",
    "Standing",
    "build_sprites",
    "card_emoji_image",
    "card_text",
    "hand_image",
    "order_for_display",
    "showdown_image",
    "standings_png",
]

"""Pictures of a hand and of a showdown, as PNG bytes, and their alt text.

Every picture is an indexed image over ``palette.PALETTE``: composing pastes sprite indices onto
a fresh canvas (never onto a shared image) and encodes one byte per pixel, which keeps a hand
under a few milliseconds and a few kilobytes. Safe to call from several threads at once.
"""

from __future__ import annotations

import io
import logging
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.cards import Card, card

from . import faces
from . import palette as pal

log = logging.getLogger(__name__)

HAND_COMPRESS_LEVEL = 3
"""zlib level of a hand picture (drawn at every deal and draw): 0.4 ms, against 1.0 ms at
level 6 for an eighth fewer bytes (``bench_cards``). The drawing thread holds the GIL for most
of that, so at 200 tables the time comes out of the event loop's."""
SHOWDOWN_COMPRESS_LEVEL = 3
"""zlib level of a showdown picture (drawn once, four times the pixels): level 6 alone takes
most of the 15 ms budget for a fifth fewer bytes."""

HAND_CACHE_SIZE = 512
"""Distinct (cards, marks, new, colours) pictures kept: a panel shown again (My cards, an edit
whose message lost its attachment) reuses its player's current picture. A player has a new one
at each deal and draw and never needs the old one again, so more entries are dead weight: 512
instead of 1,024 took 5 MiB off the bot's peak at 50 tables (``bench_load``)."""
LABEL_CACHE_SIZE = 512
"""Rendered name and hand-name lines kept: the same players and hand names come back every hand."""

MAX_SHOWDOWN_HANDS = 6

_PAD = 10
_GAP = 8
_LIFT = 18
"""How far a card marked to discard is lifted above the others."""
_OUTLINE = 3
"""Width of the amber frame around a card received in the last draw."""

_ROW_GAP = 8
_ROW_PAD = 8
_LABEL_WIDTH = 190
_NAME_SIZE = 18
_HAND_NAME_SIZE = 15
_WINNER_SIZE = 14
_NAME_CHARS = 80
"""Longest name measured; Discord's display names are at most 32 characters."""

RANK_TEXT = faces.RANK_GLYPHS
SUIT_TEXT = faces.SUIT_GLYPHS


@dataclass(frozen=True)
class ShownHandArt:
    """One hand shown at the showdown, as the picture draws it."""

    name: str
    """The player's display name (any Unicode; drawn as far as the font can)."""
    cards: tuple[Card, ...]
    """The cards shown (drawn highest first, whatever the order here)."""
    hand_name: str
    """What the hand is, e.g. "eight-six low" (``evaluator.hand_name``)."""
    winner: bool = False
    """Framed in gold and marked as a winner."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _checked_cards(self.cards))


def _checked_cards(cards: Iterable[Card | int]) -> tuple[Card, ...]:
    """Interned cards, highest first in 2-7 order (ace high), checked for count and duplicates."""
    out = tuple(sorted((card(int(c)) for c in cards), key=int, reverse=True))
    if not 1 <= len(out) <= 5:
        raise ValueError(f"a hand picture shows 1 to 5 cards, not {len(out)}")
    if len(set(out)) != len(out):
        raise ValueError("a hand picture cannot show the same card twice")
    return out


def order_for_display(cards: Iterable[Card | int]) -> tuple[Card, ...]:
    """The cards as pictured: highest first, aces high (``K J 10 9 2``)."""
    return _checked_cards(cards)


def card_text(c: Card) -> str:
    """``"10♦"``: a card as people write it."""
    return RANK_TEXT[c.rank] + SUIT_TEXT[c.suit]


def _subset(name: str, chosen: Collection[Card | int], cards: tuple[Card, ...]) -> frozenset[int]:
    picked = frozenset(int(c) for c in chosen)
    if not picked <= {int(c) for c in cards}:
        raise ValueError(f"{name} cards must be cards of the hand")
    return picked


def _encode(image: Image.Image, compress_level: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=compress_level)
    return buffer.getvalue()


def _canvas(width: int, height: int) -> Image.Image:
    canvas = Image.new("P", (width, height), pal.FELT_INDEX)
    canvas.putpalette(pal.PALETTE)
    return canvas


def _paste_cards(
    canvas: Image.Image,
    origin: tuple[int, int],
    cards: tuple[Card, ...],
    sheet: faces.SpriteSheet,
    gap: int,
    marked: frozenset[int] = frozenset(),
    new: frozenset[int] = frozenset(),
    lift: int = 0,
) -> None:
    """Pastes ``cards`` left to right; marked ones dimmed and ``lift`` higher, new ones framed."""
    width, height = sheet.size.value
    draw = ImageDraw.Draw(canvas)
    for slot, c in enumerate(cards):
        x = origin[0] + slot * (width + gap)
        is_marked = int(c) in marked
        y = origin[1] + (0 if is_marked else lift)
        canvas.paste((sheet.dimmed if is_marked else sheet.faces)[int(c)], (x, y))
        if int(c) in new:
            o = _OUTLINE + 1
            draw.rounded_rectangle(
                (x - o, y - o, x + width - 1 + o, y + height - 1 + o),
                radius=width * 0.08 + o,
                outline=pal.NEW_INDEX,
                width=_OUTLINE,
            )


def hand_size(count: int = 5) -> tuple[int, int]:
    """Pixel size of a hand picture of ``count`` cards."""
    width, height = faces.FaceSize.HAND.value
    return 2 * _PAD + count * width + (count - 1) * _GAP, 2 * _PAD + _LIFT + height


def card_box(slot: int, *, marked: bool = False) -> tuple[int, int, int, int]:
    """Where the card in ``slot`` (0 = highest) lies in a hand picture: left, top, right, bottom."""
    width, height = faces.FaceSize.HAND.value
    x = _PAD + slot * (width + _GAP)
    y = _PAD + (0 if marked else _LIFT)
    return x, y, x + width, y + height


@lru_cache(maxsize=HAND_CACHE_SIZE)
def _hand_png(
    cards: tuple[Card, ...], marked: frozenset[int], new: frozenset[int], four_colour: bool
) -> bytes:
    sheet = faces.sprite_sheet(faces.FaceSize.HAND, four_colour)
    canvas = _canvas(*hand_size(len(cards)))
    _paste_cards(canvas, (_PAD, _PAD), cards, sheet, _GAP, marked, new, _LIFT)
    return _encode(canvas, HAND_COMPRESS_LEVEL)


def hand_image(
    cards: Iterable[Card | int],
    *,
    marked: Collection[Card | int] = frozenset(),
    new: Collection[Card | int] = frozenset(),
    four_colour: bool = False,
) -> bytes:
    """PNG of a player's hand, highest first: ``marked`` cards (to discard) lifted and dimmed,
    ``new`` cards (received in the last draw) framed in amber.

    Cached by (cards, marked, new, four_colour): the same hand with the same marks returns the
    same ``bytes`` object without drawing again. Raises ``ValueError`` for a bad hand.
    """
    shown = _checked_cards(cards)
    return _hand_png(
        shown, _subset("marked", marked, shown), _subset("new", new, shown), four_colour
    )


def hand_cache_info() -> str:
    """Hits, misses and size of the hand picture cache (for logs and the benchmark)."""
    return str(_hand_png.cache_info())


def clear_hand_cache() -> None:
    """Forgets every cached hand picture."""
    _hand_png.cache_clear()


def printable(text: str) -> str:
    """``text`` without what no font draws (controls, format marks, surrogates, unassigned)."""
    text = unicodedata.normalize("NFC", text[: _NAME_CHARS * 2])
    kept = "".join(
        ch for ch in text if unicodedata.category(ch) not in {"Cc", "Cf", "Cs", "Co", "Cn"}
    )
    return " ".join(kept.split())[:_NAME_CHARS]


def _fitted(text: str, size: int, bold: bool, width: int) -> str:
    """``text`` cut with an ellipsis so that it fits in ``width`` pixels (under the text lock)."""
    font = faces.font(bold, size)
    if font.getlength(text) <= width:
        return text
    fits, too_long = 0, len(text)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if font.getlength(text[:middle] + "\u2026") <= width:
            fits = middle
        else:
            too_long = middle
    return text[:fits] + "\u2026"


@lru_cache(maxsize=LABEL_CACHE_SIZE)
def _label(text: str, size: int, bold: bool, ramp: tuple[int, ...], width: int) -> Image.Image:
    """One line of anti-aliased text on the felt, as palette indices (``L``); read-only once
    cached. A line the font cannot draw is drawn as ASCII, and failing that left empty."""
    height = round(size * 1.3)
    candidates = [printable(text)]
    candidates.append(candidates[0].encode("ascii", "replace").decode("ascii"))
    for attempt in candidates:
        try:
            with faces.text_lock():
                fitted = _fitted(attempt, size, bold, width)
                mask = Image.new("L", (width, height), 0)
                ImageDraw.Draw(mask).text((0, 0), fitted, fill=255, font=faces.font(bold, size))
        except (OSError, ValueError, UnicodeError, MemoryError):
            log.warning("could not draw the label %r", attempt, exc_info=True)
            continue
        return mask.point(pal.coverage_lut(ramp))
    return Image.new("L", (width, height), pal.FELT_INDEX)


def _draw_label(
    canvas: Image.Image,
    origin: tuple[int, int],
    text: str,
    *,
    size: int,
    bold: bool,
    ramp: tuple[int, ...],
    width: int,
) -> None:
    # Pasting ``L`` onto ``P`` keeps the values: they are already palette indices.
    canvas.paste(_label(text, size, bold, ramp, width), origin)


def clear_label_cache() -> None:
    """Forgets every rendered label (the benchmark's cold figures)."""
    _label.cache_clear()


def showdown_size(rows: int) -> tuple[int, int]:
    """Pixel size of a showdown picture with ``rows`` hands."""
    width, height = faces.FaceSize.SHOWDOWN.value
    row_height = height + 2 * _ROW_PAD
    return (
        2 * _PAD + _LABEL_WIDTH + 5 * width + 4 * _GAP,
        2 * _PAD + rows * row_height + (rows - 1) * _ROW_GAP,
    )


def showdown_card_box(row: int, slot: int) -> tuple[int, int, int, int]:
    """Where card ``slot`` (0 = highest) of hand ``row`` lies in a showdown picture."""
    width, height = faces.FaceSize.SHOWDOWN.value
    top = _PAD + row * (height + 2 * _ROW_PAD + _ROW_GAP) + _ROW_PAD
    x = _PAD + _LABEL_WIDTH + slot * (width + _GAP)
    return x, top, x + width, top + height


def showdown_row_box(row: int) -> tuple[int, int, int, int]:
    """The band of hand ``row`` in a showdown picture, its winner's frame included."""
    height = faces.FaceSize.SHOWDOWN.height + 2 * _ROW_PAD
    top = _PAD + row * (height + _ROW_GAP)
    return _PAD, top, showdown_size(1)[0] - _PAD, top + height


def showdown_image(
    hands: Sequence[ShownHandArt], *, four_colour: bool = False, winner_label: str = "\u2605"
) -> bytes:
    """PNG of every hand shown at a showdown, one row each (in the order given): the player's
    name and hand name on the left, the cards highest first, winners framed in gold and marked
    with ``winner_label`` (the caller's words, in the reader's language)."""
    if not 1 <= len(hands) <= MAX_SHOWDOWN_HANDS:
        raise ValueError(f"a showdown picture shows 1 to {MAX_SHOWDOWN_HANDS} hands")
    sheet = faces.sprite_sheet(faces.FaceSize.SHOWDOWN, four_colour)
    card_h = faces.FaceSize.SHOWDOWN.height
    canvas = _canvas(*showdown_size(len(hands)))
    draw = ImageDraw.Draw(canvas)
    row_height = card_h + 2 * _ROW_PAD
    label_w = _LABEL_WIDTH - 2 * _ROW_PAD
    for row, hand in enumerate(hands):
        top = _PAD + row * (row_height + _ROW_GAP)
        if hand.winner:
            draw.rounded_rectangle(
                (_PAD, top, canvas.width - _PAD - 1, top + row_height - 1),
                radius=10,
                outline=pal.WINNER_INDEX,
                width=3,
            )
        x = _PAD + _ROW_PAD
        name_ramp = pal.WINNER_ON_FELT if hand.winner else pal.NAME_ON_FELT
        y = top + _ROW_PAD + 4
        _draw_label(
            canvas, (x, y), hand.name, size=_NAME_SIZE, bold=True, ramp=name_ramp, width=label_w
        )
        y += round(_NAME_SIZE * 1.5)
        _draw_label(
            canvas,
            (x, y),
            hand.hand_name,
            size=_HAND_NAME_SIZE,
            bold=False,
            ramp=pal.HAND_NAME_ON_FELT,
            width=label_w,
        )
        if hand.winner:
            y += round(_HAND_NAME_SIZE * 1.6)
            _draw_label(
                canvas,
                (x, y),
                winner_label,
                size=_WINNER_SIZE,
                bold=True,
                ramp=pal.WINNER_ON_FELT,
                width=label_w,
            )
        _paste_cards(canvas, (_PAD + _LABEL_WIDTH, top + _ROW_PAD), hand.cards, sheet, _GAP)
    return _encode(canvas, SHOWDOWN_COMPRESS_LEVEL)


def card_emoji_image(c: Card | int, *, four_colour: bool = False) -> bytes:
    """PNG of one card for an application emoji: 128x128, transparent around the card."""
    buffer = io.BytesIO()
    faces.emoji_face(card(int(c)), four_colour=four_colour).save(buffer, "PNG", optimize=True)
    return buffer.getvalue()

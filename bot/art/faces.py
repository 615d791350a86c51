"""The deck: 52 card faces drawn by code with DejaVu Sans, as indexed sprites.

Faces are drawn once per size and colour scheme (lazily, under a lock) and then only read:
composition pastes them onto new canvases and never draws on a shared image, so every
function here may run in several threads at once.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.engine.cards import CARDS, Card

from . import palette as pal

ASSETS = Path(__file__).resolve().parent / "assets"
FONT_REGULAR = ASSETS / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "DejaVuSans-Bold.ttf"

RANK_GLYPHS = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
    10: "10", 11: "J", 12: "Q", 13: "K", 14: "A",
}  # fmt: skip
"""What a card shows for its rank: ``10``, not ``T``."""
SUIT_GLYPHS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
"""Black club, diamond, heart, spade (DejaVu Sans has all four)."""

TWO_COLOUR = {"c": "black", "d": "red", "h": "red", "s": "black"}
FOUR_COLOUR = {"c": "green", "d": "blue", "h": "red", "s": "black"}

EMOJI_SIZE = 128
"""Side of a card emoji in pixels (Discord scales application emojis down from 128)."""

_SUPERSAMPLE = 4
_FONT_LOCK = threading.Lock()
"""FreeType faces are not safe to render from two threads at once: every glyph render holds it."""


class FaceSize(Enum):
    """The sizes a face is drawn at: ``(width, height)`` in pixels."""

    HAND = (96, 134)
    """The private hand picture."""
    SHOWDOWN = (72, 100)
    """A row of the showdown picture."""

    @property
    def width(self) -> int:
        return self.value[0]

    @property
    def height(self) -> int:
        return self.value[1]


def suit_ink(suit: str, four_colour: bool) -> str:
    """The ink (a key of ``palette.INKS``) a suit is printed in."""
    return (FOUR_COLOUR if four_colour else TWO_COLOUR)[suit]


@cache
def font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bold or regular) at ``size`` pixels; render with it only under ``text_lock``."""
    return ImageFont.truetype(str(FONT_BOLD if bold else FONT_REGULAR), size)


def text_lock() -> threading.Lock:
    """The lock every glyph render takes (FreeType faces are shared between threads)."""
    return _FONT_LOCK


def indexed(indices: Image.Image) -> Image.Image:
    """An ``L`` image whose values are palette indices, as a ``P`` image over ``PALETTE``."""
    out = Image.frombytes("P", indices.size, indices.tobytes())
    out.putpalette(pal.PALETTE)
    return out


def _rounded_mask(width: int, height: int, radius: float, inset: float) -> Image.Image:
    """Anti-aliased coverage (``L``) of a rounded rectangle inset from the image's edges."""
    s = _SUPERSAMPLE
    big = Image.new("L", (width * s, height * s), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (inset * s, inset * s, (width - inset) * s - 1, (height - inset) * s - 1),
        radius=radius * s,
        fill=255,
    )
    return big.resize((width, height), Image.Resampling.BOX)


@cache
def _blank_face(width: int, height: int) -> Image.Image:
    """Palette indices (``L``) of an empty card: felt corners, grey edge, white face."""
    radius = max(4.0, width * 0.08)
    outer = _rounded_mask(width, height, radius, 0)
    inner = _rounded_mask(width, height, radius - 1.25, 1.25)
    on_felt = outer.point(pal.coverage_lut(pal.EDGE_ON_FELT))
    on_edge = inner.point(pal.coverage_lut(pal.FACE_ON_EDGE))
    return Image.composite(on_edge, on_felt, inner.point(lambda v: 255 if v else 0))


def _glyph(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, size: int) -> None:
    """Draws ``text`` bold in white on an ``L`` mask with its ink box centred at ``centre``."""
    face = font(True, size)
    left, top, right, bottom = face.getbbox(text, anchor="ls")
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    draw.text((round(x), round(y)), text, fill=255, font=face, anchor="ls")


def _ink_full(card: Card, width: int, height: int) -> Image.Image:
    """Coverage of a full face's ink: rank and suit in two opposite corners, a big suit pip."""
    rank = RANK_GLYPHS[card.rank]
    suit = SUIT_GLYPHS[card.suit]
    corner_w, corner_h = round(width * 0.34), round(height * 0.42)
    corner = Image.new("L", (corner_w, corner_h), 0)
    draw = ImageDraw.Draw(corner)
    rank_size = round(height * (0.19 if len(rank) == 2 else 0.22))
    cx = width * 0.17
    _glyph(draw, (cx, height * 0.125), rank, rank_size)
    _glyph(draw, (cx, height * 0.31), suit, round(height * 0.16))
    ink = Image.new("L", (width, height), 0)
    ink.paste(corner, (0, 0))
    flipped = corner.transpose(Image.Transpose.ROTATE_180)
    box = (width - corner_w, height - corner_h, width, height)
    ink.paste(ImageChops.lighter(ink.crop(box), flipped), box[:2])
    pip = Image.new("L", (width, height), 0)
    _glyph(ImageDraw.Draw(pip), (width / 2, height / 2), suit, round(height * 0.4))
    return ImageChops.lighter(ink, pip)


def _ink_compact(card: Card, width: int, height: int) -> Image.Image:
    """Coverage of a face made to be read small (an emoji): a big rank above a big suit."""
    rank = RANK_GLYPHS[card.rank]
    ink = Image.new("L", (width, height), 0)
    draw = ImageDraw.Draw(ink)
    _glyph(
        draw, (width / 2, height * 0.3), rank, round(height * (0.36 if len(rank) == 2 else 0.42))
    )
    _glyph(draw, (width / 2, height * 0.72), SUIT_GLYPHS[card.suit], round(height * 0.4))
    return ink


def draw_face(
    card: Card, width: int, height: int, *, four_colour: bool, compact: bool
) -> Image.Image:
    """One card face as a ``P`` image over ``palette.PALETTE`` (felt outside its corners)."""
    with _FONT_LOCK:
        ink = (_ink_compact if compact else _ink_full)(card, width, height)
    ramp = pal.INK_ON_FACE[suit_ink(card.suit, four_colour)]
    inked = ink.point(pal.coverage_lut(ramp))
    face = Image.composite(inked, _blank_face(width, height), ink.point(lambda v: 255 if v else 0))
    return indexed(face)


def dimmed(sprite: Image.Image) -> Image.Image:
    """The same sprite in the dimmed half of the palette (the felt stays felt)."""
    lut = list(pal.DIM_LUT)
    lut[pal.FELT_INDEX] = pal.FELT_INDEX
    return indexed(Image.frombytes("L", sprite.size, sprite.tobytes()).point(lut))


@dataclass(frozen=True)
class SpriteSheet:
    """Every card face at one size in one colour scheme, plain and dimmed, indexed by ``int(card)``.

    Read-only by contract: paste from these images, never draw on them.
    """

    size: FaceSize
    four_colour: bool
    faces: tuple[Image.Image, ...]
    dimmed: tuple[Image.Image, ...]

    @classmethod
    def build(cls, size: FaceSize, four_colour: bool) -> SpriteSheet:
        faces = tuple(
            draw_face(c, size.width, size.height, four_colour=four_colour, compact=False)
            for c in CARDS
        )
        return cls(size, four_colour, faces, tuple(dimmed(f) for f in faces))


_SHEETS: dict[tuple[FaceSize, bool], SpriteSheet] = {}
_SHEETS_LOCK = threading.Lock()


def sprite_sheet(size: FaceSize, four_colour: bool) -> SpriteSheet:
    """The sheet for ``size`` and colour scheme, built on first use and kept."""
    key = (size, four_colour)
    sheet = _SHEETS.get(key)
    if sheet is None:
        with _SHEETS_LOCK:
            sheet = _SHEETS.get(key)
            if sheet is None:
                sheet = _SHEETS[key] = SpriteSheet.build(size, four_colour)
    return sheet


def build_sprites() -> None:
    """Builds every sheet now (call once at start, off the event loop, to skip the first wait)."""
    for size in FaceSize:
        for four_colour in (False, True):
            sprite_sheet(size, four_colour)


def clear_sprites() -> None:
    """Forgets every sheet, font and card outline (the benchmark's cold build starts here)."""
    with _SHEETS_LOCK:
        _SHEETS.clear()
        font.cache_clear()
        _blank_face.cache_clear()


def card_sprite(card: Card, *, four_colour: bool = False, marked: bool = False) -> Image.Image:
    """A copy of the hand-size face of ``card`` (``P`` mode), dimmed if ``marked``."""
    sheet = sprite_sheet(FaceSize.HAND, four_colour)
    return (sheet.dimmed if marked else sheet.faces)[int(card)].copy()


def _rgba_palette() -> bytes:
    """``PALETTE`` with alpha: the felt transparent, the card's edge fading over it."""
    alpha = [255] * 256
    alpha[pal.FELT_INDEX] = 0
    colours = [pal.PALETTE[i * 3 : i * 3 + 3] for i in range(256)]
    levels = len(pal.EDGE_ON_FELT) - 1
    for k, index in enumerate(pal.EDGE_ON_FELT[1:], start=1):
        alpha[index] = round(255 * k / levels)
        colours[index] = bytes(pal.EDGE)
    return b"".join(rgb + bytes([a]) for rgb, a in zip(colours, alpha, strict=True))


_RGBA_PALETTE = _rgba_palette()


def emoji_face(card: Card, *, four_colour: bool = False) -> Image.Image:
    """A ``EMOJI_SIZE`` square ``RGBA`` image: the card's compact face on a transparent ground."""
    height = EMOJI_SIZE - 4
    width = round(height * FaceSize.HAND.width / FaceSize.HAND.height)
    face = draw_face(card, width, height, four_colour=four_colour, compact=True)
    face.putpalette(_RGBA_PALETTE, "RGBA")
    out = Image.new("RGBA", (EMOJI_SIZE, EMOJI_SIZE), (0, 0, 0, 0))
    out.paste(face.convert("RGBA"), ((EMOJI_SIZE - width) // 2, (EMOJI_SIZE - height) // 2))
    return out

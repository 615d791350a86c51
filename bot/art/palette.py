"""One fixed 256-colour palette shared by every card picture.

Every sprite and every picture is an indexed ("P") image over this palette, so composing a
picture is pasting indices (no colour conversion, no quantizing) and the PNG encoder writes one
byte per pixel. Anti-aliased edges use *ramps*: a foreground colour blended over a known
background in a few steps, so an 8-bit coverage mask maps straight to palette indices.
Indices ``0..127`` hold the base colours; ``128 + i`` holds colour ``i`` dimmed, so dimming a
sprite (a card marked to discard) is adding 128 to each index.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

RGB = tuple[int, int, int]

INK_LEVELS = 15
"""Blend steps of a suit colour over the face, not counting the face itself (level 0)."""
EDGE_LEVELS = 7
LABEL_LEVELS = 12

DIM_OFFSET = 128
"""Index of colour ``i`` dimmed is ``i + DIM_OFFSET``."""

FELT: RGB = (0x27, 0x5E, 0x43)
"""The table: background of every picture."""
FACE: RGB = (0xFF, 0xFF, 0xFF)
EDGE: RGB = (0x8E, 0x98, 0x9E)
"""The card's thin outline."""
NEW_OUTLINE: RGB = (0xFF, 0xB0, 0x1F)
"""Amber frame around a card received in the last draw."""
WINNER: RGB = (0xF6, 0xD3, 0x4A)
"""Gold frame and name of a winning hand at the showdown."""
NAME: RGB = (0xFF, 0xFF, 0xFF)
HAND_NAME: RGB = (0xC9, 0xE2, 0xD3)

INKS: dict[str, RGB] = {
    "black": (0x1C, 0x1C, 0x1E),
    "red": (0xD0, 0x1E, 0x24),
    "green": (0x13, 0x87, 0x2E),
    "blue": (0x1B, 0x4F, 0xD1),
}
"""Suit colours; the two-colour deck uses black and red, the four-colour deck all four."""

_DIM_TOWARD: RGB = (0x6E, 0x73, 0x70)
_DIM_KEEP = 0.45


def _blend(bg: RGB, fg: RGB, t: float) -> RGB:
    return (
        round(bg[0] + (fg[0] - bg[0]) * t),
        round(bg[1] + (fg[1] - bg[1]) * t),
        round(bg[2] + (fg[2] - bg[2]) * t),
    )


def _dim(colour: RGB) -> RGB:
    return _blend(_DIM_TOWARD, colour, _DIM_KEEP)


class _Builder:
    def __init__(self) -> None:
        self.colours: list[RGB] = []

    def solid(self, colour: RGB) -> int:
        self.colours.append(colour)
        return len(self.colours) - 1

    def ramp(self, bg_index: int, fg: RGB, levels: int) -> tuple[int, ...]:
        """Indices for coverage levels 0 (the background) .. ``levels`` (the foreground)."""
        bg = self.colours[bg_index]
        steps = [bg_index]
        for k in range(1, levels + 1):
            steps.append(self.solid(_blend(bg, fg, k / levels)))
        return tuple(steps)


_b = _Builder()
FELT_INDEX = _b.solid(FELT)
FACE_INDEX = _b.solid(FACE)
NEW_INDEX = _b.solid(NEW_OUTLINE)
WINNER_INDEX = _b.solid(WINNER)
EDGE_ON_FELT = _b.ramp(FELT_INDEX, EDGE, EDGE_LEVELS)
FACE_ON_EDGE = _b.ramp(EDGE_ON_FELT[-1], FACE, EDGE_LEVELS)
INK_ON_FACE: dict[str, tuple[int, ...]] = {
    name: _b.ramp(FACE_INDEX, rgb, INK_LEVELS) for name, rgb in INKS.items()
}
NAME_ON_FELT = _b.ramp(FELT_INDEX, NAME, LABEL_LEVELS)
HAND_NAME_ON_FELT = _b.ramp(FELT_INDEX, HAND_NAME, LABEL_LEVELS)
WINNER_ON_FELT = _b.ramp(FELT_INDEX, WINNER, LABEL_LEVELS)
assert len(_b.colours) <= DIM_OFFSET, "the base palette must fit below the dimmed half"

BASE_COLOURS: tuple[RGB, ...] = tuple(_b.colours)


def _palette_bytes(colours: Sequence[RGB]) -> bytes:
    base = list(colours) + [(0, 0, 0)] * (DIM_OFFSET - len(colours))
    full = base + [_dim(c) for c in base]
    return bytes(channel for rgb in full for channel in rgb)


PALETTE: bytes = _palette_bytes(BASE_COLOURS)
"""768 bytes: the palette of every sprite and picture."""


@cache
def coverage_lut(ramp: tuple[int, ...]) -> list[int]:
    """A 256-entry table from an 8-bit coverage value to the ramp's palette index (shared:
    read it, never change it)."""
    levels = len(ramp) - 1
    return [ramp[(v * levels + 127) // 255] for v in range(256)]


DIM_LUT: list[int] = [i + DIM_OFFSET if i < DIM_OFFSET else i for i in range(256)]
"""Maps a base index to its dimmed twin."""

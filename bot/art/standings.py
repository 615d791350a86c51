"""The final standings of a sit-and-go: one row per player, first place at the top, drawn with
Pillow in a few milliseconds (it runs in an executor).

Places 1-3 wear a gold, silver and bronze badge; the winner's row (every row at place 1, when
players tie for it) has a gold bar, ``ACCENT``, down its left edge. Names are cut with an ellipsis
and clipped to the name column, whatever they hold. The PNG's ``standings`` text chunk lists
the rows as drawn (``"1:Alice:400;2:Bob:0"``, see ``parse_standings``), ``rows`` their count and
``house`` the row numbers (from 0) of house players, so a test reads the picture without OCR.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import unquote

from PIL import Image, ImageDraw, PngImagePlugin

from . import faces
from . import palette as pal
from .compose import _fitted, printable

log = logging.getLogger(__name__)

MAX_ROWS = 6
"""A sit-and-go seats 2 to 6 players."""

WIDTH = 560
PAD = 16
TITLE_Y = 12
HEADER_Y = 42
ROWS_TOP = 62
ROW_HEIGHT = 40
ROW_GAP = 4
FOOTER_HEIGHT = 36
BAR_WIDTH = 6
"""The winner's accent: a bar this wide down the left edge of the row."""
BADGE_X = PAD + BAR_WIDTH + 10
BADGE_SIZE = 26
NAME_X = BADGE_X + BADGE_SIZE + 12
PRIZE_RIGHT = WIDTH - PAD - 14
PRIZE_WIDTH = 130
NAME_RIGHT = PRIZE_RIGHT - PRIZE_WIDTH - 12
"""The name column runs from ``NAME_X`` to here (house marker included)."""
HOUSE_GAP = 6

BACKGROUND = (32, 34, 37)
ROW_BACKGROUND = (47, 49, 54)
TEXT = (220, 221, 222)
DIM = (142, 146, 151)
ACCENT = pal.WINNER
"""Gold: the winner's bar (and first place's badge)."""
BADGES = {1: pal.WINNER, 2: (0xC0, 0xC6, 0xCC), 3: (0xCD, 0x7F, 0x32)}
"""Gold, silver, bronze; a place below third has an outlined badge."""
BADGE_TEXT = (0x1C, 0x1C, 0x1E)
OTHER_BADGE = (90, 94, 100)

TITLE_SIZE = 17
LABEL_SIZE = 13
NAME_SIZE = 16
PRIZE_SIZE = 16
BADGE_FONT_SIZE = 14
COMPRESS_LEVEL = 1
LABEL_CACHE_SIZE = 128
"""Drawn lines of text kept: headers, prizes and names come back at the next tournament."""
LEVELS = 12
"""Blend steps of anti-aliased text over its ground."""

RGB = tuple[int, int, int]


class _Palette:
    """The picture's fixed palette: solid colours and text ramps over the ground they sit on
    (so the canvas is indexed and encodes one byte per pixel, colours exact)."""

    def __init__(self) -> None:
        self.colours: list[RGB] = []
        self.index: dict[RGB, int] = {}
        self.ramps: dict[tuple[RGB, RGB], tuple[int, ...]] = {}

    def solid(self, colour: RGB) -> int:
        if colour not in self.index:
            self.index[colour] = len(self.colours)
            self.colours.append(colour)
        return self.index[colour]

    def ramp(self, ground: RGB, ink: RGB) -> tuple[int, ...]:
        steps = [self.solid(ground)]
        for k in range(1, LEVELS + 1):
            t = k / LEVELS
            blended = tuple(round(g + (i - g) * t) for g, i in zip(ground, ink, strict=True))
            self.colours.append((blended[0], blended[1], blended[2]))
            steps.append(len(self.colours) - 1)
        self.ramps[ground, ink] = tuple(steps)
        return self.ramps[ground, ink]

    def bytes(self) -> bytes:
        assert len(self.colours) <= 256
        padded = self.colours + [(0, 0, 0)] * (256 - len(self.colours))
        return bytes(channel for rgb in padded for channel in rgb)


_P = _Palette()
for _colour in (BACKGROUND, ROW_BACKGROUND, ACCENT, OTHER_BADGE, *BADGES.values()):
    _P.solid(_colour)
for _ground, _ink in (
    (BACKGROUND, TEXT),
    (BACKGROUND, DIM),
    (ROW_BACKGROUND, TEXT),
    (ROW_BACKGROUND, DIM),
    (ROW_BACKGROUND, ACCENT),
    *((badge, BADGE_TEXT) for badge in BADGES.values()),
):
    _P.ramp(_ground, _ink)
_PALETTE = _P.bytes()


@dataclass(frozen=True)
class Standing:
    """One player's finish in a sit-and-go."""

    place: int
    """1 = the winner; tied players share a place number."""
    name: str
    """Display name (any Unicode; drawn with ``compose.printable``)."""
    prize: int
    """Chips won (0 out of the money)."""
    house: bool = False
    """A house player: marked with the caller's ``house_label`` in a dim colour."""


def standings_size(rows: int) -> tuple[int, int]:
    """Pixel size of a standings picture with ``rows`` players."""
    return WIDTH, ROWS_TOP + rows * ROW_HEIGHT + (rows - 1) * ROW_GAP + FOOTER_HEIGHT


def row_box(row: int) -> tuple[int, int, int, int]:
    """The band of ``row`` (0 = top): left, top, right, bottom (exclusive)."""
    top = ROWS_TOP + row * (ROW_HEIGHT + ROW_GAP)
    return PAD, top, WIDTH - PAD, top + ROW_HEIGHT


def accent_box(row: int) -> tuple[int, int, int, int]:
    """Where the winner's bar lies in ``row``: left, top, right, bottom (exclusive)."""
    left, top, _, bottom = row_box(row)
    return left, top, left + BAR_WIDTH, bottom


def name_column(row: int) -> tuple[int, int, int, int]:
    """Where the name (and house marker) of ``row`` is drawn: nothing of it falls outside."""
    _, top, _, bottom = row_box(row)
    return NAME_X, top, NAME_RIGHT, bottom


def ordered(standings: Sequence[Standing]) -> list[Standing]:
    """The rows as drawn: by place, then by name (case-insensitive, then exact)."""
    return sorted(standings, key=lambda s: (s.place, printable(s.name).casefold(), s.name))


def _escape(name: str) -> str:
    return name.replace("%", "%25").replace(":", "%3A").replace(";", "%3B")


def parse_standings(text: str) -> list[tuple[int, str, int]]:
    """``(place, name, prize)`` per row of a picture's ``standings`` chunk, top row first (the
    name as ``printable`` gives it, before any cut)."""
    rows = []
    for item in filter(None, text.split(";")):
        place, name, prize = item.split(":")
        rows.append((int(place), unquote(name), int(prize)))
    return rows


def standings_png(
    standings: Sequence[Standing],
    *,
    title: str,
    prize_label: str,
    house_label: str,
    pool_line: str,
) -> bytes:
    """A PNG of the final standings: one row per player, first place at the top (gold, silver,
    bronze badges for places 1-3, a gold bar on the winner's row), the prize column right-aligned
    with thousands separators; at most ``MAX_ROWS`` rows. ``title``, ``prize_label`` (the prize
    column's header), ``house_label`` (after a house player's name) and ``pool_line`` (under the
    rows) are the caller's words, already translated. Raises ``ValueError`` for no rows, more
    than ``MAX_ROWS``, a place below 1 or a negative prize."""
    if not 1 <= len(standings) <= MAX_ROWS:
        raise ValueError(f"a standings picture shows 1 to {MAX_ROWS} players")
    for s in standings:
        if s.place < 1:
            raise ValueError(f"a place is 1 or more, not {s.place}")
        if s.prize < 0:
            raise ValueError(f"a prize is 0 or more, not {s.prize}")
    rows = ordered(standings)
    with faces.text_lock():
        image = _draw(rows, title, prize_label, house_label, pool_line)
    info = PngImagePlugin.PngInfo()
    info.add_text("rows", str(len(rows)))
    info.add_text(
        "standings", ";".join(f"{s.place}:{_escape(printable(s.name))}:{s.prize}" for s in rows)
    )
    info.add_text("house", ",".join(str(i) for i, s in enumerate(rows) if s.house))
    out = io.BytesIO()
    image.save(out, format="PNG", pnginfo=info, compress_level=COMPRESS_LEVEL)
    return out.getvalue()


@lru_cache(maxsize=LABEL_CACHE_SIZE)
def _label(
    text: str, bold: bool, size: int, width: int, ground: RGB, ink: RGB
) -> tuple[Image.Image, int]:
    """``text`` cut to ``width`` pixels in ``ink`` over ``ground``, as palette indices (``L``)
    no wider than its ink (so nothing spills past ``width``), and that width. Text the font
    cannot lay out is drawn as ASCII, and failing that left out. Read-only once cached; call
    under the text lock."""
    height = round(size * 1.35)
    clean = printable(text)
    lut = pal.coverage_lut(_P.ramps[ground, ink])
    for attempt in (clean, clean.encode("ascii", "replace").decode("ascii")):
        try:
            fitted = _fitted(attempt, size, bold, width)
            mask = Image.new("L", (width, height), 0)
            ImageDraw.Draw(mask).text((0, 0), fitted, fill=255, font=faces.font(bold, size))
        except (OSError, ValueError, UnicodeError, MemoryError):
            log.warning("could not draw the text %r", attempt, exc_info=True)
            continue
        box = mask.getbbox()
        drawn = box[2] if box else 0
        return mask.crop((0, 0, max(1, drawn), height)).point(lut), drawn
    return Image.new("L", (1, height), _P.index[ground]), 0


def _text(
    canvas: Image.Image,
    xy: tuple[int, int],
    text: str,
    ground: RGB,
    ink: RGB,
    *,
    bold: bool,
    size: int,
    width: int,
    right: bool = False,
) -> int:
    """Draws ``text`` clipped to ``width`` pixels from ``xy`` (or ending at ``xy`` when
    ``right``), its top at ``xy``'s y, on a ground of the one colour ``ground``; returns the
    width drawn."""
    if width <= 0:
        return 0
    # Pasting ``L`` onto ``P`` keeps the values: they are already palette indices.
    label, drawn = _label(text, bold, size, width, ground, ink)
    canvas.paste(label, (xy[0] - drawn, xy[1]) if right else xy)
    return drawn


@lru_cache(maxsize=32)
def _badge_number(place: int, ground: RGB, ink: RGB) -> tuple[Image.Image, tuple[int, int]]:
    """The number of a place's badge as palette indices, cut to its ink (which lies inside the
    round badge), and where it goes from the badge's top left corner."""
    mask = Image.new("L", (BADGE_SIZE, BADGE_SIZE), 0)
    number = str(place) if place < 100 else "\u2026"
    centre = (BADGE_SIZE / 2, BADGE_SIZE / 2)
    font = faces.font(True, BADGE_FONT_SIZE)
    ImageDraw.Draw(mask).text(centre, number, fill=255, font=font, anchor="mm")
    box = mask.getbbox() or (0, 0, 1, 1)
    lut = pal.coverage_lut(_P.ramps[ground, ink])
    return mask.crop(box).point(lut), (box[0], box[1])


def _draw(
    rows: list[Standing], title: str, prize_label: str, house_label: str, pool_line: str
) -> Image.Image:
    width, height = standings_size(len(rows))
    canvas = Image.new("P", (width, height), _P.index[BACKGROUND])
    canvas.putpalette(_PALETTE)
    draw = ImageDraw.Draw(canvas)
    inner = WIDTH - 2 * PAD
    bg, band = BACKGROUND, ROW_BACKGROUND
    _text(canvas, (PAD, TITLE_Y), title, bg, TEXT, bold=True, size=TITLE_SIZE, width=inner)
    _text(
        canvas,
        (PRIZE_RIGHT, HEADER_Y),
        prize_label,
        bg,
        DIM,
        bold=False,
        size=LABEL_SIZE,
        width=PRIZE_WIDTH,
        right=True,
    )
    marker = f"({printable(house_label)})"
    house_width = 0
    if any(s.house for s in rows):
        house_width = min(
            (NAME_RIGHT - NAME_X) // 2, round(faces.font(False, LABEL_SIZE).getlength(marker)) + 1
        )
    for row, s in enumerate(rows):
        left, top, right, bottom = row_box(row)
        middle = (top + bottom) // 2
        draw.rectangle((left, top, right - 1, bottom - 1), fill=_P.index[band])
        if s.place == 1:
            x0, y0, x1, y1 = accent_box(row)
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=_P.index[ACCENT])
        _badge(canvas, draw, s.place, middle)
        name_width = NAME_RIGHT - NAME_X
        if s.house:
            name_width -= house_width + HOUSE_GAP
        ink = ACCENT if s.place == 1 else TEXT
        name_top = middle - round(NAME_SIZE * 0.65)
        drawn = _text(
            canvas,
            (NAME_X, name_top),
            s.name,
            band,
            ink,
            bold=True,
            size=NAME_SIZE,
            width=name_width,
        )
        if s.house:
            _text(
                canvas,
                (NAME_X + drawn + HOUSE_GAP, middle - round(LABEL_SIZE * 0.6)),
                marker,
                band,
                DIM,
                bold=False,
                size=LABEL_SIZE,
                width=house_width,
            )
        _text(
            canvas,
            (PRIZE_RIGHT, middle - round(PRIZE_SIZE * 0.65)),
            f"{s.prize:,}",
            band,
            TEXT if s.prize else DIM,
            bold=True,
            size=PRIZE_SIZE,
            width=PRIZE_WIDTH,
            right=True,
        )
    footer_top = height - FOOTER_HEIGHT + 10
    _text(canvas, (PAD, footer_top), pool_line, bg, DIM, bold=False, size=LABEL_SIZE, width=inner)
    return canvas


def _badge(canvas: Image.Image, draw: ImageDraw.ImageDraw, place: int, middle: int) -> None:
    """The place's round badge, its number centred: gold, silver, bronze, or an outline."""
    top = middle - BADGE_SIZE // 2
    box = (BADGE_X, top, BADGE_X + BADGE_SIZE - 1, top + BADGE_SIZE - 1)
    fill = BADGES.get(place)
    if fill is None:
        draw.ellipse(box, outline=_P.index[OTHER_BADGE], width=2)
        ground, ink = ROW_BACKGROUND, TEXT
    else:
        draw.ellipse(box, fill=_P.index[fill])
        ground, ink = fill, BADGE_TEXT
    number, (dx, dy) = _badge_number(place, ground, ink)
    canvas.paste(number, (BADGE_X + dx, top + dy))

"""The stats picture: a member's net over their last hands (a line) beside their drawing
profile (average cards drawn at each draw), drawn with Pillow in a few milliseconds.

Each hand of the line is one marker in ``MARKER`` (a colour nothing else uses), so a reader of
the picture (the end-to-end test) counts the points; the PNG's ``points`` text chunk says the
same.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont, PngImagePlugin

from bot.art import faces
from bot.art.compose import printable

WIDTH, HEIGHT = 640, 260
LINE_BOX = (16, 28, 416, 244)
"""Left, top, right, bottom of the net line's plot."""
BARS_BOX = (448, 28, 624, 244)
BACKGROUND = (32, 34, 37)
GRID = (70, 74, 80)
LINE = (88, 166, 255)
MARKER = (255, 0, 255)
"""The point markers' colour: used by nothing else in the picture."""
BAR = (87, 242, 135)
TEXT = (220, 221, 222)
MARKER_HALF = 1
"""Markers are 3 x 3 pixels; 50 points leave a gap between any two."""
MAX_POINTS = 50


@cache
def _font() -> ImageFont.FreeTypeFont:
    return faces.font(False, 13)


def _y(value: int, low: int, high: int, top: int, bottom: int) -> int:
    if high == low:
        return (top + bottom) // 2
    return round(bottom - (value - low) * (bottom - top) / (high - low))


def stats_chart(
    nets: Sequence[int], drawn: Sequence[float | None], *, line_title: str, bars_title: str
) -> bytes:
    """PNG of the cumulative net over ``nets`` (each hand's net, oldest first; the last
    ``MAX_POINTS``) and of ``drawn`` (average cards drawn at draws 1-3, None when unknown)."""
    with faces.text_lock():
        return _chart(nets, drawn, line_title, bars_title)


def _chart(
    nets: Sequence[int], drawn: Sequence[float | None], line_title: str, bars_title: str
) -> bytes:
    nets = list(nets)[-MAX_POINTS:]
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    font = _font()
    draw.text((LINE_BOX[0], 6), printable(line_title), fill=TEXT, font=font)
    draw.text((BARS_BOX[0], 6), printable(bars_title), fill=TEXT, font=font)
    left, top, right, bottom = LINE_BOX
    draw.rectangle(LINE_BOX, outline=GRID)
    running, total = [], 0
    for net in nets:
        total += net
        running.append(total)
    if running:
        low, high = min(0, *running), max(0, *running)
        zero = _y(0, low, high, top + 4, bottom - 4)
        draw.line((left, zero, right, zero), fill=GRID)
        step = (right - left - 16) / max(1, len(running) - 1)
        points = [
            (round(left + 8 + i * step), _y(v, low, high, top + 4, bottom - 4))
            for i, v in enumerate(running)
        ]
        if len(points) > 1:
            draw.line(points, fill=LINE, width=2)
        for x, y in points:
            draw.rectangle(
                (x - MARKER_HALF, y - MARKER_HALF, x + MARKER_HALF, y + MARKER_HALF), fill=MARKER
            )
        draw.text((left + 4, top + 2), f"{high:+,}", fill=TEXT, font=font)
        draw.text((left + 4, bottom - 16), f"{low:+,}", fill=TEXT, font=font)
    left, top, right, bottom = BARS_BOX
    draw.line((left, bottom, right, bottom), fill=GRID)
    width = (right - left) // 3
    for index, value in enumerate(drawn[:3]):
        x0 = left + index * width + 8
        x1 = x0 + width - 16
        if value is not None:
            y = _y(round(value * 100), 0, 500, top + 18, bottom)
            draw.rectangle((x0, y, x1, bottom), fill=BAR)
            draw.text((x0, y - 16), f"{value:.1f}", fill=TEXT, font=font)
        label_y = bottom - 16 if value is None else bottom + 1
        draw.text((x0, label_y), str(index + 1), fill=TEXT, font=font)
    info = PngImagePlugin.PngInfo()
    info.add_text("points", str(len(running)))
    out = io.BytesIO()
    image.save(out, format="PNG", pnginfo=info, compress_level=1)
    return out.getvalue()

"""The stats picture: a member's running net (a line from 0 before their first hand or
tournament, one point for each) beside a bar panel (the drawing profile: average cards drawn at
each draw; or a sit-and-go player's finishing places), drawn with Pillow in a few tens of
milliseconds (it runs in an executor).

Drawn at ``SCALE`` times its size and reduced (a box filter: every edge anti-aliased, no
ringing), on a felt panel of the card pictures' own colours (``bot.art.palette``) with rounded
corners, so it reads the same on Discord's dark and light themes. The net panel has y ticks at
round numbers with gridlines and a zero line, x ticks at hand (or tournament) numbers, and an
inset so the line never touches its frame; every label is measured and placed whole inside the
picture (``Chart.texts`` lists each with its box).

The PNG carries what it plots, so a reader of the picture (the end-to-end test) checks it
without OCR: ``series`` (the running net from 0, comma-separated) and ``points`` (the pixel of
each point, ``x,y;x,y``), one point per hand.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache

from PIL import Image, ImageDraw, ImageFont, PngImagePlugin

from . import faces
from . import palette as pal

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

WIDTH, HEIGHT = 800, 400
SCALE = 3
"""Drawn this many times larger, then reduced: anti-aliased lines, dots and text."""
MAX_POINTS = 50
PAD = 20
CORNER = 18
LINE_RIGHT = 536
"""The net panel runs from ``PAD`` to here; the bar panel from ``BARS_LEFT`` to the right pad
(both move left when the bars' labels need more room: ``_bars_left``)."""
BARS_LEFT = 572
PANEL_GAP = BARS_LEFT - LINE_RIGHT
INSET = 14
"""Gap between the plot's frame and the nearest point: the line never hugs the frame."""
TITLE_SIZE = 20
TITLE_MIN_SIZE = 14
TICK_SIZE = 16
VALUE_SIZE = 18
CAPTION_SIZE = 15
GAP = 8
MOST_Y_TICKS = 6
MOST_X_TICKS = 8
DOT_RADIUS = 3.5
LAST_DOT_RADIUS = 5.0
LINE_WIDTH = 2.5


def _blend(ground: RGB, ink: RGB, t: float) -> RGB:
    r, g, b = (round(a + (c - a) * t) for a, c in zip(ground, ink, strict=True))
    return (r, g, b)


BLACK: RGB = (0, 0, 0)
BACKGROUND = pal.FELT
"""The table's felt, as behind every card picture."""
PLOT = _blend(pal.FELT, BLACK, 0.32)
GRID = _blend(PLOT, pal.HAND_NAME, 0.16)
ZERO = pal.HAND_NAME
TITLE = pal.NAME
MUTED = pal.HAND_NAME
LINE = pal.WINNER
"""Gold, the winner's colour on the cards: the net line and its points."""
ABOVE = _blend(PLOT, pal.WINNER, 0.22)
BELOW = _blend(PLOT, pal.INKS["red"], 0.42)
BAR = pal.FACE
"""White with the card's edge: the bars look like card faces."""
BAR_EDGE = pal.EDGE
FRAME = _blend(pal.FELT, pal.EDGE, 0.45)


@dataclass(frozen=True)
class Bar:
    """One bar of the right panel: its label under it, its height (None: no bar, ``text`` on
    the baseline) and the text over it."""

    label: str
    value: float | None
    text: str


@dataclass(frozen=True)
class ChartText:
    """A text drawn in the picture and its box (left, top, right, bottom) in pixels."""

    text: str
    box: Box


@dataclass(frozen=True)
class Chart:
    """The picture and what it shows."""

    png: bytes
    series: tuple[int, ...]
    """The running net from 0: ``series[k]`` after the k-th hand (or tournament)."""
    points: tuple[tuple[int, int], ...]
    """The pixel of each hand's point (``series[1:]``)."""
    x_ticks: tuple[int, ...]
    y_ticks: tuple[int, ...]
    texts: tuple[ChartText, ...]
    plot: Box
    """The net plot's frame (its dark ground)."""
    size: tuple[int, int] = (WIDTH, HEIGHT)


def running(nets: Sequence[int]) -> tuple[int, ...]:
    """The running total of ``nets`` from 0: one more value than ``nets``."""
    totals = [0]
    for net in nets:
        totals.append(totals[-1] + net)
    return tuple(totals)


def _steps() -> Iterator[int]:
    """1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, ...: round steps between ticks."""
    yield from (1, 2, 5)
    power = 10
    while True:
        yield from (power, 2 * power, 5 * power // 2, 5 * power)
        power *= 10


def nice_ticks(low: int, high: int, most: int) -> tuple[int, ...]:
    """At most ``most`` ticks at a round step, from at or below ``low`` to at or above ``high``."""
    if low == high:
        low, high = low - 1, high + 1
    for step in _steps():
        first, last = math.floor(low / step) * step, math.ceil(high / step) * step
        if (last - first) // step + 1 <= most:
            return tuple(range(first, last + 1, step))
    raise AssertionError("unreachable")  # pragma: no cover


def hand_ticks(count: int, most: int = MOST_X_TICKS) -> tuple[int, ...]:
    """Ticks at round hand numbers from 0 to ``count`` (never past it)."""
    for step in _steps():
        if count // step + 1 <= most:
            return tuple(range(0, count + 1, step))
    raise AssertionError("unreachable")  # pragma: no cover


def _plain(value: int) -> str:
    return f"{value:,}"


def _signed(value: int, number: Callable[[int], str]) -> str:
    text = number(abs(value))
    return f"+{text}" if value > 0 else f"-{text}" if value < 0 else text


def _clean(text: str) -> str:
    """``text`` without what no font draws (controls, format marks), spaces collapsed."""
    kept = "".join(ch for ch in text if ch.isprintable() or ch == " ")
    return " ".join(kept.split())


@dataclass
class _Canvas:
    """Draws at ``SCALE`` in picture coordinates and records every text with its box."""

    image: Image.Image
    texts: list[ChartText] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.draw = ImageDraw.Draw(self.image)

    @staticmethod
    def font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
        return faces.font(bold, size * SCALE)

    def width_of(self, text: str, bold: bool, size: int) -> float:
        return self.font(bold, size).getlength(text) / SCALE

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        *,
        size: int,
        fill: RGB,
        bold: bool = False,
        anchor: str = "la",
    ) -> Box:
        font = self.font(bold, size)
        at = (xy[0] * SCALE, xy[1] * SCALE)
        self.draw.text(at, text, fill=fill, font=font, anchor=anchor)
        left, top, right, bottom = self.draw.textbbox(at, text, font=font, anchor=anchor)
        box = (
            math.floor(left / SCALE),
            math.floor(top / SCALE),
            math.ceil(right / SCALE),
            math.ceil(bottom / SCALE),
        )
        self.texts.append(ChartText(text, box))
        return box

    @staticmethod
    def scaled(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        left, top, right, bottom = box
        return (left * SCALE, top * SCALE, right * SCALE, bottom * SCALE)

    def rect(self, box: tuple[float, float, float, float], fill: RGB) -> None:
        self.draw.rectangle(self.scaled(box), fill=fill)

    def rounded(
        self,
        box: tuple[float, float, float, float],
        radius: float,
        fill: RGB,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        self.draw.rounded_rectangle(
            self.scaled(box),
            radius * SCALE,
            fill=fill,
            outline=outline,
            width=round(width * SCALE),
        )

    def line(self, points: Sequence[tuple[float, float]], fill: RGB, width: float) -> None:
        scaled = [(x * SCALE, y * SCALE) for x, y in points]
        self.draw.line(scaled, fill=fill, width=max(1, round(width * SCALE)), joint="curve")

    def polygon(self, points: Sequence[tuple[float, float]], fill: RGB) -> None:
        if len(points) >= 3:
            self.draw.polygon([(x * SCALE, y * SCALE) for x, y in points], fill=fill)

    def dot(self, x: float, y: float, radius: float, fill: RGB, ring: RGB) -> None:
        r = radius * SCALE
        cx, cy = x * SCALE, y * SCALE
        self.draw.ellipse((cx - r - SCALE, cy - r - SCALE, cx + r + SCALE, cy + r + SCALE), ring)
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill)


@cache
def _corners() -> Image.Image:
    """The picture's alpha: opaque inside its rounded corners (anti-aliased; read-only)."""
    mask = Image.new("L", (WIDTH * SCALE, HEIGHT * SCALE), 0)
    box = (0, 0, WIDTH * SCALE - 1, HEIGHT * SCALE - 1)
    ImageDraw.Draw(mask).rounded_rectangle(box, CORNER * SCALE, fill=255)
    return mask.reduce(SCALE)


def _clipped(
    polygon: Sequence[tuple[float, float]], zero: float, *, above: bool
) -> list[tuple[float, float]]:
    """The part of ``polygon`` above (or below) the line ``y = zero`` (Sutherland-Hodgman
    against one edge)."""

    def inside(point: tuple[float, float]) -> bool:
        return point[1] <= zero if above else point[1] >= zero

    out: list[tuple[float, float]] = []
    for k, start in enumerate(polygon):
        end = polygon[(k + 1) % len(polygon)]
        if inside(start):
            out.append(start)
        if inside(start) != inside(end):
            t = (zero - start[1]) / (end[1] - start[1])
            out.append((start[0] + t * (end[0] - start[0]), zero))
    return out


def _wrapped(canvas: _Canvas, text: str, width: float) -> tuple[list[str], int]:
    """``text`` in at most two lines of ``width`` (its title size, smaller when it must be);
    the lines and the size. What still does not fit (a word wider than the panel, a third
    line) is cut with an ellipsis."""
    words = _clean(text).split(" ")
    for size in range(TITLE_SIZE, TITLE_MIN_SIZE - 1, -1):
        lines: list[str] = []
        for word in words:
            wider = f"{lines[-1]} {word}" if lines else word
            if lines and canvas.width_of(wider, True, size) <= width:
                lines[-1] = wider
            else:
                lines.append(word)
        if len(lines) <= 2 and all(canvas.width_of(x, True, size) <= width for x in lines):
            return lines, size
    if len(lines) > 2:  # the rest of the text is left out, and the cut says so
        lines = [lines[0], f"{lines[1]} {' '.join(lines[2:])}"]
    for k, line in enumerate(lines):
        while canvas.width_of(line, True, TITLE_MIN_SIZE) > width and len(line) > 1:
            line = line[:-2] + "\u2026"
        lines[k] = line
    return lines, TITLE_MIN_SIZE


def _title(canvas: _Canvas, text: str, left: float, width: float) -> float:
    """Draws a title (wrapped) at the top of a panel; returns where it ends."""
    lines, size = _wrapped(canvas, text, width)
    y: float = PAD
    for line in lines:
        box = canvas.text((left, y), line, size=size, fill=TITLE, bold=True)
        y = max(y + size * 1.2, box[3])
    return y


def stats_chart(
    nets: Sequence[int],
    bars: Sequence[Bar],
    *,
    line_title: str,
    x_caption: str,
    bars_title: str,
    bars_caption: str,
    bars_top: float,
    number: Callable[[int], str] = _plain,
) -> Chart:
    """The picture of the running net over ``nets`` (each hand's or tournament's net, oldest
    first; the last ``MAX_POINTS``) and of ``bars`` (scaled so ``bars_top`` fills the panel);
    ``number`` writes a whole number in the reader's format."""
    with faces.text_lock():
        return _chart(nets, bars, line_title, x_caption, bars_title, bars_caption, bars_top, number)


def _bars_left(canvas: _Canvas, bars: Sequence[Bar]) -> int:
    """Where the bar panel begins: ``BARS_LEFT``, or further left when its bars' labels (a
    large field's ranges of places: ``54–60``) need wider slots than that leaves."""
    widest = max((canvas.width_of(_clean(bar.label), False, TICK_SIZE) for bar in bars), default=0)
    slot = widest + GAP
    return min(BARS_LEFT, math.floor(WIDTH - PAD - slot * len(bars)))


def _chart(
    nets: Sequence[int],
    bars: Sequence[Bar],
    line_title: str,
    x_caption: str,
    bars_title: str,
    bars_caption: str,
    bars_top: float,
    number: Callable[[int], str],
) -> Chart:
    series = running(list(nets)[-MAX_POINTS:])
    count = len(series) - 1
    image = Image.new("RGB", (WIDTH * SCALE, HEIGHT * SCALE), BACKGROUND)
    canvas = _Canvas(image)
    canvas.rounded((0, 0, WIDTH - 1, HEIGHT - 1), CORNER, BACKGROUND, FRAME, 1.5)
    bars_left = _bars_left(canvas, bars)
    line_right = bars_left - PANEL_GAP

    # The net panel: its total at the top right, its title beside it.
    total = _signed(series[-1], number)
    total_width = canvas.width_of(total, True, TITLE_SIZE)
    canvas.text((line_right, PAD), total, size=TITLE_SIZE, fill=LINE, bold=True, anchor="ra")
    title_end = _title(canvas, line_title, PAD, line_right - PAD - total_width - 2 * GAP)
    y_ticks = nice_ticks(min(series), max(series), MOST_Y_TICKS)
    x_ticks = hand_ticks(count)
    labels = [_signed(v, number) for v in y_ticks]
    label_width = max(canvas.width_of(x, False, TICK_SIZE) for x in labels)
    plot_left = PAD + math.ceil(label_width) + GAP
    plot_top = title_end + 2 * GAP + 4
    caption_top = HEIGHT - PAD - CAPTION_SIZE * 1.2
    tick_top = caption_top - GAP // 2 - TICK_SIZE * 1.25
    plot_bottom = tick_top - GAP // 2
    canvas.rect((plot_left, plot_top, line_right, plot_bottom), PLOT)

    def x_of(k: int) -> float:
        return plot_left + INSET + k * (line_right - plot_left - 2 * INSET) / max(1, count)

    def y_of(v: int) -> float:
        low, high = y_ticks[0], y_ticks[-1]
        inner = plot_bottom - plot_top - 2 * INSET
        return plot_bottom - INSET - (v - low) * inner / (high - low)

    for value, label in zip(y_ticks, labels, strict=True):
        y = y_of(value)
        if value:
            canvas.line([(plot_left, y), (line_right, y)], GRID, 1)
        canvas.text((plot_left - GAP, y), label, size=TICK_SIZE, fill=MUTED, anchor="rm")
    for k in x_ticks:
        x = x_of(k)
        canvas.line([(x, plot_bottom), (x, plot_bottom + 4)], MUTED, 1)
        canvas.text((x, tick_top), number(k), size=TICK_SIZE, fill=MUTED, anchor="ma")
    centre = (plot_left + line_right) / 2
    canvas.text(
        (centre, caption_top), _clean(x_caption), size=CAPTION_SIZE, fill=MUTED, anchor="ma"
    )
    zero = y_of(0)
    path = [(x_of(k), y_of(v)) for k, v in enumerate(series)]
    # The area between the line and zero: gold above, red below.
    area = [(path[0][0], zero), *path, (path[-1][0], zero)]
    canvas.polygon(_clipped(area, zero, above=True), ABOVE)
    canvas.polygon(_clipped(area, zero, above=False), BELOW)
    canvas.line([(plot_left, zero), (line_right, zero)], ZERO, 1.5)
    canvas.line(path, LINE, LINE_WIDTH)
    for k, (x, y) in enumerate(path[1:], start=1):
        canvas.dot(x, y, LAST_DOT_RADIUS if k == count else DOT_RADIUS, LINE, PLOT)

    # The bar panel: bars standing on the same baseline as the plot's bottom.
    bars_right = WIDTH - PAD
    title_end = _title(canvas, bars_title, bars_left, bars_right - bars_left)
    bars_top_y = max(title_end + GAP, plot_top + INSET) + VALUE_SIZE * 1.4
    base = plot_bottom - INSET
    slot = (bars_right - bars_left) / max(1, len(bars))
    canvas.line([(bars_left, base), (bars_right, base)], ZERO, 1.5)
    for index, bar in enumerate(bars):
        middle = bars_left + slot * (index + 0.5)
        half = min(slot * 0.32, 26)
        if bar.value is not None and bar.value > 0:
            height = (base - bars_top_y) * min(1.0, bar.value / bars_top) if bars_top else 0
            top = base - max(height, 3)
            canvas.rounded((middle - half, top, middle + half, base), 4, BAR, BAR_EDGE, 1)
        else:
            top = base
        value_y = top - GAP // 2
        colour = TITLE if bar.value is not None else MUTED
        canvas.text(
            (middle, value_y),
            _clean(bar.text),
            size=VALUE_SIZE,
            fill=colour,
            bold=True,
            anchor="md",
        )
        canvas.text((middle, tick_top), _clean(bar.label), size=TICK_SIZE, fill=MUTED, anchor="ma")
    centre = (bars_left + bars_right) / 2
    canvas.text(
        (centre, caption_top), _clean(bars_caption), size=CAPTION_SIZE, fill=MUTED, anchor="ma"
    )

    picture = image.reduce(SCALE)
    picture.putalpha(_corners())
    points = tuple((math.floor(x), math.floor(y)) for x, y in path[1:])
    info = PngImagePlugin.PngInfo()
    info.add_text("series", ",".join(str(v) for v in series))
    info.add_text("points", ";".join(f"{x},{y}" for x, y in points))
    out = io.BytesIO()
    picture.save(out, format="PNG", pnginfo=info, compress_level=1)
    return Chart(
        png=out.getvalue(),
        series=series,
        points=points,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        texts=tuple(canvas.texts),
        plot=(plot_left, round(plot_top), line_right, round(plot_bottom)),
    )

"""The stats picture (``bot.art.chart``): the net line from 0 with one point per hand, round
ticks with the reader's thousands separator, a line that keeps clear of its frame, every label
whole inside the picture and apart from the others (in every language's titles), colours that
read on the felt, an opaque panel on Discord's dark and light themes."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

import pytest

from bot.art import chart
from bot.art.chart import MAX_POINTS, Bar, Chart, hand_ticks, nice_ticks, running, stats_chart
from bot.features.stats.report import place_ranges
from bot.messages import LANGUAGES, number, speaking, t
from tests.art._helpers import decode

DRAWS = [Bar("1", 1.6, "1.6"), Bar("2", 0.8, "0.8"), Bar("3", None, "—")]


def draw(
    nets: list[int],
    bars: list[Bar] = DRAWS,
    *,
    line_title: str = "Net over the last hands",
    x_caption: str = "Hand",
    bars_title: str = "Cards drawn per draw",
    bars_caption: str = "Draw",
    number: Callable[[int], str] = "{:,}".format,
) -> Chart:
    top = 5.0 if bars is DRAWS else max([1.0, *(b.value or 0.0 for b in bars)])
    return stats_chart(
        nets,
        bars,
        line_title=line_title,
        x_caption=x_caption,
        bars_title=bars_title,
        bars_caption=bars_caption,
        bars_top=top,
        number=number,
    )


def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_labels(picture: Chart) -> None:
    """Every text inside the picture (inside its rounded corners' margin) and none on another."""
    width, height = picture.size
    for text in picture.texts:
        left, top, right, bottom = text.box
        assert left >= 4 and right <= width - 4 and top >= 4 and bottom <= height - 4, text
    for a, b in itertools.combinations(picture.texts, 2):
        assert not overlap(a.box, b.box), (a, b)


def test_the_line_starts_at_zero_with_one_point_per_hand() -> None:
    nets = [-20, 40, -10, 30, -5, -70, 15]
    picture = draw(nets)
    assert picture.series == (0, -20, 20, 10, 40, 35, -35, -20) == running(nets)
    assert len(picture.points) == len(nets)
    image = decode(picture.png)
    assert image.size == (800, 400)
    assert image.info["series"] == "0,-20,20,10,40,35,-35,-20"
    assert image.info["points"] == ";".join(f"{x},{y}" for x, y in picture.points)
    pixels = image.convert("RGBA")
    for x, y in picture.points:  # each hand's point is drawn, in the line's gold
        assert pixels.getpixel((x, y)) == (*chart.LINE, 255)
    xs = [x for x, _ in picture.points]
    assert xs == sorted(set(xs))
    assert picture.x_ticks == (0, 1, 2, 3, 4, 5, 6, 7)
    assert picture.y_ticks == (-40, -20, 0, 20, 40)
    labels = {text.text for text in picture.texts}
    assert {"-40", "-20", "0", "+20", "+40", "7", "Hand"} <= labels


def test_the_points_keep_clear_of_the_plots_frame() -> None:
    for nets in ([-70], [500, -30, 200], [1] * 50, [-(10**6)] * 3, [0, 0], []):
        picture = draw(nets)
        left, top, right, bottom = picture.plot
        for x, y in picture.points:
            assert left + chart.INSET - 1 <= x <= right - chart.INSET
            assert top + chart.INSET - 1 <= y <= bottom - chart.INSET
        check_labels(picture)


def test_only_the_last_hands_are_drawn_from_zero() -> None:
    nets = [(-1) ** k * (k * 7 % 40) for k in range(80)]
    picture = draw(nets)
    assert picture.series == running(nets[-MAX_POINTS:])
    assert len(picture.points) == MAX_POINTS and picture.x_ticks == (0, 10, 20, 30, 40, 50)


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [
        (-35, 100, (-50, 0, 50, 100)),
        (0, 0, (-1, 0, 1)),
        (-70, 0, (-80, -60, -40, -20, 0)),
        (-1815, 6139, (-2000, 0, 2000, 4000, 6000, 8000)),
        (0, 7, (0, 2, 4, 6, 8)),
        (0, 230, (0, 50, 100, 150, 200, 250)),
    ],
)
def test_y_ticks_are_round_and_cover_the_line(low: int, high: int, ticks: tuple[int, ...]) -> None:
    assert nice_ticks(low, high, 6) == ticks


@pytest.mark.parametrize(
    ("count", "ticks"),
    [
        (1, (0, 1)),
        (7, tuple(range(8))),
        (12, (0, 2, 4, 6, 8, 10, 12)),
        (50, tuple(range(0, 51, 10))),
    ],
)
def test_x_ticks_are_hand_numbers_up_to_the_last(count: int, ticks: tuple[int, ...]) -> None:
    assert hand_ticks(count) == ticks


def test_tick_labels_use_the_readers_thousands_separator() -> None:
    nets = [2500, -900, 4000]
    with speaking("sv"):
        picture = draw(nets, number=number)
    labels = {text.text for text in picture.texts}
    assert {"+2\u00a0000", "+4\u00a0000", "+5\u00a0600"} <= labels, labels


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_label_is_whole_in_each_language(language: str) -> None:
    with speaking(language):
        cash = draw(
            [30, -20, 1200, -4000, 90] * 10,
            line_title=t("chart_net", count=50),
            x_caption=t("chart_hand_axis"),
            bars_title=t("chart_drawn"),
            bars_caption=t("chart_draw_axis"),
            number=number,
        )
        places = [Bar(str(k), n, str(n)) for k, n in enumerate([3, 0, 12, 1, 1, 0], 1)]
        sng = draw(
            [-100, 250, -100],
            places,
            line_title=t("chart_sng_net", count=3),
            x_caption=t("chart_sng_axis"),
            bars_title=t("chart_places"),
            bars_caption=t("chart_place_axis"),
            number=number,
        )
        ranges = [f"{a}\u2013{b}" if a != b else str(a) for a, b in place_ranges(60)]
        mtt = draw(
            [-100, 250, -100] * 15,
            [Bar(label, n, str(n)) for label, n in zip(ranges, [1, 0, 2, 30, 11, 9], strict=True)],
            line_title=t("chart_sng_net", count=45),
            x_caption=t("chart_sng_axis"),
            bars_title=t("chart_places"),
            bars_caption=t("chart_place_axis"),
            number=number,
        )
    for picture in (cash, sng, mtt):
        check_labels(picture)
    assert sng.plot[2] == cash.plot[2] == chart.LINE_RIGHT  # six places fit as it is
    assert mtt.plot[2] < cash.plot[2]  # a large field's ranges of places widen it


def test_a_title_too_long_for_its_panel_is_wrapped_not_clipped() -> None:
    long = "Kártyák átlagos száma cserénként a legutóbbi időszak összes leosztásában"
    picture = draw([5, -5], line_title=long * 2, bars_title=long)
    check_labels(picture)
    drawn = " ".join(text.text for text in picture.texts)
    assert "Kártyák átlagos száma" in drawn


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    def luminance(c: tuple[int, int, int]) -> float:
        def linear(v: int) -> float:
            s = v / 255
            return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

        r, g, b_ = (linear(v) for v in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_its_colours_read_on_its_own_ground_in_either_theme() -> None:
    """Text and line on the felt meet WCAG's 4.5:1 (large text 3:1); the panel is opaque, so
    Discord's dark (#313338) or light (#ffffff) theme shows only around its rounded corners."""
    assert contrast(chart.TITLE, chart.BACKGROUND) >= 4.5
    assert contrast(chart.MUTED, chart.BACKGROUND) >= 4.5
    assert contrast(chart.MUTED, chart.PLOT) >= 4.5
    assert contrast(chart.LINE, chart.PLOT) >= 4.5
    assert contrast(chart.LINE, chart.BACKGROUND) >= 3.0
    assert contrast(chart.BAR, chart.BACKGROUND) >= 4.5
    image = decode(draw([10, -20]).png).convert("RGBA")
    alpha = image.getchannel("A")
    inner = alpha.crop((chart.CORNER, chart.CORNER, 800 - chart.CORNER, 400 - chart.CORNER))
    assert inner.getextrema() == (255, 255)
    assert alpha.getpixel((0, 0)) == 0  # a rounded corner


def test_the_chart_is_quick() -> None:
    nets = [(-1) ** k * (k * 7 % 40) for k in range(80)]
    draw(nets)  # fonts loaded
    started = time.perf_counter()
    draw(nets)
    assert time.perf_counter() - started < 0.5

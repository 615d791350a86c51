"""The final standings of a sit-and-go: one row per player by place then name, prizes in the
text chunk, gold bar on the winner's row, any display name clipped to its column."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from bot.art import Standing, standings_png
from bot.art.standings import (
    ACCENT,
    BACKGROUND,
    BADGES,
    MAX_ROWS,
    NAME_RIGHT,
    NAME_X,
    PAD,
    ROW_BACKGROUND,
    WIDTH,
    accent_box,
    name_column,
    parse_standings,
    row_box,
    standings_size,
)

from ._helpers import decode, rgb

WORDS = {
    "title": "Sit-and-go #12 — final standings",
    "prize_label": "Prize",
    "house_label": "house",
    "pool_line": "Prize pool 400 · 4 players",
}


def _png(standings: list[Standing], **words: str) -> bytes:
    return standings_png(standings, **{**WORDS, **words})


def _chunk(image: Image.Image) -> list[tuple[int, str, int]]:
    return parse_standings(str(image.info["standings"]))


def _pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    value = rgb(image).getpixel(xy)
    assert isinstance(value, tuple)
    return (value[0], value[1], value[2])


def test_four_players_in_place_order() -> None:
    standings = [
        Standing(3, "Carol", 0),
        Standing(1, "Alice", 1_200),
        Standing(4, "Dave", 0, house=True),
        Standing(2, "Bob", 400),
    ]
    image = decode(_png(standings))
    assert image.size == standings_size(4) == (WIDTH, image.height)
    assert image.info["rows"] == "4"
    assert image.info["house"] == "3"
    assert _chunk(image) == [(1, "Alice", 1200), (2, "Bob", 400), (3, "Carol", 0), (4, "Dave", 0)]
    assert image.info["standings"] == "1:Alice:1200;2:Bob:400;3:Carol:0;4:Dave:0"


def test_six_players_size_and_badges() -> None:
    standings = [Standing(p, f"P{p}", (7 - p) * 1_000 if p <= 2 else 0) for p in range(6, 0, -1)]
    image = decode(_png(standings, pool_line="Prize pool 6,000 · 6 players"))
    assert image.size == standings_size(6)
    assert image.height > standings_size(4)[1]
    assert [row[0] for row in _chunk(image)] == [1, 2, 3, 4, 5, 6]
    assert _chunk(image)[0][2] == 6_000
    colours = {colour for _, colour in rgb(image).getcolors(1 << 16) or []}
    assert set(BADGES.values()) <= colours, "gold, silver and bronze badges"
    bottom = row_box(5)[3]
    assert bottom <= image.height


def test_winner_row_has_the_accent() -> None:
    image = decode(_png([Standing(2, "Bob", 0), Standing(1, "Alice", 400)]))
    for row in range(2):
        x0, y0, _, y1 = accent_box(row)
        spot = (x0 + 2, (y0 + y1) // 2)
        assert (_pixel(image, spot) == ACCENT) == (row == 0), row
    x0, y0, _, y1 = accent_box(1)
    assert _pixel(image, (x0 + 2, (y0 + y1) // 2)) == ROW_BACKGROUND


def test_tie_for_third_shares_the_place() -> None:
    standings = [
        Standing(1, "Alice", 300),
        Standing(2, "Bob", 100),
        Standing(3, "zed", 0),
        Standing(3, "Carol", 0),
    ]
    image = decode(_png(standings))
    assert _chunk(image) == [(1, "Alice", 300), (2, "Bob", 100), (3, "Carol", 0), (3, "zed", 0)]
    bronze = BADGES[3]
    for row in (2, 3):
        assert bronze in {c for _, c in rgb(image, row_box(row)).getcolors(1 << 16) or []}, row


def test_long_and_non_latin_names_stay_in_their_column() -> None:
    names = [
        "W" * 200,
        "Владимир Владимирович Длинноимённый-Пожалуйста",
        "🃏🂡 Ace of 🔥🔥🔥 spades 🂮🂭🂫🂪🂩🂨🂧🂦🂥🂤🂣🂢",
        "a:b;c%3Ad\u200b\x00\ud800",
        "日本語のとても長い名前です日本語のとても長い名前です",
        "مرحبا بالعالم اسم طويل جدا جدا جدا",
    ]
    standings = [
        Standing(i + 1, n, 10**9 if i == 0 else 0, house=i == 1) for i, n in enumerate(names)
    ]
    image = decode(_png(standings, house_label="maison de la maison de la maison"))
    assert image.size == standings_size(6)
    parsed = _chunk(image)
    assert parsed[3] == (4, "a:b;c%3Ad", 0)
    assert parsed[0][2] == 10**9
    # A reference picture with empty names differs from this one only inside the name column
    # (and the text chunk): nothing of a name spills into the badge or the prize column.
    blank = decode(
        _png(
            [Standing(s.place, "", s.prize, s.house) for s in standings],
            house_label="maison de la maison de la maison",
        )
    )
    for row in range(6):
        left, top, right, bottom = row_box(row)
        x0, _, x1, _ = name_column(row)
        assert (
            rgb(image, (left, top, x0, bottom)).tobytes()
            == rgb(blank, (left, top, x0, bottom)).tobytes()
        ), row
        assert (
            rgb(image, (x1, top, right, bottom)).tobytes()
            == rgb(blank, (x1, top, right, bottom)).tobytes()
        ), row
        drawn = rgb(image, name_column(row)).getcolors(1 << 16) or []
        assert len(drawn) > 1, f"row {row} draws something for its name"


def test_house_marker_drawn_after_the_name() -> None:
    plain = decode(_png([Standing(1, "Alice", 10), Standing(2, "Bot", 0)]))
    house = decode(_png([Standing(1, "Alice", 10), Standing(2, "Bot", 0, house=True)]))
    assert house.info["house"] == "1"
    assert rgb(plain, row_box(0)).tobytes() == rgb(house, row_box(0)).tobytes()
    assert rgb(plain, name_column(1)).tobytes() != rgb(house, name_column(1)).tobytes()


def test_prizes_use_thousands_separators() -> None:
    short = decode(_png([Standing(1, "A", 1000), Standing(2, "B", 0)]))
    plain = decode(_png([Standing(1, "A", 100), Standing(2, "B", 0)]))
    # "1,000" reaches further left than "100" from the same right edge, within the prize column.
    x0, top, right, bottom = NAME_RIGHT, row_box(0)[1], row_box(0)[2], row_box(0)[3]
    box = (x0, top, right, bottom)
    left_ink = [
        min(
            x
            for x in range(box[2] - box[0])
            for y in range(box[3] - box[1])
            if im.getpixel((x, y)) != ROW_BACKGROUND
        )
        for im in (rgb(short, box), rgb(plain, box))
    ]
    assert left_ink[0] < left_ink[1]


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        _png([])
    with pytest.raises(ValueError):
        _png([Standing(i + 1, str(i), 0) for i in range(MAX_ROWS + 1)])
    with pytest.raises(ValueError):
        _png([Standing(0, "A", 0)])
    with pytest.raises(ValueError):
        _png([Standing(1, "A", -1)])


def test_quick_and_background_outside_rows() -> None:
    standings = [Standing(p, f"Player {p}", 1000 * (6 - p)) for p in range(1, 7)]
    _png(standings)  # fonts loaded
    started = time.perf_counter()
    for _ in range(10):
        png = _png(standings)
    per_picture = (time.perf_counter() - started) / 10
    assert per_picture < 0.05, per_picture
    image = Image.open(io.BytesIO(png))
    assert _pixel(image, (PAD // 2, row_box(0)[1] + 5)) == BACKGROUND
    assert NAME_X < NAME_RIGHT

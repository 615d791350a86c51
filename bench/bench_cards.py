"""Card pictures: how long they take to draw and how big they are.

Run from the repository root: ``python -m bench.bench_cards [SAMPLES]`` (or
``python bench/bench_cards.py``). Prints the median and p99 of: building every sprite sheet
from nothing (fonts loaded, 52 faces at two sizes in both colour schemes), composing and
encoding one hand picture with the cache bypassed, a showdown of six hands, a cached hand, and
one card emoji; with the PNG sizes. The goals (issue 12): a hand under 5 ms and 60 KB, a
showdown of six under 15 ms (with its name labels drawn afresh, and with them cached as they
are at a table where the same players play hand after hand). Then the PNG encoder settings
tried, on the same pictures.
"""

from __future__ import annotations

import gc
import io
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image

from bot.art import compose, faces
from bot.engine.cards import CARDS, Card
from bot.engine.evaluator import hand_name

HAND_GOAL_MS = 5.0
HAND_GOAL_BYTES = 60_000
SHOWDOWN_GOAL_MS = 15.0
NAMES = ("Alice", "Bob the Builder", "Zoë Ørsted", "山田太郎", "x" * 32, "Carol \U0001f0cf")


def _times(run: Callable[[int], object], samples: int) -> list[float]:
    """Milliseconds of ``run(i)`` for i in range(samples), with the collector off."""
    out: list[float] = []
    gc.disable()
    try:
        for i in range(samples):
            start = time.perf_counter()
            run(i)
            out.append((time.perf_counter() - start) * 1000)
    finally:
        gc.enable()
    return out


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def _line(label: str, values: list[float], extra: str = "") -> None:
    print(
        f"{label:<34} median {statistics.median(values):7.3f} ms  p99 {_p99(values):7.3f} ms"
        f"  min {min(values):7.3f} ms{extra}"
    )


def _deals(count: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(CARDS, 5)) for _ in range(count)]


def _showdowns(count: int, seed: int) -> list[list[compose.ShownHandArt]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = rng.sample(CARDS, 30)
        hands = [tuple(deck[i * 5 : i * 5 + 5]) for i in range(6)]
        out.append(
            [
                compose.ShownHandArt(NAMES[i], h, hand_name(h), winner=i == 0)
                for i, h in enumerate(hands)
            ]
        )
    return out


def _cold_build() -> float:
    faces.clear_sprites()
    start = time.perf_counter()
    faces.build_sprites()
    return (time.perf_counter() - start) * 1000


_ENCODINGS: tuple[dict[str, object], ...] = (
    {"compress_level": 1},
    {"compress_level": 3},
    {"compress_level": 6},
    {"compress_level": 9},
    {"compress_level": 6, "optimize": True},
)


def _encoding(canvases: Sequence[Image.Image], settings: dict[str, object]) -> tuple[float, float]:
    """Median milliseconds and bytes of saving each canvas as PNG with ``settings``."""
    sizes: list[int] = []

    def encode(i: int) -> None:
        buffer = io.BytesIO()
        canvases[i].save(buffer, "PNG", **settings)
        sizes.append(buffer.tell())

    return statistics.median(_times(encode, len(canvases))), statistics.median(sizes)


def main(samples: int = 400) -> None:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} CPUs, load average {load} (medians grow with other work)")
    builds = [_cold_build() for _ in range(5)]
    _line("sprite build, cold (4 sheets)", builds)
    for i in range(20):  # untimed warm-up of the hand path
        compose.hand_image(CARDS[i : i + 5])

    deals = _deals(samples, seed=1)
    rng = random.Random(2)
    marks = [frozenset(rng.sample(d, rng.randint(0, 3))) for d in deals]
    news = [frozenset(rng.sample(d, rng.randint(0, 3))) for d in deals]
    sizes: list[int] = []

    def uncached_hand(i: int) -> None:
        compose.clear_hand_cache()
        sizes.append(len(compose.hand_image(deals[i], marked=marks[i], new=news[i])))

    hand_ms = _times(uncached_hand, samples)
    _line(
        "hand picture, uncached",
        hand_ms,
        f"   PNG median {statistics.median(sizes):,.0f} B, max {max(sizes):,} B",
    )

    four = _times(
        lambda i: compose.hand_image(deals[i], marked=marks[i], four_colour=True), samples
    )
    _line("hand picture, four colours", four)

    compose.hand_image(deals[0], marked=marks[0], new=news[0])
    hits = _times(lambda i: compose.hand_image(deals[0], marked=marks[0], new=news[0]), samples)
    _line("hand picture, cache hit", hits)

    shows = _showdowns(max(50, samples // 4), seed=3)
    show_sizes: list[int] = []

    def showdown(i: int, *, cold_labels: bool) -> None:
        if cold_labels:
            compose.clear_label_cache()
        show_sizes.append(len(compose.showdown_image(shows[i % len(shows)])))

    for i in range(20):  # untimed warm-up: FreeType's first renders of each glyph are slower
        showdown(i, cold_labels=True)
    show_sizes.clear()
    show_ms = _times(lambda i: showdown(i, cold_labels=True), len(shows))
    _line(
        "showdown of six, labels uncached",
        show_ms,
        f"   PNG median {statistics.median(show_sizes):,.0f} B, max {max(show_sizes):,} B",
    )
    warm_ms = _times(lambda i: showdown(i, cold_labels=False), len(shows))
    _line("showdown of six, labels cached", warm_ms)

    emoji_sizes: list[int] = []
    emoji_ms = _times(
        lambda i: emoji_sizes.append(len(compose.card_emoji_image(CARDS[i % 52]))), 52
    )
    _line("card emoji (128x128)", emoji_ms, f"   PNG max {max(emoji_sizes):,} B")

    print()
    print("PNG settings (median ms, median bytes) for the same pictures:")
    hand_pictures = [compose.hand_image(deals[i], marked=marks[i], new=news[i]) for i in range(60)]
    show_pictures = [compose.showdown_image(shows[i]) for i in range(20)]
    for label, pictures in (("hand", hand_pictures), ("showdown", show_pictures)):
        canvases = []
        for png in pictures:
            im = Image.open(io.BytesIO(png))
            im.load()
            canvases.append(im)
        for settings in _ENCODINGS:
            ms, size = _encoding(canvases, settings)
            print(f"  {label:<9} {settings!s:<42} {ms:7.3f} ms  {size:8,.0f} B")

    print()
    hand_ok = statistics.median(hand_ms) < HAND_GOAL_MS and max(sizes) < HAND_GOAL_BYTES
    show_ok = statistics.median(show_ms) < SHOWDOWN_GOAL_MS
    print(
        f"goals: hand < {HAND_GOAL_MS} ms and < {HAND_GOAL_BYTES:,} B: "
        f"{'met' if hand_ok else 'MISSED'}; showdown of six < {SHOWDOWN_GOAL_MS} ms: "
        f"{'met' if show_ok else 'MISSED'}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)

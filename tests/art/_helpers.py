"""Helpers for card art tests: decode pictures, compare regions, name hands."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from bot.engine.cards import Card, parse_cards


def decode(png: bytes) -> Image.Image:
    """The PNG as Pillow reads it (checked to be a PNG)."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    image.load()
    return image


def rgb(image: Image.Image, box: tuple[int, int, int, int] | None = None) -> Image.Image:
    """The image (or the region ``box``) in RGB, for comparing what a person would see."""
    return (image.crop(box) if box else image).convert("RGB")


def same_pixels(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and rgb(a).tobytes() == rgb(b).tobytes()


def same_card(region: Image.Image, sprite: Image.Image, felt: int) -> bool:
    """The card in ``sprite`` (a ``P`` image) is drawn in ``region``: every pixel that is not felt
    in the sprite (its rounded corners may hold a new card's frame) is the same colour."""
    assert region.size == sprite.size
    seen, drawn = rgb(region).tobytes(), rgb(sprite).tobytes()
    for i, index in enumerate(sprite.tobytes()):
        if index != felt and seen[3 * i : 3 * i + 3] != drawn[3 * i : 3 * i + 3]:
            return False
    return True


def diff_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    """The bounding box of every pixel that differs (None if none does)."""
    assert a.size == b.size
    return ImageChops.difference(rgb(a), rgb(b)).getbbox()


def inside(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def hand(text: str) -> list[Card]:
    """``hand("Kd Jh Ts 9c 2s")``."""
    return parse_cards(text)


def indices(image: Image.Image, box: tuple[int, int, int, int] | None = None) -> set[int]:
    """Palette indices used in a ``P`` image (or a region of it)."""
    assert image.mode == "P"
    region = image.crop(box) if box else image
    return set(region.tobytes())

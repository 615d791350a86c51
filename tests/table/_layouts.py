"""Reading a rendered Components V2 layout in unit tests as a player reads the message: its
heading, its sections by their bold heading line, its text, its buttons, its limits."""

from __future__ import annotations

import json
from typing import Any

from bot.ui.layout import MAX_COMPONENTS, MAX_TEXT, PlainLayout, count_components, text_length
from tests.discord_double.reading import Layout, read_layout

V2 = 1 << 15


def read(layout: PlainLayout) -> Layout:
    """The layout flattened as the double's reader flattens a V2 message."""
    return read_layout({"components": layout.to_components(), "flags": V2})


def heading(layout: PlainLayout) -> str:
    """The ``### `` heading line, without its marks."""
    line = read(layout).line("### ")
    assert line is not None, layout.to_components()
    return line.removeprefix("### ")


def section(layout: PlainLayout, name: str) -> str | None:
    """The text under the section headed ``**name**`` (as an embed's field by its name), or
    None when there is no such section."""
    for text in read(layout).texts:
        first, _, rest = text.partition("\n")
        if first == f"**{name}**":
            return rest
    return None


def headings(layout: PlainLayout) -> list[str]:
    """Every section's heading, in reading order."""
    out = []
    for text in read(layout).texts:
        first = text.partition("\n")[0]
        if first.startswith("**") and first.endswith("**") and len(first) > 4:
            out.append(first[2:-2])
    return out


def as_json(layout: PlainLayout) -> str:
    """Everything the message carries (texts, ids, labels) as one string."""
    return json.dumps(layout.to_components(), ensure_ascii=False)


def buttons(layout: PlainLayout) -> list[dict[str, Any]]:
    """Every button, as Discord receives it."""
    found: list[dict[str, Any]] = []

    def walk(components: list[dict[str, Any]]) -> None:
        for component in components:
            if component.get("type") == 2:
                found.append(component)
            walk(component.get("components", []))

    walk(layout.to_components())
    return found


def within_limits(layout: PlainLayout) -> bool:
    """Whether Discord takes the message: at most 40 components and 4,000 characters."""
    components = layout.to_components()
    return count_components(components) <= MAX_COMPONENTS and text_length(components) <= MAX_TEXT

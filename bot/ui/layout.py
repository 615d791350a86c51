"""Components V2 messages as the dealer sends them: a ``PlainLayout`` of components already laid
out as Discord's JSON, built with the small constructors below, never a live discord.py view.

A Components V2 message (the flag ``IS_COMPONENTS_V2``, which discord.py sets when a view says
``has_components_v2()``) is made of components only: no content and no embeds, at most
``MAX_COMPONENTS`` components counting nested ones, at most ``MAX_TEXT`` characters over all its
text displays, and an edit can never remove the flag (a V2 message stays V2: a stub or a result
taking its place is a layout too). Pictures are shown by a media gallery inside the layout
(``attachment://name`` for a file uploaded with the message): a V2 message shows no attachment
that no component points at.

Why not discord.py's ``LayoutView`` with ``Container``/``TextDisplay`` items: as for
``PlainView`` (``bot/ui/views.py``), every click is dispatched once by the router, and items
linked to their parents and view are reference cycles the garbage collector must find, for
every message of every table. Discord's reference: developers/components/reference.mdx.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.ui.views import never_live

MAX_COMPONENTS = 40
"""Components in one V2 message, nested ones included."""
MAX_TEXT = 4000
"""Characters over all the text displays of one V2 message."""
ROW_WIDTH = 5
"""Buttons in one action row."""

ACTION_ROW = 1
BUTTON = 2
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
SEPARATOR = 14
CONTAINER = 17

Component = dict[str, Any]


class PlainLayout(discord.ui.LayoutView):
    """A Components V2 message's components, as Discord's JSON (``to_components``), which
    discord.py sends with the V2 flag and never files in its view store."""

    def __init__(self, components: Sequence[Component]) -> None:
        never_live(self)
        self._components = list(components)

    def to_components(self) -> list[Component]:
        return self._components

    def has_components_v2(self) -> bool:
        return True

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False

    def is_persistent(self) -> bool:
        return False


def text(content: str) -> Component:
    """A text display (markdown)."""
    return {"type": TEXT_DISPLAY, "content": content}


def separator(*, divider: bool = True, large: bool = False) -> Component:
    """A line (or only space, ``divider=False``) between two parts."""
    return {"type": SEPARATOR, "divider": divider, "spacing": 2 if large else 1}


def gallery(url: str, description: str | None = None) -> Component:
    """One picture (``attachment://name`` for a file sent with the message), with its alt
    text."""
    item: Component = {"media": {"url": url}}
    if description:
        item["description"] = description[:1024]
    return {"type": MEDIA_GALLERY, "items": [item]}


class Placeable(Protocol):
    """What ``rows`` lays out: a discord.py item or a ``Button``."""

    @property
    def row(self) -> int | None: ...
    def to_component_dict(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class Button:
    """A button as Discord receives it (``to_component_dict``) and the row it asks for, made
    without discord.py's ``ui.Button``: a private panel's eight or nine buttons are made for
    every change of the player's own state, and discord.py's buttons (each a component object
    filled slot by slot, then its dictionary) cost about 2.5 times as much: 62 µs against
    24 µs for a panel's buttons laid out in rows, on a quiet machine."""

    custom_id: str
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    disabled: bool = False
    emoji: discord.PartialEmoji | None = None
    row: int | None = None

    def to_component_dict(self) -> Component:
        """The same dictionary as discord.py's ``Button.to_component_dict``."""
        payload: Component = {"type": BUTTON, "style": self.style.value, "disabled": self.disabled}
        if self.label:
            payload["label"] = self.label
        payload["custom_id"] = self.custom_id
        if self.emoji:
            payload["emoji"] = self.emoji.to_dict()
        return payload


class Buttons(list[Button]):
    """Buttons in the order they were added, laid out in rows as Discord receives them
    (``to_components``, like a view's)."""

    def to_components(self) -> list[Component]:
        return rows(self)


def rows(items: Iterable[Placeable]) -> list[Component]:
    """Buttons in action rows: each in its ``row`` when it has one, else the first row with
    room, five to a row (as discord.py lays out a classic view)."""
    placed: dict[int, list[Component]] = {}
    for item in items:
        wanted = item.row
        row = wanted if wanted is not None else 0
        while len(placed.get(row, ())) >= ROW_WIDTH:
            if wanted is not None:
                raise ValueError(f"item would not fit at row {wanted}")
            row += 1
        placed.setdefault(row, []).append(item.to_component_dict())
    return [{"type": ACTION_ROW, "components": placed[row]} for row in sorted(placed)]


def container(children: Sequence[Component], colour: int | None = None) -> Component:
    """A box around ``children`` with an accent colour on its side."""
    box: Component = {"type": CONTAINER, "components": list(children)}
    if colour is not None:
        box["accent_color"] = colour
    return box


def count_components(components: Iterable[Component]) -> int:
    """Every component, nested ones included (what Discord counts against ``MAX_COMPONENTS``)."""
    total = 0
    for component in components:
        total += 1
        total += count_components(component.get("components", ()))
        accessory = component.get("accessory")
        if accessory is not None:
            total += 1
    return total


def text_length(components: Iterable[Component]) -> int:
    """Characters over every text display (what Discord counts against ``MAX_TEXT``)."""
    total = 0
    for component in components:
        if component.get("type") == TEXT_DISPLAY:
            total += len(component.get("content", ""))
        total += text_length(component.get("components", ()))
    return total


def notice(content: str, colour: int | None = None) -> PlainLayout:
    """A layout of one text in a container: what a V2 message becomes when it only says
    something (a stub pointing elsewhere, a closed table's words)."""
    return PlainLayout([container([text(content[:MAX_TEXT])], colour)])

"""Reading a message as its reader does: a Components V2 layout flattened, and dumped as text.

``read_layout(message)`` gives the text of every Text Display in order (what the reader reads,
top to bottom) and every button (custom_id, label, disabled, style), wherever it stands: in an
action row, as a section's accessory, inside a container. ``dump_message(message)`` draws the
component tree, one line per component indented by nesting, for notes and failing assertions.
Both take the message object the double stores (``double.current(...)``, ``event.payload``, an
interaction's ``original`` or ``followups``), or the ``data`` of an interaction callback.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from tests.discord_double.components_v2 import (
    ACTION_ROW,
    BUTTON,
    COMPONENT_NAMES,
    CONTAINER,
    FILE,
    MEDIA_GALLERY,
    SECTION,
    SELECTS,
    SEPARATOR,
    TEXT_DISPLAY,
    THUMBNAIL,
    is_v2,
    v2_text_length,
)
from tests.discord_double.models import iter_components

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ButtonState:
    """One button as its reader sees it."""

    custom_id: str | None
    label: str | None
    disabled: bool
    style: int
    emoji: str | None = None
    url: str | None = None


@dataclass(frozen=True)
class Layout:
    """A message flattened: its texts in reading order, its buttons, its pictures."""

    v2: bool
    texts: list[str]
    buttons: list[ButtonState]
    media: list[dict[str, Any]] = field(default_factory=list)
    """Each shown picture or file: ``url``, ``description`` (alt text), ``attachment_id``."""
    component_count: int = 0
    """Every component, nested ones included (Discord allows 40 in a V2 message)."""
    text_length: int = 0
    """Characters over all Text Displays (Discord allows 4,000 in a V2 message)."""
    unshown_attachments: list[str] = field(default_factory=list)
    """Filenames of a V2 message's attachments no component shows: its reader never sees them
    (Discord shows a V2 message's attachments only through a gallery, thumbnail or file)."""

    @property
    def text(self) -> str:
        """Every Text Display's content, in order, one after another on new lines."""
        return "\n".join(self.texts)

    @property
    def lines(self) -> list[str]:
        """Every line of every Text Display, in reading order."""
        return [line for text in self.texts for line in text.split("\n")]

    def line(self, prefix: str) -> str | None:
        """The first line starting with ``prefix`` (the V2 counterpart of reading an embed's
        field by name), or None."""
        return next((line for line in self.lines if line.startswith(prefix)), None)

    @property
    def custom_ids(self) -> list[str]:
        return [b.custom_id for b in self.buttons if b.custom_id is not None]

    @property
    def enabled(self) -> list[ButtonState]:
        return [b for b in self.buttons if not b.disabled]

    def button(self, target: str) -> ButtonState:
        """The button whose custom_id (or else label) is ``target``; KeyError if none is."""
        for attribute in ("custom_id", "label"):
            for candidate in self.buttons:
                if getattr(candidate, attribute) == target:
                    return candidate
        known = [(b.label, b.custom_id) for b in self.buttons]
        raise KeyError(f"no button {target!r} among {known}")


def read_layout(message: dict[str, Any] | None) -> Layout:
    """Flatten ``message`` (a stored message object or a callback's data)."""
    message = message or {}
    components = list(message.get("components") or [])
    texts: list[str] = []
    buttons: list[ButtonState] = []
    media: list[dict[str, Any]] = []
    for component in iter_components(components):
        kind = component.get("type")
        if kind == TEXT_DISPLAY:
            texts.append(str(component.get("content") or ""))
        elif kind == BUTTON:
            emoji = component.get("emoji") or {}
            buttons.append(
                ButtonState(
                    custom_id=component.get("custom_id"),
                    label=component.get("label"),
                    disabled=bool(component.get("disabled", False)),
                    style=int(component.get("style") or 0),
                    emoji=emoji.get("name") if isinstance(emoji, dict) else None,
                    url=component.get("url"),
                )
            )
        elif kind == THUMBNAIL:
            media.append(_media_entry(component.get("media"), component.get("description")))
        elif kind == MEDIA_GALLERY:
            for item in component.get("items") or []:
                media.append(_media_entry(item.get("media"), item.get("description")))
        elif kind == FILE:
            media.append(_media_entry(component.get("file"), component.get("name")))
    return Layout(
        v2=is_v2(message.get("flags")),
        unshown_attachments=_unshown(message, media),
        texts=texts,
        buttons=buttons,
        media=media,
        component_count=len(iter_components(components)),
        text_length=v2_text_length(components),
    )


def _unshown(message: dict[str, Any], media: list[dict[str, Any]]) -> list[str]:
    if not is_v2(message.get("flags")):
        return []
    shown = {str(m["attachment_id"]) for m in media if m.get("attachment_id")}
    return [
        str(a.get("filename"))
        for a in message.get("attachments") or []
        if str(a.get("id")) not in shown
    ]


def _media_entry(media: Any, description: Any) -> dict[str, Any]:
    media = media if isinstance(media, dict) else {}
    return {
        "url": media.get("url"),
        "description": description,
        "attachment_id": media.get("attachment_id"),
    }


def dump_message(message: dict[str, Any] | None) -> str:
    """The message as indented text: a header line, then one line per component (text
    displays with their lines indented below), then the attachments."""
    message = message or {}
    flags = int(message.get("flags") or 0)
    header = f"message {message.get('id', '?')} flags={flags}"
    if is_v2(flags):
        components = list(message.get("components") or [])
        header += (
            f" (IS_COMPONENTS_V2) · {len(iter_components(components))} components"
            f" · {v2_text_length(components)} characters of text"
        )
    lines = [header]
    if message.get("content"):
        lines.append("content:")
        lines.extend(f"  {line}" for line in str(message["content"]).splitlines())
    for embed in message.get("embeds") or []:
        lines.append(f"embed: {embed.get('title') or ''!s}")
    for component in message.get("components") or []:
        _dump(component, 1, lines)
    unshown = set(read_layout(message).unshown_attachments)
    for attachment in message.get("attachments") or []:
        name = attachment.get("filename")
        hidden = " (not shown: no component shows it)" if name in unshown else ""
        lines.append(f"attachment {name} ({attachment.get('size')} bytes){hidden}")
    return "\n".join(lines)


def dump_components(components: list[dict[str, Any]]) -> str:
    """Just the component tree of ``components`` (see ``dump_message``)."""
    lines: list[str] = []
    for component in components:
        _dump(component, 0, lines)
    return "\n".join(lines)


def _dump(component: dict[str, Any], depth: int, lines: list[str], prefix: str = "") -> None:
    pad = "  " * depth
    kind = component.get("type")
    name = COMPONENT_NAMES.get(kind, f"type {kind}") if isinstance(kind, int) else "?"
    ident = f" #{component['id']}" if component.get("id") else ""
    if kind == TEXT_DISPLAY:
        lines.append(f"{pad}{prefix}text{ident}:")
        lines.extend(f"{pad}  | {line}" for line in str(component.get("content") or "").split("\n"))
        return
    if kind == BUTTON:
        emoji = (component.get("emoji") or {}).get("name")
        label = " ".join(str(x) for x in (emoji, component.get("label")) if x)
        target = component.get("custom_id") or component.get("url") or ""
        state = " disabled" if component.get("disabled") else ""
        style = component.get("style")
        lines.append(f"{pad}{prefix}button{ident} [{label}] {target} style={style}{state}")
        return
    if kind in SELECTS:
        options = ", ".join(str(o.get("label")) for o in component.get("options") or [])
        lines.append(f"{pad}{prefix}{name}{ident} {component.get('custom_id')} [{options}]")
        return
    if kind == THUMBNAIL:
        lines.append(f"{pad}{prefix}thumbnail{ident} {_media_text(component.get('media'))}")
        _alt(component, pad, lines)
        return
    if kind == MEDIA_GALLERY:
        lines.append(f"{pad}{prefix}gallery{ident}")
        for item in component.get("items") or []:
            lines.append(f"{pad}  picture {_media_text(item.get('media'))}")
            _alt(item, pad + "  ", lines)
        return
    if kind == FILE:
        named = f" {component['name']}" if component.get("name") else ""
        lines.append(f"{pad}{prefix}file{ident}{named} {_media_text(component.get('file'))}")
        return
    if kind == SEPARATOR:
        divider = "divider" if component.get("divider", True) else "no divider"
        lines.append(
            f"{pad}{prefix}separator{ident} {divider} spacing={component.get('spacing', 1)}"
        )
        return
    extra = ""
    if kind == CONTAINER and component.get("accent_color") is not None:
        extra = f" accent=#{int(component['accent_color']):06x}"
    if component.get("spoiler"):
        extra += " spoiler"
    lines.append(f"{pad}{prefix}{'row' if kind == ACTION_ROW else name}{ident}{extra}")
    for child in component.get("components") or []:
        _dump(child, depth + 1, lines)
    accessory = component.get("accessory")
    if kind == SECTION and isinstance(accessory, dict):
        _dump(accessory, depth + 1, lines, prefix="accessory: ")


def _media_text(media: Any) -> str:
    if not isinstance(media, dict):
        return "(no media)"
    text = str(media.get("url"))
    if media.get("attachment_id"):
        text += f" (attachment {media['attachment_id']})"
    if media.get("width") and media.get("height"):
        text += f" {media['width']}x{media['height']}"
    return text


def _alt(item: dict[str, Any], pad: str, lines: list[str]) -> None:
    if item.get("description"):
        lines.append(f"{pad}  alt: {item['description']}")

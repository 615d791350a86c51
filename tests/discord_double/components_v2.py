"""Discord's rules for message components, Components V2 included, and how Discord echoes them.

A message sent with the flag IS_COMPONENTS_V2 (``1 << 15``) is made of components only: no
``content``, ``embeds``, ``sticker_ids`` or ``poll``; at most 40 components counting nested ones;
at most 4,000 characters over all its Text Displays; layout types where Discord allows them
(Section: 1-3 Text Displays and a Button or Thumbnail accessory; Container: action rows, texts,
sections, galleries, separators, files; Thumbnail only as an accessory). The flag cannot be
removed by an edit; a message without it may gain it only if the edit empties its content and
embeds. A message without the flag has at most 5 action rows of interactive components.
Sources: discord/discord-api-docs ``developers/components/reference.mdx`` and
``developers/resources/message.mdx`` (Edit Message), the changelog of 2025-04-29 (40 components),
discord-api-docs PR 8562 (4,000 characters of Text Display).

``message_problems`` says what Discord would refuse (the double answers 400 / 50035 with them);
``resolve_media`` fills the unfurled media items as Discord's echo does (``attachment://name`` →
the uploaded attachment's URL and id, a File component's name and size).
"""

from __future__ import annotations

import logging
import struct
from typing import Any

from tests.discord_double.models import MESSAGE_FLAG_COMPONENTS_V2, iter_components

log = logging.getLogger(__name__)

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECTS = (3, 5, 6, 7, 8)
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17

COMPONENT_NAMES = {
    ACTION_ROW: "action row",
    BUTTON: "button",
    STRING_SELECT: "string select",
    TEXT_INPUT: "text input",
    5: "user select",
    6: "role select",
    7: "mentionable select",
    8: "channel select",
    SECTION: "section",
    TEXT_DISPLAY: "text display",
    THUMBNAIL: "thumbnail",
    MEDIA_GALLERY: "media gallery",
    FILE: "file",
    SEPARATOR: "separator",
    CONTAINER: "container",
}

#: Where each type may stand in a V2 message.
V2_TOP_LEVEL = frozenset(
    {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
)
CONTAINER_CHILDREN = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR})
SECTION_CHILDREN = frozenset({TEXT_DISPLAY})
SECTION_ACCESSORIES = frozenset({BUTTON, THUMBNAIL})

MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000
MAX_LEGACY_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_GALLERY_ITEMS = 10
MAX_MEDIA_DESCRIPTION = 1024
ATTACHMENT_SCHEME = "attachment://"
BUTTON_STYLE_LINK = 5
BUTTON_STYLE_PREMIUM = 6


def is_v2(flags: int | None) -> bool:
    return bool(int(flags or 0) & MESSAGE_FLAG_COMPONENTS_V2)


def _name(component: dict[str, Any]) -> str:
    kind = component.get("type")
    return COMPONENT_NAMES.get(kind, f"type {kind}") if isinstance(kind, int) else f"type {kind!r}"


def v2_text_length(components: list[dict[str, Any]]) -> int:
    """The characters of every Text Display, nested ones included (Discord's 4,000 budget)."""
    return sum(
        len(str(c.get("content") or ""))
        for c in iter_components(components)
        if c.get("type") == TEXT_DISPLAY
    )


def message_problems(
    payload: dict[str, Any], attachment_names: list[str] | None = None
) -> list[str]:
    """What Discord would refuse in this message (as it stands after the request), or [].

    ``payload`` holds the message's resulting ``content``, ``embeds``, ``components`` and
    ``flags``; ``attachment_names`` the filenames of its attachments after the request (None:
    do not check ``attachment://`` references).
    """
    problems: list[str] = []
    components = list(payload.get("components") or [])
    if is_v2(payload.get("flags")):
        for key in ("content", "embeds", "sticker_ids", "poll"):
            if payload.get(key):
                problems.append(f"IS_COMPONENTS_V2 messages cannot have {key}")
        everything = iter_components(components)
        if len(everything) > MAX_V2_COMPONENTS:
            problems.append(
                f"{len(everything)} components: at most {MAX_V2_COMPONENTS} counting nested ones"
            )
        length = v2_text_length(components)
        if length > MAX_V2_TEXT:
            problems.append(f"{length} characters of text displays: at most {MAX_V2_TEXT}")
        for index, component in enumerate(components):
            _check_v2(component, f"components[{index}]", V2_TOP_LEVEL, "the message", problems)
        for component in everything:
            for url in _media_urls(component):
                if url.startswith(ATTACHMENT_SCHEME) and attachment_names is not None:
                    name = url[len(ATTACHMENT_SCHEME) :]
                    if name not in attachment_names:
                        problems.append(f"{url} names no attachment of the message")
        explicit_ids = [c["id"] for c in everything if isinstance(c.get("id"), int) and c["id"]]
        if len(explicit_ids) != len(set(explicit_ids)):
            problems.append(f"duplicate component id among {sorted(explicit_ids)}")
    else:
        if len(components) > MAX_LEGACY_ROWS:
            problems.append(f"more than {MAX_LEGACY_ROWS} action rows")
        for index, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                problems.append(
                    f"components[{index}]: a {_name(row)} needs the IS_COMPONENTS_V2 flag "
                    "(without it, top-level components must be action rows)"
                )
            else:
                _check_row(row, f"components[{index}]", problems)
    _check_interactive(components, problems)
    return problems


def _check_v2(
    component: dict[str, Any],
    where: str,
    allowed: frozenset[int],
    parent: str,
    problems: list[str],
) -> None:
    kind = component.get("type")
    if kind not in allowed:
        problems.append(f"{where}: a {_name(component)} cannot stand in {parent}")
        return
    children = list(component.get("components") or [])
    if kind == ACTION_ROW:
        _check_row(component, where, problems)
    elif kind == CONTAINER:
        if not children:
            problems.append(f"{where}: a container needs at least one component")
        color = component.get("accent_color")
        if color is not None and not (isinstance(color, int) and 0 <= color <= 0xFFFFFF):
            problems.append(f"{where}: accent_color must be an RGB integer")
        for index, child in enumerate(children):
            _check_v2(
                child, f"{where}.components[{index}]", CONTAINER_CHILDREN, "a container", problems
            )
    elif kind == SECTION:
        if not 1 <= len(children) <= 3:
            problems.append(f"{where}: a section holds 1 to 3 text displays, not {len(children)}")
        for index, child in enumerate(children):
            _check_v2(
                child, f"{where}.components[{index}]", SECTION_CHILDREN, "a section", problems
            )
        accessory = component.get("accessory")
        if not isinstance(accessory, dict):
            problems.append(f"{where}: a section needs an accessory (a button or a thumbnail)")
        elif accessory.get("type") not in SECTION_ACCESSORIES:
            problems.append(f"{where}.accessory: a {_name(accessory)} cannot be an accessory")
        elif accessory.get("type") == THUMBNAIL:
            _check_media(accessory.get("media"), f"{where}.accessory.media", problems)
            _check_description(accessory, f"{where}.accessory", problems)
    elif kind == TEXT_DISPLAY:
        content = component.get("content")
        if not isinstance(content, str) or not content:
            problems.append(f"{where}: a text display needs content")
    elif kind == MEDIA_GALLERY:
        items = component.get("items")
        if not isinstance(items, list) or not 1 <= len(items) <= MAX_GALLERY_ITEMS:
            count = len(items) if isinstance(items, list) else 0
            problems.append(f"{where}: a media gallery holds 1 to 10 items, not {count}")
        for index, item in enumerate(items if isinstance(items, list) else []):
            _check_media(item.get("media"), f"{where}.items[{index}].media", problems)
            _check_description(item, f"{where}.items[{index}]", problems)
    elif kind == FILE:
        media = component.get("file")
        url = media.get("url") if isinstance(media, dict) else None
        if not isinstance(url, str) or not url.startswith(ATTACHMENT_SCHEME):
            problems.append(f"{where}: a file component takes only attachment://<filename>")
    elif kind == SEPARATOR:
        if component.get("spacing", 1) not in (1, 2):
            problems.append(f"{where}: separator spacing is 1 or 2")
        if not isinstance(component.get("divider", True), bool):
            problems.append(f"{where}: separator divider is a boolean")


def _check_row(row: dict[str, Any], where: str, problems: list[str]) -> None:
    """An action row: 1-5 buttons, or one select."""
    children = list(row.get("components") or [])
    kinds = [c.get("type") for c in children]
    if not children:
        problems.append(f"{where}: an action row needs at least one component")
    elif all(k == BUTTON for k in kinds):
        if len(children) > MAX_ROW_BUTTONS:
            problems.append(f"{where}: more than {MAX_ROW_BUTTONS} components in an action row")
    elif len(children) != 1 or kinds[0] not in SELECTS:
        names = ", ".join(_name(c) for c in children)
        problems.append(f"{where}: an action row holds up to 5 buttons or one select ({names})")


def _check_media(media: Any, where: str, problems: list[str]) -> None:
    if not isinstance(media, dict) or not isinstance(media.get("url"), str) or not media["url"]:
        problems.append(f"{where}: an unfurled media item needs a url")


def _check_description(item: dict[str, Any], where: str, problems: list[str]) -> None:
    description = item.get("description")
    if description is not None and len(str(description)) > MAX_MEDIA_DESCRIPTION:
        problems.append(f"{where}: description longer than {MAX_MEDIA_DESCRIPTION}")


def _check_interactive(components: list[dict[str, Any]], problems: list[str]) -> None:
    """Buttons and selects, wherever they stand: unique custom_ids of 1-100 characters."""
    custom_ids = [c["custom_id"] for c in iter_components(components) if "custom_id" in c]
    if len(custom_ids) != len(set(custom_ids)):
        problems.append(f"duplicate custom_id among {custom_ids}")
    for component in iter_components(components):
        if component.get("type") != BUTTON:
            continue
        style = component.get("style")
        if style == BUTTON_STYLE_LINK:
            if not component.get("url") or "custom_id" in component:
                problems.append("a link button needs a url and no custom_id")
        elif style != BUTTON_STYLE_PREMIUM and not component.get("custom_id"):
            problems.append(f"a button of style {style} needs a custom_id")


def _media_urls(component: dict[str, Any]) -> list[str]:
    """The URLs a component shows (thumbnail, gallery items, file)."""
    kind = component.get("type")
    found: list[Any] = []
    if kind == THUMBNAIL:
        found.append((component.get("media") or {}).get("url"))
    elif kind == MEDIA_GALLERY:
        found.extend((item.get("media") or {}).get("url") for item in component.get("items") or [])
    elif kind == FILE:
        found.append((component.get("file") or {}).get("url"))
    return [url for url in found if isinstance(url, str)]


def image_size(blob: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG (from its IHDR chunk), None for anything else."""
    if blob[:8] == b"\x89PNG\r\n\x1a\n" and blob[12:16] == b"IHDR" and len(blob) >= 24:
        width, height = struct.unpack(">II", blob[16:24])
        return int(width), int(height)
    return None


def resolve_media(
    components: list[dict[str, Any]],
    attachments: list[dict[str, Any]],
    blobs: dict[int, bytes],
) -> None:
    """Fill every unfurled media item in place as Discord echoes it: an ``attachment://name``
    becomes the attachment's URL with its ``attachment_id``; a File component gets the file's
    ``name`` and ``size``; every item gets ``proxy_url``, ``width``/``height`` (PNGs),
    ``content_type``, ``flags`` and ``loading_state``."""
    by_name: dict[str, dict[str, Any]] = {}
    for uploaded in attachments:  # the later (newer) upload wins a name clash
        by_name[str(uploaded.get("filename"))] = uploaded
    for component in iter_components(components):
        kind = component.get("type")
        items: list[dict[str, Any]] = []
        if kind == THUMBNAIL and isinstance(component.get("media"), dict):
            items.append(component["media"])
        elif kind == MEDIA_GALLERY:
            items.extend(i["media"] for i in component.get("items") or [] if "media" in i)
        elif kind == FILE and isinstance(component.get("file"), dict):
            items.append(component["file"])
        for media in items:
            attachment: dict[str, Any] | None = None
            url = str(media.get("url") or "")
            if url.startswith(ATTACHMENT_SCHEME):
                attachment = by_name.get(url[len(ATTACHMENT_SCHEME) :])
            _unfurl(media, attachment, blobs)
            if kind == FILE and attachment is not None:
                component["name"] = attachment["filename"]
                component["size"] = attachment["size"]


def _unfurl(
    media: dict[str, Any], attachment: dict[str, Any] | None, blobs: dict[int, bytes]
) -> None:
    if attachment is not None:
        media["url"] = attachment["url"]
        media["proxy_url"] = attachment["proxy_url"]
        media["attachment_id"] = attachment["id"]
        media["content_type"] = attachment.get("content_type")
        size = image_size(blobs.get(int(attachment["id"]), b""))
    else:
        media.setdefault("proxy_url", media.get("url"))
        size = None
    media["width"], media["height"] = size if size is not None else (None, None)
    media.setdefault("content_type", None)
    media["flags"] = 0
    media["loading_state"] = 2  # loaded

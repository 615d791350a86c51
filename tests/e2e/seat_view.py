"""Reading the seat view as a player reads it: the channel's table, a DM panel and a result
are Components V2 layouts (their Text Displays in order); any other message reads as its
content.

``seen(message)`` flattens a message into the lines a reader reads and the buttons they can
press; the parsers below read those lines (seat lines, the pot, the turn's countdown, the hand's
number) the same way for the channel's table, a DM panel and a result.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.discord_double import (
    ButtonState,
    DiscordDouble,
    MessageEvent,
    dump_message,
    iter_components,
    read_layout,
)

TABLE_TITLE = "2-7 Triple Draw"
HAND_RE = re.compile(r"hand #(\d+)", re.IGNORECASE)
RESULT_RE = re.compile(r"Hand #(\d+) result")
POT_RE = re.compile(r"\bPot\b[*:\s]*([\d,]+)")
COUNTDOWN_RE = re.compile(r"<t:\d+:R>")
SEAT_RE = re.compile(r"\*\*(?P<name>[^*]+)\*\*\s*[·:—-]?\s*(?P<stack>[\d,]+)(?P<rest>.*)$")
DRAW_RE = re.compile(r"\b(?:drew (\d)|(pat))\b")
BET_RE = re.compile(r"\bbet ([\d,]+)")
NET_RE = re.compile(r"(?P<name>[^\s·:]+) (?P<net>[+-][\d,]+)")
TURN_LINE_RE = re.compile(r"(?P<name>[^\s·:]+) to (?P<verb>act|draw) · ")
HEAD_LINES = 3
"""A message's heading is among its first lines (a layout's first text)."""


@dataclass(frozen=True)
class Seen:
    """A message as its reader sees it: the lines they read, top to bottom, and the buttons."""

    lines: list[str]
    buttons: list[ButtonState]
    v2: bool

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def head(self) -> str:
        return "\n".join(line for line in self.lines[:HEAD_LINES] if line)

    def enabled(self, suffix: str) -> ButtonState | None:
        """The first enabled button whose custom id ends with ``suffix``."""
        return next(
            (
                b
                for b in self.buttons
                if not b.disabled and b.custom_id is not None and b.custom_id.endswith(suffix)
            ),
            None,
        )


def seen(message: dict[str, Any] | None) -> Seen:
    """``message`` flattened: a V2 layout's texts and buttons (``read_layout``), or another
    message's content and buttons."""
    message = message or {}
    layout = read_layout(message)
    if layout.v2:
        return Seen(layout.lines, layout.buttons, True)
    lines = str(message.get("content") or "").split("\n") if message.get("content") else []
    buttons = [
        ButtonState(
            custom_id=c.get("custom_id"),
            label=c.get("label"),
            disabled=bool(c.get("disabled", False)),
            style=int(c.get("style") or 0),
        )
        for c in iter_components(list(message.get("components") or []))
        if c.get("type") == 2
    ]
    return Seen(lines, buttons, False)


def is_table(view: Seen) -> bool:
    return TABLE_TITLE in view.head and RESULT_RE.search(view.head) is None


def is_result(view: Seen, hand_id: int | None = None) -> bool:
    match = RESULT_RE.search(view.head)
    return match is not None and (hand_id is None or int(match[1]) == hand_id)


def hand_of(view: Seen) -> int | None:
    """The hand a table or panel shows (its heading's ``hand #N``), None between hands."""
    match = HAND_RE.search(view.head)
    return int(match[1]) if match else None


def table_seq(view: Seen) -> int | None:
    """The action number the table's buttons carry (``deuce:t:<table>:<hand>:<n>:<action>``)."""
    for button in view.buttons:
        parts = str(button.custom_id or "").split(":")
        if len(parts) == 6 and parts[1] == "t":
            return int(parts[4])
    return None


@dataclass(frozen=True)
class SeatRead:
    """One seat line as read: stack, draw counts (0 = pat), bet this round, state words."""

    stack: int
    draws: tuple[int, ...]
    bet: int
    state: str

    @property
    def to_act(self) -> bool:
        return "to act" in self.state

    @property
    def to_draw(self) -> bool:
        return "to draw" in self.state

    @property
    def folded(self) -> bool:
        return "folded" in self.state

    @property
    def sitting_out(self) -> bool:
        return "sitting out" in self.state


def seats(view: Seen, names: Iterable[str]) -> dict[str, SeatRead]:
    """The seat lines of ``names`` (``**Name** · stack · drew 2 · pat · bet 10 · **to act**``)."""
    wanted = set(names)
    found: dict[str, SeatRead] = {}
    for line in view.lines:
        match = SEAT_RE.search(line)
        if match is None or match["name"] not in wanted or match["name"] in found:
            continue
        rest = match["rest"]
        draws = tuple(0 if pat else int(count) for count, pat in DRAW_RE.findall(rest))
        bet = BET_RE.search(rest)
        state = DRAW_RE.sub("", BET_RE.sub("", rest)).replace("*", "")
        found[match["name"]] = SeatRead(
            stack=int(match["stack"].replace(",", "")),
            draws=draws,
            bet=int(bet[1].replace(",", "")) if bet else 0,
            state=" ".join(part.strip() for part in state.split("·") if part.strip()),
        )
    return found


def pot(view: Seen) -> int | None:
    """The pot: ``Pot 30`` (a panel's line), or ``Pot`` as a heading over it (the table)."""
    lines = view.lines
    for index, line in enumerate(lines):
        if line.strip("*#: ") == "Pot" and index + 1 < len(lines):
            line = f"Pot {lines[index + 1]}"
        match = POT_RE.search(line)
        if match:
            return int(match[1].replace(",", ""))
    return None


def countdown(view: Seen) -> str | None:
    """The turn's countdown (``<t:N:R>``), the same on the table and on every panel."""
    match = COUNTDOWN_RE.search(view.text)
    return match[0] if match else None


def turn_of(view: Seen, names: Iterable[str]) -> tuple[str, str] | None:
    """Whose turn the table shows and its verb ("act", "draw"): the seat marked to act or to
    draw, else the turn line."""
    for name, seat in seats(view, names).items():
        if seat.to_act or seat.to_draw:
            return name, "act" if seat.to_act else "draw"
    for line in view.lines:
        match = TURN_LINE_RE.search(line)
        if match and match["name"] in set(names):
            return match["name"], match["verb"]
    return None


def nets(view: Seen, names: Iterable[str]) -> dict[str, int]:
    """A result's "Net this hand": each player's net."""
    wanted = set(names)
    found: dict[str, int] = {}
    for line in view.lines:
        for match in NET_RE.finditer(line):
            if match["name"] in wanted and match["name"] not in found:
                found[match["name"]] = int(match["net"].replace(",", ""))
    return found


def panel_of(double: DiscordDouble, member: Any, hand_id: int) -> dict[str, Any] | None:
    """The member's newest DM panel of ``hand_id`` (a stub an alert left has no hand)."""
    found = None
    for message in double.dms(member):
        view = seen(message)
        shown = hand_of(view)
        if shown is None:  # a layout that does not open with its title
            match = HAND_RE.search(view.text)
            shown = int(match[1]) if match else None
        if shown == hand_id and TABLE_TITLE not in view.head:
            found = message
    return found


def first_shown(events: list[MessageEvent], message_id: int, since: float, check: Any) -> float:
    """When message ``message_id`` first showed what ``check`` (a Seen → bool) looks for, from
    ``since`` (``time.time()``) on; inf if never."""
    return min(
        (
            e.at
            for e in events
            if e.message_id == message_id and e.at >= since and check(seen(e.payload))
        ),
        default=float("inf"),
    )


def write_dump(folder: Path, name: str, message: dict[str, Any] | None) -> None:
    """Write the message's component tree (``dump_message``) and what its reader reads
    (``seen``) to ``folder/name.txt``."""
    view = seen(message)
    buttons = [
        f"[{b.label}] {b.custom_id}{' (disabled)' if b.disabled else ''}" for b in view.buttons
    ]
    text = "\n".join(
        [
            dump_message(message),
            "",
            "--- as read ---",
            *view.lines,
            "",
            "--- buttons ---",
            *buttons,
            "",
        ]
    )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.txt").write_text(text, encoding="utf-8")

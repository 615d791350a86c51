"""What every surface shares: card labels, log lines, safe names, Discord's limits, clamping,
and the betting buttons (under the table and in the panel of the player to act: the same
custom ids, the same session path).

Log lines, safe names (and ``table``'s seat lines) are cached per state and language
(``LINE_CACHE_SIZE``): an action changes one or two of them, and every render after it shows
the others again."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Generic, TypeVar, cast

import discord

from bot.engine import Card
from bot.messages import reader, t
from bot.table.buttons import (
    TableButton,
)
from bot.table.naming import hand_text
from bot.table.snapshot import (
    LogEntry,
    LogRound,
    TableSnapshot,
)
from bot.ui import layout

SUIT_SYMBOLS = {"c": "\u2663\ufe0f", "d": "\u2666\ufe0f", "h": "\u2665\ufe0f", "s": "\u2660\ufe0f"}
"""Suits as emoji (the variation selector asks for colour): red ♥️ ♦️, black ♠️ ♣️."""
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELD_MAX = 1024
EMBED_TOTAL_MAX = 6000
BUTTON_LABEL_MAX = 80
NAME_MAX = 32
LINE_CACHE_SIZE = 2048
"""Seat lines, log lines, round summaries and safe names kept, the least recently shown going
first. At 200 busy tables (``bench_load --probe``, ``DEUCE_PROBE_CACHES=1``) 4,096 seat lines
were found again in 85% of the calls and held 2.1 MiB, 2,048 in 84% (1.0 MiB), 1,024 in 71%;
a bigger cache mostly keeps finished hands' lines alive, with their records."""


SNAPSHOT_CACHE_SIZE = 1024
"""Texts kept by ``of_snapshot`` and ``Recent``, the oldest made going first: each is shown by
the table and its panels within a second or two of being made. At 200 busy tables 1,024 were
found again as often as 2,048 (65% of the calls) and held 1.2 MiB instead of 2.7."""


V = TypeVar("V")


_MISSING = object()


class Recent(Generic[V]):
    """The newest values made, by a key saying everything they depend on (the reader's
    language included): the same value is made once while it is in use. The oldest made
    goes first when it is full (a value in use is made again at worst: one lookup a hit)."""

    def __init__(self, size: int = SNAPSHOT_CACHE_SIZE) -> None:
        self.size = size
        self._values: dict[Hashable, V] = {}

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        values = self._values
        value = values.get(key, _MISSING)
        if value is _MISSING:
            value = make()
            if len(values) >= self.size:
                del values[next(iter(values))]
            values[key] = value
        return cast(V, value)


_by_snapshot: Recent[tuple[TableSnapshot, object]] = Recent()


def of_snapshot(snapshot: TableSnapshot, key: Hashable, make: Callable[[], V]) -> V:
    """``make()``, a text or part made from ``snapshot`` alone (and ``key``: what else it
    depends on), in the reader's language, made once for every panel showing that snapshot:
    the table's state is one snapshot object shared by the table message and every panel of
    the table (hashing a whole snapshot would cost about what it saves, so it is known by
    identity: the entry holds it, so its id names no other snapshot while the entry is
    kept)."""
    made = _by_snapshot.get((id(snapshot), reader(), key), lambda: (snapshot, make()))
    return cast(V, made[1])


def card_label(card: Card | int) -> str:
    """``7♠️``, ``10♦️``: how a card looks on a button or in a message."""
    text = str(Card(int(card)))
    rank = "10" if text[0] == "T" else text[0]
    return rank + SUIT_SYMBOLS[text[1]]


def high_first(cards: Sequence[Card | int]) -> list[Card]:
    """Highest rank first, as 2-7 players name a hand (K J 10 9 2, "8-6-4-3-2")."""
    return sorted((Card(int(c)) for c in cards), key=int, reverse=True)


def cards_label(cards: Sequence[Card | int]) -> str:
    """Cards highest first, separated by spaces, as labels."""
    return " ".join(card_label(c) for c in high_first(cards))


LOG_KEYS = {
    "small_blind": "log_small_blind",
    "big_blind": "log_big_blind",
    "fold": "log_fold",
    "check": "log_check",
    "call": "log_call",
    "bet": "log_bet",
    "raise": "log_raise",
}
SIDE_POT = re.compile(r"side pot (\d+)")


def pot_label(pot: str) -> str:
    """The engine's pot name ("main pot", "side pot 2") in the reader's language."""
    side = SIDE_POT.fullmatch(pot)
    if side is not None:
        return t("log_pot_side", number=int(side[1]))
    return t("log_pot_main") if pot == "main pot" else t("log_pot_whole")


def log_text(entry: LogEntry) -> str:
    """A line of the public log in the reader's language (names made safe)."""
    return _log_text(entry, reader())


@lru_cache(maxsize=LINE_CACHE_SIZE)
def _log_text(entry: LogEntry, language: str) -> str:
    """``log_text`` in ``language`` (the reader's, which ``t`` reads): each line is written
    once, where the table showed it again on every action while it stayed in the log."""
    record, name = entry.record, safe_name(entry.name)
    kind = record.kind.value
    if record.left:
        text = t("log_left", name=name)
    elif kind == "draw":
        text = t("log_draw", name=name, count=record.draw_count or 0)
    elif kind == "show":
        cards = record.shown
        text = t("log_show", name=name, cards=cards_label(cards), hand_name=hand_text(cards))
    elif kind == "award":
        text = t("log_win", name=name, amount=record.amount, pot=pot_label(record.pot))
    elif kind == "return":
        text = t("log_return", name=name, amount=record.amount)
    elif kind == "muck":
        text = t("result_mucks", name=name)
    elif kind == "reshuffle":
        text = t("log_reshuffle", count=record.amount)
    else:
        text = t(LOG_KEYS[kind], name=name, amount=record.amount)
        if record.all_in:
            text = t("log_all_in", action=text)
    return t("log_timed_out", action=text) if record.timed_out else text


LOG_LINE_MAX = 120
"""The longest line of the current round in the log."""
LOG_SUMMARY_MAX = 300
"""The longest line summing up an earlier round of the log."""
ROUND_LABELS = {
    "betting": "log_round_betting",
    "drawing": "log_round_drawing",
    "showdown": "log_round_showdown",
}


def round_label(part: LogRound) -> str:
    """``Pre-draw``, ``Draw 1``, ``After draw 1``, ``Showdown``: a round's name in the log."""
    if part.kind == "betting" and part.number == 0:
        return t("log_round_predraw")
    return t(ROUND_LABELS[part.kind], number=part.number)


def round_summary(part: LogRound) -> str:
    """An earlier round in one line: ``Pre-draw: Alice raises to 20 · Bob calls 15`` (a comma
    would be ambiguous: some languages write one inside an action). The blinds are left out
    (the seats say who posted them) unless one put its player all-in."""
    return _round_summary(part, reader())


@lru_cache(maxsize=LINE_CACHE_SIZE)
def _round_summary(part: LogRound, language: str) -> str:
    """``round_summary`` in ``language`` (the reader's): written once per round and language."""
    said = [
        log_text(entry)
        for entry in part.entries
        if entry.record.kind.value not in ("small_blind", "big_blind") or entry.record.all_in
    ]
    return clamp(f"{round_label(part)}: {' · '.join(said) or '—'}", LOG_SUMMARY_MAX)


def hand_log(
    snapshot: TableSnapshot,
    limit: int,
    *,
    before: tuple[str, ...] = (),
    after: tuple[str, ...] = (),
) -> str:
    """The whole log of the hand (the last hand's, between hands): the chips added before it,
    ``before``, each earlier round in one line, the latest round in full under its name, then
    ``after``; what does not fit in ``limit`` characters goes from the top (the newest lines
    stay).

    Made once per snapshot where it is shown (``of_snapshot`` keeps the panels' copies); no
    cache of its own: a later snapshot's log differs, so one kept by its content was found
    again in 4% of the calls (200 tables, ``bench_load --probe`` with
    ``DEUCE_PROBE_CACHES=1``) while it held 3.5 MiB."""
    lines = [t("log_topup", name=safe_name(name), amount=n) for name, n in snapshot.topped_up]
    lines += before
    parts = snapshot.log
    lines += [round_summary(part) for part in parts[:-1]]
    if parts:
        latest = parts[-1]
        lines.append(f"**{round_label(latest)}**")
        lines += [clamp(log_text(entry), LOG_LINE_MAX) for entry in latest.entries]
    lines += after
    return fit_lines(lines, limit) or t("no_actions")


def fit_lines(lines: list[str], limit: int) -> str:
    """``lines`` joined, the oldest dropped (an ellipsis in their place) until they fit in
    ``limit`` characters."""
    text = "\n".join(lines)
    start = 0
    while len(text) > limit and start < len(lines):
        start += 1
        text = "\n".join(["…", *lines[start:]])
    return clamp(text, limit)


def turn_text(snapshot: TableSnapshot) -> str:
    """``Carol to draw · time runs out in 20 s``: whose turn it is and its countdown (the
    table's Turn field and every panel say it in the same words)."""
    countdown = f"<t:{int(snapshot.deadline)}:R>" if snapshot.deadline else "—"
    verb = t("verb_draw") if snapshot.phase == "drawing" else t("verb_act")
    name = safe_name(snapshot.to_act_name or "")
    line = t("turn_line", name=name, verb=verb, countdown=countdown)
    if snapshot.bank:
        line += " · " + t("time_bank_running")
    return line


@dataclass(frozen=True)
class Section:
    """One part of a seat view, in the order it is read: its heading (None: none) and text.
    Today's surfaces show them as an embed's text; a Components V2 message would show each
    as a text display."""

    key: str
    heading: str | None
    text: str


def sections_text(sections: Sequence[Section], limit: int) -> str:
    """The sections as one text, each under its heading in bold, a blank line between."""
    blocks = [
        (f"**{section.heading}**\n" if section.heading else "") + section.text
        for section in sections
        if section.text
    ]
    return clamp("\n\n".join(blocks), limit)


def clamp(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


BIDI_CONTROLS = dict.fromkeys(
    [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C]
)
"""Bidirectional formatting characters: in a name they could reorder the stacks and bets
shown after it on a seat line (``str.translate`` table: each is removed)."""


@lru_cache(maxsize=LINE_CACHE_SIZE)
def safe_name(name: str) -> str:
    """A display name that cannot break markdown, reorder the text after it or be too long;
    mentions are off anyway."""
    plain = clamp(name.translate(BIDI_CONTROLS), NAME_MAX)
    return discord.utils.escape_mentions(discord.utils.escape_markdown(plain))


def draws_text(draws: Sequence[int]) -> str:
    """``drew 2 · pat · drew 1``: the public draw counts of one player, earliest first."""
    return " · ".join(t("pat") if n == 0 else t("drew", count=n) for n in draws)


def betting_buttons(snapshot: TableSnapshot, *, row: int | None = None) -> list[layout.Button]:
    """Fold / Check-Call / Bet-Raise with their amounts, for the player to act (under the
    table, and in that player's private panel: the same custom ids, the same session path)."""
    legal = snapshot.legal
    assert legal is not None and snapshot.hand_id is not None
    tid, hid, number = snapshot.table_id, snapshot.hand_id, snapshot.action_number
    call_label = (
        t("button_check") if legal.can_check else t("button_call", amount=legal.call_amount)
    )
    key = "button_bet" if legal.is_bet else "button_raise"
    raise_label = t(key, amount=legal.raise_to)
    buttons = (
        ("fold", t("button_fold"), discord.ButtonStyle.danger, False),
        ("call", call_label, discord.ButtonStyle.primary, False),
        ("raise", raise_label, discord.ButtonStyle.success, not legal.can_bet_or_raise),
    )
    return [
        TableButton.look(
            tid,
            hid,
            number,
            action,
            label=clamp(label, BUTTON_LABEL_MAX),
            style=style,
            disabled=disabled,
            row=row,
        )
        for action, label, style, disabled in buttons
    ]

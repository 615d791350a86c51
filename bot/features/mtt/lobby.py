"""An MTT's lobby message: the one message of the tournament's channel, edited as it goes
(``running.MttRuns.edit_lobby``, paced): while it registers, its options, start time and field
with the Register and Unregister buttons (``deuce:mr:<id>``, ``deuce:mu:<id>``); while it runs,
the players left, the average stack, the level and the next, each table's thread and player
count and the top stacks; at the end, its winner. Pure: the text from what the store and the
run hold (``LobbyState``), in the reader's language (``t``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.messages import number, t
from bot.store.models import EntryRow
from bot.store.mtts import MttRow
from bot.table.render import safe_name
from bot.tournament import TournamentClock, level_of
from bot.tournament.payouts import mtt_prizes, paid_places
from bot.ui.views import PlainView

REGISTER_ID = re.compile(r"deuce:m(?P<what>r|u):(?P<tournament>\d{1,19})")
"""The lobby's Register (``r``) and Unregister (``u``) buttons."""

TOP = 10
"""Stacks the lobby lists while the tournament runs."""

LIMIT = 2000
"""Discord's most characters in a message's content."""


def register_button_id(tournament_id: int, what: str) -> str:
    return f"deuce:m{what}:{tournament_id}"


@dataclass(frozen=True)
class LobbyState:
    """A running MTT as its last director step read it."""

    tables: tuple[tuple[int, int, int], ...]
    """(number, thread id, players with chips) of each open table."""
    stacks: tuple[tuple[int, str], ...]
    """(stack, name) of every player seated, biggest first."""
    left: int
    entrants: int
    clock: TournamentClock
    hand_for_hand: bool


def _length(row: MttRow) -> str:
    tournament = row.tournament
    if tournament.level_minutes is not None:
        return t("sng_level_minutes", minutes=tournament.level_minutes)
    return t("sng_level_hands", hands=tournament.level_hands or 0)


def lobby_text(
    row: MttRow, entries: Sequence[EntryRow], state: LobbyState | None, *, now: float
) -> str:
    """The lobby message's text."""
    tournament = row.tournament
    status = t(f"sng_status_{tournament.status}")
    pool = tournament.buy_in * len(entries)
    lines = [
        "## " + t("mtt_lobby_title", tournament=str(tournament.id), status=status),
        t(
            "mtt_lobby_options",
            buy_in=number(tournament.buy_in),
            stack=number(tournament.start_stack),
            structure=tournament.structure,
            length=_length(row),
        ),
        t(
            "mtt_lobby_field",
            count=len(entries),
            field=row.field,
            pool=number(pool),
            paid=paid_places(max(2, len(entries)), row.payouts),
            payouts=row.payouts,
        ),
    ]
    if row.late_levels:
        lines.append(t("mtt_lobby_late", levels=row.late_levels))
    if tournament.status == "registering":
        if tournament.starts_at is not None:
            lines.append(t("mtt_lobby_starts", when=f"<t:{int(tournament.starts_at)}:R>"))
        names = ", ".join(safe_name(e.name) for e in entries) or "—"
        lines.append(t("mtt_lobby_registered", names=names))
    elif tournament.status == "running" and state is not None:
        average = sum(s for s, _ in state.stacks) // max(1, len(state.stacks))
        lines.append(
            t(
                "sng_players_line",
                left=state.left,
                entrants=state.entrants,
                average=number(average),
            )
        )
        clock = state.clock
        lines.append(
            t(
                "sng_level_line",
                level=clock.level,
                limits=level_of(clock.structure, clock.level).label,
                next=clock.next.label,
            )
        )
        if state.hand_for_hand:
            lines.append(t("mtt_lobby_hand_for_hand"))
        lines.append("### " + t("mtt_lobby_tables"))
        for table_number, thread, count in state.tables:
            lines.append(
                t("mtt_lobby_table", table=table_number, thread=f"<#{thread}>", count=count)
            )
        lines.append("### " + t("mtt_lobby_top", count=min(TOP, len(state.stacks))))
        for place, (stack, name) in enumerate(state.stacks[:TOP], start=1):
            lines.append(f"{place}. {safe_name(name)}: {number(stack)}")
    elif tournament.status == "finished":
        prizes = mtt_prizes(pool, len(entries), row.payouts) if entries else ()
        placed = sorted((e for e in entries if e.place is not None), key=lambda e: e.place or 0)
        for entry in placed[: max(1, sum(1 for p in prizes if p > 0))]:
            lines.append(
                t(
                    "sng_result_line",
                    place=entry.place or 0,
                    name=safe_name(entry.name),
                    prize=number(entry.prize or 0),
                )
            )
    text = "\n".join(lines)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def lobby_view(row: MttRow) -> PlainView | None:
    """Register and Unregister while the tournament registers or takes late registrations
    (Register only then); nothing after."""
    status = row.tournament.status
    if status not in ("registering", "running"):
        return None
    level = (row.tournament.clock or {}).get("level", 1)
    if status == "running" and not (isinstance(level, int) and level <= row.late_levels):
        return None  # late registration closed (or none)
    view = PlainView()
    choices = [("r", "sng_button_register", discord.ButtonStyle.success)]
    if status == "registering":
        choices.append(("u", "sng_button_unregister", discord.ButtonStyle.secondary))
    for what, key, style in choices:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=t(key), style=style, custom_id=register_button_id(row.id, what)
        )
        view.add_item(button)
    return view

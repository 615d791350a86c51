"""The replayer's step view: one step of a finished hand as the table showed it (the action;
every seat in table order with the button and blinds, stacks, bets and draws; the round and
the pot; the log so far: the live seat view's renderers, fed ``replay_snapshot``) and the
viewer's own cards and draws, with the step buttons ⏮ ◀ ▶ ⏭ and the street buttons (Pre-draw,
Draw 1..3, Showdown); and the Replay button under a hand's result. The ids the buttons carry
are read back by ``bot/features/replay/viewer.py`` (``STEP_ID``, ``OPEN_ID``)."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.engine.replay import STREETS, Replay, ReplayStep
from bot.messages import t
from bot.table.render.common import (
    EMBED_DESCRIPTION_MAX,
    EMBED_TITLE_MAX,
    Section,
    cards_label,
    clamp,
    hand_log,
    log_text,
    sections_text,
)
from bot.table.render.table import pot_text, round_text, seats_text
from bot.table.snapshot import LogEntry, replay_snapshot
from bot.ui.views import PlainView


class ShownReplay(Protocol):
    """A loaded replay as its steps are shown (``bot.features.replay.viewer.LoadedReplay``)."""

    @property
    def replay(self) -> Replay: ...
    @property
    def voided(self) -> bool: ...


def step_button_id(hand_id: int, step: int, slot: str) -> str:
    return f"deuce:r:{hand_id}:{step}:{slot}"


def open_button_id(hand_id: int) -> str:
    return f"deuce:rp:{hand_id}"


def street_button_id(hand_id: int, street: int) -> str:
    return f"deuce:r:{hand_id}:s{street}"


STREET_LABELS = ("log_round_predraw", *(["log_round_drawing"] * 3), "log_round_showdown")
"""The street buttons' words: the log's names of its rounds (Pre-draw, Draw 1..3, Showdown)."""
REPLAY_LOG_MAX = 1024
"""The most characters of the log so far (as in the table's field)."""


def street_label(street: int) -> str:
    return t(STREET_LABELS[street], number=street)


def own_lines(loaded: ShownReplay, step: ReplayStep) -> list[str]:
    """The viewer's part: their cards at this step and what they threw and got at their own
    draw, or that they were not dealt in; a voided hand's last step says so."""
    replay = loaded.replay
    lines = []
    if replay.played:
        lines.append(t("replay_your_cards", cards=cards_label(step.cards)))
        if step.thrown:
            lines.append(
                t(
                    "replay_you_drew",
                    thrown=cards_label(step.thrown),
                    got=cards_label(step.received),
                )
            )
    else:
        lines.append(t("replay_not_played"))
    if loaded.voided and step.number == len(replay.steps) - 1:
        lines.append(t("replay_voided"))
    return lines


def step_sections(loaded: ShownReplay, step: ReplayStep) -> list[Section]:
    """A step as the table showed it, read in order: the action, the table (every seat in
    table order with the button and blinds, the round and the pot: the live seat view's
    renderers), the log so far, then the viewer's own part."""
    snapshot = replay_snapshot(loaded.replay, step)
    if step.record is None:
        action = t("replay_deal")
    else:
        action = log_text(LogEntry(step.record, step.actor))
    table = "\n".join(
        [
            seats_text(snapshot),
            t("panel_round_pot", round=round_text(snapshot), pot=pot_text(snapshot)),
        ]
    )
    return [
        Section("action", None, f"**{action}**"),
        Section("table", t("field_seats"), table),
        Section("log", t("field_log"), hand_log(snapshot, REPLAY_LOG_MAX)),
        Section("hand", None, "\n".join(own_lines(loaded, step))),
    ]


def step_embed(loaded: ShownReplay, step: ReplayStep) -> discord.Embed:
    """One step in the reader's language (``step_sections`` as the embed's text)."""
    replay = loaded.replay
    return discord.Embed(
        title=clamp(
            t(
                "replay_title",
                hand_id=str(replay.hand_id),
                step=step.number + 1,
                steps=len(replay.steps),
            ),
            EMBED_TITLE_MAX,
        ),
        description=sections_text(step_sections(loaded, step), EMBED_DESCRIPTION_MAX),
        colour=discord.Colour.dark_teal(),
    )


def step_view(replay: Replay, number: int) -> PlainView:
    """⏮ ◀ ▶ ⏭ (each button names the step it goes to), and under them the streets: Pre-draw,
    Draw 1..3, Showdown, each going to its first step (the step's own street highlighted, a
    street the hand never reached disabled)."""
    view = PlainView()
    hand_id, last = replay.hand_id, len(replay.steps) - 1
    for label, target, slot, disabled in (
        ("⏮", 0, "f", number == 0),
        ("◀", max(0, number - 1), "p", number == 0),
        ("▶", min(last, number + 1), "n", number == last),
        ("⏭", last, "l", number == last),
    ):
        view.add_item(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=step_button_id(hand_id, target, slot),
                disabled=disabled,
                row=0,
            )
        )
    current = replay.steps[number].street
    for street in range(STREETS):
        view.add_item(
            discord.ui.Button(
                label=street_label(street),
                style=(
                    discord.ButtonStyle.primary
                    if street == current
                    else discord.ButtonStyle.secondary
                ),
                custom_id=street_button_id(hand_id, street),
                disabled=replay.street_start(street) is None,
                row=1,
            )
        )
    return view


def result_view(hand_id: int) -> PlainView:
    """The Replay button under a hand's result (in the reader's language)."""
    view = PlainView()
    view.add_item(
        discord.ui.Button(
            label=t("button_replay"),
            emoji="⏪",
            style=discord.ButtonStyle.secondary,
            custom_id=open_button_id(hand_id),
        )
    )
    return view

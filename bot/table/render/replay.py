"""The replayer's step view: one step of a finished hand (the action, the round, the pot,
every seat, the viewer's own cards and draws) with the step buttons ⏮ ◀ ▶ ⏭, and the Replay
button under a hand's result. The ids the buttons carry are read back by
``bot/features/replay/viewer.py`` (``STEP_ID``, ``OPEN_ID``)."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.engine.replay import Replay, ReplayStep
from bot.messages import t
from bot.table.naming import hand_text
from bot.table.render.common import (
    EMBED_DESCRIPTION_MAX,
    EMBED_FIELD_MAX,
    EMBED_TITLE_MAX,
    cards_label,
    clamp,
    draws_text,
    log_text,
    safe_name,
)
from bot.table.snapshot import LogEntry
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


def round_label(step: ReplayStep) -> str:
    if step.phase == "drawing":
        return t("round_drawing", number=max(1, step.draw_round))
    if step.phase == "complete":
        return t("round_complete")
    if step.draw_round <= 0:
        return t("round_predraw")
    return t("round_betting", number=step.draw_round)


def seat_text(step: ReplayStep, index: int) -> str:
    seat = step.seats[index]
    parts = [t("replay_seat", name=safe_name(seat.name), stack=seat.stack, bet=seat.bet)]
    if seat.draws:
        parts.append(draws_text(seat.draws))
    if seat.folded:
        parts.append(t("replay_folded"))
    if seat.shown:
        parts.append(
            t("replay_shown", cards=cards_label(seat.shown), hand_name=hand_text(seat.shown))
        )
    return " · ".join(parts)


def step_embed(loaded: ShownReplay, step: ReplayStep) -> discord.Embed:
    """One step in the reader's language: the action, the round, the pot, every seat, and the
    viewer's own cards (what they threw and got on their own draws)."""
    replay = loaded.replay
    if step.record is None:
        action = t("replay_deal")
    else:
        action = log_text(LogEntry(step.record, step.actor))
    lines = [f"**{action}**", round_label(step), t("replay_pot", pot=step.pot)]
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
    embed = discord.Embed(
        title=clamp(
            t(
                "replay_title",
                hand_id=str(replay.hand_id),
                step=step.number + 1,
                steps=len(replay.steps),
            ),
            EMBED_TITLE_MAX,
        ),
        description=clamp("\n".join(lines), EMBED_DESCRIPTION_MAX),
        colour=discord.Colour.dark_teal(),
    )
    seats = "\n".join(seat_text(step, i) for i in range(len(step.seats)))
    embed.add_field(name=t("replay_seats"), value=clamp(seats, EMBED_FIELD_MAX), inline=False)
    return embed


def step_view(hand_id: int, number: int, last: int) -> PlainView:
    """⏮ ◀ ▶ ⏭: each button names the step it goes to."""
    view = PlainView()
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

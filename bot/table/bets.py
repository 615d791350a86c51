"""The betting buttons of the table message (Fold, Check-Call, Bet-Raise, My cards) and the
private "Fold anyway?" question. The session's collaborator, as ``PanelInputs`` is for the
private panel: each input takes the table's lock, checks the click (``seating``), changes the
hand and lets the session's ``after_action`` journal it before its answer shows it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, Protocol

import discord

from bot.messages import t
from bot.replies import Refused, reply_private
from bot.table import render, seating
from bot.table.channel import answer_with_panel
from bot.table.panels import PanelTable
from bot.table.snapshot import PanelSnapshot

log = logging.getLogger(__name__)


class BetTable(PanelTable, Protocol):
    """What the betting inputs read of their table's session: what the panel inputs read, and
    who made each action (to tell a double click)."""

    @property
    def acted_at(self) -> dict[int, int]: ...


class BetInputs:
    """One table's betting inputs."""

    def __init__(
        self,
        table: BetTable,
        panel: Callable[[int], PanelSnapshot],
        after_action: Callable[[Callable[[], Awaitable[None]]], Awaitable[None]],
    ) -> None:
        self.table = table
        self._panel = panel
        self._after_action = after_action

    async def on_table_button(
        self, interaction: discord.Interaction[Any], hand_id: int, action_number: int, action: str
    ) -> None:
        """Fold / Check-Call / Bet-Raise / My cards from the table message, and the private
        "Fold anyway" (``fold_confirmed``)."""
        user_id, table = interaction.user.id, self.table
        if action == "cards":
            await self.send_panel(interaction, hand_id)
            return
        async with table.lock:
            hand = table.hand
            refusal = seating.betting_click_refusal(
                hand, hand_id, user_id, action_number, table.acted_at
            )
            if refusal is not None:
                to_act = hand.to_act if hand is not None else None
                name = seating.name_of(table.seats, hand, to_act or 0)
                raise Refused(t(refusal, name=name))
            assert hand is not None
            if action == "fold" and hand.legal().can_check:
                # Folding what could be checked for free is almost always a slip: ask first.
                view = render.fold_anyway_view(table.table_id, hand_id, action_number)
                await reply_private(interaction, t("fold_free_check"), view=view)
                return
            if action in ("fold", "fold_confirmed"):
                record = hand.fold(user_id)
            elif action == "call":
                record = hand.check_or_call(user_id)
            else:
                record = hand.bet_or_raise(user_id)
            log.debug("Table %s: %s", table.table_id, record.text)
            table.acted_at[action_number] = user_id
            table.notes.acted(user_id)
            table.notes.prefold.discard(user_id)
            done = "folded_anyway" if action == "fold_confirmed" else "checked"
            panel = partial(self._panel, user_id)
            answer = partial(table.io.answer_betting_click, interaction, panel, t(done))
            await self._after_action(answer)

    async def send_panel(self, interaction: discord.Interaction[Any], hand_id: int | None) -> None:
        """The private panel as an ephemeral reply (My cards button, /poker hand)."""
        user_id, table = interaction.user.id, self.table
        async with table.lock:
            refusal = seating.panel_request_refusal(table.hand, table.last_hand, hand_id, user_id)
            if refusal is not None:
                raise Refused(t(refusal))
            panel = self._panel(user_id)
        await answer_with_panel(interaction, panel)

"""The inputs of a player's private panel (their DM, or the private reply of My cards and
``/poker hand``): marking cards, drawing or standing pat (now, or queued for their turn),
fold in turn, and showing a mucked hand after it. The session's collaborator: each input takes
the table's lock, checks the click (``seating``), changes the hand or the notes, journals (the
session's ``journal`` and ``after_action``, which show nothing before the change is durable)
and answers on the clicked panel.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord

from bot.engine import Hand, Phase
from bot.messages import Text, t
from bot.replies import Refused
from bot.store.models import SeatRow, Settings
from bot.table import render, seating
from bot.table.buttons import shown_marks, shown_prefold
from bot.table.channel import TableChannel
from bot.table.pictures import paint_ahead
from bot.table.seating import HandNotes
from bot.table.snapshot import PanelSnapshot

log = logging.getLogger(__name__)


class PanelTable(Protocol):
    """What the panel inputs read of their table's session."""

    @property
    def table_id(self) -> int: ...
    @property
    def lock(self) -> asyncio.Lock: ...
    @property
    def hand(self) -> Hand | None: ...
    @property
    def last_hand(self) -> Hand | None: ...
    @property
    def notes(self) -> HandNotes: ...
    @property
    def seats(self) -> list[SeatRow]: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def io(self) -> TableChannel: ...


class AfterAction(Protocol):
    async def __call__(
        self, *, refresh: int | None = ..., unless_message: int | None = ...
    ) -> None: ...


class PanelInputs:
    """One table's private-panel inputs."""

    def __init__(
        self,
        table: PanelTable,
        panel: Callable[[int], PanelSnapshot],
        journal: Callable[[], Awaitable[None]],
        after_action: AfterAction,
    ) -> None:
        self.table = table
        self._panel = panel
        self._journal = journal
        self._after_action = after_action

    async def on_card_button(
        self, interaction: discord.Interaction[Any], hand_id: int, draw: int, index: int
    ) -> None:
        """Mark a card the clicked panel showed unmarked, or unmark it: a double click (or a
        stale copy of the panel) acts once. Toggles when the panel is unknown."""
        user_id, table = interaction.user.id, self.table
        async with table.lock:
            hand = table.hand
            refusal = seating.panel_click_refusal(hand, hand_id, user_id, draw, card_index=index)
            if refusal is not None:
                raise Refused(t(refusal))
            assert hand is not None
            chosen = hand.private_view(user_id).cards[index]
            shown = shown_marks(interaction.message)
            mark = (
                chosen not in table.notes.marks.get(user_id, ())
                if shown is None
                else index not in shown
            )
            if table.notes.mark(user_id, chosen, mark):
                await self._journal()  # a draw set in advance was taken back
            await table.io.answer_panel_click(interaction, self._panel(user_id))

    async def on_draw_button(
        self, interaction: discord.Interaction[Any], hand_id: int, draw: int, pat: bool
    ) -> None:
        """Draw the cards the clicked panel showed marked (or stand pat) now, or queue it for
        the player's turn: a stale copy's "Draw N" draws the N cards it showed."""
        user_id, table = interaction.user.id, self.table
        async with table.lock:
            hand = table.hand
            refusal = seating.panel_click_refusal(hand, hand_id, user_id, draw)
            if refusal is not None:
                raise Refused(t(refusal))
            assert hand is not None
            pv = hand.private_view(user_id)
            shown = shown_marks(interaction.message)
            if shown is not None and not pat:
                table.notes.marks[user_id] = {pv.cards[i] for i in shown if i < len(pv.cards)}
            discards = [] if pat else table.notes.discards(hand, user_id)
            if not pat and not discards:
                raise Refused(t("panel_none_marked"))
            table.io.played_from(user_id, interaction.message)
            if hand.phase is Phase.DRAWING and hand.to_act == user_id and hand.draw_round == draw:
                record = hand.draw(user_id, discards)
                log.debug("Table %s: %s", table.table_id, record.text)
                table.notes.acted(user_id)
                table.notes.drew(user_id)  # the DM panel shows the new cards (unless clicked)
                cards = tuple(hand.private_view(user_id).cards)
                paint_ahead(cards, record.received, table.settings.card_style)
                clicked = getattr(interaction.message, "id", 0)
                await self._after_action(refresh=user_id, unless_message=clicked)
            else:
                table.notes.queued[user_id] = (draw, "pat" if pat else "draw")
                await self._journal()
            await table.io.answer_panel_click(interaction, self._panel(user_id))

    async def on_prefold_button(self, interaction: discord.Interaction[Any], hand_id: int) -> None:
        """Set or cancel "fold when it's my turn" (checks instead when checking is free), as
        the clicked button said: a second click on the same panel does not undo the first."""
        user_id, table = interaction.user.id, self.table
        async with table.lock:
            hand = table.hand
            refusal = seating.panel_click_refusal(hand, hand_id, user_id, None)
            if refusal is not None:
                raise Refused(t(refusal))
            assert hand is not None
            active = user_id in table.notes.prefold
            shown = shown_prefold(interaction.message)
            if shown is not None and shown != active:
                pass  # the clicked panel was older: its button already did what it says
            elif active:
                table.notes.prefold.discard(user_id)
            else:
                table.notes.prefold.add(user_id)
                if hand.to_act == user_id and hand.phase is Phase.BETTING:
                    await self._after_action()
                    if table.hand is None:
                        raise Refused(t("hand_over"))
            await self._journal()
            await table.io.answer_panel_click(interaction, self._panel(user_id))

    async def on_show_button(self, interaction: discord.Interaction[Any], hand_id: int) -> None:
        """After the hand, the owner of a mucked hand shows it to the table."""
        user_id, table = interaction.user.id, self.table
        async with table.lock:
            hand = table.last_hand
            refusal = seating.show_refusal(table.hand, hand, hand_id, user_id)
            if refusal is not None:
                raise Refused(t(refusal))
            assert hand is not None
            hand.show_mucked(user_id)
            pv = hand.private_view(user_id)
            name = render.safe_name(seating.name_of(table.seats, hand, user_id))
            cards, hand_name = render.cards_label(pv.cards), render.hand_text(pv.cards)
            table.io.post(content=Text("shows_after", name=name, cards=cards, hand_name=hand_name))
            table.io.mark_changed()
            await table.io.answer_panel_click(interaction, self._panel(user_id))

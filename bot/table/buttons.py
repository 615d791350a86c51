"""The dealer's table buttons: their ``custom_id`` says which table, hand, betting position or
draw they belong to, so they keep working after a restart and a stale click is recognised.

Each button class says how it looks on a message (``look``: a ``layout.Button``, Discord's
dictionary made directly, which ``bot/table/render/`` lays out) and is rebuilt from a clicked
id (``from_match``, the router's match of its ``PATTERN``: ``bot/ui/router.py`` routes the
kinds ``t``, ``c``, ``d``, ``f`` and ``s`` here through ``ROUTES``).

Buttons hold no rules: a click is read here into its input (``bot/table/inputs.py``: the ids of
the button, what the clicked message showed) and handed to ``handle`` of the table's session,
found through the registry on ``interaction.client`` (typed as a Protocol, not imported), which
checks right player, right hand, right turn and not already done. A click whose table is gone
answers privately that the hand is over.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Protocol, Self, TypeVar

import discord

from bot.messages import t
from bot.replies import Refused, reply_private
from bot.table.inputs import (
    BetClick,
    CardClick,
    DrawClick,
    Input,
    PrefoldClick,
    ShowClick,
)
from bot.table.seating import ClickOrigin, click_origin_refusal
from bot.ui import layout
from bot.ui.router import Route

log = logging.getLogger(__name__)

R = TypeVar("R")

FOLD_CONFIRMED = "foldx"
"""The custom-id token of "Fold anyway" (kept short and stable: old messages carry it)."""


class ButtonInputs(Protocol):
    """What a button click reaches of its table's session: the one entry of its inputs."""

    @property
    def table_message_id(self) -> int | None: ...
    async def handle(self, event: Input[R], interaction: discord.Interaction[Any]) -> R: ...
    async def send_panel(
        self, interaction: discord.Interaction[Any], hand_id: int | None
    ) -> None: ...


class TableFinder(Protocol):
    def by_table(self, table_id: int) -> ButtonInputs | None: ...


class HasTables(Protocol):
    """What a button needs of the client: its table registry."""

    @property
    def tables(self) -> TableFinder: ...


def table_button_id(table_id: int, hand_id: int, action_number: int, action: str) -> str:
    """``deuce:t:<table>:<hand>:<action number>:<action>``: the hand's action count when the
    button was drawn, so a click on an older table is recognised."""
    return f"deuce:t:{table_id}:{hand_id}:{action_number}:{action}"


def card_button_id(table_id: int, hand_id: int, draw: int, index: int) -> str:
    """``deuce:c:<table>:<hand>:<draw>:<index>``: toggle card ``index`` for draw ``draw``."""
    return f"deuce:c:{table_id}:{hand_id}:{draw}:{index}"


def draw_button_id(table_id: int, hand_id: int, draw: int, what: str) -> str:
    """``deuce:d:<table>:<hand>:<draw>:draw|pat``: confirm the marked discards or stand pat."""
    return f"deuce:d:{table_id}:{hand_id}:{draw}:{what}"


def prefold_button_id(table_id: int, hand_id: int) -> str:
    """``deuce:f:<table>:<hand>``: toggle "fold when it's my turn"."""
    return f"deuce:f:{table_id}:{hand_id}"


def show_button_id(table_id: int, hand_id: int) -> str:
    """``deuce:s:<table>:<hand>``: show a hand that was mucked at the showdown."""
    return f"deuce:s:{table_id}:{hand_id}"


def _shown_buttons(message: object) -> Iterator[tuple[str, bool]]:
    """The buttons of a message as the click delivered it: each one's custom id, and whether
    it was shown red (a marked card, Fold in turn set); in its action rows, wherever they
    stand (a Components V2 message holds them in a container)."""
    for button in _nested(getattr(message, "components", None) or ()):
        custom_id = getattr(button, "custom_id", None)
        if isinstance(custom_id, str):
            yield custom_id, getattr(button, "style", None) == discord.ButtonStyle.danger


def _nested(components: Iterable[object]) -> Iterator[object]:
    """Every component inside ``components`` (a row's, a container's, a section's children and
    its accessory), depth first."""
    for component in components:
        inside = list(getattr(component, "children", None) or ())
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            inside.append(accessory)
        for child in inside:
            yield child
            yield from _nested((child,))


def shown_marks(message: discord.Message | None) -> set[int] | None:
    """The card indices the clicked panel showed marked (red), read from the message as the
    player saw it; None when the message's buttons are not known.

    The DM panel and the ``/poker hand`` reply are two copies of one hand, and a double click
    arrives twice from the same picture: acting on what the clicked message showed (mark a
    card shown unmarked, draw the cards shown marked) makes both act once and as seen.
    """
    marked: set[int] = set()
    found = False
    for custom_id, red in _shown_buttons(message):
        match = CARD_ID.fullmatch(custom_id)
        if match is not None:
            found = True
            if red:
                marked.add(int(match["index"]))
    return marked if found else None


def shown_prefold(message: discord.Message | None) -> bool | None:
    """Whether the clicked panel showed "Fold in turn" set (its button red, saying Cancel);
    None when the message has no such button. A click does what its button said, so a double
    click sets it once rather than setting and cancelling it."""
    for custom_id, red in _shown_buttons(message):
        if PREFOLD_ID.fullmatch(custom_id):
            return red
    return None


def message_custom_ids(message: object) -> tuple[str, ...]:
    """The custom ids of the buttons on a message (as the click delivered it)."""
    return tuple(custom_id for custom_id, _red in _shown_buttons(message))


def click_origin(interaction: discord.Interaction[Any]) -> ClickOrigin:
    """Where a click came from: the clicked message's id, whether only the clicker sees it
    (a DM, or an ephemeral reply) and its buttons' custom ids."""
    message = interaction.message
    if message is None:
        return ClickOrigin(None, False, ())
    ephemeral = bool(getattr(getattr(message, "flags", None), "ephemeral", False))
    private = interaction.guild_id is None or ephemeral
    return ClickOrigin(message.id, private, message_custom_ids(message))


class DealerButton(discord.ui.Button[Any]):
    """What every table button shares: rebuilt from its ``custom_id`` (``from_match``), its
    click goes to the table's session (``handle``) once checked against the message it came
    from (``seating.click_origin_refusal``): a forged custom id acts on nothing and edits
    nothing."""

    KIND: ClassVar[str]
    PATTERN: ClassVar[re.Pattern[str]]
    panel_action: ClassVar[bool] = True
    """Whether the button belongs on a private panel (else on the table message)."""
    table_id: int

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        raise NotImplementedError

    async def handle(self, session: ButtonInputs, interaction: discord.Interaction[Any]) -> None:
        raise NotImplementedError

    @classmethod
    async def clicked(cls, interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        """The router's handler of this kind: the session found, the origin checked, the
        click handed over (a refusal raised for the router's private answer)."""
        button = cls.from_match(match)
        client: HasTables = interaction.client
        session = client.tables.by_table(button.table_id)
        if session is None:
            await reply_private(interaction, t("hand_over"))
            return
        refusal = click_origin_refusal(
            click_origin(interaction),
            button.table_id,
            session.table_message_id,
            panel_action=cls.panel_action,
        )
        if refusal is not None:
            raise Refused(t(refusal))
        await button.handle(session, interaction)

    @classmethod
    def route(cls) -> Route:
        return Route(cls.KIND, cls.PATTERN, cls.clicked)


TABLE_ID = re.compile(
    r"deuce:t:(?P<table>\d+):(?P<hand>\d+):(?P<number>\d+):(?P<action>fold|foldx|call|raise|cards)"
)


class TableButton(DealerButton):
    """Fold / Check-Call / Bet-Raise / My cards under the table message, and "Fold anyway" in
    the private question a Fold click gets when checking is free (``action`` is then
    ``FOLD_CONFIRMED``)."""

    KIND = "t"
    PATTERN = TABLE_ID
    panel_action = False

    def __init__(
        self,
        table_id: int,
        hand_id: int,
        action_number: int,
        action: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            label=label or action,
            style=style,
            disabled=disabled,
            custom_id=table_button_id(table_id, hand_id, action_number, action),
            row=row,
        )
        self.table_id = table_id
        self.hand_id = hand_id
        self.action_number = action_number
        self.action = action

    @staticmethod
    def look(
        table_id: int,
        hand_id: int,
        action_number: int,
        action: str,
        *,
        label: str,
        style: discord.ButtonStyle,
        disabled: bool = False,
        row: int | None = None,
    ) -> layout.Button:
        """The button as the table and the panel of the player to act show it (the private
        "Fold anyway?" question, a discord.py view, makes ``TableButton`` itself)."""
        custom_id = table_button_id(table_id, hand_id, action_number, action)
        return layout.Button(custom_id, label, style, disabled, row=row)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), int(match["hand"]), int(match["number"]), match["action"])

    async def handle(self, session: ButtonInputs, interaction: discord.Interaction[Any]) -> None:
        if self.action == "cards":
            await session.send_panel(interaction, self.hand_id)
            return
        action = "fold_confirmed" if self.action == FOLD_CONFIRMED else self.action
        click = BetClick(self.hand_id, self.action_number, interaction.user.id, action)
        await session.handle(click, interaction)


CARD_ID = re.compile(r"deuce:c:(?P<table>\d+):(?P<hand>\d+):(?P<draw>\d+):(?P<index>[0-4])")


class CardButton(DealerButton):
    """One of the five private cards: a click marks or unmarks it for the draw."""

    KIND = "c"
    PATTERN = CARD_ID

    def __init__(self, table_id: int, hand_id: int, draw: int, index: int) -> None:
        super().__init__(custom_id=card_button_id(table_id, hand_id, draw, index), row=0)
        self.table_id = table_id
        self.hand_id = hand_id
        self.draw = draw
        self.index = index

    @staticmethod
    def look(
        table_id: int,
        hand_id: int,
        draw: int,
        index: int,
        *,
        label: str,
        emoji: discord.PartialEmoji | None = None,
        marked: bool = False,
        disabled: bool = False,
    ) -> layout.Button:
        """The button as a panel shows it: red while the card is marked."""
        return layout.Button(
            card_button_id(table_id, hand_id, draw, index),
            label,
            discord.ButtonStyle.danger if marked else discord.ButtonStyle.secondary,
            disabled,
            emoji,
            row=0,
        )

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), int(match["hand"]), int(match["draw"]), int(match["index"]))

    async def handle(self, session: ButtonInputs, interaction: discord.Interaction[Any]) -> None:
        shown = shown_marks(interaction.message)
        click = CardClick(
            self.hand_id,
            interaction.user.id,
            self.draw,
            self.index,
            None if shown is None else frozenset(shown),
        )
        await session.handle(click, interaction)


DRAW_ID = re.compile(r"deuce:d:(?P<table>\d+):(?P<hand>\d+):(?P<draw>\d+):(?P<what>draw|pat)")


class DrawButton(DealerButton):
    """ "Draw N" (the marked cards) or "Stand pat" for one draw of one hand."""

    KIND = "d"
    PATTERN = DRAW_ID

    def __init__(self, table_id: int, hand_id: int, draw: int, what: str) -> None:
        super().__init__(custom_id=draw_button_id(table_id, hand_id, draw, what), row=1)
        self.table_id = table_id
        self.hand_id = hand_id
        self.draw = draw
        self.what = what

    @staticmethod
    def look(table_id: int, hand_id: int, draw: int, what: str, *, label: str) -> layout.Button:
        """The button as a panel shows it: Draw N in blue, Stand pat in green."""
        style = discord.ButtonStyle.primary if what == "draw" else discord.ButtonStyle.success
        return layout.Button(draw_button_id(table_id, hand_id, draw, what), label, style, row=1)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), int(match["hand"]), int(match["draw"]), match["what"])

    async def handle(self, session: ButtonInputs, interaction: discord.Interaction[Any]) -> None:
        message = interaction.message
        shown = shown_marks(message)
        click = DrawClick(
            self.hand_id,
            interaction.user.id,
            self.draw,
            self.what == "pat",
            None if shown is None else frozenset(shown),
            getattr(message, "id", None),
        )
        await session.handle(click, interaction)


PREFOLD_ID = re.compile(r"deuce:f:(?P<table>\d+):(?P<hand>\d+)")


class PrefoldButton(DealerButton):
    """ "Fold in turn": an early action taken when the player's turn comes."""

    KIND = "f"
    PATTERN = PREFOLD_ID

    def __init__(self, table_id: int, hand_id: int) -> None:
        super().__init__(custom_id=prefold_button_id(table_id, hand_id), row=1)
        self.table_id = table_id
        self.hand_id = hand_id

    @staticmethod
    def look(table_id: int, hand_id: int, *, active: bool) -> layout.Button:
        """The button as a panel shows it: red, saying Cancel, while it is set."""
        return layout.Button(
            prefold_button_id(table_id, hand_id),
            t("button_prefold_cancel") if active else t("button_prefold"),
            discord.ButtonStyle.danger if active else discord.ButtonStyle.secondary,
            row=1,
        )

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), int(match["hand"]))

    async def handle(self, session: ButtonInputs, interaction: discord.Interaction[Any]) -> None:
        shown = shown_prefold(interaction.message)
        await session.handle(PrefoldClick(self.hand_id, interaction.user.id, shown), interaction)


SHOW_ID = re.compile(r"deuce:s:(?P<table>\d+):(?P<hand>\d+)")


class ShowButton(DealerButton):
    """After the hand: the owner of a mucked hand chooses to show it."""

    KIND = "s"
    PATTERN = SHOW_ID

    def __init__(self, table_id: int, hand_id: int) -> None:
        super().__init__(custom_id=show_button_id(table_id, hand_id))
        self.table_id = table_id
        self.hand_id = hand_id

    @staticmethod
    def look(table_id: int, hand_id: int) -> layout.Button:
        """The button as a finished hand's panel shows it."""
        return layout.Button(show_button_id(table_id, hand_id), t("button_show"))

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["table"]), int(match["hand"]))

    async def handle(self, session: ButtonInputs, interaction: discord.Interaction[Any]) -> None:
        await session.handle(ShowClick(self.hand_id, interaction.user.id), interaction)


BUTTONS: tuple[type[DealerButton], ...] = (
    TableButton,
    CardButton,
    DrawButton,
    PrefoldButton,
    ShowButton,
)

ROUTES: tuple[Route, ...] = tuple(button.route() for button in BUTTONS)
"""The router's routes of the table buttons (``bot/ui/router.py``)."""

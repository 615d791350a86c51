"""What a table is told: every input to a table's session is one of these values, handed to
``TableSession.handle``, the only code that takes the table's lock and changes its state.

A click is read into its input where it arrives (``bot/table/buttons.py``: the ids in the
button's ``custom_id``, and what the clicked message showed), a command's arguments into
theirs (the session's typed methods ``join``, ``leave``... build them), a timer's firing into
``Deal``, ``Step``, ``Timeout``, ``IdleDue`` or ``StoreRetry``. An input holds no Discord
object: the interaction to answer, when there is one, travels beside it. ``Input[R]`` says what
``handle`` returns for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.store.models import SeatRow
from bot.table.snapshot import PanelSnapshot

R = TypeVar("R", covariant=True)


class Input(Generic[R]):
    """An input to a table; ``R``: what the session's ``handle`` returns for it."""

    __slots__ = ()


# ---------------------------------------------------------------------- clicks


@dataclass(frozen=True, slots=True)
class BetClick(Input[None]):
    """Fold / Check-Call / Bet-Raise on the table message, or the private "Fold anyway"
    (``action``: ``fold``, ``call``, ``raise``, ``fold_confirmed``), at betting position
    ``action_number`` of hand ``hand_id``."""

    hand_id: int
    action_number: int
    user_id: int
    action: str


@dataclass(frozen=True, slots=True)
class PanelRequest(Input[PanelSnapshot]):
    """My cards (the table message's button) or ``/poker hand``: the player's private panel
    (``hand_id`` None: the table's current or last hand)."""

    user_id: int
    hand_id: int | None


@dataclass(frozen=True, slots=True)
class CardClick(Input[None]):
    """A card of the private panel clicked (mark or unmark it for draw ``draw``);
    ``shown_marks``: the indices the clicked panel showed marked (None: not known)."""

    hand_id: int
    user_id: int
    draw: int
    index: int
    shown_marks: frozenset[int] | None


@dataclass(frozen=True, slots=True)
class DrawClick(Input[None]):
    """ "Draw N" (``pat`` False) or "Stand pat" of draw ``draw``, from the panel message
    ``message_id`` that showed ``shown_marks`` marked."""

    hand_id: int
    user_id: int
    draw: int
    pat: bool
    shown_marks: frozenset[int] | None
    message_id: int | None


@dataclass(frozen=True, slots=True)
class PrefoldClick(Input[None]):
    """ "Fold in turn" or its cancel; ``shown_active``: whether the clicked panel showed it
    set (None: not known)."""

    hand_id: int
    user_id: int
    shown_active: bool | None


@dataclass(frozen=True, slots=True)
class ShowClick(Input[None]):
    """After the hand, the owner of a mucked hand shows it."""

    hand_id: int
    user_id: int


@dataclass(frozen=True, slots=True)
class PanelFor(Input[PanelSnapshot | None]):
    """The table's Discord I/O reads a player's panel of hand ``hand_id`` (to send or
    refresh it): None once that hand is gone or not theirs."""

    user_id: int
    hand_id: int


# ---------------------------------------------------------------------- timers


@dataclass(frozen=True, slots=True)
class Deal(Input[None]):
    """The pause between hands is over: deal."""


@dataclass(frozen=True, slots=True)
class Step(Input[None]):
    """Within turn ``action_number``: a house player moves, or an idle member is alerted."""

    action_number: int


@dataclass(frozen=True, slots=True)
class Timeout(Input[None]):
    """The decision time of turn ``action_number`` ran out."""

    action_number: int


@dataclass(frozen=True, slots=True)
class IdleDue(Input[None]):
    """The idle clock planned for ``due`` rang: close the table if still empty."""

    due: float


@dataclass(frozen=True, slots=True)
class StoreRetry(Input[bool]):
    """The table waits for its store: try the failed write again (True: stop trying)."""


# ---------------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class Join(Input[tuple[SeatRow, bool]]):
    """Sit down (or buy in again): the seat, and whether a hand runs."""

    user_id: int
    name: str
    buy_in: int | None


@dataclass(frozen=True, slots=True)
class NoteDm(Input[None]):
    """Whether the player's DMs reach them (the welcome DM at join)."""

    user_id: int
    ok: bool


@dataclass(frozen=True, slots=True)
class Leave(Input[tuple[bool, int]]):
    """Stand up (``/poker leave``, an admin's kick)."""

    user_id: int


@dataclass(frozen=True, slots=True)
class TopUp(Input[bool]):
    """Chips from the wallet (True: queued for the next deal)."""

    user_id: int
    amount: int


@dataclass(frozen=True, slots=True)
class SetPaused(Input[str | None]):
    """An admin pauses the table (``user_id``) or resumes it (None)."""

    user_id: int | None


@dataclass(frozen=True, slots=True)
class SitOut(Input[None]):
    user_id: int


@dataclass(frozen=True, slots=True)
class SitIn(Input[None]):
    user_id: int


@dataclass(frozen=True, slots=True)
class Close(Input[bool]):
    """An admin closes the table: now (True) or after the hand (False)."""


@dataclass(frozen=True, slots=True)
class ApplySettings(Input[None]):
    """The server's or the channel's settings changed."""


@dataclass(frozen=True, slots=True)
class Repost(Input[None]):
    """Post the table at the bottom of the channel (the interaction's answer)."""


@dataclass(frozen=True, slots=True)
class AddHouse(Input[int]):
    """Seat ``count`` house players of ``style`` now: how many sat down."""

    count: int
    style: str


@dataclass(frozen=True, slots=True)
class RemoveHouse(Input[tuple[int, int]]):
    """Stand up ``count`` house players (all: None): (now, after the hand)."""

    count: int | None


@dataclass(frozen=True, slots=True)
class RefillHouse(Input[None]):
    """The house's fill setting changed."""


@dataclass(frozen=True, slots=True)
class Unqueue(Input[bool]):
    """The member stops waiting for a house player's seat: whether they were waiting."""

    user_id: int


@dataclass(frozen=True, slots=True)
class CancelTournament(Input[dict[int, int]]):
    """An admin cancels the running sit-and-go: the refunds."""

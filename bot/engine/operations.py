"""What happened in a hand: one frozen record per operation, the hand's log.

``Hand.operations`` is the whole hand in order, as PokerKit's ``State.operations`` is
(``pokerkit/state.py``: ``Folding``, ``CheckingOrCalling``...): the blinds, the deal, each
round's opening, every decision, burn, reshuffle, show, muck and award. Operations hold
positions (0 is the first seat left of the button) and card numbers 0..51, private cards
included: they never leave the engine as they are. ``operation.record(ids, names)`` is the
public ``ActionRecord`` of one (ids and names instead of positions, a one-line text with no
hidden card; the private card fields are for the card's owner only).

Saved hands (``Hand.to_json``) keep each operation as ``{"op": class name, field: value...}``
(``operation_to_json``/``operation_from_json``); journals written before the operations were
records are read by ``bot.engine.legacy``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, get_type_hints

from bot.engine.cards import CARDS, Card, cards_str
from bot.engine.evaluator import rank_name
from bot.engine.plain import dumper, loader

BETTING_ROUND_NAMES = ("pre-draw", "after first draw", "after second draw", "after third draw")
"""Player-facing names of the four betting rounds."""

DRAW_NAMES = ("first draw", "second draw", "third draw")

TIMED_OUT = " (time ran out)"
"""Added to the public text of a turn the dealer played because the player's time ran out."""


class RecordKind(StrEnum):
    """What an ``ActionRecord`` describes."""

    DEAL = "deal"
    """Five cards dealt to each player (private: ``received``, all the hands in position order:
    the first five cards are position 0's, the next five position 1's, ...)."""
    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    DRAW = "draw"
    """A discard of ``draw_count`` cards (0 = stands pat) and the replacements."""
    BURN = "burn"
    RESHUFFLE = "reshuffle"
    """The stub ran out: the muck was shuffled into a new stub (``amount`` = its size)."""
    ROUND = "round"
    """A betting round or a draw begins (``amount`` = the round index)."""
    SHOW = "show"
    MUCK = "muck"
    AWARD = "award"
    """Chips from one pot to one player (``amount``)."""
    RETURN = "return"
    """An uncalled bet goes back to its owner."""


@dataclass(frozen=True)
class ActionRecord:
    """One thing that happened; ``text`` is public, ``discarded``/``received`` never are."""

    kind: RecordKind
    player_id: int | None
    amount: int
    """Chips: paid for blinds and calls, the total bet this round for bets and raises,
    won for awards; otherwise a count or 0."""
    draw_count: int | None
    """Cards discarded for a draw (0 = stands pat); ``None`` for other kinds."""
    text: str
    """A public one-line description with no hidden card."""
    discarded: tuple[Card, ...] = ()
    """PRIVATE: the cards thrown (draws)."""
    received: tuple[Card, ...] = ()
    """PRIVATE: the cards dealt (deal, draws)."""
    shown: tuple[Card, ...] = ()
    """PUBLIC: a hand shown at showdown."""
    all_in: bool = False
    """The action put the player all-in."""
    timed_out: bool = False
    """The dealer played this turn when the player's time ran out."""
    left: bool = False
    """The player left the table mid-hand: their hand is folded."""
    pot: str = ""
    """For awards: the pot won ("main pot", "side pot 1", ...)."""


_FOLD = RecordKind.FOLD
_CHECK = RecordKind.CHECK
_CALL = RecordKind.CALL
_BET = RecordKind.BET
_RAISE = RecordKind.RAISE
_DRAW = RecordKind.DRAW
_ROUND = RecordKind.ROUND


def _left(ids: Sequence[int], names: Sequence[str], position: int) -> ActionRecord:
    """The record of a departure, and of every turn played for the player after it."""
    text = f"{names[position]} has left: the hand is folded"
    return ActionRecord(_FOLD, ids[position], 0, None, text, left=True)


def _timed_out(record: ActionRecord) -> ActionRecord:
    return replace(record, text=record.text + TIMED_OUT, timed_out=True)


def _cards(numbers: Sequence[int]) -> tuple[Card, ...]:
    return tuple([CARDS[c] for c in numbers])


@dataclass(frozen=True, slots=True)
class BlindPosting:
    """A player posts a blind (all-in for less when the stack is short)."""

    position: int
    amount: int
    all_in: bool = False
    big: bool = False
    """The big blind (else the small blind)."""

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record."""
        if self.big:
            kind, text = RecordKind.BIG_BLIND, f"{names[self.position]} posts the big blind"
        else:
            kind, text = RecordKind.SMALL_BLIND, f"{names[self.position]} posts the small blind"
        text = f"{text} {self.amount} and is all-in" if self.all_in else f"{text} {self.amount}"
        return ActionRecord(kind, ids[self.position], self.amount, None, text, all_in=self.all_in)


@dataclass(frozen=True, slots=True)
class HoleDealing:
    """Five cards to each player, one at a time round the table from position 0."""

    cards: tuple[int, ...] = field(repr=False)
    """PRIVATE: every hand in position order (position ``i`` holds ``cards[5 * i : 5 * i + 5]``)."""

    def hole(self, position: int) -> tuple[int, ...]:
        """The five cards dealt to ``position``."""
        return self.cards[5 * position : 5 * position + 5]

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record (``received`` holds every hand: private)."""
        text = "Five cards are dealt to each player"
        received = _cards(self.cards)
        return ActionRecord(RecordKind.DEAL, None, len(ids), None, text, received=received)


@dataclass(frozen=True, slots=True)
class BettingOpening:
    """A betting round begins."""

    round: int
    """0 = pre-draw ... 3 = after the third draw."""

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record (``amount`` = the round, 0..3)."""
        text = f"Betting round: {BETTING_ROUND_NAMES[self.round]}"
        return ActionRecord(_ROUND, None, self.round, None, text)


@dataclass(frozen=True, slots=True)
class DrawOpening:
    """A draw begins."""

    draw: int
    """1..3."""

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record (``amount`` = 3 + the draw, 4..6)."""
        return ActionRecord(_ROUND, None, 3 + self.draw, None, f"The {DRAW_NAMES[self.draw - 1]}")


@dataclass(frozen=True, slots=True)
class Folding:
    """A player folds, or their hand is folded at their turn after they left."""

    position: int
    left: bool = False
    """Played for a player who left the table."""
    timed_out: bool = False
    """Played by the dealer when the player's time ran out."""
    no_turn_for: int | None = None
    """The position that gets no turn after this fold (the only player left able to bet, with
    nothing to call: RULES Betting); PokerKit still asks them to check (the PHH says so)."""

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record."""
        if self.left:
            record = _left(ids, names, self.position)
        else:
            name = names[self.position]
            record = ActionRecord(_FOLD, ids[self.position], 0, None, f"{name} folds")
        return _timed_out(record) if self.timed_out else record


@dataclass(frozen=True, slots=True)
class CheckingOrCalling:
    """A player checks (``amount`` 0) or calls ``amount`` chips."""

    position: int
    amount: int = 0
    all_in: bool = False
    timed_out: bool = False
    """Played by the dealer when the player's time ran out (a check)."""

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record."""
        name = names[self.position]
        amount = self.amount
        if not amount:
            record = ActionRecord(_CHECK, ids[self.position], 0, None, f"{name} checks")
        else:
            text = f"{name} calls {amount}"
            if self.all_in:
                text += " and is all-in"
            record = ActionRecord(_CALL, ids[self.position], amount, None, text, all_in=self.all_in)
        return _timed_out(record) if self.timed_out else record


@dataclass(frozen=True, slots=True)
class BettingOrRaising:
    """A player bets or raises the fixed amount (all-in for less when short)."""

    position: int
    to: int
    """The player's total bet this round after it."""
    is_raise: bool = False
    """There was a bet (blinds count) before it."""
    all_in: bool = False

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record (``amount`` = the total bet this round)."""
        name, to = names[self.position], self.to
        if self.is_raise:
            kind, text = _RAISE, f"{name} raises to {to}"
        else:
            kind, text = _BET, f"{name} bets {to}"
        if self.all_in:
            text += " and is all-in"
        return ActionRecord(kind, ids[self.position], to, None, text, all_in=self.all_in)


@dataclass(frozen=True, slots=True)
class CardBurning:
    """The dealer burns a card before serving the first player to draw."""

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record."""
        return ActionRecord(RecordKind.BURN, None, 0, None, "A card is burned")


@dataclass(frozen=True, slots=True)
class Reshuffling:
    """The stub ran out: the muck is shuffled into a new stub."""

    stub: tuple[int, ...] = field(repr=False)
    """PRIVATE: the new stub, in the order its cards are dealt."""

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record (``amount`` = the new stub's size)."""
        count = len(self.stub)
        text = f"The deck ran out: the muck ({count} cards) is shuffled into a new stub"
        return ActionRecord(RecordKind.RESHUFFLE, None, count, None, text)


@dataclass(frozen=True, slots=True)
class Drawing:
    """A player discards 0-5 cards (none: stands pat) and is served as many."""

    position: int
    discarded: tuple[int, ...] = field(default=(), repr=False)
    """PRIVATE."""
    received: tuple[int, ...] = field(default=(), repr=False)
    """PRIVATE."""
    left: bool = False
    """Played for a player who left the table: a pat nobody sees (their hand is dead)."""
    timed_out: bool = False
    """Played by the dealer when the player's time ran out (a pat)."""

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record (``discarded``/``received``: the drawer's eyes only)."""
        if self.left:
            return _left(ids, names, self.position)
        name = names[self.position]
        count = len(self.discarded)
        if count:
            discarded, received = _cards(self.discarded), _cards(self.received)
            record = ActionRecord(
                _DRAW, ids[self.position], 0, count, f"{name} draws {count}", discarded, received
            )
        else:
            record = ActionRecord(_DRAW, ids[self.position], 0, 0, f"{name} stands pat")
        return _timed_out(record) if self.timed_out else record


@dataclass(frozen=True, slots=True)
class Leaving:
    """A player leaves the table mid-hand: their hand is dead (``Hand.leave``)."""

    position: int

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record."""
        return _left(ids, names, self.position)


@dataclass(frozen=True, slots=True)
class Showing:
    """A player shows their hand (at the showdown, or after the award by choice)."""

    position: int
    cards: tuple[int, ...]
    """PUBLIC once shown."""
    rank: int
    """The hand's 2-7 rank (lower is better)."""
    voluntary: bool = False
    """Shown after the award by a player whose hand was mucked at the showdown."""

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record (``amount`` = the rank)."""
        shown = _cards(self.cards)
        text = f"{names[self.position]} shows {cards_str(shown)} ({rank_name(self.rank)})"
        return ActionRecord(RecordKind.SHOW, ids[self.position], self.rank, None, text, shown=shown)


@dataclass(frozen=True, slots=True)
class Mucking:
    """A player's hand is mucked unshown at the showdown."""

    position: int
    left: bool = False
    """The dead hand of a player who left the table."""

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record."""
        if self.left:
            return _left(ids, names, self.position)
        text = f"{names[self.position]} mucks"
        return ActionRecord(RecordKind.MUCK, ids[self.position], 0, None, text)


@dataclass(frozen=True, slots=True)
class Returning:
    """The uncalled part of a bet goes back to its owner."""

    position: int
    amount: int

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record."""
        text = f"{names[self.position]} takes back {self.amount} (uncalled)"
        return ActionRecord(RecordKind.RETURN, ids[self.position], self.amount, None, text)


@dataclass(frozen=True, slots=True)
class Awarding:
    """Chips from one pot to one winner."""

    position: int
    amount: int
    pot: str
    """"main pot", "side pot 1", ..."""

    def record(self, ids: Sequence[int], names: Sequence[str]) -> ActionRecord:
        """The public record."""
        text = f"{names[self.position]} wins {self.amount} from the {self.pot}"
        return ActionRecord(
            RecordKind.AWARD, ids[self.position], self.amount, None, text, pot=self.pot
        )


Operation = (
    BlindPosting
    | HoleDealing
    | BettingOpening
    | DrawOpening
    | Folding
    | CheckingOrCalling
    | BettingOrRaising
    | CardBurning
    | Reshuffling
    | Drawing
    | Leaving
    | Showing
    | Mucking
    | Returning
    | Awarding
)
"""Every kind of operation a hand logs."""

DECISIONS = (Folding, CheckingOrCalling, BettingOrRaising, Drawing)
"""The operations that are a player's turn (played by them, the dealer or for a leaver)."""

CHIP_DECISIONS = (BlindPosting, CheckingOrCalling, BettingOrRaising)
"""The operations that put chips in (their ``all_in`` says whether it took the last one)."""

_OPERATIONS: dict[str, type[Operation]] = {
    cls.__name__: cls
    for cls in (
        BlindPosting,
        HoleDealing,
        BettingOpening,
        DrawOpening,
        Folding,
        CheckingOrCalling,
        BettingOrRaising,
        CardBurning,
        Reshuffling,
        Drawing,
        Leaving,
        Showing,
        Mucking,
        Returning,
        Awarding,
    )
}


def _field_writers(cls: type[Operation]) -> tuple[tuple[str, Any, Callable[[Any], Any]], ...]:
    """(name, default, dump) of each field of an operation (``MISSING``: no default)."""
    hints = get_type_hints(cls)
    return tuple((f.name, f.default, dumper(hints[f.name])) for f in fields(cls))


_WRITERS = {cls: (cls.__name__, _field_writers(cls)) for cls in _OPERATIONS.values()}
"""Per operation: its JSON name and how each field is written."""

_LOADERS: dict[str, dict[str, Callable[[Any], Any]]] = {
    name: {f.name: loader(get_type_hints(cls)[f.name]) for f in fields(cls)}
    for name, cls in _OPERATIONS.items()
}
"""Per operation and field: the function reading the field from JSON."""


def operation_to_json(operation: Operation) -> dict[str, Any]:
    """One operation as plain JSON: its class and the fields not at their default."""
    name, writers = _WRITERS[operation.__class__]
    data: dict[str, Any] = {"op": name}
    for key, default, dump in writers:
        value = getattr(operation, key)
        if value != default:
            data[key] = dump(value)
    return data


def operation_from_json(data: dict[str, Any]) -> Operation:
    """The operation ``operation_to_json`` wrote; raises ``KeyError``, ``TypeError`` or
    ``ValueError`` on anything else."""
    values = dict(data)
    kind = values.pop("op")
    loaders = _LOADERS[kind]
    return _OPERATIONS[kind](**{key: loaders[key](value) for key, value in values.items()})


def position_of(operation: Operation) -> int | None:
    """The position an operation belongs to (``None`` for the dealer's)."""
    position: int | None = getattr(operation, "position", None)
    return position

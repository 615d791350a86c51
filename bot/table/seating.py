"""Table rules that need no Discord: who is dealt in, where the button goes, sit-outs, and
what the table knows of a hand's players beyond the engine (``HandNotes``: timeouts, leavers,
early actions), journaled with the hand. Imports the engine (and the house's reserved ids)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bot.engine import Card, EngineError, Hand, HandResult, Phase, RecordKind, next_button_seat
from bot.engine.evaluator import rank27
from bot.house.accounts import is_house

TIMEOUTS_TO_SIT_OUT = 2
"""Timeouts in a row that sit a player out after the hand."""


class Seat(Protocol):
    """What these rules read of a seat (the store's ``SeatRow``)."""

    @property
    def seat(self) -> int: ...
    @property
    def user_id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def stack(self) -> int: ...
    @property
    def sitting_out(self) -> bool: ...
    @property
    def sat_out_at(self) -> float | None: ...
    @property
    def leaving(self) -> bool: ...
    @property
    def dm_ok(self) -> bool: ...


S = TypeVar("S", bound=Seat)


def seat_of(seats: Sequence[S], user_id: int) -> S | None:
    """The player's seat, if they have one."""
    return next((s for s in seats if s.user_id == user_id), None)


def name_of(seats: Sequence[Seat], hand: Hand | None, user_id: int) -> str:
    """A player's name: their seat's (the member's current name), else the hand's, else "?"."""
    if (seat := seat_of(seats, user_id)) is not None:
        return seat.name
    return hand.name_of(user_id) if hand is not None and user_id in hand.player_ids else "?"


def next_button(current: int | None, eligible_seats: Sequence[int]) -> int:
    """The seat that gets the button: the next eligible seat clockwise, skipping empty ones.

    The first hand at a table puts the button on the lowest eligible seat.
    """
    if not eligible_seats:
        raise ValueError("no eligible seat for the button")
    if current is None:
        return min(eligible_seats)
    return next_button_seat(eligible_seats, current)


def eligible_seats(seats: Sequence[S]) -> list[S]:
    """Seats that are dealt in: not sitting out, not leaving, with chips."""
    return [s for s in seats if not s.sitting_out and not s.leaving and s.stack > 0]


def dealt_in(seats: Sequence[S]) -> list[S]:
    """The eligible seats when at least one of them is a member's, else none: house players
    never play a hand among themselves."""
    players = eligible_seats(seats)
    return players if any(not is_house(s.user_id) for s in players) else []


def expired_sitouts(seats: Sequence[S], now: float, keep_seconds: float) -> list[S]:
    """Sat-out seats kept longer than the keep time: their chips go back to the wallet."""
    return [
        s
        for s in seats
        if s.sitting_out and s.sat_out_at is not None and now - s.sat_out_at >= keep_seconds
    ]


def next_sitout_expiry(seats: Sequence[Seat], keep_seconds: float, now: float) -> float | None:
    """Seconds until the next sat-out seat expires, or None when no seat is sat out."""
    waits = [
        s.sat_out_at + keep_seconds - now
        for s in seats
        if s.sitting_out and s.sat_out_at is not None
    ]
    return min(waits) if waits else None


class TableTimes(Protocol):
    """What the timers read of a table's settings (the store's ``Settings``)."""

    @property
    def action_timer(self) -> int: ...
    @property
    def draw_timer(self) -> int: ...


def decision_seconds(phase: Phase, settings: TableTimes) -> float:
    """The time a player has for a decision of this phase."""
    return float(settings.draw_timer if phase is Phase.DRAWING else settings.action_timer)


def alert_after(seat: Seat | None, mode: str, delay: float) -> float | None:
    """Seconds into a turn before its player is sent their panel again as a new DM: never
    when their DMs are closed or they turned alerts off, at once when they asked for "now"."""
    if seat is None or not seat.dm_ok or mode == "off" or delay <= 0:
        return None
    return 0.0 if mode == "now" else delay


def target_draw(draws_made: int) -> int | None:
    """The draw (1..3) a player's marks are for, or None when all three are done."""
    return draws_made + 1 if draws_made < 3 else None


def sit_outs_after_hand(notes: HandNotes, seats: Mapping[int, Seat]) -> set[int]:
    """Players who timed out twice in a row and sit out now that the hand is over (not those
    leaving, nor those already sitting out)."""
    return {
        u
        for u in notes.sit_out_after - notes.leaving
        if u in seats and not seats[u].leaving and not seats[u].sitting_out
    }


def timeout_key(kind: RecordKind) -> str:
    """The catalogue key telling a player what the dealer did when their time ran out."""
    if kind is RecordKind.FOLD:
        return "timed_out_fold"
    return "timed_out_check" if kind is RecordKind.CHECK else "timed_out_pat"


def draws_taken(hand: Hand) -> dict[int, list[int]]:
    """The cards each player drew at each draw they took part in (0 = stood pat), for the
    lowball stats: public counts, as the table showed them."""
    return {
        seat.player_id: [n for n in seat.draw_counts if n is not None]
        for seat in hand.public_view().seats
    }


def shown_ranks(hand: Hand) -> dict[int, int]:
    """The rank of each hand shown at the showdown (a mucked hand has none)."""
    result = hand.result
    if result is None:
        return {}
    return {player: rank27(list(cards)) for player, cards in result.shown_hands.items()}


def voluntary_players(hand: Hand) -> set[int]:
    """Players who put chips in by choice (a call, bet or raise) before the first draw: VPIP
    as draw players count it (a big blind who only checked, then bet after a draw, did not
    choose to play the hand)."""
    chose: set[int] = set()
    for record in hand.records:
        if record.kind is RecordKind.DRAW:
            break
        if record.player_id is not None and record.kind in (
            RecordKind.CALL,
            RecordKind.BET,
            RecordKind.RAISE,
        ):
            chose.add(record.player_id)
    return chose


def result_summary(result: HandResult, names: dict[int, str]) -> dict[str, Any]:
    """The stored summary of a settled hand (what ``/poker history`` and stats read)."""
    return {
        "pot": sum(p.amount for p in result.pots),
        "winners": [int(w) for w in result.winners],
        "payouts": {str(k): v for k, v in result.payouts.items()},
        "net": {str(k): v for k, v in result.net.items()},
        "shown": {str(k): " ".join(str(c) for c in v) for k, v in result.shown_hands.items()},
        "names": {str(k): v for k, v in names.items()},
        "showdown": not result.won_without_showdown,
        "pots": [[p.amount, [[w, p.shares.get(w, 0)] for w in p.winners]] for p in result.pots],
        "hand_names": {str(k): v for k, v in result.hand_names.items()},
        "order": list(result.showdown_order),
        "mucked": list(result.mucked),
    }


@dataclass
class HandNotes:
    """What the table knows of the players beyond the engine, journaled with the hand.

    ``timeouts`` counts each player's timeouts in a row (it spans hands); the rest belongs to
    the running hand: who sits out or leaves after it, and the early actions (fold in turn,
    the cards marked for a draw, a draw confirmed before the player's turn).
    """

    timeouts: dict[int, int] = field(default_factory=dict)
    sit_out_after: set[int] = field(default_factory=set)
    leaving: set[int] = field(default_factory=set)
    prefold: set[int] = field(default_factory=set)
    marks: dict[int, set[Card]] = field(default_factory=dict)
    queued: dict[int, tuple[int, str]] = field(default_factory=dict)
    """A draw set in advance: player -> (draw number, "draw" or "pat")."""
    alert_modes: dict[int, str] = field(default_factory=dict)
    """Each dealt player's turn alerts ("off", "on", "now"), read at the deal."""

    def new_hand(self, player_ids: Sequence[int]) -> None:
        """Forget the last hand's notes; keep the timeout streaks of players dealt in."""
        self.timeouts = {k: v for k, v in self.timeouts.items() if k in player_ids}
        self.sit_out_after = set()
        self.leaving = set()
        self.prefold = set()
        self.marks = {}
        self.queued = {}

    def acted(self, player_id: int) -> None:
        """The player acted themselves: their timeout streak ends."""
        self.timeouts[player_id] = 0

    def timed_out(self, player_id: int) -> None:
        """One more timeout in a row; the second sits the player out after the hand."""
        streak = self.timeouts.get(player_id, 0) + 1
        self.timeouts[player_id] = streak
        if streak >= TIMEOUTS_TO_SIT_OUT:
            self.sit_out_after.add(player_id)

    def sits_in(self, player_id: int) -> None:
        """A player sat in again: no streak, no sit-out pending."""
        self.timeouts.pop(player_id, None)
        self.sit_out_after.discard(player_id)

    def drew(self, player_id: int) -> None:
        """A draw was made: its marks and any queued draw are used up."""
        self.marks.pop(player_id, None)
        self.queued.pop(player_id, None)

    def mark(self, player_id: int, card: Card, marked: bool) -> bool:
        """Mark or unmark a card for the coming draw. True when this took back a draw set in
        advance (the player confirms again)."""
        cards = self.marks.setdefault(player_id, set())
        if marked == (card in cards):
            return False
        if marked:
            cards.add(card)
        else:
            cards.discard(card)
        return self.queued.pop(player_id, None) is not None

    def discards(self, hand: Hand, player_id: int) -> list[Card]:
        """The marked cards still in the player's hand, in the hand's order."""
        marked = self.marks.get(player_id, set())
        return [c for c in hand.private_view(player_id).cards if c in marked]

    def to_json(self) -> dict[str, Any]:
        return {
            "timeouts": {str(k): v for k, v in self.timeouts.items()},
            "sit_out_after": sorted(self.sit_out_after),
            "leaving": sorted(self.leaving),
            "prefold": sorted(self.prefold),
            "marks": {str(k): sorted(int(c) for c in v) for k, v in self.marks.items()},
            "queued": {str(k): list(v) for k, v in self.queued.items()},
            "alert_modes": {str(k): v for k, v in self.alert_modes.items()},
        }

    @classmethod
    def from_json(cls, meta: dict[str, Any]) -> HandNotes:
        return cls(
            timeouts={int(k): int(v) for k, v in meta.get("timeouts", {}).items()},
            sit_out_after={int(x) for x in meta.get("sit_out_after", [])},
            leaving={int(x) for x in meta.get("leaving", [])},
            prefold={int(x) for x in meta.get("prefold", [])},
            marks={int(k): {Card(int(c)) for c in v} for k, v in meta.get("marks", {}).items()},
            queued={int(k): (int(v[0]), str(v[1])) for k, v in meta.get("queued", {}).items()},
            alert_modes={int(k): str(v) for k, v in meta.get("alert_modes", {}).items()},
        )


def betting_click_refusal(
    hand: Hand | None,
    hand_id: int,
    user_id: int,
    action_number: int,
    acted_at: Mapping[int, int],
) -> str | None:
    """Why a betting click (drawn at ``action_number``) is refused, as a catalogue key: an
    earlier hand, a stranger, a double click (``acted_at``: who made each action), a table
    that moved on, not a betting turn, someone else's turn. None when it may act."""
    if hand is None or hand_id != hand.hand_id or hand.is_complete:
        return "hand_over"
    if user_id not in hand.player_ids:
        return "not_in_hand"
    if action_number != hand.action_count:
        return "already_done" if acted_at.get(action_number) == user_id else "table_moved"
    if hand.phase is not Phase.BETTING or hand.to_act is None:
        return "not_your_turn_nobody"
    if hand.to_act != user_id:
        return "not_your_turn"
    return None


@dataclass(frozen=True, slots=True)
class ClickOrigin:
    """The message a click came from, as Discord delivered it with the click: its id,
    whether only the clicker sees it (a DM or an ephemeral reply) and the custom ids of its
    buttons. A client may send any custom id with a click; the message it names is
    Discord's."""

    message_id: int | None
    private: bool
    custom_ids: tuple[str, ...]


PANEL_KINDS = frozenset("cdfs")
"""Custom-id kinds only a private panel carries: cards, draw, fold in turn, show."""


def click_origin_refusal(
    origin: ClickOrigin, table_id: int, table_message_id: int | None, *, panel_action: bool
) -> str | None:
    """Why a click is refused for the message it came from, as a catalogue key; None when
    it may act. A public message must be this table's (its current message, or an older one
    carrying its buttons, whose stale click is then refused as stale) and carries no panel
    buttons; a private one (a DM or an ephemeral reply: only the clicker sees it) must carry
    this table's buttons, and a panel button needs a panel (not the "Fold anyway?"
    question). Discord checks a click against its message itself; this is defence in depth
    against a forged custom id."""
    kinds = set()
    for custom_id in origin.custom_ids:
        parts = custom_id.split(":", 3)
        if len(parts) >= 3 and parts[0] == "deuce" and parts[2] == str(table_id):
            kinds.add(parts[1])
    if not origin.private:
        current = origin.message_id is not None and origin.message_id == table_message_id
        if panel_action or not (current or "t" in kinds):
            return "click_elsewhere"
        return None
    if not kinds or (panel_action and not kinds & PANEL_KINDS):
        return "click_elsewhere"
    return None


def panel_click_refusal(
    hand: Hand | None,
    hand_id: int,
    user_id: int,
    draw: int | None,
    *,
    card_index: int | None = None,
) -> str | None:
    """Why a click on a private panel is refused, as a catalogue key; None when allowed.
    ``draw`` is the draw a card or draw button is for (None for Fold in turn), ``card_index``
    the card a card button marks."""
    if hand is None or hand_id != hand.hand_id or hand.is_complete:
        return "hand_over"
    if user_id not in hand.player_ids:
        return "not_in_hand"
    view = hand.private_view(user_id)
    if view.folded:
        return "panel_folded"
    target = target_draw(view.draws_made)
    if draw is None or (target == draw and 0 <= (card_index or 0) < len(view.cards)):
        return None
    if card_index is not None:
        return "no_more_draws" if target is None else "draw_finished"
    just_done = target is None or draw == target - 1
    if just_done and hand.phase is Phase.DRAWING and hand.draw_round == draw:
        return "already_done"
    return "draw_finished"


def panel_request_refusal(
    hand: Hand | None, last_hand: Hand | None, hand_id: int | None, user_id: int
) -> str | None:
    """Why My cards (of hand ``hand_id``) or ``/poker hand`` (None) shows no panel, as a
    catalogue key. After a hand, its mucked hands' owners still get theirs (to show it)."""
    if hand is None and last_hand is not None and hand_id in (None, last_hand.hand_id):
        result = last_hand.result
        if result is not None and user_id in result.mucked:
            return None
    if hand is None or (hand_id is not None and hand_id != hand.hand_id):
        return "hand_over" if hand_id is not None else "no_hand_running"
    return None if user_id in hand.player_ids else "not_in_hand"


def show_refusal(
    hand: Hand | None, last_hand: Hand | None, hand_id: int, user_id: int
) -> str | None:
    """Why Show my hand is refused, as a catalogue key: only after the hand, by a mucked hand."""
    if last_hand is None or hand is not None or last_hand.hand_id != hand_id:
        return "hand_over"
    result = last_hand.result
    if result is None or user_id not in result.mucked:
        shown = result is not None and user_id in result.shown_hands
        return "already_done" if shown else "nothing_to_show"
    return None


def journal_state(
    hand: Hand, notes: HandNotes, *, deadline: float | None, closing: bool
) -> dict[str, Any]:
    """What is journaled after every action: enough to resume the hand after a restart."""
    session = {**notes.to_json(), "deadline": deadline, "closing": closing}
    return {"hand": hand.to_json(), "session": session}


def read_journal(state: Any) -> tuple[Hand, HandNotes, float | None, bool]:
    """The hand, notes, decision deadline and closing flag of a journaled state (a state
    without notes is a bare engine state). Raises what the engine raises on a bad state."""
    if not isinstance(state, dict):
        raise EngineError("no journal")
    hand = Hand.from_json(state.get("hand", state))
    meta = state.get("session", {})
    deadline = meta.get("deadline")
    deadline = float(deadline) if isinstance(deadline, (int, float)) else None
    return hand, HandNotes.from_json(meta), deadline, bool(meta.get("closing", False))


def apply_early_actions(hand: Hand, notes: HandNotes) -> list[int]:
    """Play the turns decided in advance, as long as there are any: a leaver folds (stands pat
    in a draw), "fold in turn" checks when checking is free and folds otherwise, a queued draw
    draws the marked cards. Returns the players who drew, in order."""
    drew: list[int] = []
    while not hand.is_complete:
        player_id = hand.to_act
        if player_id is None:
            break
        if hand.phase is Phase.BETTING:
            if player_id in notes.leaving:
                hand.fold(player_id)
                continue
            if player_id in notes.prefold:
                notes.acted(player_id)  # the player's own choice, made early
                if hand.legal().can_check:
                    hand.check_or_call(player_id)
                else:
                    hand.fold(player_id)
                    notes.prefold.discard(player_id)
                continue
        elif hand.phase is Phase.DRAWING:
            queued = notes.queued.get(player_id)
            target = target_draw(hand.private_view(player_id).draws_made)
            if queued is not None and queued[0] == target == hand.draw_round:
                notes.acted(player_id)  # the player's own choice, made early
                hand.draw(player_id, notes.discards(hand, player_id) if queued[1] == "draw" else [])
            elif player_id in notes.leaving:
                hand.draw(player_id, [])
            else:
                break
            notes.drew(player_id)
            drew.append(player_id)
            continue
        break
    return drew

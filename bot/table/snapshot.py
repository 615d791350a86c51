"""What the channel and each player may see, as frozen plain data, and its builders.

A running hand becomes a ``TableSnapshot`` and a finished one a ``ResultSnapshot`` only here,
from the engine's public view and result (names, stacks, bets, draw counts, shown hands): no
hidden card can reach a channel message's renderer. A ``PanelSnapshot`` is one player's own
hand, for that player only. Pure: imports the engine (and the table rules' seat type).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.engine import ActionRecord, Card, EngineError, Hand, Phase, parse_cards, rank27
from bot.engine.explain import Reason, explain
from bot.engine.operations import RecordKind
from bot.engine.replay import Replay, ReplayStep
from bot.table.seating import HandNotes, Seat, target_draw


class TableStakes(Protocol):
    """What a snapshot reads of a table's settings (the store's ``Settings``)."""

    @property
    def small_bet(self) -> int: ...
    @property
    def effective_small_blind(self) -> int: ...
    @property
    def cap(self) -> int: ...


@dataclass(frozen=True)
class SeatSnapshot:
    """One seat as the channel sees it."""

    seat: int
    player_id: int
    name: str
    stack: int
    bet: int = 0
    in_hand: bool = False
    folded: bool = False
    all_in: bool = False
    sitting_out: bool = False
    leaving: bool = False
    to_act: bool = False
    """Their turn (to bet, or to draw when ``to_draw``)."""
    to_draw: bool = False
    """Their turn to draw."""
    button: bool = False
    blind: str | None = None
    draws: tuple[int, ...] = ()


@dataclass(frozen=True)
class LegalSnapshot:
    """What the player to act may do, for the button labels."""

    can_check: bool
    call_amount: int
    can_bet_or_raise: bool
    raise_to: int
    is_bet: bool


@dataclass(frozen=True)
class TableSnapshot:
    """Everything the public table message shows."""

    table_id: int
    small_bet: int
    small_blind: int
    cap: int
    seats: tuple[SeatSnapshot, ...]
    hand_id: int | None = None
    action_number: int = 0
    """The hand's action count when drawn: a table button carries it, so a stale click is known."""
    phase: str = "waiting"
    """``betting``, ``drawing``, ``complete`` or ``waiting`` (no hand running)."""
    betting_round: int = 0
    draw_round: int = 0
    pot: int = 0
    side_pots: tuple[int, ...] = ()
    to_act_name: str | None = None
    deadline: float | None = None
    log: tuple[LogRound, ...] = ()
    """The whole log of the hand (or of the last one, between hands), round by round."""
    next_hand_at: float | None = None
    closing: bool = False
    closed: bool = False
    idle_closed: bool = False
    """Closed because nobody sat here for the server's idle time."""
    legal: LegalSnapshot | None = None
    store_waiting: bool = False
    """The table waits for its store to answer again (nothing moves meanwhile)."""
    paused_by: int | None = None
    """The admin who paused the table (no deal until resumed)."""
    bank: bool = False
    """The player to act is using their time bank (the countdown is the bank's)."""
    topped_up: tuple[tuple[str, int], ...] = ()
    """Players who added chips before this hand: (name, chips)."""
    tournament: TournamentLine | None = None
    """The tournament played at this table (None at a cash table)."""


@dataclass(frozen=True)
class TournamentNews:
    """A tournament's line that the table's log and a hand's result show beside the
    hand's actions: a level begins (``level``), the next hand begins one (``next level``), a
    player finishes (``out``: their place and prize), a player is away (``away``). The final
    standings are ``out`` lines too (the winner's place 1)."""

    kind: str
    name: str = ""
    place: int = 0
    prize: int = 0
    level: int = 0
    limits: str = ""
    house: bool = False


@dataclass(frozen=True)
class TournamentLine:
    """What the table shows of its tournament: the level being played and its limits, when
    the next comes and its limits, the players left and their average stack; what happened
    since the last deal (``news``); once it ended, how (``state``) and the final places."""

    tournament_id: int
    level: int
    limits: str
    next_limits: str
    level_ends_at: float | None
    """When the level ends (epoch seconds, while the table runs); None when levels go by hands
    or the level is over (the next deal moves on: ``hands_left`` is 0 then)."""
    hands_left: int | None
    """Hands still dealt at this level after the running one (levels by hands)."""
    players_left: int
    entrants: int
    average_stack: int
    small_bet: int = 0
    """The level's small bet and small blind: the table between hands shows the level being
    played (a deal may move on), as the title of its hands does."""
    small_blind: int = 0
    news: tuple[TournamentNews, ...] = ()
    """While a hand runs, before its actions: what the hand before it brought (places,
    players away) and the level this one began."""
    last_news: tuple[TournamentNews, ...] = ()
    """Between hands, after the last hand's actions: what it brought (places, players away)."""
    state: str = "running"
    """``running``, ``finished``, ``cancelled`` (or, at a multi-table tournament's table,
    ``broken``)."""
    standings: tuple[TournamentNews, ...] = ()
    """Once finished: every entrant's place and prize, first place first."""
    kind: str = "sng"
    """``sng`` (a sit-and-go) or ``mtt`` (one table of a multi-table tournament)."""


@dataclass(frozen=True)
class LogEntry:
    """One line of the public log: an engine record (no hidden card) and its player's name."""

    record: ActionRecord
    name: str


def log_entries(hand: Hand, records: tuple[ActionRecord, ...]) -> tuple[LogEntry, ...]:
    """The public log lines of ``hand`` with their players' names."""
    return tuple(
        LogEntry(r, hand.name_of(r.player_id) if r.player_id is not None else "") for r in records
    )


@dataclass(frozen=True)
class LogRound:
    """One round of a hand's log and its lines in order: ``betting`` 0 (pre-draw) or n (after
    draw n), ``drawing`` n (draw n), ``showdown`` (the hands shown or mucked, the pots paid).
    A finished round stays the same object in every later snapshot (``HandLog``), and its
    hash reads only its size and last line: what was written of it is found again at once."""

    kind: str
    number: int
    entries: tuple[LogEntry, ...]

    def __hash__(self) -> int:
        last = self.entries[-1] if self.entries else None
        said = (last.name, last.record.text) if last is not None else None
        return hash((self.kind, self.number, len(self.entries), said))


SHOWDOWN_KINDS = frozenset({RecordKind.SHOW, RecordKind.MUCK})
"""The records that open the showdown's part of the log."""


def round_opened(record: ActionRecord, kind: str) -> tuple[str, int] | None:
    """The round ``record`` opens (kind and number) when the log is in a round of ``kind``:
    a ``ROUND`` record opens a betting round (0..3) or a draw (4..6), the first hand shown or
    mucked the showdown; None for any other line."""
    if record.kind is RecordKind.ROUND:
        amount = record.amount
        return ("betting", amount) if amount <= 3 else ("drawing", amount - 3)
    if record.kind in SHOWDOWN_KINDS and kind != "showdown":
        return ("showdown", 0)
    return None


def rounds_of(records: Sequence[ActionRecord], names: Mapping[int, str]) -> tuple[LogRound, ...]:
    """A public log (``Hand.public_log``'s records) round by round, as ``HandLog`` reads it
    (a round with no line is left out): the replayer's log of one step."""
    done: list[LogRound] = []
    kind, number = "betting", 0
    entries: list[LogEntry] = []
    for record in records:
        opened = round_opened(record, kind)
        if opened is not None and opened != (kind, number):
            if entries:
                done.append(LogRound(kind, number, tuple(entries)))
            (kind, number), entries = opened, []
        if record.kind is not RecordKind.ROUND:
            name = names.get(record.player_id, "") if record.player_id is not None else ""
            entries.append(LogEntry(record, name))
    if entries:
        done.append(LogRound(kind, number, tuple(entries)))
    return tuple(done)


class HandLog:
    """The log of one hand round by round, grown as the hand goes: each build reads only the
    operations since the one before, and keeps its finished rounds."""

    def __init__(self) -> None:
        self._start(None)

    def _start(self, hand: Hand | None) -> None:
        """Read ``hand``'s log from its start (another hand, or the same one put back at its
        last durable state: a new object)."""
        self._hand = hand
        self._read = 0
        self._done: list[LogRound] = []
        self._kind, self._number = "betting", 0
        self._entries: list[LogEntry] = []
        self._rounds: tuple[LogRound, ...] = ()

    def rounds(self, hand: Hand) -> tuple[LogRound, ...]:
        """The whole public log of ``hand`` so far, round by round (a round with no line yet
        is left out: the one before it is the latest)."""
        if hand is not self._hand:
            self._start(hand)
        count = hand.changes
        if count == self._read:
            return self._rounds
        for record in hand.public_log(self._read):
            opened = round_opened(record, self._kind)
            if opened is not None and opened != (self._kind, self._number):
                if self._entries:
                    self._done.append(LogRound(self._kind, self._number, tuple(self._entries)))
                (self._kind, self._number), self._entries = opened, []
            if record.kind is not RecordKind.ROUND:
                name = hand.name_of(record.player_id) if record.player_id is not None else ""
                self._entries.append(LogEntry(record, name))
        self._read = count
        latest = LogRound(self._kind, self._number, tuple(self._entries))
        self._rounds = (*self._done, latest) if self._entries else tuple(self._done)
        return self._rounds


def log_rounds(hand: Hand) -> tuple[LogRound, ...]:
    """The whole public log of ``hand`` so far, round by round (``HandLog.rounds``)."""
    return HandLog().rounds(hand)


@dataclass(frozen=True)
class PanelSnapshot:
    """One player's private hand: shown only in their DM or an ephemeral reply."""

    table_id: int
    hand_id: int
    player_id: int
    cards: tuple[Card, ...]
    public: TableSnapshot | None = None
    """The public table (pot, stacks, whose turn, draw counts), so the player can act from
    the panel alone; None once the hand is over."""
    my_turn_to_bet: bool = False
    card_style: str = "two-colour"
    """Pictures of the cards in two or four suit colours, or "text" only."""
    marked: frozenset[Card] = frozenset()
    target_draw: int | None = None
    """The draw these marks are for (1..3), None when no draw is left."""
    my_turn_to_draw: bool = False
    received: tuple[Card, ...] | None = None
    """The cards received in this player's latest draw (empty tuple: stood pat)."""
    folded: bool = False
    prefold: bool = False
    queued: bool = False
    complete: bool = False
    can_prefold: bool = False
    can_show: bool = False
    """The hand is over and this player's hand was mucked: they may still show it."""
    won: int = 0
    """Once the hand is over: the chips it took from the pots (what the result says)."""
    net: int | None = None
    """Once the hand is over: the chips it won (positive) or cost (negative) this player."""
    bank_left: float | None = None
    """Seconds left in this player's time bank (None: no bank, or not known yet)."""
    tournament: bool = False
    """A tournament's hand: its chips are tournament chips, never the wallet's."""


@dataclass(frozen=True)
class ShownHand:
    """A hand shown at showdown: its owner's name and the cards (render names the hand)."""

    name: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class PotSummary:
    """One pot: its amount and who won how much of it."""

    amount: int
    winners: tuple[tuple[str, int, tuple[Card, ...]], ...]
    """Each winner's name, share and winning hand (empty when it was not shown)."""


@dataclass(frozen=True)
class ShowdownReason:
    """Why the main pot's winner beat the best losing shown hand, or tied the next winner:
    both hands were shown (a mucked hand is never compared)."""

    winner: str
    winner_cards: tuple[Card, ...]
    other: str
    other_cards: tuple[Card, ...]
    reason: Reason


@dataclass(frozen=True)
class ResultSnapshot:
    """What the channel learns when a hand ends."""

    hand_id: int
    shown: tuple[ShownHand, ...] = ()
    mucked: tuple[str, ...] = ()
    pots: tuple[PotSummary, ...] = ()
    uncontested: tuple[str, int] | None = None
    """The winner's name and the pot they take without a showdown."""
    nets: tuple[tuple[str, int], ...] = ()
    """Every player's net for the hand, in seat order."""
    why: ShowdownReason | None = None
    """Why the main pot went where it did, when at least two hands were shown."""
    tournament_id: int | None = None
    """At a tournament's table: its id, for the lines of ``news``."""
    tournament_kind: str = "sng"
    """At a tournament's table: ``sng`` or ``mtt``."""
    news: tuple[TournamentNews, ...] = ()
    """At a tournament's table: who this hand put out (their places and prizes) and the level
    the next hand begins."""


def showdown_reason(
    shown: Mapping[int, Sequence[Card]], main_winners: Sequence[int], names: dict[int, str]
) -> ShowdownReason | None:
    """The main pot's first winner against the next tied winner, else against the best shown
    hand that lost it; None without two shown hands to compare."""
    winners = [w for w in main_winners if len(shown.get(w, ())) == 5]
    losers = [p for p in shown if p not in main_winners and len(shown[p]) == 5]
    if not winners or (len(winners) == 1 and not losers):
        return None
    winner = winners[0]
    other = winners[1] if len(winners) > 1 else min(losers, key=lambda p: rank27(shown[p]))
    try:
        reason = explain(shown[winner], shown[other])
    except EngineError:  # a pot owned by its last contender, whatever was shown after
        return None
    return ShowdownReason(
        names.get(winner, "?"),
        tuple(shown[winner]),
        names.get(other, "?"),
        tuple(shown[other]),
        reason,
    )


def idle_seat(row: Seat) -> SeatSnapshot:
    """A seat not dealt into the running hand (or any seat between hands)."""
    return SeatSnapshot(
        seat=row.seat,
        player_id=row.user_id,
        name=row.name,
        stack=row.stack,
        sitting_out=row.sitting_out,
        leaving=row.leaving,
    )


class SnapshotMemo:
    """The table snapshot last built and what it was built from. Asked again with the same
    inputs (a hand with the same ``changes``), it returns the same object: the table is built
    once per change however many answers, panels and edits show it, and the I/O can keep what
    it rendered from that object."""

    def __init__(self) -> None:
        self._key: tuple[Any, ...] | None = None
        self._snapshot: TableSnapshot | None = None
        self._log = HandLog()

    def get(self, **inputs: Any) -> TableSnapshot:
        """``table_snapshot(**inputs)``, built again only when an input differs (a hand by its
        ``changes``, collections by their contents)."""
        key = tuple(_frozen(value) for value in inputs.values())
        if self._snapshot is None or key != self._key:
            self._key = key
            self._snapshot = table_snapshot(**inputs, hand_log=self._log)
        return self._snapshot


def _frozen(value: Any) -> Any:
    """What ``SnapshotMemo`` compares of one input: a later change to it must compare unequal."""
    if isinstance(value, Hand):
        return value, value.changes
    if isinstance(value, list | tuple):
        return tuple(value)
    if isinstance(value, dict):
        return tuple(sorted(value.items()))
    if isinstance(value, set | frozenset):
        return frozenset(value)
    return value


def table_snapshot(
    *,
    table_id: int,
    settings: TableStakes | None,
    seats: Sequence[Seat],
    hand: Hand | None,
    last_hand: Hand | None,
    leaving: Collection[int],
    deadline: float | None,
    next_hand_at: float | None,
    closing: bool,
    closed: bool,
    idle_closed: bool = False,
    store_waiting: bool = False,
    paused_by: int | None = None,
    bank: bool = False,
    topped_up: tuple[tuple[str, int], ...] = (),
    tournament: TournamentLine | None = None,
    hand_log: HandLog | None = None,
) -> TableSnapshot:
    """The public table: the running ``hand`` if any, else the seats and the last hand's log.

    Names come from the seats (the member's current display name), stacks and bets from the
    hand while one runs; ``leaving`` are players standing up after this hand. ``hand_log``
    (the memo's) reads the log on from where it was read before.
    """
    log_of = hand_log.rounds if hand_log is not None else log_rounds
    if hand is None:
        small_bet = settings.small_bet if settings else 10
        small_blind = settings.effective_small_blind if settings else max(1, small_bet // 2)
        if tournament is not None and tournament.small_bet:  # the level being played
            small_bet, small_blind = tournament.small_bet, tournament.small_blind
        log = log_of(last_hand) if last_hand is not None else ()
        return TableSnapshot(
            table_id=table_id,
            small_bet=small_bet,
            small_blind=small_blind,
            cap=settings.cap if settings else 4,
            seats=tuple(idle_seat(s) for s in seats),
            log=log,
            next_hand_at=next_hand_at,
            closing=closing,
            closed=closed,
            idle_closed=idle_closed,
            store_waiting=store_waiting,
            paused_by=paused_by,
            tournament=tournament,
        )
    view = hand.public_view(recent=1)  # the log is log_rounds'
    rows = {s.user_id: s for s in seats}
    shown: list[SeatSnapshot] = []
    for sv in view.seats:
        row = rows.get(sv.player_id)
        shown.append(
            SeatSnapshot(
                seat=sv.seat,
                player_id=sv.player_id,
                name=row.name if row else sv.name,
                stack=sv.stack,
                bet=sv.bet,
                in_hand=True,
                folded=sv.state == "folded",
                all_in=sv.state == "all-in",
                leaving=sv.player_id in leaving or bool(row and row.leaving),
                to_act=view.to_act == sv.player_id,
                to_draw=view.to_act == sv.player_id and view.phase is Phase.DRAWING,
                button=sv.is_button,
                blind="SB" if sv.is_small_blind else "BB" if sv.is_big_blind else None,
                draws=tuple(c for c in sv.draw_counts if c is not None),
            )
        )
    dealt = {sv.player_id for sv in view.seats}
    shown.extend(idle_seat(s) for s in seats if s.user_id not in dealt)
    legal = view.legal
    legal_snapshot = None
    if legal is not None and view.phase is Phase.BETTING:
        legal_snapshot = LegalSnapshot(
            can_check=legal.can_check,
            call_amount=legal.call_amount,
            can_bet_or_raise=legal.can_bet_or_raise,
            raise_to=legal.bet_or_raise_to,
            is_bet=legal.is_bet,
        )
    to_act_name = None
    if view.to_act is not None:
        row = rows.get(view.to_act)
        to_act_name = row.name if row else hand.name_of(view.to_act)
    pot = view.pot_total
    if view.result is not None:
        pot = sum(p.amount for p in view.result.pots)
    return TableSnapshot(
        table_id=table_id,
        small_bet=view.small_bet,
        small_blind=view.small_blind,
        cap=view.cap,
        seats=tuple(shown),
        hand_id=view.hand_id,
        action_number=hand.action_count,
        phase=view.phase.value,
        betting_round=view.betting_round,
        draw_round=view.draw_round,
        pot=pot,
        side_pots=tuple(p.amount for p in view.pots),
        to_act_name=to_act_name,
        deadline=deadline,
        log=log_of(hand),
        next_hand_at=next_hand_at,
        closing=closing,
        closed=closed,
        idle_closed=idle_closed,
        legal=legal_snapshot,
        store_waiting=store_waiting,
        paused_by=paused_by,
        bank=bank,
        topped_up=topped_up,
        tournament=tournament,
    )


def result_snapshot(hand: Hand, hand_id: int, names: dict[int, str]) -> ResultSnapshot:
    """The public result of a finished hand: only the hands actually shown, the mucks by
    name, each pot's winners with their shares and hands, every player's net. An
    uncontested winner is shown the pot they take (what the log and history say too)."""
    result = hand.result
    assert result is not None
    nets = tuple((names.get(pid, "?"), result.net.get(pid, 0)) for pid in hand.player_ids)
    if result.won_without_showdown:
        winner = result.winners[0] if result.winners else None
        amount = sum(p.shares.get(winner, 0) for p in result.pots) if winner is not None else 0
        return ResultSnapshot(
            hand_id=hand_id,
            uncontested=(names.get(winner, "?"), amount) if winner is not None else None,
            nets=nets,
        )
    shown = tuple(
        ShownHand(
            name=names.get(pid, "?"),
            cards=tuple(result.shown_hands[pid]),
        )
        for pid in result.showdown_order
        if pid in result.shown_hands
    )
    mucked = tuple(names.get(pid, "?") for pid in result.mucked)
    pots = tuple(
        PotSummary(
            amount=p.amount,
            winners=tuple(
                (names.get(w, "?"), p.shares.get(w, 0), tuple(result.shown_hands.get(w, ())))
                for w in p.winners
            ),
        )
        for p in result.pots
    )
    why = None
    if result.pots:
        why = showdown_reason(result.shown_hands, result.pots[0].winners, names)
    return ResultSnapshot(
        hand_id=hand_id, shown=shown, mucked=mucked, pots=pots, nets=nets, why=why
    )


def result_from_summary(hand_id: int, summary: dict[str, Any]) -> ResultSnapshot:
    """The public result rebuilt from a settled hand's stored summary (``result_summary``),
    for a result the channel never saw (a crash came between settling and posting it)."""
    names = {int(k): str(v) for k, v in summary.get("names", {}).items()}
    net = {int(k): int(v) for k, v in summary.get("net", {}).items()}
    nets = tuple((names.get(pid, "?"), amount) for pid, amount in net.items())
    pots = [(int(a), [(int(w), int(s)) for w, s in ws]) for a, ws in summary.get("pots", [])]
    if not pots:  # a summary from before pots were stored: one pot, the payouts as shares
        payouts = {int(k): int(v) for k, v in summary.get("payouts", {}).items()}
        winners = [int(w) for w in summary.get("winners", [])]
        pots = [(int(summary.get("pot", 0)), [(w, payouts.get(w, 0)) for w in winners])]
    if not summary.get("showdown", True):
        winner = pots[0][1][0] if pots and pots[0][1] else None
        uncontested = (names.get(winner[0], "?"), winner[1]) if winner is not None else None
        return ResultSnapshot(hand_id=hand_id, uncontested=uncontested, nets=nets)
    shown_cards = {int(k): parse_cards(str(v)) for k, v in summary.get("shown", {}).items()}
    order = [int(p) for p in summary.get("order", [])] or list(shown_cards)
    shown = tuple(
        ShownHand(names.get(pid, "?"), tuple(shown_cards[pid]))
        for pid in order
        if pid in shown_cards
    )
    mucked = tuple(names.get(int(pid), "?") for pid in summary.get("mucked", []))
    return ResultSnapshot(
        hand_id=hand_id,
        shown=shown,
        mucked=mucked,
        pots=tuple(
            PotSummary(
                amount,
                tuple(
                    (names.get(w, "?"), share, tuple(shown_cards.get(w, ())))
                    for w, share in winners
                ),
            )
            for amount, winners in pots
        ),
        nets=nets,
        why=showdown_reason(shown_cards, [w for w, _ in pots[0][1]] if pots else [], names),
    )


def panel_snapshot(
    table_id: int,
    hand: Hand,
    user_id: int,
    notes: HandNotes,
    public: TableSnapshot | None = None,
    card_style: str = "two-colour",
    *,
    bank_left: float | None = None,
    tournament: bool = False,
) -> PanelSnapshot:
    """One player's private panel: the hand being played, with the ``public`` table, or
    (``public`` None) a finished one while its owner may still show a mucked hand;
    ``tournament``: a tournament's hand (tournament chips)."""
    pv = hand.private_view(user_id)
    if public is None:
        result = hand.result
        return PanelSnapshot(
            table_id=table_id,
            hand_id=hand.hand_id,
            player_id=user_id,
            cards=tuple(pv.cards),
            folded=pv.folded,
            complete=True,
            card_style=card_style,
            can_show=result is not None and user_id in result.mucked,
            net=result.net.get(user_id) if result is not None else None,
            won=sum(p.shares.get(user_id, 0) for p in result.pots) if result is not None else 0,
            tournament=tournament,
        )
    target = target_draw(pv.draws_made)
    queued = notes.queued.get(user_id)
    return PanelSnapshot(
        table_id=table_id,
        hand_id=hand.hand_id,
        player_id=user_id,
        cards=tuple(pv.cards),
        public=public,
        card_style=card_style,
        my_turn_to_bet=hand.phase is Phase.BETTING and hand.to_act == user_id,
        marked=frozenset(notes.marks.get(user_id, set()) & set(pv.cards)),
        target_draw=target,
        my_turn_to_draw=pv.can_draw_now and target == hand.draw_round,
        received=tuple(pv.last_received) if pv.draws_made else None,
        folded=pv.folded,
        prefold=user_id in notes.prefold,
        queued=queued is not None and queued[0] == target,
        complete=hand.is_complete,
        # "fold in turn" applies to a betting turn: during the draws it would mean nothing
        can_prefold=hand.phase is Phase.BETTING and not pv.folded,
        bank_left=bank_left,
        tournament=tournament,
    )


TURN_KINDS = frozenset(
    {
        RecordKind.FOLD,
        RecordKind.CHECK,
        RecordKind.CALL,
        RecordKind.BET,
        RecordKind.RAISE,
        RecordKind.DRAW,
    }
)
"""The records of a player's turn: the next step's actor was the one to act (or to draw)."""


def replay_snapshot(replay: Replay, step: ReplayStep) -> TableSnapshot:
    """One replayed step as the table showed it: every seat in table order with the button and
    blinds, stacks, bets of the round, draws so far, folded or all-in, whose turn it was (the
    next step's actor); the round, the pot and
    the log so far (the live table's renderers read it). Only public facts: the viewer's own
    cards stay in ``step``."""
    over = step.phase == "complete"
    later = replay.steps[step.number + 1 : step.number + 2]
    turn = later[0].record if later else None
    if turn is None or turn.left or turn.kind not in TURN_KINDS:
        turn = None  # the hand's end, a pot paid, a hand shown: nobody's turn
    seats = tuple(
        SeatSnapshot(
            seat=seat.seat,
            player_id=seat.player_id,
            name=seat.name,
            stack=seat.stack,
            bet=seat.bet,
            in_hand=True,
            folded=seat.folded,
            all_in=seat.stack == 0 and not seat.folded and not over,
            to_act=turn is not None and turn.player_id == seat.player_id,
            to_draw=turn is not None
            and turn.player_id == seat.player_id
            and turn.kind is RecordKind.DRAW,
            button=seat.button,
            blind=seat.blind,
            draws=seat.draws,
        )
        for seat in sorted(step.seats, key=lambda s: s.seat)
    )
    names = {seat.player_id: seat.name for seat in step.seats}
    return TableSnapshot(
        table_id=0,
        small_bet=0,
        small_blind=0,
        cap=0,
        seats=seats,
        hand_id=replay.hand_id,
        phase=step.phase,
        draw_round=step.draw_round,
        pot=step.pot,
        log=rounds_of(replay.log[: step.logged], names),
    )

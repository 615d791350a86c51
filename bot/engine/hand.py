"""The 2-7 Triple Draw hand state machine (rules: ``../shared/RULES.md``).

One ``Hand`` deals one hand from the blinds to the award. Every player action is one call that
either returns a frozen ``ActionRecord`` or raises ``EngineError`` with a sentence a player can
read, and then nothing has changed (every check runs before the first mutation).

Internally players are numbered by *position*: 0 is the first seat left of the button and
``n - 1`` is the button, the same numbering as PokerKit and PHH (``p1`` = position 0). Heads-up,
position 0 is therefore the big blind and the button posts the small blind.

The whole state is the dataclass ``Hand``'s fields, each declared once below with its meaning:
plain data (ints, strings, lists of ints) and the log, ``operations``: one frozen record per
thing that happened (``bot.engine.operations``). ``to_json``/``from_json`` go through those
fields, so they round-trip exactly, including the order of the stub and every reshuffle. The hot
path touches only lists of ints; public records, views and JSON are built only when asked for.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from operator import attrgetter
from typing import Any, get_type_hints

from bot.engine import legacy
from bot.engine.cards import CARDS, Card, EngineError, RandomSource, shuffled_deck
from bot.engine.evaluator import hand_name, rank27_ints, rank27_many, rank_name
from bot.engine.operations import BETTING_ROUND_NAMES as BETTING_ROUND_NAMES
from bot.engine.operations import (
    CHIP_DECISIONS,
    DECISIONS,
    TIMED_OUT,
    Awarding,
    BettingOpening,
    BettingOrRaising,
    BlindPosting,
    CardBurning,
    CheckingOrCalling,
    Drawing,
    DrawOpening,
    Folding,
    HoleDealing,
    Leaving,
    Mucking,
    Operation,
    Reshuffling,
    Returning,
    Showing,
    operation_from_json,
    operation_to_json,
    position_of,
)
from bot.engine.operations import ActionRecord as ActionRecord
from bot.engine.operations import RecordKind as RecordKind
from bot.engine.plain import dumper, loader

log = logging.getLogger(__name__)

MAX_PLAYERS = 6
HAND_SIZE = 5
STATE_VERSION = 2
"""The format ``to_json`` writes; ``from_json`` also reads version 1 (``bot.engine.legacy``)."""


@dataclass(frozen=True, slots=True)
class Stakes:
    """Fixed-limit stakes: bets are ``small_bet`` before the second draw, twice that after."""

    small_bet: int
    """S: the bet and raise size in rounds 1 and 2, and the big blind."""
    small_blind: int | None = None
    """The small blind; ``None`` means ``max(1, S // 2)``."""
    cap: int = 4
    """Bets per betting round (a bet and three raises)."""
    blind_counts: bool = True
    """Whether the big blind counts as the first bet of the cap before the draw (cardroom rule).

    ``False`` reproduces PokerKit, which allows one more raise before the draw."""

    def __post_init__(self) -> None:
        for value, what in ((self.small_bet, "small bet"), (self.cap, "cap")):
            if value.__class__ is not int:
                raise EngineError(f"The {what} must be a whole number, not {value!r}.")
        if self.small_blind is not None and self.small_blind.__class__ is not int:
            raise EngineError(f"The small blind must be a whole number, not {self.small_blind!r}.")
        if self.blind_counts.__class__ is not bool:
            raise EngineError("Whether the big blind counts toward the cap must be true or false.")
        if self.small_bet < 1:
            raise EngineError("The small bet must be at least 1 chip.")
        if self.small_blind is not None and not 1 <= self.small_blind <= self.small_bet:
            raise EngineError("The small blind must be between 1 chip and the small bet.")
        if self.cap < 1:
            raise EngineError("The cap must allow at least one bet per round.")

    @property
    def big_bet(self) -> int:
        """2S: the bet size after the second draw."""
        return 2 * self.small_bet

    @property
    def big_blind(self) -> int:
        """The big blind is one small bet."""
        return self.small_bet

    @property
    def effective_small_blind(self) -> int:
        """The small blind actually posted."""
        return self.small_blind if self.small_blind is not None else max(1, self.small_bet // 2)


@dataclass(frozen=True, slots=True)
class SeatedPlayer:
    """A player dealt into the hand (the engine knows ids, never Discord objects)."""

    player_id: int
    name: str
    stack: int
    """Chips in front of the player when the hand starts (> 0)."""
    seat: int
    """Table seat number, clockwise."""


class Phase(StrEnum):
    """What the hand is waiting for."""

    BETTING = "betting"
    """A player must fold, check/call or bet/raise."""
    DRAWING = "drawing"
    """A player must discard 0-5 cards."""
    COMPLETE = "complete"
    """The hand is over and the pots are awarded."""


_BETTING = Phase.BETTING
_DRAWING = Phase.DRAWING
_COMPLETE = Phase.COMPLETE
"""Enum members bound once: reading ``Phase.BETTING`` costs a class lookup on the hot path."""

_SEAT_OF = attrgetter("seat")


@dataclass(frozen=True, slots=True)
class Legal:
    """What the player to act may do now."""

    player_id: int
    phase: Phase
    can_fold: bool
    can_check: bool
    call_amount: int
    """Chips needed to call (0 when checking is possible); capped by the stack."""
    can_bet_or_raise: bool
    bet_or_raise_to: int
    """The total this round after a bet or raise (0 if not allowed)."""
    raise_amount: int
    """Chips the bet or raise costs this player now (0 if not allowed)."""
    is_raise: bool
    """True if there is already a bet (blinds count) so the aggressive action is a raise."""
    bets_this_round: int
    """Bets counted against the cap so far (the big blind counts before the draw by default)."""
    cap: int
    can_draw: bool
    call_is_all_in: bool = False
    bet_is_all_in: bool = False

    @property
    def raise_to(self) -> int:
        """Alias of ``bet_or_raise_to``."""
        return self.bet_or_raise_to

    @property
    def is_bet(self) -> bool:
        """True if the aggressive action is a bet rather than a raise."""
        return self.can_bet_or_raise and not self.is_raise


@dataclass(frozen=True, slots=True)
class SeatView:
    """Public state of one seat."""

    player_id: int
    name: str
    seat: int
    stack: int
    """Chips behind (not yet put in)."""
    bet: int
    """Chips put in this betting round."""
    contributed: int
    """Chips put in the pot during the whole hand."""
    state: str
    """``active``, ``folded`` or ``all-in``."""
    draw_counts: tuple[int | None, ...]
    """Cards drawn in the first, second, third draw (``None`` = not drawn yet)."""
    drew_this_round: bool
    """During a draw: whether this player has already drawn or stood pat."""
    is_button: bool
    is_small_blind: bool
    is_big_blind: bool


@dataclass(frozen=True, slots=True)
class PotView:
    """A main or side pot as the players see it."""

    name: str
    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PotResult:
    """How one pot was awarded."""

    name: str
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: dict[int, int]


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of a complete hand."""

    pots: tuple[PotResult, ...]
    payouts: dict[int, int]
    """Chips won per player id (pots and returned uncalled bets), 0 for losers."""
    final_stacks: dict[int, int]
    net: dict[int, int]
    """Final stack minus starting stack per player id."""
    shown_hands: dict[int, tuple[Card, ...]]
    """Only the hands actually shown at showdown."""
    hand_names: dict[int, str]
    """Names of the shown hands."""
    mucked: tuple[int, ...]
    """Players who reached the showdown and did not show."""
    winners: tuple[int, ...]
    won_without_showdown: bool
    showdown_order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PublicView:
    """Everything every player may see."""

    hand_id: int
    phase: Phase
    betting_round: int
    betting_round_name: str
    draw_round: int
    button_seat: int
    small_blind_seat: int
    big_blind_seat: int
    small_blind: int
    big_blind: int
    small_bet: int
    big_bet: int
    cap: int
    seats: tuple[SeatView, ...]
    pot_total: int
    pots: tuple[PotView, ...]
    to_act: int | None
    legal: Legal | None
    recent_actions: tuple[str, ...]
    recent_records: tuple[ActionRecord, ...]
    """The same actions as records, without any hidden card (for a log in any language)."""
    result: HandResult | None
    stub_count: int
    reshuffles: int


@dataclass(frozen=True, slots=True)
class PrivateView:
    """What one player may see of their own hand."""

    player_id: int
    hand_id: int
    cards: tuple[Card, ...]
    hand_name: str
    last_received: tuple[Card, ...]
    draws_made: int
    can_draw_now: bool
    is_their_turn: bool
    folded: bool = False


_DERIVED = {"saved": False}
"""A field recomputed from the others when a hand is loaded: not saved."""

_OPERATIONS_JSON = {
    "dump": lambda log: [operation_to_json(op) for op in log],
    "load": lambda data: [operation_from_json(op) for op in data],
}
"""The log is saved one JSON object per operation (``bot.engine.operations``)."""


@dataclass(slots=True, eq=False, repr=False)  # no repr: it would print every hidden card
class Hand:
    """One hand of fixed-limit 2-7 Triple Draw.

    Use ``Hand.start`` or ``Hand.from_json``. Each field is the state's one place for what it
    holds; per-player lists are in position order. ``to_json`` saves every field under its name
    without the underscore, but for the ``_DERIVED`` ones."""

    _hand_id: int = 0
    _small_bet: int = 0
    """S: the bet size before the second draw, and the big blind."""
    _small_blind: int = 0
    """The small blind actually posted."""
    _cap: int = 4
    """Bets per betting round."""
    _blind_counts: bool = True
    """Whether the big blind counts toward the cap before the draw."""
    _button_seat: int = 0
    _n: int = field(default=0, metadata=_DERIVED)
    """How many players were dealt in."""
    _ids: list[int] = field(default_factory=list)
    """Player ids."""
    _names: list[str] = field(default_factory=list)
    _seats: list[int] = field(default_factory=list)
    _starting: list[int] = field(default_factory=list)
    """Stacks when the hand started."""
    _stacks: list[int] = field(default_factory=list)
    """Chips behind (not put in yet)."""
    _bets: list[int] = field(default_factory=list)
    """Chips put in this betting round."""
    _top: int = field(default=0, metadata=_DERIVED)
    """The highest bet this round, ``max(_bets)``, kept rather than recomputed (before the draw
    at least a full big blind, even a short one)."""
    _contrib: list[int] = field(default_factory=list)
    """Chips put in during the whole hand."""
    _in_hand: list[bool] = field(default_factory=list)
    """Not folded (players who left stay in until their hand is folded)."""
    _holes: list[list[int]] = field(default_factory=list)
    """PRIVATE: the cards each player holds (empty once folded)."""
    _stub: list[int] = field(default_factory=list)
    """PRIVATE: the undealt cards, the next one last."""
    _muck: list[int] = field(default_factory=list)
    """PRIVATE: burns, discards and folded hands (a reshuffle's new stub)."""
    _phase: Phase = _BETTING
    _round: int = 0
    """The betting round: 0 = pre-draw ... 3 = after the third draw."""
    _draw_round: int = 0
    """0 before the first draw, then the draw in progress or last completed (1..3)."""
    _actors: list[int] = field(default_factory=list)
    """Betting: the positions still to act this round, the next first."""
    _acted: list[int] = field(default_factory=list)
    """Betting: the positions that acted since the last full bet or raise."""
    _raise_size: int = 0
    """The last full bet or raise increment this round."""
    _bet_count: int = 0
    """Bets and raises this round (the big blind not counted)."""
    _shorts: list[int] = field(default_factory=list)
    """The increments of short all-in raises since the last full one."""
    _last_aggressor: int = -1
    """The last position to bet or raise (first to show), -1 if none."""
    _draw_queue: list[int] = field(default_factory=list)
    """Drawing: the positions still to draw, the next first."""
    _burned: bool = False
    """Whether this draw's card is burned yet."""
    _draw_counts: list[list[int | None]] = field(default_factory=list)
    """Cards drawn at each of the three draws (``None``: not drawn yet)."""
    _received: list[list[int]] = field(default_factory=list)
    """PRIVATE: the cards each player got last (the deal, then each draw)."""
    _reshuffles: int = 0
    _reshuffle_seed: int = 0
    """SECRET: the key of every reshuffle (``keyed_shuffle``)."""
    _log: list[Operation] = field(default_factory=list, metadata=_OPERATIONS_JSON)
    """Everything that happened, in order (``operations``)."""
    _result: dict[str, Any] | None = None
    """Once complete: pots (name, amount, eligible, winners, shares), payouts, shown (position,
    rank), mucked, showdown order and whether it was won without a showdown."""
    _script: list[list[int]] | None = None
    """Replaying a file: the (position, card) deals it names, in order; ``None`` otherwise."""
    _leaving: list[int] = field(default_factory=list)
    """Positions that left the table during the hand, in order."""
    _out: list[int] = field(default_factory=list)
    """Positions in the order they folded or left."""
    _claims: list[list[int]] = field(default_factory=list)
    """[low, high, position]: chip levels of the pots a player had won when everyone else
    in them went out (``_go_out``)."""

    # ------------------------------------------------------------------ setup

    @classmethod
    def start(
        cls,
        players: Sequence[SeatedPlayer],
        button_seat: int,
        stakes: Stakes,
        *,
        deck: Sequence[Card] | None = None,
        rng: RandomSource | None = None,
        hand_id: int = 0,
    ) -> Hand:
        """Seat the players, post the blinds and deal five cards each.

        ``deck`` is the full 52-card order (index 0 is dealt first); otherwise a deck is shuffled
        with ``rng`` (default: ``secrets.SystemRandom``). The same generator draws the seed of
        any reshuffle, so a seeded ``rng`` makes the whole hand reproducible.
        """
        n = len(players)
        if not 2 <= n <= MAX_PLAYERS:
            raise EngineError(f"A hand needs 2 to {MAX_PLAYERS} players.")
        ids = [p.player_id for p in players]
        if len(set(ids)) != n:
            raise EngineError("A player cannot sit twice in the same hand.")
        if len({p.seat for p in players}) != n:
            raise EngineError("Two players cannot share a seat.")
        for p in players:
            stack = p.stack
            if (stack.__class__ is not int or stack <= 0) and (  # exact ints skip the slow checks
                isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0
            ):
                raise EngineError(f"{p.name} has no chips to play with.")
        # Position order: first seat left of the button first, the button (or the last seat
        # before an empty button seat) last. Sorting by seat and rotating past the button is
        # the same order as sorting by (seat <= button_seat, seat), without a key tuple per seat.
        by_seat = sorted(players, key=_SEAT_OF)
        seats = [p.seat for p in by_seat]
        split = 0
        while split < n and seats[split] <= button_seat:
            split += 1
        if split:
            by_seat = by_seat[split:] + by_seat[:split]
            seats = seats[split:] + seats[:split]
        ordered = by_seat
        if deck is None:
            bits = getattr(rng, "getrandbits", None)
            if callable(bits):  # random.Random / SystemRandom: the same Fisher-Yates, faster
                order = _fisher_yates_52(bits)
            else:
                order = [int(c) for c in shuffled_deck(rng)]
        else:
            for c in deck:
                if isinstance(c, bool) or not isinstance(c, int):
                    raise EngineError(f"The deck must be a list of cards: {c!r} is not one.")
            order = [int(c) for c in deck]
            if sorted(order) != list(range(52)):
                raise EngineError("The deck must hold each of the 52 cards exactly once.")
        source: RandomSource = rng if rng is not None else secrets.SystemRandom()
        small_bet = stakes.small_bet
        small_blind = stakes.effective_small_blind
        starting = [p.stack for p in ordered]
        stacks = list(starting)
        # The blinds (heads-up the button, position 1, posts the small blind).
        sb_pos, bb_pos = (1, 0) if n == 2 else (0, 1)
        bets = [0] * n
        posted = small_blind if small_blind < stacks[sb_pos] else stacks[sb_pos]
        stacks[sb_pos] -= posted
        bets[sb_pos] = posted
        log: list[Operation] = [BlindPosting(sb_pos, posted, stacks[sb_pos] == 0)]
        posted = small_bet if small_bet < stacks[bb_pos] else stacks[bb_pos]
        stacks[bb_pos] -= posted
        bets[bb_pos] = posted
        log.append(BlindPosting(bb_pos, posted, stacks[bb_pos] == 0, big=True))
        # Five cards each, one at a time round the table from position 0: position i gets
        # order[i], order[i + n], ...; the rest is the stub, its top (next card) last.
        dealt = HAND_SIZE * n
        holes = [order[i:dealt:n] for i in range(n)]
        stub = order[dealt:]
        stub.reverse()
        log.append(HoleDealing(tuple([c for h in holes for c in h])))
        # Every other field starts at its default.
        self = cls(
            _hand_id=hand_id,
            _small_bet=small_bet,
            _small_blind=small_blind,
            _cap=stakes.cap,
            _blind_counts=stakes.blind_counts,
            _button_seat=button_seat,
            _n=n,
            _ids=[p.player_id for p in ordered],
            _names=[p.name for p in ordered],
            _seats=seats,
            _starting=starting,
            _stacks=stacks,
            _bets=bets,
            _top=small_bet,  # a short all-in big blind still makes the others call a full one
            _contrib=list(bets),
            _in_hand=[True] * n,
            _holes=holes,
            _stub=stub,
            _draw_counts=[[None, None, None] for _ in range(n)],
            _received=[list(h) for h in holes],
            _reshuffle_seed=source.randrange(1 << 62),
            _log=log,
        )
        self._begin_betting()
        return self

    # ------------------------------------------------------------------ queries

    @property
    def hand_id(self) -> int:
        """The hand number given at start."""
        return self._hand_id

    @property
    def phase(self) -> Phase:
        """Betting, drawing or complete."""
        return self._phase

    @property
    def betting_round(self) -> int:
        """0 = pre-draw ... 3 = after the third draw (during a draw: the round just played)."""
        return self._round

    @property
    def draw_round(self) -> int:
        """0 before the first draw, then 1..3 (the draw in progress or last completed)."""
        return self._draw_round

    @property
    def is_complete(self) -> bool:
        """True once the pots are awarded."""
        return self._phase is _COMPLETE

    @property
    def stakes(self) -> Stakes:
        """The stakes of this hand."""
        return Stakes(self._small_bet, self._small_blind, self._cap, self._blind_counts)

    @property
    def player_ids(self) -> tuple[int, ...]:
        """Player ids in position order (first left of the button ... button)."""
        return tuple(self._ids)

    @property
    def stacks(self) -> dict[int, int]:
        """Chips behind per player id (the final stacks once complete)."""
        return dict(zip(self._ids, self._stacks, strict=True))

    @property
    def reshuffle_count(self) -> int:
        """How many times the muck was shuffled into a new stub."""
        return self._reshuffles

    @property
    def to_act(self) -> int | None:
        """The player id whose decision it is, or ``None`` when the hand is complete."""
        phase = self._phase  # inline ``_to_act_pos``: read before every decision
        if phase is _BETTING:
            return self._ids[self._actors[0]]
        if phase is _DRAWING:
            return self._ids[self._draw_queue[0]]
        return None

    def _to_act_pos(self) -> int:
        if self._phase is _BETTING:
            return self._actors[0]
        if self._phase is _DRAWING:
            return self._draw_queue[0]
        return -1

    def _pos(self, player_id: int) -> int:
        try:
            return self._ids.index(player_id)
        except ValueError:
            raise EngineError("You are not in this hand.") from None

    def private_cards(self, player_id: int) -> list[Card]:
        """PRIVATE: the cards ``player_id`` holds now (empty once folded)."""
        ids = self._ids
        pos = ids.index(player_id) if player_id in ids else self._pos(player_id)
        return [CARDS[c] for c in self._holes[pos]]

    @property
    def changes(self) -> int:
        """A number that grows with every change to the hand: each deal, decision, draw,
        timeout, departure, show and award is an operation of its log. Equal numbers, equal
        views."""
        return len(self._log)

    @property
    def action_count(self) -> int:
        """Player decisions so far (bets, calls, checks, folds, draws)."""
        return sum([isinstance(op, DECISIONS) for op in self._log])

    @property
    def had_all_in(self) -> bool:
        """Whether anyone went all-in during the hand."""
        return any(op.all_in for op in self._log if isinstance(op, CHIP_DECISIONS))

    @property
    def operations(self) -> tuple[Operation, ...]:
        """PRIVATE: everything that happened, in order, hidden cards included (for the engine's
        own readers: the hand history, the replay)."""
        return tuple(self._log)

    def name_of(self, player_id: int) -> str:
        """Display name of a player in this hand."""
        return self._names[self._pos(player_id)]

    # ------------------------------------------------------------------ betting internals

    def _cap_count(self) -> int:
        extra = 1 if self._round == 0 and self._blind_counts else 0
        return self._bet_count + extra

    def _why_no_raise(self, pos: int) -> str | None:
        """Why ``pos`` (the player to act) may not bet or raise now, or ``None`` if they may."""
        bets = self._bets
        top = self._top
        owed = top - bets[pos]
        stacks = self._stacks
        stack = stacks[pos]
        if stack <= owed:
            return "You do not have enough chips to raise: you can only call all-in."
        if owed < self._raise_size and pos in self._acted:
            # Everyone who acted matched the highest bet then, so ``owed`` is what was raised
            # since: less than a full raise means only short all-ins came since.
            return "You cannot raise a short all-in you have already acted on."
        count = self._bet_count + 1 if self._round == 0 and self._blind_counts else self._bet_count
        if count >= self._cap:
            return f"The betting is capped at {self._cap} bets this round."
        shorts = self._shorts
        if shorts and sum(shorts) < self._raise_size and pos in self._acted:
            return "A short all-in does not reopen the betting for you: call or fold."
        in_hand = self._in_hand
        for i in range(self._n):
            if i != pos and in_hand[i] and stacks[i] + bets[i] > top:
                return None
        return "Everyone else is all-in: there is nobody to raise."

    def _raise_to(self, pos: int) -> int:
        """The total a bet or raise by ``pos`` makes this round: the top plus a full bet (or the
        last raise when a short all-in made it bigger), all-in for less when short."""
        size = self._raise_size
        street = self._small_bet if self._round < 2 else 2 * self._small_bet
        target = self._top + (size if size > street else street)
        limit = self._stacks[pos] + self._bets[pos]
        return target if target < limit else limit

    def _begin_betting(self) -> None:
        """Open a betting round (PokerKit's order and its skipping of players with no choice)."""
        n = self._n
        self._phase = _BETTING
        # Before the draw the big blind is the first full bet: a raise over it by less than
        # S (a short all-in) does not reopen the betting for the players who already acted.
        # (PokerKit 0.7 starts at 0 here and lets them raise again.)
        self._raise_size = self._small_bet if self._round == 0 else 0
        self._bet_count = 0
        self._shorts = []
        self._acted = []
        self._last_aggressor = -1
        bets = self._bets
        stacks = self._stacks
        in_hand = self._in_hand
        if self._round == 0:
            # The second-largest total (bet + stack) among players in the hand: whoever has
            # no more than that already in front of them has nothing left to decide.
            first = second = 0
            for i in range(n):
                if in_hand[i]:
                    total = bets[i] + stacks[i]
                    if total > first:
                        second = first
                        first = total
                    elif total > second:
                        second = total
            top = max(bets)
            big = n - 1
            while bets[big] != top:  # the last position with the highest blind
                big -= 1
            opener = big + 1 if big + 1 < n else 0
            actors = [
                i for i in _ROTATED[n][opener] if in_hand[i] and stacks[i] > 0 and second > bets[i]
            ]
        else:
            # After a draw nobody has bet yet (all bets are 0) and position 0 opens; the
            # second-largest stack is positive exactly when two players still have chips.
            actors = [i for i in range(n) if in_hand[i] and stacks[i] > 0]
            if len(actors) < 2:
                actors = []
        self._actors = actors
        self._log.append(BettingOpening(self._round))
        if not actors or (len(actors) == 1 and bets[actors[0]] >= self._top):
            self._end_betting()

    def _end_betting(self) -> None:
        self._actors = []
        self._bets = [0] * self._n
        self._top = 0
        if self._in_hand.count(True) <= 1 or self._round == 3:
            self._finish()
            return
        self._draw_round += 1
        self._phase = _DRAWING
        self._burned = False
        self._draw_queue = [i for i in range(self._n) if self._in_hand[i]]
        self._log.append(DrawOpening(self._draw_round))

    # ------------------------------------------------------------------ betting actions

    def verify_turn(self, player_id: int) -> int:
        """Raise unless it is ``player_id``'s turn; return their position."""
        pos = self._to_act_pos()
        if pos >= 0 and self._ids[pos] == player_id:
            return pos
        if pos < 0:
            raise EngineError("The hand is over.")
        mine = self._pos(player_id)
        if not self._in_hand[mine]:
            raise EngineError("You have folded this hand.")
        raise EngineError(f"It is {self._names[pos]}'s turn.")

    def _verify_betting(self, player_id: int) -> int:
        """Raise unless ``player_id`` is the player to bet; return their position."""
        pos = self.verify_turn(player_id)
        if self._phase is not _BETTING:
            raise EngineError("It is time to draw, not to bet: choose your discards.")
        return pos

    def betting_options(self) -> tuple[int, bool]:
        """For the player to bet: (chips to call, whether a bet or raise is allowed).

        A cheap subset of ``legal()`` for bots and the benchmark."""
        if self._phase is not _BETTING:
            raise EngineError("Nobody is betting now.")
        pos = self._actors[0]
        owed = self._top - self._bets[pos]
        stack = self._stacks[pos]
        return (owed if owed < stack else stack), self._why_no_raise(pos) is None

    def verify_fold(self, player_id: int) -> int:
        """Raise ``EngineError`` unless ``player_id`` may fold now; return their position."""
        return self._verify_betting(player_id)

    def can_fold(self, player_id: int) -> bool:
        """Whether ``player_id`` may fold now."""
        return self._can(self.verify_fold, player_id)

    def verify_check_or_call(self, player_id: int) -> int:
        """Raise ``EngineError`` unless ``player_id`` may check or call now; return their
        position."""
        return self._verify_betting(player_id)

    def can_check_or_call(self, player_id: int) -> bool:
        """Whether ``player_id`` may check or call now."""
        return self._can(self.verify_check_or_call, player_id)

    def verify_check(self, player_id: int) -> int:
        """Raise unless ``player_id`` may check (nothing to call); return their position."""
        pos = self._verify_betting(player_id)
        owed = self._top - self._bets[pos]
        if owed > 0:
            raise EngineError(f"You cannot check: {min(owed, self._stacks[pos])} to call.")
        return pos

    def verify_call(self, player_id: int) -> int:
        """Raise unless ``player_id`` faces a bet to call; return their position."""
        pos = self._verify_betting(player_id)
        if self._top - self._bets[pos] <= 0:
            raise EngineError("There is nothing to call: you can check.")
        return pos

    def verify_bet_or_raise(self, player_id: int) -> int:
        """Raise ``EngineError`` unless ``player_id`` may bet or raise now; return their
        position."""
        pos = self._verify_betting(player_id)
        why = self._why_no_raise(pos)
        if why is not None:
            raise EngineError(why)
        return pos

    def can_bet_or_raise(self, player_id: int) -> bool:
        """Whether ``player_id`` may bet or raise now."""
        return self._can(self.verify_bet_or_raise, player_id)

    def _can(self, verify: Any, *args: Any) -> bool:
        try:
            verify(*args)
        except EngineError:
            return False
        return True

    # Every action is the same three steps: ``verify_x`` (raises, nothing changed yet), then
    # ``_x`` changes the state and builds the frozen record; timeouts and the turns of players
    # who left call ``_x`` for the position to act, whose turn it is by construction.

    def fold(self, player_id: int) -> ActionRecord:
        """Give up the hand (allowed even when checking is free, though pointless)."""
        record = self._fold(self.verify_fold(player_id))
        if self._leaving:
            self._auto_play_leavers()
        return record

    def _fold(self, pos: int) -> ActionRecord:
        actors = self._actors
        del actors[0]
        acted = self._acted
        if pos not in acted:
            acted.append(pos)
        left = pos in self._leaving
        if not left:  # a player who left went out then
            self._go_out(pos)
        in_hand = self._in_hand
        in_hand[pos] = False
        self._muck.extend(self._holes[pos])
        self._holes[pos] = []
        if not actors or in_hand.count(True) <= 1:
            operation = Folding(pos, left)
            self._log.append(operation)
            self._end_betting()
        elif self._top <= self._bets[actors[0]] and self._able_to_bet() <= 1:
            # RULES Betting: the only player left able to bet, with nothing to call, gets no
            # turn. PokerKit still gives them one (a check): the fold names them for the PHH.
            operation = Folding(pos, left, no_turn_for=actors[0])
            self._log.append(operation)
            self._end_betting()
        else:
            operation = Folding(pos, left)
            self._log.append(operation)
        return operation.record(self._ids, self._names)

    def _able_to_bet(self) -> int:
        """How many players in the hand still have chips (players who left count until their
        hand is folded at their turn)."""
        stacks = self._stacks
        in_hand = self._in_hand
        return sum([1 for i in range(self._n) if in_hand[i] and stacks[i] > 0])

    def _go_out(self, pos: int) -> None:
        """``pos`` folds or leaves. RULES Showdown: a pot whose other contenders are all out
        belongs to the last one at that moment, whatever happens later. So when no player still
        in (who has not left) can put in another chip, ``pos`` keeps every chip level it reached
        above theirs: they had all folded or left at those levels. (Claims never overlap: an
        earlier claim starts above everything a player still in then had put in.)"""
        self._out.append(pos)
        in_hand = self._in_hand
        leaving = self._leaving
        stacks = self._stacks
        contrib = self._contrib
        reach = 0
        for i in range(self._n):
            if i != pos and in_hand[i] and i not in leaving:
                if stacks[i] > 0:
                    return
                if contrib[i] > reach:
                    reach = contrib[i]
        if contrib[pos] > reach:
            self._claims.append([reach, contrib[pos], pos])

    def check_or_call(self, player_id: int) -> ActionRecord:
        """Check if nothing is owed, else call (all-in for less if the stack is short)."""
        record = self._check_or_call(self.verify_check_or_call(player_id))
        if self._leaving:
            self._auto_play_leavers()
        return record

    def _check_or_call(self, pos: int) -> ActionRecord:
        bets = self._bets
        owed = self._top - bets[pos]
        stacks = self._stacks
        stack = stacks[pos]
        amount = owed if owed < stack else stack
        actors = self._actors
        del actors[0]
        acted = self._acted
        if pos not in acted:
            acted.append(pos)
        if amount:
            stacks[pos] = stack - amount
            bets[pos] += amount
            self._contrib[pos] += amount
            operation = CheckingOrCalling(pos, amount, stack == amount)
        else:
            operation = CheckingOrCalling(pos)
        self._log.append(operation)
        record = operation.record(self._ids, self._names)
        if not actors or self._in_hand.count(True) <= 1:
            self._end_betting()
        return record

    def bet_or_raise(self, player_id: int) -> ActionRecord:
        """Bet or raise by the fixed amount (all-in for less if the stack is short)."""
        record = self._bet_or_raise(self.verify_bet_or_raise(player_id))
        if self._leaving:
            self._auto_play_leavers()
        return record

    def _bet_or_raise(self, pos: int) -> ActionRecord:
        bets = self._bets
        stacks = self._stacks
        top = self._top
        size = self._raise_size
        target = self._raise_to(pos)
        increment = target - top
        delta = target - bets[pos]
        bets[pos] = target
        self._top = target  # a raise is refused unless the stack covers more than the top
        stacks[pos] -= delta
        self._contrib[pos] += delta
        in_hand = self._in_hand
        actors = self._actors = [i for i in _AFTER[self._n][pos] if in_hand[i] and stacks[i] > 0]
        if increment >= size:
            self._acted = [pos]
        elif pos not in self._acted:
            self._acted.append(pos)
        if increment > size:
            self._raise_size = size = increment
        self._bet_count += 1
        self._last_aggressor = pos
        all_in = stacks[pos] == 0
        if all_in:
            shorts = self._shorts
            shorts.append(increment)
            if sum(shorts) >= size:
                self._shorts = []
        elif self._shorts:
            self._shorts = []
        operation = BettingOrRaising(pos, target, top > 0, all_in)
        self._log.append(operation)
        record = operation.record(self._ids, self._names)
        if not actors or in_hand.count(True) <= 1:
            self._end_betting()
        return record

    # ------------------------------------------------------------------ draws

    def verify_draw(self, player_id: int, discards: Sequence[Card | int] = ()) -> list[int]:
        """Raise unless ``player_id`` may throw ``discards`` now; return them as ints."""
        pos = self.verify_turn(player_id)
        if self._phase is not _DRAWING:
            raise EngineError("It is a betting round: you can draw after it.")
        if isinstance(discards, str | bytes) or not isinstance(discards, Sequence):
            raise EngineError(
                "Name the cards to discard as a list of cards (an empty list stands pat)."
            )
        hole = self._holes[pos]
        cards: list[int] = []
        for c in discards:
            if c.__class__ is bool or not isinstance(c, int) or not 0 <= c < 52:
                raise EngineError(f"{c!r} is not a card.")
            if c not in hole:
                raise EngineError(f"You do not hold {CARDS[c]}.")
            if c in cards:
                raise EngineError("You listed the same card twice.")
            cards.append(int(c))
        return cards

    def can_draw(self, player_id: int, discards: Sequence[Card | int] = ()) -> bool:
        """Whether ``player_id`` may throw ``discards`` now."""
        return self._can(self.verify_draw, player_id, discards)

    def draw(self, player_id: int, discards: Sequence[Card | int] = ()) -> ActionRecord:
        """Discard 0-5 cards and be served as many from the stub ([] = stand pat)."""
        cards = self.verify_draw(player_id, discards)
        record = self._draw(self._draw_queue[0], cards)
        if self._leaving:
            self._auto_play_leavers()
        return record

    def stand_pat(self, player_id: int) -> ActionRecord:
        """Keep all five cards."""
        return self.draw(player_id, ())

    def _draw(self, pos: int, discards: list[int]) -> ActionRecord:
        """Serve ``pos`` (the player to draw) for ``discards``, verified cards they hold."""
        hole = self._holes[pos]
        for c in discards:
            hole.remove(c)
        k = len(discards)
        stub = self._stub
        if not k:
            received: list[int] = []
        elif self._script is None:
            if len(stub) > k:
                if not self._burned:
                    self._burned = True
                    self._muck.append(stub.pop())
                    self._log.append(CardBurning())
                received = stub[-k:]
                received.reverse()
                del stub[-k:]
            else:  # the stub runs out: burn and serve card by card, reshuffling when empty
                if not self._burned:
                    self._burned = True
                    if not stub:
                        self._reshuffle()
                    self._muck.append(stub.pop())
                    self._log.append(CardBurning())
                received = []
                while len(received) < k:
                    if not stub:
                        self._reshuffle()
                    received.append(stub.pop())
            hole.extend(received)
            # Only now do the thrown cards join the muck: a player never gets back their own.
            self._muck.extend(discards)
        else:
            if not self._burned:
                self._burned = True
                burn = self._take_card(-1)
                self._muck.append(burn)
                self._log.append(CardBurning())
            received = [self._take_card(pos) for _ in range(k)]
            hole.extend(received)
            self._muck.extend(discards)
        self._received[pos] = received
        self._draw_counts[pos][self._draw_round - 1] = k
        queue = self._draw_queue
        del queue[0]
        if pos in self._leaving:  # played for a player who left: the log says so (RULES Time)
            operation = Drawing(pos, left=True)
        elif k:
            operation = Drawing(pos, tuple(discards), tuple(received))
        else:
            operation = Drawing(pos)
        self._log.append(operation)
        record = operation.record(self._ids, self._names)
        if not queue:
            self._round += 1
            self._begin_betting()
        return record

    def _take_card(self, pos: int) -> int:
        """The next card off the stub, reshuffling the muck into a new stub when it is empty."""
        stub = self._stub
        if not stub:
            self._reshuffle()
        script = self._script
        if script is None:
            return stub.pop()
        if pos < 0:
            return self._scripted_burn(script)
        for k, pair in enumerate(script):
            if pair[0] == pos:
                c = pair[1]
                del script[k]
                break
        else:
            raise EngineError(f"The file deals {self._names[pos]} fewer cards than they threw.")
        if c not in stub:
            raise EngineError(f"The card {CARDS[c]} is dealt twice.")
        stub.remove(c)
        return c

    def _scripted_burn(self, script: list[list[int]]) -> int:
        """Replays do not name burns: burn the stub card the file needs last (or never)."""
        stub = self._stub
        upcoming: dict[int, int] = {}
        for k, (_, c) in enumerate(script):
            upcoming.setdefault(c, k)
        best = max(stub, key=lambda c: upcoming.get(c, 1 << 30))
        stub.remove(best)
        return best

    def _reshuffle(self) -> None:
        """Shuffle the muck into a new stub (Fisher-Yates keyed by the hand's secret seed)."""
        new_stub = self._muck
        keyed_shuffle(new_stub, self._reshuffle_seed, self._reshuffles)
        self._stub[:] = new_stub
        self._muck = []
        self._reshuffles += 1
        self._log.append(Reshuffling(tuple(reversed(new_stub))))

    # ------------------------------------------------------------------ generic actions

    def timeout(self) -> ActionRecord:
        """The player to act ran out of time: check if free, else fold; in a draw, stand pat."""
        pos = self._to_act_pos()
        if pos < 0:
            raise EngineError("The hand is over.")
        start = len(self._log)
        if self._phase is _DRAWING:
            record = self._draw(pos, [])
        elif self._top - self._bets[pos] > 0:
            record = self._fold(pos)
        else:
            record = self._check_or_call(pos)
        # Mark the turn just played (a burn or a reshuffle may come before a draw, the next
        # round's opening after it).
        log = self._log
        for index in range(start, len(log)):
            turn = log[index]
            if isinstance(turn, _TIMED_OUT_KINDS):
                log[index] = replace(turn, timed_out=True)
                break
        record = replace(record, text=record.text + TIMED_OUT, timed_out=True)
        if self._leaving:
            self._auto_play_leavers()
        return record

    def leave(self, player_id: int) -> list[ActionRecord]:
        """The player leaves the table mid-hand: their hand is dead (RULES: "Leaving mid-hand
        folds the hand"). Returns the records of the turns played right away (none when the
        player left out of turn); the departure itself is in ``records`` and the recent actions.

        The rule, kept so that every action stays legal in turn order (the hand history
        replays in PokerKit):

        * The leaver is out of every pot still contested from this moment (RULES Showdown);
          a pot whose other contenders were all out already stays theirs (``_go_out``).
        * The leaver's hand is folded at their next betting turn (at once if it is their
          turn) and is not played in draws meanwhile (PokerKit sees a pat); the log says they
          left and folded. Out of turn nothing else changes yet.
        * A leaver who gets no betting turn again (all-in, or they left after their last
          action) reaches the showdown with a dead hand: it is mucked unshown (before anyone
          shows, the record says they left) and wins nothing it had not already won. Their
          chips stay in the pots; only the part of a bet nobody matched (the top
          contributor's excess over the next-highest) goes back, as for any uncalled bet.
        * When only one player who has not left is still in the hand, that player can no
          longer lose: the rest of the hand is played at once (the leavers fold at their turn,
          the remaining player checks or calls and stands pat, then the leavers' hands are
          mucked), so the hand ends in their favour right away. Calling costs them nothing:
          they win those chips back with everything the leavers put in.
        """
        if self._phase is _COMPLETE:
            return []
        pos = self._pos(player_id)
        if not self._in_hand[pos] or pos in self._leaving:
            return []
        self._leaving.append(pos)
        self._go_out(pos)
        self._log.append(Leaving(pos))
        return self._auto_play_leavers()

    @property
    def leaving(self) -> tuple[int, ...]:
        """Ids of players who left during the hand."""
        return tuple(self._ids[i] for i in self._leaving)

    def _auto_play_leavers(self) -> list[ActionRecord]:
        """Play the turns of players who left (fold when betting, stand pat when drawing), and
        the turns of the one player left who has not left, who cannot lose any more."""
        records: list[ActionRecord] = []
        leaving = self._leaving
        in_hand = self._in_hand
        while True:
            pos = self._to_act_pos()
            if pos < 0:
                return records
            if pos in leaving:
                if self._phase is _DRAWING:
                    records.append(self._draw(pos, []))
                else:
                    records.append(self._fold(pos))
                continue
            staying = 0
            for i in range(self._n):
                if in_hand[i] and i not in leaving:
                    staying += 1
            if staying > 1:
                return records
            if self._phase is _DRAWING:
                records.append(self._draw(pos, []))
            else:
                records.append(self._check_or_call(pos))

    def act(self, player_id: int, action: str, discards: Sequence[Card | int] = ()) -> ActionRecord:
        """One entry point for every action name: fold, check, call, bet, raise, draw, stand_pat.

        ``check`` and ``call`` are strict (``check`` facing a bet is refused); ``bet`` and
        ``raise`` are interchangeable since the amount is fixed.
        """
        match action:
            case "fold":
                return self.fold(player_id)
            case "check":
                self.verify_check(player_id)
                return self.check_or_call(player_id)
            case "call":
                self.verify_call(player_id)
                return self.check_or_call(player_id)
            case "check_or_call":
                return self.check_or_call(player_id)
            case "bet" | "raise" | "bet_or_raise":
                return self.bet_or_raise(player_id)
            case "draw":
                return self.draw(player_id, discards)
            case "stand_pat":
                if discards:
                    raise EngineError("Standing pat means discarding nothing.")
                return self.draw(player_id, ())
        raise EngineError(f"Unknown action {action!r}.")

    def legal(self) -> Legal:
        """What the player to act may do (raises when the hand is over)."""
        pos = self._to_act_pos()
        if pos < 0:
            raise EngineError("The hand is over.")
        return self._legal(pos)

    def _legal(self, pos: int) -> Legal:
        pid = self._ids[pos]
        cap_count = self._cap_count()
        if self._phase is _DRAWING:
            return Legal(pid, _DRAWING, False, False, 0, False, 0, 0, False, cap_count,
                         self._cap, True)  # fmt: skip
        bets = self._bets
        top = self._top
        owed = top - bets[pos]
        stack = self._stacks[pos]
        call = owed if owed < stack else stack
        can_raise = self._why_no_raise(pos) is None
        to = self._raise_to(pos) if can_raise else 0
        return Legal(
            player_id=pid,
            phase=_BETTING,
            can_fold=True,
            can_check=owed <= 0,
            call_amount=call,
            can_bet_or_raise=can_raise,
            bet_or_raise_to=to,
            raise_amount=to - bets[pos] if can_raise else 0,
            is_raise=top > 0,
            bets_this_round=cap_count,
            cap=self._cap,
            can_draw=False,
            call_is_all_in=owed > 0 and call == stack,
            bet_is_all_in=can_raise and to - bets[pos] == stack,
        )

    # ------------------------------------------------------------------ showdown and award

    def _pots(self, contrib: list[int], live: list[int]) -> list[tuple[int, list[int], int]]:
        """Main and side pots of ``contrib`` from the lowest level up, as (amount, eligible
        positions, owner) triples; ``live`` is the positions still in the hand (not folded,
        not left). ``owner`` is the position the pot already belongs to (a pot only one live
        player reached, or one claimed by ``_go_out``), or -1 when the eligible players show
        down for it. A player is eligible only for the pots they contributed to."""
        claims = self._claims
        amounts = [contrib[i] for i in live]
        level = amounts[0] if amounts else 0
        top = max(contrib)
        if not claims and live and level == top and amounts.count(level) == len(amounts):
            # The usual case: everyone still in put in the same, the most, so one pot holds
            # every chip (dead money too) and all of them are eligible.
            return [(sum(contrib), live, live[0] if len(live) == 1 else -1)]
        bounds = {c for c in amounts if 0 < c < top}
        for low, high, _ in claims:
            bounds.update(b for b in (low, high) if 0 < b < top)
        pots: list[tuple[int, list[int], int]] = []
        previous = 0
        for level in [*sorted(bounds), top]:
            amount = 0
            for c in contrib:
                amount += (c if c < level else level) - (c if c < previous else previous)
            owner = next((w for low, high, w in claims if low <= previous and level <= high), -1)
            if owner >= 0:
                eligible = [owner]
            else:
                eligible = [i for i in live if contrib[i] >= level]
                if len(eligible) == 1:
                    owner = eligible[0]
                elif not eligible:  # every contributor is out: the last one to go has it
                    out = self._out
                    owner = max(
                        (i for i in range(self._n) if contrib[i] >= level),
                        key=lambda i: out.index(i) if i in out else -1,
                    )
                    eligible = [owner]
            if pots and pots[-1][2] == owner and pots[-1][1] == eligible:
                pots[-1] = (pots[-1][0] + amount, eligible, owner)
            elif amount:
                pots.append((amount, eligible, owner))
            previous = level
        return pots

    @staticmethod
    def _uncalled(contrib: list[int]) -> tuple[int, int]:
        """(position, chips) of the uncalled part of the pot, or (-1, 0) if there is none.

        Only the top contributor's excess over the next-highest contribution (folded players
        included) was never called; everything else, folded players' money too, is a pot.
        This is the same at a showdown and when everyone else folds: the winner of a hand
        nobody called takes back the uncalled part of the last bet and wins the rest."""
        top = second = 0
        owner = -1
        for i, c in enumerate(contrib):
            if c > top:
                second = top
                top = c
                owner = i
            elif c > second:
                second = c
        if top > second:
            return owner, top - second
        return -1, 0

    def _finish(self) -> None:
        """Show down in order with auto-muck, or award everything to the last player standing.

        Each pot is split on its own: ties split it equally, its odd chips all going to the
        first tied winner left of the button (RULES.md Showdown; PokerKit 0.7 merges pots whose
        remaining players are the same before splitting, so its odd chips may land elsewhere).
        """
        n = self._n
        in_hand = self._in_hand
        alive = [i for i in range(n) if in_hand[i]]
        payouts = [0] * n
        stacks = self._stacks
        log = self._log
        if self._leaving:
            self._kill_leavers(alive)
        contrib = self._contrib
        owner, uncalled = self._uncalled(contrib)
        if uncalled:
            contrib = list(contrib)
            contrib[owner] -= uncalled
            payouts[owner] += uncalled
            stacks[owner] += uncalled
            log.append(Returning(owner, uncalled))
        pots = self._pots(contrib, alive)
        shown: dict[int, int] = {}
        order: list[int] = []
        mucked: list[int] = []
        contested = [eligible for _, eligible, owner in pots if owner < 0]
        if contested:
            first = self._last_aggressor if self._last_aggressor >= 0 else alive[0]
            order = [i for i in _ROTATED[n][first] if in_hand[i]]
            holes = self._holes
            ranks = rank27_many([holes[i] for i in order])  # one call for the whole showdown
            if len(contested) == 1:  # one contested pot: show only to tie or beat the best yet
                best = 1 << 30
                eligible = contested[0]
                for i, rank in zip(order, ranks, strict=True):
                    if rank <= best and i in eligible:
                        best = rank
                        shown[i] = rank
                        log.append(Showing(i, tuple(holes[i]), rank))
                    else:
                        mucked.append(i)
                        log.append(Mucking(i))
            else:
                best_shown: list[int] = [1 << 30] * len(contested)
                for i, rank in zip(order, ranks, strict=True):
                    wins_somewhere = False
                    for k, eligible in enumerate(contested):
                        if i in eligible and rank <= best_shown[k]:
                            wins_somewhere = True
                            best_shown[k] = rank
                    if wins_somewhere:
                        shown[i] = rank
                        log.append(Showing(i, tuple(holes[i]), rank))
                    else:
                        mucked.append(i)
                        log.append(Mucking(i))
        pot_results: list[list[Any]] = []
        for amount, eligible, w in pots:
            if w >= 0:  # already theirs: the others in it folded or left, or never reached it
                payouts[w] += amount
                stacks[w] += amount
                name = "main pot" if not pot_results else f"side pot {len(pot_results)}"
                pot_results.append([name, amount, [w], [w], [[w, amount]]])
                log.append(Awarding(w, amount, name))
                continue
            best_rank = min([shown[i] for i in eligible if i in shown])
            winners = [i for i in eligible if shown.get(i) == best_rank]
            share, odd = divmod(amount, len(winners))
            shares = [[w, share] for w in winners]
            shares[0][1] += odd
            name = "main pot" if not pot_results else f"side pot {len(pot_results)}"
            pot_results.append([name, amount, list(eligible), winners, shares])
            for w, won in shares:
                payouts[w] += won
                stacks[w] += won
                log.append(Awarding(w, won, name))
        self._phase = _COMPLETE
        self._actors = []
        self._draw_queue = []
        self._result = {
            "pots": pot_results,
            "payouts": payouts,
            "shown": [[i, rank] for i, rank in shown.items()],
            "mucked": mucked,
            "order": order,
            "without_showdown": len(alive) <= 1,
        }

    def _kill_leavers(self, alive: list[int]) -> None:
        """At the end of the hand, fold the hands of players who left and never had another
        betting turn (``leave``): mucked unshown, out of every pot they had not won when they
        left (``_go_out``). ``alive`` is updated."""
        leaving = self._leaving
        for i in [i for i in alive if i in leaving]:
            alive.remove(i)
            self._in_hand[i] = False
            self._muck.extend(self._holes[i])
            self._holes[i] = []
            self._log.append(Mucking(i, left=True))

    def show_mucked(self, player_id: int) -> ActionRecord:
        """After the hand, a player whose hand was mucked at showdown chooses to show it."""
        if self._result is None:
            raise EngineError("You can show your hand once the hand is over.")
        pos = self._pos(player_id)
        if pos not in self._result["mucked"]:
            raise EngineError("Only a hand mucked at the showdown can be shown afterwards.")
        rank = rank27_ints(*self._holes[pos])
        self._result["mucked"].remove(pos)
        self._result["shown"].append([pos, rank])
        operation = Showing(pos, tuple(self._holes[pos]), rank, voluntary=True)
        self._log.append(operation)
        return operation.record(self._ids, self._names)

    @property
    def result(self) -> HandResult | None:
        """The outcome once the hand is complete, else ``None``."""
        r = self._result
        if r is None:
            return None
        ids = self._ids
        pots = tuple(
            PotResult(
                name,
                amount,
                tuple(ids[i] for i in eligible),
                tuple(ids[i] for i in winners),
                {ids[w]: s for w, s in shares},
            )
            for name, amount, eligible, winners, shares in r["pots"]
        )
        winners: list[int] = []
        for pot in pots:
            for w in pot.winners:
                if w not in winners:
                    winners.append(w)
        return HandResult(
            pots=pots,
            payouts={ids[i]: r["payouts"][i] for i in range(self._n)},
            final_stacks={ids[i]: self._stacks[i] for i in range(self._n)},
            net={ids[i]: self._stacks[i] - self._starting[i] for i in range(self._n)},
            shown_hands={ids[i]: tuple(CARDS[c] for c in self._holes[i]) for i, _ in r["shown"]},
            hand_names={ids[i]: rank_name(rank) for i, rank in r["shown"]},
            mucked=tuple(ids[i] for i in r["mucked"]),
            winners=tuple(winners),
            won_without_showdown=r["without_showdown"],
            showdown_order=tuple(ids[i] for i in r["order"]),
        )

    # ------------------------------------------------------------------ records

    @property
    def records(self) -> list[ActionRecord]:
        """Everything that happened, in order (the public records of the operations)."""
        ids, names = self._ids, self._names
        return [op.record(ids, names) for op in self._log]

    def recent_actions(self, count: int = 8) -> list[str]:
        """The last ``count`` public action texts (player actions, draws, shows, awards)."""
        return [record.text for record in self.recent_records(count)]

    def recent_records(self, count: int = 8) -> tuple[ActionRecord, ...]:
        """The records of ``recent_actions``, their hidden cards left out (none for a
        ``count`` of 0: the house players' views, which read no records, ask for none)."""
        if count <= 0:
            return ()
        records: list[ActionRecord] = []
        ids, names = self._ids, self._names
        for op in reversed(self._log):
            # The turns played for a player who left repeat what their departure said.
            if isinstance(op, _UNTOLD) or getattr(op, "left", False):
                continue
            records.append(replace(op.record(ids, names), discarded=(), received=()))
            if len(records) == count:
                break
        records.reverse()
        return tuple(records)

    def public_log(self, start: int = 0) -> tuple[ActionRecord, ...]:
        """The hand as the recent actions tell it, from its operation ``start`` on (``changes``
        operations so far: a log read before goes on from there), with each round's opening
        (``ROUND`` records: a betting round or a draw begins), their hidden cards left out."""
        records: list[ActionRecord] = []
        ids, names = self._ids, self._names
        for op in self._log[start:]:
            if isinstance(op, _UNLOGGED) or getattr(op, "left", False):
                continue
            record = op.record(ids, names)
            if record.discarded or record.received:
                record = replace(record, discarded=(), received=())
            records.append(record)
        return tuple(records)

    # ------------------------------------------------------------------ views

    def public_view(self, recent: int = 8) -> PublicView:
        """Everything every player may see (no hidden card)."""
        n = self._n
        ids = self._ids
        sb_pos, bb_pos = (1, 0) if n == 2 else (0, 1)
        button_pos = n - 1
        records = self.recent_records(recent)
        drew = set()
        if self._phase is _DRAWING:
            drew = {i for i in range(n) if self._in_hand[i] and i not in self._draw_queue}
        seats = []
        for i in sorted(range(n), key=lambda i: self._seats[i]):
            if not self._in_hand[i]:
                state = "folded"
            elif self._stacks[i] == 0 and self._phase is not _COMPLETE:
                state = "all-in"
            else:
                state = "active"
            seats.append(
                SeatView(
                    player_id=ids[i],
                    name=self._names[i],
                    seat=self._seats[i],
                    stack=self._stacks[i],
                    bet=self._bets[i],
                    contributed=self._contrib[i],
                    state=state,
                    draw_counts=tuple(self._draw_counts[i]),
                    drew_this_round=i in drew,
                    is_button=i == button_pos,
                    is_small_blind=i == sb_pos,
                    is_big_blind=i == bb_pos,
                )
            )
        pos = self._to_act_pos()
        pots: tuple[PotView, ...]
        if self._result is not None:
            pots = tuple(PotView(p.name, p.amount, p.eligible) for p in self.result.pots)  # type: ignore[union-attr]
        else:
            pots = self._pot_views()
        return PublicView(
            hand_id=self._hand_id,
            phase=self._phase,
            betting_round=self._round,
            betting_round_name=BETTING_ROUND_NAMES[self._round],
            draw_round=self._draw_round,
            button_seat=self._seats[button_pos],
            small_blind_seat=self._seats[sb_pos],
            big_blind_seat=self._seats[bb_pos],
            small_blind=self._small_blind,
            big_blind=self._small_bet,
            small_bet=self._small_bet,
            big_bet=2 * self._small_bet,
            cap=self._cap,
            seats=tuple(seats),
            pot_total=sum(self._contrib) if self._result is None else 0,
            pots=pots,
            to_act=None if pos < 0 else ids[pos],
            legal=None if pos < 0 else self._legal(pos),
            recent_actions=tuple(r.text for r in records),
            recent_records=records,
            result=self.result,
            stub_count=len(self._stub),
            reshuffles=self._reshuffles,
        )

    def _pot_views(self) -> tuple[PotView, ...]:
        """Pots collected in finished betting rounds (this round's bets are in ``SeatView.bet``)."""
        views: list[PotView] = []
        side = 0
        collected = [c - b for c, b in zip(self._contrib, self._bets, strict=True)]
        owner, uncalled = self._uncalled(collected)
        if uncalled:  # an uncalled bet is no pot: it goes back to its owner
            collected[owner] -= uncalled
        in_hand = self._in_hand
        leaving = self._leaving
        live = [i for i in range(self._n) if in_hand[i] and i not in leaving]
        for amount, eligible, _ in self._pots(collected, live):
            if not amount:
                continue
            name = "main pot" if not views else f"side pot {side + 1}"
            if views:
                side += 1
            views.append(PotView(name, amount, tuple(self._ids[i] for i in eligible)))
        return tuple(views)

    def private_view(self, player_id: int) -> PrivateView:
        """One player's own cards; never send it anywhere but to that player."""
        pos = self._pos(player_id)
        hole = self._holes[pos]
        if not self._in_hand[pos]:  # folded: the cards they held, for their eyes only
            held = tuple(CARDS[c] for c in self._held_when_folded(pos))
            name = hand_name(held) if len(held) == 5 else "folded"
            return PrivateView(player_id, self._hand_id, held, name, (), 0, False, False, True)
        cards = tuple(CARDS[c] for c in hole)
        draws_made = sum(1 for c in self._draw_counts[pos] if c is not None)
        current = self._to_act_pos()
        return PrivateView(
            player_id=player_id,
            hand_id=self._hand_id,
            cards=cards,
            hand_name=hand_name(cards),
            last_received=tuple(CARDS[c] for c in self._received[pos]),
            draws_made=draws_made,
            can_draw_now=self._phase is _DRAWING and current == pos,
            is_their_turn=current == pos,
        )

    def _held_when_folded(self, pos: int) -> list[int]:
        """The cards a player held when their hand was folded, replayed from the log (the
        deal, then each of their draws)."""
        hole: list[int] = []
        for op in self._log:
            if isinstance(op, HoleDealing):
                hole = list(op.hole(pos))
            elif isinstance(op, Drawing) and op.position == pos:
                hole = [c for c in hole if c not in op.discarded] + list(op.received)
        return hole

    # ------------------------------------------------------------------ checks

    def check_invariants(self) -> None:
        """Assert chips are conserved and the 52 cards are all accounted for (tests, fuzzing)."""
        total = sum(self._stacks) + (sum(self._contrib) if self._result is None else 0)
        if total != sum(self._starting):
            raise AssertionError(f"chips not conserved: {total} != {sum(self._starting)}")
        everything = [c for hole in self._holes for c in hole] + self._stub + self._muck
        if sorted(everything) != list(range(52)):
            raise AssertionError("the 52 cards are not all distinct and accounted for")

    # ------------------------------------------------------------------ serialisation

    def to_json(self) -> dict[str, Any]:
        """The whole state as plain JSON types (deck order, seed and log included): every saved
        field under its name without the underscore."""
        data: dict[str, Any] = {"version": STATE_VERSION}
        for name, key, dump, _ in _SAVED:
            data[key] = dump(getattr(self, name))
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Hand:
        """Rebuild a hand saved with ``to_json`` (by this engine, or by one that wrote the first
        format: ``bot.engine.legacy``); it continues exactly as the original.

        A journal that is not a saved hand, or whose parts do not fit together (players, chips,
        the 52 cards, whose turn it is), raises ``EngineError``."""
        if not isinstance(data, dict):
            raise EngineError("This saved hand is damaged and cannot be resumed.")
        version = data.get("version")
        if version not in (legacy.VERSION, STATE_VERSION):
            raise EngineError("This saved hand comes from an incompatible engine version.")
        try:
            if version == legacy.VERSION:
                data = legacy.upgrade(data, STATE_VERSION)
            self = cls(**{name: load(data[key]) for name, key, _, load in _SAVED})
            self._n = len(self._ids)
            self._top = max(self._bets, default=0)
            if self._round == 0 and self._phase is _BETTING:
                # Before the draw the others call a full big blind, even a short one.
                self._top = max(self._top, self._small_bet)
            if self._round == 0 and self._raise_size < self._small_bet:
                # Saved by an engine that started the pre-draw raise size at 0: the big blind
                # is a full bet (a short all-in over it does not reopen the betting).
                self._raise_size = self._small_bet
            self._check_loaded()
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, AssertionError) as exc:
            raise EngineError("This saved hand is damaged and cannot be resumed.") from exc
        return self

    def _check_loaded(self) -> None:
        """Raise ``ValueError`` unless a hand read from JSON holds together."""
        n = self._n
        if not 2 <= n <= MAX_PLAYERS or len(set(self._ids)) != n:
            raise ValueError("players")
        per_player = (self._names, self._seats, self._starting, self._stacks, self._bets,
                      self._contrib, self._in_hand, self._holes, self._draw_counts,
                      self._received)  # fmt: skip
        if any(len(part) != n for part in per_player):
            raise ValueError("per-player lists")
        if any(len(d) != 3 for d in self._draw_counts):
            raise ValueError("draw counts")
        positions = (*self._actors, *self._acted, *self._draw_queue, *self._leaving, *self._out)
        if any(not 0 <= i < n for i in positions):
            raise ValueError("positions")
        for op in self._log:
            position = position_of(op)
            if position is not None and not 0 <= position < n:
                raise ValueError("log")
            if isinstance(op, Folding) and op.no_turn_for is not None and op.no_turn_for >= n:
                raise ValueError("log")
        if any(len(c) != 3 or not 0 <= c[2] < n for c in self._claims):
            raise ValueError("claims")
        if self._result is None:
            self.check_invariants()
        if self._phase is _BETTING and not self._actors:
            raise ValueError("nobody to bet")
        if self._phase is _DRAWING and not self._draw_queue:
            raise ValueError("nobody to draw")
        if not 0 <= self._round <= 3 or not 0 <= self._draw_round <= 3:
            raise ValueError("rounds")


def _field_json(name: str, tp: Any, metadata: Any) -> tuple[str, str, Any, Any]:
    """(attribute, JSON key, dump, load) of one saved field of ``Hand``."""
    dump: Callable[[Any], Any] = metadata.get("dump") or dumper(tp)
    load: Callable[[Any], Any] = metadata.get("load") or loader(tp)
    return name, name.removeprefix("_"), dump, load


_SAVED: tuple[tuple[str, str, Callable[[Any], Any], Callable[[Any], Any]], ...] = tuple(
    _field_json(f.name, get_type_hints(Hand)[f.name], f.metadata)
    for f in fields(Hand)
    if f.metadata.get("saved", True)
)
"""How each saved field of ``Hand`` goes to and from JSON: (attribute, key, dump, load)."""

_TIMED_OUT_KINDS = (Folding, CheckingOrCalling, Drawing)
"""The operations a timeout plays (``Hand.timeout``)."""

_UNTOLD = (HoleDealing, CardBurning, BettingOpening, DrawOpening)
"""Operations the recent actions leave out."""
_UNLOGGED = (HoleDealing, CardBurning)
"""Operations the whole public log leaves out (it keeps the rounds' openings)."""


_SIXTEEN_WORDS = struct.Struct("<16I")


def _fisher_yates_52(getrandbits: Any) -> list[int]:
    """An unbiased Fisher-Yates shuffle of 0..51 drawing each index by rejection sampling
    from ``getrandbits`` (what ``random.Random.shuffle`` does, minus its per-call overhead)."""
    order = list(range(52))
    for i, width in _SHUFFLE_STEPS:
        j = getrandbits(width)
        while j > i:
            j = getrandbits(width)
        order[i], order[j] = order[j], order[i]
    return order


_ROTATED: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((pos + k) % n for k in range(n)) for pos in range(n))
    for n in range(MAX_PLAYERS + 1)
)
"""``_ROTATED[n][pos]``: the positions of an ``n``-handed table in turn order from ``pos``."""

_AFTER = tuple(tuple(order[1:] for order in table) for table in _ROTATED)
"""``_AFTER[n][pos]``: the other positions in turn order after ``pos``."""

_WIDTHS = tuple((i + 1).bit_length() for i in range(52))
"""Bits needed to draw an index 0..i."""

_SHUFFLE_STEPS = tuple((i, _WIDTHS[i]) for i in range(51, 0, -1))
"""The Fisher-Yates steps of a 52-card shuffle: (position, bits to draw its partner)."""


def next_button_seat(occupied_seats: Sequence[int], button_seat: int) -> int:
    """The seat the button moves to after a hand: the next occupied seat clockwise (higher
    number, wrapping), skipping empty seats."""
    if not occupied_seats:
        raise EngineError("Nobody is seated.")
    later = [s for s in occupied_seats if s > button_seat]
    return min(later) if later else min(occupied_seats)


def keyed_shuffle(cards: list[int], seed: int, counter: int) -> None:
    """Unbiased Fisher-Yates driven by BLAKE2b(seed, counter): secret, fast and replayable.

    The seed is drawn once per hand from the hand's generator (``secrets.SystemRandom`` in
    production) and saved with the state, so a hand resumed from JSON reshuffles exactly as
    the original would have; the keyed hash keeps the order unpredictable without the seed.
    """
    hasher = hashlib.blake2b(key=seed.to_bytes(16, "little"))
    prefix = counter.to_bytes(8, "little")
    limits = _REJECTION_LIMITS
    unpack = _SIXTEEN_WORDS.unpack
    words: tuple[int, ...] = ()
    left = 0  # words of the current block not used yet; they are used last first
    block = 0
    for i in range(len(cards) - 1, 0, -1):
        limit = limits[i]
        while True:
            if not left:
                digest = hasher.copy()
                digest.update(prefix + block.to_bytes(8, "little"))
                words = unpack(digest.digest())
                block += 1
                left = 16
            left -= 1
            value = words[left]
            if value < limit:
                break
        j = value % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]


_REJECTION_LIMITS = tuple((1 << 32) - (1 << 32) % (i + 1) for i in range(64))
"""``_REJECTION_LIMITS[i]``: 32-bit words at or above it are rejected when drawing 0..i."""

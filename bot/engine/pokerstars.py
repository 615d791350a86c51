"""Text hand histories in PokerStars' "Triple Draw 2-7 Lowball Limit" form, as one viewer may
read them (``/poker history``'s text files, beside the PHH).

The form follows PokerStars' own files (the ones Hold'em Manager, PokerTracker and the open
converters import): a header line with the hand number, the game, the limits (small bet / big
bet, play chips without a currency sign) and the time (a sit-and-go's hand names its tournament,
buy-in and level, as PokerStars' tournament files do); the table line with the button's seat;
one line per seat with its stack "in chips"; the blinds; ``*** DEALING HANDS ***``; every
betting action ("calls 10", "bets 10", "raises 10 to 20", "and is all-in"); each draw under
``*** FIRST DRAW ***``, ``*** SECOND DRAW ***``, ``*** THIRD DRAW ***`` ("discards 2 cards",
"stands pat"), "Betting is capped" after the last bet the cap allows; ``*** SHOW DOWN ***``;
the pots collected; ``*** SUMMARY ***`` with the total pot (main and side pots), rake 0 and one
line per seat.

Redaction is the PHH's (``bot.engine.phh.redact_phh``): the viewer's own cards stay (the deal,
"discards 2 cards [Kh Th]" and "Dealt to alice [kept] [received]" after each of their draws),
another player's cards appear only when that hand was shown at the showdown (``shown``), and
everyone else's draws are a count. A viewer who was not dealt in reads what the table saw.

It is written from the engine's own record (``Hand.operations``), so every action and amount
is the engine's. English only: the file is data for trackers, not text for the reader.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.engine.cards import CARDS, EngineError
from bot.engine.evaluator import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    NO_PAIR,
    ONE_PAIR,
    STRAIGHT,
    THREE_OF_A_KIND,
    TWO_PAIR,
    rank27,
    rank_parts,
)
from bot.engine.hand import MAX_PLAYERS, Hand
from bot.engine.operations import (
    Awarding,
    BettingOpening,
    BettingOrRaising,
    BlindPosting,
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
)

GAME = "Triple Draw 2-7 Lowball Limit"
DRAW_HEADERS = ("*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***")
_ROUND_AFTER = ("before the Draw", "after the 1st Draw", "after the 2nd Draw", "after the 3rd Draw")
"""How the summary says when a player folded, by betting round (0 = before the first draw)."""

_NAMES = {
    2: ("Deuce", "Deuces"),
    3: ("Three", "Threes"),
    4: ("Four", "Fours"),
    5: ("Five", "Fives"),
    6: ("Six", "Sixes"),
    7: ("Seven", "Sevens"),
    8: ("Eight", "Eights"),
    9: ("Nine", "Nines"),
    10: ("Ten", "Tens"),
    11: ("Jack", "Jacks"),
    12: ("Queen", "Queens"),
    13: ("King", "Kings"),
    14: ("Ace", "Aces"),
}
_RANK_LETTERS = "23456789TJQKA"
_UNSAFE = re.compile(r"[\[\]():#'\"\\\x00-\x1f\x7f]+")
try:
    _EASTERN: ZoneInfo | None = ZoneInfo("America/New_York")
except ZoneInfoNotFoundError:  # no time zone database: the UTC time alone
    _EASTERN = None


def _cards(cards: Sequence[int]) -> str:
    return " ".join(str(CARDS[c]) for c in cards)


def lowball_description(cards: Sequence[int]) -> str:
    """How PokerStars names a 2-7 hand at the showdown: ``Lo: 8,7,5,4,3``, ``Lo: a pair of
    Fives``, ``Lo: a straight, Four to Eight``..."""
    category, ranks = rank_parts(rank27(list(cards)))
    if category == NO_PAIR:
        values = sorted((CARDS[c].rank for c in cards), reverse=True)
        return "Lo: " + ",".join(_RANK_LETTERS[v - 2] for v in values)
    top = ranks[0]
    if category == ONE_PAIR:
        text = f"a pair of {_NAMES[top][1]}"
    elif category == TWO_PAIR:
        text = f"two pair, {_NAMES[top][1]} and {_NAMES[ranks[1]][1]}"
    elif category == THREE_OF_A_KIND:
        text = f"three of a kind, {_NAMES[top][1]}"
    elif category == STRAIGHT:
        text = f"a straight, {_NAMES[top - 4][0]} to {_NAMES[top][0]}"
    elif category == FLUSH:
        text = f"a flush, {_NAMES[top][0]} high"
    elif category == FULL_HOUSE:
        text = f"a full house, {_NAMES[top][1]} full of {_NAMES[ranks[1]][1]}"
    elif category == FOUR_OF_A_KIND:
        text = f"four of a kind, {_NAMES[top][1]}"
    else:
        text = f"a straight flush, {_NAMES[top - 4][0]} to {_NAMES[top][0]}"
    return f"Lo: {text}"


def screen_names(names: Sequence[str]) -> list[str]:
    """The players' names as the file writes them: one line each, without the brackets,
    parentheses, colons and quotes that delimit the lines, distinct (a second "Sam" is
    "Sam_2"), never empty."""
    written: list[str] = []
    for position, name in enumerate(names):
        clean = " ".join(_UNSAFE.sub(" ", str(name)).split())[:32] or f"Player {position + 1}"
        base, n = clean, 1
        while clean in written:
            n += 1
            clean = f"{base}_{n}"
        written.append(clean)
    return written


def _when(started_at: float) -> str:
    moment = datetime.fromtimestamp(started_at, UTC)
    text = moment.strftime("%Y/%m/%d %H:%M:%S UTC")
    if _EASTERN is not None:
        text += moment.astimezone(_EASTERN).strftime(" [%Y/%m/%d %H:%M:%S ET]")
    return text


def _pot_names(names: Sequence[str]) -> dict[str, str]:
    """PokerStars' name of each of the engine's pots: "pot" when there is one, else "main pot",
    "side pot" (one side pot) or "side pot-1", "side pot-2"..."""
    if len(names) == 1:
        return {names[0]: "pot"}
    written = {}
    for k, name in enumerate(names):
        if k == 0:
            written[name] = "main pot"
        elif len(names) == 2:
            written[name] = "side pot"
        else:
            written[name] = f"side pot-{k}"
    return written


@dataclass(frozen=True, slots=True)
class TournamentHand:
    """What a sit-and-go hand's header says of its tournament: its number, the buy-in (wallet
    chips; 0: a freeroll) and the level the hand was dealt at (1 = the first)."""

    tournament_id: int
    buy_in: int
    level: int


def roman(number: int) -> str:
    """``number`` in Roman numerals, as PokerStars writes a level (``Level XIV``)."""
    numerals = (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    )  # fmt: skip
    if number < 1:
        raise ValueError(f"no Roman numeral for {number}")
    out = []
    for value, numeral in numerals:
        count, number = divmod(number, value)
        out.append(numeral * count)
    return "".join(out)


def hand_to_pokerstars(
    hand: Hand,
    viewer_id: int | None,
    *,
    shown: Collection[int] | None = None,
    started_at: float = 0.0,
    table: str = "Deuce",
    tournament: TournamentHand | None = None,
) -> str:
    """The PokerStars text history of a finished hand as ``viewer_id`` may read it (None: a
    viewer who was not dealt in). ``shown`` holds the ids of the players whose hands were
    shown at the showdown (the stored hand's summary, as for ``redact_phh``; by default the
    result's shown hands): no other player's card is written. ``started_at`` is the hand's
    start (Unix time), ``table`` the table's name, ``tournament`` the sit-and-go it was dealt
    in (None: a cash table)."""
    return _TextHistory(hand, viewer_id, shown).text(started_at, table, tournament)


class _TextHistory:
    """One hand written for one viewer: the header and seats, a line (or two) per operation of
    the engine's log, the summary. It keeps what the summary and the amounts need: the bets of
    the round, what each player put in, who folded when, the hero's cards."""

    def __init__(self, hand: Hand, viewer_id: int | None, shown: Collection[int] | None) -> None:
        result = hand.result
        if not hand.is_complete or result is None:
            raise EngineError("Only a finished hand can be written as a hand history.")
        self.result = result
        self.operations = hand.operations
        state = hand.to_json()
        self.state = state
        self.ids: list[int] = state["ids"]
        self.seats: list[int] = state["seats"]
        self.names = screen_names(state["names"])
        n = len(self.ids)
        self.shown = set(result.shown_hands) if shown is None else set(shown)
        self.hero = self.ids.index(viewer_id) if viewer_id in self.ids else None
        self.small_bet: int = state["small_bet"]
        self.pot_names = _pot_names([pot.name for pot in result.pots])
        self.lines: list[str] = []
        self.bets = [0] * n
        """Chips in front of each player this betting round."""
        self.top = 0
        """The bet to call this round."""
        self.put_in = [0] * n
        """Chips each player put in the pot (blinds included, uncalled bets taken back)."""
        self.won = [0] * n
        self.betting_round = 0
        self.bet_count = 0
        """Bets and raises this round, the big blind counted first where the table's cap counts
        it (PokerStars says "Betting is capped" after the last one the cap allows)."""
        self.folded_in: dict[int, int] = {}
        """Position -> the betting round they folded in (0 = before the first draw)."""
        self.blinds: dict[int, str] = {}
        self.held: list[int] = []
        """The hero's cards."""
        self.showdown = False

    def text(self, started_at: float, table: str, tournament: TournamentHand | None) -> str:
        state, names = self.state, self.names
        small_bet = self.small_bet
        limits = f"({small_bet}/{2 * small_bet})"
        if tournament is None:
            table_name = " ".join(_UNSAFE.sub(" ", table).split()) or "Deuce"
            game = f" {GAME} {limits}"
        else:  # PokerStars: the tournament's number and its table's, the buy-in, the level
            number = tournament.tournament_id
            table_name = f"{number} 1"
            buy_in = f"{tournament.buy_in}+0" if tournament.buy_in > 0 else "Freeroll "
            game = (
                f"Tournament #{number}, {buy_in} {GAME} - Level {roman(tournament.level)} {limits}"
            )
        self.lines = [
            f"PokerStars Hand #{state['hand_id']}: {game} - {_when(started_at)}",
            f"Table '{table_name}' {MAX_PLAYERS}-max Seat #{state['button_seat'] + 1} is the"
            " button",
        ]
        for pos in self.in_seat_order():
            self.lines.append(
                f"Seat {self.seats[pos] + 1}: {names[pos]} ({state['starting'][pos]} in chips)"
            )
        returns_at = _returns_at(self.operations)
        for k, op in enumerate(self.operations):
            if k == returns_at:
                for returned in self.operations:
                    if isinstance(returned, Returning):
                        self.uncalled(returned)
            self.write(op)
        if self.result.won_without_showdown and not self.showdown:
            self.lines.extend(
                f"{names[p]}: doesn't show hand" for p in range(len(names)) if self.won[p]
            )
        self.summary()
        return "\n".join(self.lines) + "\n"

    def in_seat_order(self) -> list[int]:
        return sorted(range(len(self.ids)), key=self.seats.__getitem__)

    def say(self, position: int, text: str) -> None:
        self.lines.append(f"{self.names[position]}{text}")

    def pay(self, position: int, amount: int) -> None:
        self.bets[position] += amount
        self.put_in[position] += amount

    def uncalled(self, op: Returning) -> None:
        self.lines.append(f"Uncalled bet ({op.amount}) returned to {self.names[op.position]}")
        self.put_in[op.position] -= op.amount

    def write(self, op: Operation) -> None:
        """The lines of one operation of the engine's log."""
        match op:
            case BlindPosting(position=pos, amount=amount, all_in=all_in, big=big):
                blind = "big blind" if big else "small blind"
                self.blinds[pos] = blind
                self.say(pos, f": posts {blind} {amount}{_all_in(all_in)}")
                self.pay(pos, amount)
            case HoleDealing():
                self.lines.append("*** DEALING HANDS ***")
                if self.hero is not None:
                    self.held = list(op.hole(self.hero))
                    self.lines.append(f"Dealt to {self.names[self.hero]} [{_cards(self.held)}]")
            case BettingOpening(round=number):
                self.betting_round = number
                if number == 0:  # the blinds are its bets; a short big blind is called in full
                    self.top = max(self.small_bet, *self.bets)
                    self.bet_count = 1 if self.state["blind_counts"] else 0
                else:
                    self.bets, self.top, self.bet_count = [0] * len(self.bets), 0, 0
            case DrawOpening(draw=draw):
                self.lines.append(DRAW_HEADERS[draw - 1])
            case Folding(position=pos, timed_out=timed_out):
                self.timed_out(pos, timed_out)
                self.say(pos, ": folds")
                self.folded_in[pos] = self.betting_round
            case CheckingOrCalling(position=pos, amount=amount, all_in=all_in, timed_out=timed_out):
                self.timed_out(pos, timed_out)
                self.say(pos, f": calls {amount}{_all_in(all_in)}" if amount else ": checks")
                self.pay(pos, amount)
            case BettingOrRaising(position=pos, to=to, is_raise=is_raise, all_in=all_in):
                if is_raise:
                    self.say(pos, f": raises {to - self.top} to {to}{_all_in(all_in)}")
                else:
                    self.say(pos, f": bets {to}{_all_in(all_in)}")
                self.pay(pos, to - self.bets[pos])
                self.top = max(self.top, to)
                self.bet_count += 1
                if self.bet_count == self.state["cap"]:
                    self.lines.append("Betting is capped")
            case Reshuffling():
                self.lines.append("The deck is reshuffled")
            case Drawing():
                self.draw(op)
            case Leaving(position=pos):
                self.say(pos, " leaves the table")
            case Showing(position=pos, cards=cards, voluntary=voluntary):
                if pos == self.hero or self.ids[pos] in self.shown:
                    if not voluntary:
                        self.show_down()
                    self.say(pos, f": shows [{_cards(cards)}] ({lowball_description(cards)})")
            case Mucking(position=pos):
                self.show_down()
                self.say(pos, ": mucks hand")
            case Awarding(position=pos, amount=amount, pot=pot):
                self.say(pos, f" collected {amount} from {self.pot_names.get(pot, 'pot')}")
                self.won[pos] += amount
            case Returning():
                pass  # written where the betting left it uncalled (``_returns_at``)

    def timed_out(self, position: int, timed_out: bool) -> None:
        if timed_out:
            self.say(position, " has timed out")

    def show_down(self) -> None:
        if not self.showdown:
            self.showdown = True
            self.lines.append("*** SHOW DOWN ***")

    def draw(self, op: Drawing) -> None:
        """A draw: a count for everyone, the cards for the hero (thrown, then kept and new)."""
        pos, count = op.position, len(op.discarded)
        self.timed_out(pos, op.timed_out)
        if pos != self.hero:
            self.say(pos, f": discards {_count(count)}" if count else ": stands pat")
        elif not count:
            self.say(pos, f": stands pat on [{_cards(self.held)}]")
        else:
            kept = [c for c in self.held if c not in op.discarded]
            self.say(pos, f": discards {_count(count)} [{_cards(op.discarded)}]")
            # When all five are thrown PokerStars writes only the new cards.
            old = f"[{_cards(kept)}] " if kept else ""
            self.lines.append(f"Dealt to {self.names[pos]} {old}[{_cards(op.received)}]")
            self.held = kept + list(op.received)

    def summary(self) -> None:
        pots = self.result.pots
        self.lines.append("*** SUMMARY ***")
        total = sum(pot.amount for pot in pots)
        if len(pots) > 1:
            parts = " ".join(
                f"{self.pot_names[pot.name].capitalize()} {pot.amount}." for pot in pots
            )
            self.lines.append(f"Total pot {total} {parts} | Rake 0")
        else:
            self.lines.append(f"Total pot {total} | Rake 0")
        for pos in self.in_seat_order():
            marks = " (button)" if self.seats[pos] == self.state["button_seat"] else ""
            if pos in self.blinds:
                marks += f" ({self.blinds[pos]})"
            self.lines.append(
                f"Seat {self.seats[pos] + 1}: {self.names[pos]}{marks} {self.outcome(pos)}"
            )

    def outcome(self, pos: int) -> str:
        """The end of a seat's summary line: folded when, showed and won or lost, mucked,
        collected."""
        if pos in self.folded_in:
            when = self.folded_in[pos]
            didnt_bet = when == 0 and self.put_in[pos] == 0
            return f"folded {_ROUND_AFTER[when]}" + (" (didn't bet)" if didnt_bet else "")
        player, won = self.ids[pos], self.won[pos]
        shown_hands = self.result.shown_hands
        if player in shown_hands and (player in self.shown or pos == self.hero):
            cards = shown_hands[player]
            described = lowball_description(cards)
            if won:
                return f"showed [{_cards(cards)}] and won ({won}) with {described}"
            return f"showed [{_cards(cards)}] and lost with {described}"
        if won:
            return f"collected ({won})"
        if pos == self.hero and self.held:
            return f"mucked [{_cards(self.held)}]"
        return "mucked"


def _returns_at(operations: Sequence[Operation]) -> int:
    """Where the uncalled bets go back in the text: the engine pays them back at the end of
    the hand, PokerStars as soon as the betting that left them uncalled is over (before the
    next draw, the showdown or the pots). The amount is the same: no chip moves between the
    last call, bet or blind and that point. -1 when nothing goes back."""
    if not any(isinstance(op, Returning) for op in operations):
        return -1
    last_chips = max(
        k for k, op in enumerate(operations) if isinstance(op, BlindPosting | BettingOrRaising)
        or (isinstance(op, CheckingOrCalling) and op.amount)
    )  # fmt: skip
    return next(
        k for k, op in enumerate(operations)
        if k > last_chips and isinstance(op, DrawOpening | Showing | Mucking | Awarding | Returning)
    )  # fmt: skip


def _all_in(all_in: bool) -> str:
    return " and is all-in" if all_in else ""


def _count(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"

"""A strict reader of PokerStars "Triple Draw 2-7 Lowball Limit" text hand histories, written
for the tests from PokerStars' published hands and independent of ``bot.engine.pokerstars``
(it imports nothing of the bot and shares none of its constants).

No parser on the package registries reads this game: PokerKit 0.7's ``PokerStarsParser`` knows
only "Hold'em No Limit" and has no draws, pokerdf reads Hold'em streets only. So this one was
written from real PokerStars Triple Draw files (the free poker database fpdb keeps some among
its regression files: "3-Draw-Limit-USD-0.10-0.20-200911.txt" and "Triple Draw 2-7
Lowball-FL-USD-0.10-0.20-201106.sample.txt") and from its side-pot summaries ("Total pot 1542
Main pot 120. Side pot-1 1362. Side pot-2 60. | Rake 0"), for play chips (whole numbers, no
currency sign).

Where Deuce's files are stricter than PokerStars': no rake (play chips), no table events
(joins, chat, sitting out), and the summary names no mucked hand but the hero's (PokerStars
lists every hand mucked at the showdown; Deuce shows only what the table saw). With those
three adapted and dollars written as cents, the published hands #63845186378, #35839001292 and
#35839050562 (fpdb's files above: a cap, an all-in with an uncalled bet, the hero's draws and
pat, a muck) go through this reader with the stacks the next hands start with.

Every line must match one form of the part of the hand it is in, or ``HistoryError`` says
which line did not. The reader then plays the hand by the fixed-limit rules: each player acts
only while in the hand and not all-in, a check needs nothing to call, a call pays exactly what
is owed (less only all-in, for the whole stack), a bet or raise is at most one bet of the
round (all-in for less allowed) and "raises A to B" adds A to the bet before it, "and is
all-in" is written exactly when the stack is empty, every player still in draws once in each
draw, the hero's kept and received cards add up, an uncalled bet is exactly the excess over the
next-largest bet, the pots collected add up to the total pot (the sum of every contribution)
and the summary agrees with all of it: each seat's result, its button and blind marks.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

_CARD = r"[2-9TJQKA][cdhs]"
_CARDS = rf"{_CARD}(?: {_CARD})*"
_NAME = r"(?P<name>[^\[\]():]+?)"
_ALL_IN = r"(?P<all_in> and is all-in)?"

HEADER = re.compile(
    r"^PokerStars Hand #(?P<id>\d+): (?:Tournament #(?P<tournament>\d+), "
    r"(?:(?P<buy_in>\d+)\+0|Freeroll ))? Triple Draw 2-7 Lowball Limit "
    r"(?:- Level (?P<level>[IVXLCDM]+) )?\((?P<small>\d+)/(?P<big>\d+)\) - "
    r"\d{4}/\d\d/\d\d \d\d:\d\d:\d\d [A-Z]{2,4}"
    r"(?: \[\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d ET\])?$"
)
TABLE = re.compile(
    r"^Table '(?P<table>[^']+)' (?P<max>\d+)-max Seat #(?P<button>\d+) is the button$"
)
SEAT = re.compile(rf"^Seat (?P<seat>\d+): {_NAME} \((?P<stack>\d+) in chips\)$")
BLIND = re.compile(rf"^{_NAME}: posts (?P<which>small|big) blind (?P<amount>\d+){_ALL_IN}$")
DEALING = "*** DEALING HANDS ***"
DEALT = re.compile(rf"^Dealt to {_NAME} \[(?P<cards>{_CARDS})\]$")
REDEALT = re.compile(rf"^Dealt to {_NAME} (?:\[(?P<kept>{_CARDS})\] )?\[(?P<new>{_CARDS})\]$")
FOLD = re.compile(rf"^{_NAME}: folds$")
CHECK = re.compile(rf"^{_NAME}: checks$")
CALL = re.compile(rf"^{_NAME}: calls (?P<amount>\d+){_ALL_IN}$")
BET = re.compile(rf"^{_NAME}: bets (?P<amount>\d+){_ALL_IN}$")
RAISE = re.compile(rf"^{_NAME}: raises (?P<by>\d+) to (?P<to>\d+){_ALL_IN}$")
TIMED_OUT = re.compile(rf"^{_NAME} has timed out$")
LEAVES = re.compile(rf"^{_NAME} leaves the table$")
RESHUFFLED = "The deck is reshuffled"
CAPPED = "Betting is capped"
DRAWS = ("*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***")
DISCARDS = re.compile(rf"^{_NAME}: discards (?P<count>[1-5]) cards?(?: \[(?P<cards>{_CARDS})\])?$")
PAT = re.compile(rf"^{_NAME}: stands pat(?: on \[(?P<cards>{_CARDS})\])?$")
UNCALLED = re.compile(rf"^Uncalled bet \((?P<amount>\d+)\) returned to {_NAME}$")
SHOWDOWN = "*** SHOW DOWN ***"
SHOWS = re.compile(rf"^{_NAME}: shows \[(?P<cards>{_CARDS})\] \((?P<what>Lo: [^()]+)\)$")
MUCKS = re.compile(rf"^{_NAME}: mucks hand$")
COLLECTED = re.compile(
    rf"^{_NAME} collected (?P<amount>\d+) from (?P<pot>pot|main pot|side pot(?:-\d+)?)$"
)
NO_SHOW = re.compile(rf"^{_NAME}: doesn't show hand$")
SUMMARY = "*** SUMMARY ***"
TOTAL = re.compile(
    r"^Total pot (?P<total>\d+)(?P<pots>(?: Main pot \d+\.)(?: Side pot(?:-\d+)? \d+\.)+)?"
    r" \| Rake (?P<rake>\d+)$"
)
SUMMARY_SEAT = re.compile(
    rf"^Seat (?P<seat>\d+): {_NAME}(?P<button> \(button\))?(?: \((?P<blind>small|big) blind\))? "
    r"(?P<outcome>folded before the Draw(?P<no_bet> \(didn't bet\))?"
    r"|folded after the (?P<after>1st|2nd|3rd) Draw"
    rf"|showed \[(?P<showed>{_CARDS})\] and (?:won \((?P<won>\d+)\)|lost) with (?P<what>Lo: .+)"
    rf"|mucked(?: \[(?P<mucked>{_CARDS})\])?"
    r"|collected \((?P<collected>\d+)\))$"
)
_RANKS = "23456789TJQKA"
_WORDS = ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
          "Queen", "King", "Ace")  # fmt: skip


class HistoryError(AssertionError):
    """The text is not a well-formed, consistent Triple Draw hand history."""


@dataclass
class ParsedHand:
    """What the reader made of one hand."""

    hand_id: int
    small_bet: int
    big_bet: int
    table: str
    button_seat: int
    seats: dict[str, int] = field(default_factory=dict)
    starting: dict[str, int] = field(default_factory=dict)
    actions: list[tuple[str, str, int]] = field(default_factory=list)
    """(player, verb, amount): "small blind"/"big blind" (paid), "fold", "check", "call"
    (paid), "bet"/"raise" (the total bet this round), "draw" (cards thrown), "show", "muck",
    "return" (an uncalled bet), "collect" (from one pot), "leave"."""
    hero: str | None = None
    hero_cards: list[str] = field(default_factory=list)
    """Every card the hero was dealt, in order."""
    shown: dict[str, list[str]] = field(default_factory=dict)
    contributed: dict[str, int] = field(default_factory=dict)
    collected: dict[str, int] = field(default_factory=dict)
    total_pot: int = 0
    pots: list[int] = field(default_factory=list)
    final_stacks: dict[str, int] = field(default_factory=dict)
    summary: dict[str, str] = field(default_factory=dict)
    """Each seat's summary outcome (the text after the name and marks)."""

    def cards_named(self) -> set[str]:
        """Every card the file names anywhere."""
        return set(self.hero_cards) | {c for cards in self.shown.values() for c in cards}


def _fail(number: int, line: str, why: str) -> HistoryError:
    return HistoryError(f"line {number}: {why}: {line!r}")


def _describe(cards: list[str]) -> str:
    """The lowball description PokerStars gives five cards (ace high, straights and flushes
    count), computed here from the cards alone."""
    values = sorted((_RANKS.index(c[0]) for c in cards), reverse=True)
    counts = Counter(values)
    by_count = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    straight = len(counts) == 5 and values[0] - values[4] == 4
    words = [(_WORDS[v], _WORDS[v] + ("es" if _WORDS[v] == "Six" else "s")) for v in range(13)]
    if straight and flush:
        return f"Lo: a straight flush, {words[values[4]][0]} to {words[values[0]][0]}"
    if 4 in counts.values():
        return f"Lo: four of a kind, {words[by_count[0]][1]}"
    if sorted(counts.values()) == [2, 3]:
        return f"Lo: a full house, {words[by_count[0]][1]} full of {words[by_count[1]][1]}"
    if flush:
        return f"Lo: a flush, {words[values[0]][0]} high"
    if straight:
        return f"Lo: a straight, {words[values[4]][0]} to {words[values[0]][0]}"
    if 3 in counts.values():
        return f"Lo: three of a kind, {words[by_count[0]][1]}"
    if sorted(counts.values()) == [1, 2, 2]:
        return f"Lo: two pair, {words[by_count[0]][1]} and {words[by_count[1]][1]}"
    if 2 in counts.values():
        return f"Lo: a pair of {words[by_count[0]][1]}"
    return "Lo: " + ",".join(_RANKS[v] for v in values)


def parse_history(text: str) -> ParsedHand:
    """Read one hand; raise ``HistoryError`` on the first line or amount that is wrong."""
    lines = text.rstrip("\n").split("\n")
    pos = 0

    def take() -> tuple[int, str]:
        nonlocal pos
        if pos >= len(lines):
            raise HistoryError("the hand ends early")
        pos += 1
        return pos, lines[pos - 1]

    number, line = take()
    header = HEADER.match(line)
    if header is None:
        raise _fail(number, line, "not a Triple Draw 2-7 header")
    small_bet, big_bet = int(header["small"]), int(header["big"])
    if big_bet != 2 * small_bet:
        raise _fail(number, line, "the big bet is not twice the small bet")
    number, line = take()
    table = TABLE.match(line)
    if table is None:
        raise _fail(number, line, "not a table line")
    hand = ParsedHand(int(header["id"]), small_bet, big_bet, table["table"], int(table["button"]))
    stack: dict[str, int] = {}
    while pos < len(lines) and (seat := SEAT.match(lines[pos])):
        number, line = take()
        name, seat_no = seat["name"], int(seat["seat"])
        if name in hand.seats or seat_no in hand.seats.values():
            raise _fail(number, line, "a player or seat listed twice")
        if not 1 <= seat_no <= int(table["max"]):
            raise _fail(number, line, "no such seat")
        if hand.seats and seat_no < max(hand.seats.values()):
            raise _fail(number, line, "seats out of order")
        hand.seats[name] = seat_no
        hand.starting[name] = stack[name] = int(seat["stack"])
    players = list(hand.seats)
    if not 2 <= len(players) <= 6:
        raise HistoryError(f"{len(players)} players")
    bets = dict.fromkeys(players, 0)
    paid = dict.fromkeys(players, 0)
    live = set(players)  # not folded
    blinds: dict[str, str] = {}
    folded_after: dict[str, int] = {}

    def player(found: re.Match[str], number: int, line: str) -> str:
        name = found["name"]
        if name not in hand.seats:
            raise _fail(number, line, "not a seated player")
        return name

    def pay(name: str, amount: int, all_in: bool, number: int, line: str) -> None:
        if amount <= 0 or amount > stack[name]:
            raise _fail(number, line, f"{name} cannot put in {amount} with {stack[name]}")
        stack[name] -= amount
        bets[name] += amount
        paid[name] += amount
        if all_in != (stack[name] == 0):
            raise _fail(number, line, "'and is all-in' does not match the stack")

    for which in ("small", "big"):
        number, line = take()
        blind = BLIND.match(line)
        if blind is None or blind["which"] != which:
            raise _fail(number, line, f"expected the {which} blind")
        name = player(blind, number, line)
        full = small_bet if which == "big" else int(blind["amount"])
        amount = int(blind["amount"])
        if amount > full or (amount < full and stack[name] != amount):
            raise _fail(number, line, "a wrong blind")
        pay(name, amount, bool(blind["all_in"]), number, line)
        blinds[name] = which
        hand.actions.append((name, f"{which} blind", amount))
    number, line = take()
    if line != DEALING:
        raise _fail(number, line, "expected the deal")
    held: list[str] = []
    if pos < len(lines) and (dealt := DEALT.match(lines[pos])):
        number, line = take()
        hand.hero = player(dealt, number, line)
        held = dealt["cards"].split()
        if len(held) != 5:
            raise _fail(number, line, "five cards are dealt")
        hand.hero_cards.extend(held)

    street = 0  # 0 = before the first draw, k = after the k-th draw
    top = max(small_bet, *bets.values())
    acted: set[str] = set()
    draws_done: list[set[str]] = []
    section = "betting"
    timed_out: str | None = None
    capped = False  # "Betting is capped" this round: no more bets or raises
    last_was_raise = False
    reshuffled = False  # the muck went back into the deck: a thrown card may come back

    def can_act(name: str, number: int, line: str) -> None:
        if name not in live or stack[name] == 0:
            raise _fail(number, line, f"{name} cannot act (folded or all-in)")
        if section != "betting":
            raise _fail(number, line, "a bet outside a betting round")

    def betting_closed() -> bool:
        able = [p for p in live if stack[p] > 0]
        if len(live) < 2:
            return True
        return all(bets[p] == top and p in acted for p in able) or (
            len(able) == 1 and bets[able[0]] >= max(bets[p] for p in live)
        )

    while pos < len(lines):
        number, line = take()
        if timed_out is not None and not (FOLD.match(line) or CHECK.match(line) or PAT.match(line)):
            raise _fail(number, line, "a timed-out turn must be a check, a fold or a pat")
        if line == CAPPED:
            if not last_was_raise or capped:
                raise _fail(number, line, "the betting is capped only right after a bet or raise")
            capped = True
            last_was_raise = False
            continue
        last_was_raise = False
        if found := TIMED_OUT.match(line):
            timed_out = player(found, number, line)
            continue
        if found := LEAVES.match(line):
            hand.actions.append((player(found, number, line), "leave", 0))
            continue
        if found := FOLD.match(line):
            name = player(found, number, line)
            if section == "drawing" or name not in live:
                raise _fail(number, line, "a fold out of a betting round")
            live.discard(name)
            folded_after[name] = street
            hand.actions.append((name, "fold", 0))
        elif found := CHECK.match(line):
            name = player(found, number, line)
            can_act(name, number, line)
            if bets[name] != top:
                raise _fail(number, line, "a check with chips to call")
            acted.add(name)
            hand.actions.append((name, "check", 0))
        elif found := CALL.match(line):
            name = player(found, number, line)
            can_act(name, number, line)
            amount, owed = int(found["amount"]), top - bets[name]
            if amount != owed and not (amount < owed and amount == stack[name]):
                raise _fail(number, line, f"a call of {amount} where {owed} is owed")
            pay(name, amount, bool(found["all_in"]), number, line)
            acted.add(name)
            hand.actions.append((name, "call", amount))
        elif found := BET.match(line):
            name = player(found, number, line)
            can_act(name, number, line)
            amount, size = int(found["amount"]), small_bet if street < 2 else big_bet
            if top != 0 or street == 0:
                raise _fail(number, line, "a bet where there is one already (a raise)")
            if amount != size and not (amount < size and amount == stack[name]):
                raise _fail(number, line, f"a bet of {amount} in a {size} round")
            pay(name, amount, bool(found["all_in"]), number, line)
            top = bets[name]
            acted = {name}
            hand.actions.append((name, "bet", amount))
            last_was_raise = True
        elif found := RAISE.match(line):
            name = player(found, number, line)
            can_act(name, number, line)
            by, to, size = int(found["by"]), int(found["to"]), small_bet if street < 2 else big_bet
            if to != top + by or by <= 0 or by > size:
                raise _fail(number, line, f"not a raise of at most {size} over {top}")
            if top == 0 and street > 0:
                raise _fail(number, line, "a raise with no bet before it")
            if capped:
                raise _fail(number, line, "a raise after the betting was capped")
            pay(name, to - bets[name], bool(found["all_in"]), number, line)
            if by < size and not found["all_in"] and top % size == 0:
                raise _fail(number, line, "a short raise that is not all-in")
            top = to
            acted = {name}
            hand.actions.append((name, "raise", to))
            last_was_raise = True
        elif line in DRAWS:
            k = DRAWS.index(line) + 1
            if k != street + 1 or not betting_closed() or len(live) < 2:
                raise _fail(number, line, "a draw before the betting is over, or out of order")
            street, section, capped = k, "drawing", False
            bets, top, acted = dict.fromkeys(players, 0), 0, set()
            draws_done.append(set())
            continue
        elif found := DISCARDS.match(line):
            name = player(found, number, line)
            count = int(found["count"])
            if section != "drawing" or name not in live or name in draws_done[-1]:
                raise _fail(number, line, "a draw out of turn")
            draws_done[-1].add(name)
            if name == hand.hero:
                thrown = (found["cards"] or "").split()
                if len(thrown) != count or not set(thrown) <= set(held):
                    raise _fail(number, line, "the hero throws cards they do not hold")
                number, line = take()
                redealt = REDEALT.match(line)
                if redealt is None or redealt["name"] != name:
                    raise _fail(number, line, "the hero's new cards must follow their discard")
                kept, new = (redealt["kept"] or "").split(), redealt["new"].split()
                if kept != [c for c in held if c not in thrown] or len(new) != count:
                    raise _fail(number, line, "kept and received cards do not add up")
                if set(new) & set(kept) or (not reshuffled and set(new) & set(hand.hero_cards)):
                    raise _fail(number, line, "a card dealt twice to the hero")
                held = kept + new
                hand.hero_cards.extend(new)
            elif found["cards"]:
                raise _fail(number, line, "another player's discards are named")
            hand.actions.append((name, "draw", count))
        elif found := PAT.match(line):
            name = player(found, number, line)
            if section != "drawing" or name not in live or name in draws_done[-1]:
                raise _fail(number, line, "a draw out of turn")
            draws_done[-1].add(name)
            if (name == hand.hero) != bool(found["cards"]) or (
                found["cards"] and found["cards"].split() != held
            ):
                raise _fail(number, line, "only the hero's pat names their cards, as held")
            hand.actions.append((name, "draw", 0))
        elif line == RESHUFFLED:
            if section != "drawing":
                raise _fail(number, line, "a reshuffle outside a draw")
            reshuffled = True
            continue
        elif found := UNCALLED.match(line):
            name = player(found, number, line)
            amount = int(found["amount"])
            others = [bets[p] for p in players if p != name]
            if amount != bets[name] - max(others) or amount <= 0:
                raise _fail(number, line, "not the uncalled part of the bet")
            stack[name] += amount
            paid[name] -= amount
            bets[name] -= amount
            hand.actions.append((name, "return", amount))
        elif line == SHOWDOWN:
            if street != 3 or not betting_closed():
                raise _fail(number, line, "a showdown before the last betting is over")
            section = "showdown"
        elif found := SHOWS.match(line):
            name = player(found, number, line)
            cards = found["cards"].split()
            late = section == "collected" and (name, "muck", 0) in hand.actions
            if not (section == "showdown" or late) or name not in live or len(set(cards)) != 5:
                raise _fail(number, line, "a show out of the showdown")
            if name == hand.hero and sorted(cards) != sorted(held):  # (PokerStars reorders)
                raise _fail(number, line, "the hero shows other cards than they hold")
            if found["what"] != _describe(cards):
                raise _fail(number, line, f"the hand is {_describe(cards)}")
            hand.shown[name] = cards
            hand.actions.append((name, "show", 0))
        elif found := MUCKS.match(line):
            name = player(found, number, line)
            if section != "showdown" or name not in live:
                raise _fail(number, line, "a muck out of the showdown")
            hand.actions.append((name, "muck", 0))
        elif found := COLLECTED.match(line):
            name = player(found, number, line)
            if name not in live and (name, "leave", 0) not in hand.actions:
                # (Deuce's rule for players who leave mid-hand: a pot whose other contenders
                # had all left already stays theirs.)
                raise _fail(number, line, "a folded player collects")
            amount = int(found["amount"])
            hand.collected[name] = hand.collected.get(name, 0) + amount
            hand.actions.append((name, "collect", amount))
            section = "collected"
        elif found := NO_SHOW.match(line):
            name = player(found, number, line)
            if name not in hand.collected or len(live) != 1:
                raise _fail(number, line, "only an uncontested winner does not show")
        elif line == SUMMARY:
            break
        else:
            raise _fail(number, line, "matches no line of a Triple Draw hand")
        if timed_out is not None:
            timed_out = None
        if section == "drawing" and draws_done and draws_done[-1] == live:
            section = "betting"
            top, acted = 0, set()
    else:
        raise HistoryError("no summary")
    if section != "collected":
        raise HistoryError("nobody collected the pot")
    for name, count in Counter(name for name, verb, _ in hand.actions if verb == "show").items():
        if count > 1:
            raise HistoryError(f"{name} shows twice")

    number, line = take()
    total = TOTAL.match(line)
    if total is None:
        raise _fail(number, line, "not the total pot")
    hand.total_pot = int(total["total"])
    hand.pots = [int(x) for x in re.findall(r" (\d+)\.", total["pots"] or "")] or [hand.total_pot]
    if int(total["rake"]) != 0 or sum(hand.pots) != hand.total_pot:
        raise _fail(number, line, "the pots do not add up (or a rake)")
    if hand.total_pot != sum(paid.values()):
        raise _fail(number, line, f"the players put {sum(paid.values())} in the pot")
    if sum(hand.collected.values()) != hand.total_pot:
        raise _fail(number, line, f"{sum(hand.collected.values())} collected")
    hand.contributed = paid
    for name in players:
        hand.final_stacks[name] = stack[name] + hand.collected.get(name, 0)

    button = [p for p in players if hand.seats[p] == hand.button_seat]
    for name in sorted(players, key=hand.seats.__getitem__):
        number, line = take()
        found = SUMMARY_SEAT.match(line)
        if found is None or found["name"] != name or int(found["seat"]) != hand.seats[name]:
            raise _fail(number, line, f"expected {name}'s summary line")
        if bool(found["button"]) != (name in button) or found["blind"] != blinds.get(name):
            raise _fail(number, line, "wrong button or blind marks")
        won = hand.collected.get(name, 0)
        outcome = found["outcome"]
        if name in folded_after:
            after = folded_after[name]
            expected = "folded before the Draw" if after == 0 else None
            if after == 0 and paid[name] == 0:
                expected = "folded before the Draw (didn't bet)"
            if after > 0:
                expected = f"folded after the {('1st', '2nd', '3rd')[after - 1]} Draw"
            if outcome != expected:
                raise _fail(number, line, f"expected {expected!r}")
        elif found["showed"]:
            cards = found["showed"].split()
            if hand.shown.get(name) != cards or found["what"] != _describe(cards):
                raise _fail(number, line, "showed other cards than at the showdown")
            if int(found["won"] or 0) != won or (found["won"] is None) != (won == 0):
                raise _fail(number, line, f"{name} won {won}")
        elif found["collected"]:
            if int(found["collected"]) != won or name in hand.shown:
                raise _fail(number, line, f"{name} collected {won}")
        else:  # mucked
            if won or name in hand.shown:
                raise _fail(number, line, "a mucked hand that won or was shown")
            if bool(found["mucked"]) != (name == hand.hero) or (
                found["mucked"] and sorted(found["mucked"].split()) != sorted(held)
            ):
                raise _fail(number, line, "the hero's mucked hand is named as held, no other")
        hand.summary[name] = outcome
    if pos != len(lines):
        raise _fail(pos + 1, lines[pos], "a line after the summary")
    return hand

"""Helpers for engine tests: hands dealt from named cards, and the rules audit's driver
(``Audit``: the rules that must hold after every step, whatever the scenario)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict
from functools import partial
from typing import Any

import pytest

from bot.engine import (
    CARDS,
    Card,
    EngineError,
    Hand,
    Phase,
    RecordKind,
    SeatedPlayer,
    Stakes,
    parse_cards,
)
from bot.engine.operations import Drawing, HoleDealing

NAMES = ("Alice", "Bob", "Carol", "Dan", "Eve", "Finn")


def deck_from(holes: Sequence[str], then: str = "") -> list[Card]:
    """A 52-card order dealing ``holes[i]`` to position i (0 = left of the button), one card at a
    time, then ``then`` in order (the first burn first), then every other card."""
    n = len(holes)
    parsed = [parse_cards(h) for h in holes]
    assert all(len(h) == 5 for h in parsed)
    order: list[Card] = []
    for r in range(5):
        for i in range(n):
            order.append(parsed[i][r])
    order.extend(parse_cards(then) if then else [])
    assert len(set(order)) == len(order), "a card is named twice"
    order.extend(c for c in CARDS if c not in set(order))
    return order


def players(stacks: Sequence[int]) -> list[SeatedPlayer]:
    """Players at seats 0..n-1 with ids 1..n; with ``button_seat=n-1`` position i is seat i."""
    return [SeatedPlayer(i + 1, NAMES[i], stack, i) for i, stack in enumerate(stacks)]


def named_hand(
    stacks: Sequence[int],
    holes: Sequence[str],
    then: str = "",
    stakes: Stakes | None = None,
) -> Hand:
    """A hand with the button on the last seat, dealt from named cards."""
    n = len(stacks)
    return Hand.start(
        players(stacks), n - 1, stakes or Stakes(10), deck=deck_from(holes, then), hand_id=7
    )


def cards(text: str) -> list[Card]:
    """Shorthand for ``parse_cards``."""
    return parse_cards(text)


def play(hand: Hand, script: str) -> None:
    """Apply ``"1 call; 2 raise; 3 draw 7s8s; 4 pat"``-style actions (ids are 1-based)."""
    for step in script.split(";"):
        words = step.split()
        if not words:
            continue
        pid = int(words[0])
        action = words[1]
        if action == "draw":
            hand.draw(pid, parse_cards(words[2]) if len(words) > 2 else [])
        elif action == "pat":
            hand.draw(pid, [])
        else:
            hand.act(pid, action)


CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z0-9])")
"""A card written as text ("7s", "Td"), not glued to other letters or digits."""

NUMBER_ONE = "7s5d4c3h2s"
EIGHT_SIX = "8c6h4d3d2d"
NINE_SEVEN = "9d7c5h4h3c"
KINGS_FULL = "KsKdKcQhQs"
TEN_NINE = "Th9h6s5s2c"
NINE_EIGHT = "9s8d6c5c3s"
HOLES = (NUMBER_ONE, EIGHT_SIX, NINE_SEVEN, KINGS_FULL, TEN_NINE)


def card_tokens(text: str) -> set[str]:
    """Every card named in ``text``."""
    return set(CARD_TOKEN.findall(text))


def card_set(text: str) -> set[int]:
    """The cards of a card string as plain ints."""
    return {int(c) for c in parse_cards(text)}


def seated(stacks: Sequence[int], seats: Sequence[int] | None = None) -> list[SeatedPlayer]:
    """Players with ids 1..n named Alice, Bob, ... at ``seats`` (default 0..n-1)."""
    where = list(seats) if seats is not None else list(range(len(stacks)))
    return [SeatedPlayer(i + 1, NAMES[i], stack, where[i]) for i, stack in enumerate(stacks)]


def readable(message: str, allowed_cards: set[str] | None = None) -> None:
    """An error message a player can read: a sentence, no code words, no hidden card."""
    assert message and not message[0].islower() and message.rstrip().endswith((".", "?", "!"))
    for word in ("Traceback", "None", "_", "<", "Error", "index", "pos "):
        assert word not in message, (word, message)
    assert card_tokens(message) <= (allowed_cards or set()), message


def assert_refused(
    hand: Hand,
    action: Callable[[], object],
    match: str | None = None,
    allowed_cards: set[str] | None = None,
) -> str:
    """``action`` raises EngineError (matching ``match``), readable, and nothing changed."""
    before = json.dumps(hand.to_json(), sort_keys=True)
    with pytest.raises(EngineError) as info:
        action()
    message = str(info.value)
    if match is not None:
        assert re.search(match, message), (match, message)
    readable(message, allowed_cards)
    assert json.dumps(hand.to_json(), sort_keys=True) == before
    return message


class Audit:
    """Drives one hand from a script and checks the always-true rules after every step."""

    def __init__(self, hand: Hand, *, sweep_illegal: bool = True) -> None:
        self.hand = hand
        self.sweep_illegal = sweep_illegal
        data = hand.to_json()
        self.total = sum(data["starting"])
        self.ids = hand.player_ids
        self.seen = 0
        # The deal (the DEAL record does not carry the cards: see test_deal_record_...).
        self.holding = {pid: {int(c) for c in hand.private_cards(pid)} for pid in self.ids}
        self.draws: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        self.check()

    # -- driving

    def run(self, script: str) -> None:
        """``"3 call; 1 raise; 2 draw 7s8s; 4 pat; 1 timeout"`` (ids are 1-based)."""
        for step in script.split(";"):
            words = step.split()
            if not words:
                continue
            pid, action = int(words[0]), words[1]
            assert self.hand.to_act == pid, f"{step!r}: it is {self.hand.to_act}'s turn"
            if self.sweep_illegal:
                self.sweep()
            if action == "draw":
                self.hand.draw(pid, parse_cards(words[2]) if len(words) > 2 else [])
            elif action == "pat":
                self.hand.draw(pid, [])
            elif action == "timeout":
                self.hand.timeout()
            else:
                self.hand.act(pid, action)
            self.check()

    def draw(self, pid: int, discards: Sequence[Any]) -> tuple[int, ...]:
        """``pid`` throws ``discards``; returns the cards received (as ints)."""
        assert self.hand.to_act == pid
        if self.sweep_illegal:
            self.sweep()
        record = self.hand.draw(pid, list(discards))
        self.check()
        return tuple(int(c) for c in record.received)

    def checks_to_the_end(self) -> None:
        """Everyone checks and stands pat until the showdown."""
        while not self.hand.is_complete:
            pid = self.hand.to_act
            assert pid is not None
            self.run(f"{pid} {'pat' if self.hand.phase is Phase.DRAWING else 'check'}")

    # -- the always-true rules

    def check(self) -> None:
        hand = self.hand
        data = hand.to_json()
        records = hand.records
        self._follow(records)
        # Chips are conserved.
        if hand.is_complete:
            assert sum(data["stacks"]) == self.total
            result = hand.result
            assert result is not None
            assert sum(result.final_stacks.values()) == self.total
            assert all(s >= 0 for s in result.final_stacks.values())
            assert sum(result.payouts.values()) == sum(data["contrib"])
        else:
            assert sum(data["stacks"]) + sum(data["contrib"]) == self.total
            assert min(data["stacks"]) >= 0
        # All 52 cards distinct and accounted for.
        everything = [c for h in data["holes"] for c in h] + data["stub"] + data["muck"]
        assert sorted(everything) == list(range(52))
        # Private cards are exactly what the records say each player was dealt and kept.
        for pid in self.ids:
            assert {int(c) for c in hand.private_cards(pid)} == self.holding[pid], pid
        # Public view: no card that was not shown.
        view = hand.public_view(recent=1000)
        shown: set[str] = set()
        if hand.result is not None:
            shown = {str(c) for cards in hand.result.shown_hands.values() for c in cards}
        public = repr(asdict(view)) + repr(view)
        assert card_tokens(public) <= shown, card_tokens(public) - shown
        # Public record texts: no card, except a showdown record naming the shown hand.
        for record in records:
            allowed = {str(c) for c in record.shown} if record.kind is RecordKind.SHOW else set()
            assert card_tokens(record.text) <= allowed, record.text

    def _follow(self, records: Sequence[Any]) -> None:
        """Replay the new records on ``holding`` (who holds which card, from the records)."""
        for record in records[self.seen :]:
            if record.kind is RecordKind.DEAL:
                assert record.player_id is None and not card_tokens(record.text)
            elif record.kind is RecordKind.FOLD:
                self.holding[record.player_id] = set()
            elif record.kind is RecordKind.DRAW:
                thrown = {int(c) for c in record.discarded}
                got = {int(c) for c in record.received}
                assert record.draw_count == len(thrown) == len(got)
                assert thrown <= self.holding[record.player_id]
                assert not thrown & got, "a player was served a card they just threw"
                self.holding[record.player_id] = (self.holding[record.player_id] - thrown) | got
                self.draws.append(
                    (
                        record.player_id,
                        tuple(sorted(thrown)),
                        tuple(int(c) for c in record.received),
                    )
                )
                if record.draw_count:
                    name = self.hand.name_of(record.player_id)
                    assert record.text == f"{name} draws {record.draw_count}"
                else:
                    assert record.text.removesuffix(" (time ran out)") == (
                        f"{self.hand.name_of(record.player_id)} stands pat"
                    )
        self.seen = len(records)

    def sweep(self) -> None:
        """Every player not to act is refused every action; the one to act is refused the
        actions of the other phase. Each refusal is readable and changes nothing."""
        hand = self.hand
        actor = hand.to_act
        for pid in self.ids:
            if pid == actor:
                if hand.phase is Phase.BETTING:
                    assert_refused(hand, partial(hand.draw, pid, []), "draw")
                else:
                    assert_refused(hand, partial(hand.check_or_call, pid), "draw")
                    assert_refused(hand, partial(hand.bet_or_raise, pid), "draw")
                continue
            for act in ("fold", "check_or_call", "bet_or_raise"):
                assert_refused(hand, partial(hand.act, pid, act))
            assert_refused(hand, partial(hand.draw, pid, []))

    def finish(self) -> Any:
        """The hand is over: its result (the always-true checks ran on the last step)."""
        assert self.hand.is_complete and self.hand.to_act is None
        result = self.hand.result
        assert result is not None
        assert_refused(self.hand, self.hand.timeout, "over")
        for pid in self.ids:
            assert_refused(self.hand, partial(self.hand.check_or_call, pid), "over")
        return result


def audit_hand(
    stacks: Sequence[int],
    holes: Sequence[str],
    then: str = "",
    stakes: Stakes | None = None,
    rng_seed: int = 1,
) -> Audit:
    """A hand with the button on the last seat (position i = seat i = id i+1), named cards."""
    n = len(stacks)
    hand = Hand.start(
        seated(stacks),
        n - 1,
        stakes or Stakes(10),
        deck=deck_from(holes, then),
        rng=random.Random(rng_seed),
        hand_id=1,
    )
    return Audit(hand)


def phase_of(hand: Hand) -> Phase:
    """The phase, read through a call (so that type checkers do not narrow it across actions)."""
    return hand.phase


def bets_of(hand: Hand) -> list[int]:
    """Chips in front of each seat this round, by seat order."""
    return [s.bet for s in hand.public_view().seats]


# ====================================================================== Table


def all_cards_of(hand: Hand, player: int) -> set[str]:
    """Every card the player held at any time (dealt or drawn), as PHH text."""
    cards: set[str] = set()
    position = hand.player_ids.index(player)
    for op in hand.operations:
        if isinstance(op, HoleDealing):
            cards.update(str(CARDS[c]) for c in op.hole(position))
        elif isinstance(op, Drawing) and op.position == position:
            cards.update(str(CARDS[c]) for c in op.discarded + op.received)
    return cards


def random_hand(seed: int) -> Hand:
    """A finished hand of 2-6 players with folds, raises, all-ins, players leaving, 0-5 card
    draws (which run the deck out and reshuffle at six players), and every showdown form."""
    rng = random.Random(seed)
    count = rng.randint(2, 6)
    players = [
        SeatedPlayer(1000 + i, f"P{i}", rng.choice([15, 40, 120, 500]), i) for i in range(count)
    ]
    hand = Hand.start(players, rng.randrange(count), Stakes(10), rng=rng, hand_id=seed)
    while not hand.is_complete:
        player = hand.to_act
        assert player is not None
        if rng.random() < 0.03:
            hand.leave(rng.choice(hand.player_ids))  # /poker leave: a dead hand
            continue
        if hand.phase is Phase.DRAWING:
            cards = list(hand.private_view(player).cards)
            hand.draw(player, rng.sample(cards, rng.randint(0, 5)))
            continue
        legal = hand.legal()
        roll = rng.random()
        if roll < 0.12 and not legal.can_check:
            hand.fold(player)
        elif roll < 0.45 and legal.can_bet_or_raise:
            hand.bet_or_raise(player)
        else:
            hand.check_or_call(player)
    return hand

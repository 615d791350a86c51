"""Text hand histories in PokerStars' Triple Draw 2-7 form (``bot.engine.pokerstars``), read
back by an independent reader of that form (``tests/engine/pokerstars_grammar.py``, written
from PokerStars' published hands): every action and amount must be the engine's, and no card
the viewer was not shown may be written."""

from __future__ import annotations

import re

import pytest

from bot.engine import Hand, RecordKind
from bot.engine.operations import Drawing, Folding, Leaving, Mucking
from bot.engine.pokerstars import (
    TournamentHand,
    hand_to_pokerstars,
    lowball_description,
    roman,
    screen_names,
)
from tests.engine._helpers import (
    all_cards_of,
    card_tokens,
    named_hand,
    parse_cards,
    play,
    random_hand,
)
from tests.engine.pokerstars_grammar import HistoryError, ParsedHand, parse_history

ALICE, BOB, CAROL = 1, 2, 3
STARTED = 1_765_000_000.0  # 2025/12/06 05:46:40 UTC
FORMS = ("side pot", "returned", "reshuffled", "leaves", "all-in", "Betting is capped")
"""Lines the random hands must bring up at least once."""


def names_of(hand: Hand) -> dict[int, str]:
    """Each player's name as the file writes it."""
    ids = hand.player_ids
    return dict(zip(ids, screen_names([hand.name_of(p) for p in ids]), strict=True))


def engine_actions(hand: Hand) -> list[tuple[str, str, int]]:
    """The engine's record of the hand as (player, verb, amount), the reader's terms: blinds
    and calls are what was paid, bets and raises the total bet, draws the cards thrown."""
    verbs = {
        RecordKind.SMALL_BLIND: "small blind",
        RecordKind.BIG_BLIND: "big blind",
        RecordKind.FOLD: "fold",
        RecordKind.CHECK: "check",
        RecordKind.CALL: "call",
        RecordKind.BET: "bet",
        RecordKind.RAISE: "raise",
        RecordKind.SHOW: "show",
        RecordKind.MUCK: "muck",
        RecordKind.AWARD: "collect",
        RecordKind.RETURN: "return",
    }
    names = names_of(hand)
    actions = []
    for op, record in zip(hand.operations, hand.records, strict=True):
        if record.player_id is None:
            continue  # the dealer's: the deal, rounds, burns, reshuffles
        name = names[record.player_id]
        if isinstance(op, Leaving):
            actions.append((name, "leave", 0))
        elif isinstance(op, Drawing):  # a leaver's turn in a draw is a pat nobody sees
            actions.append((name, "draw", record.draw_count or 0))
        elif isinstance(op, Folding):
            actions.append((name, "fold", 0))
        elif isinstance(op, Mucking):
            actions.append((name, "muck", 0))
        else:
            amount = record.amount if record.kind not in (RecordKind.SHOW,) else 0
            actions.append((name, verbs[record.kind], amount))
    return actions


def moved_returns(hand: Hand, actions: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """The engine pays uncalled bets back at the end of the hand; PokerStars writes them as soon
    as the betting that left them uncalled is over: compare them apart from their place."""
    return [a for a in actions if a[1] != "return"]


def read(hand: Hand, viewer: int | None) -> ParsedHand:
    return parse_history(hand_to_pokerstars(hand, viewer, started_at=STARTED, table="poker-room"))


def done_when_hand() -> Hand:
    """Three players: Carol raises, Alice folds, Bob calls; draws of 2, 1, 3 and pats; bets
    after two of the draws; Carol shows a number one at the showdown and Bob's eight is
    mucked."""
    hand = named_hand(
        [500, 500, 500],
        ["Th9h6s5s2c", "KsKdKcQhQs", "9d7c5h4h3c"],
        then="Ac 8s7d 2h Jc 6d4s3d",
    )
    play(hand, "3 raise; 1 fold; 2 call")
    play(hand, "2 draw KsKd; 3 draw 9d; 2 check; 3 bet; 2 call")
    play(hand, "2 draw KcQhQs; 3 pat; 2 check; 3 check")
    play(hand, "2 pat; 3 pat; 2 bet; 3 raise; 2 call")
    assert hand.is_complete
    return hand


def test_a_hand_with_draws_a_fold_and_a_showdown_reads_back_as_the_engine_played_it() -> None:
    hand = done_when_hand()
    result = hand.result
    assert result is not None and not result.won_without_showdown
    assert any(isinstance(op, Folding) for op in hand.operations)
    assert {len(op.discarded) for op in hand.operations if isinstance(op, Drawing)} == {0, 1, 2, 3}
    text = hand_to_pokerstars(hand, BOB, started_at=STARTED, table="poker-room")
    parsed = parse_history(text)
    assert parsed.actions == engine_actions(hand)
    assert parsed.final_stacks == {"Alice": 495, "Bob": 430, "Carol": 575}
    assert parsed.final_stacks == {hand.name_of(p): s for p, s in result.final_stacks.items()}
    assert parsed.collected == {"Carol": 145} and parsed.total_pot == 145
    assert parsed.contributed == {"Alice": 5, "Bob": 70, "Carol": 70}
    assert (parsed.hand_id, parsed.small_bet, parsed.big_bet) == (7, 10, 20)
    assert parsed.seats == {"Alice": 1, "Bob": 2, "Carol": 3} and parsed.button_seat == 3
    assert parsed.hero == "Bob"
    assert parsed.hero_cards == [str(c) for c in parse_cards("KsKdKcQhQs8s7d6d4s3d")]
    assert parsed.shown == {"Carol": ["7c", "5h", "4h", "3c", "2h"]}
    # The lines a player reads, as PokerStars writes them.
    for line in (
        "PokerStars Hand #7:  Triple Draw 2-7 Lowball Limit (10/20) - 2025/12/06 05:46:40 UTC"
        " [2025/12/06 00:46:40 ET]",
        "Table 'poker-room' 6-max Seat #3 is the button",
        "Seat 1: Alice (500 in chips)",
        "Alice: posts small blind 5",
        "Bob: posts big blind 10",
        "*** DEALING HANDS ***",
        "Dealt to Bob [Ks Kd Kc Qh Qs]",
        "Carol: raises 10 to 20",
        "Alice: folds",
        "Bob: calls 10",
        "*** FIRST DRAW ***",
        "Bob: discards 2 cards [Ks Kd]",
        "Dealt to Bob [Kc Qh Qs] [8s 7d]",
        "Carol: discards 1 card",
        "Carol: bets 10",
        "*** SECOND DRAW ***",
        "Bob: discards 3 cards [Kc Qh Qs]",
        "Dealt to Bob [8s 7d] [6d 4s 3d]",
        "Carol: stands pat",
        "*** THIRD DRAW ***",
        "Bob: stands pat on [8s 7d 6d 4s 3d]",
        "Bob: bets 20",
        "Carol: raises 20 to 40",
        "*** SHOW DOWN ***",
        "Carol: shows [7c 5h 4h 3c 2h] (Lo: 7,5,4,3,2)",
        "Bob: mucks hand",
        "Carol collected 145 from pot",
        "*** SUMMARY ***",
        "Total pot 145 | Rake 0",
        "Seat 1: Alice (small blind) folded before the Draw",
        "Seat 2: Bob (big blind) mucked [8s 7d 6d 4s 3d]",
        "Seat 3: Carol (button) showed [7c 5h 4h 3c 2h] and won (145) with Lo: 7,5,4,3,2",
    ):
        assert line in text.splitlines(), line
    # Alice folded before the draw: her cards and Carol's draws are nowhere in Bob's file.
    assert not card_tokens(text) & {"Th", "9h", "6s", "5s", "2c", "9d"}


def test_every_viewer_reads_every_hand_as_the_engine_played_it() -> None:
    """Folds, raises, short all-ins with side pots, players leaving mid-hand, 0-5 card draws
    and reshuffles, every showdown form: for each player and for a viewer who was not dealt in,
    the reader finds the engine's actions, amounts, pots and final stacks."""
    forms: set[str] = set()
    for seed in range(120):
        hand = random_hand(seed)
        result = hand.result
        assert result is not None
        names = names_of(hand)
        expected = engine_actions(hand)
        for viewer in (*hand.player_ids, None):
            parsed = read(hand, viewer)
            assert moved_returns(hand, parsed.actions) == moved_returns(hand, expected), seed
            assert sorted(parsed.actions) == sorted(expected), seed
            assert parsed.final_stacks == {names[p]: s for p, s in result.final_stacks.items()}
            assert parsed.total_pot == sum(pot.amount for pot in result.pots)
            assert parsed.pots == [pot.amount for pot in result.pots]
            assert parsed.hero == (names[viewer] if viewer is not None else None)
            if viewer is not None:
                held = {str(c) for c in all_cards_of(hand, viewer)}
                assert set(parsed.hero_cards) == held, (seed, viewer)
        text = hand_to_pokerstars(hand, None)
        forms |= {w for w in FORMS if w in text}
    assert forms == set(FORMS)


def test_no_card_the_viewer_was_not_shown_is_written() -> None:
    """The viewer's own cards and the hands shown at the showdown: no other card, for each
    player and for a viewer who was not dealt in (the PHH's redaction)."""
    for seed in range(150):
        hand = random_hand(seed)
        result = hand.result
        assert result is not None
        shown = {str(c) for cards in result.shown_hands.values() for c in cards}
        for viewer in (*hand.player_ids, None):
            text = hand_to_pokerstars(hand, viewer, shown=set(result.shown_hands))
            own = {str(c) for c in all_cards_of(hand, viewer)} if viewer is not None else set()
            assert card_tokens(text) <= own | shown, (seed, viewer, card_tokens(text) - own - shown)


def test_an_uncontested_hand_names_no_other_players_card() -> None:
    """Everyone folds to the big blind: Alice's file holds her own cards and nobody else's,
    and the winner "doesn't show hand"."""
    hand = named_hand([500, 500, 500], ["Th9h6s5s2c", "KsKdKcQhQs", "9d7c5h4h3c"])
    play(hand, "3 fold; 1 fold")
    text = hand_to_pokerstars(hand, ALICE)
    parsed = parse_history(text)
    assert card_tokens(text) == {"Th", "9h", "6s", "5s", "2c"}
    assert "Uncalled bet (5) returned to Bob" in text and "Bob: doesn't show hand" in text
    assert parsed.summary == {
        "Alice": "folded before the Draw",
        "Bob": "collected (10)",
        "Carol": "folded before the Draw (didn't bet)",
    }
    assert parsed.final_stacks == {"Alice": 495, "Bob": 505, "Carol": 500}
    nobody = hand_to_pokerstars(hand, None)
    assert card_tokens(nobody) == set() and "Dealt to" not in nobody


def test_timed_out_turns_are_written_as_pokerstars_does() -> None:
    """The dealer plays a turn whose time ran out: "X has timed out", then the fold, check or
    pat it played."""
    hand = named_hand([500, 500, 500], ["Th9h6s5s2c", "KsKdKcQhQs", "9d7c5h4h3c"])
    play(hand, "3 raise")
    hand.timeout()  # Alice owes 15: she folds
    play(hand, "2 call")
    hand.timeout()  # Bob's draw: he stands pat
    play(hand, "3 draw 9d")
    hand.timeout()  # Bob checks
    play(hand, "3 check; 2 pat; 3 pat; 2 check; 3 check; 2 pat; 3 pat; 2 check; 3 check")
    assert hand.is_complete
    text = hand_to_pokerstars(hand, CAROL)
    assert "Alice has timed out\nAlice: folds\n" in text
    assert "Bob has timed out\nBob: stands pat\n" in text
    assert "Bob has timed out\nBob: checks\n" in text
    assert parse_history(text).actions == engine_actions(hand)
    with pytest.raises(HistoryError, match="a timed-out turn must be a check, a fold or a pat"):
        parse_history(
            text.replace(
                "Alice has timed out\nAlice: folds", "Alice has timed out\nAlice: calls 15"
            )
        )


def test_the_cap_is_written_as_pokerstars_does() -> None:
    """The big blind counts as the first bet before the draw: after the third raise,
    "Betting is capped"; the reader refuses a raise after it."""
    hand = named_hand([500, 500, 500], ["Th9h6s5s2c", "KsKdKcQhQs", "9d7c5h4h3c"])
    play(hand, "3 raise; 1 raise; 2 raise; 3 call; 1 call")
    while not hand.is_complete:
        hand.timeout()
    text = hand_to_pokerstars(hand, None)
    assert "Bob: raises 10 to 40\nBetting is capped\nCarol: calls 20\n" in text
    assert parse_history(text).actions == engine_actions(hand)
    forged = text.replace("Alice: calls 10\n", "Alice: raises 10 to 50\n", 1)
    with pytest.raises(HistoryError, match="a raise after the betting was capped"):
        parse_history(forged)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (("Bob: calls 10", "Bob: calls 20"), "a call of 20 where 10 is owed"),
        (("Carol collected 145 from pot", "Carol collected 135 from pot"), "135 collected"),
        (("*** FIRST DRAW ***\n", ""), "a draw out of turn"),
        (("Dealt to Bob [Kc Qh Qs] [8s 7d]", "Dealt to Bob [Kc Qh] [8s 7d]"), "do not add up"),
        (("Carol: discards 1 card", "Carol: discards 1 card [9d]"), "discards are named"),
        (("Carol: raises 20 to 40", "Carol: raises 30 to 50"), "not a raise of at most 20"),
        (("(Lo: 7,5,4,3,2)", "(Lo: 7,6,4,3,2)"), "the hand is Lo: 7,5,4,3,2"),
        (("Seat 1: Alice (small blind) folded", "Seat 1: Alice folded"), "marks"),
        (("Alice: folds\n", ""), "a draw before the betting is over"),
        (
            ("Seat 2: Bob (big blind) mucked [8s 7d 6d 4s 3d]", "Seat 2: Bob (big blind) mucked"),
            "the hero's mucked hand is named",
        ),
    ],
)
def test_the_reader_refuses_a_history_that_does_not_add_up(
    change: tuple[str, str], why: str
) -> None:
    """The reader is strict: a wrong amount, a missing line, cards that do not add up, a
    description that is not the hand's, each is refused (so its agreement above means
    something)."""
    text = hand_to_pokerstars(done_when_hand(), BOB)
    old, new = change
    assert old in text
    with pytest.raises(HistoryError, match=re.escape(why)):
        parse_history(text.replace(old, new, 1))


def test_the_reader_takes_pokerstars_own_form() -> None:
    """A hand typed in PokerStars' published form (names with spaces, a timed-out player, a
    leaver, "stands pat on", an uncalled bet at the end of the betting) reads back."""
    text = "\n".join(
        [
            "PokerStars Hand #101:  Triple Draw 2-7 Lowball Limit (20/40) - 2026/01/02 03:04:05"
            " CET [2026/01/01 21:04:05 ET]",
            "Table 'Dora II' 6-max Seat #4 is the button",
            "Seat 1: Me Myself (800 in chips)",
            "Seat 4: gus 77 (790 in chips)",
            "Seat 5: Ola (400 in chips)",
            "Ola: posts small blind 10",
            "Me Myself: posts big blind 20",
            "*** DEALING HANDS ***",
            "Dealt to Me Myself [Kh Th 3d Tc 7c]",
            "gus 77: calls 20",
            "Ola: calls 10",
            "Me Myself: checks",
            "*** FIRST DRAW ***",
            "Ola: discards 3 cards",
            "Me Myself: discards 2 cards [Kh Th]",
            "Dealt to Me Myself [3d Tc 7c] [5c Qs]",
            "gus 77: stands pat",
            "Ola: checks",
            "Me Myself: checks",
            "gus 77: bets 20",
            "Ola has timed out",
            "Ola: folds",
            "Me Myself: calls 20",
            "*** SECOND DRAW ***",
            "Me Myself: discards 2 cards [Qs Tc]",
            "Dealt to Me Myself [3d 7c 5c] [4c 2s]",
            "gus 77: discards 1 card",
            "Me Myself: bets 40",
            "gus 77: calls 40",
            "*** THIRD DRAW ***",
            "Me Myself: stands pat on [3d 7c 5c 4c 2s]",
            "gus 77: stands pat",
            "Ola leaves the table",
            "Me Myself: bets 40",
            "gus 77: folds",
            "Uncalled bet (40) returned to Me Myself",
            "Me Myself collected 180 from pot",
            "Me Myself: doesn't show hand",
            "*** SUMMARY ***",
            "Total pot 180 | Rake 0",
            "Seat 1: Me Myself (big blind) collected (180)",
            "Seat 4: gus 77 (button) folded after the 3rd Draw",
            "Seat 5: Ola (small blind) folded after the 1st Draw",
        ]
    )
    parsed = parse_history(text)
    assert parsed.final_stacks == {"Me Myself": 900, "gus 77": 710, "Ola": 380}
    assert parsed.hero_cards == ["Kh", "Th", "3d", "Tc", "7c", "5c", "Qs", "4c", "2s"]
    assert ("Ola", "leave", 0) in parsed.actions


def test_hands_are_described_as_pokerstars_does() -> None:
    assert lowball_description(parse_cards("8s7d6d4s3d")) == "Lo: 8,7,6,4,3"
    assert lowball_description(parse_cards("Kd7d3sQsAs")) == "Lo: A,K,Q,7,3"
    assert lowball_description(parse_cards("7d2s8d5h5c")) == "Lo: a pair of Fives"
    assert lowball_description(parse_cards("5d4h8h7d6h")) == "Lo: a straight, Four to Eight"
    assert lowball_description(parse_cards("6c6h6dKcKh")) == "Lo: a full house, Sixes full of Kings"
    assert lowball_description(parse_cards("Th9h6h5h2h")) == "Lo: a flush, Ten high"


def test_names_that_would_break_a_line_are_cleaned() -> None:
    """A name cannot end a line early, forge another player's line or take a bracket: colons,
    brackets, parentheses, quotes and line breaks go; a second "Sam" is "Sam_2"."""
    assert screen_names(["Sam", "Sam", "x: folds\nSeat 9", "[Ah]", "  "]) == [
        "Sam",
        "Sam_2",
        "x folds Seat 9",
        "Ah",
        "Player 5",
    ]


def test_a_sit_and_go_hand_names_its_tournament_buy_in_and_level_as_pokerstars_does() -> None:
    """A tournament hand read as a cash game's (the table's channel name, no level) is filed
    by trackers as a cash hand; PokerStars' tournament files name the tournament, the buy-in
    and the level in Roman numerals, and the table as "<tournament> <table>"."""
    hand = done_when_hand()
    text = hand_to_pokerstars(
        hand, BOB, started_at=STARTED, table="poker-room", tournament=TournamentHand(45, 100, 14)
    )
    lines = text.splitlines()
    assert lines[0] == (
        "PokerStars Hand #7: Tournament #45, 100+0 Triple Draw 2-7 Lowball Limit - Level XIV"
        " (10/20) - 2025/12/06 05:46:40 UTC [2025/12/06 00:46:40 ET]"
    )
    assert lines[1] == "Table '45 1' 6-max Seat #3 is the button"
    parsed = parse_history(text)
    assert (parsed.hand_id, parsed.small_bet, parsed.table) == (7, 10, "45 1")
    assert parsed.actions == engine_actions(hand)  # the body is the cash hand's
    freeroll = hand_to_pokerstars(hand, BOB, tournament=TournamentHand(9, 0, 1)).splitlines()[0]
    assert freeroll.startswith("PokerStars Hand #7: Tournament #9, Freeroll  Triple Draw 2-7")
    assert " - Level I (10/20) - " in freeroll
    assert [roman(n) for n in (1, 4, 9, 14, 40, 49, 90, 400, 1994)] == [
        "I", "IV", "IX", "XIV", "XL", "XLIX", "XC", "CD", "MCMXCIV",
    ]  # fmt: skip

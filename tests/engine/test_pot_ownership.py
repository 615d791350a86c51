"""RULES Showdown and Betting (issue 9): a player wins only pots they contributed to; a pot whose
other contenders have all folded or left belongs to the last one at that moment, whatever
happens later; the only player left able to bet, with nothing to call, gets no turn.

The issue's reproduction: stakes 10, button on seat 2, stacks 1000/1000/5. Carol (5 chips) calls
all-in, Alice completes, Bob checks; everyone stands pat; Alice bets 10 after the first draw and
Bob calls; checked down to the last round, where Alice folds although checking was free. Bob
then has nobody to bet against: he gets no turn, keeps the side pot Carol never paid into, and
shows down against Carol for the main pot.
"""

from __future__ import annotations

import json

from bot.engine import Hand, Phase, RecordKind
from bot.engine.phh import hand_to_phh, replay_phh
from tests.engine._helpers import named_hand, play

HOLES = ["7s5d4c3h2s", "8s6d4d3c2c", "KdQhJc9d8d"]
"""Alice (P1) number one, Bob (P2) a smooth eight, Carol (P3) king high."""


def reproduction() -> Hand:
    """The issue's hand up to Alice's decision in the last betting round."""
    hand = named_hand([1000, 1000, 5], HOLES)
    play(hand, "3 call; 1 call; 2 check")
    play(hand, "1 pat; 2 pat; 3 pat; 1 bet; 2 call")
    play(hand, "1 pat; 2 pat; 3 pat; 1 check; 2 check")
    play(hand, "1 pat; 2 pat; 3 pat")
    assert hand.betting_round == 3 and hand.to_act == 1
    return hand


def texts(hand: Hand) -> list[str]:
    return [r.text for r in hand.records if r.kind not in (RecordKind.ROUND, RecordKind.BURN)]


def pots(hand: Hand) -> list[tuple[str, int, dict[int, int]]]:
    result = hand.result
    assert result is not None
    return [(p.name, p.amount, p.shares) for p in result.pots]


def replays(hand: Hand) -> None:
    """The PHH export says who won what, survives JSON, and our replay reaches the stacks."""
    copy = Hand.from_json(json.loads(json.dumps(hand.to_json())))
    assert hand_to_phh(copy) == hand_to_phh(hand)
    assert replay_phh(hand_to_phh(hand)).stacks == hand.stacks


def test_a_free_fold_leaves_the_side_pot_to_the_last_player_who_paid_into_it() -> None:
    hand = reproduction()
    hand.fold(1)
    # Bob is the only one left able to bet and owes nothing: no turn, straight to the showdown.
    assert hand.is_complete and hand.to_act is None
    assert [r.player_id for r in hand.records if r.kind is RecordKind.CHECK][-1] == 2
    assert pots(hand) == [("main pot", 15, {2: 15}), ("side pot 1", 30, {2: 30})]
    result = hand.result
    assert result is not None
    assert result.final_stacks == {1: 980, 2: 1025, 3: 0}
    assert result.showdown_order == (2, 3) and 2 in result.shown_hands
    assert texts(hand)[-3:] == [
        "Carol mucks",
        "Bob wins 15 from the main pot",
        "Bob wins 30 from the side pot 1",
    ]
    text = hand_to_phh(hand)
    assert '"p1 f",\n  "p2 cc # no turn under our rules",' in text
    assert "winnings = [0, 45, 0]" in text
    assert '_deuce_pots = ["main pot 15: p2", "side pot 1 30: p2"]' in text
    hand.check_invariants()
    replays(hand)


def test_a_free_fold_in_an_earlier_round_ends_the_betting_for_the_rest_of_the_hand() -> None:
    hand = named_hand([1000, 1000, 5], HOLES)
    play(hand, "3 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat")
    hand.fold(1)  # after the first draw, nothing to call
    assert hand.phase is Phase.DRAWING and hand.draw_round == 2
    play(hand, "2 pat; 3 pat")  # no betting round for Bob alone
    assert hand.phase is Phase.DRAWING and hand.draw_round == 3
    play(hand, "2 pat; 3 pat")
    assert hand.is_complete
    assert pots(hand) == [("main pot", 15, {2: 15}), ("side pot 1", 10, {2: 10})]
    assert hand.stacks == {1: 990, 2: 1015, 3: 0}
    replays(hand)


def test_leaving_at_ones_turn_is_the_same_fold() -> None:
    hand = reproduction()
    hand.leave(1)
    assert hand.is_complete
    assert hand.leave(2) == []  # the hand is over: nothing left to give up
    assert pots(hand) == [("main pot", 15, {2: 15}), ("side pot 1", 30, {2: 30})]
    assert hand.stacks == {1: 980, 2: 1025, 3: 0}
    assert "Alice has left: the hand is folded" in texts(hand)
    replays(hand)


def test_when_every_contender_of_the_side_pot_leaves_the_last_to_leave_keeps_it() -> None:
    """Bob leaves out of turn, then Alice leaves at her turn: when Bob left, Alice was the last
    contender of the side pot, so it is hers; Carol, alone in the main pot, wins that."""
    hand = reproduction()
    assert hand.leave(2) == []  # out of turn: nothing is played yet
    hand.leave(1)
    assert hand.is_complete
    assert pots(hand) == [("main pot", 15, {3: 15}), ("side pot 1", 30, {1: 30})]
    assert hand.stacks == {1: 1010, 2: 980, 3: 15}
    recent = hand.recent_actions(30)
    assert recent.count("Alice has left: the hand is folded") == 1
    assert recent.count("Bob has left: the hand is folded") == 1
    hand.check_invariants()
    replays(hand)


def test_leaving_during_a_draw_is_logged_as_leaving_and_the_pot_stays_with_the_last() -> None:
    """In the third draw Alice, then Bob, leave while Carol is to draw: Bob left last, so the
    side pot is his; the log never says they stand pat."""
    hand = named_hand([1000, 1000, 5], HOLES)
    play(hand, "3 call; 1 call; 2 check")
    play(hand, "1 pat; 2 pat; 3 pat; 1 bet; 2 call")
    play(hand, "1 pat; 2 pat; 3 pat; 1 check; 2 check")
    play(hand, "1 draw 7s")
    assert hand.leave(1) == []
    records = hand.leave(2)
    # Bob's draw comes next: played for him as a departure, then Carol (alone) stands pat and
    # the last betting round is Alice's fold at her turn, with no turn for Bob.
    assert [r.text for r in records][:2] == ["Bob has left: the hand is folded", "Carol stands pat"]
    assert hand.is_complete
    assert pots(hand) == [("main pot", 15, {3: 15}), ("side pot 1", 30, {2: 30})]
    assert hand.stacks == {1: 980, 2: 1010, 3: 15}
    recent = hand.recent_actions(30)
    since = recent[recent.index("Alice draws 1") :]
    assert not any(t in since for t in ("Alice stands pat", "Bob stands pat"))
    assert recent.count("Alice has left: the hand is folded") == 1
    hand.check_invariants()
    replays(hand)


def test_a_timeout_facing_nothing_checks_so_the_side_pot_stays_contested() -> None:
    """The timeout path: Alice times out (a check, as nothing is owed), Bob checks, and the
    showdown decides both pots (Alice's number one wins everything)."""
    hand = reproduction()
    assert hand.timeout().text == "Alice checks (time ran out)"
    play(hand, "2 check")
    assert pots(hand) == [("main pot", 15, {1: 15}), ("side pot 1", 30, {1: 30})]
    replays(hand)


def test_a_timeout_facing_a_bet_folds_and_the_last_contender_takes_the_side_pot() -> None:
    hand = reproduction()
    play(hand, "1 bet")
    assert hand.timeout().text == "Bob folds (time ran out)"
    assert hand.is_complete
    # Alice's uncalled bet comes back; the side pot is hers (Bob folded); the main pot is shown
    # down against Carol.
    assert pots(hand) == [("main pot", 15, {1: 15}), ("side pot 1", 30, {1: 30})]
    assert hand.stacks == {1: 1025, 2: 980, 3: 0}
    replays(hand)

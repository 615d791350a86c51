"""Leaving mid-hand (``Hand.leave``): RULES "Leaving mid-hand folds the hand".

The leaver's hand is dead: folded at their next betting turn, mucked at the showdown if no
turn came, and when only one player who has not left remains the hand ends in their favour.
Every scenario also survives a JSON round trip and replays from its PHH file.
"""

from __future__ import annotations

import json
import random

from bot.engine import Hand, Phase, RecordKind
from bot.engine.phh import hand_to_phh, replay_phh
from bot.engine.selfplay import play_random_hand
from tests.engine._helpers import named_hand, play

HOLES = ["7s5d4c3h2s", "8c6h4d3d2d", "9d7c5h4h3c"]
"""Alice holds number one, the best hand: every test makes her leave a winning hand."""


def round_trip(hand: Hand) -> Hand:
    """The hand through JSON text; it must be the same state."""
    copy = Hand.from_json(json.loads(json.dumps(hand.to_json())))
    assert copy.to_json() == hand.to_json()
    return copy


def replays(hand: Hand) -> None:
    """Our own replay of the hand's PHH file reaches the same stacks (it raises otherwise)."""
    again = replay_phh(hand_to_phh(hand))
    assert again.stacks == hand.stacks


def texts(hand: Hand) -> list[str]:
    return [r.text for r in hand.records if r.kind not in (RecordKind.ROUND, RecordKind.BURN)]


def test_an_all_in_leaver_forfeits_every_pot() -> None:
    hand = named_hand([20, 100, 100], HOLES)
    play(hand, "3 call; 1 raise; 2 call; 3 call")  # Alice all-in for 20
    assert hand.leave(1) != []  # her first draw comes at once: she stands pat
    hand = round_trip(hand)
    assert hand.leaving == (1,)
    play(hand, "2 pat; 3 pat; 2 bet; 3 call")
    for _ in range(2):
        play(hand, "2 pat; 3 pat; 2 check; 3 check")
    result = hand.result
    assert result is not None
    assert result.payouts[1] == 0 and 1 not in result.winners and 1 not in result.shown_hands
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [(80, (2, 3), (2,))]
    assert "Alice has left: the hand is folded" in texts(hand)
    assert result.final_stacks == {1: 0, 2: 150, 3: 70}
    assert hand.private_view(1).folded
    hand.check_invariants()
    replays(hand)


def test_leaving_after_the_last_action_mucks_at_the_showdown() -> None:
    hand = named_hand([100, 100, 100], HOLES)
    play(hand, "3 call; 1 call; 2 check")
    for _ in range(3):
        play(hand, "1 pat; 2 pat; 3 pat")
        if hand.betting_round < 3:
            play(hand, "1 check; 2 check; 3 check")
    play(hand, "1 bet; 2 call")
    assert hand.leave(1) == []  # Carol is to act: nothing happens yet
    play(hand, "3 call")
    result = hand.result
    assert result is not None and result.winners == (2,)
    assert result.final_stacks == {1: 70, 2: 160, 3: 70}
    assert result.showdown_order == (2, 3) and not result.won_without_showdown
    replays(hand)


def test_when_only_one_player_stays_the_hand_ends_at_once_in_their_favour() -> None:
    hand = named_hand([100, 100], HOLES[:2])
    play(hand, "2 call")  # Bob (button, small blind) completes; Alice (big blind) to act
    records = hand.leave(2)
    assert hand.is_complete and records
    # Alice's turns are played for her (she cannot lose); Bob's draw and his fold at his turn
    # say that he left, never that he stands pat (RULES Time and absence).
    left = "Bob has left: the hand is folded"
    assert [r.text for r in records] == [
        "Alice checks", "Alice stands pat", left, "Alice checks", left,
    ]  # fmt: skip
    assert hand.recent_actions(20).count(left) == 1
    result = hand.result
    assert result is not None and result.winners == (1,) and result.won_without_showdown
    assert result.final_stacks == {1: 110, 2: 90}
    replays(round_trip(hand))


def test_a_leavers_bet_stays_in_the_pot_and_the_last_player_wins_it() -> None:
    hand = named_hand([100, 100, 100], HOLES)
    play(hand, "3 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat; 1 bet")
    assert hand.leave(1) == []
    hand.fold(2)  # now only Carol has not left: she calls (she wins it back) and wins
    assert hand.is_complete
    result = hand.result
    assert result is not None and result.winners == (3,)
    assert result.final_stacks == {1: 80, 2: 90, 3: 130}
    replays(hand)


def test_a_leavers_uncalled_excess_goes_back_to_them() -> None:
    hand = named_hand([100, 15, 100], HOLES)
    play(hand, "3 fold; 1 raise; 2 call")  # Bob calls all-in for 15 of Alice's 20
    hand.leave(1)
    assert hand.is_complete
    result = hand.result
    assert result is not None and result.winners == (2,) and result.payouts[1] == 5
    assert "Alice takes back 5 (uncalled)" in texts(hand)
    assert result.final_stacks == {1: 85, 2: 30, 3: 100}
    replays(hand)


def test_random_hands_with_leaves_pay_a_player_who_is_out_only_a_pot_that_was_theirs() -> None:
    """Random hands where, before any decision, a player still in may leave (and players fold
    when checking is free): chips and cards are accounted for and the state survives JSON at
    every step, every hand replays from its PHH, and a pot goes to a player who folded or left
    only as its sole eligible player (it was theirs when the others were out)."""
    rng = random.Random(31)
    left = kept = 0

    def check(h: Hand) -> None:
        h.check_invariants()
        round_trip(h)

    for k in range(300):
        hand = play_random_hand(
            rng, 2 + k % 5, hand_id=k, on_step=check, free_folds=0.05, leaves=0.03
        )
        result = hand.result
        assert result is not None and hand.phase is Phase.COMPLETE
        hand.check_invariants()
        left += len(hand.leaving)
        alive = {
            p for p, live in zip(hand.player_ids, hand.to_json()["in_hand"], strict=True) if live
        }
        for pot in result.pots:
            if any(w not in alive for w in pot.winners):
                kept += 1
                assert pot.winners == pot.eligible and len(pot.winners) == 1
        replays(hand)
    assert left > 100 and kept > 0

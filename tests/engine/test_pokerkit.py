"""Our engine against PokerKit 0.7 (``FixedLimitDeuceToSevenLowballTripleDraw``).

Two checks:

* Differential play: the same random decisions and the same named cards go to both engines; at
  every decision both must agree on whose turn it is, the amount to call, whether a bet/raise
  is allowed and to how much, and at the end on every stack. Our two deliberate differences
  (RULES.md) are handled so: with ``Stakes(blind_counts=False)`` our cap *is* PokerKit's and
  the legal options must be identical, except for the second difference; with our default cap
  (the big blind counts) PokerKit may also permit one more raise before the draw. The second
  difference (RULES.md All-in): before the draw PokerKit 0.7 lets a short all-in raise over
  the big blind reopen the betting for players who already acted; we do not (the big blind is
  a full bet). Both are the only allowed disagreements, and both only ever mean PokerKit
  allows a raise we refuse (so our hands stay legal for PokerKit);
  ``test_pokerkit_reopens_after_a_short_all_in_raise_before_the_draw`` pins the second.
  The reshuffle difference does not arise because every replacement card is dealt to PokerKit
  by name: its ``deal_hole`` takes a named card from wherever it lies (deck, burns, muck or
  discards, even the current player's own discards) with at most a "not recommended"
  warning, and its deck-exhaustion logic only runs when it has to pick cards itself.
* PHH: ``HandHistory.load`` of our exported files replays to our finishing stacks.

Known limit found while writing these tests (and handled in ``bot.engine.phh``): PokerKit
kills a hand it cannot see at showdown, and then fails an assertion pushing an uncalled bet
nobody left can win. Our export therefore names the cards of a mucked player who gets chips
back or wins a pot only they are in (and only those); with that, every hand replays. The
same limit makes one kind of hand with a player who left unreplayable (``beyond_pokerkit``).
"""

from __future__ import annotations

import io
import random
import warnings

import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokerkit import (  # noqa: E402
    Automation,
    FixedLimitDeuceToSevenLowballTripleDraw,
    HandHistory,
    Mode,
)

from bot.engine import Hand, Phase, Stakes  # noqa: E402
from bot.engine.phh import hand_to_phh  # noqa: E402
from bot.engine.selfplay import (  # noqa: E402
    play_random_hand,
    random_discards,
    random_players,
)

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def _cards(cards: list[int]) -> str:
    from bot.engine import CARDS

    return "".join(str(CARDS[c]) for c in cards)


def play_both(rng: random.Random, count: int, stakes: Stakes) -> tuple[Hand, list[int]]:
    """Play one random hand through both engines in lockstep; return ours and PokerKit's stacks."""
    seated = random_players(rng, count, stakes.small_bet)
    hand = Hand.start(seated, rng.randrange(count), stakes, rng=rng)
    ids = hand.player_ids
    start = hand.to_json()
    state = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
        AUTOMATIONS,
        True,
        0,
        (stakes.effective_small_blind, stakes.small_bet),
        stakes.small_bet,
        stakes.big_bet,
        start["starting"],
        count,
        mode=Mode.CASH_GAME,
    )
    for pos, hole in enumerate(start["holes"]):
        state.deal_hole(_cards(hole), pos)
    received: dict[int, list[int]] = {}
    while not hand.is_complete:
        pid = hand.to_act
        assert pid is not None
        pos = ids.index(pid)
        if hand.phase is Phase.DRAWING:
            assert state.stand_patter_or_discarder_index == pos
            discards = random_discards(rng.random, hand.private_cards(pid))
            draw_round = hand.draw_round
            record = hand.draw(pid, discards)
            state.stand_pat_or_discard(_cards([int(c) for c in discards]))
            if record.received:
                received[pos] = [int(c) for c in record.received]
            if hand.phase is not Phase.DRAWING or hand.draw_round != draw_round:
                for who, new in sorted(received.items()):
                    state.deal_hole(_cards(new), who)
                received = {}
            continue
        assert state.actor_index == pos
        legal = hand.legal()
        assert legal.call_amount == state.checking_or_calling_amount
        theirs = state.can_complete_bet_or_raise_to()
        if hand.betting_round == 0 and theirs and not legal.can_bet_or_raise:
            # The two allowed differences, both before the draw and both PokerKit allowing a
            # raise we refuse: it does not count the big blind in the cap, and it lets a short
            # all-in raise over the big blind reopen the betting for players who already acted.
            why = hand._why_no_raise(pos)
            capped = stakes.blind_counts and legal.bets_this_round == stakes.cap
            assert capped or (why is not None and "short all-in" in why), why
        else:
            assert legal.can_bet_or_raise == theirs
        if legal.can_bet_or_raise:
            assert legal.bet_or_raise_to == state.min_completion_betting_or_raising_to_amount
        roll = rng.random()
        if legal.call_amount and roll < 0.15:
            hand.fold(pid)
            state.fold()
        elif legal.can_bet_or_raise and roll < 0.5:
            hand.bet_or_raise(pid)
            state.complete_bet_or_raise_to()
        else:
            hand.check_or_call(pid)
            state.check_or_call()
    assert not state.status
    return hand, list(state.stacks)


@pytest.mark.parametrize("blind_counts", [False, True])
def test_same_actions_and_cards_give_the_same_stacks(blind_counts: bool) -> None:
    rng = random.Random(77 if blind_counts else 78)
    stakes = Stakes(10, blind_counts=blind_counts)
    reshuffled = all_in = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k in range(150):
            hand, theirs = play_both(rng, 2 + k % 5, stakes)
            ours = [hand.stacks[pid] for pid in hand.player_ids]
            assert ours == theirs, hand_to_phh(hand)
            reshuffled += hand.reshuffle_count > 0
            all_in += hand.had_all_in
    assert reshuffled > 10 and all_in > 30


def test_odd_small_blinds_and_stakes_agree() -> None:
    rng = random.Random(5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k in range(60):
            stakes = Stakes(rng.choice([2, 3, 7, 25]), small_blind=rng.choice([1, None]))
            hand, theirs = play_both(rng, 2 + k % 5, stakes)
            assert [hand.stacks[pid] for pid in hand.player_ids] == theirs


def replay_with_pokerkit(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.load(io.BytesIO(text.encode()))
        *_, state = history
    assert not state.status
    return list(state.stacks)


def test_pokerkit_replays_our_phh_files_to_our_finishing_stacks() -> None:
    rng = random.Random(99)
    reshuffled = side_pots = 0
    for k in range(250):
        hand = play_random_hand(rng, 2 + k % 5, hand_id=k)
        text = hand_to_phh(hand)
        ours = [hand.stacks[pid] for pid in hand.player_ids]
        assert f"finishing_stacks = {ours}".replace("'", "") in text
        assert replay_with_pokerkit(text) == ours, text
        reshuffled += hand.reshuffle_count > 0
        result = hand.result
        assert result is not None
        side_pots += len(result.pots) > 1
    assert reshuffled > 20 and side_pots > 20


@pytest.mark.slow
def test_pokerkit_replays_many_six_max_hands() -> None:
    rng = random.Random(2026)
    for k in range(3000):
        hand = play_random_hand(rng, 6, hand_id=k)
        assert replay_with_pokerkit(hand_to_phh(hand)) == [hand.stacks[p] for p in hand.player_ids]


@pytest.mark.slow
def test_differential_many_hands() -> None:
    rng = random.Random(4242)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k in range(2000):
            stakes = Stakes(10, blind_counts=bool(k % 2))
            hand, theirs = play_both(rng, 2 + k % 5, stakes)
            assert [hand.stacks[pid] for pid in hand.player_ids] == theirs


def test_pokerkit_agrees_on_a_split_pot_with_an_odd_chip() -> None:
    from bot.engine import SeatedPlayer
    from tests.engine._helpers import deck_from, play

    players = [SeatedPlayer(10 + s, f"S{s}", 100, s) for s in range(3)]
    deck = deck_from(["KsKdKcQhQs", "8h6c4d3s2h", "8s6d4c3h2s"])
    hand = Hand.start(players, 0, Stakes(10, small_blind=3), deck=deck)
    play(hand, "10 call; 11 fold; 12 check")
    for _ in range(3):
        play(hand, "12 pat; 10 pat")
        if not hand.is_complete:
            play(hand, "12 check; 10 check")
    result = hand.result
    assert result is not None and result.pots[0].shares == {12: 12, 10: 11}
    assert replay_with_pokerkit(hand_to_phh(hand)) == [hand.stacks[p] for p in hand.player_ids]


def test_pokerkit_agrees_on_three_way_side_pots() -> None:
    from tests.engine._helpers import named_hand, play

    hand = named_hand([30, 60, 200], ["7s5d4c3h2s", "8c6h4d3d2d", "9d7c5h4h3c"])
    play(hand, "3 raise; 1 raise; 2 raise; 3 call; 1 pat; 2 pat; 3 pat; 2 bet; 3 raise; 2 call")
    play(hand, "1 pat; 2 pat; 3 pat; 1 pat; 2 pat; 3 pat")
    assert hand.is_complete
    assert replay_with_pokerkit(hand_to_phh(hand)) == [90, 60, 140]


def test_pokerkit_reopens_after_a_short_all_in_raise_before_the_draw() -> None:
    """The documented disagreement: the button limps, the small blind (12 chips) raises all-in
    to 12 (2 over the big blind), the big blind calls. PokerKit lets the button raise again;
    RULES.md (a short all-in does not reopen the betting) and our engine do not. The hand
    still replays in PokerKit to our stacks (we only take fewer raises)."""
    from tests.engine._helpers import named_hand, play

    hand = named_hand([12, 100, 100], ["7s5d4c3h2s", "8c6h4d3d2d", "9d7c5h4h3c"])
    state = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
        AUTOMATIONS, True, 0, (5, 10), 10, 20, [12, 100, 100], 3, mode=Mode.CASH_GAME
    )
    for pos, hole in enumerate(hand.to_json()["holes"]):
        state.deal_hole(_cards(hole), pos)
    play(hand, "3 call; 1 raise; 2 call")
    state.check_or_call()
    state.complete_bet_or_raise_to()
    state.check_or_call()
    assert state.actor_index == 2 and hand.to_act == 3
    assert state.can_complete_bet_or_raise_to()
    legal = hand.legal()
    assert legal.call_amount == state.checking_or_calling_amount == 2
    assert not legal.can_bet_or_raise
    play(hand, "3 call")
    for _ in range(3):
        play(hand, "1 pat; 2 pat; 3 pat; 2 check; 3 check")
    assert hand.is_complete
    assert replay_with_pokerkit(hand_to_phh(hand)) == [hand.stacks[p] for p in hand.player_ids]


def test_three_tied_winners_and_two_odd_chips_go_to_the_first_left_of_the_button() -> None:
    """RULES Showdown (odd chips, "matches PokerKit"): a 32-chip pot split three ways gives
    10 each and the whole remainder (2) to the first tied winner left of the button, as
    PokerKit 0.7 does (it adds the remainder to the first winner in position order)."""
    from tests.engine._helpers import named_hand, play

    holes = ["KsKdKcQhQs", "8c6h4d3d2d", "8d6c4h3h2h", "8s6s4c3c2c"]
    hand = named_hand([100] * 4, holes, stakes=Stakes(10, small_blind=2))
    play(hand, "3 call; 4 call; 1 fold; 2 check")
    for _ in range(3):
        play(hand, "2 pat; 3 pat; 4 pat; 2 check; 3 check; 4 check")
    result = hand.result
    assert result is not None
    assert [(p.amount, p.shares) for p in result.pots] == [(32, {2: 12, 3: 10, 4: 10})]
    assert replay_with_pokerkit(hand_to_phh(hand)) == [hand.stacks[p] for p in hand.player_ids]


def beyond_pokerkit(hand: Hand) -> bool:
    """Whether a leaver's dead hand reached the showdown having put in more than everyone
    still in: the chips above the others' level (with a folded player's) form a pot only that
    leaver could contest. We give it to the remaining player, as if the leaver had folded;
    PokerKit, once the leaver's hand is mucked, has nobody to push that pot to and fails an
    assertion. A known limit of the PHH export, and a rare one (the test counts it)."""
    state = hand.to_json()
    dead = [e[1] for e in state["log"] if e[0] == "muck" and e[6] == "left"]
    alive = [i for i, live in enumerate(state["in_hand"]) if live]
    top = max(state["contrib"][i] for i in alive)
    return any(state["contrib"][i] > top for i in dead)


def test_pokerkit_replays_hands_with_players_leaving() -> None:
    """A leaver's dead hand (``Hand.leave``): folds in turn, ``pN sm`` mucks at the showdown."""
    from tests.engine.test_hand_leave import random_hand_with_leaves

    rng = random.Random(12)
    left = skipped = 0
    for k in range(300):
        hand = random_hand_with_leaves(rng, 2 + k % 5)
        left += bool(hand.leaving)
        if beyond_pokerkit(hand):
            skipped += 1
            continue
        assert replay_with_pokerkit(hand_to_phh(hand)) == [hand.stacks[p] for p in hand.player_ids]
    assert left > 50 and skipped < left // 10

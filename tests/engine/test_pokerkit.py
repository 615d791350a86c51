"""Our engine against PokerKit 0.7 (``FixedLimitDeuceToSevenLowballTripleDraw``).

Two checks:

* Differential play: the same random decisions and the same named cards go to both engines; at
  every decision both must agree on whose turn it is, the amount to call, whether a bet/raise
  is allowed and to how much, and at the end on every stack.
* PHH: ``HandHistory.load`` of our exported files replays to our finishing stacks.

The recorded differences (RULES.md), the only disagreements the tests allow, each pinned by a
test with named cards:

1. Cap: PokerKit does not count the big blind, so before the draw it may permit one more raise
   (with ``Stakes(blind_counts=False)`` our cap is PokerKit's).
2. Short all-in raise before the draw: PokerKit lets it reopen the betting for players who
   already acted; we do not (``test_pokerkit_reopens_after_a_short_all_in_raise_before_the_draw``).
   Both 1 and 2 only ever mean PokerKit allows a raise we refuse, so our hands stay legal there.
3. Short all-in big blind: the others call a full big blind here, only what was posted there
   (``test_pokerkit_lets_the_others_call_only_a_short_big_blind``). Such hands are not played
   in lockstep and their files do not replay in PokerKit (``short_big_blind``).
4. No turn: after a fold, the only player left able to bet, with nothing to call, gets no turn
   here; PokerKit asks them to act. The lockstep gives PokerKit that check, and the export
   writes it with ``FORMAL_CHECK`` (no chips move either way).
5. Split pots: each pot is split on its own here; PokerKit merges adjacent pots that share
   their winners, so odd chips may land elsewhere (``pokerkit_split``,
   ``test_pokerkit_merges_pots_before_splitting_them``).
6. A pot won by a player who is out: when every other contender of a pot has folded or left,
   it is the last one's even if they fold or leave later; PokerKit cannot pay a folded or
   mucked hand (``won_by_a_player_out``; only hands with players leaving reach it).

The reshuffle difference does not arise because every replacement card is dealt to PokerKit by
name: its ``deal_hole`` takes a named card from wherever it lies (deck, burns, muck or
discards, even the current player's own discards) with at most a "not recommended" warning,
and its deck-exhaustion logic only runs when it has to pick cards itself.

Known limit found while writing these tests (and handled in ``bot.engine.phh``): PokerKit
kills a hand it cannot see at showdown, and then fails an assertion pushing an uncalled bet
nobody left can win. Our export therefore names the cards of a mucked player who gets chips
back or wins a pot only they are in (and only those).
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


def short_big_blind(hand: Hand) -> bool:
    """Difference 3: the big blind posted less than a full big blind."""
    state = hand.to_json()
    big_blind = 0 if len(state["ids"]) == 2 else 1
    return bool(state["starting"][big_blind] < state["small_bet"])


def won_by_a_player_out(hand: Hand) -> bool:
    """Difference 6: a pot went to a player who had folded or left by the end."""
    result = hand.result
    assert result is not None
    in_hand = hand.to_json()["in_hand"]
    alive = {pid for pid, live in zip(hand.player_ids, in_hand, strict=True) if live}
    return any(w not in alive for pot in result.pots for w in pot.winners)


def pokerkit_split(hand: Hand) -> list[int]:
    """Difference 5: the final stacks as PokerKit pays them, adjacent pots with the same
    winners merged before splitting, odd chips to the first winner in position order. (PokerKit
    merges adjacent pots whose players still holding cards are the same: with the losers'
    hands mucked, those are the winners.)"""
    result = hand.result
    assert result is not None
    stacks = dict(result.final_stacks)
    merged: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []
    for pot in result.pots:
        for pid, won in pot.shares.items():
            stacks[pid] -= won
        if merged and merged[-1][0] == pot.winners:
            merged[-1] = (pot.winners, merged[-1][1] + pot.amount, pot.winners)
        else:
            merged.append((pot.winners, pot.amount, pot.winners))
    for _, amount, winners in merged:
        share, odd = divmod(amount, len(winners))
        for k, pid in enumerate(winners):
            stacks[pid] += share + (odd if k == 0 else 0)
    return [stacks[pid] for pid in hand.player_ids]


def ours(hand: Hand) -> list[int]:
    return [hand.stacks[pid] for pid in hand.player_ids]


def agrees(hand: Hand, theirs: list[int]) -> bool:
    """Same stacks, or the split-pot difference (5) explains the disagreement exactly."""
    return ours(hand) == theirs or pokerkit_split(hand) == theirs


def play_both(
    rng: random.Random, count: int, stakes: Stakes, free_folds: float = 0.05
) -> tuple[Hand, list[int] | None]:
    """Play one random hand through both engines in lockstep; return ours and PokerKit's stacks
    (``None`` for a hand with a short big blind, difference 3, which is not played)."""
    seated = random_players(rng, count, stakes.small_bet)
    hand = Hand.start(seated, rng.randrange(count), stakes, rng=rng)
    if short_big_blind(hand):
        return hand, None
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
            # Differences 1 and 2, both before the draw and both PokerKit allowing a raise we
            # refuse: it does not count the big blind in the cap, and it lets a short all-in
            # raise over the big blind reopen the betting for players who already acted.
            why = hand._why_no_raise(pos)
            capped = stakes.blind_counts and legal.bets_this_round == stakes.cap
            assert capped or (why is not None and "short all-in" in why), why
        else:
            assert legal.can_bet_or_raise == theirs
        if legal.can_bet_or_raise:
            assert legal.bet_or_raise_to == state.min_completion_betting_or_raising_to_amount
        roll = rng.random()
        if (legal.call_amount and roll < 0.15) or (not legal.call_amount and roll < free_folds):
            betting_round = hand.betting_round
            hand.fold(pid)
            state.fold()
            if state.actor_index is not None and (
                hand.phase is not Phase.BETTING or hand.betting_round != betting_round
            ):
                # Difference 4: PokerKit still asks the only player left able to bet.
                assert state.checking_or_calling_amount == 0
                state.check_or_call()
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
    reshuffled = all_in = short = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k in range(150):
            hand, theirs = play_both(rng, 2 + k % 5, stakes)
            if theirs is None:
                short += 1
                continue
            assert agrees(hand, theirs), hand_to_phh(hand)
            reshuffled += hand.reshuffle_count > 0
            all_in += hand.had_all_in
    assert reshuffled > 10 and all_in > 30 and short < 10


def test_odd_small_blinds_and_stakes_agree() -> None:
    rng = random.Random(5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k in range(60):
            stakes = Stakes(rng.choice([2, 3, 7, 25]), small_blind=rng.choice([1, None]))
            hand, theirs = play_both(rng, 2 + k % 5, stakes)
            assert theirs is None or agrees(hand, theirs)


def replay_with_pokerkit(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.load(io.BytesIO(text.encode()))
        *_, state = history
    assert not state.status
    return list(state.stacks)


def test_pokerkit_replays_our_phh_files_to_our_finishing_stacks() -> None:
    rng = random.Random(99)
    reshuffled = side_pots = short = 0
    for k in range(250):
        hand = play_random_hand(rng, 2 + k % 5, hand_id=k, free_folds=0.05)
        text = hand_to_phh(hand)
        assert f"finishing_stacks = {ours(hand)}".replace("'", "") in text
        if short_big_blind(hand):
            short += 1
            continue
        assert agrees(hand, replay_with_pokerkit(text)), text
        reshuffled += hand.reshuffle_count > 0
        result = hand.result
        assert result is not None
        side_pots += len(result.pots) > 1
    assert reshuffled > 20 and side_pots > 20 and short < 15


def test_pokerkit_replays_many_six_max_hands(exhaustive: bool) -> None:
    """400 seeded six-handed hands (3,000 with ``--exhaustive``)."""
    count = 3000 if exhaustive else 400
    rng = random.Random(2026)
    free_folds = short = 0
    for k in range(count):
        hand = play_random_hand(rng, 6, hand_id=k, free_folds=0.05)
        text = hand_to_phh(hand)
        free_folds += "no turn under our rules" in text
        if short_big_blind(hand):
            short += 1
            continue
        assert agrees(hand, replay_with_pokerkit(text)), text
    assert free_folds > count // 100 and short < count // 20, (free_folds, short)


def test_differential_many_hands(exhaustive: bool) -> None:
    """400 seeded hands played by both engines (2,000 with ``--exhaustive``)."""
    rng = random.Random(4242)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k in range(2000 if exhaustive else 400):
            stakes = Stakes(10, blind_counts=bool(k % 2))
            hand, theirs = play_both(rng, 2 + k % 5, stakes)
            assert theirs is None or agrees(hand, theirs), hand_to_phh(hand)


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


def test_pokerkit_replays_hands_with_players_leaving_and_free_folds() -> None:
    """Players leave mid-hand (``Hand.leave``: folded in turn, ``pN sm`` mucks at the showdown)
    and fold when checking is free: every file PokerKit refuses is a recorded difference."""
    rng = random.Random(12)
    left = out_won = short = 0
    for k in range(400):
        hand = play_random_hand(rng, 2 + k % 5, hand_id=k, free_folds=0.05, leaves=0.03)
        left += bool(hand.leaving)
        if short_big_blind(hand):
            short += 1
        elif won_by_a_player_out(hand):
            out_won += 1
        else:
            assert agrees(hand, replay_with_pokerkit(hand_to_phh(hand))), hand_to_phh(hand)
    assert left > 100 and 0 < out_won < left // 4 and short < 25


def test_pokerkit_lets_the_others_call_only_a_short_big_blind() -> None:
    """Difference 3: Bob's big blind is all-in for 4. Carol must call the full big blind (10)
    and Alice, the small blind, 5 more; PokerKit asks Carol for 5 (the small blind, the
    largest bet) and Alice for nothing. Bob wins the 12 he matched, Carol the side pot."""
    from tests.engine._helpers import named_hand, play

    hand = named_hand([100, 4, 100], ["9d7c5h4h3c", "7s5d4c3h2s", "8c6h4d3d2d"])
    state = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
        AUTOMATIONS, True, 0, (5, 10), 10, 20, [100, 4, 100], 3, mode=Mode.CASH_GAME
    )
    for pos, hole in enumerate(hand.to_json()["holes"]):
        state.deal_hole(_cards(hole), pos)
    assert hand.legal().call_amount == 10 and state.checking_or_calling_amount == 5
    play(hand, "3 call")
    state.check_or_call()
    assert hand.legal().call_amount == 5 and state.checking_or_calling_amount == 0
    play(hand, "1 call")
    for _ in range(3):
        play(hand, "1 pat; 2 pat; 3 pat; 1 check; 3 check")
    result = hand.result
    assert result is not None
    assert [(p.amount, p.winners) for p in result.pots] == [(12, (2,)), (12, (3,))]
    assert ours(hand) == [90, 12, 102] and short_big_blind(hand)
    with pytest.raises(AssertionError):  # PokerKit has Carol call 5: other stacks
        assert replay_with_pokerkit(hand_to_phh(hand)) == ours(hand)


@pytest.mark.filterwarnings("ignore:There is no reason for this player to fold")
def test_the_only_player_left_able_to_bet_gets_no_turn_but_pokerkit_asks_for_a_check() -> None:
    """Difference 4, on the issue's reproduction: Alice folds although checking is free; Bob,
    the only one left able to bet, gets no turn here, a check in PokerKit. Same stacks."""
    from tests.engine._helpers import named_hand, play

    hand = named_hand([1000, 1000, 5], ["7s5d4c3h2s", "8s6d4d3c2c", "KdQhJc9d8d"])
    play(hand, "3 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat; 1 bet; 2 call")
    play(hand, "1 pat; 2 pat; 3 pat; 1 check; 2 check; 1 pat; 2 pat; 3 pat; 1 fold")
    assert hand.is_complete
    text = hand_to_phh(hand)
    assert '"p2 cc # no turn under our rules"' in text
    assert replay_with_pokerkit(text) == ours(hand) == [980, 1025, 0]
    state = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
        AUTOMATIONS, True, 0, (5, 10), 10, 20, [1000, 1000, 5], 3, mode=Mode.CASH_GAME
    )
    for pos, hole in enumerate(["7s5d4c3h2s", "8s6d4d3c2c", "KdQhJc9d8d"]):
        state.deal_hole(hole, pos)
    for street in range(4):
        if street == 0:
            state.check_or_call()
            state.check_or_call()
            state.check_or_call()
        elif street == 1:
            state.complete_bet_or_raise_to()
            state.check_or_call()
        elif street == 2:
            state.check_or_call()
            state.check_or_call()
        else:
            state.fold()
            assert state.actor_index == 1 and state.checking_or_calling_amount == 0
            state.check_or_call()
        for _ in range(3 if street < 3 else 0):
            state.stand_pat_or_discard()
    assert list(state.stacks) == ours(hand)


def test_pokerkit_merges_pots_before_splitting_them() -> None:
    """Difference 5: Carol and Dan tie with the same smooth eight. Bob (the big blind, all-in
    for 5) mucks his full house, Alice (the small blind) and Eve fold after the draw. The main
    pot (25) and the side pot (15) are split on their own here: Carol, first left of the
    button, gets each odd chip (13 + 8, Dan 12 + 7). PokerKit, Bob's hand mucked, sees Carol
    and Dan in both pots and merges them: 40 split 20/20."""
    from tests.engine._helpers import named_hand, play

    holes = ["TcTdTh2c3d", "KsKdKcQhQd", "8h6c4d3s2h", "8s6d4c3h2s", "AhQsJs9h7c"]
    hand = named_hand([100, 5, 100, 100, 100], holes, stakes=Stakes(5, small_blind=2))
    play(hand, "3 call; 4 call; 5 call; 1 call")  # Bob's blind is all-in: 5 each, 25
    play(hand, "1 pat; 2 pat; 3 pat; 4 pat; 5 pat")
    play(hand, "1 check; 3 bet; 4 call; 5 call; 1 fold")  # a side pot of 15
    play(hand, "2 pat; 3 pat; 4 pat; 5 pat; 3 check; 4 check; 5 fold")
    play(hand, "2 pat; 3 pat; 4 pat; 3 check; 4 check")
    result = hand.result
    assert result is not None
    assert [(p.amount, p.shares) for p in result.pots] == [
        (25, {3: 13, 4: 12}),
        (15, {3: 8, 4: 7}),
    ]
    assert ours(hand)[2:4] == [111, 109]
    theirs = replay_with_pokerkit(hand_to_phh(hand))
    assert theirs == pokerkit_split(hand) and theirs[2:4] == [110, 110]


def test_a_pot_kept_by_the_last_to_leave_is_beyond_pokerkit() -> None:
    """Difference 6, the issue's reproduction with leaves: Bob leaves out of turn, then Alice
    at her turn; the side pot is Alice's (she was its last contender when Bob left). PokerKit
    cannot pay a folded hand: it has nobody to give the side pot to."""
    from tests.engine._helpers import named_hand, play

    hand = named_hand([1000, 1000, 5], ["7s5d4c3h2s", "8s6d4d3c2c", "KdQhJc9d8d"])
    play(hand, "3 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat; 1 bet; 2 call")
    play(hand, "1 pat; 2 pat; 3 pat; 1 check; 2 check; 1 pat; 2 pat; 3 pat")
    hand.leave(2)
    hand.leave(1)
    assert ours(hand) == [1010, 980, 15] and won_by_a_player_out(hand)
    with pytest.raises(AssertionError):
        assert replay_with_pokerkit(hand_to_phh(hand)) == ours(hand)

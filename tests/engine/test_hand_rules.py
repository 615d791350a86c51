"""Whole hands with named cards, one test (or a few) per rule of ../shared/RULES.md."""

from __future__ import annotations

import pytest

from bot.engine import (
    EngineError,
    Hand,
    Phase,
    RecordKind,
    SeatedPlayer,
    Stakes,
    next_button_seat,
)
from bot.engine.operations import Reshuffling
from bot.engine.phh import hand_to_phh
from tests.engine._helpers import cards, deck_from, named_hand, play

NUMBER_ONE = "7s5d4c3h2s"
EIGHT_SIX = "8c6h4d3d2d"
NINE_SEVEN = "9d7c5h4h3c"
KINGS_FULL = "KsKdKcQhQs"


def test_blinds_default_and_explicit() -> None:
    assert Stakes(10).effective_small_blind == 5
    assert Stakes(1).effective_small_blind == 1
    assert Stakes(3).effective_small_blind == 1
    assert Stakes(10, small_blind=3).effective_small_blind == 3
    assert Stakes(10).big_bet == 20
    hand = named_hand([100, 100, 100], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN], stakes=Stakes(10, 3))
    view = hand.public_view()
    assert (view.small_blind, view.big_blind, view.small_bet, view.big_bet) == (3, 10, 10, 20)
    assert [s.bet for s in view.seats] == [3, 10, 0]
    assert (view.small_blind_seat, view.big_blind_seat, view.button_seat) == (0, 1, 2)
    # Round 1 starts left of the big blind: the button, three-handed.
    assert hand.to_act == 3


def test_heads_up_button_posts_small_blind_acts_first_before_the_draw_last_after() -> None:
    hand = named_hand([100, 100], [NUMBER_ONE, KINGS_FULL])
    view = hand.public_view()
    # Seat 1 (Bob) has the button: he posts the small blind; Alice the big blind.
    assert view.button_seat == 1 and view.small_blind_seat == 1 and view.big_blind_seat == 0
    assert hand.stacks == {1: 90, 2: 95}
    assert hand.to_act == 2
    hand.check_or_call(2)
    assert hand.to_act == 1
    legal = hand.legal()
    assert legal.can_check and legal.can_bet_or_raise and legal.bet_or_raise_to == 20
    hand.check_or_call(1)
    assert hand.phase is Phase.DRAWING and hand.to_act == 1  # draws start left of the button
    hand.draw(1, [])
    hand.draw(2, cards("KsKd"))
    assert hand.phase is Phase.BETTING and hand.betting_round == 1
    assert hand.to_act == 1  # after the draw the button acts last


def test_fold_to_win_shows_nothing() -> None:
    hand = named_hand([100, 100], [KINGS_FULL, NUMBER_ONE])
    play(hand, "2 call; 1 check; 1 pat; 2 pat; 1 bet")
    hand.fold(2)
    assert hand.is_complete and hand.to_act is None
    result = hand.result
    assert result is not None
    assert result.won_without_showdown
    assert result.shown_hands == {} and result.mucked == ()
    assert result.winners == (1,)
    assert result.final_stacks == {1: 110, 2: 90}
    assert result.net == {1: 10, 2: -10}
    assert not any(r.kind is RecordKind.SHOW for r in hand.records)


def test_stack_smaller_than_small_blind_posts_all_in() -> None:
    hand = named_hand([3, 100, 100], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN])
    view = hand.public_view()
    assert view.seats[0].bet == 3 and view.seats[0].stack == 0
    assert view.seats[0].state == "all-in"
    blinds = [r for r in hand.records if r.kind is RecordKind.SMALL_BLIND]
    assert blinds[0].amount == 3 and blinds[0].text == "Alice posts the small blind 3 and is all-in"


def test_big_blind_all_in_from_the_blind_still_draws_and_wins_the_main_pot() -> None:
    hand = named_hand([100, 4, 100], [EIGHT_SIX, NUMBER_ONE, NINE_SEVEN], "JcKh")
    assert hand.public_view().seats[1].state == "all-in"
    # RULES Betting: Carol still calls the full big blind (10), and the small blind owes 5.
    assert hand.to_act == 3 and hand.legal().call_amount == 10
    play(hand, "3 call")
    assert hand.legal().call_amount == 5
    play(hand, "1 call")
    assert hand.phase is Phase.DRAWING
    play(hand, "1 pat")
    assert hand.to_act == 2  # the all-in big blind draws in turn
    play(hand, "2 pat; 3 draw 9d")
    play(hand, "1 bet; 3 call; 1 pat; 2 pat; 3 pat; 1 check; 3 check; 1 pat; 2 pat; 3 pat")
    play(hand, "1 check; 3 check")
    result = hand.result
    assert result is not None
    main, side = result.pots
    assert (main.amount, main.eligible, main.winners) == (12, (1, 2, 3), (2,))
    assert (side.amount, side.eligible, side.winners) == (32, (1, 3), (1,))
    assert result.final_stacks == {1: 112, 2: 12, 3: 80}


def test_three_way_side_pots_each_player_wins_only_what_they_contributed_to() -> None:
    hand = named_hand([30, 60, 200], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN])
    play(hand, "3 raise; 1 raise; 2 raise")
    assert hand.stacks[1] == 0
    assert not hand.legal().can_bet_or_raise  # capped: blind + three raises
    play(hand, "3 call")
    play(hand, "1 pat; 2 pat; 3 pat")
    assert hand.to_act == 2  # Alice is all-in: Bob is the first who can act
    play(hand, "2 bet; 3 raise; 2 call")
    assert hand.stacks == {1: 0, 2: 0, 3: 140}
    # Nobody can bet any more: the remaining draws run with no betting.
    for _ in range(2):
        assert hand.phase is Phase.DRAWING
        play(hand, "1 pat; 2 pat; 3 pat")
    result = hand.result
    assert result is not None and hand.is_complete
    assert [(p.name, p.amount, p.eligible, p.winners) for p in result.pots] == [
        ("main pot", 90, (1, 2, 3), (1,)),
        ("side pot 1", 60, (2, 3), (2,)),
    ]
    assert result.final_stacks == {1: 90, 2: 60, 3: 140}
    # No bet in the last round: the first active player left of the button shows first;
    # Carol can beat neither shown hand in any pot she is in, so her hand is mucked.
    assert result.showdown_order == (1, 2, 3)
    assert set(result.shown_hands) == {1, 2} and result.mucked == (3,)
    assert sum(result.final_stacks.values()) == 290


def test_tie_splits_and_the_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    # Seats 0, 1, 2 with the button on seat 0: positions are seat 1, seat 2, seat 0.
    players = [SeatedPlayer(10 + s, f"S{s}", 100, s) for s in range(3)]
    deck = deck_from(["KsKdKcQhQs", "8h6c4d3s2h", "8s6d4c3h2s"])
    hand = Hand.start(players, 0, Stakes(10, small_blind=3), deck=deck)
    assert hand.player_ids == (11, 12, 10)
    play(hand, "10 call; 11 fold; 12 check")
    for _ in range(3):
        play(hand, "12 pat; 10 pat")
        if not hand.is_complete:
            play(hand, "12 check; 10 check")
    result = hand.result
    assert result is not None
    (pot,) = result.pots
    assert pot.amount == 23 and set(pot.winners) == {10, 12}
    # Seat 2 is the first tied winner left of the button (seat 1 folded): it gets the odd chip.
    assert pot.shares == {12: 12, 10: 11}
    assert result.final_stacks == {10: 101, 11: 97, 12: 102}


def test_showdown_order_last_aggressor_first_and_auto_muck() -> None:
    hand = named_hand([200, 200, 200], [NINE_SEVEN, "9h8d5c4s3s", EIGHT_SIX])
    play(hand, "3 call; 1 call; 2 check")
    for _ in range(2):
        play(hand, "1 pat; 2 pat; 3 pat; 1 check; 2 check; 3 check")
    play(hand, "1 pat; 2 pat; 3 pat; 1 check; 2 bet; 3 call; 1 call")
    result = hand.result
    assert result is not None
    # Bob bet last: he shows first, then clockwise Carol (better: shows), then Alice, whose
    # 9-7 cannot beat Carol's 8-6, is mucked automatically.
    assert result.showdown_order == (2, 3, 1)
    assert set(result.shown_hands) == {2, 3}
    assert result.mucked == (1,)
    assert result.hand_names[3] == "eight-six low"
    kinds = [(r.kind, r.player_id) for r in hand.records if r.kind in (RecordKind.SHOW,
             RecordKind.MUCK)]  # fmt: skip
    assert kinds == [(RecordKind.SHOW, 2), (RecordKind.SHOW, 3), (RecordKind.MUCK, 1)]
    muck_texts = [r.text for r in hand.records if r.kind is RecordKind.MUCK]
    assert muck_texts == ["Alice mucks"]
    assert result.final_stacks == {1: 170, 2: 170, 3: 260}


def test_cap_counts_the_big_blind_before_the_draw_and_four_bets_after() -> None:
    holes = [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN]
    hand = named_hand([500, 500, 500], holes)
    play(hand, "3 raise; 1 raise; 2 raise")
    legal = hand.legal()
    assert legal.bets_this_round == 4 and not legal.can_bet_or_raise
    with pytest.raises(EngineError, match="capped at 4"):
        hand.bet_or_raise(3)
    play(hand, "3 call; 1 call")
    play(hand, "1 pat; 2 pat; 3 pat")
    play(hand, "1 bet; 2 raise; 3 raise; 1 raise")
    assert hand.legal().bets_this_round == 4 and not hand.can_bet_or_raise(2)
    # PokerKit's rule (the blind does not count) is available for tables that want it.
    loose = named_hand([500, 500, 500], holes, stakes=Stakes(10, blind_counts=False))
    play(loose, "3 raise; 1 raise; 2 raise; 3 raise")
    assert loose.legal().bets_this_round == 4 and not loose.can_bet_or_raise(1)
    custom = named_hand([500, 500, 500], holes, stakes=Stakes(10, cap=2))
    play(custom, "3 raise")
    assert not custom.can_bet_or_raise(1)


def test_short_all_in_raise_does_not_reopen_the_betting() -> None:
    hand = named_hand([200, 24, 200], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN])
    play(hand, "3 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat")
    play(hand, "1 bet; 2 raise")
    assert hand.stacks[2] == 0
    legal = hand.legal()  # Carol has not acted: she may raise, to the all-in amount + a bet
    assert legal.player_id == 3 and legal.can_bet_or_raise and legal.bet_or_raise_to == 24
    play(hand, "3 call")
    legal = hand.legal()
    assert legal.player_id == 1 and legal.call_amount == 4 and not legal.can_bet_or_raise
    with pytest.raises(EngineError, match="short all-in"):
        hand.bet_or_raise(1)
    play(hand, "1 call")
    assert hand.phase is Phase.DRAWING


def test_full_raise_after_a_short_all_in_reopens() -> None:
    hand = named_hand([200, 24, 200], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN])
    play(hand, "3 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat; 1 bet; 2 raise; 3 raise")
    legal = hand.legal()
    assert legal.player_id == 1 and legal.can_bet_or_raise and legal.bet_or_raise_to == 34


def test_short_all_ins_adding_up_to_a_full_bet_reopen() -> None:
    holes = [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN, "Th9h6s5s2c"]
    hand = named_hand([200, 26, 32, 200], holes)
    play(hand, "3 call; 4 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat; 4 pat")
    play(hand, "1 bet; 2 raise; 3 raise")
    assert hand.public_view().seats[1].bet == 16 and hand.public_view().seats[2].bet == 22
    play(hand, "4 call")
    legal = hand.legal()
    assert legal.player_id == 1 and legal.can_bet_or_raise and legal.bet_or_raise_to == 32


def test_later_rounds_start_with_the_first_active_player_left_of_the_button() -> None:
    hand = named_hand([100] * 4, [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN, KINGS_FULL])
    play(hand, "3 call; 4 call; 1 fold; 2 check")
    assert hand.to_act == 2  # Alice folded: Bob draws first
    play(hand, "2 pat; 3 pat; 4 pat")
    assert hand.to_act == 2 and hand.betting_round == 1


def test_draw_order_burn_only_when_someone_draws_and_replacements_in_turn() -> None:
    then = "Jc" + "Td" + "Qd" + "Jd9c"  # burn, Bob's card, Carol's two... (served in order)
    hand = named_hand([100, 100, 100], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN], then)
    play(hand, "3 call; 1 call; 2 check")
    before = hand.public_view().stub_count
    play(hand, "1 pat")
    assert hand.public_view().stub_count == before  # nobody drew yet: no burn
    record = hand.draw(2, cards("8c"))
    assert record.received == tuple(cards("Td")) and record.draw_count == 1
    assert record.text == "Bob draws 1"
    record = hand.draw(3, cards("9d7c"))
    assert record.received == tuple(cards("QdJd"))
    assert hand.public_view().stub_count == before - 4  # one burn + three replacements
    view = hand.public_view()
    assert [s.draw_counts for s in view.seats] == [(0, None, None), (1, None, None),
                                                   (2, None, None)]  # fmt: skip
    # A round in which everybody stands pat burns nothing.
    play(hand, "1 check; 2 check; 3 check")
    stub = hand.public_view().stub_count
    play(hand, "1 pat; 2 pat; 3 pat")
    assert hand.public_view().stub_count == stub


def test_six_players_drawing_five_reshuffle_without_their_own_discards() -> None:
    holes = [
        "2c3c4c5c6c",
        "7c8c9cTcJc",
        "QcKcAc2d3d",
        "4d5d6d7d8d",
        "9dTdJdQdKd",
        "Ad2h3h4h5h",
    ]
    then = "6h7h8h9hThJhQhKhAh2s3s4s5s6s7s8s9sTsJsQsKsAs"  # the 22-card stub, top first
    hand = named_hand([1000] * 6, holes, then)
    play(hand, "3 call; 4 call; 5 call; 6 call; 1 call; 2 check")
    thrown: dict[int, set[int]] = {}
    records = []
    for pid in range(1, 7):
        hole = hand.private_cards(pid)
        record = hand.draw(pid, hole)
        thrown[pid] = {int(c) for c in hole}
        records.append(record)
        assert not thrown[pid] & {int(c) for c in record.received}
        hand.check_invariants()
    assert records[0].received == tuple(cards("7h8h9hThJh"))  # after the 6h burn
    assert records[3].received == tuple(cards("9sTsJsQsKs"))
    assert records[4].received[0] == cards("As")[0]  # the last card of the stub...
    assert hand.reshuffle_count == 1  # ...then the muck is shuffled into a new stub
    (reshuffle,) = [op for op in hand.operations if isinstance(op, Reshuffling)]
    new_stub = set(reshuffle.stub)
    expected = {int(cards("6h")[0])} | thrown[1] | thrown[2] | thrown[3] | thrown[4]
    assert new_stub == expected  # burn + discards of players already served, not Eve's own
    reshuffle_record = next(r for r in hand.records if r.kind is RecordKind.RESHUFFLE)
    assert reshuffle_record.amount == 21 and "21 cards" in reshuffle_record.text
    # Keep drawing five each for the two other draws: cards stay unique, never one's own.
    for _ in range(2):
        play(hand, "1 check; 2 check; 3 check; 4 check; 5 check; 6 check")
        for pid in range(1, 7):
            hole = hand.private_cards(pid)
            record = hand.draw(pid, hole)
            assert not {int(c) for c in hole} & {int(c) for c in record.received}
            hand.check_invariants()
    assert hand.reshuffle_count >= 3


def test_timeouts_check_when_free_fold_facing_a_bet_stand_pat_in_a_draw() -> None:
    hand = named_hand([100, 100, 100], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN])
    record = hand.timeout()  # Carol faces the big blind: fold
    assert record.kind is RecordKind.FOLD and record.player_id == 3
    play(hand, "1 call")
    record = hand.timeout()  # Bob's option: check
    assert record.kind is RecordKind.CHECK and record.player_id == 2
    held = hand.private_cards(1)
    record = hand.timeout()
    assert record.kind is RecordKind.DRAW and record.draw_count == 0
    assert record.text == "Alice stands pat (time ran out)" and hand.private_cards(1) == held


def test_fold_is_allowed_when_checking_is_free() -> None:
    hand = named_hand([100, 100], [NUMBER_ONE, KINGS_FULL])
    play(hand, "2 call")
    assert hand.legal().can_check and hand.can_fold(1)
    hand.fold(1)
    assert hand.is_complete and hand.stacks == {1: 90, 2: 110}


def test_uncalled_bet_is_returned_and_not_a_pot() -> None:
    hand = named_hand([1, 100], [NUMBER_ONE, KINGS_FULL])
    # Heads-up Alice (big blind) has 1 chip; Bob's small blind 5 is mostly uncalled.
    assert hand.public_view().seats[0].state == "all-in"
    for _ in range(3):
        play(hand, "1 pat; 2 pat")
    result = hand.result
    assert result is not None
    assert [(p.amount, p.winners) for p in result.pots] == [(2, (1,))]
    assert result.final_stacks == {1: 2, 2: 99}
    assert any(r.kind is RecordKind.RETURN and r.amount == 4 for r in hand.records)


def test_button_moves_to_the_next_occupied_seat_clockwise() -> None:
    assert next_button_seat([0, 2, 5], 0) == 2
    assert next_button_seat([0, 2, 5], 2) == 5
    assert next_button_seat([0, 2, 5], 5) == 0
    assert next_button_seat([1, 3], 2) == 3  # the button's seat emptied: still moves on
    with pytest.raises(EngineError):
        next_button_seat([], 0)


def test_button_on_an_empty_seat_still_deals_left_of_it() -> None:
    players = [
        SeatedPlayer(1, "A", 100, 0),
        SeatedPlayer(2, "B", 100, 3),
        SeatedPlayer(3, "C", 100, 4),
    ]
    hand = Hand.start(players, 2, Stakes(10))
    assert hand.player_ids == (2, 3, 1)  # seat 3 is first left of seat 2; seat 0 acts as button
    view = hand.public_view()
    assert (view.small_blind_seat, view.big_blind_seat, view.button_seat) == (3, 4, 0)


def test_leaving_mid_hand_folds_at_the_players_turn() -> None:
    hand = named_hand([100, 100, 100], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN])
    assert hand.leave(1) == []  # not Alice's turn: nothing happens yet
    assert hand.leaving == (1,)
    records = []
    records.append(hand.check_or_call(3))
    assert hand.to_act == 2  # Alice's turn came and her hand was folded
    assert [r.text for r in hand.records if r.player_id == 1][-1] == (
        "Alice has left: the hand is folded"
    )
    done = hand.leave(2)  # Bob leaves on his own turn: folded at once, Carol wins
    assert [r.kind for r in done] == [RecordKind.FOLD]
    assert hand.is_complete and hand.stacks == {1: 95, 2: 90, 3: 115}


def test_leaving_all_in_player_stands_pat_and_forfeits_at_the_showdown() -> None:
    """RULES: leaving mid-hand folds the hand, even all-in (Alice's number one wins nothing)."""
    hand = named_hand([30, 100, 100], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN])
    play(hand, "3 raise; 1 raise")
    assert hand.stacks[1] == 0
    assert hand.leave(1) == []
    play(hand, "2 call; 3 call")
    assert hand.to_act == 2  # Alice (all-in, left) stood pat automatically
    assert hand.public_view().seats[0].draw_counts == (0, None, None)
    for _ in range(3):
        while hand.phase is Phase.DRAWING:
            hand.timeout()
        while hand.phase is Phase.BETTING:
            hand.timeout()
    result = hand.result
    assert result is not None and result.winners == (2,) and result.payouts[1] == 0
    assert [r.kind for r in hand.records if r.player_id == 1][-1] is RecordKind.FOLD


def test_a_mucked_hand_may_be_shown_after_the_hand() -> None:
    hand = named_hand([200, 200, 200], [NINE_SEVEN, "9h8d5c4s3s", EIGHT_SIX])
    with pytest.raises(EngineError, match="once the hand is over"):
        hand.show_mucked(1)
    play(hand, "3 call; 1 call; 2 check")
    for _ in range(2):
        play(hand, "1 pat; 2 pat; 3 pat; 1 check; 2 check; 3 check")
    play(hand, "1 pat; 2 pat; 3 pat; 1 check; 2 bet; 3 call; 1 call")
    phh_before = hand_to_phh(hand)
    with pytest.raises(EngineError, match="Only a hand mucked"):
        hand.show_mucked(3)
    record = hand.show_mucked(1)
    assert record.kind is RecordKind.SHOW and record.text.startswith("Alice shows 9d 7c 5h 4h 3c")
    result = hand.result
    assert result is not None and result.mucked == () and 1 in result.shown_hands
    assert result.final_stacks == {1: 170, 2: 170, 3: 260}
    assert hand_to_phh(hand) == phh_before  # the history PokerKit replays is unchanged


def test_a_player_who_checked_may_call_fold_or_raise_a_short_all_in_bet() -> None:
    """RULES Betting: Alice and Bob check after the first draw, Carol bets her last 5 (short of
    the 10 bet). Alice, who only checked, may call, fold or raise to the all-in plus a full bet
    (15); Bob then calls. Carol's number one wins the main pot, Bob's eight the side pot."""
    hand = named_hand([100, 100, 15], [NINE_SEVEN, EIGHT_SIX, NUMBER_ONE])
    play(hand, "3 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat; 1 check; 2 check; 3 bet")
    legal = hand.legal()
    assert hand.to_act == 1 and legal.can_fold and legal.call_amount == 5
    assert legal.can_bet_or_raise and legal.is_raise and legal.bet_or_raise_to == 15
    play(hand, "1 raise")
    legal = hand.legal()
    assert hand.to_act == 2 and legal.call_amount == 15 and legal.bet_or_raise_to == 25
    play(hand, "2 call")
    for _ in range(2):
        play(hand, "1 pat; 2 pat; 3 pat; 1 check; 2 check")
    result = hand.result
    assert result is not None
    assert [(p.amount, p.winners) for p in result.pots] == [(45, (3,)), (20, (2,))]
    assert hand.stacks == {1: 75, 2: 95, 3: 45}


def test_a_short_all_in_raise_counts_toward_the_cap() -> None:
    """RULES Betting, cap 3: Alice bets, Bob raises, Carol raises all-in for 5 more (short).
    That is the third bet: Alice, facing it, may call or fold but not raise."""
    stakes = Stakes(10, cap=3)
    hand = named_hand([100, 100, 35], [NINE_SEVEN, EIGHT_SIX, NUMBER_ONE], stakes=stakes)
    play(hand, "3 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat; 1 bet; 2 raise; 3 raise")
    assert [r.text for r in hand.records][-1] == "Carol raises to 25 and is all-in"
    legal = hand.legal()
    assert hand.to_act == 1 and legal.call_amount == 15 and legal.bets_this_round == 3
    assert not legal.can_bet_or_raise
    with pytest.raises(EngineError, match="capped at 3 bets"):
        hand.bet_or_raise(1)
    play(hand, "1 call; 2 call")
    for _ in range(2):
        play(hand, "1 pat; 2 pat; 3 pat; 1 check; 2 check")
    result = hand.result
    assert result is not None and result.pots[0].winners == (3,)
    assert hand.stacks == {1: 65, 2: 65, 3: 105}

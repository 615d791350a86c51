"""Table rules that need no Discord: button rotation, who is dealt in, sit-out expiry, the
draw marks are for, the hand notes journaled with a hand, and the early actions played for a
player whose turn comes (on real engine hands)."""

from __future__ import annotations

import random

import pytest

from bot.engine import Card, Hand, Phase, SeatedPlayer, Stakes
from bot.table.seating import (
    TIMEOUTS_TO_SIT_OUT,
    ClickOrigin,
    HandNotes,
    apply_early_actions,
    click_origin_refusal,
    eligible_seats,
    expired_sitouts,
    next_button,
    target_draw,
)
from tests.table._helpers import ALICE, BOB, CAROL, seat_row


def test_button_moves_clockwise_skipping_empty_seats() -> None:
    assert next_button(None, [3, 1, 4]) == 1
    assert next_button(1, [1, 3, 4]) == 3
    assert next_button(3, [1, 4]) == 4
    assert next_button(4, [1, 3, 4]) == 1
    assert next_button(5, [0, 2]) == 0
    assert next_button(2, [2]) == 2
    with pytest.raises(ValueError):
        next_button(0, [])


def test_eligible_seats_skip_sitting_out_leaving_and_busted() -> None:
    seats = [
        seat_row(0, 1, "a", 100),
        seat_row(1, 2, "b", 0),
        seat_row(2, 3, "c", 100, sitting_out=True, sat_out_at=10.0),
        seat_row(3, 4, "d", 100, leaving=True),
        seat_row(4, 5, "e", 1),
    ]
    assert [s.user_id for s in eligible_seats(seats)] == [1, 5]


def test_sat_out_seats_expire_after_the_keep_time() -> None:
    seats = [
        seat_row(0, 1, "a", 100, sitting_out=True, sat_out_at=1000.0),
        seat_row(1, 2, "b", 100, sitting_out=True, sat_out_at=1500.0),
        seat_row(2, 3, "c", 100),
    ]
    assert [s.user_id for s in expired_sitouts(seats, 1600.0, 600)] == [1]
    assert expired_sitouts(seats, 1599.0, 600) == []


def test_target_draw() -> None:
    assert [target_draw(n) for n in range(4)] == [1, 2, 3, None]


# ---------------------------------------------------------------------- HandNotes


def test_hand_notes_survive_the_journal() -> None:
    notes = HandNotes(
        timeouts={ALICE: 1, BOB: 0},
        sit_out_after={CAROL},
        leaving={BOB},
        prefold={ALICE, CAROL},
        marks={ALICE: {Card(0), Card(51)}, BOB: set()},
        queued={ALICE: (2, "draw"), CAROL: (1, "pat")},
    )
    assert HandNotes.from_json(notes.to_json()) == notes
    assert HandNotes.from_json({}) == HandNotes()


def test_two_timeouts_in_a_row_sit_out_after_the_hand() -> None:
    notes = HandNotes()
    notes.timed_out(ALICE)
    assert notes.timeouts[ALICE] == 1 and notes.sit_out_after == set()
    notes.acted(ALICE)  # the streak is broken
    notes.timed_out(ALICE)
    assert ALICE not in notes.sit_out_after
    notes.timed_out(ALICE)
    assert notes.timeouts[ALICE] == TIMEOUTS_TO_SIT_OUT == 2
    assert notes.sit_out_after == {ALICE}
    notes.sits_in(ALICE)
    assert ALICE not in notes.timeouts and notes.sit_out_after == set()


def test_a_new_hand_keeps_only_the_streaks_of_players_dealt_in() -> None:
    notes = HandNotes(
        timeouts={ALICE: 1, BOB: 1},
        sit_out_after={ALICE},
        leaving={BOB},
        prefold={ALICE},
        marks={ALICE: {Card(3)}},
        queued={ALICE: (1, "draw")},
    )
    notes.new_hand([ALICE, CAROL])
    assert notes == HandNotes(timeouts={ALICE: 1})


# ---------------------------------------------------------------------- early actions


def three_handed(seed: int = 5) -> Hand:
    """Alice on the button (seat 0) acts first; Bob posts the small blind, Carol the big."""
    players = [
        SeatedPlayer(ALICE, "Alice", 500, 0),
        SeatedPlayer(BOB, "Bob", 500, 1),
        SeatedPlayer(CAROL, "Carol", 500, 2),
    ]
    return Hand.start(players, 0, Stakes(10), rng=random.Random(seed), hand_id=1)


def to_the_draw(hand: Hand) -> None:
    while hand.phase is Phase.BETTING:
        player = hand.to_act
        assert player is not None
        hand.check_or_call(player)


def test_nothing_decided_in_advance_plays_nothing() -> None:
    hand = three_handed()
    records = len(hand.records)
    assert apply_early_actions(hand, HandNotes()) == []
    assert len(hand.records) == records and hand.to_act == ALICE


def test_a_leaver_folds_in_turn() -> None:
    hand = three_handed()
    assert hand.to_act == ALICE
    notes = HandNotes(leaving={ALICE})
    assert apply_early_actions(hand, notes) == []
    assert hand.private_view(ALICE).folded
    assert hand.to_act == BOB  # Bob decided nothing: his turn waits for him


def test_fold_in_turn_folds_when_owing_and_checks_when_free() -> None:
    hand = three_handed()
    notes = HandNotes(prefold={BOB, CAROL}, timeouts={BOB: 1, CAROL: 1})
    hand.check_or_call(ALICE)
    apply_early_actions(hand, notes)
    # Bob owed the rest of the big blind: folded, and his "fold in turn" is used up
    assert hand.private_view(BOB).folded
    assert BOB not in notes.prefold
    # Carol could check for free: checked, not folded
    assert not hand.private_view(CAROL).folded
    assert CAROL in notes.prefold
    assert hand.phase is Phase.DRAWING
    # both chose in advance: their timeout streaks end
    assert notes.timeouts == {BOB: 0, CAROL: 0}


def test_a_queued_draw_draws_the_marked_cards_in_turn() -> None:
    hand = three_handed()
    to_the_draw(hand)
    assert hand.phase is Phase.DRAWING and hand.draw_round == 1
    assert hand.to_act == BOB  # the draw starts left of the button, Alice draws last
    waiting = ALICE
    cards = hand.private_view(waiting).cards
    marked = {cards[1], cards[4]}
    notes = HandNotes(marks={waiting: set(marked)}, queued={waiting: (1, "draw")})
    # the player to draw decided nothing: the queued draw waits for its turn
    assert apply_early_actions(hand, notes) == []
    hand.draw(BOB, [])
    assert apply_early_actions(hand, notes) == []
    assert hand.to_act == CAROL
    hand.draw(CAROL, [])
    drew = apply_early_actions(hand, notes)
    assert drew == [waiting]
    after = hand.private_view(waiting)
    assert after.draws_made == 1
    assert not marked & set(after.cards) and len(after.last_received) == 2
    assert waiting not in notes.marks and waiting not in notes.queued
    assert notes.timeouts[waiting] == 0


def test_a_draw_queued_for_another_draw_waits() -> None:
    hand = three_handed()
    to_the_draw(hand)
    player = hand.to_act
    assert player is not None
    notes = HandNotes(queued={player: (2, "pat")})
    assert apply_early_actions(hand, notes) == []
    assert hand.to_act == player and hand.private_view(player).draws_made == 0


def test_a_click_is_checked_against_the_message_it_came_from() -> None:
    """A public click must come from the table's current message and be a table button; a
    private one from a message carrying this table's buttons, a panel for a panel button."""
    table, message = 7, 70
    panel = ("deuce:c:7:2:1:0", "deuce:d:7:2:1:draw", "deuce:f:7:2")
    question = ("deuce:t:7:2:5:foldx", "deuce:t:7:2:5:call")
    public = ClickOrigin(message, False, ())
    assert click_origin_refusal(public, table, message, panel_action=False) is None
    assert click_origin_refusal(public, table, message, panel_action=True) == "click_elsewhere"
    assert click_origin_refusal(public, table, 71, panel_action=False) == "click_elsewhere"
    older = ClickOrigin(69, False, question)  # an older table message of this table: stale
    assert click_origin_refusal(older, table, message, panel_action=False) is None
    other = ClickOrigin(69, False, ("deuce:t:8:2:5:call",))  # another table's message
    assert click_origin_refusal(other, table, message, panel_action=False) == "click_elsewhere"
    assert click_origin_refusal(public, table, None, panel_action=False) == "click_elsewhere"
    nothing = ClickOrigin(None, False, ())
    assert click_origin_refusal(nothing, table, None, panel_action=False) == "click_elsewhere"
    for ids, panel_ok in ((panel, True), (question, False), (("deuce:s:7:2",), True)):
        private = ClickOrigin(5, True, ids)
        assert click_origin_refusal(private, table, message, panel_action=False) is None
        refusal = click_origin_refusal(private, table, message, panel_action=True)
        assert refusal == (None if panel_ok else "click_elsewhere")
    for ids in ((), ("deuce:c:8:2:1:0",), ("deuce:c:77:2:1:0",), ("other:c:7:2",)):
        private = ClickOrigin(5, True, ids)
        assert click_origin_refusal(private, table, message, panel_action=False) is not None


def test_vpip_counts_only_chips_put_in_before_the_first_draw() -> None:
    """Draw players count VPIP before the first draw: the big blind who checks it through and
    bets after a draw did not choose to play; a caller before the draw did."""
    from bot.table.seating import voluntary_players

    players = [SeatedPlayer(ALICE, "Alice", 500, 0), SeatedPlayer(BOB, "Bob", 500, 1)]
    hand = Hand.start(players, 0, Stakes(10), rng=random.Random(3), hand_id=5)
    # heads-up: the button (Alice) is the small blind and acts first before the draw
    assert hand.to_act == ALICE
    hand.check_or_call(ALICE)  # completes the small blind: a voluntary call
    hand.check_or_call(BOB)  # the big blind checks
    while hand.phase is Phase.DRAWING:
        player = hand.to_act
        assert player is not None
        hand.draw(player, [])
    assert hand.phase is Phase.BETTING
    bettor = hand.to_act
    assert bettor is not None
    hand.bet_or_raise(bettor)
    assert voluntary_players(hand) == {ALICE}

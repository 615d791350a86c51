"""The public snapshots: seats dealt in and seats waiting, the last hand's log between hands,
and results that name only shown hands."""

from __future__ import annotations

import random

from bot.engine import Hand, SeatedPlayer, Stakes
from bot.table.seating import HandNotes
from bot.table.snapshot import (
    SnapshotMemo,
    TableSnapshot,
    panel_snapshot,
    result_snapshot,
    table_snapshot,
)
from tests.table._helpers import ALICE, BOB, CAROL, seat_row


def snapshot_of(hand: Hand | None, last_hand: Hand | None = None) -> TableSnapshot:
    seats = [
        seat_row(0, ALICE, "Alice", 500),
        seat_row(1, BOB, "Bob", 500),
        seat_row(2, CAROL, "Carol", 300, sitting_out=True, sat_out_at=1.0),
    ]
    return table_snapshot(
        table_id=1,
        settings=None,
        seats=seats,
        hand=hand,
        last_hand=last_hand,
        leaving={BOB},
        deadline=None,
        next_hand_at=None,
        closing=False,
        closed=False,
    )


def heads_up() -> Hand:
    players = [SeatedPlayer(ALICE, "Alice", 500, 0), SeatedPlayer(BOB, "Bob", 500, 1)]
    return Hand.start(players, 0, Stakes(10), rng=random.Random(4), hand_id=9)


def test_a_running_hand_shows_dealt_and_waiting_seats() -> None:
    hand = heads_up()
    snap = snapshot_of(hand)
    seats = {s.player_id: s for s in snap.seats}
    assert seats[ALICE].in_hand and seats[BOB].in_hand and not seats[CAROL].in_hand
    assert seats[CAROL].sitting_out and seats[CAROL].stack == 300
    assert seats[BOB].leaving and not seats[ALICE].leaving
    assert seats[ALICE].button and seats[ALICE].blind == "SB" and seats[BOB].blind == "BB"
    assert snap.pot == 15 and snap.to_act_name == "Alice"
    assert snap.legal is not None and snap.legal.call_amount == 5


def test_between_hands_the_last_hand_log_stays_and_no_hand_is_running() -> None:
    hand = heads_up()
    hand.fold(ALICE)
    snap = snapshot_of(None, last_hand=hand)
    assert snap.hand_id is None and snap.phase == "waiting"
    assert any(entry.record.kind.value == "fold" for entry in snap.recent)
    result = result_snapshot(hand, 9, {ALICE: "Alice", BOB: "Bob"})
    # the pot he takes, as the log and the history say it (his uncalled 5 comes back apart)
    assert result.uncontested == ("Bob", 10) and result.shown == ()
    assert dict(result.nets) == {"Alice": -5, "Bob": 5}
    assert any("Bob wins 10" in line for line in hand.public_view(recent=20).recent_actions)


def test_a_panel_shows_only_its_owner_s_marks_and_queue() -> None:
    hand = heads_up()
    cards = hand.private_view(BOB).cards
    notes = HandNotes(marks={BOB: {cards[0]}, ALICE: set()}, queued={BOB: (1, "draw")})
    panel = panel_snapshot(1, hand, BOB, notes, public=snapshot_of(hand))
    assert panel.cards == tuple(cards) and panel.marked == frozenset({cards[0]})
    assert panel.target_draw == 1 and panel.queued and not panel.my_turn_to_draw
    assert panel.can_prefold and not panel.complete
    assert panel_snapshot(1, hand, ALICE, notes, public=snapshot_of(hand)).marked == frozenset()


def test_the_memo_builds_a_snapshot_once_per_change() -> None:
    memo, hand = SnapshotMemo(), heads_up()
    seats, leaving = [seat_row(0, ALICE, "Alice", 500), seat_row(1, BOB, "Bob", 500)], {BOB}
    inputs = {
        "table_id": 1,
        "settings": None,
        "hand": hand,
        "last_hand": None,
        "deadline": 10.0,
        "next_hand_at": None,
        "closing": False,
        "closed": False,
    }

    def get() -> TableSnapshot:
        return memo.get(seats=seats, leaving=leaving, **inputs)

    first = get()
    assert get() is first
    player = hand.to_act
    assert player is not None
    hand.check_or_call(player)  # the same hand object, one action later
    after_call = get()
    assert after_call is not first and after_call.action_number == first.action_number + 1
    seats.append(seat_row(2, CAROL, "Carol", 300))  # changed in place: still seen
    assert get() is not after_call and len(get().seats) == 3
    leaving.add(ALICE)
    assert any(s.leaving for s in get().seats if s.player_id == ALICE)
    built = get()
    inputs["deadline"] = 40.0
    assert get() is not built and get().deadline == 40.0
    assert get() == table_snapshot(seats=seats, leaving=leaving, **inputs)

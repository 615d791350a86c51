"""The public snapshots: seats dealt in and seats waiting, the last hand's log between hands,
and results that name only shown hands."""

from __future__ import annotations

import random

from bot.engine import CARDS, Hand, Phase, SeatedPlayer, Stakes, parse_cards
from bot.engine.explain import ReasonKind
from bot.messages import speaking
from bot.table.render import result_layout
from bot.table.seating import HandNotes, result_summary
from bot.table.snapshot import (
    SnapshotMemo,
    TableSnapshot,
    panel_snapshot,
    result_from_summary,
    result_snapshot,
    showdown_reason,
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
    assert any(e.record.kind.value == "fold" for part in snap.log for e in part.entries)
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


def showdown(alice: str, bob: str) -> Hand:
    """Heads-up from named cards (Bob, left of the button, is dealt first), checked and stood
    pat down to the showdown."""
    holes = parse_cards(bob), parse_cards(alice)
    order = [holes[i][r] for r in range(5) for i in range(2)]
    deck = order + [c for c in CARDS if c not in order]
    players = [SeatedPlayer(ALICE, "Alice", 500, 0), SeatedPlayer(BOB, "Bob", 500, 1)]
    hand = Hand.start(players, 0, Stakes(10), deck=deck, hand_id=9)
    while not hand.is_complete:
        player = hand.to_act
        assert player is not None
        if hand.phase is Phase.DRAWING:
            hand.draw(player, [])
        else:
            hand.check_or_call(player)
    return hand


def test_a_showdown_result_says_why_the_winner_won_and_so_does_its_summary() -> None:
    """The issue's hand: an eight-six low beats a pair of fives, which a newcomer to 2-7 would
    not guess; the re-posted result (after a restart) says it too."""
    hand = showdown(alice="8c6d4h3s2c", bob="5c5h3d2s4d")
    names = {ALICE: "Alice", BOB: "Bob"}
    result = result_snapshot(hand, 9, names)
    assert result.why is not None
    assert (result.why.winner, result.why.other) == ("Alice", "Bob")
    assert result.why.reason.kind is ReasonKind.PAIR_LOSES
    assert hand.result is not None
    assert result_from_summary(9, result_summary(hand.result, names)).why == result.why
    with speaking("en"):
        text = str(result_layout(result).to_components())
    assert "Alice's eight-six low beats Bob's pair of fives: in 2-7 the lowest hand wins" in text
    with speaking("ru"):
        text = str(result_layout(result).to_components())
    assert "Рука Alice (восьмёрка-шестёрка лоу) бьёт руку Bob (пара пятёрок): в 2-7" in text


def test_the_reason_compares_shown_hands_only() -> None:
    eight, pair, nine = (
        parse_cards("8c6d4h3s2c"),
        parse_cards("5c5h3d2s4d"),
        parse_cards("9c7d5h3c2d"),
    )
    names = {1: "A", 2: "B", 3: "C"}
    # the best losing shown hand is the nine, not the pair
    why = showdown_reason({1: eight, 2: pair, 3: nine}, [1], names)
    assert why is not None and why.other == "C" and why.reason.kind is ReasonKind.HIGHER_CARD
    assert (why.reason.better_rank, why.reason.worse_rank) == (8, 9)
    # a split pot: the two winners are equal
    tie = showdown_reason({1: eight, 2: parse_cards("8d6h4c3d2h")}, [1, 2], names)
    assert tie is not None and tie.reason.kind is ReasonKind.TIE
    # a mucked hand is not there to compare: nothing to say
    assert showdown_reason({1: eight}, [1], names) is None

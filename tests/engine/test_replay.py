"""The replayer's steps: chips add up at every step and end at the hand's final stacks, the
viewer's cards follow their draws, and no card that was not shown reaches another viewer."""

from __future__ import annotations

import random

import pytest

from bot.engine import Hand, SeatedPlayer, Stakes
from bot.engine.operations import Drawing, HoleDealing, Mucking, Showing
from bot.engine.replay import SHOWDOWN, STREETS, ReplaySeat, replay_steps
from bot.engine.selfplay import play_random_hand
from tests.engine._helpers import NINE_SEVEN, NUMBER_ONE, deck_from, named_hand, play


def _hands(count: int, *, leaves: float = 0.0) -> list[Hand]:
    rng = random.Random(27)
    return [play_random_hand(rng, 2 + k % 5, hand_id=k + 1, leaves=leaves) for k in range(count)]


@pytest.mark.parametrize("leaves", [0.0, 0.05])
def test_chips_add_up_at_every_step_and_end_at_the_final_stacks(leaves: float) -> None:
    for hand in _hands(150, leaves=leaves):
        state = hand.to_json()
        total = sum(state["starting"])
        for viewer in (None, *hand.player_ids):
            replay = replay_steps(hand, viewer)
            assert replay.complete and replay.steps[0].record is None
            for step in replay.steps:
                assert step.pot + sum(s.stack for s in step.seats) == total
                assert step.pot >= 0
            last = replay.steps[-1]
            assert [s.stack for s in last.seats] == state["stacks"]
            assert last.pot == 0


def test_a_viewer_sees_only_their_cards_and_the_shown_hands() -> None:
    for hand in _hands(150, leaves=0.03):
        operations = hand.operations
        shown = {tuple(sorted(op.cards)) for op in operations if isinstance(op, Showing)}
        for viewer in (None, *hand.player_ids):
            replay = replay_steps(hand, viewer)
            own: set[int] = set()
            if viewer is not None:
                pos = hand.player_ids.index(viewer)
                dealt = next(op for op in operations if isinstance(op, HoleDealing))
                own |= set(dealt.hole(pos))
                for op in operations:
                    if isinstance(op, Drawing) and op.position == pos:
                        own |= set(op.received)
            for step in replay.steps:
                assert set(step.cards) | set(step.thrown) | set(step.received) <= own
                for seat in step.seats:
                    assert not seat.shown or tuple(sorted(seat.shown)) in shown
                if step.record is not None:
                    assert step.record.discarded == () and step.record.received == ()
            if viewer is None:
                assert not replay.played
                assert all(step.cards == () for step in replay.steps)


def test_steps_follow_the_viewers_draws() -> None:
    hand = named_hand([200, 200], [NUMBER_ONE, "KsKdKcQhQs"], then="2c" + "3d4d5s6c")
    play(hand, "2 call; 1 check; 1 pat; 2 draw KsKdKcQh; 1 check; 2 check")
    replay = replay_steps(hand, 2)
    draw_step = next(s for s in replay.steps if s.thrown)
    assert sorted(map(str, draw_step.thrown)) == sorted(["Ks", "Kd", "Kc", "Qh"])
    assert len(draw_step.received) == 4 and len(draw_step.cards) == 5
    assert set(draw_step.received) <= set(draw_step.cards)
    assert draw_step.seats[1].draws == (4,) and draw_step.phase == "drawing"
    # the other player sees the count, never the cards
    other = replay_steps(hand, 1).steps[draw_step.number]
    assert other.thrown == other.received == ()
    assert other.seats[1].draws == (4,)


def test_an_unfinished_hand_replays_up_to_where_it_stopped() -> None:
    hand = named_hand([200, 200, 200], [NUMBER_ONE, "KsKdKcQhQs", "9d7c5h4h3c"])
    play(hand, "3 raise; 1 call")
    replay = replay_steps(Hand.from_json(hand.to_json()), None)
    assert not replay.complete
    assert [s.record.kind.value for s in replay.steps[1:] if s.record] == ["raise", "call"]
    assert replay.steps[-1].pot == 20 + 20 + 10


def test_every_step_has_its_street_its_markers_and_its_share_of_the_log() -> None:
    for hand in _hands(150, leaves=0.05):
        n = len(hand.player_ids)
        for viewer in (None, hand.player_ids[0]):
            replay = replay_steps(hand, viewer)
            streets = [s.street for s in replay.steps]
            assert streets == sorted(streets) and streets[0] == 0
            logged = [s.logged for s in replay.steps]
            assert logged == sorted(logged)
            assert replay.log == hand.public_log()
            assert replay.steps[-1].logged == len(replay.log)
            for step in replay.steps[1:]:  # a step's log ends with its action (a turn played
                assert step.record is not None  # for one who left is not in the public log)
                if not step.record.left:
                    assert replay.log[step.logged - 1] == step.record
            for street in range(STREETS):
                start = replay.street_start(street)
                if start is None:
                    assert street not in streets
                else:
                    assert replay.steps[start].street == street
                    assert all(s.street < street for s in replay.steps[:start])
            if any(isinstance(op, Showing | Mucking) for op in hand.operations):
                assert replay.street_start(SHOWDOWN) is not None
            for step in replay.steps:
                assert [s.button for s in step.seats].count(True) == 1
                blinds = sorted(s.blind for s in step.seats if s.blind)
                assert blinds == ["BB", "SB"]
                # position n - 1 is the button; heads-up it posts the small blind
                assert step.seats[n - 1].button
                assert step.seats[1 if n == 2 else 0].blind == "SB"


def test_a_three_handed_hand_by_street_with_the_button_off_the_last_seat() -> None:
    # Seats 0, 3, 5, the button on seat 3: position 0 (SB) is seat 5 (Carol), position 1 (BB)
    # seat 0 (Alice), position 2 the button, seat 3 (Bob).
    people = [
        SeatedPlayer(1, "Alice", 200, 0),
        SeatedPlayer(2, "Bob", 200, 3),
        SeatedPlayer(3, "Carol", 200, 5),
    ]
    deck = deck_from(["KsKdKcQhQs", NINE_SEVEN, NUMBER_ONE])
    hand = Hand.start(people, 3, Stakes(10), deck=deck, hand_id=9)
    play(hand, "2 raise; 3 call; 1 fold")
    play(hand, "3 draw Ks; 2 pat; 3 check; 2 bet; 3 call")
    play(hand, "3 pat; 2 pat; 3 check; 2 check; 3 pat; 2 pat; 3 check; 2 check")
    assert hand.is_complete
    replay = replay_steps(hand, 3)
    by_name = {s.name: s for s in replay.steps[0].seats}
    assert by_name["Bob"].button and by_name["Bob"].seat == 3
    assert by_name["Carol"].blind == "SB" and by_name["Alice"].blind == "BB"
    assert not by_name["Alice"].button and by_name["Bob"].blind is None

    def seats_at(number: int) -> dict[str, ReplaySeat]:
        return {s.name: s for s in replay.steps[number].seats}

    deal = replay.steps[replay.street_start(0) or 0]
    assert deal.record is None and deal.pot == 15
    assert {s.name: s.bet for s in deal.seats} == {"Alice": 10, "Bob": 0, "Carol": 5}
    first_draw = replay.street_start(1)
    assert first_draw is not None
    step = replay.steps[first_draw]
    assert step.actor == "Carol" and step.phase == "drawing" and step.pot == 50
    seats = seats_at(first_draw)
    assert seats["Carol"].draws == (1,) and seats["Bob"].draws == ()
    assert seats["Alice"].folded and seats["Alice"].stack == 190
    assert len(step.thrown) == 1 and str(step.thrown[0]) == "Ks"  # Carol's own draw
    second, third = replay.street_start(2), replay.street_start(3)
    assert second is not None and third is not None
    assert replay.steps[second].pot == 70
    assert seats_at(third)["Carol"].draws == (1, 0, 0)
    showdown = replay.street_start(SHOWDOWN)
    assert showdown is not None
    shown = replay.steps[showdown]
    assert shown.record is not None and shown.record.kind.value in ("show", "muck")
    assert seats_at(showdown)["Bob"].draws == (0, 0, 0) and shown.pot == 70
    # the log a step shows ends with its own action
    assert replay.log[shown.logged - 1] == shown.record
    assert replay.steps[-1].pot == 0

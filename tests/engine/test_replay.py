"""The replayer's steps: chips add up at every step and end at the hand's final stacks, the
viewer's cards follow their draws, and no card that was not shown reaches another viewer."""

from __future__ import annotations

import random

import pytest

from bot.engine import Hand
from bot.engine.operations import Drawing, HoleDealing, Showing
from bot.engine.replay import replay_steps
from bot.engine.selfplay import play_random_hand
from tests.engine._helpers import NUMBER_ONE, named_hand, play


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

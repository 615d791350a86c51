"""A turn the dealer plays because time ran out says so in the public log (issue 10)."""

from __future__ import annotations

from bot.engine import Hand, Phase, RecordKind
from tests.engine._helpers import named_hand


def test_timeouts_are_named_in_the_log_and_survive_a_restart() -> None:
    # three players, button on Carol's seat: Alice (id 1) posts the small blind, Bob the big
    hand = named_hand([1000, 1000, 1000], ["7s5d4c3h2s", "8s6d4d3c2c", "KdQhJc9d8d"])
    assert hand.to_act == 3
    record = hand.timeout()  # Carol owes the big blind: she folds
    assert record.kind is RecordKind.FOLD and record.text == "Carol folds (time ran out)"
    hand.check_or_call(1)  # Alice completes, herself
    checked = hand.timeout()  # Bob, the big blind, may check for free: he checks
    assert checked.kind is RecordKind.CHECK and checked.text.endswith(" checks (time ran out)")
    assert hand.phase is Phase.DRAWING
    drawer = hand.to_act
    assert drawer is not None
    pat = hand.timeout()
    assert pat.kind is RecordKind.DRAW and pat.text.endswith(" stands pat (time ran out)")
    recent = hand.public_view(recent=20).recent_actions
    assert sum(text.endswith("(time ran out)") for text in recent) == 3
    # a real action is never marked, and the marks come back from the journal
    (call,) = [r for r in hand.records if r.kind is RecordKind.CALL]
    assert call.text == "Alice calls 5"
    restored = Hand.from_json(hand.to_json())
    assert [r.text for r in restored.records] == [r.text for r in hand.records]
    assert restored.public_view(recent=20).recent_actions == recent

"""A folded player still sees the cards they folded, in their own private view (issue 10)."""

from __future__ import annotations

from bot.engine import Phase, parse_cards
from tests.engine._helpers import named_hand


def test_a_folded_hand_keeps_its_cards_for_its_owner_only() -> None:
    # Alice (id 1) draws two cards, then folds to a bet: her panel keeps what she held.
    hand = named_hand(
        [1000, 1000, 1000], ["7s5d4c3h2s", "8s6d4d3c2c", "KdQhJc9d8d"], then="Ah" + "9c9h"
    )
    for player in (3, 1, 2):
        hand.check_or_call(player)
    assert hand.phase is Phase.DRAWING
    hand.draw(1, parse_cards("7s5d"))
    held = hand.private_view(1).cards
    assert set(parse_cards("9c9h")) <= set(held)
    hand.draw(2, [])
    hand.draw(3, [])
    hand.bet_or_raise(1)
    hand.bet_or_raise(2)
    hand.fold(3)
    hand.fold(1)
    folded = hand.private_view(1)
    assert folded.folded and sorted(folded.cards) == sorted(held)
    assert folded.hand_name == "pair of nines"
    # the public view never shows them
    public = hand.public_view(recent=30)
    assert not any("9c" in text or "9h" in text for text in public.recent_actions)


def test_the_whole_public_log_has_the_rounds_and_no_hidden_card() -> None:
    """``public_log``: every public record in order with each round's opening, never a dealt,
    thrown or drawn card; read on from ``changes`` it gives only what came since."""
    hand = named_hand(
        [1000, 1000, 1000], ["7s5d4c3h2s", "8s6d4d3c2c", "KdQhJc9d8d"], then="Ah" + "9c9h"
    )
    for player in (3, 1, 2):
        hand.check_or_call(player)
    read = hand.changes
    hand.draw(1, parse_cards("7s5d"))
    log = hand.public_log()
    kinds = [r.kind.value for r in log]
    assert kinds == ["small_blind", "big_blind", "round", "call", "call", "check", "round", "draw"]
    assert [r.amount for r in log if r.kind.value == "round"] == [0, 4]  # pre-draw, draw 1
    assert all(not r.discarded and not r.received for r in log)
    assert hand.public_log(read) == log[-1:]

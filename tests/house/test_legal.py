"""Every house decision is legal: whole seeded hands where every seat uses ``decide``."""

from __future__ import annotations

import random

from bot.engine import Hand, Phase, Stakes
from bot.engine.selfplay import random_players
from bot.house import LOOSE, SOLID, Action, Decision, apply_decision, decide


def _check_legal(hand: Hand, decision: Decision, player_id: int) -> None:
    legal = hand.legal()
    if hand.phase is Phase.DRAWING:
        assert decision.is_draw
        held = hand.private_cards(player_id)
        assert len(set(decision.discards)) == len(decision.discards)
        assert all(c in held for c in decision.discards)
        return
    assert decision.action is not None
    if decision.action is Action.BET_RAISE:
        assert legal.can_bet_or_raise


def test_decisions_are_legal_over_many_seeded_hands() -> None:
    rng = random.Random(2024)
    decisions = 0
    for k in range(400):
        count = 2 + k % 5
        seated = random_players(rng, count)
        hand = Hand.start(seated, rng.randrange(count), Stakes(10), rng=rng, hand_id=k)
        styles = {p.player_id: SOLID if (p.seat + k) % 2 else LOOSE for p in seated}
        while (pid := hand.to_act) is not None:
            decision = decide(hand.public_view(), hand.private_view(pid), styles[pid], rng)
            _check_legal(hand, decision, pid)
            apply_decision(hand, pid, decision)  # the engine refuses anything illegal
            decisions += 1
        hand.check_invariants()
        assert hand.result is not None
    assert decisions > 4000


def test_decide_refuses_a_seat_whose_turn_it_is_not() -> None:
    rng = random.Random(1)
    hand = Hand.start(random_players(rng, 3), 0, Stakes(10), rng=rng)
    waiting = next(p for p in hand.player_ids if p != hand.to_act)
    try:
        decide(hand.public_view(), hand.private_view(waiting), SOLID, rng)
    except ValueError:
        pass
    else:  # pragma: no cover
        raise AssertionError("decide answered out of turn")

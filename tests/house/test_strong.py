"""The strong level on issue 28's reproductions: each decides as published strategy does."""

from __future__ import annotations

import random

from bench.bench_house import play_decks
from bench.published import HANEY_TAG, RulePlayer
from bot.engine import Hand, Phase, SeatedPlayer, Stakes
from bot.engine.cards import shuffled_deck
from bot.house import STRONG, Action, apply_decision, house_player
from bot.house.odds import WORSE, made_class
from bot.house.ranges import DEALT_PAT, pat_range
from tests.house._helpers import cards, house_move, named_hand

# Heads-up: position 0 (player 1) is the big blind, position 1 (player 2) the button.
RAGS = "Kc Qd Jh 9c 3c"


def test_a_pat_nine_over_a_smooth_draw_is_broken_with_three_draws_to_come() -> None:
    hand = named_hand(["9s 7d 5c 4h 2s", RAGS])
    hand.check_or_call(2)
    hand.check_or_call(1)
    assert hand.phase is Phase.DRAWING and hand.to_act == 1
    move = house_move(hand, 1, STRONG)
    assert move.discards == cards("9s")


def test_an_opener_calls_a_three_bet_getting_five_to_one() -> None:
    hand = named_hand([RAGS, "2c 3d 9h Js Kd"])
    hand.bet_or_raise(2)
    hand.bet_or_raise(1)
    public = hand.public_view()
    assert public.legal is not None and public.legal.call_amount * 5 == public.pot_total
    assert house_move(hand, 2, STRONG).action is Action.CHECK_CALL


def test_a_pat_hand_after_a_three_card_draw_is_often_a_snow() -> None:
    snowed = pat_range(3, at_last=False, snow=0.14)
    one_card = pat_range(1, at_last=False, snow=0.14)
    assert snowed[WORSE] > 0.4 > one_card[WORSE]
    assert snowed[WORSE] > 3 * DEALT_PAT[WORSE]


def test_a_one_card_draw_calls_a_pat_bet_after_three_then_pat() -> None:
    """Heads-up, the button drew three then stands pat and bets after the second draw: the big
    blind's one-card draw to an eight calls (the old house folded it 79% of the time)."""
    hand = named_hand(["8s 6d 4c 2h Kd", "Qc Jd Th 9s 3d"], then="Ah Kh 7d 7c 5s")
    hand.bet_or_raise(2)
    hand.check_or_call(1)
    hand.draw(1, cards("Kd"))
    hand.draw(2, cards("Qc Jd Th"))
    hand.check_or_call(1)
    hand.check_or_call(2)
    hand.draw(1, cards("Kh"))
    hand.draw(2, [])
    hand.check_or_call(1)
    hand.bet_or_raise(2)
    assert hand.to_act == 1
    assert house_move(hand, 1, STRONG).action is Action.CHECK_CALL


def test_it_bets_when_ahead_in_the_draw() -> None:
    """Heads-up, after the first draw the big blind drew one and the button three: it bets."""
    hand = named_hand(["8s 6d 4c 2h Kd", RAGS], then="Qs Jc Td 9d As")
    hand.check_or_call(2)
    hand.check_or_call(1)
    hand.draw(1, cards("Kd"))
    hand.draw(2, cards("Kc Qd Jh"))
    assert hand.to_act == 1
    assert house_move(hand, 1, STRONG).action is Action.BET_RAISE


def test_it_snows_and_bluffs_sometimes() -> None:
    """Over 1,000 seeded heads-up hands against a published-style player, some of its last-round
    bets are busted hands and it stands pat on busted hands at times."""
    bluffs = snows = 0
    policy = house_player(STRONG)
    other = RulePlayer(HANEY_TAG)
    for k in range(1000):
        seated = [SeatedPlayer(1, "A", 2000, 0), SeatedPlayer(2, "B", 2000, 1)]
        hand = Hand.start(seated, k % 2, Stakes(10), deck=shuffled_deck(random.Random(k)))
        rng = random.Random(k)
        while (pid := hand.to_act) is not None:
            public, private = hand.public_view(recent=0), hand.private_view(pid)
            move = (policy if pid == 1 else other)(public, private, rng)
            if pid == 1 and made_class(private.cards) == WORSE:
                if move.stands_pat:
                    snows += 1
                if move.action is Action.BET_RAISE and public.betting_round == 3:
                    bluffs += 1
            apply_decision(hand, pid, move)
    assert bluffs > 0 and snows > 0


def test_the_benchmark_plays_a_few_duplicate_decks() -> None:
    for players in (2, 6):
        per_deck, timings = play_decks(
            house_player(STRONG), RulePlayer(HANEY_TAG), players, 0, 10, 1
        )
        assert len(per_deck) == 10 and timings

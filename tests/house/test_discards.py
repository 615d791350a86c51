"""Draws and pre-draw choices on named hands."""

from __future__ import annotations

from bot.engine import Phase
from bot.house import LOOSE, SOLID, Action
from tests.house._helpers import cards, house_move, named_hand

# Three players: position 0 (Alice, small blind), 1 (Bob, big blind), 2 (Carol, button). Carol
# acts first before the draw and draws last.
OTHERS = ("Kc Qd Jh 9s 6c", "Kd Qh Js 9h 6d")


def _to_first_draw(carol: str, alice_draws: str, bob_draws: str) -> object:
    hand = named_hand([*OTHERS, carol], then="Ah Ad Ac")
    hand.check_or_call(3)
    hand.check_or_call(1)
    hand.check_or_call(2)
    hand.draw(1, cards(alice_draws))
    hand.draw(2, cards(bob_draws))
    assert hand.phase is Phase.DRAWING and hand.to_act == 3
    return hand


def test_number_one_stands_pat() -> None:
    hand = _to_first_draw("7h 5d 4c 3s 2h", "Kc", "Kd")
    assert house_move(hand, 3).stands_pat


def test_rough_eight_stands_pat_even_against_one_card_draws() -> None:
    hand = _to_first_draw("8s 7c 4d 3h 2h", "Kc", "Kd")
    assert house_move(hand, 3).stands_pat
    assert house_move(hand, 3, LOOSE).stands_pat


def test_rough_ten_breaks_against_two_one_card_draws() -> None:
    hand = _to_first_draw("Ts 9c 4d 3h 2h", "Kc", "Kd")
    move = house_move(hand, 3)
    assert move.is_draw and not move.stands_pat
    assert "Ts" in {str(c) for c in move.discards}


def test_rough_ten_stands_pat_against_three_card_draws() -> None:
    hand = _to_first_draw("Ts 9c 4d 3h 2h", "Kc Qd Jh", "Kd Qh Js")
    assert house_move(hand, 3).stands_pat


def test_a_pair_is_broken_keeping_the_best_low_cards() -> None:
    hand = _to_first_draw("7h 7d 4c 3s 2h", "Kc", "Kd")
    move = house_move(hand, 3)
    assert len(move.discards) == 1 and move.discards[0].rank == 7


def test_high_cards_are_thrown_keeping_an_eight_early() -> None:
    hand = _to_first_draw("Ks 8d 5c 3s 2h", "Kc", "Kd")
    assert {str(c) for c in house_move(hand, 3).discards} == {"Ks"}


def test_a_straight_is_broken() -> None:
    hand = _to_first_draw("6s 5d 4c 3s 2h", "Kc", "Kd")
    assert len(house_move(hand, 3).discards) == 1


def test_two_low_cards_fold_to_a_raise_from_early_position() -> None:
    # Six players: position 2 opens with a raise, position 3 holds only a deuce and a five.
    holes = [
        "Kc Qc Jc 9c 6c",
        "Kd Qd Jd 9d 6d",
        "2h 3h 4h 7s Ks",
        "2c 5d Kh Qs Jh",
        "Th Ts Td Tc 9h",
        "8h 8s 8d 8c 9s",
    ]
    hand = named_hand(holes)
    assert hand.to_act == 3
    assert house_move(hand, 3).action is Action.BET_RAISE  # one card to 2-3-4-7
    hand.bet_or_raise(3)
    assert hand.to_act == 4
    assert house_move(hand, 4).action is Action.FOLD


def test_two_low_cards_do_not_open_first_to_act() -> None:
    holes = [
        "Kc Qc Jc 9c 6c",
        "Kd Qd Jd 9d 6d",
        "2c 5d Kh Qs Jh",
        "2h 3h 4h 7s Ks",
        "Th Ts Td Tc 9h",
        "8h 8s 8d 8c 9s",
    ]
    hand = named_hand(holes)
    assert house_move(hand, 3, SOLID).action is Action.FOLD

"""Every illegal action raises EngineError with a readable message and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from bot.engine import EngineError, Hand, SeatedPlayer, Stakes
from tests.engine._helpers import cards, named_hand, play

HOLES = ["7s5d4c3h2s", "8c6h4d3d2d", "9d7c5h4h3c"]


def assert_refused(hand: Hand, action: Callable[[], object], message: str) -> None:
    """The action raises EngineError matching ``message`` and the state is untouched."""
    before = json.dumps(hand.to_json(), sort_keys=True)
    with pytest.raises(EngineError, match=message):
        action()
    assert json.dumps(hand.to_json(), sort_keys=True) == before


def betting_hand() -> Hand:
    return named_hand([100, 100, 100], HOLES)


def drawing_hand() -> Hand:
    hand = betting_hand()
    play(hand, "3 call; 1 call; 2 check")
    return hand


def test_wrong_turn_names_the_player_to_act() -> None:
    hand = betting_hand()
    assert_refused(hand, lambda: hand.check_or_call(1), "It is Carol's turn.")
    assert_refused(hand, lambda: hand.fold(2), "It is Carol's turn.")
    assert_refused(hand, lambda: hand.bet_or_raise(1), "It is Carol's turn.")
    assert not hand.can_fold(1) and not hand.can_check_or_call(2)


def test_unknown_player() -> None:
    hand = betting_hand()
    assert_refused(hand, lambda: hand.fold(99), "not in this hand")


def test_check_facing_a_bet_and_call_with_nothing_to_call() -> None:
    hand = betting_hand()
    assert_refused(hand, lambda: hand.act(3, "check"), "You cannot check: 10 to call.")
    play(hand, "3 call; 1 call")
    assert_refused(hand, lambda: hand.act(2, "call"), "nothing to call")


def test_raise_over_the_cap() -> None:
    hand = betting_hand()
    play(hand, "3 raise; 1 raise; 2 raise")
    assert_refused(hand, lambda: hand.act(3, "raise"), "capped at 4 bets")


def test_draw_during_betting_and_bet_during_a_draw() -> None:
    hand = betting_hand()
    assert_refused(hand, lambda: hand.draw(3, cards("9d")), "betting round")
    hand = drawing_hand()
    assert_refused(hand, lambda: hand.bet_or_raise(1), "time to draw")
    assert_refused(hand, lambda: hand.check_or_call(1), "time to draw")


def test_drawing_a_card_not_held_or_twice() -> None:
    hand = drawing_hand()
    assert_refused(hand, lambda: hand.draw(1, cards("Ah")), "You do not hold Ah.")
    assert_refused(hand, lambda: hand.draw(1, cards("7s7s")), "same card twice")
    assert_refused(hand, lambda: hand.draw(1, [True]), "not a card")  # type: ignore[list-item]
    assert_refused(hand, lambda: hand.act(1, "stand_pat", cards("7s")), "discarding nothing")
    assert not hand.can_draw(1, cards("Ah"))
    assert hand.can_draw(1, cards("7s5d"))


def test_folded_player_and_finished_hand() -> None:
    hand = betting_hand()
    play(hand, "3 fold")
    assert_refused(hand, lambda: hand.check_or_call(3), "folded")
    play(hand, "1 fold")
    assert hand.is_complete
    assert_refused(hand, lambda: hand.check_or_call(2), "The hand is over.")
    assert_refused(hand, hand.timeout, "The hand is over.")
    assert_refused(hand, hand.legal, "The hand is over.")


def test_unknown_action_name() -> None:
    hand = betting_hand()
    assert_refused(hand, lambda: hand.act(3, "allin"), "Unknown action")


def test_bad_starts() -> None:
    one = [SeatedPlayer(1, "A", 100, 0)]
    with pytest.raises(EngineError, match="2 to 6 players"):
        Hand.start(one, 0, Stakes(10))
    seven = [SeatedPlayer(i, "P", 100, i) for i in range(7)]
    with pytest.raises(EngineError, match="2 to 6 players"):
        Hand.start(seven, 0, Stakes(10))
    broke = [SeatedPlayer(1, "A", 100, 0), SeatedPlayer(2, "B", 0, 1)]
    with pytest.raises(EngineError, match="no chips"):
        Hand.start(broke, 0, Stakes(10))
    twice = [SeatedPlayer(1, "A", 100, 0), SeatedPlayer(1, "A", 100, 1)]
    with pytest.raises(EngineError, match="twice"):
        Hand.start(twice, 0, Stakes(10))
    same_seat = [SeatedPlayer(1, "A", 100, 0), SeatedPlayer(2, "B", 100, 0)]
    with pytest.raises(EngineError, match="share a seat"):
        Hand.start(same_seat, 0, Stakes(10))
    ok = [SeatedPlayer(1, "A", 100, 0), SeatedPlayer(2, "B", 100, 1)]
    with pytest.raises(EngineError, match="52 cards"):
        Hand.start(ok, 0, Stakes(10), deck=cards("7s5d4c3h2s"))
    with pytest.raises(EngineError):
        Stakes(0)
    with pytest.raises(EngineError):
        Stakes(10, small_blind=11)


def test_damaged_saved_state() -> None:
    data = betting_hand().to_json()
    del data["stub"]
    with pytest.raises(EngineError, match="damaged"):
        Hand.from_json(data)
    with pytest.raises(EngineError, match="incompatible"):
        Hand.from_json({"version": 999})


def test_discards_that_are_not_a_list_of_cards() -> None:
    hand = drawing_hand()
    for bad in (None, 5, "7s", b"7s"):
        assert_refused(hand, lambda bad=bad: hand.draw(1, bad), "Name the cards to discard")  # type: ignore[misc]
    assert not hand.can_draw(1, None)  # type: ignore[arg-type]
    assert_refused(hand, lambda: hand.draw(1, ["7s"]), "'7s' is not a card")  # type: ignore[list-item]
    assert_refused(hand, lambda: hand.draw(1, [7.0]), "7.0 is not a card")  # type: ignore[list-item]


def test_a_deck_of_strings_or_junk_is_refused() -> None:
    ok = [SeatedPlayer(1, "A", 100, 0), SeatedPlayer(2, "B", 100, 1)]
    strings = [str(c) for c in cards("2c2d2h2s3c3d3h3s")] + ["x"] * 44
    for deck in (strings, [None] * 52, [True] * 52, list(range(1, 53))):
        with pytest.raises(EngineError, match="deck"):
            Hand.start(ok, 0, Stakes(10), deck=deck)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "stakes",
    [
        lambda: Stakes(10.5),  # type: ignore[arg-type]
        lambda: Stakes("10"),  # type: ignore[arg-type]
        lambda: Stakes(True),
        lambda: Stakes(10, small_blind=2.5),  # type: ignore[arg-type]
        lambda: Stakes(10, cap=None),  # type: ignore[arg-type]
        lambda: Stakes(10, blind_counts="yes"),  # type: ignore[arg-type]
    ],
)
def test_stakes_that_are_not_whole_numbers(stakes: Callable[[], Stakes]) -> None:
    with pytest.raises(EngineError) as caught:
        stakes()
    assert str(caught.value)[0].isupper() and str(caught.value).endswith(".")


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: None,
        lambda d: [d],
        lambda d: {**d, "log": [["fold"]]},
        lambda d: {**d, "log": 5},
        lambda d: {**d, "holes": d["holes"][:2]},
        lambda d: {**d, "stacks": [s + 1 for s in d["stacks"]]},
        lambda d: {**d, "stub": d["stub"][1:]},
        lambda d: {**d, "actors": [7]},
        lambda d: {**d, "draw_queue": []},
        lambda d: {**d, "phase": "dancing"},
        lambda d: {**d, "ids": [1, 1, 2]},
        lambda d: {**d, "claims": [[0, 5]]},
        lambda d: {**d, "draw_counts": None},
    ],
)
def test_a_malformed_journal_is_refused_with_a_sentence(damage: Callable[[dict], object]) -> None:
    data = json.loads(json.dumps(drawing_hand().to_json()))
    with pytest.raises(EngineError, match="damaged"):
        Hand.from_json(damage(data))  # type: ignore[arg-type]


DRAWING_HAND_V1 = (
    '{"version":1,"hand_id":7,"small_bet":10,"small_blind":5,"cap":4,"blind_counts":true,'
    '"button_seat":2,"ids":[1,2,3],"names":["Alice","Bob","Carol"],"seats":[0,1,2],'
    '"starting":[100,100,100],"stacks":[90,90,90],"bets":[0,0,0],"contrib":[10,10,10],'
    '"in_hand":[true,true,true],"holes":[[23,13,8,6,3],[24,18,9,5,1],[29,20,14,10,4]],'
    '"stub":[51,50,49,48,47,46,45,44,43,42,41,40,39,38,37,36,35,34,33,32,31,30,28,27,26,25,'
    '22,21,19,17,16,15,12,11,7,2,0],"muck":[],"phase":"drawing","round":0,"draw_round":1,'
    '"actors":[],"acted":[2,0,1],"raise_size":10,"bet_count":0,"shorts":[],'
    '"last_aggressor":-1,"draw_queue":[0,1,2],"burned":false,'
    '"draw_counts":[[null,null,null],[null,null,null],[null,null,null]],'
    '"received":[[23,13,8,6,3],[24,18,9,5,1],[29,20,14,10,4]],"reshuffles":0,'
    '"reshuffle_seed":1330721646937975605,"log":[["small_blind",0,5,-1,[],[],0],'
    '["big_blind",1,10,-1,[],[],0],["deal",-1,3,-1,[],[23,13,8,6,3,24,18,9,5,1,29,20,14,10,4],0],'
    '["round",-1,0,-1,[],[],0],["call",2,10,-1,[],[],0],["call",0,5,-1,[],[],0],'
    '["check",1,0,-1,[],[],0],["round",-1,4,-1,[],[],0]],"result":null,"script":null,'
    '"leaving":[],"out":[],"claims":[],"timed_out":[]}'
)
"""``drawing_hand()`` as the engine's first state format saved it (the code of 2026-12-06)."""


def test_an_older_journal_without_claims_still_loads() -> None:
    """A journal written before ``out``/``claims`` existed resumes and plays on."""
    data = json.loads(DRAWING_HAND_V1)
    hand = Hand.from_json(data)
    del data["out"], data["claims"]
    copy = Hand.from_json(data)
    play(copy, "1 pat; 2 pat; 3 pat")
    play(hand, "1 pat; 2 pat; 3 pat")
    assert copy.public_view() == hand.public_view()

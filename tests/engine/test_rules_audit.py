"""Independent audit of the engine against ``../shared/RULES.md``, rule by rule (and issue 2).

Every test replays a whole hand dealt from named cards. After every step the ``Audit`` driver
checks the rules that must hold at all times, whatever the scenario:

* chips are conserved (stacks + contributions = the starting total; stacks alone at the end);
* the 52 cards are all distinct and accounted for (hands + stub + muck);
* every player's private cards are what the deal and the draw records say they received;
* nobody is served a card they threw in the same draw;
* the public view never contains a card that was not shown at the showdown;
* a record's public ``text`` never names a card (a showdown record names only the shown hand);
* illegal actions (out of turn, wrong phase) raise ``EngineError`` with a readable sentence and
  leave ``to_json()`` unchanged.

Tests marked ``xfail(strict=True)`` are engine bugs this audit found: each reason says the rule,
the scenario and what the engine does instead. The draws and showdown rules are audited in
``test_rules_audit_draws_showdown.py``, which uses the same driver (``Audit`` in ``_helpers.py``).
"""

from __future__ import annotations

import json
import random
import secrets
from functools import partial
from typing import Any

import pytest

from bot.engine import (
    CARDS,
    EngineError,
    Hand,
    Phase,
    RecordKind,
    SeatedPlayer,
    Stakes,
    next_button_seat,
    parse_cards,
)
from tests.engine._helpers import (
    EIGHT_SIX,
    HOLES,
    KINGS_FULL,
    NINE_EIGHT,
    NINE_SEVEN,
    NUMBER_ONE,
    TEN_NINE,
    Audit,
    assert_refused,
    audit_hand,
    bets_of,
    card_tokens,
    phase_of,
    readable,
    seated,
)


def test_table_two_to_six_players() -> None:
    """RULES Table: 2 to 6 players."""
    for count in (0, 1, 7):
        players = [SeatedPlayer(i + 1, f"P{i}", 100, i) for i in range(count)]
        with pytest.raises(EngineError) as info:
            Hand.start(players, 0, Stakes(10))
        readable(str(info.value))
        assert "2 to 6" in str(info.value)
    for count in (2, 6):
        audit = audit_hand([100] * count, HOLES[:count] if count < 6 else [*HOLES, NINE_EIGHT])
        while not audit.hand.is_complete:
            pid = audit.hand.to_act
            audit.run(f"{pid} timeout")
        result = audit.finish()
        # Everybody but the big blind timed out facing the blind: the big blind wins the blinds.
        big_blind = 1 if count == 2 else 2
        assert result.winners == (big_blind,) and result.won_without_showdown


def test_fixed_deck_is_dealt_one_card_at_a_time_from_left_of_the_button() -> None:
    """RULES Table (fixed deck order for tests) and Deal: five cards each, one at a time,
    starting left of the button; blinds left of the button; burn then replacements."""
    players = [
        SeatedPlayer(11, "P1", 100, 1),
        SeatedPlayer(13, "P3", 100, 3),
        SeatedPlayer(14, "P4", 100, 4),
        SeatedPlayer(15, "P5", 100, 5),
    ]
    deck = list(CARDS)  # card k is dealt k-th
    hand = Hand.start(players, 3, Stakes(10), deck=deck, rng=random.Random(3))
    audit = Audit(hand)
    # Clockwise from the button (seat 3): seat 4, seat 5, seat 1, seat 3.
    assert hand.player_ids == (14, 15, 11, 13)
    for position, pid in enumerate((14, 15, 11, 13)):
        assert [int(c) for c in hand.private_cards(pid)] == [position + 4 * r for r in range(5)]
    view = hand.public_view()
    assert (view.button_seat, view.small_blind_seat, view.big_blind_seat) == (3, 4, 5)
    assert hand.stacks == {11: 100, 13: 100, 14: 95, 15: 90}
    assert hand.to_act == 11  # left of the big blind
    audit.run("11 call; 13 call; 14 call; 15 check")
    assert hand.phase is Phase.DRAWING and hand.to_act == 14
    got = audit.draw(14, [CARDS[0]])
    assert got == (21,)  # card 20 is burned
    got = audit.draw(15, [CARDS[1], CARDS[5]])
    assert got == (22, 23)
    audit.run("11 pat; 13 pat")
    assert 20 in hand.to_json()["muck"]
    audit.checks_to_the_end()
    audit.finish()


def test_button_moves_one_occupied_seat_clockwise_after_every_hand() -> None:
    """RULES Table: the button moves one seat to the left, skipping empty seats."""
    seats = [0, 2, 5]
    button = 5
    seen = []
    for _ in range(4):
        button = next_button_seat(seats, button)
        hand = Hand.start(seated([100, 100, 100], seats), button, Stakes(10), rng=random.Random(7))
        audit = Audit(hand, sweep_illegal=False)
        view = hand.public_view()
        seen.append((view.button_seat, view.small_blind_seat, view.big_blind_seat))
        while not hand.is_complete:
            audit.run(f"{hand.to_act} timeout")
        audit.finish()
    assert seen == [(0, 2, 5), (2, 5, 0), (5, 0, 2), (0, 2, 5)]


def test_production_shuffle_uses_system_random_never_the_random_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RULES Table: shuffled by Fisher-Yates driven by ``secrets.SystemRandom``; production never
    uses ``random``'s global generator (also for the reshuffles of a six-player hand)."""
    calls: list[int] = []

    class CountingSystemRandom(secrets.SystemRandom):
        def randrange(self, *args: Any, **kwargs: Any) -> int:
            calls.append(1)
            return super().randrange(*args, **kwargs)

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the random module's global generator was used")

    monkeypatch.setattr(secrets, "SystemRandom", CountingSystemRandom)
    for name in ("random", "randrange", "randint", "shuffle", "getrandbits", "choice", "sample"):
        monkeypatch.setattr(random, name, forbidden)
    orders = []
    for _ in range(2):
        calls.clear()
        hand = Hand.start(seated([1000] * 6), 5, Stakes(10))
        assert len(calls) >= 51  # one draw per Fisher-Yates step
        audit = Audit(hand, sweep_illegal=False)
        orders.append(tuple(int(c) for pid in hand.player_ids for c in hand.private_cards(pid)))
        audit.run("3 call; 4 call; 5 call; 6 call; 1 call; 2 check")
        for pid in hand.player_ids:
            audit.draw(pid, hand.private_cards(pid))
        assert hand.reshuffle_count >= 1
        audit.checks_to_the_end()
        audit.finish()
    assert orders[0] != orders[1]


# ====================================================================== Blinds and stakes


@pytest.mark.parametrize(("small_bet", "small_blind"), [(1, 1), (2, 1), (3, 1), (7, 3), (25, 12)])
def test_small_blind_is_half_the_small_bet_rounded_down_at_least_one(
    small_bet: int, small_blind: int
) -> None:
    """RULES Blinds: small blind = S/2 rounded down, at least 1; big blind = S."""
    audit = audit_hand([100, 100, 100], HOLES[:3], stakes=Stakes(small_bet))
    hand = audit.hand
    blinds = [(r.kind, r.player_id, r.amount) for r in hand.records if r.kind in
              (RecordKind.SMALL_BLIND, RecordKind.BIG_BLIND)]  # fmt: skip
    assert blinds == [
        (RecordKind.SMALL_BLIND, 1, small_blind),
        (RecordKind.BIG_BLIND, 2, small_bet),
    ]
    audit.run("3 call")
    assert hand.legal().call_amount == small_bet - small_blind  # the small blind completes
    audit.run("1 check_or_call; 2 check")
    audit.checks_to_the_end()
    result = audit.finish()
    assert result.final_stacks == {1: 100 + 2 * small_bet, 2: 100 - small_bet, 3: 100 - small_bet}


def test_explicit_small_blind() -> None:
    """RULES Blinds: admins may set the small blind explicitly (between 1 and S)."""
    audit = audit_hand([100, 100, 100], HOLES[:3], stakes=Stakes(10, small_blind=4))
    assert bets_of(audit.hand) == [4, 10, 0]
    audit.run("3 call")
    assert audit.hand.legal().call_amount == 6
    audit.run("1 fold; 2 check")
    audit.checks_to_the_end()
    result = audit.finish()
    assert result.pots[0].amount == 24 and result.final_stacks[1] == 96
    full = audit_hand([100, 100], HOLES[:2], stakes=Stakes(10, small_blind=10))
    assert sorted(bets_of(full.hand)) == [10, 10]
    for bad in (0, 11):
        with pytest.raises(EngineError) as info:
            Stakes(10, small_blind=bad)
        readable(str(info.value))


def test_heads_up_button_posts_small_blind_first_before_the_draw_last_after_every_draw() -> None:
    """RULES Blinds, heads-up: the button posts the small blind, acts first before the draw and
    last after it (in all three later rounds); the draws start left of the button."""
    audit = audit_hand([200, 200], [NUMBER_ONE, NINE_SEVEN])
    hand = audit.hand
    view = hand.public_view()
    # Bob (seat 1) has the button: he posts the small blind, Alice the big blind.
    assert (view.button_seat, view.small_blind_seat, view.big_blind_seat) == (1, 1, 0)
    assert bets_of(hand) == [10, 5]
    assert hand.to_act == 2
    audit.run("2 raise; 1 call")
    for draw in range(3):
        assert phase_of(hand) is Phase.DRAWING and hand.to_act == 1, draw  # big blind first
        audit.run("1 pat; 2 pat")
        assert phase_of(hand) is Phase.BETTING and hand.to_act == 1, draw  # the button acts last
        if draw == 0:
            audit.run("1 check; 2 bet; 1 call")
        elif draw == 1:
            audit.run("1 bet; 2 raise; 1 call")
        else:
            audit.run("1 check; 2 check")
    result = audit.finish()
    # No bet in the last round: the first active player left of the button (Alice) shows first.
    assert result.showdown_order == (1, 2)
    assert result.final_stacks == {1: 200 + 20 + 10 + 40, 2: 200 - 70}


def test_heads_up_short_button_posts_what_it_has_and_the_excess_blind_comes_back() -> None:
    """RULES Blinds (heads-up) with a stack smaller than the small blind."""
    audit = audit_hand([100, 3], [NINE_SEVEN, NUMBER_ONE])
    posted = [(r.player_id, r.amount, r.all_in) for r in audit.hand.records[:2]]
    assert posted == [(2, 3, True), (1, 10, False)]
    assert audit.hand.phase is Phase.DRAWING  # nobody can bet: straight to the draws
    for _ in range(3):
        audit.run("1 pat; 2 pat")
    result = audit.finish()
    assert [(p.amount, p.winners) for p in result.pots] == [(6, (2,))]
    assert result.final_stacks == {1: 97, 2: 6}


def test_blinds_bigger_than_the_stacks_post_all_in_and_win_only_what_they_matched() -> None:
    """RULES Blinds: a player whose stack is smaller than a blind posts it all-in, still draws,
    and wins only the pots they contributed to."""
    audit = audit_hand([3, 7, 100, 100], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN, KINGS_FULL])
    hand = audit.hand
    assert bets_of(hand) == [3, 7, 0, 0]
    assert [s.state for s in hand.public_view().seats] == ["all-in", "all-in", "active", "active"]
    texts = [r.text for r in hand.records if r.kind in (RecordKind.SMALL_BLIND,
             RecordKind.BIG_BLIND)]  # fmt: skip
    assert texts == ["Alice posts the small blind 3 and is all-in",
                     "Bob posts the big blind 7 and is all-in"]  # fmt: skip
    audit.run("3 call")
    call = hand.public_view().seats[2].bet  # 7 here; see the report (RULES is silent)
    audit.run("4 call")
    assert hand.phase is Phase.DRAWING and hand.to_act == 1  # the all-in blinds draw
    audit.run("1 pat; 2 pat; 3 pat; 4 pat; 3 bet; 4 call")
    audit.run("1 pat; 2 pat; 3 pat; 4 pat; 3 check; 4 check")
    audit.run("1 pat; 2 pat; 3 pat; 4 pat; 3 bet; 4 call")
    result = audit.finish()
    pots = [(p.amount, p.eligible, p.winners) for p in result.pots]
    assert pots == [
        (12, (1, 2, 3, 4), (1,)),
        (12, (2, 3, 4), (2,)),
        (2 * (call - 7) + 2 * 10 + 2 * 20, (3, 4), (3,)),
    ]
    assert result.final_stacks[1] == 12 and result.final_stacks[2] == 12


# ====================================================================== Deal and betting rounds


def test_round_one_starts_left_of_the_big_blind_and_the_big_blind_keeps_the_option() -> None:
    """RULES Deal and betting: round 1 starts left of the big blind; the blinds keep their
    option to raise when nobody raised."""
    audit = audit_hand([100] * 5, HOLES)
    hand = audit.hand
    assert hand.to_act == 3
    audit.run("3 call; 4 call; 5 call; 1 call")
    legal = hand.legal()
    assert legal.player_id == 2 and legal.can_check and legal.can_bet_or_raise
    assert legal.bet_or_raise_to == 20
    audit.run("2 raise")
    assert hand.phase is Phase.BETTING and hand.to_act == 3  # everyone acts again
    audit.run("3 call; 4 call; 5 fold; 1 call")
    assert phase_of(hand) is Phase.DRAWING
    audit.checks_to_the_end()
    result = audit.finish()
    assert result.pots[0].amount == 90


def test_small_blind_raises_its_option() -> None:
    """RULES Deal: the blinds keep their option; the small blind may raise when everyone
    limped (raise to 2S: completing costs S/2, the raise one more S)."""
    audit = audit_hand([100, 100, 100], HOLES[:3])
    audit.run("3 call")
    legal = audit.hand.legal()
    assert legal.player_id == 1 and legal.call_amount == 5 and legal.bet_or_raise_to == 20
    audit.run("1 raise; 2 call; 3 call")
    assert audit.hand.phase is Phase.DRAWING
    audit.checks_to_the_end()
    assert audit.finish().pots[0].amount == 60


def test_rounds_two_to_four_start_with_the_first_active_player_left_of_the_button() -> None:
    """RULES Deal and betting, rounds 2-4: first active player left of the button (not left
    of the big blind), skipping folded and all-in players; the draws start there too."""
    stacks = [100, 100, 40, 100, 100]
    holes = [KINGS_FULL, TEN_NINE, NUMBER_ONE, EIGHT_SIX, NINE_SEVEN]
    audit = audit_hand(stacks, holes)
    hand = audit.hand
    audit.run("3 call; 4 call; 5 call; 1 fold; 2 check")
    assert hand.phase is Phase.DRAWING and hand.to_act == 2  # Alice folded
    audit.run("2 pat; 3 pat; 4 pat; 5 pat")
    assert hand.to_act == 2 and hand.betting_round == 1
    audit.run("2 check; 3 bet; 4 call; 5 call; 2 fold")
    assert hand.phase is Phase.DRAWING and hand.to_act == 3  # Bob folded too
    audit.run("3 pat; 4 pat; 5 pat")
    assert hand.to_act == 3 and hand.betting_round == 2
    audit.run("3 bet; 4 call; 5 call")
    assert hand.stacks[3] == 0
    assert hand.phase is Phase.DRAWING and hand.to_act == 3  # all-in Carol still draws first
    audit.run("3 pat; 4 pat; 5 pat")
    assert hand.to_act == 4 and hand.betting_round == 3  # Carol is all-in: Dan opens
    audit.run("4 check; 5 bet; 4 call")
    result = audit.finish()
    # Eve bet last: she shows first; then clockwise Carol (best), Dan (beats Eve's 9-7 for
    # the side pot).
    assert result.showdown_order == (5, 3, 4)
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (135, (3, 4, 5), (3,)),
        (40, (4, 5), (4,)),
    ]
    assert result.final_stacks == {1: 95, 2: 90, 3: 135, 4: 80, 5: 40}


def test_bets_are_one_small_bet_in_rounds_one_and_two_and_two_in_rounds_three_and_four() -> None:
    """RULES Deal and betting: bets and raises are exactly S in rounds 1-2, 2S in rounds 3-4."""
    audit = audit_hand([500, 500, 500], HOLES[:3], stakes=Stakes(7))
    hand = audit.hand
    amounts: list[tuple[int, str, int]] = []

    def note(script: str) -> None:
        before = len(hand.records)
        audit.run(script)
        amounts.extend(
            (hand.betting_round, r.kind.value, r.amount)
            for r in hand.records[before:]
            if r.kind in (RecordKind.BET, RecordKind.RAISE)
        )

    note("3 raise; 1 call; 2 call")
    note("1 pat; 2 pat; 3 pat; 1 bet; 2 raise; 3 call; 1 call")
    note("1 pat; 2 pat; 3 pat; 1 bet; 2 raise; 3 call; 1 call")
    note("1 pat; 2 pat; 3 pat; 1 check; 2 bet; 3 call; 1 call")
    # (round index is read after the action, so the pre-draw raise is seen from round 0)
    assert [(kind, amount) for _, kind, amount in amounts] == [
        ("raise", 14),
        ("bet", 7),
        ("raise", 14),
        ("bet", 14),
        ("raise", 28),
        ("bet", 14),
    ]
    result = audit.finish()
    assert result.pots[0].amount == 3 * (14 + 14 + 28 + 14)


def test_cap_before_the_draw_counts_the_big_blind_as_the_first_bet() -> None:
    """RULES Cap: four bets per round; before the draw the big blind is the first, so blind,
    raise, raise, raise is the cap."""
    audit = audit_hand([500, 500, 500], HOLES[:3])
    hand = audit.hand
    audit.run("3 raise; 1 raise; 2 raise")
    assert bets_of(hand) == [30, 40, 20]
    legal = hand.legal()
    assert legal.player_id == 3 and not legal.can_bet_or_raise and legal.call_amount == 20
    assert_refused(hand, lambda: hand.bet_or_raise(3), "capped")
    audit.run("3 call; 1 call")
    assert hand.phase is Phase.DRAWING
    audit.checks_to_the_end()
    assert audit.finish().pots[0].amount == 120


def test_cap_after_the_draws_is_a_bet_and_three_raises_in_every_round() -> None:
    """RULES Cap after the draw: a bet and three raises, in rounds 2, 3 and 4."""
    audit = audit_hand([1000, 1000, 1000], HOLES[:3])
    hand = audit.hand
    audit.run("3 call; 1 call; 2 check")
    for round_index, size in ((1, 10), (2, 20), (3, 20)):
        audit.run("1 pat; 2 pat; 3 pat")
        assert hand.betting_round == round_index
        audit.run("1 bet; 2 raise; 3 raise; 1 raise")
        assert bets_of(hand) == [4 * size, 2 * size, 3 * size]
        assert not hand.legal().can_bet_or_raise and hand.legal().bets_this_round == 4
        assert_refused(hand, lambda: hand.bet_or_raise(2), "capped")
        audit.run("2 call; 3 call")
    result = audit.finish()
    assert result.pots[0].amount == 3 * (10 + 40 + 80 + 80)


def test_cap_applies_heads_up_and_is_configurable_per_table() -> None:
    """RULES Cap: configurable per table (and nothing in RULES lifts it heads-up)."""
    audit = audit_hand([500, 500], HOLES[:2])
    audit.run("2 raise; 1 raise; 2 raise")
    assert not audit.hand.legal().can_bet_or_raise
    audit.run("1 call")
    audit.checks_to_the_end()
    assert audit.finish().pots[0].amount == 80
    three = audit_hand([500, 500, 500], HOLES[:3], stakes=Stakes(10, cap=3))
    three.run("3 raise; 1 raise")
    assert not three.hand.legal().can_bet_or_raise
    three.run("2 call; 3 call; 1 pat; 2 pat; 3 pat; 1 bet; 2 raise; 3 raise")
    assert not three.hand.legal().can_bet_or_raise
    three.run("1 call; 2 call")
    three.checks_to_the_end()
    assert three.finish().pots[0].amount == 3 * (30 + 30)


def test_short_all_in_raise_does_not_reopen_for_players_who_acted_after_the_draw() -> None:
    """RULES All-in: a short all-in does not reopen the betting for players who already acted;
    a player who has not acted may raise, to the all-in amount plus one full bet."""
    holes = [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN, KINGS_FULL]
    audit = audit_hand([200, 25, 200, 200], holes)
    hand = audit.hand
    audit.run("3 call; 4 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat; 4 pat")
    audit.run("1 bet; 2 raise")  # Bob: 15 left, all-in to 15 (5 over Alice's 10)
    assert hand.stacks[2] == 0 and bets_of(hand) == [10, 15, 0, 0]
    legal = hand.legal()
    assert legal.player_id == 3 and legal.can_bet_or_raise and legal.bet_or_raise_to == 25
    audit.run("3 call; 4 call")
    legal = hand.legal()
    assert legal.player_id == 1 and legal.call_amount == 5 and not legal.can_bet_or_raise
    assert_refused(hand, lambda: hand.bet_or_raise(1), "short all-in")
    audit.run("1 call")
    assert hand.phase is Phase.DRAWING
    audit.checks_to_the_end()
    result = audit.finish()
    assert result.pots[0].amount == 4 * 25 and result.pots[0].winners == (1,)


def test_full_raise_after_a_short_all_in_reopens_and_raises_go_from_the_all_in_amount() -> None:
    """RULES All-in: the next raise goes to the all-in amount plus one full bet; a full raise
    reopens the betting for everyone."""
    holes = [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN, KINGS_FULL]
    audit = audit_hand([200, 25, 200, 200], holes)
    hand = audit.hand
    audit.run("3 call; 4 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat; 4 pat")
    audit.run("1 bet; 2 raise; 3 raise")
    assert bets_of(hand) == [10, 15, 25, 0]
    assert hand.legal().bet_or_raise_to == 35
    audit.run("4 call")
    legal = hand.legal()
    assert legal.player_id == 1 and legal.can_bet_or_raise and legal.bet_or_raise_to == 35
    audit.run("1 raise; 3 call; 4 call")
    audit.checks_to_the_end()
    result = audit.finish()
    assert [p.amount for p in result.pots] == [4 * 25, 3 * 20]


def test_short_all_ins_adding_up_to_less_than_a_bet_do_not_reopen_more_do() -> None:
    """RULES All-in: short all-ins reopen only when they add up to a full bet."""
    holes = [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN, KINGS_FULL, TEN_NINE]
    # Bob +4 and Carol +5 over Alice's bet of 10: 9 < 10, Alice may only call.
    audit = audit_hand([200, 24, 29, 200, 200], holes)
    hand = audit.hand
    audit.run("3 call; 4 call; 5 call; 1 call; 2 check")
    audit.run("1 pat; 2 pat; 3 pat; 4 pat; 5 pat")
    audit.run("1 bet; 2 raise; 3 raise")
    assert bets_of(hand) == [10, 14, 19, 0, 0]
    legal = hand.legal()  # Dan has not acted: raise to 19 + 10
    assert legal.player_id == 4 and legal.can_bet_or_raise and legal.bet_or_raise_to == 29
    audit.run("4 call; 5 call")
    legal = hand.legal()
    assert legal.player_id == 1 and legal.call_amount == 9 and not legal.can_bet_or_raise
    audit.run("1 call")
    audit.checks_to_the_end()
    audit.finish()
    # Bob +4 and Carol +6: 10, a full bet: Alice may raise again, to 20 + 10.
    audit = audit_hand([200, 24, 30, 200, 200], holes)
    hand = audit.hand
    audit.run("3 call; 4 call; 5 call; 1 call; 2 check")
    audit.run("1 pat; 2 pat; 3 pat; 4 pat; 5 pat")
    audit.run("1 bet; 2 raise; 3 raise; 4 call; 5 call")
    legal = hand.legal()
    assert legal.player_id == 1 and legal.can_bet_or_raise and legal.bet_or_raise_to == 30
    audit.run("1 raise; 4 call; 5 call")
    audit.checks_to_the_end()
    audit.finish()


def test_short_all_in_opening_bet_the_next_raise_is_the_all_in_plus_a_full_bet() -> None:
    """RULES All-in: a player may bet for less than the full amount; the next raise goes to
    the all-in amount plus one full bet."""
    audit = audit_hand([16, 200, 200], HOLES[:3])
    hand = audit.hand
    audit.run("3 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat")
    record = hand.bet_or_raise(1)
    audit.check()
    assert record.kind is RecordKind.BET and record.amount == 6 and record.all_in
    assert record.text == "Alice bets 6 and is all-in"
    legal = hand.legal()
    assert legal.player_id == 2 and legal.call_amount == 6 and legal.bet_or_raise_to == 16
    audit.run("2 raise; 3 call")
    audit.checks_to_the_end()
    result = audit.finish()
    assert [(p.amount, p.winners) for p in result.pots] == [(48, (1,)), (20, (2,))]


def test_blind_who_has_not_acted_may_raise_a_short_all_in_raise_before_the_draw() -> None:
    """RULES All-in before the draw: the big blind has not acted yet when the small blind
    raises all-in short; the big blind may raise, to the all-in amount plus one full bet."""
    audit = audit_hand([12, 100, 100], HOLES[:3])
    hand = audit.hand
    audit.run("3 call; 1 raise")  # Alice: 12 in all, 2 over the big blind
    assert hand.stacks[1] == 0 and bets_of(hand) == [12, 10, 10]
    legal = hand.legal()
    assert legal.player_id == 2 and legal.can_bet_or_raise and legal.bet_or_raise_to == 22
    audit.run("2 call")
    assert hand.to_act == 3
    audit.run("3 call")
    audit.checks_to_the_end()
    assert audit.finish().pots[0].amount == 36


def test_short_all_in_raise_from_the_small_blind_does_not_reopen_for_a_limper() -> None:
    """RULES All-in before the draw: a limper who already acted faces a short all-in raise."""
    audit = audit_hand([12, 100, 100], HOLES[:3])
    hand = audit.hand
    audit.run("3 call; 1 raise; 2 call")
    legal = hand.legal()
    assert legal.player_id == 3 and legal.call_amount == 2
    assert not legal.can_bet_or_raise


def test_short_all_in_raise_by_the_big_blind_does_not_reopen_for_players_who_acted() -> None:
    """RULES All-in before the draw: the big blind's short all-in raise after limpers."""
    audit = audit_hand([100, 14, 100], HOLES[:3])
    hand = audit.hand
    audit.run("3 call; 1 call; 2 raise")
    assert hand.stacks[2] == 0
    legal = hand.legal()
    assert legal.player_id == 3 and legal.call_amount == 4
    assert not legal.can_bet_or_raise


def test_short_stack_facing_a_bet_is_told_why_it_cannot_raise() -> None:
    """Issue 2: error messages a player can read, and true."""
    audit = audit_hand([200, 16, 200], HOLES[:3])
    hand = audit.hand
    audit.run("3 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat; 1 bet")
    legal = hand.legal()
    assert legal.player_id == 2 and legal.call_is_all_in and not legal.can_bet_or_raise
    message = assert_refused(hand, partial(hand.bet_or_raise, 2))
    assert "acted" not in message and "chips" in message


def test_checking_is_allowed_when_nothing_is_owed_and_folding_then_too() -> None:
    """RULES All-in/checking: checking is always allowed with nothing to call; folding then
    is allowed but pointless."""
    audit = audit_hand([100, 100, 100], HOLES[:3])
    hand = audit.hand
    audit.run("3 call; 1 call")
    assert hand.legal().can_check and hand.legal().call_amount == 0
    audit.run("2 check; 1 pat; 2 pat; 3 pat")
    assert hand.legal().can_check
    audit.run("1 fold")  # pointless but allowed
    assert hand.private_cards(1) == []
    audit.checks_to_the_end()
    result = audit.finish()
    assert 1 not in result.pots[0].eligible and result.pots[0].winners == (2,)


# ====================================================================== Time and absence


def test_timeouts_check_when_free_fold_facing_a_bet_and_stand_pat_in_a_draw() -> None:
    """RULES Time: on timeout check if possible, else fold; a draw times out as standing pat."""
    audit = audit_hand([100] * 4, [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN, KINGS_FULL])
    hand = audit.hand

    def last_of(pid: int) -> Any:
        return [r for r in hand.records if r.player_id == pid][-1]

    audit.run("3 timeout")  # facing the big blind: fold
    assert last_of(3).kind is RecordKind.FOLD
    audit.run("4 call; 1 timeout")  # the small blind owes 5: fold
    assert last_of(1).kind is RecordKind.FOLD
    audit.run("2 timeout")  # the big blind's option: check
    assert last_of(2).kind is RecordKind.CHECK
    held = hand.private_cards(2)
    audit.run("2 timeout")
    record = last_of(2)
    assert record.kind is RecordKind.DRAW and record.draw_count == 0
    assert record.text == "Bob stands pat (time ran out)" and hand.private_cards(2) == held
    audit.run("4 pat; 2 timeout")  # nothing to call after the draw: check
    assert last_of(2).kind is RecordKind.CHECK
    audit.run("4 bet; 2 timeout")  # facing a bet: fold
    assert last_of(2).kind is RecordKind.FOLD
    result = audit.finish()
    assert result.won_without_showdown and result.winners == (4,)
    assert result.final_stacks == {1: 95, 2: 90, 3: 100, 4: 115}


def test_leaving_mid_hand_folds_the_hand_at_the_players_turn() -> None:
    """RULES Absence: leaving mid-hand folds the hand."""
    audit = audit_hand([100, 100, 100], HOLES[:3])
    hand = audit.hand
    assert hand.leave(3) != []  # Carol's turn: folded at once
    audit.check()
    assert hand.private_cards(3) == []
    audit.run("1 call; 2 check")
    audit.checks_to_the_end()
    assert 3 not in audit.finish().pots[0].eligible


def test_leaving_after_ones_last_action_still_folds_the_hand() -> None:
    """RULES Absence: a player who leaves when no betting turn is left for them."""
    audit = audit_hand([100, 100, 100], HOLES[:3])
    hand = audit.hand
    audit.run("3 call; 1 call; 2 check")
    for _ in range(2):
        audit.run("1 pat; 2 pat; 3 pat; 1 check; 2 check; 3 check")
    audit.run("1 pat; 2 pat; 3 pat; 1 check; 2 check")
    hand.leave(1)
    audit.run("3 check")
    result = audit.finish()
    assert 1 not in result.winners and 1 not in result.shown_hands


# ====================================================================== Cross-cutting


def test_deal_record_carries_the_dealt_cards_privately() -> None:
    """ARCHITECTURE/hand.py contract: the DEAL record's private ``received`` is the deal."""
    hand = audit_hand([100, 100, 100], HOLES[:3]).hand
    (deal,) = [r for r in hand.records if r.kind is RecordKind.DEAL]
    dealt = {int(c) for c in deal.received}
    assert dealt == {int(c) for pid in hand.player_ids for c in hand.private_cards(pid)}
    # Position by position, five cards each; the public text names no card.
    for k, pid in enumerate(hand.player_ids):
        assert list(deal.received[5 * k : 5 * k + 5]) == hand.private_cards(pid)
    assert deal.text == "Five cards are dealt to each player" and not card_tokens(deal.text)


def test_illegal_actions_are_refused_readably_and_change_nothing() -> None:
    """Issue 2: each action either returns a record or raises one domain error a player can
    read; nothing changes on error."""
    audit = audit_hand([100, 100, 100], HOLES[:3])
    hand = audit.hand
    assert_refused(hand, lambda: hand.act(3, "check"), "10 to call")
    assert_refused(hand, lambda: hand.act(3, "shove"))
    assert_refused(hand, lambda: hand.act(99, "fold"))
    audit.run("3 call; 1 call")
    assert_refused(hand, lambda: hand.act(2, "call"), "nothing to call")
    audit.run("2 check")
    assert_refused(hand, lambda: hand.draw(1, parse_cards("8c")), None, {"8c"})
    assert_refused(hand, lambda: hand.draw(1, parse_cards("7s7s")))
    assert_refused(hand, lambda: hand.act(1, "stand_pat", parse_cards("7s")), None, {"7s"})
    assert_refused(hand, lambda: hand.draw(1, [52]))
    assert_refused(hand, lambda: hand.draw(1, [-1]))
    message = assert_refused(hand, lambda: hand.draw(2, []))
    assert "Alice" in message  # the player to act is named
    audit.run("1 pat; 2 pat; 3 pat")
    assert_refused(hand, lambda: hand.show_mucked(1))
    audit.run("1 fold")
    assert_refused(hand, lambda: hand.check_or_call(1), "folded")
    audit.checks_to_the_end()
    audit.finish()


def test_json_round_trip_mid_hand_continues_identically() -> None:
    """Issue 2: the state serialises to JSON and back exactly (deck order included)."""
    audit = audit_hand([1000] * 6, [*HOLES, NINE_EIGHT])
    hand = audit.hand
    audit.run("3 call; 4 call; 5 call; 6 call; 1 call; 2 check")
    for pid in (1, 2, 3, 4):
        audit.draw(pid, hand.private_cards(pid))
    copy = Hand.from_json(json.loads(json.dumps(hand.to_json())))
    for pid in (5, 6):
        assert hand.draw(pid, hand.private_cards(pid)) == copy.draw(pid, copy.private_cards(pid))
    assert copy.to_json() == hand.to_json()
    assert hand.reshuffle_count == 1

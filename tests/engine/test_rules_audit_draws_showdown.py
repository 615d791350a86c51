"""Independent audit of ``../shared/RULES.md``: the Draws, Showdown and Naming sections.

Whole hands from named cards, driven by ``Audit`` (``tests/engine/_helpers.py``), which checks after
every step that chips are conserved, the 52 cards are distinct, nobody gets back a card they
just threw, the public view and record texts name no unshown card, and illegal actions are
refused without changing the state.
"""

from __future__ import annotations

import random

import pytest

from bot.engine import CARDS, Hand, Phase, RecordKind, Stakes, hand_name, parse_cards, rank27
from bot.engine.selfplay import random_discards, random_players
from tests.engine._helpers import (
    EIGHT_SIX,
    KINGS_FULL,
    NINE_EIGHT,
    NINE_SEVEN,
    NUMBER_ONE,
    TEN_NINE,
    Audit,
    audit_hand,
    card_set,
)

EIGHT_SIX_OTHER_SUITS = "8h6c4s3s2h"


def burns(audit: Audit) -> int:
    """Cards burned so far (from the public records)."""
    return sum(1 for r in audit.hand.records if r.kind is RecordKind.BURN)


# ====================================================================== Sequence


def test_deal_bet_draw_bet_draw_bet_draw_bet_showdown() -> None:
    """RULES Deal and betting rounds: deal - bet - draw - bet - draw - bet - draw - bet -
    showdown, and every betting round after a draw is opened by the first player left of the
    button even when someone else raised before (the Swedish seed's rule is not followed)."""
    audit = audit_hand([200] * 4, [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN, KINGS_FULL])
    hand = audit.hand
    audit.run("3 raise; 4 call; 1 call; 2 call")
    for draw_round in (1, 2, 3):
        view = hand.public_view()
        assert (view.phase, view.draw_round, hand.to_act) == (Phase.DRAWING, draw_round, 1)
        audit.run("1 pat; 2 pat; 3 pat; 4 pat")
        view = hand.public_view()
        assert (view.phase, view.betting_round, hand.to_act) == (Phase.BETTING, draw_round, 1)
        audit.run("1 check; 2 check; 3 bet; 4 call; 1 call; 2 call")
    audit.finish()
    sequence = [r.text for r in hand.records if r.kind in (RecordKind.ROUND, RecordKind.DEAL)]
    assert sequence == [
        "Five cards are dealt to each player",
        "Betting round: pre-draw",
        "The first draw",
        "Betting round: after first draw",
        "The second draw",
        "Betting round: after second draw",
        "The third draw",
        "Betting round: after third draw",
    ]
    kinds = [r.kind for r in hand.records]
    assert kinds.index(RecordKind.SHOW) > max(
        k for k, r in enumerate(hand.records) if r.kind is RecordKind.ROUND
    )


# ====================================================================== Draws


def test_draws_start_left_of_the_button_each_served_in_turn_after_one_burn() -> None:
    """RULES Draws: starting with the first active player left of the button, each player
    discards 0-5 and is served before the next draws; one burn before the first replacement
    card of a draw round (even when the first players stand pat), none when nobody draws."""
    then = "Jc" + "2h3s" + "4s5c6d" + "Ah" + "7d"
    audit = audit_hand([100] * 4, [KINGS_FULL, EIGHT_SIX, NINE_SEVEN, TEN_NINE], then)
    hand = audit.hand
    audit.run("3 call; 4 call; 1 fold; 2 check")
    assert hand.phase is Phase.DRAWING and hand.to_act == 2  # Alice folded: Bob first
    stub = hand.public_view().stub_count
    audit.run("2 pat")
    assert hand.public_view().stub_count == stub and burns(audit) == 0
    assert audit.draw(3, parse_cards("9d7c")) == tuple(parse_cards("2h3s"))
    assert burns(audit) == 1
    assert audit.draw(4, parse_cards("Th9h6s")) == tuple(parse_cards("4s5c6d"))
    assert burns(audit) == 1 and hand.public_view().stub_count == stub - 6
    assert card_set("Jc") <= set(hand.to_json()["muck"])
    audit.run("2 check; 3 check; 4 check")
    stub = hand.public_view().stub_count
    audit.run("2 pat; 3 pat; 4 pat")  # nobody draws: nothing burned
    assert hand.public_view().stub_count == stub and burns(audit) == 1
    audit.run("2 check; 3 check; 4 check; 2 pat; 3 pat")
    assert audit.draw(4, parse_cards("6d")) == tuple(parse_cards("7d"))  # after the Ah burn
    assert burns(audit) == 2
    audit.run("2 check; 3 check; 4 check")
    audit.finish()


def test_draw_counts_are_public_and_cards_are_not() -> None:
    """RULES Draws: everyone sees how many cards each player drew ("Alice draws 2 · Bob stands
    pat"); the cards themselves stay private (checked by the audit after every step)."""
    audit = audit_hand([100, 100, 100], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN])
    hand = audit.hand
    audit.run("3 call; 1 call; 2 check")
    audit.run("1 pat; 2 draw 8c; 3 draw 9d7c")
    assert hand.recent_actions(3) == ["Alice stands pat", "Bob draws 1", "Carol draws 2"]
    audit.run("1 check; 2 check; 3 check; 1 pat; 2 pat")
    audit.draw(3, hand.private_cards(3))
    assert hand.recent_actions(1) == ["Carol draws 5"]
    seats = hand.public_view().seats
    assert [s.draw_counts for s in seats] == [(0, 0, None), (1, 0, None), (2, 5, None)]
    audit.run("1 check; 2 check; 3 check")
    audit.checks_to_the_end()
    audit.finish()


def test_all_in_players_still_draw_in_every_draw() -> None:
    """RULES Draws: players who are all-in still draw (in turn, left of the button first)."""
    then = "Jc" + "7h5c4s3sAh" + "Ts" + "2h"
    audit = audit_hand([10, 100, 100], [KINGS_FULL, EIGHT_SIX, NINE_SEVEN], then)
    hand = audit.hand
    audit.run("3 call; 1 call")
    assert hand.stacks[1] == 0
    audit.run("2 check")
    assert hand.to_act == 1
    assert audit.draw(1, parse_cards(KINGS_FULL)) == tuple(parse_cards("7h5c4s3sAh"))
    audit.run("2 pat; 3 pat; 2 check; 3 check")
    assert hand.to_act == 1
    assert audit.draw(1, parse_cards("Ah")) == tuple(parse_cards("2h"))  # after the Ts burn
    audit.run("2 pat; 3 pat; 2 bet; 3 call")
    assert hand.to_act == 1
    audit.run("1 pat; 2 pat; 3 pat; 2 check; 3 check")
    result = audit.finish()
    assert result.hand_names[1] == "number one"
    assert [(p.amount, p.winners) for p in result.pots] == [(30, (1,)), (40, (2,))]


def test_reshuffle_hungarian_worked_example() -> None:
    """RULES Draws, the reshuffle (Hungarian seed's example): player 1 draws 3, player 2 draws 2,
    player 3 draws 1; the stub runs out after player 1's three and player 2's first card. The
    muck - burns, the folded hand, all earlier discards and player 1's discards of this draw -
    is shuffled into a new stub; player 2's discards of this draw are not in it."""
    audit = audit_hand([500] * 4, [KINGS_FULL, EIGHT_SIX, NINE_SEVEN, TEN_NINE])
    hand = audit.hand
    folded = card_set(TEN_NINE)
    audit.run("3 call; 4 fold; 1 call; 2 check")
    earlier: set[int] = set()
    for pid in (1, 2, 3):  # first draw: 1 burn + 15 cards
        earlier |= {int(c) for c in hand.private_cards(pid)}
        audit.draw(pid, hand.private_cards(pid))
    audit.run("1 check; 2 check; 3 check")
    for pid in (1, 2):  # second draw: 1 burn + 10 cards
        earlier |= {int(c) for c in hand.private_cards(pid)}
        audit.draw(pid, hand.private_cards(pid))
    audit.run("3 pat; 1 check; 2 check; 3 check")
    assert hand.public_view().stub_count == 5 and hand.reshuffle_count == 0
    first = hand.private_cards(1)[:3]
    audit.draw(1, first)  # the third burn, then three cards: one card left
    assert hand.public_view().stub_count == 1 and hand.reshuffle_count == 0
    second = hand.private_cards(2)[:2]
    third_keeps = {int(c) for c in hand.private_cards(3)}
    received = audit.draw(2, second)
    assert hand.reshuffle_count == 1
    new_stub = set(hand.to_json()["stub"]) | {received[1]}
    assert len(new_stub) == 36 and hand.public_view().stub_count == 35
    (record,) = [r for r in hand.records if r.kind is RecordKind.RESHUFFLE]
    assert record.amount == 36 and "36 cards" in record.text
    burned = (
        set(range(52))
        - {c for pid in (1, 2, 3) for c in (int(x) for x in hand.private_cards(pid))}
        - {int(c) for c in second}
        - earlier
        - folded
        - {int(c) for c in first}
    )
    assert len(burned) == 3
    assert new_stub == folded | earlier | {int(c) for c in first} | burned
    assert not new_stub & {int(c) for c in second}  # Bob's own discards of this draw
    assert not new_stub & third_keeps
    assert received[1] in new_stub and received[1] not in {int(c) for c in second}
    got = audit.draw(3, hand.private_cards(3)[:1])
    assert got[0] in new_stub
    audit.run("1 check; 2 check; 3 check")
    audit.finish()


def test_reshuffle_when_the_stub_is_empty_before_the_burn() -> None:
    """RULES Draws, the reshuffle: the stub is empty when a draw round's first replacement is
    due; the muck (without the current player's discards) becomes the stub, then one burn."""
    audit = audit_hand([500] * 4, [KINGS_FULL, EIGHT_SIX, NINE_SEVEN, TEN_NINE])
    hand = audit.hand
    audit.run("3 call; 4 call; 1 call; 2 check")
    for pid in (1, 2, 3, 4):  # 1 burn + 20 cards: 11 left
        audit.draw(pid, hand.private_cards(pid))
    audit.run("1 check; 2 check; 3 check; 4 check")
    for pid in (1, 2):  # 1 burn + 10 cards: the stub is empty
        audit.draw(pid, hand.private_cards(pid))
    audit.run("3 pat; 4 pat; 1 check; 2 check; 3 check; 4 check")
    assert hand.public_view().stub_count == 0
    audit.run("1 pat; 2 pat")
    held = {c for pid in (1, 2, 3, 4) for c in (int(x) for x in hand.private_cards(pid))}
    thrown = hand.private_cards(3)[:1]
    got = audit.draw(3, thrown)
    assert hand.reshuffle_count == 1 and burns(audit) == 3
    data = hand.to_json()
    burn = set(data["muck"]) - {int(c) for c in thrown}
    assert len(burn) == 1 and set(data["muck"]) == burn | {int(c) for c in thrown}
    assert set(data["stub"]) | burn | set(got) == set(range(52)) - held
    audit.run("4 pat; 1 check; 2 check; 3 check; 4 check")
    audit.finish()


def test_six_players_drawing_five_in_every_draw() -> None:
    """RULES Draws: with 6 players the reshuffle is a main path; cards stay unique and nobody
    gets back the cards they just threw (checked after every step by the audit)."""
    holes = [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN, KINGS_FULL, TEN_NINE, NINE_EIGHT]
    audit = audit_hand([1000] * 6, holes)
    hand = audit.hand
    audit.run("3 call; 4 call; 5 call; 6 call; 1 call; 2 check")
    for _ in range(3):
        for pid in range(1, 7):
            audit.draw(pid, hand.private_cards(pid))
        audit.run("1 check; 2 check; 3 check; 4 check; 5 check; 6 check")
    assert hand.reshuffle_count >= 3
    result = audit.finish()
    assert result.pots[0].amount == 60


# ====================================================================== Showdown


def heads_up_showdown(alice: str, bob: str) -> tuple[int, ...]:
    """Check a heads-up hand down and return the winners of the pot (1 = Alice, 2 = Bob)."""
    audit = audit_hand([100, 100], [alice, bob])
    audit.run("2 call; 1 check")
    audit.checks_to_the_end()
    result = audit.finish()
    (pot,) = result.pots
    if len(pot.winners) == 2:
        assert pot.shares == {1: 10, 2: 10}
    return tuple(sorted(pot.winners))


@pytest.mark.parametrize(
    ("alice", "bob", "winners", "why"),
    [
        ("As5d4c3h2s", "2h2c3d4s5c", (1,), "A-5-4-3-2 is ace-high, not a straight: beats a pair"),
        ("9c8d6h3s2c", "9h8s6d4c2d", (1,), "compare from the top card down (Russian seed)"),
        ("AsKdQcJh9s", "7h5h4h3h2h", (1,), "a flush counts against: worst no-pair beats it"),
        ("AsAdKcQhJs", "6s5d4c3h2s", (1,), "a straight is worse than a pair"),
        ("9h8d7c6h5d", "Ks9s7s4s3s", (1,), "a flush is worse than a straight"),
        ("Js9s7s4s3s", "KhKdKcQcQs", (1,), "a full house is worse than a flush"),
        ("KhKdKcQcQs", "9s9h9d9c2s", (1,), "quads are worse than a full house"),
        ("9s9h9d9c2s", "6h5h4h3h2h", (1,), "a straight flush is the worst"),
        ("7s5d4c3h2s", "7h6d4s3c2c", (1,), "number one beats number two"),
        ("9s9d7c6h5s", "9h9c8d4s2c", (1,), "same pair: kickers from the highest down"),
        ("9s9d4c4hKs", "9h9c5d5s2c", (1,), "two pair: the lower second pair wins"),
        ("2s2d3c4h5s", "AsAdKcQhJs", (1,), "2-2-3-4-5 is the best pair"),
        (EIGHT_SIX, EIGHT_SIX_OTHER_SUITS, (1, 2), "suits never break ties"),
    ],
)
def test_deuce_to_seven_ranking_decides_the_showdown(
    alice: str, bob: str, winners: tuple[int, ...], why: str
) -> None:
    """RULES Showdown: deuce-to-seven low, aces high, straights and flushes count against."""
    assert heads_up_showdown(alice, bob) == winners, why
    if len(winners) == 1:
        assert heads_up_showdown(bob, alice) == (2,), why


def test_rank_numbers_boundaries() -> None:
    """RULES Showdown: rank 1 is 7-5-4-3-2 offsuit, the Indonesian top 20 in order, A-K-Q-J-9
    the worst no-pair right before 2-2-3-4-5, rank 7462 the royal flush."""
    suits = "cdhsc"
    top = [
        "75432", "76432", "76532", "76542", "85432", "86432", "86532", "86542", "86543",
        "87432", "87532", "87542", "87543", "87632", "87642", "87643", "87652", "87653",
        "95432", "96432",
    ]  # fmt: skip
    assert [rank27("".join(r + s for r, s in zip(h, suits, strict=True))) for h in top] == list(
        range(1, 21)
    )
    assert rank27("2s2d3c4h5s") == rank27("AsKdQcJh9s") + 1
    assert rank27("AsKsQsJsTs") == 7462
    assert rank27("7s5s4s3s2s") > rank27("6s5d4c3h2s")  # suited number one is a flush


def test_showdown_order_last_raiser_first_then_clockwise_and_auto_muck() -> None:
    """RULES Showdown: the last player to bet or raise in the final round shows first, then
    clockwise; a hand that cannot win any pot it is eligible for is mucked automatically (its
    owner may choose to show it)."""
    holes = [EIGHT_SIX, NINE_EIGHT, NUMBER_ONE, NINE_SEVEN]
    audit = audit_hand([200] * 4, holes)
    hand = audit.hand
    audit.run("3 call; 4 call; 1 call; 2 check")
    for _ in range(2):
        audit.run("1 pat; 2 pat; 3 pat; 4 pat; 1 check; 2 check; 3 check; 4 check")
    audit.run("1 pat; 2 pat; 3 pat; 4 pat")
    audit.run("1 check; 2 check; 3 bet; 4 raise; 1 call; 2 call; 3 call")
    result = audit.finish()
    assert result.showdown_order == (4, 1, 2, 3)
    assert set(result.shown_hands) == {4, 1, 3} and result.mucked == (2,)
    kinds = [(r.kind, r.player_id) for r in hand.records
             if r.kind in (RecordKind.SHOW, RecordKind.MUCK)]  # fmt: skip
    assert kinds == [
        (RecordKind.SHOW, 4),
        (RecordKind.SHOW, 1),
        (RecordKind.MUCK, 2),
        (RecordKind.SHOW, 3),
    ]
    assert result.hand_names == {4: "nine-seven low", 1: "eight-six low", 3: "number one"}
    assert result.final_stacks == {1: 150, 2: 150, 3: 350, 4: 150}
    hand.show_mucked(2)  # Bob chooses to show after all
    audit.check()
    assert 2 in hand.result.shown_hands  # type: ignore[union-attr]


def test_showdown_without_a_bet_starts_left_of_the_button_and_the_odd_chip_too() -> None:
    """RULES Showdown: no bet in the final round: the first active player left of the button
    shows first. Ties split; the odd chip goes to the first tied winner left of the button
    (Bob), not to the first to show."""
    holes = [KINGS_FULL, EIGHT_SIX_OTHER_SUITS, EIGHT_SIX, NINE_SEVEN]
    audit = audit_hand([100] * 4, holes, stakes=Stakes(10, small_blind=3))
    audit.run("3 call; 4 call; 1 fold; 2 check")
    for _ in range(2):
        audit.run("2 pat; 3 pat; 4 pat; 2 check; 3 check; 4 check")
    audit.run("2 pat; 3 pat; 4 pat; 2 check; 3 check; 4 check")
    result = audit.finish()
    assert result.showdown_order == (2, 3, 4)  # Alice folded: Bob first
    assert result.mucked == (4,)
    (pot,) = result.pots
    assert pot.amount == 33 and pot.shares == {2: 17, 3: 16}
    # Same tie, but Carol bets last and shows first: the odd chip still goes to Bob.
    audit = audit_hand([100] * 4, holes, stakes=Stakes(10, small_blind=3))
    audit.run("3 call; 4 call; 1 fold; 2 check")
    for _ in range(2):
        audit.run("2 pat; 3 pat; 4 pat; 2 check; 3 check; 4 check")
    audit.run("2 pat; 3 pat; 4 pat; 2 check; 3 bet; 4 call; 2 call")
    result = audit.finish()
    assert result.showdown_order == (3, 4, 2) and result.mucked == (4,)
    (pot,) = result.pots
    assert pot.amount == 93 and pot.shares == {2: 47, 3: 46}
    assert result.final_stacks == {1: 97, 2: 117, 3: 116, 4: 70}


def test_three_way_side_pots_with_different_all_in_levels() -> None:
    """RULES Showdown: side pots from each player's contribution; a player wins only the pots
    they contributed to; auto-muck per pot eligibility."""
    holes = [NUMBER_ONE, NINE_EIGHT, KINGS_FULL, NINE_SEVEN]
    audit = audit_hand([25, 50, 200, 200], holes)
    hand = audit.hand
    audit.run("3 raise; 4 raise; 1 call; 2 call; 3 call")
    assert hand.stacks[1] == 0
    audit.run("1 pat; 2 pat; 3 pat; 4 pat")
    assert hand.to_act == 2  # Alice is all-in
    audit.run("2 bet; 3 raise; 4 call; 2 call")
    assert hand.stacks[2] == 0
    audit.run("1 pat; 2 pat; 3 pat; 4 pat; 3 bet; 4 call")
    audit.run("1 pat; 2 pat; 3 pat; 4 pat; 3 bet; 4 call")
    result = audit.finish()
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (100, (1, 2, 3, 4), (1,)),
        (75, (2, 3, 4), (4,)),
        (80, (3, 4), (4,)),
    ]
    assert result.showdown_order == (3, 4, 1, 2) and result.mucked == (2,)
    assert result.final_stacks == {1: 100, 2: 0, 3: 110, 4: 265}


def test_four_way_side_pots_with_three_all_in_levels() -> None:
    """RULES Showdown: four pots from three all-in levels (5 players)."""
    holes = [NINE_SEVEN, NUMBER_ONE, EIGHT_SIX, KINGS_FULL, TEN_NINE]
    audit = audit_hand([15, 35, 65, 200, 200], holes)
    hand = audit.hand
    audit.run("3 call; 4 raise; 5 call; 1 call; 2 call; 3 call")
    audit.run("1 pat; 2 pat; 3 pat; 4 pat; 5 pat")
    audit.run("2 bet; 3 raise; 4 call; 5 call; 2 call")
    audit.run("1 pat; 2 pat; 3 pat; 4 pat; 5 pat")
    audit.run("3 bet; 4 raise; 5 call; 3 call")
    assert [hand.stacks[p] for p in (1, 2, 3)] == [0, 0, 0]
    audit.run("1 pat; 2 pat; 3 pat; 4 pat; 5 pat; 4 bet; 5 call")
    result = audit.finish()
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (75, (1, 2, 3, 4, 5), (2,)),
        (80, (2, 3, 4, 5), (2,)),
        (90, (3, 4, 5), (3,)),
        (70, (4, 5), (5,)),
    ]
    assert result.showdown_order == (4, 5, 1, 2, 3) and result.mucked == ()
    assert result.final_stacks == {1: 0, 2: 155, 3: 90, 4: 100, 5: 170}


def test_odd_chip_of_a_side_pot_goes_to_the_first_tied_winner_left_of_the_button() -> None:
    """RULES Showdown: ties split each pot equally, the odd chip of each (side) pot going to
    the first tied winner left of the button."""
    holes = [NUMBER_ONE, KINGS_FULL, EIGHT_SIX, EIGHT_SIX_OTHER_SUITS, TEN_NINE]
    audit = audit_hand([3, 100, 100, 100, 100], holes, stakes=Stakes(10, small_blind=3))
    audit.run("3 call; 4 call; 5 fold; 2 check")
    for _ in range(2):
        audit.run("1 pat; 2 pat; 3 pat; 4 pat; 2 check; 3 check; 4 check")
    audit.run("1 pat; 2 pat; 3 pat; 4 pat; 2 check; 3 check; 4 bet; 2 fold; 3 call")
    result = audit.finish()
    assert [(p.amount, p.eligible, p.winners, p.shares) for p in result.pots] == [
        (12, (1, 3, 4), (1,), {1: 12}),
        (61, (3, 4), (3, 4), {3: 31, 4: 30}),
    ]
    assert result.showdown_order == (4, 1, 3)
    assert result.final_stacks == {1: 12, 2: 90, 3: 101, 4: 100, 5: 100}


def test_fold_to_win_without_showing() -> None:
    """RULES Showdown: if everyone but one folds, that player wins without showing (an
    uncalled bet goes back and is no pot)."""
    audit = audit_hand([100, 100, 100], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN])
    audit.run("3 fold; 1 fold")
    result = audit.finish()
    assert result.won_without_showdown and result.winners == (2,)
    assert result.shown_hands == {} and result.mucked == () and result.hand_names == {}
    assert result.final_stacks == {1: 95, 2: 105, 3: 100}
    # Bob's big blind was called by nobody beyond Alice's 5: 5 goes back, the pot is 10.
    assert [(p.amount, p.winners) for p in result.pots] == [(10, (2,))]
    assert result.payouts == {1: 0, 2: 15, 3: 0}
    audit = audit_hand([100, 100, 100], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN])
    audit.run("3 call; 1 call; 2 check; 1 pat; 2 draw 8c; 3 draw 9d7c; 1 check; 2 check")
    audit.run("3 check; 1 pat; 2 pat; 3 pat; 1 bet; 2 fold; 3 fold")
    result = audit.finish()
    assert result.won_without_showdown and result.shown_hands == {}
    assert not any(r.kind in (RecordKind.SHOW, RecordKind.MUCK) for r in audit.hand.records)
    # The uncalled 20 goes back, as at a showdown; the 30 the others put in is the pot.
    returned = [(r.player_id, r.amount) for r in audit.hand.records if r.kind is RecordKind.RETURN]
    assert returned == [(1, 20)]
    assert [(p.amount, p.winners) for p in result.pots] == [(30, (1,))]
    assert result.winners == (1,) and result.net == {1: 20, 2: -10, 3: -10}
    assert result.final_stacks == {1: 120, 2: 90, 3: 90}


def test_side_pot_with_folded_money_is_a_pot_not_an_uncalled_bet() -> None:
    """RULES Showdown: side pots from each player's contribution; only the part of a bet nobody
    called goes back."""
    audit = audit_hand([30, 100, 100], [NINE_SEVEN, EIGHT_SIX, NUMBER_ONE])
    audit.run("3 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat")
    audit.run("1 bet; 2 raise; 3 call; 1 call")
    audit.run("1 pat; 2 pat; 3 pat; 2 bet; 3 call")
    audit.run("1 pat; 2 pat; 3 pat; 2 bet; 3 fold")
    result = audit.finish()
    assert result.final_stacks == {1: 0, 2: 180, 3: 50}
    returned = [(r.player_id, r.amount) for r in audit.hand.records if r.kind is RecordKind.RETURN]
    assert returned == [(2, 20)]
    assert [(p.amount, p.winners) for p in result.pots] == [(90, (2,)), (40, (2,))]


# ====================================================================== Naming


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("8s6d4c3h2s", "eight-six low"),
        ("7s5d4c3h2s", "number one"),
        ("7s6d4c3h2s", "number two"),
        ("8s5d4c3h2s", "eight-five low"),
        ("8s7d4c3h2s", "eight-seven low"),
        ("9s9d4c3h2s", "pair of nines"),
        ("9s8d7c6h5s", "straight, nine high"),
    ],
)
def test_hand_names(cards: str, name: str) -> None:
    """RULES Naming: a no-pair hand by its top cards; 7-5-4-3-2 "number one", 7-6-4-3-2 "number
    two"; paired and worse hands as in high poker."""
    assert hand_name(cards) == name
    assert hand_name(parse_cards(cards)) == name


def test_hand_names_of_flushes_and_the_nut_ace_and_at_the_showdown() -> None:
    """RULES Naming: "flush" as in high poker; A-5-4-3-2 is ace-high, never a straight; the
    names reach the showdown record and the private view."""
    assert hand_name("Ks9s7s4s3s").startswith("flush")
    assert hand_name("7s5s4s3s2s").startswith("flush")  # not "number one"
    assert "straight" not in hand_name("As5d4c3h2s") and hand_name("As5d4c3h2s").startswith("ace")
    audit = audit_hand([100, 100], [NUMBER_ONE, EIGHT_SIX])
    assert audit.hand.private_view(1).hand_name == "number one"
    assert audit.hand.private_view(2).hand_name == "eight-six low"
    audit.run("2 call; 1 check")
    audit.checks_to_the_end()
    result = audit.finish()
    shows = [r.text for r in audit.hand.records if r.kind is RecordKind.SHOW]
    assert shows == ["Alice shows 7s 5d 4c 3h 2s (number one)"]
    assert result.hand_names == {1: "number one"} and result.mucked == (2,)


def test_uncalled_final_bet_against_an_all_in_player_comes_back_and_the_bettor_shows_first() -> (
    None
):
    """RULES Showdown: the last bettor of the final round shows first even when nobody could
    call (the other player is all-in); the uncalled bet goes back."""
    audit = audit_hand([20, 200, 200], [NUMBER_ONE, EIGHT_SIX, NINE_SEVEN])
    audit.run("3 call; 1 call; 2 check; 1 pat; 2 pat; 3 pat; 1 bet; 2 call; 3 call")
    assert audit.hand.stacks[1] == 0
    audit.run("1 pat; 2 pat; 3 pat; 2 check; 3 check; 1 pat; 2 pat; 3 pat; 2 bet; 3 fold")
    result = audit.finish()
    assert result.showdown_order == (2, 1)
    assert [(p.amount, p.winners) for p in result.pots] == [(60, (1,))]
    returned = [(r.player_id, r.amount) for r in audit.hand.records if r.kind is RecordKind.RETURN]
    assert returned == [(2, 20)]
    assert result.final_stacks == {1: 60, 2: 180, 3: 180}


# ====================================================================== Random hands, oracle


def independent_payouts(hand: Hand) -> tuple[dict[int, int], tuple[int, ...], tuple[int, ...]]:
    """Recompute from RULES alone (contributions, final cards, records): the chips each player
    gets back, the showdown order and who mucks."""
    data = hand.to_json()
    ids = hand.player_ids
    n = len(ids)
    contrib = data["contrib"]
    live = [i for i in range(n) if data["in_hand"][i]]
    payouts = dict.fromkeys(ids, 0)
    if len(live) == 1:
        payouts[ids[live[0]]] = sum(contrib)
        return payouts, (), ()
    ranks = {i: rank27([CARDS[c] for c in data["holes"][i]]) for i in live}
    # Pots by contribution level of the players still in; the excess over the highest level
    # (nobody called it) goes back to whoever put it in.
    levels = sorted({contrib[i] for i in live})
    pots: list[tuple[int, list[int]]] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contrib)
        pots.append((amount, [i for i in live if contrib[i] >= level]))
        previous = level
    for i in range(n):
        payouts[ids[i]] += max(0, contrib[i] - previous)
    # Showdown order: the last bettor/raiser of the final round, else the first live player
    # left of the button; then clockwise.
    last_round_start = max(
        k for k, r in enumerate(hand.records) if r.kind is RecordKind.ROUND and r.amount == 3
    )
    aggressors = [
        r.player_id
        for r in hand.records[last_round_start:]
        if r.kind in (RecordKind.BET, RecordKind.RAISE)
    ]
    first = ids.index(aggressors[-1]) if aggressors else live[0]
    order = [(first + k) % n for k in range(n) if (first + k) % n in live]
    contested = [eligible for _, eligible in pots if len(eligible) > 1]
    best = [1 << 30] * len(contested)
    mucked = []
    for i in order:
        shows = False
        for k, eligible in enumerate(contested):
            if i in eligible and ranks[i] <= best[k]:
                best[k] = ranks[i]
                shows = True
        if not shows:
            mucked.append(ids[i])
    for amount, eligible in pots:
        top = min(ranks[i] for i in eligible)
        winners = [i for i in eligible if ranks[i] == top]  # position order from the button
        share, odd = divmod(amount, len(winners))
        for w in winners:
            payouts[ids[w]] += share
        payouts[ids[winners[0]]] += odd
    return payouts, tuple(ids[i] for i in order), tuple(mucked)


def test_random_hands_follow_the_rules_at_every_step(exhaustive: bool) -> None:
    """Random legal hands (short stacks included, so all-ins, side pots and reshuffles occur):
    the audit's always-true rules after every step, and at the end pots, showdown order and
    auto-muck recomputed from RULES alone. 70 seeded hands (200 with ``--exhaustive``)."""
    count = 200 if exhaustive else 70
    rng = random.Random(20261130)
    showdowns = side_pots = reshuffles = 0
    for k in range(count):
        count = 2 + k % 5
        players = random_players(rng, count)
        hand = Hand.start(players, rng.randrange(count), Stakes(10), rng=rng, hand_id=k)
        audit = Audit(hand, sweep_illegal=False)
        while not hand.is_complete:
            pid = hand.to_act
            assert pid is not None
            if hand.phase is Phase.DRAWING:
                audit.draw(pid, random_discards(rng.random, hand.private_cards(pid)))
                continue
            legal = hand.legal()
            roll = rng.random()
            if legal.call_amount and roll < 0.15:
                audit.run(f"{pid} fold")
            elif legal.can_bet_or_raise and roll < 0.45:
                audit.run(f"{pid} bet_or_raise")
            else:
                audit.run(f"{pid} check_or_call")
        result = audit.finish()
        payouts, order, mucked = independent_payouts(hand)
        assert result.payouts == payouts
        start = {p.player_id: p.stack for p in players}
        contributed = dict(zip(hand.player_ids, hand.to_json()["contrib"], strict=True))
        assert result.final_stacks == {
            pid: start[pid] - contributed[pid] + payouts[pid] for pid in hand.player_ids
        }
        if not result.won_without_showdown:
            showdowns += 1
            assert result.showdown_order == order and result.mucked == mucked
        side_pots += len(result.pots) > 1
        reshuffles += hand.reshuffle_count > 0
    assert showdowns > count // 4 and side_pots > count // 20 and reshuffles > count // 20, (
        showdowns,
        side_pots,
        reshuffles,
    )

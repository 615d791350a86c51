"""JSON round trips at every step, property tests, and the views the Discord layer renders."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import CARDS, Hand, Phase, RecordKind, Stakes, hand_name
from bot.engine.phh import hand_to_phh
from bot.engine.selfplay import play_random_hand, random_discards, random_players
from tests.engine._helpers import named_hand, play


def random_step(hand: Hand, rng: random.Random) -> tuple[str, list[int]]:
    """One random legal decision for the player to act (as an ``act`` call)."""
    pid = hand.to_act
    assert pid is not None
    if hand.phase is Phase.DRAWING:
        discards = random_discards(rng.random, hand.private_cards(pid))
        return "draw", [int(c) for c in discards]
    legal = hand.legal()
    roll = rng.random()
    if legal.call_amount and roll < 0.15:
        return "fold", []
    if legal.can_bet_or_raise and roll < 0.5:
        return "raise", []
    return ("call" if legal.call_amount else "check"), []


def random_hands(rng: random.Random, count: int) -> Iterator[Hand]:
    """``count`` freshly dealt hands of two to six random players."""
    for k in range(count):
        players = random_players(rng, 2 + k % 5)
        yield Hand.start(players, rng.randrange(len(players)), Stakes(10), rng=rng, hand_id=k)


def test_json_round_trip_at_every_step_continues_identically() -> None:
    rng = random.Random(2024)
    steps = reshuffled = 0
    for hand in random_hands(rng, 40):
        while not hand.is_complete:
            data = hand.to_json()
            text = json.dumps(data)
            copy = Hand.from_json(json.loads(text))
            assert copy.to_json() == data
            assert copy.public_view() == hand.public_view()
            action, discards = random_step(hand, rng)
            pid = hand.to_act
            assert pid is not None
            first = hand.act(pid, action, [CARDS[c] for c in discards])
            second = copy.act(pid, action, [CARDS[c] for c in discards])
            assert first == second
            assert copy.to_json() == hand.to_json()
            steps += 1
        assert copy.result == hand.result
        assert copy.records == hand.records
        assert hand_to_phh(copy) == hand_to_phh(hand)
        reshuffled += hand.reshuffle_count > 0
    assert steps > 500 and reshuffled > 5


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), count=st.integers(2, 6))
def test_chips_are_conserved_and_the_52_cards_stay_unique(seed: int, count: int) -> None:
    hand = play_random_hand(random.Random(seed), count, on_step=Hand.check_invariants)
    hand.check_invariants()
    result = hand.result
    assert result is not None
    assert sum(result.final_stacks.values()) == sum(
        s - n for s, n in zip(result.final_stacks.values(), result.net.values(), strict=True)
    )
    assert sum(result.net.values()) == 0
    assert all(stack >= 0 for stack in result.final_stacks.values())
    pots_total = sum(p.amount for p in result.pots)
    assert pots_total + sum(r.amount for r in hand.records if r.kind is RecordKind.RETURN) == sum(
        result.payouts.values()
    )


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_records_never_reveal_unshown_cards(seed: int) -> None:
    hand = play_random_hand(random.Random(seed), 6)
    result = hand.result
    assert result is not None
    shown = {str(c) for hole in result.shown_hands.values() for c in hole}
    for record in hand.records:
        if record.kind is RecordKind.SHOW:
            continue
        words = set(record.text.replace(",", " ").split())
        assert not words & {str(c) for c in CARDS}, record.text
    for text in hand.public_view(recent=100).recent_actions:
        revealed = set(text.replace("(", " ").split()) & {str(c) for c in CARDS}
        assert revealed <= shown


def test_public_view_during_a_draw() -> None:
    hand = named_hand([100, 40, 100], ["7s5d4c3h2s", "8c6h4d3d2d", "9d7c5h4h3c"], "Jc")
    play(hand, "3 raise; 1 call; 2 call; 1 draw 7s5d")
    view = hand.public_view()
    assert view.phase is Phase.DRAWING and view.draw_round == 1
    assert view.betting_round == 0 and view.betting_round_name == "pre-draw"
    assert view.pot_total == 60
    assert [(p.name, p.amount, p.eligible) for p in view.pots] == [("main pot", 60, (1, 2, 3))]
    assert view.to_act == 2 and view.legal is not None and view.legal.can_draw
    alice, bob, carol = view.seats
    assert (alice.name, alice.stack, alice.contributed, alice.state) == ("Alice", 80, 20, "active")
    assert alice.draw_counts == (2, None, None) and alice.drew_this_round
    assert not bob.drew_this_round and bob.draw_counts == (None, None, None)
    assert carol.is_button and alice.is_small_blind and bob.is_big_blind
    assert view.recent_actions[-1] == "Alice draws 2"
    assert "Carol raises to 20" in view.recent_actions

    # The house players' views ask for no records: none, not the whole log.
    bare = hand.public_view(recent=0)
    assert bare.recent_actions == () and bare.recent_records == ()
    assert bare.seats == view.seats and bare.legal == view.legal
    assert (
        tuple(r.text for r in hand.public_view(recent=2).recent_records) == view.recent_actions[-2:]
    )


def test_public_view_betting_legal_and_pots_with_an_all_in() -> None:
    hand = named_hand([100, 25, 100], ["7s5d4c3h2s", "8c6h4d3d2d", "9d7c5h4h3c"])
    play(hand, "3 raise; 1 call; 2 call")
    assert hand.public_view().seats[1].state == "active"
    play(hand, "1 pat; 2 pat; 3 pat; 1 bet; 2 call")
    view = hand.public_view()
    assert view.seats[1].state == "all-in" and view.seats[1].bet == 5
    legal = view.legal
    assert legal is not None and legal.player_id == 3
    assert (legal.can_check, legal.call_amount, legal.can_bet_or_raise) == (False, 10, True)
    assert (legal.bet_or_raise_to, legal.raise_to) == (20, 20)
    assert legal.is_raise and not legal.is_bet
    assert legal.bets_this_round == 1 and legal.cap == 4
    # Pots hold what was collected in finished rounds; this round's bets are in seat.bet.
    assert [(p.amount, p.eligible) for p in view.pots] == [(60, (1, 2, 3))]
    assert view.pot_total == 75
    play(hand, "3 call")
    view = hand.public_view()
    assert [(p.name, p.amount, p.eligible) for p in view.pots] == [
        ("main pot", 75, (1, 2, 3)),
        ("side pot 1", 10, (1, 3)),
    ]


def test_private_view() -> None:
    hand = named_hand([100, 100, 100], ["7s5d4c3h2s", "8c6h4d3d2d", "9d7c5h4h3c"], "JcKh")
    play(hand, "3 call; 1 call; 2 check")
    mine = hand.private_view(1)
    assert [str(c) for c in mine.cards] == ["7s", "5d", "4c", "3h", "2s"]
    assert mine.hand_name == "number one"
    assert mine.can_draw_now and mine.is_their_turn and mine.draws_made == 0
    other = hand.private_view(2)
    assert not other.can_draw_now and not other.is_their_turn
    play(hand, "1 pat; 2 draw 8c")
    bob = hand.private_view(2)
    assert [str(c) for c in bob.last_received] == ["Kh"] and bob.draws_made == 1
    assert bob.hand_name == hand_name(bob.cards)
    carol_held = hand.private_view(3).cards
    play(hand, "3 pat; 1 bet; 2 call; 3 fold")
    folded = hand.private_view(3)  # she still sees what she folded, in her own view only
    assert folded.folded and sorted(folded.cards) == sorted(carol_held)
    assert not folded.can_draw_now and not folded.is_their_turn


def test_result_for_the_discord_layer() -> None:
    hand = named_hand([100, 100], ["7s5d4c3h2s", "KsKdKcQhQs"])
    play(hand, "2 raise; 1 call")
    for _ in range(3):
        play(hand, "1 pat; 2 pat")
        if not hand.is_complete:
            play(hand, "1 check; 2 check")
    result = hand.result
    assert result is not None and hand.public_view().result == result
    assert result.winners == (1,) and result.payouts == {1: 40, 2: 0}
    assert result.shown_hands == {1: tuple(hand.private_cards(1))}
    assert result.mucked == (2,)
    texts = [r.text for r in hand.records]
    assert "Alice wins 40 from the main pot" in texts
    assert any(t.startswith("Alice shows 7s 5d 4c 3h 2s (number one)") for t in texts)


def test_a_pre_draw_state_saved_by_the_old_engine_resumes_with_the_blind_as_a_full_bet() -> None:
    """Journals saved before the fix hold raise_size 0 before the draw; resumed, a short
    all-in raise over the blind still does not reopen the betting for the limper."""
    hand = named_hand([12, 100, 100], ["7s5d4c3h2s", "8c6h4d3d2d", "9d7c5h4h3c"])
    play(hand, "3 call")
    saved = hand.to_json()
    assert saved["raise_size"] == 10
    saved["raise_size"] = 0
    resumed = Hand.from_json(saved)
    play(resumed, "1 raise; 2 call")
    assert resumed.to_act == 3 and not resumed.legal().can_bet_or_raise


def test_the_change_count_grows_whenever_the_public_view_changes() -> None:
    """``Hand.changes`` is the table's cache key: a step that changes what the table shows
    (decisions, draws, timeouts, departures, the result, a shown muck) must change it too."""
    rng = random.Random(77)
    steps = shows = 0
    for hand in random_hands(rng, 80):
        while not hand.is_complete:
            roll = rng.random()
            gone = hand.leaving
            staying = [p for p in hand.player_ids if p not in gone and hand.private_cards(p)]
            move: Callable[[], object]
            if roll < 0.05 and len(staying) > 1:
                move = partial(hand.leave, rng.choice(staying))
            elif roll < 0.15:
                move = hand.timeout
            else:
                action, discards = random_step(hand, rng)
                move = partial(hand.act, hand.to_act, action, discards)
            before = (hand.changes, hand.public_view())
            move()
            after = (hand.changes, hand.public_view())
            assert after[0] > before[0] or after[1] == before[1]
            assert after[0] >= before[0]
            steps += 1
        assert hand.result is not None
        for player_id in hand.result.mucked:
            before = (hand.changes, hand.public_view())
            hand.show_mucked(player_id)
            assert hand.changes > before[0]
            shows += 1
    assert steps > 1000 and shows > 0

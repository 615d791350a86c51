"""The computed strategy (``bot.house.solved``): the shipped table loads, a house seat's spot
maps onto the abstraction's information set, and the strong level plays it within budget."""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import replace

from bench.mccfr import State
from bench.published import HANEY_TAG, RulePlayer
from bot.engine import Hand, Phase, SeatedPlayer, Stakes
from bot.engine.cards import shuffled_deck
from bot.house import STRONG, Action, apply_decision, house_player
from bot.house.solved import DRAW, PAT, draw_spot_key, solved_row, solved_table, spot_key
from tests.house._helpers import cards, house_move, named_hand, views

# Heads-up: position 0 (player 1) is the big blind, position 1 (player 2) the button.
LETTER = {Action.FOLD: "f", Action.CHECK_CALL: "c", Action.BET_RAISE: "r"}


def _spot(hand: Hand, player_id: int) -> tuple[str, str] | None:
    public, private = views(hand, player_id)
    me = next(s for s in public.seats if s.player_id == player_id)
    other = next(s for s in public.seats if s.player_id != player_id)
    return spot_key(public, private.cards, me, other)


def test_named_hands_map_onto_information_sets_the_table_holds() -> None:
    """The button's pat rough eight opens (bucket 10, pot of the blinds: 3 half small bets),
    then the big blind's 2-2-7-8-9, a two-card draw to an eight (bucket 17), faces the raise
    (pot 6, line ``r``); both sets are in the shipped table, visited often."""
    hand = named_hand(["2c 2d 7h 8s 9d", "2s 3c 4h 7s 8d"])
    assert _spot(hand, 2) == ("0.10.1.9.0.3.", "fcr")
    hand.bet_or_raise(2)
    assert _spot(hand, 1) == ("0.17.0.9.0.6.r", "fcr")
    for key in ("0.10.1.9.0.3.", "0.17.0.9.0.6.r"):
        row = solved_row(key)
        assert row is not None
        visits, mix = row
        assert visits >= STRONG.solved_visits and len(mix) == 3
        assert abs(sum(mix) - 1) < 0.01


def test_a_spot_outside_the_abstraction_has_no_information_set() -> None:
    """Three players, or chips that are not whole half small bets, are not the solved game."""
    hand = named_hand(["2c 2d 7h 8s 9d", "2s 3c 4h 7s 8d", "Kc Qd Jh 9c 3h"])
    assert _spot(hand, hand.to_act or 0) is None
    players = [SeatedPlayer(1, "A", 1000, 0), SeatedPlayer(2, "B", 1000, 1)]
    odd = Hand.start(players, 1, Stakes(9), deck=shuffled_deck(random.Random(1)))
    assert _spot(odd, odd.to_act or 0) is None


def test_spot_keys_follow_the_abstract_betting_through_whole_hands() -> None:
    """Over seeded heads-up hands (the strong level against a published player), every betting
    decision's key holds the pot, this round's line and the legal actions the abstraction's
    own ``State`` has after the same actions, and the table decides most of them."""
    players = {1: house_player(STRONG), 2: RulePlayer(HANEY_TAG)}
    held = Counter[bool]()
    for index in range(60):
        seated = [SeatedPlayer(1, "A", 2000, 0), SeatedPlayer(2, "B", 2000, 1)]
        hand = Hand.start(
            seated, index % 2, Stakes(10), deck=shuffled_deck(random.Random(index)), hand_id=index
        )
        state = State()
        rng = random.Random(index)
        while (pid := hand.to_act) is not None:
            public, private = views(hand, pid)
            decision = players[pid](public, private, rng)
            if public.phase is Phase.DRAWING:
                assert state.drawing and decision.action is None
                state = state.apply(PAT if decision.stands_pat else DRAW)
            if public.phase is Phase.BETTING:
                me = next(s for s in public.seats if s.player_id == pid)
                assert state.to_act == (0 if me.is_big_blind else 1)
                assert state.round == public.betting_round
                spot = _spot(hand, pid)
                if spot is not None:
                    key, actions = spot
                    _, _, seat, _, _, pot, line = key.split(".")
                    assert (int(seat), int(pot), line) == (state.to_act, sum(state.put), state.line)
                    assert actions == state.legal()
                    held[key in solved_table()] += 1
                assert decision.action is not None
                state = state.apply(LETTER[decision.action])
            apply_decision(hand, pid, decision)
    assert held[True] > 4 * held[False], held


def test_the_strong_level_plays_the_tables_mix_where_it_holds_the_spot() -> None:
    """At the button's first decision with a pat rough eight, the strong level's choices over
    many seeds follow the table's row (the rules alone would raise every time)."""
    hand = named_hand(["2c 2d 7h 8s 9d", "2s 3c 4h 7s 8d"])
    style = replace(STRONG, solved_rounds=(0,))
    row = solved_row("0.10.1.9.0.3.")
    assert row is not None
    fold, call, bet = row[1]
    moves = Counter(house_move(hand, 2, style, seed).action for seed in range(400))
    for action, p in ((Action.FOLD, fold), (Action.CHECK_CALL, call), (Action.BET_RAISE, bet)):
        assert abs(moves[action] / 400 - p) < 0.08, (action, moves, p)
    by_rules = replace(STRONG, solved_rounds=())
    rules = Counter(house_move(hand, 2, by_rules, seed).action for seed in range(20))
    assert rules == Counter({Action.BET_RAISE: 20})


def test_a_cold_table_decides_within_the_budget() -> None:
    """The first decision of a process reads the table (under 20 ms of CPU with the look-up);
    then each is a dictionary look-up (p99 well under 5 ms)."""
    hand = named_hand(["2c 2d 7h 8s 9d", "2s 3c 4h 7s 8d"])
    style = replace(STRONG, solved_rounds=(0, 1, 2, 3))
    solved_table.cache_clear()
    started = time.process_time()
    house_move(hand, 2, style)
    first = time.process_time() - started
    assert first < 0.020, first
    timings = []
    for seed in range(300):
        started = time.process_time()
        house_move(hand, 2, style, seed)
        timings.append(time.process_time() - started)
    timings.sort()
    assert timings[int(0.99 * len(timings))] < 0.005


def _after_two_draws(other_throws: tuple[int, int]) -> Hand:
    """Heads-up: the button raised, the big blind (player 1, the house) called, both checked
    after the first draw. The house throws its two highest cards at both draws (keeping 7-3-2),
    the button its ``other_throws`` highest cards at each; the house is first to act after the
    second draw."""
    hand = named_hand(["2s 3c 7d Kd Qd", "4h 5d 6s Jc Js"], then="As Kh Qh Kc Qc Ks Qs")
    hand.bet_or_raise(2)
    hand.check_or_call(1)
    for draw in range(2):
        if draw:
            hand.check_or_call(1)
            hand.check_or_call(2)
        for player, count in ((1, 2), (2, other_throws[draw])):
            held = sorted(hand.private_view(player).cards, key=lambda c: c.rank)
            hand.draw(player, held[len(held) - count :] if count else [])
    assert hand.betting_round == 2 and hand.to_act == 1
    return hand


def test_after_the_second_draw_the_shipped_strong_level_plays_the_table() -> None:
    """A two-card draw first to act against a two-card draw: the shipped strong level's checks
    and bets follow the table's row (seeded), where the rules alone always check."""
    hand = _after_two_draws((2, 2))
    spot = _spot(hand, 1)
    assert spot is not None and 2 in STRONG.solved_rounds
    assert spot[0].startswith("2.16.0.2.0.")  # a two-card draw to a seven against a two-card draw
    row = solved_row(spot[0])
    assert row is not None and row[0] >= STRONG.solved_visits
    _, bet = row[1]
    moves = Counter(house_move(hand, 1, STRONG, seed).action for seed in range(400))
    assert abs(moves[Action.BET_RAISE] / 400 - bet) < 0.08, (moves, row)
    rules = replace(STRONG, solved_rounds=())
    assert {house_move(hand, 1, rules, seed).action for seed in range(50)} == {Action.CHECK_CALL}


def test_against_a_pat_the_rules_decide() -> None:
    """The abstraction's pat hands are never snows, so against an opponent who stood pat the
    strong level plays its own rules, seed for seed."""
    hand = _after_two_draws((2, 0))
    assert hand.public_view().seats[1].draw_counts[:2] == (2, 0)
    rules = replace(STRONG, solved_rounds=())
    for seed in range(50):
        assert house_move(hand, 1, STRONG, seed) == house_move(hand, 1, rules, seed)


def test_a_draw_maps_onto_the_draw_information_sets() -> None:
    """Heads-up, both checked before the draw: the big blind's pat nine with three draws to
    come is a one-card draw to a seven to the draw rule (bucket 13) and may stand pat or draw;
    it draws first (the opponent's count not yet seen), then the button's set holds the one
    card the big blind drew. A seven stands pat without a choice."""
    hand = named_hand(["9s 7d 5c 4h 2s", "7c 5d 4s 3h 2c"])
    hand.check_or_call(2)
    hand.check_or_call(1)
    public, private = views(hand, 1)
    me, other = public.seats
    assert draw_spot_key(public, private.cards, me, other) == ("0.13.0.9.0.4.d", PAT + DRAW)
    hand.draw(1, [c for c in private.cards if c.rank == 9])
    public, private = views(hand, 2)
    other, me = public.seats
    assert draw_spot_key(public, private.cards, me, other) == ("0.8.1.1.0.4.d", PAT)


def test_the_strong_level_draws_by_the_tables_purified_mix_where_it_holds_the_spot() -> None:
    """The big blind's pat nine at the second draw against a one-card draw: over many seeds
    the strong level stands pat as often as the table's row says, else breaks the nine (its
    rules alone break it every time). At
    the first draw the row's pat (under ``solved_draw_floor``) is never made: it breaks, as
    its rules alone do (``tests/house/test_strong.py``)."""
    early = named_hand(["9s 7d 5c 4h 2s", "Kc Qd Jh Tc 3c"])
    early.check_or_call(2)
    early.check_or_call(1)
    first = solved_row("0.13.0.9.0.4.d")
    assert first is not None and first[0] >= STRONG.solved_visits
    assert 0 < first[1][0] < STRONG.solved_draw_floor  # its pat: purified away
    assert {house_move(early, 1, STRONG, seed).discards for seed in range(50)} == {cards("9s")}
    hand = named_hand(["9s 7d 5c 4h Kd", "Kc Qd Jh Tc 3c"], then="Ah 2s 8c")
    hand.check_or_call(2)
    hand.check_or_call(1)
    hand.draw(1, cards("Kd"))
    hand.draw(2, cards("Kc"))
    hand.bet_or_raise(1)
    hand.check_or_call(2)
    row = solved_row("1.11.0.1.0.8.d")
    assert row is not None and row[0] >= STRONG.solved_visits and 1 in STRONG.solved_draws
    pat, _ = row[1]
    assert pat >= STRONG.solved_draw_floor and 1 - pat >= STRONG.solved_draw_floor
    moves = [house_move(hand, 1, STRONG, seed).discards for seed in range(400)]
    assert set(moves) == {(), cards("9s")}
    assert abs(moves.count(()) / 400 - pat) < 0.08, (moves.count(()), row)
    rules = replace(STRONG, solved_draws=())
    assert {house_move(hand, 1, rules, seed).discards for seed in range(20)} == {cards("9s")}

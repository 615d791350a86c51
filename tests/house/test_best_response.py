"""The local best response of ``bench.best_response``: its belief, its choices, its matches."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bench import bench_house, best_response
from bench.best_response import (
    Belief,
    LocalBestResponse,
    Spot,
    holding_name,
    leak_table,
    play_hand,
    play_lbr_decks,
)
from bot.engine import Hand, Phase, PrivateView, PublicView
from bot.house import STRONG, Action, Decision, apply_decision, house_player
from bot.house.odds import WORSE, made_class
from bot.house.strategy import BET_RAISE, CHECK_CALL, FOLD
from tests.house._helpers import cards, named_hand

# Heads-up named hands: player 1 (position 0) is the big blind, player 2 the button.
HOUSE, LBR = 1, 2
MADE_HOUSE = "8d 6h 4s 3c 2d"


def made_raiser(public: PublicView, private: PrivateView, rng: random.Random) -> Decision:
    """A house that stands pat, raises whenever it holds a made hand (king-low or better) and
    checks or calls otherwise."""
    if public.phase is Phase.DRAWING:
        return Decision(discards=())
    legal = public.legal
    assert legal is not None
    if made_class(private.cards) != WORSE and legal.can_bet_or_raise:
        return BET_RAISE
    return CHECK_CALL


def is_made(holding: tuple[object, ...]) -> bool:
    return made_class(holding) != WORSE  # type: ignore[arg-type]


def to_the_last_bet(hand: Hand, lbr: LocalBestResponse) -> None:
    """Play until the LBR player acts in the last betting round: it checks, calls and stands
    pat; the house plays ``made_raiser`` and the LBR player observes each of its moves."""
    rng = random.Random(1)
    while (pid := hand.to_act) is not None:
        if pid == LBR:
            if hand.betting_round == 3 and hand.phase is Phase.BETTING:
                return
            move = Decision(discards=()) if hand.phase is Phase.DRAWING else CHECK_CALL
        else:
            public = hand.public_view(recent=0)
            move = made_raiser(public, hand.private_view(pid), rng)
            lbr.observe(hand, public, move)
        apply_decision(hand, pid, move)
    raise AssertionError("the hand ended before the last betting round")


def test_after_a_raise_the_belief_holds_only_made_hands() -> None:
    hand = named_hand([MADE_HOUSE, "Kc Kd Qh Js 9c"])
    hand.check_or_call(LBR)  # the button completes; the big blind raises with its made eight
    public = hand.public_view(recent=0)
    raise_ = made_raiser(public, hand.private_view(HOUSE), random.Random(0))
    assert raise_.action is Action.BET_RAISE
    mine = {int(c) for c in hand.private_view(LBR).cards}
    belief = Belief(random.Random(3), 300, mine, mismatch=0.0)
    before = belief.share(is_made)
    assert 0.2 < before < 0.8  # a uniform holding is often made, often not
    template = PrivateView(HOUSE, public.hand_id, (), "", (), 0, False, True)
    belief.observe_bet(made_raiser, public, template, raise_)
    assert belief.share(is_made) == 1.0
    assert all(is_made(p) for p, w in zip(belief.particles, belief.weights, strict=True) if w)
    assert not any(int(c) in mine for p in belief.particles for c in p)
    # A check says the opposite: no made hand is left.
    checked = Belief(random.Random(3), 300, mine, mismatch=0.0)
    checked.observe_bet(made_raiser, public, template, CHECK_CALL)
    assert checked.share(is_made) == 0.0
    # With the default floor a mismatching holding keeps a little weight, not none.
    floored = Belief(random.Random(3), 300, mine)
    floored.observe_bet(made_raiser, public, template, raise_)
    assert 0.95 < floored.share(is_made) < 1.0


def test_the_belief_follows_the_house_through_a_whole_hand() -> None:
    hand = named_hand([MADE_HOUSE, "Kc Kd Qh Js 9c"])
    lbr = LocalBestResponse(made_raiser, LBR, HOUSE, random.Random(4), particles=60)
    to_the_last_bet(hand, lbr)
    assert lbr.belief is not None
    assert lbr.belief.share(is_made) > 0.99
    assert abs(sum(lbr.belief.weights) - 1.0) < 1e-9


def folder(public: PublicView, private: PrivateView, rng: random.Random) -> Decision:
    """A house that stands pat, checks when it can and folds to any bet."""
    if public.phase is Phase.DRAWING:
        return Decision(discards=())
    legal = public.legal
    assert legal is not None
    return FOLD if legal.call_amount else CHECK_CALL


def test_a_bet_into_a_house_that_always_folds_is_worth_the_pot() -> None:
    """The closed form: P(fold) = 1, so betting is worth the pot now, checking only the LBR
    player's showdown share of it (a pair of kings: a small share)."""
    hand = named_hand([MADE_HOUSE, "Kc Kd Qh Js 9c"])
    lbr = LocalBestResponse(folder, LBR, HOUSE, random.Random(8), particles=30, samples=4)
    rng = random.Random(2)
    while (pid := hand.to_act) is not None:
        if pid == LBR and hand.phase is Phase.BETTING and hand.to_act == LBR:
            public = hand.public_view()
            assert public.legal is not None
            if hand.betting_round == 3 and not public.legal.call_amount:
                break
            move = CHECK_CALL
        elif pid == LBR:
            move = Decision(discards=())
        else:
            public = hand.public_view(recent=0)
            move = folder(public, hand.private_view(pid), rng)
            lbr.observe(hand, public, move)
        apply_decision(hand, pid, move)
    pot = hand.public_view().pot_total
    assert lbr.decide(hand).action is Action.BET_RAISE
    assert lbr.values["bet_raise"] == pot
    assert 0 < lbr.values["check_call"] < pot / 2


def eight_raiser(public: PublicView, private: PrivateView, rng: random.Random) -> Decision:
    """A house that stands pat, raises with an eight-low or better and checks or calls else."""
    if public.phase is Phase.DRAWING:
        return Decision(discards=())
    legal = public.legal
    assert legal is not None
    return BET_RAISE if made_class(private.cards) <= 1 and legal.can_bet_or_raise else CHECK_CALL


def is_eight(holding: tuple[object, ...]) -> bool:
    return made_class(holding) <= 1  # type: ignore[arg-type]


def test_rejuvenation_refills_the_belief_with_holdings_that_fit_every_move() -> None:
    """Twenty particles dealt at random rarely hold an eight; after the house raises with one the
    inconsistent ones are replaced by holdings that, played through its moves, raise."""
    hand = named_hand([MADE_HOUSE, "Kc Kd Qh Js 9c"])
    hand.check_or_call(LBR)
    public = hand.public_view(recent=0)
    raise_ = eight_raiser(public, hand.private_view(HOUSE), random.Random(0))
    assert raise_.action is Action.BET_RAISE
    mine = {int(c) for c in hand.private_view(LBR).cards}
    belief = Belief(random.Random(11), 20, mine)
    template = PrivateView(HOUSE, public.hand_id, (), "", (), 0, False, True)
    belief.observe_bet(eight_raiser, public, template, raise_)
    assert sum(belief.consistent) < 5
    assert belief.share(is_eight) < 0.9
    belief.rejuvenate(eight_raiser, mine, tries=5000)
    fitting = [p for p, c in zip(belief.particles, belief.consistent, strict=True) if c]
    assert len(fitting) >= 10
    assert all(is_eight(p) for p in fitting)
    assert not any(int(c) in mine for p in belief.particles for c in p)
    assert belief.share(is_eight) > 0.9
    # Without tries nothing changes.
    again = Belief(random.Random(11), 20, mine)
    again.observe_bet(eight_raiser, public, template, raise_)
    again.rejuvenate(eight_raiser, mine, tries=0)
    assert sum(again.consistent) < 5


def test_a_belief_whose_weighted_particles_all_die_refills_them_instead() -> None:
    """A particle whose weight has underflowed to 0 (mismatched many times) holds none of the
    LBR player's cards, every other one does: those are refilled with unseen cards and keep
    their weights (the belief used to empty and raise: ``python -m bench.best_response
    --seed 31`` against main's strong level, and seed 30 against the table's draws)."""
    belief = Belief(random.Random(2), 3, set())
    belief.particles = [cards("Ks Qs Js 9s 3s"), cards("7c 5d 4h 3s 2c"), cards("8c 6d 4h 3h 2d")]
    belief.weights = [0.0, 0.5, 0.5]
    dead = {int(c) for c in cards("4h Ah")}
    belief.exclude(dead)
    assert belief.weights == [0.0, 0.5, 0.5]
    assert belief.particles[0] == cards("Ks Qs Js 9s 3s")
    for before, holding in zip(("7c 5d 3s 2c", "8c 6d 3h 2d"), belief.particles[1:], strict=True):
        assert set(cards(before)) < set(holding) and len(set(holding)) == 5
        assert not {int(c) for c in holding} & dead


def test_the_nuts_on_the_last_round_raises() -> None:
    hand = named_hand([MADE_HOUSE, "7s 5d 4c 3h 2s"])
    lbr = LocalBestResponse(made_raiser, LBR, HOUSE, random.Random(5), particles=40, samples=4)
    to_the_last_bet(hand, lbr)
    public = hand.public_view()
    assert public.legal is not None and public.legal.call_amount > 0  # the house bet
    assert lbr.decide(hand).action is Action.BET_RAISE
    assert lbr.values["bet_raise"] > lbr.values["check_call"] > 0


def test_a_pair_folds_to_a_house_that_bets_only_made_hands() -> None:
    hand = named_hand([MADE_HOUSE, "Kc Kd Qh Js 9c"])
    lbr = LocalBestResponse(made_raiser, LBR, HOUSE, random.Random(6), particles=40, samples=4)
    to_the_last_bet(hand, lbr)
    assert lbr.decide(hand).action is Action.FOLD
    assert lbr.values["fold"] == 0.0
    # Calling loses the call (the pot is the house's whatever the LBR player does after).
    assert lbr.values["check_call"] == -hand.public_view().legal.call_amount  # type: ignore[union-attr]


def test_the_decision_never_reads_the_house_cards() -> None:
    """The same public hand with other house cards (and another stub) gets the same move and
    the same values from the same generator."""
    moves = []
    for house_cards in (MADE_HOUSE, "9d 7h 6s 5c 3d"):
        hand = named_hand([house_cards, "7s 6d 4c 3h 2s"], then="Kh Qs Jc")
        lbr = LocalBestResponse(made_raiser, LBR, HOUSE, random.Random(7), particles=30)
        to_the_last_bet(hand, lbr)
        moves.append((lbr.decide(hand), dict(lbr.values)))
    assert moves[0] == moves[1]


def test_a_tiny_seeded_match_runs_and_repeats() -> None:
    strong = house_player(STRONG)
    first = play_lbr_decks(strong, 0, 2, seed=9, particles=10, samples=2)
    again = play_lbr_decks(strong, 0, 2, seed=9, particles=10, samples=2)
    assert first[0] == again[0]
    assert len(first[0]) == 2 and first[1]


def test_bench_house_prints_the_best_response_beside_the_pairings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = bench_house.main(
        ["--best-response-only", "--best-response-hands", "4", "--jobs", "1", "--hands", "2"]
    )
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if "vs best response" in line]
    assert [line.split()[0] for line in lines] == ["strong", "beginner"]
    assert all("heads-up" in line and "bb/100 [" in line for line in lines)
    assert status in (0, 1)  # four hands decide nothing about the goal
    assert ("goal met" in out) == (status == 0)


def test_the_leak_table_splits_each_hand_exactly_into_its_rounds() -> None:
    """Every betting round reached is one spot; a deck's spots add up to its result, and each
    spot's line alternates the two players as the engine took their actions."""
    strong = house_player(STRONG)
    spots: list[Spot] = []
    per_deck, _ = play_lbr_decks(strong, 0, 3, seed=9, particles=10, samples=2, spots=spots)
    assert abs(sum(s.value for s in spots) - 2 * sum(per_deck)) < 1e-9
    assert {s.street for s in spots} <= {0, 1, 2, 3} and spots[0].street == 0
    for spot in spots:
        assert spot.line and all(a[:2] in ("H:", "B:") for a in spot.line)
        assert all(a.split(":")[1] in ("fold", "check", "call", "bet", "raise") for a in spot.line)
        if spot.street == 0:
            assert spot.against == "-" and spot.line[0].split(":")[1] in ("fold", "call", "raise")
        else:
            assert spot.against.startswith("vs ")
    table = leak_table(spots, 6, top=3, min_count=1)
    assert "by situation and line" in table and "by street (bb/100): pre-draw" in table


class CallingStation(LocalBestResponse):
    """In the LBR player's seat, a player that stands pat and checks or calls (the house's moves
    are still observed)."""

    def decide(self, hand: Hand) -> Decision:
        return Decision(discards=()) if hand.phase is Phase.DRAWING else CHECK_CALL


def test_a_spot_records_the_line_and_the_house_hand() -> None:
    """A scripted hand: the house (big blind) raises a made eight, the best response calls;
    the house's hand and the line are as played, and the pre-draw spot is worth to the house
    its share of the pot (it wins: both put in two small bets, so +1 big bet)."""
    hand = named_hand([MADE_HOUSE, "Kc Kd Qh Js 9c"], then="Qs Jc Td 9d As Ks Qc Jd Th")
    caller = CallingStation(made_raiser, LBR, HOUSE, random.Random(3), particles=10)
    spots: list[Spot] = []
    play_hand(hand, made_raiser, caller, random.Random(0), spots)
    first = spots[0]
    assert first.street == 0 and first.holding == "made 8" and not first.house_ip
    assert first.line == ["B:call", "H:raise", "B:call"]
    assert (first.house_in, first.lbr_in) == (20, 20)
    assert first.value == pytest.approx(1.0)
    assert [s.line for s in spots[1:]] == [["H:bet", "B:call"]] * 3
    assert holding_name(cards("Kc Kd Qh Js 9c"), 0) == "draw 3+"
    assert holding_name(cards("8s 6d 4c 2h Kd"), 1) == "draw 1"
    assert holding_name(cards("Ts 8d 3c 2s 5c"), 3) == "made 10"
    assert holding_name(cards("Qh 7d 3c 2s 5c"), 3) == "made J-K"
    assert holding_name(cards("Qh Qd 3c 2s 5c"), 3) == "busted"


def test_by_spot_prints_the_leak_table_and_dumps_the_rounds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    dump = tmp_path / "spots.json"
    args = ["--hands", "4", "--particles", "10", "--samples", "2", "--by-spot", "--top", "3"]
    assert best_response.main([*args, "--dump", str(dump)]) == 0
    out = capsys.readouterr().out
    assert "vs local best response" in out and "worst spots by situation and line" in out
    data = json.loads(dump.read_text(encoding="utf-8"))
    assert len(data["per_deck"]) == 2
    hands = sum(1 for s in data["spots"] if s["street"] == 0)
    assert hands == 4
    total = sum(s["value"] for s in data["spots"])
    assert total == pytest.approx(2 * sum(data["per_deck"]))

"""Counterfactual replays (``bench.counterfactual``): each action of a house decision played out
from a copy of the hand, the best response and the random streams."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from bench import counterfactual
from bench.best_response import STAKES, LocalBestResponse, play_lbr_decks
from bench.counterfactual import action_values, decided_by
from bot.engine import Hand
from bot.house import STRONG, Decision, house_player
from tests.house._helpers import last_round_spot


def test_the_chosen_actions_replay_is_the_hand_as_played() -> None:
    """Replayed from copies of everything random, the action the house chose comes to exactly
    the hand's real result; folding to exactly what the house had put in."""
    strong = house_player(STRONG)
    seen: list[tuple[Hand, int, str, dict[str, float], int]] = []

    def watch(hand: Hand, lbr: LocalBestResponse, rng: random.Random, decision: Decision) -> None:
        values = action_values(hand, strong, lbr, rng)
        assert decision.action is not None
        chosen = counterfactual.VERBS[decision.action]
        put = hand._contrib[hand._pos(lbr.house_id)]
        seen.append((hand, lbr.house_id, chosen, values, put))

    play_lbr_decks(strong, 0, 2, seed=9, particles=10, samples=2, watch=watch)
    assert len(seen) >= 8 and any("fold" in values for *_, values, _ in seen)
    for hand, house_id, chosen, values, put in seen:
        assert hand.result is not None
        assert values[chosen] == hand.result.net[house_id] / STAKES.big_bet
        if "fold" in values:
            assert values["fold"] == -put / STAKES.big_bet


def test_a_last_round_check_to_a_one_card_draw_is_the_rules() -> None:
    """Issue 40's example: a rough eight out of position with nothing owed against a one-card
    draw on the last round is the rules' decision; against a two-card draw, and facing the
    one-card draw's bet, the table's."""
    assert decided_by(last_round_spot("8s 7d 3c 2s 5c"), 1, STRONG) == "rules"
    assert decided_by(last_round_spot("8s 7d 3c 2s 5c", last="7h Qs"), 1, STRONG) == "table"
    hand = last_round_spot("8s 7d 3c 2s 5c")
    hand.check_or_call(1)
    hand.bet_or_raise(2)
    assert decided_by(hand, 1, STRONG) == "table"


def test_pre_draw_replays_say_what_the_house_faced() -> None:
    """Before the draw a replay records the bets in the round and the house's draw value, and
    the summary groups by them: the button first faces the blind, the big blind a raise or
    nothing (the button completed), the button a three-bet as two raises."""
    _, replays = counterfactual.replay_decks(STRONG, 2, seed=9, rounds=[0], particles=10, samples=2)
    assert replays and all(r.street == 0 and 0 < r.value <= 1 for r in replays)
    seen = {counterfactual.facing(r) for r in replays}
    assert "facing the blind" in seen and seen <= {
        "facing the blind",
        "facing a raise",
        "nothing owed",
        *(f"facing {n} raises" for n in range(2, 5)),
    }
    for replay in replays:
        assert (replay.bets, replay.facing) != (1, False) or not replay.in_position
        assert counterfactual.facing(replay) in counterfactual.group_key(replay, False)
    owing = next(r for r in replays if r.facing)
    assert counterfactual.facing(replace(owing, street=2)) == "facing a bet"
    assert counterfactual.facing(replace(owing, facing=False)) == "nothing owed"


def test_it_prints_a_summary_and_pools_dumps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    dump = tmp_path / "replays.jsonl"
    args = ["--hands", "4", "--particles", "10", "--samples", "2", "--rounds", "2,3"]
    assert counterfactual.main([*args, "--dump", str(dump)]) == 0
    out = capsys.readouterr().out
    assert "vs local best response heads-up, 4 hands" in out and "house decisions" in out
    assert counterfactual.main(["--summary", str(dump), str(dump), "--by-holding"]) == 0
    pooled = capsys.readouterr().out
    assert "over 8 hands" in pooled
    rows = [line for line in pooled.splitlines()[1:] if line.strip()]
    assert rows and all(" | chose " in line for line in rows)

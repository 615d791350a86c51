"""Random legal complete hands: the benchmark's workload and a fuzzer for the engine.

The policy is the issue's: facing a bet, fold with probability 0.15; bet or raise with
probability 0.30 when allowed; otherwise check or call; each draw throws a random 0-5 cards.
Stacks are random and include short ones, so all-ins, side pots and reshuffles all happen.
As a fuzzer it can also fold when checking is free and make players leave mid-hand (both off
in the benchmark workload).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from bot.engine.cards import Card
from bot.engine.hand import Hand, Phase, SeatedPlayer, Stakes
from bot.engine.phh import hand_to_phh

log = logging.getLogger(__name__)

FOLD_PROBABILITY = 0.15
AGGRESSION_PROBABILITY = 0.30
DEFAULT_STAKES = Stakes(10)


SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(c for c in combinations(range(5), k)) for k in range(6)
)
"""For each discard count 0-5, every set of card indices of that size."""


def random_discards(rand: Callable[[], float], cards: Sequence[Card]) -> list[Card]:
    """A uniformly random count 0-5, then a uniformly random subset of that size."""
    subsets = SUBSETS[int(rand() * 6)]
    return [cards[i] for i in subsets[int(rand() * len(subsets))]]


def random_players(rng: random.Random, count: int, small_bet: int = 10) -> list[SeatedPlayer]:
    """``count`` players with random stacks; about one in three is short (all-in material)."""
    rand = rng.random
    players = []
    known = _SEATED.get(small_bet)
    if known is None:
        known = _SEATED[small_bet] = {}
    for k in range(count):
        if rand() < 0.35:
            stack = 1 + int(rand() * 12 * small_bet)
        else:
            stack = 12 * small_bet + int(rand() * 48 * small_bet)
        # SeatedPlayer is frozen, so equal ones can be shared: building one costs four
        # object.__setattr__ calls, a lookup much less (at most 6 x 60 x small_bet of them).
        key = (stack, k)
        player = known.get(key)
        if player is None:
            player = known[key] = SeatedPlayer(1000 + k, f"P{k + 1}", stack, k)
        players.append(player)
    return players


_SEATED: dict[int, dict[tuple[int, int], SeatedPlayer]] = {}
"""Players ``random_players`` has built, per small bet, by stack and seat."""


def play_random_hand(
    rng: random.Random,
    players: int = 6,
    *,
    stakes: Stakes = DEFAULT_STAKES,
    hand_id: int = 0,
    on_step: Callable[[Hand], None] | None = None,
    free_folds: float = 0.0,
    leaves: float = 0.0,
) -> Hand:
    """Deal and play one complete random hand with the issue's decision policy."""
    seated = random_players(rng, players, stakes.small_bet)
    hand = Hand.start(seated, rng.randrange(players), stakes, rng=rng, hand_id=hand_id)
    play_out(hand, rng, on_step=on_step, free_folds=free_folds, leaves=leaves)
    return hand


def play_out(
    hand: Hand,
    rng: random.Random,
    *,
    on_step: Callable[[Hand], None] | None = None,
    free_folds: float = 0.0,
    leaves: float = 0.0,
) -> None:
    """Play ``hand`` to the end with the random policy (uses only the public API).

    ``free_folds`` is the probability of folding when checking is free; ``leaves`` the
    probability, before each decision, that a random player still in (not already gone)
    leaves the table."""
    rand = rng.random
    draw, fold, bet_or_raise, check_or_call = (
        hand.draw,
        hand.fold,
        hand.bet_or_raise,
        hand.check_or_call,
    )
    options, private_cards = hand.betting_options, hand.private_cards
    drawing = Phase.DRAWING
    while True:
        if on_step is not None:
            on_step(hand)
        pid = hand.to_act
        if pid is None:
            return
        if leaves and rand() < leaves:
            gone = hand.leaving
            staying = [p for p in hand.player_ids if p not in gone and hand.private_cards(p)]
            hand.leave(staying[int(rand() * len(staying))])
            continue
        if hand.phase is drawing:
            draw(pid, random_discards(rand, private_cards(pid)))
            continue
        call_amount, can_raise = options()
        if (call_amount > 0 and rand() < FOLD_PROBABILITY) or (
            call_amount == 0 and free_folds and rand() < free_folds
        ):
            fold(pid)
        elif can_raise and rand() < AGGRESSION_PROBABILITY:
            bet_or_raise(pid)
        else:
            check_or_call(pid)


@dataclass(slots=True)
class SelfplaySummary:
    """Counts over a selfplay run."""

    hands: int = 0
    players: int = 0
    actions: int = 0
    showdowns: int = 0
    fold_wins: int = 0
    side_pots: int = 0
    hands_with_side_pots: int = 0
    split_pots: int = 0
    all_in_hands: int = 0
    reshuffles: int = 0
    hands_with_reshuffle: int = 0
    capped_rounds: int = 0
    phh_files: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """Human-readable summary lines."""
        return [
            f"hands: {self.hands} ({self.players} players each)",
            f"actions: {self.actions}",
            f"showdowns: {self.showdowns}, won without showdown: {self.fold_wins}",
            f"side pots: {self.side_pots} in {self.hands_with_side_pots} hands",
            f"split pots: {self.split_pots}",
            f"hands with an all-in: {self.all_in_hands}",
            f"reshuffles: {self.reshuffles} in {self.hands_with_reshuffle} hands",
            f"PHH files written: {len(self.phh_files)}",
        ]


def run_selfplay(
    hands: int,
    players: int = 6,
    seed: int | None = None,
    phh_dir: Path | None = None,
    *,
    check: bool = True,
    free_folds: float = 0.0,
    leaves: float = 0.0,
) -> SelfplaySummary:
    """Play ``hands`` random hands; optionally write each as ``<phh_dir>/hand-<n>.phh``."""
    rng = random.Random(seed)
    summary = SelfplaySummary(players=players)
    if phh_dir is not None:
        phh_dir.mkdir(parents=True, exist_ok=True)
    for k in range(hands):
        hand = play_random_hand(rng, players, hand_id=k + 1, free_folds=free_folds, leaves=leaves)
        if check:
            hand.check_invariants()
        summary.hands += 1
        result = hand.result
        assert result is not None
        summary.actions += hand.action_count
        if result.won_without_showdown:
            summary.fold_wins += 1
        else:
            summary.showdowns += 1
        if len(result.pots) > 1:
            summary.side_pots += len(result.pots) - 1
            summary.hands_with_side_pots += 1
        summary.split_pots += sum(1 for p in result.pots if len(p.winners) > 1)
        if hand.had_all_in:
            summary.all_in_hands += 1
        summary.reshuffles += hand.reshuffle_count
        summary.hands_with_reshuffle += hand.reshuffle_count > 0
        if phh_dir is not None:
            path = phh_dir / f"hand-{k + 1:06d}.phh"
            path.write_text(hand_to_phh(hand), encoding="utf-8")
            summary.phh_files.append(str(path))
    return summary

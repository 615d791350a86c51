"""Duplicate matches of the solid house style against test opponents.

    python -m bench.bench_house            # 10,000 hands per match, six matches
    python -m bench.bench_house --quick    # 1,000 hands per match (a smoke run)

The exit status is 1 when solid's interval is not above zero in every match (not with --quick).

Each match replays the same seeded decks with the styles rotated through the seats, as
computer-poker competitions do, so every seat's cards are played once by each side and the luck
of the cards cancels. Heads-up, a deck is played twice (solid on each seat); six-handed, six
times (solid on each seat in turn against five opponents). The win rate of solid is in small bets
per 100 hands, with a 95% confidence interval over the duplicate sets; decision times are those
of solid's ``decide`` calls. Stacks are reset to 200 small bets every hand.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bot.engine.cards import shuffled_deck
from bot.engine.hand import Hand, SeatedPlayer, Stakes
from bot.house import LOOSE, SOLID, Player, calling_station, house_player, play_out, random_legal

log = logging.getLogger(__name__)

STAKES = Stakes(10)
STACK = 200 * STAKES.small_bet
OPPONENTS: dict[str, Player] = {
    "random legal": random_legal,
    "calling station": calling_station,
    "loose": house_player(LOOSE),
}


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What one match measured."""

    opponent: str
    players: int
    hands: int
    sets: int
    win_rate: float
    """Solid's small bets per 100 hands."""
    half_width: float
    """Half the 95% confidence interval of ``win_rate``."""
    median_ms: float
    p99_ms: float


def play_sets(
    opponent: str, players: int, first: int, count: int, seed: int
) -> tuple[list[float], list[float]]:
    """Play duplicate sets ``first .. first + count - 1``; return solid's small bets per hand of
    each set, and solid's decision times in seconds."""
    solid = house_player(SOLID)
    other = OPPONENTS[opponent]
    results: list[float] = []
    timings: list[float] = []
    for index in range(first, first + count):
        deck_seed = f"{seed}-{players}-{index}"
        deck = shuffled_deck(random.Random(deck_seed))
        button = index % players
        net = 0
        for rotation in range(players):
            seated = [SeatedPlayer(seat, f"P{seat}", STACK, seat) for seat in range(players)]
            policies = {seat: solid if seat == rotation else other for seat in range(players)}
            rngs = {
                seat: random.Random(f"{deck_seed}-{rotation}-{seat}") for seat in range(players)
            }
            times: dict[int, list[float]] = {rotation: timings}
            hand = Hand.start(seated, button, STAKES, deck=deck, rng=random.Random(deck_seed))
            play_out(hand, policies, rngs, times)
            result = hand.result
            assert result is not None
            net += result.net[rotation]
        results.append(net / players / STAKES.small_bet)
    return results, timings


def percentile(values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile of ``values`` (sorted or not)."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    return ordered[max(0, math.ceil(pct / 100 * len(ordered)) - 1)]


def run_match(
    pool: ProcessPoolExecutor, opponent: str, players: int, hands: int, seed: int, jobs: int
) -> MatchResult:
    """Play one match of at least ``hands`` hands split over ``jobs`` processes."""
    sets = max(2, math.ceil(hands / players))
    chunk = math.ceil(sets / (jobs * 4))
    futures = [
        pool.submit(play_sets, opponent, players, first, min(chunk, sets - first), seed)
        for first in range(0, sets, chunk)
    ]
    per_set: list[float] = []
    timings: list[float] = []
    for future in futures:
        results, times = future.result()
        per_set.extend(results)
        timings.extend(times)
    mean = statistics.fmean(per_set)
    spread = statistics.stdev(per_set)
    return MatchResult(
        opponent=opponent,
        players=players,
        hands=sets * players,
        sets=sets,
        win_rate=100 * mean,
        half_width=100 * 1.96 * spread / math.sqrt(sets),
        median_ms=1000 * percentile(timings, 50),
        p99_ms=1000 * percentile(timings, 99),
    )


def format_result(r: MatchResult) -> str:
    """One line of the report."""
    low, high = r.win_rate - r.half_width, r.win_rate + r.half_width
    verdict = "beats" if low > 0 else "DOES NOT BEAT"
    return (
        f"solid vs {r.opponent:<15} {'heads-up' if r.players == 2 else 'six-handed':<10} "
        f"{r.hands:>6} hands: {r.win_rate:+8.1f} ± {r.half_width:5.1f} sb/100 "
        f"[{low:+.1f}, {high:+.1f}] {verdict}; "
        f"decide median {r.median_ms:.3f} ms, p99 {r.p99_ms:.3f} ms"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=10_000, help="hands per match")
    parser.add_argument("--quick", action="store_true", help="1,000 hands per match")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)
    hands = 1_000 if args.quick else args.hands
    started = time.perf_counter()
    failed = False
    print(f"duplicate matches, {hands} hands each, seed {args.seed}, {args.jobs} processes")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for players in (2, 6):
            for opponent in OPPONENTS:
                result = run_match(pool, opponent, players, hands, args.seed, args.jobs)
                print(format_result(result), flush=True)
                failed |= result.win_rate - result.half_width <= 0
    print(f"total {time.perf_counter() - started:.0f} s")
    if args.quick:
        print("(a smoke run: too few hands for the intervals to decide anything)")
        return 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

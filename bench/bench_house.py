"""Duplicate matches of the house levels against published-strategy and exploiting opponents.

    python -m bench.bench_house              # 20,000 hands per pairing (the goal's figures)
    python -m bench.bench_house --quick      # 2,000 hands per pairing (a smoke run)
    python -m bench.bench_house --hands N --jobs 2
    python -m bench.bench_house --best-response  # also local best response, 2,000 hands each
    python -m bench.bench_house --best-response-only --best-response-hands 4000
    python -m bench.bench_house --level strong --players 2 --hands 4000 --jobs 1

Heads-up, every deck is dealt twice with the seats swapped; six-handed, three house players
sit against three opponents in alternate seats, and every deck is dealt twice with the two
teams swapped (as computer-poker competitions do), so the luck of the cards cancels. The win
rate is the house team's big bets per 100 hands (per player), with a 95% confidence interval
over the duplicate decks; decision times are the house's ``decide`` calls (p50 and p99). Every
decision goes through the engine, which refuses an illegal one, so a finished match means
every decision was legal. Stacks are reset to 200 small bets every hand.

With ``--best-response``, a local best response (``bench.best_response``: it knows the house's
policy, not its cards, and values each bet in closed form against its belief) plays the strong and
the beginner levels heads-up over duplicate decks: a lower bound on what a best response wins,
beside the pairings. It is off by default: a decision costs milliseconds of draws played out,
so 2,000 hands take minutes where the pairings take seconds.

The exit status is 1 when the goal is not met (not with --quick): the strong level's interval
below zero against a published-strategy opponent, or the exploit or the best response winning
more than 5 bb/100 heads-up against it.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial

from bench import best_response
from bench.published import CLARKE_PRO, EXPLOIT, GRITTER_SNOW, HANEY_TAG, RulePlayer
from bot.engine.cards import shuffled_deck
from bot.engine.hand import Hand, SeatedPlayer, Stakes
from bot.house import LEVELS, Player, calling_station, house_player, play_out, random_legal

STAKES = Stakes(10)
STACK = 200 * STAKES.small_bet
OPPONENTS: dict[str, Player] = {
    "haney tag": RulePlayer(HANEY_TAG),
    "snowing lag": RulePlayer(GRITTER_SNOW),
    "position pro": RulePlayer(CLARKE_PRO),
    "exploit": RulePlayer(EXPLOIT),
    "calling station": calling_station,
    "random legal": random_legal,
}
"""Opponents by name: three written from published strategy, the best exploit the search found
(``bench.exploit_search``), and two weak bots."""
PAIRINGS: tuple[tuple[str, str], ...] = (
    ("strong", "haney tag"),
    ("strong", "snowing lag"),
    ("strong", "position pro"),
    ("strong", "exploit"),
    ("strong", "calling station"),
    ("strong", "random legal"),
    ("solid", "haney tag"),
    ("solid", "snowing lag"),
    ("solid", "position pro"),
    ("beginner", "haney tag"),
    ("beginner", "snowing lag"),
    ("beginner", "position pro"),
)
"""(house level, opponent) pairs, each played heads-up and six-handed."""
PUBLISHED = ("haney tag", "snowing lag", "position pro")
BEST_RESPONSE = "best response"
BEST_RESPONSE_LEVELS = ("strong", "beginner")
"""Levels the best response plays (the beginner as the measure's sanity check: it must find
the beginner very exploitable)."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What one match measured."""

    level: str
    opponent: str
    players: int
    hands: int
    win_rate: float
    """The house's big bets per 100 hands."""
    half_width: float
    """Half the 95% confidence interval of ``win_rate``."""
    median_ms: float
    p99_ms: float
    decisions: int


def play_decks(
    house: Player, other: Player, players: int, first: int, count: int, seed: int
) -> tuple[list[float], list[float]]:
    """Play decks ``first .. first + count - 1`` twice each (teams swapped); return the house's
    big bets per hand per player of each deck, and the house's decision times in seconds."""
    results: list[float] = []
    timings: list[float] = []
    for index in range(first, first + count):
        deck_seed = f"{seed}-{players}-{index}"
        deck = shuffled_deck(random.Random(deck_seed))
        button = index % players
        net = 0
        for swap in (0, 1):
            ours = [seat for seat in range(players) if (seat + swap) % 2 == 0]
            seated = [SeatedPlayer(seat, f"P{seat}", STACK, seat) for seat in range(players)]
            policies = {seat: house if seat in ours else other for seat in range(players)}
            rngs = {seat: random.Random(f"{deck_seed}-{swap}-{seat}") for seat in range(players)}
            times = dict.fromkeys(ours, timings)
            hand = Hand.start(seated, button, STAKES, deck=deck, rng=random.Random(deck_seed))
            play_out(hand, policies, rngs, times)
            result = hand.result
            assert result is not None
            net += sum(result.net[seat] for seat in ours)
        results.append(net / (2 * len(ours)) / STAKES.big_bet)
    return results, timings


def _play_named(
    level: str, opponent: str, players: int, first: int, count: int, seed: int
) -> tuple[list[float], list[float]]:
    return play_decks(house_player(LEVELS[level]), OPPONENTS[opponent], players, first, count, seed)


def percentile(values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile of ``values`` (sorted or not)."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    return ordered[max(0, math.ceil(pct / 100 * len(ordered)) - 1)]


def summarise(
    level: str, opponent: str, players: int, per_deck: list[float], timings: list[float]
) -> MatchResult:
    """The win rate and its interval from the per-deck results."""
    mean = statistics.fmean(per_deck)
    spread = statistics.stdev(per_deck)
    return MatchResult(
        level=level,
        opponent=opponent,
        players=players,
        hands=2 * len(per_deck),
        win_rate=100 * mean,
        half_width=100 * 1.96 * spread / math.sqrt(len(per_deck)),
        median_ms=1000 * percentile(timings, 50),
        p99_ms=1000 * percentile(timings, 99),
        decisions=len(timings),
    )


def over_decks(
    pool: ProcessPoolExecutor,
    play: Callable[[int, int, int], tuple[list[float], list[float]]],
    hands: int,
    seed: int,
    jobs: int,
) -> tuple[list[float], list[float]]:
    """At least ``hands`` hands of duplicate decks, ``play(first, count, seed)`` a chunk of
    them in each of the pool's tasks (four a process): every deck's result, every decision's
    time."""
    decks = max(2, math.ceil(hands / 2))
    chunk = math.ceil(decks / (jobs * 4))
    futures = [
        pool.submit(play, first, min(chunk, decks - first), seed)
        for first in range(0, decks, chunk)
    ]
    per_deck: list[float] = []
    timings: list[float] = []
    for future in futures:
        results, times = future.result()
        per_deck.extend(results)
        timings.extend(times)
    return per_deck, timings


def run_match(
    pool: ProcessPoolExecutor,
    level: str,
    opponent: str,
    players: int,
    hands: int,
    seed: int,
    jobs: int,
) -> MatchResult:
    """Play one match of at least ``hands`` hands split over ``jobs`` processes."""
    play = partial(_play_named, level, opponent, players)
    per_deck, timings = over_decks(pool, play, hands, seed, jobs)
    return summarise(level, opponent, players, per_deck, timings)


def run_best_response(
    pool: ProcessPoolExecutor, level: str, hands: int, seed: int, jobs: int
) -> MatchResult:
    """Local best response against ``level`` heads-up, at least ``hands`` hands over ``jobs``
    processes; the result is the house's, like the pairings'."""
    play = partial(best_response.play_level, level)
    per_deck, timings = over_decks(pool, play, hands, seed, jobs)
    return summarise(level, BEST_RESPONSE, 2, per_deck, timings)


def format_result(r: MatchResult) -> str:
    """One line of the report."""
    low, high = r.win_rate - r.half_width, r.win_rate + r.half_width
    table = "heads-up" if r.players == 2 else "six-handed"
    return (
        f"{r.level:<8} vs {r.opponent:<15} {table:<10} {r.hands:>6} hands: "
        f"{r.win_rate:+7.1f} ± {r.half_width:4.1f} bb/100 [{low:+.1f}, {high:+.1f}]; "
        f"decide p50 {r.median_ms:.3f} ms, p99 {r.p99_ms:.3f} ms ({r.decisions} decisions)"
    )


def goal_failures(results: Sequence[MatchResult]) -> list[str]:
    """Which parts of the goal the strong level misses in ``results``."""
    failures = []
    for r in results:
        if r.level != "strong":
            continue
        if r.opponent in PUBLISHED and r.win_rate - r.half_width < 0:
            failures.append(f"strong's interval is below zero against {r.opponent}")
        if r.opponent == "exploit" and r.players == 2 and -r.win_rate > 5:
            failures.append(f"the exploit wins {-r.win_rate:.1f} bb/100 heads-up")
        if r.opponent == BEST_RESPONSE and -r.win_rate > 5:
            failures.append(f"the best response wins {-r.win_rate:.1f} bb/100 heads-up")
        if r.p99_ms > 5:
            failures.append(f"p99 decision time {r.p99_ms:.2f} ms against {r.opponent}")
    return failures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=20_000, help="hands per pairing")
    parser.add_argument("--quick", action="store_true", help="2,000 hands per pairing")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument(
        "--best-response",
        action="store_true",
        help="also play local best response against the strong and beginner levels heads-up",
    )
    parser.add_argument(
        "--best-response-only", action="store_true", help="only the best response, no pairings"
    )
    parser.add_argument(
        "--best-response-hands", type=int, default=2_000, help="hands per best-response match"
    )
    parser.add_argument(
        "--players", type=int, choices=(2, 6), help="only heads-up (2) or six-handed (6) pairings"
    )
    parser.add_argument("--level", choices=list(LEVELS), help="only this house level's pairings")
    args = parser.parse_args(argv)
    hands = 2_000 if args.quick else args.hands
    started = time.perf_counter()
    if not args.best_response_only:
        print(f"duplicate matches, {hands} hands each, seed {args.seed}, {args.jobs} processes")
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        tables = (2, 6) if args.players is None else (args.players,)
        for players in () if args.best_response_only else tables:
            for level, opponent in PAIRINGS:
                if args.level is not None and level != args.level:
                    continue
                result = run_match(pool, level, opponent, players, hands, args.seed, args.jobs)
                results.append(result)
                print(format_result(result), flush=True)
        if args.best_response or args.best_response_only:
            br_hands = 200 if args.quick else args.best_response_hands
            print(
                f"local best response (bench.best_response), {br_hands} hands each, "
                f"seed {args.seed}, {args.jobs} processes",
                flush=True,
            )
            for level in BEST_RESPONSE_LEVELS:
                if args.level is not None and level != args.level:
                    continue
                result = run_best_response(pool, level, br_hands, args.seed, args.jobs)
                results.append(result)
                print(format_result(result), flush=True)
    decisions = sum(r.decisions for r in results)
    print(f"every decision legal: {decisions} house decisions through the engine")
    print(f"total {time.perf_counter() - started:.0f} s")
    failures = goal_failures(results)
    print("goal met" if not failures else "goal NOT met: " + "; ".join(failures))
    if args.quick:
        print("(a smoke run: too few hands for the intervals to decide anything)")
        return 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

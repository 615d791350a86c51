"""Engine benchmark: random complete 6-max hands/s, ours against PokerKit, plus evaluations/s.

Run from the repository root: ``python -m bench.bench_engine [REPEATS]`` (or
``python bench/bench_engine.py``). Both engines play the selfplay workload (random stacks with
short ones, fold 0.15 facing a bet, bet/raise 0.30 when allowed, else check/call, draws of a
random 0-5 cards; see ``bench/_hands.py``); repetitions are interleaved so machine noise hits
both alike, and the figure printed is the median over the repetitions. The evaluator figures
come from ``bench/bench_evaluator.py`` when it is present.
"""

from __future__ import annotations

import gc
import logging
import sys
import time
from pathlib import Path
from statistics import median
from typing import Any

if __package__ in (None, ""):  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._hands import our_hands, pokerkit_hands

log = logging.getLogger(__name__)

PLAYERS = 6
OUR_HANDS_PER_REP = 3000
POKERKIT_HANDS_PER_REP = 200


def bench_hands(repeats: int = 5) -> dict[str, Any]:
    """Median random 6-max hands/s for our engine and for PokerKit, and their ratio."""
    ours: list[float] = []
    theirs: list[float] = []
    for r in range(repeats):
        for name, play, count, rates in (
            ("ours", our_hands, OUR_HANDS_PER_REP, ours),
            ("pokerkit", pokerkit_hands, POKERKIT_HANDS_PER_REP, theirs),
        ):
            gc.collect()
            started = time.perf_counter()
            play(count, PLAYERS, 1000 + r)
            elapsed = time.perf_counter() - started
            rates.append(count / elapsed)
            log.debug("%s rep %d: %.0f hands/s", name, r, count / elapsed)
    our_rate = median(ours)
    their_rate = median(theirs)
    return {
        "repeats": repeats,
        "ours": our_rate,
        "pokerkit": their_rate,
        "ratio": our_rate / their_rate,
        "ours_all": ours,
        "pokerkit_all": theirs,
    }


def _evaluator_lines() -> list[str]:
    try:
        from bench.bench_evaluator import bench_evaluations
    except ImportError as exc:  # written by another helper: skip gracefully if absent
        return [f"evaluations: skipped ({exc})"]
    result = bench_evaluations()
    rates = result["evals_per_sec"]
    ratios = result["ratios"]
    lines = [f"2-7 evaluations/s (median of {result['passes']} passes):"]
    lines += [f"  {rate:>12,.0f}  {name}" for name, rate in rates.items()]
    lines.append(
        "  ratio vs pokerkit get_entry: "
        + ", ".join(f"{k} {v:.1f}x" for k, v in ratios.items() if not k.endswith("private"))
    )
    return lines


def main(argv: list[str]) -> int:
    """Print the figures."""
    repeats = int(argv[0]) if argv else 5
    result = bench_hands(repeats)
    print(f"random complete {PLAYERS}-max hands/s (median of {repeats} interleaved repetitions):")
    print(f"  {result['ours']:>10,.0f}  deuce engine ({OUR_HANDS_PER_REP} hands per repetition)")
    print(
        f"  {result['pokerkit']:>10,.0f}  pokerkit FixedLimitDeuceToSevenLowballTripleDraw "
        f"({POKERKIT_HANDS_PER_REP} hands per repetition)"
    )
    print(f"  ratio: {result['ratio']:.1f}x")
    for line in _evaluator_lines():
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Evaluations per second: Deuce's 2-7 evaluator against pokerkit's fastest lookup path.

Run from the repository root: ``python -m bench.bench_evaluator [SECONDS]`` (or
``python bench/bench_evaluator.py``). Every contender ranks the same random five-card hands;
each timed pass goes over all of them, passes are interleaved round-robin so that machine noise
hits everyone alike, each timed pass follows an untimed warm-up pass of the same contender
(steady-state throughput: otherwise the first pass after pokerkit's runs mostly measures cache
misses on our tables), and the figure printed is the median rate over the timed passes.

Which pokerkit call is "the fastest lookup path": pokerkit's 2-7 games rank hands with
``StandardLowHand``, whose ``lookup`` is a ``Standard2Lookup``. Building a ``StandardLowHand``
per hand (validation, then ``lookup.get_entry`` on every comparison) is about half as fast as
calling ``lookup.get_entry`` directly, and passing card strings is about four times slower than
passing tuples of already-parsed ``pokerkit.Card``. So the reference is
``StandardLowHand.lookup.get_entry(tuple_of_parsed_cards)``: the cheapest public call that
returns a hand's rank entry. For completeness we also time the same work through pokerkit's
private internals (``_get_key`` plus a raw dict read of its entry table), which skips only
``get_entry``'s method call and membership test; its ratio is printed as a lower bound.
"""

from __future__ import annotations

import gc
import logging
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine.cards import CARDS
from bot.engine.evaluator import rank27, rank27_ints, rank27_many

log = logging.getLogger(__name__)

HAND_SAMPLE = 10_000
"""Random hands per timed pass (a pass takes a few milliseconds for every contender)."""


def _random_hands(count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), 5)) for _ in range(count)]


def _contenders(hands: list[tuple[int, ...]]) -> dict[str, Callable[[], object]]:
    """One zero-argument function per contender; each call ranks every hand once."""
    from pokerkit import Card as PokerkitCard
    from pokerkit import StandardLowHand

    lookup = StandardLowHand.lookup
    pk_cards = [next(iter(PokerkitCard.parse(str(c)))) for c in CARDS]
    pk_hands = [tuple(pk_cards[c] for c in h) for h in hands]
    card_hands = [tuple(CARDS[c] for c in h) for h in hands]
    get_entry = lookup.get_entry
    get_key = lookup._get_key
    entries: dict[Any, Any] = lookup._Lookup__entries  # type: ignore[attr-defined]

    # Same work, checked once: our rank is pokerkit's entry index + 1 on every sample hand.
    assert [rank27_ints(*h) for h in hands] == [get_entry(h).index + 1 for h in pk_hands]

    def ours_fast() -> object:
        for h in hands:
            rank27_ints(*h)
        return None

    def ours_public() -> object:
        for h in card_hands:
            rank27(h)
        return None

    def ours_batch() -> object:
        return rank27_many(hands)

    def pokerkit_get_entry() -> object:
        for h in pk_hands:
            get_entry(h)
        return None

    def pokerkit_private() -> object:
        for h in pk_hands:
            entries[get_key(h)]
        return None

    def pokerkit_hand() -> object:
        for h in pk_hands:
            StandardLowHand(h).entry  # noqa: B018 (the property does the lookup)
        return None

    return {
        "ours_fast": ours_fast,
        "ours_public": ours_public,
        "ours_batch": ours_batch,
        "pokerkit_get_entry": pokerkit_get_entry,
        "pokerkit_private": pokerkit_private,
        "pokerkit_hand": pokerkit_hand,
    }


def bench_evaluations(seconds: float = 2.0, seed: int = 7) -> dict[str, Any]:
    """Median evaluations/second per contender over about ``seconds`` of timed passes.

    Returns ``{"hands_per_pass", "passes", "evals_per_sec": {name: rate}, "ratios": {...}}``;
    ratios are ours over pokerkit's public ``get_entry`` (and over its private path, for
    ``*_vs_private``).
    """
    hands = _random_hands(HAND_SAMPLE, seed)
    contenders = _contenders(hands)
    rates: dict[str, list[float]] = {name: [] for name in contenders}
    deadline = time.perf_counter() + seconds
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        while True:
            for name, run in contenders.items():
                # Untimed warm-up pass: the previous contender evicted this one's tables and
                # hands from the CPU caches; we measure steady-state throughput for everyone.
                run()
                started = time.perf_counter()
                run()
                rates[name].append(len(hands) / (time.perf_counter() - started))
            if time.perf_counter() >= deadline and len(rates["ours_fast"]) >= 5:
                break
    finally:
        if gc_was_enabled:
            gc.enable()
    medians = {name: statistics.median(values) for name, values in rates.items()}
    reference = medians["pokerkit_get_entry"]
    private = medians["pokerkit_private"]
    ratios = {
        "fast": medians["ours_fast"] / reference,
        "public": medians["ours_public"] / reference,
        "batch": medians["ours_batch"] / reference,
        "fast_vs_private": medians["ours_fast"] / private,
        "batch_vs_private": medians["ours_batch"] / private,
    }
    return {
        "hands_per_pass": len(hands),
        "passes": len(rates["ours_fast"]),
        "evals_per_sec": medians,
        "ratios": ratios,
    }


def _report(result: dict[str, Any]) -> str:
    rates = result["evals_per_sec"]
    ratios = result["ratios"]
    labels = {
        "ours_fast": "deuce rank27_ints(a, b, c, d, e)  (engine fast path, no validation)",
        "ours_public": "deuce rank27(cards)  (public API, validates five distinct cards)",
        "ours_batch": "deuce rank27_many(hands)  (batch, e.g. a whole showdown)",
        "pokerkit_get_entry": "pokerkit StandardLowHand.lookup.get_entry(parsed cards)",
        "pokerkit_private": "pokerkit private: lookup._get_key + raw entry dict",
        "pokerkit_hand": "pokerkit StandardLowHand(parsed cards).entry",
    }
    lines = [
        f"2-7 evaluations/second, median of {result['passes']} interleaved passes "
        f"of {result['hands_per_pass']} random hands each:"
    ]
    lines += [f"  {rates[name]:>12,.0f}  {label}" for name, label in labels.items()]
    lines.append(
        "ratio vs pokerkit get_entry (the reference):  "
        f"fast path {ratios['fast']:.1f}x, public {ratios['public']:.1f}x, "
        f"batch {ratios['batch']:.1f}x"
    )
    lines.append(
        "ratio vs pokerkit private internals (lower bound):  "
        f"fast path {ratios['fast_vs_private']:.1f}x, batch {ratios['batch_vs_private']:.1f}x"
    )
    return "\n".join(lines)


def _import_seconds() -> float:
    """Wall time of a cold ``import bot.engine.evaluator`` in a fresh interpreter."""
    import subprocess

    root = Path(__file__).resolve().parents[1]
    code = (
        "import time; t = time.perf_counter(); import bot.engine.evaluator; "
        "print(time.perf_counter() - t)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    return float(out.stdout.strip())


def main(argv: list[str]) -> int:
    seconds = float(argv[0]) if argv else 2.0
    print(_report(bench_evaluations(seconds)))
    print(f"cold import of bot.engine.evaluator (tables built): {_import_seconds():.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

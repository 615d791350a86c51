"""``python -m bot.engine``: replay PHH files through the engine, or play random hands.

python -m bot.engine replay FILE_OR_DIR...
python -m bot.engine selfplay --hands N [--players K] [--seed S] [--phh DIR]
                               [--free-folds P] [--leaves P]
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from bot.engine.cards import EngineError
from bot.engine.phh import replay_phh
from bot.engine.selfplay import run_selfplay

log = logging.getLogger(__name__)


def _phh_files(paths: Sequence[str]) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.phh") if p.is_file())
        else:
            yield path


def replay_main(paths: Sequence[str]) -> int:
    """Print ``<file> <finishing stacks>`` per hand, or ``<file> error: <why>`` for a file that
    cannot be read or breaks the rules, and go on with the next file. Exit status 1 when any
    file failed, 2 when no file was found, else 0."""
    count = failed = 0
    for path in _phh_files(paths):
        count += 1
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            print(f"{path} error: cannot read the file: {why}")
            failed += 1
            continue
        try:
            hand = replay_phh(text)
        except EngineError as exc:
            print(f"{path} error: {exc}")
            failed += 1
            continue
        stacks = [hand.stacks[pid] for pid in hand.player_ids]
        print(f"{path} {' '.join(str(s) for s in stacks)}")
    if count == 0:
        print("No PHH file given or found.", file=sys.stderr)
        return 2
    return 1 if failed else 0


def selfplay_main(
    hands: int,
    players: int,
    seed: int | None,
    phh: str | None,
    free_folds: float = 0.0,
    leaves: float = 0.0,
) -> int:
    """Play random hands and print a summary."""
    if not 2 <= players <= 6:
        print("--players must be 2 to 6.", file=sys.stderr)
        return 2
    started = time.perf_counter()
    summary = run_selfplay(
        hands, players, seed, Path(phh) if phh else None, free_folds=free_folds, leaves=leaves
    )
    elapsed = time.perf_counter() - started
    for line in summary.lines():
        print(line)
    rate = hands / elapsed if elapsed > 0 else float("inf")
    print(f"time: {elapsed:.2f} s ({rate:,.0f} hands/s, invariants checked)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.engine", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser("replay", help="replay PHH triple-draw files through the engine")
    replay.add_argument("paths", nargs="+", metavar="FILE_OR_DIR")
    selfplay = sub.add_parser("selfplay", help="play random legal hands")
    selfplay.add_argument("--hands", type=int, required=True)
    selfplay.add_argument("--players", type=int, default=6)
    selfplay.add_argument("--seed", type=int, default=None)
    selfplay.add_argument("--phh", metavar="DIR", default=None, help="write each hand as PHH")
    selfplay.add_argument(
        "--free-folds", type=float, default=0.0, metavar="P", help="fold when checking is free"
    )
    selfplay.add_argument(
        "--leaves", type=float, default=0.0, metavar="P", help="a player leaves, per decision"
    )
    args = parser.parse_args(argv)
    if args.command == "replay":
        return replay_main(args.paths)
    return selfplay_main(
        args.hands, args.players, args.seed, args.phh, args.free_folds, args.leaves
    )


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # output piped into head & co.
        sys.exit(0)

"""The order the parallel workers take the test files in: longest first, spread evenly.

pytest-xdist's ``worksteal`` hands each worker a contiguous block of the collected tests and
later moves half of the longest queue to an idle worker, by count, not by time. Collected in
folder order, a block could end on a minute-long end-to-end file that no other worker can take
over once it runs, and the whole run waited on it. Here the files are dealt as a scheduler
deals jobs of known length (longest processing time first): each file, longest first, goes to
the block with the least time so far, and each block runs its longest files first, so the tail
of the run is made of short tests that stealing spreads. A file's tests stay together: an
end-to-end module shares one bot among its tests (``tests/e2e/in_loop.py``).

The lengths are ``durations.json`` beside this file: seconds per test file, as measured by a
whole run (a file not in it counts ``UNKNOWN_SECONDS`` a test). The order only changes how
long the run takes, never what it checks; refresh the file when the suite's shape changes:

    ./scripts/test.sh --durations=0 -q > /tmp/run.txt; python -m tests.scheduling /tmp/run.txt
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path

import pytest

DURATIONS = Path(__file__).with_name("durations.json")
UNKNOWN_SECONDS = 0.2
"""What a test of a file ``durations.json`` does not know is counted (most tests are fast)."""


def file_of(item: pytest.Item) -> str:
    return item.nodeid.split("::", 1)[0]


def deal(items: list[pytest.Item], workers: int, known: dict[str, float]) -> list[pytest.Item]:
    """``items`` reordered into ``workers`` consecutive blocks of about equal time, each block's
    longest files first; the tests of a file keep their order and stay together."""
    by_file: dict[str, list[pytest.Item]] = defaultdict(list)
    for item in items:
        by_file[file_of(item)].append(item)

    def seconds(path: str) -> float:
        return known.get(path, UNKNOWN_SECONDS * len(by_file[path]))

    blocks: list[list[str]] = [[] for _ in range(workers)]
    totals = [0.0] * workers
    for path in sorted(by_file, key=lambda p: (-seconds(p), p)):
        least = totals.index(min(totals))
        blocks[least].append(path)
        totals[least] += seconds(path)
    return [item for block in blocks for path in block for item in by_file[path]]


def workers_of(config: pytest.Config) -> int:
    """How many xdist workers share the run (1 without xdist), the same in every worker."""
    count = getattr(config.option, "numprocesses", None) or 0
    if isinstance(count, str):  # "auto" / "logical": resolved by xdist in the workers' env
        count = 0
    if not count:
        import os

        count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0") or 0)
    return max(1, int(count))


def reorder(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``pytest_collection_modifyitems``: deal the files to the workers (see the module)."""
    workers = workers_of(config)
    if workers < 2 or not DURATIONS.exists():
        return
    known = json.loads(DURATIONS.read_text(encoding="utf-8"))
    items[:] = deal(items, workers, known)


LINE = re.compile(r"^\s*([\d.]+)s (?:call|setup|teardown)\s+(\S+?\.py)::")


def update(report: Path) -> dict[str, float]:
    """Seconds per test file summed from a run's ``--durations=0`` report."""
    totals: dict[str, float] = defaultdict(float)
    for line in report.read_text(encoding="utf-8", errors="replace").splitlines():
        match = LINE.match(line)
        if match:
            totals[match[2]] += float(match[1])
    return {path: round(total, 1) for path, total in sorted(totals.items()) if total >= 0.5}


if __name__ == "__main__":
    found = update(Path(sys.argv[1]))
    DURATIONS.write_text(json.dumps(found, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{DURATIONS}: {len(found)} files, {sum(found.values()):.0f} s in all")

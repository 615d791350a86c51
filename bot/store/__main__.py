"""``python -m bot.store audit [DATABASE]``: check that every chip is accounted for.

Prints the audit report and exits 0 when it passes, 1 when it finds a problem, 2 when the
database cannot be read. DATABASE defaults to ``$DATABASE_PATH`` (also read from ``.env``)
or ``data/deuce.db``.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

from dotenv import load_dotenv

from bot.store.store import Store

log = logging.getLogger(__name__)

DEFAULT_DATABASE = "data/deuce.db"


async def run_audit(path: Path) -> int:
    """Open the store, audit it, print the report; returns the process exit code."""
    store = await Store.open(path)
    try:
        report = await store.audit()
    finally:
        await store.close()
    print(f"database: {path}")
    print(report.format())
    return 0 if report.ok else 1


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen command."""
    load_dotenv()  # the same .env the bot reads, so DATABASE_PATH agrees; set variables win
    parser = argparse.ArgumentParser(prog="python -m bot.store", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    audit = commands.add_parser("audit", help="verify chip conservation and the ledger")
    audit.add_argument(
        "database",
        nargs="?",
        default=os.environ.get("DATABASE_PATH") or DEFAULT_DATABASE,
        help="SQLite file (default: $DATABASE_PATH or data/deuce.db)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    path = Path(args.database)
    if not path.is_file():
        print(f"no database at {path}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(run_audit(path))
    except Exception as error:  # a corrupt or foreign file: say so, do not trace back
        print(f"cannot audit {path}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

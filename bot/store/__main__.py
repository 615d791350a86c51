"""The store's command line.

``python -m bot.store audit [DATABASE_PATH_OR_URL]``: check that every chip is accounted for.
Prints the audit report and exits 0 when it passes, 1 when it finds a problem, 2 when the
database cannot be read. The database defaults to ``$DATABASE_URL``, else ``$DATABASE_PATH``
(both also read from ``.env``), else ``data/deuce.db``.

``python -m bot.store copy SQLITE_PATH POSTGRES_URL``: copy a SQLite store into an empty
PostgreSQL database, then audit both; exits 0 when both audits pass and every table has as many
rows on each side, 1 when not, 2 when the copy is refused or cannot run (nothing written).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

from dotenv import load_dotenv

from bot.config import database_url_problem, without_secrets
from bot.store.backend import is_postgres_url
from bot.store.copy import CopyRefused, copy_database
from bot.store.models import AuditReport
from bot.store.postgres import redacted
from bot.store.store import Store

log = logging.getLogger(__name__)

DEFAULT_DATABASE = "data/deuce.db"


async def audit_report(location: str) -> AuditReport:
    """Open the store, audit it, close it: the report."""
    store = await Store.open(location)
    try:
        return await store.audit.check()
    finally:
        await store.close()


async def run_audit(location: str) -> int:
    """Open the store, audit it, print the report; returns the process exit code."""
    report = await audit_report(location)
    print(f"database: {redacted(location)}")
    print(report.format())
    return 0 if report.ok else 1


def one_line(error: BaseException) -> str:
    """The error's message on one line (its type when it has none: a timeout)."""
    return " ".join(str(error).split()) or type(error).__name__


def audit(location: str) -> int:
    if not is_postgres_url(location) and not Path(location).is_file():
        print(f"no database at {location}", file=sys.stderr)
        return 2
    if is_postgres_url(location) and (problem := database_url_problem(location)):
        print(f"cannot audit {redacted(location)}: {problem}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(run_audit(location))
    except Exception as error:  # a corrupt or foreign file, a server down: say so, no traceback
        message = f"cannot audit {redacted(location)}: {one_line(error)}"
        print(without_secrets(message, location), file=sys.stderr)
        return 2


def copy(source: str, target: str) -> int:
    if not Path(source).is_file():
        print(f"no SQLite database at {source}", file=sys.stderr)
        return 2
    if not is_postgres_url(target):
        print("the target must be a postgresql:// URL", file=sys.stderr)
        return 2
    if problem := database_url_problem(target):
        print(f"cannot copy to {redacted(target)}: {problem}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(copy_database(Path(source), target))
    except CopyRefused as refusal:
        print(without_secrets(f"copy refused: {refusal}", target), file=sys.stderr)
        return 2
    except Exception as error:
        message = f"copy failed, nothing was written to the target: {one_line(error)}"
        print(without_secrets(message, target), file=sys.stderr)
        return 2


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen command."""
    load_dotenv()  # the same .env the bot reads, so the database agrees; set variables win
    parser = argparse.ArgumentParser(
        prog="python -m bot.store",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    audit_parser = commands.add_parser("audit", help="verify chip conservation and the ledger")
    audit_parser.add_argument(
        "database",
        nargs="?",
        default=os.environ.get("DATABASE_URL")
        or os.environ.get("DATABASE_PATH")
        or DEFAULT_DATABASE,
        help="SQLite file or postgresql:// URL "
        "(default: $DATABASE_URL, else $DATABASE_PATH, else data/deuce.db)",
    )
    copy_parser = commands.add_parser(
        "copy", help="copy a SQLite store into an empty PostgreSQL database, then audit both"
    )
    copy_parser.add_argument("source", help="the SQLite file (stop the bot first)")
    copy_parser.add_argument("target", help="postgresql:// URL of an empty database")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.command == "copy":
        return copy(args.source, args.target)
    return audit(args.database)


if __name__ == "__main__":
    sys.exit(main())

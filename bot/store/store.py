"""The chip store: wallets, a double-entry ledger, settings, tables, seats and the hand journal.

``Store`` opens a database (``Store.open``: a ``postgresql://`` URL, or a SQLite file path)
and gives each part of the domain its own attribute, all over one transaction runner:

* ``store.settings`` (``settings.py``): server and channel settings, locales, alert modes;
* ``store.wallets`` (``wallets.py``): balances, daily chips, grants, the leaderboard;
* ``store.tables`` (``tables.py``): tables, seats, buy-in, top-up, cash-out, table limits,
  the queue for a house player's seat;
* ``store.hands`` (``hands.py``): begin, journal, settle, void, announce, history, stats;
* ``store.house`` (``house.py``): house players and where the house fills seats;
* ``store.tournaments`` (``tournaments.py``): sit-and-go tournaments, their entrants, escrow,
  seats of tournament chips, places and prizes;
* ``store.mtts`` (``mtts.py``): multi-table tournaments, their tables, seat moves between them,
  places across tables and prizes by the payout preset;
* ``store.audit`` (``audit.py``): chips accounted for, the ledger read back;
* ``store.fairplay`` (``fairplay.py``): members exempted from the gates, frozen wallets;
* ``store.web`` (``web.py``): the dashboard's login links and sessions;
* ``store.web_requests`` (``web_requests.py``): table actions ``python -m bot.web`` asks of
  the bot.

A part imports no other part: what several share is written once in ``chips.py`` (limits,
argument checks, ledger accounts, ``post``, the wallet and seat moves), ``rows.py`` (reads
inside a transaction) and ``runner.py`` (transactions, the write lock, the journal's group
commit). Chips move only as ledger transactions whose entries sum to zero; wallet and seat
rows hold the balances beside the ledger, and ``store.audit.check()`` checks one against the
other.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from pathlib import Path

from bot.store.audit import Audit
from bot.store.backend import Backend, Tx, is_postgres_url
from bot.store.fairplay import FairPlay
from bot.store.hands import Hands
from bot.store.house import House
from bot.store.ledger import Ledger
from bot.store.mtts import Mtts
from bot.store.mtts import place_busted as place_busted_mtt
from bot.store.runner import Runner
from bot.store.settings import ServerSettings
from bot.store.tables import Tables
from bot.store.tournaments import Tournaments, place_busted
from bot.store.wallets import Wallets
from bot.store.web import WebLogins
from bot.store.web_requests import WebRequests
from bot.tournament import Finish

log = logging.getLogger(__name__)


async def _place_busted(
    db: Tx,
    table_id: int,
    players: Mapping[int, tuple[int, int]],
    finals: Mapping[int, int],
    now: float,
) -> list[Finish]:
    """A settled hand's eliminations at a tournament's table, sit-and-go or multi-table (each
    part places its own kind's and leaves the other's alone)."""
    return [
        *await place_busted(db, table_id, players, finals, now),
        *await place_busted_mtt(db, table_id, players, finals, now),
    ]


class Store:
    """The chip store: ``store = await Store.open(path)`` ... ``await store.close()``."""

    def __init__(self, backend: Backend) -> None:
        self.path: Path | None = getattr(backend, "path", None)
        """The SQLite file, or None on PostgreSQL."""
        self.runner = Runner(backend)
        self.settings = ServerSettings(self.runner)
        self.wallets = Wallets(self.runner)
        self.tables = Tables(self.runner)
        self.hands = Hands(self.runner, after_settle=_place_busted)
        self.house = House(self.runner)
        self.tournaments = Tournaments(self.runner)
        self.mtts = Mtts(self.runner)
        self.audit = Audit(self.runner)
        self.ledger = Ledger(self.runner)
        self.fairplay = FairPlay(self.runner)
        self.web = WebLogins(self.runner)
        self.web_requests = WebRequests(self.runner)

    @classmethod
    async def open(cls, location: str | os.PathLike[str], *, synchronous: str = "FULL") -> Store:
        """Open the database and apply its migrations: a ``postgresql://`` URL (the server and
        database must exist), or a SQLite file (created with its folder if needed).

        ``synchronous`` (SQLite only) is FULL by default (durable commits); tests of raw speed
        may pass NORMAL.
        """
        backend: Backend
        if is_postgres_url(location):
            from bot.store.postgres import PostgresBackend

            backend, applied = await PostgresBackend.open(str(location))
        else:
            from bot.store.sqlite import SqliteBackend

            backend, applied = await SqliteBackend.open(Path(location), synchronous=synchronous)
        log.info(
            "store opened on %s %s (%d migrations applied)",
            backend.kind,
            backend.location,
            applied,
        )
        return cls(backend)

    @property
    def backend(self) -> Backend:
        """The database under the store (``SqliteBackend`` or ``PostgresBackend``)."""
        return self.runner.backend

    @property
    def kind(self) -> str:
        """Which database runs the store: "sqlite" or "postgresql"."""
        return self.backend.kind

    async def close(self) -> None:
        """Wait for running transactions, then close both connections."""
        await self.runner.close()

    async def wait_idle(self) -> None:
        """Wait until every write queued so far (including ones whose caller gave up) is done."""
        await self.runner.wait_idle()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

"""Sit-and-go tournaments: created in a channel, registered for (buy-ins from the wallet into
the tournament's escrow), started at the channel's table with the same stack of tournament
chips for everyone, players eliminated with a place and a prize, the prizes paid from the
escrow in one ledger transaction at the finish, or every buy-in refunded when it is cancelled.

Tournament chips are not wallet chips: they come from the tournament's own account
(``chips.tournament_chips_account``) into the seats at the start, move between seats and pots
through ``store.hands`` as at a cash table, and the winner's stack goes back there at the
finish. While a tournament is played at a table (``poker_tables.tournament_id``) no cash move
is allowed there (``rows.cash_table``), and the audit checks the two kinds of chips apart.

Owns ``tournaments`` and ``tournament_entries``; writes the seats (``seats``, ``house_players``)
and the ``poker_tables`` row of its channel's table while it is played there.

Its SQL is below, beside its use (what other parts run too is in ``shared_sql``).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

from bot.house.accounts import HOUSE_PLAYER_IDS, is_house
from bot.store import chips, rows, shared_sql
from bot.store.backend import Tx
from bot.store.chips import (
    MAX_CHIPS,
    check_chips,
    check_id,
    check_setting,
    escrow_account,
    seat_account,
    tournament_chips_account,
)
from bot.store.errors import (
    AlreadyRegistered,
    ChipsNotConserved,
    InsufficientFunds,
    InvalidAmount,
    InvalidSetting,
    NotRegistered,
    StoreError,
    TableBusy,
    TooFewEntrants,
    TournamentClosed,
    TournamentExists,
    TournamentFull,
    TournamentNotFound,
)
from bot.store.models import (
    TABLE_CLOSED,
    TOURNAMENT_REGISTERING,
    TOURNAMENT_RUNNING,
    EntryRow,
    TableRow,
    TournamentLeader,
    TournamentResult,
    TournamentRow,
    TournamentStats,
)
from bot.store.runner import Runner
from bot.tournament import STRUCTURES, Finish, finishes, from_button, prizes_for

log = logging.getLogger(__name__)

# The channel's tournament that is registering or running (at most one of either kind: a
# partial index), and the same if it is a sit-and-go (the others are ``store.mtts``').
TOURNAMENT_FOR_CHANNEL = f"""
SELECT {rows.TOURNAMENT_COLUMNS} FROM tournaments
WHERE guild_id = ? AND channel_id = ? AND status IN ('registering', 'running')
"""

SNG_FOR_CHANNEL = TOURNAMENT_FOR_CHANNEL + "AND kind = 'sng'\n"

TOURNAMENT_LAST_FINISHED = f"""
SELECT {rows.TOURNAMENT_COLUMNS} FROM tournaments
WHERE guild_id = ? AND channel_id = ? AND status = 'finished' AND kind = 'sng'
ORDER BY finished_at DESC, id DESC
LIMIT 1
"""

TOURNAMENTS_RUNNING = (
    f"SELECT {rows.TOURNAMENT_COLUMNS} FROM tournaments"
    " WHERE status = 'running' AND kind = 'sng' ORDER BY id"
)

# The server's tournaments of either kind open for registration or running (the lobby).
TOURNAMENTS_LISTED = f"""
SELECT {rows.TOURNAMENT_COLUMNS} FROM tournaments
WHERE guild_id = ? AND status IN ('registering', 'running')
ORDER BY id
"""

# The server's latest tournaments, whatever their status (the dashboard's list).
TOURNAMENTS_OF_GUILD = f"""
SELECT {rows.TOURNAMENT_COLUMNS} FROM tournaments
WHERE guild_id = ?
ORDER BY id DESC
LIMIT ?
"""

# A member's latest tournaments of either kind, with their entry (the dashboard's "your
# tournaments").
TOURNAMENTS_OF_MEMBER = f"""
SELECT {", ".join("t." + c.strip() for c in rows.TOURNAMENT_COLUMNS.split(","))},
       e.user_id, e.name, e.style, e.registered_at, e.place, e.prize
FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id
WHERE e.user_id = ?
ORDER BY t.id DESC
LIMIT ?
"""

TOURNAMENTS_DUE = f"""
SELECT {rows.TOURNAMENT_COLUMNS} FROM tournaments
WHERE status = 'registering' AND starts_at IS NOT NULL AND starts_at <= ? AND kind = 'sng'
ORDER BY starts_at, id
"""

INSERT_TOURNAMENT = """
INSERT INTO tournaments (guild_id, channel_id, status, created_by, created_at, buy_in, seats,
                         start_stack, level_minutes, level_hands, structure, starts_at)
VALUES (?, ?, 'registering', ?, ?, ?, ?, ?, ?, ?, ?, ?)
"""

SET_TOURNAMENT_MESSAGE = "UPDATE tournaments SET message_id = ? WHERE id = ?"

SAVE_TOURNAMENT_CLOCK = "UPDATE tournaments SET clock = ? WHERE id = ?"

TOURNAMENT_CLOCK = "SELECT clock FROM tournaments WHERE id = ?"

START_TOURNAMENT = """
UPDATE tournaments SET status = 'running', table_id = ?, started_at = ?
WHERE id = ? AND status = 'registering'
"""

FINISH_TOURNAMENT = """
UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ? AND status = 'running'
"""

CANCEL_TOURNAMENT = """
UPDATE tournaments SET status = 'cancelled', finished_at = ?, cancel_reason = ?
WHERE id = ? AND status IN ('registering', 'running')
"""

INSERT_ENTRY = """
INSERT INTO tournament_entries (tournament_id, user_id, name, style, registered_at)
VALUES (?, ?, ?, ?, ?)
"""

# The channel's table as a tournament's: open, no button, not paused, opened by nobody (it
# counts against no member's limit of open tables), its message kept.
OPEN_TOURNAMENT_TABLE = """
UPDATE poker_tables
SET status = 'open', tournament_id = ?1, button_seat = NULL, paused_by = NULL, opened_by = NULL,
    empty_since = NULL, opened_at = ?2
WHERE id = ?3 AND status = 'closed'
"""

CREATE_TOURNAMENT_TABLE = """
INSERT INTO poker_tables (guild_id, channel_id, status, created_at, opened_by, empty_since,
                          opened_at, tournament_id)
VALUES (?1, ?2, 'open', ?3, NULL, NULL, ?3, ?4)
"""

# A member's finished tournaments in a server since a time: played, wins, paid a prize, net.
TOURNAMENT_STATS = """
SELECT count(*),
       coalesce(sum(CASE WHEN e.place = 1 THEN 1 ELSE 0 END), 0),
       coalesce(sum(CASE WHEN e.prize > 0 THEN 1 ELSE 0 END), 0),
       coalesce(sum(coalesce(e.prize, 0) - t.buy_in), 0)
FROM tournament_entries AS e JOIN tournaments AS t ON t.id = e.tournament_id
WHERE t.guild_id = ? AND e.user_id = ? AND t.status = 'finished' AND t.finished_at >= ?
"""

# A member's finished tournaments in a server since a time, oldest first: how each went.
TOURNAMENT_RESULTS = """
SELECT t.id, t.finished_at, t.buy_in, coalesce(e.prize, 0), e.place,
       (SELECT count(*) FROM tournament_entries AS f WHERE f.tournament_id = t.id)
FROM tournament_entries AS e JOIN tournaments AS t ON t.id = e.tournament_id
WHERE t.guild_id = ? AND e.user_id = ? AND t.status = 'finished' AND t.finished_at >= ?
ORDER BY t.finished_at, t.id
"""

# Members (user ids from the last ?, below which the house's are) by net over the finished
# tournaments of a server since a time.
TOURNAMENT_LEADERBOARD = """
SELECT e.user_id, count(*),
       sum(CASE WHEN e.place = 1 THEN 1 ELSE 0 END) AS wins,
       sum(coalesce(e.prize, 0) - t.buy_in) AS net
FROM tournament_entries AS e JOIN tournaments AS t ON t.id = e.tournament_id
WHERE t.guild_id = ? AND t.status = 'finished' AND t.finished_at >= ? AND e.user_id >= ?
GROUP BY e.user_id
ORDER BY net DESC, wins DESC, e.user_id
LIMIT ?
"""

MIN_SEATS = 2
MAX_SEATS = 6
MIN_START_STACK = 20
MAX_START_STACK = 1_000_000
MAX_LEVEL_MINUTES = 120
MAX_LEVEL_HANDS = 100
MAX_START_MINUTES = 7 * 24 * 60
"""The latest start a tournament may be given: a week from its creation."""


def _refuse_unless_running(tournament: TournamentRow) -> int:
    """The table of a running sit-and-go; ``StoreError``/``TournamentClosed`` otherwise."""
    rows.refuse_unless_running(tournament)
    if tournament.table_id is None:
        raise TournamentClosed("This tournament is over.", key="sng_closed")
    return int(tournament.table_id)


async def _get_sng(db: Tx, tournament_id: int) -> TournamentRow:
    """A sit-and-go by id: ``TournamentNotFound`` for none, or for a multi-table tournament
    (``store.mtts``' own)."""
    tournament = await rows.get_tournament(db, tournament_id)
    if tournament.kind != "sng":
        raise TournamentNotFound("There is no such tournament.", key="sng_not_found")
    return tournament


async def place_busted(
    db: Tx,
    table_id: int,
    players: Mapping[int, tuple[int, int]],
    finals: Mapping[int, int],
    now: float,
) -> list[Finish]:
    """At a tournament's table, the players a hand left with no chips go out in the
    transaction that settles it (``store.hands.settle`` calls this), so no crash can come
    between the two: placed by their stacks when the hand began (``players``: user id to
    (seat, start stack); the bigger stack finishes higher, equal stacks share the places they
    cover and their prizes, the odd chips one each from the button's left), their prizes
    recorded (paid at the finish) and their seats freed. At a cash table, or a multi-table
    tournament's, nothing."""
    busted = {user_id: start for user_id, (_, start) in players.items() if finals[user_id] == 0}
    if not busted:
        return []
    table = await rows.get_table(db, table_id)
    if table.tournament_id is None:
        return []
    tournament = await rows.get_tournament(db, table.tournament_id)
    if tournament.kind != "sng":
        return []  # a multi-table tournament's table: ``mtts.place_busted`` places them
    _refuse_unless_running(tournament)
    entries = {entry.user_id: entry for entry in await rows.tournament_entries(db, tournament.id)}
    for user_id in busted:
        entry = entries.get(user_id)
        if entry is None or entry.place is not None:
            raise StoreError(f"Player {user_id} is not playing tournament {tournament.id}.")
    out = finishes(
        busted,
        alive_before=sum(1 for entry in entries.values() if entry.place is None),
        prizes=prizes_for(tournament.buy_in * len(entries), len(entries)),
        seat_order=from_button(
            {user_id: players[user_id][0] for user_id in busted}, table.button_seat
        ),
    )
    await chips.record_outs(db, tournament, out, now, table_id=table_id)
    return out


class Tournaments:
    """``store.tournaments``: the sit-and-go tournaments of every server."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        by_user_id: int,
        *,
        buy_in: int,
        seats: int,
        start_stack: int,
        level_minutes: int | None = None,
        level_hands: int | None = None,
        structure: str,
        starts_in: int | None = None,
    ) -> TournamentRow:
        """Open registration for a tournament in this channel: ``buy_in`` wallet chips each
        (0: a freeroll), up to ``seats`` players (2..6) starting with ``start_stack``
        tournament chips (20..1,000,000), levels every ``level_minutes`` (1..120) or every
        ``level_hands`` (1..100), exactly one of them, ``structure`` one of ``STRUCTURES``,
        ``starts_in`` minutes from now (1..a week) when it starts by itself (None: when
        started). Every option is checked here, whatever sent it (``InvalidAmount``,
        ``InvalidSetting``); so is the prize pool, buy-in times seats, which must be payable
        as one prize (at most ``MAX_CHIPS``: ``sng_pool_too_big``). Refused while the
        channel's table is open (``TableBusy``) or a tournament registers or runs here
        (``TournamentExists``)."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        check_id(by_user_id, "member")
        check_chips(buy_in, "buy-in", minimum=0)
        check_setting(seats, "number of players", MIN_SEATS, MAX_SEATS)
        check_chips(start_stack, "starting stack", minimum=MIN_START_STACK, maximum=MAX_START_STACK)
        if (level_minutes is None) == (level_hands is None):
            raise InvalidSetting(
                "A tournament's levels go up either every so many minutes or every so many hands.",
                key="sng_levels",
            )
        if level_minutes is not None:
            check_setting(level_minutes, "minutes per level", 1, MAX_LEVEL_MINUTES)
        if level_hands is not None:
            check_setting(level_hands, "hands per level", 1, MAX_LEVEL_HANDS)
        if not isinstance(structure, str) or structure not in STRUCTURES:
            raise InvalidSetting(
                "A tournament's structure is one of " + ", ".join(STRUCTURES) + ".",
                key="sng_structure_unknown",
            )
        if starts_in is not None:
            check_setting(starts_in, "minutes before the start", 1, MAX_START_MINUTES)
        if buy_in * seats > MAX_CHIPS:
            raise InvalidAmount(
                f"The prize pool (buy-in times seats) can be at most {MAX_CHIPS:,} chips: with "
                f"{seats} seats the buy-in can be at most {MAX_CHIPS // seats:,}.",
                key="sng_pool_too_big",
                pool=MAX_CHIPS,
                seats=seats,
                buy_in=MAX_CHIPS // seats,
            )

        now = time.time()  # once per call: a run of it again finds its own tournament by it
        starts = None if starts_in is None else now + 60.0 * starts_in

        async def body(db: Tx) -> TournamentRow:
            existing = await db.one(TOURNAMENT_FOR_CHANNEL, (guild_id, channel_id))
            if existing is not None:
                found = rows.tournament_row(existing)
                if found.created_at == now and found.created_by == by_user_id:
                    return found  # created by this call, whose COMMIT went unanswered
                raise TournamentExists(
                    "This channel already has a tournament registering or under way.",
                    key="sng_exists",
                )
            table = await db.one(shared_sql.TABLE_BY_CHANNEL, (guild_id, channel_id))
            if table is not None and table[3] != TABLE_CLOSED:
                raise TableBusy(
                    "A cash game is open in this channel; a tournament can be played here once "
                    "its table is closed.",
                    key="sng_table_busy",
                )
            params = (
                guild_id,
                channel_id,
                by_user_id,
                now,
                buy_in,
                seats,
                start_stack,
                level_minutes,
                level_hands,
                structure,
                starts,
            )
            return await _get_sng(db, await db.insert(INSERT_TOURNAMENT, params))

        tournament = await self._runner.write(body)
        log.info(
            "tournament %d created in guild %s channel %s (buy-in %d, %d seats)",
            tournament.id,
            guild_id,
            channel_id,
            buy_in,
            seats,
        )
        return tournament

    async def get(self, tournament_id: int) -> TournamentRow:
        """One tournament by id (``TournamentNotFound`` if none)."""
        return await self._runner.read(lambda db: rows.get_tournament(db, tournament_id))

    async def for_channel(self, guild_id: int, channel_id: int) -> TournamentRow | None:
        """The channel's tournament that is registering or running, if any."""
        row = await self._runner.select_one(SNG_FOR_CHANNEL, (guild_id, channel_id))
        return None if row is None else rows.tournament_row(row)

    async def last_finished(self, guild_id: int, channel_id: int) -> TournamentRow | None:
        """The channel's latest finished tournament, if any (its results)."""
        row = await self._runner.select_one(TOURNAMENT_LAST_FINISHED, (guild_id, channel_id))
        return None if row is None else rows.tournament_row(row)

    async def running(self) -> list[TournamentRow]:
        """Every running tournament, for their tables to be restored after a restart."""
        return [
            rows.tournament_row(row) for row in await self._runner.select_all(TOURNAMENTS_RUNNING)
        ]

    async def listed(self, guild_id: int) -> list[TournamentRow]:
        """The server's tournaments of either kind (sit-and-goes and MTTs) open for
        registration or running, oldest first (the lobby)."""
        check_id(guild_id, "server")
        found = await self._runner.select_all(TOURNAMENTS_LISTED, (guild_id,))
        return [rows.tournament_row(row) for row in found]

    async def of_guild(self, guild_id: int, limit: int = 20) -> list[TournamentRow]:
        """The server's ``limit`` latest tournaments (registering, running, finished or
        cancelled), newest first."""
        check_id(guild_id, "server")
        found = await self._runner.select_all(TOURNAMENTS_OF_GUILD, (guild_id, int(limit)))
        return [rows.tournament_row(row) for row in found]

    async def of_member(
        self, user_id: int, limit: int = 200
    ) -> list[tuple[TournamentRow, EntryRow]]:
        """The ``limit`` latest tournaments of either kind (sit-and-goes and MTTs) ``user_id``
        is registered in or played, on any server (the caller keeps those of the servers it
        may show), newest first, each with the member's entry (its place and prize once
        out)."""
        check_id(user_id, "member")
        found = await self._runner.select_all(TOURNAMENTS_OF_MEMBER, (user_id, int(limit)))
        width = len(rows.TOURNAMENT_COLUMNS.split(","))
        values = [tuple(row) for row in found]
        return [(rows.tournament_row(v[:width]), rows.entry_row(v[width:])) for v in values]

    async def due(self, now: float) -> list[TournamentRow]:
        """Tournaments registering whose start time is ``now`` or earlier, soonest first."""
        found = await self._runner.select_all(TOURNAMENTS_DUE, (float(now),))
        return [rows.tournament_row(row) for row in found]

    async def entries(self, tournament_id: int) -> list[EntryRow]:
        """The tournament's entrants in registration order (``TournamentNotFound`` if none)."""

        async def body(db: Tx) -> list[EntryRow]:
            await rows.get_tournament(db, tournament_id)
            return await rows.tournament_entries(db, tournament_id)

        return await self._runner.read(body)

    async def set_message(self, tournament_id: int, message_id: int | None) -> None:
        """Remember the registration message (edited as players register)."""
        if message_id is not None:
            check_id(message_id, "message")
        await self._update(SET_TOURNAMENT_MESSAGE, (message_id, tournament_id))

    async def save_clock(self, tournament_id: int, clock: Mapping[str, Any]) -> None:
        """Keep the caller's clock (the level, when the next begins, hands dealt...): a JSON
        object the store does not read, so a restart picks the levels up where they were."""
        text = json.dumps(dict(clock), sort_keys=True)
        await self._update(SAVE_TOURNAMENT_CLOCK, (text, tournament_id))

    async def clock(self, tournament_id: int) -> dict[str, Any] | None:
        """The clock ``save_clock`` kept, or None before the first."""
        row = await self._runner.select_one(TOURNAMENT_CLOCK, (tournament_id,))
        if row is None:
            raise TournamentNotFound("There is no such tournament.", key="sng_not_found")
        return None if row[0] is None else dict(json.loads(row[0]))

    async def _update(self, sql: str, params: tuple[Any, ...]) -> None:
        async def body(db: Tx) -> None:
            if await db.run(sql, params) != 1:
                raise TournamentNotFound("There is no such tournament.", key="sng_not_found")

        await self._runner.write(body, immediate=False)

    async def _register(
        self, tournament_id: int, user_id: int, name: str, style: str | None
    ) -> TournamentRow:
        """One entry: the buy-in from the wallet (the house's for a house player) into the
        escrow, one transaction."""

        async def body(db: Tx) -> TournamentRow:
            now = time.time()
            tournament = await _get_sng(db, tournament_id)
            rows.refuse_unless_registering(tournament)
            if await db.one(rows.TOURNAMENT_ENTRY, (tournament_id, user_id)) is not None:
                raise AlreadyRegistered(
                    "You are already registered for this tournament.",
                    key="sng_already_registered",
                )
            if len(await rows.tournament_entries(db, tournament_id)) >= tournament.seats:
                raise TournamentFull(
                    f"The tournament is full ({tournament.seats} players).",
                    key="sng_full",
                    seats=tournament.seats,
                )
            guild_id, amount = tournament.guild_id, tournament.buy_in
            owner, account = chips.escrow_payee(guild_id, user_id)
            if style is not None:
                await chips.debit_house(db, guild_id, amount, now)
            else:
                await chips.refuse_frozen(db, guild_id, owner)
                balance, _ = await chips.ensure_wallet(db, guild_id, owner, now)
                if balance < amount:
                    raise InsufficientFunds(
                        f"You have only {balance:,} chips in your wallet; this buy-in needs "
                        f"{amount:,}.",
                        balance=balance,
                        needed=amount,
                    )
                await chips.debit_wallet(db, guild_id, owner, amount, balance)
            await chips.post(
                db,
                "tournament_buy_in",
                [(account, -amount), (escrow_account(tournament_id), amount)],
                now=now,
                guild_id=guild_id,
                by_user_id=user_id,
                note=f"tournament {tournament_id}",
            )
            params = (
                tournament_id,
                user_id,
                name[:100],
                None if style is None else style[:20],
                now,
            )
            await db.run(INSERT_ENTRY, params)
            return tournament

        tournament = await self._runner.write(body)
        log.info("user %s registered for tournament %d", user_id, tournament_id)
        return tournament

    async def register(self, tournament_id: int, user_id: int, name: str) -> TournamentRow:
        """Register a member: the buy-in moves from their wallet (created with the starting
        grant if new) into the escrow. Refused once it started (``TournamentStarted``) or is
        over (``TournamentClosed``), a second time (``AlreadyRegistered``), when full
        (``TournamentFull``), when the wallet is short (``InsufficientFunds``) or frozen
        (``WalletFrozen``)."""
        check_id(user_id, "member")
        if is_house(user_id):
            raise StoreError("The house registers its players with register_house.")
        if not isinstance(name, str):
            raise StoreError("A player needs a name.")
        return await self._register(tournament_id, user_id, name, None)

    async def register_house(
        self, tournament_id: int, user_id: int, name: str, style: str
    ) -> TournamentRow:
        """Register a house player (``user_id`` one of ``HOUSE_PLAYER_IDS``, chosen by the
        caller) of ``style``: the buy-in comes from the house's wallet (any shortfall minted
        into it first, as at a cash table), its prize goes back there."""
        if type(user_id) is not int or user_id not in HOUSE_PLAYER_IDS:
            raise StoreError("Unknown house player.")
        if not isinstance(name, str) or not isinstance(style, str):
            raise StoreError("A house player needs a name and a style.")
        return await self._register(tournament_id, user_id, name, style)

    async def unregister(self, tournament_id: int, user_id: int) -> int:
        """Take back a registration before the start: the buy-in goes back from the escrow to
        the wallet; returns it. ``NotRegistered``, or ``TournamentStarted`` once started."""
        check_id(user_id, "member")

        async def body(db: Tx) -> int:
            now = time.time()
            tournament = await _get_sng(db, tournament_id)
            rows.refuse_unless_registering(tournament)
            if await db.run(shared_sql.DELETE_ENTRY, (tournament_id, user_id)) != 1:
                raise NotRegistered(
                    "You are not registered for this tournament.", key="sng_not_registered"
                )
            await chips.pay_from_escrow(
                db,
                tournament,
                {user_id: tournament.buy_in},
                "tournament_refund",
                now,
                f"tournament {tournament_id}: unregistered",
            )
            return tournament.buy_in

        refund = await self._runner.write(body)
        log.info("user %s left tournament %d (%d back)", user_id, tournament_id, refund)
        return refund

    async def start(
        self,
        tournament_id: int,
        shuffle: Callable[[list[int]], None] | None = None,
        *,
        when_full: bool = False,
    ) -> tuple[TournamentRow, TableRow]:
        """Start: the channel's table (reopened, or opened the first time) becomes the
        tournament's, and the entrants as they are in this transaction sit at seats 0, 1, ...
        in registration order, put in place by ``shuffle`` (``random.shuffle``'s kind, given
        their user ids), each with the starting stack from the tournament's chips (one ledger
        transaction). ``TooFewEntrants`` under two, or (``sng_not_full``) under the seats when
        ``when_full`` (the start a full field triggers); ``TableBusy`` when a cash game is open
        at the table."""

        async def body(db: Tx) -> tuple[TournamentRow, TableRow]:
            now = time.time()
            tournament = await _get_sng(db, tournament_id)
            rows.refuse_unless_registering(tournament)
            entries = {
                entry.user_id: entry for entry in await rows.tournament_entries(db, tournament_id)
            }
            if len(entries) < MIN_SEATS:
                raise TooFewEntrants(
                    "A tournament needs at least two players to start.", key="sng_too_few"
                )
            if when_full and len(entries) < tournament.seats:
                raise TooFewEntrants(
                    "The tournament's seats are no longer all taken: it starts when they are.",
                    key="sng_not_full",
                )
            order = list(entries)
            if shuffle is not None:
                shuffle(order)
                if sorted(order) != sorted(entries):
                    raise StoreError("A seat order must keep every entrant once.")
            guild_id, channel_id = tournament.guild_id, tournament.channel_id
            row = await db.one(shared_sql.TABLE_BY_CHANNEL, (guild_id, channel_id))
            if row is None:
                params = (guild_id, channel_id, now, tournament_id)
                table_id = int(await db.insert(CREATE_TOURNAMENT_TABLE, params))
            else:
                table_id = int(row[0])
                if row[3] != TABLE_CLOSED:
                    raise TableBusy(
                        "A cash game is open in this channel; a tournament can be played here "
                        "once its table is closed.",
                        key="sng_table_busy",
                    )
                await db.run(OPEN_TOURNAMENT_TABLE, (tournament_id, now, table_id))
            await db.run(shared_sql.DELETE_TABLE_WAITING, (table_id,))
            stack = tournament.start_stack
            for number, user_id in enumerate(order):
                entry = entries[user_id]
                dm_ok = int(entry.style is None)
                seat_params = (table_id, user_id, number, entry.name, stack, dm_ok, now)
                await db.run(shared_sql.INSERT_SEAT, seat_params)
                if entry.style is not None:
                    await db.run(
                        shared_sql.INSERT_HOUSE_PLAYER, (table_id, user_id, entry.style, now)
                    )
            await chips.post(
                db,
                "tournament_start",
                [(tournament_chips_account(tournament_id), -stack * len(order))]
                + [(seat_account(table_id, user_id), stack) for user_id in order],
                now=now,
                guild_id=guild_id,
                table_id=table_id,
                note=f"tournament {tournament_id}",
            )
            await db.run(START_TOURNAMENT, (table_id, now, tournament_id))
            return await _get_sng(db, tournament_id), await rows.get_table(db, table_id)

        tournament, table = await self._runner.write(body)
        log.info("tournament %d started at table %d", tournament_id, table.id)
        return tournament, table

    async def finish(self, tournament_id: int, winner_id: int, prize: int) -> dict[int, int]:
        """The winner holds every chip: their stack goes back to the tournament's chips, they
        take first place and ``prize``, and every recorded prize is paid from the escrow in ONE
        ledger transaction (a house player's to the house's wallet); the table closes. The
        prizes must add up to the pool (``ChipsNotConserved`` otherwise, nothing changed);
        ``HandInProgress`` while a hand is played. Returns the prizes paid per player."""
        check_id(winner_id, "member")
        check_chips(prize, "prize", minimum=0)

        async def body(db: Tx) -> dict[int, int]:
            now = time.time()
            tournament = await _get_sng(db, tournament_id)
            table_id = _refuse_unless_running(tournament)
            await rows.refuse_if_hand_running(db, table_id)
            entries = await rows.tournament_entries(db, tournament_id)
            total = tournament.start_stack * len(entries)
            seat = await rows.get_seat(db, table_id, winner_id)
            if seat.stack != total:
                raise StoreError(
                    f"Player {winner_id} has {seat.stack:,} of the {total:,} tournament chips."
                )
            others = [entry for entry in entries if entry.user_id != winner_id]
            if any(entry.place is None for entry in others):
                raise StoreError("Every other player must be out before the tournament ends.")
            prizes = {entry.user_id: entry.prize or 0 for entry in others}
            prizes[winner_id] = prize
            pool = tournament.buy_in * len(entries)
            if sum(prizes.values()) != pool:
                raise ChipsNotConserved(
                    f"The prizes add up to {sum(prizes.values()):,} chips but the prize pool is "
                    f"{pool:,}; nothing was paid.",
                    key="sng_prizes_wrong",
                    prizes=sum(prizes.values()),
                    pool=pool,
                )
            await db.run(shared_sql.SET_ENTRY_RESULT, (1, prize, tournament_id, winner_id))
            await chips.end_tournament_table(db, tournament, table_id, now)
            paid = {user_id: amount for user_id, amount in prizes.items() if amount > 0}
            await chips.pay_from_escrow(
                db, tournament, paid, "tournament_payout", now, f"tournament {tournament_id}"
            )
            await db.run(FINISH_TOURNAMENT, (now, tournament_id))
            return paid

        paid = await self._runner.write(body)
        log.info("tournament %d won by %s; prizes %s", tournament_id, winner_id, paid)
        return paid

    async def cancel(self, tournament_id: int, reason: str) -> dict[int, int]:
        """Call the tournament off and give every entrant their buy-in back (eliminated ones
        too), in one transaction; returns the refunds per player. A running one only between
        hands (``HandInProgress``): the seats' tournament chips go back to the tournament's
        account and its table closes."""
        reason_text = str(reason)[:500]

        async def body(db: Tx) -> dict[int, int]:
            now = time.time()
            tournament = await _get_sng(db, tournament_id)
            if tournament.status == TOURNAMENT_RUNNING and tournament.table_id is not None:
                await rows.refuse_if_hand_running(db, tournament.table_id)
                await chips.end_tournament_table(db, tournament, tournament.table_id, now)
            elif tournament.status != TOURNAMENT_REGISTERING:
                raise TournamentClosed("This tournament is over.", key="sng_closed")
            refunds = {
                entry.user_id: tournament.buy_in
                for entry in await rows.tournament_entries(db, tournament_id)
            }
            await chips.pay_from_escrow(
                db,
                tournament,
                refunds,
                "tournament_refund",
                now,
                f"tournament {tournament_id} cancelled: {reason_text}"[:500],
            )
            await db.run(CANCEL_TOURNAMENT, (now, reason_text, tournament_id))
            return refunds

        refunds = await self._runner.write(body)
        log.info(
            "tournament %d cancelled (%s); %d refunds", tournament_id, reason_text, len(refunds)
        )
        return refunds

    async def stats(self, guild_id: int, user_id: int, since: float | None) -> TournamentStats:
        """A member's finished tournaments in this server that ended at ``since`` or later (all
        of them when None): played, won, paid a prize, and prizes minus buy-ins."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        start = 0.0 if since is None else float(since)
        row = await self._runner.select_one(TOURNAMENT_STATS, (guild_id, user_id, start))
        played, wins, in_the_money, net = (int(value) for value in row)
        return TournamentStats(played, wins, in_the_money, net)

    async def results(
        self, guild_id: int, user_id: int, since: float | None
    ) -> list[TournamentResult]:
        """How each of a member's finished tournaments in this server that ended at ``since``
        or later (all of them when None) went for them, oldest first."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        start = 0.0 if since is None else float(since)
        found = await self._runner.select_all(TOURNAMENT_RESULTS, (guild_id, user_id, start))
        return [
            TournamentResult(
                int(tid),
                float(ended),
                int(buy_in),
                int(prize),
                None if place is None else int(place),
                int(entrants),
            )
            for tid, ended, buy_in, prize, place, entrants in found
        ]

    async def leaderboard(
        self, guild_id: int, since: float | None, limit: int = 10
    ) -> list[TournamentLeader]:
        """Members (no house players) by their net over the server's finished tournaments that
        ended at ``since`` or later (all when None), then by wins, then by id."""
        check_id(guild_id, "server")
        limit = check_setting(limit, "limit", 1, 1000)
        start = 0.0 if since is None else float(since)
        params = (guild_id, start, HOUSE_PLAYER_IDS.stop, limit)
        found = await self._runner.select_all(TOURNAMENT_LEADERBOARD, params)
        return [
            TournamentLeader(int(user_id), int(played), int(wins), int(net))
            for user_id, played, wins, net in found
        ]

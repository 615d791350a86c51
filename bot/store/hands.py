"""Hands: begun with their players, journaled after every action (the runner's group
commit), settled or voided in one transaction, announced, and read back for history and
stats.

Owns ``hands``, ``hand_players`` and ``hand_journal``.

Its SQL is below, beside its use (what other parts run too is in ``shared_sql``).
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from typing import Any

import orjson

from bot.store import chips, rows, shared_sql
from bot.store.backend import Tx
from bot.store.chips import (
    MAX_ID,
    MAX_TABLE_SEATS,
    check_chips,
    check_id,
    check_setting,
    pot_account,
    seat_account,
)
from bot.store.errors import (
    ChipsNotConserved,
    HandAlreadyFinished,
    HandInProgress,
    HandNotFound,
    NotSeated,
    StoreError,
    TableClosed,
    TableNotFound,
)
from bot.store.models import (
    HAND_RUNNING,
    TABLE_CLOSED,
    HandPlayer,
    HandRecord,
    HandReplaySource,
    NetRow,
    PlayerHand,
    SeatRow,
    SessionLedger,
    SessionLine,
    Stats,
    UnfinishedHand,
)
from bot.store.runner import Runner

log = logging.getLogger(__name__)

SET_SEAT_STACK = "UPDATE seats SET stack = ? WHERE table_id = ? AND user_id = ? AND stack = ?"

# Two timeouts in a row: out from the next hand (a seat already out keeps its time; one
# leaving is cashed out instead).
SIT_OUT_SEAT = """
UPDATE seats SET sat_out_at = CASE WHEN sitting_out = 1 THEN sat_out_at ELSE ? END,
                 sitting_out = 1
WHERE table_id = ? AND user_id = ? AND leaving = 0
"""

SET_HAND_BUTTON = "UPDATE poker_tables SET button_seat = ? WHERE id = ?"
HANDS_OF_TOURNAMENT = """
SELECT count(*) FROM hands h WHERE h.tournament_id = ? AND (h.status = 'settled'
    OR (h.status = 'running' AND EXISTS (SELECT 1 FROM hand_journal j WHERE j.hand_id = h.id)))
"""
LAST_HAND_AT_TABLE = "SELECT max(id) FROM hands WHERE table_id = ? AND status != 'voided'"
HANDS_AT_TABLE_UP_TO = (
    "SELECT count(*) FROM hands WHERE table_id = ? AND id <= ? AND status != 'voided'"
)
INSERT_HAND = """
INSERT INTO hands (table_id, guild_id, channel_id, status, started_at, tournament_id)
VALUES (?, ?, ?, 'running', ?, ?)
"""

INSERT_HAND_PLAYER = """
INSERT INTO hand_players (hand_id, user_id, guild_id, seat, start_stack) VALUES (?, ?, ?, ?, ?)
"""

HAND = """
SELECT id, table_id, guild_id, channel_id, status, started_at, ended_at, summary, void_reason,
    tournament_id
FROM hands WHERE id = ?
"""

HAND_PLAYERS = """
SELECT hand_id, user_id, seat, start_stack, final_stack, won, showed_down
FROM hand_players WHERE hand_id = ? ORDER BY seat
"""

DELETE_JOURNAL = "DELETE FROM hand_journal WHERE hand_id = ?"

SETTLE_PLAYER = """
UPDATE hand_players SET final_stack = ?, won = ?, showed_down = ?, voluntary = ?, draws = ?,
    shown_rank = ?
WHERE hand_id = ? AND user_id = ?
"""

SETTLE_HAND = """
UPDATE hands SET status = 'settled', ended_at = ?, phh = ?, summary = ?, announced = 0
WHERE id = ? AND status = 'running'
"""

MARK_ANNOUNCED = "UPDATE hands SET announced = 1 WHERE id = ? AND status = 'settled'"

UNANNOUNCED_HANDS = """
SELECT id, table_id, guild_id, channel_id, status, started_at, ended_at, summary, void_reason,
    tournament_id
FROM hands
WHERE table_id = ? AND announced = 0 AND status = 'settled'
ORDER BY id
"""

VOID_PLAYER = "UPDATE hand_players SET final_stack = start_stack, won = 0 WHERE hand_id = ?"

VOID_HAND = """
UPDATE hands SET status = 'voided', ended_at = ?, void_reason = ?
WHERE id = ? AND status = 'running'
"""

UNFINISHED_HANDS = """
SELECT h.id, h.table_id, j.state
FROM hands AS h LEFT JOIN hand_journal AS j ON j.hand_id = h.id
WHERE h.status = 'running'
ORDER BY h.id
"""

JOURNAL_STATE = "SELECT state FROM hand_journal WHERE hand_id = ?"

KEEP_FINAL_STATE = """
UPDATE hands SET final_state = (SELECT state FROM hand_journal WHERE hand_id = ?1) WHERE id = ?1
"""

HAND_REPLAY = """
SELECT id, guild_id, channel_id, status, final_state, phh, summary FROM hands WHERE id = ?
"""

LAST_HAND_OF = """
SELECT max(p.hand_id) FROM hand_players AS p JOIN hands AS h ON h.id = p.hand_id
WHERE p.guild_id = ? AND p.user_id = ? AND h.status != 'running'
"""

HAND_PHH = "SELECT phh FROM hands WHERE id = ?"

# The newest settled cash hands of a server since a time, with their last engine state (the
# fair-play detector's reading): the last to end first, at most ? of them, and those that
# ended before a page's last (its end time and id: the index on (guild_id, ended_at) reads
# each page alone, where an order by id would sort the whole period for every page).
FAIR_FACTS_SINCE = """
SELECT id, fair_facts, CASE WHEN fair_facts IS NULL THEN final_state END, ended_at FROM hands
WHERE guild_id = ? AND status = 'settled' AND ended_at >= ? AND tournament_id IS NULL
  AND final_state IS NOT NULL AND (ended_at < ? OR (ended_at = ? AND id < ?))
ORDER BY ended_at DESC, id DESC
LIMIT ?
"""

FactsPage = tuple[float, int]
"""Where a page of ``Hands.fair_facts`` ended: its last hand's end time and id."""

# The servers where a cash hand was settled since a time (the fair-play watch's next pass).
GUILDS_WITH_HANDS_SINCE = """
SELECT DISTINCT guild_id FROM hands
WHERE status = 'settled' AND ended_at >= ? AND tournament_id IS NULL
ORDER BY guild_id
"""

CACHE_FAIR_FACTS = """
UPDATE hands SET fair_facts = ? WHERE id = ? AND fair_facts IS NULL
"""

FINAL_STATES_SINCE = """
SELECT id, final_state FROM hands
WHERE guild_id = ? AND status = 'settled' AND ended_at >= ? AND tournament_id IS NULL
  AND final_state IS NOT NULL
ORDER BY id DESC
LIMIT ?
"""

RECENT_HANDS = """
SELECT id, table_id, guild_id, channel_id, status, started_at, ended_at, summary, void_reason,
    tournament_id
FROM hands
WHERE guild_id = ?1 AND status != 'running'
  AND (?2 IS NULL OR channel_id = ?2)
  AND (?3 IS NULL OR id IN (SELECT hand_id FROM hand_players WHERE guild_id = ?1 AND user_id = ?3))
ORDER BY id DESC
LIMIT ?4
"""
RECENT_HANDS_PG = """
SELECT id, table_id, guild_id, channel_id, status, started_at, ended_at, summary, void_reason,
    tournament_id
FROM hands
WHERE guild_id = $1 AND status != 'running'
  AND ($2::bigint IS NULL OR channel_id = $2)
  AND ($3::bigint IS NULL
       OR id IN (SELECT hand_id FROM hand_players WHERE guild_id = $1 AND user_id = $3))
ORDER BY id DESC
LIMIT $4
"""
"""``RECENT_HANDS`` as PostgreSQL reads it (``postgres.OVERRIDES``): "$N IS NULL" alone does not
tell PostgreSQL the parameter's type, so it is cast."""

# The stats, leaderboards and session ledgers below are cash play's (as the lobby's, in tables): a
# tournament hand (tournament_id set) moves tournament chips, never wallet chips.
PLAYER_STATS = """
SELECT count(*),
       coalesce(sum(CASE WHEN p.won > 0 THEN 1 ELSE 0 END), 0),
       coalesce(sum(p.final_stack - p.start_stack), 0),
       coalesce(max(p.won), 0),
       coalesce(sum(p.showed_down), 0),
       coalesce(sum(CASE WHEN p.showed_down = 1 AND p.won > 0 THEN 1 ELSE 0 END), 0),
       coalesce(sum(p.voluntary), 0)
FROM hand_players AS p JOIN hands AS h ON h.id = p.hand_id
WHERE p.guild_id = ? AND p.user_id = ? AND h.status = 'settled' AND h.tournament_id IS NULL
"""

PLAYER_HANDS_SINCE = """
SELECT p.hand_id, h.ended_at, p.final_stack - p.start_stack, p.won, p.showed_down, p.voluntary,
       p.draws, p.shown_rank, h.channel_id
FROM hand_players AS p JOIN hands AS h ON h.id = p.hand_id
WHERE p.guild_id = ? AND p.user_id = ? AND h.status = 'settled' AND h.ended_at >= ?
  AND h.tournament_id IS NULL
ORDER BY p.hand_id
"""

NET_LEADERBOARD_SINCE = """
SELECT p.user_id, sum(p.final_stack - p.start_stack) AS net, count(*)
FROM hand_players AS p JOIN hands AS h ON h.id = p.hand_id
WHERE h.guild_id = ? AND h.status = 'settled' AND h.ended_at >= ?
  AND h.tournament_id IS NULL
GROUP BY p.user_id
ORDER BY net DESC, p.user_id
LIMIT ?
"""

# Since when the table is open (its session; a table from before it was kept: its creation).
TABLE_OPENED_AT = "SELECT coalesce(opened_at, created_at) FROM poker_tables WHERE id = ?"

SESSION_HANDS = """
SELECT count(*) FROM hands
WHERE table_id = ? AND status = 'settled' AND started_at >= ? AND tournament_id IS NULL
"""

# Each player's session at a table since a time: hands, net, biggest pot won, best hand shown
# (the lowest rank27; NULL when none was shown) and their latest hand (for their name).
SESSION_LEDGER = """
SELECT p.user_id, count(*), sum(p.final_stack - p.start_stack), coalesce(max(p.won), 0),
       min(p.shown_rank), max(p.hand_id)
FROM hands AS h JOIN hand_players AS p ON p.hand_id = h.id
WHERE h.table_id = ? AND h.status = 'settled' AND h.started_at >= ?
  AND h.tournament_id IS NULL
GROUP BY p.user_id
"""

HAND_SUMMARY = "SELECT summary FROM hands WHERE id = ?"


def _dumps(data: Any) -> str:
    """JSON text of a journal state or a hand summary (orjson: a state is encoded on the event
    loop at every action, several times faster than ``json``; keys such as user ids become
    strings, as ``json`` makes them)."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


def _int_keys(mapping: Mapping[Any, Any] | None) -> dict[int, Any] | None:
    """JSON turns int keys into strings; accept either for ids read back from a summary."""
    if mapping is None:
        return None
    return {int(key): value for key, value in mapping.items()}


AfterSettle = Callable[
    [Tx, int, Mapping[int, tuple[int, int]], Mapping[int, int], float], Awaitable[Any]
]
"""What else a hand's settlement writes in its transaction, given (the transaction, the table
id, each player's (seat, start stack), the final stacks, the time): the store gives the
tournaments' ``place_busted``, so players a tournament hand leaves with no chips are placed in
the same commit as the hand."""


class Hands:
    """``store.hands``: every hand dealt, running or finished."""

    def __init__(self, runner: Runner, *, after_settle: AfterSettle | None = None) -> None:
        self._runner = runner
        self._after_settle = after_settle

    async def running(self, table_id: int) -> int | None:
        """The id of the hand being played at this table, if any."""
        row = await self._runner.select_one(shared_sql.RUNNING_HAND_AT_TABLE, (table_id,))
        return None if row is None else int(row[0])

    async def last_dealt(self, table_id: int) -> int:
        """The id of the last hand dealt at this table, voided hands left out (0: none)."""
        row = await self._runner.select_one(LAST_HAND_AT_TABLE, (table_id,))
        return 0 if row is None or row[0] is None else int(row[0])

    async def dealt_in_tournament(self, tournament_id: int) -> int:
        """How many hands the tournament's tables have dealt: settled, or running with a
        journal (a running hand without one is voided as a restart resumes it). Its level clock
        counts them: ``TournamentRules.load`` checks the saved clock against it."""
        row = await self._runner.select_one(HANDS_OF_TOURNAMENT, (tournament_id,))
        return int(row[0])

    async def number_at_table(self, table_id: int, hand_id: int) -> int:
        """The hand's number among the hands dealt at its table, the voided ones left out
        (1 for the first): the same after a restart, and the same for a hand dealt again after
        a restart voided its first deal (``DEUCE_TEST_SEED`` keys its deck and house choices
        by it)."""
        row = await self._runner.select_one(HANDS_AT_TABLE_UP_TO, (table_id, hand_id))
        return int(row[0])

    async def begin(
        self, table_id: int, players: Mapping[int, int], *, button: int | None = None
    ) -> int:
        """Record a new hand with its players and start stacks; returns the hand id. With
        ``button``, the table's button moves to that seat in the same transaction: a crash
        before it leaves both as they were, so the hand dealt again after a restart moves the
        button once, not twice.

        Each start stack must equal the player's seat stack: the seat keeps holding it until
        ``settle`` writes the final stack, which is what keeps the audit exact mid-hand. A hand
        at a tournament's table keeps that tournament's id (cash stats leave it out).
        """
        if not isinstance(players, Mapping) or len(players) < 2:
            raise StoreError("A hand needs at least two players.")
        for user_id, stack in players.items():
            check_id(user_id, "member")
            check_chips(stack, "start stack")
        if button is not None and (type(button) is not int or not 0 <= button < MAX_TABLE_SEATS):
            raise StoreError("There is no such seat.")

        now = time.time()  # once per call: its start time tells a run of it again its own hand

        async def body(db: Tx) -> int:
            table = await rows.get_table(db, table_id)
            if table.status == TABLE_CLOSED:
                raise TableClosed("This table is closed.", key="error_table_closed")
            running = await db.one(shared_sql.RUNNING_HAND_AT_TABLE, (table_id,))
            if running is not None:
                hand = await db.one(HAND, (running[0],))
                if hand is not None and hand[5] == now:
                    return int(running[0])  # begun by this call, whose COMMIT went unanswered
                raise HandInProgress("A hand is already being played at this table.")
            seats: dict[int, SeatRow] = {}
            for user_id, stack in players.items():
                row = await db.one(shared_sql.SEAT_OF, (table_id, user_id))
                if row is None:
                    raise NotSeated(f"Player {user_id} is not seated at this table.")
                seat = rows.seat_row(row)
                if seat.stack != stack:
                    raise StoreError(
                        f"Player {user_id} has {seat.stack:,} chips at the table, not {stack:,}."
                    )
                seats[user_id] = seat
            if button is not None:
                await db.run(SET_HAND_BUTTON, (button, table_id))
            hand_id = await db.insert(
                INSERT_HAND,
                (table_id, table.guild_id, table.channel_id, now, table.tournament_id),
            )
            await db.many(
                INSERT_HAND_PLAYER,
                [
                    (hand_id, user_id, table.guild_id, seats[user_id].seat, stack)
                    for user_id, stack in players.items()
                ],
            )
            return int(hand_id)

        hand_id = await self._runner.write(body)
        log.info("hand %d begun at table %s with %d players", hand_id, table_id, len(players))
        return hand_id

    async def _hand_error(self, db: Tx, hand_id: int) -> StoreError:
        row = await db.one(shared_sql.HAND_STATUS, (hand_id,))
        if row is None:
            return HandNotFound(f"There is no hand #{hand_id}.")
        return HandAlreadyFinished(f"Hand #{hand_id} is already over ({row[0]}).")

    async def journal(self, hand_id: int, state: Mapping[str, Any]) -> None:
        """Save the engine state after an action; returns once it is durably committed.

        Group commit: the state joins the pending batch (replacing an older pending state of
        the same hand: only the latest is worth writing), and a batch write takes the whole
        batch when its turn comes and writes it in one transaction. Returns after the commit
        holding this state, or a newer one of the same hand, is on disk; raises
        HandNotFound/HandAlreadyFinished if the hand is not running, or the database error that
        failed the batch. Cancelling the caller does not withdraw the write, and never affects
        the other hands in the batch.
        """
        if self._runner.closed:
            raise RuntimeError("the store is closed")
        if type(hand_id) is not int or not 0 <= hand_id <= MAX_ID:
            # never let an id SQLite cannot bind into a batch it would fail as a whole
            raise HandNotFound(f"There is no hand #{hand_id}.")
        # Encoded now, on the loop: the caller's state is captured as it is at the call, even
        # if the caller gives up waiting and changes it while the batch is still pending.
        await self._runner.journal(hand_id, _dumps(dict(state)))

    async def _running_hand(
        self, db: Tx, hand_id: int
    ) -> tuple[int, int, dict[int, tuple[int, int]]]:
        """(table id, guild id, {user: (seat, start stack)}) of a hand still running."""
        row = await db.one(HAND, (hand_id,))
        if row is None or row[4] != HAND_RUNNING:
            raise await self._hand_error(db, hand_id)
        players = {
            int(user_id): (int(seat), int(start))
            for _, user_id, seat, start, *_ in await db.all(HAND_PLAYERS, (hand_id,))
        }
        return int(row[1]), int(row[2]), players

    async def settle(
        self,
        hand_id: int,
        final_stacks: Mapping[int, int],
        phh: str,
        summary: Mapping[str, Any],
        *,
        payouts: Mapping[int, int] | None = None,
        showed_down: Collection[int] | None = None,
        voluntary: Collection[int] | None = None,
        sit_out: Collection[int] = (),
        draws: Mapping[int, Sequence[int]] | None = None,
        shown_ranks: Mapping[int, int] | None = None,
    ) -> None:
        """Write a finished hand in ONE transaction, or change nothing.

        Checks that the final stacks conserve chips, then posts the ledger (each player's
        contribution seat → pot, then the pot → the winners' seats), sets the seats' stacks,
        and stores the PHH text, per-player results and the summary for history and stats.

        ``payouts`` (chips each player received from the pots, e.g. ``HandResult.payouts``),
        ``showed_down`` and ``voluntary`` (players who put chips in voluntarily) feed the stats;
        when omitted they are read from ``summary["payouts"]``, ``summary["showed_down"]`` (or
        the keys of ``summary["shown"]``) and ``summary["voluntary"]`` if present. Without
        payouts, each net winner is taken to have won their net gain (the ledger then records
        net amounts per player, which still balances).

        ``sit_out`` lists players the table sits out from the next hand (two timeouts in a
        row): their seats are marked in the same transaction, so a restart right after the
        hand cannot forget it.

        ``draws`` (cards each player drew at each draw they took part in) and ``shown_ranks``
        (the rank of each hand shown at the showdown) feed the lowball stats.

        At a tournament's table the players left with no chips are placed in the same
        transaction (``after_settle``): a crash cannot separate a hand from its eliminations.
        """
        if not isinstance(phh, str):
            raise StoreError("The hand history must be text.")
        finals: dict[int, int] = {}
        for user_id, stack in final_stacks.items():
            check_id(user_id, "member")
            finals[user_id] = check_chips(stack, "final stack", minimum=0)
        summary_dict = dict(summary)
        summary_text = _dumps(summary_dict)
        if showed_down is None:
            showed_down = summary_dict.get("showed_down", summary_dict.get("shown"))
        if voluntary is None:
            voluntary = summary_dict.get("voluntary")
        try:
            payout_map = _int_keys(payouts if payouts is not None else summary_dict.get("payouts"))
            shown = {int(user) for user in showed_down or ()}
            voluntary_set = None if voluntary is None else {int(user) for user in voluntary}
            sitting_out = sorted({check_id(user, "member") for user in sit_out})
            draws_text = {
                int(user): ",".join(str(check_setting(n, "cards drawn", 0, 5)) for n in counts)
                for user, counts in (draws or {}).items()
            }
            ranks = {int(user): int(rank) for user, rank in (shown_ranks or {}).items()}
        except (TypeError, ValueError) as error:
            raise StoreError(f"Hand #{hand_id}: player ids in the results are not ids.") from error

        async def body(db: Tx) -> None:
            now = time.time()
            table_id, guild_id, players = await self._running_hand(db, hand_id)
            if set(finals) != set(players):
                raise StoreError(
                    f"Hand #{hand_id}: final stacks must list exactly the hand's players."
                )
            start_total = sum(start for _, start in players.values())
            final_total = sum(finals.values())
            if start_total != final_total:
                raise ChipsNotConserved(
                    f"Hand #{hand_id}: final stacks total {final_total:,} chips but the hand "
                    f"started with {start_total:,}; nothing was changed."
                )
            won: dict[int, int] = {}
            put_in: dict[int, int] = {}
            for user_id, (_, start) in players.items():
                net = finals[user_id] - start
                if payout_map is None:
                    received = max(0, net)
                else:
                    received = check_chips(payout_map.get(user_id, 0), "payout", minimum=0)
                contributed = received - net
                if not 0 <= contributed <= start:
                    raise ChipsNotConserved(
                        f"Hand #{hand_id}: payouts do not match the stacks of player {user_id}."
                    )
                won[user_id] = received
                put_in[user_id] = contributed
            pot = pot_account(hand_id)
            await chips.post(
                db,
                "pot_contribution",
                [(seat_account(table_id, u), -c) for u, c in put_in.items()]
                + [(pot, sum(put_in.values()))],
                now=now,
                guild_id=guild_id,
                table_id=table_id,
                hand_id=hand_id,
            )
            await chips.post(
                db,
                "pot_win",
                [(pot, -sum(won.values()))]
                + [(seat_account(table_id, u), w) for u, w in won.items()],
                now=now,
                guild_id=guild_id,
                table_id=table_id,
                hand_id=hand_id,
            )
            for user_id, (_, start) in players.items():
                changed = await db.run(SET_SEAT_STACK, (finals[user_id], table_id, user_id, start))
                if changed != 1:
                    raise StoreError(
                        f"Hand #{hand_id}: the seat of player {user_id} no longer holds "
                        f"the start stack; nothing was changed."
                    )
                await db.run(
                    SETTLE_PLAYER,
                    (
                        finals[user_id],
                        won[user_id],
                        int(user_id in shown),
                        None if voluntary_set is None else int(user_id in voluntary_set),
                        draws_text.get(user_id),
                        ranks.get(user_id),
                        hand_id,
                        user_id,
                    ),
                )
            if await db.run(SETTLE_HAND, (now, phh, summary_text, hand_id)) != 1:
                raise await self._hand_error(db, hand_id)
            await db.run(KEEP_FINAL_STATE, (hand_id,))
            await db.run(DELETE_JOURNAL, (hand_id,))
            for user_id in sitting_out:
                await db.run(SIT_OUT_SEAT, (now, table_id, user_id))
            if self._after_settle is not None:
                await self._after_settle(db, table_id, players, finals, now)

        await self._runner.write(body)
        log.info("hand %d settled", hand_id)

    async def void(
        self, hand_id: int, reason: str, *, bets: Mapping[int, int] | None = None
    ) -> None:
        """Call off a hand that cannot be resumed: every bet goes back, seats keep start stacks.

        ``bets`` (chips each player had put in, read from the last journaled state if the caller
        can) only makes the ledger's record of the refund informative; the seats never lost the
        chips, so the refund is exact either way.
        """
        reason_text = str(reason)[:500]
        refunds: dict[int, int] = {}
        for user_id, amount in (bets or {}).items():
            check_id(user_id, "member")
            refunds[user_id] = check_chips(amount, "bet", minimum=0)

        async def body(db: Tx) -> None:
            now = time.time()
            table_id, guild_id, players = await self._running_hand(db, hand_id)
            for user_id, amount in refunds.items():
                if user_id not in players or amount > players[user_id][1]:
                    raise StoreError(f"Hand #{hand_id}: bet of {amount:,} by {user_id} is wrong.")
            total = sum(refunds.values())
            pot = pot_account(hand_id)
            await chips.post(
                db,
                "void",
                [(seat_account(table_id, u), -b) for u, b in refunds.items()] + [(pot, total)],
                now=now,
                guild_id=guild_id,
                table_id=table_id,
                hand_id=hand_id,
                note=reason_text,
            )
            await chips.post(
                db,
                "refund",
                [(pot, -total)] + [(seat_account(table_id, u), b) for u, b in refunds.items()],
                now=now,
                guild_id=guild_id,
                table_id=table_id,
                hand_id=hand_id,
                note=reason_text,
            )
            await db.run(VOID_PLAYER, (hand_id,))
            if await db.run(VOID_HAND, (now, reason_text, hand_id)) != 1:
                raise await self._hand_error(db, hand_id)
            await db.run(KEEP_FINAL_STATE, (hand_id,))
            await db.run(DELETE_JOURNAL, (hand_id,))

        await self._runner.write(body)
        log.warning("hand %d voided: %s", hand_id, reason_text)

    async def mark_announced(self, hand_id: int) -> None:
        """The settled hand's result reached the channel (``unannounced`` skips it now).
        Marking it twice is harmless; a hand not settled is refused."""

        async def body(db: Tx) -> None:
            if await db.run(MARK_ANNOUNCED, (hand_id,)) == 1:
                return
            row = await db.one(shared_sql.HAND_STATUS, (hand_id,))
            if row is None:
                raise HandNotFound(f"There is no hand #{hand_id}.")
            raise StoreError(f"Hand #{hand_id} is {row[0]}, not settled: nothing to announce.")

        await self._runner.write(body, immediate=False)

    async def unannounced(self, table_id: int) -> list[HandRecord]:
        """Settled hands of this table whose result was never posted (a crash came between
        ``settle`` and ``mark_announced``), oldest first, with what ``/poker history``
        reads: the stored summary (pot, winners, payouts, net, shown cards, names) and each
        player's result. ``phh(id)`` has the full hand."""

        async def body(db: Tx) -> list[HandRecord]:
            found = await db.all(UNANNOUNCED_HANDS, (table_id,))
            return await self._hand_records(db, found)

        return await self._runner.read(body)

    async def unfinished(self) -> list[UnfinishedHand]:
        """Hands begun but not settled or voided, with their last journaled state (or None)."""
        found = await self._runner.select_all(UNFINISHED_HANDS)
        return [
            UnfinishedHand(
                int(hand_id), int(table_id), None if state is None else json.loads(state)
            )
            for hand_id, table_id, state in found
        ]

    async def journal_state(self, hand_id: int) -> dict[str, Any] | None:
        """The last journaled engine state of a running hand."""
        row = await self._runner.select_one(JOURNAL_STATE, (hand_id,))
        return None if row is None else dict(json.loads(row[0]))

    async def _hand_records(self, db: Tx, found: list[Any]) -> list[HandRecord]:
        records = []
        for row in found:
            id_, table_id, guild_id, channel_id, status, started, ended, summary, reason = row[:9]
            tournament_id = row[9]
            players = tuple(
                HandPlayer(
                    user_id=int(user_id),
                    start_stack=int(start),
                    final_stack=final,
                    net=None if final is None else int(final) - int(start),
                    won=won,
                    showed_down=bool(showed),
                )
                for _, user_id, _seat, start, final, won, showed in await db.all(
                    HAND_PLAYERS, (id_,)
                )
            )
            records.append(
                HandRecord(
                    id=int(id_),
                    table_id=int(table_id),
                    guild_id=int(guild_id),
                    channel_id=int(channel_id),
                    status=str(status),
                    started_at=float(started),
                    ended_at=ended,
                    summary=None if summary is None else json.loads(summary),
                    void_reason=reason,
                    players=players,
                    tournament_id=None if tournament_id is None else int(tournament_id),
                )
            )
        return records

    async def record(self, hand_id: int) -> HandRecord:
        """One hand with its players (HandNotFound if none)."""

        async def body(db: Tx) -> HandRecord:
            row = await db.one(HAND, (hand_id,))
            if row is None:
                raise HandNotFound(f"There is no hand #{hand_id}.")
            return (await self._hand_records(db, [row]))[0]

        return await self._runner.read(body)

    async def recent(
        self,
        guild_id: int,
        channel_id: int | None = None,
        user_id: int | None = None,
        limit: int = 10,
    ) -> list[HandRecord]:
        """Finished (settled or voided) hands, newest first; optionally one channel's/member's."""
        check_id(guild_id, "server")
        limit = check_setting(limit, "number of hands", 1, 100)

        async def body(db: Tx) -> list[HandRecord]:
            found = await db.all(RECENT_HANDS, (guild_id, channel_id, user_id, limit))
            return await self._hand_records(db, found)

        return await self._runner.read(body)

    async def replay_source(self, hand_id: int) -> HandReplaySource:
        """What a replay of ``hand_id`` is built from (HandNotFound if there is no such hand):
        its last engine state (settled or voided since migration 0010) and its PHH."""
        if type(hand_id) is not int or not 0 <= hand_id <= MAX_ID:
            raise HandNotFound(f"There is no hand #{hand_id}.")

        async def body(db: Tx) -> tuple[Any, ...]:
            row = await db.one(HAND_REPLAY, (hand_id,))
            if row is None:
                raise HandNotFound(f"There is no hand #{hand_id}.")
            players = frozenset(int(p[1]) for p in await db.all(HAND_PLAYERS, (hand_id,)))
            return (*row, players)

        id_, guild_id, channel_id, status, state, phh, summary, players = await self._runner.read(
            body
        )
        return HandReplaySource(
            hand_id=int(id_),
            guild_id=int(guild_id),
            channel_id=int(channel_id),
            status=str(status),
            state=None if state is None else json.loads(state),
            phh=phh,
            summary=None if summary is None else json.loads(summary),
            players=players,
        )

    async def last_hand_of(self, guild_id: int, user_id: int) -> int | None:
        """The id of the member's latest finished hand in this server, if any."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        row = await self._runner.select_one(LAST_HAND_OF, (guild_id, user_id))
        return None if row is None or row[0] is None else int(row[0])

    async def phh(self, hand_id: int) -> str | None:
        """The PHH text of a settled hand (None for unknown, running or voided hands)."""
        row = await self._runner.select_one(HAND_PHH, (hand_id,))
        return None if row is None else row[0]

    async def player_stats(self, guild_id: int, user_id: int) -> Stats:
        """A member's record over settled hands in this server."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        row = await self._runner.select_one(PLAYER_STATS, (guild_id, user_id))
        played, won, net, biggest, showdowns, showdowns_won, vpip = (int(x) for x in row)
        return Stats(played, won, net, biggest, showdowns, showdowns_won, vpip)

    async def player_hands(
        self, guild_id: int, user_id: int, since: float = 0.0
    ) -> list[PlayerHand]:
        """A member's settled hands in this server that ended at ``since`` or later, oldest
        first: what the lowball stats and their chart are computed from."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        found = await self._runner.select_all(PLAYER_HANDS_SINCE, (guild_id, user_id, since))
        return [
            PlayerHand(
                hand_id=int(hand_id),
                ended_at=float(ended),
                net=int(net),
                won=int(won or 0),
                showed_down=bool(showed),
                voluntary=None if voluntary is None else bool(voluntary),
                draws=None if draws is None else tuple(int(n) for n in draws.split(",") if n),
                shown_rank=None if rank is None else int(rank),
                channel_id=int(channel_id),
            )
            for hand_id, ended, net, won, showed, voluntary, draws, rank, channel_id in found
        ]

    async def final_states(self, guild_id: int, since: float, limit: int) -> list[tuple[int, str]]:
        """The newest ``limit`` settled cash hands of the server that ended at ``since`` or
        later: (hand id, its last journaled state as the JSON text the journal wrote), newest
        first. The text is left to the caller to read (off the event loop: it is the work)."""
        check_id(guild_id, "server")
        limit = check_setting(limit, "limit", 1, 1_000_000)
        found = await self._runner.select_all(FINAL_STATES_SINCE, (guild_id, since, limit))
        return [(int(hand_id), str(state)) for hand_id, state in found]

    async def fair_facts(
        self, guild_id: int, since: float, limit: int, after: FactsPage | None = None
    ) -> list[tuple[int, str | None, str | None]]:
        """The ``limit`` settled cash hands of the server that ended last, at ``since`` or
        later (and after ``after``'s: the next page, ``fair_facts_page``), the last to end
        first: (hand id, its fair-play facts as cached, or None and its last journaled state to
        read them from)."""
        rows, _ = await self.fair_facts_page(guild_id, since, limit, after)
        return rows

    async def fair_facts_page(
        self, guild_id: int, since: float, limit: int, after: FactsPage | None = None
    ) -> tuple[list[tuple[int, str | None, str | None]], FactsPage | None]:
        """A page of ``fair_facts`` and where the next begins (None after the last hand)."""
        check_id(guild_id, "server")
        limit = check_setting(limit, "limit", 1, 1_000_000)
        ended, below = (math.inf, MAX_ID) if after is None else after
        found = await self._runner.select_all(
            FAIR_FACTS_SINCE, (guild_id, since, ended, ended, below, limit)
        )
        rows = [
            (
                int(hand_id),
                None if facts is None else str(facts),
                None if state is None else str(state),
            )
            for hand_id, facts, state, _ in found
        ]
        last = (float(found[-1][3]), int(found[-1][0])) if found else None
        return rows, last

    async def guilds_with_hands(self, since: float) -> list[int]:
        """The servers where a cash hand was settled at ``since`` or later, by id."""
        found = await self._runner.select_all(GUILDS_WITH_HANDS_SINCE, (since,))
        return [int(guild_id) for (guild_id,) in found]

    async def cache_fair_facts(self, facts: list[tuple[int, str]]) -> None:
        """Keep the fair-play facts read of settled hands (hand id, the text), so the next
        report skips their journals. A fact once kept is not rewritten."""
        if not facts:
            return

        async def body(db: Tx) -> None:
            await db.many(CACHE_FAIR_FACTS, [(text, hand_id) for hand_id, text in facts])

        await self._runner.write(body)

    async def net_leaderboard(self, guild_id: int, since: float, limit: int = 10) -> list[NetRow]:
        """Members by their net over the settled hands that ended at ``since`` or later."""
        check_id(guild_id, "server")
        limit = check_setting(limit, "limit", 1, 1000)
        found = await self._runner.select_all(NET_LEADERBOARD_SINCE, (guild_id, since, limit))
        return [NetRow(int(user), int(net), int(hands)) for user, net, hands in found]

    async def session(
        self, table_id: int, *, since: float | None = None, user_id: int | None = None
    ) -> SessionLedger:
        """A table's session: its settled hands that started at ``since`` or later (default:
        since the table opened) and each player's line over them, by net, best first
        (``user_id``: that player's line only). The same hand rows as the stats read."""
        check_id(table_id, "table")
        if user_id is not None:
            check_id(user_id, "member")

        async def body(db: Tx) -> SessionLedger:
            start = since
            if start is None:
                opened = await db.one(TABLE_OPENED_AT, (table_id,))
                if opened is None:
                    raise TableNotFound("There is no such table.", key="error_no_table")
                start = float(opened[0])
            hands = int((await db.one(SESSION_HANDS, (table_id, start)))[0])
            lines = []
            for player, count, net, biggest, best, last in await db.all(
                SESSION_LEDGER, (table_id, start)
            ):
                if user_id is not None and int(player) != user_id:
                    continue
                summary = await db.one(HAND_SUMMARY, (last,))
                names = json.loads(summary[0]).get("names", {}) if summary and summary[0] else {}
                lines.append(
                    SessionLine(
                        user_id=int(player),
                        name=str(names.get(str(player), player)),
                        hands=int(count),
                        net=int(net),
                        biggest_pot=int(biggest),
                        best_rank=None if best is None else int(best),
                    )
                )
            lines.sort(key=lambda line: (-line.net, line.name.casefold(), line.user_id))
            return SessionLedger(table_id, start, hands, tuple(lines))

        return await self._runner.read(body)

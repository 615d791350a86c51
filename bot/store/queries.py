"""The SQL statements of the store parts that do not keep theirs beside their code yet, as
named strings with ``?`` placeholders (``settings.py`` and ``rows.py`` hold the settings').

Values stay out of SQL text: only fixed strings are ever prepared. They are SQLite's
text, written to run on PostgreSQL too (flags compared with ``= 1``, no boolean sums); the
PostgreSQL backend numbers the placeholders and keeps its own text of the few that cannot be
shared (``postgres.OVERRIDES``).
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

# Wallets ---------------------------------------------------------------------------------------

WALLET = "SELECT balance, last_daily_at FROM wallets WHERE guild_id = ? AND user_id = ?"

CREATE_WALLET = """
INSERT INTO wallets (guild_id, user_id, balance, last_daily_at, created_at)
VALUES (?, ?, ?, NULL, ?)
"""

CREDIT_WALLET = "UPDATE wallets SET balance = balance + ? WHERE guild_id = ? AND user_id = ?"

DEBIT_WALLET = """
UPDATE wallets SET balance = balance - ?
WHERE guild_id = ? AND user_id = ? AND balance >= ?
"""

CLAIM_DAILY = """
UPDATE wallets SET balance = balance + ?, last_daily_at = ?
WHERE guild_id = ? AND user_id = ?
"""

LEADERBOARD = """
SELECT w.user_id, w.balance, coalesce(s.on_table, 0) AS on_table
FROM wallets AS w
LEFT JOIN (
    SELECT seats.user_id, sum(seats.stack) AS on_table
    FROM seats JOIN poker_tables AS t ON t.id = seats.table_id
    WHERE t.guild_id = ? AND t.tournament_id IS NULL
    GROUP BY seats.user_id
) AS s ON s.user_id = w.user_id
WHERE w.guild_id = ?
ORDER BY w.balance + coalesce(s.on_table, 0) DESC, w.user_id
LIMIT ?
"""

# Tables and seats ------------------------------------------------------------------------------

TABLE_COLUMNS = (
    "id, guild_id, channel_id, status, button_seat, message_id, opened_by, empty_since, paused_by,"
    " tournament_id"
)

TABLE_BY_ID = f"SELECT {TABLE_COLUMNS} FROM poker_tables WHERE id = ?"

TABLE_BY_CHANNEL = f"SELECT {TABLE_COLUMNS} FROM poker_tables WHERE guild_id = ? AND channel_id = ?"

CREATE_TABLE = """
INSERT INTO poker_tables (guild_id, channel_id, status, created_at, opened_by, empty_since,
                          opened_at)
VALUES (?1, ?2, 'open', ?3, ?4, ?5, ?3)
"""

REOPEN_TABLE = """
UPDATE poker_tables
SET status = 'open', opened_by = ?1, empty_since = ?2, opened_at = ?2, paused_by = NULL
WHERE id = ?3 AND status = 'closed'
"""

# The channels of the open tables a member opened in a server (the per-member limit).
TABLES_OPENED_BY = """
SELECT channel_id FROM poker_tables
WHERE guild_id = ? AND opened_by = ? AND status != 'closed'
ORDER BY id
"""

# No member sits at the table any more (house players are no members): its idle time starts,
# unless it already runs.
MARK_TABLE_EMPTY = """
UPDATE poker_tables SET empty_since = ?1
WHERE id = ?2 AND empty_since IS NULL
  AND NOT EXISTS (
      SELECT 1 FROM seats AS s
      WHERE s.table_id = ?2
        AND s.user_id NOT IN (SELECT h.user_id FROM house_players AS h WHERE h.table_id = ?2)
  )
"""

MARK_TABLE_TAKEN = """
UPDATE poker_tables SET empty_since = NULL WHERE id = ? AND empty_since IS NOT NULL
"""

OPEN_TABLES = f"SELECT {TABLE_COLUMNS} FROM poker_tables WHERE status != 'closed' ORDER BY id"

SET_TABLE_MESSAGE = "UPDATE poker_tables SET message_id = ? WHERE id = ?"

SET_TABLE_STATUS = "UPDATE poker_tables SET status = ? WHERE id = ?"

SET_BUTTON = "UPDATE poker_tables SET button_seat = ? WHERE id = ?"

CLOSE_TABLE = "UPDATE poker_tables SET status = 'closed', button_seat = NULL WHERE id = ?"

SEAT_COLUMNS = (
    "table_id, seat, user_id, name, stack, sitting_out, sat_out_at, leaving, dm_ok, time_bank,"
    " bank_hands, topup"
)

SEATS = f"SELECT {SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY seat"

SEAT_OF = f"SELECT {SEAT_COLUMNS} FROM seats WHERE table_id = ? AND user_id = ?"

INSERT_SEAT = """
INSERT INTO seats (table_id, user_id, seat, name, stack, sitting_out, sat_out_at, leaving, dm_ok,
                   joined_at)
VALUES (?, ?, ?, ?, ?, 0, NULL, 0, ?, ?)
"""

ADD_TO_SEAT = "UPDATE seats SET stack = stack + ? WHERE table_id = ? AND user_id = ?"
QUEUE_TOP_UP = "UPDATE seats SET topup = ? WHERE table_id = ? AND user_id = ? AND leaving = 0"
CLEAR_TOP_UP = "UPDATE seats SET topup = 0 WHERE table_id = ? AND user_id = ?"
SET_TIME_BANK = "UPDATE seats SET time_bank = ?, bank_hands = ? WHERE table_id = ? AND user_id = ?"
SET_TABLE_PAUSED = "UPDATE poker_tables SET paused_by = ? WHERE id = ?"

SET_SEAT_STACK = "UPDATE seats SET stack = ? WHERE table_id = ? AND user_id = ? AND stack = ?"

# Two timeouts in a row: out from the next hand (a seat already out keeps its time; one
# leaving is cashed out instead).
SIT_OUT_SEAT = """
UPDATE seats SET sat_out_at = CASE WHEN sitting_out = 1 THEN sat_out_at ELSE ? END,
                 sitting_out = 1
WHERE table_id = ? AND user_id = ? AND leaving = 0
"""

DELETE_SEAT = "DELETE FROM seats WHERE table_id = ? AND user_id = ?"

# update_seat builds its SET list from these fixed fragments only.
SEAT_UPDATES = {
    "sitting_out": "sitting_out = ?",
    "sat_out_at": "sat_out_at = ?",
    "leaving": "leaving = ?",
    "topup": "topup = ?",
    "dm_ok": "dm_ok = ?",
    "name": "name = ?",
}
UPDATE_SEAT = "UPDATE seats SET {assignments} WHERE table_id = ? AND user_id = ?"

IN_RUNNING_HAND = """
SELECT h.id FROM hands AS h JOIN hand_players AS p ON p.hand_id = h.id
WHERE h.table_id = ? AND h.status = 'running' AND p.user_id = ?
"""

RUNNING_HAND_AT_TABLE = "SELECT id FROM hands WHERE table_id = ? AND status = 'running'"

# Hands -----------------------------------------------------------------------------------------

INSERT_HAND = """
INSERT INTO hands (table_id, guild_id, channel_id, status, started_at, tournament_id)
VALUES (?, ?, ?, 'running', ?, ?)
"""

INSERT_HAND_PLAYER = """
INSERT INTO hand_players (hand_id, user_id, guild_id, seat, start_stack) VALUES (?, ?, ?, ?, ?)
"""

HAND = """
SELECT id, table_id, guild_id, channel_id, status, started_at, ended_at, summary, void_reason
FROM hands WHERE id = ?
"""

HAND_PLAYERS = """
SELECT hand_id, user_id, seat, start_stack, final_stack, won, showed_down
FROM hand_players WHERE hand_id = ? ORDER BY seat
"""

JOURNAL = """
INSERT INTO hand_journal (hand_id, seq, state, updated_at)
SELECT id, 1, ?, ? FROM hands WHERE id = ? AND status = 'running'
ON CONFLICT (hand_id) DO UPDATE SET
    seq = hand_journal.seq + 1, state = excluded.state, updated_at = excluded.updated_at
RETURNING seq
"""

HAND_STATUS = "SELECT status FROM hands WHERE id = ?"

# The whole group-committed batch in ONE statement: ? = updated_at, ? = a JSON array of
# [hand id, state] pairs (each state is already JSON text, spliced in as is; SQLite hands the
# object's text back unchanged). Hands not running are skipped; rowcount says how many were
# written. (INSERT .. SELECT .. ON CONFLICT needs the SELECT's WHERE clause to parse.)
JOURNAL_BATCH = """
INSERT INTO hand_journal (hand_id, seq, state, updated_at)
SELECT h.id, 1, json_extract(pending.value, '$[1]'), ?
FROM json_each(?) AS pending JOIN hands AS h ON h.id = json_extract(pending.value, '$[0]')
WHERE h.status = 'running'
ON CONFLICT (hand_id) DO UPDATE SET
    seq = hand_journal.seq + 1, state = excluded.state, updated_at = excluded.updated_at
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
SELECT id, table_id, guild_id, channel_id, status, started_at, ended_at, summary, void_reason
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

RECENT_HANDS = """
SELECT id, table_id, guild_id, channel_id, status, started_at, ended_at, summary, void_reason
FROM hands
WHERE guild_id = ?1 AND status != 'running'
  AND (?2 IS NULL OR channel_id = ?2)
  AND (?3 IS NULL OR id IN (SELECT hand_id FROM hand_players WHERE guild_id = ?1 AND user_id = ?3))
ORDER BY id DESC
LIMIT ?4
"""

# The stats, leaderboards, session ledgers and lobby figures below are cash play's: a
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

# Sessions and the lobby ------------------------------------------------------------------------

# Since when the table is open (its session; a table from before it was kept: its creation).
TABLE_OPENED_AT = "SELECT coalesce(opened_at, created_at) FROM poker_tables WHERE id = ?"

SEAT_JOINED_AT = "SELECT joined_at FROM seats WHERE table_id = ? AND user_id = ?"

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

LOBBY_TABLES = """
SELECT id, channel_id FROM poker_tables
WHERE guild_id = ? AND status = 'open' AND tournament_id IS NULL
ORDER BY id
"""

LOBBY_SEATS = """
SELECT s.table_id, s.user_id, s.name
FROM seats AS s JOIN poker_tables AS t ON t.id = s.table_id
WHERE t.guild_id = ? AND t.status = 'open' AND t.tournament_id IS NULL
ORDER BY s.table_id, s.seat
"""

LOBBY_STAKES = "SELECT channel_id, small_bet, cap FROM channel_stakes WHERE guild_id = ?"

# Hands settled per table since a time, and the chips they paid out (their pots).
LOBBY_HANDS = """
SELECT h.table_id, count(DISTINCT h.id), coalesce(sum(p.won), 0)
FROM hands AS h JOIN hand_players AS p ON p.hand_id = h.id
WHERE h.guild_id = ? AND h.status = 'settled' AND h.ended_at >= ?
  AND h.tournament_id IS NULL
GROUP BY h.table_id
"""

# Tournaments -----------------------------------------------------------------------------------

TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, status, created_by, created_at, buy_in, seats, start_stack,"
    " level_minutes, level_hands, structure, starts_at, message_id, table_id, started_at,"
    " finished_at, clock, cancel_reason"
)

TOURNAMENT = f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?"

# The channel's tournament that is registering or running (at most one: a partial index).
TOURNAMENT_FOR_CHANNEL = f"""
SELECT {TOURNAMENT_COLUMNS} FROM tournaments
WHERE guild_id = ? AND channel_id = ? AND status IN ('registering', 'running')
"""

TOURNAMENT_LAST_FINISHED = f"""
SELECT {TOURNAMENT_COLUMNS} FROM tournaments
WHERE guild_id = ? AND channel_id = ? AND status = 'finished'
ORDER BY finished_at DESC, id DESC
LIMIT 1
"""

TOURNAMENTS_RUNNING = (
    f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE status = 'running' ORDER BY id"
)

TOURNAMENTS_REGISTERING = f"""
SELECT {TOURNAMENT_COLUMNS} FROM tournaments
WHERE guild_id = ? AND status = 'registering'
ORDER BY id
"""

TOURNAMENTS_DUE = f"""
SELECT {TOURNAMENT_COLUMNS} FROM tournaments
WHERE status = 'registering' AND starts_at IS NOT NULL AND starts_at <= ?
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

ENTRY_COLUMNS = "user_id, name, style, registered_at, place, prize"

TOURNAMENT_ENTRIES = f"""
SELECT {ENTRY_COLUMNS} FROM tournament_entries
WHERE tournament_id = ?
ORDER BY registered_at, user_id
"""

TOURNAMENT_ENTRY = f"""
SELECT {ENTRY_COLUMNS} FROM tournament_entries WHERE tournament_id = ? AND user_id = ?
"""

INSERT_ENTRY = """
INSERT INTO tournament_entries (tournament_id, user_id, name, style, registered_at)
VALUES (?, ?, ?, ?, ?)
"""

DELETE_ENTRY = "DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ?"

SET_ENTRY_RESULT = """
UPDATE tournament_entries SET place = ?, prize = ?
WHERE tournament_id = ? AND user_id = ? AND place IS NULL
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

END_TOURNAMENT_TABLE = """
UPDATE poker_tables SET status = 'closed', button_seat = NULL, tournament_id = NULL
WHERE id = ? AND tournament_id = ?
"""

DELETE_TABLE_HOUSE_PLAYERS = "DELETE FROM house_players WHERE table_id = ?"

# A member's finished tournaments in a server since a time: played, wins, paid a prize, net.
TOURNAMENT_STATS = """
SELECT count(*),
       coalesce(sum(CASE WHEN e.place = 1 THEN 1 ELSE 0 END), 0),
       coalesce(sum(CASE WHEN e.prize > 0 THEN 1 ELSE 0 END), 0),
       coalesce(sum(coalesce(e.prize, 0) - t.buy_in), 0)
FROM tournament_entries AS e JOIN tournaments AS t ON t.id = e.tournament_id
WHERE t.guild_id = ? AND e.user_id = ? AND t.status = 'finished' AND t.finished_at >= ?
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

# Ledger ----------------------------------------------------------------------------------------

INSERT_LEDGER_TX = """
INSERT INTO ledger_tx (kind, guild_id, table_id, hand_id, by_user_id, note, created_at, call_key)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
"""

# Whether a store call's first ledger transaction (its key) is already written: a run of the
# call whose COMMIT went unanswered did commit.
LEDGER_CALL_APPLIED = "SELECT 1 FROM ledger_tx WHERE call_key = ?"

INSERT_LEDGER_ENTRY = "INSERT INTO ledger_entries (tx_id, account, amount) VALUES (?, ?, ?)"

# Audit -----------------------------------------------------------------------------------------

AUDIT_UNBALANCED_TX = """
SELECT tx_id, sum(amount) FROM ledger_entries GROUP BY tx_id HAVING sum(amount) != 0 LIMIT 20
"""
AUDIT_COUNTS = "SELECT (SELECT count(*) FROM ledger_tx), (SELECT count(*) FROM ledger_entries)"
AUDIT_ACCOUNT_SUMS = "SELECT account, sum(amount) FROM ledger_entries GROUP BY account"
AUDIT_WALLETS = "SELECT guild_id, user_id, balance FROM wallets"
AUDIT_SEATS = """
SELECT s.table_id, s.user_id, s.stack, t.tournament_id
FROM seats AS s JOIN poker_tables AS t ON t.id = s.table_id
"""
AUDIT_HAND_STATUS = "SELECT id, status, tournament_id FROM hands"
AUDIT_TOURNAMENTS = """
SELECT t.id, t.status, t.buy_in, t.start_stack,
       (SELECT count(*) FROM tournament_entries AS e WHERE e.tournament_id = t.id),
       (SELECT coalesce(sum(e.prize), 0) FROM tournament_entries AS e
        WHERE e.tournament_id = t.id)
FROM tournaments AS t
ORDER BY t.id
"""
# The prizes finished tournaments recorded, to match against their payout transactions.
AUDIT_TOURNAMENT_PRIZES = """
SELECT t.id, t.guild_id, e.user_id, e.prize
FROM tournament_entries AS e JOIN tournaments AS t ON t.id = e.tournament_id
WHERE t.status = 'finished' AND e.prize > 0
"""
AUDIT_TOURNAMENT_PAYOUTS = """
SELECT e.tx_id, e.account, e.amount
FROM ledger_entries AS e JOIN ledger_tx AS t ON t.id = e.tx_id
WHERE t.kind = 'tournament_payout'
ORDER BY e.id
"""
AUDIT_RUNNING_PLAYERS = """
SELECT h.id, h.table_id, p.user_id, p.start_stack, s.stack
FROM hands AS h
JOIN hand_players AS p ON p.hand_id = h.id
LEFT JOIN seats AS s ON s.table_id = h.table_id AND s.user_id = p.user_id
WHERE h.status = 'running'
"""

LEDGER_ENTRIES = """
SELECT t.kind, e.account, e.amount
FROM ledger_entries AS e JOIN ledger_tx AS t ON t.id = e.tx_id
WHERE ?1 IS NULL OR t.hand_id = ?1
ORDER BY e.id
"""

# House players ---------------------------------------------------------------------------------

HOUSE_PLAYERS = "SELECT user_id, style FROM house_players WHERE table_id = ? ORDER BY user_id"

INSERT_HOUSE_PLAYER = """
INSERT INTO house_players (table_id, user_id, style, created_at) VALUES (?, ?, ?, ?)
"""

DELETE_HOUSE_PLAYER = "DELETE FROM house_players WHERE table_id = ? AND user_id = ?"

HOUSE_FILL = """
SELECT seats, style FROM house_fill
WHERE guild_id = ? AND channel_id IN (?, 0)
ORDER BY channel_id = 0
LIMIT 1
"""

SET_HOUSE_FILL = """
INSERT INTO house_fill (guild_id, channel_id, seats, style, updated_at) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (guild_id, channel_id)
DO UPDATE SET seats = excluded.seats, style = excluded.style, updated_at = excluded.updated_at
"""

# Members waiting for a house player's seat at a full table (seated after the hand).
WAITING_MEMBERS = """
SELECT user_id, name, buy_in FROM waiting_members WHERE table_id = ? ORDER BY created_at, user_id
"""

INSERT_WAITING_MEMBER = """
INSERT INTO waiting_members (table_id, user_id, name, buy_in, created_at) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (table_id, user_id) DO NOTHING
"""

DELETE_WAITING_MEMBER = "DELETE FROM waiting_members WHERE table_id = ? AND user_id = ?"

DELETE_TABLE_WAITING = "DELETE FROM waiting_members WHERE table_id = ?"

UNSIT_SEAT = """
UPDATE seats SET sitting_out = 0, sat_out_at = NULL WHERE table_id = ? AND user_id = ?
"""

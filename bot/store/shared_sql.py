"""The SQL statements that several parts of the store (or both backends) run, as named strings
with ``?`` placeholders. A statement that serves one part lives in that part's module, beside
its use (``wallets.py``, ``tables.py``, ``hands.py``, ``tournaments.py``, ``house.py``,
``audit.py``, ``settings.py``), and so do the statements of the shared modules
(``chips.py``, ``rows.py``, ``runner.py``).

Values stay out of SQL text: only fixed strings are ever prepared. They are SQLite's
text, written to run on PostgreSQL too (flags compared with ``= 1``, no boolean sums); the
PostgreSQL backend numbers the placeholders and keeps its own text of the few that cannot be
shared (``postgres.OVERRIDES``, keyed by the SQLite text; the part that owns such a statement
keeps its PostgreSQL text beside it as ``<NAME>_PG``).
"""

from __future__ import annotations

# Wallets ---------------------------------------------------------------------------------------
# A wallet read (chips, house, tables, wallets) and credited (chips, house, tournaments,
# wallets).

WALLET = "SELECT balance, last_daily_at FROM wallets WHERE guild_id = ? AND user_id = ?"

CREDIT_WALLET = "UPDATE wallets SET balance = balance + ? WHERE guild_id = ? AND user_id = ?"

# Tables and seats ------------------------------------------------------------------------------
# A table found by its channel (tables, tournaments); seats read, added to, filled and emptied
# (chips, hands, house, rows, tables, tournaments); the running hand at a table (hands, tables,
# tournaments).

TABLE_COLUMNS = (
    "id, guild_id, channel_id, status, button_seat, message_id, opened_by, empty_since, paused_by,"
    " tournament_id"
)

TABLE_BY_CHANNEL = f"SELECT {TABLE_COLUMNS} FROM poker_tables WHERE guild_id = ? AND channel_id = ?"

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

DELETE_SEAT = "DELETE FROM seats WHERE table_id = ? AND user_id = ?"

RUNNING_HAND_AT_TABLE = "SELECT id FROM hands WHERE table_id = ? AND status = 'running'"

# Hands -----------------------------------------------------------------------------------------
# A running hand's journal: written by both backends (their group commit), its status read
# there and by hands.

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
JOURNAL_BATCH_PG = """
INSERT INTO hand_journal (hand_id, seq, state, updated_at)
SELECT h.id, 1, pending.value ->> 1, $1
FROM json_array_elements($2::json) AS pending (value)
JOIN hands AS h ON h.id = (pending.value ->> 0)::bigint
WHERE h.status = 'running'
ON CONFLICT (hand_id) DO UPDATE SET
    seq = hand_journal.seq + 1, state = excluded.state, updated_at = excluded.updated_at
"""
"""``JOURNAL_BATCH`` as PostgreSQL reads it (``postgres.OVERRIDES``): json (not jsonb) keeps each
element's text as it was written, so the state is stored exactly as the store encoded it."""

# House players and the waiting list ------------------------------------------------------------
# Written by house and tournaments (a house player), tables and tournaments (the waiting list).

INSERT_HOUSE_PLAYER = """
INSERT INTO house_players (table_id, user_id, style, created_at) VALUES (?, ?, ?, ?)
"""

DELETE_HOUSE_PLAYER = "DELETE FROM house_players WHERE table_id = ? AND user_id = ?"

DELETE_TABLE_WAITING = "DELETE FROM waiting_members WHERE table_id = ?"

DELETE_ENTRY = "DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ?"

SET_ENTRY_RESULT = """
UPDATE tournament_entries SET place = ?, prize = ?
WHERE tournament_id = ? AND user_id = ? AND place IS NULL
"""

"""Numbered schema migrations, embedded as strings so they ship inside the package.

Migration N (1-based position in ``MIGRATIONS``) is applied when ``PRAGMA user_version`` < N,
inside one ``BEGIN IMMEDIATE`` transaction that also bumps ``user_version``: a crash mid-migration
leaves the previous version intact, and two processes starting at once apply it only once.
Never edit a released migration; append a new one.

A server setting's column is not written here: ``declared_columns`` adds the column of each
setting declared on ``models.Settings`` that ``guild_settings`` lacks, after the numbered
migrations and under the same write lock (a new setting is one declaration, not a migration).
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence

import aiosqlite

from bot.store.models import SERVER_SETTINGS, SettingSpec

log = logging.getLogger(__name__)

MIGRATION_0001_INITIAL = """
CREATE TABLE guild_settings (
    guild_id        INTEGER PRIMARY KEY,
    small_bet       INTEGER,
    small_blind     INTEGER,
    cap             INTEGER,
    buyin_min       INTEGER,
    buyin_max       INTEGER,
    buyin_default   INTEGER,
    start_wallet    INTEGER,
    daily_amount    INTEGER,
    daily_cooldown  INTEGER,
    action_timer    INTEGER,
    draw_timer      INTEGER,
    hand_pause      INTEGER,
    seats           INTEGER,
    sitout_keep     INTEGER,
    updated_at      REAL NOT NULL
) STRICT;

CREATE TABLE channel_stakes (
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    small_bet    INTEGER NOT NULL CHECK (small_bet > 0),
    small_blind  INTEGER CHECK (small_blind IS NULL OR small_blind > 0),
    cap          INTEGER CHECK (cap IS NULL OR cap > 0),
    updated_at   REAL NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE wallets (
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    balance        INTEGER NOT NULL CHECK (balance >= 0),
    last_daily_at  REAL,
    created_at     REAL NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE poker_tables (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    status       TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closing', 'closed')),
    button_seat  INTEGER,
    message_id   INTEGER,
    created_at   REAL NOT NULL,
    UNIQUE (guild_id, channel_id)
) STRICT;

CREATE TABLE seats (
    table_id     INTEGER NOT NULL REFERENCES poker_tables (id),
    user_id      INTEGER NOT NULL,
    seat         INTEGER NOT NULL CHECK (seat >= 0 AND seat < 10),
    name         TEXT NOT NULL,
    stack        INTEGER NOT NULL CHECK (stack >= 0),
    sitting_out  INTEGER NOT NULL DEFAULT 0 CHECK (sitting_out IN (0, 1)),
    sat_out_at   REAL,
    leaving      INTEGER NOT NULL DEFAULT 0 CHECK (leaving IN (0, 1)),
    dm_ok        INTEGER NOT NULL DEFAULT 1 CHECK (dm_ok IN (0, 1)),
    joined_at    REAL NOT NULL,
    PRIMARY KEY (table_id, user_id),
    UNIQUE (table_id, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE hands (
    id           INTEGER PRIMARY KEY,
    table_id     INTEGER NOT NULL REFERENCES poker_tables (id),
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    status       TEXT NOT NULL DEFAULT 'running'
                 CHECK (status IN ('running', 'settled', 'voided')),
    started_at   REAL NOT NULL,
    ended_at     REAL,
    phh          TEXT,
    summary      TEXT,
    void_reason  TEXT
) STRICT;
CREATE INDEX hands_by_channel ON hands (guild_id, channel_id, id);
CREATE UNIQUE INDEX hands_one_running_per_table ON hands (table_id) WHERE status = 'running';

CREATE TABLE hand_players (
    hand_id      INTEGER NOT NULL REFERENCES hands (id),
    user_id      INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    seat         INTEGER NOT NULL,
    start_stack  INTEGER NOT NULL CHECK (start_stack > 0),
    final_stack  INTEGER CHECK (final_stack IS NULL OR final_stack >= 0),
    won          INTEGER CHECK (won IS NULL OR won >= 0),
    showed_down  INTEGER NOT NULL DEFAULT 0 CHECK (showed_down IN (0, 1)),
    voluntary    INTEGER CHECK (voluntary IS NULL OR voluntary IN (0, 1)),
    PRIMARY KEY (hand_id, user_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX hand_players_by_member ON hand_players (guild_id, user_id, hand_id);

CREATE TABLE hand_journal (
    hand_id     INTEGER PRIMARY KEY REFERENCES hands (id),
    seq         INTEGER NOT NULL,
    state       TEXT NOT NULL,
    updated_at  REAL NOT NULL
) STRICT;

CREATE TABLE ledger_tx (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('grant', 'start', 'daily', 'buy_in', 'cash_out',
                                              'pot_contribution', 'pot_win', 'refund', 'void')),
    guild_id    INTEGER,
    table_id    INTEGER,
    hand_id     INTEGER,
    by_user_id  INTEGER,
    note        TEXT,
    created_at  REAL NOT NULL
) STRICT;
CREATE INDEX ledger_tx_by_hand ON ledger_tx (hand_id) WHERE hand_id IS NOT NULL;

CREATE TABLE ledger_entries (
    id       INTEGER PRIMARY KEY,
    tx_id    INTEGER NOT NULL REFERENCES ledger_tx (id),
    account  TEXT NOT NULL,
    amount   INTEGER NOT NULL
) STRICT;
CREATE INDEX ledger_entries_by_tx ON ledger_entries (tx_id);
CREATE INDEX ledger_entries_by_account ON ledger_entries (account, amount);

CREATE TRIGGER ledger_tx_append_only_update BEFORE UPDATE ON ledger_tx
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_tx_append_only_delete BEFORE DELETE ON ledger_tx
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_append_only_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_append_only_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
"""

MIGRATION_0002_TURN_ALERTS = """
ALTER TABLE guild_settings ADD COLUMN alert_delay INTEGER;

CREATE TABLE alert_modes (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    mode        TEXT NOT NULL CHECK (mode IN ('off', 'on', 'now')),
    updated_at  REAL NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) STRICT, WITHOUT ROWID;
"""
"""The server's turn alert delay, and each member's choice of turn alerts (off, on, now)."""

MIGRATION_0003_ANNOUNCED_HANDS = """
ALTER TABLE hands ADD COLUMN announced INTEGER NOT NULL DEFAULT 1 CHECK (announced IN (0, 1));
CREATE INDEX hands_unannounced ON hands (table_id, id) WHERE announced = 0;
"""
"""Whether a settled hand's result reached the channel: ``settle_hand`` writes 0 and the table
sets 1 once the result is posted, so a crash in between is announced after the restart.
Hands from before this migration count as announced."""

MIGRATION_0004_HOUSE_PLAYERS = """
CREATE TABLE house_players (
    table_id    INTEGER NOT NULL REFERENCES poker_tables (id),
    user_id     INTEGER NOT NULL CHECK (user_id >= 1 AND user_id <= 99),
    style       TEXT NOT NULL,
    created_at  REAL NOT NULL,
    PRIMARY KEY (table_id, user_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE house_fill (
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    seats       INTEGER NOT NULL CHECK (seats >= 0 AND seats <= 10),
    style       TEXT NOT NULL,
    updated_at  REAL NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
) STRICT, WITHOUT ROWID;
"""
"""House players: the style of each house seat (its chips are an ordinary seat's, bought in
from the house's wallet), and how many seats the house fills at a table with a member
(``channel_id`` 0 is the server's default)."""

MIGRATION_0005_CARD_STYLE = """
ALTER TABLE guild_settings ADD COLUMN card_style TEXT;
"""
"""How the server's tables show cards: pictures in two or four suit colours, or text only."""

MIGRATION_0006_SHARD_ROUTING = """
CREATE TABLE shard_processes (
    process_id    TEXT PRIMARY KEY,
    shard_count   INTEGER NOT NULL,
    shard_ids     TEXT NOT NULL,
    heartbeat_at  REAL NOT NULL,
    started_at    REAL NOT NULL
) STRICT;

CREATE TABLE interaction_handoffs (
    id          INTEGER PRIMARY KEY,
    shard_id    INTEGER NOT NULL,
    payload     TEXT NOT NULL,
    state       TEXT NOT NULL CHECK (state IN ('new', 'deferred')),
    created_at  REAL NOT NULL
) STRICT;
"""
"""Sharded processes (PostgreSQL only in practice; here for the same schema): who runs which
shards (with a heartbeat), and DM clicks handed to the process that owns their table."""

MIGRATION_0007_LANGUAGES = """
ALTER TABLE guild_settings ADD COLUMN language TEXT;

CREATE TABLE channel_languages (
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    language    TEXT NOT NULL,
    updated_at  REAL NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE member_locales (
    user_id     INTEGER PRIMARY KEY,
    locale      TEXT NOT NULL,
    updated_at  REAL NOT NULL
) STRICT;
"""
"""Languages: the server's and a channel's table language (an admin's choice; none means the
server's Discord language), and each member's Discord locale as last seen (for the DMs the
bot sends on its own)."""

MIGRATION_0008_LEDGER_CALL_KEYS = """
ALTER TABLE ledger_tx ADD COLUMN call_key TEXT;
CREATE UNIQUE INDEX ledger_tx_by_call_key ON ledger_tx (call_key);
"""
"""The key of the store call that wrote a ledger transaction (``Store._write``: the call's
first ledger transaction carries the key itself, its later ones ``key/2``, ``key/3``...), unique:
a call run again after its COMMIT went unanswered finds its key and does not move chips twice.
Ledger transactions from before this migration have none (NULL, which UNIQUE allows many of)."""

MIGRATION_0009_TABLE_LIMITS = """
ALTER TABLE guild_settings ADD COLUMN idle_close INTEGER;
ALTER TABLE guild_settings ADD COLUMN tables_per_member INTEGER;
ALTER TABLE poker_tables ADD COLUMN opened_by INTEGER;
ALTER TABLE poker_tables ADD COLUMN empty_since REAL;
CREATE INDEX poker_tables_by_opener ON poker_tables (guild_id, opened_by) WHERE status != 'closed';

CREATE TABLE waiting_members (
    table_id    INTEGER NOT NULL REFERENCES poker_tables (id),
    user_id     INTEGER NOT NULL,
    name        TEXT NOT NULL,
    buy_in      INTEGER CHECK (buy_in IS NULL OR buy_in > 0),
    created_at  REAL NOT NULL,
    PRIMARY KEY (table_id, user_id)
) STRICT, WITHOUT ROWID;
"""
"""Tables do not pile up: the server's idle time of an empty table and how many open tables a
member may have opened; who opened each table (``/poker join`` in a channel without an open
table) and since when no member sits there (NULL while one does, and for tables from before
this migration); members waiting for a house player's seat at a full table, seated after the
hand (a restart keeps them waiting)."""

MIGRATION_0010_REPLAYS = """
ALTER TABLE hands ADD COLUMN final_state TEXT;
"""
"""A finished hand's last journaled engine state, kept when the journal row is deleted (settled
or voided): ``/poker replay`` steps through it, a voided hand included (a settled hand from
before this migration replays from its PHH)."""

MIGRATION_0011_DRAW_STATS = """
ALTER TABLE hand_players ADD COLUMN draws TEXT;
ALTER TABLE hand_players ADD COLUMN shown_rank INTEGER;
CREATE INDEX hands_by_guild_end ON hands (guild_id, ended_at) WHERE status = 'settled';
"""
"""What the lowball stats read per player and hand: the cards drawn at each draw taken
(``"2,0,1"``; NULL for hands from before this migration) and the rank of the hand shown at the
showdown (NULL when it was not shown: a mucked hand's strength is nobody's business); settled
hands by server and end time, for stats and leaderboards by period."""

MIGRATION_0012_SESSIONS = """
ALTER TABLE poker_tables ADD COLUMN opened_at REAL;
UPDATE poker_tables SET opened_at = created_at;
CREATE INDEX hands_by_table_start ON hands (table_id, started_at) WHERE status = 'settled';
"""
"""A table's session: since when it is open (set when it opens and when it opens again; a
table from before this migration counts from its first opening), for ``/poker session`` and
the ledger posted when it closes; settled hands by table and start, for those ledgers and a
member's leave summary."""

MIGRATION_0013_SEAT_CLIENT = """
ALTER TABLE poker_tables ADD COLUMN paused_by INTEGER;
ALTER TABLE seats ADD COLUMN time_bank REAL;
ALTER TABLE seats ADD COLUMN bank_hands INTEGER NOT NULL DEFAULT 0;
ALTER TABLE guild_settings ADD COLUMN time_bank INTEGER;
ALTER TABLE guild_settings ADD COLUMN time_bank_add INTEGER;
ALTER TABLE guild_settings ADD COLUMN time_bank_every INTEGER;
ALTER TABLE guild_settings ADD COLUMN time_bank_max INTEGER;
"""
"""A host's pause (who paused the table: no deal until resumed), each seat's time bank (seconds
left, None = the server's start; hands dealt since it last grew) and the server's time bank
settings."""

MIGRATION_0014_TOURNAMENTS = """
CREATE TABLE tournaments (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    status         TEXT NOT NULL DEFAULT 'registering'
                   CHECK (status IN ('registering', 'running', 'finished', 'cancelled')),
    created_by     INTEGER NOT NULL,
    created_at     REAL NOT NULL,
    buy_in         INTEGER NOT NULL CHECK (buy_in >= 0),
    seats          INTEGER NOT NULL CHECK (seats >= 2 AND seats <= 6),
    start_stack    INTEGER NOT NULL CHECK (start_stack > 0),
    level_minutes  INTEGER CHECK (level_minutes IS NULL OR level_minutes > 0),
    level_hands    INTEGER CHECK (level_hands IS NULL OR level_hands > 0),
    structure      TEXT NOT NULL,
    starts_at      REAL,
    message_id     INTEGER,
    table_id       INTEGER REFERENCES poker_tables (id),
    started_at     REAL,
    finished_at    REAL,
    clock          TEXT,
    cancel_reason  TEXT,
    CHECK ((level_minutes IS NULL) != (level_hands IS NULL))
) STRICT;
CREATE UNIQUE INDEX tournaments_one_per_channel ON tournaments (guild_id, channel_id)
    WHERE status IN ('registering', 'running');
CREATE INDEX tournaments_by_guild_end ON tournaments (guild_id, finished_at)
    WHERE status = 'finished';

CREATE TABLE tournament_entries (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    user_id        INTEGER NOT NULL,
    name           TEXT NOT NULL,
    style          TEXT,
    registered_at  REAL NOT NULL,
    place          INTEGER CHECK (place IS NULL OR place >= 1),
    prize          INTEGER CHECK (prize IS NULL OR prize >= 0),
    PRIMARY KEY (tournament_id, user_id)
) STRICT, WITHOUT ROWID;

ALTER TABLE poker_tables ADD COLUMN tournament_id INTEGER;
ALTER TABLE hands ADD COLUMN tournament_id INTEGER;

CREATE TABLE ledger_tx_new (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('grant', 'start', 'daily', 'buy_in', 'cash_out',
                                              'pot_contribution', 'pot_win', 'refund', 'void',
                                              'tournament_buy_in', 'tournament_refund',
                                              'tournament_start', 'tournament_out',
                                              'tournament_chips_back', 'tournament_payout')),
    guild_id    INTEGER,
    table_id    INTEGER,
    hand_id     INTEGER,
    by_user_id  INTEGER,
    note        TEXT,
    created_at  REAL NOT NULL,
    call_key    TEXT
) STRICT;
INSERT INTO ledger_tx_new (id, kind, guild_id, table_id, hand_id, by_user_id, note, created_at,
                           call_key)
SELECT id, kind, guild_id, table_id, hand_id, by_user_id, note, created_at, call_key
FROM ledger_tx ORDER BY id;
CREATE TABLE ledger_entries_new (
    id       INTEGER PRIMARY KEY,
    tx_id    INTEGER NOT NULL REFERENCES ledger_tx_new (id),
    account  TEXT NOT NULL,
    amount   INTEGER NOT NULL
) STRICT;
INSERT INTO ledger_entries_new (id, tx_id, account, amount)
SELECT id, tx_id, account, amount FROM ledger_entries ORDER BY id;
DROP TABLE ledger_entries;
DROP TABLE ledger_tx;
ALTER TABLE ledger_tx_new RENAME TO ledger_tx;
ALTER TABLE ledger_entries_new RENAME TO ledger_entries;
CREATE INDEX ledger_tx_by_hand ON ledger_tx (hand_id) WHERE hand_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_tx_by_call_key ON ledger_tx (call_key);
CREATE INDEX ledger_entries_by_tx ON ledger_entries (tx_id);
CREATE INDEX ledger_entries_by_account ON ledger_entries (account, amount);
CREATE TRIGGER ledger_tx_append_only_update BEFORE UPDATE ON ledger_tx
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_tx_append_only_delete BEFORE DELETE ON ledger_tx
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_append_only_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_append_only_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
"""
"""Sit-and-go tournaments: one registering or running per channel, their entrants (a house
player's level in ``style``; place and prize once out), the tournament played at a table (its
``poker_tables`` row, the one of its channel) and the tournament a hand belonged to (NULL for
cash hands: stats and ledgers of cash play leave tournament hands out). No foreign key from
``poker_tables`` or ``hands`` back to ``tournaments``: the copy tool orders tables by their
keys, and a circle would refuse it.

The ledger's transactions take the tournaments' kinds (buy-in and refund to and from the
escrow, the start's tournament chips, who went out, the winner's chips back, the payout).
SQLite cannot widen a CHECK in place: ``ledger_tx`` and ``ledger_entries`` are copied row for row
(ids kept) into new tables that take the old ones' names, with their indexes and append-only
triggers made again; the entries are copied first into a table referencing the new
transactions, so no foreign key is ever broken (the migration runs with them on)."""

MIGRATION_0015_SNG_MEMBERS = """
ALTER TABLE guild_settings ADD COLUMN sng_members INTEGER;
"""
"""Whether any member may create, start and cancel sit-and-goes (1), not only admins."""

MIGRATION_0016_QUEUED_TOP_UPS = """
ALTER TABLE seats ADD COLUMN topup INTEGER NOT NULL DEFAULT 0 CHECK (topup >= 0);
"""
"""The chips a seated player asked to add during a hand they play, added before the next deal
(kept across a restart; the chips stay in the wallet until then)."""

MIGRATION_0017_FAIR_PLAY = """
CREATE TABLE member_standing (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    exempt      INTEGER NOT NULL DEFAULT 0 CHECK (exempt IN (0, 1)),
    exempt_by   INTEGER,
    frozen_at   REAL,
    frozen_by   INTEGER,
    updated_at  REAL NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE ledger_tx_new (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('grant', 'start', 'daily', 'buy_in', 'cash_out',
                                              'pot_contribution', 'pot_win', 'refund', 'void',
                                              'tournament_buy_in', 'tournament_refund',
                                              'tournament_start', 'tournament_out',
                                              'tournament_chips_back', 'tournament_payout',
                                              'freeze', 'unfreeze')),
    guild_id    INTEGER,
    table_id    INTEGER,
    hand_id     INTEGER,
    by_user_id  INTEGER,
    note        TEXT,
    created_at  REAL NOT NULL,
    call_key    TEXT
) STRICT;
INSERT INTO ledger_tx_new (id, kind, guild_id, table_id, hand_id, by_user_id, note, created_at,
                           call_key)
SELECT id, kind, guild_id, table_id, hand_id, by_user_id, note, created_at, call_key
FROM ledger_tx ORDER BY id;
CREATE TABLE ledger_entries_new (
    id       INTEGER PRIMARY KEY,
    tx_id    INTEGER NOT NULL REFERENCES ledger_tx_new (id),
    account  TEXT NOT NULL,
    amount   INTEGER NOT NULL
) STRICT;
INSERT INTO ledger_entries_new (id, tx_id, account, amount)
SELECT id, tx_id, account, amount FROM ledger_entries ORDER BY id;
DROP TABLE ledger_entries;
DROP TABLE ledger_tx;
ALTER TABLE ledger_tx_new RENAME TO ledger_tx;
ALTER TABLE ledger_entries_new RENAME TO ledger_entries;
CREATE INDEX ledger_tx_by_hand ON ledger_tx (hand_id) WHERE hand_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_tx_by_call_key ON ledger_tx (call_key);
CREATE INDEX ledger_entries_by_tx ON ledger_entries (tx_id);
CREATE INDEX ledger_entries_by_account ON ledger_entries (account, amount);
CREATE TRIGGER ledger_tx_append_only_update BEFORE UPDATE ON ledger_tx
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_tx_append_only_delete BEFORE DELETE ON ledger_tx
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_append_only_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_append_only_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
"""
"""Fair play: each member an admin exempted from the server's gates (account and membership
age) or whose wallet an admin froze (no daily, no buy-in, no registration), and the ledger's
kinds of those admin actions ('freeze', 'unfreeze': transactions that move no chip, so the
ledger logs them beside the grants). The ledger is copied into new tables as in migration 0014
(SQLite cannot widen a CHECK in place)."""

MIGRATION_0018_WEB_LOGINS = """
CREATE TABLE web_logins (
    token_hash  TEXT PRIMARY KEY,
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    expires_at  REAL NOT NULL,
    used_at     REAL
) STRICT, WITHOUT ROWID;
CREATE TABLE web_sessions (
    id_hash     TEXT PRIMARY KEY,
    user_id     INTEGER NOT NULL,
    name        TEXT NOT NULL,
    via         TEXT NOT NULL CHECK (via IN ('oauth', 'link')),
    guilds      TEXT NOT NULL,
    created_at  REAL NOT NULL,
    expires_at  REAL NOT NULL
) STRICT, WITHOUT ROWID;
"""
"""The web dashboard's one-time login links (``/pokeradmin dashboard``) and its sessions, each
known by the SHA-256 of its secret only (a copy of the database logs nobody in): ``guilds`` is
the JSON list of the servers the session may open (``bot/web/auth.py``)."""

MIGRATION_0019_FLAGGED = """
ALTER TABLE member_standing ADD COLUMN flagged_at REAL;
"""
"""When the newest fair-play report (``/pokeradmin fairplay report``) flagged the member (NULL:
not in it): what the leaderboard marks for admins and may leave out."""

MIGRATION_0020_FAIR_FACTS = """
ALTER TABLE hands ADD COLUMN fair_facts TEXT;
"""
"""What the fair-play detector reads of a settled hand (``detect.HandFacts.to_text``), written
the first time a report reads the hand: the next reads skip its journal."""

MIGRATION_0021_CLUSTER_LIMITS = """
CREATE TABLE rest_budget (
    name     TEXT PRIMARY KEY,
    tat      REAL NOT NULL,
    granted  INTEGER NOT NULL
) STRICT;

CREATE TABLE identify_turns (
    bucket   INTEGER PRIMARY KEY,
    next_at  REAL NOT NULL
) STRICT;
"""
"""The limits the processes of a sharded bot share (``bot/cluster_limits.py``: PostgreSQL only
in practice; here for the same schema): the bot's REST budget and each IDENTIFY bucket's turn."""

MIGRATION_0022_FAIR_FACTS_AGAIN = """
UPDATE hands SET fair_facts = NULL WHERE fair_facts IS NOT NULL;
"""
"""The cached fair-play facts are read again from the journals: those kept before it missed
every call down that lost to a mucked hand (``detect.facts_of`` counted only a caller who
showed, and a loser mucks)."""

MIGRATION_0023_MTT = """
ALTER TABLE tournaments ADD COLUMN kind TEXT NOT NULL DEFAULT 'sng'
    CHECK (kind IN ('sng', 'mtt'));

CREATE TABLE mtts (
    tournament_id  INTEGER PRIMARY KEY REFERENCES tournaments (id),
    field          INTEGER NOT NULL CHECK (field >= 2 AND field <= 60),
    late_levels    INTEGER NOT NULL DEFAULT 0 CHECK (late_levels >= 0),
    payouts        TEXT NOT NULL CHECK (payouts IN ('standard', 'flat')),
    event_id       INTEGER,
    hand_for_hand  INTEGER NOT NULL DEFAULT 0 CHECK (hand_for_hand IN (0, 1))
) STRICT;

CREATE TABLE mtt_tables (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    number         INTEGER NOT NULL CHECK (number >= 1),
    table_id       INTEGER NOT NULL UNIQUE REFERENCES poker_tables (id),
    opened_at      REAL NOT NULL,
    broken_at      REAL,
    PRIMARY KEY (tournament_id, number)
) STRICT, WITHOUT ROWID;

CREATE TABLE mtt_moves (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    user_id        INTEGER NOT NULL,
    from_table     INTEGER REFERENCES poker_tables (id),
    to_table       INTEGER NOT NULL REFERENCES poker_tables (id),
    seat           INTEGER NOT NULL CHECK (seat >= 0 AND seat < 10),
    stack          INTEGER NOT NULL CHECK (stack >= 0),
    reason         TEXT NOT NULL CHECK (reason IN ('balance', 'break', 'late')),
    moved_at       REAL NOT NULL
) STRICT;
CREATE INDEX mtt_moves_by_tournament ON mtt_moves (tournament_id, id);

CREATE TABLE mtt_pending_outs (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    user_id        INTEGER NOT NULL,
    table_number   INTEGER NOT NULL,
    seat           INTEGER NOT NULL,
    button_seat    INTEGER,
    start_stack    INTEGER NOT NULL CHECK (start_stack > 0),
    out_at         REAL NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE ledger_tx_new (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('grant', 'start', 'daily', 'buy_in', 'cash_out',
                                              'pot_contribution', 'pot_win', 'refund', 'void',
                                              'tournament_buy_in', 'tournament_refund',
                                              'tournament_start', 'tournament_out',
                                              'tournament_chips_back', 'tournament_payout',
                                              'freeze', 'unfreeze', 'tournament_move')),
    guild_id    INTEGER,
    table_id    INTEGER,
    hand_id     INTEGER,
    by_user_id  INTEGER,
    note        TEXT,
    created_at  REAL NOT NULL,
    call_key    TEXT
) STRICT;
INSERT INTO ledger_tx_new (id, kind, guild_id, table_id, hand_id, by_user_id, note, created_at,
                           call_key)
SELECT id, kind, guild_id, table_id, hand_id, by_user_id, note, created_at, call_key
FROM ledger_tx ORDER BY id;
CREATE TABLE ledger_entries_new (
    id       INTEGER PRIMARY KEY,
    tx_id    INTEGER NOT NULL REFERENCES ledger_tx_new (id),
    account  TEXT NOT NULL,
    amount   INTEGER NOT NULL
) STRICT;
INSERT INTO ledger_entries_new (id, tx_id, account, amount)
SELECT id, tx_id, account, amount FROM ledger_entries ORDER BY id;
DROP TABLE ledger_entries;
DROP TABLE ledger_tx;
ALTER TABLE ledger_tx_new RENAME TO ledger_tx;
ALTER TABLE ledger_entries_new RENAME TO ledger_entries;
CREATE INDEX ledger_tx_by_hand ON ledger_tx (hand_id) WHERE hand_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_tx_by_call_key ON ledger_tx (call_key);
CREATE INDEX ledger_entries_by_tx ON ledger_entries (tx_id);
CREATE INDEX ledger_entries_by_account ON ledger_entries (account, amount);
CREATE TRIGGER ledger_tx_append_only_update BEFORE UPDATE ON ledger_tx
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_tx_append_only_delete BEFORE DELETE ON ledger_tx
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_append_only_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_append_only_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
"""
"""Multi-table tournaments: a tournament's kind ('sng' for a sit-and-go at its channel's table,
'mtt' for one over several tables in threads), an MTT's own options (its field of 2..60, the
levels late registration stays open, the payout preset, its Discord scheduled event, whether
its tables deal hand for hand), its tables (numbered; each a ``poker_tables`` row of its
thread, broken or not) and every seat a player took after the start (a balancing move, a
break, a late registration), with the stack it carried, and the players out during a
hand-for-hand hand, waiting for every table's hand to end to be placed together. The ledger
gains the kind of a move ('tournament_move': a seat's tournament chips to the seat at another
table); it is copied into new tables as in migration 0014 (SQLite cannot widen a CHECK in
place)."""

MIGRATION_0024_WEB_REQUESTS = """
CREATE TABLE web_requests (
    id        INTEGER PRIMARY KEY,
    guild_id  INTEGER NOT NULL,
    table_id  INTEGER NOT NULL,
    action    TEXT NOT NULL CHECK (action IN ('pause', 'resume', 'close')),
    user_id   INTEGER NOT NULL,
    asked_at  REAL NOT NULL,
    taken_at  REAL,
    done_at   REAL,
    outcome   TEXT
) STRICT;
CREATE UNIQUE INDEX web_requests_one_waiting ON web_requests (table_id, action)
    WHERE outcome IS NULL;
CREATE INDEX web_requests_untaken ON web_requests (asked_at)
    WHERE taken_at IS NULL AND outcome IS NULL;
CREATE INDEX web_requests_asked ON web_requests (asked_at);
"""
"""Pause, Resume and Close asked from ``python -m bot.web`` for the bot's process to apply
(``bot/store/web_requests.py``): one waiting request per table and action, taken by one
process, its outcome (a catalogue key) written back."""

MIGRATION_0025_MTT_BREAK_TOLD = """
ALTER TABLE mtt_tables ADD COLUMN break_told INTEGER NOT NULL DEFAULT 1
    CHECK (break_told IN (0, 1));
"""
"""Whether a broken MTT table's thread has been told it broke: 0 from the break's write until
the notice is posted (a restart posts it when a SIGKILL came between), 1 otherwise."""

MIGRATIONS: tuple[str, ...] = (
    MIGRATION_0001_INITIAL,
    MIGRATION_0002_TURN_ALERTS,
    MIGRATION_0003_ANNOUNCED_HANDS,
    MIGRATION_0004_HOUSE_PLAYERS,
    MIGRATION_0005_CARD_STYLE,
    MIGRATION_0006_SHARD_ROUTING,
    MIGRATION_0007_LANGUAGES,
    MIGRATION_0008_LEDGER_CALL_KEYS,
    MIGRATION_0009_TABLE_LIMITS,
    MIGRATION_0010_REPLAYS,
    MIGRATION_0011_DRAW_STATS,
    MIGRATION_0012_SESSIONS,
    MIGRATION_0013_SEAT_CLIENT,
    MIGRATION_0014_TOURNAMENTS,
    MIGRATION_0015_SNG_MEMBERS,
    MIGRATION_0016_QUEUED_TOP_UPS,
    MIGRATION_0017_FAIR_PLAY,
    MIGRATION_0018_WEB_LOGINS,
    MIGRATION_0019_FLAGGED,
    MIGRATION_0020_FAIR_FACTS,
    MIGRATION_0021_CLUSTER_LIMITS,
    MIGRATION_0022_FAIR_FACTS_AGAIN,
    MIGRATION_0023_MTT,
    MIGRATION_0024_WEB_REQUESTS,
    MIGRATION_0025_MTT_BREAK_TOLD,
)
"""Migration N is ``MIGRATIONS[N - 1]``; the schema version is ``len(MIGRATIONS)``."""

SCHEMA_VERSION = len(MIGRATIONS)


def split_statements(script: str) -> list[str]:
    """Cut a script into complete statements (trigger bodies keep their inner semicolons)."""
    statements: list[str] = []
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            if pending.strip():
                statements.append(pending.strip())
            pending = ""
    if pending.strip():
        raise ValueError(f"incomplete SQL statement in migration: {pending.strip()[:80]!r}")
    return statements


async def schema_version(db: aiosqlite.Connection) -> int:
    """The schema version recorded in the database file."""
    rows = list(await db.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def apply_migrations(db: aiosqlite.Connection) -> int:
    """Bring the schema up to ``SCHEMA_VERSION``; returns how many migrations ran.

    ``db`` must be in autocommit mode (``isolation_level=None``) so the explicit transactions
    here are the only ones.
    """
    applied = 0
    for version, script in enumerate(MIGRATIONS, start=1):
        if await schema_version(db) >= version:
            continue
        await db.execute("BEGIN IMMEDIATE")
        try:
            # Checked again under the write lock: another process may have just applied it.
            if await schema_version(db) < version:
                for statement in split_statements(script):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {version:d}")
                applied += 1
                log.info("applied store migration %04d", version)
            await db.execute("COMMIT")
        except BaseException:
            await db.execute("ROLLBACK")
            raise
    newer = await schema_version(db)
    if newer > SCHEMA_VERSION:
        raise RuntimeError(
            f"database schema version {newer} is newer than this code ({SCHEMA_VERSION})"
        )
    await declared_columns(db)
    return applied


COLUMN_TYPES = {int: "INTEGER", str: "TEXT"}
"""The SQLite type of a setting's column, by its declared kind."""


async def _settings_columns(db: aiosqlite.Connection) -> set[str]:
    return {str(row[1]) for row in await db.execute_fetchall("PRAGMA table_info(guild_settings)")}


async def declared_columns(
    db: aiosqlite.Connection, specs: Sequence[SettingSpec] = SERVER_SETTINGS
) -> list[str]:
    """Add the ``guild_settings`` column of each declared server setting it lacks (NULL in
    every row: "not set", the declared default); returns the columns added. Run after the
    numbered migrations, in autocommit mode; checked again under the write lock, so two
    processes starting at once add each column once."""
    if {spec.name for spec in specs} <= await _settings_columns(db):
        return []
    added: list[str] = []
    await db.execute("BEGIN IMMEDIATE")
    try:
        existing = await _settings_columns(db)
        for spec in specs:
            if spec.name not in existing:
                kind = COLUMN_TYPES[spec.kind]
                await db.execute(f"ALTER TABLE guild_settings ADD COLUMN {spec.name} {kind}")
                added.append(spec.name)
                log.info("added the column of server setting %s", spec.name)
        await db.execute("COMMIT")
    except BaseException:
        await db.execute("ROLLBACK")
        raise
    return added

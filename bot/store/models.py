"""Plain rows the store hands out: frozen dataclasses and named tuples, no database handles.

The Discord layer keeps none of these for long; they are snapshots of committed state.
``Settings`` is also where each server setting is declared, once (``setting``, ``SettingSpec``).
"""

from __future__ import annotations

import dataclasses
import logging
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, TypeVar

from bot.house.accounts import is_house
from bot.messages import LANGUAGES
from bot.store.errors import InvalidSetting

log = logging.getLogger(__name__)

TABLE_OPEN = "open"
TABLE_CLOSING = "closing"
TABLE_CLOSED = "closed"
TABLE_STATUSES = (TABLE_OPEN, TABLE_CLOSING, TABLE_CLOSED)

TOURNAMENT_REGISTERING = "registering"
TOURNAMENT_RUNNING = "running"
TOURNAMENT_FINISHED = "finished"
TOURNAMENT_CANCELLED = "cancelled"
TOURNAMENT_STATUSES = (
    TOURNAMENT_REGISTERING,
    TOURNAMENT_RUNNING,
    TOURNAMENT_FINISHED,
    TOURNAMENT_CANCELLED,
)

HAND_RUNNING = "running"
HAND_SETTLED = "settled"
HAND_VOIDED = "voided"

AlertMode = Literal["off", "on", "now"]
"""A member's turn alerts: none, after the server's delay, or as soon as the turn is theirs."""
ALERT_MODES: tuple[AlertMode, ...] = ("off", "on", "now")
ALERT_MODE_DEFAULT: AlertMode = "on"

SOURCE_CHANNEL = "channel"
SOURCE_SERVER = "server"
SOURCE_DEFAULT = "default"


MAX_CHIPS = 10**12
"""Largest single amount (grant, buy-in, stack) the store accepts."""

CARD_STYLES = ("two-colour", "four-colour", "text")
"""Pictures of the cards with red and black suits, with four suit colours, or text only."""


# Server settings, declared once ------------------------------------------------------------
# A server setting's ``Settings`` field carries a ``SettingSpec`` (range or choices, the words
# of its refusals, its line in the settings report) beside its default and type; the column of
# ``guild_settings`` (``migrations.declared_columns``), the store's read and upsert
# (``rows``, ``settings``), its checks and the admin commands' option ranges all come from
# that one declaration (docs/ARCHITECTURE.md, "Adding a server setting").

T = TypeVar("T")

SPEC = "deuce.setting"
"""The key of a ``Settings`` field's metadata that holds its ``SettingSpec``."""


def check_setting(value: object, what: str, minimum: int, maximum: int) -> int:
    """Return an int setting within [minimum, maximum] or raise InvalidSetting saying the range."""
    if type(value) is not int:
        raise InvalidSetting(f"The {what} must be a whole number.", key="error_amount_whole")
    if not minimum <= value <= maximum:
        raise InvalidSetting(
            f"The {what} must be between {minimum:,} and {maximum:,}.",
            key="error_amount_range",
            minimum=minimum,
            maximum=maximum,
        )
    return value


@dataclass(frozen=True)
class SettingSpec:
    """What the store and the admin commands know of one server setting.

    ``name``, ``kind``, ``default`` and ``nullable`` come from the ``Settings`` field it is
    declared on (``declared``); the rest is written on the field (``setting``).
    """

    what: str
    """The setting in English words, for the store's refusals ("small bet")."""
    minimum: int = 0
    """The smallest whole number an admin may set (a caller may lower it: a deployment's
    floor)."""
    maximum: int = 0
    """The largest whole number an admin may set."""
    choices: tuple[str, ...] = ()
    """The values a text setting takes."""
    refusal: str = ""
    """The English refusal of a text value outside ``choices`` (``{value}`` is the value)."""
    report: str | None = None
    """The catalogue key of the setting's own line in ``/pokeradmin settings`` (given
    ``$value`` and ``$source``); None when a line of several settings shows it, or none does."""
    channel: bool = False
    """Whether a channel's table may lay its own value over the server's (stakes, language)."""
    name: str = ""
    """The ``Settings`` field, which is also the ``guild_settings`` column."""
    kind: type = int
    """``int`` or ``str``: the column's type."""
    default: Any = None
    """The value while no admin set one (PRODUCT.md's)."""
    nullable: bool = False
    """Whether None is a value (the small blind's "half the small bet", the language's
    "the server's Discord language"): setting it to None forgets the admin's value."""

    def check(self, value: object, *, minimum: int | None = None) -> object:
        """Return ``value`` if an admin may set it, else raise ``InvalidSetting``;
        ``minimum`` overrides the declared smallest value (a deployment's floor)."""
        if value is None and self.nullable:
            return None
        if self.kind is int:
            low = self.minimum if minimum is None else minimum
            return check_setting(value, self.what, low, self.maximum)
        if value not in self.choices:
            raise InvalidSetting(self.refusal.format(value=repr(value)))
        return value


def setting(
    default: T,
    what: str,
    *,
    minimum: int = 0,
    maximum: int = 0,
    choices: tuple[str, ...] = (),
    refusal: str = "",
    report: str | None = None,
    channel: bool = False,
) -> T:
    """Declare a ``Settings`` field as a server setting (its default, range and report line).

    Typed as the default for the dataclass's sake; at run time it is the field itself."""
    spec = SettingSpec(
        what,
        minimum=minimum,
        maximum=maximum,
        choices=choices,
        refusal=refusal,
        report=report,
        channel=channel,
    )
    declared_field: T = dataclasses.field(default=default, metadata={SPEC: spec})
    return declared_field


def declared(cls: type) -> tuple[SettingSpec, ...]:
    """The settings declared on a dataclass's fields, in their order, with their name, type,
    default and whether None is a value filled in from the field."""
    hints = typing.get_type_hints(cls)
    specs: list[SettingSpec] = []
    for member in dataclasses.fields(cls):
        spec = member.metadata.get(SPEC)
        if spec is None:
            continue
        if not member.name.isidentifier() or not member.name.islower():
            raise TypeError(f"setting {member.name!r} must be a lower-case column name")
        hint = hints[member.name]
        kinds = [k for k in typing.get_args(hint) if k is not type(None)] or [hint]
        if len(kinds) != 1 or kinds[0] not in (int, str):
            raise TypeError(f"setting {member.name} must be an int or a str, not {hint}")
        nullable = isinstance(hint, types.UnionType) and type(None) in typing.get_args(hint)
        specs.append(
            dataclasses.replace(
                spec, name=member.name, kind=kinds[0], default=member.default, nullable=nullable
            )
        )
    return tuple(specs)


@dataclass(frozen=True)
class Settings:
    """Stakes, buy-in range, economy and timers for a server, or for one channel's table.

    Each field is a server setting declared once (``setting``, above): its default
    (PRODUCT.md's), type, range and report line; ``SERVER_SETTINGS`` below lists them, and the
    store's column, read, upsert and checks and the admin commands' ranges all come from it.
    The fields are in the order of the ``/pokeradmin settings`` report. ``small_blind`` None
    means "half the small bet" (at least 1), exactly as the engine's ``Stakes`` reads it.
    """

    small_bet: int = setting(
        10, "small bet", minimum=1, maximum=10**9, report="settings_stakes", channel=True
    )
    """S: the bet size before the second draw; the big bet is 2S and the big blind is S."""
    small_blind: int | None = setting(None, "small blind", minimum=1, maximum=10**9, channel=True)
    """The small blind; None = max(1, small_bet // 2)."""
    cap: int = setting(4, "cap", minimum=1, maximum=10, report="settings_cap", channel=True)
    """Bets (and raises) allowed per betting round."""
    buyin_min: int = setting(
        100, "minimum buy-in", minimum=1, maximum=MAX_CHIPS, report="settings_buyin"
    )
    buyin_max: int = setting(2000, "maximum buy-in", minimum=1, maximum=MAX_CHIPS)
    buyin_default: int = setting(400, "default buy-in", minimum=1, maximum=MAX_CHIPS)
    """Buy-in used by ``/poker join`` without an amount."""
    action_timer: int = setting(
        45, "timer (seconds)", minimum=10, maximum=600, report="settings_timers"
    )
    """Seconds a player has to bet, call, check or fold (a deployment may lower the minimum:
    ``DEUCE_MIN_TIMER_SECONDS``)."""
    draw_timer: int = setting(45, "timer (seconds)", minimum=10, maximum=600)
    """Seconds a player has to choose discards."""
    hand_pause: int = setting(
        8, "pause between hands (seconds)", minimum=2, maximum=60, report="settings_pause"
    )
    """Seconds between two hands (``DEUCE_HAND_PAUSE_SECONDS`` overrides it for a deployment)."""
    alert_delay: int = setting(
        8, "turn alert delay (seconds)", minimum=0, maximum=120, report="settings_alerts"
    )
    """Seconds a player's turn waits without an action before a new DM tells them it is their
    turn (players choosing "now" are told at once); 0 = no turn alerts on this server."""
    card_style: str = setting(
        "two-colour",
        "card style",
        choices=CARD_STYLES,
        refusal="Cards are shown as two-colour or four-colour pictures, or text.",
        report="settings_cards",
    )
    """How cards are shown: one of ``CARD_STYLES``."""
    language: str | None = setting(
        None,
        "language",
        choices=LANGUAGES,
        refusal="Unknown language {value}.",
        report="settings_language",
        channel=True,
    )
    """The language of the table's public messages (``bot.messages.LANGUAGES``); None = the
    server's own Discord language."""
    start_wallet: int = setting(
        1000, "starting wallet", minimum=0, maximum=10**9, report="settings_economy"
    )
    """Chips a member's wallet starts with on first use in a server."""
    daily_amount: int = setting(250, "daily grant", minimum=0, maximum=10**9)
    """Chips granted by ``/chips daily`` (0 = turned off)."""
    daily_cooldown: int = setting(20 * 3600, "daily cooldown (seconds)", maximum=7 * 24 * 3600)
    """Seconds between two daily grants."""
    seats: int = setting(6, "seats", minimum=2, maximum=10, report="settings_seats")
    """Seats at a table."""
    sitout_keep: int = setting(600, "time a sat-out seat is kept (seconds)", maximum=24 * 3600)
    """Seconds a sat-out seat is kept before its chips go back to the wallet."""
    time_bank: int = setting(30, "time bank (seconds)", maximum=600, report="settings_time_bank")
    """Seconds of time bank a player starts with: used when a turn's timer runs out."""
    time_bank_add: int = setting(5, "time bank growth (seconds)", maximum=600)
    """Seconds added to each player's time bank every ``time_bank_every`` hands dealt to them."""
    time_bank_every: int = setting(10, "hands between two growths", minimum=1, maximum=1000)
    time_bank_max: int = setting(60, "largest time bank (seconds)", maximum=600)
    """The most seconds a time bank holds (at least the start: the store checks it)."""
    idle_close: int = setting(
        600,
        "idle time of an empty table (seconds)",
        minimum=60,
        maximum=24 * 3600,
        report="settings_idle",
    )
    """Seconds a table with no member seated stays open before it closes itself (a deployment
    may lower the minimum: ``DEUCE_MIN_IDLE_SECONDS``)."""
    tables_per_member: int = setting(
        2, "tables per member", minimum=1, maximum=25, report="settings_tables"
    )
    """Open tables a member may have opened in the server at once (admins are exempt)."""
    sng_members: int = setting(0, "sit-and-go permission", maximum=1)
    """1: any member may create, start and cancel sit-and-goes; 0: admins only."""
    gate_account_days: int = setting(
        0, "minimum account age (days)", maximum=3650, report="settings_gates"
    )
    """Days a member's Discord account must have existed (its id's timestamp) before they may
    claim daily chips, sit at a table or register for a sit-and-go; 0 = no minimum."""
    gate_member_days: int = setting(0, "minimum membership (days)", maximum=3650)
    """Days a member must have been in the server (``joined_at``) for the same; 0 = none."""
    leaderboard_hide: int = setting(
        0, "leaderboard leaves out frozen members", maximum=2, report="settings_leaderboard_hide"
    )
    """1: ``/chips leaderboard`` leaves out members whose wallet an admin froze (its footer
    says so); 2: those and the members the newest fair-play report flagged; 0: everyone is
    ranked."""

    @property
    def effective_small_blind(self) -> int:
        """The small blind actually posted."""
        if self.small_blind is not None:
            return self.small_blind
        return max(1, self.small_bet // 2)

    @property
    def big_blind(self) -> int:
        """The big blind is one small bet."""
        return self.small_bet

    @property
    def big_bet(self) -> int:
        """Bet size after the second draw."""
        return 2 * self.small_bet


def check_relations(settings: Settings) -> None:
    """Raise ``InvalidSetting`` (naming the setting to blame) unless the server's settings
    agree with each other as the commands that set them together require: the buy-in range in
    order with its default inside it, the small blind below the small bet, the largest time
    bank at least the start. ``store.settings.set`` checks them on the settings it would
    write; the commands that set a group (``set_buyin``, ``set_stakes``) check them too."""
    s = settings
    if s.buyin_min > s.buyin_max:
        error = InvalidSetting(
            f"The minimum buy-in ({s.buyin_min:,}) cannot be above the maximum ({s.buyin_max:,}).",
            key="error_buyin_order",
            minimum=s.buyin_min,
            maximum=s.buyin_max,
        )
        error.setting = "buyin_min"
        raise error
    blame = "buyin_default"
    try:
        check_setting(s.buyin_default, "default buy-in", s.buyin_min, s.buyin_max)
        blame = "small_blind"
        if s.small_blind is not None and not s.small_blind < s.small_bet:
            raise InvalidSetting(
                f"The small blind must be at least 1 and less than the small bet "
                f"({s.small_bet:,}).",
                key="error_blind_range",
                small_bet=s.small_bet,
            )
        blame = "time_bank_max"
        most = SERVER_SETTING["time_bank_max"]
        check_setting(s.time_bank_max, most.what, s.time_bank, most.maximum)
    except InvalidSetting as error:
        error.setting = blame
        raise


SERVER_SETTINGS = declared(Settings)
"""Every server setting, in the order of the settings report."""
SERVER_SETTING = {spec.name: spec for spec in SERVER_SETTINGS}
"""Each server setting by its name."""
DEFAULT_SETTINGS = Settings()
"""PRODUCT.md's settings: a server's while no admin set any."""


@dataclass(frozen=True)
class SettingsReport:
    """Every setting of one channel's table and of its server, with where each comes from."""

    server: Settings
    """The server's settings (an admin's values, else the defaults)."""
    table: Settings
    """What this channel's table plays with: the server's, with the channel's stakes over them."""
    sources: dict[str, str] = field(default_factory=dict)
    """For each field of ``table``: "channel", "server" or "default"."""
    server_sources: dict[str, str] = field(default_factory=dict)
    """For each field of ``server``: "server" or "default"."""

    def source(self, name: str) -> str:
        """Where the table's value of setting ``name`` comes from."""
        return self.sources.get(name, SOURCE_DEFAULT)

    def server_source(self, name: str) -> str:
        """Where the server's value of setting ``name`` comes from."""
        return self.server_sources.get(name, SOURCE_DEFAULT)


@dataclass(frozen=True)
class TableRow:
    """One poker table: at most one per channel."""

    id: int
    guild_id: int
    channel_id: int
    status: str
    """"open", "closing" (ends after the current hand) or "closed"."""
    button_seat: int | None
    message_id: int | None
    """The channel message showing the table, edited in place."""
    opened_by: int | None = None
    """The member whose ``/poker join`` opened (or reopened) it; None before that was kept."""
    empty_since: float | None = None
    """Since when no member sits here (None while one does): it closes after the idle time."""
    paused_by: int | None = None
    """The admin who paused the table (no deal until resumed); None when not paused."""
    tournament_id: int | None = None
    """The tournament played at this table (its seats hold tournament chips, which never go
    to a wallet); None at a cash table."""


@dataclass(frozen=True)
class SeatRow:
    """A player's seat; ``stack`` is the chips in escrow there between hands."""

    table_id: int
    seat: int
    user_id: int
    name: str
    stack: int
    sitting_out: bool
    sat_out_at: float | None
    leaving: bool
    """Asked to leave mid-hand: cash out when the hand ends."""
    dm_ok: bool
    """Whether the bot could DM this player when they sat down."""
    time_bank: float | None = None
    """Seconds left in the player's time bank (None: the server's start, not used yet)."""
    bank_hands: int = 0
    """Hands dealt to the player since their time bank last grew."""
    topup: int = 0
    """Chips the player asked to add during a hand they play: still in their wallet, added
    before the next deal (``tables.add_queued_chips``); dropped when they leave."""


@dataclass(frozen=True)
class Standing:
    """What a server's admins decided about one member: exempt from the gates, frozen."""

    user_id: int
    exempt: bool = False
    """The server's gates (account and membership age) do not apply to them."""
    frozen_at: float | None = None
    """Since when their wallet is frozen (no daily, no buy-in, no registration); None: not."""
    frozen_by: int | None = None
    """The admin who froze it."""

    @property
    def frozen(self) -> bool:
        return self.frozen_at is not None


class LeaderRow(NamedTuple):
    """A leaderboard line: chips in the wallet and chips sitting at tables in this server."""

    user_id: int
    wallet: int
    on_table: int


class QueuedChips(NamedTuple):
    """A queued top-up made before a deal (``tables.add_queued_chips``): the chips added, the
    chips queued, and why fewer were added (``""``: none held back; ``"room"``: the table's
    largest buy-in; ``"wallet"``: the wallet no longer holds them, ``wallet`` chips;
    ``"frozen"``: an admin froze the wallet)."""

    added: int
    queued: int
    why: str = ""
    wallet: int = 0


class UnfinishedHand(NamedTuple):
    """A hand begun but neither settled nor voided, with its last journaled engine state."""

    hand_id: int
    table_id: int
    state: dict[str, Any] | None


@dataclass(frozen=True)
class HandPlayer:
    """One participant's result in a finished hand."""

    user_id: int
    start_stack: int
    final_stack: int | None
    net: int | None
    won: int | None
    """Chips received from the pot(s)."""
    showed_down: bool


@dataclass(frozen=True)
class HandRecord:
    """A finished (or voided) hand, for ``/poker history``."""

    id: int
    table_id: int
    guild_id: int
    channel_id: int
    status: str
    started_at: float
    ended_at: float | None
    summary: dict[str, Any] | None
    void_reason: str | None
    players: tuple[HandPlayer, ...] = ()
    tournament_id: int | None = None
    """The sit-and-go it was dealt in (tournament chips), None at a cash table."""

    def net_for(self, user_id: int) -> int | None:
        """The player's net result in this hand, None if they were not in it."""
        for player in self.players:
            if player.user_id == user_id:
                return player.net
        return None


@dataclass(frozen=True)
class HandReplaySource:
    """What ``/poker replay`` is built from: the stored hand, unredacted (the replayer redacts
    it for its viewer)."""

    hand_id: int
    guild_id: int
    channel_id: int
    status: str
    state: dict[str, Any] | None
    """The last journaled state (``{"hand": engine state, "session": ...}``), kept when the hand
    was settled or voided; None for hands from before it was kept."""
    phh: str | None
    """The full PHH text of a settled hand (None while running or voided)."""
    summary: dict[str, Any] | None
    players: frozenset[int] = frozenset()
    """The members dealt into the hand (who may replay it wherever it was played)."""


@dataclass(frozen=True)
class Stats:
    """A member's record in one server, over settled hands."""

    hands_played: int = 0
    hands_won: int = 0
    """Hands where the player received chips from a pot."""
    net_chips: int = 0
    biggest_pot_won: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    vpip_hands: int = 0
    """Hands where the player voluntarily put chips in (blinds do not count), when known."""

    @property
    def win_rate(self) -> float:
        """Share of hands played that the player won something in (0..1)."""
        return self.hands_won / self.hands_played if self.hands_played else 0.0

    @property
    def vpip(self) -> float:
        """Share of hands played with chips put in voluntarily (0..1)."""
        return self.vpip_hands / self.hands_played if self.hands_played else 0.0


class PlayerHand(NamedTuple):
    """One settled hand of one member, as the lowball stats read it."""

    hand_id: int
    ended_at: float
    net: int
    won: int
    showed_down: bool
    voluntary: bool | None
    """None for hands from before VPIP was kept."""
    draws: tuple[int, ...] | None
    """Cards drawn at each draw the member took part in; None for hands from before it was
    kept."""
    shown_rank: int | None
    """The rank (``rank27``) of the hand they showed at the showdown; None if not shown."""
    channel_id: int = 0
    """Where it was played (whether a reader may be told about this one hand)."""


class NetRow(NamedTuple):
    """A leaderboard line over a period: the member's net over the hands in it."""

    user_id: int
    net: int
    hands: int


class SessionLine(NamedTuple):
    """One player's part of a session at a table (settled hands only)."""

    user_id: int
    name: str
    hands: int
    net: int
    biggest_pot: int
    """The most chips they won in one hand (0 if none)."""
    best_rank: int | None
    """The best hand they showed (``rank27``, lower is better); None if they showed none."""


@dataclass(frozen=True)
class SessionLedger:
    """A table's session since ``since``: the hands dealt and each player's line, by net."""

    table_id: int
    since: float
    hands: int
    lines: tuple[SessionLine, ...]


@dataclass(frozen=True)
class TournamentRow:
    """A sit-and-go tournament: registering (buy-ins held in its escrow), running at its
    channel's table, finished (prizes paid) or cancelled (buy-ins refunded)."""

    id: int
    guild_id: int
    channel_id: int
    status: str
    """"registering", "running", "finished" or "cancelled"."""
    created_by: int
    created_at: float
    buy_in: int
    """Wallet chips each entrant pays into the escrow (0: a freeroll)."""
    seats: int
    """The most entrants (2..6): one table."""
    start_stack: int
    """Tournament chips each entrant starts with."""
    level_minutes: int | None
    """Minutes per level (None when levels go by hands)."""
    level_hands: int | None
    """Hands per level (None when levels go by minutes)."""
    structure: str
    """The name of the level structure the caller plays (opaque to the store)."""
    starts_at: float | None
    """When it starts by itself (None: when its creator starts it)."""
    message_id: int | None
    """The registration message."""
    table_id: int | None
    """The table it is played at (set at the start)."""
    started_at: float | None
    finished_at: float | None
    clock: dict[str, Any] | None
    """The caller's clock (levels, when the next one begins), as ``save_clock`` kept it."""
    cancel_reason: str | None
    kind: str = "sng"
    """"sng" (a sit-and-go at its channel's table) or "mtt" (a multi-table tournament: its
    tables in ``mtt_tables``, ``seats`` the seats of each, ``table_id`` None)."""


@dataclass(frozen=True)
class EntryRow:
    """One entrant of a tournament, in registration order; ``place`` and ``prize`` once out."""

    user_id: int
    name: str
    style: str | None
    """A house player's level; None for a member."""
    registered_at: float
    place: int | None
    prize: int | None

    @property
    def is_house(self) -> bool:
        """Whether a house player holds this entry (its buy-in and prize are the house's)."""
        return is_house(self.user_id)


@dataclass(frozen=True)
class TournamentStats:
    """A member's record over the finished tournaments of a server."""

    played: int = 0
    wins: int = 0
    """First places."""
    in_the_money: int = 0
    """Tournaments that paid them a prize."""
    net: int = 0
    """Prizes won minus buy-ins paid."""


class TournamentResult(NamedTuple):
    """How one finished tournament went for a member (the stats chart's points)."""

    tournament_id: int
    finished_at: float
    buy_in: int
    prize: int
    """0 when it paid them nothing."""
    place: int | None
    entrants: int

    @property
    def net(self) -> int:
        """The prize minus the buy-in (wallet chips)."""
        return self.prize - self.buy_in


class TournamentLeader(NamedTuple):
    """A tournament leaderboard line: a member's finished tournaments, wins and net."""

    user_id: int
    played: int
    wins: int
    net: int


KIND_CASH = "cash"
"""A cash table (sit-and-go tournaments will be the other kind of lobby entry)."""


class LobbySeat(NamedTuple):
    user_id: int
    name: str


@dataclass(frozen=True)
class LobbyTable:
    """An open table as the lobby lists it."""

    table_id: int
    channel_id: int
    kind: str
    small_bet: int
    cap: int
    seats: int
    """How many seats the table has."""
    players: tuple[LobbySeat, ...]
    """Who sits there, in seat order."""
    hands_last_hour: int
    pots_last_hour: int
    """The chips the hands of the last hour paid out, all pots together."""

    @property
    def free(self) -> int:
        return max(self.seats - len(self.players), 0)

    @property
    def average_pot(self) -> int:
        return self.pots_last_hour // self.hands_last_hour if self.hands_last_hour else 0


@dataclass
class AuditReport:
    """What the audit found: ``ok`` only if every chip is accounted for."""

    ok: bool = True
    granted: int = 0
    """Everything ever issued by the mint (starting grants, dailies, admin grants)."""
    wallets: int = 0
    seats: int = 0
    """Chips in table escrow at cash tables (tournament tables' seats are in
    ``tournament_chips``)."""
    open_pots: int = 0
    transactions: int = 0
    entries: int = 0
    problems: list[str] = field(default_factory=list)
    escrow: int = 0
    """Wallet chips held in tournaments' escrows (buy-ins not yet paid out or refunded)."""
    tournament_chips: int = 0
    """Tournament chips in play (seats and open pots of tournament tables): never wallet
    chips, checked apart."""
    tournaments: int = 0
    """Tournaments checked."""

    def problem(self, text: str) -> None:
        """Record one discrepancy and mark the report failed."""
        self.ok = False
        self.problems.append(text)

    def format(self) -> str:
        """The report as a few lines of text, as the CLI prints it."""
        held = self.wallets + self.seats + self.open_pots + self.escrow
        lines = [
            f"audit: {'OK' if self.ok else 'FAILED'}",
            f"  granted by mint : {self.granted:>15,}",
            f"  wallets         : {self.wallets:>15,}",
            f"  table escrow    : {self.seats:>15,}",
            f"  open pots       : {self.open_pots:>15,}",
            f"  tourney escrow  : {self.escrow:>15,}",
            f"  held in total   : {held:>15,}",
            f"  tournament chips: {self.tournament_chips:>15,} "
            f"({self.tournaments:,} tournaments, checked apart)",
            f"  ledger          : {self.transactions:,} transactions, {self.entries:,} entries",
        ]
        lines.extend(f"  PROBLEM: {text}" for text in self.problems)
        return "\n".join(lines)

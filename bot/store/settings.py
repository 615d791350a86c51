"""The settings of servers and their channels, and what each member chose: their last seen
locale and their turn alerts.

Owns ``guild_settings``, ``channel_stakes``, ``channel_languages``, ``member_locales`` and
``alert_modes``.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterable

from bot.messages import LANGUAGES
from bot.store import queries as q
from bot.store import rows
from bot.store.backend import Tx
from bot.store.chips import (
    MAX_ALERT_DELAY_SECONDS,
    MAX_CAP,
    MAX_CHIPS,
    MAX_ECONOMY,
    MAX_HAND_PAUSE_SECONDS,
    MAX_IDLE_CLOSE_SECONDS,
    MAX_SMALL_BET,
    MAX_TABLES_PER_MEMBER,
    MAX_TIME_BANK_SECONDS,
    MAX_TIMER_SECONDS,
    MIN_ALERT_DELAY_SECONDS,
    MIN_HAND_PAUSE_SECONDS,
    MIN_IDLE_CLOSE_SECONDS,
    MIN_TIMER_SECONDS,
    check_id,
    check_setting,
)
from bot.store.errors import (
    InvalidSetting,
)
from bot.store.models import (
    ALERT_MODE_DEFAULT,
    ALERT_MODES,
    CARD_STYLES,
    SOURCE_CHANNEL,
    SOURCE_DEFAULT,
    SOURCE_SERVER,
    Settings,
    SettingsReport,
)
from bot.store.runner import Runner

log = logging.getLogger(__name__)


class ServerSettings:
    """``store.settings``: read and change the settings of a server, of a channel's table,
    and of a member."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def _settings_report(self, db: Tx, guild_id: int, channel_id: int) -> SettingsReport:
        server = await rows.guild_settings(db, guild_id)
        table = await rows.table_settings(db, guild_id, channel_id)
        row = await db.one(q.GUILD_SETTINGS, (guild_id,))
        sources = {name: SOURCE_DEFAULT for name in q.GUILD_SETTINGS_COLUMNS}
        if row is not None:
            for name, value in zip(q.GUILD_SETTINGS_COLUMNS, row, strict=True):
                if value is not None:
                    sources[name] = SOURCE_SERVER
        if server.small_blind is None:  # "half the small bet" follows the small bet
            sources["small_blind"] = sources["small_bet"]
        server_sources = dict(sources)
        if await db.one(q.CHANNEL_LANGUAGE, (guild_id, channel_id)) is not None:
            sources["language"] = SOURCE_CHANNEL
        channel = await db.one(q.CHANNEL_STAKES, (guild_id, channel_id))
        if channel is not None:
            sources["small_bet"] = sources["small_blind"] = SOURCE_CHANNEL
            if channel[2] is not None:
                sources["cap"] = SOURCE_CHANNEL
        return SettingsReport(
            server=server, table=table, sources=sources, server_sources=server_sources
        )

    async def report(self, guild_id: int, channel_id: int) -> SettingsReport:
        """Every setting of this channel's table and of its server, each with its source:
        "channel" (this channel's stakes), "server" (an admin set it) or "default"."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        return await self._runner.read(lambda db: self._settings_report(db, guild_id, channel_id))

    async def server(self, guild_id: int) -> Settings:
        """The server's settings (PRODUCT.md defaults where an admin set nothing)."""
        check_id(guild_id, "server")
        return await self._runner.read(lambda db: rows.guild_settings(db, guild_id))

    async def table(self, guild_id: int, channel_id: int) -> Settings:
        """The server's settings with this channel's stake overrides laid over them."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")
        return await self._runner.read(lambda db: rows.table_settings(db, guild_id, channel_id))

    async def set_stakes(
        self,
        guild_id: int,
        channel_id: int | None,
        small_bet: int,
        small_blind: int | None = None,
        cap: int | None = None,
    ) -> Settings:
        """Set the stakes of one channel's table, or the server default when ``channel_id`` is None.

        ``small_blind`` None means half the small bet; ``cap`` None keeps the current cap (a new
        channel override inherits the server's). Returns the resulting settings.
        """
        check_id(guild_id, "server")
        if channel_id is not None:
            check_id(channel_id, "channel")
        check_setting(small_bet, "small bet", 1, MAX_SMALL_BET)
        if small_blind is not None:
            if type(small_blind) is not int:
                raise InvalidSetting(
                    "The small blind must be a whole number.", key="error_blind_whole"
                )
            if not 1 <= small_blind < small_bet:
                raise InvalidSetting(
                    f"The small blind must be at least 1 and less than the small bet "
                    f"({small_bet:,}).",
                    key="error_blind_range",
                    small_bet=small_bet,
                )
        if cap is not None:
            check_setting(cap, "cap", 1, MAX_CAP)

        async def body(db: Tx) -> Settings:
            now = time.time()
            if channel_id is None:
                await db.run(q.SET_GUILD_STAKES, (guild_id, small_bet, small_blind, cap, now))
                return await rows.guild_settings(db, guild_id)
            await db.run(
                q.SET_CHANNEL_STAKES, (guild_id, channel_id, small_bet, small_blind, cap, now)
            )
            return await rows.table_settings(db, guild_id, channel_id)

        settings = await self._runner.write(body)
        log.info(
            "stakes set for guild %s channel %s: %s/%s cap %s",
            guild_id,
            channel_id,
            settings.effective_small_blind,
            settings.small_bet,
            settings.cap,
        )
        return settings

    async def clear_stakes(self, guild_id: int, channel_id: int) -> Settings:
        """Drop a channel's stake override so its table follows the server default again."""
        check_id(guild_id, "server")
        check_id(channel_id, "channel")

        async def body(db: Tx) -> Settings:
            await db.run(q.CLEAR_CHANNEL_STAKES, (guild_id, channel_id))
            return await rows.table_settings(db, guild_id, channel_id)

        return await self._runner.write(body)

    async def set_buyin(
        self, guild_id: int, minimum: int, maximum: int, default: int | None = None
    ) -> Settings:
        """Set the server's buy-in range; ``default`` None keeps the old default, clamped."""
        check_id(guild_id, "server")
        check_setting(minimum, "minimum buy-in", 1, MAX_CHIPS)
        check_setting(maximum, "maximum buy-in", 1, MAX_CHIPS)
        if minimum > maximum:
            raise InvalidSetting(
                f"The minimum buy-in ({minimum:,}) cannot be above the maximum ({maximum:,}).",
                key="error_buyin_order",
                minimum=minimum,
                maximum=maximum,
            )
        if default is not None:
            check_setting(default, "default buy-in", minimum, maximum)

        async def body(db: Tx) -> Settings:
            current = await rows.guild_settings(db, guild_id)
            chosen = default
            if chosen is None:
                chosen = min(max(current.buyin_default, minimum), maximum)
            await db.run(q.SET_GUILD_BUYIN, (guild_id, minimum, maximum, chosen, time.time()))
            return await rows.guild_settings(db, guild_id)

        return await self._runner.write(body)

    async def _set_guild_setting(self, sql: str, guild_id: int, *values: object) -> Settings:
        """Write one server setting (``sql`` takes the guild, the values and the time)."""

        async def body(db: Tx) -> Settings:
            await db.run(sql, (guild_id, *values, time.time()))
            return await rows.guild_settings(db, guild_id)

        return await self._runner.write(body)

    async def set_timer(
        self,
        guild_id: int,
        seconds: int,
        *,
        minimum: int = MIN_TIMER_SECONDS,
        maximum: int = MAX_TIMER_SECONDS,
    ) -> Settings:
        """Set the action and draw timers; the caller may widen the bounds (tests use 1 s)."""
        check_id(guild_id, "server")
        check_setting(seconds, "timer (seconds)", minimum, maximum)
        return await self._set_guild_setting(q.SET_GUILD_TIMER, guild_id, seconds, seconds)

    async def set_hand_pause(
        self,
        guild_id: int,
        seconds: int,
        *,
        minimum: int = MIN_HAND_PAUSE_SECONDS,
        maximum: int = MAX_HAND_PAUSE_SECONDS,
    ) -> Settings:
        """Set the pause between two hands at the server's tables."""
        check_id(guild_id, "server")
        check_setting(seconds, "pause between hands (seconds)", minimum, maximum)
        return await self._set_guild_setting(q.SET_GUILD_HAND_PAUSE, guild_id, seconds)

    async def set_alert_delay(self, guild_id: int, seconds: int) -> Settings:
        """Set how long a turn waits before its player gets a new DM (0 = no turn alerts)."""
        check_id(guild_id, "server")
        check_setting(
            seconds, "turn alert delay (seconds)", MIN_ALERT_DELAY_SECONDS, MAX_ALERT_DELAY_SECONDS
        )
        return await self._set_guild_setting(q.SET_GUILD_ALERT_DELAY, guild_id, seconds)

    async def set_time_bank(
        self, guild_id: int, start: int, add: int, every: int, maximum: int
    ) -> Settings:
        """Set the time bank: the seconds a player starts with, the seconds added every
        ``every`` hands dealt to them, and the most it holds."""
        check_id(guild_id, "server")
        check_setting(start, "time bank (seconds)", 0, MAX_TIME_BANK_SECONDS)
        check_setting(add, "time bank growth (seconds)", 0, MAX_TIME_BANK_SECONDS)
        check_setting(every, "hands between two growths", 1, 1000)
        check_setting(maximum, "largest time bank (seconds)", start, MAX_TIME_BANK_SECONDS)
        return await self._set_guild_setting(
            q.SET_GUILD_TIME_BANK, guild_id, start, add, every, maximum
        )

    async def set_idle_close(
        self,
        guild_id: int,
        seconds: int,
        *,
        minimum: int = MIN_IDLE_CLOSE_SECONDS,
        maximum: int = MAX_IDLE_CLOSE_SECONDS,
    ) -> Settings:
        """Set how long a table with no member seated stays open before it closes itself (the
        caller may lower the minimum: ``DEUCE_MIN_IDLE_SECONDS``)."""
        check_id(guild_id, "server")
        check_setting(seconds, "idle time of an empty table (seconds)", minimum, maximum)
        return await self._set_guild_setting(q.SET_GUILD_IDLE_CLOSE, guild_id, seconds)

    async def set_tables_per_member(self, guild_id: int, count: int) -> Settings:
        """Set how many open tables a member may have opened in the server at once."""
        check_id(guild_id, "server")
        check_setting(count, "tables per member", 1, MAX_TABLES_PER_MEMBER)
        return await self._set_guild_setting(q.SET_GUILD_TABLES_PER_MEMBER, guild_id, count)

    async def set_sng_members(self, guild_id: int, allowed: bool) -> Settings:
        """Whether any member (not only admins) may create, start and cancel sit-and-goes."""
        check_id(guild_id, "server")
        return await self._set_guild_setting(q.SET_GUILD_SNG_MEMBERS, guild_id, int(allowed))

    async def sng_members(self, guild_id: int) -> bool:
        """Whether any member may create, start and cancel sit-and-goes here."""
        return bool((await self.server(guild_id)).sng_members)

    async def set_card_style(self, guild_id: int, style: str) -> Settings:
        """How the server's tables show cards: one of ``CARD_STYLES``."""
        check_id(guild_id, "server")
        if style not in CARD_STYLES:
            raise InvalidSetting("Cards are shown as two-colour or four-colour pictures, or text.")
        return await self._set_guild_setting(q.SET_GUILD_CARD_STYLE, guild_id, style)

    async def set_language(
        self, guild_id: int, channel_id: int | None, language: str | None
    ) -> None:
        """The language of one channel's table (``channel_id``) or of the server's tables;
        None goes back to the server's (for a channel) or the server's Discord language."""
        check_id(guild_id, "server")
        if language is not None and language not in LANGUAGES:
            raise InvalidSetting(f"Unknown language {language!r}.")

        async def body(db: Tx) -> None:
            now = time.time()
            if channel_id is None:
                await db.run(q.SET_GUILD_LANGUAGE, (guild_id, language, now))
            elif language is None:
                await db.run(q.CLEAR_CHANNEL_LANGUAGE, (guild_id, check_id(channel_id, "channel")))
            else:
                await db.run(q.SET_CHANNEL_LANGUAGE, (guild_id, channel_id, language, now))

        await self._runner.write(body, immediate=False)

    async def set_economy(self, guild_id: int, start: int, daily: int) -> Settings:
        """Set the starting wallet of new members and the daily grant (0 turns either off)."""
        check_id(guild_id, "server")
        check_setting(start, "starting wallet", 0, MAX_ECONOMY)
        check_setting(daily, "daily grant", 0, MAX_ECONOMY)

        async def body(db: Tx) -> Settings:
            await db.run(q.SET_GUILD_ECONOMY, (guild_id, start, daily, time.time()))
            return await rows.guild_settings(db, guild_id)

        return await self._runner.write(body)

    async def remember_locale(self, user_id: int, locale: str) -> None:
        """The Discord locale a member last used with the bot (for DMs sent on its own)."""
        check_id(user_id, "member")

        async def body(db: Tx) -> None:
            await db.run(q.SET_MEMBER_LOCALE, (user_id, locale, time.time()))

        await self._runner.write(body, immediate=False)

    async def member_locales(self) -> dict[int, str]:
        """Every member's last seen Discord locale."""
        found = await self._runner.select_all(q.MEMBER_LOCALES, ())
        return {int(user_id): str(locale) for user_id, locale in found}

    async def member_locale(self, user_id: int) -> str | None:
        """A member's last seen Discord locale, or None for a member never seen."""
        row = await self._runner.select_one(q.MEMBER_LOCALE, (check_id(user_id, "member"),))
        return None if row is None else str(row[0])

    async def set_alert_mode(self, guild_id: int, user_id: int, mode: str) -> None:
        """A member's turn alerts in this server: "off", "on" (after the server's delay) or
        "now" (as soon as it is their turn)."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        if mode not in ALERT_MODES:
            raise InvalidSetting("Turn alerts are off, on or now.")

        async def body(db: Tx) -> None:
            await db.run(q.SET_ALERT_MODE, (guild_id, user_id, mode, time.time()))

        await self._runner.write(body, immediate=False)

    async def alert_modes(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """Each member's turn alert mode in this server ("on" for those who never chose)."""
        check_id(guild_id, "server")
        wanted = [check_id(user_id, "member") for user_id in user_ids]
        modes = {user_id: str(ALERT_MODE_DEFAULT) for user_id in wanted}
        if not wanted:
            return modes
        found = await self._runner.select_all(q.ALERT_MODES, (guild_id, json.dumps(wanted)))
        for user_id, mode in found:
            modes[int(user_id)] = str(mode)
        return modes

"""The settings of servers and their channels, and what each member chose: their last seen
locale and their turn alerts.

Owns ``guild_settings``, ``channel_stakes``, ``channel_languages``, ``member_locales`` and
``alert_modes``, and their SQL (below; the reads that other store parts share are in
``rows.py``). A server setting is declared once on its ``models.Settings`` field: ``set``
checks it against that declaration and writes its column with ``upsert_server``, so a new
setting needs no code here.
"""

from __future__ import annotations

import functools
import json
import logging
import time
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from bot.store import rows
from bot.store.backend import Tx
from bot.store.chips import check_id
from bot.store.errors import InvalidSetting
from bot.store.models import (
    ALERT_MODE_DEFAULT,
    ALERT_MODES,
    SERVER_SETTING,
    SOURCE_CHANNEL,
    SOURCE_DEFAULT,
    SOURCE_SERVER,
    Settings,
    SettingSpec,
    SettingsReport,
    check_relations,
    check_setting,
)
from bot.store.runner import Runner

log = logging.getLogger(__name__)

SET_CHANNEL_LANGUAGE = """
INSERT INTO channel_languages (guild_id, channel_id, language, updated_at)
VALUES (?, ?, ?, ?)
ON CONFLICT (guild_id, channel_id) DO UPDATE SET
    language = excluded.language,
    updated_at = excluded.updated_at
"""

CLEAR_CHANNEL_LANGUAGE = "DELETE FROM channel_languages WHERE guild_id = ? AND channel_id = ?"

SET_CHANNEL_STAKES = """
INSERT INTO channel_stakes (guild_id, channel_id, small_bet, small_blind, cap, updated_at)
VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, channel_id) DO UPDATE SET
    small_bet = excluded.small_bet,
    small_blind = excluded.small_blind,
    cap = coalesce(excluded.cap, channel_stakes.cap),
    updated_at = excluded.updated_at
"""

CLEAR_CHANNEL_STAKES = "DELETE FROM channel_stakes WHERE guild_id = ? AND channel_id = ?"

SET_MEMBER_LOCALE = """
INSERT INTO member_locales (user_id, locale, updated_at)
VALUES (?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET
    locale = excluded.locale,
    updated_at = excluded.updated_at
"""

MEMBER_LOCALES = "SELECT user_id, locale FROM member_locales"

MEMBER_LOCALE = "SELECT locale FROM member_locales WHERE user_id = ?"

SET_ALERT_MODE = """
INSERT INTO alert_modes (guild_id, user_id, mode, updated_at)
VALUES (?, ?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    mode = excluded.mode,
    updated_at = excluded.updated_at
"""

# ? = a JSON array of user ids: one fixed statement for any number of players.
ALERT_MODES_OF = """
SELECT user_id, mode FROM alert_modes
WHERE guild_id = ? AND user_id IN (SELECT value FROM json_each(?))
"""
ALERT_MODES_OF_PG = """
SELECT user_id, mode FROM alert_modes
WHERE guild_id = $1 AND user_id IN (SELECT value::bigint FROM json_array_elements_text($2::json))
"""
"""``ALERT_MODES_OF`` as PostgreSQL reads it (``postgres.OVERRIDES``)."""


@functools.cache
def upsert_server(names: tuple[str, ...]) -> str:
    """The statement that writes these server settings (the guild, their values, then the
    time): one per group of settings a command sets, its column names from their declaration
    only, never from a caller's text."""
    unknown = [name for name in names if name not in SERVER_SETTING]
    if unknown or not names:
        raise ValueError(f"not server settings: {unknown or names}")
    columns = (*names, "updated_at")
    placeholders = ", ".join("?" * (len(columns) + 1))
    assignments = ",\n".join(f"    {column} = excluded.{column}" for column in columns)
    return (
        f"INSERT INTO guild_settings (guild_id, {', '.join(columns)})\n"
        f"VALUES ({placeholders})\n"
        f"ON CONFLICT (guild_id) DO UPDATE SET\n{assignments}\n"
    )


async def write_server(db: Tx, guild_id: int, values: Mapping[str, object]) -> None:
    """Write server settings already checked (None forgets an admin's value)."""
    names = tuple(values)
    await db.run(upsert_server(names), (guild_id, *values.values(), time.time()))


class ServerSettings:
    """``store.settings``: read and change the settings of a server, of a channel's table,
    and of a member."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def _settings_report(self, db: Tx, guild_id: int, channel_id: int) -> SettingsReport:
        stored = await rows.server_values(db, guild_id)
        channel = await rows.channel_values(db, guild_id, channel_id)
        server = Settings(**stored)
        sources = {
            name: SOURCE_SERVER if name in stored else SOURCE_DEFAULT for name in SERVER_SETTING
        }
        if server.small_blind is None:  # "half the small bet" follows the small bet
            sources["small_blind"] = sources["small_bet"]
        server_sources = dict(sources)
        sources.update(dict.fromkeys(channel, SOURCE_CHANNEL))
        table = replace(server, **channel)  # as rows.table_settings lays them
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

    async def set(
        self,
        guild_id: int,
        values: Mapping[str, object],
        *,
        minimums: Mapping[str, int] | None = None,
    ) -> Settings:
        """Set server settings by name, each checked against its declaration (``minimums``
        lowers a declared minimum: a deployment's floor, or a setting bounded by another),
        and the server's settings they make against each other (``check_relations``); every
        check passes before anything is written. Returns the server's settings."""
        check_id(guild_id, "server")
        floors = minimums or {}
        checked = {
            name: self._spec(name).check(value, minimum=floors.get(name))
            for name, value in values.items()
        }

        async def body(db: Tx) -> Settings:
            current = await rows.guild_settings(db, guild_id)
            merged: dict[str, Any] = dict(checked)
            check_relations(replace(current, **merged))
            await write_server(db, guild_id, checked)
            return await rows.guild_settings(db, guild_id)

        return await self._runner.write(body)

    @staticmethod
    def _spec(name: str) -> SettingSpec:
        spec = SERVER_SETTING.get(name)
        if spec is None:
            raise InvalidSetting(f"There is no setting {name!r}.")
        return spec

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
        SERVER_SETTING["small_bet"].check(small_bet)
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
            SERVER_SETTING["cap"].check(cap)

        async def body(db: Tx) -> Settings:
            if channel_id is None:
                stakes = {"small_bet": small_bet, "small_blind": small_blind}
                await write_server(db, guild_id, stakes if cap is None else {**stakes, "cap": cap})
                return await rows.guild_settings(db, guild_id)
            await db.run(
                SET_CHANNEL_STAKES,
                (guild_id, channel_id, small_bet, small_blind, cap, time.time()),
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
            await db.run(CLEAR_CHANNEL_STAKES, (guild_id, channel_id))
            return await rows.table_settings(db, guild_id, channel_id)

        return await self._runner.write(body)

    async def set_buyin(
        self, guild_id: int, minimum: int, maximum: int, default: int | None = None
    ) -> Settings:
        """Set the server's buy-in range; ``default`` None keeps the old default, clamped."""
        check_id(guild_id, "server")
        SERVER_SETTING["buyin_min"].check(minimum)
        SERVER_SETTING["buyin_max"].check(maximum)
        if minimum > maximum:
            raise InvalidSetting(
                f"The minimum buy-in ({minimum:,}) cannot be above the maximum ({maximum:,}).",
                key="error_buyin_order",
                minimum=minimum,
                maximum=maximum,
            )
        if default is not None:
            check_setting(default, SERVER_SETTING["buyin_default"].what, minimum, maximum)

        async def body(db: Tx) -> Settings:
            current = await rows.guild_settings(db, guild_id)
            chosen = default
            if chosen is None:
                chosen = min(max(current.buyin_default, minimum), maximum)
            buyin = {"buyin_min": minimum, "buyin_max": maximum, "buyin_default": chosen}
            await write_server(db, guild_id, buyin)
            return await rows.guild_settings(db, guild_id)

        return await self._runner.write(body)

    async def set_timer(
        self, guild_id: int, seconds: int, *, minimum: int | None = None
    ) -> Settings:
        """Set the action and draw timers; the caller may lower the minimum (a deployment's
        ``DEUCE_MIN_TIMER_SECONDS``; tests use 1 s)."""
        timers = ("action_timer", "draw_timer")
        floors = {} if minimum is None else dict.fromkeys(timers, minimum)
        return await self.set(guild_id, dict.fromkeys(timers, seconds), minimums=floors)

    async def set_hand_pause(
        self, guild_id: int, seconds: int, *, minimum: int | None = None
    ) -> Settings:
        """Set the pause between two hands at the server's tables."""
        floors = {} if minimum is None else {"hand_pause": minimum}
        return await self.set(guild_id, {"hand_pause": seconds}, minimums=floors)

    async def set_alert_delay(self, guild_id: int, seconds: int) -> Settings:
        """Set how long a turn waits before its player gets a new DM (0 = no turn alerts)."""
        return await self.set(guild_id, {"alert_delay": seconds})

    async def set_time_bank(
        self, guild_id: int, start: int, add: int, every: int, maximum: int
    ) -> Settings:
        """Set the time bank: the seconds a player starts with, the seconds added every
        ``every`` hands dealt to them, and the most it holds (at least the start)."""
        bank = {"time_bank": start, "time_bank_add": add, "time_bank_every": every}
        floor = SERVER_SETTING["time_bank"].check(start)
        assert isinstance(floor, int)
        return await self.set(
            guild_id, {**bank, "time_bank_max": maximum}, minimums={"time_bank_max": floor}
        )

    async def set_idle_close(
        self, guild_id: int, seconds: int, *, minimum: int | None = None
    ) -> Settings:
        """Set how long a table with no member seated stays open before it closes itself (the
        caller may lower the minimum: ``DEUCE_MIN_IDLE_SECONDS``)."""
        floors = {} if minimum is None else {"idle_close": minimum}
        return await self.set(guild_id, {"idle_close": seconds}, minimums=floors)

    async def set_tables_per_member(self, guild_id: int, count: int) -> Settings:
        """Set how many open tables a member may have opened in the server at once."""
        return await self.set(guild_id, {"tables_per_member": count})

    async def set_sng_members(self, guild_id: int, allowed: bool) -> Settings:
        """Whether any member (not only admins) may create, start and cancel sit-and-goes."""
        return await self.set(guild_id, {"sng_members": int(allowed)})

    async def sng_members(self, guild_id: int) -> bool:
        """Whether any member may create, start and cancel sit-and-goes here."""
        return bool((await self.server(guild_id)).sng_members)

    async def set_card_style(self, guild_id: int, style: str) -> Settings:
        """How the server's tables show cards: one of ``CARD_STYLES``."""
        return await self.set(guild_id, {"card_style": style})

    async def set_language(
        self, guild_id: int, channel_id: int | None, language: str | None
    ) -> None:
        """The language of one channel's table (``channel_id``) or of the server's tables;
        None goes back to the server's (for a channel) or the server's Discord language."""
        check_id(guild_id, "server")
        SERVER_SETTING["language"].check(language)

        async def body(db: Tx) -> None:
            if channel_id is None:
                await write_server(db, guild_id, {"language": language})
            elif language is None:
                await db.run(CLEAR_CHANNEL_LANGUAGE, (guild_id, check_id(channel_id, "channel")))
            else:
                await db.run(SET_CHANNEL_LANGUAGE, (guild_id, channel_id, language, time.time()))

        await self._runner.write(body, immediate=False)

    async def set_economy(self, guild_id: int, start: int, daily: int) -> Settings:
        """Set the starting wallet of new members and the daily grant (0 turns either off)."""
        return await self.set(guild_id, {"start_wallet": start, "daily_amount": daily})

    async def remember_locale(self, user_id: int, locale: str) -> None:
        """The Discord locale a member last used with the bot (for DMs sent on its own)."""
        check_id(user_id, "member")

        async def body(db: Tx) -> None:
            await db.run(SET_MEMBER_LOCALE, (user_id, locale, time.time()))

        await self._runner.write(body, immediate=False)

    async def member_locales(self) -> dict[int, str]:
        """Every member's last seen Discord locale."""
        found = await self._runner.select_all(MEMBER_LOCALES, ())
        return {int(user_id): str(locale) for user_id, locale in found}

    async def member_locale(self, user_id: int) -> str | None:
        """A member's last seen Discord locale, or None for a member never seen."""
        row = await self._runner.select_one(MEMBER_LOCALE, (check_id(user_id, "member"),))
        return None if row is None else str(row[0])

    async def set_alert_mode(self, guild_id: int, user_id: int, mode: str) -> None:
        """A member's turn alerts in this server: "off", "on" (after the server's delay) or
        "now" (as soon as it is their turn)."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        if mode not in ALERT_MODES:
            raise InvalidSetting("Turn alerts are off, on or now.")

        async def body(db: Tx) -> None:
            await db.run(SET_ALERT_MODE, (guild_id, user_id, mode, time.time()))

        await self._runner.write(body, immediate=False)

    async def alert_modes(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """Each member's turn alert mode in this server ("on" for those who never chose)."""
        check_id(guild_id, "server")
        wanted = [check_id(user_id, "member") for user_id in user_ids]
        modes = {user_id: str(ALERT_MODE_DEFAULT) for user_id in wanted}
        if not wanted:
            return modes
        found = await self._runner.select_all(ALERT_MODES_OF, (guild_id, json.dumps(wanted)))
        for user_id, mode in found:
            modes[int(user_id)] = str(mode)
        return modes

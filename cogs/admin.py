"""The ``/pokeradmin`` commands: stakes, buy-in, timers, the pause between hands, turn alerts,
the idle time of empty tables and the tables a member may open, economy, grants, kick, close,
house players, and every current setting with its source.

Discord's ``default_permissions`` only hides the commands from members; the permission is
checked again here, in code, from ``interaction.permissions`` (what Discord computed for this
member in this channel), because a server can override the hint. Every integer option carries
its range, so Discord refuses a bad value before it reaches the bot; the store checks again.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.house import LEVELS
from bot.house.accounts import is_house
from bot.messages import LANGUAGES, Text, language_of, t
from bot.replies import NO_MENTIONS, reply_private, require_guild
from bot.store import (
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
    InvalidAmount,
    InvalidSetting,
    NotSeated,
    SeatRow,
    Settings,
    SettingsReport,
    format_duration,
)
from bot.store.models import TABLE_CLOSED
from bot.table.render import safe_name
from bot.table.timebank import bank_seconds

if TYPE_CHECKING:
    from bot.client import DeuceBot

log = logging.getLogger(__name__)

MAX_KICK_CHOICES = 25
"""Discord shows at most 25 autocomplete choices."""

Chips = app_commands.Range[int, 1, MAX_CHIPS]
MAX_HOUSE_PLAYERS = 9
"""A table has at most 10 seats, one of them a member's."""
MAX_HOUSE_FILL = 10
HouseLevel = Literal["beginner", "solid", "strong"]
"""The levels of ``bot.house.LEVELS``, as Discord offers them."""
HOUSE_FILL_KEYS = {
    "channel": ("house_fill_off_channel", "house_fill_set_channel"),
    "server": ("house_fill_off_server", "house_fill_set_server"),
}
"""What ``/pokeradmin house fill`` answers, by scope: (turned off, set)."""


def set_minimum(command: app_commands.Command[Any, ..., Any], option: str, minimum: int) -> None:
    """Give ``option`` of this cog's copy of ``command`` a new synced minimum.

    discord.py fixes an option's range when the class is defined and has no public way to
    change it; the timer's floor is a deployment setting, read only when the cog is built.
    The cog's command is its own copy (with its own parameter dict), so the class is untouched.
    """
    params = command._params
    params[option] = dataclasses.replace(params[option], min_value=minimum)


SNOWFLAKE_DIGITS = 20
"""Digits of the largest Discord id (a longer number names nobody: never parsed)."""


def find_seat(seats: list[SeatRow], chosen: str) -> SeatRow | None:
    """The seat an admin picked: the autocomplete sends the player's id; a typed name works
    too when exactly one seated player has it."""
    text = chosen.strip()
    if text.isascii() and text.isdigit() and len(text) <= SNOWFLAKE_DIGITS:
        for seat in seats:
            if seat.user_id == int(text):
                return seat
    named = [seat for seat in seats if seat.name.casefold() == text.casefold()]
    return named[0] if len(named) == 1 else None


SOURCE_KEYS = {"channel": "source_channel", "server": "source_server", "default": "source_default"}
"""A setting's source as the settings reply names it."""


LANGUAGE_DISCORD = "discord"
"""The /pokeradmin language choice that goes back to the server's own Discord language."""
LANGUAGE_CHOICES = [
    *(
        app_commands.Choice(name=t("language_name", language=code), value=code)
        for code in LANGUAGES
    ),
    app_commands.Choice(name=t("source_discord"), value=LANGUAGE_DISCORD),
]

LANGUAGE_SET_KEYS = {
    (True, "channel"): "language_set_channel",
    (True, "server"): "language_set_server",
    (False, "channel"): "language_reset_channel",
    (False, "server"): "language_reset_server",
}

CARD_STYLE_KEYS = {
    "two-colour": "cards_two_colour",
    "four-colour": "cards_four_colour",
    "text": "cards_text",
}
"""A card style as the replies name it."""


def time_bank_text(settings: Settings) -> str:
    """The time bank settings in a sentence."""
    if settings.time_bank == 0:
        return t("settings_time_bank_off")
    return t(
        "settings_time_bank",
        start=settings.time_bank,
        add=settings.time_bank_add,
        every=settings.time_bank_every,
        maximum=settings.time_bank_max,
    )


def source_of(report: SettingsReport, *names: str) -> str:
    """Where a line of settings comes from: the most specific source among its fields."""
    sources = {report.source(name) for name in names}
    for source in ("channel", "server"):
        if source in sources:
            return t(SOURCE_KEYS[source])
    return t(SOURCE_KEYS["default"])


class Admin(commands.Cog):
    """Server settings; every command needs Manage Server."""

    admin = app_commands.Group(
        name="pokeradmin",
        description="Poker settings for this server (Manage Server)",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    house = app_commands.Group(
        name="house", description="House players at this channel's table", parent=admin
    )

    def __init__(self, bot: DeuceBot) -> None:
        self.bot: DeuceBot = bot
        set_minimum(self.timer, "seconds", bot.config.min_timer_seconds)
        set_minimum(self.idle, "seconds", bot.config.min_idle_seconds)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Guild only, and Manage Server checked in code."""
        require_guild(interaction)
        permissions = interaction.permissions
        if not (permissions.manage_guild or permissions.administrator):
            raise app_commands.MissingPermissions(["manage_guild"])
        return True

    @admin.command(name="stakes", description="Set the stakes of this channel or the server")
    @app_commands.describe(
        small_bet="The small bet (big bet is twice it; big blind = small bet)",
        small_blind="Small blind (default: half the small bet)",
        cap="Bets allowed per round (default: unchanged)",
        scope="This channel's table or the server default (default: channel)",
    )
    async def stakes(
        self,
        interaction: discord.Interaction[Any],
        small_bet: app_commands.Range[int, 1, MAX_SMALL_BET],
        small_blind: app_commands.Range[int, 1, MAX_SMALL_BET] | None = None,
        cap: app_commands.Range[int, 1, MAX_CAP] | None = None,
        scope: Literal["channel", "server"] = "channel",
    ) -> None:
        assert interaction.guild_id is not None
        if scope not in ("channel", "server"):
            raise InvalidSetting(t("scope_invalid"))
        channel_id = interaction.channel_id if scope == "channel" else None
        settings = await self.bot.store.settings.set_stakes(
            interaction.guild_id, channel_id, small_bet, small_blind, cap
        )
        await self._refresh_sessions(interaction.guild_id)
        key = "stakes_set_channel" if scope == "channel" else "stakes_set_server"
        await reply_private(
            interaction,
            t(
                key,
                small_bet=settings.small_bet,
                big_bet=settings.big_bet,
                small_blind=settings.effective_small_blind,
                cap=settings.cap,
            ),
        )

    @admin.command(name="buyin", description="Set the buy-in range of this server's tables")
    @app_commands.describe(minimum="Smallest buy-in", maximum="Largest buy-in")
    @app_commands.rename(minimum="min", maximum="max")
    async def buyin(
        self, interaction: discord.Interaction[Any], minimum: Chips, maximum: Chips
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set_buyin(interaction.guild_id, minimum, maximum)
        await reply_private(
            interaction,
            t(
                "buyin_set",
                minimum=settings.buyin_min,
                maximum=settings.buyin_max,
                default=settings.buyin_default,
            ),
        )

    @admin.command(name="timer", description="Seconds players get to act and to draw")
    @app_commands.describe(seconds="Seconds per decision")
    async def timer(
        self,
        interaction: discord.Interaction[Any],
        # the synced floor is DEUCE_MIN_TIMER_SECONDS (set_minimum in __init__)
        seconds: app_commands.Range[int, MIN_TIMER_SECONDS, MAX_TIMER_SECONDS],
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        minimum = self.bot.config.min_timer_seconds
        if seconds < minimum:
            raise InvalidSetting(t("timer_too_low", minimum=minimum))
        if seconds > MAX_TIMER_SECONDS:
            raise InvalidSetting(t("timer_too_high", maximum=MAX_TIMER_SECONDS))
        store = self.bot.store
        # A hand reads its timers when it is dealt: one already running here keeps them.
        before = await store.settings.table(interaction.guild_id, interaction.channel_id)
        table = await store.tables.for_channel(interaction.guild_id, interaction.channel_id)
        running = table is not None and await store.hands.running(table.id) is not None
        settings = await store.settings.set_timer(
            interaction.guild_id, seconds, minimum=minimum, maximum=MAX_TIMER_SECONDS
        )
        await self._refresh_sessions(interaction.guild_id)
        if running:
            text = t(
                "timer_set_next_hand", seconds=settings.action_timer, current=before.action_timer
            )
        else:
            text = t("timer_set", seconds=settings.action_timer)
        await reply_private(interaction, text)

    @admin.command(name="pause", description="Stop dealing at this channel's table after this hand")
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        answer = await self.bot.tables.here(interaction).set_paused(interaction.user.id)
        if answer is None:
            raise InvalidSetting(t("pause_already"))
        await reply_private(interaction, t(answer))

    @admin.command(name="resume", description="Deal again at this channel's paused table")
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        answer = await self.bot.tables.here(interaction).set_paused(None)
        if answer is None:
            raise InvalidSetting(t("resume_not_paused"))
        await reply_private(interaction, t(answer))

    @admin.command(
        name="timebank", description="Extra seconds each player has when a turn runs out"
    )
    @app_commands.describe(
        start="Seconds a player starts with (0 = no time bank)",
        add="Seconds added every so many hands",
        every="Hands between two additions",
        maximum="The most seconds a time bank holds",
    )
    async def timebank(
        self,
        interaction: discord.Interaction[Any],
        start: app_commands.Range[int, 0, MAX_TIME_BANK_SECONDS],
        add: app_commands.Range[int, 0, MAX_TIME_BANK_SECONDS] = 5,
        every: app_commands.Range[int, 1, 1000] = 10,
        maximum: app_commands.Range[int, 0, MAX_TIME_BANK_SECONDS] = 60,
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set_time_bank(
            interaction.guild_id, start, add, every, max(start, maximum)
        )
        await self._refresh_sessions(interaction.guild_id)
        await reply_private(interaction, time_bank_text(settings))

    @admin.command(name="interval", description="Seconds between two hands")
    @app_commands.describe(seconds="Seconds from the end of one hand to the next deal")
    async def interval(
        self,
        interaction: discord.Interaction[Any],
        seconds: app_commands.Range[int, MIN_HAND_PAUSE_SECONDS, MAX_HAND_PAUSE_SECONDS],
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set_hand_pause(interaction.guild_id, seconds)
        await self._refresh_sessions(interaction.guild_id)
        lines = [t("pause_set", seconds=settings.hand_pause)]
        override = self.bot.config.hand_pause_seconds
        if override is not None:
            lines.append(t("pause_overridden", seconds=f"{override:g}"))
        await reply_private(interaction, "\n".join(lines))

    @admin.command(name="alerts", description="Seconds a turn waits before its player gets a DM")
    @app_commands.describe(seconds="Seconds without an action before the DM (0 = no turn alerts)")
    async def alerts(
        self,
        interaction: discord.Interaction[Any],
        seconds: app_commands.Range[int, MIN_ALERT_DELAY_SECONDS, MAX_ALERT_DELAY_SECONDS],
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set_alert_delay(interaction.guild_id, seconds)
        await self._refresh_sessions(interaction.guild_id)
        if settings.alert_delay == 0:
            await reply_private(interaction, t("alert_delay_off"))
        else:
            await reply_private(interaction, t("alert_delay_set", seconds=settings.alert_delay))

    @admin.command(name="idle", description="Seconds a table nobody sits at stays open")
    @app_commands.describe(seconds="Seconds with no member seated before the table closes itself")
    async def idle(
        self,
        interaction: discord.Interaction[Any],
        # the synced floor is DEUCE_MIN_IDLE_SECONDS (set_minimum in __init__)
        seconds: app_commands.Range[int, MIN_IDLE_CLOSE_SECONDS, MAX_IDLE_CLOSE_SECONDS],
    ) -> None:
        assert interaction.guild_id is not None
        minimum = self.bot.config.min_idle_seconds
        if seconds < minimum:
            raise InvalidSetting(t("idle_too_low", minimum=minimum))
        settings = await self.bot.store.settings.set_idle_close(
            interaction.guild_id, seconds, minimum=minimum
        )
        await self._refresh_sessions(interaction.guild_id)
        duration = format_duration(settings.idle_close)
        await reply_private(interaction, t("idle_set", duration=duration))

    @admin.command(name="tables", description="How many open tables each member may open here")
    @app_commands.describe(per_member="Open tables one member may have opened at once")
    async def tables_per_member(
        self,
        interaction: discord.Interaction[Any],
        per_member: app_commands.Range[int, 1, MAX_TABLES_PER_MEMBER],
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set_tables_per_member(
            interaction.guild_id, per_member
        )
        await reply_private(interaction, t("tables_set", count=settings.tables_per_member))

    @admin.command(name="sng", description="Who may create, start and cancel sit-and-goes")
    @app_commands.describe(members="True: any member; False: admins only (the default)")
    async def sng_members(self, interaction: discord.Interaction[Any], members: bool) -> None:
        assert interaction.guild_id is not None
        await self.bot.store.settings.set_sng_members(interaction.guild_id, members)
        await reply_private(interaction, t("sng_members_on" if members else "sng_members_off"))

    @admin.command(name="cards", description="How this server's tables show the cards")
    @app_commands.describe(style="Pictures with red and black suits, four suit colours, or text")
    async def cards(
        self,
        interaction: discord.Interaction[Any],
        style: Literal["two-colour", "four-colour", "text"],
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set_card_style(interaction.guild_id, style)
        await self._refresh_sessions(interaction.guild_id)
        chosen = t(CARD_STYLE_KEYS[settings.card_style])
        await reply_private(interaction, t("cards_set", style=chosen))

    @admin.command(
        name="language",
        description="The language of this channel's table or of the server's tables",
    )
    @app_commands.describe(
        language="The language, or the server's own Discord language",
        scope="This channel's table, or every table of the server",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(
        self,
        interaction: discord.Interaction[Any],
        language: str,
        scope: Literal["channel", "server"] = "channel",
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        chosen = None if language == LANGUAGE_DISCORD else language
        channel_id = interaction.channel_id if scope == "channel" else None
        await self.bot.store.settings.set_language(interaction.guild_id, channel_id, chosen)
        await self._refresh_sessions(interaction.guild_id)
        report = await self.bot.store.settings.report(interaction.guild_id, interaction.channel_id)
        spoken = report.table.language or language_of(interaction.guild_locale)
        key = LANGUAGE_SET_KEYS[chosen is not None, scope]
        name = t("language_name", interaction.locale, language=spoken)
        await reply_private(interaction, t(key, interaction.locale, name=name))

    @admin.command(
        name="settings", description="Every current setting here and where it comes from"
    )
    async def settings(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        report = await self.bot.store.settings.report(interaction.guild_id, interaction.channel_id)
        banks = await self._seat_banks(interaction.guild_id, interaction.channel_id, report.table)
        lines = self._settings_lines(report, interaction.guild_locale, banks)
        fill, style = await self.bot.store.house.fill(interaction.guild_id, interaction.channel_id)
        lines.append(
            t("settings_house", seats=fill, style=Text(f"choice-{style}"))
            if fill
            else t("settings_no_house")
        )
        embed = discord.Embed(
            title=t("settings_title"),
            description="\n".join(lines),
            colour=discord.Colour.dark_green(),
        )
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    async def _seat_banks(self, guild_id: int, channel_id: int, settings: Settings) -> str | None:
        """What each member seated at this channel's table has in their time bank now (None
        when nobody sits there)."""
        table = await self.bot.store.tables.for_channel(guild_id, channel_id)
        if table is None or table.status == TABLE_CLOSED:
            return None
        members = [
            s for s in await self.bot.store.tables.seats(table.id) if not is_house(s.user_id)
        ]
        if not members:
            return None
        banks = " · ".join(
            t(
                "settings_seat_bank",
                name=safe_name(seat.name),
                seconds=int(bank_seconds(seat.time_bank, settings)),
            )
            for seat in members
        )
        return t("settings_seat_banks", banks=banks)

    def _settings_lines(
        self, report: SettingsReport, guild_locale: object, banks: str | None
    ) -> list[str]:
        table, server = report.table, report.server
        stakes = {
            "small_bet": table.small_bet,
            "big_bet": table.big_bet,
            "small_blind": table.effective_small_blind,
        }
        lines = [
            t("settings_intro"),
            "",
            t("settings_stakes", **stakes, source=source_of(report, "small_bet", "small_blind")),
            t("settings_cap", cap=table.cap, source=source_of(report, "cap")),
        ]
        if "channel" in {report.source(name) for name in ("small_bet", "small_blind", "cap")}:
            lines.append(
                t(
                    "settings_server_stakes",
                    small_bet=server.small_bet,
                    big_bet=server.big_bet,
                    small_blind=server.effective_small_blind,
                    cap=server.cap,
                    source=t(SOURCE_KEYS[report.server_source("small_bet")]),
                )
            )
        lines.append(
            t(
                "settings_buyin",
                minimum=table.buyin_min,
                maximum=table.buyin_max,
                default=table.buyin_default,
                source=source_of(report, "buyin_min", "buyin_max", "buyin_default"),
            )
        )
        lines.append(
            t(
                "settings_timers",
                action=table.action_timer,
                draw=table.draw_timer,
                source=source_of(report, "action_timer", "draw_timer"),
            )
        )
        pause_source = source_of(report, "hand_pause")
        override = self.bot.config.hand_pause_seconds
        if override is None:
            lines.append(t("settings_pause", seconds=table.hand_pause, source=pause_source))
        else:
            lines.append(
                t(
                    "settings_pause_deployment",
                    seconds=f"{override:g}",
                    server=table.hand_pause,
                    source=pause_source,
                )
            )
        alert_source = source_of(report, "alert_delay")
        if table.alert_delay:
            lines.append(t("settings_alerts", seconds=table.alert_delay, source=alert_source))
        else:
            lines.append(t("settings_alerts_off", source=alert_source))
        style = t(CARD_STYLE_KEYS[table.card_style])
        lines.append(t("settings_cards", style=style, source=source_of(report, "card_style")))
        spoken = table.language or language_of(guild_locale)
        source = t("source_discord") if table.language is None else source_of(report, "language")
        name = t("language_name", language=spoken)
        lines.append(t("settings_language", name=name, source=source))
        lines.append(
            t(
                "settings_economy",
                start=table.start_wallet,
                daily=table.daily_amount,
                cooldown=format_duration(table.daily_cooldown),
                source=source_of(report, "start_wallet", "daily_amount", "daily_cooldown"),
            )
        )
        lines.append(
            t(
                "settings_seats",
                seats=table.seats,
                keep=format_duration(table.sitout_keep),
                source=source_of(report, "seats", "sitout_keep"),
            )
        )
        lines.append(
            time_bank_text(table) + " — " + source_of(report, "time_bank", "time_bank_max")
        )
        if banks is not None:
            lines.append(banks)
        lines.append(
            t(
                "settings_idle",
                duration=format_duration(table.idle_close),
                source=source_of(report, "idle_close"),
            )
        )
        lines.append(
            t(
                "settings_tables",
                count=table.tables_per_member,
                source=source_of(report, "tables_per_member"),
            )
        )
        return lines

    @admin.command(name="economy", description="Starting wallet and daily grant")
    @app_commands.describe(start="Chips a new member starts with", daily="Chips per /chips daily")
    async def economy(
        self,
        interaction: discord.Interaction[Any],
        start: app_commands.Range[int, 0, MAX_ECONOMY],
        daily: app_commands.Range[int, 0, MAX_ECONOMY],
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set_economy(interaction.guild_id, start, daily)
        await reply_private(
            interaction,
            t(
                "economy_set",
                start=settings.start_wallet,
                daily=settings.daily_amount,
            ),
        )

    @admin.command(name="grant", description="Give chips to a member's wallet")
    @app_commands.describe(member="Who receives the chips", amount="How many chips")
    async def grant(
        self, interaction: discord.Interaction[Any], member: discord.User, amount: Chips
    ) -> None:
        assert interaction.guild_id is not None
        if member.bot:
            await reply_private(interaction, t("bot_member"))
            return
        if amount <= 0:
            raise InvalidAmount(t("amount_positive"))
        wallet = await self.bot.store.wallets.grant(
            interaction.guild_id, member.id, amount, interaction.user.id
        )
        language = await self.bot.channel_language(interaction)
        await interaction.response.send_message(
            t("granted", language, name=member.mention, amount=amount, wallet=wallet),
            allowed_mentions=NO_MENTIONS,
        )

    @admin.command(name="kick", description="Remove a player from this channel's table")
    @app_commands.describe(player="Who to remove (one of the seated players)")
    async def kick(self, interaction: discord.Interaction[Any], player: str) -> None:
        session = self.bot.tables.here(interaction)
        seat = find_seat(await self._seats_here(interaction), player)
        if seat is None:
            name = discord.utils.escape_markdown(player.strip())[:100] or "?"
            await reply_private(interaction, t("kick_not_seated", name=name))
            return
        if is_house(seat.user_id):
            name = discord.utils.escape_markdown(seat.name)
            await reply_private(interaction, t("kick_house", name=name))
            return
        mention = f"<@{seat.user_id}>"
        try:
            now, _amount = await session.leave(seat.user_id)
        except NotSeated:
            await reply_private(interaction, t("kick_not_seated", name=mention))
            return
        key = "kicked" if now else "kick_after_hand"
        text = t(key, await self.bot.channel_language(interaction), name=mention)
        await interaction.response.send_message(text, allowed_mentions=NO_MENTIONS)

    @kick.autocomplete("player")
    async def kick_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The seated players of this channel's table whose name holds what was typed.
        (Discord skips the cog's checks for autocomplete: Manage Server is checked here.)"""
        permissions = interaction.permissions
        if interaction.guild_id is None or not (
            permissions.manage_guild or permissions.administrator
        ):
            return []
        typed = current.strip().casefold()
        return [
            app_commands.Choice(
                name=t("kick_choice", interaction.locale, name=seat.name, seat=seat.seat + 1)[:100],
                value=str(seat.user_id),
            )
            for seat in await self._seats_here(interaction)
            if typed in seat.name.casefold()
        ][:MAX_KICK_CHOICES]

    async def _seats_here(self, interaction: discord.Interaction[Any]) -> list[SeatRow]:
        """The seats of this channel's table, as the store has them."""
        if interaction.guild_id is None or interaction.channel_id is None:
            return []
        table = await self.bot.store.tables.for_channel(
            interaction.guild_id, interaction.channel_id
        )
        if table is None or table.status == "closed":
            return []
        return await self.bot.store.tables.seats(table.id)

    @admin.command(name="close", description="Close this channel's table after the current hand")
    async def close(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.tables.here(interaction)
        closed_now = await session.request_close()
        language = await self.bot.channel_language(interaction)
        await interaction.response.send_message(
            t("table_closed" if closed_now else "close_after_hand", language),
            allowed_mentions=NO_MENTIONS,
        )

    @house.command(name="add", description="Seat house players at this channel's table")
    @app_commands.describe(
        count="How many house players (default 1)", level="How well they play (default strong)"
    )
    async def house_add(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, MAX_HOUSE_PLAYERS] = 1,
        level: HouseLevel = "strong",
    ) -> None:
        if not 1 <= count <= MAX_HOUSE_PLAYERS:
            raise InvalidSetting(t("house_count_invalid"))
        if level not in LEVELS:
            raise InvalidSetting(t("house_style_invalid", styles=", ".join(LEVELS)))
        added = await self.bot.tables.house_here(interaction).add(count, level)
        key = "house_added" if added == count else "house_added_fewer"
        await reply_private(interaction, t(key, count=added, style=Text(f"choice-{level}")))

    @house.command(name="remove", description="Stand up house players at this channel's table")
    @app_commands.describe(count="How many house players (default: all)")
    async def house_remove(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, MAX_HOUSE_PLAYERS] | None = None,
    ) -> None:
        if count is not None and not 1 <= count <= MAX_HOUSE_PLAYERS:
            raise InvalidSetting(t("house_count_invalid"))
        now, later = await self.bot.tables.house_here(interaction).remove(count)
        await reply_private(interaction, t("house_removed", now=now, later=later))

    @house.command(
        name="fill", description="Fill empty seats up to N with house players when a member sits"
    )
    @app_commands.describe(
        seats="Seats to fill up to (0 = off)",
        level="How well they play (default strong)",
        scope="This channel's table or the server default (default: channel)",
    )
    async def house_fill(
        self,
        interaction: discord.Interaction[Any],
        seats: app_commands.Range[int, 0, MAX_HOUSE_FILL],
        level: HouseLevel = "strong",
        scope: Literal["channel", "server"] = "channel",
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        if not 0 <= seats <= MAX_HOUSE_FILL:
            raise InvalidSetting(t("house_seats_invalid"))
        if level not in LEVELS:
            raise InvalidSetting(t("house_style_invalid", styles=", ".join(LEVELS)))
        if scope not in ("channel", "server"):
            raise InvalidSetting(t("scope_invalid"))
        channel_id = interaction.channel_id if scope == "channel" else None
        await self.bot.store.house.set_fill(interaction.guild_id, channel_id, seats, level)
        for house in self.bot.tables.houses_in_guild(interaction.guild_id):
            await house.refill()
        key = HOUSE_FILL_KEYS[scope][1 if seats else 0]
        await reply_private(interaction, t(key, seats=seats, style=Text(f"choice-{level}")))

    async def _refresh_sessions(self, guild_id: int) -> None:
        """Tables pick up new settings at their next hand; refresh idle ones now."""
        for session in self.bot.tables.in_guild(guild_id):
            await session.apply_settings()


async def setup(bot: DeuceBot) -> None:
    await bot.add_cog(Admin(bot))

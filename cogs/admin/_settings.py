"""The server's and a channel's settings: ``/pokeradmin stakes``, ``buyin``, ``timer``,
``timebank``, ``interval``, ``alerts``, ``idle``, ``tables``, ``sng``, ``cards``, ``language``,
and ``settings``, the report of them all.

Each integer option's range is its setting's declared one (``models.Settings``)."""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands

from bot.features.settings.report import (
    CARD_STYLE_KEYS,
    ReportContext,
    settings_lines,
    time_bank_text,
)
from bot.house.accounts import is_house
from bot.messages import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    Text,
    duration,
    language_of,
    plain_texts,
    t,
)
from bot.replies import NO_MENTIONS, reply_private
from bot.store import (
    DEFAULT_SETTINGS,
    SERVER_SETTING,
    InvalidSetting,
    Settings,
)
from bot.store.models import TABLE_CLOSED
from bot.table.render import safe_name
from bot.table.timebank import bank_seconds
from cogs.admin._common import AdminPart, pokeradmin

log = logging.getLogger(__name__)

S = SERVER_SETTING
BuyinMin = app_commands.Range[int, S["buyin_min"].minimum, S["buyin_min"].maximum]
BuyinMax = app_commands.Range[int, S["buyin_max"].minimum, S["buyin_max"].maximum]
SmallBet = app_commands.Range[int, S["small_bet"].minimum, S["small_bet"].maximum]
SmallBlind = app_commands.Range[int, S["small_blind"].minimum, S["small_blind"].maximum]
Cap = app_commands.Range[int, S["cap"].minimum, S["cap"].maximum]
TimerSeconds = app_commands.Range[int, S["action_timer"].minimum, S["action_timer"].maximum]
"""Its synced floor is the deployment's ``DEUCE_MIN_TIMER_SECONDS`` (``_cog.set_minimum``)."""
BankSeconds = app_commands.Range[int, S["time_bank"].minimum, S["time_bank"].maximum]
BankGrowth = app_commands.Range[int, S["time_bank_add"].minimum, S["time_bank_add"].maximum]
BankEvery = app_commands.Range[int, S["time_bank_every"].minimum, S["time_bank_every"].maximum]
BankMost = app_commands.Range[int, S["time_bank_max"].minimum, S["time_bank_max"].maximum]
PauseSeconds = app_commands.Range[int, S["hand_pause"].minimum, S["hand_pause"].maximum]
AlertSeconds = app_commands.Range[int, S["alert_delay"].minimum, S["alert_delay"].maximum]
IdleSeconds = app_commands.Range[int, S["idle_close"].minimum, S["idle_close"].maximum]
"""Its synced floor is the deployment's ``DEUCE_MIN_IDLE_SECONDS`` (``_cog.set_minimum``)."""
TablesPerMember = app_commands.Range[
    int, S["tables_per_member"].minimum, S["tables_per_member"].maximum
]

LANGUAGE_DISCORD = "discord"
"""The /pokeradmin language choice that goes back to the server's own Discord language."""


def language_choices() -> list[app_commands.Choice[str]]:
    """The /pokeradmin language choices, named in English by ``commands.ftl`` (where the other
    languages name them for the translator): reading that one file is cheaper than loading
    the English messages, which a start may never write."""
    english = plain_texts(DEFAULT_LANGUAGE, "commands.ftl")
    return [
        app_commands.Choice(name=english[f"choice-{value}"], value=value)
        for value in (*LANGUAGES, LANGUAGE_DISCORD)
    ]


LANGUAGE_CHOICES = language_choices()

LANGUAGE_SET_KEYS = {
    (True, "channel"): "language_set_channel",
    (True, "server"): "language_set_server",
    (False, "channel"): "language_reset_channel",
    (False, "server"): "language_reset_server",
}


class SettingsCommands(AdminPart):
    """The commands that set the server's and this channel's settings, and report them."""

    @pokeradmin.command(name="stakes", description="Set the stakes of this channel or the server")
    @app_commands.describe(
        small_bet="The small bet (big bet is twice it; big blind = small bet)",
        small_blind="Small blind (default: half the small bet)",
        cap="Bets allowed per round (default: unchanged)",
        scope="This channel's table or the server default (default: channel)",
    )
    async def stakes(
        self,
        interaction: discord.Interaction[Any],
        small_bet: SmallBet,
        small_blind: SmallBlind | None = None,
        cap: Cap | None = None,
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

    @pokeradmin.command(name="buyin", description="Set the buy-in range of this server's tables")
    @app_commands.describe(minimum="Smallest buy-in", maximum="Largest buy-in")
    @app_commands.rename(minimum="min", maximum="max")
    async def buyin(
        self, interaction: discord.Interaction[Any], minimum: BuyinMin, maximum: BuyinMax
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

    @pokeradmin.command(name="timer", description="Seconds players get to act and to draw")
    @app_commands.describe(seconds="Seconds per decision")
    async def timer(
        self,
        interaction: discord.Interaction[Any],
        seconds: TimerSeconds,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        minimum = self.bot.config.min_timer_seconds
        if seconds < minimum:
            raise InvalidSetting(t("timer_too_low", minimum=minimum))
        if seconds > S["action_timer"].maximum:
            raise InvalidSetting(t("timer_too_high", maximum=S["action_timer"].maximum))
        store = self.bot.store
        # A hand reads its timers when it is dealt: one already running here keeps them.
        before = await store.settings.table(interaction.guild_id, interaction.channel_id)
        table = await store.tables.for_channel(interaction.guild_id, interaction.channel_id)
        running = table is not None and await store.hands.running(table.id) is not None
        settings = await store.settings.set_timer(interaction.guild_id, seconds, minimum=minimum)
        await self._refresh_sessions(interaction.guild_id)
        if running:
            text = t(
                "timer_set_next_hand", seconds=settings.action_timer, current=before.action_timer
            )
        else:
            text = t("timer_set", seconds=settings.action_timer)
        await reply_private(interaction, text)

    @pokeradmin.command(
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
        start: BankSeconds,
        add: BankGrowth = DEFAULT_SETTINGS.time_bank_add,
        every: BankEvery = DEFAULT_SETTINGS.time_bank_every,
        maximum: BankMost = DEFAULT_SETTINGS.time_bank_max,
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set_time_bank(
            interaction.guild_id, start, add, every, max(start, maximum)
        )
        await self._refresh_sessions(interaction.guild_id)
        await reply_private(interaction, time_bank_text(settings))

    @pokeradmin.command(name="interval", description="Seconds between two hands")
    @app_commands.describe(seconds="Seconds from the end of one hand to the next deal")
    async def interval(
        self,
        interaction: discord.Interaction[Any],
        seconds: PauseSeconds,
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set_hand_pause(interaction.guild_id, seconds)
        await self._refresh_sessions(interaction.guild_id)
        lines = [t("pause_set", seconds=settings.hand_pause)]
        override = self.bot.config.hand_pause_seconds
        if override is not None:
            lines.append(t("pause_overridden", seconds=f"{override:g}"))
        await reply_private(interaction, "\n".join(lines))

    @pokeradmin.command(
        name="alerts", description="Seconds a turn waits before its player gets a DM"
    )
    @app_commands.describe(seconds="Seconds without an action before the DM (0 = no turn alerts)")
    async def alerts(
        self,
        interaction: discord.Interaction[Any],
        seconds: AlertSeconds,
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set_alert_delay(interaction.guild_id, seconds)
        await self._refresh_sessions(interaction.guild_id)
        if settings.alert_delay == 0:
            await reply_private(interaction, t("alert_delay_off"))
        else:
            await reply_private(interaction, t("alert_delay_set", seconds=settings.alert_delay))

    @pokeradmin.command(name="idle", description="Seconds a table nobody sits at stays open")
    @app_commands.describe(seconds="Seconds with no member seated before the table closes itself")
    async def idle(
        self,
        interaction: discord.Interaction[Any],
        seconds: IdleSeconds,
    ) -> None:
        assert interaction.guild_id is not None
        minimum = self.bot.config.min_idle_seconds
        if seconds < minimum:
            raise InvalidSetting(t("idle_too_low", minimum=minimum))
        settings = await self.bot.store.settings.set_idle_close(
            interaction.guild_id, seconds, minimum=minimum
        )
        await self._refresh_sessions(interaction.guild_id)
        idle = duration(settings.idle_close, round_up=True)
        await reply_private(interaction, t("idle_set", duration=idle))

    @pokeradmin.command(name="tables", description="How many open tables each member may open here")
    @app_commands.describe(per_member="Open tables one member may have opened at once")
    async def tables_per_member(
        self,
        interaction: discord.Interaction[Any],
        per_member: TablesPerMember,
    ) -> None:
        assert interaction.guild_id is not None
        settings = await self.bot.store.settings.set_tables_per_member(
            interaction.guild_id, per_member
        )
        await reply_private(interaction, t("tables_set", count=settings.tables_per_member))

    @pokeradmin.command(name="sng", description="Who may create, start and cancel sit-and-goes")
    @app_commands.describe(members="True: any member; False: admins only (the default)")
    async def sng_members(self, interaction: discord.Interaction[Any], members: bool) -> None:
        assert interaction.guild_id is not None
        await self.bot.store.settings.set_sng_members(interaction.guild_id, members)
        await reply_private(interaction, t("sng_members_on" if members else "sng_members_off"))

    @pokeradmin.command(name="cards", description="How this server's tables show the cards")
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

    @pokeradmin.command(
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

    @pokeradmin.command(
        name="settings", description="Every current setting here and where it comes from"
    )
    async def settings(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        report = await self.bot.store.settings.report(interaction.guild_id, interaction.channel_id)
        banks = await self._seat_banks(interaction.guild_id, interaction.channel_id, report.table)
        override = self.bot.config.hand_pause_seconds
        lines = settings_lines(ReportContext(report, interaction.guild_locale, banks, override))
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

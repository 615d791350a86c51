"""``/pokeradmin settings``: a line per server setting that declares one (its ``report``
catalogue key), in the order of the declaration, with where its value comes from.

A setting's line is ``t(key, value=..., source=...)`` unless ``LINES`` renders it otherwise: the
lines that gather several settings (stakes, timers, economy...) or format their value.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.messages import duration, language_of, t
from bot.store import SERVER_SETTINGS, Settings, SettingSpec, SettingsReport

log = logging.getLogger(__name__)

SOURCE_KEYS = {"channel": "source_channel", "server": "source_server", "default": "source_default"}
"""A setting's source as the settings reply names it."""

CARD_STYLE_KEYS = {
    "two-colour": "cards_two_colour",
    "four-colour": "cards_four_colour",
    "text": "cards_text",
}
"""A card style as the replies name it."""


@dataclass(frozen=True)
class ReportContext:
    """What the lines of the settings report are written from."""

    report: SettingsReport
    guild_locale: object
    """The server's Discord locale (the language of a table with none chosen)."""
    banks: str | None
    """The time banks of the members seated here (None: nobody sits here)."""
    hand_pause_override: float | None
    """The deployment's pause between hands (``DEUCE_HAND_PAUSE_SECONDS``), if it sets one."""


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


def gates_text(account_days: int, member_days: int) -> str:
    """The server's gates in a sentence (``/pokeradmin fairplay gates``'s answer and the
    report's line)."""
    if account_days == 0 and member_days == 0:
        return t("fairplay_gates_off")
    if member_days == 0:
        return t("fairplay_gates_account", account=account_days)
    if account_days == 0:
        return t("fairplay_gates_member", member=member_days)
    return t("fairplay_gates", account=account_days, member=member_days)


def source_of(report: SettingsReport, *names: str) -> str:
    """Where a line of settings comes from: the most specific source among its fields."""
    sources = {report.source(name) for name in names}
    for source in ("channel", "server"):
        if source in sources:
            return t(SOURCE_KEYS[source])
    return t(SOURCE_KEYS["default"])


def _stakes(ctx: ReportContext) -> list[str]:
    table = ctx.report.table
    stakes = {
        "small_bet": table.small_bet,
        "big_bet": table.big_bet,
        "small_blind": table.effective_small_blind,
    }
    source = source_of(ctx.report, "small_bet", "small_blind")
    return [t("settings_stakes", **stakes, source=source)]


def _cap(ctx: ReportContext) -> list[str]:
    report, server = ctx.report, ctx.report.server
    lines = [t("settings_cap", cap=report.table.cap, source=source_of(report, "cap"))]
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
    return lines


def _buyin(ctx: ReportContext) -> list[str]:
    table = ctx.report.table
    source = source_of(ctx.report, "buyin_min", "buyin_max", "buyin_default")
    return [
        t(
            "settings_buyin",
            minimum=table.buyin_min,
            maximum=table.buyin_max,
            default=table.buyin_default,
            source=source,
        )
    ]


def _timers(ctx: ReportContext) -> list[str]:
    table = ctx.report.table
    source = source_of(ctx.report, "action_timer", "draw_timer")
    return [t("settings_timers", action=table.action_timer, draw=table.draw_timer, source=source)]


def _pause(ctx: ReportContext) -> list[str]:
    table = ctx.report.table
    source = source_of(ctx.report, "hand_pause")
    override = ctx.hand_pause_override
    if override is None:
        return [t("settings_pause", seconds=table.hand_pause, source=source)]
    return [
        t(
            "settings_pause_deployment",
            seconds=f"{override:g}",
            server=table.hand_pause,
            source=source,
        )
    ]


def _alerts(ctx: ReportContext) -> list[str]:
    table = ctx.report.table
    source = source_of(ctx.report, "alert_delay")
    if table.alert_delay:
        return [t("settings_alerts", seconds=table.alert_delay, source=source)]
    return [t("settings_alerts_off", source=source)]


def _cards(ctx: ReportContext) -> list[str]:
    style = t(CARD_STYLE_KEYS[ctx.report.table.card_style])
    return [t("settings_cards", style=style, source=source_of(ctx.report, "card_style"))]


def _language(ctx: ReportContext) -> list[str]:
    table = ctx.report.table
    spoken = table.language or language_of(ctx.guild_locale)
    chosen = table.language is not None
    source = source_of(ctx.report, "language") if chosen else t("source_discord")
    return [t("settings_language", name=t("language_name", language=spoken), source=source)]


def _economy(ctx: ReportContext) -> list[str]:
    table = ctx.report.table
    return [
        t(
            "settings_economy",
            start=table.start_wallet,
            daily=table.daily_amount,
            cooldown=duration(table.daily_cooldown, round_up=True),
            source=source_of(ctx.report, "start_wallet", "daily_amount", "daily_cooldown"),
        )
    ]


def _seats(ctx: ReportContext) -> list[str]:
    table = ctx.report.table
    return [
        t(
            "settings_seats",
            seats=table.seats,
            keep=duration(table.sitout_keep, round_up=True),
            source=source_of(ctx.report, "seats", "sitout_keep"),
        )
    ]


def _time_bank(ctx: ReportContext) -> list[str]:
    source = source_of(ctx.report, "time_bank", "time_bank_max")
    line = time_bank_text(ctx.report.table) + " — " + source
    return [line] if ctx.banks is None else [line, ctx.banks]


def _idle(ctx: ReportContext) -> list[str]:
    idle = duration(ctx.report.table.idle_close, round_up=True)
    return [t("settings_idle", duration=idle, source=source_of(ctx.report, "idle_close"))]


def _gates(ctx: ReportContext) -> list[str]:
    table = ctx.report.table
    text = gates_text(table.gate_account_days, table.gate_member_days)
    source = source_of(ctx.report, "gate_account_days", "gate_member_days")
    return [t("settings_gates", gates=text, source=source)]


LEADERBOARD_CHOICES = (
    "fairplay_leaderboard_all",
    "fairplay_leaderboard_hide",
    "fairplay_leaderboard_hide_flagged",
)
"""What each ``leaderboard_hide`` choice means, as the admin reads it."""


def _leaderboard_hide(ctx: ReportContext) -> list[str]:
    key = LEADERBOARD_CHOICES[ctx.report.table.leaderboard_hide]
    source = source_of(ctx.report, "leaderboard_hide")
    return [t("settings_leaderboard_hide", choice=t(key), source=source)]


LINES: dict[str, Callable[[ReportContext], list[str]]] = {
    "settings_stakes": _stakes,
    "settings_cap": _cap,
    "settings_buyin": _buyin,
    "settings_timers": _timers,
    "settings_pause": _pause,
    "settings_alerts": _alerts,
    "settings_cards": _cards,
    "settings_language": _language,
    "settings_economy": _economy,
    "settings_seats": _seats,
    "settings_time_bank": _time_bank,
    "settings_idle": _idle,
    "settings_gates": _gates,
    "settings_leaderboard_hide": _leaderboard_hide,
}
"""The report lines written otherwise than ``own_line``, by their catalogue key."""


def own_line(ctx: ReportContext, spec: SettingSpec) -> str:
    """A setting's line of its own: its value and where it comes from."""
    value = getattr(ctx.report.table, spec.name)
    assert spec.report is not None
    return t(spec.report, value=value, source=source_of(ctx.report, spec.name))


def settings_lines(ctx: ReportContext) -> list[str]:
    """The report's lines: its introduction, then each declared setting's line."""
    lines = [t("settings_intro"), ""]
    for spec in SERVER_SETTINGS:
        if spec.report is not None:
            render = LINES.get(spec.report)
            lines.extend([own_line(ctx, spec)] if render is None else render(ctx))
    return lines

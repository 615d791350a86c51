"""Renderers, one module a surface: pure functions from frozen snapshots (``bot.table.snapshot``)
to Discord embeds, Components V2 layouts, buttons and text, unit-tested without Discord and
clamped to its limits.

- ``common``: card labels, log lines, safe names, clamping, Discord's limits, betting buttons;
- ``table``: the channel's table message;
- ``panel``: a player's private panel (DM or ephemeral) and the Fold anyway question;
- ``result``: a hand's result message;
- ``standings``: the sit-and-go registration message and standings;
- ``replay``: the replayer's step view.

The session turns the engine's public view into a ``TableSnapshot`` (names, stacks, bets, draw
counts: never a hidden card) and a private view into a ``PanelSnapshot`` meant only for its
owner. Renderers import neither the session nor the Discord I/O (``bot/table/io``); the names
most callers use are importable from here.
"""

from __future__ import annotations

from bot.table.render.common import (
    BUTTON_LABEL_MAX,
    EMBED_DESCRIPTION_MAX,
    EMBED_FIELD_MAX,
    EMBED_TITLE_MAX,
    EMBED_TOTAL_MAX,
    NAME_MAX,
    SUIT_SYMBOLS,
    betting_buttons,
    card_label,
    cards_label,
    clamp,
    draws_text,
    hand_log,
    high_first,
    log_text,
    pot_label,
    safe_name,
)
from bot.table.render.panel import (
    PanelPicture,
    fold_anyway_view,
    own_lines,
    panel_layout,
    panel_view,
    result_line,
    table_lines,
)
from bot.table.render.result import result_layout, result_sections
from bot.table.render.standings import StandingEntry, standings_embed
from bot.table.render.table import (
    EMBED_COLOUR,
    can_deal,
    pot_text,
    round_text,
    seat_line,
    seats_text,
    table_groups,
    table_layout,
    table_view,
    tournament_text,
)

__all__ = [
    "BUTTON_LABEL_MAX",
    "EMBED_COLOUR",
    "EMBED_DESCRIPTION_MAX",
    "EMBED_FIELD_MAX",
    "EMBED_TITLE_MAX",
    "EMBED_TOTAL_MAX",
    "NAME_MAX",
    "SUIT_SYMBOLS",
    "PanelPicture",
    "StandingEntry",
    "betting_buttons",
    "can_deal",
    "card_label",
    "cards_label",
    "clamp",
    "draws_text",
    "fold_anyway_view",
    "hand_log",
    "high_first",
    "log_text",
    "own_lines",
    "panel_layout",
    "panel_view",
    "pot_label",
    "pot_text",
    "result_layout",
    "result_line",
    "result_sections",
    "round_text",
    "safe_name",
    "seat_line",
    "seats_text",
    "standings_embed",
    "table_groups",
    "table_layout",
    "table_lines",
    "table_view",
    "tournament_text",
]

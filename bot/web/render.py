"""A live table in HTML, from the snapshot the channel's table is drawn from (never a private
card: ``bot.table.snapshot`` has none), in the channel's words (``bot.table.render.table``).
Pure: a function of the ``LiveTable``."""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Mapping

import discord

from bot.features.mtt.running import jump_url
from bot.messages import reader, t
from bot.table.render.common import log_text, round_label, safe_name
from bot.table.render.table import pot_text, round_text, seat_line
from bot.table.snapshot import TableSnapshot
from bot.web.html import Html, from_markdown, h, join
from bot.web.live import LiveTable


def table_status(table: LiveTable, paused_by: str) -> str:
    """What the table's description says of a close or a pause (``paused_by``: the name of
    the admin who paused it)."""
    snapshot = table.snapshot
    if snapshot.closing:
        return t("close_after_hand")
    if snapshot.paused_by is not None:
        key = "table_paused" if snapshot.hand_id is None else "table_pausing"
        return t(key, name=safe_name(paused_by))
    return ""


def fact(name: str, value: str) -> Html:
    return h("<li><strong>{name}</strong>: {value}</li>", name=name, value=from_markdown(value))


RENDERED_KEPT = 256
"""Tables drawn recently, kept: every dashboard open on a table reads the same snapshot, which
is drawn once per language (about 0.4 ms each) rather than once per page and stream."""

_rendered: OrderedDict[tuple[int, str, str, str], tuple[TableSnapshot, Html]] = OrderedDict()


def table_html(table: LiveTable, paused_by: str = "") -> Html:
    """The table: its hand, round, pot and turn, its seats and its last actions (drawn once
    per snapshot, reader's language and pausing admin's name)."""
    key = (id(table.snapshot), reader(), paused_by, table.channel_name)
    kept = _rendered.get(key)
    if kept is not None and kept[0] is table.snapshot:  # the same object, not a reused id
        _rendered.move_to_end(key)
        return kept[1]
    drawn = _table_html(table, paused_by)
    _rendered[key] = (table.snapshot, drawn)
    if len(_rendered) > RENDERED_KEPT:
        _rendered.popitem(last=False)
    return drawn


def _table_html(table: LiveTable, paused_by: str) -> Html:
    snapshot = table.snapshot
    heading = (
        t("web_table_hand", channel=table.channel_name, hand=str(snapshot.hand_id))
        if snapshot.hand_id is not None
        else t("web_table_idle", channel=table.channel_name)
    )
    facts = [fact(t("field_round"), round_text(snapshot))]
    if snapshot.hand_id is not None:
        facts.append(fact(t("field_pot"), pot_text(snapshot)))
        if snapshot.to_act_name:
            facts.append(h("<li>{turn}</li>", turn=t("web_turn", name=snapshot.to_act_name)))
    status = table_status(table, paused_by)
    if status:
        facts.append(h('<li class="status">{status}</li>', status=from_markdown(status)))
    seats = join(
        h("<li>{line}</li>", line=from_markdown(seat_line(seat))) for seat in snapshot.seats
    )
    log = join(
        join(
            [
                h('<li class="round">{label}</li>', label=round_label(part)),
                *(h("<li>{line}</li>", line=from_markdown(log_text(e))) for e in part.entries),
            ]
        )
        for part in snapshot.log
    )
    return h(
        '<h3>{heading}</h3><ul class="lines facts">{facts}</ul>'
        '<h4>{seats_title}</h4><ul class="lines seats">{seats}</ul>'
        '<h4>{log_title}</h4><ul class="lines log">{log}</ul>',
        heading=heading,
        facts=join(facts),
        seats_title=t("field_seats"),
        seats=seats or h("<li>{none}</li>", none=t("web_no_seats")),
        log_title=t("field_log"),
        log=log or h("<li>{none}</li>", none=t("no_actions")),
    )


def embed_html(embed: discord.Embed) -> Html:
    """A message's embed as the channel shows it (``/poker sng show``'s standings, a
    registration message): its title, its text line by line, its fields, its footer."""

    def lines(text: str | None) -> Html:
        return join(
            h("<li>{line}</li>", line=from_markdown(line)) for line in (text or "").split("\n")
        )

    fields = join(
        h(
            '<h4>{name}</h4><ul class="lines plain">{value}</ul>',
            name=from_markdown(str(field.name or "")),
            value=lines(field.value),
        )
        for field in embed.fields
    )
    footer = (
        h('<p class="footer">{text}</p>', text=from_markdown(embed.footer.text))
        if embed.footer.text
        else Html("")
    )
    return h(
        '<h3>{title}</h3><ul class="lines plain">{text}</ul>{fields}{footer}',
        title=from_markdown(str(embed.title or "")),
        text=lines(embed.description),
        fields=fields,
        footer=footer,
    )


THREAD_MENTION = re.compile(r"<#(\d{1,20})>")
"""A thread's mention in an MTT's lobby (each table's thread)."""


def lobby_html(text: str, guild_id: int, threads: Mapping[int, str] | None = None) -> Html:
    """An MTT's lobby message (``bot.features.mtt.lobby.lobby_text``: Discord markdown with
    ``##`` and ``###`` headings) as the channel shows it: its title, its lines, its sections;
    a table's thread as a link to it in Discord, named by ``threads`` (its id otherwise)."""
    parts: list[Html] = []
    lines: list[Html] = []

    def close_list() -> None:
        if lines:
            parts.append(h('<ul class="lines plain">{items}</ul>', items=join(lines)))
            lines.clear()

    def line_html(line: str) -> Html:
        pieces = THREAD_MENTION.split(line)
        out = [from_markdown(pieces[0])]
        for thread, after in zip(pieces[1::2], pieces[2::2], strict=True):
            out.append(
                h(
                    '<a href="{link}">#{name}</a>',
                    link=jump_url(guild_id, int(thread)),
                    name=(threads or {}).get(int(thread), thread),
                )
            )
            out.append(from_markdown(after))
        return join(out)

    for line in text.split("\n"):
        if line.startswith("## "):
            close_list()
            parts.append(h("<h3>{title}</h3>", title=line_html(line[3:])))
        elif line.startswith("### "):
            close_list()
            parts.append(h("<h4>{title}</h4>", title=line_html(line[4:])))
        else:
            lines.append(h("<li>{line}</li>", line=line_html(line)))
    close_list()
    return join(parts)

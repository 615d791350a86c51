"""The session ledger: what each player won or lost at a table since it opened.

``/poker session`` shows the running session of this channel's table, the channel gets the
whole session in one message when the table closes, and a member who stands up gets their own
summary in a DM. Every figure comes from the store's settled hands (``store.hands.session``,
the rows the stats read); "best hand" only from hands shown at a showdown, so no card and no
hidden hand's strength is told to anyone.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

import discord

from bot.messages import Text, duration, number, signed, speaking, t
from bot.replies import NO_MENTIONS, Refused
from bot.store import SessionLedger, SessionLine
from bot.store.models import TABLE_CLOSED
from bot.table.naming import rank_text
from bot.table.render import clamp, safe_name

if TYPE_CHECKING:
    from bot.store import Store
    from bot.table.channel import DiscordClient, TableChannel

log = logging.getLogger(__name__)

DESCRIPTION_MAX = 4096


def duration_text(seconds: float) -> str:
    """How long a table or a seat has been played, in whole minutes (``bot.messages``)."""
    return duration(seconds)


def ledger_embed(ledger: SessionLedger, now: float, *, closed: bool = False) -> discord.Embed:
    """The session's ledger in the reader's language: every player's net by net, the hands
    dealt and how long the table has been open."""
    lines = [
        t(
            "session_line",
            rank=rank,
            name=safe_name(line.name),
            net=signed(line.net),
            hands=line.hands,
        )
        for rank, line in enumerate(ledger.lines, start=1)
    ]
    if not lines:
        lines = [t("session_empty")]
    embed = discord.Embed(
        title=t("session_closed_title" if closed else "session_title"),
        description=clamp("\n".join(lines), DESCRIPTION_MAX),
        colour=discord.Colour.dark_green(),
    )
    embed.set_footer(
        text=t("session_footer", hands=ledger.hands, duration=duration_text(now - ledger.since))
    )
    return embed


def summary_embed(line: SessionLine | None, channel_id: int, seated: float) -> discord.Embed:
    """A member's own session at a table, for their DM when they stand up."""
    best = "—"
    if line is not None and line.best_rank is not None:
        best = rank_text(line.best_rank).render()
    fields = [
        (t("stats_hands_played"), number(line.hands if line else 0)),
        (t("stats_net"), signed(line.net if line else 0)),
        (t("stats_biggest_pot"), number(line.biggest_pot if line else 0)),
        (t("stats_best_hand"), best),
        (t("leave_seated"), duration_text(seated)),
    ]
    return discord.Embed(
        title=t("leave_title"),
        description="\n".join(
            [t("leave_where", channel=f"<#{channel_id}>")]
            + [t("stats_line", label=label, value=value) for label, value in fields]
        ),
        colour=discord.Colour.dark_green(),
    )


def leave_summary(io: TableChannel, store: Store, user_id: int, since: float) -> None:
    """A member stood up (sat since ``since``): their session's summary goes to their DM."""
    summary = _send_leave_summary(io.client, store, io.table_id, io.channel_id, user_id, since)
    io.spawn(summary, f"leave-summary-{user_id}")


async def _send_leave_summary(
    client: DiscordClient,
    store: Store,
    table_id: int,
    channel_id: int,
    user_id: int,
    since: float,
) -> None:
    """DM a member who stood up the summary of their session (since they sat down). Closed
    DMs or a store that does not answer cost only this message."""
    try:
        ledger = await store.hands.session(table_id, since=since, user_id=user_id)
        language = await client.locale_of(user_id)
        with speaking(language):
            embed = summary_embed(next(iter(ledger.lines), None), channel_id, time.time() - since)
        dm = await client.dm_channel(user_id)
        await dm.send(embed=embed, allowed_mentions=NO_MENTIONS)
    except discord.HTTPException as error:
        log.info("Table %s: leave summary DM not sent: %s", table_id, error)
    except Exception:
        log.warning("Table %s: leave summary failed", table_id, exc_info=True)


async def post_closing_ledger(io: TableChannel, store: Store, closing: Text | None) -> None:
    """Post the closing words (``closing``; None for an idle table, which says so on its
    message) with the session's ledger in the table's language, in one message. The ledger
    is left out when the store cannot say (the close goes on without it), and an idle close
    after a session without a hand posts nothing."""
    try:
        ledger: SessionLedger | None = await store.hands.session(io.table_id)
    except Exception:
        log.warning("Table %s: no session ledger at the close", io.table_id, exc_info=True)
        ledger = None
    message: dict[str, Any] = {} if closing is None else {"content": closing}
    if ledger is not None and (ledger.hands or closing is not None):
        with speaking(io.language):
            message["embed"] = ledger_embed(ledger, time.time(), closed=True)
    if message:
        io.post(**message)


async def send_session(interaction: discord.Interaction[Any], store: Store) -> None:
    """Answer ``/poker session`` privately with the ledger of the session of this channel's
    table (refused where no table is open)."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    table = await store.tables.for_channel(interaction.guild_id, interaction.channel_id)
    if table is None or table.status == TABLE_CLOSED:
        raise Refused(t("no_table"))
    ledger = await store.hands.session(table.id)
    embed = ledger_embed(ledger, time.time())
    await interaction.response.send_message(
        embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS
    )

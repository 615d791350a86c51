"""The ``/poker`` commands players use at the channel's table: join, leave, sit out/in, top
up, table, hand, rules, history, turn alerts.

The commands only check who is asking and where, then hand the work to the channel's
``TableSession``; every refusal is a private reply from the message catalogue.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.engine import EngineError
from bot.features.replay.histories import phh_history, text_history
from bot.messages import t
from bot.replies import NO_MENTIONS, reply_private
from bot.store import MAX_CHIPS, InvalidAmount, NotSeated
from bot.table.joining import join_table
from bot.ui.commands import PokerPart
from bot.ui.files import bytes_file
from cogs.poker._rules import rules_embed

HISTORY_MAX = 10
ALERT_KEYS = {"off": "alerts_off", "on": "alerts_on", "now": "alerts_now"}
"""What ``/poker alerts`` answers for each choice."""


class TableCommands(PokerPart):
    """The commands of the channel's table."""

    @app_commands.command(
        name="join", description="Sit at this channel's table (buy in from your wallet)"
    )
    @app_commands.describe(buy_in="Chips to bring to the table (default: the table's default)")
    async def join(
        self,
        interaction: discord.Interaction[Any],
        buy_in: app_commands.Range[int, 1, MAX_CHIPS] | None = None,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        if buy_in is not None and buy_in <= 0:
            raise InvalidAmount(t("amount_positive"))
        await join_table(interaction, self.bot, interaction.channel_id, buy_in)

    @app_commands.command(
        name="leave", description="Stand up (mid-hand: fold and cash out when it ends)"
    )
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.tables.here(interaction)
        user_id = interaction.user.id
        try:
            now, amount = await session.leave(user_id)
        except NotSeated:
            # not seated, perhaps waiting for a house player's seat: then no longer
            if not await self.bot.tables.house_here(interaction).unqueue(user_id):
                raise
            await reply_private(interaction, t("left_waiting"))
            return
        if now:
            assert interaction.guild_id is not None
            wallet = await self.bot.store.wallets.balance(interaction.guild_id, user_id)
            await reply_private(interaction, t("left_now", amount=amount, wallet=wallet))
        elif amount < 0:
            await reply_private(interaction, t("already_leaving"))
        else:
            await reply_private(interaction, t("left_after_hand"))

    @app_commands.command(
        name="sitout", description="Skip hands from the next one, keeping your seat"
    )
    async def sitout(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.tables.here(interaction)
        await session.sit_out(interaction.user.id)
        await reply_private(interaction, t("sat_out"))

    @app_commands.command(name="sitin", description="Play again from the next hand")
    async def sitin(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.tables.here(interaction)
        await session.sit_in(interaction.user.id)
        await reply_private(interaction, t("sat_in"))

    @app_commands.command(name="topup", description="Add chips from your wallet to your stack here")
    @app_commands.describe(amount="Chips to add (up to the table's largest buy-in)")
    async def topup(
        self, interaction: discord.Interaction[Any], amount: app_commands.Range[int, 1, MAX_CHIPS]
    ) -> None:
        session = self.bot.tables.here(interaction)
        if amount <= 0:
            raise InvalidAmount(t("amount_positive"))
        if await session.top_up(interaction.user.id, amount):
            await reply_private(interaction, t("topup_queued", amount=amount))
            return
        await reply_private(
            interaction, t("topup_done", amount=amount, stack=session.chips_of(interaction.user.id))
        )

    @app_commands.command(
        name="table", description="Post the table again at the bottom of the channel"
    )
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.tables.here(interaction)
        await session.repost(interaction)

    @app_commands.command(
        name="hand", description="Show your cards privately, with the discard buttons"
    )
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.tables.here(interaction)
        await session.send_panel(interaction, None)

    @app_commands.command(
        name="rules", description="Rules of 2-7 Triple Draw, the hand rankings and the commands"
    )
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        settings = await self.bot.store.settings.table(interaction.guild_id, interaction.channel_id)
        embed = rules_embed(
            self.bot.tree.get_commands(), settings, manages=interaction.permissions.manage_guild
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name="history",
        description="Recent hands here as hand-history files (PHH or PokerStars text)",
    )
    @app_commands.describe(
        count="How many hands (1-10, default 5)",
        format="phh: PHH files (PokerKit); text: PokerStars text that trackers import",
    )
    async def history(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, HISTORY_MAX] = 5,
        format: Literal["phh", "text"] = "phh",
    ) -> None:
        assert interaction.guild_id is not None
        if not 1 <= count <= HISTORY_MAX:
            raise EngineError(t("history_count", maximum=HISTORY_MAX))
        hands = await self.bot.store.hands.recent(
            interaction.guild_id, interaction.channel_id, limit=count
        )
        if not hands:
            await reply_private(interaction, t("history_empty"))
            return
        lines: list[str] = []
        files: list[discord.File] = []
        for record in hands:
            summary = record.summary or {}
            names = summary.get("names", {}) if isinstance(summary, dict) else {}
            winners = ", ".join(
                discord.utils.escape_markdown(str(names.get(str(w), w)))
                for w in summary.get("winners", [])
            )
            what = (
                t("history_settled", pot=summary.get("pot", 0), winners=winners)
                if record.status == "settled"
                else t("history_void", reason=record.void_reason or t("history_void_default"))
            )
            lines.append(
                t(
                    "history_line",
                    hand_id=str(record.id),
                    when=f"<t:{int(record.started_at)}:R>",
                    summary=what,
                )
            )
            if format == "text":
                table = str(getattr(interaction.channel, "name", "") or "Deuce")
                text = await text_history(self.bot.store, record, interaction.user.id, table)
                if text:
                    files.append(bytes_file(text.encode(), f"deuce-hand-{record.id}.txt"))
                continue
            phh = await phh_history(self.bot.store, record, interaction.user.id)
            if phh:
                files.append(bytes_file(phh.encode(), f"deuce-hand-{record.id}.phh"))
        embed = discord.Embed(
            title=t("history_title"),
            description="\n".join(lines)[:4096],
            colour=discord.Colour.dark_green(),
        )
        if files:
            embed.set_footer(text=t("history_files_text" if format == "text" else "history_files"))
        await interaction.response.send_message(
            embed=embed, files=files, ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    @app_commands.command(name="alerts", description="Whether a new DM tells you it is your turn")
    @app_commands.describe(
        mode="off: never; on: when your turn has waited a few seconds; now: as soon as it comes"
    )
    async def alerts(
        self, interaction: discord.Interaction[Any], mode: Literal["off", "on", "now"]
    ) -> None:
        assert interaction.guild_id is not None
        await self.bot.store.settings.set_alert_mode(
            interaction.guild_id, interaction.user.id, mode
        )
        settings = await self.bot.store.settings.server(interaction.guild_id)
        lines = [t(ALERT_KEYS[mode], seconds=settings.alert_delay)]
        if mode != "off" and settings.alert_delay == 0:
            lines.append(t("alerts_server_off"))
        await reply_private(interaction, "\n".join(lines))

"""The ``/poker`` commands players use: join, leave, sit out/in, table, hand, rules, stats,
history, replay, session, the lobby, turn alerts.

The commands only check who is asking and where, then hand the work to the channel's
``TableSession``; every refusal is a private reply from the message catalogue.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import EngineError
from bot.engine.phh import redact_phh
from bot.messages import number, t
from bot.replies import NO_MENTIONS, Refused, reply_private, require_guild
from bot.store import MAX_CHIPS, InvalidAmount, NotSeated
from bot.store import tournaments as sng_limits
from bot.table import sitngo
from bot.table.joining import display_name, join_table
from bot.table.ledger import send_session
from bot.table.lobby import send_lobby
from bot.table.replay import send_replay
from bot.table.stats import send_stats

if TYPE_CHECKING:
    from bot.client import DeuceBot
    from bot.store.models import TournamentRow

HouseLevel = Literal["beginner", "solid", "strong"]

log = logging.getLogger(__name__)

HISTORY_MAX = 10
HAND_ID_MAX = 2**53 - 1
"""The largest integer a Discord option carries exactly."""
ALERT_KEYS = {"off": "alerts_off", "on": "alerts_on", "now": "alerts_now"}
"""What ``/poker alerts`` answers for each choice."""


class Poker(commands.Cog):
    """Player commands for the channel's table."""

    poker = app_commands.Group(
        name="poker", description="Play 2-7 Triple Draw at this channel's table", guild_only=True
    )

    def __init__(self, bot: DeuceBot) -> None:
        self.bot: DeuceBot = bot

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return require_guild(interaction)

    @poker.command(name="join", description="Sit at this channel's table (buy in from your wallet)")
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

    @poker.command(name="leave", description="Stand up (mid-hand: fold and cash out when it ends)")
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

    @poker.command(name="sitout", description="Skip hands from the next one, keeping your seat")
    async def sitout(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.tables.here(interaction)
        await session.sit_out(interaction.user.id)
        await reply_private(interaction, t("sat_out"))

    @poker.command(name="sitin", description="Play again from the next hand")
    async def sitin(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.tables.here(interaction)
        await session.sit_in(interaction.user.id)
        await reply_private(interaction, t("sat_in"))

    @poker.command(name="topup", description="Add chips from your wallet to your stack here")
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

    @poker.command(name="table", description="Post the table again at the bottom of the channel")
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.tables.here(interaction)
        await session.repost(interaction)

    @poker.command(name="hand", description="Show your cards privately, with the discard buttons")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        session = self.bot.tables.here(interaction)
        await session.send_panel(interaction, None)

    @poker.command(name="rules", description="Rules of 2-7 Triple Draw and the hand rankings")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        cap, timer = 4, 45
        if interaction.guild_id is not None and interaction.channel_id is not None:
            settings = await self.bot.store.settings.table(
                interaction.guild_id, interaction.channel_id
            )
            cap, timer = settings.cap, settings.action_timer
        embed = discord.Embed(
            title=t("rules_title"),
            description=t("rules_body", cap=cap, timer=timer),
            colour=discord.Colour.dark_green(),
        )
        embed.add_field(name=t("rules_rankings_title"), value=t("rules_rankings"), inline=False)
        embed.add_field(name=t("rules_commands_title"), value=t("rules_commands"), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @poker.command(name="stats", description="Your record here, or another member's")
    @app_commands.describe(
        member="Whose stats (default: yours)", period="Which hands (default: all of them)"
    )
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.User | None = None,
        period: Literal["week", "month", "all"] = "all",
    ) -> None:
        target = member or interaction.user
        if target.bot:
            await reply_private(interaction, t("bot_member"))
            return
        await send_stats(interaction, self.bot.store, target.id, display_name(target), period)

    @poker.command(name="history", description="Recent hands here, each as a PHH file")
    @app_commands.describe(count="How many hands (1-10, default 5)")
    async def history(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, HISTORY_MAX] = 5,
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
            phh = await self.bot.store.hands.phh(record.id)
            if phh:
                shown = summary.get("shown", {}) if isinstance(summary, dict) else {}
                phh = redact_phh(phh, interaction.user.id, shown={int(k) for k in shown})
                files.append(
                    discord.File(io.BytesIO(phh.encode()), filename=f"deuce-hand-{record.id}.phh")
                )
        embed = discord.Embed(
            title=t("history_title"),
            description="\n".join(lines)[:4096],
            colour=discord.Colour.dark_green(),
        )
        if files:
            embed.set_footer(text=t("history_files"))
        await interaction.response.send_message(
            embed=embed, files=files, ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    @poker.command(name="replay", description="Step through a hand again, privately")
    @app_commands.describe(hand="The hand's number (default: your last hand)")
    async def replay(
        self,
        interaction: discord.Interaction[Any],
        hand: app_commands.Range[int, 1, HAND_ID_MAX] | None = None,
    ) -> None:
        await send_replay(interaction, self.bot.store, hand)

    @poker.command(
        name="session", description="Each player's net at this channel's table, this session"
    )
    async def session(self, interaction: discord.Interaction[Any]) -> None:
        await send_session(interaction, self.bot.store)

    @poker.command(name="tables", description="The server's open tables, and a way to join one")
    async def tables(self, interaction: discord.Interaction[Any]) -> None:
        await send_lobby(interaction, self.bot.store)

    @poker.command(name="alerts", description="Whether a new DM tells you it is your turn")
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

    # ------------------------------------------------------------------ sit-and-go

    sng = app_commands.Group(name="sng", description="Sit-and-go tournaments", parent=poker)

    async def _tournament_here(self, interaction: discord.Interaction[Any]) -> TournamentRow:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        found = await self.bot.store.tournaments.for_channel(
            interaction.guild_id, interaction.channel_id
        )
        return sitngo.here(sitngo.seen(interaction, found))

    @sng.command(name="create", description="Create a sit-and-go in this channel (admins)")
    @app_commands.describe(
        buy_in="Chips each player pays from their wallet (the prize pool is the buy-ins)",
        seats="Players (2-6); it starts when full",
        stack="Tournament chips each player starts with (default 1,500)",
        level_minutes="Minutes of play per level (default 6)",
        level_hands="Hands per level (instead of minutes)",
        structure="How fast the limits rise",
        starts_in="Start in this many minutes (with at least two players)",
    )
    async def sng_create(
        self,
        interaction: discord.Interaction[Any],
        buy_in: app_commands.Range[int, 0, MAX_CHIPS],
        seats: app_commands.Range[int, sng_limits.MIN_SEATS, sng_limits.MAX_SEATS] = 6,
        stack: app_commands.Range[
            int, sng_limits.MIN_START_STACK, sng_limits.MAX_START_STACK
        ] = 1500,
        level_minutes: app_commands.Range[int, 1, sng_limits.MAX_LEVEL_MINUTES] | None = None,
        level_hands: app_commands.Range[int, 1, sng_limits.MAX_LEVEL_HANDS] | None = None,
        structure: Literal["turbo", "regular", "slow"] = "regular",
        starts_in: app_commands.Range[int, 1, sng_limits.MAX_START_MINUTES] | None = None,
    ) -> None:
        await sitngo.require_creator(interaction, self.bot.store)
        if level_minutes is not None and level_hands is not None:
            raise Refused(t("sng_level_both"))
        if level_minutes is None and level_hands is None:
            level_minutes = sitngo.DEFAULT_LEVEL_MINUTES
        await sitngo.create(
            interaction,
            self.bot,
            buy_in=buy_in,
            seats=seats,
            start_stack=stack,
            level_minutes=level_minutes,
            level_hands=level_hands,
            structure=structure,
            starts_in=starts_in,
        )

    @sng.command(name="register", description="Register for this channel's sit-and-go")
    async def sng_register(self, interaction: discord.Interaction[Any]) -> None:
        tournament = await self._tournament_here(interaction)
        await sitngo.register(self.bot, tournament.id, interaction.user)
        text = t("sng_registered", tournament=str(tournament.id), buy_in=number(tournament.buy_in))
        await reply_private(interaction, text)
        await sitngo.refresh_message(self.bot, tournament.id)

    @sng.command(name="unregister", description="Take your buy-in back before the start")
    async def sng_unregister(self, interaction: discord.Interaction[Any]) -> None:
        tournament = await self._tournament_here(interaction)
        await sitngo.unregister(self.bot, tournament.id, interaction.user.id)
        text = t(
            "sng_unregistered", tournament=str(tournament.id), buy_in=number(tournament.buy_in)
        )
        await reply_private(interaction, text)
        await sitngo.refresh_message(self.bot, tournament.id)

    @sng.command(name="house", description="Register house players (admins)")
    @app_commands.describe(count="How many (1-5)", level="How well they play")
    async def sng_house(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, 5] = 1,
        level: HouseLevel = "solid",
    ) -> None:
        sitngo.require_admin(interaction)
        tournament = await self._tournament_here(interaction)
        added = await sitngo.add_house(self.bot, tournament.id, count, level)
        await reply_private(interaction, t("sng_house_added", count=added))
        await sitngo.refresh_message(self.bot, tournament.id)

    @sng.command(name="start", description="Start this channel's sit-and-go now (admins)")
    async def sng_start(self, interaction: discord.Interaction[Any]) -> None:
        await sitngo.require_creator(interaction, self.bot.store)
        tournament = await self._tournament_here(interaction)
        await sitngo.start(self.bot, tournament.id)
        await reply_private(interaction, t("sng_starting", tournament=str(tournament.id)))

    @sng.command(name="cancel", description="Cancel this channel's sit-and-go, refunding everyone")
    async def sng_cancel(self, interaction: discord.Interaction[Any]) -> None:
        await sitngo.require_creator(interaction, self.bot.store)
        tournament = await self._tournament_here(interaction)
        refunds = await sitngo.cancel(self.bot, tournament.id)
        text = t("sng_cancelled_answer", tournament=str(tournament.id), count=len(refunds))
        await reply_private(interaction, text)

    @sng.command(name="show", description="The sit-and-go here: its field, standings or result")
    async def sng_show(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        store = self.bot.store
        tournament = await store.tournaments.for_channel(
            interaction.guild_id, interaction.channel_id
        )
        if tournament is None:
            tournament = await store.tournaments.last_finished(
                interaction.guild_id, interaction.channel_id
            )
        tournament = sitngo.seen(interaction, tournament)
        if tournament is None:
            raise Refused(t("sng_none_here"))
        embed = await sitngo.standings(store, tournament)
        await reply_private(interaction, "", embed=embed)


async def setup(bot: DeuceBot) -> None:
    await bot.add_cog(Poker(bot))

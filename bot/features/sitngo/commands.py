"""``/poker sng``: create, register, unregister, house, start, cancel, show. Each command
checks who asks and where, then calls the one function the buttons call too
(``tournaments.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.features.sitngo import tournaments as sitngo
from bot.features.sitngo.views import standings
from bot.messages import number, t
from bot.replies import Refused, reply_private
from bot.store import MAX_CHIPS
from bot.store import tournaments as sng_limits
from bot.ui.commands import PokerPart

if TYPE_CHECKING:
    from bot.store.models import TournamentRow

HouseLevel = Literal["beginner", "solid", "strong"]

sng = app_commands.Group(name="sng", description="Sit-and-go tournaments")
"""``/poker sng``: the ``Poker`` cog copies it into its own ``/poker`` group."""


class SitAndGoCommands(PokerPart):
    """The sit-and-go's commands."""

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
        embed = await standings(store, tournament)
        await reply_private(interaction, "", embed=embed)

"""``/poker mtt``: create, register, unregister, cancel. Each command checks who asks and where,
then calls the one function the lobby's buttons call too (``tournaments.py``)."""

from __future__ import annotations

import contextlib
from typing import Any, Literal

import discord
from discord import app_commands

from bot.features.mtt import tournaments as mtts
from bot.features.sitngo.tournaments import require_admin, require_creator
from bot.messages import number, t
from bot.replies import Refused, reply_private
from bot.store import MAX_CHIPS, TournamentNotFound
from bot.store import mtts as limits
from bot.store.models import TOURNAMENT_REGISTERING, TOURNAMENT_RUNNING
from bot.store.mtts import MttRow
from bot.tournament.balance import MAX_FIELD
from bot.ui.commands import PokerPart

mtt = app_commands.Group(name="mtt", description="Multi-table tournaments")
"""``/poker mtt``: the ``Poker`` cog copies it into its own ``/poker`` group."""

DEFAULT_LEVEL_MINUTES = 10


class MttCommands(PokerPart):
    """The multi-table tournament's commands."""

    async def _here(self, interaction: discord.Interaction[Any]) -> MttRow:
        """The tournament of the interaction's channel, or of the channel whose thread it is
        (one of its tables' threads, or any thread under its channel)."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        store, guild_id = self.bot.store, interaction.guild_id
        found = await store.mtts.for_channel(guild_id, interaction.channel_id)
        if found is None:
            parent = getattr(interaction.channel, "parent_id", None)
            if isinstance(parent, int):
                found = await store.mtts.for_channel(guild_id, parent)
        if found is None:
            table = await store.tables.for_channel(guild_id, interaction.channel_id)
            if table is not None and table.tournament_id is not None:
                with contextlib.suppress(TournamentNotFound):
                    found = await store.mtts.get(table.tournament_id)
                if found is not None and found.tournament.status not in (
                    TOURNAMENT_REGISTERING,
                    TOURNAMENT_RUNNING,
                ):
                    found = None
        row = mtts.seen(interaction, found)
        if row is None:
            raise Refused(t("mtt_none_here"))
        return row

    @mtt.command(name="create", description="Schedule a multi-table tournament here (admins)")
    @app_commands.describe(
        starts_in="Start in this many minutes",
        buy_in="Chips each player pays from their wallet (the prize pool is the buy-ins)",
        stack="Tournament chips each player starts with (default 1,500)",
        structure="How fast the limits rise",
        level_minutes="Minutes of play per level (default 10)",
        level_hands="Hands per level (instead of minutes)",
        field="Most players (2-60, six a table)",
        late_levels="Late registration through this level (0: none)",
        payouts="How the prize pool is shared",
    )
    async def mtt_create(
        self,
        interaction: discord.Interaction[Any],
        starts_in: app_commands.Range[int, 1, limits.MAX_START_MINUTES],
        buy_in: app_commands.Range[int, 0, MAX_CHIPS],
        stack: app_commands.Range[int, limits.MIN_START_STACK, limits.MAX_START_STACK] = 1500,
        structure: Literal["turbo", "regular", "slow"] = "regular",
        level_minutes: app_commands.Range[int, 1, limits.MAX_LEVEL_MINUTES] | None = None,
        level_hands: app_commands.Range[int, 1, limits.MAX_LEVEL_HANDS] | None = None,
        field: app_commands.Range[int, limits.MIN_FIELD, MAX_FIELD] = MAX_FIELD,
        late_levels: app_commands.Range[int, 0, limits.MAX_LATE_LEVELS] = 0,
        payouts: Literal["standard", "flat"] = "standard",
    ) -> None:
        await require_creator(interaction, self.bot.store)
        if level_minutes is not None and level_hands is not None:
            raise Refused(t("sng_level_both"))
        if level_minutes is None and level_hands is None:
            level_minutes = DEFAULT_LEVEL_MINUTES
        await mtts.create(
            interaction,
            self.bot,
            buy_in=buy_in,
            field=field,
            start_stack=stack,
            structure=structure,
            starts_in=starts_in,
            level_minutes=level_minutes,
            level_hands=level_hands,
            late_levels=late_levels,
            payouts=payouts,
        )

    @mtt.command(name="register", description="Register for this channel's tournament")
    async def mtt_register(self, interaction: discord.Interaction[Any]) -> None:
        row = await self._here(interaction)
        late = await mtts.register(self.bot, row.id, interaction.user)
        key = "mtt_registered_late" if late else "mtt_registered"
        await reply_private(
            interaction, t(key, tournament=str(row.id), buy_in=number(row.tournament.buy_in))
        )

    @mtt.command(name="unregister", description="Take your buy-in back before the start")
    async def mtt_unregister(self, interaction: discord.Interaction[Any]) -> None:
        row = await self._here(interaction)
        refund = await mtts.unregister(self.bot, row.id, interaction.user.id)
        text = t("mtt_unregistered", tournament=str(row.id), buy_in=number(refund))
        await reply_private(interaction, text)

    @mtt.command(name="house", description="Register house players (admins)")
    @app_commands.describe(count="How many (1-20)", level="How well they play")
    async def mtt_house(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, 20] = 1,
        level: Literal["beginner", "solid", "strong"] = "solid",
    ) -> None:
        require_admin(interaction)
        row = await self._here(interaction)
        added = await mtts.add_house(self.bot, row.id, count, level)
        await reply_private(interaction, t("sng_house_added", count=added))

    @mtt.command(name="cancel", description="Cancel this channel's tournament, refunding everyone")
    async def mtt_cancel(self, interaction: discord.Interaction[Any]) -> None:
        await require_creator(interaction, self.bot.store)
        row = await self._here(interaction)
        refunds = await mtts.cancel(self.bot, row.id)
        text = t("mtt_cancelled_answer", tournament=str(row.id), count=len(refunds))
        await reply_private(interaction, text)

"""Private answers: what a player is told when a command or a click is refused or fails."""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
from discord import app_commands

from bot.engine import EngineError
from bot.messages import DEFAULT_LANGUAGE, reader, t
from bot.store.errors import StoreError

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
"""Every message the dealer sends has mentions off: names are shown, nobody is pinged."""


class Refused(Exception):
    """An input refused for a reason the player is told (its text, a catalogue sentence):
    not your turn, a stale button, already done. Nothing was changed."""


def require_guild(interaction: discord.Interaction[Any]) -> bool:
    """Every command group's ``interaction_check``: poker is played in server channels only
    (checked in code, not just hinted by the command's contexts)."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage(t("guild_only"))
    return True


def private_sentence(error: BaseException) -> str | None:
    """The sentence an expected error tells the player, or None for an unexpected one."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, StoreError) and error.key is not None:
        return t(error.key, **error.params)
    if isinstance(error, EngineError) and reader() != DEFAULT_LANGUAGE:
        return t("error_action")  # the engine explains itself in English only
    if isinstance(error, (Refused, StoreError, EngineError)):
        return str(error)
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("guild_only")
    if isinstance(error, app_commands.MissingPermissions):
        return t("no_permission")
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("cooldown", seconds=round(error.retry_after))
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or t("no_permission")
    return None


async def reply_private(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Send ``text`` privately, whether or not the interaction was already answered."""
    kwargs.setdefault("allowed_mentions", NO_MENTIONS)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
    except discord.HTTPException:
        log.warning("Could not send a private reply for interaction %s", interaction.id)


async def answer_failure(
    interaction: discord.Interaction[Any], error: BaseException, where: str
) -> None:
    """The one answer to a failed command or click: an expected error's sentence, privately;
    anything else logged with its traceback (``where``: what failed) and excused with the
    "something went wrong" sentence. The member is never left with "This interaction
    failed"."""
    text = private_sentence(error)
    if text is None:
        original = getattr(error, "original", error)
        log.error("Unexpected error in %s", where, exc_info=original)
        text = t("error_generic")
    await reply_private(interaction, text)


def unlink_interaction(interaction: discord.Interaction[Any]) -> None:
    """Break the reference cycle of a handled interaction (its ``response`` points back at
    it), so that it and all discord.py made of it (the clicked message and its buttons, the
    member: 20 to 45 objects) are freed at once rather than left to the garbage collector,
    whose passes stall every table (bench/bench_load.py --probe). A use of the response
    after this fails loudly; nothing uses it once the command or click is done."""
    response = getattr(interaction, "_cs_response", None)
    if response is not None:
        cast(Any, response)._parent = None

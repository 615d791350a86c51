"""The Discord client: opens the store, loads the cogs, restores tables, syncs commands.

Only guild events are needed (slash commands and buttons arrive as interactions), so the
client asks for the ``guilds`` intent alone and never reads message content. Nothing here
assumes a single shard, so swapping the base class for ``AutoShardedBot`` is a one-line change.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.engine.cards import EngineError
from bot.messages import t

if TYPE_CHECKING:
    from bot.session import TableSession
    from bot.store import Store

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.poker", "cogs.chips", "cogs.admin")


class DeuceBot(commands.Bot):
    """The dealer: one store, one ``TableSession`` per channel with a table."""

    def __init__(self, settings: Settings) -> None:
        # The dealer never joins voice: no warnings about voice libraries at every start.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            guild_ready_timeout=settings.guild_ready_timeout,
            allowed_mentions=discord.AllowedMentions.none(),
            max_messages=None,
        )
        self.settings = settings
        self._store: Store | None = None
        self.sessions: dict[int, TableSession] = {}
        """Table sessions by channel id."""
        self._closing = False
        self._opening = asyncio.Lock()
        """Serialises opening sessions: two joins at once must share one session."""
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]

    @property
    def store(self) -> Store:
        """The open store; the cogs only run after setup_hook opened it."""
        if self._store is None:
            raise RuntimeError("The store is not open")
        return self._store

    async def setup_hook(self) -> None:
        """Open the store, load cogs and buttons, resume tables, sync commands."""
        from bot.store import Store
        from bot.views import DYNAMIC_ITEMS

        db_path = Path(self.settings.database_path)
        if str(db_path) != ":memory:":
            db_path.parent.mkdir(parents=True, exist_ok=True)
        self._store = await Store.open(str(db_path))
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.restore_tables()
        await self.sync_commands()
        # What is loaded by now (discord.py, aiohttp, the engine's tables, the cogs) lives as
        # long as the process: frozen out of the collector's reach, a full collection scans only
        # what the games create (bench/bench_load.py --probe: full passes ~40% shorter).
        gc.collect()
        gc.freeze()

    async def restore_tables(self) -> None:
        """Bring back every open table; resume its interrupted hand or refund it."""
        from bot.session import TableSession

        unfinished: dict[int, tuple[int, dict[str, Any] | None]] = {}
        for hand_id, table_id, state in await self.store.unfinished_hands():
            unfinished[table_id] = (hand_id, state)
        for table in await self.store.open_tables():
            session = TableSession(self, table)
            self.sessions[table.channel_id] = session
            try:
                await session.restore(unfinished.pop(table.id, None))
            except Exception:
                log.exception(
                    "Could not restore table %s in channel %s", table.id, table.channel_id
                )
        for table_id, (hand_id, _state) in unfinished.items():
            log.warning("Voiding hand %s of table %s that has no open table", hand_id, table_id)
            try:
                await self.store.void_hand(hand_id, "table no longer open at restart")
            except Exception:
                log.exception("Could not void hand %s", hand_id)
        if self.sessions:
            log.info("Restored %d table(s)", len(self.sessions))

    def session_for(self, channel_id: int) -> TableSession | None:
        """The running session of a channel, if it has a table."""
        return self.sessions.get(channel_id)

    def session_here(self, interaction: discord.Interaction[Any]) -> TableSession:
        """The table session of the channel a command came from; a command that needs one
        where there is none is refused with the "no table" sentence (a private reply)."""
        session = self.sessions.get(interaction.channel_id or 0)
        if session is None:
            raise app_commands.CheckFailure(t("no_table"))
        return session

    def session_by_table(self, table_id: int) -> TableSession | None:
        """The running session with this table id (buttons carry table ids)."""
        for session in self.sessions.values():
            if session.table_id == table_id:
                return session
        return None

    async def open_session(self, guild_id: int, channel_id: int) -> TableSession:
        """The channel's session, creating the table and session when there is none yet."""
        from bot.session import TableSession

        session = self.sessions.get(channel_id)
        if session is not None and not session.closed:
            return session
        async with self._opening:
            # another join may have opened it while this one waited
            session = self.sessions.get(channel_id)
            if session is not None and not session.closed:
                return session
            table = await self.store.get_or_create_table(guild_id, channel_id)
            session = TableSession(self, table)
            await session.restore(None)
            self.sessions[channel_id] = session
            return session

    def forget_session(self, session: TableSession) -> None:
        """Drop a closed table's session."""
        if self.sessions.get(session.channel_id) is session:
            del self.sessions[session.channel_id]

    # -- command sync ---------------------------------------------------------------------

    def _sync_marker_path(self) -> Path:
        db = self.settings.database_path
        base = Path("data") if db == ":memory:" else Path(db).parent
        return base / "deuce-commands.json"

    async def sync_commands(self) -> None:
        """Sync the command tree when its payload changed (DEUCE_SYNC=changed), or as told."""
        mode = self.settings.sync
        if mode == "never":
            return
        guild = (
            discord.Object(id=self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        )
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"{self.application_id}:{guild.id if guild else 'global'}"
        marker = self._sync_marker_path()
        known: dict[str, str] = {}
        try:
            known = json.loads(marker.read_text())
        except (OSError, ValueError):
            known = {}
        if mode == "changed" and known.get(key) == digest:
            log.info("Command tree unchanged; not syncing")
            return
        synced = await self.tree.sync(guild=guild)
        log.info("Synced %d command(s) to %s", len(synced), "guild" if guild else "global")
        known[key] = digest
        try:
            marker.parent.mkdir(parents=True, exist_ok=True)
            marker.write_text(json.dumps(known))
        except OSError:
            log.warning("Could not record the command hash in %s", marker)

    # -- errors ---------------------------------------------------------------------------

    async def on_tree_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Expected errors become private replies; anything else is logged and excused."""
        from bot.store import StoreError

        original: BaseException = error
        if isinstance(error, app_commands.CommandInvokeError):
            original = error.original
        if isinstance(original, (StoreError, EngineError)):
            text = str(original)
        elif isinstance(original, app_commands.NoPrivateMessage):
            text = t("guild_only")
        elif isinstance(original, app_commands.MissingPermissions):
            text = t("no_permission")
        elif isinstance(original, app_commands.CommandOnCooldown):
            text = t("cooldown", seconds=round(original.retry_after))
        elif isinstance(original, app_commands.CheckFailure):
            text = str(original) or t("no_permission")
        else:
            command = interaction.command.qualified_name if interaction.command else "?"
            log.error("Unexpected error in /%s", command, exc_info=original)
            text = t("error_generic")
        await reply_private(interaction, text)

    async def close(self) -> None:
        """Stop every table (journals saved, timers cancelled), close the store, disconnect."""
        if not self._closing:
            self._closing = True
            for session in list(self.sessions.values()):
                try:
                    await session.shutdown()
                except Exception:
                    log.exception("Error stopping table %s", session.table_id)
            if self._store is not None:
                try:
                    await self._store.close()
                except Exception:
                    log.exception("Error closing the store")
        await super().close()


def require_guild(interaction: discord.Interaction[Any]) -> bool:
    """Every command group's ``interaction_check``: poker is played in server channels only
    (checked in code, not just hinted by the command's contexts)."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage(t("guild_only"))
    return True


async def reply_private(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Send ``text`` privately, whether or not the interaction was already answered."""
    kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
    except discord.HTTPException:
        log.warning("Could not send a private reply for interaction %s", interaction.id)

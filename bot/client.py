"""The Discord client: opens the store, loads the cogs, restores tables, syncs commands.

Only guild events are needed (slash commands and buttons arrive as interactions), so the
client asks for the ``guilds`` intent alone and never reads message content.

Sharded (``SHARD_COUNT``/``SHARD_IDS``), ``make_bot`` builds a ``ShardedDeuceBot`` (discord.py's
``AutoShardedBot`` running the process's shard ids), or a ``DeuceBot`` on one shard id when the
process runs a single shard; either restores only the tables of the guilds on its shards.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections import OrderedDict
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.collector import Collector
from bot.config import Config
from bot.features.fairplay import worker as fairplay_worker
from bot.features.fairplay.watch import FlagWatch
from bot.features.mtt import tournaments as mtt_tournaments
from bot.features.mtt.running import MttRuns
from bot.features.sitngo.tournaments import start_when_due
from bot.features.web_requests.poller import WebRequestPoller
from bot.messages import DEFAULT_LANGUAGE, language_of, set_command_ids, set_reader
from bot.pacer import BULK, Key, RestPacer, paced, rest_priority
from bot.replies import NO_MENTIONS, answer_failure, unlink_interaction
from bot.store import Store
from bot.table.emojis import sync_card_emojis
from bot.table.registry import TableRegistry
from bot.translator import CatalogueTranslator
from bot.ui.routes import ROUTER

if TYPE_CHECKING:
    from bot.cluster_limits import ClusterLimits

log = logging.getLogger(__name__)

DM_CHANNELS_KEPT = 100_000
"""DM channel ids kept (about 100 bytes each)."""
LOCALES_KEPT = 20_000
"""Members whose language is kept in memory, the most recently seen: about 140 bytes each, so
under 3 MiB (all 200,000 members of a big bot took 27 MiB). The DMs the bot sends on its own
go to seated players, six a table (1,200 at 200 tables), and members who click are seen again
while they play, so what is needed stays here; any other member's language is one read of the
store's ``member_locales`` by primary key, then kept."""

COMMAND_DRAIN_SECONDS = 3.0
"""Seconds a stop waits for the slash commands under way before it cancels them."""

EXTENSIONS = ("cogs.poker", "cogs.chips", "cogs.admin")


class DeuceBot(commands.Bot):
    """The dealer: one store, one ``TableSession`` per channel with a table."""

    def __init__(self, config: Config) -> None:
        # The dealer never joins voice: no warnings about voice libraries at every start.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            guild_ready_timeout=config.guild_ready_timeout,
            allowed_mentions=NO_MENTIONS,
            max_messages=None,
            **self.shard_options(config),
        )
        self.config = config
        self._store: Store | None = None
        self._tables: TableRegistry | None = None
        self._closing = False
        self._router: Any = None
        """Sharded on PostgreSQL: the ``bot.shards.ShardRouter`` of DM clicks."""
        self._web: Any = None
        """The dashboard (``bot.web.app.WebServer``) when ``DEUCE_WEB_PORT`` is set."""
        self._sng_clock: asyncio.Task[None] | None = None
        """Starts sit-and-goes at their start time (``bot/features/sitngo/tournaments.py``)."""
        self._mtt_clock: asyncio.Task[None] | None = None
        self.mtt_runs = MttRuns(
            self,
            lobby_every=config.mtt_lobby_seconds,
            seed=config.test_seed,
            rounds=config.test_mtt_rounds,
        )
        """The running multi-table tournaments (``bot/features/mtt/running.py``)."""
        self._flag_watch: FlagWatch | None = None
        self._web_requests: WebRequestPoller | None = None
        self._collector = Collector()
        """The garbage collector's passes, at the bot's pace once started (``bot/collector.py``)."""
        self._commands_running: set[asyncio.Task[Any]] = set()
        """The slash commands being run (their tasks): a stop lets them finish first."""
        self.locales: OrderedDict[int, str] = OrderedDict()
        """The language of the members seen most recently (at most ``LOCALES_KEPT``, the most
        recent last): their Discord locale as last seen, for the DMs sent on the bot's own.
        The store keeps every member's (``locale_of`` reads one missing here)."""
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]
        self.tree.interaction_check = self.reader_check  # type: ignore[method-assign]
        self.pacer = RestPacer(config.rest_per_second)
        """Every request but the interaction answers waits its turn here (``bot/pacer.py``)."""
        self.http.request = paced(self.http.request, self.pacer)  # type: ignore[method-assign, assignment]
        self.limits: ClusterLimits | None = None
        if config.shares_limits:  # asyncpg loads only in a process that needs it
            from bot.cluster_limits import cluster_limits

            self.limits = cluster_limits(config, self._session_start_limit)
        """Sharded on PostgreSQL: the REST budget and IDENTIFY turns every process of the bot
        shares (``bot/cluster_limits.py``); once the store is open (its migrations made their
        tables), the pacer waits for the shared budget too."""
        self._dm_opening: dict[int, asyncio.Future[discord.DMChannel]] = {}
        self._dm_channels: OrderedDict[int, int] = OrderedDict()
        """The DM channel id of each member the bot writes to (they never change), the most
        recently used last, at most ``DM_CHANNELS_KEPT``: a DM is opened once, not per panel."""

    # -- DMs ------------------------------------------------------------------------------

    async def dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The member's DM channel: opened once (``POST /users/@me/channels``), then known by
        its id. discord.py keeps only its last 128 DM channels, so past 128 players every
        panel would have opened the DM again: one more rate-limited request each."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is not None:
            self._dm_channels.move_to_end(user_id)
            return self.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        opening = self._dm_opening.get(user_id)
        if opening is None:  # two panels at once (a welcome and a deal) open it once
            with rest_priority(BULK, ("dm", user_id)):  # hurried when its player needs it
                opening = asyncio.ensure_future(self.create_dm(discord.Object(id=user_id)))
            self._dm_opening[user_id] = opening
            opening.add_done_callback(partial(self._dm_opened, user_id))
        channel = await asyncio.shield(opening)
        self._dm_channels[user_id] = channel.id
        if len(self._dm_channels) > DM_CHANNELS_KEPT:
            self._dm_channels.popitem(last=False)
        return channel

    def _dm_opened(self, user_id: int, opening: asyncio.Future[discord.DMChannel]) -> None:
        """Forget the opening; its error reaches whoever still waits for it, and is read here
        for none (a waiter cut off by a stop): not an "exception was never retrieved"."""
        self._dm_opening.pop(user_id, None)
        if not opening.cancelled():
            opening.exception()

    def hurry(self, key: Key) -> None:
        """Requests waiting for ``key`` are what a player needs now (``bot/pacer.py``)."""
        self.pacer.promote(key)

    async def wait_turn(self) -> None:
        """The running task's next request has its turn at the pacer (``bot/pacer.py``)."""
        await self.pacer.wait_turn()

    def unused_turn(self) -> None:
        """The turn ``wait_turn`` took goes unused (``bot/pacer.py``)."""
        self.pacer.unused_turn()

    # -- limits shared with the bot's other processes ------------------------------------

    async def _session_start_limit(self) -> Any:
        """The gateway's ``session_start_limit`` (``GET /gateway/bot``), which discord.py
        reads only when it picks the number of shards itself."""
        return (await self.http.get_bot_gateway())[2]

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Sharded on PostgreSQL, a shard IDENTIFYs in its bucket's turn across every process
        of the bot (``bot/cluster_limits.py``); else discord.py's pause between this process's
        own shards."""
        default = super().before_identify_hook
        if self.limits is None:
            await default(shard_id, initial=initial)
            return
        await self.limits.before_identify(
            shard_id or 0, fallback=partial(default, shard_id, initial=initial)
        )

    # -- languages ------------------------------------------------------------------------

    async def locale_of(self, user_id: int) -> str:
        """The language a member last used with the bot (English for one never seen): kept in
        memory for the members seen recently, read from the store for any other (then kept).
        A store that cannot be read leaves that DM in English rather than unsent."""
        language = self.locales.get(user_id)
        if language is not None:
            self.locales.move_to_end(user_id)
            return language
        if self._store is None:
            return DEFAULT_LANGUAGE
        try:
            stored = await self._store.settings.member_locale(user_id)
        except Exception as error:
            log.warning("Could not read a member's language (%s); English meanwhile", error)
            return DEFAULT_LANGUAGE
        language = self.locales.get(user_id)  # seen while the store was read: that is newer
        if language is None:
            language = language_of(stored)
            self._keep_locale(user_id, language)
        return language

    def _keep_locale(self, user_id: int, language: str) -> None:
        """Remember the member's language as the most recent, forgetting the least recent
        beyond ``LOCALES_KEPT``."""
        self.locales[user_id] = language
        self.locales.move_to_end(user_id)
        if len(self.locales) > LOCALES_KEPT:
            self.locales.popitem(last=False)

    async def channel_language(self, interaction: discord.Interaction[Any]) -> str:
        """The language of the interaction's channel for everyone there: its table's or the
        server's as an admin set it, else the server's Discord language."""
        if interaction.guild_id is not None and interaction.channel_id is not None:
            settings = await self.store.settings.table(interaction.guild_id, interaction.channel_id)
            if settings.language is not None:
                return settings.language
        return language_of(interaction.guild_locale)

    async def reader_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Every command answers in its member's language, and is known to be running until
        it ends (``close`` lets it finish before the store and the connections close)."""
        set_reader(interaction.locale)
        task = asyncio.current_task()
        if task is not None:
            self._commands_running.add(task)
            task.add_done_callback(self._commands_running.discard)
        return True

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click on a dealer component goes through the router (``bot/ui/router.py``);
        then the member's locale is remembered for the DMs the bot sends on its own."""
        await ROUTER.dispatch(interaction)
        locale = language_of(interaction.locale)
        user_id = interaction.user.id
        if self._store is None or await self.locale_of(user_id) == locale:
            return
        self._keep_locale(user_id, locale)
        try:
            await self._store.settings.remember_locale(user_id, locale)
        except Exception as error:  # kept in memory meanwhile; a store outage is no bug
            log.warning("Could not remember a member's locale: %s", error)

    @staticmethod
    def shard_options(config: Config) -> dict[str, Any]:
        """The discord.py shard arguments of a single-shard (or unsharded) client."""
        if config.shard_count is None:
            return {}
        ids = config.shard_ids or (0,)
        return {"shard_id": ids[0], "shard_count": config.shard_count}

    @property
    def runs_shard_zero(self) -> bool:
        """Whether this process receives DM events (Discord sends them to shard 0 only)."""
        config = self.config
        return config.shard_count is None or config.shard_ids is None or 0 in config.shard_ids

    @property
    def store(self) -> Store:
        """The open store; the cogs only run after setup_hook opened it."""
        if self._store is None:
            raise RuntimeError("The store is not open")
        return self._store

    @property
    def tables(self) -> TableRegistry:
        """The table sessions; set up by setup_hook with the store."""
        if self._tables is None:
            raise RuntimeError("The tables are not loaded")
        return self._tables

    async def open_store(self) -> Store:
        """Open the configured database: ``DATABASE_URL``, else the SQLite file (its folder
        made first). Nothing is read whole from it: members' languages are read as needed."""
        if self.config.database_url is not None:
            self._store = await Store.open(self.config.database_url)
        else:
            db_path = Path(self.config.database_path)
            if str(db_path) != ":memory:":
                db_path.parent.mkdir(parents=True, exist_ok=True)
            self._store = await Store.open(str(db_path))
        return self._store

    async def setup_hook(self) -> None:
        """Open the store, load cogs and buttons, sync commands, resume tables."""
        store = await self.open_store()
        if self.limits is not None:  # the login's few requests went by the pacer alone
            self.pacer.gate = self.limits.budget
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self._tables = TableRegistry(
            self,
            store,
            hand_pause=self.config.hand_pause_seconds,
            house_pause=self.config.house_pause_seconds,
            test_seed=self.config.test_seed,
            edit_interval=self.config.edit_interval_seconds,
            owns_guild=self.config.owns_guild if self.config.sharded else None,
            voids_orphans=self.runs_shard_zero,
        )
        await sync_card_emojis(self)
        # The commands' ids before the tables: a table restored renders at once (one that
        # closes as it is restored says "/poker join opens it again"), and a command is named
        # by its mention only once its id is known.
        await self.sync_commands()
        self._tables.mtt_runs = self.mtt_runs
        await self._tables.restore_all()
        self._sng_clock = asyncio.create_task(start_when_due(self), name="sng-start-times")
        self._mtt_clock = asyncio.create_task(
            mtt_tournaments.start_when_due(self, every=self.config.mtt_due_seconds),
            name="mtt-start-times",
        )
        self._flag_watch = FlagWatch(store, self.members_joined)
        self._flag_watch.start()
        # Pause, Resume and Close asked from python -m bot.web: one cheap read a second.
        self._web_requests = WebRequestPoller(store, self._tables)
        self._web_requests.start()
        await self.start_routing()
        await self.start_web()
        # What is loaded by now lives as long as the process: frozen out of the collector's
        # reach, whose passes run at the collector's pace from now on (bot/collector.py).
        self._collector.start()

    def members_joined(self, guild_id: int) -> dict[int, float] | None:
        """When each member of a server this process serves joined it (those in Discord's
        cache), or None for another's server (the fair-play flag watch's view of members)."""
        guild = self.get_guild(guild_id)
        if guild is None:
            return None
        return {m.id: m.joined_at.timestamp() for m in guild.members if m.joined_at is not None}

    async def start_web(self) -> None:
        """The dashboard in this process (``bot/web``), when ``DEUCE_WEB_PORT`` is set: it
        reads the tables here and runs in this event loop (every page is a few store reads
        and at most two requests to Discord, none of them blocking)."""
        config = self.config
        if config.web_port is None:
            return
        from bot.web.app import WebServer
        from bot.web.context import floors
        from bot.web.discord_api import DiscordApi
        from bot.web.live import BotTables

        api = DiscordApi(
            config.token,
            config.api_base,
            config.oauth_client_id,
            config.oauth_client_secret,
            pacer=self.pacer,  # its requests wait their turn after the games' (IDLE)
        )
        web = WebServer(
            self.store,
            api,
            BotTables(self),
            host=config.web_host,
            port=config.web_port,
            base_url=config.web_url,
            hand_pause_override=config.hand_pause_seconds,
            minimums=floors(config.min_timer_seconds, config.min_idle_seconds),
        )
        await web.start()
        self._web = web

    async def start_routing(self) -> None:
        """Sharded on PostgreSQL: hand DM clicks on other processes' tables to their owner
        (``bot/shards.py``) and take those handed to this one. A click handed over is answered
        by ``on_interaction`` as one this process received, awaited so that the router knows
        when it is answered (nothing else listens for interactions).

        The one reach into discord.py's private API left: its ``INTERACTION_CREATE`` parser
        (``ConnectionState.parsers``) is wrapped, because a click handed over must leave as
        the raw payload (with its token and clicked message, which the owner rebuilds into
        the interaction) and must not be parsed and dispatched here as well. No public hook
        does both: ``on_interaction`` gets the parsed interaction without its payload, and
        ``on_socket_raw_receive`` (debug events: a second JSON decode of every gateway
        frame) cannot stop discord.py from dispatching the same click. Pinned in
        ``pyproject.toml``; ``tests/table/test_shards.py`` checks the parser is there."""
        config = self.config
        if config.shard_count is None or config.database_url is None:
            return
        from bot.shards import ShardRouter, routed_interaction

        state = self._connection
        parsers: dict[str, Any] = state.parsers
        original = parsers["INTERACTION_CREATE"]

        async def handle(raw: dict[str, Any], deferred: bool) -> None:
            await self.on_interaction(routed_interaction(state, raw, deferred=deferred))

        shard_ids = config.shard_ids or tuple(range(config.shard_count))
        router = ShardRouter(
            self, config.database_url, config.shard_count, shard_ids, parse=original, handle=handle
        )
        await router.start()
        self._router = router
        tables = self.tables

        def parse_interaction_create(raw: dict[str, Any]) -> None:
            if not router.intercept(raw, lambda table_id: tables.by_table(table_id) is not None):
                original(raw)

        parsers["INTERACTION_CREATE"] = parse_interaction_create

    # -- command sync ---------------------------------------------------------------------

    def _sync_marker_path(self) -> Path:
        db = self.config.database_path
        base = Path("data") if db == ":memory:" else Path(db).parent
        return base / "deuce-commands.json"

    async def sync_commands(self) -> None:
        """Sync the command tree when its payload changed (DEUCE_SYNC=changed), or as told,
        to the dev guild (``DEV_GUILD_ID``) or globally; then remove the copy synced before to
        the other place (the global commands, or a dev guild's), which Discord would otherwise
        keep showing beside the new one. What was synced where is remembered in the marker
        file. The commands' languages are read for the sync alone: the tree's translator is
        set for it and unset after. Then the commands' ids are known (``know_command_ids``)."""
        mode = self.config.sync
        guild = discord.Object(id=self.config.dev_guild_id) if self.config.dev_guild_id else None
        if mode == "never" or not self.runs_shard_zero:  # one process of a sharded bot syncs
            await self.know_command_ids(guild)
            return
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        marker = self._sync_marker_path()
        known: dict[str, str] = {}
        try:
            known = json.loads(marker.read_text())
        except (OSError, ValueError):
            known = {}
        recorded = dict(known)
        key = f"{self.application_id}:{guild.id if guild else 'global'}"
        translator = CatalogueTranslator()
        await self.tree.set_translator(translator)
        try:
            payload = [
                await command.get_translated_payload(self.tree, translator)
                for command in self.tree.get_commands(guild=guild)
            ]
            digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
            if mode == "changed" and known.get(key) == digest:
                log.info("Command tree unchanged; not syncing")
                await self.know_command_ids(guild)
            else:
                synced = await self.tree.sync(guild=guild)
                log.info("Synced %d command(s) to %s", len(synced), "guild" if guild else "global")
                known[key] = digest
                set_command_ids({command.name: command.id for command in synced})
        finally:
            await self.tree.set_translator(None)
        for old in [k for k in known if k.startswith(f"{self.application_id}:") and k != key]:
            if await self._remove_commands(old.partition(":")[2]):
                del known[old]
        if known == recorded:
            return
        try:
            marker.parent.mkdir(parents=True, exist_ok=True)
            marker.write_text(json.dumps(known))
        except OSError:
            log.warning("Could not record the command hash in %s", marker)

    async def know_command_ids(self, guild: discord.abc.Snowflake | None) -> None:
        """Ask Discord once for the ids of the commands synced before (to ``guild``, else
        globally), so that sentences name commands by their mentions (``bot.messages``); a
        failure leaves them named as typed."""
        try:
            fetched = await self.tree.fetch_commands(guild=guild)
        except (discord.HTTPException, app_commands.MissingApplicationID) as error:
            log.warning("Could not read the commands' ids; commands are named as typed: %s", error)
            return
        set_command_ids({command.name: command.id for command in fetched})

    async def _remove_commands(self, where: str) -> bool:
        """Remove the commands this bot synced before to ``where`` ("global" or a guild id):
        whether that place is done with (emptied, or out of the bot's reach: nothing to
        retry). Another error keeps it, to be tried again at the next start."""
        application_id = self.application_id
        if application_id is None:
            raise app_commands.MissingApplicationID
        place = "global" if where == "global" else f"guild {where}"
        try:
            if where == "global":
                await self.http.bulk_upsert_global_commands(application_id, [])
            elif where.isdigit():
                await self.http.bulk_upsert_guild_commands(application_id, int(where), [])
        except (discord.Forbidden, discord.NotFound) as error:
            log.warning("Could not remove the old %s commands: %s", place, error)
            return True
        except discord.HTTPException as error:
            log.warning(
                "Could not remove the old %s commands (retried next start): %s", place, error
            )
            return False
        log.info("Removed the %s commands synced before", place)
        return True

    # -- errors ---------------------------------------------------------------------------

    async def on_tree_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Expected errors become private replies; anything else is logged and excused."""
        command = interaction.command.qualified_name if interaction.command else "?"
        try:
            await answer_failure(interaction, error, f"/{command}")
        finally:
            unlink_interaction(interaction)

    async def on_app_command_completion(
        self, interaction: discord.Interaction[Any], command: object
    ) -> None:
        """A command is done: its interaction is freed now (``unlink_interaction``)."""
        unlink_interaction(interaction)

    async def close(self) -> None:
        """Stop every table (journals saved, timers cancelled), close the store, disconnect."""
        if not self._closing:
            self._closing = True
            set_command_ids({})  # sentences name commands as typed again (another bot's next)
            await self._end_running_commands()
            if self._web is not None:
                await self._web.stop()
            if self._router is not None:
                await self._router.close()
            if self._sng_clock is not None:
                self._sng_clock.cancel()
            if self._mtt_clock is not None:
                self._mtt_clock.cancel()
            await self.mtt_runs.close()
            if self._flag_watch is not None:
                await self._flag_watch.close()
            if self._web_requests is not None:
                await self._web_requests.close()
            await fairplay_worker.shutdown()
            await self._collector.close()
            if self._tables is not None:
                await self._tables.close_all()
            if self._store is not None:
                try:
                    await self._store.close()
                except Exception:
                    log.exception("Error closing the store")
            if self.limits is not None:
                await self.limits.close()
        await super().close()

    async def _end_running_commands(self) -> None:
        """Commands under way (a join sending its welcome DM) get ``COMMAND_DRAIN_SECONDS`` to
        finish with the store and the connections still open; the rest are cancelled, so none
        goes on against a closed store or HTTP session."""
        running = self._commands_running - {asyncio.current_task()}
        if not running:
            return
        _, pending = await asyncio.wait(running, timeout=COMMAND_DRAIN_SECONDS)
        for task in pending:
            task.cancel()
        if pending:
            log.info("Stopping: %d command(s) cut off", len(pending))
            await asyncio.wait(pending)


class ShardedDeuceBot(DeuceBot, commands.AutoShardedBot):
    """The dealer running several shards in one process (discord.py's ``AutoShardedBot``)."""

    @staticmethod
    def shard_options(config: Config) -> dict[str, Any]:
        return {
            "shard_count": config.shard_count,
            "shard_ids": list(config.shard_ids or ()) or None,
        }


def make_bot(config: Config) -> DeuceBot:
    """The client for this configuration: unsharded, one shard, or several shards."""
    if config.shard_count is not None and (config.shard_ids is None or len(config.shard_ids) > 1):
        return ShardedDeuceBot(config)
    return DeuceBot(config)

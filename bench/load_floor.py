"""discord.py's floor: what a bot that does nothing but answer clicks costs, for issue 41's ratio.

The load benchmark divides the bot's CPU during play by the clicks it answered. That figure
alone says little on a machine whose speed varies twofold from day to day, so the same run
measures the floor beside it: this module's bot (``python -m bench.load_floor``), a bare
``discord.Client`` that answers every button click with a deferred update (Discord's cheapest
answer: one callback, no message) and does nothing else, connected to the same loopback
Discord. The harness then clicks a button in every table's channel, by that table's members,
at the play's own rate of clicks, and reads the floor bot's CPU per answered click.

What the floor includes is what any discord.py bot pays per click: the gateway frame read and
decoded, the interaction parsed into its objects (member, message, channel), the dispatch, one
HTTP callback. What it leaves out is everything Deuce does with the click (the store, the
table, the render, the edits and DMs that follow).
"""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import yarl

from bench.load_types import LIVE_BOTS, FloorResult, proc_cpu_seconds, proc_wakes, spawn_bot

FLOOR_ID = "floor:press"


class FloorBot(discord.Client):
    """Answers every button click with a deferred update; nothing else."""

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is discord.InteractionType.component:
            await interaction.response.defer()


async def measure_floor(
    double: Any,
    channels: list[tuple[Any, list[Any]]],
    *,
    rate: float,
    seconds: float,
    workdir: Path,
    seed: int = 1,
) -> FloorResult:
    """Start the floor bot on ``double``, click ``rate`` times a second for ``seconds`` (a
    button in each of ``channels``, clicked by that channel's members), return its CPU."""
    messages = []
    first_in_guild: dict[int, tuple[Any, list[Any]]] = {}
    for channel, members in channels:
        stored = double._new_message(
            channel,
            {
                "content": "floor",
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 2, "label": "Press", "custom_id": FLOOR_ID}
                        ],
                    }
                ],
            },
            [],
        )
        messages.append((stored, members))
        first_in_guild.setdefault(channel.guild.id, (stored, members))
    identified = double.identify_count
    env = {
        "DISCORD_TOKEN": double.token,
        "DISCORD_API_BASE": double.api_base,
        "DISCORD_GATEWAY_URL": double.gateway_url,
    }
    log_path = workdir / "floor.log"
    process = spawn_bot("bench.load_floor", env, log_path)
    try:
        await double.wait_until(lambda: double.identify_count > identified, 60)
        # Ready once a click in every guild is answered (READY and each GUILD_CREATE taken in).
        for stored, members in first_in_guild.values():
            for _ in range(6):
                if await double.acknowledged(
                    await double.click(members[0], stored.id, FLOOR_ID), 10
                ):
                    break
            else:
                raise RuntimeError(f"the floor bot never answered; see {log_path}")
        rng = random.Random(seed)
        loop = asyncio.get_running_loop()
        acks: list[asyncio.Task[bool]] = []
        count = max(1, round(rate * seconds))
        cpu_start, wakes_start = proc_cpu_seconds(process.pid), proc_wakes(process.pid)
        start = loop.time()
        for index in range(count):
            await asyncio.sleep(max(0.0, start + index / rate - loop.time()))
            stored, members = rng.choice(messages)
            interaction = await double.click(rng.choice(members), stored.id, FLOOR_ID)
            acks.append(loop.create_task(double.acknowledged(interaction, 10)))
        answered = await asyncio.gather(*acks)
        cpu = proc_cpu_seconds(process.pid) - cpu_start
        wakes = proc_wakes(process.pid) - wakes_start
        return FloorResult(clicks=count, acknowledged=sum(answered), cpu_seconds=cpu, wakes=wakes)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        LIVE_BOTS.discard(process)


def main() -> None:
    discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])
    bot = FloorBot(intents=discord.Intents(guilds=True))
    bot.run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()

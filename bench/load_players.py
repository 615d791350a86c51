"""Simulated players: six per table, reading what a Discord user sees and clicking like one.

A :class:`TableDriver` is told of every message event in its channel and in its players' DMs
(pushed by :class:`bench.load_double.LoadDouble`). When the table message shows a new turn
("Alice to act" / "Alice to draw", with the turn's sequence number in the button ids), that
player waits a human-ish think time (about a second, jittered) and then

* bets by a simple random policy: facing a bet, fold / call / raise; otherwise check / bet;
* draws through the private panel in their DMs: marks 0-3 random cards (each a click whose
  answer is awaited, as the Draw button only enables once a card is marked), then presses
  "Draw N" or "Stand pat".

With ``from_dms`` the players bet from their DM panels too: the player whose turn the table
shows waits for the betting buttons of that turn in their newest DM panel and clicks there
(the table's buttons only when the panel never shows them: ``dm_fallbacks``).

Every click's :class:`Interaction` is kept, so the acknowledgement latency is read afterwards
from the double's own record (dispatch of INTERACTION_CREATE → callback POST arriving).
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.load_double import LoadDouble
from tests.discord_double import (
    Channel,
    DoubleError,
    Interaction,
    Member,
    StoredMessage,
    iter_components,
)
from tests.discord_double.components_v2 import CONTAINER, TEXT_DISPLAY
from tests.discord_double.models import MESSAGE_FLAG_COMPONENTS_V2

log = logging.getLogger(__name__)

TABLE_TITLE = "2-7 Triple Draw"
PANEL_PREFIX = "Your hand — hand #"
RESULT_RE = re.compile(r"^Hand #(\d+) result$")
HAND_RE = re.compile(r"hand #(\d+)")
TURN_RE = re.compile(r"^(?P<name>.+?) to (?P<verb>act|draw) ·")
ACK_TIMEOUT = 10.0
DM_TURN_WAIT = 12.0
"""Seconds a player betting from their DMs waits for their panel to show the turn (the turn
alert comes after 8 s to a player whose panel is not kept current yet)."""

#: How many cards a drawing player throws, and how often (a lowball player keeps a smooth hand).
DISCARD_WEIGHTS = (0.25, 0.35, 0.25, 0.15)


def embed0(data: dict[str, Any]) -> dict[str, Any]:
    """The message's first embed; a Components V2 message (the table, a result) read as one:
    its ``### `` heading the title, each text display headed ``**Name**`` a field."""
    if int(data.get("flags") or 0) & MESSAGE_FLAG_COMPONENTS_V2:
        return v2_as_embed(data)
    embeds = data.get("embeds") or []
    return embeds[0] if embeds else {}


def panel_title(data: dict[str, Any]) -> str:
    """A private panel's title: the heading of a Components V2 panel (the first text display
    in its container, after ``### ``), or an embed's title; "" when it has none. Read without
    flattening the whole layout: every DM of every player passes here."""
    components = data.get("components") or []
    if components and components[0].get("type") == CONTAINER:
        first = (components[0].get("components") or [{}])[0]
        content = str(first.get("content") or "")
        return content.removeprefix("### ") if content.startswith("### ") else ""
    return str(embed0(data).get("title") or "")


def v2_as_embed(data: dict[str, Any]) -> dict[str, Any]:
    embed: dict[str, Any] = {"fields": []}
    for component in iter_components(list(data.get("components") or [])):
        if component.get("type") != TEXT_DISPLAY:
            continue
        first, _, rest = str(component.get("content") or "").partition("\n")
        if "title" not in embed and first.startswith("### "):
            embed["title"] = first[4:]
        elif first.startswith("**") and first.endswith("**") and len(first) > 4:
            embed["fields"].append({"name": first[2:-2], "value": rest})
    return embed


def field_value(embed: dict[str, Any], name: str) -> str | None:
    for item in embed.get("fields") or []:
        if item.get("name") == name:
            return str(item.get("value"))
    return None


_BUTTONS: dict[int, tuple[list[Any], list[dict[str, Any]]]] = {}
"""The buttons found in each components list (by identity: the double replaces a message's
list at each edit): a player waiting for their turn looks twenty times a second."""


def buttons(data: dict[str, Any]) -> list[dict[str, Any]]:
    components = data.get("components") or []
    known = _BUTTONS.get(id(components))
    if known is not None and known[0] is components:
        return known[1]
    found = [c for c in iter_components(list(components)) if c.get("type") == 2]
    if len(_BUTTONS) > 20_000:
        _BUTTONS.clear()
    _BUTTONS[id(components)] = (components, found)
    return found


@dataclass(frozen=True)
class TableTurn:
    """A turn as the table message shows it: whose, which verb, and the buttons to press."""

    hand_id: int
    seq: int
    name: str
    verb: str  # "act" | "draw"


def read_turn(data: dict[str, Any]) -> TableTurn | None:
    """The turn on a table message, or None between hands / without buttons."""
    embed = embed0(data)
    hand = HAND_RE.search(str(embed.get("title") or ""))
    turn = field_value(embed, "Turn")
    if hand is None or turn is None:
        return None
    match = TURN_RE.match(turn)
    if match is None:
        return None
    seq = None
    for button in buttons(data):
        parts = str(button.get("custom_id", "")).split(":")
        if len(parts) == 6 and parts[1] == "t":
            seq = int(parts[4])
            break
    if seq is None:
        return None
    return TableTurn(int(hand.group(1)), seq, match["name"].replace("\\", ""), match["verb"])


def choose_bet(data: dict[str, Any], rng: random.Random) -> str | None:
    """The random betting policy, from the buttons' labels: which table action to press."""
    by_action = {str(b.get("custom_id", "")).rsplit(":", 1)[-1]: b for b in buttons(data)}
    call = by_action.get("call")
    if call is None:
        return None
    can_raise = "raise" in by_action and not by_action["raise"].get("disabled")
    facing_bet = str(call.get("label") or "").startswith("Call")
    roll = rng.random()
    if facing_bet:
        if roll < 0.15:
            return "fold"
        if roll < 0.35 and can_raise:
            return "raise"
        return "call"
    if roll < 0.25 and can_raise:
        return "raise"
    return "call"


@dataclass
class ClickRecord:
    """One click a simulated player made (the double's Interaction holds the timings)."""

    interaction: Interaction
    kind: str  # "bet" | "mark" | "draw"
    table: int
    at: float  # wall-clock time of the click (time.time())


@dataclass
class Stats:
    """Everything the players did, shared by every table of one run."""

    clicks: list[ClickRecord] = field(default_factory=list)
    stale_clicks: int = 0  # the button was gone when the think time ended (state moved on)
    missed_acks: int = 0  # a mark whose answer never came in time (the draw fell back to pat)
    results: list[tuple[float, int, int]] = field(default_factory=list)  # (time, table, hand)
    panels: dict[tuple[int, int], int] = field(default_factory=dict)  # (table, hand) → panels
    other_dms: int = 0  # DMs that are not hand panels (the welcome DM at /poker join)
    dm_waits: list[tuple[float, float]] = field(default_factory=list)
    """(from_dms) when the table showed a player's betting turn (wall clock) and the seconds
    until their DM panel showed its buttons."""
    dm_fallbacks: int = 0  # (from_dms) betting turns whose buttons never reached the panel
    table_lag: list[tuple[float, float]] = field(default_factory=list)
    """(time, ms) from a player's action to the table message showing a later turn: how far
    the table trails the game (it never shows more than one action less: players act on
    the turn the table shows)."""
    click_gap: float = 0.0
    """Seconds between two clicks of the whole run (``--click-rate``); 0: players click when
    their think time ends. With a gap, two builds whose players would click at different
    rates are compared at the same load."""
    _next_click: float = 0.0

    async def click_slot(self) -> None:
        """Wait for the run's next click slot (each click takes the next one, in turn)."""
        if self.click_gap <= 0:
            return
        now = time.monotonic()
        at = max(now, self._next_click)
        self._next_click = at + self.click_gap
        if at > now:
            await asyncio.sleep(at - now)


class TableDriver:
    """One channel's table and its simulated players."""

    def __init__(
        self,
        index: int,
        double: LoadDouble,
        channel: Channel,
        members: list[Member],
        *,
        stats: Stats,
        rng: random.Random,
        think: float,
        hands_wanted: int,
        on_last_hand: Callable[[TableDriver], None] | None = None,
        from_dms: bool = False,
    ) -> None:
        self.from_dms = from_dms
        self.index = index
        self.double = double
        self.channel = channel
        self.members = members
        self.by_name = {m.display_name: m for m in members}
        self.stats = stats
        self.rng = rng
        self.think = think
        self.hands_wanted = hands_wanted
        self.on_last_hand = on_last_hand
        self.table_message: StoredMessage | None = None
        self.panels: dict[int, StoredMessage] = {}  # user id → newest panel message
        self.dealt: set[tuple[int, int]] = set()  # (hand, user id) sent a panel
        self.hands_seen: list[int] = []
        self.hands_done = 0
        self.seen_turns: set[TableTurn] = set()
        self.acted: dict[tuple[int, int], float] = {}  # (hand, turn) acted on → when
        self.active = True
        self.tasks: set[asyncio.Task[None]] = set()
        self.results_seen: set[int] = set()

    # ------------------------------------------------------------------ events (from the double)

    def on_channel_message(self, kind: str, stored: StoredMessage) -> None:
        if kind == "delete":
            return
        data = stored.data
        title = str(embed0(data).get("title") or "")
        if title.startswith(TABLE_TITLE):
            if self.table_message is None or stored.id >= self.table_message.id:
                self.table_message = stored
                self._table_changed(data)
            return
        result = RESULT_RE.match(title)
        # a result is posted, or takes the place of the table message (an edit): once a hand
        if result is not None and int(result.group(1)) not in self.results_seen:
            self.results_seen.add(int(result.group(1)))
            self.hands_done += 1
            self.stats.results.append((time.time(), self.index, int(result.group(1))))

    def on_dm(self, member: Member, kind: str, stored: StoredMessage) -> None:
        if kind == "delete":
            return
        title = panel_title(stored.data)
        if not title.startswith(PANEL_PREFIX):
            if kind == "create":
                self.stats.other_dms += 1
            return
        hand_id = int(title[len(PANEL_PREFIX) :])
        if (hand_id, member.id) not in self.dealt:
            # a deal: a new DM, or last hand's panel edited into this hand's through the token
            # of a click on it (a turn alert is a new panel of the same hand, not a deal)
            self.dealt.add((hand_id, member.id))
            key = (self.index, hand_id)
            self.stats.panels[key] = self.stats.panels.get(key, 0) + 1
        current = self.panels.get(member.id)
        if current is None or stored.id >= current.id:
            self.panels[member.id] = stored

    def _table_changed(self, data: dict[str, Any]) -> None:
        turn = read_turn(data)
        if turn is None or turn in self.seen_turns:
            return
        self.seen_turns.add(turn)
        now = time.time()
        for key in [k for k in self.acted if k[0] == turn.hand_id and k[1] < turn.seq]:
            self.stats.table_lag.append((now, (now - self.acted.pop(key)) * 1000))
        if turn.hand_id not in self.hands_seen:
            self.hands_seen.append(turn.hand_id)
            if len(self.hands_seen) == self.hands_wanted and self.on_last_hand is not None:
                self.on_last_hand(self)
        member = self.by_name.get(turn.name)
        if member is None or not self.active:
            return
        coro = self._act(member, turn) if turn.verb == "act" else self._draw(member, turn)
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: a player failed", self.index, exc_info=task.exception())

    # ------------------------------------------------------------------ acting

    async def _think(self) -> None:
        await asyncio.sleep(self.think * self.rng.uniform(0.8, 1.2))

    async def _click(
        self, member: Member, message: StoredMessage, custom_id: str, kind: str
    ) -> Interaction | None:
        await self.stats.click_slot()
        try:
            interaction = await self.double.click(member, message.id, custom_id)
        except DoubleError:
            self.stats.stale_clicks += 1
            return None
        self.stats.clicks.append(ClickRecord(interaction, kind, self.index, time.time()))
        return interaction

    async def _act(self, member: Member, turn: TableTurn) -> None:
        if self.from_dms:
            started = time.monotonic()
            panel = await self._panel_turn(member, turn)
            if panel is not None:
                waited = time.monotonic() - started
                self.stats.dm_waits.append((time.time() - waited, waited))
                await self._think()
                action = choose_bet(panel.data, self.rng)
                if action is None or not self.active:
                    self.stats.stale_clicks += 1
                    return
                custom_id = f"deuce:t:{self._table_id(panel)}:{turn.hand_id}:{turn.seq}:{action}"
                if await self._click(member, panel, custom_id, "bet") is not None:
                    self.acted[(turn.hand_id, turn.seq)] = self.stats.clicks[-1].at
                return
            self.stats.dm_fallbacks += 1
        await self._think()
        message = self.table_message
        if message is None or not self.active:
            return
        action = choose_bet(message.data, self.rng)
        if action is None:
            self.stats.stale_clicks += 1
            return
        custom_id = f"deuce:t:{self._table_id(message)}:{turn.hand_id}:{turn.seq}:{action}"
        if await self._click(member, message, custom_id, "bet") is not None:
            self.acted[(turn.hand_id, turn.seq)] = self.stats.clicks[-1].at

    async def _panel_turn(self, member: Member, turn: TableTurn) -> StoredMessage | None:
        """The member's newest DM panel once it shows the betting buttons of ``turn`` (a
        player new to their DMs gets them with the turn alert), None if it never does."""
        suffix = f":{turn.hand_id}:{turn.seq}:call"
        deadline = time.monotonic() + DM_TURN_WAIT
        while self.active and time.monotonic() < deadline:
            panel = self.panels.get(member.id)
            if panel is not None and any(
                str(b.get("custom_id", "")).endswith(suffix) for b in buttons(panel.data)
            ):
                return panel
            await asyncio.sleep(0.05)
        return None

    @staticmethod
    def _table_id(message: StoredMessage) -> str:
        for button in buttons(message.data):
            parts = str(button.get("custom_id", "")).split(":")
            if len(parts) == 6 and parts[1] == "t":
                return parts[2]
        return "0"

    async def _draw(self, member: Member, turn: TableTurn) -> None:
        await self._think()
        if not self.active:
            return
        panel = self.panels.get(member.id)
        if panel is None or f"{PANEL_PREFIX}{turn.hand_id}" != panel_title(panel.data):
            self.stats.stale_clicks += 1
            return
        cards = [
            b
            for b in buttons(panel.data)
            if ":c:" in str(b.get("custom_id")) and not b.get("disabled")
        ]
        if not cards:
            self.stats.stale_clicks += 1
            return
        count = self.rng.choices(range(len(DISCARD_WEIGHTS)), DISCARD_WEIGHTS)[0]
        marked = 0
        for card in self.rng.sample(cards, min(count, len(cards))):
            interaction = await self._click(member, panel, str(card["custom_id"]), "mark")
            if interaction is None:
                return
            if not await self.double.acknowledged(interaction, ACK_TIMEOUT):
                self.stats.missed_acks += 1
                break
            marked += 1
        draw_id = str(cards[0]["custom_id"]).rsplit(":", 1)[0].replace(":c:", ":d:", 1)
        what = "draw" if marked else "pat"
        if await self._click(member, panel, f"{draw_id}:{what}", "draw") is not None:
            self.acted[(turn.hand_id, turn.seq)] = self.stats.clicks[-1].at

    async def stop(self) -> None:
        """Stop acting and cancel thinking players (end of the run)."""
        self.active = False
        for task in list(self.tasks):
            task.cancel()
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)

"""Drive the real bot through the Discord double the way players would.

``PokerTable`` reads only what a Discord user sees — the table message in the channel, the DM or
ephemeral panel, the result embed — and acts only through slash commands and button clicks.
Whose turn it is comes from the table embed's Turn field, exactly as a player learns it.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import re
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.store.__main__ import audit_report
from tests.conftest import BotProcess, StartBot
from tests.discord_double import (
    ADMIN_MEMBER_PERMISSIONS,
    Channel,
    DiscordDouble,
    DoubleError,
    Guild,
    Interaction,
    Layout,
    Member,
    dump_message,
    iter_components,
    message_text,
    read_layout,
)
from tests.e2e.in_loop import BotInLoop, give_card_emojis

log = logging.getLogger(__name__)

REPO_ROOT = Path(__file__).resolve().parents[2]
CARD_RE = re.compile(r"(?:10|[2-9TJQKA])[♣♦♥♠]\ufe0f?")
"""A card as the bot shows it: rank and suit emoji (``10♦️``; the variation selector asks
Discord for the coloured emoji)."""
TABLE_TITLE = "2-7 Triple Draw"
HAND_RE = re.compile(r"hand #(\d+)")
TURN_RE = re.compile(r"^(?P<name>.+?) to (?P<verb>act|draw) ·")
SHOWS_RE = re.compile(r"^(?P<name>.+?) shows (?P<cards>.+?) — (?P<hand_name>.+)$")
WINS_RE = re.compile(r"(?P<name>[^,—:]+?) wins (?P<amount>[\d,]+)")
PANEL_PREFIX = "Your hand — hand #"

#: A betting policy: (table driver, member to act, table message) → "fold" | "call" | "raise".
Policy = Callable[["PokerTable", Member, dict[str, Any]], str]


def embed0(message: dict[str, Any] | None) -> dict[str, Any]:
    """The message's first embed; a Components V2 message (the table, a result) read as one
    (``v2_as_embed``)."""
    if read_layout(message).v2:
        return v2_as_embed(message)
    embeds = (message or {}).get("embeds") or []
    return embeds[0] if embeds else {}


def v2_as_embed(message: dict[str, Any] | None) -> dict[str, Any]:
    """A V2 message read as the embed it replaced: the ``### `` heading is the title (the rest
    of its text display and any text display without a heading the description), each text
    display whose first line is ``**Name**`` a field of that name, the first picture the
    image."""
    read = read_layout(message)
    title: str | None = None
    description: list[str] = []
    fields: list[dict[str, Any]] = []
    for text in read.texts:
        first, _, rest = text.partition("\n")
        if title is None and first.startswith("### "):
            title = first.removeprefix("### ")
            if rest:
                description.append(rest)
        elif first.startswith("**") and first.endswith("**") and len(first) > 4 and rest:
            fields.append({"name": first[2:-2], "value": rest, "inline": False})
        else:
            description.append(text)
    embed: dict[str, Any] = {"fields": fields}
    if title is not None:
        embed["title"] = title
    if description:
        embed["description"] = "\n".join(description)
    if read.media:
        embed["image"] = {"url": read.media[0]["url"]}
    return embed


def field_value(message: dict[str, Any], name: str) -> str | None:
    for item in embed0(message).get("fields") or []:
        if item.get("name") == name:
            return str(item.get("value"))
    return None


def buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in iter_components(list(message.get("components") or [])) if c["type"] == 2]


def layout(message: dict[str, Any] | None) -> Layout:
    """A Components V2 message as its reader sees it: ``.texts`` (every Text Display, in reading
    order), ``.text`` (them joined by newlines), ``.buttons`` (custom_id, label, disabled, style;
    in rows, as section accessories, in containers), ``.button(custom_id_or_label)``,
    ``.lines`` and ``.line(prefix)``, ``.media`` (pictures with their alt text),
    ``.component_count`` and ``.text_length``; ``.v2`` says whether the flag is set."""
    return read_layout(message)


def layout_text(message: dict[str, Any] | None) -> str:
    """Every Text Display of a V2 message, in order, joined by newlines."""
    return read_layout(message).text


def layout_line(message: dict[str, Any] | None, prefix: str) -> str | None:
    """The first text line of a V2 message starting with ``prefix`` (as ``field_value`` reads
    an embed's field), or None."""
    return read_layout(message).line(prefix)


def dump(message: dict[str, Any] | None) -> str:
    """The message's component tree as indented text (for notes and assertion messages)."""
    return dump_message(message)


def panel_title(message: dict[str, Any] | None) -> str:
    """A private panel's title as its reader reads it: the heading of a Components V2 panel
    (its first text display, after ``### ``), or an embed's title (a message that is not V2,
    such as the table's until it moves too); "" when it has none."""
    shown = read_layout(message)
    if shown.v2:
        first = shown.texts[0] if shown.texts else ""
        return first.removeprefix("### ") if first.startswith("### ") else ""
    return str(embed0(message).get("title") or "")


def panel_text(message: dict[str, Any] | None) -> str:
    """What a private panel says: every text display of a V2 panel in reading order (heading,
    seats, log, own lines, notices, footer), or an embed's description."""
    shown = read_layout(message)
    if shown.v2:
        return shown.text
    return str(embed0(message).get("description") or "")


def is_panel(message: dict[str, Any] | None, hand_id: int | None = None) -> bool:
    """Whether ``message`` is a private panel (of hand ``hand_id`` when given)."""
    title = panel_title(message)
    if hand_id is not None:
        return title == f"{PANEL_PREFIX}{hand_id}"
    return title.startswith(PANEL_PREFIX)


def table_seq(message: dict[str, Any]) -> int | None:
    for button in buttons(message):
        parts = str(button.get("custom_id", "")).split(":")
        if len(parts) == 6 and parts[1] == "t":
            return int(parts[4])
    return None


def hand_id_of(message: dict[str, Any]) -> int | None:
    match = HAND_RE.search(str(embed0(message).get("title") or ""))
    return int(match.group(1)) if match else None


def audit(db_path: Path | str) -> subprocess.CompletedProcess[str]:
    """``python -m bot.store audit DB`` (a SQLite path or a PostgreSQL URL) as an operator
    would run it."""
    return subprocess.run(
        [sys.executable, "-m", "bot.store", "audit", str(db_path)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def always(action: str) -> Policy:
    return lambda table, member, message: action


def check_or_call(table: PokerTable, member: Member, message: dict[str, Any]) -> str:
    return "call"


@dataclass
class HandOutcome:
    """What the channel showed at the end of one hand."""

    hand_id: int
    result: dict[str, Any]
    shown: dict[str, str] = field(default_factory=dict)  # display name → card labels
    winnings: dict[str, int] = field(default_factory=dict)  # display name → chips won
    mucked: list[str] = field(default_factory=list)  # display names whose hands were mucked
    uncontested: bool = False


class PokerTable:
    """One channel's table, seen and played through the double."""

    def __init__(self, double: DiscordDouble, channel: Channel, players: list[Member]) -> None:
        self.double = double
        self.channel = channel
        self.players = players
        self.acted: list[tuple[str, str]] = []  # (display name, action)

    # ------------------------------------------------------------------ reading

    def member(self, display_name: str) -> Member:
        for member in self.players:
            if member.display_name == display_name:
                return member
        raise KeyError(f"no player named {display_name!r}")

    def table_message(self) -> dict[str, Any] | None:
        """The newest live table message in the channel."""
        return self.double.last_message(
            self.channel, lambda m: str(embed0(m).get("title") or "").startswith(TABLE_TITLE)
        )

    def turn(self, message: dict[str, Any]) -> tuple[Member, str] | None:
        """Whose turn the table shows, when it is one of ``players`` (a house player's turn,
        played by the bot itself, is nobody's here)."""
        value = field_value(message, "Turn")
        if value is None:
            return None
        match = TURN_RE.match(value)
        if match is None:
            return None
        name = match["name"].replace("\\", "")
        if not any(member.display_name == name for member in self.players):
            return None
        return self.member(name), match["verb"]

    def result_message(self, hand_id: int) -> dict[str, Any] | None:
        title = f"Hand #{hand_id} result"
        return self.double.last_message(self.channel, lambda m: embed0(m).get("title") == title)

    def panel(self, member: Member, hand_id: int | None = None) -> dict[str, Any] | None:
        """The member's newest private panel (DM or ephemeral), for ``hand_id`` if given."""
        candidates = self.double.dms(member) + self.double.ephemerals(member)
        candidates.sort(key=lambda m: int(m["id"]))
        found = None
        for message in candidates:
            if is_panel(message, hand_id):
                found = message
        return found

    @staticmethod
    def panel_cards(panel: dict[str, Any]) -> list[str]:
        """The five card labels of a panel (the heading of its own part, under the table and
        the log)."""
        lines = panel_text(panel).split("\n")
        heading = next((line for line in lines if line.startswith("## ")), "")
        return CARD_RE.findall(heading)

    def outcome(self, hand_id: int) -> HandOutcome:
        result = self.result_message(hand_id)
        assert result is not None, f"no result for hand {hand_id}"
        outcome = HandOutcome(hand_id=hand_id, result=result)
        embed = embed0(result)
        description = str(embed.get("description") or "")
        if "uncontested" in description:
            outcome.uncontested = True
            match = re.match(r"^(?P<name>.+?) wins (?P<amount>[\d,]+) uncontested", description)
            assert match is not None, description
            outcome.winnings[match["name"].replace("\\", "")] = int(
                match["amount"].replace(",", "")
            )
            return outcome
        for line in (field_value(result, "Shown hands") or "").split("\n"):
            shows = SHOWS_RE.match(line)
            if shows:
                outcome.shown[shows["name"].replace("\\", "")] = shows["cards"]
            elif line.endswith(" mucks"):
                outcome.mucked.append(line.removesuffix(" mucks").replace("\\", ""))
        for line in (field_value(result, "Winners") or "").split("\n"):
            _, _, winners = line.partition(" — ")
            for match in WINS_RE.finditer(winners):
                name = match["name"].strip().replace("\\", "")
                amount = int(match["amount"].replace(",", ""))
                outcome.winnings[name] = outcome.winnings.get(name, 0) + amount
        return outcome

    # ------------------------------------------------------------------ waiting

    async def wait_table(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 15.0
    ) -> dict[str, Any]:
        def check() -> dict[str, Any] | None:
            message = self.table_message()
            return message if message is not None and predicate(message) else None

        return await self.double.wait_until(check, timeout)

    async def wait_hand(self, after: int | None = None, timeout: float = 20.0) -> int:
        """Wait for a running hand (newer than ``after``); return its id."""

        def running(message: dict[str, Any]) -> bool:
            hand_id = hand_id_of(message)
            if hand_id is None or (after is not None and hand_id <= after):
                return False
            return self.turn(message) is not None

        message = await self.wait_table(running, timeout)
        hand_id = hand_id_of(message)
        assert hand_id is not None
        return hand_id

    # ------------------------------------------------------------------ acting

    async def join(self, member: Member, **options: Any) -> Interaction:
        interaction = await self.double.invoke(member, self.channel, "poker join", **options)
        await interaction.response(timeout=10)
        await interaction.wait_followups(1, timeout=10)
        return interaction

    async def click_table(self, member: Member, action: str) -> Interaction:
        """Press Fold / Check-Call / Bet-Raise / My cards on the current table message."""
        message = self.table_message()
        assert message is not None, "no table message"
        button = next(
            (b for b in buttons(message) if str(b.get("custom_id", "")).endswith(f":{action}")),
            None,
        )
        if button is None:
            raise DoubleError(f"no {action} button on the table: {buttons(message)}")
        interaction = await self.double.click(member, message, button["custom_id"])
        await interaction.response(timeout=10)
        return interaction

    def fold_question(self, member: Member) -> dict[str, Any]:
        """The newest private "Fold anyway?" the member was asked (a Fold with a free check)."""
        return next(
            m for m in reversed(self.double.ephemerals(member)) if "Fold anyway?" in m["content"]
        )

    async def confirm_fold(self, member: Member, clicked: Interaction) -> None:
        """Press "Fold anyway" if the Fold click was asked about (checking was free)."""
        response = await clicked.response(timeout=10)
        if "Fold anyway?" not in response.content:
            return
        question = self.fold_question(member)
        confirm = next(b for b in buttons(question) if b["custom_id"].endswith(":foldx"))
        confirmed = await self.double.click(member, question, confirm["custom_id"])
        await confirmed.response(timeout=10)

    def draw_panel(self, member: Member, hand_id: int) -> dict[str, Any] | None:
        """The member's newest panel for ``hand_id`` if it offers a draw (a live Draw or Stand
        pat button)."""
        panel = self.panel(member, hand_id)
        if panel is None:
            return None
        offered = any(
            str(b.get("custom_id", "")).startswith("deuce:d:") and not b.get("disabled")
            for b in buttons(panel)
        )
        return panel if offered else None

    async def draw(self, member: Member, hand_id: int, discards: int = 0) -> Interaction:
        """Mark the first ``discards`` cards on the member's panel and draw (or stand pat)."""
        if self.panel(member, hand_id) is None:
            # No DM: open the panel with the table's My cards button, as a player would.
            await self.click_table(member, "cards")
        assert self.panel(member, hand_id) is not None, (
            f"{member.display_name} has no panel for hand {hand_id}"
        )
        # The panel's edit to this draw may come after the table message showing the turn.
        panel = await self.double.wait_until(lambda: self.draw_panel(member, hand_id), 10)
        for index in range(discards):
            card_button = next(
                b for b in buttons(panel) if str(b.get("custom_id", "")).endswith(f":{index}")
            )
            click = await self.double.click(member, panel, card_button["custom_id"])
            await click.response(timeout=10)
            panel = self.double.current(panel)
            assert panel is not None
        what = "draw" if discards else "pat"
        confirm = next(
            b for b in buttons(panel) if str(b.get("custom_id", "")).endswith(f":{what}")
        )
        interaction = await self.double.click(member, panel, confirm["custom_id"])
        await interaction.response(timeout=10)
        return interaction

    async def play_hand(
        self,
        policy: Policy = check_or_call,
        discards: Callable[[Member, int], int] | None = None,
        timeout: float = 90.0,
    ) -> HandOutcome:
        """Play the running hand to its end: bet with ``policy``, draw ``discards`` cards."""
        hand_id = self.running_hand()
        deadline = time.monotonic() + timeout
        last_seq: int | None = None
        draws_seen: dict[int, int] = {}
        while (current := await self.next_turn(hand_id, last_seq, deadline)) is not None:
            last_seq = table_seq(current)
            turn = self.turn(current)
            assert turn is not None
            member, verb = turn
            if verb == "act":
                action = policy(self, member, current)
                self.acted.append((member.display_name, action))
                clicked = await self.click_table(member, action)
                if action == "fold":
                    await self.confirm_fold(member, clicked)
            else:
                number = draws_seen.get(member.id, 0) + 1
                draws_seen[member.id] = number
                count = discards(member, number) if discards else 0
                self.acted.append((member.display_name, f"draw {count}"))
                await self.draw(member, hand_id, count)
        return self.outcome(hand_id)

    def running_hand(self) -> int:
        """The id of the hand the table message shows."""
        message = self.table_message()
        assert message is not None
        hand_id = hand_id_of(message)
        assert hand_id is not None
        return hand_id

    async def next_turn(
        self, hand_id: int, previous_seq: int | None, deadline: float
    ) -> dict[str, Any] | None:
        """The table message once it shows a turn of hand ``hand_id`` after ``previous_seq``;
        None once the hand's result is posted. Fails the test at ``deadline`` (monotonic)."""
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"hand {hand_id} did not finish in time"

        def next_state() -> tuple[str, Any] | None:
            if self.result_message(hand_id) is not None:
                return ("done", None)
            current = self.table_message()
            if current is None or hand_id_of(current) != hand_id:
                return None
            seq = table_seq(current)
            if seq is None or seq == previous_seq or self.turn(current) is None:
                return None
            return ("turn", current)

        kind, current = await self.double.wait_until(next_state, remaining)
        return None if kind == "done" else current


def channel_card_leaks(double: DiscordDouble, channel: Channel) -> list[str]:
    """Card labels in a channel message event that were not shown at a showdown: a table
    message of hand N may name only the cards hand N's result shows (its log says who showed
    what), the table between hands only cards some result shows, any other message none."""
    events = [e for e in double.channel_events(channel) if e.kind != "delete"]
    shown: dict[int, set[str]] = {}
    for event in events:
        title = str(embed0(event.payload).get("title") or "")
        match = re.match(r"Hand #(\d+) result", title)
        if match:
            cards = set(CARD_RE.findall(message_text(event.payload)))
            shown.setdefault(int(match[1]), set()).update(cards)
    everything = set().union(*shown.values()) if shown else set()
    leaks: list[str] = []
    for event in events:
        title = str(embed0(event.payload).get("title") or "")
        if title.endswith(" result"):
            continue
        hand_id = hand_id_of(event.payload)
        if not title.startswith(TABLE_TITLE):
            allowed: set[str] = set()  # a notice: no card, unless a player chose to show
        elif hand_id is not None:
            allowed = shown.get(hand_id, set())
        else:  # the table between hands: the last hand's log
            allowed = everything
        found = [c for c in CARD_RE.findall(message_text(event.payload)) if c not in allowed]
        if found:
            leaks.append(f"{event.kind} {event.message_id}: {found}")
    return leaks


BALANCE_RE = re.compile(r"([\d,]+) chips in your wallet, ([\d,]+) on tables")
SUIT_LETTERS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def label_to_card(label: str) -> str:
    """``10♣️`` → ``Tc``: a card label as the engine's card string."""
    label = label.replace("\ufe0f", "")
    rank = "T" if label[:-1] == "10" else label[:-1]
    return rank + SUIT_LETTERS[label[-1]]


def labels_to_cards(labels: str | list[str]) -> str:
    found = CARD_RE.findall(labels) if isinstance(labels, str) else labels
    return "".join(label_to_card(x) for x in found)


async def balance(table: PokerTable, member: Member) -> tuple[int, int]:
    """``/chips balance`` as ``member``: (wallet, chips on tables), read from the reply."""
    interaction = await table.double.invoke(member, table.channel, "chips balance")
    response = await interaction.response(timeout=10)
    text = response.content or "\n".join(m["content"] for m in interaction.followups)
    assert response.ephemeral, "a balance is private"
    match = BALANCE_RE.search(text)
    assert match is not None, text
    return int(match.group(1).replace(",", "")), int(match.group(2).replace(",", ""))


async def chips_total(table: PokerTable) -> int:
    """Every player's wallet plus chips on tables, as ``/chips balance`` tells each."""
    total = 0
    for member in table.players:
        wallet, on_table = await balance(table, member)
        total += wallet + on_table
    return total


async def private_reply(interaction: Interaction, timeout: float = 10.0) -> str:
    """The text of an ephemeral reply (callback or follow-up); fails if it is public."""
    response = await interaction.response(timeout=timeout)
    if response.type in (4,):
        assert response.ephemeral, f"expected a private reply, got {response.data}"
        return response.content
    followups = await interaction.wait_followups(1, timeout=timeout)
    assert all(m["flags"] & 64 for m in followups), followups
    return "\n".join(m["content"] for m in followups)


async def forged_click(
    double: DiscordDouble, who: Member, message: dict[str, Any], custom_id: str
) -> Interaction:
    """A click whose ``custom_id`` a modified client rewrote: the first enabled button of a
    copy of ``message`` (one ``who`` may click) carries it."""
    snapshot = copy.deepcopy(message)
    button = next(
        c
        for c in iter_components(list(snapshot.get("components") or []))
        if c.get("type") == 2 and "custom_id" in c and not c.get("disabled")
    )
    button["custom_id"] = custom_id
    return await double.click(who, snapshot, custom_id, stale=True)


NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank")
START_WALLET = 1000
DEFAULT_BUY_IN = 400


@dataclass
class Club:
    """One guild with a #poker channel, an admin, and the bot running against the double: a
    process of its own (``make_club``) or the module's bot in the test's loop
    (``make_club_in_loop``), which plays the same for everything a member does."""

    double: DiscordDouble
    guild: Guild
    channel: Channel
    admin: Member
    bot: BotProcess | BotInLoop
    db_path: Path
    routes_before: int = 0
    """The double's unknown routes before this club's test (a shared double's are the module's)."""
    interactions_before: int = 0
    """The double's interactions before this club's test."""

    def interactions(self) -> list[Interaction]:
        """Every interaction the double sent during this club's test (on a bot process of its
        own, all of them)."""
        return self.double.interactions[self.interactions_before :]

    async def players(self, count: int, *, closed_dms: tuple[str, ...] = ()) -> list[Member]:
        members = []
        for name in NAMES[:count]:
            members.append(
                await self.double.add_member(
                    self.guild, name.lower(), display_name=name, dms_closed=name in closed_dms
                )
            )
        return members

    async def seated(self, count: int, *, closed_dms: tuple[str, ...] = ()) -> PokerTable:
        """``count`` players who each ran /poker join (default buy-in), with a hand dealt."""
        members = await self.players(count, closed_dms=closed_dms)
        table = PokerTable(self.double, self.channel, members)
        for member in members:
            await table.join(member)
        hand_id = await table.wait_hand()
        # The table may show the deal before the DMs arrive: the dealt panels are there too.
        dealt = [m for m in members if m.display_name not in closed_dms]
        await self.double.wait_until(lambda: all(table.panel(m, hand_id) for m in dealt), 10)
        return table

    def audit_ok(self) -> str:
        """The store passes its audit: the report ``python -m bot.store audit`` prints (whose
        exit codes ``tests/store`` checks), made here on a store of its own in a thread while
        the event loop waits, as it waited for the command, without starting an interpreter
        (a third of a second of CPU each)."""
        with ThreadPoolExecutor(1) as aside:
            report = aside.submit(asyncio.run, audit_report(str(self.db_path))).result()
        assert report.ok, report.format()
        return report.format()


MakeClub = Callable[..., Awaitable[Club]]


#: A card as the engine writes it (``7s``, ``Td``), standing alone: not the end of a decimal
#: (discord.py's "websocket is 19.8s behind" on a loaded machine is no eight of spades).
CARD_TOKEN_RE = re.compile(r"(?<![A-Za-z0-9.])[2-9TJQKA][cdhs](?![A-Za-z0-9])")
LOG_LEVEL_RE = re.compile(r"^\S+ \S+ (INFO|WARNING|ERROR|CRITICAL)\b")
ERROR_LINE_RE = re.compile(r"^\S+ \S+ (ERROR|CRITICAL)\b")


def cards_in_logs(output: str) -> list[str]:
    """Log lines at INFO or above that contain a card (engine notation or a card label)."""
    found = []
    for line in output.splitlines():
        if LOG_LEVEL_RE.match(line) and (CARD_TOKEN_RE.search(line) or CARD_RE.search(line)):
            found.append(line)
    return found


def dm_cards(double: DiscordDouble, members: list[Member]) -> set[str]:
    """Every card the bot's DMs to ``members`` ever showed (each version of each message, as
    text or as a card-face emoji), in engine notation (``7s``)."""
    found: set[str] = set()
    for member in members:
        for event in double.channel_events(double.dm_channel(member)):
            found.update(label_to_card(x) for x in CARD_RE.findall(message_text(event.payload)))
            for component in iter_components(list(event.payload.get("components") or [])):
                name = str((component.get("emoji") or {}).get("name") or "")
                found.update(CARD_TOKEN_RE.findall(name.replace("_", " ")))
    return found


def hand_dm_cards(double: DiscordDouble, member: Member, hand_id: int) -> set[str]:
    """Every card the member's DM panel of hand ``hand_id`` ever showed (each version, as text
    or as a card-face emoji), in engine notation: ``dm_cards`` of that one hand (the table
    plays several, and one player's cards of one hand may be the other's of another)."""
    title = f"{PANEL_PREFIX}{hand_id}"
    found: set[str] = set()
    for event in double.channel_events(double.dm_channel(member)):
        if panel_title(event.payload) != title:
            continue
        found.update(label_to_card(x) for x in CARD_RE.findall(message_text(event.payload)))
        for component in iter_components(list(event.payload.get("components") or [])):
            name = str((component.get("emoji") or {}).get("name") or "")
            found.update(CARD_TOKEN_RE.findall(name.replace("_", " ")))
    return found


def private_cards_in_logs(output: str, cards: set[str]) -> list[str]:
    """Log lines at any level, DEBUG included (and the lines of a traceback), that name one of
    ``cards`` (engine notation): as a card label (``7♠️``) or in engine notation (``7s``)."""
    found = []
    for line in output.splitlines():
        named = {label_to_card(label) for label in CARD_RE.findall(line)}
        named.update(CARD_TOKEN_RE.findall(line))
        if named & cards:
            found.append(line)
    return found


def tokens_in_logs(output: str, double: DiscordDouble) -> list[str]:
    """Log lines, at any level, carrying the token of an interaction the double sent."""
    tokens = [interaction.token for interaction in double.interactions]
    return [line for line in output.splitlines() if any(token in line for token in tokens)]


async def make_club(
    double: DiscordDouble,
    start_bot: StartBot,
    tmp_path: Path,
    *,
    first_start: bool = False,
    **env: str,
) -> Club:
    """A guild, #poker, an admin with Manage Server, and the bot started with ``env``. The
    application owns its card emojis already, as after a deployment's first start (52 pictures
    drawn and uploaded: a second and a half of every test), unless ``first_start`` (the bot
    uploads them, as ``tests/e2e/test_pictures.py`` checks)."""
    if not first_start and not double.app_emojis:
        give_card_emojis(double)
    guild = await double.add_guild("Deuce Club")
    channel = await double.add_channel(guild, "poker")
    admin = await double.add_member(
        guild, "admin", display_name="Admin", permissions=ADMIN_MEMBER_PERMISSIONS
    )
    db_path = tmp_path / "deuce.db"
    bot = await start_bot(double, db_path, **env)
    return Club(double, guild, channel, admin, bot, db_path)


SHARDS = 2
"""Shards of the sharded end-to-end tests (one process each)."""
HANDOFF_LOG = "Handed a DM click"
"""What the process of shard 0 logs (DEBUG) for each click it hands to another process."""


IN_LOOP = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.bot_in_loop]
"""``pytestmark = IN_LOOP``: the module's ``club`` is a fresh guild of one bot running in the
module's event loop (``tests/e2e/conftest.py``) rather than a bot process per test."""


def in_loop_with(env: Callable[[DiscordDouble], dict[str, str]]) -> list[pytest.MarkDecorator]:
    """``pytestmark = in_loop_with(env)``: ``IN_LOOP``, the module's bot started with
    ``env(double)`` in its environment besides the tests' own (``bot_env``), its double made
    first (the settings may name it: its application as the OAuth2 client)."""
    return [pytest.mark.asyncio(loop_scope="module"), pytest.mark.bot_in_loop(env=env)]


OWN_PROCESS = pytest.mark.asyncio(loop_scope="function")
"""In an ``IN_LOOP`` module, a test that starts a bot process of its own (``make_club`` with its
own environment) runs in a loop of its own, as every process test does."""


async def make_club_in_loop(bot: BotInLoop) -> Club:
    """A new guild, #poker and an admin with Manage Server, on the bot running in this loop;
    its ``output()`` from here on is this club's test's."""
    double = bot.double
    guild = await double.add_guild("Deuce Club")
    channel = await double.add_channel(guild, "poker")
    admin = await double.add_member(
        guild, "admin", display_name="Admin", permissions=ADMIN_MEMBER_PERMISSIONS
    )
    bot.begin()
    return Club(
        double,
        guild,
        channel,
        admin,
        bot,
        bot.db_path,
        routes_before=len(double.unknown_routes),
        interactions_before=len(double.interactions),
    )


def error_lines(output: str) -> list[str]:
    """The bot's log lines at ERROR or CRITICAL (a traceback's first line)."""
    return [line for line in output.splitlines() if ERROR_LINE_RE.match(line)]


def check_after_test(club: Club) -> None:
    """Whatever a test did: no ERROR line in the bot's log, no card in a log line at INFO or
    above, no unknown route."""
    output = club.bot.output()
    errors, cards = error_lines(output), cards_in_logs(output)
    assert not errors, f"ERROR lines in the bot's log: {errors}"
    assert not cards, f"cards in the bot's log at INFO or above: {cards}"
    unknown = club.double.unknown_routes[club.routes_before :]
    assert not unknown, f"routes the double does not know: {unknown}"


STEP_RE = re.compile(r"step (\d+)/(\d+)")
"""The replayer's step in its title."""


def step_of(message: dict[str, Any]) -> tuple[int, int]:
    match = STEP_RE.search(str(embed0(message).get("title") or ""))
    assert match is not None, embed0(message)
    return int(match[1]), int(match[2])


def replay_button(message: dict[str, Any], label: str) -> dict[str, Any]:
    return next(b for b in buttons(message) if b.get("label") == label)


def command_mention(double: DiscordDouble, path: str) -> str:
    """A command's mention as the bot writes it once its commands are synced (``</poker
    join:ID>``, the top-level command's id): Discord shows it in each reader's language."""
    top = double.synced_command(path.split()[0])
    assert top is not None, path
    return f"</{path}:{top['id']}>"

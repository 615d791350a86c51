"""Golden output of every rendered surface for fixed seeded hands: the table message, each
player's panel, the result, the sit-and-go standings and registration, the replayer's step
view, in English and Swedish. What players read must stay byte-identical when the renderers
move; ``tests/table/golden/render.json`` was written by the renderers before they did.

Rewrite the file (only for an intended change of what players read) with
``DEUCE_WRITE_GOLDEN=1 .venv/bin/python -m pytest tests/table/test_render_golden.py``.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.engine import Hand, Phase, SeatedPlayer, Stakes
from bot.engine.replay import replay_steps
from bot.features.replay.viewer import LoadedReplay
from bot.features.sitngo import views as sitngo
from bot.messages import speaking
from bot.store import Store
from bot.store.models import EntryRow, TournamentRow
from bot.table import emojis
from bot.table.pictures import HAND_FILE, panel_picture_text
from bot.table.render import (
    PanelPicture,
    fold_anyway_view,
    panel_layout,
    result_embed,
    standings_embed,
    table_embed,
    table_view,
)
from bot.table.render.replay import result_view, step_embed, step_view
from bot.table.render.standings import registration_embed, registration_view
from bot.table.seating import HandNotes, result_summary
from bot.table.snapshot import (
    ResultSnapshot,
    TableSnapshot,
    TournamentLine,
    TournamentNews,
    panel_snapshot,
    result_from_summary,
    result_snapshot,
    table_snapshot,
)
from tests.table._helpers import ALICE, BOB, CAROL, NAMES, seat_row

GOLDEN = Path(__file__).parent / "golden" / "render.json"
LANGUAGES = ("en", "sv")
DEADLINE = 1_800_000_000.0
PLAYERS = (ALICE, BOB, CAROL)


def seeded_hand(seed: int) -> Hand:
    players = [SeatedPlayer(p, NAMES[p], 500, i) for i, p in enumerate(PLAYERS)]
    return Hand.start(players, 0, Stakes(10), rng=random.Random(seed), hand_id=77)


def table_of(hand: Hand | None, *, last_hand: Hand | None = None) -> TableSnapshot:
    seats = [seat_row(i, p, NAMES[p], 500) for i, p in enumerate(PLAYERS)]
    return table_snapshot(
        table_id=1,
        settings=None,
        seats=seats,
        hand=hand,
        last_hand=last_hand,
        leaving=(),
        deadline=DEADLINE,
        next_hand_at=None if hand is not None else DEADLINE + 30,
        closing=False,
        closed=False,
    )


def view_json(view: discord.ui.View | None) -> Any:
    return None if view is None else view.to_components()


def embed_json(embed: discord.Embed) -> Any:
    return embed.to_dict()


def table_json(snapshot: TableSnapshot) -> dict[str, Any]:
    return {"embed": embed_json(table_embed(snapshot)), "view": view_json(table_view(snapshot))}


def panels_json(hand: Hand, public: TableSnapshot | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for style, players in (("two-colour", PLAYERS), ("text", (ALICE,))):
        for player in players:
            notes = HandNotes()
            panel = panel_snapshot(1, hand, player, notes, public, style)
            alt = panel_picture_text(panel)
            picture = PanelPicture(f"attachment://{HAND_FILE}", alt) if alt else None
            out[f"{NAMES[player]} {style}"] = panel_layout(panel, picture).to_components()
    return out


def play(hand: Hand, draws: dict[int, int], *, fold: tuple[int, ...] = ()) -> dict[str, Any]:
    """Play ``hand`` to its end, each player calling (those in ``fold`` folding) and
    drawing ``draws[player]`` of their first cards, recording the table and the panels at
    each change of round."""
    shots: dict[str, Any] = {}

    def shoot(label: str) -> None:
        public = table_of(hand)
        shots[label] = {"table": table_json(public), "panels": panels_json(hand, public)}

    last_round, acted = None, 0
    while not hand.is_complete:
        round_ = (hand.phase, hand.draw_round)
        acted = acted + 1 if round_ == last_round else 0
        last_round = round_
        if acted < 2:  # each round as it opens, and after its first action
            shoot(f"{hand.phase.value} {hand.draw_round} {acted}")
        player = hand.to_act
        assert player is not None
        if hand.phase is Phase.DRAWING:
            hand.draw(player, list(hand.private_view(player).cards[: draws[player]]))
        elif player in fold:
            hand.fold(player)
        else:
            hand.check_or_call(player)
    shots["end table"] = table_json(table_of(None, last_hand=hand))
    shots["end panels"] = panels_json(hand, None)
    result = result_snapshot(hand, 77, dict(NAMES))
    shots["result"] = embed_json(result_embed(result))
    summary = hand.result
    assert summary is not None
    rebuilt = result_from_summary(77, result_summary(summary, dict(NAMES)))
    shots["result from summary"] = embed_json(result_embed(rebuilt))
    return shots


def replay_json(hand: Hand) -> list[Any]:
    out = []
    for viewer in (ALICE, None):
        replay = replay_steps(hand, viewer)
        loaded = LoadedReplay(replay, False, False, True, 20, viewer is not None)
        for step in replay.steps:
            out.append(
                {
                    "embed": embed_json(step_embed(loaded, step)),
                    "view": view_json(step_view(replay, step.number)),
                }
            )
    out.append(view_json(result_view(77)))
    return out


def tournament_json() -> dict[str, Any]:
    entries = [
        EntryRow(ALICE, "Alice", None, 1.0, 2, 0),
        EntryRow(BOB, "Bob *bold*", None, 2.0, 1, 300),
        EntryRow(1, "Dealer", "easy", 3.0, None, None),
    ]
    row = TournamentRow(
        id=5,
        guild_id=10,
        channel_id=20,
        status="registering",
        created_by=ALICE,
        created_at=0.0,
        buy_in=100,
        seats=6,
        start_stack=1500,
        level_minutes=6,
        level_hands=None,
        structure="regular",
        starts_at=DEADLINE,
        message_id=None,
        table_id=None,
        started_at=None,
        finished_at=None,
        clock=None,
        cancel_reason=None,
    )
    return {
        "standings": embed_json(standings_embed(5, entries, 300)),
        "registration": embed_json(registration_embed(row, entries)),
        "registration view": view_json(registration_view(row)),
        **tournament_tables(),
    }


def tournament_tables() -> dict[str, Any]:
    """A sit-and-go's table through its states: the hand that begins level 2 (after a player
    finished), between hands with the level ending at the next deal, levels by minutes, won,
    cancelled; and a result that puts a player out and announces the next level."""
    line = TournamentLine(
        tournament_id=5,
        level=2,
        limits="20/40",
        next_limits="30/60",
        level_ends_at=None,
        hands_left=1,
        players_left=3,
        entrants=4,
        average_stack=666,
        small_bet=20,
        small_blind=10,
        news=(
            TournamentNews("out", name="Dave", place=4, house=True),
            TournamentNews("level", level=2, limits="20/40"),
        ),
    )
    players = [SeatedPlayer(p, NAMES[p], 666, i) for i, p in enumerate(PLAYERS)]
    hand = Hand.start(players, 0, Stakes(20), rng=random.Random(5), hand_id=78)
    seats = [seat_row(i, p, NAMES[p], 666) for i, p in enumerate(PLAYERS)]
    common: dict[str, Any] = {
        "table_id": 1,
        "settings": None,
        "last_hand": None,
        "leaving": (),
        "deadline": DEADLINE,
        "next_hand_at": None,
        "closing": False,
    }
    running = table_snapshot(**common, seats=seats, hand=hand, closed=False, tournament=line)
    between = replace(
        line,
        hands_left=0,
        players_left=2,
        average_stack=1000,
        news=(),
        last_news=(
            TournamentNews("out", name="Carol", place=3),
            TournamentNews("away", name="Bob"),
        ),
    )
    waiting = table_snapshot(**common, seats=seats[:2], hand=None, closed=False, tournament=between)
    minutes = replace(line, level_ends_at=DEADLINE + 240, hands_left=None, news=())
    timed = table_snapshot(**common, seats=seats, hand=None, closed=False, tournament=minutes)
    standings = (
        TournamentNews("out", name="Alice", place=1, prize=280),
        TournamentNews("out", name="Bob", place=2, prize=120),
        TournamentNews("out", name="Carol", place=3),
        TournamentNews("out", name="Dave", place=4, house=True),
    )
    won = replace(
        between,
        players_left=1,
        last_news=(standings[1],),
        state="finished",
        standings=standings,
    )
    finished = table_snapshot(**common, seats=[], hand=None, closed=True, tournament=won)
    called_off = replace(line, state="cancelled", news=())
    cancelled = table_snapshot(**common, seats=[], hand=None, closed=True, tournament=called_off)
    result = ResultSnapshot(
        hand_id=78,
        uncontested=("Alice", 120),
        nets=(("Alice", 60), ("Bob", -60)),
        tournament_id=5,
        news=(
            TournamentNews("out", name="Bob", place=2, prize=120),
            TournamentNews("next level", level=3, limits="30/60"),
        ),
    )
    return {
        "table level 2 begins": table_json(running),
        "table between hands": table_json(waiting),
        "table by minutes": table_json(timed),
        "table won": table_json(finished),
        "table cancelled": table_json(cancelled),
        "result with places": embed_json(result_embed(result)),
    }


def everything() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for language in LANGUAGES:
        with speaking(language):
            showdown = seeded_hand(7)
            shots: dict[str, Any] = {"showdown": play(showdown, {ALICE: 2, BOB: 0, CAROL: 1})}
            folded = seeded_hand(11)
            shots["folded"] = play(folded, {ALICE: 0, BOB: 0, CAROL: 3}, fold=(BOB,))
            shots["uncontested"] = play(seeded_hand(3), {}, fold=(BOB, CAROL))
            shots["fold anyway"] = view_json(fold_anyway_view(1, 77, 12))
            shots["replay"] = replay_json(showdown)
            shots["tournament"] = tournament_json()
            out[language] = shots
    return json.loads(json.dumps(out, ensure_ascii=False))


def flat(tree: dict[str, Any]) -> dict[str, Any]:
    """``{"en": {"showdown": {"drawing 1 0": ...}}}`` as ``{"en | showdown | drawing 1 0": ...}``
    (one surface a line in the golden file, so a change shows as the surfaces it touched)."""
    out: dict[str, Any] = {}
    for key, value in tree.items():
        if isinstance(value, dict) and key not in ("table", "embed", "end table"):
            out.update({f"{key} | {k}": v for k, v in flat(value).items()})
        else:
            out[key] = value
    return out


def test_every_surface_renders_exactly_as_the_golden_file_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    faces = {c: discord.PartialEmoji(name=f"deuce_{c}", id=10_000 + c) for c in range(52)}
    monkeypatch.setattr(emojis, "_by_card", faces)  # the card buttons show their faces
    got = flat(everything())
    if os.environ.get("DEUCE_WRITE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        lines = [f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in got.items()]
        GOLDEN.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    want = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert list(got) == list(want)
    for surface, rendered in want.items():
        assert got[surface] == rendered, surface


SHOW_GOLDEN = Path(__file__).parent / "golden" / "sng_show.json"


class ShowStore:
    """The two reads of ``/poker sng show``: the entries, the seats of the tournament's table."""

    def __init__(self, entries: list[EntryRow]) -> None:
        self.tournaments = SimpleNamespace(entries=self._entries)
        self.tables = SimpleNamespace(seats=self._seats)
        self.entries = entries

    async def _entries(self, tournament_id: int) -> list[EntryRow]:
        return self.entries

    async def _seats(self, table_id: int) -> list[Any]:
        return [seat_row(0, ALICE, "Alice", 2400), seat_row(1, CAROL, "Carol", 600)]


async def test_sit_and_go_show_renders_exactly_as_the_golden_file_says() -> None:
    """``/poker sng show`` of a registering, a running and a finished tournament."""
    entries = [
        EntryRow(ALICE, "Alice", None, 1.0, None, None),
        EntryRow(BOB, "Bob *bold*", None, 2.0, 3, 0),
        EntryRow(CAROL, "Carol", None, 3.0, None, None),
        EntryRow(1, "Dealer", "easy", 4.0, 2, 100),
    ]
    store = cast(Store, ShowStore(entries))
    got: dict[str, Any] = {}
    for language in LANGUAGES:
        with speaking(language):
            for status in ("registering", "running", "finished"):
                row = TournamentRow(
                    id=5,
                    guild_id=10,
                    channel_id=20,
                    status=status,
                    created_by=ALICE,
                    created_at=0.0,
                    buy_in=100,
                    seats=4,
                    start_stack=1500,
                    level_minutes=None,
                    level_hands=8,
                    structure="turbo",
                    starts_at=None,
                    message_id=None,
                    table_id=None if status == "registering" else 3,
                    started_at=None,
                    finished_at=None,
                    clock=None,
                    cancel_reason=None,
                )
                embed = await sitngo.standings(store, row)
                got[f"{language} | {status}"] = embed.to_dict()
    got = json.loads(json.dumps(got, ensure_ascii=False))
    if os.environ.get("DEUCE_WRITE_GOLDEN"):
        SHOW_GOLDEN.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", "utf-8")
    assert got == json.loads(SHOW_GOLDEN.read_text(encoding="utf-8"))

"""A sit-and-go's table and results read as a tournament's (issue 35): the level shown is the
level being played, in the title and the field alike, between hands too; level-ups, places
and players away are lines of the table's log and of the hand's result; a finished or
cancelled tournament's table closes in its own words, never a cash table's (wallets,
/poker join), in every language."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from bot.engine import Hand, SeatedPlayer, Stakes
from bot.messages import speaking, t
from bot.table.render import result_layout, table_layout
from bot.table.snapshot import (
    ResultSnapshot,
    TableSnapshot,
    TournamentLine,
    TournamentNews,
    table_snapshot,
)
from bot.ui.layout import PlainLayout
from tests.table._helpers import ALICE, BOB, CAROL, NAMES, seat_row
from tests.table._layouts import heading, headings, read, section

LANGUAGES = ("en", "hu", "ru", "sv", "id")
PLAYERS = (ALICE, BOB, CAROL)
LEVEL_1 = TournamentLine(
    tournament_id=7,
    level=1,
    limits="10/20",
    next_limits="20/40",
    level_ends_at=None,
    hands_left=0,
    players_left=3,
    entrants=4,
    average_stack=266,
    small_bet=10,
    small_blind=5,
)
OUT = TournamentNews("out", name="Dave", place=4)
PAID = TournamentNews("out", name="Bob", place=2, prize=120)
LEVEL_UP = TournamentNews("level", level=2, limits="20/40")
NEXT_LEVEL = TournamentNews("next level", level=2, limits="20/40")
STANDINGS = (
    TournamentNews("out", name="Carol", place=1, prize=280),
    PAID,
    TournamentNews("out", name="Alice", place=3),
    TournamentNews("out", name="Dave", place=4, house=True),
)


def snapshot(
    line: TournamentLine, *, hand: Hand | None = None, closed: bool = False, **settings: Any
) -> TableSnapshot:
    seats = [] if closed else [seat_row(i, p, NAMES[p], 266) for i, p in enumerate(PLAYERS)]
    stakes = SimpleNamespace(small_bet=20, effective_small_blind=10, cap=4, **settings)
    return table_snapshot(
        table_id=1,
        settings=stakes,
        seats=seats,
        hand=hand,
        last_hand=None,
        leaving=(),
        deadline=None,
        next_hand_at=None,
        closing=False,
        closed=closed,
        tournament=line,
    )


def text_of(layout: PlainLayout) -> str:
    return read(layout).text


def field(layout: PlainLayout, name: str) -> str:
    text = section(layout, name)
    assert text is not None, (name, headings(layout))
    return text


def test_between_hands_the_title_shows_the_level_being_played_as_the_field_does() -> None:
    """The next deal is at level 2 (the table's settings already hold its 20/40), but level
    1 is being played: the title and the blinds say 10/20, as the field, which says when the
    next comes. (The title showed the next level's 20/40 beside "Level 1: 10/20".)"""
    with speaking("en"):
        layout = table_layout(snapshot(LEVEL_1))
    assert heading(layout) == "2-7 Triple Draw · 10/20"
    assert read(layout).lines[1].startswith("Blinds 5/10")
    assert field(layout, "Sit-and-go #7").startswith("Level 1: 10/20 · next 20/40 at the next deal")


def test_level_ups_and_places_are_lines_of_the_log_around_the_hands_actions() -> None:
    """While a hand runs, what came before it (a place, the level it began) heads its log;
    between hands, the last hand's places follow its actions."""
    players = [SeatedPlayer(p, NAMES[p], 266, i) for i, p in enumerate(PLAYERS)]
    hand = Hand.start(players, 0, Stakes(20), rng=random.Random(3), hand_id=9)
    level_2 = replace(LEVEL_1, level=2, limits="20/40", small_bet=20, small_blind=10)
    running = replace(level_2, news=(OUT, LEVEL_UP), last_news=(PAID,))
    with speaking("en"):
        log = field(table_layout(snapshot(running, hand=hand)), "Hand log").splitlines()
    assert log[:4] == [
        "Dave finishes 4th.",
        "Level 2: the limits are now 20/40.",
        "**Pre-draw**",
        "Bob posts the small blind 10",
    ]
    assert "Bob finishes 2nd and wins 120." not in log  # the news of no hand shown
    between = replace(level_2, news=(OUT, LEVEL_UP), last_news=(PAID,))
    with speaking("en"):
        log = field(table_layout(snapshot(between)), "Hand log").splitlines()
    assert log == ["Bob finishes 2nd and wins 120."]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tournament_table_never_reads_as_a_cash_table(language: str) -> None:
    """Won, cancelled, or with one player left before it closes: no wallets, no /poker join,
    no "waiting for players"; the winner, the places and the prizes once won."""
    cash = [
        t(key, language)
        for key in ("table_closed", "table_closed_idle", "waiting_players", "next_hand_in")
    ]
    won = replace(LEVEL_1, players_left=1, state="finished", standings=STANDINGS)
    cancelled = replace(LEVEL_1, state="cancelled")
    last_one = replace(LEVEL_1, players_left=1)
    with speaking(language):
        shown = {
            "won": text_of(table_layout(snapshot(won, closed=True))),
            "cancelled": text_of(table_layout(snapshot(cancelled, closed=True))),
            "last one": text_of(table_layout(replace(snapshot(last_one), seats=()))),
        }
    for state, text in shown.items():
        assert not [c for c in cash if c.split(" {")[0][:25] in text], (state, text)
        assert "/poker join" not in text and "wallet" not in text.lower(), (state, text)
    assert t("sng_table_won", language, tournament="7", name="Carol", prize="280") in shown["won"]
    for standing in ("1. Carol: 280", "2. Bob: 120", "3. Alice: 0", "4. Dave 🤖: 0"):
        assert standing in shown["won"], shown["won"]
    assert t("sng_table_cancelled", language, tournament="7") in shown["cancelled"]


def test_a_hands_result_names_who_it_put_out_and_the_level_the_next_hand_begins() -> None:
    plain = ResultSnapshot(hand_id=9, uncontested=("Carol", 60), nets=(("Carol", 30),))
    with speaking("en"):
        assert headings(result_layout(plain)) == ["Net this hand"]
        news = replace(plain, tournament_id=7, news=(PAID, OUT, NEXT_LEVEL))
        layout = result_layout(news)
    assert field(layout, "Sit-and-go #7").splitlines() == [
        "Bob finishes 2nd and wins 120.",
        "Dave finishes 4th.",
        "The next hand begins level 2: 20/40.",
    ]

"""Words as a person writes them (issue 36): durations without an empty hour ("1 min", not
"0 h 01 min"), pots named as PokerStars names them (the side pot, then "Side pot 2"), and a
tournament hand's result in tournament chips, never the wallet's."""

from __future__ import annotations

import pytest

from bot.engine import ActionRecord, RecordKind, parse_cards
from bot.features.ledger.summary import duration_text
from bot.messages import duration, speaking, t
from bot.table.render import panel_layout
from bot.table.render.common import log_text, pot_label
from bot.table.render.panel import result_line
from bot.table.snapshot import LogEntry, PanelSnapshot
from tests.discord_double.reading import read_layout


@pytest.mark.parametrize(
    ("language", "seconds", "written"),
    [
        ("en", 0, "0 min"),
        ("en", 61, "1 min"),
        ("en", 59 * 60, "59 min"),
        ("en", 3600, "1 h"),
        ("en", 3600 + 5 * 60 + 30, "1 h 5 min"),
        ("en", 26 * 3600 + 60, "26 h 1 min"),
        ("ru", 90, "1 мин"),
        ("ru", 2 * 3600 + 600, "2 ч 10 мин"),
        ("hu", 3600, "1 ó"),
        ("sv", 7 * 60, "7 min"),
        ("id", 3600 + 60, "1 j 1 mnt"),
    ],
)
def test_a_duration_is_written_as_a_person_writes_it(
    language: str, seconds: float, written: str
) -> None:
    with speaking(language):
        assert duration_text(seconds) == written


@pytest.mark.parametrize(
    ("language", "seconds", "written"),
    [
        ("en", 45, "45 s"),
        ("en", 61, "2 min"),
        ("en", 20 * 3600, "20 h"),
        ("ru", 20 * 3600, "20 ч"),
        ("ru", 600, "10 мин"),
        ("hu", 30, "30 mp"),
        ("sv", 3600 + 1, "1 h 1 min"),
        ("id", 90 * 60, "1 j 30 mnt"),
    ],
)
def test_a_wait_is_written_in_the_readers_words_and_never_too_short(
    language: str, seconds: int, written: str
) -> None:
    """The admin's settings (the daily chips' wait, the idle close, a sit-out's seat) wrote
    "20 h" in every language; a wait rounds up, to the second under a minute."""
    with speaking(language):
        assert duration(seconds, round_up=True) == written


@pytest.mark.parametrize(
    ("language", "first", "second"),
    [
        ("en", "Side pot", "Side pot 2"),
        ("sv", "Sidopott", "Sidopott 2"),
        ("ru", "Побочный банк", "Побочный банк 2"),
        ("hu", "Mellékkassza", "2. mellékkassza"),
        ("id", "Pot samping", "Pot samping 2"),
    ],
)
def test_the_first_side_pot_is_the_side_pot(language: str, first: str, second: str) -> None:
    assert t("result_side_pot", language, number=1) == first
    assert t("result_side_pot", language, number=2) == second


def test_the_log_names_each_pot_as_a_player_would() -> None:
    def win(pot: str) -> str:
        record = ActionRecord(RecordKind.AWARD, 2, 30, None, "", pot=pot)
        return log_text(LogEntry(record, "Bob"))

    with speaking("en"):
        assert pot_label("side pot 1") == "the side pot"
        assert win("main pot") == "Bob wins 30 from the main pot"
        assert win("side pot 1") == "Bob wins 30 from the side pot"
        assert win("side pot 2") == "Bob wins 30 from side pot 2"
        assert win("pot") == "Bob wins 30 from the pot"
    with speaking("sv"):
        assert win("side pot 1") == "Bob vinner 30 från sidopotten"


def test_a_tournament_hand_costs_tournament_chips() -> None:
    """Issue 36: "This hand cost you 170 chips" inside a tournament read as wallet chips."""
    with speaking("en"):
        assert result_line(0, -170) == "This hand cost you 170 chips."
        assert result_line(0, -170, tournament=True) == "This hand cost you 170 tournament chips."
        assert result_line(340, 170, tournament=True) == (
            "You won 340 tournament chips in this hand (net +170)."
        )
        assert result_line(0, 0, tournament=True) == t("panel_even")
    with speaking("ru"):
        assert "170 турнирных фишек" in result_line(0, -170, tournament=True)
    cards = tuple(parse_cards("7s 5d 4c 3h 2s"))
    over = PanelSnapshot(1, 9, 7, cards, complete=True, net=-170, tournament=True)
    with speaking("sv"):
        shown = read_layout({"components": panel_layout(over).to_components()})
        assert "170 turneringsmarker" in shown.text

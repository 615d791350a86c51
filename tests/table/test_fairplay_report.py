"""``/pokeradmin fairplay report``'s reading and rendering: the simulated server's stored
journals in, the colluding pairs out with their hands and Replay buttons, for an admin."""

from __future__ import annotations

import json

import discord
import pytest

from bot.features.fairplay.analysis import analyse
from bot.features.fairplay.report import report_lines, report_message
from bot.messages import speaking
from bot.table.render.replay import open_button_id
from tests.table.fairplay_sim import COLLUDERS, FUNNEL, MAIN, NOW, SOFT, simulate

HANDS = 1200


@pytest.fixture(scope="module")
def states() -> list[tuple[int, str]]:
    """The simulated hands as the store keeps them (the journal's JSON), newest first."""
    hands = simulate(HANDS, seed=11)
    texts = [(h.hand_id, json.dumps({"hand": h.to_json(), "session": {}})) for h in hands]
    return texts[::-1]


def test_the_report_names_the_colluders_with_their_hands(states: list[tuple[int, str]]) -> None:
    report = analyse(states, now=NOW)
    assert report.hands == HANDS and not report.capped
    flagged = {frozenset((f.giver, f.taker)) for f in report.flags}
    assert flagged == {frozenset(pair) for pair in COLLUDERS.items()} | {
        frozenset(SOFT),
        frozenset((FUNNEL, MAIN)),
    }
    embed, view = report_message(report, "month")
    text = embed.description or ""
    print(embed.title, text, embed.footer.text, sep="\n")  # the admin's report, as read
    assert embed.title == "Fair play — the last 30 days"
    for giver, taker in COLLUDERS.items():
        assert f"<@{giver}> → <@{taker}> · score " in text
    assert "folds holding the better hand: " in text and "hands #" in text
    assert "-" not in text  # chips moved are named in the direction they went
    assert (
        embed.footer.text
        == f"{HANDS:,} hands read. Only admins see this; detection changes nothing by itself."
    )
    ids = [item.custom_id for item in view.children if isinstance(item, discord.ui.Button)]
    assert ids and len(ids) == len(set(ids)) <= 5 * len(report.flags)
    first = report.flags[0]
    assert open_button_id(first.hands[-1]) in ids


def test_a_quiet_server_has_nothing_flagged() -> None:
    report = analyse([])
    embed, view = report_message(report, "week")
    assert embed.description == "No pair of members is flagged."
    assert (
        embed.footer.text
        == "0 hands read. Only admins see this; detection changes nothing by itself."
    )
    assert not view.children


def test_the_score_is_written_with_the_readers_decimal_separator(
    states: list[tuple[int, str]],
) -> None:
    report = analyse(states, now=NOW)
    score = report.flags[0].score
    english = report_lines(report)[0]
    assert f" · score {score:.1f} · " in english
    for language, separator in (("sv", ","), ("hu", ","), ("ru", ","), ("id", ",")):
        with speaking(language):
            first = report_lines(report)[0]
        written = f"{score:.1f}".replace(".", separator)
        assert written in first and f"{score:.1f}" not in first, (language, first)
